//! Tree-parallel UCT: every thread descends one shared tree, its nodes in a
//! concurrent table ([`DashMap`]) keyed by the hash of the actions (chance
//! outcomes included) that lead to them from the root. A thread that
//! passes through a node adds a *virtual loss* to it until its playout is
//! credited: the node counts one more visit that returned `−c` (minus the
//! exploration constant) to the seat choosing it, which steers the other
//! threads to other lines instead of all following the same one.
//!
//! Selection, expansion, chance and leaves follow [`super::uct`]: the same
//! worlds (a fixed state, or one sampled per playout over information
//! sets), the same leaves, the same UCB. Determinized search with one
//! world per tree is root-parallel by nature and is not served here.
//!
//! On one rayon thread the workers take turns and the search is
//! reproducible like the root-parallel one; on several, the order in which
//! they update the tree varies from run to run, and so may the statistics.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dashmap::DashMap;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Returns, Turn, MAX_SEATS};
use crate::knowledge::draw_outcome;

use super::control::Control;
use super::info::{PvLine, SearchInfo};
use super::limits::Limits;
use super::searcher::SearchError;
use super::uct::{
    in_batches, mover_team, rank, root, tree_seed, ucb, ActionStats, Leaf, Objective, Opponents,
    UctConfig, UctResult, Worlds,
};

/// The key of the root node.
const ROOT: u64 = 0x6A09_E667_F3BC_C908;

/// The key of the node reached from `parent` by `action`.
fn child_key<A: Hash>(parent: u64, action: A) -> u64 {
    let mut hasher = DefaultHasher::new();
    parent.hash(&mut hasher);
    action.hash(&mut hasher);
    hasher.finish()
}

/// One node of the shared tree.
struct Node<A> {
    visits: u32,
    available: u32,
    /// Threads now below this node whose playouts are not credited yet.
    virtual_loss: u32,
    sum: [f64; MAX_SEATS],
    /// The children's actions, in the order they were added.
    children: Vec<A>,
    /// In trees over one world, the actions not expanded yet.
    untried: Option<Vec<A>>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            visits: 0,
            available: 0,
            virtual_loss: 0,
            sum: [0.0; MAX_SEATS],
            children: Vec::new(),
            untried: None,
        }
    }
}

/// The shared tree.
struct Shared<'w, G: Game> {
    worlds: Worlds<'w, G>,
    nodes: DashMap<u64, Node<G::Action>>,
    exploration: f64,
    /// What the seats maximise.
    objective: Objective,
}

