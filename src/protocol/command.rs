//! The messages a graphical interface or referee sends an engine (`uci`,
//! `isready`, `setoption`, `position`, `go`, `query`, …), read from and
//! written to one line each.
//!
//! UCI and UGI share these messages; they differ in a few words
//! ([`Dialect`]) and in how `go` names the clocks: UCI's `wtime`/`btime`
//! are seats 0 and 1, UGI's `p1time`/`p2time` the same two seats, and the
//! extension `s<N>time`/`s<N>inc` names any seat of a table of more than
//! two.

use std::fmt;

use thiserror::Error;

use crate::game::{Seat, MAX_SEATS};
use crate::search::{Clock, Limits};

/// Which protocol a conversation speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The Universal Chess Interface.
    Uci,
    /// The Universal Game Interface (UCI generalised, with `query`).
    Ugi,
}

impl Dialect {
    /// The greeting that opens a conversation (`uci`, `ugi`).
    #[must_use]
    pub fn hello(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }

    /// The engine's answer once it has listed its identity and options.
    #[must_use]
    pub fn hello_ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        }
    }

    /// The message that announces a new game.
    #[must_use]
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        }
    }

    /// The protocol's name in profiles (`uci`, `ugi`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.hello()
    }
}

/// Why a line is not a message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// An empty line.
    #[error("empty line")]
    Empty,
    /// The first word names no message.
    #[error("unknown command `{0}`")]
    Unknown(String),
    /// A message with a missing or malformed part.
    #[error("`{command}`: {problem}")]
    Malformed {
        /// The message's first word.
        command: &'static str,
        /// What is wrong.
        problem: String,
    },
}

fn malformed(command: &'static str, problem: impl Into<String>) -> CommandError {
    CommandError::Malformed {
        command,
        problem: problem.into(),
    }
}

/// Where a `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's start position (`startpos`).
    StartPos,
    /// A position string (`fen TEXT`): FEN for chess, the game's own
    /// position text otherwise (it may contain spaces, never ` moves `).
    Fen(String),
}

/// What a `query` asks (UGI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `gameover`: `true` or `false`.
    GameOver,
    /// `p1turn`: whether seat 0 is to move.
    P1Turn,
    /// `result`: `p1win`, `p2win`, `draw` or `none` (for two seats), or
    /// the points per seat.
    Result,
    /// `turn` (extension): the seat to move, `chance` or `none`.
    Turn,
}

impl Query {
    fn word(self) -> &'static str {
        match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
            Query::Turn => "turn",
        }
    }
}

/// The limits of a `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Time left per seat, in milliseconds.
    pub time: [Option<u64>; MAX_SEATS],
    /// Increment per seat, in milliseconds.
    pub inc: [Option<u64>; MAX_SEATS],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Plies to search.
    pub depth: Option<u32>,
    /// Nodes to search.
    pub nodes: Option<u64>,
    /// Fixed time, in milliseconds.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves`: only these moves (tokens) are searched at the root;
    /// empty, every legal move.
    pub searchmoves: Vec<String>,
}

