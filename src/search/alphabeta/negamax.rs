//! One search thread: iterative deepening over a principal-variation
//! (negamax) alpha-beta search with quiescence, for two-player games whose
//! turns need not alternate.
//!
//! Every score is from the view of the seat to move at its node. Going from a
//! node to a child, the score and window are negated only when the child's
//! seat to move differs; a seat that moves twice in a row keeps its window.
//! Terminal children are scored from the mover's view directly.

use std::sync::Arc;

use crate::game::{Game, Seat, Turn};

use super::config::SearchConfig;
use super::ordering::{
    pick_next, Candidate, MoveOrdering, Reductions, HASH_ACTION, HISTORY_GOOD, KILLER,
    LOSING_NOISY, NOISY_BASE,
};
use super::smp::{Completed, RootShare};
use super::split::{Pruning, SplitBest, SplitBoard, SplitPoint};
use super::tt::{Bound, Entry, TranspositionTable};
use crate::knowledge::{noisy_actions_or_filtered, EvalScratch, Evaluator};
use crate::search::control::{Control, POLL_INTERVAL};
use crate::search::info::{PvLine, SearchInfo};
use crate::search::score::{
    from_table, terminal_score, to_table, Score, EVAL_LIMIT, INFINITY, MATE, MATE_BOUND, MAX_PLY,
};

/// How a child is to be searched.
#[derive(Clone, Copy, Debug)]
enum Node {
    /// Full-width search to `depth`; `pv` marks principal-variation nodes.
    Full { depth: u32, pv: bool },
    /// Quiescence, `qply` plies below the nominal leaf.
    Quiet { qply: usize },
}

/// A root action and what the current iteration found for it.
#[derive(Clone, Debug)]
struct RootMove<A> {
    action: A,
    /// Its index in `legal_actions` order.
    index: usize,
    score: i32,
    pv: Vec<A>,
}

impl<A: Copy> RootMove<A> {
    /// The action as a candidate `order`th in search order (its key keeps
    /// that order; a root action is never reduced nor pruned).
    fn candidate(&self, order: usize) -> Candidate<A> {
        Candidate {
            action: self.action,
            key: -i32::try_from(order).unwrap_or(i32::MAX),
            noisy: false,
            index: u16::try_from(self.index).unwrap_or(u16::MAX),
        }
    }
}

/// What a thread leaves behind.
#[derive(Clone, Debug)]
pub struct Outcome<A> {
    /// The lines of the last completed iteration, best first (empty if none).
    pub lines: Vec<PvLine<A>>,
    /// The last completed depth (0 if none).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// The root action to fall back on when no iteration completed.
    pub fallback: A,
    /// Whether the search met a chance node (and stopped).
    pub met_chance: bool,
}

/// What one thread searches and shares.
pub struct Shared<'a, G: Game, E> {
    /// The static evaluation.
    pub evaluator: &'a E,
    /// The table all threads share.
    pub tt: &'a TranspositionTable,
    /// Stopping state all threads share.
    pub control: &'a Control,
    /// Search parameters.
    pub config: &'a SearchConfig,
    /// The last depth to search.
    pub max_depth: u32,
    /// How the threads divide the root (Lazy SMP with several threads).
    pub root: Option<&'a RootShare<G::Action>>,
    /// The splits the threads share (splitting with several threads).
    pub splits: Option<&'a SplitBoard<G>>,
    /// The only root actions to search (`searchmoves`); empty: all.
    pub root_only: &'a [G::Action],
    /// Keeps `G` in the type.
    pub game: std::marker::PhantomData<fn(&G)>,
}

/// The scratch lists of one ply, kept between nodes so that a search
/// allocates nothing once warm: the legal actions, the ranked candidates
/// and the quiet actions tried (rewarded at a cut-off).
struct PlyBuffers<A> {
    actions: Vec<A>,
    candidates: Vec<Candidate<A>>,
    quiets: Vec<A>,
}

impl<A> Default for PlyBuffers<A> {
    fn default() -> Self {
        Self {
            actions: Vec::new(),
            candidates: Vec::new(),
            quiets: Vec::new(),
        }
    }
}

