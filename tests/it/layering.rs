//! The layers of the crate, checked from its sources: data flows one way.
//!
//! The layers, their diagram and what each must not name are stated once,
//! in `docs/architecture.md` ("The layers"); [`LAYERS`] is the same table
//! for the checker, and a test fails when the two disagree.
//!
//! A file may name (`crate::…`) only what its layer's row allows, and a game
//! no other game's folder; `clap` and `indicatif` appear only in `src/cli`
//! and `src/main.rs`, `axum`, `tokio`, `tokio_stream` and `tower_http` only
//! in `src/web`. Known violations that other work removes are listed in
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

/// Each layer and the top-level modules of `crate::` it must not name: the
/// table of `docs/architecture.md`.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "root",
        &[
            "knowledge",
            "games",
            "search",
            "protocol",
            "engine",
            "tournament",
            "cli",
            "web",
        ],
    ),
    (
        "game",
        &["search", "protocol", "engine", "tournament", "cli"],
    ),
    (
        "registry",
        &["search", "protocol", "engine", "tournament", "cli"],
    ),
    (
        "knowledge",
        &["games", "search", "protocol", "engine", "tournament", "cli"],
    ),
    (
        "search",
        &["games", "protocol", "engine", "tournament", "cli"],
    ),
    ("protocol", &["engine", "tournament", "cli"]),
    ("engine", &["tournament", "cli"]),
    ("tournament", &["cli"]),
    (
        "web",
        &["knowledge", "search", "protocol", "cli", "splitmix"],
    ),
    ("cli", &[]),
];

/// The top-level modules of `crate::` a layer must not name.
fn forbidden(layer: &str) -> &'static [&'static str] {
    LAYERS
        .iter()
        .find(|(name, _)| *name == layer)
        .map_or(&[], |(_, names)| names)
}

/// The layer table of the architecture page: each row's layer and what it
/// must not name, in the page's order.
fn page_layers(page: &str) -> Vec<(String, Vec<String>)> {
    let words = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    page.lines()
        .skip_while(|line| !line.starts_with("| layer | files | must not name |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let layer = words(cells[1]).concat();
            (layer, words(cells[3]))
        })
        .collect()
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
fn the_architecture_page_states_the_checkers_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the page");
    let stated = page_layers(&page);
    assert!(
        !stated.is_empty(),
        "docs/architecture.md has no layer table"
    );
    let mut differences = Vec::new();
    for (layer, names) in &stated {
        match LAYERS.iter().find(|(name, _)| name == layer) {
            None => differences.push(format!(
                "the page names a layer the test does not know: {layer}"
            )),
            Some((_, known)) => {
                let mut page_names = names.clone();
                let mut test_names: Vec<String> = known.iter().map(|n| n.to_string()).collect();
                page_names.sort();
                test_names.sort();
                if page_names != test_names {
                    differences.push(format!(
                        "{layer} must not name {page_names:?} on the page, {test_names:?} in the test"
                    ));
                }
            }
        }
    }
    for (layer, _) in LAYERS {
        if !stated.iter().any(|(name, _)| name == layer) {
            differences.push(format!(
                "the test knows a layer the page does not state: {layer}"
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
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
