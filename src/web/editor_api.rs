//! `POST /api/editor`: the position editor's check. The page sends either a
//! position string (pasted) or the men on the board with the rest of the
//! position's fields (edited); the server writes the board part in the
//! game's own notation, reads the whole with the game's position parser —
//! the same check every position a session or an analysis starts from
//! passes — and answers the canonical position string with its picture, or
//! a 400 saying what is wrong.

use std::collections::BTreeMap;

use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::game::{GameOptions, Seat, Turn};
use crate::games::GameId;

use super::error::{ApiError, JsonBody};
use super::picture::{Picture, Pictured};
use super::play_api::run_blocking;

/// The most men a request may place (more than any board holds).
const MOST_MEN: usize = 256;

/// The route.
pub fn routes() -> Router {
    Router::new().route("/api/editor", post(check))
}

/// A man the editor placed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedMan {
    /// The cell's name (`F7`, `e4`).
    pub cell: String,
    /// The seat that owns it (0 White, 1 Black).
    pub side: Seat,
    /// The man's notation letter (as the board's legend gives it).
    pub letter: char,
}

/// What the editor asks to check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditorRequest {
    /// The game.
    pub game: String,
    /// Rules options, `KEY=VALUE`.
    #[serde(default)]
    pub options: Vec<String>,
    /// A whole position string (pasted); or `men` with `fields`; neither:
    /// the game's start position.
    #[serde(default)]
    pub position: Option<String>,
    /// The men on the board.
    #[serde(default)]
    pub men: Option<Vec<PlacedMan>>,
    /// The position string's fields after the board part (side to move,
    /// castling, …; card chess's card state after ` | `).
    #[serde(default)]
    pub fields: Option<String>,
}

/// The checked position.
#[derive(Debug, Serialize)]
pub struct EditorAnswer {
    /// The canonical position string.
    pub position: String,
    /// Its fields after the board part.
    pub fields: String,
    /// Its board.
    pub picture: Picture,
    /// The seat to move (`None`: chance is, or the game is over).
    pub turn: Option<Seat>,
}

/// How a game writes the board part of its position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placement {
    /// Every line from the highest to the lowest, joined by `/` (a FEN's
    /// ranks; Camelot's ranks, each listing only its existing squares).
    Ranks,
    /// The non-empty cross-lines only, each `/LINE:CONTENT`, then `/`
    /// (C'escacs's PDTL).
    NumberedLines,
}

impl Placement {
    fn of(game: GameId) -> Self {
        match game {
            GameId::Cescacs => Self::NumberedLines,
            _ => Self::Ranks,
        }
    }
}

/// The number in a cell's name: its rank or cross-line.
fn line_of(cell: &str) -> Option<u32> {
    cell.trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .ok()
}

/// The board part of a position string with `men` on the board whose
/// cells are `picture`'s; an error names a cell that is not on the board,
/// a cell given twice or a letter that is not a man's.
fn placement(kind: Placement, picture: &Picture, men: &[PlacedMan]) -> Result<String, ApiError> {
    let mut lines: BTreeMap<u32, Vec<(f64, &str)>> = BTreeMap::new();
    for cell in &picture.cells {
        let line = line_of(&cell.name)
            .ok_or_else(|| ApiError::internal(format!("cell `{}` has no number", cell.name)))?;
        lines.entry(line).or_default().push((cell.x, &cell.name));
    }
    let mut on: BTreeMap<&str, char> = BTreeMap::new();
    for man in men {
        if !picture.cells.iter().any(|c| c.name == man.cell) {
            return Err(ApiError::bad_request(format!(
                "`{}` is not a cell of this board",
                man.cell
            )));
        }
        if !picture.legend.iter().any(|e| e.letter == man.letter) || man.side > 1 {
            return Err(ApiError::bad_request(format!(
                "`{}` (side {}) on {} is not a man of this game",
                man.letter, man.side, man.cell
            )));
        }
        let letter = if man.side == 0 {
            man.letter.to_ascii_uppercase()
        } else {
            man.letter.to_ascii_lowercase()
        };
        if on.insert(&man.cell, letter).is_some() {
            return Err(ApiError::bad_request(format!(
                "two men on {}; one a cell",
                man.cell
            )));
        }
    }
    let mut text = String::new();
    if kind == Placement::NumberedLines {
        text.push('/');
    }
    for (number, cells) in lines.iter_mut().rev() {
        cells.sort_by(|a, b| a.0.total_cmp(&b.0));
        let content = line_content(cells.iter().map(|(_, name)| on.get(name).copied()));
        match kind {
            Placement::Ranks => {
                if !text.is_empty() {
                    text.push('/');
                }
                text.push_str(&content);
            }
            Placement::NumberedLines => {
                if cells.iter().any(|(_, name)| on.contains_key(name)) {
                    text.push_str(&format!("{number}:{content}/"));
                }
            }
        }
    }
    Ok(text)
}

