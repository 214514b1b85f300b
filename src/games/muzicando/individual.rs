//! The individual game (2–8 players): seating by drawn notes, the choice of
//! type by the player after the dealer, drawing on a pass, and losing the
//! round when the stock is empty.
//!
//! The deal (7 cards each, the rest face down as the stock) is in `deal`;
//! the scoring in `scoring`. [decision] "Left of the dealer" is the player
//! served first, `next(dealer)`, as in the team game; a player who passes
//! draws (a chance action) and the turn then goes on to the next player; a
//! player left alone plays on until he sheds or loses the round, which
//! decides whether last place scores its point.

use rand::RngCore;

use super::cards::{Card, NOTE_NAMES};
use super::layouts::GameType;
use super::{Contract, Muzicando};

/// The seating draw: one card per player from Do, Re, … (with 8 players
/// also Guido d'Arezzo, the violet pause card), shuffled and handed out in
/// order of arrival. Returns, for each arriving player, the card drawn and
/// the seat taken: seats follow the notes (Do = seat 0, the first dealer);
/// [decision] Guido's holder takes the eighth seat.
#[must_use]
pub fn draw_seating(players: usize, rng: &mut dyn RngCore) -> Vec<(Card, usize)> {
    let players = players.clamp(2, 8);
    let mut seats: Vec<usize> = (0..players).collect();
    for i in (1..players).rev() {
        let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
        seats.swap(i, j);
    }
    seats
        .into_iter()
        .map(|seat| {
            let card = if seat < NOTE_NAMES.len() {
                Card::note(0, seat as u8)
            } else {
                Card::symbol(6)
            };
            (card, seat)
        })
        .collect()
}

/// The dealer of round `round` (0-based) of an individual match: the Do
/// player deals first, then the player who chose the type deals next, i.e.
/// the deal moves one seat on each round.
#[must_use]
pub fn dealer_of_round(players: u8, round: usize) -> u8 {
    (round % usize::from(players)) as u8
}

impl Muzicando {
    /// The chosen type: its chooser plays first.
    pub(super) fn choose(&mut self, game_type: GameType) {
        let chooser = self.to_move;
        self.contract = Some(Contract {
            bid: None,
            game_type,
            declarer: chooser,
        });
        self.start_play(game_type, chooser);
    }

    /// A player who must pass with the stock empty is out, ranked after
    /// everyone who sheds; play goes on with the next player.
    pub(super) fn lose_round(&mut self, seat: u8) {
        self.lost.push(seat);
        self.active &= !(1 << seat);
        if self.active == 0 {
            self.finish();
        } else {
            self.advance_from(seat);
        }
    }
}
