//! The board drawn for a terminal: ranks 16 down to 1, files A to L, the
//! castles marked, with the side to move and the castle moves used.

use std::fmt::Write;

use super::board::{cell_color, cell_kind, in_castle, square_at, Color, Kind, EMPTY, FILES, RANKS};
use super::state::Camelot;
use crate::game::TextBoard;

impl TextBoard for Camelot {
    fn draw(&self) -> String {
        let board = self.board();
        let letters: String = (0..FILES)
            .map(|f| format!(" {} ", (b'A' + f as u8) as char))
            .collect();
        let mut out = format!("    {letters}\n");
        for rank in (0..RANKS).rev() {
            let _ = write!(out, "{:>3} ", rank + 1);
            for file in 0..FILES {
                let Some(square) = square_at(file as i32, rank as i32) else {
                    out.push_str("   ");
                    continue;
                };
                let piece = board.cells[square as usize];
                let symbol = if piece == EMPTY {
                    if in_castle(square, Color::White) || in_castle(square, Color::Black) {
                        '*'
                    } else {
                        '.'
                    }
                } else {
                    let letter = match cell_kind(piece) {
                        Kind::Man => 'M',
                        Kind::Knight => 'K',
                    };
                    match cell_color(piece) {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    }
                };
                let _ = write!(out, " {symbol} ");
            }
            let _ = writeln!(out, " {}", rank + 1);
        }
        let _ = writeln!(out, "    {letters}");
        let side = match self.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let [white, black] = self.castle_moves_used();
        let _ = write!(
            out,
            "{side} to move; castle moves used: White {white}/2, Black {black}/2\n(M K White man and knight, m k Black's, * castle square)"
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, TextBoard};
    use crate::games::camelot::{Camelot, Options};

    #[test]
    fn the_drawing_shows_the_start_position_and_the_castles() {
        let drawing = Camelot::new(&Options::default()).draw();
        let row = |rank: &str| {
            drawing
                .lines()
                .find(|l| l.starts_with(rank))
                .unwrap()
                .to_string()
        };
        assert_eq!(row("  6 ").matches('K').count(), 2);
        assert_eq!(row("  6 ").matches('M').count(), 6);
        assert_eq!(row(" 11 ").matches('k').count(), 2);
        assert_eq!(row(" 16 ").matches('*').count(), 2);
        assert_eq!(row("  1 ").matches('*').count(), 2);
    }
}
