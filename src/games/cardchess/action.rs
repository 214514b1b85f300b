//! One decision or chance outcome of card chess.

use super::chess::{Move, Piece, Square};
use super::deck::CardId;

/// A card chess action: a chess move, a card decision, or the card nature
/// draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A chess move (normal, dictated by a card, or a super-knight second move).
    Move(Move),
    /// Draw the top card (the card itself is the chance action that follows).
    Draw,
    /// Chance: the card drawn.
    Card(CardId),
    /// The swap card: move a piece to an empty square.
    Swap(Square, Square),
    /// A remove or bomb card: take the piece on this square off the board.
    Remove(Square),
    /// A recover card or an objective's prize: put this own piece back here.
    Recover(Piece, Square),
    /// Veto the rival's last move with a held "I don't like your move".
    Veto,
    /// The wildcard: steal this special card from the rival.
    Steal(CardId),
    /// Decline the optional second super-knight move.
    Stop,
}
