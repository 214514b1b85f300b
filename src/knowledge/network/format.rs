//! A quantised network and its file (`docs/train.md` documents every
//! byte): a 64-byte header naming the game, the feature set and the sizes,
//! with a checksum of the weights, then the weights, all little-endian.
//!
//! Scales: the first layer's weights and biases are the float ones times
//! [`QA`] (an accumulator value of `QA` is the float 1.0 where the clipped
//! ReLU saturates); the output weights are times [`QB`]; the output bias
//! times `QA · QB`. The output, divided by `QA · QB`, is the float network's
//! output in sigmoid units; times the header's `scale` it is centipawns.

use std::io::{self, Read, Write};

use thiserror::Error;

use super::simd;
use super::FeatureSet;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"TAULERNN";
/// The format's version.
pub const VERSION: u16 = 1;
/// Bytes in the header.
pub const HEADER_BYTES: usize = 64;
/// The first layer's quantisation: the clipped ReLU's ceiling.
pub const QA: i32 = 255;
/// The output layer's quantisation.
pub const QB: i32 = 64;
/// The widest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 1024;

/// A trained network in integers, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game (its `Game::NAME`).
    pub game: String,
    /// The feature set's name.
    pub features: String,
    /// Inputs of one perspective.
    pub inputs: usize,
    /// The accumulator's width (a multiple of 16).
    pub hidden: usize,
    /// Centipawns per sigmoid unit of output.
    pub scale: i32,
    /// The first layer, feature-major: feature `f`'s column is
    /// `w1[f · hidden ..][.. hidden]`, scaled by [`QA`].
    pub w1: Vec<i16>,
    /// The first layer's biases, scaled by [`QA`].
    pub b1: Vec<i16>,
    /// The output weights: the side to move's half, then the other's,
    /// scaled by [`QB`].
    pub w2: Vec<i16>,
    /// The output bias, scaled by `QA · QB`.
    pub b2: i32,
    /// Whether the network corrects the game's classic evaluation (the
    /// evaluation is the classic one plus the output) rather than
    /// evaluating alone: header flag bit 0.
    pub residual: bool,
}

/// The header's flag bits this build reads (bytes 10–11).
const FLAG_RESIDUAL: u16 = 1;

