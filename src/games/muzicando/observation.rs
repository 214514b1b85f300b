//! What one seat may see, and worlds consistent with it.
//!
//! A seat sees its own hand, the table, every call, play and pass, every
//! hand's size and the stock's size; of the deal and the draws it sees only
//! its own cards. A pass in play proves the passer held none of the notes
//! placeable at that moment ([`PassFact`]).
//!
//! Sampling deals the unseen cards again, consistently with everything
//! observed, then replays the public history on that deal:
//! - Team game: after the deal each other seat holds its played cards plus
//!   a hidden hand of known size that must avoid every note its passes ruled
//!   out. The hidden hands are drawn exactly uniformly among all consistent
//!   deals by a counting table over the unseen cards (remaining room of two
//!   seats as state, the third implied), with no rejection.
//! - Individual game: a seat's cards arrive at known moments (the deal, each
//!   draw), so each unseen card is matched to an arrival slot (or the stock)
//!   where no pass between its arrival and its play contradicts it. Without
//!   passes or hidden draws the match is uniform; otherwise a randomized
//!   greedy match is tried a few times and a randomized augmenting-path
//!   matching (always succeeds on a real observation) is the fallback. These
//!   worlds are always consistent but only approximately uniform.

use arrayvec::ArrayVec;
use rand::RngCore;

use super::cards::{cards_of, Card, ALL_CARDS};
use super::{Action, Muzicando, Options, PassFact};
use crate::game::{Game, HiddenInfo, Seat};

/// Everything one seat knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The rules options (the dealer included).
    pub options: Options,
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: u64,
    /// Every seat's number of cards.
    pub hand_sizes: ArrayVec<u8, 8>,
    /// The number of cards in the stock (undealt cards during the deal).
    pub stock_size: u8,
    /// The cards on the table.
    pub table: u64,
    /// The history with the seat of each action; cards dealt or drawn to
    /// other seats are `None`.
    pub events: Vec<(u8, Option<Action>)>,
    /// What every pass in play proved.
    pub pass_facts: Vec<PassFact>,
}

impl Observation {
    /// The cards this seat has not seen: neither held, nor played, nor
    /// received earlier (in another seat's hand or the stock).
    #[must_use]
    pub fn unseen(&self) -> u64 {
        let mut seen = self.hand | self.table;
        for &(seat, action) in &self.events {
            if let (true, Some(Action::Deal(c) | Action::Draw(c))) = (seat == self.seat, action) {
                seen |= c.bit();
            }
        }
        ALL_CARDS & !seen
    }

    /// The notes a seat's passes rule out of its current hand in the team
    /// game, where no card arrives after the deal (in the individual game a
    /// card drawn after a pass may be one of them).
    #[must_use]
    pub fn ruled_out(&self, seat: u8) -> u64 {
        self.pass_facts
            .iter()
            .filter(|f| f.seat == seat)
            .fold(0, |m, f| m | f.notes)
    }
}

/// A uniform index below `n`.
fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

fn shuffle<T>(items: &mut [T], rng: &mut dyn RngCore) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// Cards each other seat played (they were dealt to it, or drawn).
fn played_by(observation: &Observation) -> [Vec<(usize, Card)>; 8] {
    let mut played: [Vec<(usize, Card)>; 8] = Default::default();
    for (index, &(seat, action)) in observation.events.iter().enumerate() {
        if let Some(Action::Place(card, _)) = action {
            played[usize::from(seat)].push((index, card));
        }
    }
    played
}

