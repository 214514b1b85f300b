//! The chess text parsers never panic: random and mutated FEN, SAN and UCI
//! strings give a value or a typed error.

use proptest::prelude::*;
use tauler::games::cardchess::chess::san::parse_san;
use tauler::games::cardchess::chess::uci::parse_uci;
use tauler::games::cardchess::chess::{legal_moves, MoveList, MoveRules, Position};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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

proptest! {
    #[test]
    fn random_fen_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn mutated_fen_never_panics(edits in prop::collection::vec((0usize..100, prop::sample::select(
        vec!['k', 'K', 'p', 'P', 'q', '1', '8', '9', '/', ' ', '-', 'w', 'b', 'e', '3', '~', 'x']
    )), 1..6)) {
        let text = mutate(KIWIPETE, &edits);
        if let Ok(pos) = Position::from_fen(&text) {
            let mut moves = MoveList::new();
            legal_moves(&pos, &MoveRules::PLAIN, &mut moves);
            let _ = pos.to_fen();
        }
    }

    #[test]
    fn random_move_text_never_panics(text in "\\PC{0,12}") {
        let pos = Position::from_fen(KIWIPETE).unwrap();
        let mut moves = MoveList::new();
        legal_moves(&pos, &MoveRules::PLAIN, &mut moves);
        let _ = parse_san(&pos, &text, &moves);
        let _ = parse_uci(&text, &moves);
    }
}
