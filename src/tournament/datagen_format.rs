//! The training-data file `tauler datagen` writes (`docs/datagen.md`
//! documents every byte): a 32-byte header, then fixed-size records, one a
//! kept position, all little-endian. This module alone writes and reads it.
//!
//! A record holds the position as the game's own position text (the text
//! `tauler position` prints and opening suites hold), NUL-padded to the
//! width the header states, so a reader rebuilds the state with the game's
//! parser and takes whatever features it wants from it.

use std::io::{self, Read, Write};

use thiserror::Error;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"TAULERDG";
/// The format's version.
pub const VERSION: u16 = 1;
/// Bytes in the header.
pub const HEADER_BYTES: usize = 32;
/// Bytes in a record after its position field.
pub const RECORD_TAIL_BYTES: usize = 12;

/// The games datagen serves, by their id in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataGame {
    /// C'escacs.
    Cescacs = 1,
    /// Camelot.
    Camelot = 2,
    /// Plain chess (card chess with `cards=off`).
    Chess = 3,
}

impl DataGame {
    /// Every game, in id order.
    pub const ALL: [DataGame; 3] = [DataGame::Cescacs, DataGame::Camelot, DataGame::Chess];

    /// Its name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DataGame::Cescacs => "cescacs",
            DataGame::Camelot => "camelot",
            DataGame::Chess => "chess",
        }
    }

    /// The game its engine profiles play (`Game::NAME`): plain chess is
    /// card chess's.
    #[must_use]
    pub fn game_name(self) -> &'static str {
        match self {
            DataGame::Cescacs => "cescacs",
            DataGame::Camelot => "camelot",
            DataGame::Chess => "cardchess",
        }
    }

    /// Its full-strength engine profile: the one datagen plays by default,
    /// whose classic evaluation `tauler train` compares against.
    #[must_use]
    pub fn default_profile(self) -> &'static str {
        match self {
            DataGame::Cescacs => "cescacs-default",
            DataGame::Camelot => "camelot-default",
            DataGame::Chess => "chess",
        }
    }

    /// The rule options its games are played and its positions read
    /// under, beyond the game's defaults (plain chess is card chess with
    /// `cards=off`).
    #[must_use]
    pub fn options(self) -> &'static [&'static str] {
        match self {
            DataGame::Cescacs | DataGame::Camelot => &[],
            DataGame::Chess => &["cards=off"],
        }
    }

    /// The bytes of the position field of the records this build writes in
    /// a new file: the longest position text the game can write, rounded
    /// up. C'escacs': 29 cross-lines whose labels and slashes take 107
    /// bytes, at most 54 men, at most one run of empty cells (one digit)
    /// beside each man and at each line's end, 83, and a state part of at
    /// most 45 (side, castling, a pending en-passant or scornful capture,
    /// the counters): 289. Until 2 December 2026 it was 224, which a
    /// position with scattered men and a long pending capture exceeded, so
    /// files of both widths are read ([`Header::width`]).
    #[must_use]
    pub fn position_width(self) -> u16 {
        match self {
            DataGame::Cescacs => 320,
            DataGame::Camelot => 128,
            DataGame::Chess => 96,
        }
    }

    fn from_id(id: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|game| *game as u8 == id)
    }
}

/// The narrowest and widest position fields a header may state.
pub const WIDTHS: std::ops::RangeInclusive<u16> = 16..=1024;

/// A file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game.
    pub game: DataGame,
    /// The seed every game of the file derives from.
    pub seed: u64,
    /// Nodes searched per move.
    pub nodes: u64,
    /// The bytes of each record's position field: the game's
    /// [`DataGame::position_width`] in a new file, whatever the header
    /// states in a file read (an older build may have written another).
    pub width: u16,
}

impl Header {
    /// The header of a new file of `game`, at this build's width.
    #[must_use]
    pub fn new(game: DataGame, seed: u64, nodes: u64) -> Self {
        Header {
            game,
            seed,
            nodes,
            width: game.position_width(),
        }
    }

    /// Bytes in each record of this file.
    #[must_use]
    pub fn record_bytes(&self) -> usize {
        usize::from(self.width) + RECORD_TAIL_BYTES
    }

    /// The header's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut out = [0; HEADER_BYTES];
        out[0..8].copy_from_slice(&MAGIC);
        out[8..10].copy_from_slice(&VERSION.to_le_bytes());
        out[10] = self.game as u8;
        out[12..14].copy_from_slice(&self.width.to_le_bytes());
        let record = u16::try_from(self.record_bytes()).unwrap_or(u16::MAX);
        out[14..16].copy_from_slice(&record.to_le_bytes());
        out[16..24].copy_from_slice(&self.seed.to_le_bytes());
        out[24..32].copy_from_slice(&self.nodes.to_le_bytes());
        out
    }

    /// Reads a header.
    ///
    /// # Errors
    /// A wrong magic, version or game id, a width outside [`WIDTHS`], or a
    /// record size that is not the width and the tail.
    pub fn from_bytes(bytes: &[u8; HEADER_BYTES]) -> Result<Self, FormatError> {
        if bytes[0..8] != MAGIC {
            return Err(FormatError::Magic);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(FormatError::Version(version));
        }
        let game = DataGame::from_id(bytes[10]).ok_or(FormatError::Game(bytes[10]))?;
        let width = u16::from_le_bytes([bytes[12], bytes[13]]);
        let header = Header {
            game,
            seed: u64::from_le_bytes(bytes[16..24].try_into().unwrap_or_default()),
            nodes: u64::from_le_bytes(bytes[24..32].try_into().unwrap_or_default()),
            width,
        };
        let record = u16::from_le_bytes([bytes[14], bytes[15]]);
        if !WIDTHS.contains(&width) || usize::from(record) != header.record_bytes() {
            return Err(FormatError::RecordSize { width, record });
        }
        Ok(header)
    }
}

