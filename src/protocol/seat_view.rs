//! A hidden-hand game on the wire: the move list one seat may see.
//!
//! For Muzicando an engine process is sent only its seat's view: its own
//! cards dealt and drawn (`+R-Do`), every public action (calls, choices,
//! placements, passes), and each card dealt or drawn to another seat as
//! the token [`HIDDEN`] (`+?`). From that list the engine side rebuilds the
//! seat's observation ([`observation_from_tokens`]), and the referee side
//! writes it from the seat's observation ([`view_tokens`]); neither ever
//! holds another seat's cards.
//!
//! The observation is rebuilt by replaying the list on a stand-in deal:
//! each hidden card goes to its seat as a card that seat is seen to play
//! later (the k-th card a seat plays fills its k-th hidden arrival), or
//! else as any card nobody is seen to hold. Since every card a seat plays
//! arrived before it was played, such a deal exists; it is found by
//! replaying, noting each card a seat plays without holding it in the
//! stand-in deal, and replaying again (at most once per card). What the
//! seat may see of the stand-in world — its hand, hand sizes, the stock's
//! size, the table, the masked history, what passes proved — is what it
//! saw of the real one.

use thiserror::Error;

use crate::game::{Game, HiddenInfo, Notation, Returns, Seat, Turn};
use crate::games::muzicando::{Action, Card, Muzicando, Observation, Options, Phase};

/// The token of a card dealt or drawn to another seat.
pub const HIDDEN: &str = "+?";

/// Why a seat's move list could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ViewError {
    /// The seat is not at this table.
    #[error("seat {seat} is not at a table of {seats}")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// The seats at the table.
        seats: usize,
    },
    /// A token is not an action this seat could have seen here.
    #[error("move {index} `{token}`: {reason}")]
    Bad {
        /// 1-based position in the list.
        index: usize,
        /// The token.
        token: String,
        /// What is wrong.
        reason: String,
    },
}

/// One item of a seat's view.
#[derive(Clone, Copy, Debug)]
enum Seen<'a> {
    /// A card dealt or drawn to another seat.
    Hidden,
    /// A token to read in the state it is played from.
    Token(&'a str),
    /// An action already known.
    Known(Action),
}

/// The stand-in world after a seat's view, and the view's tokens.
struct Replayed {
    world: Muzicando,
    tokens: Vec<String>,
}

/// A card the stand-in deal must give a seat: the seat, the card, and the
/// index of the play that shows it (the list is kept in play order).
type Owed = (u8, Card, usize);

/// The seat that receives the next dealt or drawn card.
fn recipient(world: &Muzicando) -> u8 {
    if world.phase() == Phase::Deal {
        world.next_recipient()
    } else {
        world.history().last().map_or(0, |&(seat, _)| seat)
    }
}