/// What is wrong with a network or its file.
#[derive(Debug, Error)]
pub enum NetworkError {
    /// Not a tauler network file.
    #[error("not a tauler network file (no `TAULERNN` magic)")]
    Magic,
    /// A version this build does not read.
    #[error("network format version {0}, this tauler reads version {VERSION}")]
    Version(u16),
    /// The weights do not match the header's checksum.
    #[error("network checksum mismatch: the file is damaged")]
    Checksum,
    /// Sizes the file cannot have.
    #[error("network file: {0}")]
    Corrupt(String),
    /// Weights made for another game or feature set.
    #[error("network for {found}, not {expected}")]
    WrongFeatures {
        /// The game and feature set wanted.
        expected: String,
        /// The file's.
        found: String,
    },
    /// The game's network does not read positions under these rule
    /// options (the message says why and what to set).
    #[error("{0}")]
    Rules(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// FNV-1a, 64 bits: the weights' checksum (damage, not tampering).
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Writes `text` into a fixed field, NUL-padded.
fn put_name(field: &mut [u8], text: &str) -> Result<(), NetworkError> {
    if text.len() > field.len() || !text.is_ascii() {
        return Err(NetworkError::Corrupt(format!(
            "name `{text}` longer than {} bytes or not ASCII",
            field.len()
        )));
    }
    field[..text.len()].copy_from_slice(text.as_bytes());
    Ok(())
}

fn get_name(field: &[u8]) -> Result<String, NetworkError> {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    std::str::from_utf8(&field[..end])
        .ok()
        .filter(|text| text.is_ascii())
        .map(str::to_string)
        .ok_or_else(|| NetworkError::Corrupt("a name field is not ASCII".into()))
}

impl Network {
    /// Whether the network reads `set`'s features.
    ///
    /// # Errors
    /// Another game, feature set or input count.
    pub fn check_features(&self, set: &FeatureSet) -> Result<(), NetworkError> {
        if self.game != set.game || self.features != set.name || self.inputs != set.inputs() {
            return Err(NetworkError::WrongFeatures {
                expected: format!(
                    "{} features {} ({} inputs)",
                    set.game,
                    set.name,
                    set.inputs()
                ),
                found: format!(
                    "{} features {} ({} inputs)",
                    self.game, self.features, self.inputs
                ),
            });
        }
        Ok(())
    }

    /// Feature `f`'s column of the first layer.
    #[inline]
    #[must_use]
    pub fn column(&self, f: usize) -> &[i16] {
        &self.w1[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The evaluation in centipawns from the side to move's view, from the
    /// side to move's accumulator half `us` and the other's `them`.
    #[must_use]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let sum = i64::from(simd::dot_clipped(us, w_us))
            + i64::from(simd::dot_clipped(them, w_them))
            + i64::from(self.b2);
        let centipawns = sum * i64::from(self.scale) / i64::from(QA * QB);
        centipawns.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The evaluation from the network's `output` (centipawns, side to
    /// move's view): the output alone, or for a residual network the
    /// output added to the game's `classic` evaluation of the position.
    #[inline]
    #[must_use]
    pub fn evaluation(&self, output: i32, classic: impl FnOnce() -> i32) -> i32 {
        if self.residual {
            output.saturating_add(classic())
        } else {
            output
        }
    }

    fn payload(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * (self.w1.len() + self.b1.len() + self.w2.len()) + 4);
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend(v.to_le_bytes());
        }
        out.extend(self.b2.to_le_bytes());
        out
    }

    /// Writes the network file.
    ///
    /// # Errors
    /// Names that do not fit their fields, or a write error.
    pub fn write(&self, out: &mut impl Write) -> Result<(), NetworkError> {
        let payload = self.payload();
        let mut head = [0u8; HEADER_BYTES];
        head[0..8].copy_from_slice(&MAGIC);
        head[8..10].copy_from_slice(&VERSION.to_le_bytes());
        let flags = if self.residual { FLAG_RESIDUAL } else { 0 };
        head[10..12].copy_from_slice(&flags.to_le_bytes());
        put_name(&mut head[12..28], &self.game)?;
        put_name(&mut head[28..44], &self.features)?;
        let size = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
        head[44..48].copy_from_slice(&size(self.inputs));
        head[48..50].copy_from_slice(&u16::try_from(self.hidden).unwrap_or(0).to_le_bytes());
        head[50..52].copy_from_slice(&(QA as u16).to_le_bytes());
        head[52..54].copy_from_slice(&(QB as u16).to_le_bytes());
        head[54..56].copy_from_slice(&u16::try_from(self.scale).unwrap_or(0).to_le_bytes());
        head[56..64].copy_from_slice(&checksum(&payload).to_le_bytes());
        out.write_all(&head)?;
        out.write_all(&payload)?;
        out.flush()?;
        Ok(())
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// A wrong magic, version, quantisation or size, a checksum mismatch,
    /// a short file.
    pub fn read(mut input: impl Read) -> Result<Self, NetworkError> {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        Self::from_bytes(&bytes)
    }

    /// [`Network::read`] of bytes in memory (a network built into the binary).
    ///
    /// # Errors
    /// As [`Network::read`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetworkError> {
        if bytes.len() < HEADER_BYTES || bytes[0..8] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let (head, payload) = bytes.split_at(HEADER_BYTES);
        let u16_at = |at: usize| u16::from_le_bytes([head[at], head[at + 1]]);
        let version = u16_at(8);
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let corrupt = |message: String| NetworkError::Corrupt(message);
        let flags = u16_at(10);
        if flags & !FLAG_RESIDUAL != 0 {
            return Err(corrupt(format!("unknown header flags {flags:#06x}")));
        }
        if i32::from(u16_at(50)) != QA || i32::from(u16_at(52)) != QB {
            return Err(corrupt(format!(
                "quantisation {}/{}, this tauler uses {QA}/{QB}",
                u16_at(50),
                u16_at(52)
            )));
        }
        let inputs = u32::from_le_bytes([head[44], head[45], head[46], head[47]]) as usize;
        let hidden = usize::from(u16_at(48));
        let scale = i32::from(u16_at(54));
        if hidden == 0
            || !hidden.is_multiple_of(16)
            || hidden > MAX_HIDDEN
            || inputs == 0
            || scale == 0
        {
            return Err(corrupt(format!(
                "hidden {hidden} (a multiple of 16 up to {MAX_HIDDEN}), inputs {inputs}, scale {scale}"
            )));
        }
        let words = inputs
            .checked_mul(hidden)
            .and_then(|w1| w1.checked_add(3 * hidden))
            .ok_or_else(|| corrupt("sizes overflow".into()))?;
        if payload.len() != 2 * words + 4 {
            return Err(corrupt(format!(
                "{} bytes of weights, the header's sizes need {}",
                payload.len(),
                2 * words + 4
            )));
        }
        let sum = u64::from_le_bytes(head[56..64].try_into().unwrap_or_default());
        if checksum(payload) != sum {
            return Err(NetworkError::Checksum);
        }
        let mut values = payload[..2 * words]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<_>>();
        let w1 = take(inputs * hidden);
        let b1 = take(hidden);
        let w2 = take(2 * hidden);
        let tail = &payload[2 * words..];
        Ok(Network {
            game: get_name(&head[12..28])?,
            features: get_name(&head[28..44])?,
            inputs,
            hidden,
            scale,
            w1,
            b1,
            w2,
            b2: i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]),
            residual: flags & FLAG_RESIDUAL != 0,
        })
    }
}
