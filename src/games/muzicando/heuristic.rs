//! The rule-based Muzicando player: the baseline a human would recognize.
//! It sees only its seat's [`Observation`].
//!
//! - Bidding: each game type gets a hand-strength estimate (how easily each
//!   card will find a place in that layout, openers and symbols counted
//!   extra) compared with an average hand of the same size; the best type is
//!   bid at the highest level its margin justifies, if that beats the
//!   auction's high bid (else the next type). The declarer leads, which is
//!   worth a lot, so the default thresholds are bold: measured in duplicate
//!   deals, jumping to the justified level beat bidding the lowest level
//!   above the high bid, and timid thresholds lost. It never overcalls its
//!   partner. A forced contract
//!   names the best type at level 1; the individual game's choice is the
//!   best type.
//! - Play: a card that empties the hand first; otherwise notes that leave
//!   the most of its own notes placeable (keeping its options open) and
//!   enable the fewest unseen cards for the others; symbols when their skips
//!   hit opponents (a pause when it has notes to follow), never when they
//!   would only block its partner; a pause as last card hands the turn to
//!   the partner. A pass only when it is the only legal action or every
//!   symbol would hurt its own side.
//! - Reading every hand ([`HeuristicPlayer::informed_preferences`]: a
//!   search's model of its own team in playouts, over a sampled world): a
//!   note it makes placeable counts for it when the partner holds it and
//!   against it when an opponent does.

use super::cards::{cards_of, Card, ALL_CARDS};
use super::layouts::{GameType, Layout};
use super::observation::Observation;
use super::public_view::PublicView;
use super::{Action, Auction, Bid, Muzicando, Options};
use rand::RngCore;

use crate::game::Returns;
use crate::knowledge::{Policy, PolicyModel, RuleBasedGame};

/// The rule-based player's bidding thresholds (what a `searcher = "rules"`
/// profile may set in `[parameters]`; each defaults to the tuned value).
#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HeuristicParams {
    /// The strength margin needed to bid at level 1.
    pub min_margin: f64,
    /// The further margin needed per level above 1.
    pub level_step: f64,
}

impl Default for HeuristicParams {
    fn default() -> Self {
        HeuristicParams {
            min_margin: -2.0,
            level_step: 0.75,
        }
    }
}

/// The rule-based player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HeuristicPlayer {
    /// Its bidding thresholds.
    pub params: HeuristicParams,
}

impl HeuristicPlayer {
    /// The rule-based player with its default bidding thresholds.
    #[must_use]
    pub fn new() -> Self {
        HeuristicPlayer::default()
    }

    /// The rule-based player with `params`.
    #[must_use]
    pub fn with(params: HeuristicParams) -> Self {
        HeuristicPlayer { params }
    }
}

/// How easily one card finds a place in a layout of `game_type`, openers
/// and symbols included.
fn card_ease(card: Card, game_type: GameType) -> f64 {
    let Some(step) = card.step() else {
        return match game_type {
            GameType::Muzicando | GameType::Parada => 0.8,
            GameType::Glissando | GameType::Sarabanda => 0.4,
        };
    };
    let distance = f64::from(step.abs_diff(card.colour()));
    match game_type {
        GameType::Muzicando => 1.0 - f64::from(step) / 7.0 + if step == 0 { 1.0 } else { 0.0 },
        GameType::Parada => 1.0 - distance / 7.0 + if card.is_circled() { 1.0 } else { 0.0 },
        GameType::Glissando => 0.6 + if card.is_circled() { 0.7 } else { 0.0 },
        GameType::Sarabanda => 0.75 + if step == 0 { 0.5 } else { 0.0 },
    }
}

/// A hand's strength for a type above that of an average hand of its size.
#[must_use]
pub fn strength_margin(hand: u64, game_type: GameType) -> f64 {
    let ease = |mask: u64| cards_of(mask).map(|c| card_ease(c, game_type)).sum::<f64>();
    let average = ease(ALL_CARDS) * f64::from(hand.count_ones()) / 56.0;
    ease(hand) - average
}

/// Game types best first for this hand.
fn types_by_strength(hand: u64) -> [(GameType, f64); 4] {
    let mut types = GameType::ALL.map(|t| (t, strength_margin(hand, t)));
    types.sort_by(|a, b| b.1.total_cmp(&a.1));
    types
}

/// What the rule-based player reads of a seat's situation. Built from the
/// seat's observation when the player plays, or from a full world when a
/// search models another seat (inference, playouts): both give the same
/// situation, hence the same choice.
pub struct Situation<'a> {
    /// The seat to move.
    pub seat: u8,
    /// Its hand.
    pub hand: u64,
    /// The cards it has not seen (held by the others, or in the stock).
    pub unseen: u64,
    /// The table.
    pub table: &'a Layout,
    /// Players still in the hand (bit per seat).
    pub active: u8,
    /// The rules options.
    pub options: &'a Options,
    /// The auction so far.
    pub auction: &'a Auction,
    /// Whether the contract is still to be fixed (auction or choice).
    pub calling: bool,
}

