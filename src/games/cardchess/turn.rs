//! The turn machine (§2–§4 of the spec): which actions are legal in each
//! phase of a turn, and what each action does, from drawing a card to the
//! change of turn.

use super::action::Action;
use super::chess::bitboard::{bb, rank_of, Bitboard, Squares};
use super::chess::movegen::{has_legal_move, legal_moves, plain_noisy_moves, MoveList, MoveRules};
use super::chess::{Color, Move, MoveKind, Piece, Position};
use super::deck::{zone_for, Card, CardId, Effect, Goal};
use super::options::BombRule;
use super::state::{CardChess, LastTurn, Outcome, Phase};

/// What the start of a turn offers besides moves: a player moves or draws a
/// card, and may veto the rival's last card.
#[derive(Clone, Copy, Debug)]
struct StartOffers {
    /// A card must be drawn (`mandatory_card` with cards left): no moves.
    mandatory: bool,
    /// Drawing a card is offered.
    draw: bool,
    /// A veto is offered.
    veto: bool,
}

impl CardChess {
    /// The colour of the player to move.
    pub(super) fn us(&self) -> Color {
        self.colour_of(self.seat)
    }

    /// Whether any card can still be drawn (pile or discard pile).
    pub(super) fn can_draw(&self) -> bool {
        self.options.cards && self.pile.iter().chain(&self.discard).any(|&c| c > 0)
    }

    /// Whether `after` respects rule 5 for the player to move (own king not
    /// attacked), or kings may be captured.
    fn safe(&self, after: &Position) -> bool {
        self.options.king_capture || !after.king_attacked(self.us())
    }

    /// Whether the player to move may veto the rival's last move now.
    pub(super) fn veto_available(&self) -> bool {
        self.options.cards
            && self
                .veto_id()
                .is_some_and(|id| self.held[self.seat][id as usize] > 0)
            && self.last.is_some_and(|last| !last.only)
    }

    /// The move rules while carrying out a movement card.
    fn card_rules(&self, pieces: u8, moved: Bitboard) -> MoveRules {
        let mut rules = self.rules_for(self.seat);
        rules.pieces = pieces;
        rules.from = !moved;
        rules.castling = pieces & Piece::King.bit() != 0;
        rules
    }

    /// The most card moves that can still be made. A move that gives check
    /// counts as one: it ends the turn (rule 6) and the rest of the card
    /// lapses, so it never stands for the moves it cut short.
    fn best(&self, pos: &Position, pieces: u8, left: u8, moved: Bitboard) -> u8 {
        if left == 0 || pieces == 0 {
            return 0;
        }
        let mut moves = MoveList::new();
        let rules = self.card_rules(pieces, moved);
        legal_moves(pos, &rules, &mut moves);
        let mut best = 0;
        for &mv in &moves {
            let value = 1 + self
                .after_card_move(pos, mv, pieces, left, moved)
                .unwrap_or(0);
            best = best.max(value);
            if best == left {
                break;
            }
        }
        best
    }

    /// The most card moves still possible after `mv`, or `None` when `mv`
    /// gives check and so ends the turn.
    fn after_card_move(
        &self,
        pos: &Position,
        mv: Move,
        pieces: u8,
        left: u8,
        moved: Bitboard,
    ) -> Option<u8> {
        let us = pos.side();
        let piece = pos.piece_at(mv.from())?;
        let mut child = *pos;
        child.play(mv);
        if child.king_attacked(us.flip()) {
            return None;
        }
        child.set_side(us);
        Some(self.best(
            &child,
            pieces & !piece.bit(),
            left.saturating_sub(1),
            moved_after(moved, mv),
        ))
    }

