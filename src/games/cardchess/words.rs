//! Card chess in words, for every front end: what each card does, what
//! every card decision did, the card being carried out and the cards each
//! side holds.

use crate::game::{Game, Notation, Seat};

use super::chess::bitboard::{square_name, Color, Piece};
use super::deck::{Effect, Goal, MAX_DISTINCT};
use super::{Action, Card, CardChess, Phase};

/// A piece's name in words.
pub fn piece_name(piece: Piece) -> &'static str {
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
pub fn pieces(mask: u8) -> String {
    let names: Vec<&str> = Piece::ALL
        .iter()
        .filter(|p| mask & p.bit() != 0)
        .map(|&p| piece_name(p))
        .collect();
    names.join(", ")
}

/// The colour `seat` plays, `White` or `Black`.
pub fn side(state: &CardChess, seat: Seat) -> &'static str {
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
pub fn card_words(state: &CardChess, id: u8) -> (String, String) {
    let deck = &state.options().deck;
    (deck.name(id).to_string(), what_it_does(deck.card(id)))
}

/// What `action`, played in `before` by `seat` (`None`: chance drew it),
/// did, in words: `Black draws a card`, `Chance: draw:veto (White drew
/// veto: …)`.
#[must_use]
pub fn narration(before: &CardChess, seat: Option<Seat>, action: Action) -> String {
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
    format!("{} {}", side(before, seat), deed(before, action))
}

/// What a seat's `action` in `before` does, in words (`draws a card`).
#[must_use]
pub fn deed(before: &CardChess, action: Action) -> String {
    let text = before.format_action(action);
    match action {
        Action::Draw => "draws a card".to_string(),
        Action::Veto => match before.last_turn() {
            Some(last) => format!(
                "vetoes the rival's last move {}-{}",
                square_name(last.mv.from()),
                square_name(last.mv.to())
            ),
            None => "vetoes the rival's last move".to_string(),
        },
        Action::Steal(id) => format!("steals {}", card_words(before, id).0),
        Action::Swap(..) => format!("swaps: {text}"),
        Action::Remove(_) => format!("removes a piece: {text}"),
        Action::Recover(..) => format!("puts a piece back: {text}"),
        Action::Stop => "declines the second knight move".to_string(),
        Action::Move(_) | Action::Card(_) => format!("plays {text}"),
    }
}

/// The card being carried out, in words, if one is.
#[must_use]
pub fn doing(state: &CardChess) -> Option<String> {
    match state.phase() {
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
        Phase::Free { exclude: Some(_) } => Some("your move was vetoed: play another one".into()),
        _ => None,
    }
}

/// The special cards `seat` holds: each one's name and what it does.
#[must_use]
pub fn held_cards(state: &CardChess, seat: Seat) -> Vec<(String, String)> {
    let held = state.held(seat);
    (0..MAX_DISTINCT)
        .filter(|&id| held[id] > 0)
        .map(|id| card_words(state, id as u8))
        .collect()
}

/// The lines shown under the board: the card being carried out and the
/// cards each side holds.
#[must_use]
pub fn notes(state: &CardChess) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(doing) = doing(state) {
        match state.card_in_play() {
            Some(id) => notes.push(format!(
                "Card being carried out: {} ({doing}).",
                state.options().deck.name(id)
            )),
            None => notes.push(format!("Card being carried out: {doing}.")),
        }
    }
    for seat in 0..2 {
        let cards: Vec<String> = held_cards(state, seat)
            .into_iter()
            .map(|(name, does)| format!("{name} ({does})"))
            .collect();
        if !cards.is_empty() {
            notes.push(format!("{} holds: {}", side(state, seat), cards.join("; ")));
        }
    }
    notes
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
}
