//! `tauler tune`: tunes the parameters a profile declares in `[tune]` by
//! SPSA ([`super::spsa`]), playing game pairs between the two perturbed
//! profiles through the tournament's referee. A tune file names the
//! profile, the iterations and the games; the rest is a tournament file's
//! (rule options, openings, adjudication, concurrency, seed):
//!
//! ```toml
//! engine = "cescacs-default"   # the profile tuned: its [tune] table
//! iterations = 400
//! pairs = 1                    # game pairs per iteration (default 1)
//! seed = 1
//! concurrency = 2
//!
//! [limits]                     # both sides' limits (default: the profile's)
//! nodes = 4000
//!
//! [openings]
//! random_plies = 4
//! quiet = true
//! ```
//!
//! Iteration `k` plays rounds `(k−1)·pairs … k·pairs − 1` of a two-engine
//! tournament of `<engine>-plus` and `<engine>-minus` (the opening and
//! game seeds of those rounds), so a run is the same for a seed at any
//! concurrency, and with node or depth limits the same on every machine.
//!
//! The results folder (`results/<tune file name>/` beside the file by
//! default) holds `tune.toml` (the file as started), `start.json` (the
//! profile and the iteration count it started with), `spsa.jsonl` (one
//! line per iteration, appended and flushed as it ends: the points played,
//! the `+` side's scores, θ after it) and `<engine>-tuned.toml`, the
//! profile with θ rounded, written after every iteration. `--resume`
//! continues after the last complete line.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::bounds;
use crate::engine::{Catalogue, EngineProfile, LimitSpec, Playable};
use crate::games::GameId;

use super::config::TournamentConfig;
use super::plan::schedule;
use super::record::{read_lines, GameRecord, RecordWriter};
use super::runner::{build_setup, RunProgress};
use super::seating::Seating;
use super::spsa::Spsa;
use super::worker::{play_all, Flow};

/// The state lines' file in a tuning run's folder.
pub const STATE: &str = "spsa.jsonl";

/// How to run.
#[derive(Clone, Default)]
pub struct TuneOptions {
    /// Continue an interrupted run.
    pub resume: bool,
    /// Where results go (default: `results/<name>/` beside the tune file).
    pub out_dir: Option<PathBuf>,
    /// Iterations instead of the file's `iterations`.
    pub iterations: Option<u32>,
    /// Where progress goes (none: silent).
    pub progress: Option<Arc<dyn RunProgress>>,
    /// A folder of profiles laid over the built-in ones (`--engines`).
    pub engines: Option<PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TuneFile {
    engine: String,
    iterations: u32,
    #[serde(default = "one")]
    pairs: u32,
    #[serde(default)]
    seed: u64,
    concurrency: Option<usize>,
    #[serde(default)]
    options: Vec<String>,
    limits: Option<LimitSpec>,
    openings: Option<toml::Table>,
    adjudication: Option<toml::Table>,
    time_margin_ms: Option<u64>,
    engine_dir: Option<PathBuf>,
}

fn one() -> u32 {
    1
}

/// A checked tune file.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The profile tuned (with its `[tune]` table).
    pub profile: EngineProfile,
    /// Its text as the catalogue holds it.
    pub profile_text: String,
    /// Iterations of the run.
    pub iterations: u32,
    /// Game pairs per iteration.
    pub pairs: u32,
    /// The two-engine tournament whose rounds the iterations play.
    pub tournament: TournamentConfig,
}

impl TuneConfig {
    /// Reads the tune file `path` (the profile found by name among the
    /// built-in ones, `engines` and the file's `engine_dir`); `iterations`
    /// replaces the file's.
    pub fn load(path: &Path, engines: Option<&Path>, iterations: Option<u32>) -> Result<Self> {
        let text = crate::user_files::read_to_string(path)
            .with_context(|| format!("cannot read tune file {}", path.display()))?;
        let name = path
            .file_stem()
            .map_or_else(|| "tune".to_string(), |s| s.to_string_lossy().into_owned());
        let base = path.parent().unwrap_or_else(|| Path::new(""));
        Self::parse(&name, &text, base, engines, iterations)
    }

