//! The card chess state (§7 of the spec) and its [`Game`] implementation:
//! the board, who plays which colour, the deck's draw and discard piles,
//! held special cards, the active temporary effect, the turn's progress,
//! the last turn (for the veto) and the repetition history.

use rand::RngCore;

use crate::game::{Game, Returns, Seat, Turn};

use super::action::Action;
use super::chess::bitboard::Bitboard;
use super::chess::movegen::MoveRules;
use super::chess::{perft, Color, Move, Piece, Position};
use super::deck::{Card, CardId, Effect, MAX_DISTINCT};
use super::options::CardChessOptions;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This seat won (checkmate or king capture).
    Win(Seat),
    /// A draw (stalemate, dead position, repetition, 50 moves).
    Draw,
}

/// Where the current turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Turn start: a normal move, a draw, or a veto.
    Start,
    /// A card is being drawn (a chance node).
    Drawing,
    /// One normal move: after a special card, as a fallback, or replacing a
    /// vetoed move (`exclude`).
    Free {
        /// The vetoed move, which may not be played again.
        exclude: Option<Move>,
    },
    /// A movement card in progress.
    Moving {
        /// Piece types still to move.
        pieces: u8,
        /// Moves still owed.
        left: u8,
        /// Squares of the pieces already moved this turn.
        moved: Bitboard,
    },
    /// The swap card: relocate a piece.
    Swap,
    /// A remove or bomb card: pick the piece to remove.
    Remove,
    /// A recover card: pick the piece and square.
    Recover,
    /// The wildcard: pick the special card to steal.
    Steal,
    /// Super knights: an optional second knight move.
    SecondKnight,
    /// The turn is over once the owed prizes are placed.
    Ending,
    /// The game is over.
    Over(Outcome),
}

/// The last turn, when it was a single normal move (what a veto undoes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastTurn {
    /// The board before the move.
    pub before: Position,
    /// Captured pieces before the move.
    pub captured: [[u8; 6]; 2],
    /// The move.
    pub mv: Move,
    /// Whether it was the only legal move (then it may not be vetoed).
    pub only: bool,
}

/// A card chess game state.
#[derive(Clone, Debug)]
pub struct CardChess {
    pub(super) options: CardChessOptions,
    pub(super) pos: Position,
    /// The player whose turn it is.
    pub(super) seat: Seat,
    /// The player controlling White (Harakiri swaps colours).
    pub(super) white: Seat,
    pub(super) phase: Phase,
    /// The card being carried out this turn (discarded when it ends).
    pub(super) card: Option<CardId>,
    /// Prize piece types owed to the player to move (a mask of [`Piece::bit`]).
    pub(super) prizes: u8,
    pub(super) pile: [u8; MAX_DISTINCT],
    /// The known order of the top of the draw pile (empty: shuffled and
    /// unknown, every unseen card equally likely).
    pub(super) order: Vec<CardId>,
    pub(super) discard: [u8; MAX_DISTINCT],
    /// Special cards held by each seat (vetoes and objectives), per card.
    pub(super) held: [[u8; MAX_DISTINCT]; 2],
    /// The active temporary effect and the seat it benefits.
    pub(super) effect: Option<(CardId, Seat)>,
    /// Pieces of each colour captured and not yet recovered.
    pub(super) captured: [[u8; 6]; 2],
    /// The previous turn, if it was a single normal move.
    pub(super) last: Option<LastTurn>,
    /// The current turn's single normal move so far (becomes `last`).
    pub(super) pending_last: Option<LastTurn>,
    /// Repetition keys at turn changes since the last irreversible move.
    pub(super) history: Vec<u64>,
}

impl CardChess {
    /// A state from a board, with the full deck face down and no card
    /// played (the default deck state), seat 0 playing White.
    #[must_use]
    pub fn from_position(pos: Position, options: &CardChessOptions) -> CardChess {
        let mut pile = [0; MAX_DISTINCT];
        if options.cards {
            for (i, entry) in options.deck.entries().iter().enumerate() {
                pile[i] = entry.count;
            }
        }
        let seat = usize::from(pos.side() == Color::Black);
        let mut state = CardChess {
            options: options.clone(),
            pos,
            seat,
            white: 0,
            phase: Phase::Start,
            card: None,
            prizes: 0,
            pile,
            order: Vec::new(),
            discard: [0; MAX_DISTINCT],
            held: [[0; MAX_DISTINCT]; 2],
            effect: None,
            captured: [[0; 6]; 2],
            last: None,
            pending_last: None,
            history: Vec::new(),
        };
        state.captured = state.missing_material();
        state.sync_leapers();
        state.judge(1 - seat);
        state
    }