/// Deals `pool` to locations with room `caps`, uniformly among the
/// assignments where card `i` goes only to a location in `allowed[i]` (bit
/// per location, at most three locations). Exact: a table counts the
/// completions from each (card, remaining room) and each card follows the
/// counts.
fn counted_deal(
    pool: &[Card],
    allowed: &[u8],
    caps: [u8; 3],
    rng: &mut dyn RngCore,
) -> Option<Vec<u8>> {
    let n = pool.len();
    let side = 15usize;
    let index = |i: usize, r0: usize, r1: usize| (i * side + r0) * side + r1;
    let mut ways = vec![0f64; (n + 1) * side * side];
    ways[index(n, 0, 0)] = 1.0;
    for i in (0..n).rev() {
        let left = n - i;
        for r0 in 0..=usize::from(caps[0]).min(left) {
            for r1 in 0..=usize::from(caps[1]).min(left - r0) {
                let r2 = left - r0 - r1;
                if r2 > usize::from(caps[2]) {
                    continue;
                }
                let mut total = 0.0;
                if allowed[i] & 1 != 0 && r0 > 0 {
                    total += ways[index(i + 1, r0 - 1, r1)];
                }
                if allowed[i] & 2 != 0 && r1 > 0 {
                    total += ways[index(i + 1, r0, r1 - 1)];
                }
                if allowed[i] & 4 != 0 && r2 > 0 {
                    total += ways[index(i + 1, r0, r1)];
                }
                ways[index(i, r0, r1)] = total;
            }
        }
    }
    let (mut r0, mut r1) = (usize::from(caps[0]), usize::from(caps[1]));
    if ways[index(0, r0, r1)] <= 0.0 {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let left = n - i;
        let r2 = left - r0 - r1;
        let options = [
            (allowed[i] & 1 != 0 && r0 > 0).then(|| ways[index(i + 1, r0.wrapping_sub(1), r1)]),
            (allowed[i] & 2 != 0 && r1 > 0).then(|| ways[index(i + 1, r0, r1.wrapping_sub(1))]),
            (allowed[i] & 4 != 0 && r2 > 0).then(|| ways[index(i + 1, r0, r1)]),
        ];
        let total: f64 = options.iter().flatten().sum();
        let mut pick = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let mut chosen = None;
        for (loc, weight) in options.iter().enumerate() {
            if let Some(w) = *weight {
                if w > 0.0 {
                    chosen = Some(loc);
                    if pick < w {
                        break;
                    }
                    pick -= w;
                }
            }
        }
        let loc = chosen?;
        match loc {
            0 => r0 -= 1,
            1 => r1 -= 1,
            _ => {}
        }
        out.push(loc as u8);
    }
    Some(out)
}

/// Where the unseen cards go in a sampled world.
struct Deal {
    /// The cards dealt to each other seat, in any order.
    dealt: [Vec<Card>; 8],
    /// The card of each hidden draw, by event index.
    draws: Vec<(usize, Card)>,
}

/// Team game: each other seat gets back its played cards plus a hidden hand
/// avoiding what its passes ruled out.
fn team_deal(observation: &Observation, rng: &mut dyn RngCore) -> Deal {
    let played = played_by(observation);
    let me = usize::from(observation.seat);
    let others: ArrayVec<usize, 8> = (0..observation.hand_sizes.len())
        .filter(|&s| s != me)
        .collect();
    let mut pool: Vec<Card> = cards_of(observation.unseen()).collect();
    let mut dealt: [Vec<Card>; 8] = Default::default();
    for &s in &others {
        dealt[s].extend(played[s].iter().map(|&(_, c)| c));
    }
    let ruled_out: ArrayVec<u64, 8> = others
        .iter()
        .map(|&s| observation.ruled_out(s as u8))
        .collect();
    let constrained = pool
        .iter()
        .any(|c| ruled_out.iter().any(|&m| m & c.bit() != 0));
    if constrained && observation.stock_size == 0 && others.len() == 3 {
        let allowed: Vec<u8> = pool
            .iter()
            .map(|c| {
                (0..3)
                    .filter(|&k| ruled_out[k] & c.bit() == 0)
                    .fold(0, |m, k| m | 1 << k)
            })
            .collect();
        let caps = [0, 1, 2].map(|k| observation.hand_sizes[others[k]]);
        if let Some(locations) = counted_deal(&pool, &allowed, caps, rng) {
            for (card, loc) in pool.iter().zip(locations) {
                dealt[others[usize::from(loc)]].push(*card);
            }
            return Deal {
                dealt,
                draws: Vec::new(),
            };
        }
    }
    shuffle(&mut pool, rng);
    let mut cards = pool.into_iter();
    for &s in &others {
        dealt[s].extend(cards.by_ref().take(usize::from(observation.hand_sizes[s])));
    }
    Deal {
        dealt,
        draws: Vec::new(),
    }
}