impl Go {
    /// The search limits for `seat`, the seat to move: its clock, or the
    /// fixed depth, nodes and time. `None` when nothing bounds the search
    /// (it runs until `stop`).
    #[must_use]
    pub fn limits(&self, seat: Seat) -> Option<Limits> {
        let clock = self.time.get(seat).copied().flatten().map(|ms| Clock {
            remaining: std::time::Duration::from_millis(ms),
            increment: std::time::Duration::from_millis(
                self.inc.get(seat).copied().flatten().unwrap_or(0),
            ),
            moves_to_go: self.moves_to_go,
        });
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(std::time::Duration::from_millis),
            clock,
        };
        let bounded = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clock.is_some();
        (bounded && !self.infinite).then_some(limits)
    }

    /// The `go` line for `dialect`, clocks named as the dialect names them.
    #[must_use]
    pub fn line(&self, dialect: Dialect) -> String {
        let mut words = vec!["go".to_string()];
        let two = self.time[2..]
            .iter()
            .chain(&self.inc[2..])
            .all(Option::is_none);
        for (seat, (time, inc)) in self.time.iter().zip(&self.inc).enumerate() {
            let name = |kind: &str| match (dialect, two, seat, kind) {
                (Dialect::Uci, _, 0, "time") => "wtime".to_string(),
                (Dialect::Uci, _, 1, "time") => "btime".to_string(),
                (Dialect::Uci, _, 0, "inc") => "winc".to_string(),
                (Dialect::Uci, _, 1, "inc") => "binc".to_string(),
                (Dialect::Ugi, true, 0 | 1, _) => format!("p{}{kind}", seat + 1),
                _ => format!("s{seat}{kind}"),
            };
            if let Some(ms) = time {
                words.push(format!("{} {ms}", name("time")));
            }
            if let Some(ms) = inc {
                words.push(format!("{} {ms}", name("inc")));
            }
        }
        let mut push = |key: &str, value: Option<String>| {
            if let Some(value) = value {
                words.push(format!("{key} {value}"));
            }
        };
        push("movestogo", self.moves_to_go.map(|v| v.to_string()));
        push("depth", self.depth.map(|v| v.to_string()));
        push("nodes", self.nodes.map(|v| v.to_string()));
        push("movetime", self.movetime.map(|v| v.to_string()));
        if self.infinite {
            words.push("infinite".to_string());
        }
        if self.ponder {
            words.push("ponder".to_string());
        }
        if !self.searchmoves.is_empty() {
            words.push("searchmoves".to_string());
            words.extend(self.searchmoves.iter().cloned());
        }
        words.join(" ")
    }

    fn parse<'a>(words: impl Iterator<Item = &'a str>) -> Result<Go, CommandError> {
        let mut go = Go::default();
        let mut words = words.peekable();
        while let Some(key) = words.next() {
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                // The moves run to the next limit's name or the line's end.
                "searchmoves" => {
                    while let Some(word) =
                        words.next_if(|word| !GO_WORDS.contains(word) && clock_key(word).is_none())
                    {
                        go.searchmoves.push(word.to_string());
                    }
                }
                _ => {
                    let value = words
                        .next()
                        .ok_or_else(|| malformed("go", format!("`{key}` needs a value")))?;
                    let number = || -> Result<u64, CommandError> {
                        value.parse::<i64>().map(|v| v.max(0) as u64).map_err(|_| {
                            malformed("go", format!("`{key} {value}`: not a whole number"))
                        })
                    };
                    let small = || -> Result<u32, CommandError> {
                        u32::try_from(number()?)
                            .map_err(|_| malformed("go", format!("`{key} {value}`: too large")))
                    };
                    match key {
                        "movestogo" => go.moves_to_go = Some(small()?.max(1)),
                        "depth" => go.depth = Some(small()?.max(1)),
                        "nodes" => go.nodes = Some(number()?.max(1)),
                        "movetime" => go.movetime = Some(number()?.max(1)),
                        "mate" => go.depth = Some(small()?.saturating_mul(2).max(1)),
                        _ => {
                            let (seat, is_time) = clock_key(key)
                                .ok_or_else(|| malformed("go", format!("unknown limit `{key}`")))?;
                            let slot = if is_time { &mut go.time } else { &mut go.inc };
                            slot[seat] = Some(number()?);
                        }
                    }
                }
            }
        }
        Ok(go)
    }
}

/// The limits' names that end a `searchmoves` list (besides the clocks).
const GO_WORDS: &[&str] = &[
    "infinite",
    "ponder",
    "searchmoves",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
];

/// The seat and kind (`true`: time, `false`: increment) of a clock key:
/// `wtime`/`btime`/`winc`/`binc`, `p1time`/`p2time`/`p1inc`/`p2inc`, or
/// `s<N>time`/`s<N>inc`.
fn clock_key(key: &str) -> Option<(Seat, bool)> {
    let (head, is_time) = if let Some(head) = key.strip_suffix("time") {
        (head, true)
    } else {
        (key.strip_suffix("inc")?, false)
    };
    let seat = match head {
        "w" | "p1" => 0,
        "b" | "p2" => 1,
        _ => head.strip_prefix('s')?.parse::<usize>().ok()?,
    };
    (seat < MAX_SEATS).then_some((seat, is_time))
}

/// One message to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci` or `ugi`: identify yourself and list your options.
    Hello(Dialect),
    /// `isready`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value (absent for a button).
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    /// `position startpos [seat N]|fen TEXT [moves M…]`.
    Position {
        /// Where the game starts.
        start: Start,
        /// The seat whose view the moves are (hidden-hand games: cards
        /// dealt to other seats are written `+?`).
        seat: Option<Seat>,
        /// The moves since, one token each.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Box<Go>),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `query Q` (UGI).
    Query(Query),
    /// `quit`.
    Quit,
}

