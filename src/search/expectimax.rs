//! Expectimax for two-team games with chance events (card chess's draws):
//! decision nodes take the best child for the team to move, chance nodes
//! the probability-weighted mean of their outcomes (identical outcomes come
//! merged from [`Game::chance_outcomes`]).
//!
//! Values are always from the view of team 0 (the team of seat 0): its
//! decision nodes maximise, the other team's minimise. So the sign never
//! "flips" by ply; a seat that moves several times in a row simply keeps
//! maximising (or minimising).
//!
//! Pruning ([`Pruning`]):
//! - `None`: plain expectimax, every node searched with no window;
//! - `Star1` (Ballard 1983): alpha-beta at decision nodes, and at chance
//!   nodes a window for each outcome derived from the known bounds of the
//!   value, `[-MATE, MATE]`, so that the node is cut as soon as its mean can
//!   no longer enter the parent's window;
//! - `Star2` (Ballard; Hauk, Buro and Schaeffer 2004): Star1 plus a probing
//!   pass that searches only the first action of each outcome, which bounds
//!   that outcome from one side (a lower bound below a maximising node, an
//!   upper bound below a minimising one); the sum of the bounds often cuts
//!   the chance node before any full search, and tightens Star1's windows.
//!
//! Depth counts decisions (plies); chance outcomes take no depth, so a turn
//! that draws a card still ends at a decision node. With quiescence on
//! ([`Expectimax::with_quiescence`]), a decision node at depth 0 is not
//! evaluated at once: the side to move may stand on the static evaluation
//! (when it has a quiet action) or play one of the evaluator's noisy actions
//! (captures, promotions, card removals and recoveries), up to a number of
//! plies, as in the alpha-beta searcher's quiescence, so that the horizon
//! does not end a line in the middle of an exchange. Static evaluations are
//! clamped to `±EVAL_LIMIT` and results are `±(MATE − ply)`, so every value
//! lies in `[-MATE, MATE]`, the bounds Star1 needs. A transposition table
//! keyed by the full state hash (board and card state) keeps values with
//! their bound type and the best action, tried first on the next iteration.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::game::{Game, Seat, Turn};

use super::control::{Control, POLL_INTERVAL};
use super::info::{PvLine, SearchInfo};
use super::limits::Limits;
use super::score::{terminal_score, Score, EVAL_LIMIT, MATE};
use super::SearchError;
use crate::knowledge::{noisy_actions_or_filtered, Evaluator};

/// The lowest value any node can have.
const LOWER: f64 = -(MATE as f64);
/// The highest value any node can have.
const UPPER: f64 = MATE as f64;
/// The deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 64;

/// Which pruning the expectimax search uses (`none`, `star1`, `star2` in
/// engine profiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pruning {
    /// Plain expectimax: everything is searched.
    None,
    /// Alpha-beta at decision nodes and Star1 windows at chance nodes.
    Star1,
    /// Star1 with the Star2 probing pass at chance nodes.
    Star2,
}

/// How a stored value relates to the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Slot<A> {
    key: u64,
    depth: u32,
    bound: Bound,
    value: f64,
    best: Option<A>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectimaxResult<A> {
    /// The action chosen.
    pub best: A,
    /// Its expected value from the view of the seat to move at the root,
    /// in evaluation units (mates at `±(MATE − ply)`).
    pub value: f64,
    /// The last depth searched to the end.
    pub depth: u32,
    /// Nodes visited over all iterations.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
}

/// Every root action's value, for the level rule's softmax
/// ([`Expectimax::root_values`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RootValues<A> {
    /// Each legal root action (moves and draws alike) with its expected
    /// value from the view of the seat to move, best first.
    pub values: Vec<(A, f64)>,
    /// The last depth searched to the end (0: not even depth 1 finished,
    /// and `values` holds the actions valued before the search stopped).
    pub depth: u32,
    /// Nodes visited over all iterations.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
}