    /// Reads tune file text; relative paths are taken from `base`.
    pub fn parse(
        name: &str,
        text: &str,
        base: &Path,
        engines: Option<&Path>,
        iterations: Option<u32>,
    ) -> Result<Self> {
        let file: TuneFile = toml::from_str(text).map_err(|e| {
            anyhow::anyhow!(
                "tune file is invalid: {}",
                crate::user_files::toml_error(text, &e)
            )
        })?;
        let seed = i64::try_from(file.seed)
            .map_err(|_| anyhow::anyhow!("tune file: seed must be below 2^63"))?;
        let iterations = iterations.unwrap_or(file.iterations);
        bounds::ITERATIONS.check("iterations", iterations)?;
        bounds::PAIRS.check("pairs", file.pairs)?;
        let rounds = iterations.saturating_mul(file.pairs);
        bounds::ROUNDS.check("iterations × pairs", rounds)?;
        let catalogue = Catalogue::built_in()
            .with_optional_dir(engines)?
            .with_optional_dir(file.engine_dir.map(|d| base.join(d)).as_deref())?;
        let profile = catalogue.get(&file.engine)?;
        let profile_text = catalogue.text(&file.engine)?.to_string();
        if profile.tune.is_empty() {
            bail!(
                "engine profile `{}` declares nothing to tune: give it a [tune] table",
                profile.name
            );
        }
        if Seating::of(&profile.game, &file.options).map_err(anyhow::Error::msg)? != Seating::Pair {
            bail!(
                "tauler tune plays game pairs of two-player games; {} is played in hands",
                profile.game
            );
        }
        let (plus, minus) = sides(&profile.name);
        let mut tournament = toml::Table::new();
        tournament.insert("game".into(), profile.game.clone().into());
        tournament.insert("options".into(), file.options.into());
        tournament.insert("engines".into(), vec![plus.clone(), minus.clone()].into());
        tournament.insert("rounds".into(), i64::from(rounds).into());
        tournament.insert("seed".into(), toml::Value::Integer(seed));
        if let Some(concurrency) = file.concurrency {
            tournament.insert("concurrency".into(), (concurrency as i64).into());
        }
        if let Some(limits) = file.limits {
            let limits = toml::Table::try_from(limits)?;
            let both =
                toml::Table::from_iter([(plus, limits.clone().into()), (minus, limits.into())]);
            tournament.insert("limits".into(), both.into());
        }
        for (key, table) in [
            ("openings", file.openings),
            ("adjudication", file.adjudication),
        ] {
            if let Some(table) = table {
                tournament.insert(key.into(), table.into());
            }
        }
        if let Some(margin) = file.time_margin_ms {
            tournament.insert("time_margin_ms".into(), (margin as i64).into());
        }
        let tournament_text = toml::to_string(&tournament)?;
        let tournament = TournamentConfig::parse(name, &tournament_text, base)
            .map_err(|e| anyhow::anyhow!("tune {}", e.to_string().replace("tournament ", "")))?;
        Ok(Self {
            profile,
            profile_text,
            iterations,
            pairs: file.pairs,
            tournament,
        })
    }
}

/// The names of the `+` and `−` profiles of `base`.
fn sides(base: &str) -> (String, String) {
    (format!("{base}-plus"), format!("{base}-minus"))
}

/// What a run started with (`start.json`): a resume must match it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Start {
    /// The tune file's text.
    tune: String,
    /// The profile's text.
    profile: String,
    /// The iterations of the run.
    iterations: u32,
    /// The tunables' names, the order of every vector in the state lines.
    names: Vec<String>,
}

/// One iteration's line in `spsa.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationLine {
    /// The iteration, from 1.
    pub iteration: u32,
    /// The `+` side's values (as searched: integers rounded).
    pub plus: Vec<f64>,
    /// The `−` side's values.
    pub minus: Vec<f64>,
    /// The `+` side's score in each game, in schedule order.
    pub scores: Vec<f64>,
    /// Games the `+` side won minus those it lost.
    pub result: f64,
    /// θ after the iteration.
    pub theta: Vec<f64>,
}

/// The end of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOutcome {
    /// The tunables' names.
    pub names: Vec<String>,
    /// Where each started.
    pub start: Vec<f64>,
    /// θ after the last iteration played.
    pub theta: Vec<f64>,
    /// Iterations done.
    pub iterations: u32,
    /// The `+` side's wins, losses and draws over the whole run.
    pub wins_losses_draws: (u32, u32, u32),
    /// The tuned profile written.
    pub tuned: PathBuf,
}

