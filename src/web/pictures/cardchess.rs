//! Card chess drawn: the chessboard, and beside it the cards as cards —
//! the one being carried out, the active effect, the cards each side holds
//! and the piles — each with its name, an icon and its rule in words.

use crate::game::{Game, Notation, Seat};
use crate::games::cardchess::chess::bitboard::{file_of, rank_of, square_name, Piece};
use crate::games::cardchess::chess::{legal_moves, MoveList};
use crate::games::cardchess::deck::{Card, Effect, Goal, MAX_DISTINCT};
use crate::games::cardchess::words::{doing, narration, piece_name, side, what_it_does};
use crate::games::cardchess::{Action, CardChess, Outcome, Phase};

use crate::web::picture::{
    CardFace, CardTable, Cell, HeldCards, Label, LegendEntry, Man, Picture, Pictured, Shape,
};

/// The chessmen.
const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        letter: 'K',
        name: "King",
        figure: "king",
        moves: "one step any way",
    },
    LegendEntry {
        letter: 'Q',
        name: "Queen",
        figure: "queen",
        moves: "Rook and Bishop",
    },
    LegendEntry {
        letter: 'R',
        name: "Rook",
        figure: "rook",
        moves: "along ranks and files",
    },
    LegendEntry {
        letter: 'B',
        name: "Bishop",
        figure: "bishop",
        moves: "along diagonals",
    },
    LegendEntry {
        letter: 'N',
        name: "Knight",
        figure: "knight",
        moves: "jumps in an L",
    },
    LegendEntry {
        letter: 'P',
        name: "Pawn",
        figure: "pawn",
        moves: "forward; captures diagonally; promotes",
    },
];

fn labels() -> Vec<Label> {
    let mut labels = Vec::new();
    for file in 0..8u8 {
        for y in [-1.0, 8.0] {
            labels.push(Label {
                text: char::from(b'a' + file).to_string(),
                x: f64::from(file),
                y,
            });
        }
    }
    for rank in 0..8u8 {
        for x in [-1.0, 8.0] {
            labels.push(Label {
                text: (rank + 1).to_string(),
                x,
                y: f64::from(rank),
            });
        }
    }
    labels
}

/// The cards of a pile, counted.
fn count(cards: &[u8]) -> u32 {
    cards.iter().map(|&n| u32::from(n)).sum()
}

impl Pictured for CardChess {
    const TITLE: &'static str = "Card chess";

    fn picture(&self) -> Picture {
        let position = self.position();
        let mut cells = Vec::with_capacity(64);
        let mut men = Vec::new();
        for square in 0..64u8 {
            let (file, rank) = (file_of(square), rank_of(square));
            cells.push(Cell {
                name: square_name(square),
                x: f64::from(file),
                y: f64::from(rank),
                shade: u8::from((file + rank) % 2 == 1),
                zone: None,
            });
            if let (Some(piece), Some(color)) =
                (position.piece_at(square), position.color_at(square))
            {
                men.push(Man {
                    cell: square_name(square),
                    side: color.index(),
                    letter: piece.letter(),
                });
            }
        }
        let check = position
            .in_check()
            .then(|| position.king(position.side()).map(square_name))
            .flatten();
        let notes = doing(self).map(|doing| match self.card_in_play() {
            Some(id) => format!(
                "Card being carried out: {} ({doing}).",
                face(self.options().deck.card(id)).name
            ),
            None => format!("Card being carried out: {doing}."),
        });
        Picture {
            shape: Shape::Square,
            cells,
            men,
            labels: labels(),
            legend: LEGEND,
            check,
            notes: notes.into_iter().collect(),
            cards: self.options().cards.then(|| table(self)),
        }
    }

    fn action_cells(&self, action: Action) -> Vec<String> {
        match action {
            Action::Move(mv) => vec![square_name(mv.from()), square_name(mv.to())],
            Action::Swap(from, to) => vec![square_name(from), square_name(to)],
            Action::Remove(square) | Action::Recover(_, square) => vec![square_name(square)],
            Action::Draw | Action::Card(_) | Action::Veto | Action::Steal(_) | Action::Stop => {
                Vec::new()
            }
        }
    }

    fn action_label(&self, action: Action) -> String {
        match action {
            Action::Draw => "Draw a card".into(),
            Action::Veto => "Veto the rival's last move (your held card)".into(),
            Action::Steal(id) => format!("Steal {}", face(self.options().deck.card(id)).name),
            Action::Stop => "No second knight move".into(),
            _ => self.format_action(action),
        }
    }

    fn ending_words(&self) -> Option<String> {
        let Phase::Over(outcome) = self.phase() else {
            return None;
        };
        let position = self.position();
        Some(match outcome {
            Outcome::Win(seat) => {
                let loser_colour = self.colour_of(1 - seat);
                let how = if position.king(loser_colour).is_none() {
                    "captures the king"
                } else {
                    "checkmates"
                };
                format!("{} {how} and wins", side(self, seat))
            }
            Outcome::Draw if position.halfmove() >= 100 => "draw by the 50-move rule".into(),
            Outcome::Draw if self.dead() => "draw: neither side can mate".into(),
            Outcome::Draw if !position.in_check() && no_move(self) => "draw by stalemate".into(),
            Outcome::Draw => "draw by repetition".into(),
        })
    }