    /// The board.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The turn's progress.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The colour `seat` plays.
    #[must_use]
    pub fn colour_of(&self, seat: Seat) -> Color {
        if seat == self.white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The cards of each kind left in the draw pile.
    #[must_use]
    pub fn pile(&self) -> &[u8; MAX_DISTINCT] {
        &self.pile
    }

    /// Fixes the order of the whole draw pile at random (so that two games
    /// can be dealt the same cards, e.g. a tournament pair with colours
    /// swapped). A reshuffle of the discard pile makes the order unknown
    /// again.
    pub fn fix_deck_order(&mut self, rng: &mut dyn RngCore) {
        let mut order: Vec<CardId> = Vec::new();
        for (id, &count) in self.pile.iter().enumerate() {
            order.extend(std::iter::repeat_n(id as CardId, count as usize));
        }
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        self.order = order;
    }

    /// This state with the order of the draw pile forgotten (every unseen
    /// card equally likely again): what a player may know of a deck whose
    /// order was fixed with [`CardChess::fix_deck_order`].
    #[must_use]
    pub fn without_deck_order(&self) -> CardChess {
        let mut state = self.clone();
        state.order.clear();
        state
    }

    /// The card being carried out this turn, if one is.
    #[must_use]
    pub fn card_in_play(&self) -> Option<CardId> {
        self.card
    }

    /// The previous turn, when it was a single normal move (what a veto
    /// takes back).
    #[must_use]
    pub fn last_turn(&self) -> Option<&LastTurn> {
        self.last.as_ref()
    }

    /// The cards of each kind in the discard pile.
    #[must_use]
    pub fn discard(&self) -> &[u8; MAX_DISTINCT] {
        &self.discard
    }

    /// The special cards `seat` holds, per card.
    #[must_use]
    pub fn held(&self, seat: Seat) -> &[u8; MAX_DISTINCT] {
        &self.held[seat]
    }

    /// The active temporary effect and the seat it benefits.
    #[must_use]
    pub fn effect(&self) -> Option<(Effect, Seat)> {
        let (id, holder) = self.effect?;
        match self.options.deck.card(id) {
            Card::Temporary(effect) => Some((effect, holder)),
            _ => None,
        }
    }

    /// Pieces of `colour` captured and not recovered.
    #[must_use]
    pub fn captured(&self, colour: Color) -> [u8; 6] {
        self.captured[colour.index()]
    }

    /// Pieces missing from each side compared with the initial army
    /// (promotions counted as pawns), the captured pieces of a position
    /// given without history.
    fn missing_material(&self) -> [[u8; 6]; 2] {
        let initial = [8u32, 2, 2, 2, 1, 1];
        let mut missing = [[0; 6]; 2];
        for colour in Color::ALL {
            let mut extra_promoted = 0u32;
            for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
                let have = self.pos.count(colour, piece);
                let start = initial[piece.index()];
                if have > start {
                    extra_promoted += have - start;
                } else {
                    missing[colour.index()][piece.index()] = (start - have) as u8;
                }
            }
            let pawns = self.pos.count(colour, Piece::Pawn) + extra_promoted;
            missing[colour.index()][0] = 8u32.saturating_sub(pawns) as u8;
        }
        missing
    }

    /// Puts the active effect's super pieces on the board: the piece type
    /// that also moves and attacks as a knight, for the colour its holder
    /// plays. Called whenever the effect or the colours change, so that
    /// every attack test sees the effect in force, for both sides.
    pub(super) fn sync_leapers(&mut self) {
        let mut leapers = [0; 2];
        if let Some((effect, holder)) = self.effect() {
            let piece = match effect {
                Effect::SuperQueen => Some(Piece::Queen),
                Effect::SuperRooks => Some(Piece::Rook),
                Effect::SuperBishops => Some(Piece::Bishop),
                _ => None,
            };
            if let Some(piece) = piece {
                leapers[self.colour_of(holder).index()] = piece.bit();
            }
        }
        self.pos.set_leapers(leapers);
    }

    /// The move rules for `seat`: the options and the active effect (the
    /// super pieces are on the board, [`Self::sync_leapers`]).
    #[must_use]
    pub fn rules_for(&self, seat: Seat) -> MoveRules {
        let mut rules = MoveRules::PLAIN;
        rules.king_capture = self.options.king_capture;
        if let Some((effect, holder)) = self.effect() {
            let mine = holder == seat;
            match effect {
                Effect::UntouchablePawns if !mine => rules.untouchable_pawns = true,
                Effect::LeadKing if mine => rules.frozen_king_in_check = true,
                Effect::NoRetreat if mine => rules.no_retreat = true,
                _ => {}
            }
        }
        rules
    }

    /// The id of the deck's veto card, if it has one.
    pub(super) fn veto_id(&self) -> Option<CardId> {
        self.options
            .deck
            .entries()
            .iter()
            .position(|e| e.card == Card::Veto)
            .map(|i| i as CardId)
    }

    /// The key compared for threefold repetition: board, side, rights,
    /// held cards, the effect and who plays which colour.
    pub(super) fn repetition_key(&self) -> u64 {
        let mut h = Mixer::new(self.pos.hash());
        h.bytes(&self.held[0]);
        h.bytes(&self.held[1]);
        h.word(
            self.effect
                .map_or(0, |(id, s)| 1 + u64::from(id) * 2 + s as u64),
        );
        h.word(self.white as u64);
        h.finish()
    }

