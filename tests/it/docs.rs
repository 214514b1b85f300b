//! The documentation holds together: every relative link of the README and
//! of `docs/` reaches a file of the repository (and, with `#anchor`, a
//! heading of it), and the architecture page's source map names every
//! source file and folder.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every Markdown file under `docs/`.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a readable folder") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut pages = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut pages);
    pages.sort();
    pages
}

/// The text a reader sees as prose: fenced code blocks and inline code
/// removed (a `](` inside code is not a link).
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The targets of the Markdown links `[text](target)` in `text`.
fn links(text: &str) -> Vec<String> {
    let text = prose(text);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(')') else { break };
        found.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    found
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other
/// punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().next()?),
            _ => None,
        })
        .collect()
}

/// Every anchor of a page's headings (a repeated heading gets `-1`, `-2`…).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// Whether `target` (a link found in `page`) reaches its file and anchor;
/// `None` when it does, the reason when it does not.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.starts_with("http://")
        || target.starts_with("https://")
        || target.starts_with("mailto:")
    {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().expect("a page's folder").join(file)
    };
    if !path.exists() {
        return Some(format!("no file {}", path.display()));
    }
    let anchor = anchor?;
    if path.is_dir() || path.extension().is_none_or(|e| e != "md") {
        return None;
    }
    let text = std::fs::read_to_string(&path).expect("a readable page");
    (!anchors(&text).contains(anchor))
        .then(|| format!("no heading #{anchor} in {}", path.display()))
}

#[test]
fn every_relative_link_of_the_readme_and_the_guide_reaches_its_target() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a readable page");
        for target in links(&text) {
            checked += 1;
            if let Some(reason) = broken(&page, &target) {
                let name = page.strip_prefix(root()).unwrap_or(&page).display();
                bad.push(format!("{name}: ({target}): {reason}"));
            }
        }
    }
    assert!(
        checked > 20,
        "only {checked} links found: is the parser broken?"
    );
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

#[test]
fn the_link_checker_finds_links_and_anchors() {
    let text = "# Set-up on a fresh machine\n## C'escacs\n## C'escacs\nsee [a](b.md#c) and \
                `[x](not-a-link)`\n```\n[y](code)\n```\n[z](https://example.org)";
    assert_eq!(links(text), ["b.md#c", "https://example.org"]);
    let found = anchors(text);
    assert!(found.contains("set-up-on-a-fresh-machine"));
    assert!(found.contains("cescacs") && found.contains("cescacs-1"));
    let page = root().join("README.md");
    assert!(broken(&page, "docs/no-such-page.md").is_some());
    assert!(broken(&page, "docs/README.md#no-such-heading").is_some());
    assert!(broken(&page, "docs/README.md").is_none());
}

#[test]
fn the_architecture_pages_source_map_names_every_source_file_and_folder() {
    let page = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let start = page.find("## The source tree").expect("a source map");
    let end = page[start..]
        .find("\n## ")
        .map_or(page.len(), |i| start + i);
    let words: BTreeSet<&str> = page[start..end]
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .collect();
    let mut missing = Vec::new();
    fn walk(dir: &Path, words: &BTreeSet<&str>, missing: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a readable folder") {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_string();
            if path.is_dir() {
                if !words.contains(name.as_str()) {
                    missing.push(format!("{}/", path.display()));
                }
                walk(&path, words, missing);
            } else if path.extension().is_some_and(|e| e == "rs")
                && name != "mod"
                && !words.contains(name.as_str())
            {
                missing.push(path.display().to_string());
            }
        }
    }
    walk(&root().join("src"), &words, &mut missing);
    assert!(
        missing.is_empty(),
        "docs/architecture.md's source map does not name:\n{}",
        missing.join("\n")
    );
}
