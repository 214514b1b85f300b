//! Reading a tactics file: one position a line,
//! `POSITION ; MOVE ; win in N (…) ; description`, `#` comments.

use tauler::game::Notation;

/// One tactics position.
pub struct Puzzle<G: Notation> {
    /// The line in the file, for messages.
    pub line: usize,
    /// The position.
    pub state: G,
    /// The single winning move.
    pub key: G::Action,
    /// In how many of its own moves the side to move wins.
    pub moves: u32,
    /// The text of the line.
    pub text: String,
}

/// The puzzles of a tactics file; panics naming the line on any malformed
/// one (the file is test data).
pub fn read<G: Notation>(text: &str) -> Vec<Puzzle<G>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let line_no = index + 1;
            let fields: Vec<&str> = line.split(" ; ").collect();
            assert_eq!(fields.len(), 4, "line {line_no}: {line}");
            let state = G::parse_position(fields[0], &G::Options::default())
                .unwrap_or_else(|e| panic!("line {line_no}: {e}"));
            let key = state
                .parse_action(fields[1])
                .unwrap_or_else(|e| panic!("line {line_no}: {e}"));
            let moves = fields[2]
                .strip_prefix("win in ")
                .and_then(|n| n.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("line {line_no}: no `win in N` in {}", fields[2]));
            Puzzle {
                line: line_no,
                state,
                key,
                moves,
                text: line.to_string(),
            }
        })
        .collect()
}
