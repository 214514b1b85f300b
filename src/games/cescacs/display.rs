//! The board drawn for a terminal: the 15 columns stand side by side, each
//! hex at the height of its cross-line, so the staggered rows read as the
//! hexagonal board seen from White's side, with CTL labels around it.

use std::fmt::Write;

use super::geometry::{hex_at, hex_color, HexColor, COLUMNS};
use super::piece::{color_of, kind_of, Color, EMPTY};
use super::Cescacs;
use crate::game::TextBoard;

impl TextBoard for Cescacs {
    fn draw(&self) -> String {
        let board = self.board();
        let mut out = String::new();
        let header: String = COLUMNS
            .iter()
            .map(|&c| format!(" {} ", c as char))
            .collect();
        let _ = writeln!(out, "    {header}");
        for line in (0..=28).rev() {
            let _ = write!(out, "{line:>3} ");
            for column in 0..COLUMNS.len() {
                let Some(h) = hex_at(column, line) else {
                    out.push_str("   ");
                    continue;
                };
                let c = board.at(h);
                let symbol = if c == EMPTY {
                    match hex_color(h) {
                        HexColor::White => '.',
                        HexColor::Black => ':',
                        HexColor::Coloured => '-',
                    }
                } else if color_of(c) == Color::White {
                    kind_of(c).letter()
                } else {
                    kind_of(c).letter().to_ascii_lowercase()
                };
                let _ = write!(out, "[{symbol}]");
            }
            let _ = writeln!(out, " {line}");
        }
        let _ = writeln!(out, "    {header}");
        let side = match board.side() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let _ = write!(
            out,
            "{side} to move, move {}, half-move clock {}{}\n(empty hexes: . white  : black  - coloured; upper case White)",
            self.fullmove_number(),
            self.halfmove_clock(),
            if self.in_check() { ", in check" } else { "" }
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, TextBoard};
    use crate::games::cescacs::{Cescacs, Options};

    #[test]
    fn the_drawing_shows_every_man_on_its_line() {
        let drawing = Cescacs::new(&Options::default()).draw();
        let row = |line: &str| {
            drawing
                .lines()
                .find(|l| l.starts_with(line))
                .unwrap()
                .to_string()
        };
        assert!(row("  1 ").contains("[D]") && row("  1 ").contains("[K]"));
        assert!(row(" 28 ").contains("[v]"));
        let cells: Vec<&str> = drawing.split('[').skip(1).map(|s| &s[..1]).collect();
        assert_eq!(cells.len(), 169);
        assert_eq!(
            cells
                .iter()
                .filter(|c| c.chars().all(|ch| ch.is_ascii_alphabetic()))
                .count(),
            54
        );
    }
}