/// An arrival slot of an individual-game seat: the deal (time 0) or a
/// hidden draw at an event index.
#[derive(Clone, Copy)]
struct Slot {
    seat: u8,
    time: usize,
}

/// Individual game: matches every unseen or other-played card to an arrival
/// slot or the stock, respecting plays (arrived before) and passes (not
/// held at a pass that ruled it out).
fn individual_deal(observation: &Observation, rng: &mut dyn RngCore) -> Deal {
    let me = observation.seat;
    let played = played_by(observation);
    let mut slots: Vec<Slot> = Vec::new();
    for (index, &(seat, action)) in observation.events.iter().enumerate() {
        if seat == me {
            continue;
        }
        match action {
            None if index < deal_length(observation) => slots.push(Slot { seat, time: 0 }),
            None => slots.push(Slot { seat, time: index }),
            _ => {}
        }
    }
    let mut cards: Vec<(Card, Option<(u8, usize)>)> = Vec::new();
    for seat in 0..observation.hand_sizes.len() as u8 {
        if seat != me {
            cards.extend(
                played[usize::from(seat)]
                    .iter()
                    .map(|&(t, c)| (c, Some((seat, t)))),
            );
        }
    }
    cards.extend(cards_of(observation.unseen()).map(|c| (c, None)));
    let fits = |card: Card, release: Option<(u8, usize)>, slot: Slot| -> bool {
        let end = match release {
            Some((seat, _)) if seat != slot.seat => return false,
            Some((_, t)) if t <= slot.time => return false,
            Some((_, t)) => t,
            None => usize::MAX,
        };
        !observation.pass_facts.iter().any(|f| {
            f.seat == slot.seat
                && slot.time < usize::from(f.event)
                && usize::from(f.event) < end
                && f.notes & card.bit() != 0
        })
    };
    let stock = usize::from(observation.stock_size);
    // allowed[i]: slots card i fits; it may also go to the stock if unplayed.
    let allowed: Vec<u64> = cards
        .iter()
        .map(|&(c, r)| {
            slots
                .iter()
                .enumerate()
                .filter(|&(_, &s)| fits(c, r, s))
                .fold(0, |m, (k, _)| m | 1 << k)
        })
        .collect();
    let assignment = (0..64)
        .find_map(|_| greedy_match(&cards, &allowed, slots.len(), stock, rng))
        .or_else(|| augmenting_match(&cards, &allowed, slots.len(), stock, rng))
        .unwrap_or_default();
    let mut dealt: [Vec<Card>; 8] = Default::default();
    let mut draws = Vec::new();
    for (k, slot) in slots.iter().enumerate() {
        if let Some(&card_index) = assignment.get(k) {
            let card = cards[card_index].0;
            if slot.time == 0 {
                dealt[usize::from(slot.seat)].push(card);
            } else {
                draws.push((slot.time, card));
            }
        }
    }
    Deal { dealt, draws }
}

/// The number of deal events in the observation's history.
fn deal_length(observation: &Observation) -> usize {
    observation
        .events
        .iter()
        .take_while(|(_, action)| matches!(action, None | Some(Action::Deal(_))))
        .count()
}

