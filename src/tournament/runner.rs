//! Runs a tournament: schedules its games, plays them on a rayon pool of
//! worker threads (each game deterministic from its seed), appends each
//! record as it ends, resumes an interrupted run, stops early when the SPRT
//! decides, shows progress and writes the final report.

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::engine::{Catalogue, EngineProfile};
use crate::game::GameOptions;
use crate::games::GameId;
use crate::tournament::stats::SprtDecision;

use super::aggregate::Tally;
use super::config::TournamentConfig;
use super::muzicando_referee::{hand_text, HandSetup};
use super::record::{check_against_schedule, read_records, GameRecord, RecordWriter};
use super::referee::{GameSpec, Setup};
use super::report::Report;
use crate::engine::Playable;

/// What a run tells its front end as games are recorded (the CLI draws a
/// progress bar from it).
pub trait RunProgress: Send + Sync {
    /// The run starts: `total` games in the schedule, `done` of them already
    /// recorded; `score` is the running score line.
    fn start(&self, total: u64, done: u64, score: &str);
    /// One more game is recorded; `score` is the running score line.
    fn game_done(&self, score: &str);
    /// The run is over.
    fn finish(&self);
}

/// How to run.
#[derive(Clone, Default)]
pub struct RunOptions {
    /// Continue an interrupted run instead of starting one.
    pub resume: bool,
    /// Where results go (default: `results/<name>/` beside the tournament file).
    pub out_dir: Option<PathBuf>,
    /// Where progress goes (none: the run is silent).
    pub progress: Option<Arc<dyn RunProgress>>,
    /// A folder of profiles laid over the built-in ones (`--engines`); the
    /// tournament file's `engine_dir` is laid over both.
    pub engines: Option<PathBuf>,
}

/// Files of a run's results.
struct Paths {
    dir: PathBuf,
    games: PathBuf,
    config: PathBuf,
    report: PathBuf,
    records: PathBuf,
}

impl Paths {
    fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
            games: dir.join("games.jsonl"),
            config: dir.join("tournament.toml"),
            report: dir.join("report.json"),
            records: dir.join("games"),
        }
    }
}

/// The schedule: round by round, every encounter plays its game pairs
/// with the seats swapped (table games: see [`super::seating`]).
#[must_use]
pub fn schedule(config: &TournamentConfig) -> Vec<GameSpec> {
    config.seating.schedule(config.rounds, &config.encounters())
}

/// Runs the tournament in `path`; returns its report.
pub fn run(path: &Path, options: &RunOptions) -> Result<Report> {
    let config = TournamentConfig::load(path)?;
    let dir = options.out_dir.clone().unwrap_or_else(|| {
        path.parent()
            .unwrap_or_else(|| Path::new(""))
            .join("results")
            .join(&config.name)
    });
    let paths = Paths::new(&dir);
    let game: GameId = config.game.parse()?;
    let profiles = profiles(&config, options)?;
    let open = || open_results(path, &config, &paths, options.resume);
    crate::with_family!(game,
        perfect G => run_game::<G>(&config, profiles, &paths, options, open),
        chance G, _ => run_game::<G>(&config, profiles, &paths, options, open),
        hidden => {
            let setup = HandSetup::new(&config, profiles)?;
            open()?;
            let text = |record: &GameRecord| {
                hand_text(record, &config.options).map_or_else(
                    || record.to_text(&config.name, &config.game),
                    |hand| record.headers(&config.name, &config.game) + &hand,
                )
            };
            run_schedule(&config, &paths, options, |spec| setup.play(spec), text)
        },
    )
}

/// The tournament's engines, by name from the built-in profiles, the
/// `--engines` folder and the file's `engine_dir` (the later first), each
/// checked to play the tournament's game.
fn profiles(config: &TournamentConfig, options: &RunOptions) -> Result<Vec<EngineProfile>> {
    let catalogue = Catalogue::built_in()
        .with_optional_dir(options.engines.as_deref())?
        .with_optional_dir(config.engine_dir.as_deref())?;
    config
        .engines
        .iter()
        .map(|name| {
            let profile = catalogue.get(name)?;
            profile.expect_game(&config.game)?;
            Ok(profile)
        })
        .collect()
}

/// Creates the results folder once the tournament is known to start (its
/// engines and openings read), and saves the tournament file in it; on
/// `resume`, checks that the file is the one the run started with.
fn open_results(path: &Path, config: &TournamentConfig, paths: &Paths, resume: bool) -> Result<()> {
    let text = crate::user_files::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    if resume {
        let saved = crate::user_files::read_to_string(&paths.config)
            .with_context(|| format!("nothing to resume: {} is missing", paths.config.display()))?;
        let base = path.parent().unwrap_or_else(|| Path::new(""));
        let before = TournamentConfig::parse(&config.name, &saved, base)?;
        if before != *config {
            bail!(
                "{} changed since the run started ({} holds the original); resume with the original",
                path.display(),
                paths.config.display()
            );
        }
    } else if std::fs::metadata(&paths.games).is_ok_and(|m| m.len() > 0) {
        bail!(
            "{} already holds results: pass --resume to continue, or delete {} to start again",
            paths.games.display(),
            paths.dir.display()
        );
    }
    std::fs::create_dir_all(&paths.records)
        .with_context(|| format!("creating {}", paths.records.display()))?;
    if !resume {
        std::fs::write(&paths.config, &text)
            .with_context(|| format!("writing {}", paths.config.display()))?;
    }
    Ok(())
}

