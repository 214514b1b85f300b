//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse): one
//! tree over the observer's information sets, keyed by the actions taken
//! since the root. Each playout samples a world consistent with the
//! observation, descends choosing only among actions legal in that world
//! (UCB with availability counts: a child's exploration term counts the
//! playouts in which it was available), expands one action, finishes with a
//! random playout and credits every seat's return along the path. Chance
//! outcomes (draws) are sampled and not branched on. Root-parallel on rayon:
//! independent trees, root statistics merged. Only the observation is read.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{HiddenInfo, Turn, MAX_SEATS};
use crate::knowledge::draw_outcome;

use super::world_mcts::{merge_stats, random_playout, ActionStats, MctsConfig};

struct Node<A> {
    visits: u32,
    available: u32,
    sum: [f64; MAX_SEATS],
    children: Vec<(A, u32)>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0,
            available: 0,
            sum: [0.0; MAX_SEATS],
            children: Vec::new(),
        }
    }
}

/// One information-set tree for the observing seat.
struct InfoTree<'o, G: HiddenInfo> {
    observation: &'o G::Observation,
    nodes: Vec<Node<G::Action>>,
    exploration: f64,
}

impl<G: HiddenInfo> InfoTree<'_, G> {
    fn run(&mut self, iterations: u32, rng: &mut Xoshiro256PlusPlus) {
        let mut path: Vec<u32> = Vec::with_capacity(128);
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..iterations {
            path.clear();
            let mut state = G::sample_world(self.observation, rng);
            let mut node = 0u32;
            path.push(node);
            let returns = loop {
                match state.turn() {
                    Turn::Terminal => break state.returns().unwrap_or_default(),
                    Turn::Chance => {
                        state.chance_outcomes(&mut outcomes);
                        let action = draw_outcome(&outcomes, rng);
                        state.apply(action);
                    }
                    Turn::Player(seat) => {
                        state.legal_actions(&mut legal);
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
                            let action = untried[rng.gen_range(0..untried.len())];
                            let index = self.nodes.len() as u32;
                            let mut fresh = Node::new();
                            fresh.available = 1;
                            self.nodes.push(fresh);
                            self.nodes[node as usize].children.push((action, index));
                            state.apply(action);
                            path.push(index);
                            break random_playout(state, rng);
                        }
                        let (action, child) = self.select(node, seat, &legal);
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

    fn select(&self, node: u32, seat: usize, legal: &[G::Action]) -> (G::Action, u32) {
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for &(action, child) in &self.nodes[node as usize].children {
            if !legal.contains(&action) {
                continue;
            }
            let c = &self.nodes[child as usize];
            let visits = f64::from(c.visits.max(1));
            let log = f64::from(c.available.max(1)).ln();
            let value = c.sum[seat] / visits + self.exploration * (log / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = Some((action, child));
            }
        }
        best.expect("every legal action has a child once none is untried")
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
}

/// Runs `config.parallel` independent information-set trees for the
/// observing seat, which must be the seat to move, and returns their merged
/// root statistics (visits and the observer's summed returns per action).
#[must_use]
pub fn ismcts_search<G: HiddenInfo>(
    observation: &G::Observation,
    config: &MctsConfig,
    seed: u64,
) -> Vec<ActionStats<G::Action>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let Turn::Player(seat) = G::sample_world(observation, &mut rng).turn() else {
        return Vec::new();
    };
    let trees = config.parallel.max(1);
    let per_tree = (config.iterations / trees as u32).max(1);
    let results: Vec<_> = (0..trees)
        .into_par_iter()
        .map(|i| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let mut tree = InfoTree::<G> {
                observation,
                nodes: vec![Node::new()],
                exploration: config.exploration,
            };
            tree.run(per_tree, &mut rng);
            tree.root_stats(seat)
        })
        .collect();
    let mut merged = Vec::new();
    for r in &results {
        merge_stats(&mut merged, r);
    }
    merged
}
