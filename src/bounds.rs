//! The allowed range of every numeric setting a user gives — command-line
//! flags, engine profiles (`[parameters]`, `[limits]`) and tournament files
//! — in one table, and the check that names the setting and its range.
//!
//! A value outside its range would otherwise abort (an allocation too large
//! for the machine), wrap (a table size that overflows), panic (a deadline
//! past the clock's end, a thread that cannot be spawned) or run for ever;
//! the ranges are wide enough for any real use. The README's "Settings and
//! their ranges" section lists them.

use std::fmt::Display;

use thiserror::Error;

/// A value outside its setting's range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{key}: {value} is out of range (allowed {min} to {max})")]
pub struct OutOfRange {
    /// The flag or file key, as the user wrote it (`--hash`, `hash_mb`).
    pub key: String,
    /// The value given.
    pub value: String,
    /// The least value allowed.
    pub min: String,
    /// The greatest value allowed.
    pub max: String,
}

/// The inclusive range of a numeric setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range<T> {
    /// The least value allowed.
    pub min: T,
    /// The greatest value allowed.
    pub max: T,
}

impl<T: PartialOrd + Display + Copy> Range<T> {
    /// `value` if it lies in the range (a NaN never does), else an error
    /// naming `key` and the range.
    pub fn check(&self, key: &str, value: T) -> Result<T, OutOfRange> {
        if self.min <= value && value <= self.max {
            Ok(value)
        } else {
            Err(OutOfRange {
                key: key.to_string(),
                value: value.to_string(),
                min: self.min.to_string(),
                max: self.max.to_string(),
            })
        }
    }

    /// [`Range::check`] of an optional setting (absent is fine).
    pub fn check_opt(&self, key: &str, value: Option<T>) -> Result<Option<T>, OutOfRange> {
        value.map(|v| self.check(key, v)).transpose()
    }
}

const fn range<T>(min: T, max: T) -> Range<T> {
    Range { min, max }
}

