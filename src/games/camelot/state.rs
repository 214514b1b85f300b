//! The Camelot game state: the board, whose turn it is, the castle moves
//! used, and the history the draws by rule need.

use arrayvec::ArrayVec;

use super::board::{in_castle, Board, Color};
use super::moves::movegen::generate;
use super::moves::Move;
use super::rules::{status, Status, QUIET_PLY_LIMIT};
use super::zobrist;
use super::Options;

/// Hashes of the positions since the last capture or castle entry (the only
/// ones a repetition can involve), the current one last.
type History = ArrayVec<u64, { QUIET_PLY_LIMIT as usize + 1 }>;

/// A Camelot position with the history needed to judge the draws by rule.
#[derive(Clone, Debug)]
pub struct Camelot {
    pub(crate) board: Board,
    pub(crate) side: Color,
    pub(crate) castle_moves: [u8; 2],
    quiet_plies: u16,
    history: History,
    hash: u64,
    status: Status,
    pub(crate) options: Options,
}

impl Camelot {
    /// A game starting from this board, side to move and castle moves used,
    /// with no history.
    #[must_use]
    pub fn from_parts(board: Board, side: Color, castle_moves: [u8; 2], options: Options) -> Self {
        let mut state = Camelot {
            board,
            side,
            castle_moves,
            quiet_plies: 0,
            history: History::new(),
            hash: 0,
            status: Status::Ongoing,
            options,
        };
        state.hash = state.compute_hash();
        state.history.push(state.hash);
        state.status = status(&state.board, side, castle_moves, 1, 0);
        state
    }

    /// The pieces.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castle moves used so far by White and by Black.
    #[must_use]
    pub fn castle_moves_used(&self) -> [u8; 2] {
        self.castle_moves
    }

    /// Plies since the last capture or move onto an enemy castle square.
    #[must_use]
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// Whether the game goes on, and if not how it ended.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The legal moves (none once the game is over).
    pub fn moves(&self, out: &mut Vec<Move>) {
        if self.status == Status::Ongoing {
            generate(
                &self.board,
                self.side,
                self.castle_moves[self.side.index()],
                out,
            );
        } else {
            out.clear();
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opponent();
        let piece = self.board.take(mv.from);
        self.hash ^= zobrist::piece(piece, mv.from);
        for square in mv.captures.iter() {
            let victim = self.board.take(square);
            self.hash ^= zobrist::piece(victim, square);
        }
        self.board.put(mv.to, piece);
        self.hash ^= zobrist::piece(piece, mv.to);
        if in_castle(mv.from, them) {
            let used = &mut self.castle_moves[us.index()];
            self.hash ^= zobrist::castle_moves(us, *used);
            *used += 1;
            self.hash ^= zobrist::castle_moves(us, *used);
        }
        self.side = them;
        self.hash ^= zobrist::side(us) ^ zobrist::side(them);
        if !mv.captures.is_empty() || in_castle(mv.to, them) {
            self.quiet_plies = 0;
            self.history.clear();
        } else {
            self.quiet_plies += 1;
        }
        if self.history.is_full() {
            self.history.remove(0);
        }
        self.history.push(self.hash);
        let occurrences = self.history.iter().filter(|&&h| h == self.hash).count();
        self.status = status(
            &self.board,
            self.side,
            self.castle_moves,
            occurrences,
            self.quiet_plies,
        );
    }

    /// The incrementally kept Zobrist hash.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash of board, side to move and castle moves, from scratch.
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::side(self.side);
        for color in [Color::White, Color::Black] {
            hash ^= zobrist::castle_moves(color, self.castle_moves[color.index()]);
            for square in self.board.occupied[color.index()].iter() {
                hash ^= zobrist::piece(self.board.cells[square as usize], square);
            }
        }
        hash
    }

    /// Counts the distinct outcomes of all move sequences of `depth` plies,
    /// counting the last ply's moves without playing them.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 0;
        };
        self.moves(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft_with(depth - 1, rest)
            })
            .sum()
    }
}