    /// The legal actions of the current phase.
    /// At the start of a turn under the plain move rules (no effect on the
    /// mover, no prize to take, kings not capturable), the legal captures,
    /// en passant and promotions alone, in the order of [`Self::actions`],
    /// into `out` (cleared first); returns whether the turn offers a quiet
    /// action besides (a quiet move, drawing a card or a veto). `None` (and
    /// `out` empty) elsewhere: then the caller filters the full list.
    pub(crate) fn start_noisy_actions(&self, out: &mut Vec<Action>) -> Option<bool> {
        out.clear();
        let generated = self.prizes == 0
            && self.phase == Phase::Start
            && self.rules_for(self.seat).is_plain_at(&self.pos);
        if !generated {
            return None;
        }
        let offers = self.start_offers();
        let mut quiet_move = false;
        if !offers.mandatory {
            let mut moves = MoveList::new();
            quiet_move = plain_noisy_moves(&self.pos, &mut moves);
            out.extend(moves.iter().map(|&m| Action::Move(m)));
        }
        Some(quiet_move || offers.draw || offers.veto)
    }

    /// What the start of a turn offers besides moves.
    fn start_offers(&self) -> StartOffers {
        let mandatory = self.options.mandatory_card && self.can_draw();
        StartOffers {
            mandatory,
            draw: self.can_draw() && (mandatory || !self.pos.king_attacked(self.us())),
            veto: self.veto_available(),
        }
    }

    /// The legal actions of the current phase.
    pub(super) fn actions(&self, out: &mut Vec<Action>) {
        if self.prizes != 0 {
            self.prize_actions(out);
            return;
        }
        let mut moves = MoveList::new();
        match self.phase {
            Phase::Over(_) | Phase::Drawing | Phase::Ending => {}
            Phase::Start => {
                let offers = self.start_offers();
                if !offers.mandatory {
                    legal_moves(&self.pos, &self.rules_for(self.seat), &mut moves);
                    out.extend(moves.iter().map(|&m| Action::Move(m)));
                }
                if offers.draw {
                    out.push(Action::Draw);
                }
                if offers.veto {
                    out.push(Action::Veto);
                }
            }
            Phase::Free { exclude } => {
                legal_moves(&self.pos, &self.rules_for(self.seat), &mut moves);
                out.extend(
                    moves
                        .iter()
                        .filter(|&&m| Some(m) != exclude)
                        .map(|&m| Action::Move(m)),
                );
            }
            Phase::Moving {
                pieces,
                left,
                moved,
            } => {
                // Every card move that keeps the most card moves possible,
                // and every card move that gives check: the check ends the
                // turn and the rest of the card lapses (rule 6), but it does
                // not count as carrying the rest out, so it never rules out
                // the moves of a card that can only be carried out in part.
                legal_moves(&self.pos, &self.card_rules(pieces, moved), &mut moves);
                let after: Vec<Option<u8>> = moves
                    .iter()
                    .map(|&m| self.after_card_move(&self.pos, m, pieces, left, moved))
                    .collect();
                let best = after.iter().map(|a| 1 + a.unwrap_or(0)).max().unwrap_or(0);
                out.extend(
                    moves
                        .iter()
                        .zip(&after)
                        .filter(|&(_, &a)| a.is_none_or(|a| 1 + a == best))
                        .map(|(&m, _)| Action::Move(m)),
                );
            }
            Phase::SecondKnight => {
                let mut rules = self.rules_for(self.seat);
                rules.pieces = Piece::Knight.bit();
                rules.castling = false;
                legal_moves(&self.pos, &rules, &mut moves);
                out.extend(moves.iter().map(|&m| Action::Move(m)));
                out.push(Action::Stop);
            }
            Phase::Swap => self.swap_actions(out),
            Phase::Remove => out.extend(Squares(self.remove_targets()).map(Action::Remove)),
            Phase::Recover => self.recover_actions(0x1f, out),
            Phase::Steal => self.steal_actions(out),
        }
    }

    fn prize_actions(&self, out: &mut Vec<Action>) {
        self.recover_actions(self.prizes, out);
    }