impl<'a> Situation<'a> {
    /// The situation an observation shows (`view` is its public view).
    #[must_use]
    pub fn observed(observation: &'a Observation, view: &'a PublicView) -> Self {
        Situation {
            seat: observation.seat,
            hand: observation.hand,
            unseen: observation.unseen(),
            table: &view.table,
            active: view.active,
            options: &observation.options,
            auction: &view.auction,
            calling: view.contract.is_none(),
        }
    }

    /// The situation of `seat` in the full world `state`: what it sees
    /// there (the cards it has not seen are those neither in its hand nor
    /// on the table).
    #[must_use]
    pub fn in_world(state: &'a Muzicando, seat: u8) -> Self {
        let hand = state.hand(usize::from(seat));
        Situation {
            seat,
            hand,
            unseen: ALL_CARDS & !(hand | state.table().cards()),
            table: state.table(),
            active: state.active(),
            options: &state.options,
            auction: state.auction(),
            calling: state.contract().is_none(),
        }
    }
}

/// The preference of the call the rule-based player makes over the other
/// calls: contract decisions have no graded scores, and a model that
/// softens the play scores should keep calls nearly as the policy makes
/// them (its `epsilon` aside).
const CALL_PREFERENCE: f64 = 20.0;

impl HeuristicPlayer {
    /// The highest level a strength margin justifies (0: do not bid).
    fn level_for(&self, margin: f64) -> u8 {
        let HeuristicParams {
            min_margin,
            level_step,
        } = self.params;
        if margin < min_margin {
            return 0;
        }
        (1.0 + ((margin - min_margin) / level_step).floor()).min(4.0) as u8
    }

    fn bid(&self, situation: &Situation<'_>, legal: &[Action]) -> Action {
        let types = types_by_strength(situation.hand);
        let forced = !legal.contains(&Action::Pass);
        if forced {
            return Bid::new(1, types[0].0).map_or(legal[0], Action::Bid);
        }
        let partner = (situation.seat + 2) % 4;
        if situation
            .auction
            .high
            .is_some_and(|(_, bidder)| bidder == partner)
        {
            return Action::Pass;
        }
        for (game_type, margin) in types {
            let max_level = self.level_for(margin);
            for level in (1..=max_level).rev() {
                if let Some(bid) = Bid::new(level, game_type) {
                    if legal.contains(&Action::Bid(bid)) {
                        return Action::Bid(bid);
                    }
                }
            }
        }
        Action::Pass
    }

    /// The contract decision this player makes (an auction call, or the
    /// individual game's choice of type).
    fn call(&self, situation: &Situation<'_>, legal: &[Action]) -> Action {
        match legal[0] {
            Action::Choose(_) => Action::Choose(types_by_strength(situation.hand)[0].0),
            _ => self.bid(situation, legal),
        }
    }

    /// Its preference for each action of `legal` (non-empty), into `out`:
    /// in play its score of the action, in a contract decision
    /// [`CALL_PREFERENCE`] for the call it makes and 0 for the others. It
    /// plays the first of the best.
    pub fn preferences(&self, situation: &Situation<'_>, legal: &[Action], out: &mut Vec<f64>) {
        out.clear();
        if situation.calling {
            let call = self.call(situation, legal);
            out.extend(
                legal
                    .iter()
                    .map(|&a| if a == call { CALL_PREFERENCE } else { 0.0 }),
            );
        } else {
            out.extend(legal.iter().map(|&a| Self::play_score(situation, a)));
        }
    }

