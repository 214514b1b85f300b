//! The messages an engine sends back (`id`, `option`, `uciok`/`ugiok`,
//! `readyok`, `info`, `bestmove`, `response`), written by the engine side
//! and read by the referee side.

use std::fmt;

use crate::search::score::MATE;
use crate::search::{Score, SearchInfo};

use super::command::Dialect;

/// The type of an engine option, as `option name N type …` declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number between bounds.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// On or off.
    Check {
        /// The default.
        default: bool,
    },
    /// Free text.
    Text {
        /// The default.
        default: String,
    },
    /// One of a list of words.
    Combo {
        /// The default.
        default: String,
        /// The words.
        values: Vec<String>,
    },
    /// An action, set without a value (`Clear Hash`).
    Button,
}

/// One `option` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name.
    pub name: String,
    /// Its type and default.
    pub kind: OptionKind,
}

impl fmt::Display for OptionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Text { default } => {
                let shown = if default.is_empty() {
                    "<empty>"
                } else {
                    default
                };
                write!(f, "string default {shown}")
            }
            OptionKind::Combo { default, values } => {
                write!(f, "combo default {default}")?;
                for value in values {
                    write!(f, " var {value}")?;
                }
                Ok(())
            }
            OptionKind::Button => write!(f, "button"),
        }
    }
}

/// One `info` line: whichever fields the engine knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Nominal depth.
    pub depth: Option<u32>,
    /// Selective depth.
    pub seldepth: Option<usize>,
    /// Which line (1 = best).
    pub multipv: Option<usize>,
    /// The score from the mover's view.
    pub score: Option<Score>,
    /// Nodes so far.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Permille of the table in use.
    pub hashfull: Option<usize>,
    /// Milliseconds since the search started.
    pub time: Option<u64>,
    /// The line, one move token each.
    pub pv: Vec<String>,
    /// Free text (`info string …`), always last.
    pub string: Option<String>,
}

impl Info {
    /// The line of a searcher's progress report, its principal variation
    /// given as `pv` (tokens in the caller's notation or dialect): the one
    /// conversion every front end uses.
    #[must_use]
    pub fn of_report<A>(info: &SearchInfo<A>, pv: Vec<String>) -> Info {
        Info {
            depth: Some(info.depth),
            seldepth: Some(info.seldepth),
            multipv: Some(info.multipv),
            score: Some(info.line.score),
            nodes: Some(info.nodes),
            nps: Some(info.nps()),
            hashfull: Some(info.hashfull),
            time: Some(u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX)),
            pv,
            string: None,
        }
    }

    /// An `info string TEXT` line.
    #[must_use]
    pub fn string(text: impl Into<String>) -> Info {
        Info {
            string: Some(text.into()),
            ..Info::default()
        }
    }

    /// Reads the fields of an `info` line that it knows (others skipped).
    #[must_use]
    pub fn parse(line: &str) -> Option<Info> {
        let rest = line.trim().strip_prefix("info")?;
        if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
            return None;
        }
        let mut info = Info::default();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let next = words.get(i + 1).copied();
            let number = |w: Option<&str>| w.and_then(|w| w.parse::<u64>().ok());
            match words[i] {
                "depth" => info.depth = number(next).and_then(|v| u32::try_from(v).ok()),
                "seldepth" => info.seldepth = number(next).map(|v| v as usize),
                "multipv" => info.multipv = number(next).map(|v| v as usize),
                "nodes" => info.nodes = number(next),
                "nps" => info.nps = number(next),
                "hashfull" => info.hashfull = number(next).map(|v| v as usize),
                "time" => info.time = number(next),
                "score" => {
                    let value = words.get(i + 2).and_then(|w| w.parse::<i32>().ok());
                    info.score = match (next, value) {
                        (Some("cp"), Some(cp)) => Some(Score(cp)),
                        (Some("mate"), Some(moves)) => Some(mate_score(moves)),
                        _ => None,
                    };
                    i += 1;
                }
                "pv" => {
                    info.pv = words[i + 1..].iter().map(|w| (*w).to_string()).collect();
                    break;
                }
                "string" => {
                    let at = rest
                        .find(" string")
                        .map_or(rest.len(), |p| p + " string".len());
                    info.string = Some(rest[at..].trim().to_string());
                    break;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        Some(info)
    }
}

