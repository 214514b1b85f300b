//! Runs a tournament (or one shard of it): the plan gives the games to
//! play, the store the records already played (a resumed run), the workers
//! play the rest, each record is stored and counted by the aggregate as its
//! game ends, the SPRT stops a whole run early, and the report is written
//! when the run ends.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::engine::{Catalogue, EngineProfile, Playable};
use crate::game::{GameOptions, Notation};
use crate::games::GameId;
use crate::tournament::stats::SprtDecision;

use super::aggregate::Tally;
use super::config::TournamentConfig;
use super::hand_referee::{hand_text, HandSetup};
use super::live::LiveGames;
use super::plan::{part, schedule, Shard};
use super::record::GameSpec;
use super::record::{check_against_schedule, GameRecord};
use super::referee::GameSetup;
use super::report::Report;
use super::snapshot::Snapshot;
use super::store::ResultsFolder;
use super::worker::{play_all, Flow};

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
    /// Play only this part of the schedule (`--shard K/N`).
    pub shard: Option<Shard>,
    /// Set to stop the run: no further game starts, the games being
    /// played end and are recorded (a stopped run resumes like a killed one).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Runs the tournament in `path` (the shard of `options`, if any); returns
/// its report (a shard's: of its own games).
pub fn run(path: &Path, options: &RunOptions) -> Result<Report> {
    let config = TournamentConfig::load(path)?;
    let dir = results_dir(path, &config, options);
    let game: GameId = config.game.parse()?;
    let (profiles, texts) = profiles(&config, options)?;
    let open = || -> Result<(ResultsFolder, Vec<GameRecord>)> {
        let snapshot = snapshot(&config, game, texts, options.shard)?;
        ResultsFolder::open(&dir, path, &config, &snapshot, options.resume)
    };
    crate::with_family!(game,
        perfect G => run_game::<G>(&config, profiles, options, open),
        chance G, _ => run_game::<G>(&config, profiles, options, open),
        hidden H => {
            let setup = HandSetup::<H>::new(&config, profiles)?;
            let (store, records) = open()?;
            let text = |record: &GameRecord| {
                hand_text::<H>(record, &config.options).map_or_else(
                    || record.to_text(&config.name, &config.game),
                    |hand| record.headers(&config.name, &config.game) + &hand,
                )
            };
            run_schedule(&config, store, records, options, |spec| setup.play(spec), text)
        },
    )
}

/// Where the run of the tournament file `path` (read as `config`) keeps its
/// results: `--out`, else `results/NAME/` (a shard's
/// `results/NAME-shard-K-of-N/`) beside the file.
fn results_dir(path: &Path, config: &TournamentConfig, options: &RunOptions) -> PathBuf {
    options.out_dir.clone().unwrap_or_else(|| {
        let name = match options.shard {
            Some(shard) => format!("{}-shard-{}-of-{}", config.name, shard.index, shard.count),
            None => config.name.clone(),
        };
        path.parent()
            .unwrap_or_else(|| Path::new(""))
            .join("results")
            .join(name)
    })
}

/// The results folder the run of the tournament file `path` with `options`
/// writes to (the file read for its name).
pub fn results_folder(path: &Path, options: &RunOptions) -> Result<PathBuf> {
    Ok(results_dir(path, &TournamentConfig::load(path)?, options))
}

/// The tournament's engines, by name from the built-in profiles, the
/// `--engines` folder and the file's `engine_dir` (the later first), each
/// checked to play the tournament's game; and their texts by name.
fn profiles(
    config: &TournamentConfig,
    options: &RunOptions,
) -> Result<(Vec<EngineProfile>, BTreeMap<String, String>)> {
    let catalogue = Catalogue::built_in()
        .with_optional_dir(options.engines.as_deref())?
        .with_optional_dir(config.engine_dir.as_deref())?;
    let mut profiles = Vec::new();
    let mut texts = BTreeMap::new();
    for name in &config.engines {
        let profile = catalogue.get(name)?;
        profile.expect_game(&config.game)?;
        profiles.push(profile);
        texts.insert(name.clone(), catalogue.text(name)?.to_string());
    }
    Ok((profiles, texts))
}

/// The snapshot of a run of the tournament `config`: its file's text and
/// its openings', the engines' profile `texts`, this binary's version and
/// bench signature, the shard.
fn snapshot(
    config: &TournamentConfig,
    game: GameId,
    texts: BTreeMap<String, String>,
    shard: Option<Shard>,
) -> Result<Snapshot> {
    let read = |file: &Path| {
        crate::user_files::read_to_string(file)
            .with_context(|| format!("reading {}", file.display()))
    };
    Ok(Snapshot {
        name: config.name.clone(),
        tournament: config.source.clone(),
        openings: config.openings.file.as_deref().map(read).transpose()?,
        profiles: texts,
        version: Snapshot::this_version(),
        bench: crate::engine::bench::signature(game)?,
        shard,
    })
}

