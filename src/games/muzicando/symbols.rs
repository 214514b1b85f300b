//! What a symbol card does once laid: the skip effects. Where a symbol may
//! be laid is the layouts' business.
//!
//! Each player has one "blocked" flag: a blocked player's next turn is
//! skipped and the flag cleared, so blocks never accumulate. Next and
//! previous are taken over the players still in the hand.
//! - sharp: the next player is skipped;
//! - natural: the next and the previous player are skipped (once each);
//! - flat: the previous player is skipped;
//! - pause: every other player is skipped, so its player plays again at once
//!   (option `pause=until-pass`: he plays on until he passes). Laid as a
//!   player's last card, the right to play passes to his partner if still in
//!   the hand (all skips spent); otherwise to the next player, all skips spent.

use super::cards::Symbol;
use super::Muzicando;

impl Muzicando {
    /// Applies a symbol's skips after `seat` laid it (`finished`: it was his
    /// last card) and gives the next turn.
    pub(super) fn symbol_effect(&mut self, seat: u8, symbol: Symbol, finished: bool) {
        let others = self.active & !(1 << seat);
        let next = self.next_active(seat).filter(|&s| s != seat);
        let prev = self.prev_active(seat).filter(|&s| s != seat);
        match symbol {
            Symbol::Sharp => self.block(next),
            Symbol::Natural => {
                self.block(next);
                self.block(prev);
            }
            Symbol::Flat => self.block(prev),
            Symbol::Pause if finished => {
                self.blocked = 0;
                let partner = (seat + 2) % self.seats;
                if self.is_team_game() && self.active & (1 << partner) != 0 {
                    self.to_move = partner;
                } else {
                    self.advance_from(seat);
                }
                return;
            }
            Symbol::Pause if self.pause_plays_on() => {
                self.pause_run = Some(seat);
                return;
            }
            Symbol::Pause => self.blocked |= others,
        }
        if self.pause_run == Some(seat) {
            return;
        }
        self.advance_from(seat);
    }

    fn block(&mut self, seat: Option<u8>) {
        if let Some(s) = seat {
            self.blocked |= 1 << s;
        }
    }
}
