//! Tournament files: `tournaments/<name>.toml` names the game, the engines
//! (profiles by name: built in, from `--engines DIR`, or from the file's
//! `engine_dir`), the pairing, the number of rounds, the seed,
//! the openings, limit overrides, time-forfeit margin, adjudication,
//! concurrency and optional SPRT bounds. The README's "Tournaments" section
//! documents every key; the shipped files are examples.
//!
//! Every encounter (two engines) plays game pairs: both games of a pair
//! start from the same opening and draw chance outcomes (cards, deals) from
//! the same seed, with the seats swapped — duplicate play, so that luck and
//! opening bias cancel out within the pair.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

use crate::bounds::{self, OutOfRange};
use crate::engine::LimitSpec;
use crate::tournament::seating::Seating;
use crate::tournament::stats::{Sprt, SprtModel};
use crate::user_files;

/// Why a tournament file cannot be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read tournament file {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// The TOML does not describe a tournament.
    #[error("tournament file is invalid: {0}")]
    Invalid(String),
    /// The values are inconsistent.
    #[error("tournament file: {0}")]
    Inconsistent(String),
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairing {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
    /// Each engine against the next two in the list: with the engines listed
    /// weakest first (a level ladder), the games go to the pairs whose
    /// outcome is uncertain, not to far pairs whose result is all but
    /// certain.
    Ladder,
}

/// In which order the opening file's positions are used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningOrder {
    /// Round `r` uses line `r` (cycling).
    #[default]
    Sequential,
    /// Round `r` uses a line drawn from the round's seed.
    Random,
}

/// What one result of the Bradley–Terry ratings and the crosstable is
/// (`rating_unit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RatingUnit {
    /// Every game (Muzicando: every hand) scores one result.
    #[default]
    Game,
    /// Muzicando team game: every duplicate deal (one deal played twice,
    /// the teams swapping seats) scores one result, won by the team with
    /// more hand points over its two hands, drawn when they are equal. The
    /// cards' luck cancels within the deal.
    Deal,
    /// Muzicando team game: every match (`hands_per_match` consecutive
    /// duplicate deals) scores one result, won by the team with more hand
    /// points over its hands, drawn when they are equal.
    Match,
}

impl RatingUnit {
    /// The unit's name in reports, `hands_per_match` deals making a match.
    #[must_use]
    pub fn describe(self, hands_per_match: u32) -> String {
        match self {
            RatingUnit::Game => "game".into(),
            RatingUnit::Deal => "duplicate deal".into(),
            RatingUnit::Match => format!("match of {hands_per_match} duplicate deals"),
        }
    }
}

/// Where games start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Openings {
    /// A file of start positions in the game's notation, one a line (`#`
    /// starts a comment); relative to the tournament file.
    pub file: Option<PathBuf>,
    /// How the file's lines are picked.
    pub order: OpeningOrder,
    /// Random legal plies played from the start position (after the file's
    /// position, if any), drawn from the round's seed.
    pub random_plies: u32,
    /// Redraw the random plies until they end quiet: the side to move has no
    /// noisy action (capture, promotion, castle entry, by the game's
    /// evaluator), so no opening hands a side material at once. In
    /// Camelot, where captures are compulsory, three random plies otherwise
    /// often end with a jump of half the army.
    pub quiet: bool,
}

/// Score-based draw adjudication: after `move_number` plies, a game whose
/// both engines report `|score| ≤ score` for `move_count` moves each in a row is
/// a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawAdjudication {
    /// The earliest ply at which a draw may be adjudicated.
    pub move_number: u32,
    /// Consecutive moves per engine.
    pub move_count: u32,
    /// The largest absolute score (centipawn-like units) that counts as level.
    pub score: i32,
}

/// Score-based resignation: an engine whose score is `≤ −score` for
/// `move_count` moves in a row, while its opponent's is `≥ score`, loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignAdjudication {
    /// Consecutive moves per engine.
    pub move_count: u32,
    /// The score (centipawn-like units) beyond which a game is lost.
    pub score: i32,
}

/// When the referee ends a game early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Adjudication {
    /// Games reaching this many plies (opening included) are drawn.
    pub max_plies: u32,
    /// Draw by agreed level scores (engines that report scores only).
    pub draw: Option<DrawAdjudication>,
    /// Resignation by agreed lost scores (engines that report scores only).
    pub resign: Option<ResignAdjudication>,
}

impl Default for Adjudication {
    fn default() -> Self {
        Self {
            max_plies: 1000,
            draw: None,
            resign: None,
        }
    }
}