/// What a player at the board asks before a turn of a game with a draw:
/// the best action that takes no chance against the expected value of each
/// action that leads to a chance event, with the value of every outcome.
/// All values are from the view of the seat to move.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceBreakdown<A> {
    /// The best action not followed by a chance event, with its value.
    pub best_sure: Option<(A, f64)>,
    /// Each action followed by a chance event (card chess: `draw`).
    pub gambles: Vec<Gamble<A>>,
    /// The depth searched (the gamble and its outcome take one ply).
    pub depth: u32,
}

/// An action followed by a chance event, valued outcome by outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Gamble<A> {
    /// The action (card chess: `draw`).
    pub action: A,
    /// Its expected value.
    pub expected: f64,
    /// Each outcome with its probability and value.
    pub outcomes: Vec<(A, f64, f64)>,
}

/// The expectimax searcher (see the module text).
pub struct Expectimax<G: Game, E> {
    evaluator: E,
    pruning: Pruning,
    quiescence_plies: u32,
    /// Empty until a search stores into it ([`Expectimax::release_memory`]
    /// empties it again).
    table: Vec<Option<Slot<G::Action>>>,
    /// The slots the table has once allocated (a power of two).
    slots: usize,
    nodes: u64,
    unpublished: u64,
    aborted: bool,
    control: Option<Control>,
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A searcher with `evaluator`, `pruning` and a table of
    /// `2^table_bits` entries.
    #[must_use]
    pub fn new(evaluator: E, pruning: Pruning, table_bits: u32) -> Self {
        Self {
            evaluator,
            pruning,
            quiescence_plies: 0,
            table: Vec::new(),
            slots: 1 << table_bits.min(26),
            nodes: 0,
            unpublished: 0,
            aborted: false,
            control: None,
        }
    }

    /// The searcher with quiescence below the horizon, at most `plies` noisy
    /// actions deep (0, the default: none, every horizon node is evaluated
    /// statically).
    #[must_use]
    pub fn with_quiescence(mut self, plies: u32) -> Self {
        self.quiescence_plies = plies;
        self
    }

    /// Forgets the table (between games).
    pub fn new_game(&mut self) {
        self.table.iter_mut().for_each(|slot| *slot = None);
    }

    /// Gives the table's memory back until the next search stores into it.
    pub fn release_memory(&mut self) {
        self.table = Vec::new();
    }

