//! Moves and positions as protocol text: one whitespace-free token per
//! action, and the game's position string after `position fen`.
//!
//! UGI carries every game's own notation (`Notation::format_action`), each
//! space written as `_` (card chess's `swap e2-e4` is `swap_e2-e4`); no
//! game's notation uses `_`, so the token reads back exactly. Chance
//! outcomes (a card drawn, a card dealt) are tokens like any other: the
//! referee chooses them and writes them into the move list. UCI carries
//! chess moves in long algebraic (`e2e4`, `e7e8q`, castling `e1g1`).

use thiserror::Error;

use crate::game::{Game, Notation, Observe, Seat};
use crate::games::camelot::Camelot;
use crate::games::cardchess::chess::uci::{parse_uci, UciError};
use crate::games::cardchess::{Action as CardAction, CardChess};
use crate::games::cescacs::Cescacs;
use crate::games::muzicando::{Finish, GlissandoRows, Muzicando, Observation, PauseRule};

use super::command::{Command, Dialect, Start};
use super::seat_view::{self, ViewError};

/// Why a move token was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WireError {
    /// The token is not a legal action (or chance outcome) here.
    #[error("`{token}` is not a legal move here: {reason}")]
    Illegal {
        /// The token.
        token: String,
        /// The game's reason.
        reason: String,
    },
    /// A hidden-hand seat's view could not be written or read.
    #[error(transparent)]
    View(#[from] ViewError),
    /// The dialect cannot carry this game.
    #[error("{dialect} carries only chess; use ugi for {game}")]
    WrongDialect {
        /// The dialect's name.
        dialect: &'static str,
        /// The game's name.
        game: &'static str,
    },
}

/// A game's actions as protocol tokens.
pub trait Wire: Notation {
    /// The token of `action` (legal in `self`) in `dialect`.
    fn wire_action(&self, action: Self::Action, _dialect: Dialect) -> String {
        self.format_action(action).replace(' ', "_")
    }

    /// A line of actions played one after another from this state, as
    /// `dialect`'s tokens, each in the state it is played from.
    fn wire_line(&self, line: &[Self::Action], dialect: Dialect) -> Vec<String> {
        let mut state = self.clone();
        line.iter()
            .map(|&action| {
                let token = state.wire_action(action, dialect);
                state.apply(action);
                token
            })
            .collect()
    }

    /// Over UCI the interface is the arbiter: a game the rules ended in a
    /// draw a player could claim (or a dead position) goes on while a legal
    /// move remains. Reopens such a game; returns whether it did (the
    /// default: never).
    fn reopen_for_arbiter(&mut self) -> bool {
        false
    }

    /// Reads a token of `dialect` as an action or chance outcome legal in
    /// `self`.
    fn parse_wire_action(&self, token: &str, dialect: Dialect) -> Result<Self::Action, WireError> {
        if dialect == Dialect::Uci {
            return Err(WireError::WrongDialect {
                dialect: dialect.name(),
                game: Self::NAME,
            });
        }
        self.parse_action(&token.replace('_', " "))
            .map_err(|error| WireError::Illegal {
                token: token.to_string(),
                reason: error.to_string(),
            })
    }
}

impl Wire for Cescacs {}

impl Wire for Camelot {}

impl Wire for Muzicando {}

impl Wire for CardChess {
    fn reopen_for_arbiter(&mut self) -> bool {
        !self.options().cards && self.reopen_unfinished_draw()
    }

    fn wire_action(&self, action: CardAction, dialect: Dialect) -> String {
        match (dialect, action) {
            (Dialect::Uci, CardAction::Move(mv)) => mv.to_string(),
            _ => self.format_action(action).replace(' ', "_"),
        }
    }

    fn parse_wire_action(&self, token: &str, dialect: Dialect) -> Result<CardAction, WireError> {
        let illegal = |reason: String| WireError::Illegal {
            token: token.to_string(),
            reason,
        };
        match dialect {
            Dialect::Uci => {
                let mut legal = Vec::new();
                crate::game::Game::legal_actions(self, &mut legal);
                let moves: Vec<_> = legal
                    .iter()
                    .filter_map(|a| match a {
                        CardAction::Move(mv) => Some(*mv),
                        _ => None,
                    })
                    .collect();
                parse_uci(token, &moves).map(CardAction::Move).map_err(|e| {
                    illegal(match e {
                        UciError::Malformed(_) => "not a UCI move (like e2e4 or e7e8q)".into(),
                        UciError::Illegal(_) => "no legal move of this position".into(),
                    })
                })
            }
            Dialect::Ugi => self
                .parse_action(&token.replace('_', " "))
                .map_err(|e| illegal(e.to_string())),
        }
    }
}

