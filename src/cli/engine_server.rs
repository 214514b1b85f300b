//! `tauler uci` and `tauler ugi GAME`: one of tauler's engines behind a
//! line protocol, for graphical interfaces, tournament managers and
//! tauler's own referee.
//!
//! A reader thread turns standard input into lines on a channel; the search
//! runs on its own thread with the player's stop flag, so `stop`,
//! `isready` and `quit` are read and answered while it thinks. The engine
//! is an ordinary player (`engine::Player`) built from a profile; the
//! position is kept as a [`EnginePosition`]: the full state of a
//! perfect-information game, or, for Muzicando, the seat's observation and
//! nothing more. Malformed lines are answered with `info string error: …`
//! and otherwise ignored.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::Result;

use crate::engine::level_table;
use crate::engine::{build_player, Decision, EngineProfile, InfoSink, Player, PlayerError, Stop};
use crate::game::{Game, GameOptions, Returns, Seat, Turn};
use crate::games::muzicando::{Action as MuzicandoAction, Muzicando, Options as MuzicandoOptions};
use crate::games::GameInfo;
use crate::protocol::seat_view::{action_token, table_from_tokens, SeatTable};
use crate::protocol::{
    Command, Dialect, Go, Info, OptionKind, OptionSpec, Query, Reply, Start, Wire,
};
use crate::search::{Limits, SearchInfo};

/// What the engine process knows of the game between messages.
pub trait EnginePosition: Sized + Send + Sync + 'static {
    /// The game.
    type G: crate::engine::Playable + Wire;

    /// The table after `position START [seat N] moves …`.
    fn set_up(
        options: &<Self::G as Game>::Options,
        start: &Start,
        seat: Option<Seat>,
        moves: &[String],
        dialect: Dialect,
    ) -> Result<Self, String>;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// The seats at the table.
    fn seats(&self) -> usize;

    /// The points per seat once the game is over.
    fn returns(&self) -> Option<Returns>;

    /// The legal actions among `tokens` (`go searchmoves …`), or the
    /// first token that is not one.
    fn among(&self, tokens: &[String], dialect: Dialect) -> Result<Vec<ActionOf<Self>>, String>;

    /// Asks `player` for the move of the seat to move, among `only` when
    /// it is not empty.
    fn choose(
        &self,
        player: &mut dyn Player<Self::G>,
        limits: &Limits,
        only: &[ActionOf<Self>],
        stop: &Stop,
        info: &mut dyn InfoSink<ActionOf<Self>>,
    ) -> Result<Decision<ActionOf<Self>>, PlayerError>;

    /// The tokens of a line of play from here, as far as they can be
    /// written (a hidden-information table writes the first action only).
    fn line_tokens(&self, line: &[<Self::G as Game>::Action], dialect: Dialect) -> Vec<String>;
}

/// The action type of a table's game.
pub type ActionOf<T> = <<T as EnginePosition>::G as Game>::Action;

/// A perfect-information game's table: the state itself.
pub struct FullState<G>(pub G);

impl<G> EnginePosition for FullState<G>
where
    G: crate::game::PerfectInfo + Wire + crate::engine::Playable,
{
    type G = G;

    /// A perfect-information game has no view to take: `seat` is ignored.
    /// Over UCI the interface is the arbiter: a draw it could claim does
    /// not end the game, and the moves after it are played when legal.
    fn set_up(
        options: &G::Options,
        start: &Start,
        _seat: Option<Seat>,
        moves: &[String],
        dialect: Dialect,
    ) -> Result<Self, String> {
        let mut state = match start {
            Start::StartPos => G::new(options),
            Start::Fen(text) => G::parse_position(text, options).map_err(|e| e.to_string())?,
        };
        let arbiter = dialect == Dialect::Uci;
        for (index, token) in moves.iter().enumerate() {
            if arbiter {
                state.reopen_for_arbiter();
            }
            let action = state
                .parse_wire_action(token, dialect)
                .map_err(|e| format!("move {}: {e}", index + 1))?;
            state.apply(action);
        }
        if arbiter {
            state.reopen_for_arbiter();
        }
        Ok(FullState(state))
    }

    fn turn(&self) -> Turn {
        self.0.turn()
    }

    fn seats(&self) -> usize {
        self.0.seats()
    }

    fn returns(&self) -> Option<Returns> {
        self.0.returns()
    }

    fn among(&self, tokens: &[String], dialect: Dialect) -> Result<Vec<G::Action>, String> {
        tokens
            .iter()
            .map(|token| {
                self.0
                    .parse_wire_action(token, dialect)
                    .map_err(|e| format!("searchmoves: {e}"))
            })
            .collect()
    }

    fn choose(
        &self,
        player: &mut dyn Player<G>,
        limits: &Limits,
        only: &[G::Action],
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let Turn::Player(seat) = self.0.turn() else {
            return Err(PlayerError::NotAPlayersTurn);
        };
        let mut legal = Vec::new();
        self.0.legal_actions(&mut legal);
        if !only.is_empty() {
            legal.retain(|action| only.contains(action));
        }
        if legal.is_empty() {
            return Err(PlayerError::NotAPlayersTurn);
        }
        let view = crate::engine::View {
            seat,
            observation: &self.0,
            legal: &legal,
            state: None,
            game: None,
        };
        player.choose(&view, limits, stop, info)
    }

    fn line_tokens(&self, line: &[G::Action], dialect: Dialect) -> Vec<String> {
        self.0.wire_line(line, dialect)
    }
}

