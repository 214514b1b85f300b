//! Attack detection and legal move generation.
//!
//! Moves are generated pseudo-legally, piece by piece from the step tables.
//! When the side to move is not in check, only King moves, pinned men and the
//! special captures need a legality test (pins are found once per position
//! along the 12 lines, plus the Elephant's lame two-step); in check every move
//! is tried on a copy.

use arrayvec::ArrayVec;

use super::board::{capture_dirs, forward, oblique_dirs, rights, Board, Hexes, Special};
use super::geometry::{hex_color, opposite, step, Hex, DIAG_DIRS, KNIGHT_DIRS, NONE, ORTHO_DIRS};
use super::moves::{king_home, Move, MoveKind, CASTLINGS};
use super::piece::{
    cell, color_of, is_in, kind_of, Color, Kind, DIAG_SLIDERS, EMPTY, JUMPERS, ORTHO_SLIDERS,
};

/// Elephants step on these diagonals (two forward, two back).
const ELEPHANT_DIAGS: std::ops::Range<usize> = 8..12;

/// Whether `target` is attacked by `by`'s men, treating `ignore` as empty
/// and counting `by`'s King leap only if `leap` is set.
#[must_use]
pub fn attacked_by(board: &Board, target: Hex, by: Color, ignore: Hex, leap: bool) -> bool {
    ORTHO_DIRS
        .into_iter()
        .any(|d| ortho_attack(board, target, d, by, ignore))
        || DIAG_DIRS
            .into_iter()
            .any(|d| diag_attack(board, target, d, by, ignore))
        || jump_attack(board, target, by, leap)
}

/// Whether `by` attacks `target` from orthogonal direction `d`: its King or
/// Elephant next to it, its Elephant's two-step, or a slider down the line
/// (`ignore` counts as empty).
#[inline(always)]
fn ortho_attack(board: &Board, target: Hex, d: usize, by: Color, ignore: Hex) -> bool {
    let elephant = cell(by, Kind::Elephant);
    let elephant_back = opposite(forward(by));
    let mut at = step(d, target);
    if at == NONE {
        return false;
    }
    let first = board.at(at);
    if first == cell(by, Kind::King) || (first == elephant && d == elephant_back) {
        return true;
    }
    if d == elephant_back && (first == EMPTY || at == ignore) {
        let behind = step(d, at);
        if behind != NONE && board.at(behind) == elephant {
            return true;
        }
    }
    loop {
        let c = board.at(at);
        if c != EMPTY && at != ignore {
            return color_of(c) == by && is_in(c, ORTHO_SLIDERS);
        }
        at = step(d, at);
        if at == NONE {
            return false;
        }
    }
}

/// Whether `by` attacks `target` from diagonal direction `d`: its King, a
/// Pawn or an Elephant next to it, or a slider down the diagonal (`ignore`
/// counts as empty).
#[inline(always)]
fn diag_attack(board: &Board, target: Hex, d: usize, by: Color, ignore: Hex) -> bool {
    let mut at = step(d, target);
    if at == NONE {
        return false;
    }
    let first = board.at(at);
    if first == cell(by, Kind::King)
        || (first == cell(by, Kind::Pawn) && capture_dirs(by).map(opposite).contains(&d))
        || (first == cell(by, Kind::Elephant) && ELEPHANT_DIAGS.contains(&d))
    {
        return true;
    }
    loop {
        let c = board.at(at);
        if c != EMPTY && at != ignore {
            return color_of(c) == by && is_in(c, DIAG_SLIDERS);
        }
        at = step(d, at);
        if at == NONE {
            return false;
        }
    }
}

/// Whether one of `by`'s jumpers (or its King's leap, if `leap`) attacks
/// `target`.
#[inline(always)]
fn jump_attack(board: &Board, target: Hex, by: Color, leap: bool) -> bool {
    let king = cell(by, Kind::King);
    for d in KNIGHT_DIRS {
        let at = step(d, target);
        if at != NONE {
            let c = board.at(at);
            if c != EMPTY && color_of(c) == by && (is_in(c, JUMPERS) || (leap && c == king)) {
                return true;
            }
        }
    }
    false
}

/// Whether `color`'s King may leap (unmoved and not in check) with a leap
/// that may capture; its leap then also attacks.
#[must_use]
pub fn leap_active(board: &Board, color: Color) -> bool {
    let king = board.king(color);
    king != NONE
        && board.leap_captures()
        && board.rights(color) & rights::KING != 0
        && !attacked_by(board, king, color.other(), NONE, false)
}