impl Command {
    /// Reads one line.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let first = words.next().ok_or(CommandError::Empty)?;
        Ok(match first {
            "uci" => Command::Hello(Dialect::Uci),
            "ugi" => Command::Hello(Dialect::Ugi),
            "isready" => Command::IsReady,
            "ucinewgame" | "uginewgame" => Command::NewGame,
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "setoption" => parse_setoption(line)?,
            "position" => parse_position(line)?,
            "go" => Command::Go(Box::new(Go::parse(words)?)),
            "query" => Command::Query(match words.next() {
                Some("gameover") => Query::GameOver,
                Some("p1turn") => Query::P1Turn,
                Some("result") => Query::Result,
                Some("turn") => Query::Turn,
                other => {
                    return Err(malformed(
                        "query",
                        format!(
                            "`{}` is not gameover, p1turn, result or turn",
                            other.unwrap_or("")
                        ),
                    ))
                }
            }),
            other => return Err(CommandError::Unknown(other.to_string())),
        })
    }

    /// The line for `dialect`.
    #[must_use]
    pub fn line(&self, dialect: Dialect) -> String {
        self.with_dialect(dialect).to_string()
    }

    fn with_dialect(&self, dialect: Dialect) -> InDialect<'_> {
        InDialect {
            command: self,
            dialect,
        }
    }
}

struct InDialect<'a> {
    command: &'a Command,
    dialect: Dialect,
}

impl fmt::Display for InDialect<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.command {
            Command::Hello(dialect) => f.write_str(dialect.hello()),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => match value {
                Some(value) => write!(f, "setoption name {name} value {value}"),
                None => write!(f, "setoption name {name}"),
            },
            Command::NewGame => f.write_str(self.dialect.new_game()),
            Command::Position { start, seat, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Fen(text) => write!(f, "position fen {text}")?,
                }
                if let Some(seat) = seat {
                    write!(f, " seat {seat}")?;
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => f.write_str(&go.line(self.dialect)),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Query(query) => write!(f, "query {}", query.word()),
            Command::Quit => f.write_str("quit"),
        }
    }
}

/// `setoption name NAME [value VALUE]`, both parts free text.
fn parse_setoption(line: &str) -> Result<Command, CommandError> {
    let rest = line["setoption".len()..].trim_start();
    let rest = rest
        .strip_prefix("name")
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        .ok_or_else(|| malformed("setoption", "expected `setoption name N [value V]`"))?;
    let (name, value) = match split_word(rest, "value") {
        Some((name, value)) => (name, Some(value.trim().to_string())),
        None => (rest, None),
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(malformed("setoption", "the option's name is missing"));
    }
    Ok(Command::SetOption {
        name: name.to_string(),
        value,
    })
}

/// Splits `text` at the first whole word `word`.
fn split_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let end = at + word.len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        let spaced = |c: Option<char>| c.is_none_or(char::is_whitespace);
        if spaced(before) && spaced(after) {
            return Some((&text[..at], &text[end..]));
        }
        from = end;
    }
    None
}