    /// Placements of captured own pieces among `pieces` on empty squares
    /// (pawns on ranks 2–7), never leaving the own king attacked.
    fn recover_actions(&self, pieces: u8, out: &mut Vec<Action>) {
        let us = self.us();
        let empty = !self.pos.occupied();
        for piece in [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ] {
            if pieces & piece.bit() == 0 || self.captured[us.index()][piece.index()] == 0 {
                continue;
            }
            for sq in Squares(empty) {
                if piece == Piece::Pawn && !(1..=6).contains(&rank_of(sq)) {
                    continue;
                }
                let mut after = self.pos;
                after.put(sq, us, piece);
                if self.safe(&after) {
                    out.push(Action::Recover(piece, sq));
                }
            }
        }
    }

    /// Every relocation the swap card allows.
    fn swap_actions(&self, out: &mut Vec<Action>) {
        let them = self.us().flip();
        let rival_king = self.pos.pieces_of(them, Piece::King);
        let empty = !self.pos.occupied();
        for from in Squares(self.pos.occupied() & !rival_king) {
            let pawn = self.pos.piece_at(from) == Some(Piece::Pawn);
            for to in Squares(empty) {
                if pawn && (rank_of(to) == 0 || rank_of(to) == 7) {
                    continue;
                }
                let mut after = self.pos;
                after.relocate(from, to);
                if self.safe(&after) {
                    out.push(Action::Swap(from, to));
                }
            }
        }
    }

    /// The pieces the current remove or bomb card may take.
    fn remove_targets(&self) -> Bitboard {
        let us = self.us();
        let them = us.flip();
        let kings = self.pos.pieces(Piece::King);
        let candidates = match self.card.map(|id| self.options.deck.card(id)) {
            Some(Card::Remove(piece)) => self.pos.pieces_of(them, piece),
            Some(Card::Bomb(zone)) => {
                let zone = zone_for(zone, us);
                let rival = self.pos.color(them) & zone & !kings;
                if rival == 0 && self.options.bomb == BombRule::Cruel {
                    self.pos.color(us) & zone & !kings
                } else {
                    rival
                }
            }
            _ => 0,
        };
        let mut safe = 0;
        for sq in Squares(candidates) {
            let mut after = self.pos;
            after.take(sq);
            if self.safe(&after) {
                safe |= bb(sq);
            }
        }
        safe
    }

    fn steal_actions(&self, out: &mut Vec<Action>) {
        let rival = 1 - self.seat;
        let veto = self.veto_id();
        for (id, &count) in self.held[rival].iter().enumerate() {
            let id = id as CardId;
            if count > 0 && !(Some(id) == veto && self.held[self.seat][id as usize] > 0) {
                out.push(Action::Steal(id));
            }
        }
        if let Some((id, holder)) = self.effect {
            if holder == rival {
                out.push(Action::Steal(id));
            }
        }
    }

    /// Applies an action.
    pub(super) fn act(&mut self, action: Action) {
        match action {
            Action::Move(mv) => self.act_move(mv),
            Action::Draw => {
                if self.pile.iter().all(|&c| c == 0) {
                    self.order.clear();
                    self.pile = self.discard;
                    self.discard = [0; super::deck::MAX_DISTINCT];
                }
                self.pending_last = None;
                self.phase = Phase::Drawing;
            }
            Action::Card(id) => {
                if self.order.first() == Some(&id) {
                    self.order.remove(0);
                }
                if let Some(count) = self.pile.get_mut(id as usize) {
                    *count = count.saturating_sub(1);
                }
                self.card = Some(id);
                self.resolve(id);
            }
            Action::Swap(from, to) => {
                self.pos.relocate(from, to);
                self.end_turn();
            }
            Action::Remove(sq) => {
                self.remove_piece(sq);
                self.end_turn();
            }
            Action::Recover(piece, sq) => {
                let us = self.us();
                self.pos.put(sq, us, piece);
                self.pos.reset_halfmove();
                let lost = &mut self.captured[us.index()][piece.index()];
                *lost = lost.saturating_sub(1);
                if self.prizes != 0 {
                    self.prizes &= !piece.bit();
                    if self.pos.king_attacked(us.flip()) && !matches!(self.phase, Phase::Over(_)) {
                        self.phase = Phase::Ending;
                    }
                    self.settle_prizes();
                } else {
                    self.end_turn();
                }
            }
            Action::Veto => self.veto(),
            Action::Steal(id) => {
                let rival = 1 - self.seat;
                if self.effect == Some((id, rival)) {
                    self.effect = Some((id, self.seat));
                    self.sync_leapers();
                } else if let Some(count) = self.held[rival].get_mut(id as usize) {
                    *count = count.saturating_sub(1);
                    inc(&mut self.held[self.seat][id as usize]);
                }
                self.enter_free(None);
            }
            Action::Stop => self.end_turn(),
        }
    }

