//! Players for games with chance events: the expectimax engine, the MCTS
//! engine, and the greedy one-ply player that never takes a chance.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Game, PerfectInfo, Turn};
use crate::search::expectimax::{Expectimax, Pruning};
use crate::search::score::{terminal_score, Score};
use crate::search::uct::{self, Leaf, Opponents, UctConfig, Worlds};
use crate::search::{Evaluator, Limits, PvLine};

use super::most_visited::leveled;
use crate::engine::level::{Choice, LevelChooser};
use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stats, Stop, View};

/// Chooses by expectimax search: the best action, or under a level's
/// [`Choice`] an action drawn from the softmax of every root action's
/// expected value ([`Expectimax::root_values`], [`crate::engine::level`]).
pub struct ExpectimaxPlayer<G: Game, E> {
    name: String,
    searcher: Expectimax<G, E>,
    chooser: Option<LevelChooser>,
}

/// How far below the best, in temperatures, a level's expectimax player
/// stops valuing root actions exactly: such an action is drawn at most
/// e⁻¹² ≈ 6·10⁻⁶ times as often as the best.
const LEVEL_MARGIN_TEMPERATURES: f64 = 12.0;

impl<G: Game, E: Evaluator<G>> ExpectimaxPlayer<G, E> {
    /// A player named `name` searching with `evaluator`, `pruning` and a
    /// table of `2^table_bits` entries.
    #[must_use]
    pub fn new(name: &str, evaluator: E, pruning: Pruning, table_bits: u32) -> Self {
        Self::with_searcher(name, Expectimax::new(evaluator, pruning, table_bits))
    }

    /// A player named `name` choosing with `searcher`.
    #[must_use]
    pub fn with_searcher(name: &str, searcher: Expectimax<G, E>) -> Self {
        Self {
            name: name.to_string(),
            searcher,
            chooser: None,
        }
    }

    /// The same player choosing by the level rule at `choice`, drawing
    /// from `seed`.
    #[must_use]
    pub fn with_choice(mut self, choice: Choice, seed: u64) -> Self {
        self.chooser = Some(LevelChooser::new(choice, seed));
        self
    }
}

impl<G: PerfectInfo, E: Evaluator<G>> Player<G> for ExpectimaxPlayer<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        if let Some(chooser) = &mut self.chooser {
            return leveled_expectimax(&mut self.searcher, chooser, view, limits, stop);
        }
        let result = self
            .searcher
            .run(view.observation, limits, stop, &mut |report| {
                info.info(report)
            })?;
        Ok(Decision {
            action: result.best,
            score: Some(result.value.round() as i32),
            lines: Vec::new(),
            stats: Stats {
                depth: result.depth,
                nodes: result.nodes,
                time: result.time,
            },
        })
    }

    fn new_game(&mut self) {
        self.searcher.new_game();
    }

    fn release_memory(&mut self) {
        self.searcher.release_memory();
    }
}

/// A level's expectimax decision: every root action valued, one drawn by
/// `chooser` among the legal ones, every valued action a line (best first).
fn leveled_expectimax<G: PerfectInfo, E: Evaluator<G>>(
    searcher: &mut Expectimax<G, E>,
    chooser: &mut LevelChooser,
    view: &View<'_, G>,
    limits: &Limits,
    stop: &Stop,
) -> Result<Decision<G::Action>, PlayerError> {
    let margin = LEVEL_MARGIN_TEMPERATURES * chooser.temperature();
    let root = searcher.root_values(view.observation, limits, stop, margin)?;
    let values: Vec<(G::Action, f64)> = root
        .values
        .into_iter()
        .filter(|(action, _)| view.legal.contains(action))
        .collect();
    let scores: Vec<f64> = values.iter().map(|&(_, v)| v).collect();
    let Some(index) = chooser.pick(&scores) else {
        let action = *view.legal.first().ok_or(PlayerError::NotAPlayersTurn)?;
        return Ok(Decision::action(action));
    };
    let (action, value) = values[index];
    Ok(Decision {
        action,
        score: Some(value.round() as i32),
        lines: values
            .iter()
            .map(|&(action, value)| PvLine {
                score: Score(value.round() as i32),
                pv: vec![action],
            })
            .collect(),
        stats: Stats {
            depth: root.depth,
            nodes: root.nodes,
            time: root.time,
        },
    })
}