/// `position startpos [seat N]|fen TEXT [moves M…]`.
fn parse_position(line: &str) -> Result<Command, CommandError> {
    let rest = line["position".len()..].trim();
    let (head, moves) = match split_word(rest, "moves") {
        Some((head, moves)) => (
            head.trim(),
            moves.split_whitespace().map(String::from).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let mut seat = None;
    let start = if let Some(rest) = head.strip_prefix("startpos") {
        let mut words = rest.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (None, _, _) => {}
            (Some("seat"), Some(n), None) => {
                seat = Some(
                    n.parse::<Seat>()
                        .ok()
                        .filter(|&s| s < MAX_SEATS)
                        .ok_or_else(|| malformed("position", format!("`{n}` is not a seat")))?,
                );
            }
            _ => {
                return Err(malformed(
                    "position",
                    "expected `position startpos [seat N] [moves …]`",
                ))
            }
        }
        Start::StartPos
    } else if let Some(text) = head.strip_prefix("fen") {
        let text = text.trim();
        if text.is_empty() {
            return Err(malformed("position", "`fen` needs a position"));
        }
        Start::Fen(text.to_string())
    } else {
        return Err(malformed(
            "position",
            "expected `position startpos|fen TEXT [moves …]`",
        ));
    };
    Ok(Command::Position { start, seat, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_message_reads_and_writes_back() {
        for (line, dialect) in [
            ("uci", Dialect::Uci),
            ("ugi", Dialect::Ugi),
            ("isready", Dialect::Uci),
            ("setoption name Hash value 32", Dialect::Uci),
            ("setoption name Clear Hash", Dialect::Uci),
            ("ucinewgame", Dialect::Uci),
            ("uginewgame", Dialect::Ugi),
            ("position startpos", Dialect::Uci),
            ("position startpos moves e2e4 e7e5", Dialect::Uci),
            ("position startpos seat 2 moves +? +R-Do", Dialect::Ugi),
            (
                "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2",
                Dialect::Uci,
            ),
            ("go wtime 100 winc 5 btime 90 movestogo 3", Dialect::Uci),
            ("go p1time 100 p2time 200 p2inc 7", Dialect::Ugi),
            ("go s0time 5 s3time 9 s3inc 1", Dialect::Ugi),
            ("go depth 4 nodes 900 movetime 50", Dialect::Ugi),
            ("go infinite", Dialect::Uci),
            ("go ponder wtime 5", Dialect::Uci),
            ("go depth 3 searchmoves e2e4 d2d4", Dialect::Uci),
            ("stop", Dialect::Uci),
            ("ponderhit", Dialect::Uci),
            ("query result", Dialect::Ugi),
            ("query turn", Dialect::Ugi),
            ("quit", Dialect::Uci),
        ] {
            let command = Command::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let again = Command::parse(&command.line(dialect)).unwrap();
            assert_eq!(again, command, "{line}");
        }
    }

    #[test]
    fn go_gives_the_limits_of_the_seat_to_move() {
        let Command::Go(go) = Command::parse("go wtime 1000 winc 10 btime 2000").unwrap() else {
            panic!()
        };
        let white = go.limits(0).unwrap().clock.unwrap();
        assert_eq!(white.remaining, Duration::from_secs(1));
        assert_eq!(white.increment, Duration::from_millis(10));
        assert_eq!(
            go.limits(1).unwrap().clock.unwrap().increment,
            Duration::ZERO
        );
        assert_eq!(go.limits(2), None, "nothing bounds seat 2");
        let Command::Go(go) = Command::parse("go infinite depth 3").unwrap() else {
            panic!()
        };
        assert_eq!(go.limits(0), None);
        let Command::Go(go) = Command::parse("go s2time 70").unwrap() else {
            panic!()
        };
        assert!(go.limits(2).is_some());
        let Command::Go(go) = Command::parse("go searchmoves e2e4 g1f3 wtime 10").unwrap() else {
            panic!()
        };
        assert_eq!(go.searchmoves, ["e2e4", "g1f3"]);
        assert_eq!(go.time[0], Some(10));
    }

    #[test]
    fn position_keeps_a_fen_with_spaces_and_setoption_a_name_with_spaces() {
        let command =
            Command::parse("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | x=1 moves e1g1")
                .unwrap();
        assert_eq!(
            command,
            Command::Position {
                start: Start::Fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | x=1".into()),
                seat: None,
                moves: vec!["e1g1".into()],
            }
        );
        assert_eq!(
            Command::parse("setoption name Skill Level value 3 value").unwrap(),
            Command::SetOption {
                name: "Skill Level".into(),
                value: Some("3 value".into())
            }
        );
    }

    #[test]
    fn bad_lines_are_named_errors() {
        for (line, needle) in [
            ("", "empty"),
            ("hello", "unknown command `hello`"),
            ("go wtime", "`wtime` needs a value"),
            ("go wtime x", "not a whole number"),
            ("go sideways 3", "unknown limit"),
            ("go s9time 3", "unknown limit"),
            ("position", "expected `position"),
            ("position fen", "needs a position"),
            ("position startpos seat x", "not a seat"),
            ("position startpos sideways", "expected `position startpos"),
            ("setoption value 3", "expected `setoption"),
            ("setoption name", "name is missing"),
            ("query weather", "not gameover"),
        ] {
            let error = Command::parse(line).unwrap_err().to_string();
            assert!(error.contains(needle), "{line}: {error}");
        }
    }
}
