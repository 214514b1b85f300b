//! Camelot text input never panics: random and mutated position strings,
//! move texts and game records give a value or a typed error.

use proptest::prelude::*;
use tauler::game::{Game, Notation};
use tauler::games::camelot::record::replay;
use tauler::games::camelot::{Camelot, Options, ParseError};

const START: &str = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0";
const RECORD: &str = "1.E6-E8 H11-F9 2.H6-F8 F11-H9 3.G6-G8 D11-D9 4.E8xC10xC12 D10-C11 5.C12xC10 E10-E12 6.G8xE10 I10-G8xG6xE6xE8xG8xE6xC8 7.I7-G7 J11-F11-D11xF9";

/// `text` with the character at `at` (modulo its length) replaced, removed
/// or duplicated, or `insert` put there.
fn mutate(text: &str, at: usize, how: u8, insert: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return insert.to_string();
    }
    let at = at % chars.len();
    match how % 4 {
        0 => chars[at] = insert,
        1 => {
            chars.remove(at);
        }
        2 => chars.insert(at, chars[at]),
        _ => chars.insert(at, insert),
    }
    chars.into_iter().collect()
}

proptest! {
    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        let _ = Camelot::parse_position(&text, &Options::default());
        let start = Camelot::new(&Options::default());
        let _ = start.parse_action(&text);
        let _ = replay(&start, &text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[A-Lx0-9a-l^:?!. -]{0,30}") {
        let start = Camelot::new(&Options::default());
        let _ = start.parse_action(&text);
        let _ = replay(&start, &text);
    }

    #[test]
    fn mutated_positions_parse_or_fail_cleanly(at in 0usize..200, how in 0u8..4, insert in prop::char::any()) {
        let text = mutate(START, at, how, insert);
        if let Ok(state) = Camelot::parse_position(&text, &Options::default()) {
            let again = Camelot::parse_position(&state.format_position(), &Options::default());
            prop_assert!(again.is_ok());
            let _ = state.perft(1);
        }
    }

    #[test]
    fn mutated_records_replay_or_fail_cleanly(at in 0usize..300, how in 0u8..4, insert in "[A-L0-9x.-]") {
        let text = mutate(RECORD, at, how, insert.chars().next().unwrap_or('x'));
        let start = Camelot::new(&Options::default());
        match replay(&start, &text) {
            Ok((moves, _)) => prop_assert!(!moves.is_empty()),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

#[test]
fn position_errors_name_the_problem() {
    let parse = |text: &str| {
        Camelot::parse_position(text, &Options::default()).map(|s| s.format_position())
    };
    assert_eq!(parse(""), Err(ParseError::Empty));
    assert_eq!(parse("2/8/10 w 0,0"), Err(ParseError::RankCount(3)));
    assert_eq!(
        parse(&START.replace("2kmmmmmmk2", "2kmmmmmmk3")),
        Err(ParseError::RankLength {
            rank: 11,
            found: 13,
            expected: 12
        })
    );
    assert_eq!(
        parse(&START.replace("2kmmmmmmk2", "2kmmmzmmk2")),
        Err(ParseError::BadPiece {
            rank: 11,
            found: 'z'
        })
    );
    assert_eq!(
        parse(&START.replace(" w ", " x ")),
        Err(ParseError::BadSide("x".to_string()))
    );
    assert_eq!(
        parse(&START.replace("0,0", "3,0")),
        Err(ParseError::BadCastleMoves("3,0".to_string()))
    );
    assert_eq!(
        parse(&START.replace(" w 0,0", " w")),
        Err(ParseError::MissingField("castle-move counters"))
    );
    assert_eq!(
        parse(&format!("{START} extra")),
        Err(ParseError::TrailingText("extra".to_string()))
    );
    assert_eq!(
        parse(&START.replace("/12/12/3K", "/M11/12/3K")),
        Err(ParseError::TooManyPieces {
            color: "White",
            count: 15
        })
    );
    assert_eq!(parse(START), Ok(START.to_string()));
}