impl std::fmt::Display for TuneOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (w, l, d) = self.wins_losses_draws;
        writeln!(
            f,
            "{} iterations, {} games (+ side {w} wins, {l} losses, {d} draws)",
            self.iterations,
            w + l + d
        )?;
        for ((name, start), theta) in self.names.iter().zip(&self.start).zip(&self.theta) {
            writeln!(f, "{name:<28} {start:>10.3} -> {theta:>10.3}")?;
        }
        writeln!(f, "tuned profile {}", self.tuned.display())
    }
}

/// Runs the tune file at `path`.
pub fn run(path: &Path, options: &TuneOptions) -> Result<TuneOutcome> {
    let config = TuneConfig::load(path, options.engines.as_deref(), options.iterations)?;
    let dir = options.out_dir.clone().unwrap_or_else(|| {
        path.parent()
            .unwrap_or_else(|| Path::new(""))
            .join("results")
            .join(&config.tournament.name)
    });
    let text = crate::user_files::read_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    let game: GameId = config.tournament.game.parse()?;
    crate::with_family!(game,
        perfect G => tune_game::<G>(&config, &text, &dir, options),
        chance G, _ => tune_game::<G>(&config, &text, &dir, options),
        hidden _ => bail!("tauler tune plays game pairs of two-player games, not {}", game.name()),
    )
}

/// Opens the results folder: a fresh run saves the tune file and
/// `start.json` (refusing a folder that holds a run); a resume checks them
/// and returns the lines done.
fn open(dir: &Path, start: &Start, resume: bool) -> Result<Vec<IterationLine>> {
    let state = dir.join(STATE);
    let start_file = dir.join("start.json");
    if resume {
        let saved = crate::user_files::read_to_string(&start_file)
            .with_context(|| format!("nothing to resume: {} is missing", start_file.display()))?;
        let saved: Start = serde_json::from_str(&saved)
            .with_context(|| format!("reading {}", start_file.display()))?;
        for (what, same) in [
            ("the tune file", saved.tune == start.tune),
            ("the engine profile", saved.profile == start.profile),
            ("the iterations", saved.iterations == start.iterations),
        ] {
            if !same {
                bail!(
                    "cannot resume {}: {what} changed since the run started",
                    dir.display()
                );
            }
        }
    } else {
        if std::fs::metadata(&state).is_ok_and(|m| m.len() > 0) {
            bail!(
                "{} already holds a run: pass --resume to continue, or delete {} to start again",
                state.display(),
                dir.display()
            );
        }
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        std::fs::write(dir.join("tune.toml"), &start.tune)
            .with_context(|| format!("writing {}", dir.display()))?;
        std::fs::write(&start_file, serde_json::to_string_pretty(start)?)
            .with_context(|| format!("writing {}", start_file.display()))?;
    }
    let lines: Vec<IterationLine> = read_lines(&state, "SPSA iteration")?;
    for (i, line) in lines.iter().enumerate() {
        let n = start.names.len();
        if line.iteration as usize != i + 1 || line.theta.len() != n || line.plus.len() != n {
            bail!(
                "{} line {}: not iteration {} of this run",
                state.display(),
                i + 1,
                i + 1
            );
        }
    }
    Ok(lines)
}

/// Writes `profile` to `path` through a temporary file, so that a killed
/// run leaves the previous version whole.
fn write_profile(path: &Path, profile: &EngineProfile) -> Result<()> {
    let temporary = path.with_extension("toml.partial");
    std::fs::write(&temporary, profile.to_toml())
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("writing {}", path.display()))
}