/// The SPRT stopping rule, tested on the first engine against the others.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtConfig {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's Elo difference.
    pub elo1: f64,
    /// False-positive rate.
    #[serde(default = "default_error_rate")]
    pub alpha: f64,
    /// False-negative rate.
    #[serde(default = "default_error_rate")]
    pub beta: f64,
    /// `normalized` (default) or `logistic`.
    #[serde(default)]
    pub model: SprtModel,
}

fn default_error_rate() -> f64 {
    0.05
}

impl SprtConfig {
    /// The test.
    #[must_use]
    pub fn test(&self) -> Sprt {
        Sprt {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
            model: self.model,
        }
    }
}

/// A deliberate fault, for testing the referee (not for real matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FaultKind {
    /// The engine panics instead of moving.
    Panic,
    /// The engine answers an action that is not legal.
    Illegal,
}

/// Fault injection (a test aid): the engine misbehaves on its move number
/// `after_moves` (counting from 0) of every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultInjection {
    /// What the engine does wrong.
    pub kind: FaultKind,
    /// How many moves it plays correctly first.
    #[serde(default)]
    pub after_moves: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentFile {
    game: String,
    #[serde(default)]
    options: Vec<String>,
    engines: Vec<String>,
    engine_dir: Option<PathBuf>,
    #[serde(default)]
    pairing: Pairing,
    rounds: Option<u32>,
    games: Option<u32>,
    #[serde(default)]
    seed: u64,
    #[serde(default = "default_concurrency")]
    concurrency: usize,
    #[serde(default)]
    openings: Openings,
    #[serde(default)]
    limits: BTreeMap<String, LimitSpec>,
    #[serde(default = "default_margin")]
    time_margin_ms: u64,
    #[serde(default)]
    adjudication: Adjudication,
    sprt: Option<SprtConfig>,
    #[serde(default)]
    faults: BTreeMap<String, FaultInjection>,
    #[serde(default)]
    allow_cheating: bool,
    hands_per_match: Option<u32>,
    anchor: Option<String>,
    #[serde(default)]
    rating_unit: RatingUnit,
}

fn default_concurrency() -> usize {
    1
}

fn default_margin() -> u64 {
    100
}

/// A checked tournament description, paths resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The tournament's name (the file name without `.toml`).
    pub name: String,
    /// The file's text as read (kept in the run's snapshot).
    pub source: String,
    /// The game's command-line name.
    pub game: String,
    /// The game's rule options, `KEY=VALUE`.
    pub options: Vec<String>,
    /// Engine profile names, at least two, all different.
    pub engines: Vec<String>,
    /// A folder of profiles laid over the run's others (built in and
    /// `--engines`), when the file names one.
    pub engine_dir: Option<PathBuf>,
    /// Who plays whom.
    pub pairing: Pairing,
    /// Rounds: in each, every encounter plays one game pair.
    pub rounds: u32,
    /// The tournament seed; every game's seed derives from it and the game's index.
    pub seed: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Where games start (the file path resolved).
    pub openings: Openings,
    /// Per-engine limits replacing the profile's.
    pub limits: BTreeMap<String, LimitSpec>,
    /// Time a move may overrun its budget before the game is forfeited.
    pub time_margin_ms: u64,
    /// Early ends.
    pub adjudication: Adjudication,
    /// The optional stopping rule.
    pub sprt: Option<SprtConfig>,
    /// Fault injection per engine (test aid).
    pub faults: BTreeMap<String, FaultInjection>,
    /// Whether engines that see hidden information (Muzicando's `cheating`
    /// profiles) may play: only for measuring what hiding costs.
    pub allow_cheating: bool,
    /// How the engines sit at the table (two seats, teams, or everyone).
    pub seating: Seating,
    /// Muzicando team game: the consecutive deals that make one match (at
    /// least 4, a multiple of 4 so that every seat deals equally often).
    pub hands_per_match: u32,
    /// The engine held at 0 on the Bradley–Terry scale, whose report then
    /// gives every rating a 95% interval (more than two engines).
    pub anchor: Option<String>,
    /// What one result of the ratings and the crosstable is.
    pub rating_unit: RatingUnit,
}

