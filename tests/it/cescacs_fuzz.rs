//! The C'escacs parsers never panic: random strings and mutations of valid
//! PDTL, move text and game records go through `parse_position`,
//! `parse_action` and `parse_record`, and whatever parses is usable.

use proptest::prelude::*;
use tauler::game::{Game, Notation};
use tauler::games::cescacs::{parse_record, Cescacs, Options, START};

/// The oracle positions' PDTL.
fn oracle_pdtl() -> Vec<String> {
    include_str!("../data/cescacs-perft.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split(';').nth(1).map(|f| f.trim().to_string()))
        .collect()
}

/// Characters the notations use, to make mutations meaningful.
const ALPHABET: &[char] = &[
    '/', ':', ' ', '-', '‐', '–', '×', 'x', '*', '@', '=', '&', '+', '∞', '^', '#', '[', ']', ',',
    '.', '…', '?', '0', '1', '2', '9', 'P', 'T', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K',
    'L', 'X', 'Z', 'J', 'R', 'N', 'V', 'Q', 'W', 'S', 'p', 'k', 'r', 'w', 'b', 'é', '\n',
];

/// One edit: delete, insert or replace the character at a position, or
/// repeat a slice (to grow digit runs and fields).
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    Repeat(usize, usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = proptest::sample::select(ALPHABET);
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1..6usize, 1..30usize).prop_map(|(i, n, k)| Edit::Repeat(i, n, k)),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len();
        match *e {
            Edit::Delete(i) if len > 0 => {
                chars.remove(i % len);
            }
            Edit::Insert(i, c) => chars.insert(i % (len + 1), c),
            Edit::Replace(i, c) if len > 0 => chars[i % len] = c,
            Edit::Repeat(i, n, k) if len > 0 => {
                let at = i % len;
                let slice: Vec<char> = chars[at..(at + n).min(len)].to_vec();
                for _ in 0..k {
                    chars.splice(at..at, slice.iter().copied());
                }
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Whatever parses must be a usable state: moves generate, text round-trips.
fn exercise(game: &Cescacs) {
    let mut moves = Vec::new();
    game.legal_actions(&mut moves);
    for &mv in moves.iter().take(40) {
        let text = game.format_action(mv);
        assert_eq!(game.parse_action(&text).ok(), Some(mv), "{text}");
    }
    let _ = game.returns();
    let written = game.format_position();
    let again = Cescacs::parse_position(&written, game.options()).expect("written PDTL reads back");
    assert_eq!(again.format_position(), written);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics_the_pdtl_parser(text in ".{0,200}") {
        if let Ok(game) = Cescacs::parse_position(&text, &Options::default()) {
            exercise(&game);
        }
    }

    #[test]
    fn mutated_pdtl_never_panics(which in 0..6usize, edits in proptest::collection::vec(edit(), 1..6)) {
        let positions = oracle_pdtl();
        let text = mutate(&positions[which % positions.len()], &edits);
        if let Ok(game) = Cescacs::parse_position(&text, &Options::default()) {
            exercise(&game);
        }
    }

    #[test]
    fn random_text_never_panics_the_move_parser(text in ".{0,40}") {
        let start = Cescacs::new(&Options::default());
        let _ = start.parse_action(&text);
        let _ = parse_record(&start, &text);
    }

    #[test]
    fn mutated_move_text_never_panics(which in 0..6usize, pick in any::<usize>(), edits in proptest::collection::vec(edit(), 1..4)) {
        let positions = oracle_pdtl();
        let game = Cescacs::parse_position(&positions[which % positions.len()], &Options::default()).unwrap();
        let mut moves = Vec::new();
        game.legal_actions(&mut moves);
        let written = game.format_action(moves[pick % moves.len()]);
        let text = mutate(&written, &edits);
        if let Ok(mv) = game.parse_action(&text) {
            prop_assert!(moves.contains(&mv));
        }
    }

    #[test]
    fn mutated_records_never_panic(edits in proptest::collection::vec(edit(), 1..6)) {
        let start = Cescacs::parse_position(START, &Options::default()).unwrap();
        let text = mutate("1. E7-E13, E21-E15\n2. NE3-C7, NE25-C21\n3. KRK-HIO", &edits);
        let _ = parse_record(&start, &text);
    }
}