impl<G: Game> Shared<'_, G> {
    /// Runs playouts on one thread until it has run `budget` or `control`
    /// stops; returns the playouts run.
    fn run(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        done: u64,
        budget: u64,
        leaf: Leaf<'_, G>,
        opponents: Opponents<'_, G>,
        control: &Control,
    ) -> u64 {
        let mut path = Vec::with_capacity(128);
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        let mut count = done;
        let mut teams = None;
        while count < budget {
            if control.stopped() || (count % 16 == 15 && control.publish(16)) {
                break;
            }
            path.clear();
            let state = self.worlds.draw(rng);
            self.objective.read_teams(&mut teams, &state);
            let mut returns = self.playout(
                state,
                leaf,
                opponents,
                rng,
                &mut path,
                &mut legal,
                &mut outcomes,
            );
            if let Some(teams) = &teams {
                returns = self.objective.values(teams, returns);
            }
            for (i, &key) in path.iter().enumerate() {
                let mut node = self.nodes.entry(key).or_insert_with(Node::new);
                node.visits += 1;
                if i > 0 {
                    node.virtual_loss -= 1;
                }
                for (s, r) in node.sum.iter_mut().zip(returns.iter()) {
                    *s += r;
                }
            }
            count += 1;
        }
        count - done
    }

    /// Lists `action` among the children of the node `key` if it is not
    /// yet; whether it was not (a fresh child).
    fn add_child(&self, key: u64, action: G::Action) -> bool {
        let mut parent = self.nodes.entry(key).or_insert_with(Node::new);
        let fresh = !parent.children.contains(&action);
        if fresh {
            parent.children.push(action);
        }
        fresh
    }

    /// Marks the node `key` as entered by this thread (a virtual loss) and
    /// adds it to `path`.
    fn enter(&self, key: u64, path: &mut Vec<u64>) {
        self.nodes.entry(key).or_insert_with(Node::new).virtual_loss += 1;
        path.push(key);
    }

    /// One descent from the root with virtual losses on the way (the other
    /// teams' seats moved by `opponents`); `path` receives the keys to
    /// credit.
    #[allow(clippy::too_many_arguments)]
    fn playout(
        &self,
        mut state: G,
        leaf: Leaf<'_, G>,
        opponents: Opponents<'_, G>,
        rng: &mut Xoshiro256PlusPlus,
        path: &mut Vec<u64>,
        legal: &mut Vec<G::Action>,
        outcomes: &mut Vec<(G::Action, f64)>,
    ) -> Returns {
        let info_sets = !self.worlds.branches_on_chance();
        let root_team = mover_team(&state);
        let mut key = ROOT;
        self.nodes.entry(ROOT).or_insert_with(Node::new);
        path.push(ROOT);
        loop {
            match state.turn() {
                Turn::Terminal => return state.returns().unwrap_or_default(),
                Turn::Chance => {
                    state.chance_outcomes(outcomes);
                    let action = draw_outcome(outcomes, rng);
                    state.apply(action);
                    if !info_sets {
                        let child = child_key(key, action);
                        self.nodes.entry(child).or_insert_with(Node::new);
                        self.add_child(key, action);
                        self.enter(child, path);
                        key = child;
                    }
                }
                Turn::Player(seat) => {
                    let modelled = opponents.model_move(&state, root_team, rng);
                    let expansion = if let Some(action) = modelled {
                        Some((action, self.add_child(key, action)))
                    } else if info_sets {
                        state.legal_actions(legal);
                        let children = self.nodes.get(&key).map(|n| n.children.clone());
                        let children = children.unwrap_or_default();
                        for action in children.iter().filter(|a| legal.contains(a)) {
                            if let Some(mut child) = self.nodes.get_mut(&child_key(key, *action)) {
                                child.available += 1;
                            }
                        }
                        let untried: Vec<_> = legal
                            .iter()
                            .copied()
                            .filter(|a| !children.contains(a))
                            .collect();
                        (!untried.is_empty()).then(|| {
                            let action = untried[rng.gen_range(0..untried.len())];
                            (action, self.add_child(key, action))
                        })
                    } else {
                        let mut node = self.nodes.entry(key).or_insert_with(Node::new);
                        let node = &mut *node;
                        let untried = node.untried.get_or_insert_with(|| {
                            let mut all = Vec::new();
                            state.legal_actions(&mut all);
                            all
                        });
                        (!untried.is_empty()).then(|| {
                            let i = rng.gen_range(0..untried.len());
                            let action = untried.swap_remove(i);
                            node.children.push(action);
                            (action, true)
                        })
                    };
                    if let Some((action, fresh)) = expansion {
                        let child = child_key(key, action);
                        if info_sets {
                            self.nodes.entry(child).or_insert_with(Node::new).available += 1;
                        }
                        self.enter(child, path);
                        state.apply(action);
                        if fresh {
                            return leaf.value(state, rng);
                        }
                        key = child;
                        continue;
                    }
                    // Another thread may be adding the last child right now:
                    // value the node as a leaf rather than wait.
                    let Some(action) =
                        self.select(key, seat, info_sets.then_some(legal.as_slice()))
                    else {
                        return leaf.value(state, rng);
                    };
                    let child = child_key(key, action);
                    self.enter(child, path);
                    state.apply(action);
                    key = child;
                }
            }
        }
    }

    /// The UCB child for `seat` of a fully expanded node, virtual losses
    /// counted (the first of equals); `None` if no child is listed yet
    /// (another thread is adding the only one).
    fn select(&self, key: u64, seat: usize, legal: Option<&[G::Action]>) -> Option<G::Action> {
        let (parent_visits, children) = {
            let node = self.nodes.get(&key).expect("the node was entered");
            (node.visits + node.virtual_loss, node.children.clone())
        };
        let parent_log = f64::from(parent_visits.max(1)).ln();
        let c = self.exploration;
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for action in children {
            if legal.is_some_and(|legal| !legal.contains(&action)) {
                continue;
            }
            // A child another thread is adding right now counts as unvisited.
            let (visits, pending, available, sum) =
                self.nodes
                    .get(&child_key(key, action))
                    .map_or((0, 0, 0, 0.0), |child| {
                        (
                            child.visits,
                            child.virtual_loss,
                            child.available,
                            child.sum[seat],
                        )
                    });
            let log = match legal {
                Some(_) => f64::from(available.max(1)).ln(),
                None => parent_log,
            };
            let value = ucb(sum, f64::from(visits), f64::from(pending), log, c);
            if value > best_value {
                best_value = value;
                best = Some(action);
            }
        }
        best
    }

    fn root_stats(&self, seat: usize) -> Vec<ActionStats<G::Action>> {
        let children = self
            .nodes
            .get(&ROOT)
            .map(|n| n.children.clone())
            .unwrap_or_default();
        children
            .into_iter()
            .filter_map(|action| {
                let child = self.nodes.get(&child_key(ROOT, action))?;
                Some(ActionStats {
                    action,
                    visits: u64::from(child.visits),
                    total: child.sum[seat],
                })
            })
            .collect()
    }

    /// The most visited line from the root, starting with `first`.
    fn line(&self, first: G::Action) -> Vec<G::Action> {
        let mut pv = vec![first];
        let mut key = child_key(ROOT, first);
        while pv.len() < 32 {
            let Some(children) = self.nodes.get(&key).map(|n| n.children.clone()) else {
                break;
            };
            let next = children
                .into_iter()
                .filter_map(|a| {
                    let visits = self.nodes.get(&child_key(key, a))?.visits;
                    (visits > 0).then_some((a, visits))
                })
                .max_by_key(|&(_, visits)| visits);
            let Some((action, _)) = next else {
                break;
            };
            pv.push(action);
            key = child_key(key, action);
        }
        pv
    }
}