/// Whether `target` is attacked by `by`, under the full rule for King leaps.
#[must_use]
pub fn attacked(board: &Board, target: Hex, by: Color, ignore: Hex) -> bool {
    attacked_by(board, target, by, ignore, false) || leap_attacks(board, target, by)
}

/// Whether `by`'s King attacks `target` by its leap.
fn leap_attacks(board: &Board, target: Hex, by: Color) -> bool {
    let king = board.king(by);
    king != NONE
        && board.rights(by) & rights::KING != 0
        && KNIGHT_DIRS.clone().any(|d| step(d, target) == king)
        && leap_active(board, by)
}

/// Whether `color`'s King is attacked.
#[must_use]
pub fn in_check(board: &Board, color: Color) -> bool {
    let king = board.king(color);
    king != NONE && attacked(board, king, color.other(), NONE)
}

/// Whether a move leaves the mover's King safe (tested on a copy).
#[must_use]
pub fn leaves_king_safe(board: &Board, mv: Move) -> bool {
    let us = board.side();
    let mut after = board.clone();
    after.make(mv);
    !in_check(&after, us)
}

/// What a side may promote to: per kind, whether a captured man of that kind
/// is available; bishops per hex colour.
#[derive(Clone, Copy, Debug, Default)]
pub struct Promotions {
    kinds: u16,
    bishop_colors: [bool; 3],
}

impl Promotions {
    /// The promotions available to `color` in this position.
    #[must_use]
    pub fn of(board: &Board, color: Color) -> Promotions {
        let mut count = [0u8; 10];
        let mut bishop_colors = [true; 3];
        for h in board.men(color).iter() {
            let kind = kind_of(board.at(h));
            count[kind as usize] += 1;
            if kind == Kind::Bishop {
                bishop_colors[hex_color(h) as usize] = false;
            }
        }
        let mut kinds = 0;
        for (kind, limit) in [
            (Kind::Queen, 1),
            (Kind::Wyvern, 1),
            (Kind::Rook, 2),
            (Kind::Pegasus, 2),
            (Kind::Knight, 2),
        ] {
            if count[kind as usize] < limit {
                kinds |= 1 << kind as u16;
            }
        }
        Promotions {
            kinds,
            bishop_colors,
        }
    }

    /// The kinds a pawn promoting on `h` may become.
    pub fn on(self, h: Hex) -> impl Iterator<Item = Kind> {
        let bishop = self.bishop_colors[hex_color(h) as usize];
        Kind::REGAINABLE.into_iter().filter(move |&k| {
            if k == Kind::Bishop {
                bishop
            } else {
                self.kinds & (1 << k as u16) != 0
            }
        })
    }
}

/// Whether `h` is one of `color`'s promotion hexes (the far edges).
#[inline]
#[must_use]
pub fn is_promotion_hex(color: Color, h: Hex) -> bool {
    step(forward(color), h) == NONE
}

/// `color`'s triple-step hexes (the current rules).
fn is_triple_step_hex(color: Color, h: Hex) -> bool {
    TRIPLE_STEP[color.index()].contains(&h)
}

/// `color`'s starting pawn hexes, from which the classic rules allow the
/// double and triple steps.
fn is_pawn_start_hex(color: Color, h: Hex) -> bool {
    PAWN_START[color.index()].contains(&h)
}

/// White's hexes given as (column, line) and Black's mirrors.
const fn mirrored<const N: usize>(white: [(usize, usize); N]) -> [[Hex; N]; 2] {
    use super::geometry::hex_index;
    let mut out = [[0; N]; 2];
    let mut i = 0;
    while i < N {
        out[0][i] = hex_index(white[i].0, white[i].1);
        out[1][i] = hex_index(white[i].0, 28 - white[i].1);
        i += 1;
    }
    out
}

/// B4 C5 D6 E7 G7 H6 I5 K4 and their mirrors.
static TRIPLE_STEP: [[Hex; 8]; 2] = mirrored([
    (3, 4),
    (4, 5),
    (5, 6),
    (6, 7),
    (8, 7),
    (9, 6),
    (10, 5),
    (11, 4),
]);

/// The initial array's pawn hexes, A5 B4 C5 D6 E7 F8 G7 H6 I5 K4 L5, and
/// their mirrors.
static PAWN_START: [[Hex; 11]; 2] = mirrored([
    (2, 5),
    (3, 4),
    (4, 5),
    (5, 6),
    (6, 7),
    (7, 8),
    (8, 7),
    (9, 6),
    (10, 5),
    (11, 4),
    (12, 5),
]);