/// How one seat's view of a game travels to an engine process: the
/// `position` that shows it exactly what the seat may see, the tokens of
/// its legal actions, and which clock is its own.
pub trait WireView: Wire + Observe {
    /// The `position` command showing `seat` its `observation`.
    fn position_command(
        observation: &Self::Observation,
        seat: Seat,
        dialect: Dialect,
    ) -> Result<Command, WireError>;

    /// The tokens of `legal`, the seat's legal actions, in order.
    fn legal_tokens(
        observation: &Self::Observation,
        legal: &[Self::Action],
        dialect: Dialect,
    ) -> Result<Vec<String>, WireError>;

    /// The `position` telling `seat` the whole game: the start it was
    /// played from and every action since (`position startpos|fen START
    /// moves …`, as chess interfaces send it, so that the engine sees
    /// repetitions). Given only for a game whose actions are all public;
    /// by default the seat's observation, as [`WireView::position_command`].
    fn game_command(
        _start: &Self,
        _actions: &[Self::Action],
        observation: &Self::Observation,
        seat: Seat,
        dialect: Dialect,
    ) -> Result<Command, WireError> {
        Self::position_command(observation, seat, dialect)
    }

    /// Reads an engine's move `token` as one of `legal`, the seat's legal
    /// actions, with the game's own move reader where it has one (Camelot
    /// reads `c6-b5` as `C6-B5`); by default, exactly as written by
    /// [`WireView::legal_tokens`].
    fn read_action(
        observation: &Self::Observation,
        legal: &[Self::Action],
        token: &str,
        dialect: Dialect,
    ) -> Result<Self::Action, WireError> {
        let tokens = Self::legal_tokens(observation, legal, dialect)?;
        tokens
            .iter()
            .position(|t| t == token)
            .map(|index| legal[index])
            .ok_or_else(|| WireError::Illegal {
                token: token.to_string(),
                reason: "no legal move is written so".into(),
            })
    }

    /// Rule options that change from hand to hand, `(key, value)`, sent
    /// with `setoption` before the position (Muzicando: the dealer).
    fn hand_options(_observation: &Self::Observation) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The clock of `seat` in the `go` line: UCI names White's clock
    /// `wtime` (index 0) and Black's `btime` (1); UGI names seats.
    fn clock_index(_observation: &Self::Observation, seat: Seat) -> Seat {
        seat
    }
}

/// The `position fen …` of a perfect-information state.
fn full_position<G: Wire>(state: &G) -> Command {
    Command::Position {
        start: Start::Fen(state.format_position()),
        seat: None,
        moves: Vec::new(),
    }
}

/// `position startpos|fen START moves …` of a game from `start` by
/// `actions`: `startpos` when `start` is the game's start position.
fn full_game<G: Wire>(start: &G, actions: &[G::Action], dialect: Dialect) -> Command {
    let text = start.format_position();
    let opening = if text == G::new(start.options()).format_position() {
        Start::StartPos
    } else {
        Start::Fen(text)
    };
    let mut state = start.clone();
    let mut moves = Vec::with_capacity(actions.len());
    for &action in actions {
        moves.push(state.wire_action(action, dialect));
        state.apply(action);
    }
    Command::Position {
        start: opening,
        seat: None,
        moves,
    }
}

/// Reads `token` with the game's own reader, then checks it is one of
/// `legal`.
fn full_read<G: Wire>(
    state: &G,
    legal: &[G::Action],
    token: &str,
    dialect: Dialect,
) -> Result<G::Action, WireError> {
    let action = state.parse_wire_action(token, dialect)?;
    if legal.contains(&action) {
        Ok(action)
    } else {
        Err(WireError::Illegal {
            token: token.to_string(),
            reason: "not one of the seat's legal moves".into(),
        })
    }
}

fn full_tokens<G: Wire>(state: &G, legal: &[G::Action], dialect: Dialect) -> Vec<String> {
    legal
        .iter()
        .map(|&action| state.wire_action(action, dialect))
        .collect()
}

macro_rules! full_view {
    ($game:ty) => {
        impl WireView for $game {
            fn position_command(
                observation: &$game,
                _seat: Seat,
                _dialect: Dialect,
            ) -> Result<Command, WireError> {
                Ok(full_position(observation))
            }

            fn game_command(
                start: &$game,
                actions: &[<$game as Game>::Action],
                _observation: &$game,
                _seat: Seat,
                dialect: Dialect,
            ) -> Result<Command, WireError> {
                Ok(full_game(start, actions, dialect))
            }

            fn legal_tokens(
                observation: &$game,
                legal: &[<$game as Game>::Action],
                dialect: Dialect,
            ) -> Result<Vec<String>, WireError> {
                Ok(full_tokens(observation, legal, dialect))
            }

            fn read_action(
                observation: &$game,
                legal: &[<$game as Game>::Action],
                token: &str,
                dialect: Dialect,
            ) -> Result<<$game as Game>::Action, WireError> {
                full_read(observation, legal, token, dialect)
            }
        }
    };
}

