//! Camelot (World Camelot Federation rules, as decided in
//! `docs/rules/camelot.md`): 160 squares, Knights and Men, castles.
//!
//! One action is one whole turn ([`Move`]), identified by its start, end and
//! captured squares, so paths to the same outcome are one move. The folder:
//! `board` (geometry and pieces), `moves` (the move type, generation,
//! canonical paths), `rules` (how the game ends), `state` (the game state and
//! its perft), `position` (position strings), `notation` (move text),
//! `record` (numbered game records), `zobrist`, `error`, `network` (the
//! feature set of a learned evaluation).
//!
//! Where the spec leaves room, this follows its §7 pseudo-code literally: a
//! "capture-ready" square (which a knight's non-capturing canter may not
//! land on) is any square with an adjacent enemy and an empty square beyond,
//! an enemy castle square included; the draws by rule are automatic, the
//! repetition draw comparing board, side to move and castle moves used.

pub mod board;
mod display;
pub mod error;
pub mod eval;
pub mod moves;
pub mod network;
pub mod notation;
pub mod position;
pub mod record;
pub mod rules;
pub mod state;
mod zobrist;

use crate::game::{parse_flag, Game, GameOptions, Notation, OptionError, Returns, Seat, Turn};

pub use board::Color;
pub use error::ParseError;
pub use eval::CamelotEval;
pub use moves::Move;
pub use rules::{Draw, Status, Win};
pub use state::Camelot;

/// Camelot's rule options: the spec names no variant; `free_setup` is the
/// one option, shared with the other board games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// `free_setup=on`: positions with more than 4 knights or 10 men a side
    /// are accepted as given (never more than 14 pieces a side).
    pub free_setup: bool,
}

impl GameOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "free_setup" => self.free_setup = parse_flag(key, value)?,
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: "free_setup".to_string(),
                })
            }
        }
        Ok(())
    }
}

crate::perfect_information!(Camelot);

impl Game for Camelot {
    type Action = Move;
    type Options = Options;

    const NAME: &'static str = "camelot";

    fn new(options: &Options) -> Self {
        Camelot::from_parts(board::Board::initial(), Color::White, [0, 0], *options)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.status() {
            Status::Ongoing => Turn::Player(self.side_to_move().index() as Seat),
            _ => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        self.moves(out);
    }

    fn apply(&mut self, action: Move) {
        self.play(action);
    }

    fn returns(&self) -> Option<Returns> {
        let scores = match self.status() {
            Status::Ongoing => return None,
            Status::Won(Color::White, _) => [1.0, 0.0],
            Status::Won(Color::Black, _) => [0.0, 1.0],
            Status::Drawn(_) => [0.5, 0.5],
        };
        Some(scores.into_iter().collect())
    }

    fn hash(&self) -> u64 {
        Camelot::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn perft(&self, depth: u32) -> u64 {
        Camelot::perft(self, depth)
    }
}

impl Notation for Camelot {
    type ParseError = ParseError;

    fn parse_action(&self, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(self, text)
    }

    fn format_action(&self, action: Move) -> String {
        notation::format_move(self, action)
    }

    fn parse_position(text: &str, options: &Options) -> Result<Self, ParseError> {
        let (board, side, castle_moves) = position::parse(text)?;
        if !options.free_setup {
            position::check_army(&board)?;
        }
        Ok(Camelot::from_parts(board, side, castle_moves, *options))
    }

    fn format_position(&self) -> String {
        position::format(self.board(), self.side_to_move(), self.castle_moves_used())
    }
}