    /// Takes a piece off the board as a card removal.
    fn remove_piece(&mut self, sq: u8) {
        if let Some((colour, piece)) = self.pos.take(sq) {
            inc(&mut self.captured[colour.index()][piece.index()]);
            self.pos.reset_halfmove();
        }
    }

    fn act_move(&mut self, mv: Move) {
        let us = self.us();
        let phase = self.phase;
        if phase == Phase::Start && self.options.cards {
            let mut moves = MoveList::new();
            legal_moves(&self.pos, &self.rules_for(self.seat), &mut moves);
            self.pending_last = Some(LastTurn {
                before: self.pos,
                captured: self.captured,
                mv,
                only: moves.len() == 1,
            });
        } else if phase == Phase::SecondKnight {
            self.pending_last = None;
        }
        let piece = self.pos.piece_at(mv.from());
        let gave_check = self.play_move(mv);
        if matches!(self.phase, Phase::Over(_)) {
            return;
        }
        let next = match phase {
            Phase::Moving {
                pieces,
                left,
                moved,
            } => {
                let pieces = pieces & !piece.map_or(0, Piece::bit);
                let moved = moved_after(moved, mv);
                let mut after = self.pos;
                after.set_side(us);
                (self.best(&after, pieces, left.saturating_sub(1), moved) > 0).then_some(
                    Phase::Moving {
                        pieces,
                        left: left.saturating_sub(1),
                        moved,
                    },
                )
            }
            Phase::Start | Phase::Free { .. }
                if piece == Some(Piece::Knight)
                    && self.effect().is_some_and(|(e, holder)| {
                        e == Effect::SuperKnights && holder == self.seat
                    }) =>
            {
                Some(Phase::SecondKnight)
            }
            _ => None,
        };
        match next {
            Some(next) if !gave_check => {
                self.pos.set_side(us);
                self.phase = next;
            }
            _ => self.phase = Phase::Ending,
        }
        self.settle_prizes();
    }

    /// Plays a chess move for the player to move: captures are recorded,
    /// a captured king ends the game, objectives are checked. Returns
    /// whether the move gives check.
    fn play_move(&mut self, mv: Move) -> bool {
        let us = self.us();
        let them = us.flip();
        let piece = self.pos.piece_at(mv.from());
        let victim = match mv.kind() {
            MoveKind::EnPassant => Some(Piece::Pawn),
            MoveKind::Castle => None,
            _ => self.pos.piece_at(mv.to()),
        };
        self.pos.play(mv);
        if let Some(victim) = victim {
            inc(&mut self.captured[them.index()][victim.index()]);
            if victim == Piece::King {
                if let Some(id) = self.card.take() {
                    inc(&mut self.discard[id as usize]);
                }
                self.phase = Phase::Over(Outcome::Win(self.seat));
                return false;
            }
        }
        let gave_check = self.pos.king_attacked(them);
        if self.options.cards {
            self.check_objectives(mv, piece, victim, gave_check);
        }
        gave_check
    }

