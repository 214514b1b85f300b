//! Legal move generation (rules §3–§4 and the pseudo-code of §7).
//!
//! Works on a scratch copy of the cells from which the moving piece is
//! lifted, so its vacated start is empty, and captured pieces are lifted as
//! they are jumped. Plain moves and canters can never share an end square (a
//! canter moves an even distance on both axes), so only captures need
//! de-duplicating, and only among the moves of one piece.

use super::lattice::{class_of, squares, Lattices};
use super::Move;
use crate::games::camelot::board::{
    cell_kind, in_castle, leaps, steps, Board, Cell, Color, Kind, Square, Squares, EMPTY, GRID,
};

/// The most castle moves each player may make in a game (rules §4.2).
pub const CASTLE_MOVE_LIMIT: u8 = 2;

/// Replaces `out` with the legal moves of `us`, who has already made
/// `castle_moves` castle moves.
pub fn generate(board: &Board, us: Color, castle_moves: u8, out: &mut Vec<Move>) {
    out.clear();
    let mut generator = Generator::new(board, us, castle_moves, out);
    generator.all_moves(board.occupied[us.index()]);
}

/// Whether `us` has any legal move, answered without generating them all in
/// the usual case: a piece outside the enemy castle with a direct jump or a
/// free step means some move exists (a jump if capture is compulsory, else
/// that step, or the own-castle piece's own moves).
#[must_use]
pub fn has_legal_move(board: &Board, us: Color, castle_moves: u8) -> bool {
    let them = us.opponent();
    let quick = board.occupied[us.index()].iter().any(|square| {
        !in_castle(square, them)
            && (has_jump(&board.cells, square, them)
                || steps(square)
                    .iter()
                    .any(|&to| board.cells[to as usize] == EMPTY && !in_castle(to, us)))
    });
    if quick {
        return true;
    }
    let mut out = Vec::new();
    generate(board, us, castle_moves, &mut out);
    !out.is_empty()
}

/// Whether `cell` holds a piece of `color`.
#[inline]
fn is_color(cell: Cell, color: Color) -> bool {
    cell.wrapping_sub(1 + 2 * color as u8) < 2
}

/// Whether a piece of `them`'s opponent standing on `square` could jump a
/// piece of `them` right now: an adjacent enemy with an existing, empty
/// square beyond (rules §3.5).
#[inline]
pub(crate) fn has_jump(cells: &[Cell; GRID], square: Square, them: Color) -> bool {
    leaps(square)
        .iter()
        .any(|&(over, land)| is_color(cells[over as usize], them) && cells[land as usize] == EMPTY)
}

struct Generator<'a> {
    cells: [Cell; GRID],
    lattices: Lattices,
    us: Color,
    them: Color,
    castle_moves: u8,
    out: &'a mut Vec<Move>,
}

impl<'a> Generator<'a> {
    fn new(board: &Board, us: Color, castle_moves: u8, out: &'a mut Vec<Move>) -> Self {
        Generator {
            cells: board.cells,
            lattices: Lattices::new(board, us),
            us,
            them: us.opponent(),
            castle_moves,
            out,
        }
    }

    /// The turn-level rules: a piece in the own castle must leave if it can;
    /// otherwise capture is compulsory when any piece outside the enemy
    /// castle has a direct jump.
    fn all_moves(&mut self, own: Squares) {
        let in_own_castle = self.us.castle();
        for square in in_own_castle {
            if is_color(self.cells[square as usize], self.us) {
                let must = has_jump(&self.cells, square, self.them);
                self.piece_moves(square, must);
            }
        }
        if !self.out.is_empty() {
            return;
        }
        let must = own.iter().any(|square| {
            !in_castle(square, self.them) && has_jump(&self.cells, square, self.them)
        });
        for square in own.iter() {
            self.piece_moves(square, must);
        }
    }

    fn piece_moves(&mut self, from: Square, must: bool) {
        if in_castle(from, self.them) {
            self.castle_move(from, must);
            return;
        }
        let piece = self.cells[from as usize];
        self.cells[from as usize] = EMPTY;
        let knight = cell_kind(piece) == Kind::Knight;
        let mut first = self.out.len();
        if must {
            self.jumps(from, from, Squares::EMPTY, first);
        } else {
            self.plain_moves(from);
            if !knight {
                let reach = self.lattices.canter_reach(from, 0);
                self.push_all(from, squares(class_of(from), reach));
            }
        }
        if knight {
            let class = class_of(from);
            let reach = self.lattices.canter_reach(from, 0);
            let all_ready = self.lattices.ready(from);
            if !must {
                let safe = if reach & all_ready == 0 {
                    reach
                } else {
                    self.lattices.canter_reach(from, all_ready)
                };
                self.push_all(from, squares(class, safe));
                first = self.out.len();
            }
            self.charges(from, squares(class, reach & all_ready), first);
        }
        self.cells[from as usize] = piece;
    }

    /// A plain move between the two enemy castle squares, within the limit
    /// and never when capture is compulsory.
    fn castle_move(&mut self, from: Square, must: bool) {
        if must || self.castle_moves >= CASTLE_MOVE_LIMIT {
            return;
        }
        let [a, b] = self.them.castle();
        let to = if from == a { b } else { a };
        if self.cells[to as usize] == EMPTY {
            self.out.push(Move {
                from,
                to,
                captures: Squares::EMPTY,
            });
        }
    }

    fn plain_moves(&mut self, from: Square) {
        for &to in steps(from) {
            if self.cells[to as usize] == EMPTY && !in_castle(to, self.us) {
                self.out.push(Move {
                    from,
                    to,
                    captures: Squares::EMPTY,
                });
            }
        }
    }

    fn push_all(&mut self, from: Square, ends: Squares) {
        for to in ends.iter() {
            self.out.push(Move {
                from,
                to,
                captures: Squares::EMPTY,
            });
        }
    }

    /// Knight's Charges: canters (any, at least one) to a capture-ready
    /// square (`ready`, those the canters reach) outside the enemy castle,
    /// then a complete jump chain; `first` is where this piece's capture
    /// moves begin in `out`.
    fn charges(&mut self, from: Square, ready: Squares, first: usize) {
        for at in ready.iter() {
            if !in_castle(at, self.them) {
                self.jumps(from, at, Squares::EMPTY, first);
            }
        }
    }

    /// Complete jump chains from `at` (having captured `taken` so far),
    /// recorded as moves from `from`; `first` is where this piece's capture
    /// moves begin in `out`, for de-duplication.
    fn jumps(&mut self, from: Square, at: Square, taken: Squares, first: usize) {
        let mut jumped = false;
        for &(over, land) in leaps(at) {
            let victim = self.cells[over as usize];
            if is_color(victim, self.them) && self.cells[land as usize] == EMPTY {
                jumped = true;
                let mut captures = taken;
                captures.insert(over);
                self.cells[over as usize] = EMPTY;
                if in_castle(land, self.them) {
                    self.push_capture(from, land, captures, first);
                } else {
                    self.jumps(from, land, captures, first);
                }
                self.cells[over as usize] = victim;
            }
        }
        if !jumped && !taken.is_empty() {
            self.push_capture(from, at, taken, first);
        }
    }

    fn push_capture(&mut self, from: Square, to: Square, captures: Squares, first: usize) {
        let candidate = Move { from, to, captures };
        if !self.out[first..].contains(&candidate) {
            self.out.push(candidate);
        }
    }
}