/// Muzicando's table: one seat's view, never another seat's cards.
pub struct SeatPosition {
    seat: Seat,
    table: SeatTable,
}

impl EnginePosition for SeatPosition {
    type G = Muzicando;

    /// Muzicando starts from the deal (`startpos`) and needs the seat whose
    /// view the moves are; before `position` the view is seat 0's.
    fn set_up(
        options: &MuzicandoOptions,
        start: &Start,
        seat: Option<Seat>,
        moves: &[String],
        _dialect: Dialect,
    ) -> Result<Self, String> {
        if *start != Start::StartPos {
            return Err(
                "a hidden-hand game starts from `startpos`: a position string shows every hand"
                    .into(),
            );
        }
        if seat.is_none() && !moves.is_empty() {
            return Err("a hidden-hand game needs `position startpos seat N moves …`".into());
        }
        let seat = seat.unwrap_or(0);
        let table = table_from_tokens(options, seat, moves).map_err(|e| e.to_string())?;
        Ok(SeatPosition { seat, table })
    }

    fn turn(&self) -> Turn {
        self.table.turn
    }

    fn seats(&self) -> usize {
        self.table.observation.hand_sizes.len()
    }

    fn returns(&self) -> Option<Returns> {
        self.table.returns.clone()
    }

    fn among(&self, tokens: &[String], _dialect: Dialect) -> Result<Vec<MuzicandoAction>, String> {
        tokens
            .iter()
            .map(|token| {
                self.table
                    .legal
                    .iter()
                    .copied()
                    .find(|&action| {
                        action_token(&self.table.observation, action).ok().as_ref() == Some(token)
                    })
                    .ok_or_else(|| format!("searchmoves: `{token}` is not a legal move here"))
            })
            .collect()
    }

    fn choose(
        &self,
        player: &mut dyn Player<Muzicando>,
        limits: &Limits,
        only: &[MuzicandoAction],
        stop: &Stop,
        info: &mut dyn InfoSink<MuzicandoAction>,
    ) -> Result<Decision<MuzicandoAction>, PlayerError> {
        let mut legal = self.table.legal.clone();
        if !only.is_empty() {
            legal.retain(|action| only.contains(action));
        }
        if self.table.turn != Turn::Player(self.seat) || legal.is_empty() {
            return Err(PlayerError::NotAPlayersTurn);
        }
        let view = crate::engine::View {
            seat: self.seat,
            observation: &self.table.observation,
            legal: &legal,
            state: None,
            game: None,
        };
        player.choose(&view, limits, stop, info)
    }

    /// Only the seat's own first action can be written: the rest of a line
    /// is played in a sampled world.
    fn line_tokens(&self, line: &[MuzicandoAction], _dialect: Dialect) -> Vec<String> {
        line.first()
            .and_then(|&action| action_token(&self.table.observation, action).ok())
            .into_iter()
            .collect()
    }
}

/// How a server introduces itself and which engine it runs.
pub struct ServerSetup<'a> {
    /// UCI or UGI.
    pub dialect: Dialect,
    /// The game served.
    pub game: &'static GameInfo,
    /// The engine.
    pub profile: EngineProfile,
    /// The seed of the engine's randomness.
    pub seed: u64,
    /// Rule options that may not be changed (UCI: `cards=off`).
    pub fixed_options: &'a [&'a str],
}

/// What the reader thread and the search thread report.
enum Event<G: Game + crate::game::Observe> {
    /// A line of input.
    Line(String),
    /// A line of input that is not UTF-8 (decoded lossily, to quote it).
    Garbled(String),
    /// Input ended.
    Closed,
    /// The search finished: the player comes back with its answer.
    Done(Box<dyn Player<G>>, Result<Decision<G::Action>, PlayerError>),
}

/// A search in progress.
struct Search<T: EnginePosition> {
    stop: Stop,
    handle: JoinHandle<()>,
    /// The table it searches (for writing `bestmove`).
    table: Arc<T>,
    /// `go infinite` or `go ponder`: `bestmove` waits for `stop` (or
    /// `ponderhit`).
    hold: bool,
    /// Whether the search has written an `info` line.
    streamed: Arc<std::sync::atomic::AtomicBool>,
    /// The `go` of a ponder search, searched again for real on `ponderhit`.
    ponder: Option<Go>,
}

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) -> std::io::Result<()> {
    let mut out = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    writeln!(out, "{line}")?;
    out.flush()
}