    fn check_objectives(
        &mut self,
        mv: Move,
        piece: Option<Piece>,
        victim: Option<Piece>,
        check: bool,
    ) {
        let us = self.us();
        for id in 0..self.held[self.seat].len() {
            if self.held[self.seat][id] == 0 {
                continue;
            }
            let Card::Objective(goal, prize) = self.options.deck.card(id as CardId) else {
                continue;
            };
            let met = match goal {
                Goal::Castle => mv.kind() == MoveKind::Castle,
                Goal::PawnCapture => piece == Some(Piece::Pawn) && victim.is_some(),
                Goal::Check => check,
                Goal::CaptureMajor => matches!(victim, Some(Piece::Rook | Piece::Queen)),
            };
            if met {
                dec(&mut self.held[self.seat][id]);
                inc(&mut self.discard[id]);
                self.pending_last = None;
                if self.captured[us.index()][prize.index()] > 0 {
                    self.prizes |= prize.bit();
                }
            }
        }
    }

    /// Drops prizes that cannot be placed; when none is owed, ends the turn
    /// if it is ending, or re-checks that a movement card can go on.
    fn settle_prizes(&mut self) {
        if matches!(self.phase, Phase::Over(_)) {
            self.prizes = 0;
            return;
        }
        if self.prizes != 0 && self.mates_rival() {
            // Rule 8: checkmate ends the game at once, before any prize.
            self.prizes = 0;
            self.end_turn();
            return;
        }
        if self.prizes != 0 {
            let mut placements = Vec::new();
            self.recover_actions(self.prizes, &mut placements);
            if !placements.is_empty() {
                return;
            }
            self.prizes = 0;
        }
        match self.phase {
            Phase::Ending => self.end_turn(),
            Phase::Moving {
                pieces,
                left,
                moved,
            } if self.best(&self.pos, pieces, left, moved) == 0 => self.end_turn(),
            _ => {}
        }
    }

    /// Whether the position mates the rival: the rival's king is attacked
    /// and the rival, to move, has no legal move (the test [`Self::judge`]
    /// makes at the change of turn).
    fn mates_rival(&self) -> bool {
        if self.options.king_capture {
            return false;
        }
        let rival = 1 - self.seat;
        let colour = self.colour_of(rival);
        if !self.pos.king_attacked(colour) {
            return false;
        }
        let mut pos = self.pos;
        pos.set_side(colour);
        !has_legal_move(&pos, &self.rules_for(rival))
    }

