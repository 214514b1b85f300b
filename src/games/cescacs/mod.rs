//! C'escacs, Cesc Sasal's hexagonal chess on 169 hexes, under the current
//! rules as `docs/rules/cescacs.md` describes them.
//!
//! `geometry` is the board, `piece` the men, `board` a position and how moves
//! change it, `movegen` attacks and legal moves, `rules` how a game ends,
//! `pdtl` and `notation` the author's position and move text, `perft` the
//! fast move-path counter, `eval` the static evaluation for alpha-beta,
//! `network` the learned one's features and built-in weights.

pub mod bench;
mod board;
mod display;
pub mod eval;
pub mod geometry;
mod movegen;
mod moves;
pub mod network;
mod notation;
mod pdtl;
mod perft;
mod piece;
mod rules;
mod zobrist;

use arrayvec::ArrayVec;

use crate::game::{parse_flag, Game, GameOptions, OptionError, Returns, Turn};

pub use board::{Board, Special};
pub use moves::{Move, MoveKind};
pub use notation::{format_record, parse_record, ParseError};
pub use piece::{Color, Kind};
pub use rules::Outcome;

/// How a stalemate is scored for the side that delivers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateScore {
    /// 3/4 to the stalemater, 1/4 to the stalemated (the seed's rule).
    ThreeQuarters,
    /// 2/3 – 1/3 (the current rules' 2–1 out of 3 points).
    TwoThirds,
}

/// Which rules C'escacs is played by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RuleSet {
    /// The author's current rules (the default): the double step from any
    /// hex, the triple step from eight hexes, and no castling onto an
    /// attacked hex.
    #[default]
    Current,
    /// The rulebook this project was given (`rules=classic`): pawns step
    /// two or three hexes from a starting hex of their side only (first
    /// move or regained), and a King may castle onto an attacked hex when
    /// the rook shields it once castled.
    Classic,
}

/// The rules options of C'escacs.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// `stalemate=three-quarters|two-thirds`.
    pub stalemate: StalemateScore,
    /// `castling=on|off`: without castling the King's leap stays but may not
    /// capture.
    pub castling: bool,
    /// `free_setup=on`: positions with more men of a kind than an army has
    /// are accepted as given (a side still needs its one king, and the side
    /// not to move may not be in check).
    pub free_setup: bool,
    /// `rules=current|classic`.
    pub rules: RuleSet,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            stalemate: StalemateScore::ThreeQuarters,
            castling: true,
            free_setup: false,
            rules: RuleSet::Current,
        }
    }
}

impl GameOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = |expected: &str| OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        match key {
            "stalemate" => {
                self.stalemate = match value {
                    "three-quarters" => StalemateScore::ThreeQuarters,
                    "two-thirds" => StalemateScore::TwoThirds,
                    _ => return Err(bad("three-quarters or two-thirds")),
                }
            }
            "castling" => self.castling = parse_flag(key, value)?,
            "free_setup" => self.free_setup = parse_flag(key, value)?,
            "rules" => {
                self.rules = match value {
                    "current" => RuleSet::Current,
                    "classic" => RuleSet::Classic,
                    _ => return Err(bad("current or classic")),
                }
            }
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: "stalemate, castling, free_setup, rules".to_string(),
                })
            }
        }
        Ok(())
    }
}

/// The initial array, in PDTL.
pub const START: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

/// Hashes kept for repetition: one per reversible half-move since the last
/// irreversible one, which the 50-move rule bounds by 100.
const HISTORY: usize = 128;

/// A game of C'escacs: the position plus the clocks and the history the draw
/// rules need.
#[derive(Clone, Debug)]
pub struct Cescacs {
    board: Board,
    halfmove: u16,
    fullmove: u16,
    history: ArrayVec<u64, HISTORY>,
    options: Options,
}

impl Cescacs {
    /// The position on the board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Half-moves since the last capture, pawn move or promotion.
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The number of the current move (starts at 1, grows after Black moves).
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    fn movegen_rules(&self) -> movegen::Rules {
        movegen::Rules {
            castling: self.options.castling,
            classic: self.options.rules == RuleSet::Classic,
        }
    }

    /// The legal moves here, ignoring whether the game has ended by a draw
    /// rule.
    pub fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        movegen::legal_moves(&self.board, self.movegen_rules(), out);
    }

    /// Fills `out` with the legal captures and promotions here, in the order
    /// [`moves`](Self::moves) lists them, and returns whether a legal quiet
    /// move exists besides; both empty when a draw rule has ended the game,
    /// as with [`Game::legal_actions`].
    pub fn noisy_moves(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        if rules::drawn_by_rule(self).is_some() {
            return false;
        }
        movegen::noisy_moves(&self.board, self.movegen_rules(), out)
    }

    /// Whether the side to move has a legal move (cheaper than listing them).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<Move>> = std::cell::RefCell::new(Vec::with_capacity(256));
        }
        SCRATCH.with(|scratch| {
            movegen::any_legal_move(&self.board, self.movegen_rules(), &mut scratch.borrow_mut())
        })
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        movegen::in_check(&self.board, self.board.side())
    }

    /// How the game has ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }

    /// Whether the current position occurred twice before.
    fn threefold(&self) -> bool {
        let hash = self.board.hash();
        self.history.iter().filter(|&&h| h == hash).count() >= 2
    }

    pub(crate) fn from_parts(
        board: Board,
        halfmove: u16,
        fullmove: u16,
        options: Options,
    ) -> Cescacs {
        Cescacs {
            board,
            halfmove,
            fullmove,
            history: ArrayVec::new(),
            options,
        }
    }
}

crate::perfect_information!(Cescacs);

impl Game for Cescacs {
    type Action = Move;
    type Options = Options;
    const NAME: &'static str = "cescacs";

    fn new(options: &Options) -> Cescacs {
        pdtl::parse(START, options).expect("the initial array parses")
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.outcome().is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.board.side().index())
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        self.moves(out);
        if rules::drawn_by_rule(self).is_some() {
            out.clear();
        }
    }

    fn apply(&mut self, mv: Move) {
        let from = mv.from();
        let irreversible = mv.kind() != MoveKind::Castle
            && (self.board.at(mv.to()) != piece::EMPTY
                || piece::kind_of(self.board.at(from)) == Kind::Pawn);
        if irreversible {
            self.history.clear();
            self.halfmove = 0;
        } else {
            if self.history.is_full() {
                self.history.remove(0);
            }
            self.history.push(self.board.hash());
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if self.board.side() == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.board.make(mv);
    }

    fn returns(&self) -> Option<Returns> {
        let outcome = self.outcome()?;
        let white = rules::white_score(outcome, self.options.stalemate);
        Some([white, 1.0 - white].into_iter().collect())
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft::perft(&self.board, self.movegen_rules(), depth)
    }
}