/// Search threads, MCTS root threads, sampling trees searched in parallel,
/// games played at once: a thread each; more than this only thrashes.
pub const THREADS: Range<usize> = range(1, 256);
/// Transposition-table size in MiB (64 GiB at most; the table is also
/// refused when the machine cannot allocate it).
pub const HASH_MB: Range<usize> = range(1, 65_536);
/// Expectimax table size as a power of two (`2^26` entries at most).
pub const TABLE_BITS: Range<u32> = range(1, 26);
/// Lines reported by a multi-PV search.
pub const MULTIPV: Range<usize> = range(1, 256);
/// A search's nominal depth in plies (also the profile and tournament
/// `depth` limit).
pub const SEARCH_DEPTH: Range<u32> = range(1, 64);
/// Repetitions of each measured search in `tauler bench --smp`.
pub const BENCH_REPS: Range<u32> = range(1, 100);
/// Perft depth in plies (chance outcomes count as plies).
pub const PERFT_DEPTH: Range<u32> = range(0, 64);
/// An evaluation weight (`[parameters.eval]`), in the evaluator's units
/// (a pawn or a Man = 100): far beyond any sensible weight, small enough
/// that no sum of them overflows.
pub const EVAL_WEIGHT: Range<i64> = range(-10_000, 10_000);
/// A chess mobility baseline (`[parameters.eval.chess]
/// mobility_baseline`): the squares a piece reaches that count as neither
/// good nor bad, at most a queen's 27.
pub const MOBILITY_BASELINE: Range<i64> = range(0, 27);
/// SPSA iterations of `tauler tune`.
pub const ITERATIONS: Range<u32> = range(1, 100_000);
/// Game pairs per SPSA iteration.
pub const PAIRS: Range<u32> = range(1, 1000);
/// A node budget.
pub const NODES: Range<u64> = range(1, 1_000_000_000_000);
/// Playouts per decision of the sampling searchers (their `nodes`).
pub const PLAYOUTS: Range<u64> = range(1, 1_000_000_000);
/// Milliseconds per move, on a game clock, or a tournament's time margin:
/// one day at most.
pub const MILLISECONDS: Range<u64> = range(1, 86_400_000);
/// Seconds a browser analysis runs before it stops by itself.
pub const ANALYSIS_SECONDS: Range<u64> = range(1, 3600);
/// A game clock's base time in seconds, per side (3 hours at most).
pub const CLOCK_SECONDS: Range<u64> = range(1, 10_800);
/// A game clock's increment per move in seconds.
pub const CLOCK_INCREMENT: Range<u64> = range(0, 180);
/// A Muzicando table's time per decision for people, in seconds.
pub const DECISION_SECONDS: Range<u64> = range(1, 3600);
/// Minutes an unused browser game is kept (`serve --idle-minutes`).
pub const IDLE_MINUTES: Range<u64> = range(1, 10_080);
/// `serve --memory-mb`: the engines' memory budget, 64 MiB to 1 TiB.
pub const MEMORY_MB: Range<usize> = range(64, 1_048_576);
/// A clock's increment per move in milliseconds (may be 0).
pub const INCREMENT_MS: Range<u64> = range(0, 3_600_000);
/// Moves to the next time control.
pub const MOVES_TO_GO: Range<u32> = range(1, 1000);
/// Alpha-beta settings counted in plies (depth thresholds, quiescence plies).
pub const PLIES: Range<u32> = range(0, 64);
/// Alpha-beta move-index thresholds.
pub const MOVE_INDEX: Range<usize> = range(0, 1000);
/// Late-move reduction terms in hundredths of a ply (the divisor is at least 1).
pub const HUNDREDTHS: Range<u32> = range(0, 10_000);
/// Late-move reduction divisor in hundredths (never 0; a huge divisor
/// turns the logarithmic term off, as the baseline profiles do).
pub const LMR_DIVISOR: Range<u32> = range(1, 1_000_000);
/// Null-move depth divisor (plies of depth per extra ply of reduction; never 0).
pub const NULL_MOVE_DIVISOR: Range<u32> = range(1, 64);
/// Evaluation margins and adjudication scores, in the evaluator's units
/// (pawn ≈ 100): far beyond any material count, far below mate scores.
pub const SCORE_MARGIN: Range<i32> = range(0, 20_000);
/// UCT exploration constants.
pub const EXPLORATION: Range<f64> = range(0.0, 1000.0);
/// Sampled worlds per contract decision of the simulation bidder.
pub const BID_WORLDS: Range<u32> = range(1, 100_000);
/// Worlds in an inference pool of the sampling searchers, per decision.
pub const INFERENCE_WORLDS: Range<usize> = range(1, 100_000);
/// Metropolis chains of an inference pool (`inference = "mcmc"`).
pub const MCMC_CHAINS: Range<usize> = range(1, 1024);
/// Steps a Metropolis chain takes before it keeps its first world.
pub const MCMC_STEPS: Range<usize> = range(0, 100_000);
/// Steps between two worlds a Metropolis chain keeps.
pub const MCMC_THIN: Range<usize> = range(1, 10_000);
/// A model policy's softmax temperature, in its preference units.
pub const MODEL_TEMPERATURE: Range<f64> = range(0.0, 100.0);
/// A level's softmax temperature (`[choice] temperature`): centipawn-like
/// units for alpha-beta, none for the visit-counting searchers; above 0.
pub const TEMPERATURE: Range<f64> = range(0.001, 100_000.0);
/// The playing levels of every game.
pub const LEVEL: Range<u32> = range(1, 8);
/// A model policy's share of uniformly random choices (below 1: the policy
/// must count).
pub const MODEL_EPSILON: Range<f64> = range(0.0, 0.99);
/// Hands in a Muzicando match at the terminal.
pub const HANDS: Range<usize> = range(1, 1000);
/// Tournament rounds (each plays one game pair per encounter).
pub const ROUNDS: Range<u32> = range(1, 100_000);
/// Tournament games given as `games` (an even number; pairs of games).
pub const GAMES: Range<u32> = range(2, 200_000);
/// Tournament games in all: the schedule is built before the first game.
pub const SCHEDULED_GAMES: Range<usize> = range(1, 1_000_000);
/// Shards a tournament is split into (`--shard K/N`): one game pair each at
/// most, and a pair is the least a shard plays.
pub const SHARDS: Range<usize> = range(1, 500_000);
/// Game lengths in plies: the adjudication cap, the draw rule's first ply,
/// fault-injection move numbers.
pub const GAME_PLIES: Range<u32> = range(0, 100_000);
/// The adjudication cap on game length (at least one ply).
pub const MAX_PLIES: Range<u32> = range(1, 100_000);
/// The score beyond which score adjudication resigns a game (above 0: a
/// level game is never resigned).
pub const RESIGN_SCORE: Range<i32> = range(1, 20_000);
/// How long a move may overrun its budget before it forfeits, in
/// milliseconds (a minute at most).
pub const TIME_MARGIN_MS: Range<u64> = range(0, 60_000);
/// Consecutive moves an adjudication rule needs.
pub const MOVE_COUNT: Range<u32> = range(1, 1000);
/// Random plies played from an opening.
pub const RANDOM_PLIES: Range<u32> = range(0, 200);
/// An opening suite's score band, from seat 0's view (`tauler openings
/// --min/--max`), in the evaluator's units: far below mate scores.
pub const OPENING_SCORE: Range<i32> = range(-20_000, 20_000);
/// Positions in an opening suite (`tauler openings --count`).
pub const OPENING_COUNT: Range<usize> = range(1, 100_000);
/// Muzicando deals per team match.
pub const HANDS_PER_MATCH: Range<u32> = range(4, 1000);
/// Elo differences of an SPRT's hypotheses.
pub const ELO: Range<f64> = range(-1000.0, 1000.0);
/// Each count of `sprt --counts` (game pairs).
pub const PAIR_COUNT: Range<u64> = range(0, 1_000_000_000_000);
/// A network's accumulator width (`tauler train --hidden`; also a multiple
/// of 16, which the trainer checks).
pub const HIDDEN: Range<usize> = range(16, 1024);
/// Passes over the training data (`tauler train --epochs`).
pub const EPOCHS: Range<u32> = range(1, 10_000);
/// Positions per minibatch (`tauler train --batch`).
pub const BATCH: Range<usize> = range(1, 1_000_000);
/// The trainer's learning rate (`--lr`).
pub const LEARNING_RATE: Range<f32> = range(1e-6, 1.0);
/// AdamW's weight decay (`--weight-decay`).
pub const WEIGHT_DECAY: Range<f32> = range(0.0, 1.0);
/// A share between 0 and 1 (`--lambda`).
pub const SHARE: Range<f32> = range(0.0, 1.0);
/// The share of games held out for validation (`--validation`).
pub const VALIDATION: Range<f32> = range(0.0, 0.9);
/// Centipawns per sigmoid unit of a network's output (`--scale`).
pub const EVAL_SCALE: Range<f32> = range(1.0, 10_000.0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_in_range_passes_and_one_outside_names_key_and_range() {
        assert_eq!(THREADS.check("--threads", 4), Ok(4));
        let error = THREADS.check("--threads", 100_000).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--threads: 100000 is out of range (allowed 1 to 256)"
        );
        assert!(EXPLORATION.check("exploration", f64::NAN).is_err());
        assert_eq!(NODES.check_opt("nodes", None), Ok(None));
        assert!(NODES.check_opt("nodes", Some(0)).is_err());
    }
}