/// One kept position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position in the game's own text (ASCII).
    pub position: String,
    /// The search score from the side to move's view (centipawn-like).
    pub score: i16,
    /// The side to move's points at the game's end, in quarters (0 a loss,
    /// 2 a draw, 4 a win; C'escacs' stalemate gives 3 and 1).
    pub result: u8,
    /// The seat to move (0 moves first).
    pub seat: u8,
    /// Plies played in the game before this position (opening included).
    pub ply: u16,
    /// The game's index in the run's schedule.
    pub game: u32,
}

impl Record {
    /// The record's bytes in a file of `header`.
    ///
    /// # Errors
    /// A position text longer than the file's field, or not ASCII.
    pub fn to_bytes(&self, header: &Header) -> Result<Vec<u8>, FormatError> {
        let width = usize::from(header.width);
        let text = self.position.as_bytes();
        if text.len() > width || !self.position.is_ascii() || text.contains(&0) {
            return Err(FormatError::Position {
                width,
                position: self.position.clone(),
            });
        }
        let mut out = vec![0; header.record_bytes()];
        out[..text.len()].copy_from_slice(text);
        let tail = &mut out[width..];
        tail[0..2].copy_from_slice(&self.score.to_le_bytes());
        tail[2] = self.result;
        tail[3] = self.seat;
        tail[4..6].copy_from_slice(&self.ply.to_le_bytes());
        tail[6..10].copy_from_slice(&self.game.to_le_bytes());
        Ok(out)
    }

    /// Reads a record of a file of `header` (`bytes` is one record long).
    ///
    /// # Errors
    /// A position field that is not ASCII text, or a result above 4.
    pub fn from_bytes(header: &Header, bytes: &[u8]) -> Result<Self, FormatError> {
        let width = usize::from(header.width);
        let (field, tail) = bytes.split_at(width);
        let end = field.iter().position(|&b| b == 0).unwrap_or(width);
        let position = std::str::from_utf8(&field[..end])
            .ok()
            .filter(|text| text.is_ascii() && field[end..].iter().all(|&b| b == 0))
            .ok_or(FormatError::Corrupt("the position field is not ASCII text"))?
            .to_string();
        let result = tail[2];
        if result > 4 {
            return Err(FormatError::Corrupt("a result above 4 quarters"));
        }
        Ok(Record {
            position,
            score: i16::from_le_bytes([tail[0], tail[1]]),
            result,
            seat: tail[3],
            ply: u16::from_le_bytes([tail[4], tail[5]]),
            game: u32::from_le_bytes([tail[6], tail[7], tail[8], tail[9]]),
        })
    }
}

/// What is wrong with a data file.
#[derive(Debug, Error)]
pub enum FormatError {
    /// Not a tauler datagen file.
    #[error("not a tauler datagen file (no `TAULERDG` magic)")]
    Magic,
    /// A version this build does not read.
    #[error("datagen format version {0}, this tauler reads version {VERSION}")]
    Version(u16),
    /// An unknown game id.
    #[error("unknown game id {0} in the header")]
    Game(u8),
    /// A position width outside [`WIDTHS`], or a record size that is not
    /// the width and the tail.
    #[error(
        "position width {width} and record size {record} do not fit: widths are {} to {}, records {RECORD_TAIL_BYTES} bytes wider",
        WIDTHS.start(),
        WIDTHS.end()
    )]
    RecordSize {
        /// The header's width.
        width: u16,
        /// The header's record size.
        record: u16,
    },
    /// A position that does not fit its field.
    #[error("position longer than {width} bytes or not ASCII: {position}")]
    Position {
        /// The field's width.
        width: usize,
        /// The text.
        position: String,
    },
    /// A record that cannot be read.
    #[error("corrupt record: {0}")]
    Corrupt(&'static str),
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A whole file: the header and every complete record (a torn last record,
/// left by a run that was killed while writing, is ignored), with the byte
/// length of the complete part.
///
/// # Errors
/// A short or invalid header, a record that does not decode, a read error.
pub fn read_all(mut input: impl Read) -> Result<(Header, Vec<Record>, u64), FormatError> {
    let mut head = [0; HEADER_BYTES];
    input.read_exact(&mut head).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => FormatError::Magic,
        _ => FormatError::Io(e),
    })?;
    let header = Header::from_bytes(&head)?;
    let mut body = Vec::new();
    input.read_to_end(&mut body)?;
    let size = header.record_bytes();
    let records = body
        .chunks_exact(size)
        .map(|bytes| Record::from_bytes(&header, bytes))
        .collect::<Result<Vec<_>, _>>()?;
    let complete = HEADER_BYTES + records.len() * size;
    Ok((header, records, complete as u64))
}

/// Writes `records` (one game's) to `out` as one write, then flushes.
///
/// # Errors
/// A position that does not fit, or a write error.
pub fn append(
    out: &mut impl Write,
    header: &Header,
    records: &[Record],
) -> Result<(), FormatError> {
    let mut bytes = Vec::with_capacity(records.len() * header.record_bytes());
    for record in records {
        bytes.extend(record.to_bytes(header)?);
    }
    out.write_all(&bytes)?;
    out.flush()?;
    Ok(())
}
