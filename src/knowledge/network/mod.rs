//! A learned evaluation (issue 43): an "efficiently updatable" network over
//! sparse piece × cell features, its quantised weights ([`format`]), the
//! accumulator the searcher keeps up to date ([`accumulator`]), the integer
//! kernels it runs on ([`simd`]), the trainer ([`train`]) and a game's
//! network built into the program ([`built_in`]).
//!
//! The network reads a position from both sides' perspectives. A man of
//! kind `k` and colour `c` on cell `h` is, from perspective `p`, the
//! feature `((c ≠ p) · kinds + k) · cells + h'`, where `h'` is `h` for the
//! first seat and the game's mirror of `h` for the second, so both halves
//! share one weight matrix. The first layer sums the active features'
//! columns into one accumulator per perspective; the side to move's half
//! and the other's, clipped to [0, 1], feed one linear output. A game
//! plugs in with only its feature mapping ([`FeatureSet`], [`NetworkInput`]).

pub mod accumulator;
pub mod built_in;
pub mod format;
pub mod simd;
pub mod train;

pub use accumulator::{Accumulator, IncrementalEval};
pub use built_in::BuiltIn;
pub use format::{Network, NetworkError, QA, QB};

/// A game's piece × cell feature set: what the network's first layer reads.
#[derive(Clone, Copy, Debug)]
pub struct FeatureSet {
    /// The game the features describe (its `Game::NAME`).
    pub game: &'static str,
    /// The feature set's name, written in a network file's header so that
    /// weights are never read with another mapping.
    pub name: &'static str,
    /// Cells of the board.
    pub cells: usize,
    /// Kinds of man.
    pub kinds: usize,
    /// The cell seen from the second seat's side: the board turned so that
    /// its men stand where the first seat's would. An involution.
    pub mirror: fn(usize) -> usize,
}

impl FeatureSet {
    /// Inputs of one perspective: own and enemy men of each kind on each cell.
    #[must_use]
    pub fn inputs(&self) -> usize {
        2 * self.kinds * self.cells
    }

    /// The feature of the man `code` (see [`NetworkInput::write_cells`]) on
    /// `cell` from `perspective` (0 or 1).
    #[inline]
    #[must_use]
    pub fn feature(&self, perspective: usize, code: u8, cell: usize) -> usize {
        let code = usize::from(code) - 1;
        let (colour, kind) = (code / self.kinds, code % self.kinds);
        let relative = colour ^ perspective;
        let seen = if perspective == 0 {
            cell
        } else {
            (self.mirror)(cell)
        };
        (relative * self.kinds + kind) * self.cells + seen
    }

    /// The active features of `cells` from each perspective (the first
    /// seat's, then the second's), for the trainer.
    #[must_use]
    pub fn active(&self, cells: &[u8]) -> [Vec<u16>; 2] {
        [0, 1].map(|perspective| {
            cells
                .iter()
                .enumerate()
                .filter(|&(_, &code)| code != 0)
                .map(|(cell, &code)| {
                    u16::try_from(self.feature(perspective, code, cell)).unwrap_or(u16::MAX)
                })
                .collect()
        })
    }
}

/// A game state as the network reads it.
pub trait NetworkInput {
    /// The game's feature set.
    fn feature_set() -> &'static FeatureSet;

    /// Writes each cell's man into `out` (one byte a cell, `cells` long):
    /// 0 when empty, else `1 + kind + kinds · colour`, colour 0 being the
    /// first seat's.
    fn write_cells(&self, out: &mut [u8]);

    /// The seat to move, 0 or 1.
    fn side_to_move(&self) -> usize;

    /// The position reflected left to right, when the rules make it the
    /// same game, with the same search score and result (Camelot's always,
    /// C'escacs' and chess's once neither side may castle): the trainer adds
    /// it as a second training sample (`tauler train --reflect`). `None`
    /// (the default) where the reflection is not equivalent.
    #[must_use]
    fn reflected(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}