/// Fills the slots one at a time in random order, each with a uniform
/// choice among the cards that fit it; cards left over go to the stock
/// (played cards may not). `None` if it runs into a dead end.
fn greedy_match(
    cards: &[(Card, Option<(u8, usize)>)],
    allowed: &[u64],
    slots: usize,
    stock: usize,
    rng: &mut dyn RngCore,
) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..slots).collect();
    shuffle(&mut order, rng);
    // Slots that only few cards fit go first.
    order.sort_by_key(|&k| allowed.iter().filter(|&&m| m & 1 << k != 0).count());
    let mut used = vec![false; cards.len()];
    let mut assignment = vec![0; slots];
    for &k in &order {
        let candidates: Vec<usize> = (0..cards.len())
            .filter(|&i| !used[i] && allowed[i] & 1 << k != 0)
            .collect();
        let mut must: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| cards[i].1.is_some())
            .collect();
        if must.is_empty() {
            must = candidates;
        }
        if must.is_empty() {
            return None;
        }
        let i = must[below(rng, must.len())];
        used[i] = true;
        assignment[k] = i;
    }
    let left_over = used.iter().filter(|&&u| !u).count();
    let played_left = (0..cards.len()).any(|i| !used[i] && cards[i].1.is_some());
    (left_over == stock && !played_left).then_some(assignment)
}

/// A perfect matching of cards to slots and stock places by augmenting
/// paths (Kuhn), in random order.
fn augmenting_match(
    cards: &[(Card, Option<(u8, usize)>)],
    allowed: &[u64],
    slots: usize,
    stock: usize,
    rng: &mut dyn RngCore,
) -> Option<Vec<usize>> {
    let places = slots + stock;
    let fits = |i: usize, p: usize| {
        if p < slots {
            allowed[i] & 1 << p != 0
        } else {
            cards[i].1.is_none()
        }
    };
    let mut owner: Vec<Option<usize>> = vec![None; places];
    let mut order: Vec<usize> = (0..cards.len()).collect();
    shuffle(&mut order, rng);
    fn augment(
        i: usize,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
        fits: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        for p in 0..owner.len() {
            if seen[p] || !fits(i, p) {
                continue;
            }
            seen[p] = true;
            if owner[p].is_none_or(|j| augment(j, seen, owner, fits)) {
                owner[p] = Some(i);
                return true;
            }
        }
        false
    }
    for &i in &order {
        let mut seen = vec![false; places];
        if !augment(i, &mut seen, &mut owner, &fits) {
            return None;
        }
    }
    owner[..slots].iter().copied().collect()
}

/// The world in which each seat was dealt the cards of `dealt` (in the
/// order its deal events come), the observed history replayed on it (team
/// game: no hidden draws).
pub(super) fn replay_deal(observation: &Observation, dealt: [Vec<Card>; 8]) -> Muzicando {
    replay(
        observation,
        Deal {
            dealt,
            draws: Vec::new(),
        },
    )
}

/// Replays the observed history on a deal that gives every other seat the
/// cards chosen for it.
fn replay(observation: &Observation, mut deal: Deal) -> Muzicando {
    let mut state = Muzicando::new(&observation.options);
    for dealt in &mut deal.dealt {
        dealt.reverse();
    }
    for (index, &(seat, action)) in observation.events.iter().enumerate() {
        let action = match action {
            Some(action) => action,
            None if matches!(state.phase, super::Phase::Deal) => {
                match deal.dealt[usize::from(seat)].pop() {
                    Some(card) => Action::Deal(card),
                    None => break,
                }
            }
            None => match deal.draws.iter().find(|&&(t, _)| t == index) {
                Some(&(_, card)) => Action::Draw(card),
                None => break,
            },
        };
        state.apply(action);
    }
    state
}

impl HiddenInfo for Muzicando {
    type Observation = Observation;

