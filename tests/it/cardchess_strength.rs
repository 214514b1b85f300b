//! Card chess strength by duplicate pairs: each pair plays two games on the
//! same deck order with colours swapped, so luck of the draw cancels out.
//! Slow: `cargo test --release --test it cardchess_strength:: -- --ignored --nocapture`
//! (`PAIRS=N` sets the number of pairs, 200 by default).

use tauler::engine::{
    Decision, EndReason, Ending, ExpectimaxPlayer, GreedyPlayer, InfoSink, Match, MatchHooks,
    MctsPlayer, Occupant, Player, PlayerError, Progress, RandomPlayer, SeededChance, Stop, View,
};
use tauler::game::Game;
use tauler::games::cardchess::{CardChess, CardChessEval, CardChessOptions};
use tauler::search::expectimax::Pruning;
use tauler::search::uct::UctConfig;
use tauler::search::Limits;

/// A player held to its own limits, whatever it is asked with.
struct AtLimits<P>(P, Limits);

trait At: Sized {
    fn at(self, limits: Limits) -> AtLimits<Self> {
        AtLimits(self, limits)
    }
}

impl<P: Player<CardChess>> At for P {}

impl<P: Player<CardChess>> Player<CardChess> for AtLimits<P> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(
        &mut self,
        view: &View<'_, CardChess>,
        _limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<tauler::games::cardchess::Action>,
    ) -> Result<Decision<tauler::games::cardchess::Action>, PlayerError> {
        self.0.choose(view, &self.1, stop, info)
    }
}

/// Games longer than this many decisions are scored as draws.
const MAX_DECISIONS: u32 = 400;

type Maker = fn(u64) -> Box<dyn Player<CardChess>>;

/// The referee of these matches: every seat at its own limits (the players
/// hold them), a game past [`MAX_DECISIONS`] a draw.
struct DecisionCap;

impl MatchHooks<CardChess> for DecisionCap {
    fn limits(&mut self, _seat: usize) -> Limits {
        Limits::default()
    }

    fn before_turn(&mut self, _state: &CardChess, ply: u32) -> Option<Ending> {
        (ply >= MAX_DECISIONS).then(|| Ending {
            result: vec![0.5, 0.5],
            reason: EndReason::Referee("decision cap"),
            fault: None,
        })
    }
}

/// Plays one game through the match loop, its draws from the chance
/// stream of `seed` (so both games of a pair draw the same cards while
/// their piles agree); `players[seat]` moves for `seat`. Returns seat 0's
/// points.
fn play(players: [Box<dyn Player<CardChess>>; 2], seed: u64) -> f64 {
    let mut seats = players.map(Occupant::Engine);
    let mut game = Match::new(
        CardChess::new(&CardChessOptions::default()),
        Box::new(SeededChance::new(seed)),
        0,
    );
    match game.advance(&mut seats, &mut DecisionCap) {
        Progress::Over(ending) => ending.result[0],
        Progress::Waiting(seat) => panic!("seat {seat} has no engine"),
    }
}

/// The score share of `a` against `b` over duplicate pairs.
fn duplicate_match(a: Maker, b: Maker, pairs: u64) -> f64 {
    let shares = pair_shares(a, b, pairs);
    shares.iter().sum::<f64>() / shares.len() as f64
}

/// `a`'s score share in each duplicate pair against `b`.
fn pair_shares(a: Maker, b: Maker, pairs: u64) -> Vec<f64> {
    (0..pairs)
        .map(|pair| {
            let seed = 1000 + pair;
            let mut points = play([a(seed), b(seed)], seed);
            points += 1.0 - play([b(seed), a(seed)], seed);
            points / 2.0
        })
        .collect()
}

/// The Elo difference of a score share.
fn elo(share: f64) -> f64 {
    let share = share.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / share - 1.0).log10()
}

