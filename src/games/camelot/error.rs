//! Everything that can be wrong with Camelot text: positions, moves and
//! game records.

use thiserror::Error;

/// Why a Camelot position, move or game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing to read.
    #[error("empty input")]
    Empty,
    /// The position string lacks a field.
    #[error("position is missing its {0}")]
    MissingField(&'static str),
    /// The position string has text after its three fields.
    #[error("unexpected text `{0}` after the position")]
    TrailingText(String),
    /// The board field does not have 16 ranks.
    #[error("the board has {0} ranks separated by `/`, expected 16")]
    RankCount(usize),
    /// A rank describes the wrong number of squares.
    #[error("rank {rank} describes {found} squares, expected {expected}")]
    RankLength {
        /// The rank number (1..16).
        rank: usize,
        /// Squares described.
        found: usize,
        /// Squares that rank has.
        expected: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error("unexpected character `{found}` in rank {rank} (expected M, K, m, k or a digit)")]
    BadPiece {
        /// The rank number (1..16).
        rank: usize,
        /// The character found.
        found: char,
    },
    /// A side has more pieces than the game starts with.
    #[error("{color} has {count} pieces, more than the 14 a side starts with")]
    TooManyPieces {
        /// `White` or `Black`.
        color: &'static str,
        /// Pieces found.
        count: usize,
    },
    /// More knights or men than a side starts with (none is ever added),
    /// unless the option `free_setup` is on.
    #[error("impossible position: {color} has {count} {kind}, more than the {limit} a side starts with (the option free_setup accepts it)")]
    TooManyOfKind {
        /// `White` or `Black`.
        color: &'static str,
        /// `knights` or `men`.
        kind: &'static str,
        /// How many were found.
        count: usize,
        /// How many a side starts with.
        limit: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be `w` or `b`, found `{0}`")]
    BadSide(String),
    /// The castle-move counters are not `W,B` with each 0, 1 or 2.
    #[error("castle moves used must be `W,B` with each 0, 1 or 2, found `{0}`")]
    BadCastleMoves(String),
    /// A square name that is not one of the 160.
    #[error("`{0}` is not a square of the board")]
    BadSquare(String),
    /// A move text that is not squares joined by separators.
    #[error("move `{0}` is not squares joined by `-` or `x`")]
    Malformed(String),
    /// A move text without at least a start and an end square.
    #[error("move `{0}` needs at least two squares")]
    ShortMove(String),
    /// No legal move has this start, end and captures.
    #[error("no legal move matches `{0}`")]
    IllegalMove(String),
    /// Several legal moves match an abbreviated path.
    #[error("move `{text}` is ambiguous: it could be {candidates}")]
    AmbiguousMove {
        /// The move as written.
        text: String,
        /// The matching moves, in canonical notation.
        candidates: String,
    },
    /// A move was given after the game ended.
    #[error("the game is already over")]
    GameOver,
    /// A move number in a game record is out of sequence or malformed.
    #[error("bad move number `{0}` in the game record")]
    BadMoveNumber(String),
    /// One ply of a game record failed.
    #[error("ply {ply} `{text}`: {reason}")]
    RecordPly {
        /// The ply number, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// What was wrong with it.
        reason: Box<ParseError>,
    },
}