    /// The seat's observation with every hidden card placed on its side of
    /// the partnership (team game): one fact rules every unseen card but the
    /// partner's own out of the partner's hand, one rules the partner's
    /// cards out of each opponent's, so the sampler and the inference
    /// chains, which honour such facts, always give the partner its true
    /// hand and share only the rest between the opponents.
    fn observation_with_partner(&self, seat: Seat) -> Observation {
        let mut observation = self.observation(seat);
        if !self.is_team_game() {
            return observation;
        }
        let partner = (seat + 2) % 4;
        let hand = self.hand(partner);
        let event = u16::try_from(self.history.len()).unwrap_or(u16::MAX);
        let unseen = observation.unseen();
        observation.pass_facts.push(PassFact {
            seat: partner as u8,
            event,
            notes: unseen & !hand,
        });
        for opponent in [(seat + 1) % 4, (seat + 3) % 4] {
            observation.pass_facts.push(PassFact {
                seat: opponent as u8,
                event,
                notes: hand,
            });
        }
        observation
    }

    fn observation(&self, seat: Seat) -> Observation {
        let me = seat as u8;
        let events = self
            .history
            .iter()
            .map(|&(actor, action)| {
                let hidden = matches!(action, Action::Deal(_) | Action::Draw(_)) && actor != me;
                (actor, (!hidden).then_some(action))
            })
            .collect();
        Observation {
            options: self.options,
            seat: me,
            hand: self.hands[seat],
            hand_sizes: (0..self.seats)
                .map(|s| self.hands[usize::from(s)].count_ones() as u8)
                .collect(),
            stock_size: self.stock.count_ones() as u8,
            table: self.table.cards(),
            events,
            pass_facts: self.pass_facts.clone(),
        }
    }

    fn sample_world(observation: &Observation, rng: &mut dyn RngCore) -> Self {
        let deal = if observation.options.individual.is_some() {
            individual_deal(observation, rng)
        } else {
            team_deal(observation, rng)
        };
        replay(observation, deal)
    }
}

impl Muzicando {
    /// Whether this world shows the observation's seat exactly that
    /// observation.
    #[must_use]
    pub fn agrees_with(&self, observation: &Observation) -> bool {
        self.observation(usize::from(observation.seat)) == *observation
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    /// Every assignment of `allowed.len()` cards to three places with the
    /// given room, each card only where allowed.
    fn all_assignments(allowed: &[u8], caps: [u8; 3]) -> Vec<Vec<u8>> {
        let n = allowed.len();
        (0..3usize.pow(n as u32))
            .map(|code| {
                (0..n)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
                    .collect::<Vec<u8>>()
            })
            .filter(|a: &Vec<u8>| {
                a.iter()
                    .enumerate()
                    .all(|(i, &loc)| allowed[i] & 1 << loc != 0)
                    && (0..3).all(|loc| {
                        a.iter().filter(|&&l| l == loc).count() == usize::from(caps[loc as usize])
                    })
            })
            .collect()
    }

    #[test]
    fn the_counted_deal_is_uniform_over_consistent_deals() {
        let pool: Vec<Card> = (0..7).map(|i| Card::from_index(i).unwrap()).collect();
        let allowed = [0b011, 0b100, 0b110, 0b111, 0b101, 0b111, 0b011];
        let caps = [2, 2, 3];
        let all = all_assignments(&allowed, caps);
        assert!(all.len() > 10, "{} deals", all.len());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let n = 40_000;
        let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
        for _ in 0..n {
            let deal = counted_deal(&pool, &allowed, caps, &mut rng).expect("a deal exists");
            *counts.entry(deal).or_default() += 1;
        }
        assert_eq!(
            counts.len(),
            all.len(),
            "every consistent deal occurs, nothing else"
        );
        let p = 1.0 / all.len() as f64;
        let expected = p * f64::from(n);
        let sigma = (expected * (1.0 - p)).sqrt();
        for deal in &all {
            let got = f64::from(counts[deal]);
            assert!(
                (got - expected).abs() < 5.0 * sigma,
                "{deal:?}: {got} vs {expected}"
            );
        }
    }

    #[test]
    fn the_counted_deal_reports_an_impossible_deal() {
        let pool: Vec<Card> = (0..3).map(|i| Card::from_index(i).unwrap()).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert!(counted_deal(&pool, &[0b001, 0b001, 0b001], [1, 1, 1], &mut rng).is_none());
    }
}
