//! The layers of the crate, checked from its sources: data flows one way.
//!
//! ```text
//! cli (and main.rs), web     front ends: clap, indicatif, printing |
//!   |                        the browser board: axum, tokio, tower-http
//!   tournament               the referee: schedules, clocks, records
//!     engine                 players, the match loop, sessions
//!       protocol             UCI/UGI wire format (both ends of a pipe)
//!       search               searchers over the contract
//!         knowledge          evaluators, policies, the chance sampler
//!           games/<game>     the rules of one game
//!             game           the contract (and splitmix)
//! ```
//!
//! A file may name (`crate::…`) only the layers below its own: a game only
//! the contract, the knowledge layer, its own folder and `splitmix`; search
//! no game, protocol, engine, tournament or CLI; the protocol layer no
//! engine, tournament or CLI; the engine no tournament or CLI; the
//! tournament no CLI; the web front end only the engine, the tournament's
//! records (to open a tournament game), the games and their registry, the
//! contract, `bounds` and `user_files` (never the CLI).
//! `clap` and `indicatif` appear only in `src/cli` and `src/main.rs`;
//! `axum`, `tokio` and `tower_http` only in `src/web`. Known violations
//! that other work removes are listed in
//! [`ALLOWED`]; the list only shrinks.

use std::path::{Path, PathBuf};

/// `(file, forbidden path)` pairs tolerated until the work that removes
/// them lands. A stale entry is reported, so that it can be deleted.
const ALLOWED: &[(&str, &str)] = &[];

/// The layer a source file belongs to, by its path under `src/`.
fn layer(file: &str) -> &'static str {
    let rest = file.strip_prefix("src/").unwrap_or(file);
    match rest.split('/').next().unwrap_or("") {
        "games" if rest == "games/mod.rs" => "registry",
        "games" => "game",
        "knowledge" => "knowledge",
        "search" => "search",
        "protocol" => "protocol",
        "engine" => "engine",
        "tournament" => "tournament",
        "cli" | "main.rs" => "cli",
        "web" => "web",
        _ => "root",
    }
}

/// The top-level modules of `crate::` a layer must not name.
fn forbidden(layer: &str) -> &'static [&'static str] {
    match layer {
        "game" => &["search", "protocol", "engine", "tournament", "cli"],
        "knowledge" => &["games", "search", "protocol", "engine", "tournament", "cli"],
        "search" => &["games", "protocol", "engine", "tournament", "cli"],
        "protocol" => &["engine", "tournament", "cli"],
        "engine" => &["tournament", "cli"],
        "tournament" => &["cli"],
        "web" => &["knowledge", "search", "protocol", "cli", "splitmix"],
        "registry" => &["search", "protocol", "engine", "tournament", "cli"],
        _ => &[],
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::NAME` in `text` (comments included: a doc link across the
/// layers is a dependency too), and every `crate::games::GAME` with its game.
fn crate_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for (index, _) in text.match_indices("crate::") {
        let before = text[..index].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &text[index + "crate::".len()..];
        let segments: Vec<&str> = rest
            .split("::")
            .take(2)
            .map(|s| {
                let end = s
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(s.len());
                &s[..end]
            })
            .collect();
        match segments.as_slice() {
            ["games", game, ..] if !game.is_empty() => paths.push(format!("games::{game}")),
            [first, ..] if !first.is_empty() => paths.push((*first).to_string()),
            _ => {}
        }
    }
    paths
}

/// The game folder of a file under `src/games/`, if any.
fn own_game(file: &str) -> Option<&str> {
    file.strip_prefix("src/games/")?
        .split('/')
        .next()
        .map(|name| name.trim_end_matches(".rs"))
}

fn violations() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let file = path
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).expect("a readable source");
        let layer = layer(&file);
        let mut bad: Vec<String> = Vec::new();
        for path in crate_paths(&text) {
            let top = path.split("::").next().unwrap_or("");
            let other_game = layer == "game"
                && path.starts_with("games::")
                && own_game(&file) != path.strip_prefix("games::");
            if forbidden(layer).contains(&top) || other_game {
                bad.push(format!("crate::{path}"));
            }
        }
        let confined: &[(&str, &[&str])] = &[
            ("cli", &["clap", "indicatif"]),
            ("web", &["axum", "tokio", "tokio_stream", "tower_http"]),
        ];
        for &(home, words) in confined {
            if layer == home {
                continue;
            }
            for &word in words {
                let named = text.match_indices(word).any(|(i, _)| {
                    let before = text[..i].chars().next_back();
                    let after = text[i + word.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && after.is_some_and(|c| c == ':')
                });
                if named {
                    bad.push(word.to_string());
                }
            }
        }
        bad.sort();
        bad.dedup();
        found.extend(bad.into_iter().map(|path| (file.clone(), path)));
    }
    found
}

#[test]
fn every_file_names_only_the_layers_below_it() {
    let found = violations();
    let unexpected: Vec<String> = found
        .iter()
        .filter(|(file, path)| !ALLOWED.contains(&(file.as_str(), path.as_str())))
        .map(|(file, path)| format!("    (\"{file}\", \"{path}\"),"))
        .collect();
    for (file, path) in ALLOWED {
        if !found.iter().any(|(f, p)| f == file && p == path) {
            eprintln!("stale allow-list entry, delete it: ({file:?}, {path:?})");
        }
    }
    assert!(
        unexpected.is_empty(),
        "forbidden imports across the layers:\n{}",
        unexpected.join("\n")
    );
}

#[test]
fn the_checker_sees_paths_and_games() {
    assert_eq!(
        crate_paths(
            "use crate::games::muzicando::{Action};\n// see crate::search\nx$crate::engine"
        ),
        ["games::muzicando", "search"]
    );
    assert_eq!(own_game("src/games/cescacs/eval.rs"), Some("cescacs"));
    assert_eq!(layer("src/games/mod.rs"), "registry");
    assert_eq!(layer("src/main.rs"), "cli");
    assert_eq!(layer("src/protocol/wire.rs"), "protocol");
    assert_eq!(layer("src/web/server.rs"), "web");
}