    /// The record's words, with each card by its name in words.
    fn narrate(&self, seat: Option<Seat>, action: Action) -> String {
        let card = |id| face(self.options().deck.card(id));
        match (seat, action) {
            (None, Action::Card(id)) => {
                let card = card(id);
                format!(
                    "{} drew {}: {}",
                    side(self, self.seat()),
                    card.name,
                    card.rule
                )
            }
            (Some(seat), Action::Steal(id)) => {
                format!("{} steals {}", side(self, seat), card(id).name)
            }
            _ => narration(self, seat, action),
        }
    }
}

/// The cards on the table of `state`.
fn table(state: &CardChess) -> CardTable {
    let deck = &state.options().deck;
    CardTable {
        in_play: state.card_in_play().map(|id| face(deck.card(id))),
        effect: state
            .effect()
            .map(|(effect, holder)| (face(Card::Temporary(effect)), side(state, holder))),
        held: (0..2)
            .map(|seat| HeldCards {
                side: side(state, seat),
                seat,
                cards: (0..MAX_DISTINCT)
                    .filter(|&id| state.held(seat)[id] > 0)
                    .flat_map(|id| {
                        let times = usize::from(state.held(seat)[id]);
                        std::iter::repeat_n(face(deck.card(id as u8)), times)
                    })
                    .collect(),
            })
            .collect(),
        pile: count(state.pile()),
        discard: count(state.discard()),
    }
}

/// The figure of a chessman (`web/figures.js`).
fn figure(piece: Piece) -> &'static str {
    piece_name(piece)
}

/// A card's face: its name in words, its icon, the men it names, its rule.
fn face(card: Card) -> CardFace {
    let figures = |mask: u8| -> Vec<&'static str> {
        Piece::ALL
            .iter()
            .filter(|p| mask & p.bit() != 0)
            .map(|&p| figure(p))
            .collect()
    };
    let (name, icon, men): (String, &'static str, Vec<&'static str>) = match card {
        Card::Move {
            pieces,
            count,
            choose,
        } => {
            let men = figures(pieces);
            let name = match (choose, count, men.as_slice()) {
                (true, 1, _) => "Choose one".to_string(),
                (true, _, _) => format!("Choose {count}"),
                (false, 0 | 1, [one]) => format!("Move a {one}"),
                (false, 0 | 1, _) => "Move one".to_string(),
                (false, _, _) => "Move one of each".to_string(),
            };
            (name, if choose { "choose" } else { "move" }, men)
        }
        Card::Swap => ("Swap".into(), "swap", Vec::new()),
        Card::LoseTurn => ("Lose a turn".into(), "lose", Vec::new()),
        Card::Remove(piece) => (
            format!("Remove a {}", piece_name(piece)),
            "remove",
            vec![figure(piece)],
        ),
        Card::Bomb(_) => ("Bomb".into(), "bomb", Vec::new()),
        Card::Recover => ("Recover".into(), "recover", Vec::new()),
        Card::Veto => ("Veto".into(), "veto", Vec::new()),
        Card::Objective(goal, prize) => (
            format!(
                "Objective: {}",
                match goal {
                    Goal::Castle => "castle",
                    Goal::PawnCapture => "pawn capture",
                    Goal::Check => "check",
                    Goal::CaptureMajor => "take a rook or queen",
                }
            ),
            "objective",
            vec![figure(prize)],
        ),
        Card::Temporary(effect) => {
            let (name, men): (&str, &[Piece]) = match effect {
                Effect::SuperQueen => ("Super queen", &[Piece::Queen]),
                Effect::SuperRooks => ("Super rooks", &[Piece::Rook]),
                Effect::SuperBishops => ("Super bishops", &[Piece::Bishop]),
                Effect::SuperKnights => ("Double knight", &[Piece::Knight]),
                Effect::UntouchablePawns => ("Untouchable pawns", &[Piece::Pawn]),
                Effect::LeadKing => ("Lead king", &[Piece::King]),
                Effect::NoRetreat => ("No retreat", &[]),
                Effect::Harakiri => ("Harakiri", &[]),
            };
            (
                name.into(),
                "effect",
                men.iter().map(|&p| figure(p)).collect(),
            )
        }
        Card::Wildcard => ("Wildcard".into(), "wildcard", Vec::new()),
    };
    CardFace {
        name,
        icon,
        figures: men,
        rule: what_it_does(card),
    }
}

/// Whether the side to move has no chess move at all (a stalemate, when
/// not in check).
fn no_move(state: &CardChess) -> bool {
    let colour = state.position().side();
    let seat = (0..2).find(|&s| state.colour_of(s) == colour).unwrap_or(0);
    let mut moves = MoveList::new();
    legal_moves(state.position(), &state.rules_for(seat), &mut moves);
    moves.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::games::cardchess::CardChessOptions;

    #[test]
    fn a_swap_is_two_clicks_and_a_veto_a_button() {
        let state = CardChess::new(&CardChessOptions::default());
        let picture = state.picture();
        assert_eq!(picture.cells.len(), 64);
        assert_eq!(picture.men.len(), 32);
        assert_eq!(state.action_cells(Action::Veto), Vec::<String>::new());
        let swap = CardChess::parse_position(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | phase=swap",
            &CardChessOptions::default(),
        )
        .expect("a position in the middle of a swap");
        let action = swap.parse_action("swap e2-e5").expect("a legal swap");
        assert_eq!(swap.action_cells(action), ["e2", "e5"]);
    }
}
