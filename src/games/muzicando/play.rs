//! The play: turns, compulsory notes and optional symbols, passes, leaving
//! the hand, and how a hand ends.
//!
//! A player places one card or passes; passing is legal only when no note
//! can be placed. The first card must be the type's opener, which the layouts
//! enforce (on an empty table only openers fit), so a declarer without one
//! passes and the next player who can open must. A player who sheds his last
//! card takes the next free place and leaves the rotation. The team hand ends
//! when everyone has shed, when every player still in it has passed since
//! the last card was placed (deadlock), or (option `finish=decided`) when
//! all players still in it are on one team. The individual hand ends when
//! every player has shed or lost the round.

use super::cards::Card;
use super::layouts::{Cell, GameType, Layout};
use super::options::{Finish, PauseRule};
use super::{Action, Muzicando, Phase};

impl Muzicando {
    /// Lays out the table for the contract's type and gives the first turn.
    pub(super) fn start_play(&mut self, game_type: GameType, first: u8) {
        self.table = Layout::new(game_type, self.options.glissando_rows);
        self.phase = Phase::Play;
        self.to_move = first;
    }

    /// Legal plays: every note placement, every symbol placement, and a pass
    /// only when no note can be placed.
    pub(super) fn play_actions(&self, out: &mut Vec<Action>) {
        let hand = self.hands[usize::from(self.to_move)];
        self.table
            .note_moves(hand, &mut |card, cell| out.push(Action::Place(card, cell)));
        let no_note = out.is_empty();
        self.table
            .symbol_moves(hand, &mut |card, cell| out.push(Action::Place(card, cell)));
        if no_note {
            out.push(Action::Pass);
        }
    }

    /// Whether the player to move may place `card` at `cell` now.
    #[must_use]
    pub fn can_place(&self, card: Card, cell: Cell) -> bool {
        self.phase == Phase::Play
            && self.hands[usize::from(self.to_move)] & card.bit() != 0
            && self.table.is_legal(card, cell)
    }

    /// The first player still in the hand after `seat`, in turn order
    /// (`seat` itself if it is the only one left).
    pub(super) fn next_active(&self, seat: u8) -> Option<u8> {
        (1..=self.seats)
            .map(|k| (seat + k) % self.seats)
            .find(|&s| self.active & (1 << s) != 0)
    }

    /// The first player still in the hand before `seat`.
    pub(super) fn prev_active(&self, seat: u8) -> Option<u8> {
        (1..=self.seats)
            .map(|k| (seat + self.seats - k) % self.seats)
            .find(|&s| self.active & (1 << s) != 0)
    }

    /// Gives the turn to the next player after `seat` still in the hand,
    /// skipping (and clearing) blocked players one turn each.
    pub(super) fn advance_from(&mut self, seat: u8) {
        let mut current = seat;
        while let Some(next) = self.next_active(current) {
            if self.blocked & (1 << next) == 0 {
                self.to_move = next;
                return;
            }
            self.blocked &= !(1 << next);
            current = next;
        }
    }

    pub(super) fn place(&mut self, card: Card, cell: Cell) {
        let seat = self.to_move;
        self.hands[usize::from(seat)] &= !card.bit();
        self.zobrist ^= super::zobrist::in_hand(card, seat) ^ super::zobrist::on_table(card, cell);
        self.table.place(card, cell);
        self.passed = 0;
        self.last_placer = seat;
        let finished = self.hands[usize::from(seat)] == 0;
        if finished {
            self.shed.push(seat);
            self.active &= !(1 << seat);
            if self.pause_run == Some(seat) {
                self.pause_run = None;
            }
        }
        if self.hand_is_decided() {
            self.finish();
            return;
        }
        match card.symbol_kind() {
            Some(symbol) => self.symbol_effect(seat, symbol, finished),
            None if self.pause_run == Some(seat) => {}
            None => self.advance_from(seat),
        }
    }

    pub(super) fn pass(&mut self) {
        let seat = self.to_move;
        self.pass_facts.push(super::PassFact {
            seat,
            event: (self.history.len() - 1) as u16,
            notes: self.table.playable_notes(),
        });
        if self.pause_run == Some(seat) {
            self.pause_run = None;
        }
        if self.is_team_game() {
            self.passed |= 1 << seat;
            if self.passed & self.active == self.active {
                self.finish();
            } else {
                self.advance_from(seat);
            }
        } else if self.stock != 0 {
            self.phase = Phase::Draw;
        } else {
            self.lose_round(seat);
        }
    }

    /// Whether the hand is over after a card was placed: everyone has shed,
    /// or (team game, `finish=decided`) the players left are all on one team.
    fn hand_is_decided(&self) -> bool {
        if self.active == 0 {
            return true;
        }
        if !self.is_team_game() || self.options.finish == Finish::Full {
            return false;
        }
        let north_south = 0b0101;
        self.active & north_south == 0 || self.active & !north_south == 0
    }

    /// Ends the hand: players who shed rank first in order; the players
    /// still in (team game) follow by fewest cards left, ties in turn order
    /// from the player after the last one who placed a card; players who
    /// lost the round (individual game) rank last, the first out last.
    /// [decision] First place in this ranking is "finished first" for the
    /// contract, even when a deadlock leaves everybody holding cards.
    pub(super) fn finish(&mut self) {
        let mut remaining: Vec<u8> = (1..=self.seats)
            .map(|k| (self.last_placer + k) % self.seats)
            .filter(|&s| self.active & (1 << s) != 0)
            .collect();
        remaining.sort_by_key(|&s| self.hands[usize::from(s)].count_ones());
        self.ranking.clear();
        self.ranking.extend(self.shed.iter().copied());
        self.ranking.extend(remaining);
        self.ranking.extend(self.lost.iter().rev().copied());
        self.phase = Phase::Over;
    }

    /// Whether the pause rule lets the player who laid a pause play on.
    pub(super) fn pause_plays_on(&self) -> bool {
        self.options.pause == PauseRule::UntilPass
    }
}
