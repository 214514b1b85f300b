//! The profile file's TOML format as read, and its external-engine keys
//! (`command`, `protocol`, `workdir`, `[engine_options]`).

use std::path::PathBuf;

use serde::Deserialize;

use crate::knowledge::EvalKind;
use crate::protocol::Dialect;

use super::super::level::Choice;

use super::{LimitSpec, ProfileError, SearcherKind};

/// A command line: one string split at whitespace, or its words.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum CommandLine {
    Line(String),
    Words(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProfileFile {
    pub(super) game: String,
    pub(super) searcher: SearcherKind,
    #[serde(default)]
    pub(super) description: String,
    #[serde(default)]
    pub(super) options: Vec<String>,
    #[serde(default)]
    pub(super) parameters: toml::Table,
    #[serde(default)]
    pub(super) limits: LimitSpec,
    pub(super) command: Option<CommandLine>,
    pub(super) protocol: Option<String>,
    pub(super) workdir: Option<PathBuf>,
    #[serde(default)]
    pub(super) engine_options: toml::Table,
    #[serde(default)]
    pub(super) tune: toml::Table,
    pub(super) choice: Option<Choice>,
    #[serde(default)]
    pub(super) eval: EvalKind,
}

/// An external engine: the program, how to speak to it, and its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program and its arguments; the word `{tauler}` stands for this
    /// program's own executable.
    pub command: Vec<String>,
    /// UCI (chess only) or UGI.
    pub protocol: Dialect,
    /// The directory it runs in (default: the current one).
    pub workdir: Option<PathBuf>,
    /// `setoption name K value V` pairs sent after the handshake, in order.
    pub options: Vec<(String, String)>,
}

/// Reads the external-engine keys of a profile file: all present exactly
/// when the searcher is `external`.
pub(super) fn external_spec(
    name: &str,
    file: &mut ProfileFile,
) -> Result<Option<ExternalSpec>, ProfileError> {
    let invalid = |message: String| ProfileError::Invalid {
        name: name.to_string(),
        message,
    };
    if file.searcher != SearcherKind::External {
        if file.command.is_some()
            || file.protocol.is_some()
            || file.workdir.is_some()
            || !file.engine_options.is_empty()
        {
            return Err(invalid(
                "`command`, `protocol`, `workdir` and `[engine_options]` belong to \
                 `searcher = \"external\"`"
                    .into(),
            ));
        }
        return Ok(None);
    }
    let command = match file.command.take() {
        Some(CommandLine::Line(line)) => line.split_whitespace().map(String::from).collect(),
        Some(CommandLine::Words(words)) => words,
        None => Vec::new(),
    };
    if command
        .first()
        .is_none_or(|program| program.trim().is_empty())
    {
        return Err(invalid("an external engine needs a `command`".into()));
    }
    let protocol = match file.protocol.as_deref() {
        Some("uci") => Dialect::Uci,
        Some("ugi") => Dialect::Ugi,
        Some(other) => return Err(invalid(format!("protocol `{other}` is not uci or ugi"))),
        None => {
            return Err(invalid(
                "an external engine needs `protocol = \"uci\"` or `\"ugi\"`".into(),
            ))
        }
    };
    if protocol == Dialect::Uci && file.game != "cardchess" {
        return Err(invalid(format!(
            "UCI carries chess only (game = \"cardchess\" with cards=off); use ugi for {}",
            file.game
        )));
    }
    let options = std::mem::take(&mut file.engine_options)
        .into_iter()
        .map(|(key, value)| {
            let text = match value {
                toml::Value::String(text) => text,
                other => other.to_string(),
            };
            (key, text)
        })
        .collect();
    Ok(Some(ExternalSpec {
        command,
        protocol,
        workdir: file.workdir.take(),
        options,
    }))
}
