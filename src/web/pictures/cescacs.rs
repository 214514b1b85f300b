//! C'escacs drawn: the 169 hexes in their three colours, column letters
//! under and over the columns, cross-line numbers at both ends of each line.

use crate::game::Game;
use crate::games::cescacs::geometry::{hex_color, hex_name, HexColor, COLUMNS, HEXES, TABLES};
use crate::games::cescacs::{Cescacs, Color, Move, Outcome, StalemateScore};

use crate::web::picture::{Cell, Label, LegendEntry, Man, Picture, Pictured, Shape};

/// Half the height of a flat-topped hex of circumradius 1: cross-lines are
/// this far apart.
const HALF_HEIGHT: f64 = 0.866_025_403_784_438_6;

/// The men of C'escacs, by notation letter.
const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        letter: 'K',
        name: "King",
        figure: "king",
        moves: "one step any way; an unmoved King may leap",
    },
    LegendEntry {
        letter: 'D',
        name: "Queen",
        figure: "queen",
        moves: "Rook and Bishop",
    },
    LegendEntry {
        letter: 'V',
        name: "Wyvern",
        figure: "wyvern",
        moves: "Rook and knight jump",
    },
    LegendEntry {
        letter: 'G',
        name: "Pegasus",
        figure: "pegasus",
        moves: "Bishop and knight jump",
    },
    LegendEntry {
        letter: 'R',
        name: "Rook",
        figure: "rook",
        moves: "slides across the six edges",
    },
    LegendEntry {
        letter: 'N',
        name: "Knight",
        figure: "knight",
        moves: "jumps; rides without capturing",
    },
    LegendEntry {
        letter: 'J',
        name: "Bishop",
        figure: "bishop",
        moves: "slides through the six corners, one colour",
    },
    LegendEntry {
        letter: 'E',
        name: "Elephant",
        figure: "elephant",
        moves: "forward one or two, four diagonal steps",
    },
    LegendEntry {
        letter: 'P',
        name: "Almogavar (pawn)",
        figure: "pawn",
        moves: "forward; captures obliquely; promotes",
    },
];

fn centre(hex: usize) -> (f64, f64) {
    let column = f64::from(TABLES.column[hex]);
    let line = f64::from(TABLES.line[hex]);
    (column * 1.5, line * HALF_HEIGHT)
}

fn seat_of(color: Color) -> usize {
    color.index()
}

/// Column letters in a row under the board and another over it; line
/// numbers in a column at each side: every hex's column is read straight
/// down or up, its line straight across.
fn labels() -> Vec<Label> {
    let mut labels = Vec::new();
    for (column, &letter) in COLUMNS.iter().enumerate() {
        for line in [-2.0, 30.0] {
            labels.push(Label {
                text: (letter as char).to_string(),
                x: column as f64 * 1.5,
                y: line * HALF_HEIGHT,
            });
        }
    }
    let right = (COLUMNS.len() - 1) as f64 * 1.5;
    for line in 0..=28u8 {
        for x in [-1.8, right + 1.8] {
            labels.push(Label {
                text: line.to_string(),
                x,
                y: f64::from(line) * HALF_HEIGHT,
            });
        }
    }
    labels
}

impl Pictured for Cescacs {
    const TITLE: &'static str = "C'escacs";

    fn picture(&self) -> Picture {
        let board = self.board();
        let mut cells = Vec::with_capacity(HEXES);
        let mut men = Vec::new();
        for hex in 0..HEXES {
            let h = hex as u8;
            let (x, y) = centre(hex);
            let shade = match hex_color(h) {
                HexColor::Black => 0,
                HexColor::White => 1,
                HexColor::Coloured => 2,
            };
            cells.push(Cell {
                name: hex_name(h),
                x,
                y,
                shade,
                zone: None,
            });
            if let Some((color, kind)) = board.man(h) {
                men.push(Man {
                    cell: hex_name(h),
                    side: seat_of(color),
                    letter: kind.letter(),
                });
            }
        }
        let check = self.in_check().then(|| hex_name(board.king(board.side())));
        Picture {
            shape: Shape::Hex,
            cells,
            men,
            labels: labels(),
            legend: LEGEND,
            check,
            notes: Vec::new(),
            cards: None,
        }
    }

    fn action_cells(&self, action: Move) -> Vec<String> {
        if action.from() == action.to() {
            vec![hex_name(action.from())]
        } else {
            vec![hex_name(action.from()), hex_name(action.to())]
        }
    }

    fn ending_words(&self) -> Option<String> {
        let side = |color: Color| match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        Some(match self.outcome()? {
            Outcome::Checkmate { winner } => format!("checkmate: {} wins", side(winner)),
            Outcome::Stalemate { winner } => {
                let split = match self.options().stalemate {
                    StalemateScore::ThreeQuarters => "3/4 – 1/4",
                    StalemateScore::TwoThirds => "2/3 – 1/3",
                };
                format!("stalemate: {} scores {split}", side(winner))
            }
            Outcome::Repetition => "draw by threefold repetition".into(),
            Outcome::FiftyMoves => "draw by the 50-move rule".into(),
            Outcome::InsufficientMaterial => "draw: neither side can mate".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cescacs::Kind;

    #[test]
    fn the_legend_names_every_kind_and_the_board_has_169_hexes() {
        for kind in Kind::ALL {
            assert!(LEGEND.iter().any(|e| e.letter == kind.letter()), "{kind:?}");
        }
        let state = <Cescacs as crate::game::Game>::new(&Default::default());
        let picture = state.picture();
        assert_eq!(picture.cells.len(), 169);
        let shades: std::collections::BTreeSet<u8> =
            picture.cells.iter().map(|c| c.shade).collect();
        assert_eq!(shades.len(), 3);
        let white = picture.men.iter().filter(|m| m.side == 0).count();
        assert_eq!(white, 27);
        assert_eq!(picture.men.len(), 2 * white);
    }
}