/// Tree-parallel search: [`UctConfig::trees`] workers (run on as many
/// threads as rayon has) on one shared tree, sharing the playouts of
/// `limits` equally, the other teams' seats choosing as `opponents` says;
/// otherwise as [`super::uct::search`].
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
    let threads = config.trees.max(1);
    let budget = limits
        .nodes
        .map_or(u64::MAX, |n| (n / threads as u64).max(1));
    let shared = Shared {
        worlds,
        nodes: DashMap::new(),
        exploration: config.exploration,
        objective: config.objective,
    };
    let mut workers: Vec<(Xoshiro256PlusPlus, u64)> = (0..threads)
        .map(|i| (Xoshiro256PlusPlus::seed_from_u64(tree_seed(seed, i)), 0))
        .collect();
    Ok(in_batches(&control, on_info, |batch| {
        workers.par_iter_mut().for_each(|(rng, done)| {
            let target = done.saturating_add(batch).min(budget);
            *done += shared.run(rng, *done, target, leaf, opponents, &control);
        });
        let stats = rank(&shared.root_stats(seat), &legal);
        let best = stats[0].action;
        let result = UctResult {
            best,
            lines: vec![PvLine {
                score: leaf.score(stats[0].mean()),
                pv: shared.line(best),
            }],
            stats,
            iterations: workers.iter().map(|w| w.1).sum(),
            time: control.elapsed(),
        };
        (result, workers.iter().all(|w| w.1 >= budget))
    }))
}