    /// The bytes a table slot takes, for sizing a table to a budget.
    #[must_use]
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Option<Slot<G::Action>>>()
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Searches `state` by iterative deepening under `limits` (depth,
    /// nodes, time or clock) and returns the best action of the last
    /// finished iteration.
    pub fn search(
        &mut self,
        state: &G,
        limits: &Limits,
    ) -> Result<ExpectimaxResult<G::Action>, SearchError> {
        self.run(
            state,
            limits,
            &Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        )
    }

    /// As [`Expectimax::search`], stopped early when `stop` is set (from any
    /// thread; the last finished iteration's action is returned, the first
    /// legal action if none finished), calling `on_info` after each
    /// iteration with its depth, value (the root mover's view) and best
    /// action.
    pub fn run(
        &mut self,
        state: &G,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
    ) -> Result<ExpectimaxResult<G::Action>, SearchError> {
        let (sign, first) = self.start(state, limits, stop)?;
        let mut result = ExpectimaxResult {
            best: first,
            value: sign * self.leaf(state),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        for depth in 1..=limits.depth.unwrap_or(MAX_DEPTH).max(1) {
            if !self.may_deepen(depth) {
                break;
            }
            let value = self.value(state, depth, LOWER, UPPER, 0);
            if self.aborted {
                break;
            }
            if let Some(best) = self.probe(state.hash()).and_then(|slot| slot.best) {
                result.best = best;
            }
            result.value = sign * value;
            result.depth = depth;
            on_info(&SearchInfo {
                depth,
                seldepth: depth as usize,
                multipv: 1,
                line: PvLine {
                    score: Score(result.value.round() as i32),
                    pv: vec![result.best],
                },
                nodes: self.nodes,
                iterations: None,
                time: self.elapsed(),
                hashfull: 0,
            });
            if is_mate(value) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.elapsed();
        Ok(result)
    }

    /// Every root action's value at the deepest depth finished under
    /// `limits` (iterative deepening, the previous iteration's best first):
    /// each action's child searched on its own, so that a draw is valued
    /// as the mean of its outcomes and a move as the best reply's value,
    /// exactly as [`Expectimax::run`] values them. An action that cannot
    /// come within `margin` of the best found before it (the root mover's
    /// view; `f64::INFINITY` for none) is searched with a window that
    /// fails low, and gets an upper bound at least `margin` below the best
    /// instead of its value: the playing levels' softmax rule draws such
    /// an action practically never, and the window saves most of its
    /// search.
    pub fn root_values(
        &mut self,
        state: &G,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        margin: f64,
    ) -> Result<RootValues<G::Action>, SearchError> {
        let (sign, _) = self.start(state, limits, stop)?;
        let mut order = self.ordered(state, None);
        let mut finished = RootValues {
            values: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        for depth in 1..=limits.depth.unwrap_or(MAX_DEPTH).max(1) {
            if !self.may_deepen(depth) {
                break;
            }
            let mut values: Vec<(G::Action, f64)> = Vec::with_capacity(order.len());
            let mut best = f64::NEG_INFINITY;
            for &action in &order {
                let mut child = state.clone();
                child.apply(action);
                let floor = best - margin;
                let (alpha, beta) = if !floor.is_finite() {
                    (LOWER, UPPER)
                } else if sign > 0.0 {
                    (floor.max(LOWER), UPPER)
                } else {
                    (LOWER, (-floor).min(UPPER))
                };
                let v = sign * self.value(&child, depth - 1, alpha, beta, 1);
                if self.aborted {
                    break;
                }
                best = best.max(v);
                values.push((action, v));
            }
            values.sort_by(|a, b| b.1.total_cmp(&a.1));
            if self.aborted {
                if depth == 1 {
                    finished.values = values;
                }
                break;
            }
            order = values.iter().map(|&(action, _)| action).collect();
            finished.values = values;
            finished.depth = depth;
            if is_mate(best) {
                break;
            }
        }
        finished.nodes = self.nodes;
        finished.time = self.elapsed();
        Ok(finished)
    }

    /// Readies a search of `state` under `limits`: the sign that turns
    /// team 0's values into the mover's, and the first legal action.
    fn start(
        &mut self,
        state: &G,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
    ) -> Result<(f64, G::Action), SearchError> {
        let seat = match state.turn() {
            Turn::Terminal => return Err(SearchError::GameOver),
            Turn::Chance => return Err(SearchError::Chance),
            Turn::Player(seat) => seat,
        };
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let Some(&first) = actions.first() else {
            return Err(SearchError::NoLegalAction);
        };
        self.nodes = 0;
        self.unpublished = 0;
        self.aborted = false;
        self.control = Some(Control::new(limits, Arc::clone(stop)));
        let sign = if self.maximises(state, seat) {
            1.0
        } else {
            -1.0
        };
        Ok((sign, first))
    }

    /// The time since the search started.
    fn elapsed(&self) -> Duration {
        self.control
            .as_ref()
            .map_or(Duration::ZERO, Control::elapsed)
    }

    /// Whether iterative deepening may start the iteration of `depth`
    /// (the first always).
    fn may_deepen(&self, depth: u32) -> bool {
        depth == 1
            || self
                .control
                .as_ref()
                .is_some_and(Control::may_start_iteration)
    }

    /// The value of `state` at `depth` (team 0's view) searched from
    /// scratch with a full window, with no table, e.g. to check pruning.
    pub fn value_at_depth(&mut self, state: &G, depth: u32) -> (f64, u64) {
        self.new_game();
        self.nodes = 0;
        self.aborted = false;
        self.control = None;
        let value = self.value(state, depth, LOWER, UPPER, 0);
        (value, self.nodes)
    }

    /// The values behind the choice between a sure action and a gamble at
    /// `state`, by iterative deepening up to `depth` under `limits` (the
    /// time or nodes left to the caller): the deepest breakdown finished,
    /// `None` if not even depth 1 finished. The best sure action is found
    /// by alpha-beta over the sure actions, `preferred` (the search's
    /// choice) first, so that it wins ties; each outcome of a gamble gets
    /// an exact value.
    pub fn breakdown(
        &mut self,
        state: &G,
        depth: u32,
        limits: &Limits,
        preferred: Option<G::Action>,
    ) -> Result<Option<ChanceBreakdown<G::Action>>, SearchError> {
        let seat = match state.turn() {
            Turn::Terminal => return Err(SearchError::GameOver),
            Turn::Chance => return Err(SearchError::Chance),
            Turn::Player(seat) => seat,
        };
        self.aborted = false;
        self.control = Some(Control::new(limits, Arc::new(AtomicBool::new(false))));
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        if let Some(first) = preferred.and_then(|p| actions.iter().position(|&a| a == p)) {
            actions[..=first].rotate_right(1);
        }
        let mut finished = None;
        for depth in 1..=depth.max(1) {
            if !self.may_deepen(depth) {
                break;
            }
            let breakdown = self.breakdown_at(state, seat, &actions, depth);
            if self.aborted {
                break;
            }
            finished = Some(breakdown);
        }
        self.control = None;
        Ok(finished)
    }

    /// [`Expectimax::breakdown`] at one depth (meaningless if aborted).
    fn breakdown_at(
        &mut self,
        state: &G,
        seat: Seat,
        actions: &[G::Action],
        depth: u32,
    ) -> ChanceBreakdown<G::Action> {
        let maximising = self.maximises(state, seat);
        let sign = if maximising { 1.0 } else { -1.0 };
        let mut best_sure: Option<(G::Action, f64)> = None;
        let mut gambles = Vec::new();
        for &action in actions {
            let mut child = state.clone();
            child.apply(action);
            if child.turn() == Turn::Chance {
                let mut outcomes = Vec::new();
                child.chance_outcomes(&mut outcomes);
                let mut expected = 0.0;
                let mut values = Vec::new();
                for (outcome, p) in outcomes {
                    let mut grandchild = child.clone();
                    grandchild.apply(outcome);
                    let v = sign * self.value(&grandchild, depth - 1, LOWER, UPPER, 2);
                    expected += p * v;
                    values.push((outcome, p, v));
                }
                gambles.push(Gamble {
                    action,
                    expected,
                    outcomes: values,
                });
            } else {
                // Only a strictly better value than the best so far matters:
                // search with the window above it (team 0's view).
                let (alpha, beta) = match best_sure {
                    Some((_, best)) if maximising => (best, UPPER),
                    Some((_, best)) => (LOWER, -best),
                    None => (LOWER, UPPER),
                };
                let v = sign * self.value(&child, depth - 1, alpha, beta, 1);
                if best_sure.is_none_or(|(_, best)| v > best) {
                    best_sure = Some((action, v));
                }
            }
        }
        ChanceBreakdown {
            best_sure,
            gambles,
            depth,
        }
    }

    fn maximises(&self, state: &G, seat: Seat) -> bool {
        state.team_of(seat) == state.team_of(0)
    }

    /// The clamped static evaluation, team 0's view.
    fn leaf(&self, state: &G) -> f64 {
        let Turn::Player(seat) = state.turn() else {
            return 0.0;
        };
        let value = f64::from(
            self.evaluator
                .evaluate(state)
                .clamp(-EVAL_LIMIT, EVAL_LIMIT),
        );
        if self.maximises(state, seat) {
            value
        } else {
            -value
        }
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= POLL_INTERVAL {
            if let Some(control) = &self.control {
                if control.publish(self.unpublished) || control.nodes_exhausted(0) {
                    self.aborted = true;
                }
            }
            self.unpublished = 0;
        }
    }

    fn probe(&self, key: u64) -> Option<Slot<G::Action>> {
        if self.table.is_empty() {
            return None;
        }
        let slot = self.table[key as usize & (self.table.len() - 1)]?;
        (slot.key == key).then_some(slot)
    }

    fn store(&mut self, key: u64, slot: Slot<G::Action>) {
        if self.table.is_empty() {
            self.table = vec![None; self.slots];
        }
        let index = key as usize & (self.table.len() - 1);
        let keep = self.table[index].is_some_and(|old| old.key == key && old.depth > slot.depth);
        if !keep {
            self.table[index] = Some(slot);
        }
    }

    /// The value of any node (team 0's view) within the window `(alpha, beta)`.
    fn value(&mut self, state: &G, depth: u32, alpha: f64, beta: f64, ply: usize) -> f64 {
        self.count_node();
        if self.aborted {
            return 0.0;
        }
        match state.turn() {
            Turn::Terminal => state
                .returns()
                .map_or(0.0, |r| f64::from(terminal_score(&r, 0, ply))),
            Turn::Chance => self.chance(state, depth, alpha, beta, ply),
            Turn::Player(seat) if depth == 0 => self.quiesce(state, seat, alpha, beta, ply, 0),
            Turn::Player(seat) => self.decision(state, seat, depth, alpha, beta, ply),
        }
    }

    /// The actions of a decision node, the table's best first, then by the
    /// evaluator's ordering value (captures by victim, the draw after them).
    fn ordered(&self, state: &G, hint: Option<G::Action>) -> Vec<G::Action> {
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let mut keyed: Vec<(i32, G::Action)> = actions
            .into_iter()
            .map(|a| {
                let key = if Some(a) == hint {
                    i32::MAX
                } else {
                    self.evaluator.action_value(state, a)
                };
                (key, a)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        keyed.into_iter().map(|(_, a)| a).collect()
    }

    fn decision(
        &mut self,
        state: &G,
        seat: Seat,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        ply: usize,
    ) -> f64 {
        let key = state.hash();
        let slot = self.probe(key);
        if let Some(slot) = slot.filter(|s| s.depth == depth) {
            let usable = match slot.bound {
                Bound::Exact => true,
                Bound::Lower => self.pruning != Pruning::None && slot.value >= beta,
                Bound::Upper => self.pruning != Pruning::None && slot.value <= alpha,
            };
            if usable {
                return slot.value;
            }
        }
        if self.pruning == Pruning::None {
            alpha = LOWER;
            beta = UPPER;
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = self.maximises(state, seat);
        let actions = self.ordered(state, slot.and_then(|s| s.best));
        let mut best_value = if maximising { LOWER - 1.0 } else { UPPER + 1.0 };
        let mut best = None;
        for action in actions {
            let mut child = state.clone();
            child.apply(action);
            let v = self.value(&child, depth - 1, alpha, beta, ply + 1);
            if self.aborted {
                return 0.0;
            }
            let better = if maximising {
                v > best_value
            } else {
                v < best_value
            };
            if better {
                best_value = v;
                best = Some(action);
            }
            if self.pruning != Pruning::None && narrow(maximising, v, &mut alpha, &mut beta) {
                break;
            }
        }
        if best.is_none() {
            return self.leaf(state);
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(
            key,
            Slot {
                key,
                depth,
                bound,
                value: best_value,
                best,
            },
        );
        best_value
    }

    /// The value of a decision node at the horizon (team 0's view) within
    /// `(alpha, beta)`: the static evaluation when quiescence is off or
    /// `qply` noisy actions have been played, else the best of standing pat
    /// (when a quiet action exists) and the noisy actions, most valuable
    /// first, skipping those that lose material when standing pat is
    /// allowed.
    fn quiesce(
        &mut self,
        state: &G,
        seat: Seat,
        mut alpha: f64,
        mut beta: f64,
        ply: usize,
        qply: u32,
    ) -> f64 {
        let stand = self.leaf(state);
        if qply >= self.quiescence_plies {
            return stand;
        }
        let mut actions = Vec::new();
        let quiet = noisy_actions_or_filtered(&self.evaluator, state, &mut actions);
        if actions.is_empty() {
            return stand;
        }
        let window = self.pruning != Pruning::None;
        let maximising = self.maximises(state, seat);
        let mut best = if maximising { LOWER - 1.0 } else { UPPER + 1.0 };
        if quiet {
            best = stand;
            if window && narrow(maximising, stand, &mut alpha, &mut beta) {
                return stand;
            }
            actions.retain(|&action| {
                self.evaluator
                    .exchange_value(state, action)
                    .is_none_or(|exchange| exchange >= 0)
            });
        }
        actions
            .sort_by_key(|&action| std::cmp::Reverse(self.evaluator.action_value(state, action)));
        for action in actions {
            let mut child = state.clone();
            child.apply(action);
            let v = match child.turn() {
                Turn::Player(next) => {
                    self.count_node();
                    if self.aborted {
                        return 0.0;
                    }
                    self.quiesce(&child, next, alpha, beta, ply + 1, qply + 1)
                }
                Turn::Terminal | Turn::Chance => self.value(&child, 0, alpha, beta, ply + 1),
            };
            if self.aborted {
                return 0.0;
            }
            if (maximising && v > best) || (!maximising && v < best) {
                best = v;
            }
            if window && narrow(maximising, v, &mut alpha, &mut beta) {
                break;
            }
        }
        best
    }

    /// A one-sided bound on an outcome's value from searching only its first
    /// action: `(lower, upper)`, one of them the trivial bound.
    fn star2_probe(
        &mut self,
        child: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> (f64, f64) {
        match child.turn() {
            Turn::Terminal => {
                let v = self.value(child, depth, LOWER, UPPER, ply);
                (v, v)
            }
            Turn::Player(_) if depth == 0 => {
                let v = self.value(child, 0, LOWER, UPPER, ply);
                (v, v)
            }
            Turn::Player(seat) => {
                let hint = self.probe(child.hash()).and_then(|s| s.best);
                let Some(&first) = self.ordered(child, hint).first() else {
                    return (LOWER, UPPER);
                };
                let mut grandchild = child.clone();
                grandchild.apply(first);
                self.count_node();
                if self.maximises(child, seat) {
                    let v = self.value(&grandchild, depth - 1, LOWER, beta.min(UPPER), ply + 2);
                    (v.max(LOWER), UPPER)
                } else {
                    let v = self.value(&grandchild, depth - 1, alpha.max(LOWER), UPPER, ply + 2);
                    (LOWER, v.min(UPPER))
                }
            }
            Turn::Chance => (LOWER, UPPER),
        }
    }

    fn chance(&mut self, state: &G, depth: u32, alpha: f64, beta: f64, ply: usize) -> f64 {
        let key = state.hash();
        if self.pruning != Pruning::None {
            if let Some(slot) = self.probe(key).filter(|s| s.depth == depth) {
                let usable = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => slot.value >= beta,
                    Bound::Upper => slot.value <= alpha,
                };
                if usable {
                    return slot.value;
                }
            }
        } else if let Some(slot) = self
            .probe(key)
            .filter(|s| s.depth == depth && s.bound == Bound::Exact)
        {
            return slot.value;
        }
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let children: Vec<(G, f64)> = outcomes
            .iter()
            .map(|&(a, p)| {
                let mut child = state.clone();
                child.apply(a);
                (child, p)
            })
            .collect();
        let n = children.len();
        let mut lower = vec![LOWER; n];
        let mut upper = vec![UPPER; n];
        if self.pruning == Pruning::Star2 {
            let mut low_sum = 0.0;
            let mut high_sum = 0.0;
            let mut low_rest: f64 = children.iter().map(|(_, p)| p * LOWER).sum();
            let mut high_rest: f64 = children.iter().map(|(_, p)| p * UPPER).sum();
            for (i, (child, p)) in children.iter().enumerate() {
                low_rest -= p * LOWER;
                high_rest -= p * UPPER;
                let child_beta = (beta - low_sum - low_rest) / p;
                let child_alpha = (alpha - high_sum - high_rest) / p;
                let (lo, hi) = self.star2_probe(child, depth, child_alpha, child_beta, ply + 1);
                if self.aborted {
                    return 0.0;
                }
                lower[i] = lo;
                upper[i] = hi;
                low_sum += p * lo;
                high_sum += p * hi;
                if low_sum + low_rest >= beta {
                    let bound = low_sum + low_rest;
                    self.store_chance(key, depth, Bound::Lower, bound);
                    return bound;
                }
                if high_sum + high_rest <= alpha {
                    let bound = high_sum + high_rest;
                    self.store_chance(key, depth, Bound::Upper, bound);
                    return bound;
                }
            }
        }
        let mut sum = 0.0;
        let mut low_rest: f64 = children.iter().zip(&lower).map(|((_, p), lo)| p * lo).sum();
        let mut high_rest: f64 = children.iter().zip(&upper).map(|((_, p), hi)| p * hi).sum();
        for (i, (child, p)) in children.iter().enumerate() {
            low_rest -= p * lower[i];
            high_rest -= p * upper[i];
            if self.pruning == Pruning::None {
                sum += p * self.value(child, depth, LOWER, UPPER, ply + 1);
                if self.aborted {
                    return 0.0;
                }
                continue;
            }
            let child_alpha = (alpha - sum - high_rest) / p;
            let child_beta = (beta - sum - low_rest) / p;
            if child_alpha >= upper[i] {
                let bound = sum + p * upper[i] + high_rest;
                self.store_chance(key, depth, Bound::Upper, bound);
                return bound;
            }
            if child_beta <= lower[i] {
                let bound = sum + p * lower[i] + low_rest;
                self.store_chance(key, depth, Bound::Lower, bound);
                return bound;
            }
            let v = if lower[i] == upper[i] {
                lower[i]
            } else {
                let window_alpha = child_alpha.max(lower[i]);
                let window_beta = child_beta.min(upper[i]);
                let v = self.value(child, depth, window_alpha, window_beta, ply + 1);
                if self.aborted {
                    return 0.0;
                }
                v
            };
            if v <= child_alpha {
                let bound = sum + p * v + high_rest;
                self.store_chance(key, depth, Bound::Upper, bound);
                return bound;
            }
            if v >= child_beta {
                let bound = sum + p * v + low_rest;
                self.store_chance(key, depth, Bound::Lower, bound);
                return bound;
            }
            sum += p * v;
        }
        self.store_chance(key, depth, Bound::Exact, sum);
        sum
    }

    fn store_chance(&mut self, key: u64, depth: u32, bound: Bound, value: f64) {
        self.store(
            key,
            Slot {
                key,
                depth,
                bound,
                value,
                best: None,
            },
        );
    }
}

/// Whether `value` is a forced mate, after which deepening finds no more.
fn is_mate(value: f64) -> bool {
    value.abs() >= f64::from(MATE - 128)
}

/// Narrows the window `(alpha, beta)` by a child's value `v` at a node of
/// the maximising team (raising `alpha`) or the minimising one (lowering
/// `beta`); whether the window closed, so that the rest may be cut.
fn narrow(maximising: bool, v: f64, alpha: &mut f64, beta: &mut f64) -> bool {
    if maximising {
        *alpha = alpha.max(v);
    } else {
        *beta = beta.min(v);
    }
    *alpha >= *beta
}
