//! The one UCT searcher (Monte Carlo tree search with UCB1 selection) for
//! games of any number of seats, with or without chance and hidden
//! information. It serves card chess MCTS, determinized search (PIMC),
//! information-set MCTS and the cheating measurement player.
//!
//! - **Values per seat**: each node keeps the summed returns of every seat,
//!   and the seat to move picks the child best for itself, so two-team and
//!   four-seat games are searched alike.
//! - **Worlds** ([`Worlds`]): one fixed state (perfect information); one
//!   world sampled per tree (determinization, PIMC); or one world sampled
//!   per iteration, the tree then being over the observer's information
//!   sets, keyed by the actions taken since the root (Cowling, Powley &
//!   Whitehouse). In the last case a node's legal actions differ from world
//!   to world, so UCB counts a child's *availability* (the playouts in
//!   which it could have been chosen) instead of its parent's visits.
//! - **Chance**: with a fixed or per-tree world, chance outcomes are drawn
//!   by their probability and get nodes of their own; over information
//!   sets they are drawn and not branched on (the observer does not see
//!   them).
//! - **Leaves** ([`Leaf`]): a uniformly random playout to the end, a
//!   playout by a given function (a model policy), or the static
//!   evaluation squashed to a win share (`1 / (1 + e^(−x/400))`), the seat
//!   to move's team getting the share and the others the rest.
//! - **Opponents** ([`Opponents`]): the seats of other teams than the root
//!   mover's choose by UCB for their own values, or by a given model (a
//!   stochastic policy of how they actually play), the tree growing along
//!   the model's choices.
//! - **Parallelism**: independent trees merged at the root
//!   ([`UctConfig::trees`] trees, whatever the thread count). One tree
//!   shared by every thread (virtual loss on a concurrent node table) was
//!   measured weaker at equal time (45.8% ± 4.7% in card chess) and slower
//!   per playout (17.6k against 43.5k playouts/s on one thread), and was
//!   removed; see `docs/results/smp.md`.
//!
//! Every search honours [`Limits`] (`nodes` = playouts in all, `movetime`,
//! a clock), a shared stop flag, and reports its progress after each batch
//! of playouts. The choice is reproducible: with a playout limit, a seed and
//! a number of trees the same action comes out at any thread count, by the
//! rule of [`rank`] (most visits, then the higher mean, then the earlier
//! legal action).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arrayvec::ArrayVec;
use rand::{Rng, RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Returns, Turn, MAX_SEATS};
use crate::knowledge::{draw_outcome, play_out, uniform_action, Evaluator};

use crate::search::control::Control;
use crate::search::info::{PvLine, SearchInfo};
use crate::search::limits::Limits;
use crate::search::score::{Score, EVAL_LIMIT};
use crate::search::SearchError;

/// Evaluation units per factor e of odds: an evaluation of `x` means a win
/// share of `1 / (1 + e^(−x / EVAL_SCALE))` for the seat to move.
pub const EVAL_SCALE: f64 = 400.0;

/// Playouts per decision when a profile sets no limit.
pub const DEFAULT_PLAYOUTS: u64 = 2000;

/// How a UCT search explores and how widely it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// The UCB exploration constant, in the units of the values: win shares
    /// (about 1) with an evaluation leaf, the game's points with playouts
    /// (Muzicando hand scores span about 20 points).
    pub exploration: f64,
    /// Independent trees (or sampled worlds), each given an equal share of
    /// the playouts, their root statistics merged, run on as many threads
    /// as rayon has.
    pub trees: usize,
    /// What each seat maximises: its own return, or its margin over the
    /// other teams.
    pub objective: Objective,
}

impl Default for UctConfig {
    fn default() -> Self {
        UctConfig {
            exploration: 6.0,
            trees: 8,
            objective: Objective::Score,
        }
    }
}

/// What a search maximises for each seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// The seat's own return, the game's score: in a game that is not
    /// zero-sum (Muzicando's defenders score only their placements, never
    /// the declarer's loss) the other teams' returns do not count.
    #[default]
    Score,
    /// The seat's return minus the mean return of the seats of the other
    /// teams: in a two-team game the margin a match is scored by.
    Margin,
}