/// The legal-move generator's options.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Castling allowed; without it the King's leap may not capture.
    pub castling: bool,
    /// The classic rules (`rules=classic`): pawns step two or three hexes
    /// from a starting hex of their side only, and a King may castle onto
    /// an attacked hex when it is not in check once castled.
    pub classic: bool,
}

/// Appends the legal moves of the side to move to `out`.
pub fn legal_moves(board: &Board, rules: Rules, out: &mut Vec<Move>) {
    let us = board.side();
    let them = us.other();
    let king = board.king(us);
    let checked = king != NONE && attacked(board, king, them, NONE);
    let mut promotions = None;
    if !checked && forced_promotions(board, us, &mut promotions, out) {
        return;
    }
    let start = out.len();
    let mut generator = Generator::<false> {
        board,
        us,
        promotions,
        out,
    };
    for from in board.men(us).iter() {
        generator.piece_moves(from, rules, checked);
    }
    generator.special_captures();
    if !checked
        && king != NONE
        && board.rights(us) & rights::KING != 0
        && rules.castling
        && king == king_home(us)
    {
        generator.castlings(rules);
    }
    filter_legal(board, checked, start, out);
}

/// Whether `mv` (pseudo-legal here) captures or promotes: what quiescence
/// searches.
#[inline]
#[must_use]
pub fn is_noisy(board: &Board, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::EnPassant => true,
        MoveKind::Castle => false,
        _ => mv.promotion().is_some() || board.at(mv.to()) != EMPTY,
    }
}

/// Appends the legal captures and promotions ([`is_noisy`]) of the side to
/// move to `out`, in the order [`legal_moves`] lists them, and returns
/// whether the side also has a legal quiet move.
pub fn noisy_moves(board: &Board, rules: Rules, out: &mut Vec<Move>) -> bool {
    let us = board.side();
    let king = board.king(us);
    let checked = king != NONE && attacked(board, king, us.other(), NONE);
    let mut promotions = None;
    if !checked && forced_promotions(board, us, &mut promotions, out) {
        return false;
    }
    let start = out.len();
    let mut generator = Generator::<true> {
        board,
        us,
        promotions,
        out,
    };
    for from in board.men(us).iter() {
        generator.piece_moves(from, rules, checked);
    }
    generator.special_captures();
    let promotions = generator.promotions;
    let legality = Legality::new(board, checked, Pins::OnDemand);
    legality.retain(board, start, out);
    legality.quiet_move_exists(board, rules, promotions, out)
}

/// When an awaiting pawn can promote (not in check), in-place promotions are
/// the only legal moves. Returns whether that is the case.
fn forced_promotions(
    board: &Board,
    us: Color,
    promotions: &mut Option<Promotions>,
    out: &mut Vec<Move>,
) -> bool {
    let start = out.len();
    let pawn = cell(us, Kind::Pawn);
    for &h in &PROMOTION_ZONE[us.index()] {
        if board.at(h) == pawn {
            let available = *promotions.get_or_insert_with(|| Promotions::of(board, us));
            for kind in available.on(h) {
                out.push(Move::new(h, h, MoveKind::PromoteInPlace, Some(kind)));
            }
        }
    }
    out.len() > start
}

/// Each side's 15 promotion hexes.
static PROMOTION_ZONE: [[Hex; 15]; 2] = {
    let mut zone = [[0; 15]; 2];
    let mut color = 0;
    while color < 2 {
        let mut n = 0;
        let mut h = 0;
        while h < super::geometry::HEXES {
            if super::geometry::TABLES.step[color][h] == NONE {
                zone[color][n] = h as Hex;
                n += 1;
            }
            h += 1;
        }
        color += 1;
    }
    zone
};

/// What legality tests need to know about a position, computed once.
struct Legality {
    checked: bool,
    king: Hex,
    /// The pinned men, when listed up front; `None` tests each man asked
    /// about instead (cheaper when few moves are tested).
    pinned: Option<Hexes>,
    their_king: Hex,
    their_leap_possible: bool,
}

/// Whether [`Legality`] lists the pinned men up front.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pins {
    /// All at once: for testing a whole move list.
    Listed,
    /// One man at a time: for testing a few moves.
    OnDemand,
}

impl Legality {
    fn new(board: &Board, checked: bool, pins: Pins) -> Legality {
        let us = board.side();
        let them = us.other();
        let king = board.king(us);
        let their_king = board.king(them);
        Legality {
            checked,
            king,
            pinned: if checked || king == NONE {
                Some(Hexes::default())
            } else if pins == Pins::Listed {
                Some(pinned(board, us, king))
            } else {
                None
            },
            their_king,
            their_leap_possible: their_king != NONE && board.rights(them) & rights::KING != 0,
        }
    }

