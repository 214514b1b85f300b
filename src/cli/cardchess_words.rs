//! Card chess at the terminal: the words of [`crate::games::cardchess::words`]
//! around the board, and a swap typed as two squares.

use crate::game::{Notation, Seat};
use crate::games::cardchess::words::{deed, narration, notes, side};
use crate::games::cardchess::{Action, CardChess, Phase};

use super::play::Narration;

impl Narration for CardChess {
    fn narrate(before: &CardChess, seat: Option<Seat>, action: Action, engine: bool) -> String {
        match (seat, engine) {
            (Some(seat), true) => format!(
                "Engine plays {} ({} {})",
                before.format_action(action),
                side(before, seat),
                deed(before, action)
            ),
            _ => narration(before, seat, action),
        }
    }

    fn notes(state: &CardChess) -> Vec<String> {
        notes(state)
    }

    fn rewrite(state: &CardChess, text: &str) -> String {
        if state.phase() != Phase::Swap || text.starts_with("swap") {
            return text.to_string();
        }
        let squares: Vec<&str> = text
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .collect();
        match squares.as_slice() {
            [from, to] => format!("swap {from}-{to}"),
            _ => text.to_string(),
        }
    }

    fn moves_note(state: &CardChess, count: usize) -> Option<String> {
        (state.phase() == Phase::Swap).then(|| {
            format!(
                "{count} swaps are possible: type the piece's square and an empty square, e.g. `e2 e5`"
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::cardchess::CardChessOptions;

    #[test]
    fn a_swap_is_typed_as_two_squares() {
        let state = CardChess::parse_position(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | phase=swap",
            &CardChessOptions::default(),
        )
        .expect("a position in the middle of a swap");
        assert_eq!(CardChess::rewrite(&state, "e2 e5"), "swap e2-e5");
        assert_eq!(CardChess::rewrite(&state, "swap e2-e5"), "swap e2-e5");
        assert!(state.parse_action("swap e2-e5").is_ok());
        assert!(CardChess::moves_note(&state, 100).is_some());
        let start = CardChess::new(&CardChessOptions::default());
        assert_eq!(CardChess::rewrite(&start, "e2 e4"), "e2 e4");
    }
}