impl Objective {
    /// `returns` valued by this objective, the seats' teams being `teams`
    /// (see [`teams_of`]).
    #[must_use]
    pub fn values(self, teams: &[usize], returns: Returns) -> Returns {
        match self {
            Objective::Score => returns,
            Objective::Margin => teams
                .iter()
                .enumerate()
                .map(|(seat, &team)| {
                    let (sum, count) = teams
                        .iter()
                        .zip(&returns)
                        .filter(|&(&t, _)| t != team)
                        .fold((0.0, 0usize), |(sum, count), (_, &r)| (sum + r, count + 1));
                    if count == 0 {
                        returns[seat]
                    } else {
                        returns[seat] - sum / count as f64
                    }
                })
                .collect(),
        }
    }

    /// Reads the seats' teams from `state` into `teams` when this objective
    /// needs them and they are not read yet: a game's teams are fixed, so a
    /// search reads them once, not once a playout. `Score` needs none.
    pub fn read_teams<G: Game>(self, teams: &mut Option<ArrayVec<usize, MAX_SEATS>>, state: &G) {
        if self != Objective::Score && teams.is_none() {
            *teams = Some(teams_of(state));
        }
    }
}

/// The team of each seat of `state`'s game.
#[must_use]
pub fn teams_of<G: Game>(state: &G) -> ArrayVec<usize, MAX_SEATS> {
    (0..state.seats()).map(|seat| state.team_of(seat)).collect()
}

/// Where the worlds searched come from.
pub enum Worlds<'a, G> {
    /// One known state (perfect information).
    Fixed(&'a G),
    /// One world sampled per tree (determinization).
    PerTree(&'a (dyn Fn(&mut Xoshiro256PlusPlus) -> G + Sync)),
    /// One world sampled per playout, over information sets.
    PerPlayout(&'a (dyn Fn(&mut Xoshiro256PlusPlus) -> G + Sync)),
}

impl<G> Clone for Worlds<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Worlds<'_, G> {}

impl<G> Clone for Leaf<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Leaf<'_, G> {}

impl<G: Game> Worlds<'_, G> {
    /// A world drawn with `rng` (the fixed state itself, drawing nothing).
    pub(super) fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> G {
        match self {
            Worlds::Fixed(state) => (*state).clone(),
            Worlds::PerTree(sample) | Worlds::PerPlayout(sample) => sample(rng),
        }
    }

    /// Whether chance outcomes get nodes of their own.
    pub(super) fn branches_on_chance(&self) -> bool {
        !matches!(self, Worlds::PerPlayout(_))
    }
}

/// How a new leaf is valued.
pub enum Leaf<'e, G> {
    /// A uniformly random playout to the end.
    Playout,
    /// The static evaluation, squashed to a win share.
    Evaluation(&'e dyn Evaluator<G>),
    /// A playout to the end by the given function (a model policy at
    /// every seat, say), its moves drawn with the tree's generator.
    Rollout(&'e (dyn Fn(G, &mut Xoshiro256PlusPlus) -> Returns + Sync)),
}

/// How the seats of other teams than the root mover's choose inside the
/// tree.
pub enum Opponents<'e, G: Game> {
    /// By UCB, each for its own team's values, like the root mover.
    Search,
    /// By the given model (its move drawn with the tree's generator;
    /// `None`: by UCB after all): the search then answers the play the
    /// model expects of them rather than their best.
    Model(&'e (dyn Fn(&G, &mut Xoshiro256PlusPlus) -> Option<G::Action> + Sync)),
}

impl<G: Game> Clone for Opponents<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Opponents<'_, G> {}

impl<G: Game> Opponents<'_, G> {
    /// The modelled move of the seat to move in `state` if it is not of
    /// `root_team`, drawn with `rng`; `None` when it chooses by UCB.
    pub(super) fn model_move(
        &self,
        state: &G,
        root_team: Option<usize>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<G::Action> {
        let Opponents::Model(model) = self else {
            return None;
        };
        match state.turn() {
            Turn::Player(seat) if Some(state.team_of(seat)) != root_team => model(state, rng),
            _ => None,
        }
    }
}

/// The team of the seat to move in `state` (the root mover's), if a seat
/// is to move.
pub(super) fn mover_team<G: Game>(state: &G) -> Option<usize> {
    match state.turn() {
        Turn::Player(seat) => Some(state.team_of(seat)),
        Turn::Chance | Turn::Terminal => None,
    }
}

impl<G: Game> Leaf<'_, G> {
    /// The returns of every seat from `state`, a new leaf.
    pub(super) fn value(&self, state: G, rng: &mut Xoshiro256PlusPlus) -> Returns {
        match self {
            Leaf::Playout => random_playout(state, rng),
            Leaf::Evaluation(evaluator) => evaluated(&state, *evaluator),
            Leaf::Rollout(play) => play(state, rng),
        }
    }

    /// A root mover's mean value as a score: evaluation units for win
    /// shares, hundredths of a point for playout returns.
    pub(super) fn score(&self, mean: f64) -> Score {
        let value = match self {
            Leaf::Playout | Leaf::Rollout(_) => mean * 100.0,
            Leaf::Evaluation(_) => {
                let share = mean.clamp(1e-9, 1.0 - 1e-9);
                EVAL_SCALE * (share / (1.0 - share)).ln()
            }
        };
        Score(
            value
                .round()
                .clamp(-f64::from(EVAL_LIMIT), f64::from(EVAL_LIMIT)) as i32,
        )
    }
}

/// The win shares of every seat at `state` by its squashed evaluation (its
/// returns if over; the expectation over the outcomes at a chance event).
fn evaluated<G: Game>(state: &G, evaluator: &dyn Evaluator<G>) -> Returns {
    match state.turn() {
        Turn::Terminal => state.returns().unwrap_or_default(),
        Turn::Player(seat) => {
            let x = f64::from(evaluator.evaluate(state)) / EVAL_SCALE;
            let share = 1.0 / (1.0 + (-x).exp());
            let mut returns = Returns::default();
            for (other, value) in returns.iter_mut().enumerate().take(state.seats()) {
                *value = if state.team_of(other) == state.team_of(seat) {
                    share
                } else {
                    1.0 - share
                };
            }
            returns
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let mut expected = Returns::default();
            for (action, p) in outcomes {
                let mut child = state.clone();
                child.apply(action);
                for (e, v) in expected.iter_mut().zip(evaluated(&child, evaluator).iter()) {
                    *e += p * v;
                }
            }
            expected
        }
    }
}

/// Plays uniformly random actions (chance by probability) to the end and
/// returns the returns.
pub fn random_playout<G: Game>(state: G, rng: &mut dyn RngCore) -> Returns {
    play_out(state, rng, uniform_action)
}

/// What a search found about one root action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Playouts through it.
    pub visits: u64,
    /// The root seat's summed returns through it.
    pub total: f64,
}

