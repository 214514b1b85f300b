//! Card chess at the terminal, in words: what each card does, who drew what
//! and what every card decision did, the card being carried out and the
//! cards each side holds; a swap is typed as two squares.

use crate::game::{Game, Notation, Seat};
use crate::games::cardchess::chess::bitboard::{Color, Piece};
use crate::games::cardchess::deck::{Effect, Goal, MAX_DISTINCT};
use crate::games::cardchess::{Action, Card, CardChess, Phase};

use super::play::Narration;

fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// The piece types of a mask of [`Piece::bit`], in words.
fn pieces(mask: u8) -> String {
    let names: Vec<&str> = Piece::ALL
        .iter()
        .filter(|p| mask & p.bit() != 0)
        .map(|&p| piece_name(p))
        .collect();
    names.join(", ")
}

fn side(state: &CardChess, seat: Seat) -> &'static str {
    match state.colour_of(seat) {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// What a card does, in a few words.
#[must_use]
pub fn what_it_does(card: Card) -> String {
    match card {
        Card::Move {
            pieces: mask,
            count,
            choose: false,
        } if count <= 1 => format!("move one {}", pieces(mask)),
        Card::Move {
            pieces: mask,
            choose: false,
            ..
        } => format!("move one piece of each type: {}", pieces(mask)),
        Card::Move {
            pieces: mask,
            count,
            choose: true,
        } => format!(
            "choose {count} of the types {} and move one piece of each",
            pieces(mask)
        ),
        Card::Swap => "move any piece but the rival king to any empty square".into(),
        Card::LoseTurn => "the turn is lost".into(),
        Card::Remove(piece) => format!("remove a rival {}", piece_name(piece)),
        Card::Bomb(_) => "remove a rival piece from the card's zone".into(),
        Card::Recover => "put one of your captured pieces back on the board".into(),
        Card::Veto => "kept: later, veto the rival's last move".into(),
        Card::Objective(goal, prize) => {
            let goal = match goal {
                Goal::Castle => "castle",
                Goal::PawnCapture => "capture with a pawn",
                Goal::Check => "give check",
                Goal::CaptureMajor => "capture a rook or a queen",
            };
            format!(
                "kept: {goal} and a captured {} comes back as the prize",
                piece_name(prize)
            )
        }
        Card::Temporary(effect) => format!(
            "kept: {}",
            match effect {
                Effect::SuperQueen => "your queens also move as knights",
                Effect::SuperRooks => "your rooks also move as knights",
                Effect::SuperBishops => "your bishops also move as knights",
                Effect::SuperKnights => "after a knight move, a second knight move",
                Effect::UntouchablePawns => "the rival may not capture your pawns",
                Effect::LeadKing => "while in check your king may not move",
                Effect::NoRetreat => "your pieces may not move backwards",
                Effect::Harakiri => "you play the rival's colour",
            }
        ),
        Card::Wildcard => "steal a special card from the rival".into(),
    }
}

/// The card `id` of `state`'s deck: its name and what it does.
fn card_words(state: &CardChess, id: u8) -> (String, String) {
    let deck = &state.options().deck;
    (deck.name(id).to_string(), what_it_does(deck.card(id)))
}

impl Narration for CardChess {
    fn narrate(before: &CardChess, seat: Option<Seat>, action: Action, engine: bool) -> String {
        let text = before.format_action(action);
        let Some(seat) = seat else {
            return match action {
                Action::Card(id) => {
                    let (name, does) = card_words(before, id);
                    format!(
                        "Chance: {text} ({} drew {name}: {does})",
                        side(before, before.seat())
                    )
                }
                _ => format!("Chance: {text}"),
            };
        };
        let who = side(before, seat);
        let deed = match action {
            Action::Draw => "draws a card".to_string(),
            Action::Veto => "vetoes the rival's last move".to_string(),
            Action::Steal(id) => format!("steals {}", card_words(before, id).0),
            Action::Swap(..) => format!("swaps: {text}"),
            Action::Remove(_) => format!("removes a piece: {text}"),
            Action::Recover(..) => format!("puts a piece back: {text}"),
            Action::Stop => "declines the second knight move".to_string(),
            Action::Move(_) | Action::Card(_) => format!("plays {text}"),
        };
        if engine {
            format!("Engine plays {text} ({who} {deed})")
        } else {
            format!("{who} {deed}")
        }
    }

    fn notes(state: &CardChess) -> Vec<String> {
        let mut notes = Vec::new();
        let doing = match state.phase() {
            Phase::Moving {
                pieces: mask, left, ..
            } => Some(format!(
                "move {left} more, one of each type: {}",
                pieces(mask)
            )),
            Phase::Swap => Some(what_it_does(Card::Swap)),
            Phase::Remove => Some("remove a rival piece (type its square)".into()),
            Phase::Recover => Some(what_it_does(Card::Recover)),
            Phase::Steal => Some(what_it_does(Card::Wildcard)),
            Phase::SecondKnight => Some("a second knight move, or `stop`".into()),
            Phase::Free { exclude: Some(_) } => {
                Some("your move was vetoed: play another one".into())
            }
            _ => None,
        };
        if let Some(doing) = doing {
            notes.push(format!("Card being carried out: {doing}."));
        }
        for seat in 0..2 {
            let held = state.held(seat);
            let cards: Vec<String> = (0..MAX_DISTINCT)
                .filter(|&id| held[id] > 0)
                .map(|id| {
                    let (name, does) = card_words(state, id as u8);
                    format!("{name} ({does})")
                })
                .collect();
            if !cards.is_empty() {
                notes.push(format!("{} holds: {}", side(state, seat), cards.join("; ")));
            }
        }
        notes
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
    use crate::games::cardchess::CardChessOptions;

    #[test]
    fn every_card_of_the_default_deck_says_what_it_does() {
        let state = CardChess::new(&CardChessOptions::default());
        let deck = &state.options().deck;
        for id in 0..deck.entries().len() as u8 {
            let words = what_it_does(deck.card(id));
            assert!(words.len() > 10, "{}: {words}", deck.name(id));
        }
    }

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
