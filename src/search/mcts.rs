//! Monte Carlo tree search for two-team games with chance events.
//!
//! Each iteration walks down the tree: at a decision node it expands an
//! untried action if any, else follows UCT (the mean value for the team to
//! move plus `c·√(ln N / n)`); at a chance node it samples an outcome by its
//! probability. The new leaf is not played out to the end: its static
//! evaluation, squashed to a win probability, is the "rollout" (evaluation
//! cut-off), and terminal leaves score their returns. Values are team 0's
//! win share in `[0, 1]`, so consecutive decisions of one seat need no sign
//! flip. Root parallelism: each rayon thread grows its own tree with its own
//! seed and share of the iterations, and the root visit counts are summed.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Turn};

use super::searcher::SearchError;
use crate::knowledge::Evaluator;

/// Evaluation units per factor e of odds: an evaluation of `x` means a win
/// share of `1 / (1 + e^(−x / EVAL_SCALE))` for the seat to move.
pub const EVAL_SCALE: f64 = 400.0;

/// A tree's root actions with their visits and summed values.
type RootStats<A> = Vec<(A, u64, f64)>;

/// How long and how wide to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations in all (split among the threads).
    pub iterations: u64,
    /// Stop after this long even if iterations remain.
    pub movetime: Option<Duration>,
    /// Root-parallel threads.
    pub threads: usize,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// The seed of the first thread (thread `t` uses `seed + t`).
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            iterations: 10_000,
            movetime: None,
            threads: 1,
            exploration: 1.0,
            seed: 1,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<A> {
    /// The most visited root action.
    pub best: A,
    /// Its mean value for the seat to move at the root, in `[0, 1]`.
    pub value: f64,
    /// Root actions with their visits and mean values (the mover's view),
    /// most visited first.
    pub actions: Vec<(A, u64, f64)>,
    /// Iterations run by all threads.
    pub iterations: u64,
}

struct Node<A> {
    visits: u64,
    /// Sum of team 0's values over the visits.
    total: f64,
    /// Decision nodes: children by action; chance nodes: by outcome.
    children: Vec<(A, usize)>,
    /// Decision nodes: actions not expanded yet.
    untried: Vec<A>,
    /// Chance nodes: outcomes and probabilities.
    outcomes: Vec<(A, f64)>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Self {
            visits: 0,
            total: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            outcomes: Vec::new(),
        }
    }
}

/// The MCTS searcher (see the module text).
#[derive(Clone, Debug)]
pub struct Mcts<E> {
    evaluator: E,
    config: MctsConfig,
}

impl<E> Mcts<E> {
    /// A searcher with `evaluator` and `config`.
    #[must_use]
    pub fn new(evaluator: E, config: MctsConfig) -> Self {
        Self { evaluator, config }
    }

    /// The settings.
    pub fn config_mut(&mut self) -> &mut MctsConfig {
        &mut self.config
    }
}

impl<E: Sync> Mcts<E> {
    /// Searches `state`, a decision of some seat.
    pub fn search<G: Game>(&self, state: &G) -> Result<MctsResult<G::Action>, SearchError>
    where
        E: Evaluator<G>,
    {
        let seat = match state.turn() {
            Turn::Terminal => return Err(SearchError::GameOver),
            Turn::Chance => return Err(SearchError::Chance),
            Turn::Player(seat) => seat,
        };
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        if actions.is_empty() {
            return Err(SearchError::NoLegalAction);
        }
        let threads = self.config.threads.max(1);
        let share = self.config.iterations.div_ceil(threads as u64).max(1);
        let deadline = self.config.movetime.map(|t| Instant::now() + t);
        let trees: Vec<(RootStats<G::Action>, u64)> = (0..threads)
            .into_par_iter()
            .map(|t| {
                let mut tree = Tree::new(&self.evaluator, self.config, t as u64);
                tree.run(state, share, deadline);
                (tree.root_stats(), tree.iterations)
            })
            .collect();
        let mut merged: HashMap<G::Action, (u64, f64)> = HashMap::new();
        let mut iterations = 0;
        for (stats, n) in trees {
            iterations += n;
            for (action, visits, total) in stats {
                let entry = merged.entry(action).or_insert((0, 0.0));
                entry.0 += visits;
                entry.1 += total;
            }
        }
        let mine = state.team_of(seat) == state.team_of(0);
        let mut ranked: Vec<(G::Action, u64, f64)> = merged
            .into_iter()
            .map(|(action, (visits, total))| {
                let mean = if visits == 0 {
                    0.5
                } else {
                    total / visits as f64
                };
                (action, visits, if mine { mean } else { 1.0 - mean })
            })
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        let Some(&(best, _, value)) = ranked.first() else {
            return Err(SearchError::NoLegalAction);
        };
        Ok(MctsResult {
            best,
            value,
            actions: ranked,
            iterations,
        })
    }
}