    /// Carries out a card just drawn.
    fn resolve(&mut self, id: CardId) {
        let us = self.us();
        match self.options.deck.card(id) {
            Card::Move { pieces, count, .. } => {
                if self.best(&self.pos, pieces, count, 0) == 0 {
                    self.fallback();
                } else {
                    self.phase = Phase::Moving {
                        pieces,
                        left: count,
                        moved: 0,
                    };
                }
            }
            Card::Swap => {
                let mut actions = Vec::new();
                self.swap_actions(&mut actions);
                if actions.is_empty() {
                    self.fallback();
                } else {
                    self.phase = Phase::Swap;
                }
            }
            Card::LoseTurn => {
                if self.pos.king_attacked(us) && !self.options.king_capture {
                    self.enter_free(None);
                } else {
                    self.end_turn();
                }
            }
            Card::Remove(_) => self.material_choice(),
            Card::Bomb(zone) => match self.options.bomb {
                BombRule::Standard | BombRule::Cruel => self.material_choice(),
                BombRule::Fierce | BombRule::Mad => {
                    let zone = zone_for(zone, us);
                    let mut victims = zone & !self.pos.pieces(Piece::King);
                    victims &= if self.options.bomb == BombRule::Fierce {
                        self.pos.color(us.flip())
                    } else {
                        self.pos.occupied()
                    };
                    let mut after = self.pos;
                    for sq in Squares(victims) {
                        after.take(sq);
                    }
                    if victims == 0 {
                        self.fallback();
                    } else if !self.safe(&after) {
                        self.enter_free(None);
                    } else {
                        for sq in Squares(victims) {
                            self.remove_piece(sq);
                        }
                        self.end_turn();
                    }
                }
            },
            Card::Recover => {
                let mut actions = Vec::new();
                self.recover_actions(0x1f, &mut actions);
                if actions.is_empty() {
                    self.fallback();
                } else {
                    self.phase = Phase::Recover;
                }
            }
            Card::Veto => {
                self.card = None;
                let rival = 1 - self.seat;
                if self.held[self.seat][id as usize] > 0 {
                    if self.held[rival][id as usize] == 0 {
                        self.held[rival][id as usize] = 1;
                    } else {
                        inc(&mut self.discard[id as usize]);
                    }
                } else {
                    self.held[self.seat][id as usize] = 1;
                }
                self.enter_free(None);
            }
            Card::Objective(..) => {
                self.card = None;
                inc(&mut self.held[self.seat][id as usize]);
                self.enter_free(None);
            }
            Card::Temporary(effect) => {
                self.card = None;
                if let Some((old, _)) = self.effect.take() {
                    inc(&mut self.discard[old as usize]);
                    if self.options.deck.card(old) == Card::Temporary(Effect::Harakiri) {
                        self.white = 1 - self.white;
                    }
                }
                self.effect = Some((id, self.seat));
                if effect == Effect::Harakiri {
                    self.white = 1 - self.white;
                }
                self.sync_leapers();
                let us = self.us();
                self.pos.set_side(us);
                self.enter_free(None);
            }
            Card::Wildcard => {
                let mut actions = Vec::new();
                self.steal_actions(&mut actions);
                if actions.is_empty() {
                    self.enter_free(None);
                } else {
                    self.phase = Phase::Steal;
                }
            }
        }
    }

    /// A remove or standard/cruel bomb card: the drawer picks the piece.
    fn material_choice(&mut self) {
        if self.remove_targets() == 0 {
            self.fallback();
        } else {
            self.phase = Phase::Remove;
        }
    }

    /// A card that cannot be carried out: a free move (second edition) or
    /// the turn lost (first edition; a player in check still gets the move).
    fn fallback(&mut self) {
        if self.options.first_edition && !self.pos.king_attacked(self.us()) {
            self.end_turn();
        } else {
            self.enter_free(None);
        }
    }

    /// A normal move follows; with none possible (after a colour swap) the
    /// turn ends.
    fn enter_free(&mut self, exclude: Option<Move>) {
        let mut moves = MoveList::new();
        legal_moves(&self.pos, &self.rules_for(self.seat), &mut moves);
        if moves.iter().any(|&m| Some(m) != exclude) {
            self.phase = Phase::Free { exclude };
        } else {
            self.end_turn();
        }
    }

    fn veto(&mut self) {
        let (Some(last), Some(id)) = (self.last.take(), self.veto_id()) else {
            return;
        };
        dec(&mut self.held[self.seat][id as usize]);
        inc(&mut self.discard[id as usize]);
        self.pos = last.before;
        self.sync_leapers();
        self.captured = last.captured;
        self.history.pop();
        self.seat = 1 - self.seat;
        self.pending_last = None;
        self.card = None;
        self.phase = Phase::Free {
            exclude: Some(last.mv),
        };
    }

    /// Ends the turn: the card goes to the discard pile, the other player
    /// moves, and the end-of-game rules are judged.
    fn end_turn(&mut self) {
        if let Some(id) = self.card.take() {
            inc(&mut self.discard[id as usize]);
        }
        self.prizes = 0;
        self.last = self.pending_last.take();
        let previous = self.seat;
        self.seat = 1 - self.seat;
        let colour = self.us();
        self.pos.set_side(colour);
        self.phase = Phase::Start;
        self.judge(previous);
    }