impl<A> ActionStats<A> {
    /// The root seat's mean return through this action.
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// Adds `more` into `into`, matching actions (new actions go last, so the
/// result depends only on the order of the inputs).
pub fn merge_stats<A: PartialEq + Copy>(into: &mut Vec<ActionStats<A>>, more: &[ActionStats<A>]) {
    for s in more {
        match into.iter_mut().find(|t| t.action == s.action) {
            Some(t) => {
                t.visits += s.visits;
                t.total += s.total;
            }
            None => into.push(*s),
        }
    }
}

/// The statistics of the actions in `legal`, best first by the stated
/// rule: most visits, then the higher mean, then the earlier action in
/// `legal`. Legal actions never visited come last, in legal order.
#[must_use]
pub fn rank<A: PartialEq + Copy>(stats: &[ActionStats<A>], legal: &[A]) -> Vec<ActionStats<A>> {
    let mut ranked: Vec<(usize, ActionStats<A>)> = legal
        .iter()
        .enumerate()
        .map(|(index, &action)| {
            let found = stats.iter().find(|s| s.action == action).copied();
            (
                index,
                found.unwrap_or(ActionStats {
                    action,
                    visits: 0,
                    total: 0.0,
                }),
            )
        })
        .collect();
    ranked.sort_by(|(i, a), (j, b)| {
        b.visits
            .cmp(&a.visits)
            .then(b.mean().total_cmp(&a.mean()))
            .then(i.cmp(j))
    });
    ranked.into_iter().map(|(_, s)| s).collect()
}

/// The outcome of a UCT search.
#[derive(Clone, Debug, PartialEq)]
pub struct UctResult<A> {
    /// The action to play (first of [`UctResult::stats`]).
    pub best: A,
    /// Every legal root action with its visits and the root mover's summed
    /// returns, best first by [`rank`].
    pub stats: Vec<ActionStats<A>>,
    /// The most visited line, with the best action's value as a score.
    pub lines: Vec<PvLine<A>>,
    /// Playouts run by all threads.
    pub iterations: u64,
    /// Time the search took.
    pub time: Duration,
}

impl<A> UctResult<A> {
    /// The root mover's mean value of the chosen action (a win share with
    /// an evaluation leaf, the game's points with playouts).
    #[must_use]
    pub fn value(&self) -> f64 {
        self.stats.first().map_or(0.0, ActionStats::mean)
    }
}

/// One node of a tree: visits, availability (information-set trees), the
/// summed returns of every seat, the children by action and, in trees over
/// one world, the actions not expanded yet.
struct Node<A> {
    visits: u32,
    available: u32,
    sum: [f64; MAX_SEATS],
    children: Vec<(A, u32)>,
    untried: Option<Vec<A>>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0,
            available: 0,
            sum: [0.0; MAX_SEATS],
            children: Vec::new(),
            untried: None,
        }
    }
}

