//! Camelot drawn: the 160 squares of the 12×16 board with both castles,
//! files A–L under and over the board, ranks 1–16 at both sides.

use crate::games::camelot::board::{
    all_squares, cell_color, cell_kind, file_of, in_castle, rank_of, square_name, Kind, EMPTY,
    FILES, RANKS,
};
use crate::games::camelot::moves::path::canonical_path;
use crate::games::camelot::{Camelot, Color, Draw, Move, Status, Win};

use crate::web::picture::{side_name, Cell, Label, LegendEntry, Man, Picture, Pictured, Shape};

/// The men of Camelot.
const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        letter: 'K',
        name: "Knight",
        figure: "knight",
        moves: "as a Man, and may charge: a canter then a jump",
    },
    LegendEntry {
        letter: 'M',
        name: "Man",
        figure: "man",
        moves: "a step, canters over own men, jumps over enemies (capture is compulsory)",
    },
];

fn labels() -> Vec<Label> {
    let mut labels = Vec::new();
    for file in 0..FILES {
        let letter = char::from(b'A' + file as u8).to_string();
        for y in [-1.0, RANKS as f64] {
            labels.push(Label {
                text: letter.clone(),
                x: file as f64,
                y,
            });
        }
    }
    for rank in 0..RANKS {
        for x in [-1.0, FILES as f64] {
            labels.push(Label {
                text: (rank + 1).to_string(),
                x,
                y: rank as f64,
            });
        }
    }
    labels
}

impl Pictured for Camelot {
    const TITLE: &'static str = "Camelot";

    fn picture(&self) -> Picture {
        let board = self.board();
        let mut cells = Vec::new();
        let mut men = Vec::new();
        for square in all_squares() {
            let (file, rank) = (file_of(square), rank_of(square));
            let castle = in_castle(square, Color::White) || in_castle(square, Color::Black);
            cells.push(Cell {
                name: square_name(square),
                x: file as f64,
                y: rank as f64,
                shade: u8::from((file + rank) % 2 == 1),
                zone: castle.then_some("castle"),
            });
            let cell = board.cells[square as usize];
            if cell != EMPTY {
                men.push(Man {
                    cell: square_name(square),
                    side: cell_color(cell).index(),
                    letter: match cell_kind(cell) {
                        Kind::Knight => 'K',
                        Kind::Man => 'M',
                    },
                });
            }
        }
        Picture {
            shape: Shape::Square,
            cells,
            men,
            labels: labels(),
            legend: LEGEND,
            check: None,
            notes: Vec::new(),
            cards: None,
        }
    }

    fn action_cells(&self, action: Move) -> Vec<String> {
        canonical_path(self.board(), self.side_to_move(), action).map_or_else(
            || vec![square_name(action.from), square_name(action.to)],
            |path| path.squares.into_iter().map(square_name).collect(),
        )
    }

    fn ending_words(&self) -> Option<String> {
        Some(match self.status() {
            Status::Ongoing => return None,
            Status::Won(color, why) => {
                let how = match why {
                    Win::Castle => "occupies both squares of the enemy castle",
                    Win::Elimination => "has taken every enemy piece",
                    Win::NoMoves => "leaves the opponent no legal move",
                };
                format!("{} wins: it {how}", side_name(color.index()))
            }
            Status::Drawn(why) => match why {
                Draw::Material => "draw: each side has at most one piece".into(),
                Draw::NoMoves => "draw: no legal move against a lone piece".into(),
                Draw::Repetition => "draw by threefold repetition".into(),
                Draw::QuietMoves => "draw: 50 moves each without capture or castle entry".into(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_board_has_160_squares_and_both_castles() {
        let picture = Camelot::new(&Default::default()).picture();
        assert_eq!(picture.cells.len(), 160);
        let castles: Vec<&str> = picture
            .cells
            .iter()
            .filter(|c| c.zone == Some("castle"))
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(castles, ["F1", "G1", "F16", "G16"]);
        assert_eq!(picture.men.len(), 28);
    }
}