/// The score of `mate N` (moves of the winning side, negative when the
/// mover is mated), in the searcher's scale.
fn mate_score(moves: i32) -> Score {
    let moves = moves.clamp(-1000, 1000);
    if moves > 0 {
        Score(MATE - (2 * moves - 1))
    } else {
        Score(-MATE + 2 * -moves)
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        if let Some(v) = self.depth {
            write!(f, " depth {v}")?;
        }
        if let Some(v) = self.seldepth {
            write!(f, " seldepth {v}")?;
        }
        if let Some(v) = self.multipv {
            write!(f, " multipv {v}")?;
        }
        if let Some(v) = self.score {
            write!(f, " score {v}")?;
        }
        if let Some(v) = self.nodes {
            write!(f, " nodes {v}")?;
        }
        if let Some(v) = self.nps {
            write!(f, " nps {v}")?;
        }
        if let Some(v) = self.hashfull {
            write!(f, " hashfull {v}")?;
        }
        if let Some(v) = self.time {
            write!(f, " time {v}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(text) = &self.string {
            write!(f, " string {text}")?;
        }
        Ok(())
    }
}

/// One message from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `id name N` or `id author A`.
    Id {
        /// `name` or `author`.
        field: String,
        /// The text.
        value: String,
    },
    /// `option name …`.
    Option(OptionSpec),
    /// `uciok` or `ugiok`.
    HelloOk(Dialect),
    /// `readyok`.
    ReadyOk,
    /// `info …`.
    Info(Info),
    /// `bestmove M [ponder P]`.
    BestMove {
        /// The move's token.
        action: String,
        /// The expected reply, if any.
        ponder: Option<String>,
    },
    /// `response TEXT` (UGI's answer to `query`).
    Response(String),
}

impl Reply {
    /// Reads one engine line; `None` for anything else (engines may print
    /// what they like, and unknown lines are ignored).
    #[must_use]
    pub fn parse(line: &str) -> Option<Reply> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        Some(match words.next()? {
            "id" => {
                let field = words.next()?.to_string();
                let value = line
                    .split_once(field.as_str())
                    .map_or("", |(_, v)| v)
                    .trim()
                    .to_string();
                Reply::Id { field, value }
            }
            "uciok" => Reply::HelloOk(Dialect::Uci),
            "ugiok" => Reply::HelloOk(Dialect::Ugi),
            "readyok" => Reply::ReadyOk,
            "info" => Reply::Info(Info::parse(line)?),
            "bestmove" => {
                let action = words.next()?.to_string();
                let ponder = match (words.next(), words.next()) {
                    (Some("ponder"), Some(p)) => Some(p.to_string()),
                    _ => None,
                };
                Reply::BestMove { action, ponder }
            }
            "response" => Reply::Response(line["response".len()..].trim().to_string()),
            _ => return None,
        })
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id { field, value } => write!(f, "id {field} {value}"),
            Reply::Option(spec) => write!(f, "{spec}"),
            Reply::HelloOk(dialect) => f.write_str(dialect.hello_ok()),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Info(info) => write!(f, "{info}"),
            Reply::BestMove { action, ponder } => match ponder {
                Some(ponder) => write!(f, "bestmove {action} ponder {ponder}"),
                None => write!(f, "bestmove {action}"),
            },
            Reply::Response(text) => write!(f, "response {text}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_read_back() {
        let info = Info {
            depth: Some(7),
            seldepth: Some(12),
            multipv: Some(1),
            score: Some(Score(-35)),
            nodes: Some(12345),
            nps: Some(99),
            hashfull: Some(3),
            time: Some(125),
            pv: vec!["e2e4".into(), "e7e5".into()],
            string: None,
        };
        for reply in [
            Reply::Id {
                field: "name".into(),
                value: "tauler 0.1".into(),
            },
            Reply::HelloOk(Dialect::Ugi),
            Reply::ReadyOk,
            Reply::Info(info),
            Reply::Info(Info::string("error: x y")),
            Reply::Info(Info {
                score: Some(mate_score(3)),
                ..Info::default()
            }),
            Reply::Info(Info {
                score: Some(mate_score(-2)),
                ..Info::default()
            }),
            Reply::BestMove {
                action: "e7e8q".into(),
                ponder: Some("a1a2".into()),
            },
            Reply::BestMove {
                action: "R2@1,-2".into(),
                ponder: None,
            },
            Reply::Response("p1win".into()),
        ] {
            assert_eq!(Reply::parse(&reply.to_string()), Some(reply.clone()));
        }
        assert_eq!(mate_score(3).to_string(), "mate 3");
        assert_eq!(mate_score(-2).to_string(), "mate -2");
        assert_eq!(Reply::parse("Stockfish 16 by the developers"), None);
        assert_eq!(Reply::parse("bestmove"), None);
        assert_eq!(Reply::parse("infostring"), None);
    }

    #[test]
    fn options_are_declared_as_uci_declares_them() {
        let spec = OptionSpec {
            name: "Hash".into(),
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 65536,
            },
        };
        assert_eq!(
            spec.to_string(),
            "option name Hash type spin default 16 min 1 max 65536"
        );
        let combo = OptionSpec {
            name: "bomb".into(),
            kind: OptionKind::Combo {
                default: "standard".into(),
                values: vec!["standard".into(), "mad".into()],
            },
        };
        assert_eq!(
            combo.to_string(),
            "option name bomb type combo default standard var standard var mad"
        );
    }
}