fn error_line(text: impl std::fmt::Display) -> String {
    Info::string(format!("error: {text}")).to_string()
}

/// The answer to an input line that is not UTF-8 (`line` decoded lossily).
fn garbled(line: &str) -> String {
    error_line(format!(
        "a line that is not UTF-8 was ignored: `{}`",
        line.trim()
    ))
}

/// `Move Overhead`'s range, in milliseconds (Stockfish's).
const MOVE_OVERHEAD_MS: std::ops::RangeInclusive<u64> = 0..=5000;

/// `Move Overhead`'s default, in milliseconds.
const MOVE_OVERHEAD_DEFAULT_MS: u64 = 10;

/// The options UCI interfaces expect of a chess engine, besides the
/// profile's: `Move Overhead` (milliseconds taken off the clock for the
/// interface's lag), `Ponder` (whether the interface may send `go
/// ponder`; pondering needs nothing more), `Clear Hash` and
/// `UCI_Chess960`, and `UCI_LimitStrength` with `UCI_Elo` (Stockfish's
/// scale; the range the measured chess levels span, see
/// [`level_table::rated_profile`]) when the chess levels are rated.
fn uci_options() -> Vec<OptionSpec> {
    let spec = |name: &str, kind| OptionSpec {
        name: name.into(),
        kind,
    };
    vec![
        spec(
            "Move Overhead",
            OptionKind::Spin {
                default: MOVE_OVERHEAD_DEFAULT_MS as i64,
                min: *MOVE_OVERHEAD_MS.start() as i64,
                max: *MOVE_OVERHEAD_MS.end() as i64,
            },
        ),
        spec("Ponder", OptionKind::Check { default: false }),
        spec("Clear Hash", OptionKind::Button),
        spec("UCI_Chess960", OptionKind::Check { default: false }),
    ]
    .into_iter()
    .chain(elo_range().into_iter().flat_map(|(min, max)| {
        [
            spec("UCI_LimitStrength", OptionKind::Check { default: false }),
            spec(
                "UCI_Elo",
                OptionKind::Spin {
                    default: ((min + max) / 2).clamp(min, max),
                    min,
                    max,
                },
            ),
        ]
    }))
    .collect()
}

/// The `UCI_Elo` range: the measured chess levels' ratings, rounded
/// outwards to 50 (well inside their intervals; a value beyond the
/// weakest or strongest level plays that level); none while fewer than
/// two are measured.
fn elo_range() -> Option<(i64, i64)> {
    let (low, high) = level_table::rating_range(level_table::ladder("chess")?)?;
    Some((
        (low / 50.0).floor() as i64 * 50,
        (high / 50.0).ceil() as i64 * 50,
    ))
}

/// The engine options a profile offers: `Hash`, `Threads` and `MultiPV`
/// for alpha-beta, then every other key of its `[parameters]` under its
/// own name.
fn engine_options(profile: &EngineProfile) -> Vec<(OptionSpec, &'static str)> {
    let mut specs = Vec::new();
    let is_alphabeta = profile.searcher == crate::engine::SearcherKind::AlphaBeta;
    let config = profile.search_config().unwrap_or_default();
    if is_alphabeta {
        for (name, key, default, range) in [
            ("Hash", "hash_mb", config.hash_mb, crate::bounds::HASH_MB),
            ("Threads", "threads", config.threads, crate::bounds::THREADS),
            ("MultiPV", "multipv", config.multipv, crate::bounds::MULTIPV),
        ] {
            let spin = OptionKind::Spin {
                default: default as i64,
                min: range.min as i64,
                max: range.max as i64,
            };
            specs.push((
                OptionSpec {
                    name: name.to_string(),
                    kind: spin,
                },
                key,
            ));
        }
    }
    for (key, value) in &profile.parameters {
        if is_alphabeta && matches!(key.as_str(), "hash_mb" | "threads" | "multipv") {
            continue;
        }
        let kind = match value {
            toml::Value::Boolean(b) => OptionKind::Check { default: *b },
            toml::Value::Integer(i) => OptionKind::Spin {
                default: *i,
                min: 0,
                max: i64::from(i32::MAX),
            },
            toml::Value::String(s) => OptionKind::Text { default: s.clone() },
            other => OptionKind::Text {
                default: other.to_string(),
            },
        };
        specs.push((
            OptionSpec {
                name: key.clone(),
                kind,
            },
            "",
        ));
    }
    specs
}

