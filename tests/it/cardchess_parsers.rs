//! The card chess text parsers never panic: random and mutated position
//! strings, action texts and deck files give a value or a typed error.

use proptest::prelude::*;
use tauler::game::{Game, Notation};
use tauler::games::cardchess::{CardChess, CardChessOptions, Deck};

const POSITION: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | seat=0 white=0 phase=moving:PN:2:10 pile=move-p,swap*2 held0=objective-check held1=veto effect=harakiri@1 captured=/ last=e7e5:0:rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_-_0_1:/";

fn mutate(base: &str, edits: &[(usize, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(at, c) in edits {
        if chars.is_empty() {
            chars.push(c);
        } else {
            let i = at % chars.len();
            if c == '~' {
                chars.remove(i);
            } else {
                chars[i] = c;
            }
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(usize, char)>> {
    prop::collection::vec(
        (
            0usize..400,
            prop::sample::select(vec![
                '=', ':', ',', '*', '@', '|', ' ', '-', '1', '0', '9', 'x', 'P', 'k', '/', '_', '~',
            ]),
        ),
        1..6,
    )
}

proptest! {
    #[test]
    fn random_position_text_never_panics(text in "\\PC{0,120}") {
        let _ = CardChess::parse_position(&text, &CardChessOptions::default());
    }

    #[test]
    fn mutated_position_text_never_panics(edits in edits()) {
        let text = mutate(POSITION, &edits);
        if let Ok(state) = CardChess::parse_position(&text, &CardChessOptions::default()) {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            let _ = state.format_position();
        }
    }

    #[test]
    fn random_action_text_never_panics(text in "\\PC{0,16}") {
        let state = CardChess::parse_position(POSITION, &CardChessOptions::default()).unwrap();
        let _ = state.parse_action(&text);
        let _ = CardChess::new(&CardChessOptions::default()).parse_action(&text);
    }

    #[test]
    fn random_deck_text_never_panics(text in "\\PC{0,80}") {
        let _ = Deck::parse(&text);
    }

    #[test]
    fn mutated_deck_text_never_panics(edits in edits()) {
        let _ = Deck::parse(&mutate(tauler::games::cardchess::deck::DEFAULT_DECK, &edits));
    }
}
