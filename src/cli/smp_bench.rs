//! `tauler bench --smp`: how much a search gains from more threads. For ten
//! stored middlegames per alpha-beta game (`tests/data/smp/`, built into
//! the binary), the wall time for a search to complete a fixed depth with
//! one thread and with several, each with a fresh searcher and table; also the nodes searched
//! and the nodes per second, which tell "threads run slower" (nps scaling)
//! apart from "threads duplicate work" (more nodes to the same depth).
//!
//! The machine's own ceiling is measured in the same run: as many
//! independent single-threaded searches as threads, each with its own
//! table, run side by side on the same position. Their nodes per second
//! together over a lone search's is what the hardware gives to parallel
//! work that shares nothing; the threads' nps ratio cannot beat it, and the
//! time-to-depth ratio cannot beat it divided by the nodes ratio.

use std::time::Instant;

use anyhow::{bail, Result};

use crate::engine::Catalogue;
use crate::game::Notation;
use crate::games::camelot::Camelot;
use crate::games::cardchess::CardChess;
use crate::games::cescacs::Cescacs;
use crate::games::GameId;
use crate::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// The SMP workload of one game: the positions, the profile whose settings
/// the searches use, and the depth at which one thread needs a few seconds
/// on the 2-core test machine.
#[derive(Clone, Copy, Debug)]
pub struct SmpJob {
    /// The game.
    pub game: GameId,
    /// The engine profile (rules options and search settings).
    pub profile: &'static str,
    /// The positions file's text: `#` comments, then one position a line.
    pub positions: &'static str,
    /// The default depth.
    pub depth: u32,
}

/// The games `tauler bench --smp` measures, in order.
pub const SMP_GAMES: [GameId; 3] = [GameId::Cescacs, GameId::Camelot, GameId::Cardchess];

/// The SMP workload of `game`: plain chess (the `chess` profile, card chess
/// with `cards=off`) stands for card chess. Muzicando has none.
pub fn smp_job(game: GameId) -> Result<SmpJob> {
    Ok(match game {
        GameId::Cescacs => SmpJob {
            game,
            profile: "cescacs-default",
            positions: include_str!("../../tests/data/smp/cescacs.txt"),
            depth: 7,
        },
        GameId::Camelot => SmpJob {
            game,
            profile: "camelot-default",
            positions: include_str!("../../tests/data/smp/camelot.txt"),
            depth: 10,
        },
        GameId::Cardchess => SmpJob {
            game,
            profile: "chess",
            positions: include_str!("../../tests/data/smp/chess.txt"),
            depth: 17,
        },
        GameId::Muzicando => bail!("{game}: the SMP bench measures the alpha-beta games only"),
    })
}

impl SmpJob {
    /// The position lines of the job's file (comments and blank lines skipped).
    pub fn position_lines(&self) -> impl Iterator<Item = &'static str> {
        self.positions
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
    }
}

/// One search to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Wall time of the search, in seconds.
    pub seconds: f64,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The depth completed.
    pub depth: u32,
}

impl Run {
    /// Nodes per second, all threads together.
    #[must_use]
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// One position measured with one thread and with several.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmpSample {
    /// The single-threaded search.
    pub one: Run,
    /// The multi-threaded search.
    pub many: Run,
    /// Independent single-threaded searches run side by side (as many as
    /// threads): their nodes per second together over `one`'s.
    pub ceiling: f64,
}

impl SmpSample {
    /// Time to depth with one thread over time to depth with several.
    #[must_use]
    pub fn time_ratio(&self) -> f64 {
        self.one.seconds / self.many.seconds.max(1e-9)
    }

    /// Nodes per second with several threads over nodes per second with one.
    #[must_use]
    pub fn nps_ratio(&self) -> f64 {
        self.many.nps() / self.one.nps().max(1e-9)
    }

    /// Nodes with several threads over nodes with one: the work duplicated.
    #[must_use]
    pub fn nodes_ratio(&self) -> f64 {
        self.many.nodes as f64 / (self.one.nodes as f64).max(1.0)
    }
}

/// The geometric mean of `values` (1 when there are none).
#[must_use]
pub fn geometric_mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, count) = values.into_iter().fold((0.0, 0u32), |(sum, count), value| {
        (sum + value.ln(), count + 1)
    });
    if count == 0 {
        1.0
    } else {
        (sum / f64::from(count)).exp()
    }
}

/// The item of median `key` among `items` (not empty): a run of median
/// time, a median ratio.
fn median_by<T: Copy>(mut items: Vec<T>, key: impl Fn(&T) -> f64) -> T {
    items.sort_by(|a, b| key(a).total_cmp(&key(b)));
    items[items.len() / 2]
}