/// One line's content: men's letters, runs of empty cells as numbers.
fn line_content(cells: impl Iterator<Item = Option<char>>) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for cell in cells {
        match cell {
            Some(letter) => {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(letter);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

/// The position string's fields after its board part.
fn fields_of(position: &str) -> String {
    position
        .split_once(' ')
        .map_or_else(String::new, |(_, rest)| rest.to_string())
}

/// Checks the request's position of `G`.
fn check_as<G: Pictured>(game: GameId, request: &EditorRequest) -> Result<EditorAnswer, ApiError> {
    let options = G::Options::from_pairs(request.options.iter().map(String::as_str))
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let text = match (&request.position, &request.men) {
        (Some(position), None) => position.trim().to_string(),
        (None, Some(men)) => {
            if men.len() > MOST_MEN {
                return Err(ApiError::bad_request(format!(
                    "{} men: at most {MOST_MEN}",
                    men.len()
                )));
            }
            let board = G::new(&options).picture();
            let fields = request.fields.as_deref().unwrap_or("").trim();
            format!("{} {fields}", placement(Placement::of(game), &board, men)?)
        }
        (None, None) => G::new(&options).format_position(),
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either `position` or `men` (with `fields`), not both",
            ))
        }
    };
    let state = G::parse_position(&text, &options)
        .map_err(|e| ApiError::bad_request(format!("bad {} position: {e}", G::NAME)))?;
    let position = state.format_position();
    Ok(EditorAnswer {
        fields: fields_of(&position),
        position,
        picture: state.picture(),
        turn: match state.turn() {
            Turn::Player(seat) => Some(seat),
            Turn::Chance | Turn::Terminal => None,
        },
    })
}

async fn check(JsonBody(request): JsonBody<EditorRequest>) -> Result<Json<EditorAnswer>, ApiError> {
    let game: GameId = request
        .game
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::bad_request(e.to_string()))?;
    run_blocking(move || {
        crate::with_family!(game,
            perfect G => check_as::<G>(game, &request),
            chance G, _ => check_as::<G>(game, &request),
            hidden _ => Err(ApiError::bad_request(format!("{game} is not played on a board"))),
        )
    })
    .await
    .map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::web::picture::Man;

    /// The men of a picture as the editor places them.
    fn placed(men: &[Man]) -> Vec<PlacedMan> {
        men.iter()
            .map(|m| PlacedMan {
                cell: m.cell.clone(),
                side: m.side,
                letter: m.letter,
            })
            .collect()
    }
    use crate::games::camelot::Camelot;
    use crate::games::cardchess::CardChess;
    use crate::games::cescacs::Cescacs;

    /// The start position's men written back give its board part.
    fn round_trip<G: Pictured>(game: GameId) {
        let start = G::new(&G::Options::default());
        let text = start.format_position();
        let picture = start.picture();
        let written = placement(Placement::of(game), &picture, &placed(&picture.men)).unwrap();
        assert_eq!(Some(written.as_str()), text.split(' ').next(), "{text}");
    }

    #[test]
    fn every_board_game_writes_its_own_placement() {
        round_trip::<Cescacs>(GameId::Cescacs);
        round_trip::<Camelot>(GameId::Camelot);
        round_trip::<CardChess>(GameId::Cardchess);
    }

    #[test]
    fn a_man_off_the_board_or_unknown_is_refused() {
        let picture = Camelot::new(&Default::default()).picture();
        let off = PlacedMan {
            cell: "Z99".into(),
            side: 0,
            letter: 'M',
        };
        let error = placement(Placement::Ranks, &picture, &[off]).unwrap_err();
        assert!(error.message.contains("Z99"), "{}", error.message);
        let unknown = PlacedMan {
            cell: "F7".into(),
            side: 0,
            letter: 'Q',
        };
        assert!(placement(Placement::Ranks, &picture, &[unknown]).is_err());
    }
}