/// Chooses by UCT with evaluation leaves: playouts from the limits' node
/// count ([`MCTS_PLAYOUTS`] if the limits set no bound), stopping early at
/// the limits' time or when `stop` is set.
pub struct MctsPlayer<E> {
    name: String,
    evaluator: E,
    config: UctConfig,
    seed: u64,
    moves: u64,
    chooser: Option<LevelChooser>,
}

/// Playouts per decision of an MCTS player whose limits set no bound.
pub const MCTS_PLAYOUTS: u64 = 10_000;

impl<E> MctsPlayer<E> {
    /// A player named `name` searching with `evaluator` and `config`,
    /// seeded by `seed`.
    #[must_use]
    pub fn new(name: &str, evaluator: E, config: UctConfig, seed: u64) -> Self {
        Self {
            name: name.to_string(),
            evaluator,
            config,
            seed,
            moves: 0,
            chooser: None,
        }
    }

    /// The same player choosing by the level rule at `choice`, if any.
    #[must_use]
    pub fn with_choice(mut self, choice: Option<Choice>) -> Self {
        self.chooser = choice.map(|choice| LevelChooser::new(choice, self.seed));
        self
    }
}

impl<G: PerfectInfo, E: Evaluator<G>> Player<G> for MctsPlayer<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        self.moves += 1;
        self.seed = self.seed.wrapping_add(self.moves);
        let result = uct::search(
            Worlds::Fixed(view.observation),
            Leaf::Evaluation(&self.evaluator),
            Opponents::Search,
            &self.config,
            &limits.or_nodes(MCTS_PLAYOUTS),
            stop,
            self.seed,
            &mut |report| info.info(report),
        )?;
        Ok(leveled(result, view.legal, self.chooser.as_mut()))
    }
}

/// The best action one ply ahead by the static evaluation, among those that
/// do not lead straight to a chance event (in card chess: it never draws),
/// unless every action does. In C'escacs and Camelot, whose evaluations are
/// led by material, this is the one-ply greedy capturer: it takes the most
/// valuable capture there is and otherwise the move that looks best at once.
/// Equally good actions are chosen between at random, reproducibly by seed,
/// so that games against it vary.
pub struct GreedyPlayer<E> {
    evaluator: E,
    rng: Xoshiro256PlusPlus,
    name: String,
}

impl<E> GreedyPlayer<E> {
    /// A greedy player judging with `evaluator`, breaking ties with `seed`.
    #[must_use]
    pub fn new(evaluator: E, seed: u64) -> Self {
        Self {
            evaluator,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            name: "greedy".to_string(),
        }
    }
}

impl<G: PerfectInfo, E: Evaluator<G>> Player<G> for GreedyPlayer<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        _limits: &Limits,
        _stop: &Stop,
        _info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let state = view.observation;
        let seat = view.seat;
        let scored: Vec<((bool, i32), G::Action)> = view
            .legal
            .iter()
            .copied()
            .map(|action| {
                let mut child = state.clone();
                child.apply(action);
                let value = match child.turn() {
                    Turn::Terminal => child.returns().map_or(0, |r| terminal_score(&r, seat, 1)),
                    Turn::Player(next) => {
                        let v = self.evaluator.evaluate(&child);
                        if child.team_of(next) == state.team_of(seat) {
                            v
                        } else {
                            -v
                        }
                    }
                    Turn::Chance => i32::MIN,
                };
                ((child.turn() != Turn::Chance, value), action)
            })
            .collect();
        let best = scored
            .iter()
            .map(|&(key, _)| key)
            .max()
            .ok_or(PlayerError::NotAPlayersTurn)?;
        let ties: Vec<G::Action> = scored
            .into_iter()
            .filter(|&(key, _)| key == best)
            .map(|(_, action)| action)
            .collect();
        Ok(Decision::action(ties[self.rng.gen_range(0..ties.len())]))
    }
}