/// Measures `job` at `depth` with 1 and with `threads` threads, position by
/// position (`reps` searches each, alternating, the single-threaded one
/// first; the run of median time stands for each), and the machine's
/// ceiling beside them (`threads` single-threaded searches at once, after
/// each pair; the median ratio stands), calling `on_sample` with each
/// position's index and figures as they come.
pub fn measure(
    job: &SmpJob,
    depth: u32,
    threads: usize,
    reps: u32,
    on_sample: &mut dyn FnMut(usize, &SmpSample),
) -> Result<Vec<SmpSample>> {
    match job.game {
        GameId::Cescacs => measure_game::<Cescacs>(job, depth, threads, reps, on_sample),
        GameId::Camelot => measure_game::<Camelot>(job, depth, threads, reps, on_sample),
        GameId::Cardchess => measure_game::<CardChess>(job, depth, threads, reps, on_sample),
        GameId::Muzicando => bail!("muzicando: the SMP bench measures the alpha-beta games only"),
    }
}

fn measure_game<G: AlphaBetaGame + Notation>(
    job: &SmpJob,
    depth: u32,
    threads: usize,
    reps: u32,
    on_sample: &mut dyn FnMut(usize, &SmpSample),
) -> Result<Vec<SmpSample>> {
    let profile = Catalogue::built_in().get(job.profile)?;
    let options = profile.game_options::<G::Options>()?;
    let settings = profile.search_config()?;
    let mut samples = Vec::new();
    for (index, line) in job.position_lines().enumerate() {
        let state = G::parse_position(line, &options)?;
        let run = |threads: usize| -> Result<Run> {
            let config = SearchConfig {
                threads,
                ..settings.clone()
            };
            let mut searcher =
                AlphaBeta::<G, G::Evaluator>::try_new(G::Evaluator::default(), config)?;
            let start = Instant::now();
            let result = searcher.search(&state, &Limits::depth(depth))?;
            Ok(Run {
                seconds: start.elapsed().as_secs_f64(),
                nodes: result.nodes,
                depth: result.depth,
            })
        };
        let side_by_side = || -> Result<f64> {
            let runs = std::thread::scope(|scope| {
                let searches: Vec<_> = (0..threads).map(|_| scope.spawn(|| run(1))).collect();
                searches
                    .into_iter()
                    .map(|search| {
                        search
                            .join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect::<Result<Vec<Run>>>()
            })?;
            Ok(runs.iter().map(Run::nps).sum())
        };
        let (mut one, mut many, mut ceiling) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..reps.max(1) {
            let lone = run(1)?;
            one.push(lone);
            many.push(run(threads)?);
            ceiling.push(side_by_side()? / lone.nps().max(1e-9));
        }
        let sample = SmpSample {
            one: median_by(one, |run| run.seconds),
            many: median_by(many, |run| run.seconds),
            ceiling: median_by(ceiling, |&ratio| ratio),
        };
        on_sample(index, &sample);
        samples.push(sample);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_has_ten_positions_that_parse() {
        for game in SMP_GAMES {
            let job = smp_job(game).unwrap();
            let profile = Catalogue::built_in().get(job.profile).unwrap();
            let positions: Vec<_> = job.position_lines().collect();
            assert_eq!(positions.len(), 10, "{game}");
            crate::with_game!(game, G => {
                let options = profile.game_options::<<G as crate::game::Game>::Options>().unwrap();
                for line in positions {
                    let state = G::parse_position(line, &options).unwrap();
                    assert_eq!(state.format_position(), line, "{game}");
                }
            });
        }
        assert!(smp_job(GameId::Muzicando).is_err());
    }

    #[test]
    fn a_shallow_measurement_completes_the_depth_with_both_thread_counts() {
        let job = smp_job(GameId::Camelot).unwrap();
        let mut seen = Vec::new();
        let samples = measure(&job, 2, 2, 1, &mut |index, _| seen.push(index)).unwrap();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
        for sample in samples {
            assert_eq!((sample.one.depth, sample.many.depth), (2, 2));
            assert!(sample.one.nodes > 0 && sample.many.nodes > 0);
            assert!(sample.ceiling > 0.0);
        }
    }

    #[test]
    fn the_median_run_stands_for_the_repetitions() {
        let run = |seconds, nodes| Run {
            seconds,
            nodes,
            depth: 3,
        };
        let runs = vec![run(3.0, 30), run(1.0, 10), run(2.0, 20)];
        let seconds = |run: &Run| run.seconds;
        assert_eq!(median_by(runs, seconds), run(2.0, 20));
        assert_eq!(median_by(vec![run(1.0, 10)], seconds), run(1.0, 10));
        assert!((median_by(vec![1.9, 1.5, 1.7], |&ratio| ratio) - 1.7).abs() < 1e-12);
    }

    #[test]
    fn the_geometric_mean_of_ratios() {
        assert!((geometric_mean([2.0, 8.0]) - 4.0).abs() < 1e-12);
        assert!((geometric_mean([]) - 1.0).abs() < 1e-12);
    }
}
