//! Connect four on a board of any size up to 8 × 8 (options `width`,
//! `height`), with a window-counting evaluator.

use tauler::game::{Game, GameOptions, Notation, OptionError, Returns, Seat, Turn};
use tauler::search::Evaluator;

use super::{zobrist, BadText};

/// Board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Size {
    /// Columns, 4..=8.
    pub width: usize,
    /// Rows, 4..=8.
    pub height: usize,
}

impl Default for Size {
    fn default() -> Self {
        Self {
            width: 7,
            height: 6,
        }
    }
}

impl GameOptions for Size {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = || OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: "4..=8".to_string(),
        };
        let number: usize = value.parse().map_err(|_| bad())?;
        if !(4..=8).contains(&number) {
            return Err(bad());
        }
        match key {
            "width" => self.width = number,
            "height" => self.height = number,
            _ => {
                return Err(OptionError::UnknownKey {
                    key: key.to_string(),
                    known: "width, height".to_string(),
                })
            }
        }
        Ok(())
    }
}

/// A board: `cells[column * 8 + row]`, 0 empty, 1 for seat 0, 2 for seat 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    cells: [u8; 64],
    heights: [u8; 8],
    to_move: Seat,
    winner: Option<Seat>,
    hash: u64,
    size: Size,
}

const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl ConnectFour {
    fn cell(&self, column: isize, row: isize) -> Option<u8> {
        let inside = (0..self.size.width as isize).contains(&column)
            && (0..self.size.height as isize).contains(&row);
        inside.then(|| self.cells[column as usize * 8 + row as usize])
    }

    fn wins_at(&self, column: usize, row: usize) -> bool {
        let piece = self.cells[column * 8 + row];
        DIRECTIONS.iter().any(|&(dc, dr)| {
            let run = |sign: isize| {
                (1..4)
                    .take_while(|&step| {
                        self.cell(
                            column as isize + sign * step * dc,
                            row as isize + sign * step * dr,
                        ) == Some(piece)
                    })
                    .count()
            };
            run(1) + run(-1) >= 3
        })
    }

    fn full(&self) -> bool {
        self.heights[..self.size.width]
            .iter()
            .all(|&height| usize::from(height) == self.size.height)
    }
}

impl Game for ConnectFour {
    type Action = u8;
    type Options = Size;
    const NAME: &'static str = "connect4";

    fn new(options: &Size) -> Self {
        Self {
            cells: [0; 64],
            heights: [0; 8],
            to_move: 0,
            winner: None,
            hash: 0,
            size: options.clone(),
        }
    }

    fn options(&self) -> &Size {
        &self.size
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.winner.is_some() || self.full() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if matches!(self.turn(), Turn::Player(_)) {
            out.extend((0..self.size.width as u8).filter(|&column| {
                usize::from(self.heights[usize::from(column)]) < self.size.height
            }));
        }
    }

    fn apply(&mut self, action: u8) {
        let column = usize::from(action);
        let row = usize::from(self.heights[column]);
        let piece = self.to_move as u8 + 1;
        self.cells[column * 8 + row] = piece;
        self.heights[column] += 1;
        self.hash ^= zobrist(((column * 8 + row) * 2 + usize::from(piece)) as u64) ^ zobrist(1000);
        if self.wins_at(column, row) {
            self.winner = Some(self.to_move);
        }
        self.to_move ^= 1;
    }

    fn returns(&self) -> Option<Returns> {
        match (self.winner, self.full()) {
            (Some(0), _) => Some([1.0, 0.0].into_iter().collect()),
            (Some(_), _) => Some([0.0, 1.0].into_iter().collect()),
            (None, true) => Some([0.5, 0.5].into_iter().collect()),
            (None, false) => None,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == 1 { zobrist(1000) } else { 0 };
        for (index, &piece) in self.cells.iter().enumerate() {
            if piece != 0 {
                hash ^= zobrist((index * 2 + usize::from(piece)) as u64);
            }
        }
        hash
    }
}

impl Notation for ConnectFour {
    type ParseError = BadText;

    fn parse_action(&self, text: &str) -> Result<u8, BadText> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        text.parse::<u8>()
            .ok()
            .and_then(|column| column.checked_sub(1))
            .filter(|column| legal.contains(column))
            .ok_or_else(|| BadText(text.to_string()))
    }

    fn format_action(&self, action: u8) -> String {
        (action + 1).to_string()
    }

    /// The columns left to right, each bottom-up in `x` (seat 0) and `o`,
    /// separated by `/`, then a space and the side to move: `xo//x/// o`.
    fn parse_position(text: &str, options: &Size) -> Result<Self, BadText> {
        let bad = || BadText(text.to_string());
        let (board, side) = text.split_once(' ').ok_or_else(bad)?;
        let mut state = Self::new(options);
        let columns: Vec<&str> = board.split('/').collect();
        if columns.len() != options.width {
            return Err(bad());
        }
        for (column, pieces) in columns.iter().enumerate() {
            if pieces.len() > options.height {
                return Err(bad());
            }
            for (row, symbol) in pieces.chars().enumerate() {
                state.cells[column * 8 + row] = match symbol {
                    'x' => 1,
                    'o' => 2,
                    _ => return Err(bad()),
                };
                state.heights[column] += 1;
            }
        }
        state.to_move = match side {
            "x" => 0,
            "o" => 1,
            _ => return Err(bad()),
        };
        for column in 0..options.width {
            for row in 0..usize::from(state.heights[column]) {
                if state.wins_at(column, row) {
                    state.winner = Some(usize::from(state.cells[column * 8 + row] - 1));
                }
            }
        }
        state.hash = state.hash_from_scratch();
        Ok(state)
    }

    fn format_position(&self) -> String {
        let columns: Vec<String> = (0..self.size.width)
            .map(|column| {
                (0..usize::from(self.heights[column]))
                    .map(|row| {
                        if self.cells[column * 8 + row] == 1 {
                            'x'
                        } else {
                            'o'
                        }
                    })
                    .collect()
            })
            .collect();
        format!(
            "{} {}",
            columns.join("/"),
            if self.to_move == 0 { "x" } else { "o" }
        )
    }
}

/// Counts the four-cell windows each side could still complete: a window
/// holding `n` pieces of one side and none of the other is worth
/// `WINDOW[n]` to that side.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowEval;

const WINDOW: [i32; 4] = [0, 1, 5, 25];

impl Evaluator<ConnectFour> for WindowEval {
    fn evaluate(&self, state: &ConnectFour) -> i32 {
        let mut score = 0;
        let (width, height) = (state.size.width as isize, state.size.height as isize);
        for column in 0..width {
            for row in 0..height {
                for &(dc, dr) in &DIRECTIONS {
                    let mut counts = [0usize; 3];
                    for step in 0..4 {
                        match state.cell(column + step * dc, row + step * dr) {
                            Some(piece) => counts[usize::from(piece)] += 1,
                            None => counts = [9, 9, 9],
                        }
                    }
                    if counts[0] > 4 {
                        continue;
                    }
                    if counts[2] == 0 {
                        score += WINDOW[counts[1].min(3)];
                    } else if counts[1] == 0 {
                        score -= WINDOW[counts[2].min(3)];
                    }
                }
            }
        }
        if state.to_move == 0 {
            score
        } else {
            -score
        }
    }
}