    fn card_state_hash(&self, board: u64) -> u64 {
        if !self.options.cards {
            return match self.phase {
                Phase::Over(outcome) => Mixer::new(board).with(phase_code(Phase::Over(outcome))),
                _ => board,
            };
        }
        let mut h = Mixer::new(board);
        h.word(self.seat as u64 | (self.white as u64) << 1 | u64::from(self.prizes) << 2);
        h.word(phase_code(self.phase));
        h.word(self.card.map_or(0, |c| 1 + u64::from(c)));
        h.bytes(&self.pile);
        h.bytes(&self.order);
        h.bytes(&self.discard);
        h.bytes(&self.held[0]);
        h.bytes(&self.held[1]);
        h.word(
            self.effect
                .map_or(0, |(id, s)| 1 + u64::from(id) * 2 + s as u64),
        );
        h.bytes(&self.captured[0]);
        h.bytes(&self.captured[1]);
        h.word(
            self.last
                .map_or(0, |l| 1 + u64::from(l.mv.code()) * 2 + u64::from(l.only)),
        );
        h.finish()
    }
}

/// A number for each phase, for hashing.
fn phase_code(phase: Phase) -> u64 {
    match phase {
        Phase::Start => 1,
        Phase::Drawing => 2,
        Phase::Free { exclude } => 3 | u64::from(exclude.map_or(0, |m| m.code())) << 8,
        Phase::Moving {
            pieces,
            left,
            moved,
        } => 4 | u64::from(pieces) << 8 | u64::from(left) << 16 | moved.rotate_left(24),
        Phase::Swap => 5,
        Phase::Remove => 6,
        Phase::Recover => 7,
        Phase::Steal => 8,
        Phase::SecondKnight => 9,
        Phase::Ending => 10,
        Phase::Over(Outcome::Draw) => 11,
        Phase::Over(Outcome::Win(seat)) => 12 + seat as u64,
    }
}

/// A small multiply-xorshift hash for the card state.
struct Mixer(u64);

impl Mixer {
    fn new(seed: u64) -> Mixer {
        Mixer(seed)
    }

    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 29;
    }

    fn with(mut self, w: u64) -> u64 {
        self.word(w);
        self.0
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

crate::perfect_information!(CardChess);

impl Game for CardChess {
    type Action = Action;
    type Options = CardChessOptions;

    const NAME: &'static str = "cardchess";

    fn new(options: &CardChessOptions) -> Self {
        let mut start = Position::startpos();
        start.set_chess960(options.chess960);
        CardChess::from_position(start, options)
    }

    fn options(&self) -> &CardChessOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over(_) => Turn::Terminal,
            Phase::Drawing => Turn::Chance,
            _ => Turn::Player(self.seat),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.actions(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.phase != Phase::Drawing {
            return;
        }
        if let Some(&top) = self.order.first() {
            out.push((Action::Card(top), 1.0));
            return;
        }
        let total: u32 = self.pile.iter().map(|&c| u32::from(c)).sum();
        for (id, &count) in self.pile.iter().enumerate() {
            if count > 0 {
                out.push((
                    Action::Card(id as CardId),
                    f64::from(count) / f64::from(total),
                ));
            }
        }
    }

    fn apply(&mut self, action: Action) {
        self.act(action);
    }

    fn returns(&self) -> Option<Returns> {
        match self.phase {
            Phase::Over(Outcome::Win(seat)) => {
                let mut r = Returns::new();
                r.push(if seat == 0 { 1.0 } else { 0.0 });
                r.push(if seat == 1 { 1.0 } else { 0.0 });
                Some(r)
            }
            Phase::Over(Outcome::Draw) => {
                let mut r = Returns::new();
                r.push(0.5);
                r.push(0.5);
                Some(r)
            }
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        self.card_state_hash(self.pos.hash())
    }

    fn hash_from_scratch(&self) -> u64 {
        self.card_state_hash(self.pos.hash_from_scratch())
    }

    /// With `cards=off`: plain chess perft with bulk counting (the draw
    /// rules do not cut the tree, as in standard perft, even at the root).
    /// With cards: every decision and every chance outcome (card drawn) is
    /// a ply, as in [`crate::game::generic_perft`], with the last ply
    /// counted without being played.
    fn perft(&self, depth: u32) -> u64 {
        if self.options.cards {
            card_perft(self, depth)
        } else {
            perft::perft(&self.pos, depth)
        }
    }
}

/// Card chess perft: every decision and chance outcome is a ply; the
/// actions at the last ply are counted, not played.
fn card_perft(state: &CardChess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    crate::game::next_actions(state, &mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|action| {
            let mut child = state.clone();
            child.apply(action);
            card_perft(&child, depth - 1)
        })
        .sum()
}