fn tune_game<G: Playable>(
    config: &TuneConfig,
    text: &str,
    dir: &Path,
    options: &TuneOptions,
) -> Result<TuneOutcome> {
    let base = &config.profile;
    let names: Vec<String> = base.tune.iter().map(|t| t.name.clone()).collect();
    let start_theta: Vec<f64> = base.tune.iter().map(|t| t.start).collect();
    for end in [
        base.tune.iter().map(|t| t.range.min).collect::<Vec<_>>(),
        base.tune.iter().map(|t| t.range.max).collect(),
    ] {
        G::check_profile(&base.with_tuned(&base.name, &end))
            .context("the [tune] bounds give an invalid profile")?;
    }
    let (plus_name, minus_name) = sides(&base.name);
    let mut setup = build_setup::<G>(
        &config.tournament,
        vec![
            base.with_tuned(&plus_name, &start_theta),
            base.with_tuned(&minus_name, &start_theta),
        ],
    )?;
    let start = Start {
        tune: text.to_string(),
        profile: config.profile_text.clone(),
        iterations: config.iterations,
        names: names.clone(),
    };
    let lines = open(dir, &start, options.resume)?;
    let mut writer = RecordWriter::open(&dir.join(STATE))?;
    let tuned_name = format!("{}-tuned", base.name);
    let tuned_path = dir.join(format!("{tuned_name}.toml"));
    let spsa = Spsa::new(&base.tune, config.iterations, config.tournament.seed);
    let mut tally = (0, 0, 0);
    for line in &lines {
        count(&mut tally, &line.scores);
    }
    let mut theta = lines
        .last()
        .map_or(start_theta.clone(), |l| l.theta.clone());
    let done = lines.len() as u32;
    let line_of =
        |tally: (u32, u32, u32)| format!("+ side {}-{}-{} (W-L-D)", tally.0, tally.1, tally.2);
    let ui = options.progress.as_deref();
    if let Some(ui) = ui {
        ui.start(
            u64::from(config.iterations),
            u64::from(done),
            &line_of(tally),
        );
    }
    let games = schedule(&config.tournament);
    let per_iteration = 2 * config.pairs as usize;
    for k in done + 1..=config.iterations {
        let perturbation = spsa.perturb(&theta, k);
        let plus = base.with_tuned(&plus_name, &perturbation.plus);
        let minus = base.with_tuned(&minus_name, &perturbation.minus);
        let rounded = |p: &EngineProfile| p.tune.iter().map(|t| t.start).collect::<Vec<f64>>();
        let (plus_values, minus_values) = (rounded(&plus), rounded(&minus));
        setup.profiles = vec![plus, minus];
        let first = (k as usize - 1) * per_iteration;
        let specs = games[first..first + per_iteration].to_vec();
        let records: Mutex<Vec<GameRecord>> = Mutex::new(Vec::new());
        play_all(
            config.tournament.concurrency,
            specs,
            |spec| setup.play(spec),
            |record| {
                records
                    .lock()
                    .map_err(|_| anyhow::anyhow!("a game's worker failed"))?
                    .push(record);
                Ok(Flow::Continue)
            },
        )?;
        let mut records = records
            .into_inner()
            .map_err(|_| anyhow::anyhow!("a game's worker failed"))?;
        records.sort_by_key(|r| r.index);
        let scores: Vec<f64> = records
            .iter()
            .map(|r| r.seat_of(&plus_name).map_or(0.5, |seat| r.score(seat)))
            .collect();
        let result: f64 = scores.iter().map(|s| 2.0 * s - 1.0).sum();
        theta = spsa.update(&theta, &perturbation, result);
        writer.append(&IterationLine {
            iteration: k,
            plus: plus_values,
            minus: minus_values,
            scores: scores.clone(),
            result,
            theta: theta.clone(),
        })?;
        count(&mut tally, &scores);
        write_profile(&tuned_path, &tuned(base, &tuned_name, &theta, config))?;
        if let Some(ui) = ui {
            ui.game_done(&line_of(tally));
        }
    }
    if let Some(ui) = ui {
        ui.finish();
    }
    write_profile(&tuned_path, &tuned(base, &tuned_name, &theta, config))?;
    Ok(TuneOutcome {
        names,
        start: start_theta,
        theta,
        iterations: config.iterations,
        wins_losses_draws: tally,
        tuned: tuned_path,
    })
}

/// Adds the `+` side's wins, losses and draws of `scores` to `tally`.
fn count(tally: &mut (u32, u32, u32), scores: &[f64]) {
    for &score in scores {
        if score > 0.5 {
            tally.0 += 1;
        } else if score < 0.5 {
            tally.1 += 1;
        } else {
            tally.2 += 1;
        }
    }
}

/// The tuned profile: `base` with θ (rounded where integer), named
/// `name`, its description saying where it comes from.
fn tuned(base: &EngineProfile, name: &str, theta: &[f64], config: &TuneConfig) -> EngineProfile {
    let mut profile = base.with_tuned(name, theta);
    profile.description = format!(
        "{} (tuned: SPSA, {} iterations of tune file `{}`)",
        base.description, config.iterations, config.tournament.name
    );
    profile
}