/// Sets a profile parameter from option text, typed like its current value.
fn set_parameter(profile: &mut EngineProfile, key: &str, text: &str) -> Result<(), String> {
    let current = profile.parameters.get(key).cloned();
    let value = match current {
        Some(toml::Value::Boolean(_)) => {
            toml::Value::Boolean(crate::game::parse_flag(key, text).map_err(|e| e.to_string())?)
        }
        Some(toml::Value::Float(_)) => toml::Value::Float(
            text.parse()
                .map_err(|_| format!("`{key}` takes a number, not `{text}`"))?,
        ),
        Some(toml::Value::String(_)) => toml::Value::String(text.to_string()),
        _ => toml::Value::Integer(
            text.parse()
                .map_err(|_| format!("`{key}` takes a whole number, not `{text}`"))?,
        ),
    };
    profile.parameters.insert(key.to_string(), value);
    Ok(())
}

/// `UCI_LimitStrength` and `UCI_Elo` as set, and the profile they select.
#[derive(Default)]
struct Strength {
    limit: bool,
    elo: Option<i64>,
    /// The profile played while the limit is on.
    profile: Option<EngineProfile>,
}

/// A finished `go infinite` search's decision, whether it streamed `info`
/// lines, and the table it searched.
type Held<T> = (Decision<ActionOf<T>>, bool, Arc<T>);

/// Why a `go` searches nothing.
enum NoSearch {
    /// The game is over: the `info` line scoring its end.
    Over(String),
    /// Something else: the error.
    Error(String),
}

/// The server's state between messages.
struct Server<'a, T: EnginePosition> {
    setup: ServerSetup<'a>,
    out: Out,
    events: Sender<Event<T::G>>,
    options: <T::G as Game>::Options,
    player: Option<Box<dyn Player<T::G>>>,
    /// The position; none after a refused `position`, when a `go`
    /// searches nothing (it answers `bestmove (none)`) rather than a
    /// position the interface never sent.
    table: Option<Arc<T>>,
    search: Option<Search<T>>,
    /// A finished `go infinite` search whose `bestmove` waits for `stop`:
    /// its decision, whether it streamed `info` lines, and its table.
    held: Option<Held<T>>,
    /// Taken off the mover's clock before the search budgets it (UCI's
    /// `Move Overhead`).
    move_overhead: std::time::Duration,
    /// `UCI_LimitStrength` and `UCI_Elo`: with the limit on, the player is
    /// the chess levels' profile at that rating, whose own depth also caps
    /// every search.
    strength: Strength,
    /// `position`, `go`, `setoption` and new-game messages sent during a
    /// search, run in order once it ends (an interface's `stop`,
    /// `position`, `go` written together).
    pending: VecDeque<String>,
}