/// The games' shared setup: the rule options, the engines (checked: what
/// only the game reads, that they play these rules, and a limit for every
/// thinking searcher), their limits, the openings.
pub(super) fn build_setup<G: Playable>(
    config: &TournamentConfig,
    profiles: Vec<EngineProfile>,
) -> Result<GameSetup<G>> {
    for profile in &profiles {
        G::check_profile(profile)?;
    }
    let options = G::Options::from_pairs(config.options.iter().map(String::as_str))
        .with_context(|| format!("options of {}", config.game))?;
    for profile in &profiles {
        G::check_rules(profile, &options)?;
    }
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
    let starts = match &config.openings.file {
        Some(file) => read_openings::<G>(file, &options)?,
        None => Vec::new(),
    };
    Ok(GameSetup {
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
        live: None,
    })
}

fn run_game<G: Playable>(
    config: &TournamentConfig,
    profiles: Vec<EngineProfile>,
    options: &RunOptions,
    open: impl FnOnce() -> Result<(ResultsFolder, Vec<GameRecord>)>,
) -> Result<Report> {
    let mut setup = build_setup::<G>(config, profiles)?;
    let (store, records) = open()?;
    setup.live = Some(Arc::new(LiveGames::new(store.dir())));
    run_schedule(
        config,
        store,
        records,
        options,
        |spec| setup.play(spec),
        |record| record.to_text(&config.name, &config.game),
    )
}

/// Logs a recorded game; an engine's fault as a warning.
fn log_record(record: &GameRecord) {
    match &record.fault {
        Some(fault) => tracing::warn!(
            game = record.index,
            engine = %fault.engine,
            seat = fault.seat,
            reason = %record.reason,
            message = %fault.message,
            "engine fault"
        ),
        None => tracing::info!(
            game = record.index,
            engines = %record.engines.join(" - "),
            result = ?record.result,
            reason = %record.reason,
            plies = record.opening.len() + record.actions.len(),
            "game recorded"
        ),
    }
}

/// Plays the games of the run's part of the schedule not yet in `records`
/// (those the store holds): `play` plays one game, `text` writes its
/// readable record. Every record is stored, then counted; a whole run
/// stops when its SPRT decides (a shard plays its part to the end: the
/// SPRT decides on the merged shards).
fn run_schedule(
    config: &TournamentConfig,
    mut store: ResultsFolder,
    records: Vec<GameRecord>,
    options: &RunOptions,
    play: impl Fn(&GameSpec) -> GameRecord + Sync,
    text: impl Fn(&GameRecord) -> String + Sync,
) -> Result<Report> {
    let whole = schedule(config);
    check_against_schedule(
        &records,
        &whole,
        &config.engines,
        config.seed,
        store.games(),
    )?;
    let games = part(whole, options.shard);
    let planned: BTreeSet<usize> = games.iter().map(|g| g.index).collect();
    if let Some(stray) = records.iter().find(|r| !planned.contains(&r.index)) {
        bail!(
            "game {} of the results is not in this run's part of the schedule; resume with the --shard the run started with",
            stray.index
        );
    }
    let done: BTreeSet<usize> = records.iter().map(|r| r.index).collect();
    let mut tally = Tally::new(config);
    for record in &records {
        tally.add(record);
    }
    drop(records);
    let decides = |tally: &Tally| {
        options.shard.is_none()
            && tally
                .sprt()
                .is_some_and(|s| s.decision != SprtDecision::Continue)
    };
    let ui = options.progress.as_deref();
    tracing::info!(
        tournament = %config.name,
        game = %config.game,
        games = games.len(),
        recorded = done.len(),
        shard = ?options.shard.map(|s| s.to_string()),
        "tournament starts"
    );
    if let Some(ui) = ui {
        ui.start(games.len() as u64, done.len() as u64, &tally.score_line());
    }
    let to_play = if decides(&tally) {
        Vec::new()
    } else {
        games
            .into_iter()
            .filter(|g| !done.contains(&g.index))
            .collect()
    };
    play_all(config.concurrency, to_play, play, |record| {
        store.append(&record, &text(&record))?;
        tally.add(&record);
        log_record(&record);
        if let Some(ui) = ui {
            ui.game_done(&tally.score_line());
        }
        let stopped = options
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::SeqCst));
        Ok(if stopped || decides(&tally) {
            Flow::Stop
        } else {
            Flow::Continue
        })
    })?;
    if let Some(ui) = ui {
        ui.finish();
    }
    let report = tally.report();
    tracing::info!(
        tournament = %config.name,
        games = report.games,
        scheduled = report.scheduled,
        sprt = ?report.sprt.map(|s| s.decision.describe()),
        "tournament ends"
    );
    store.write_report(&report)?;
    Ok(report)
}

/// The positions of an opening suite (`[openings] file`, `tauler datagen
/// --openings`): one a line, `#` comments and blank lines skipped, each
/// checked to be a position of `G`.
///
/// # Errors
/// An unreadable file, a line that is not a position, a file with none.
pub fn read_openings<G: Notation>(file: &Path, options: &G::Options) -> Result<Vec<G>> {
    let text = crate::user_files::read_to_string(file)
        .with_context(|| format!("reading openings {}", file.display()))?;
    let mut starts = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let start = G::parse_position(line, options).with_context(|| {
            format!(
                "{} line {}: not a {} position",
                file.display(),
                number + 1,
                G::NAME
            )
        })?;
        starts.push(start);
    }
    if starts.is_empty() {
        bail!("{} holds no positions", file.display());
    }
    Ok(starts)
}
