//! Plain chess with the interface as arbiter (UCI): a draw that a player
//! could claim (threefold repetition, fifty moves) or that the rules
//! declare by material (a dead position) does not end the game while a
//! legal move remains. Only checkmate and stalemate end it.

use super::state::{CardChess, Outcome, Phase};

impl CardChess {
    /// Reopens a game the rules ended in a draw while its side to move
    /// still has a legal move (repetition, fifty moves, dead position);
    /// returns whether it did. Deeper positions are judged as before, so a
    /// search still scores a repetition or the fifty-move rule as a draw.
    pub fn reopen_unfinished_draw(&mut self) -> bool {
        if self.phase != Phase::Over(Outcome::Draw) {
            return false;
        }
        self.phase = Phase::Start;
        let mut legal = Vec::new();
        crate::game::Game::legal_actions(self, &mut legal);
        if legal.is_empty() {
            self.phase = Phase::Over(Outcome::Draw);
            return false;
        }
        true
    }
}