/// One tree of a root-parallel search.
struct Tree<'w, G: Game> {
    worlds: Worlds<'w, G>,
    /// The world of a fixed or per-tree search.
    world: Option<G>,
    nodes: Vec<Node<G::Action>>,
    exploration: f64,
    /// What the seats maximise.
    objective: Objective,
    rng: Xoshiro256PlusPlus,
    iterations: u64,
}

impl<'w, G: Game> Tree<'w, G> {
    fn new(worlds: Worlds<'w, G>, exploration: f64, objective: Objective, seed: u64) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let world = match worlds {
            Worlds::Fixed(_) | Worlds::PerTree(_) => Some(worlds.draw(&mut rng)),
            Worlds::PerPlayout(_) => None,
        };
        Tree {
            worlds,
            world,
            nodes: vec![Node::new()],
            exploration,
            objective,
            rng,
            iterations: 0,
        }
    }

    /// Runs playouts until this tree has run `budget` or `control` stops.
    fn run(
        &mut self,
        budget: u64,
        leaf: Leaf<'_, G>,
        opponents: Opponents<'_, G>,
        control: &Control,
    ) {
        let mut path: Vec<u32> = Vec::with_capacity(128);
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        let mut teams = None;
        while self.iterations < budget {
            if control.stopped() || (self.iterations % 16 == 15 && control.publish(16)) {
                break;
            }
            // 1. The world of this playout: the tree's, or one drawn.
            path.clear();
            let state = match &self.world {
                Some(world) => world.clone(),
                None => self.worlds.draw(&mut self.rng),
            };
            // 2. Down the tree to a new leaf, and the leaf's value.
            self.objective.read_teams(&mut teams, &state);
            let mut returns =
                self.playout(state, leaf, opponents, &mut path, &mut legal, &mut outcomes);
            if let Some(teams) = &teams {
                returns = self.objective.values(teams, returns);
            }
            // 3. Every node on the way credited with the seats' values.
            for &n in &path {
                let n = &mut self.nodes[n as usize];
                n.visits += 1;
                for (s, r) in n.sum.iter_mut().zip(returns.iter()) {
                    *s += r;
                }
            }
            self.iterations += 1;
        }
    }

    /// One descent from the root: selection (the other teams' seats moved
    /// by `opponents`), one expansion, the leaf's value. `path` receives
    /// the nodes to credit.
    fn playout(
        &mut self,
        mut state: G,
        leaf: Leaf<'_, G>,
        opponents: Opponents<'_, G>,
        path: &mut Vec<u32>,
        legal: &mut Vec<G::Action>,
        outcomes: &mut Vec<(G::Action, f64)>,
    ) -> Returns {
        let info_sets = !self.worlds.branches_on_chance();
        let root_team = mover_team(&state);
        let mut node = 0u32;
        path.push(node);
        loop {
            // A modelled opponent moves as the model says; a new child is
            // the leaf.
            if let Some(action) = opponents.model_move(&state, root_team, &mut self.rng) {
                let known = self.nodes[node as usize]
                    .children
                    .iter()
                    .any(|&(a, _)| a == action);
                node = self.child_or_new(node, action);
                path.push(node);
                state.apply(action);
                if !known {
                    return leaf.value(state, &mut self.rng);
                }
                continue;
            }
            match state.turn() {
                Turn::Terminal => return state.returns().unwrap_or_default(),
                // Chance is drawn; it has nodes of its own over one world.
                Turn::Chance => {
                    state.chance_outcomes(outcomes);
                    let action = draw_outcome(outcomes, &mut self.rng);
                    state.apply(action);
                    if !info_sets {
                        node = self.child_or_new(node, action);
                        path.push(node);
                    }
                }
                // Over information sets: the children legal in this world
                // gain availability; an untried legal action is expanded,
                // else UCB chooses among the legal children.
                Turn::Player(seat) if info_sets => {
                    state.legal_actions(legal);
                    let children = &self.nodes[node as usize].children;
                    let untried: Vec<_> = legal
                        .iter()
                        .copied()
                        .filter(|a| !children.iter().any(|(c, _)| c == a))
                        .collect();
                    let available: Vec<u32> = children
                        .iter()
                        .filter(|(a, _)| legal.contains(a))
                        .map(|&(_, child)| child)
                        .collect();
                    for child in available {
                        self.nodes[child as usize].available += 1;
                    }
                    if !untried.is_empty() {
                        let action = untried[self.rng.gen_range(0..untried.len())];
                        let child = self.push_child(node, action);
                        self.nodes[child as usize].available = 1;
                        state.apply(action);
                        path.push(child);
                        return leaf.value(state, &mut self.rng);
                    }
                    let (action, child) = self.select(node, seat, Some(legal));
                    state.apply(action);
                    node = child;
                    path.push(node);
                }
                // Over one world: an untried action is expanded, else UCB
                // chooses.
                Turn::Player(seat) => {
                    let untried = self.nodes[node as usize].untried.get_or_insert_with(|| {
                        let mut all = Vec::new();
                        state.legal_actions(&mut all);
                        all
                    });
                    if !untried.is_empty() {
                        let i = self.rng.gen_range(0..untried.len());
                        let action = untried.swap_remove(i);
                        state.apply(action);
                        let child = self.push_child(node, action);
                        path.push(child);
                        return leaf.value(state, &mut self.rng);
                    }
                    let (action, child) = self.select(node, seat, None);
                    state.apply(action);
                    node = child;
                    path.push(node);
                }
            }
        }
    }

    fn push_child(&mut self, parent: u32, action: G::Action) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node::new());
        self.nodes[parent as usize].children.push((action, index));
        index
    }

    fn child_or_new(&mut self, parent: u32, action: G::Action) -> u32 {
        match self.nodes[parent as usize]
            .children
            .iter()
            .find(|(a, _)| *a == action)
        {
            Some(&(_, child)) => child,
            None => self.push_child(parent, action),
        }
    }

    /// The UCB child for `seat` of a fully expanded node (among the
    /// children legal now, by availability, over information sets; the
    /// first of equals).
    fn select(&self, node: u32, seat: usize, legal: Option<&[G::Action]>) -> (G::Action, u32) {
        let parent = &self.nodes[node as usize];
        let parent_log = f64::from(parent.visits.max(1)).ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for &(action, child) in &parent.children {
            let c = &self.nodes[child as usize];
            let log = match legal {
                Some(legal) if !legal.contains(&action) => continue,
                Some(_) => f64::from(c.available.max(1)).ln(),
                None => parent_log,
            };
            let value = ucb(c.sum[seat], f64::from(c.visits), log, self.exploration);
            if value > best_value {
                best_value = value;
                best = Some((action, child));
            }
        }
        best.expect("a fully expanded node has a child legal now")
    }

    fn root_stats(&self, seat: usize) -> Vec<ActionStats<G::Action>> {
        self.nodes[0]
            .children
            .iter()
            .map(|&(action, child)| {
                let c = &self.nodes[child as usize];
                ActionStats {
                    action,
                    visits: u64::from(c.visits),
                    total: c.sum[seat],
                }
            })
            .collect()
    }

    /// The most visited line below the root, starting with `first`.
    fn line(&self, first: G::Action) -> Vec<G::Action> {
        let mut pv = vec![first];
        let mut node = self.nodes[0]
            .children
            .iter()
            .find(|(a, _)| *a == first)
            .map(|&(_, c)| c);
        while let Some(index) = node {
            let next = self.nodes[index as usize]
                .children
                .iter()
                .filter(|&&(_, c)| self.nodes[c as usize].visits > 0)
                .max_by_key(|&&(_, c)| self.nodes[c as usize].visits);
            match next {
                Some(&(action, child)) if pv.len() < 32 => {
                    pv.push(action);
                    node = Some(child);
                }
                _ => break,
            }
        }
        pv
    }
}