impl<T: EnginePosition> Server<'_, T> {
    fn say(&self, line: &str) -> Result<()> {
        Ok(say(&self.out, line)?)
    }

    fn hello(&self) -> Result<()> {
        let name = format!(
            "tauler {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.setup.profile.name
        );
        self.say(
            &Reply::Id {
                field: "name".into(),
                value: name,
            }
            .to_string(),
        )?;
        self.say(
            &Reply::Id {
                field: "author".into(),
                value: "the tauler authors".into(),
            }
            .to_string(),
        )?;
        if self.setup.dialect == Dialect::Ugi {
            self.say(
                &OptionSpec {
                    name: "Game".into(),
                    kind: OptionKind::Combo {
                        default: self.setup.game.name.into(),
                        values: vec![self.setup.game.name.into()],
                    },
                }
                .to_string(),
            )?;
            for key in self.setup.game.options {
                self.say(
                    &OptionSpec {
                        name: key.key.into(),
                        kind: OptionKind::Text {
                            default: String::new(),
                        },
                    }
                    .to_string(),
                )?;
            }
        }
        if self.setup.dialect == Dialect::Uci {
            for spec in uci_options() {
                self.say(&spec.to_string())?;
            }
        }
        for (spec, _) in engine_options(&self.setup.profile) {
            self.say(&spec.to_string())?;
        }
        self.say(self.setup.dialect.hello_ok())
    }

    /// `setoption`: an engine option rebuilds the player (its parameters
    /// checked as a profile's are); a rule option (UGI) resets the game.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.unwrap_or("");
        if self.setup.dialect == Dialect::Ugi {
            if name.eq_ignore_ascii_case("game") {
                return if value == self.setup.game.name {
                    Ok(())
                } else {
                    Err(format!(
                        "this process serves {}; start `tauler ugi {value}` for {value}",
                        self.setup.game.name
                    ))
                };
            }
            if self.setup.game.options.iter().any(|k| k.key == name) {
                let mut options = self.options.clone();
                options
                    .set(name, value)
                    .map_err(|error| error.to_string())?;
                self.options = options;
                self.table = Some(Arc::new(T::set_up(
                    &self.options,
                    &Start::StartPos,
                    None,
                    &[],
                    self.setup.dialect,
                )?));
                return Ok(());
            }
        }
        if self.setup.dialect == Dialect::Uci && self.set_uci_option(name, value)? {
            return Ok(());
        }
        let specs = engine_options(&self.setup.profile);
        let key = specs
            .iter()
            .find(|(spec, _)| spec.name.eq_ignore_ascii_case(name))
            .map(|(spec, key)| {
                if key.is_empty() {
                    spec.name.as_str()
                } else {
                    key
                }
            })
            .ok_or_else(|| format!("no option `{name}`"))?
            .to_string();
        let mut profile = self.setup.profile.clone();
        set_parameter(&mut profile, &key, value)?;
        profile.validate().map_err(|e| e.to_string())?;
        let player = build_player::<T::G>(&profile, self.setup.seed).map_err(|e| e.to_string())?;
        self.setup.profile = profile;
        self.player = Some(player);
        if self.strength.limit {
            self.limit_strength()?;
        }
        Ok(())
    }

    /// Builds the player `UCI_LimitStrength` and `UCI_Elo` ask for: the
    /// chess levels' profile at that rating when the limit is on, the
    /// served profile otherwise.
    fn limit_strength(&mut self) -> Result<(), String> {
        let (min, max) = elo_range().ok_or("the chess levels are not rated")?;
        let profile = if self.strength.limit {
            let elo = self.strength.elo.unwrap_or((min + max) / 2);
            let ladder = level_table::ladder("chess").ok_or("no chess levels")?;
            let profile = level_table::rated_profile(
                &crate::engine::Catalogue::built_in(),
                ladder,
                elo as f64,
            )
            .map_err(|e| e.to_string())?;
            Some(profile)
        } else {
            None
        };
        let played = profile.as_ref().unwrap_or(&self.setup.profile);
        self.player =
            Some(build_player::<T::G>(played, self.setup.seed).map_err(|e| e.to_string())?);
        self.strength.profile = profile;
        Ok(())
    }

    /// Starts the search a `go` asks for. A `go` that cannot search still
    /// gets its `bestmove`: `(none)` when the game is over (after an `info`
    /// line scoring the end, as Stockfish does), and after an error line
    /// otherwise.
    fn go(&mut self, go: Go) -> Result<()> {
        match self.start_search(go) {
            Ok(()) => return Ok(()),
            Err(NoSearch::Over(info)) => self.say(&info)?,
            Err(NoSearch::Error(error)) => self.say(&error_line(error))?,
        }
        self.say("bestmove (none)")
    }

    /// Sets one of [`uci_options`]; `false` when `name` is none of them.
    fn set_uci_option(&mut self, name: &str, value: &str) -> Result<bool, String> {
        let is = |option: &str| name.eq_ignore_ascii_case(option);
        if is("Move Overhead") {
            let ms = value
                .parse::<u64>()
                .ok()
                .filter(|ms| MOVE_OVERHEAD_MS.contains(ms))
                .ok_or_else(|| {
                    format!(
                        "`Move Overhead` takes {} to {} milliseconds, not `{value}`",
                        MOVE_OVERHEAD_MS.start(),
                        MOVE_OVERHEAD_MS.end()
                    )
                })?;
            self.move_overhead = std::time::Duration::from_millis(ms);
        } else if is("Ponder") {
            crate::game::parse_flag("Ponder", value).map_err(|e| e.to_string())?;
        } else if is("Clear Hash") {
            if let Some(player) = &mut self.player {
                player.new_game();
            }
        } else if is("UCI_LimitStrength") && elo_range().is_some() {
            self.strength.limit =
                crate::game::parse_flag("UCI_LimitStrength", value).map_err(|e| e.to_string())?;
            self.limit_strength()?;
        } else if is("UCI_Elo") {
            let (min, max) = elo_range().ok_or("the chess levels are not rated")?;
            let elo = value
                .parse::<i64>()
                .ok()
                .filter(|elo| (min..=max).contains(elo))
                .ok_or_else(|| format!("`UCI_Elo` takes {min} to {max}, not `{value}`"))?;
            self.strength.elo = Some(elo);
            if self.strength.limit {
                self.limit_strength()?;
            }
        } else if is("UCI_Chess960") {
            let on = crate::game::parse_flag("UCI_Chess960", value).map_err(|e| e.to_string())?;
            let mut options = self.options.clone();
            options
                .set("chess960", if on { "true" } else { "false" })
                .map_err(|e| e.to_string())?;
            self.table = Some(Arc::new(T::set_up(
                &options,
                &Start::StartPos,
                None,
                &[],
                self.setup.dialect,
            )?));
            self.options = options;
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// Starts a search, or says why none can run.
    fn start_search(&mut self, go: Go) -> Result<(), NoSearch> {
        let table = self.table.clone().ok_or_else(|| {
            NoSearch::Error("no position to search: the last `position` was refused".into())
        })?;
        let seat = match table.turn() {
            Turn::Player(seat) => seat,
            Turn::Terminal => {
                let drawn = table
                    .returns()
                    .is_some_and(|r| r.iter().all(|&p| (p - r[0]).abs() < 1e-9));
                let score = if drawn { "cp 0" } else { "mate 0" };
                return Err(NoSearch::Over(format!("info depth 0 score {score}")));
            }
            Turn::Chance => {
                return Err(NoSearch::Error(
                    "no seat is to move: chance is to act".into(),
                ))
            }
        };
        let only = table
            .among(&go.searchmoves, self.setup.dialect)
            .map_err(NoSearch::Error)?;
        let mut go = go;
        if go.depth.is_some() && !self.setup.profile.searcher.has_depth() {
            let _ = self.say(
                &Info::string(format!(
                    "depth is not a limit of the {} searcher (it counts playouts): \
                     ignored; it honours nodes, movetime and the clock",
                    self.setup.profile.searcher.name()
                ))
                .to_string(),
            );
            go.depth = None;
        }
        let hold = go.infinite || go.ponder;
        let mut limits = if go.ponder {
            Limits::default()
        } else {
            match go.limits(seat) {
                Some(limits) => limits,
                None if go == Go::default() && !self.setup.profile.limits.is_unlimited() => {
                    self.setup.profile.limits.limits()
                }
                None => Limits::default(),
            }
        };
        if let Some(level) = &self.strength.profile {
            let cap = level.limits.limits();
            if limits == Limits::default() && !hold {
                limits = cap;
            }
            limits = limits.within(&cap);
        }
        if let Some(clock) = &mut limits.clock {
            clock.remaining = clock
                .remaining
                .saturating_sub(self.move_overhead)
                .max(std::time::Duration::from_millis(1));
        }
        let mut player = self
            .player
            .take()
            .ok_or_else(|| NoSearch::Error("the engine is not built".into()))?;
        let stop = Stop::default();
        let (thread_stop, thread_table, out, events) = (
            stop.clone(),
            Arc::clone(&table),
            Arc::clone(&self.out),
            self.events.clone(),
        );
        let dialect = self.setup.dialect;
        let streamed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let thread_streamed = Arc::clone(&streamed);
        let handle = std::thread::spawn(move || {
            let mut sink = |info: &SearchInfo<<T::G as Game>::Action>| {
                thread_streamed.store(true, Ordering::Relaxed);
                let line = Info::of_report(info, thread_table.line_tokens(&info.line.pv, dialect));
                // A closed output ends the program through the main loop.
                let _ = say(&out, &line.to_string());
            };
            let result = thread_table.choose(&mut *player, &limits, &only, &thread_stop, &mut sink);
            let _ = events.send(Event::Done(player, result));
        });
        let ponder = go.ponder.then(|| {
            let mut real = go.clone();
            real.ponder = false;
            real
        });
        self.search = Some(Search {
            stop,
            handle,
            table,
            hold,
            streamed,
            ponder,
        });
        Ok(())
    }

    /// The `bestmove` line of a finished search (and the last `info` line
    /// when the search streamed none, e.g. when stopped at once).
    fn report(
        &self,
        table: &T,
        decision: &Decision<<T::G as Game>::Action>,
        streamed: bool,
    ) -> Result<()> {
        let dialect = self.setup.dialect;
        let line = decision
            .lines
            .first()
            .map(|line| line.pv.as_slice())
            .filter(|pv| pv.first() == Some(&decision.action))
            .unwrap_or(std::slice::from_ref(&decision.action));
        let tokens = table.line_tokens(line, dialect);
        let info = Info {
            depth: Some(decision.stats.depth.max(1)),
            score: Some(crate::search::Score(decision.score.unwrap_or(0))),
            nodes: Some(decision.stats.nodes),
            time: Some(decision.stats.time.as_millis() as u64),
            pv: tokens.clone(),
            ..Info::default()
        };
        if !streamed {
            self.say(&info.to_string())?;
        }
        let mut words = tokens.into_iter();
        let best = Reply::BestMove {
            action: words.next().unwrap_or_default(),
            ponder: words.next(),
        };
        self.say(&best.to_string())
    }

    /// Handles a finished search: its `bestmove` now, or held until `stop`.
    fn finished(
        &mut self,
        player: Box<dyn Player<T::G>>,
        result: Result<Decision<<T::G as Game>::Action>, PlayerError>,
    ) -> Result<()> {
        self.player = Some(player);
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        let _ = search.handle.join();
        match result {
            Ok(decision) if search.hold && !search.stop.load(Ordering::Relaxed) => {
                let streamed = search.streamed.load(Ordering::Relaxed);
                self.held = Some((decision, streamed, search.table));
            }
            Ok(decision) => {
                let streamed = search.streamed.load(Ordering::Relaxed);
                self.report(&search.table, &decision, streamed)?;
            }
            Err(error) => {
                self.say(&error_line(error))?;
                self.say("bestmove (none)")?;
            }
        }
        Ok(())
    }

    /// Runs the messages queued during a search, until one starts the next
    /// search; `false` ends the conversation.
    fn resume(&mut self, events: &Receiver<Event<T::G>>) -> Result<bool> {
        while self.search.is_none() {
            let Some(line) = self.pending.pop_front() else {
                break;
            };
            if !self.line(&line, events)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Waits for the running search to end, without reporting it.
    fn abandon(&mut self, events: &Receiver<Event<T::G>>) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(search) = self.search.take() else {
            return lines;
        };
        search.stop.store(true, Ordering::Relaxed);
        while let Ok(event) = events.recv() {
            match event {
                Event::Done(player, _) => {
                    self.player = Some(player);
                    break;
                }
                Event::Line(line) => lines.push(line),
                Event::Garbled(line) => {
                    let _ = self.say(&garbled(&line));
                }
                Event::Closed => lines.push("quit".into()),
            }
        }
        let _ = search.handle.join();
        lines
    }

    fn query(&self, query: Query) -> Result<String, String> {
        let table = self
            .table
            .as_ref()
            .ok_or("no position: the last `position` was refused")?;
        Ok(match query {
            Query::GameOver => (table.turn() == Turn::Terminal).to_string(),
            Query::P1Turn => (table.turn() == Turn::Player(0)).to_string(),
            Query::Turn => match table.turn() {
                Turn::Player(seat) => seat.to_string(),
                Turn::Chance => "chance".into(),
                Turn::Terminal => "none".into(),
            },
            Query::Result => match table.returns() {
                None => "none".into(),
                Some(returns) => result_word(&returns, table.seats()),
            },
        })
    }

    /// Handles one line; `false` ends the conversation.
    fn line(&mut self, line: &str, events: &Receiver<Event<T::G>>) -> Result<bool> {
        let command = match Command::parse(line) {
            Ok(command) => command,
            Err(crate::protocol::CommandError::Empty) => return Ok(true),
            Err(error) => {
                self.say(&error_line(error))?;
                return Ok(true);
            }
        };
        match command {
            Command::Hello(dialect) if dialect == self.setup.dialect => self.hello()?,
            Command::Hello(dialect) => self.say(&error_line(format!(
                "this engine speaks {}, not {}",
                self.setup.dialect.name(),
                dialect.name()
            )))?,
            Command::IsReady => self.say("readyok")?,
            Command::Quit => {
                self.abandon(events);
                return Ok(false);
            }
            Command::Stop => {
                if let Some(search) = &self.search {
                    search.stop.store(true, Ordering::Relaxed);
                } else if let Some((decision, streamed, table)) = self.held.take() {
                    self.report(&table, &decision, streamed)?;
                }
            }
            Command::PonderHit => {
                let ponder = self.search.as_ref().and_then(|s| s.ponder.clone());
                if let Some(go) = ponder {
                    let meanwhile = self.abandon(events);
                    self.go(go)?;
                    for line in meanwhile {
                        if !self.line(&line, events)? {
                            return Ok(false);
                        }
                    }
                } else if let Some((decision, streamed, table)) = self.held.take() {
                    self.report(&table, &decision, streamed)?;
                }
            }
            Command::Query(query) => match self.query(query) {
                Ok(answer) => self.say(&Reply::Response(answer).to_string())?,
                Err(error) => self.say(&error_line(error))?,
            },
            _ if self.search.is_some() => self.pending.push_back(line.to_string()),
            Command::SetOption { name, value } => {
                if let Err(error) = self.set_option(&name, value.as_deref()) {
                    self.say(&error_line(error))?;
                }
            }
            Command::NewGame => {
                self.held = None;
                if let Some(player) = &mut self.player {
                    player.new_game();
                }
            }
            Command::Position { start, seat, moves } => {
                self.held = None;
                match T::set_up(&self.options, &start, seat, &moves, self.setup.dialect) {
                    Ok(table) => self.table = Some(Arc::new(table)),
                    Err(error) => {
                        self.table = None;
                        self.say(&error_line(format!(
                            "{error}; no position until the next `position`"
                        )))?;
                    }
                }
            }
            Command::Go(go) => {
                self.held = None;
                self.go(*go)?;
            }
        }
        Ok(true)
    }
}

/// A finished game's result as `query result` answers it: `p1win`,
/// `p2win` or `draw` for two seats scoring 1 – 0 or equal, otherwise the
/// points per seat (`points 0.75 0.25`, Muzicando's hand points).
fn result_word(returns: &Returns, seats: usize) -> String {
    if seats == 2 && returns.len() == 2 {
        let (a, b) = (returns[0], returns[1]);
        if (a - b).abs() < 1e-9 {
            return "draw".into();
        }
        if (a - 1.0).abs() < 1e-9 && b.abs() < 1e-9 {
            return "p1win".into();
        }
        if (b - 1.0).abs() < 1e-9 && a.abs() < 1e-9 {
            return "p2win".into();
        }
    }
    let points: Vec<String> = returns.iter().map(|p| p.to_string()).collect();
    format!("points {}", points.join(" "))
}

/// Serves one engine over `input` and `output` until `quit` or the end of
/// input.
pub fn serve<T: EnginePosition>(
    setup: ServerSetup<'_>,
    input: impl BufRead + Send + 'static,
    output: Box<dyn Write + Send>,
) -> Result<()> {
    let mut pairs: Vec<&str> = setup.profile.options.iter().map(String::as_str).collect();
    pairs.extend(setup.fixed_options);
    let options = <T::G as Game>::Options::from_pairs(pairs)?;
    <T::G as crate::engine::Playable>::check_rules(&setup.profile, &options)?;
    let player = build_player::<T::G>(&setup.profile, setup.seed)?;
    let table = T::set_up(&options, &Start::StartPos, None, &[], setup.dialect)
        .map_err(|e| anyhow::anyhow!(e))?;
    let (events, received) = channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        let mut input = input;
        let mut bytes = Vec::new();
        while matches!(input.read_until(b'\n', &mut bytes), Ok(read) if read > 0) {
            let event = match String::from_utf8(std::mem::take(&mut bytes)) {
                Ok(line) => Event::Line(line),
                Err(error) => Event::Garbled(String::from_utf8_lossy(error.as_bytes()).into()),
            };
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Closed);
    });
    let move_overhead = std::time::Duration::from_millis(match setup.dialect {
        Dialect::Uci => MOVE_OVERHEAD_DEFAULT_MS,
        Dialect::Ugi => 0,
    });
    let mut server = Server {
        setup,
        out: Arc::new(Mutex::new(output)),
        events,
        options,
        player: Some(player),
        table: Some(Arc::new(table)),
        search: None,
        held: None,
        pending: VecDeque::new(),
        move_overhead,
        strength: Strength::default(),
    };
    while let Ok(event) = received.recv() {
        match event {
            Event::Line(line) => {
                if !server.line(&line, &received)? {
                    break;
                }
            }
            Event::Garbled(line) => server.say(&garbled(&line))?,
            Event::Closed => {
                server.abandon(&received);
                break;
            }
            Event::Done(player, result) => {
                server.finished(player, result)?;
                if !server.resume(&received)? {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// `tauler uci`: plain chess (card chess with `cards=off`) over UCI, played
/// by the profile `engine` (default `chess`).
pub fn run_uci(catalogue: &crate::engine::Catalogue, engine: Option<&str>) -> Result<()> {
    let profile = catalogue.get(engine.unwrap_or("chess"))?;
    profile.expect_game("cardchess")?;
    let setup = ServerSetup {
        dialect: Dialect::Uci,
        game: crate::games::GameId::Cardchess.info(),
        profile,
        // The levels of `UCI_LimitStrength` draw their moves: a new game
        // each run, as a person's opponent should be.
        seed: rand::RngCore::next_u64(&mut rand::rngs::OsRng),
        fixed_options: &["cards=off"],
    };
    serve::<FullState<crate::games::cardchess::CardChess>>(
        setup,
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    )
}

/// `tauler ugi GAME`: any game over UGI, played by the profile `engine`
/// (default: the game's `play` profile), its rule options from the
/// profile, then `options` (`KEY=VALUE`), then `setoption`.
pub fn run_ugi(
    catalogue: &crate::engine::Catalogue,
    game: crate::games::GameId,
    engine: Option<&str>,
    options: &[String],
    seed: u64,
) -> Result<()> {
    let mut profile = catalogue.get(engine.unwrap_or(game.info().profiles.play))?;
    profile.expect_game(game.name())?;
    profile.options.extend(options.iter().cloned());
    let setup = ServerSetup {
        dialect: Dialect::Ugi,
        game: game.info(),
        profile,
        seed,
        fixed_options: &[],
    };
    let input = std::io::BufReader::new(std::io::stdin());
    let output: Box<dyn Write + Send> = Box::new(std::io::stdout());
    crate::with_family!(game,
        perfect G => serve::<FullState<G>>(setup, input, output),
        chance G, _ => serve::<FullState<G>>(setup, input, output),
        hidden _ => serve::<SeatPosition>(setup, input, output),
    )
}
