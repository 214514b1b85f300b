//! The canonical path of a move, for notation: among all legal paths with
//! the move's start, end and captures, the one with the fewest squares, ties
//! broken by comparing the squares in order by name (rules §8).

use std::cmp::Ordering;

use super::movegen::has_jump;
use super::Move;
use crate::games::camelot::board::{
    cell_kind, in_castle, leaps, square_name, steps, Board, Cell, Color, Kind, Square, Squares,
    EMPTY, GRID,
};

/// A move written out: its squares in order; the first `canter_steps` steps
/// (plain steps and canter leaps) are written with `-`, the rest (jumps)
/// with `x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The squares visited, start first.
    pub squares: Vec<Square>,
    /// How many of the steps are non-capturing.
    pub canter_steps: usize,
}

impl Path {
    /// The WCF text, e.g. `C6-E6-G6-G8xE10`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::new();
        for (index, &square) in self.squares.iter().enumerate() {
            if index > 0 {
                text.push(if index <= self.canter_steps { '-' } else { 'x' });
            }
            text.push_str(&square_name(square));
        }
        text
    }
}

/// Orders paths by length, then square by square by name.
fn compare(a: &[Square], b: &[Square]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| {
        a.iter()
            .map(|&s| square_name(s))
            .cmp(b.iter().map(|&s| square_name(s)))
    })
}

/// The canonical path of a legal move by `us`, or `None` if no path of any
/// kind realises it.
#[must_use]
pub fn canonical_path(board: &Board, us: Color, mv: Move) -> Option<Path> {
    let mut cells = board.cells;
    let piece = cells[mv.from as usize];
    if piece == EMPTY {
        return None;
    }
    cells[mv.from as usize] = EMPTY;
    let knight = cell_kind(piece) == Kind::Knight;
    let them = us.opponent();
    if mv.captures.is_empty() {
        if steps(mv.from).contains(&mv.to) {
            return Some(Path {
                squares: vec![mv.from, mv.to],
                canter_steps: 1,
            });
        }
        let squares = canter_path(&cells, us, mv.from, mv.to, knight)
            .or_else(|| canter_path(&cells, us, mv.from, mv.to, false))?;
        let canter_steps = squares.len() - 1;
        return Some(Path {
            squares,
            canter_steps,
        });
    }
    let mut best: Option<Path> = None;
    let mut consider = |squares: Vec<Square>, canter_steps: usize| {
        let better = best
            .as_ref()
            .is_none_or(|b| compare(&squares, &b.squares) == Ordering::Less);
        if better {
            best = Some(Path {
                squares,
                canter_steps,
            });
        }
    };
    if let Some(jumps) = jump_path(&mut cells, them, mv.from, mv) {
        consider(jumps, 0);
    }
    if knight {
        for at in canter_targets(&cells, us, mv.from) {
            if in_castle(at, them) || !has_jump(&cells, at, them) {
                continue;
            }
            let Some(jumps) = jump_path(&mut cells, them, at, mv) else {
                continue;
            };
            let Some(mut squares) = canter_path(&cells, us, mv.from, at, false) else {
                continue;
            };
            let canter_steps = squares.len() - 1;
            squares.extend_from_slice(&jumps[1..]);
            consider(squares, canter_steps);
        }
    }
    best
}

/// Whether a canter may land on `land` (and, with `safe`, whether that
/// landing keeps a knight's non-capturing canter legal).
fn can_land(
    cells: &[Cell; GRID],
    us: Color,
    from: Square,
    over: Square,
    land: Square,
    safe: bool,
) -> bool {
    let friendly = cells[over as usize] != EMPTY
        && super::super::board::cell_color(cells[over as usize]) == us;
    friendly
        && cells[land as usize] == EMPTY
        && land != from
        && !in_castle(land, us)
        && !(safe && has_jump(cells, land, us.opponent()))
}

/// The canter graph from `from`: every edge (a, b) of a leap that a canter
/// chain may make, over squares reachable from `from`.
fn canter_edges(
    cells: &[Cell; GRID],
    us: Color,
    from: Square,
    safe: bool,
) -> Vec<(Square, Square)> {
    let mut edges = Vec::new();
    let mut seen = Squares::EMPTY;
    seen.insert(from);
    let mut queue = vec![from];
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        if at != from && in_castle(at, us.opponent()) {
            continue;
        }
        for &(over, land) in leaps(at) {
            if can_land(cells, us, from, over, land, safe) {
                edges.push((at, land));
                if !seen.contains(land) {
                    seen.insert(land);
                    queue.push(land);
                }
            }
        }
    }
    edges
}

/// Every square an unrestricted canter chain from `from` can end on.
fn canter_targets(cells: &[Cell; GRID], us: Color, from: Square) -> Vec<Square> {
    let mut targets: Vec<Square> = canter_edges(cells, us, from, false)
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
}

/// The shortest canter chain from `from` to `to`, ties broken by square
/// names.
fn canter_path(
    cells: &[Cell; GRID],
    us: Color,
    from: Square,
    to: Square,
    safe: bool,
) -> Option<Vec<Square>> {
    let edges = canter_edges(cells, us, from, safe);
    let mut distance = [usize::MAX; GRID];
    distance[to as usize] = 0;
    let mut queue = vec![to];
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        for &(a, b) in &edges {
            if b == at && distance[a as usize] == usize::MAX {
                distance[a as usize] = distance[at as usize] + 1;
                queue.push(a);
            }
        }
    }
    if distance[from as usize] == usize::MAX || from == to {
        return None;
    }
    let mut path = vec![from];
    let mut at = from;
    while at != to {
        let next = edges
            .iter()
            .filter(|&&(a, b)| {
                a == at && distance[b as usize].checked_add(1) == Some(distance[at as usize])
            })
            .map(|&(_, b)| b)
            .min_by_key(|&b| square_name(b))?;
        path.push(next);
        at = next;
    }
    Some(path)
}

/// The smallest jump chain from `at` that captures exactly `mv.captures` and
/// ends on `mv.to` (jumping only pieces among those captures).
fn jump_path(cells: &mut [Cell; GRID], them: Color, at: Square, mv: Move) -> Option<Vec<Square>> {
    let mut best = None;
    let mut path = vec![at];
    search_jumps(cells, them, mv, Squares::EMPTY, &mut path, &mut best);
    best
}

fn search_jumps(
    cells: &mut [Cell; GRID],
    them: Color,
    mv: Move,
    taken: Squares,
    path: &mut Vec<Square>,
    best: &mut Option<Vec<Square>>,
) {
    let at = *path.last().unwrap_or(&mv.from);
    if taken == mv.captures {
        let better = best
            .as_ref()
            .is_none_or(|b| compare(path, b) == Ordering::Less);
        if at == mv.to && better {
            *best = Some(path.clone());
        }
        return;
    }
    if path.len() > 1 && in_castle(at, them) {
        return;
    }
    for &(over, land) in leaps(at) {
        let victim = cells[over as usize];
        if mv.captures.contains(over) && victim != EMPTY && cells[land as usize] == EMPTY {
            cells[over as usize] = EMPTY;
            let mut more = taken;
            more.insert(over);
            path.push(land);
            search_jumps(cells, them, mv, more, path, best);
            path.pop();
            cells[over as usize] = victim;
        }
    }
}