    /// The end-of-game rules at a change of turn (rule 8): checkmate (won by
    /// `previous`, who gave it), stalemate, dead position, 50 moves,
    /// threefold repetition.
    pub(super) fn judge(&mut self, previous: usize) {
        if matches!(self.phase, Phase::Over(_)) {
            return;
        }
        let mut moves = MoveList::new();
        legal_moves(&self.pos, &self.rules_for(self.seat), &mut moves);
        if moves.is_empty() {
            let mated = self.pos.king_attacked(self.us()) && !self.options.king_capture;
            self.phase = Phase::Over(if mated {
                Outcome::Win(previous)
            } else {
                Outcome::Draw
            });
            return;
        }
        if self.dead() || self.pos.halfmove() >= 100 {
            self.phase = Phase::Over(Outcome::Draw);
            return;
        }
        if self.pos.halfmove() == 0 {
            self.history.clear();
        }
        let key = self.repetition_key();
        self.history.push(key);
        if self.history.iter().filter(|&&k| k == key).count() >= 3 {
            self.phase = Phase::Over(Outcome::Draw);
        }
    }
}

impl CardChess {
    /// A dead position (rule 8), judged under the effect in force: FIDE's
    /// definition asks whether any mate is still possible, so a position
    /// dead by material ([`dead_position`]) is alive while the effect lets
    /// it be mated. Super bishops make a bishop of the holder a mating
    /// piece (a bishop that also jumps as a knight mates like an
    /// archbishop, and changes square colour), super knights a knight of
    /// the holder (the rules text names both); lead king and no retreat
    /// hold the holder's king, so that a check by any rival minor piece
    /// can mate it (lead king: a checked king may not move; no retreat: on
    /// its own first rank it may only step sideways). The other effects
    /// neither add mating power nor bind a king.
    #[must_use]
    pub fn dead(&self) -> bool {
        if !dead_position(&self.pos) {
            return false;
        }
        let Some((effect, holder)) = self.effect() else {
            return true;
        };
        let colour = self.colour_of(holder);
        let pos = &self.pos;
        match effect {
            Effect::SuperBishops => pos.pieces_of(colour, Piece::Bishop) == 0,
            Effect::SuperKnights => pos.pieces_of(colour, Piece::Knight) == 0,
            Effect::LeadKing | Effect::NoRetreat => {
                let rival = colour.flip();
                pos.pieces_of(rival, Piece::Knight) | pos.pieces_of(rival, Piece::Bishop) == 0
            }
            _ => true,
        }
    }
}

/// Adds one to a card or piece count.
fn inc(count: &mut u8) {
    *count = count.saturating_add(1);
}

/// Takes one from a card or piece count.
fn dec(count: &mut u8) {
    *count = count.saturating_sub(1);
}

/// The moved-pieces set after `mv` (castling moves the rook too).
fn moved_after(moved: Bitboard, mv: Move) -> Bitboard {
    let mut moved = (moved & !bb(mv.from())) | bb(mv.to());
    if mv.kind() == MoveKind::Castle {
        let rook_to = if mv.to() > mv.from() {
            mv.to() - 1
        } else {
            mv.to() + 1
        };
        moved |= bb(rook_to);
    }
    moved
}

/// FIDE dead positions by material alone: K v K, K+minor v K, and kings
/// with bishops only, all on squares of one colour. The game judges them
/// under the effect in force ([`CardChess::dead`]).
#[must_use]
pub fn dead_position(pos: &Position) -> bool {
    if pos.pieces(Piece::Pawn) | pos.pieces(Piece::Rook) | pos.pieces(Piece::Queen) != 0 {
        return false;
    }
    let knights = pos.pieces(Piece::Knight);
    let bishops = pos.pieces(Piece::Bishop);
    let minors = (knights | bishops).count_ones();
    if minors <= 1 {
        return true;
    }
    const DARK: Bitboard = 0x55aa_55aa_55aa_55aa;
    knights == 0 && (bishops & DARK == bishops || bishops & !DARK == bishops)
}