fn build_setup<G: Playable>(
    config: &TournamentConfig,
    profiles: Vec<EngineProfile>,
) -> Result<Setup<G>> {
    let options = G::Options::from_pairs(config.options.iter().map(String::as_str))
        .with_context(|| format!("options of {}", config.game))?;
    let limits: Vec<crate::engine::LimitSpec> = profiles
        .iter()
        .map(|p| {
            config
                .limits
                .get(&p.name)
                .cloned()
                .unwrap_or_else(|| p.limits.clone())
        })
        .collect();
    for (profile, limits) in profiles.iter().zip(&limits) {
        if profile.searcher.thinks_until_stopped() && limits.is_unlimited() {
            bail!(
                "engine `{}` has no limit per move and would think for ever: give it \
                 movetime_ms, depth, nodes or clock_ms in its profile's [limits] or in \
                 the tournament's [limits.{}]",
                profile.name,
                profile.name
            );
        }
    }
    let faults = config
        .engines
        .iter()
        .map(|e| config.faults.get(e).copied())
        .collect();
    let mut starts = Vec::new();
    if let Some(file) = &config.openings.file {
        let text = crate::user_files::read_to_string(file)
            .with_context(|| format!("reading openings {}", file.display()))?;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            G::parse_position(line, &options).with_context(|| {
                format!(
                    "{} line {}: not a {} position",
                    file.display(),
                    number + 1,
                    G::NAME
                )
            })?;
            starts.push(line.to_string());
        }
        if starts.is_empty() {
            bail!("{} holds no positions", file.display());
        }
    }
    Ok(Setup {
        options,
        profiles,
        limits,
        faults,
        starts,
        order: config.openings.order,
        random_plies: config.openings.random_plies,
        quiet_openings: config.openings.quiet,
        seed: config.seed,
        adjudication: config.adjudication,
        time_margin: Duration::from_millis(config.time_margin_ms),
    })
}

/// What the workers share: the statistics so far and the records' file.
struct Progress {
    tally: Tally,
    writer: RecordWriter,
}

fn run_game<G: Playable>(
    config: &TournamentConfig,
    profiles: Vec<EngineProfile>,
    paths: &Paths,
    options: &RunOptions,
    open: impl FnOnce() -> Result<()>,
) -> Result<Report> {
    let setup = build_setup::<G>(config, profiles)?;
    open()?;
    run_schedule(
        config,
        paths,
        options,
        |spec| setup.play(spec),
        |record| record.to_text(&config.name, &config.game),
    )
}

/// Plays the games of the schedule not yet recorded on a rayon pool of
/// `concurrency` threads, each taking the next game from a shared queue:
/// `play` plays one game, `text` writes its readable record. Each thread
/// runs its own loop (a broadcast, not one task per game), so a thread
/// waiting inside a searcher's parallel section never picks up a whole
/// other game and overruns its own clock.
fn run_schedule(
    config: &TournamentConfig,
    paths: &Paths,
    options: &RunOptions,
    play: impl Fn(&GameSpec) -> GameRecord + Sync,
    text: impl Fn(&GameRecord) -> String + Sync,
) -> Result<Report> {
    let records = read_records(&paths.games)?;
    let done: BTreeSet<usize> = records.iter().map(|r| r.index).collect();
    let schedule = schedule(config);
    check_against_schedule(
        &records,
        &schedule,
        &config.engines,
        config.seed,
        &paths.games,
    )?;
    let decided = |tally: &Tally| {
        tally
            .sprt()
            .is_some_and(|s| s.decision != SprtDecision::Continue)
    };
    let tally = Tally::of(config, &records);
    let stop = AtomicBool::new(decided(&tally));
    let queue: Mutex<VecDeque<GameSpec>> = Mutex::new(
        schedule
            .iter()
            .filter(|g| !done.contains(&g.index))
            .cloned()
            .collect(),
    );
    drop(records);
    let ui = options.progress.as_deref();
    if let Some(ui) = ui {
        ui.start(
            schedule.len() as u64,
            tally.games() as u64,
            &tally.score_line(),
        );
    }
    let progress = Mutex::new(Progress {
        tally,
        writer: RecordWriter::open(&paths.games)?,
    });
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.concurrency)
        .thread_name(|i| format!("tournament-{i}"))
        .build()
        .context("starting the tournament's worker threads")?;
    pool.broadcast(|_| loop {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(spec) = queue.lock().map(|mut q| q.pop_front()).ok().flatten() else {
            break;
        };
        let record = play(&spec);
        let Ok(mut shared) = progress.lock() else {
            break;
        };
        let written = shared
            .writer
            .append(&record)
            .map_err(anyhow::Error::from)
            .and_then(|()| {
                let file = paths.records.join(format!("{:05}.txt", record.index));
                std::fs::write(&file, text(&record))
                    .with_context(|| format!("writing {}", file.display()))
            });
        if let Err(error) = written {
            stop.store(true, Ordering::SeqCst);
            if let Ok(mut slot) = failure.lock() {
                slot.get_or_insert(error);
            }
            break;
        }
        shared.tally.add(&record);
        if decided(&shared.tally) {
            stop.store(true, Ordering::SeqCst);
        }
        if let Some(ui) = ui {
            ui.game_done(&shared.tally.score_line());
        }
    });
    if let Some(error) = failure.into_inner().ok().flatten() {
        return Err(error);
    }
    let Progress { tally, .. } = progress
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker failed"))?;
    if let Some(ui) = ui {
        ui.finish();
    }
    let report = tally.report();
    let json = serde_json::to_string_pretty(&report)?;
    std::fs::write(&paths.report, json)
        .with_context(|| format!("writing {}", paths.report.display()))?;
    Ok(report)
}