impl TournamentConfig {
    /// Reads and checks the tournament file at `path`.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        let text = user_files::read_to_string(path).map_err(|source| ConfigError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path.file_stem().map_or_else(
            || "tournament".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let base = path.parent().unwrap_or_else(|| Path::new(""));
        Self::parse(&name, &text, base)
    }

    /// Reads and checks tournament text; relative paths are taken from `base`
    /// (`engine_dir` among them).
    pub fn parse(name: &str, text: &str, base: &Path) -> Result<Self, ConfigError> {
        let file: TournamentFile = toml::from_str(text)
            .map_err(|e| ConfigError::Invalid(user_files::toml_error(text, &e)))?;
        check_ranges(&file)?;
        let inconsistent = |message: String| Err(ConfigError::Inconsistent(message));
        if file.engines.len() < 2 {
            return inconsistent("`engines` needs at least two profiles".into());
        }
        for (i, engine) in file.engines.iter().enumerate() {
            if file.engines[..i].contains(engine) {
                return inconsistent(format!("engine `{engine}` is listed twice"));
            }
        }
        if let Some(anchor) = file.anchor.as_ref().filter(|a| !file.engines.contains(a)) {
            return inconsistent(format!("anchor `{anchor}` is not in `engines`"));
        }
        for key in file.limits.keys().chain(file.faults.keys()) {
            if !file.engines.contains(key) {
                return inconsistent(format!("`{key}` (limits or faults) is not in `engines`"));
            }
        }
        let rounds = match (file.rounds, file.games) {
            (Some(rounds), None) => rounds,
            (None, Some(games)) if games % 2 == 0 => games / 2,
            (None, Some(games)) => {
                return inconsistent(format!(
                    "`games = {games}` must be even: games are played in pairs with seats swapped"
                ))
            }
            _ => return inconsistent("give exactly one of `rounds` and `games`".into()),
        };
        let seating = Seating::of(&file.game, &file.options).map_err(ConfigError::Inconsistent)?;
        if file.sprt.is_some() && matches!(seating, Seating::Individual(k) if k > 2) {
            return inconsistent(
                "the SPRT needs pairs of hands: not available for the individual game beyond 2 players"
                    .into(),
            );
        }
        if let Some(sprt) = &file.sprt {
            if file.pairing != Pairing::Gauntlet && file.engines.len() > 2 {
                return inconsistent(
                    "SPRT compares the first engine with the others: use `pairing = \"gauntlet\"` or two engines"
                        .into(),
                );
            }
            sprt.test()
                .check("")
                .map_err(|e| ConfigError::Inconsistent(format!("[sprt] {e}")))?;
        }
        let hands_per_match = file.hands_per_match.unwrap_or(4);
        seating
            .check(
                file.engines.len(),
                file.pairing,
                rounds,
                hands_per_match,
                file.hands_per_match.is_some(),
            )
            .map_err(ConfigError::Inconsistent)?;
        bounds::HANDS_PER_MATCH
            .check("hands_per_match", hands_per_match)
            .map_err(|e| ConfigError::Inconsistent(e.to_string()))?;
        if file.rating_unit != RatingUnit::Game && seating != Seating::Team {
            return inconsistent(
                "`rating_unit` \"deal\" or \"match\" applies to the Muzicando team game only"
                    .into(),
            );
        }
        if seating != Seating::Pair {
            if file.openings != Openings::default() {
                return inconsistent(format!(
                    "{} hands start from seeded deals: `[openings]` does not apply",
                    file.game
                ));
            }
            if file.adjudication.draw.is_some() || file.adjudication.resign.is_some() {
                return inconsistent(format!(
                    "{} engines report no scores: score adjudication does not apply",
                    file.game
                ));
            }
        }
        let mut openings = file.openings;
        openings.file = openings.file.map(|f| base.join(f));
        let config = Self {
            source: text.to_string(),
            name: name.to_string(),
            game: file.game,
            options: file.options,
            engines: file.engines,
            engine_dir: file.engine_dir.map(|d| base.join(d)),
            pairing: file.pairing,
            rounds,
            seed: file.seed,
            concurrency: file.concurrency,
            openings,
            limits: file.limits,
            time_margin_ms: file.time_margin_ms,
            adjudication: file.adjudication,
            sprt: file.sprt,
            faults: file.faults,
            allow_cheating: file.allow_cheating,
            seating,
            hands_per_match,
            anchor: file.anchor,
            rating_unit: file.rating_unit,
        };
        let games = config.total_games();
        bounds::SCHEDULED_GAMES
            .check("games in the schedule", games)
            .map_err(|e| {
                ConfigError::Inconsistent(format!(
                    "{e}: fewer rounds or engines, or several tournaments"
                ))
            })?;
        Ok(config)
    }

    /// The encounters (engine index pairs, first engine first), in play order.
    #[must_use]
    pub fn encounters(&self) -> Vec<(usize, usize)> {
        let n = self.engines.len();
        match self.pairing {
            Pairing::Gauntlet => (1..n).map(|j| (0, j)).collect(),
            Pairing::RoundRobin => (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect(),
            Pairing::Ladder => (0..n)
                .flat_map(|i| (i + 1..n.min(i + 3)).map(move |j| (i, j)))
                .collect(),
        }
    }

    /// The total number of games (Muzicando: hands), saturating.
    #[must_use]
    pub fn total_games(&self) -> usize {
        let rounds = self.rounds as usize;
        match self.seating {
            Seating::Pair | Seating::Team => rounds
                .saturating_mul(self.encounters().len())
                .saturating_mul(2),
            Seating::Individual(players) => rounds.saturating_mul(usize::from(players)),
        }
    }
}