    /// Whether a pseudo-legal move leaves the mover's King safe.
    fn allows(&self, board: &Board, mv: Move) -> bool {
        if self.king == NONE {
            return true;
        }
        if self.checked {
            return leaves_king_safe(board, mv);
        }
        let from = mv.from();
        if from == self.king {
            if mv.kind() == MoveKind::Castle {
                return castle_keeps_king_safe(board, mv);
            }
            let to = mv.to();
            let leap_threat = self.their_leap_possible
                && KNIGHT_DIRS.clone().any(|d| step(d, to) == self.their_king);
            !attacked_by(board, to, board.side().other(), self.king, false)
                && (!leap_threat || leaves_king_safe(board, mv))
        } else if mv.kind() == MoveKind::EnPassant || self.is_pinned(board, from) {
            leaves_king_safe(board, mv)
        } else {
            true
        }
    }

    /// Whether our man on `from` shields our King (not in check).
    fn is_pinned(&self, board: &Board, from: Hex) -> bool {
        match self.pinned {
            Some(pinned) => pinned.contains(from),
            None => is_pinned(board, board.side(), self.king, from),
        }
    }

    /// Keeps only the legal moves of `out[start..]`.
    fn retain(&self, board: &Board, start: usize, out: &mut Vec<Move>) {
        let mut keep = start;
        for i in start..out.len() {
            if self.allows(board, out[i]) {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether the side to move has a legal move that neither captures nor
    /// promotes, stopping at the first found (men are tried one at a time,
    /// their moves listed past the end of `scratch` and removed again).
    fn quiet_move_exists(
        &self,
        board: &Board,
        rules: Rules,
        promotions: Option<Promotions>,
        scratch: &mut Vec<Move>,
    ) -> bool {
        let end = scratch.len();
        let us = board.side();
        let mut generator = Generator::<false> {
            board,
            us,
            promotions,
            out: scratch,
        };
        let mut found = false;
        for from in board.men(us).iter() {
            generator.piece_moves(from, rules, self.checked);
            found = generator.out[end..]
                .iter()
                .any(|&mv| !is_noisy(board, mv) && self.allows(board, mv));
            generator.out.truncate(end);
            if found {
                break;
            }
        }
        if !found
            && !self.checked
            && self.king != NONE
            && board.rights(us) & rights::KING != 0
            && rules.castling
            && self.king == king_home(us)
        {
            generator.castlings(rules);
            found = generator.out[end..]
                .iter()
                .any(|&mv| self.allows(board, mv));
            generator.out.truncate(end);
        }
        found
    }
}

/// Keeps only the legal moves of `out[start..]`.
fn filter_legal(board: &Board, checked: bool, start: usize, out: &mut Vec<Move>) {
    Legality::new(board, checked, Pins::Listed).retain(board, start, out);
}

/// Whether the side to move has a legal move, stopping at the first found
/// (men are tried one at a time). `scratch` is a reusable buffer.
pub fn any_legal_move(board: &Board, rules: Rules, scratch: &mut Vec<Move>) -> bool {
    let us = board.side();
    let king = board.king(us);
    let checked = king != NONE && attacked(board, king, us.other(), NONE);
    let mut promotions = None;
    scratch.clear();
    if !checked && forced_promotions(board, us, &mut promotions, scratch) {
        return true;
    }
    let legality = Legality::new(board, checked, Pins::OnDemand);
    let mut generator = Generator::<false> {
        board,
        us,
        promotions,
        out: scratch,
    };
    for from in board.men(us).iter() {
        generator.out.clear();
        generator.piece_moves(from, rules, checked);
        if generator.out.iter().any(|&mv| legality.allows(board, mv)) {
            return true;
        }
    }
    generator.out.clear();
    generator.special_captures();
    if !checked
        && king != NONE
        && board.rights(us) & rights::KING != 0
        && rules.castling
        && king == king_home(us)
    {
        generator.castlings(rules);
    }
    generator.out.iter().any(|&mv| legality.allows(board, mv))
}

/// Our men that shield our King from an enemy slider or a lame Elephant
/// step.
fn pinned(board: &Board, us: Color, king: Hex) -> Hexes {
    let mut pinned = Hexes::default();
    for (dirs, sliders) in [(ORTHO_DIRS, ORTHO_SLIDERS), (DIAG_DIRS, DIAG_SLIDERS)] {
        for d in dirs {
            let mut at = step(d, king);
            let mut shield = NONE;
            while at != NONE {
                let c = board.at(at);
                if c != EMPTY {
                    if color_of(c) == us {
                        if shield != NONE {
                            break;
                        }
                        shield = at;
                    } else {
                        if shield != NONE && is_in(c, sliders) {
                            pinned.insert(shield);
                        }
                        break;
                    }
                }
                at = step(d, at);
            }
        }
    }
    let them = us.other();
    let back = opposite(forward(them));
    let shield = step(back, king);
    if shield != NONE && board.at(shield) != EMPTY && color_of(board.at(shield)) == us {
        let elephant = step(back, shield);
        if elephant != NONE && board.at(elephant) == cell(them, Kind::Elephant) {
            pinned.insert(shield);
        }
    }
    pinned
}

/// Whether our man on `from` is pinned as [`pinned`] finds: the first man
/// on a line from our King with an enemy slider of that line behind it, or
/// the man a lame Elephant step would cross to reach our King.
fn is_pinned(board: &Board, us: Color, king: Hex, from: Hex) -> bool {
    let them = us.other();
    let back = opposite(forward(them));
    let shield = step(back, king);
    if shield == from {
        let elephant = step(back, shield);
        if elephant != NONE && board.at(elephant) == cell(them, Kind::Elephant) {
            return true;
        }
    }
    let d = super::geometry::TABLES.direction_to[king as usize][from as usize] as usize;
    let sliders = if ORTHO_DIRS.contains(&d) {
        ORTHO_SLIDERS
    } else if DIAG_DIRS.contains(&d) {
        DIAG_SLIDERS
    } else {
        return false;
    };
    let mut at = step(d, king);
    while at != from {
        if board.at(at) != EMPTY {
            return false;
        }
        at = step(d, at);
    }
    at = step(d, from);
    while at != NONE {
        let c = board.at(at);
        if c != EMPTY {
            return color_of(c) == them && is_in(c, sliders);
        }
        at = step(d, at);
    }
    false
}

/// Pseudo-legal move generation for the side to move; with `NOISY` it
/// pushes only the captures and promotions ([`is_noisy`]), in the order the
/// full generation would list them.
struct Generator<'a, const NOISY: bool> {
    board: &'a Board,
    us: Color,
    /// Computed when a pawn first reaches a promotion hex.
    promotions: Option<Promotions>,
    out: &'a mut Vec<Move>,
}

impl<const NOISY: bool> Generator<'_, NOISY> {
    /// Whether a man may move to `to`: an enemy man, or (unless `NOISY`) an
    /// empty hex.
    #[inline]
    fn is_target(&self, to: Hex) -> bool {
        let c = self.board.at(to);
        if c == EMPTY {
            !NOISY
        } else {
            color_of(c) != self.us
        }
    }

    fn piece_moves(&mut self, from: Hex, rules: Rules, checked: bool) {
        match kind_of(self.board.at(from)) {
            Kind::King => self.king(from, rules, checked),
            Kind::Queen => {
                self.slides(from, ORTHO_DIRS);
                self.slides(from, DIAG_DIRS);
            }
            Kind::Wyvern => {
                self.slides(from, ORTHO_DIRS);
                self.jumps(from);
            }
            Kind::Rook => self.slides(from, ORTHO_DIRS),
            Kind::Pegasus => {
                self.slides(from, DIAG_DIRS);
                self.jumps(from);
            }
            Kind::Knight => {
                self.jumps(from);
                self.rides(from);
            }
            Kind::Bishop => self.slides(from, DIAG_DIRS),
            Kind::Elephant => self.elephant(from),
            Kind::Pawn => self.pawn(from, rules),
        }
    }

    fn slides(&mut self, from: Hex, dirs: std::ops::Range<usize>) {
        for d in dirs {
            let mut to = step(d, from);
            while to != NONE {
                let c = self.board.at(to);
                if c == EMPTY {
                    if !NOISY {
                        self.out.push(Move::new(from, to, MoveKind::Plain, None));
                    }
                } else {
                    if color_of(c) != self.us {
                        self.out.push(Move::new(from, to, MoveKind::Plain, None));
                    }
                    break;
                }
                to = step(d, to);
            }
        }
    }

    fn jumps(&mut self, from: Hex) {
        for d in KNIGHT_DIRS {
            let to = step(d, from);
            if to != NONE && self.is_target(to) {
                self.out.push(Move::new(from, to, MoveKind::Plain, None));
            }
        }
    }

    /// The Knight's rides, which never capture.
    fn rides(&mut self, from: Hex) {
        if NOISY {
            return;
        }
        for d in KNIGHT_DIRS {
            let mid = step(d, from);
            if mid != NONE && self.board.at(mid) == EMPTY {
                let to = step(d, mid);
                if to != NONE && self.board.at(to) == EMPTY {
                    self.out.push(Move::new(from, to, MoveKind::Plain, None));
                }
            }
        }
    }

    fn king(&mut self, from: Hex, rules: Rules, checked: bool) {
        for d in ORTHO_DIRS.chain(DIAG_DIRS) {
            let to = step(d, from);
            if to != NONE && self.is_target(to) {
                self.out.push(Move::new(from, to, MoveKind::Plain, None));
            }
        }
        if checked || self.board.rights(self.us) & rights::KING == 0 {
            return;
        }
        for d in KNIGHT_DIRS {
            let to = step(d, from);
            if to != NONE {
                let c = self.board.at(to);
                if (c == EMPTY && !NOISY)
                    || (c != EMPTY && rules.castling && color_of(c) != self.us)
                {
                    self.out.push(Move::new(from, to, MoveKind::Plain, None));
                }
            }
        }
    }

    fn elephant(&mut self, from: Hex) {
        let fwd = forward(self.us);
        let one = step(fwd, from);
        if one != NONE {
            if self.is_target(one) {
                self.out.push(Move::new(from, one, MoveKind::Plain, None));
            }
            if self.board.at(one) == EMPTY {
                let two = step(fwd, one);
                if two != NONE && self.is_target(two) {
                    self.out.push(Move::new(from, two, MoveKind::Plain, None));
                }
            }
        }
        for d in ELEPHANT_DIAGS {
            let to = step(d, from);
            if to != NONE && self.is_target(to) {
                self.out.push(Move::new(from, to, MoveKind::Plain, None));
            }
        }
    }

    /// Pushes a pawn move, once per promotion choice when it reaches a
    /// promotion hex with pieces available (else it arrives awaiting).
    /// `NOISY` skips a move that neither captures nor promotes.
    fn pawn_move(&mut self, from: Hex, to: Hex, kind: MoveKind, captures: bool) {
        if is_promotion_hex(self.us, to) {
            let start = self.out.len();
            let (board, us) = (self.board, self.us);
            let available = *self
                .promotions
                .get_or_insert_with(|| Promotions::of(board, us));
            for promo in available.on(to) {
                self.out.push(Move::new(from, to, kind, Some(promo)));
            }
            if self.out.len() > start {
                return;
            }
        }
        if captures || !NOISY {
            self.out.push(Move::new(from, to, kind, None));
        }
    }

    /// A pawn's moves. The current rules allow the double step from any
    /// hex and the triple step from the triple-step hexes; the classic ones
    /// both from the starting pawn hexes only.
    fn pawn(&mut self, from: Hex, rules: Rules) {
        let us = self.us;
        let fwd = forward(us);
        let (double, triple) = if rules.classic {
            let start = is_pawn_start_hex(us, from);
            (start, start)
        } else {
            (true, is_triple_step_hex(us, from))
        };
        let one = step(fwd, from);
        if one != NONE && self.board.at(one) == EMPTY {
            self.pawn_move(from, one, MoveKind::Plain, false);
            let two = step(fwd, one);
            if double && two != NONE && self.board.at(two) == EMPTY {
                self.pawn_move(from, two, MoveKind::DoubleStep, false);
                if triple {
                    let three = step(fwd, two);
                    if three != NONE && self.board.at(three) == EMPTY {
                        self.pawn_move(from, three, MoveKind::TripleStep, false);
                    }
                }
            }
        }
        for &d in oblique_dirs(us) {
            let to = step(d, from);
            if to != NONE && self.board.at(to) == EMPTY {
                self.pawn_move(from, to, MoveKind::Plain, false);
            }
        }
        for &d in capture_dirs(us) {
            let to = step(d, from);
            if to != NONE {
                let c = self.board.at(to);
                if c != EMPTY && color_of(c) != us {
                    self.pawn_move(from, to, MoveKind::Plain, true);
                }
            }
        }
    }

    fn special_captures(&mut self) {
        let board = self.board;
        match board.special() {
            Special::None => {}
            Special::EnPassant { passed, count, .. } => {
                for &target in &passed[..count as usize] {
                    for from in board.en_passant_capturers(target) {
                        self.pawn_move(from, target, MoveKind::EnPassant, true);
                    }
                }
            }
            Special::Scornful { scorned, scornful } => {
                let c = board.at(scornful);
                if board.at(scorned) == cell(self.us, Kind::Pawn)
                    && c != EMPTY
                    && color_of(c) != self.us
                {
                    self.pawn_move(scorned, scornful, MoveKind::Plain, true);
                }
            }
        }
    }

    /// The castlings whose King destination is not attacked (the attack
    /// test is made once per destination: the 24 castlings share five).
    /// Under the classic rules an attacked destination is allowed when the
    /// King is not attacked there once castled (a rook shields it).
    fn castlings(&mut self, rules: Rules) {
        let board = self.board;
        let us = self.us;
        let them = us.other();
        let have = board.rights(us);
        let mut attacks: ArrayVec<(Hex, bool), 5> = ArrayVec::new();
        for (index, castling) in CASTLINGS[us.index()].iter().enumerate() {
            if castling.needs & have != castling.needs || board.at(castling.king_to) != EMPTY {
                continue;
            }
            let rooks = &castling.rooks[..castling.count];
            let paths_clear = rooks.iter().all(|&(from, to)| {
                board.at(from) == cell(us, Kind::Rook) && rook_path_clear(board, from, to)
            });
            if !paths_clear {
                continue;
            }
            let to = castling.king_to;
            let known = attacks.iter().find(|&&(hex, _)| hex == to).map(|&(_, a)| a);
            let attacked = known.unwrap_or_else(|| {
                let attacked = attacked(board, to, them, NONE);
                attacks.push((to, attacked));
                attacked
            });
            let mv = Move::castle(us, index);
            if !attacked || (rules.classic && shielded_once_castled(board, mv)) {
                self.out.push(mv);
            }
        }
    }
}

/// Whether the King stands unattacked once the castling `mv` is made.
fn shielded_once_castled(board: &Board, mv: Move) -> bool {
    let us = board.side();
    let mut after = board.clone();
    after.make(mv);
    !attacked(&after, after.king(us), us.other(), NONE)
}

/// Whether a castling generated here leaves the King safe. Generation
/// checked that its destination is not attacked before the move; the King's
/// home lies on no line through the destination (a leap is on none), and
/// castling neither captures nor frees the enemy King's leap, so the only
/// new attack can come down the line through a hex a rook vacates.
fn castle_keeps_king_safe(board: &Board, mv: Move) -> bool {
    let us = board.side();
    let castling = &CASTLINGS[us.index()][mv.castle_index()];
    let to = castling.king_to;
    let lines = castling.rooks[..castling.count]
        .iter()
        .map(|&(from, _)| super::geometry::TABLES.direction_to[to as usize][from as usize] as usize)
        .filter(|&d| ORTHO_DIRS.contains(&d) || DIAG_DIRS.contains(&d));
    let mut after = None;
    for d in lines {
        let after = after.get_or_insert_with(|| {
            let mut after = board.clone();
            after.make(mv);
            after
        });
        let them = us.other();
        let attack = if ORTHO_DIRS.contains(&d) {
            ortho_attack(after, to, d, them, NONE)
        } else {
            diag_attack(after, to, d, them, NONE)
        };
        if attack {
            return false;
        }
    }
    true
}

/// Whether a rook can slide from `from` to `to` along an orthogonal line
/// through empty hexes, `to` included.
fn rook_path_clear(board: &Board, from: Hex, to: Hex) -> bool {
    let d = super::geometry::TABLES.direction_to[from as usize][to as usize] as usize;
    if !ORTHO_DIRS.contains(&d) {
        return false;
    }
    let mut at = step(d, from);
    loop {
        if board.at(at) != EMPTY {
            return false;
        }
        if at == to {
            return true;
        }
        at = step(d, at);
    }
}

/// How one checking man attacks the King.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// From afar: a hex in between could block it.
    Afar,
    /// Adjoining: an adjacent attacker or a jump; no block possible.
    Adjoining,
}