/// The seed of tree `index` of a search seeded with `seed`.
pub(super) fn tree_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The root seat to move and its legal actions (those of a world drawn
/// with its own generator seeded by `seed`, for sampled worlds: the legal
/// actions follow from the observation).
pub(super) fn root<G: Game>(
    worlds: &Worlds<'_, G>,
    seed: u64,
) -> Result<(usize, Vec<G::Action>), SearchError> {
    let state = worlds.draw(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    let seat = match state.turn() {
        Turn::Terminal => return Err(SearchError::GameOver),
        Turn::Chance => return Err(SearchError::Chance),
        Turn::Player(seat) => seat,
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(SearchError::NoLegalAction);
    }
    Ok((seat, legal))
}

/// Playouts per tree in the first batch between progress
/// reports; the batch doubles up to [`MAX_BATCH`].
const FIRST_BATCH: u64 = 64;
const MAX_BATCH: u64 = 4096;

/// The UCB1 value of a child for the seat choosing: its mean return plus
/// the exploration term. `log` is the log of the parent's visits, or of
/// the child's availability over information sets.
fn ucb(sum: f64, visits: f64, log: f64, exploration: f64) -> f64 {
    let visits = visits.max(1.0);
    sum / visits + exploration * (log / visits).sqrt()
}

/// Runs a search in batches of playouts that double from [`FIRST_BATCH`]
/// to [`MAX_BATCH`]: `step` runs one batch of the given size per tree and answers the result so far and whether every budget is
/// spent; `on_info` hears each result; the last one is returned once the
/// budgets are spent, `control` stops, or its soft deadline has passed (a
/// batch is this search's iteration: under a clock it aims at its share of
/// the time, not at the hard deadline).
pub(super) fn in_batches<A: Clone>(
    control: &Control,
    on_info: &mut dyn FnMut(&SearchInfo<A>),
    mut step: impl FnMut(u64) -> (UctResult<A>, bool),
) -> UctResult<A> {
    let mut batch = FIRST_BATCH;
    loop {
        let (result, spent) = step(batch);
        on_info(&info_of(&result));
        if control.stopped() || spent || !control.may_start_iteration() {
            return result;
        }
        batch = (batch * 2).min(MAX_BATCH);
    }
}

/// Searches `worlds` under `limits` (`nodes`: playouts in all), the other
/// teams' seats choosing as `opponents` says, stopping early when `stop`
/// is set, calling `on_info` after each batch of playouts. Root-parallel:
/// [`UctConfig::trees`] trees, playouts shared equally.
#[allow(clippy::too_many_arguments)]
pub fn search<G: Game>(
    worlds: Worlds<'_, G>,
    leaf: Leaf<'_, G>,
    opponents: Opponents<'_, G>,
    config: &UctConfig,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    let (seat, legal) = root(&worlds, seed)?;
    let control = Control::new(limits, Arc::clone(stop));
    let count = config.trees.max(1);
    let budget = limits.nodes.map_or(u64::MAX, |n| (n / count as u64).max(1));
    let mut trees: Vec<Tree<'_, G>> = (0..count)
        .into_par_iter()
        .map(|i| {
            Tree::new(
                worlds,
                config.exploration,
                config.objective,
                tree_seed(seed, i),
            )
        })
        .collect();
    Ok(in_batches(&control, on_info, |batch| {
        trees.par_iter_mut().for_each(|tree| {
            let target = tree.iterations.saturating_add(batch).min(budget);
            tree.run(target, leaf, opponents, &control);
        });
        let result = merged(&trees, seat, &legal, leaf, &control);
        (result, trees.iter().all(|t| t.iterations >= budget))
    }))
}

/// The trees' root statistics merged in tree order and ranked.
fn merged<G: Game>(
    trees: &[Tree<'_, G>],
    seat: usize,
    legal: &[G::Action],
    leaf: Leaf<'_, G>,
    control: &Control,
) -> UctResult<G::Action> {
    let mut all = Vec::new();
    for tree in trees {
        merge_stats(&mut all, &tree.root_stats(seat));
    }
    let stats = rank(&all, legal);
    let best = stats[0].action;
    let line = trees
        .iter()
        .max_by_key(|t| {
            t.root_stats(seat)
                .iter()
                .find(|s| s.action == best)
                .map_or(0, |s| s.visits)
        })
        .map_or_else(|| vec![best], |t| t.line(best));
    UctResult {
        best,
        lines: vec![PvLine {
            score: leaf.score(stats[0].mean()),
            pv: line,
        }],
        stats,
        iterations: trees.iter().map(|t| t.iterations).sum(),
        time: control.elapsed(),
    }
}

/// The progress report of a result so far.
pub(super) fn info_of<A: Clone>(result: &UctResult<A>) -> SearchInfo<A> {
    let line = result.lines[0].clone();
    SearchInfo {
        depth: line.pv.len() as u32,
        seldepth: line.pv.len(),
        multipv: 1,
        line,
        nodes: result.iterations,
        iterations: Some(result.iterations),
        time: result.time,
        hashfull: 0,
    }
}