/// One thread's tree.
struct Tree<'e, G: Game, E> {
    evaluator: &'e E,
    config: MctsConfig,
    nodes: Vec<Node<G::Action>>,
    rng: Xoshiro256PlusPlus,
    iterations: u64,
}

impl<'e, G: Game, E: Evaluator<G>> Tree<'e, G, E> {
    fn new(evaluator: &'e E, config: MctsConfig, thread: u64) -> Self {
        Self {
            evaluator,
            config,
            nodes: Vec::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(config.seed.wrapping_add(thread)),
            iterations: 0,
        }
    }

    fn add_node(&mut self, state: &G) -> usize {
        let mut node = Node::new();
        match state.turn() {
            Turn::Player(_) => state.legal_actions(&mut node.untried),
            Turn::Chance => state.chance_outcomes(&mut node.outcomes),
            Turn::Terminal => {}
        }
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Runs up to `iterations` (at least one, whatever the deadline).
    fn run(&mut self, root: &G, iterations: u64, deadline: Option<Instant>) {
        self.add_node(root);
        let mut path = Vec::new();
        while self.iterations < iterations {
            let check = self.iterations > 0 && self.iterations.is_multiple_of(64);
            if check && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            path.clear();
            let value = self.iterate(root.clone(), &mut path);
            for &index in &path {
                let node = &mut self.nodes[index];
                node.visits += 1;
                node.total += value;
            }
            self.iterations += 1;
        }
    }

    /// One descent from the root; returns team 0's value of the leaf.
    fn iterate(&mut self, mut state: G, path: &mut Vec<usize>) -> f64 {
        let mut index = 0;
        loop {
            path.push(index);
            match state.turn() {
                Turn::Terminal => return self.leaf_value(&state),
                Turn::Chance => {
                    let action = self.sample(index);
                    state.apply(action);
                    let found = self.nodes[index]
                        .children
                        .iter()
                        .find(|(a, _)| *a == action)
                        .map(|&(_, c)| c);
                    match found {
                        Some(child) => index = child,
                        None => {
                            let child = self.add_node(&state);
                            self.nodes[index].children.push((action, child));
                            path.push(child);
                            return self.leaf_value(&state);
                        }
                    }
                }
                Turn::Player(seat) => {
                    if let Some(action) = self.nodes[index].untried.pop() {
                        state.apply(action);
                        let child = self.add_node(&state);
                        self.nodes[index].children.push((action, child));
                        path.push(child);
                        return self.leaf_value(&state);
                    }
                    let mine = state.team_of(seat) == state.team_of(0);
                    let Some((action, child)) = self.select(index, mine) else {
                        return self.leaf_value(&state);
                    };
                    state.apply(action);
                    index = child;
                }
            }
        }
    }

    fn sample(&mut self, index: usize) -> G::Action {
        let outcomes = &self.nodes[index].outcomes;
        let mut x: f64 = self.rng.gen();
        for &(action, p) in outcomes {
            x -= p;
            if x <= 0.0 {
                return action;
            }
        }
        outcomes[outcomes.len() - 1].0
    }

    /// The UCT child of a fully expanded decision node.
    fn select(&self, index: usize, maximising: bool) -> Option<(G::Action, usize)> {
        let node = &self.nodes[index];
        let log_n = (node.visits.max(1) as f64).ln();
        let c = self.config.exploration;
        node.children
            .iter()
            .map(|&(action, child)| {
                let n = &self.nodes[child];
                let visits = n.visits.max(1) as f64;
                let mean = n.total / visits;
                let own = if maximising { mean } else { 1.0 - mean };
                (own + c * (log_n / visits).sqrt(), action, child)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, action, child)| (action, child))
    }

    /// Team 0's value of a leaf: its returns, or its squashed evaluation.
    fn leaf_value(&self, state: &G) -> f64 {
        match state.turn() {
            Turn::Terminal => state
                .returns()
                .map_or(0.5, |r| r.first().copied().unwrap_or(0.5)),
            Turn::Player(seat) => {
                let x = f64::from(self.evaluator.evaluate(state)) / EVAL_SCALE;
                let share = 1.0 / (1.0 + (-x).exp());
                if state.team_of(seat) == state.team_of(0) {
                    share
                } else {
                    1.0 - share
                }
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                state.chance_outcomes(&mut outcomes);
                outcomes
                    .into_iter()
                    .map(|(action, p)| {
                        let mut child = state.clone();
                        child.apply(action);
                        p * self.leaf_value(&child)
                    })
                    .sum()
            }
        }
    }

    fn root_stats(&self) -> RootStats<G::Action> {
        self.nodes.first().map_or_else(Vec::new, |root| {
            root.children
                .iter()
                .map(|&(action, child)| (action, self.nodes[child].visits, self.nodes[child].total))
                .collect()
        })
    }
}