/// One replay on the stand-in deal that `owed` describes; `Err(Some(owed))`
/// when a seat plays a card the deal did not give it.
fn replay_once(
    options: &Options,
    seat: u8,
    seen: &[Seen<'_>],
    owed: &[Owed],
    reserved: u64,
) -> Result<Result<Replayed, Owed>, ViewError> {
    let mut world = Muzicando::new(options);
    let mut tokens = Vec::with_capacity(seen.len());
    let mut given = vec![false; owed.len()];
    let owed_mask = owed.iter().fold(0u64, |m, &(_, c, _)| m | c.bit());
    let is_owed = |seat: u8, card: Card| owed.iter().any(|&(s, c, _)| (s, c) == (seat, card));
    let mut outcomes = Vec::new();
    for (index, &item) in seen.iter().enumerate() {
        let bad = |token: &str, reason: String| ViewError::Bad {
            index: index + 1,
            token: token.to_string(),
            reason,
        };
        let turn = world.turn();
        let action = match item {
            Seen::Hidden => {
                if turn != Turn::Chance {
                    return Err(bad(HIDDEN, "no card is dealt or drawn here".into()));
                }
                let to = recipient(&world);
                if to == seat {
                    return Err(bad(HIDDEN, "this seat sees its own cards".into()));
                }
                world.chance_outcomes(&mut outcomes);
                let due = owed
                    .iter()
                    .enumerate()
                    .find(|&(k, &(s, _, _))| s == to && !given[k]);
                let card = match due {
                    Some((k, &(_, card, _))) => {
                        given[k] = true;
                        card
                    }
                    None => {
                        let free = outcomes.iter().find_map(|&(a, _)| match a {
                            Action::Deal(c) | Action::Draw(c)
                                if c.bit() & (reserved | owed_mask) == 0 =>
                            {
                                Some(c)
                            }
                            _ => None,
                        });
                        free.ok_or_else(|| bad(HIDDEN, "no card is left to deal".into()))?
                    }
                };
                let action = if world.phase() == Phase::Deal {
                    Action::Deal(card)
                } else {
                    Action::Draw(card)
                };
                if !outcomes.iter().any(|&(a, _)| a == action) {
                    return Err(bad(HIDDEN, "a card seen elsewhere is dealt twice".into()));
                }
                tokens.push(HIDDEN.to_string());
                world.apply(action);
                continue;
            }
            Seen::Known(action) => action,
            Seen::Token(token) => match world.parse_action(token) {
                Ok(action) => action,
                Err(error) => {
                    let Turn::Player(actor) = turn else {
                        return Err(bad(token, error.to_string()));
                    };
                    if actor == usize::from(seat) {
                        return Err(bad(token, error.to_string()));
                    }
                    if token.eq_ignore_ascii_case("pass") {
                        // Another seat's pass: legal in the real deal, which
                        // the stand-in deal need not match.
                        Action::Pass
                    } else {
                        let name = token.split('@').next().unwrap_or(token);
                        match Card::parse(name) {
                            Some(card)
                                if world.hand(actor) & card.bit() == 0
                                    && !is_owed(actor as u8, card) =>
                            {
                                return Ok(Err((actor as u8, card, index)));
                            }
                            _ => return Err(bad(token, error.to_string())),
                        }
                    }
                }
            },
        };
        let actor = match turn {
            Turn::Player(actor) => actor as u8,
            Turn::Chance if recipient(&world) != seat => {
                return Err(ViewError::Bad {
                    index: index + 1,
                    token: world.format_action(action),
                    reason: format!(
                        "a card of seat {} is hidden from this seat",
                        recipient(&world)
                    ),
                })
            }
            Turn::Chance => seat,
            Turn::Terminal => {
                return Err(ViewError::Bad {
                    index: index + 1,
                    token: world.format_action(action),
                    reason: "the hand is over".into(),
                })
            }
        };
        if let (Action::Place(card, _), true) = (action, actor != seat) {
            if world.hand(usize::from(actor)) & card.bit() == 0 {
                if is_owed(actor, card) {
                    return Err(ViewError::Bad {
                        index: index + 1,
                        token: world.format_action(action),
                        reason: "the seat cannot hold this card".into(),
                    });
                }
                return Ok(Err((actor, card, index)));
            }
        }
        tokens.push(world.format_action(action));
        world.apply(action);
    }
    Ok(Ok(Replayed { world, tokens }))
}

/// Replays `seen` for `seat`, growing the stand-in deal until every card
/// played was held.
fn replay(options: &Options, seat: Seat, seen: &[Seen<'_>]) -> Result<Replayed, ViewError> {
    let seats = Muzicando::new(options).seats();
    if seat >= seats {
        return Err(ViewError::NoSuchSeat { seat, seats });
    }
    let reserved = seen.iter().fold(0u64, |mask, item| match item {
        Seen::Token(token) => match token.strip_prefix('+').and_then(Card::parse) {
            Some(card) => mask | card.bit(),
            None => mask,
        },
        Seen::Known(Action::Deal(card) | Action::Draw(card)) => mask | card.bit(),
        _ => mask,
    });
    let mut owed: Vec<Owed> = Vec::new();
    loop {
        match replay_once(options, seat as u8, seen, &owed, reserved)? {
            Ok(replayed) => return Ok(replayed),
            Err(more) => {
                owed.push(more);
                owed.sort_by_key(|&(_, _, index)| index);
            }
        }
    }
}

/// What a seat knows after its view: everything an engine process needs.
#[derive(Clone, Debug)]
pub struct SeatTable {
    /// The seat's observation.
    pub observation: Observation,
    /// Who acts next.
    pub turn: Turn,
    /// The seat's legal actions when it is to move (else empty).
    pub legal: Vec<Action>,
    /// The hand's points once it is over (they depend on public facts only).
    pub returns: Option<Returns>,
}

/// The table of `seat` after the tokens of its view (see the module
/// text), under `options`.
pub fn table_from_tokens(
    options: &Options,
    seat: Seat,
    tokens: &[String],
) -> Result<SeatTable, ViewError> {
    let seen: Vec<Seen<'_>> = tokens
        .iter()
        .map(|t| {
            if t == HIDDEN {
                Seen::Hidden
            } else {
                Seen::Token(t.as_str())
            }
        })
        .collect();
    let world = replay(options, seat, &seen)?.world;
    let turn = world.turn();
    let mut legal = Vec::new();
    if turn == Turn::Player(seat) {
        world.legal_actions(&mut legal);
    }
    Ok(SeatTable {
        observation: world.observation(seat),
        turn,
        legal,
        returns: world.returns(),
    })
}

/// The observation of `seat` after the tokens of its view, under
/// `options`.
pub fn observation_from_tokens(
    options: &Options,
    seat: Seat,
    tokens: &[String],
) -> Result<Observation, ViewError> {
    let seen: Vec<Seen<'_>> = tokens
        .iter()
        .map(|t| {
            if t == HIDDEN {
                Seen::Hidden
            } else {
                Seen::Token(t.as_str())
            }
        })
        .collect();
    Ok(replay(options, seat, &seen)?.world.observation(seat))
}

/// The tokens of `observation`'s history as its seat saw it.
pub fn view_tokens(observation: &Observation) -> Result<Vec<String>, ViewError> {
    let seen: Vec<Seen<'_>> = observation
        .events
        .iter()
        .map(|&(_, action)| action.map_or(Seen::Hidden, Seen::Known))
        .collect();
    Ok(replay(&observation.options, usize::from(observation.seat), &seen)?.tokens)
}

/// The stand-in world of an observation.
fn world_of(observation: &Observation) -> Result<Muzicando, ViewError> {
    let seen: Vec<Seen<'_>> = observation
        .events
        .iter()
        .map(|&(_, action)| action.map_or(Seen::Hidden, Seen::Known))
        .collect();
    Ok(replay(&observation.options, usize::from(observation.seat), &seen)?.world)
}

/// The token of `action`, an action of the observing seat in the observed
/// position.
pub fn action_token(observation: &Observation, action: Action) -> Result<String, ViewError> {
    Ok(world_of(observation)?.format_action(action))
}

/// The tokens of `legal`, the observing seat's actions, in order.
pub fn legal_tokens(observation: &Observation, legal: &[Action]) -> Result<Vec<String>, ViewError> {
    let world = world_of(observation)?;
    Ok(legal.iter().map(|&a| world.format_action(a)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{next_actions, GameOptions};
    use crate::splitmix::splitmix64;

    /// Along random hands, each seat's view read back gives exactly the
    /// seat's observation, and writing the observation gives the view.
    fn check(pairs: &[&str], hands: u64) {
        let options = Options::from_pairs(pairs.iter().copied()).unwrap();
        let mut actions = Vec::new();
        for hand in 0..hands {
            let mut rng = hand * 7 + 1;
            let mut state = Muzicando::new(&options);
            let mut steps = 0;
            loop {
                steps += 1;
                if let (Turn::Player(_), true) = (state.turn(), steps % 7 == 0) {
                    for seat in 0..state.seats() {
                        let observation = state.observation(seat);
                        let tokens = view_tokens(&observation).unwrap();
                        let hidden = tokens.iter().filter(|t| *t == HIDDEN).count();
                        let masked = observation.events.iter().filter(|e| e.1.is_none()).count();
                        assert_eq!(hidden, masked);
                        let back = observation_from_tokens(&options, seat, &tokens).unwrap();
                        assert_eq!(back, observation, "seat {seat} after {tokens:?}");
                    }
                }
                next_actions(&state, &mut actions);
                if actions.is_empty() {
                    break;
                }
                let (next, draw) = splitmix64(rng);
                rng = next;
                state.apply(actions[(draw % actions.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn the_team_game_view_reads_back_as_the_observation() {
        check(&[], 6);
    }

    #[test]
    fn the_individual_game_view_reads_back_as_the_observation() {
        check(&["players=3"], 4);
        check(&["players=5"], 3);
    }

    #[test]
    fn a_view_naming_another_seat_s_card_or_nonsense_is_refused() {
        let options = Options::default();
        let seat_of_first_card = Muzicando::new(&options).next_recipient() as usize;
        let other = (seat_of_first_card + 1) % 4;
        let error = observation_from_tokens(&options, other, &["+R-Do".to_string()]).unwrap_err();
        assert!(
            error.to_string().contains("hidden from this seat"),
            "{error}"
        );
        let error =
            observation_from_tokens(&options, seat_of_first_card, &[HIDDEN.into()]).unwrap_err();
        assert!(error.to_string().contains("its own cards"), "{error}");
        let error = observation_from_tokens(&options, 9, &[]).unwrap_err();
        assert!(matches!(error, ViewError::NoSuchSeat { .. }));
        let error = observation_from_tokens(&options, 0, &["banana".into()]).unwrap_err();
        assert!(error.to_string().contains("move 1 `banana`"), "{error}");
    }
}