/// Milliseconds per move for the equal-time match (`MOVETIME_MS`, 5 by default).
fn movetime() -> std::time::Duration {
    let ms = std::env::var("MOVETIME_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    std::time::Duration::from_millis(ms)
}

fn pairs() -> u64 {
    std::env::var("PAIRS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

fn expectimax(_: u64) -> Box<dyn Player<CardChess>> {
    Box::new(
        ExpectimaxPlayer::new("expectimax", CardChessEval::DEFAULT, Pruning::Star2, 16)
            .at(Limits::depth(2)),
    )
}

/// The card chess MCTS setting: one tree, exploration 1 (win shares).
fn mcts_config() -> UctConfig {
    UctConfig {
        exploration: 1.0,
        trees: 1,
        ..UctConfig::default()
    }
}

/// Playouts per decision of the node-limited MCTS player. These matches
/// were written for 300 but, until the player contract passed limits
/// through, ran the searcher's default of 10,000 (100% against the random
/// mover over 30 pairs); at a real 300 the share against the random mover is
/// about 60%, most games drawn for want of a mating plan.
const MCTS_PLAYOUTS: u64 = 10_000;

fn mcts(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(
        MctsPlayer::new("mcts", CardChessEval::DEFAULT, mcts_config(), seed)
            .at(Limits::nodes(MCTS_PLAYOUTS)),
    )
}

fn random(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(RandomPlayer::new(seed))
}

fn greedy(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(GreedyPlayer::new(CardChessEval::DEFAULT, seed))
}

#[test]
#[ignore = "slow: cargo test --release --test it cardchess_strength:: -- --ignored --nocapture"]
fn expectimax_beats_the_random_mover() {
    let share = duplicate_match(expectimax, random, pairs());
    println!("expectimax depth 2 vs random: {:.1}%", share * 100.0);
    assert!(share >= 0.95);
}

#[test]
#[ignore = "slow: cargo test --release --test it cardchess_strength:: -- --ignored --nocapture"]
fn mcts_beats_the_random_mover() {
    let share = duplicate_match(mcts, random, pairs());
    println!(
        "mcts {MCTS_PLAYOUTS} playouts vs random: {:.1}%",
        share * 100.0
    );
    assert!(share >= 0.95);
}

#[test]
#[ignore = "slow: cargo test --release --test it cardchess_strength:: -- --ignored --nocapture"]
fn expectimax_beats_the_greedy_player() {
    let share = duplicate_match(expectimax, greedy, pairs());
    println!("expectimax depth 2 vs greedy: {:.1}%", share * 100.0);
    assert!(share >= 0.80);
}

#[test]
#[ignore = "slow: cargo test --release --test it cardchess_strength:: -- --ignored --nocapture"]
fn mcts_beats_the_greedy_player() {
    let share = duplicate_match(mcts, greedy, pairs());
    println!(
        "mcts {MCTS_PLAYOUTS} playouts vs greedy: {:.1}%",
        share * 100.0
    );
    assert!(share >= 0.80);
}

fn timed_expectimax(_: u64) -> Box<dyn Player<CardChess>> {
    Box::new(
        ExpectimaxPlayer::new("expectimax", CardChessEval::DEFAULT, Pruning::Star2, 18)
            .at(Limits::movetime(movetime())),
    )
}

fn timed_mcts(seed: u64) -> Box<dyn Player<CardChess>> {
    Box::new(
        MctsPlayer::new("mcts", CardChessEval::DEFAULT, mcts_config(), seed)
            .at(Limits::movetime(movetime())),
    )
}

#[test]
#[ignore = "slow: cargo test --release --test it cardchess_strength:: -- --ignored --nocapture"]
fn expectimax_against_mcts_at_equal_time() {
    let mean = report(
        "expectimax vs mcts",
        &pair_shares(timed_expectimax, timed_mcts, pairs()),
    );
    assert!((0.0..=1.0).contains(&mean));
}

/// Prints the mean share of `shares` with its Elo and 95% interval, and
/// returns the mean.
fn report(title: &str, shares: &[f64]) -> f64 {
    let n = shares.len() as f64;
    let mean = shares.iter().sum::<f64>() / n;
    let variance = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (variance / n).sqrt();
    println!(
        "{title} at {:?} a move, {} pairs: {:.1}% ± {:.1}%, Elo {:+.0} (95% CI {:+.0} .. {:+.0})",
        movetime(),
        shares.len(),
        mean * 100.0,
        margin * 100.0,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin)
    );
    mean
}
