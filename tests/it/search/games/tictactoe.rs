//! Tic-tac-toe: a draw with perfect play.

use tauler::game::{Game, GameOptions, Notation, OptionError, Returns, Seat, Turn};

use super::{zobrist, BadText};

/// Tic-tac-toe has no options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError::UnknownKey {
            key: key.to_string(),
            known: String::new(),
        })
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A board: cells 0..9 row by row, 0 empty, 1 for X (seat 0), 2 for O.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    cells: [u8; 9],
    to_move: Seat,
    hash: u64,
    options: NoOptions,
}

impl TicTacToe {
    fn winner(&self) -> Option<Seat> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]];
            (first != 0 && line.iter().all(|&cell| self.cells[cell] == first))
                .then(|| usize::from(first - 1))
        })
    }
}

tauler::perfect_information!(TicTacToe);

impl Game for TicTacToe {
    type Action = u8;
    type Options = NoOptions;
    const NAME: &'static str = "tictactoe";

    fn new(options: &NoOptions) -> Self {
        let mut state = Self {
            cells: [0; 9],
            to_move: 0,
            hash: 0,
            options: options.clone(),
        };
        state.hash = state.hash_from_scratch();
        state
    }

    fn options(&self) -> &NoOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() || self.cells.iter().all(|&cell| cell != 0) {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if matches!(self.turn(), Turn::Player(_)) {
            out.extend((0..9u8).filter(|&cell| self.cells[usize::from(cell)] == 0));
        }
    }

    fn apply(&mut self, action: u8) {
        let piece = self.to_move as u8 + 1;
        self.cells[usize::from(action)] = piece;
        self.hash ^= zobrist(u64::from(action) * 2 + u64::from(piece)) ^ zobrist(100);
        self.to_move ^= 1;
    }

    fn returns(&self) -> Option<Returns> {
        if self.turn() != Turn::Terminal {
            return None;
        }
        Some(match self.winner() {
            Some(0) => [1.0, 0.0].into_iter().collect(),
            Some(_) => [0.0, 1.0].into_iter().collect(),
            None => [0.5, 0.5].into_iter().collect(),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == 1 { zobrist(100) } else { 0 };
        for (cell, &piece) in self.cells.iter().enumerate() {
            if piece != 0 {
                hash ^= zobrist(cell as u64 * 2 + u64::from(piece));
            }
        }
        hash
    }
}

impl Notation for TicTacToe {
    type ParseError = BadText;

    fn parse_action(&self, text: &str) -> Result<u8, BadText> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        text.parse::<u8>()
            .ok()
            .filter(|cell| legal.contains(cell))
            .ok_or_else(|| BadText(text.to_string()))
    }

    fn format_action(&self, action: u8) -> String {
        action.to_string()
    }

    /// Nine cells of `x`, `o` or `.`, then a space and the side to move.
    fn parse_position(text: &str, options: &NoOptions) -> Result<Self, BadText> {
        let bad = || BadText(text.to_string());
        let (board, side) = text.split_once(' ').ok_or_else(bad)?;
        let mut state = Self::new(options);
        if board.chars().count() != 9 {
            return Err(bad());
        }
        for (cell, symbol) in board.chars().enumerate() {
            state.cells[cell] = match symbol {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                _ => return Err(bad()),
            };
        }
        state.to_move = match side {
            "x" => 0,
            "o" => 1,
            _ => return Err(bad()),
        };
        state.hash = state.hash_from_scratch();
        Ok(state)
    }

    fn format_position(&self) -> String {
        let board: String = self
            .cells
            .iter()
            .map(|&piece| ['.', 'x', 'o'][usize::from(piece)])
            .collect();
        format!("{board} {}", if self.to_move == 0 { "x" } else { "o" })
    }
}