/// One search thread's working state.
pub struct Worker<'a, G: Game, E> {
    shared: Shared<'a, G, E>,
    ordering: &'a mut MoveOrdering<G::Action>,
    reductions: Reductions,
    pv: Vec<Vec<G::Action>>,
    /// The scratch lists of each ply, lent to its node ([`Worker::with_buffers`]).
    buffers: Vec<PlyBuffers<G::Action>>,
    /// Whether the line passed (a null move) at each ply: no two passes in a row.
    nulls: Vec<bool>,
    pending: u64,
    seldepth: usize,
    /// The depth of the iteration under way.
    iteration: u32,
    aborted: bool,
    met_chance: bool,
    /// The root action of the current iteration's first line that last
    /// raised alpha (or failed high), fully searched at the iteration's
    /// depth: better than the first action at that depth, so worth playing
    /// if time runs out before the iteration completes.
    interim: Option<RootMove<G::Action>>,
    /// The splits this thread is searching at, innermost last.
    splits: Vec<Arc<SplitPoint<G>>>,
    /// What the evaluator keeps between this thread's evaluations.
    scratch: EvalScratch,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    /// A search thread with its own ordering statistics (the main thread is
    /// the one [`Worker::run`] is given a report callback).
    pub fn new(shared: Shared<'a, G, E>, ordering: &'a mut MoveOrdering<G::Action>) -> Self {
        let plies = MAX_PLY + 2;
        Self {
            reductions: Reductions::new(shared.config.lmr_base, shared.config.lmr_divisor),
            shared,
            ordering,
            pv: vec![Vec::new(); plies],
            buffers: (0..plies).map(|_| PlyBuffers::default()).collect(),
            nulls: vec![false; plies],
            pending: 0,
            seldepth: 0,
            iteration: 0,
            aborted: false,
            met_chance: false,
            interim: None,
            splits: Vec::new(),
            scratch: EvalScratch::default(),
        }
    }

    /// Iterative deepening from `root` (a state where `seat` is to move),
    /// calling `report` after each completed line when given.
    pub fn run(
        &mut self,
        root: &G,
        seat: Seat,
        mut report: Option<&mut dyn FnMut(SearchInfo<G::Action>)>,
    ) -> Outcome<G::Action> {
        let mut root_moves = self.root_moves(root);
        let fallback = root_moves[0].action;
        let lines_wanted = self.shared.config.multipv.clamp(1, root_moves.len());
        let mut outcome = Outcome {
            lines: Vec::new(),
            depth: 0,
            seldepth: 0,
            fallback,
            met_chance: false,
        };
        let mut depth = 1;
        while depth <= self.shared.max_depth {
            if !self.shared.control.may_start_iteration() {
                break;
            }
            let nominal = depth;
            self.iteration = nominal;
            self.interim = None;
            for line in 0..lines_wanted {
                self.search_line(root, seat, &mut root_moves, line, nominal);
                if self.aborted {
                    break;
                }
                if let Some(report) = report.as_deref_mut() {
                    report(self.info(nominal, line, &root_moves[line]));
                }
            }
            if self.aborted {
                if self.take_up_deeper(&mut outcome, &mut root_moves, &mut report) {
                    self.aborted = false;
                    depth = outcome.depth + 1;
                    continue;
                }
                self.adopt_interim(&mut outcome, nominal, &mut report);
                break;
            }
            outcome.depth = nominal;
            outcome.lines = root_moves[..lines_wanted]
                .iter()
                .map(|root_move| PvLine {
                    score: Score(root_move.score),
                    pv: root_move.pv.clone(),
                })
                .collect();
            if let Some(share) = self.shared.root {
                share.complete(Completed {
                    depth: nominal,
                    lines: outcome.lines.clone(),
                    seldepth: self.seldepth,
                });
            }
            if nominal >= self.shared.max_depth {
                self.shared.control.stop();
                break;
            }
            let best = Score(root_moves[0].score);
            if lines_wanted == 1
                && best
                    .mate_plies()
                    .is_some_and(|plies| plies.unsigned_abs() <= nominal)
            {
                break;
            }
            depth = nominal + 1;
            if self.take_up_deeper(&mut outcome, &mut root_moves, &mut report) {
                depth = outcome.depth + 1;
            }
        }
        outcome.seldepth = self.seldepth;
        outcome.met_chance = self.met_chance;
        self.shared
            .control
            .publish(std::mem::take(&mut self.pending));
        outcome
    }

    /// With several threads, when another thread has completed an iteration
    /// deeper than `outcome`'s: makes it this thread's outcome (reported as
    /// such), puts its lines' first actions first among `root_moves` with
    /// their scores, and returns true. False when there is none, or when the
    /// search is stopping (an interrupted iteration then means the end).
    fn take_up_deeper(
        &mut self,
        outcome: &mut Outcome<G::Action>,
        root_moves: &mut [RootMove<G::Action>],
        report: &mut Option<&mut dyn FnMut(SearchInfo<G::Action>)>,
    ) -> bool {
        let Some(share) = self.shared.root else {
            return false;
        };
        if self.met_chance || self.shared.control.stopped() {
            return false;
        }
        let Some(done) = share.deeper_than(outcome.depth) else {
            return false;
        };
        for (line, pv_line) in done.lines.iter().enumerate() {
            let found = root_moves[line..]
                .iter()
                .position(|root_move| pv_line.pv.first() == Some(&root_move.action));
            if let Some(offset) = found {
                root_moves[line..=line + offset].rotate_right(1);
                root_moves[line].score = pv_line.score.0;
                root_moves[line].pv.clone_from(&pv_line.pv);
            }
            if let Some(report) = report.as_deref_mut() {
                report(SearchInfo {
                    depth: done.depth,
                    seldepth: done.seldepth.max(self.seldepth),
                    multipv: line + 1,
                    line: pv_line.clone(),
                    nodes: self.shared.control.nodes() + self.pending,
                    iterations: None,
                    time: self.shared.control.elapsed(),
                    hashfull: self.shared.tt.hashfull(),
                });
            }
        }
        outcome.depth = done.depth;
        outcome.lines = done.lines;
        true
    }

    /// After an iteration to `depth` was interrupted: with a single line, a
    /// root action that beat the first one at this depth replaces the last
    /// completed iteration's answer (its line is reported at `depth`; the
    /// completed depth stays, so Lazy SMP still prefers a thread that
    /// finished deeper). With several lines the last completed iteration
    /// stands, since the others were not searched at this depth.
    fn adopt_interim(
        &mut self,
        outcome: &mut Outcome<G::Action>,
        depth: u32,
        report: &mut Option<&mut dyn FnMut(SearchInfo<G::Action>)>,
    ) {
        let Some(interim) = self.interim.take() else {
            return;
        };
        if self.shared.config.multipv > 1 || self.met_chance {
            return;
        }
        if let Some(report) = report.as_deref_mut() {
            report(self.info(depth, 0, &interim));
        }
        outcome.lines = vec![PvLine {
            score: Score(interim.score),
            pv: interim.pv,
        }];
    }

    fn info(
        &self,
        depth: u32,
        line: usize,
        root_move: &RootMove<G::Action>,
    ) -> SearchInfo<G::Action> {
        SearchInfo {
            depth,
            seldepth: self.seldepth,
            multipv: line + 1,
            line: PvLine {
                score: Score(root_move.score),
                pv: root_move.pv.clone(),
            },
            nodes: self.shared.control.nodes() + self.pending,
            iterations: None,
            time: self.shared.control.elapsed(),
            hashfull: self.shared.tt.hashfull(),
        }
    }

    /// The root actions, hash action and noisy actions first.
    fn root_moves(&mut self, root: &G) -> Vec<RootMove<G::Action>> {
        let mut actions = Vec::new();
        root.legal_actions(&mut actions);
        if !self.shared.root_only.is_empty() {
            actions.retain(|action| self.shared.root_only.contains(action));
        }
        let hash_action = self
            .shared
            .tt
            .probe(root.hash())
            .and_then(|entry| entry.action);
        let mut candidates = Vec::with_capacity(actions.len());
        self.fill_candidates(root, 0, &actions, hash_action, &mut candidates);
        (0..candidates.len())
            .map(|index| {
                let candidate = pick_next(&mut candidates, index);
                let action = candidate.action;
                RootMove {
                    action,
                    index: usize::from(candidate.index),
                    score: -INFINITY,
                    pv: vec![action],
                }
            })
            .collect()
    }

    /// Searches line `line` (the best among `root_moves[line..]`) to `depth`,
    /// with aspiration windows around its previous score.
    fn search_line(
        &mut self,
        root: &G,
        seat: Seat,
        root_moves: &mut [RootMove<G::Action>],
        line: usize,
        depth: u32,
    ) {
        let config = self.shared.config;
        let previous = root_moves[line].score;
        let mut window = config.aspiration_window;
        let aspirate =
            window > 0 && depth >= config.aspiration_min_depth && previous.abs() <= EVAL_LIMIT;
        let (mut alpha, mut beta) = if aspirate {
            (previous - window, previous + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let value = self.search_root(root, seat, root_moves, line, depth, alpha, beta);
            if self.aborted {
                return;
            }
            root_moves[line..].sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
            window = window.saturating_mul(2);
            if value <= alpha {
                alpha = (value - window).max(-INFINITY);
            } else if value >= beta {
                beta = (value + window).min(INFINITY);
            } else {
                return;
            }
        }
    }

    /// One PVS pass over `root_moves[line..]`; fail-low actions other than
    /// the first are left at `-INFINITY` so that they sort last. With several
    /// threads, an action after the first that another thread has claimed
    /// at this depth is deferred to the end of the pass.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        root: &G,
        seat: Seat,
        root_moves: &mut [RootMove<G::Action>],
        line: usize,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INFINITY;
        let share = self.shared.root;
        let count = root_moves.len() - line;
        let mut deferred = Vec::new();
        let (mut next, mut taken) = (0, 0);
        loop {
            let index = if next < count {
                let index = line + next;
                next += 1;
                let claimed_elsewhere = index != line
                    && share
                        .is_some_and(|share| !share.claim(root_moves[index].index, depth, line));
                if claimed_elsewhere {
                    deferred.push(index);
                    continue;
                }
                let board = (index != line && next < count)
                    .then(|| self.split_board(depth))
                    .flatten();
                if let Some(board) = board {
                    let found = self.split_root(
                        (root, seat, board),
                        root_moves,
                        (line, index),
                        depth,
                        (alpha, beta),
                    );
                    return best.max(found);
                }
                index
            } else if let Some(&index) = deferred.get(taken) {
                taken += 1;
                index
            } else {
                break;
            };
            let root_move = &mut root_moves[index];
            let action = root_move.action;
            let mut child = root.clone();
            child.apply(action);
            let next = depth - 1;
            let mut value = if index == line {
                self.child_value(
                    &child,
                    seat,
                    1,
                    alpha,
                    beta,
                    Node::Full {
                        depth: next,
                        pv: true,
                    },
                )
            } else {
                let candidate = root_move.candidate(index);
                let window = (alpha, beta);
                self.later_value(
                    &child,
                    seat,
                    (0, depth, index),
                    candidate,
                    window,
                    true,
                    false,
                )
            };
            if self.aborted {
                return best;
            }
            if index != line && value <= alpha {
                value = -INFINITY;
            }
            root_move.score = value;
            if value > best {
                best = value;
            }
            if value > alpha {
                let mut pv = vec![action];
                pv.extend_from_slice(&self.pv[1]);
                root_move.pv = pv;
                if line == 0 {
                    self.interim = Some(root_move.clone());
                }
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The value of `child` (reached at `ply`) from the view of `mover`, the
    /// seat that just acted.
    fn child_value(
        &mut self,
        child: &G,
        mover: Seat,
        ply: usize,
        alpha: i32,
        beta: i32,
        node: Node,
    ) -> i32 {
        match child.turn() {
            Turn::Terminal => {
                self.pv[ply].clear();
                if self.visit(ply) {
                    return 0;
                }
                child
                    .returns()
                    .map_or(0, |returns| terminal_score(&returns, mover, ply))
            }
            Turn::Player(seat) if seat == mover => self.node(child, seat, ply, alpha, beta, node),
            Turn::Player(seat) => -self.node(child, seat, ply, -beta, -alpha, node),
            Turn::Chance => {
                self.met_chance = true;
                self.aborted = true;
                self.shared.control.stop();
                0
            }
        }
    }

    fn node(
        &mut self,
        state: &G,
        seat: Seat,
        ply: usize,
        alpha: i32,
        beta: i32,
        node: Node,
    ) -> i32 {
        match node {
            Node::Full { depth: 0, .. } => self.quiesce(state, seat, ply, alpha, beta, 0),
            Node::Full { depth, pv } => self.negamax(state, seat, ply, depth, alpha, beta, pv),
            Node::Quiet { qply } => self.quiesce(state, seat, ply, alpha, beta, qply),
        }
    }

    /// Counts a node and polls the stop conditions; returns whether to abort.
    fn visit(&mut self, ply: usize) -> bool {
        self.pending += 1;
        self.seldepth = self.seldepth.max(ply);
        let control = self.shared.control;
        if self.pending >= POLL_INTERVAL {
            control.publish(std::mem::take(&mut self.pending));
            let superseded = self
                .shared
                .root
                .is_some_and(|share| share.completed() >= self.iteration);
            let cut_off = self.splits.last().is_some_and(|split| split.cut_off());
            if superseded || cut_off {
                self.aborted = true;
            }
        }
        if control.nodes_exhausted(self.pending) {
            control.stop();
        }
        if control.stopped() {
            self.aborted = true;
        }
        self.aborted
    }

    fn evaluate(&mut self, state: &G, ply: usize) -> i32 {
        self.shared
            .evaluator
            .evaluate_at(state, ply, &mut self.scratch)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Fills `list` with the `actions` of `state` (at `ply`) and their
    /// ordering keys: hash action, noisy by value, killers, history.
    fn fill_candidates(
        &self,
        state: &G,
        ply: usize,
        actions: &[G::Action],
        hash_action: Option<u16>,
        list: &mut Vec<Candidate<G::Action>>,
    ) {
        let seat = match state.turn() {
            Turn::Player(seat) => seat,
            _ => 0,
        };
        let evaluator = self.shared.evaluator;
        list.clear();
        list.extend(actions.iter().enumerate().map(|(index, &action)| {
            let index = u16::try_from(index).unwrap_or(u16::MAX);
            let noisy = evaluator.is_noisy(state, action);
            let key = if hash_action == Some(index) {
                HASH_ACTION
            } else if noisy {
                let value = evaluator
                    .action_value(state, action)
                    .clamp(-(1 << 26), 1 << 26);
                let losing = evaluator
                    .exchange_value(state, action)
                    .is_some_and(|exchange| exchange < 0);
                if losing {
                    LOSING_NOISY.saturating_add(value >> 6)
                } else {
                    NOISY_BASE.saturating_add(value)
                }
            } else {
                self.ordering.quiet_key(seat, ply, action)
            };
            Candidate {
                action,
                key,
                noisy,
                index,
            }
        }));
    }

    /// Lends ply `ply`'s scratch lists to `body` (the rest of a node's
    /// search) and takes them back however it returns, so that no exit of
    /// a node has to restore them by hand.
    fn with_buffers<R>(
        &mut self,
        ply: usize,
        body: impl FnOnce(&mut Self, &mut PlyBuffers<G::Action>) -> R,
    ) -> R {
        let mut buffers = std::mem::take(&mut self.buffers[ply]);
        let result = body(self, &mut buffers);
        self.buffers[ply] = buffers;
        result
    }

    /// The principal-variation search of one node with `depth` plies left.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        state: &G,
        seat: Seat,
        ply: usize,
        mut depth: u32,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        // 1. The node counted, the window narrowed by the mate distance.
        self.pv[ply].clear();
        if self.visit(ply) {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(state, ply);
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let config = self.shared.config;
        let evaluator = self.shared.evaluator;
        let in_check = evaluator.in_check(state);
        if config.check_extension && in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        // 2. The table: a cut-off, or at least an action to try first.
        let hash = state.hash();
        let mut hash_action = None;
        if let Some(entry) = self.shared.tt.probe(hash) {
            hash_action = entry.action;
            if !pv_node && u32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        if config.internal_reduction && hash_action.is_none() && depth >= config.iir_min_depth {
            depth -= 1;
        }
        // 3. A pass (null move) that still holds beta cuts the node.
        let try_null = config.null_move
            && !pv_node
            && !in_check
            && depth >= config.null_move_min_depth
            && beta.abs() <= EVAL_LIMIT
            && !(ply > 0 && self.nulls[ply - 1]);
        let near_frontier = !pv_node
            && !in_check
            && depth <= config.futility_depth
            && (config.reverse_futility || config.futility_pruning);
        let static_eval = (try_null || near_frontier).then(|| self.evaluate(state, ply));
        if try_null && static_eval.is_some_and(|eval| eval >= beta) {
            if let Some(value) = self.null_move_cut(state, seat, ply, depth, beta) {
                return value;
            }
            if self.aborted {
                return 0;
            }
        }
        self.with_buffers(ply, |this, buffers| {
            // 4. The candidates, ranked; none: the game's evaluation says what
            //    the position is worth.
            let PlyBuffers {
                actions,
                candidates: list,
                quiets,
            } = buffers;
            state.legal_actions(actions);
            if actions.is_empty() {
                return this.evaluate(state, ply);
            }
            this.fill_candidates(state, ply, actions, hash_action, list);

            // 5. At the frontier: reverse futility may cut the node at once;
            //    futility, late-move and exchange pruning skip actions.
            let frontier = near_frontier && list.iter().any(|candidate| !candidate.noisy);
            let static_eval = static_eval.filter(|_| frontier);
            if let Some(eval) = static_eval {
                let margin = config.reverse_futility_margin * depth as i32;
                if config.reverse_futility && beta.abs() <= EVAL_LIMIT && eval - margin >= beta {
                    return eval - margin;
                }
            }
            let futile = static_eval.is_some_and(|eval| {
                config.futility_pruning
                    && alpha.abs() <= EVAL_LIMIT
                    && eval + config.futility_margin * depth as i32 <= alpha
            });
            let quiet_limit =
                (config.late_move_pruning && !pv_node && !in_check && depth <= config.lmp_depth)
                    .then(|| 3 + (depth * depth) as usize);
            let exchange_floor =
                (config.see_pruning && !pv_node && !in_check && depth <= config.see_pruning_depth)
                    .then(|| -config.see_margin * depth as i32);

            let pruning = Pruning {
                in_check,
                futile,
                quiet_limit,
                exchange_floor,
            };
            // 6. The actions in order: the first in full, the later ones with
            //    reductions, or shared with waiting threads (a split).
            quiets.clear();
            let original_alpha = alpha;
            let mut best = -INFINITY;
            let mut best_index = None;
            for n in 0..list.len() {
                let candidate = pick_next(list, n);
                let board = (n > 0 && list.len() - n > 1 && (pv_node || !Self::may_cut(candidate)))
                    .then(|| this.split_board(depth))
                    .flatten();
                if let Some(board) = board {
                    let found = this
                        .split(
                            state,
                            seat,
                            ply,
                            depth,
                            (alpha, beta),
                            pv_node,
                            pruning,
                            &list[n..],
                            n,
                            quiets.len(),
                            SplitBest {
                                value: best,
                                index: best_index,
                                pv: if pv_node {
                                    this.pv[ply].clone()
                                } else {
                                    Vec::new()
                                },
                            },
                            board,
                        )
                        .best();
                    if this.aborted {
                        return 0;
                    }
                    best = found.value;
                    if found.index != best_index {
                        best_index = found.index;
                        if pv_node {
                            this.pv[ply] = found.pv;
                        }
                    }
                    break;
                }
                if this.skips(state, n, candidate, &pruning, quiets.len(), best) {
                    continue;
                }
                let mut child = state.clone();
                child.apply(candidate.action);
                let value = if n == 0 {
                    this.child_value(
                        &child,
                        seat,
                        ply + 1,
                        alpha,
                        beta,
                        Node::Full {
                            depth: depth - 1,
                            pv: pv_node,
                        },
                    )
                } else {
                    this.later_value(
                        &child,
                        seat,
                        (ply, depth, n),
                        candidate,
                        (alpha, beta),
                        pv_node,
                        in_check,
                    )
                };
                if this.aborted {
                    return 0;
                }
                if value > best {
                    best = value;
                }
                if value > alpha {
                    alpha = value;
                    best_index = Some(candidate.index);
                    if pv_node {
                        this.set_pv(ply, candidate.action);
                    }
                    if alpha >= beta {
                        if !candidate.noisy {
                            this.ordering
                                .reward(seat, ply, depth, candidate.action, quiets);
                        }
                        break;
                    }
                }
                if !candidate.noisy {
                    quiets.push(candidate.action);
                }
            }

            // 7. The result into the table, its bound by where it fell.
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            this.shared.tt.store(
                hash,
                Entry {
                    action: best_index,
                    score: to_table(best, ply),
                    depth: depth.min(u32::from(u8::MAX)) as u8,
                    bound,
                },
            );
            best
        })
    }

    /// Whether the pruning of a node (`pruning`, after `quiets` quiet
    /// actions and with `best` the highest value so far) skips `candidate`,
    /// the `n`th action searched at `state`.
    fn skips(
        &self,
        state: &G,
        n: usize,
        candidate: Candidate<G::Action>,
        pruning: &Pruning,
        quiets: usize,
        best: i32,
    ) -> bool {
        let settled = n > 0 && best > -MATE_BOUND;
        if settled
            && candidate.is_ordinary_quiet()
            && (pruning.futile || pruning.quiet_limit.is_some_and(|limit| quiets >= limit))
        {
            return true;
        }
        settled
            && candidate.noisy
            && pruning.exchange_floor.is_some_and(|floor| {
                self.shared
                    .evaluator
                    .exchange_value(state, candidate.action)
                    .is_some_and(|exchange| exchange < floor)
            })
    }

    /// Searches root actions `root_moves[first..]` of line `line` together
    /// with the waiting threads, recording each one's value and line as
    /// the sequential pass does; returns the highest value.
    #[allow(clippy::too_many_arguments)]
    fn split_root(
        &mut self,
        (root, seat, board): (&G, Seat, &SplitBoard<G>),
        root_moves: &mut [RootMove<G::Action>],
        (line, first): (usize, usize),
        depth: u32,
        window: (i32, i32),
    ) -> i32 {
        let candidates: Vec<_> = root_moves[first..]
            .iter()
            .enumerate()
            .map(|(order, root_move)| root_move.candidate(order))
            .collect();
        let best = SplitBest {
            value: -INFINITY,
            index: None,
            pv: Vec::new(),
        };
        let split = self.split(
            root,
            seat,
            0,
            depth,
            window,
            true,
            Pruning::NONE,
            &candidates,
            first,
            0,
            best,
            board,
        );
        let searched = split.searched();
        for found in &searched {
            let root_move = &mut root_moves[found.order];
            root_move.score = if found.raised { found.value } else { -INFINITY };
            if found.raised {
                root_move.pv.clone_from(&found.line);
            }
        }
        let last_raise = searched
            .iter()
            .filter(|found| found.raised)
            .max_by_key(|found| found.value);
        if let Some(found) = last_raise.filter(|_| line == 0) {
            self.interim = Some(root_moves[found.order].clone());
        }
        split.best().value
    }

    /// The value of `child`, reached by `candidate`, the `n`th action (not
    /// the first) searched at a node at `ply` with `depth` left: a
    /// zero-window search, reduced when the action is late and quiet (not
    /// at the root), searched again unreduced and then (at
    /// principal-variation nodes) with the full window when it beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn later_value(
        &mut self,
        child: &G,
        seat: Seat,
        (ply, depth, n): (usize, u32, usize),
        candidate: Candidate<G::Action>,
        (alpha, beta): (i32, i32),
        pv_node: bool,
        in_check: bool,
    ) -> i32 {
        let config = self.shared.config;
        let next = depth - 1;
        let reduction = if config.late_move_reductions
            && ply > 0
            && depth >= config.lmr_min_depth
            && n >= config.lmr_min_index
            && candidate.is_ordinary_quiet()
            && !in_check
            && !self.shared.evaluator.in_check(child)
        {
            let mut reduction = self.reductions.get(depth, n);
            if pv_node {
                reduction -= 1;
            }
            if candidate.key > HISTORY_GOOD {
                reduction -= 1;
            } else if candidate.key < -HISTORY_GOOD {
                reduction += 1;
            }
            reduction.clamp(0, next.saturating_sub(1) as i32) as u32
        } else {
            0
        };
        let zero_window = |depth| Node::Full { depth, pv: false };
        let mut value = self.child_value(
            child,
            seat,
            ply + 1,
            alpha,
            alpha + 1,
            zero_window(next - reduction),
        );
        if value > alpha && reduction > 0 && !self.aborted {
            value = self.child_value(child, seat, ply + 1, alpha, alpha + 1, zero_window(next));
        }
        if value > alpha && value < beta && pv_node && !self.aborted {
            value = self.child_value(
                child,
                seat,
                ply + 1,
                alpha,
                beta,
                Node::Full {
                    depth: next,
                    pv: true,
                },
            );
        }
        value
    }

    /// Whether `candidate` is one of the actions most likely to cut a node
    /// off (the table's action, a winning noisy action, a killer): a node
    /// that is not on the principal variation is split only after those,
    /// since a split whose node is then cut off wastes its helpers' work.
    fn may_cut(candidate: Candidate<G::Action>) -> bool {
        candidate.key >= KILLER - 1
    }

    /// The board to share a node's remaining actions on, when the node has
    /// `depth` left and a thread waits for work.
    fn split_board(&self, depth: u32) -> Option<&'a SplitBoard<G>> {
        self.shared
            .splits
            .filter(|board| depth >= self.shared.config.split_min_depth && board.someone_waits())
    }

    /// Searches the remaining `actions` of a node (the first numbered
    /// `first` in search order; see [`SplitPoint::new`] for the rest)
    /// together with the threads that join, and returns what the node
    /// found. Sets `aborted` only when the search above the node is
    /// stopping; a cut-off at the node itself is its result.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        state: &G,
        seat: Seat,
        ply: usize,
        depth: u32,
        window: (i32, i32),
        pv_node: bool,
        pruning: Pruning,
        actions: &[Candidate<G::Action>],
        first: usize,
        quiets: usize,
        best: SplitBest<G::Action>,
        board: &SplitBoard<G>,
    ) -> Arc<SplitPoint<G>> {
        let mut actions = actions.to_vec();
        actions.sort_by_key(|candidate| std::cmp::Reverse(candidate.key));
        let split = Arc::new(SplitPoint::new(
            state.clone(),
            seat,
            ply,
            depth,
            window,
            pv_node,
            pruning,
            actions,
            first,
            quiets,
            best,
            self.splits.last().cloned(),
        ));
        board.open(Arc::clone(&split));
        self.splits.push(Arc::clone(&split));
        self.work_at(&split);
        board.close(&split);
        if !self.stopping_above(&split) {
            self.aborted = false;
        }
        board.set_waiting(true);
        while split.busy() {
            let below = if self.aborted {
                None
            } else {
                board.join(Some(&split))
            };
            match below {
                Some(below) => self.help(&below),
                None => std::hint::spin_loop(),
            }
        }
        board.set_waiting(false);
        self.splits.pop();
        if self.stopping_above(&split) {
            self.aborted = true;
        }
        split
    }

    /// Whether the search above `split` is stopping (not just `split` cut off).
    fn stopping_above(&self, split: &SplitPoint<G>) -> bool {
        self.shared.control.stopped()
            || split.parent.as_ref().is_some_and(|parent| parent.cut_off())
    }

    /// Searches actions of `split` until none is left, it is cut off or the
    /// search aborts.
    fn work_at(&mut self, split: &SplitPoint<G>) {
        let (ply, depth, seat) = (split.ply, split.depth, split.seat);
        let mut quiets = Vec::new();
        while let Some((n, candidate)) = split.take() {
            let best = split.best_value();
            if self.skips(
                &split.state,
                n,
                candidate,
                &split.pruning,
                split.quiets(),
                best,
            ) {
                continue;
            }
            let mut child = split.state.clone();
            child.apply(candidate.action);
            let value = self.later_value(
                &child,
                seat,
                (ply, depth, n),
                candidate,
                (split.alpha(), split.beta),
                split.pv_node,
                split.pruning.in_check,
            );
            if self.aborted {
                return;
            }
            let line = &self.pv[ply + 1];
            if split.record(n, value, (candidate.index, candidate.action), line) {
                if ply > 0 && !candidate.noisy {
                    self.ordering
                        .reward(seat, ply, depth, candidate.action, &quiets);
                }
                return;
            }
            if !candidate.noisy {
                split.count_quiet();
                quiets.push(candidate.action);
            }
        }
    }

    /// Helps at `split` (joined on the board) until its actions are taken.
    fn help(&mut self, split: &Arc<SplitPoint<G>>) {
        self.splits.push(Arc::clone(split));
        self.work_at(split);
        self.splits.pop();
        if !self.shared.control.stopped() {
            self.aborted = false;
        }
        split.leave();
    }

    /// A helper thread's loop when splitting: joins splits until the
    /// search stops. Its outcome has no iteration of its own (`fallback`
    /// stands for an action); it says whether the helper met a chance node
    /// and how deep it went.
    pub fn serve(&mut self, fallback: G::Action) -> Outcome<G::Action> {
        let outcome = |worker: &Self| Outcome {
            lines: Vec::new(),
            depth: 0,
            seldepth: worker.seldepth,
            fallback,
            met_chance: worker.met_chance,
        };
        let Some(board) = self.shared.splits else {
            return outcome(self);
        };
        board.set_waiting(true);
        while !self.shared.control.stopped() {
            match board.join(None) {
                Some(split) => {
                    board.set_waiting(false);
                    self.help(&split);
                    board.set_waiting(true);
                }
                None => std::hint::spin_loop(),
            }
        }
        board.set_waiting(false);
        self.shared
            .control
            .publish(std::mem::take(&mut self.pending));
        outcome(self)
    }

    /// Null-move pruning at a node (`seat` to move in `state` at `ply`, with
    /// `depth` plies left): the seat passes and a reduced zero-window search
    /// around `beta` follows. Returns the cut-off value when even passing
    /// holds beta, `None` when the node must be searched (or the game has
    /// no sound pass here, or the search was aborted).
    fn null_move_cut(
        &mut self,
        state: &G,
        seat: Seat,
        ply: usize,
        depth: u32,
        beta: i32,
    ) -> Option<i32> {
        let child = self.shared.evaluator.null_move(state)?;
        let config = self.shared.config;
        let reduction = 1 + config.null_move_reduction + depth / config.null_move_divisor.max(1);
        self.nulls[ply] = true;
        let value = self.child_value(
            &child,
            seat,
            ply + 1,
            beta - 1,
            beta,
            Node::Full {
                depth: depth.saturating_sub(reduction),
                pv: false,
            },
        );
        self.nulls[ply] = false;
        // A mate found behind a pass proves nothing about the real moves.
        let bounded = if value >= MATE_BOUND { beta } else { value };
        (!self.aborted && value >= beta).then_some(bounded)
    }

    fn set_pv(&mut self, ply: usize, action: G::Action) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(action);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence: the seat to move may stand on the static evaluation when it
    /// has a quiet alternative, or play a noisy action. When every legal action
    /// is noisy (a compulsory capture) there is no standing pat.
    fn quiesce(
        &mut self,
        state: &G,
        seat: Seat,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: usize,
    ) -> i32 {
        // 1. The node counted; past the quiescence horizon, evaluated.
        self.pv[ply].clear();
        if self.visit(ply) {
            return 0;
        }
        let config = self.shared.config;
        if !config.quiescence || ply >= MAX_PLY || qply >= config.quiescence_plies {
            return self.evaluate(state, ply);
        }
        self.with_buffers(ply, |this, buffers| {
            // 2. The noisy actions (every evasion when in check), ranked.
            let PlyBuffers {
                actions,
                candidates: list,
                ..
            } = buffers;
            let evaluator = this.shared.evaluator;
            let evasions = config.check_evasions && evaluator.in_check(state);
            let quiet = if evasions {
                state.legal_actions(actions);
                false
            } else {
                noisy_actions_or_filtered(evaluator, state, actions)
            };
            list.clear();
            list.extend(
                actions
                    .iter()
                    .enumerate()
                    .map(|(index, &action)| Candidate {
                        action,
                        key: evaluator.action_value(state, action),
                        noisy: true,
                        index: u16::try_from(index).unwrap_or(u16::MAX),
                    }),
            );

            // 3. Standing pat, when the seat has a quiet alternative.
            let mut best = -INFINITY;
            let mut stand_pat = None;
            if quiet || list.is_empty() {
                best = this.evaluate(state, ply);
                if best >= beta || list.is_empty() {
                    return best;
                }
                alpha = alpha.max(best);
                stand_pat = Some(best);
            }
            // 4. The noisy actions, hopeless and losing captures skipped.
            for n in 0..list.len() {
                let action = pick_next(list, n).action;
                if let Some(stand) = stand_pat.filter(|_| config.delta_pruning) {
                    let hopeless = evaluator
                        .capture_gain(state, action)
                        .is_some_and(|gain| stand + gain + config.delta_margin <= alpha);
                    if hopeless {
                        continue;
                    }
                }
                if stand_pat.is_some() && config.losing_capture_pruning {
                    let losing = evaluator
                        .exchange_value(state, action)
                        .is_some_and(|exchange| exchange < 0);
                    if losing {
                        continue;
                    }
                }
                let mut child = state.clone();
                child.apply(action);
                let value = this.child_value(
                    &child,
                    seat,
                    ply + 1,
                    alpha,
                    beta,
                    Node::Quiet { qply: qply + 1 },
                );
                if this.aborted {
                    return 0;
                }
                if value > best {
                    best = value;
                }
                if value > alpha {
                    alpha = value;
                    this.set_pv(ply, action);
                    if alpha >= beta {
                        break;
                    }
                }
            }
            best
        })
    }
}
