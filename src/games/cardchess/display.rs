//! The board drawn for a terminal, with the card state underneath in the
//! position string's own `KEY=VALUE` words (held cards, active effect, the
//! card being carried out, pile and discard, and the captured men that
//! cards can bring back).

use std::fmt::Write;

use super::CardChess;
use crate::game::{Notation, TextBoard};

impl TextBoard for CardChess {
    fn draw(&self) -> String {
        let text = self.format_position();
        let (fen, cards) = text.split_once(" | ").unwrap_or((&text, ""));
        let mut fields = fen.split_whitespace();
        let placement = fields.next().unwrap_or("");
        let mut out = String::from("    a  b  c  d  e  f  g  h\n");
        for (index, rank) in placement.split('/').enumerate() {
            let number = 8 - index;
            let _ = write!(out, " {number} ");
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(empty) => (0..empty).for_each(|_| out.push_str(" . ")),
                    None => {
                        let _ = write!(out, " {c} ");
                    }
                }
            }
            let _ = writeln!(out, " {number}");
        }
        out.push_str("    a  b  c  d  e  f  g  h\n");
        let side = match fields.next() {
            Some("b") => "Black",
            _ => "White",
        };
        let _ = write!(out, "{side} to move (upper case White)");
        for field in cards.split_whitespace() {
            match field.strip_prefix("captured=") {
                Some(men) => {
                    let _ = write!(out, "\n  captured (recoverable, White/black): {men}");
                }
                None => {
                    let _ = write!(out, "\n  {}", field.replacen('=', ": ", 1));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Notation, TextBoard};
    use crate::games::cardchess::{CardChess, CardChessOptions};

    #[test]
    fn the_drawing_shows_the_men_and_the_card_state() {
        let drawing = CardChess::new(&CardChessOptions::default()).draw();
        let row = |rank: &str| {
            drawing
                .lines()
                .find(|l| l.starts_with(rank))
                .unwrap()
                .to_string()
        };
        assert_eq!(row(" 1 ").matches('R').count(), 2);
        assert_eq!(row(" 7 ").matches('p').count(), 8);
        assert!(drawing.contains("White to move"));
        assert!(drawing.contains("pile: "), "{drawing}");
    }

    #[test]
    fn the_drawing_names_the_men_a_bare_fen_counts_as_captured() {
        let options = CardChessOptions::default();
        let state = CardChess::parse_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &options).unwrap();
        let drawing = state.draw();
        assert!(
            drawing
                .contains("captured (recoverable, White/black): PPPPPPPPNNBBRRQ/ppppppppnnbbrrq"),
            "{drawing}"
        );
    }
}