full_view!(Cescacs);
full_view!(Camelot);

impl WireView for CardChess {
    fn position_command(
        observation: &CardChess,
        _seat: Seat,
        _dialect: Dialect,
    ) -> Result<Command, WireError> {
        Ok(full_position(observation))
    }

    fn game_command(
        start: &CardChess,
        actions: &[CardAction],
        _observation: &CardChess,
        _seat: Seat,
        dialect: Dialect,
    ) -> Result<Command, WireError> {
        Ok(full_game(start, actions, dialect))
    }

    fn legal_tokens(
        observation: &CardChess,
        legal: &[CardAction],
        dialect: Dialect,
    ) -> Result<Vec<String>, WireError> {
        Ok(full_tokens(observation, legal, dialect))
    }

    fn read_action(
        observation: &CardChess,
        legal: &[CardAction],
        token: &str,
        dialect: Dialect,
    ) -> Result<CardAction, WireError> {
        full_read(observation, legal, token, dialect)
    }

    fn clock_index(observation: &CardChess, seat: Seat) -> Seat {
        usize::from(observation.colour_of(seat) != crate::games::cardchess::chess::Color::White)
    }
}

impl WireView for Muzicando {
    /// `position startpos seat N moves …`: the seat's view, other seats'
    /// cards hidden (see [`seat_view`]).
    fn position_command(
        observation: &Observation,
        seat: Seat,
        _dialect: Dialect,
    ) -> Result<Command, WireError> {
        Ok(Command::Position {
            start: Start::StartPos,
            seat: Some(seat),
            moves: seat_view::view_tokens(observation)?,
        })
    }

    fn legal_tokens(
        observation: &Observation,
        legal: &[<Muzicando as Game>::Action],
        _dialect: Dialect,
    ) -> Result<Vec<String>, WireError> {
        Ok(seat_view::legal_tokens(observation, legal)?)
    }

    fn hand_options(observation: &Observation) -> Vec<(String, String)> {
        let options = &observation.options;
        let players = options
            .individual
            .map_or_else(|| "team".to_string(), |n| n.to_string());
        let pause = match options.pause {
            PauseRule::Once => "once",
            PauseRule::UntilPass => "until-pass",
        };
        let finish = match options.finish {
            Finish::Decided => "decided",
            Finish::Full => "full",
        };
        let rows = match options.glissando_rows {
            GlissandoRows::Initial => "initial",
            GlissandoRows::Any => "any",
        };
        [
            ("players", players),
            ("pause", pause.to_string()),
            ("finish", finish.to_string()),
            ("glissando_rows", rows.to_string()),
            ("dealer", options.dealer.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{next_actions, Game, GameOptions};
    use crate::games::cardchess::CardChessOptions;
    use crate::splitmix::splitmix64;

    /// Along random games (chance outcomes included), every action's UGI
    /// token is one word and reads back as the same action.
    fn round_trip<G: Wire>(start: G, games: usize) {
        let mut rng = 7u64;
        let mut actions = Vec::new();
        for _ in 0..games {
            let mut state = start.clone();
            for _ in 0..400 {
                next_actions(&state, &mut actions);
                if actions.is_empty() {
                    break;
                }
                for &action in &actions {
                    let token = state.wire_action(action, Dialect::Ugi);
                    assert!(!token.contains(char::is_whitespace), "{token}");
                    assert_eq!(
                        state.parse_wire_action(&token, Dialect::Ugi),
                        Ok(action),
                        "{token}"
                    );
                }
                let (next, draw) = splitmix64(rng);
                rng = next;
                let pick = actions[(draw % actions.len() as u64) as usize];
                state.apply(pick);
            }
        }
    }

    #[test]
    fn every_game_s_actions_travel_as_one_token() {
        round_trip(Cescacs::new(&Default::default()), 3);
        round_trip(Camelot::new(&Default::default()), 3);
        round_trip(CardChess::new(&Default::default()), 6);
        round_trip(Muzicando::new(&Default::default()), 3);
    }

    #[test]
    fn uci_moves_are_long_algebraic() {
        let options = CardChessOptions::from_pairs(["cards=off"]).unwrap();
        let mut state = CardChess::new(&options);
        for token in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
            let action = state.parse_wire_action(token, Dialect::Uci).unwrap();
            assert_eq!(state.wire_action(action, Dialect::Uci), token);
            state.apply(action);
        }
        assert!(matches!(
            state.parse_wire_action("e1g1", Dialect::Uci),
            Err(WireError::Illegal { .. })
        ));
        assert!(matches!(
            Cescacs::new(&Default::default()).parse_wire_action("x", Dialect::Uci),
            Err(WireError::WrongDialect { .. })
        ));
    }
}