    /// The action it takes in `situation` among `legal` (non-empty).
    #[must_use]
    pub fn decide(&self, situation: &Situation<'_>, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if situation.calling {
            return self.call(situation, legal);
        }
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in legal {
            let score = Self::play_score(situation, action);
            if score > best_score {
                best_score = score;
                best = action;
            }
        }
        best
    }

    /// Its preference for each action of `legal` (non-empty) when it reads
    /// every hand of the world `state`, seat `seat` to move (team game): a
    /// note it enables counts for its side when the partner holds it and
    /// against it when an opponent does, instead of against it whoever
    /// holds it. Contract decisions as [`HeuristicPlayer::preferences`].
    pub fn informed_preferences(
        &self,
        state: &Muzicando,
        seat: u8,
        legal: &[Action],
        out: &mut Vec<f64>,
    ) {
        let situation = Situation::in_world(state, seat);
        if situation.calling || !state.is_team_game() {
            self.preferences(&situation, legal, out);
            return;
        }
        let partner = state.hand(usize::from((seat + 2) % 4));
        let opponents =
            state.hand(usize::from((seat + 1) % 4)) | state.hand(usize::from((seat + 3) % 4));
        out.clear();
        out.extend(legal.iter().map(|&a| {
            Self::scored(&situation, a, |enabled| {
                2.0 * f64::from((enabled & partner).count_ones())
                    - 2.0 * f64::from((enabled & opponents).count_ones())
            })
        }));
    }

    fn play_score(situation: &Situation<'_>, action: Action) -> f64 {
        let unseen = situation.unseen;
        Self::scored(situation, action, |enabled| {
            -1.5 * f64::from((enabled & unseen).count_ones())
        })
    }

    /// The score of a placement, `enabled` valuing the notes it makes
    /// placeable that were not.
    fn scored(situation: &Situation<'_>, action: Action, enabled: impl Fn(u64) -> f64) -> f64 {
        let Action::Place(card, cell) = action else {
            return 0.0;
        };
        let hand = situation.hand & !card.bit();
        if hand == 0 {
            return 1000.0;
        }
        let before = situation.table.playable_notes();
        let after = situation.table.playable_notes_after(card, cell);
        let own_follow = f64::from((after & hand).count_ones());
        let Some(symbol) = card.symbol_kind() else {
            return 2.0 + 3.0 * own_follow + enabled(after & !before & !hand);
        };
        let me = situation.seat;
        let seats = situation.options.seats();
        let others = situation.active & !(1 << me);
        let next = (1..seats)
            .map(|k| (me + k) % seats)
            .find(|&s| others & (1 << s) != 0);
        let prev = (1..seats)
            .map(|k| (me + seats - k) % seats)
            .find(|&s| others & (1 << s) != 0);
        let team = situation.options.individual.is_none();
        let is_partner = |s: u8| team && s == (me + 2) % 4;
        let targets: Vec<u8> = match symbol {
            super::cards::Symbol::Sharp => next.into_iter().collect(),
            super::cards::Symbol::Natural => {
                let mut t: Vec<u8> = next.into_iter().chain(prev).collect();
                t.dedup();
                t
            }
            super::cards::Symbol::Flat => prev.into_iter().collect(),
            super::cards::Symbol::Pause => {
                return if own_follow > 0.0 { 6.0 } else { 1.0 };
            }
        };
        let partners = targets.iter().filter(|&&s| is_partner(s)).count() as f64;
        let opponents = targets.len() as f64 - partners;
        1.0 + 4.0 * opponents - 6.0 * partners
    }
}

impl RuleBasedGame for Muzicando {
    type PolicyParams = HeuristicParams;
    type Policy = HeuristicPlayer;

    fn policy(params: &HeuristicParams) -> HeuristicPlayer {
        HeuristicPlayer::with(*params)
    }

    /// `min_margin` from −20 to 20 and `level_step` above 0 up to 20: the
    /// strength margins a hand can show.
    fn check_policy_params(params: &HeuristicParams) -> Result<(), String> {
        if !(-20.0..=20.0).contains(&params.min_margin) {
            return Err(format!(
                "min_margin: {} is out of range (allowed -20 to 20)",
                params.min_margin
            ));
        }
        if !(params.level_step > 0.0 && params.level_step <= 20.0) {
            return Err(format!(
                "level_step: {} is out of range (allowed above 0, up to 20)",
                params.level_step
            ));
        }
        Ok(())
    }

    fn is_contract_decision(legal: &[Action]) -> bool {
        legal
            .iter()
            .any(|a| matches!(a, Action::Bid(_) | Action::Choose(_)))
    }

    fn seat_log_likelihoods(
        world: &Muzicando,
        seats: u8,
        engine_seats: u8,
        model: &PolicyModel,
    ) -> Returns {
        super::inference::seat_log_likelihoods(world, seats, engine_seats, model)
    }

    fn propose_world(
        world: &Muzicando,
        observation: &Observation,
        rng: &mut dyn RngCore,
    ) -> Option<(Muzicando, u8)> {
        super::inference::propose_world(world, observation, rng)
    }

    fn model_action(
        state: &Muzicando,
        model: &PolicyModel,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        super::inference::model_action(state, model, rng)
    }

    fn informed_action(
        state: &Muzicando,
        model: &PolicyModel,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        super::inference::informed_action(state, model, rng)
    }
}

impl Policy<Muzicando> for HeuristicPlayer {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, observation: &Observation, legal: &[Action]) -> Option<Action> {
        let &first = legal.first()?;
        if legal.len() == 1 {
            return Some(first);
        }
        let view = observation.public_view();
        Some(self.decide(&Situation::observed(observation, &view), legal))
    }
}
