//! Perfect-information Monte Carlo tree search (UCT) for games of any number
//! of seats: each node keeps the summed returns of every seat, and the seat
//! to move picks the child best for itself. Chance outcomes are drawn by
//! their probability and get nodes of their own. Playouts are uniformly
//! random. Used inside determinized search ([`super::pimc`]) and by the
//! cheating measurement player; root-parallel over rayon.

use rand::{Rng, RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Returns, Turn, MAX_SEATS};
use crate::knowledge::draw_outcome;

/// How much and how widely an MCTS searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per decision (split over the parallel trees or worlds).
    pub iterations: u32,
    /// The UCT exploration constant, in the game's points (Muzicando hand
    /// scores span about 20 points).
    pub exploration: f64,
    /// Independent trees (or worlds) searched in parallel on rayon.
    pub parallel: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 2000,
            exploration: 6.0,
            parallel: 8,
        }
    }
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

/// Adds `more` into `into`, matching actions.
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

/// The most visited action (ties: the best mean), if any.
#[must_use]
pub fn most_visited<A: Copy>(stats: &[ActionStats<A>]) -> Option<A> {
    stats
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.mean().total_cmp(&b.mean())))
        .map(|s| s.action)
}

/// Plays uniformly random actions (chance by probability) to the end and
/// returns the returns.
pub fn random_playout<G: Game>(mut state: G, rng: &mut dyn RngCore) -> Returns {
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        match state.turn() {
            Turn::Terminal => return state.returns().unwrap_or_default(),
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let action = draw_outcome(&outcomes, rng);
                state.apply(action);
            }
            Turn::Player(_) => {
                state.legal_actions(&mut actions);
                let i = (rng.next_u64() % actions.len() as u64) as usize;
                state.apply(actions[i]);
            }
        }
    }
}

struct Node<A> {
    visits: u32,
    sum: [f64; MAX_SEATS],
    children: Vec<(A, u32)>,
    untried: Option<Vec<A>>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0,
            sum: [0.0; MAX_SEATS],
            children: Vec::new(),
            untried: None,
        }
    }
}

/// One UCT tree over a perfect-information state.
pub struct Tree<G: Game> {
    root: G,
    nodes: Vec<Node<G::Action>>,
    exploration: f64,
}

impl<G: Game> Tree<G> {
    /// A tree rooted at `root`.
    #[must_use]
    pub fn new(root: G, exploration: f64) -> Self {
        Tree {
            root,
            nodes: vec![Node::new()],
            exploration,
        }
    }

    /// Runs `iterations` playouts.
    pub fn run(&mut self, iterations: u32, rng: &mut Xoshiro256PlusPlus) {
        let mut path = Vec::with_capacity(128);
        let mut buffer = Vec::new();
        for _ in 0..iterations {
            path.clear();
            let mut state = self.root.clone();
            let mut node = 0u32;
            path.push(node);
            let returns = loop {
                match state.turn() {
                    Turn::Terminal => break state.returns().unwrap_or_default(),
                    Turn::Chance => {
                        state.chance_outcomes(&mut buffer);
                        let action = draw_outcome(&buffer, rng);
                        state.apply(action);
                        node = self.child_or_new(node, action);
                        path.push(node);
                    }
                    Turn::Player(seat) => {
                        let n = &mut self.nodes[node as usize];
                        let untried = n.untried.get_or_insert_with(|| {
                            let mut legal = Vec::new();
                            state.legal_actions(&mut legal);
                            legal
                        });
                        if !untried.is_empty() {
                            let i = rng.gen_range(0..untried.len());
                            let action = untried.swap_remove(i);
                            state.apply(action);
                            node = self.push_child(node, action);
                            path.push(node);
                            break random_playout(state, rng);
                        }
                        let (action, child) = self.select(node, seat);
                        state.apply(action);
                        node = child;
                        path.push(node);
                    }
                }
            };
            for &n in &path {
                let n = &mut self.nodes[n as usize];
                n.visits += 1;
                for (s, r) in n.sum.iter_mut().zip(returns.iter()) {
                    *s += r;
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

    fn select(&self, node: u32, seat: usize) -> (G::Action, u32) {
        let parent = &self.nodes[node as usize];
        let log = f64::from(parent.visits.max(1)).ln();
        let mut best = parent.children[0];
        let mut best_value = f64::NEG_INFINITY;
        for &(action, child) in &parent.children {
            let c = &self.nodes[child as usize];
            let visits = f64::from(c.visits.max(1));
            let value = c.sum[seat] / visits + self.exploration * (log / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = (action, child);
            }
        }
        best
    }

    /// The root actions with their visits and the root mover's returns.
    #[must_use]
    pub fn root_stats(&self) -> Vec<ActionStats<G::Action>> {
        let seat = match self.root.turn() {
            Turn::Player(seat) => seat,
            _ => 0,
        };
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
}

/// Root-parallel UCT from a perfect-information state: `config.parallel`
/// trees with their own seeds, their root statistics merged.
#[must_use]
pub fn search<G: Game>(state: &G, config: &MctsConfig, seed: u64) -> Vec<ActionStats<G::Action>> {
    let parallel = config.parallel.max(1);
    let per_tree = (config.iterations / parallel as u32).max(1);
    let results: Vec<_> = (0..parallel)
        .into_par_iter()
        .map(|i| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let mut tree = Tree::new(state.clone(), config.exploration);
            tree.run(per_tree, &mut rng);
            tree.root_stats()
        })
        .collect();
    let mut merged = Vec::new();
    for r in &results {
        merge_stats(&mut merged, r);
    }
    merged
}