/// The men giving check to `color`'s King, and how.
#[must_use]
pub fn checkers(board: &Board, color: Color) -> Vec<(Hex, CheckKind)> {
    let king = board.king(color);
    if king == NONE {
        return Vec::new();
    }
    let by = color.other();
    let leap = leap_active(board, by);
    board
        .men(by)
        .iter()
        .filter_map(|h| man_attacks(board, h, king, leap).map(|kind| (h, kind)))
        .collect()
}

/// Whether the man on `from` attacks `target`, and how.
fn man_attacks(board: &Board, from: Hex, target: Hex, leap: bool) -> Option<CheckKind> {
    let man = board.at(from);
    let color = color_of(man);
    let kind = kind_of(man);
    let adjacent = |dirs: std::ops::Range<usize>| dirs.into_iter().any(|d| step(d, from) == target);
    if (is_in(man, JUMPERS) || (kind == Kind::King && leap)) && adjacent(KNIGHT_DIRS) {
        return Some(CheckKind::Adjoining);
    }
    match kind {
        Kind::King => adjacent(0..12).then_some(CheckKind::Adjoining),
        Kind::Pawn => capture_dirs(color)
            .iter()
            .any(|&d| step(d, from) == target)
            .then_some(CheckKind::Adjoining),
        Kind::Elephant => {
            let fwd = forward(color);
            let one = step(fwd, from);
            if one == target || ELEPHANT_DIAGS.into_iter().any(|d| step(d, from) == target) {
                Some(CheckKind::Adjoining)
            } else {
                (one != NONE && board.at(one) == EMPTY && step(fwd, one) == target)
                    .then_some(CheckKind::Afar)
            }
        }
        _ => {
            let d = super::geometry::TABLES.direction_to[from as usize][target as usize] as usize;
            let slides = (ORTHO_DIRS.contains(&d) && is_in(man, ORTHO_SLIDERS))
                || (DIAG_DIRS.contains(&d) && is_in(man, DIAG_SLIDERS));
            if !slides {
                return None;
            }
            let mut at = step(d, from);
            if at == target {
                return Some(CheckKind::Adjoining);
            }
            while at != target {
                if board.at(at) != EMPTY {
                    return None;
                }
                at = step(d, at);
            }
            Some(CheckKind::Afar)
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::games::cescacs::{bench, geometry::HEXES, pdtl, Options};

    /// The shortcut castling test agrees with playing the castling out, on
    /// the castling position with enemy sliders and Elephants dropped on
    /// random empty hexes (so that vacated rook hexes open lines).
    #[test]
    fn castle_safety_shortcut_matches_playing_it_out() {
        let base = pdtl::parse(bench::CASTLING, &Options::default())
            .expect("the bench position parses")
            .board()
            .clone();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut castlings, mut unsafe_ones) = (0, 0);
        let droppable = [
            Kind::Queen,
            Kind::Rook,
            Kind::Bishop,
            Kind::Elephant,
            Kind::Wyvern,
        ];
        for _ in 0..3000 {
            let mut board = base.clone();
            for _ in 0..rng.gen_range(1..4) {
                let h = rng.gen_range(0..HEXES) as Hex;
                if board.at(h) == EMPTY {
                    let kind = droppable[rng.gen_range(0..droppable.len())];
                    board.put(h, cell(Color::Black, kind));
                }
            }
            if in_check(&board, Color::White) || in_check(&board, Color::Black) {
                continue;
            }
            let mut out = Vec::new();
            let mut generator = Generator::<false> {
                board: &board,
                us: Color::White,
                promotions: None,
                out: &mut out,
            };
            // The classic rules add castlings onto attacked hexes that are
            // safe once made: the shortcut must agree on those too.
            for classic in [false, true] {
                generator.castlings(Rules {
                    castling: true,
                    classic,
                });
            }
            for &mv in &out {
                let safe = leaves_king_safe(&board, mv);
                assert_eq!(castle_keeps_king_safe(&board, mv), safe, "{mv:?}");
                castlings += 1;
                unsafe_ones += usize::from(!safe);
            }
        }
        assert!(
            castlings > 10_000 && unsafe_ones > 20,
            "{castlings} {unsafe_ones}"
        );
    }

    /// The one-man pin test agrees with the listed pins, over random games
    /// (with positions in check skipped, as legality skips pins there).
    #[test]
    fn one_man_pin_test_matches_the_pin_list() {
        let rules = Rules {
            castling: true,
            classic: false,
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut pins = 0;
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mut board = pdtl::parse(crate::games::cescacs::START, &Options::default())
                .expect("the start parses")
                .board()
                .clone();
            for _ in 0..300 {
                let us = board.side();
                let king = board.king(us);
                if king != NONE && !in_check(&board, us) {
                    let listed = pinned(&board, us, king);
                    for from in board.men(us).iter() {
                        assert_eq!(is_pinned(&board, us, king, from), listed.contains(from));
                    }
                    pins += listed.len();
                }
                moves.clear();
                legal_moves(&board, rules, &mut moves);
                if moves.is_empty() {
                    break;
                }
                board.make(moves[rng.gen_range(0..moves.len())]);
            }
        }
        assert!(pins > 100, "{pins}");
    }
}