/// Checks every numeric key of the file against its range (`crate::bounds`),
/// naming the key.
fn check_ranges(file: &TournamentFile) -> Result<(), ConfigError> {
    let range = |error: OutOfRange| ConfigError::Inconsistent(error.to_string());
    bounds::ROUNDS
        .check_opt("rounds", file.rounds)
        .map_err(range)?;
    bounds::GAMES
        .check_opt("games", file.games)
        .map_err(range)?;
    bounds::THREADS
        .check("concurrency", file.concurrency)
        .map_err(range)?;
    bounds::TIME_MARGIN_MS
        .check("time_margin_ms", file.time_margin_ms)
        .map_err(range)?;
    bounds::RANDOM_PLIES
        .check("[openings] random_plies", file.openings.random_plies)
        .map_err(range)?;
    let adjudication = &file.adjudication;
    bounds::MAX_PLIES
        .check("[adjudication] max_plies", adjudication.max_plies)
        .map_err(range)?;
    if let Some(draw) = &adjudication.draw {
        bounds::GAME_PLIES
            .check("[adjudication] draw.move_number", draw.move_number)
            .map_err(range)?;
        bounds::MOVE_COUNT
            .check("[adjudication] draw.move_count", draw.move_count)
            .map_err(range)?;
        bounds::SCORE_MARGIN
            .check("[adjudication] draw.score", draw.score)
            .map_err(range)?;
    }
    if let Some(resign) = &adjudication.resign {
        bounds::MOVE_COUNT
            .check("[adjudication] resign.move_count", resign.move_count)
            .map_err(range)?;
        bounds::RESIGN_SCORE
            .check("[adjudication] resign.score", resign.score)
            .map_err(range)?;
    }
    for (engine, limits) in &file.limits {
        limits
            .check()
            .map_err(|e| ConfigError::Inconsistent(format!("[limits.{engine}] {e}")))?;
    }
    for (engine, fault) in &file.faults {
        bounds::GAME_PLIES
            .check(&format!("[faults.{engine}] after_moves"), fault.after_moves)
            .map_err(range)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: &str = r#"
game = "cescacs"
options = ["stalemate=two-thirds"]
engines = ["a", "b", "c"]
engine_dir = "profiles"
pairing = "gauntlet"
games = 10
seed = 7
concurrency = 2
time_margin_ms = 50

[openings]
file = "openings.txt"
order = "random"
random_plies = 2
quiet = true

[limits.b]
depth = 3

[adjudication]
max_plies = 200
draw = { move_number = 40, move_count = 4, score = 10 }
resign = { move_count = 3, score = 900 }

[sprt]
elo0 = 0
elo1 = 10
model = "logistic"

[faults.c]
kind = "panic"
after_moves = 1
"#;

    #[test]
    fn a_ladder_pairs_each_engine_with_the_next_two() {
        let file = "game = \"cescacs\"\nengines = [\"a\", \"b\", \"c\", \"d\"]\npairing = \"ladder\"\nrounds = 2\n";
        let config = TournamentConfig::parse("t", file, Path::new(".")).unwrap();
        assert_eq!(
            config.encounters(),
            [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(config.total_games(), 20);
        let with_sprt = format!("{file}[sprt]\nelo0 = 0\nelo1 = 10\n");
        assert!(TournamentConfig::parse("t", &with_sprt, Path::new(".")).is_err());
    }

    #[test]
    fn a_full_file_reads() {
        let config = TournamentConfig::parse("t", FULL, Path::new("dir")).unwrap();
        assert_eq!(config.rounds, 5);
        assert_eq!(
            config.engine_dir.as_deref(),
            Some(Path::new("dir/profiles"))
        );
        assert_eq!(
            config.openings.file.as_deref(),
            Some(Path::new("dir/openings.txt"))
        );
        assert!(config.openings.quiet);
        assert_eq!(config.encounters(), [(0, 1), (0, 2)]);
        assert_eq!(config.total_games(), 20);
        assert_eq!(config.limits["b"].depth, Some(3));
        assert_eq!(config.adjudication.resign.unwrap().score, 900);
        assert_eq!(config.sprt.unwrap().test().alpha, 0.05);
        assert_eq!(config.faults["c"].kind, FaultKind::Panic);
    }

    #[test]
    fn round_robin_meets_everyone() {
        let text = "game = \"camelot\"\nengines = [\"a\", \"b\", \"c\", \"d\"]\nrounds = 1\n";
        let config = TournamentConfig::parse("t", text, Path::new("")).unwrap();
        assert_eq!(config.encounters().len(), 6);
        assert_eq!(config.adjudication.max_plies, 1000);
    }

    #[test]
    fn muzicando_keys_read() {
        let team = "game = \"muzicando\"\nengines = [\"a\", \"b\", \"c\"]\nrounds = 8\n\
                    hands_per_match = 8\nallow_cheating = true\n";
        let config = TournamentConfig::parse("t", team, Path::new("")).unwrap();
        assert_eq!(config.seating, Seating::Team);
        assert_eq!((config.hands_per_match, config.allow_cheating), (8, true));
        assert_eq!(config.total_games(), 8 * 3 * 2);
        let solo = "game = \"muzicando\"\noptions = [\"players=3\"]\nengines = [\"a\", \"b\", \"c\"]\nrounds = 2\n";
        let config = TournamentConfig::parse("t", solo, Path::new("")).unwrap();
        assert_eq!(config.seating, Seating::Individual(3));
        assert_eq!((config.hands_per_match, config.allow_cheating), (4, false));
        assert_eq!(config.total_games(), 6);
        let sprt = format!("{solo}[sprt]\nelo0 = 0\nelo1 = 5\n");
        let error = TournamentConfig::parse("t", &sprt, Path::new("")).unwrap_err();
        assert!(error.to_string().contains("individual"), "{error}");
    }

    #[test]
    fn mistakes_are_named() {
        let base = "game = \"camelot\"\n";
        for (text, needle) in [
            ("engines = [\"a\"]\nrounds = 1\n", "at least two"),
            ("engines = [\"a\", \"a\"]\nrounds = 1\n", "twice"),
            ("engines = [\"a\", \"b\"]\n", "exactly one"),
            ("engines = [\"a\", \"b\"]\ngames = 3\n", "even"),
            (
                "engines = [\"a\", \"b\"]\nrounds = 0\n",
                "rounds: 0 is out of range (allowed 1 to 100000)",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 4294967295\n",
                "rounds: 4294967295 is out of range",
            ),
            (
                "engines = [\"a\", \"b\", \"c\", \"d\", \"e\"]\nrounds = 100000\n",
                "games in the schedule: 2000000 is out of range (allowed 1 to 1000000)",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[limits.a]\nmovetime_ms = 0\n",
                "[limits.a] movetime_ms: 0 is out of range",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[adjudication]\nmax_plies = 0\n",
                "[adjudication] max_plies: 0",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[openings]\nrandom_plies = 1000\n",
                "[openings] random_plies: 1000 is out of range (allowed 0 to 200)",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\ntime_margin_ms = 3600000\n",
                "time_margin_ms",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[sprt]\nelo0 = 0\nelo1 = nan\n",
                "[sprt] elo1: NaN",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[sprt]\nelo0 = 0\nelo1 = 5\nalpha = 0.5\n",
                "[sprt] alpha: 0.5",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\nseed = = 2\n",
                "line 4, column 8",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\nconcurrency = 0\n",
                "concurrency: 0 is out of range (allowed 1 to 256)",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[limits.x]\ndepth = 1\n",
                "`x`",
            ),
            ("engines = [\"a\", \"b\"]\nrounds = 1\nround = 2\n", "round"),
            (
                "engines = [\"a\", \"b\", \"c\"]\nrounds = 1\n[sprt]\nelo0 = 0\nelo1 = 5\n",
                "gauntlet",
            ),
            (
                "engines = [\"a\", \"b\"]\nrounds = 1\n[sprt]\nelo0 = 5\nelo1 = 0\n",
                "elo0 (5) must be below elo1 (0)",
            ),
        ] {
            let error = TournamentConfig::parse("t", &format!("{base}{text}"), Path::new(""))
                .unwrap_err()
                .to_string();
            assert!(error.contains(needle), "`{error}` lacks `{needle}`");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_a_config_or_an_error(text in "\\PC{0,200}") {
            let _ = TournamentConfig::parse("t", &text, Path::new(""));
        }
    }
}
