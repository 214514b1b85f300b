//! The registry of games: every game tauler knows, what it is (seats,
//! chance, hidden information), which searchers serve it, its default
//! engine profiles, its bench workload and its rule options, and dispatch
//! from a game's name to its concrete type.
//!
//! Adding a game touches its own folder and this file: a [`GameId`]
//! variant, a [`GameInfo`] entry in [`REGISTRY`] and one arm in each of
//! [`with_game!`](crate::with_game) and [`with_family!`](crate::with_family).
//! The front ends, the tournament runner and its seating read everything
//! else from here.

pub mod camelot;
pub mod cardchess;
pub mod cescacs;
pub mod muzicando;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A game tauler knows, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// Chess with EDAMI's luck cards (`cards=off`: plain chess).
    Cardchess,
    /// C'escacs, hexagonal chess on 169 hexes.
    Cescacs,
    /// Camelot (World Camelot Federation rules).
    Camelot,
    /// Muzicando, 56 music cards: the team game and the individual game.
    Muzicando,
}

/// How many seats a game has, and whether partners share a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    /// The fewest seats any rule options give.
    pub min: usize,
    /// The most seats any rule options give.
    pub max: usize,
    /// Whether some rule options seat partnerships (teams sharing a result).
    pub teams: bool,
}

impl Seats {
    /// Exactly two seats, each its own side.
    pub const TWO: Seats = Seats {
        min: 2,
        max: 2,
        teams: false,
    };

    /// Whether every rule option gives the same two opposing seats.
    #[must_use]
    pub fn is_fixed_pair(self) -> bool {
        self == Seats::TWO
    }
}

/// The kind of engine that plays a game, which decides the code paths the
/// front ends and the referee take (see [`with_family!`](crate::with_family)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Two seats, perfect information, no chance: alpha-beta with the
    /// game's evaluator (the game implements `search::AlphaBetaGame`).
    Perfect,
    /// Two seats, public chance (cards drawn): expectimax or MCTS with the
    /// game's evaluator.
    Chance,
    /// Hidden hands: searchers that see one seat's observation (the game
    /// implements `game::HiddenInfo` and has a rule-based player).
    Hidden,
}

/// The profiles the front ends use when none is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultProfiles {
    /// The opponent of `tauler play`.
    pub play: &'static str,
    /// The searcher settings `tauler analyse` and `tauler bench` start from
    /// (the command line then sets threads, table size and limits).
    pub analyse: &'static str,
}

/// One perft count of `tauler bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftJob {
    /// The position in the game's notation (`None`: the start position).
    pub position: Option<&'static str>,
    /// Plies to count.
    pub depth: u32,
}

/// The search part of `tauler bench`: fixed-depth searches with the
/// analysis profile's settings, one thread and a fresh 16 MiB table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchJob {
    /// Positions searched (`None`: the start position).
    pub positions: &'static [Option<&'static str>],
    /// The nominal depth of every search.
    pub depth: u32,
}

/// What `tauler bench` runs for a game: its node count depends only on the
/// code, so it doubles as a regression check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// Perft counts.
    pub perft: &'static [PerftJob],
    /// Fixed-depth searches (games whose family is [`Family::Perfect`]).
    pub search: Option<SearchJob>,
}

/// A rule option a game accepts (`--option KEY=VALUE`, a profile's or a
/// tournament's `options`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionKey {
    /// The key.
    pub key: &'static str,
    /// The values it takes, for people.
    pub values: &'static str,
    /// Whether a tournament sets it for every deal itself (so a tournament
    /// file must not).
    pub set_per_deal: bool,
}

/// Everything the program knows about a game apart from its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Which game.
    pub id: GameId,
    /// The command-line name (also `Game::NAME`).
    pub name: &'static str,
    /// One line for people.
    pub description: &'static str,
    /// Its seats.
    pub seats: Seats,
    /// Whether chance moves (card draws, deals) occur.
    pub chance: bool,
    /// Whether seats see only part of the state.
    pub hidden_information: bool,
    /// The kind of engine that plays it.
    pub family: Family,
    /// The searchers (profile `searcher` values) that can play it.
    pub searchers: &'static [&'static str],
    /// Default profiles.
    pub profiles: DefaultProfiles,
    /// The bench workload.
    pub bench: Bench,
    /// Its rule options.
    pub options: &'static [OptionKey],
}

/// The searchers of the two-seat games: all take the game's evaluator.
const TWO_SEAT_SEARCHERS: &[&str] = &["alphabeta", "expectimax", "mcts", "greedy", "random"];

/// A Camelot middlegame with Black to move, for perft and search.
const CAMELOT_MIDDLEGAME: &str =
    "2/8/10/12/7m4/2kmmmm1m3/3km1mmk3/5m1k4/12/2MKMM1MK3/2KM1MM1MK2/3M2M5/12/10/8/2 b 0,0";

/// Every game, in bench order.
pub const REGISTRY: &[GameInfo] = &[
    GameInfo {
        id: GameId::Cescacs,
        name: "cescacs",
        description: "C'escacs, hexagonal chess on 169 hexes",
        seats: Seats::TWO,
        chance: false,
        hidden_information: false,
        family: Family::Perfect,
        searchers: TWO_SEAT_SEARCHERS,
        profiles: DefaultProfiles {
            play: "cescacs-default",
            analyse: "cescacs-default",
        },
        bench: Bench {
            perft: &[
                PerftJob {
                    position: None,
                    depth: 4,
                },
                PerftJob {
                    position: Some(cescacs::bench::CASTLING),
                    depth: 3,
                },
                PerftJob {
                    position: Some(cescacs::bench::PROMOTION),
                    depth: 3,
                },
            ],
            search: Some(SearchJob {
                positions: &[None, Some(cescacs::bench::CASTLING)],
                depth: 4,
            }),
        },
        options: &[
            OptionKey {
                key: "stalemate",
                values: "three-quarters or two-thirds",
                set_per_deal: false,
            },
            OptionKey {
                key: "castling",
                values: "on or off",
                set_per_deal: false,
            },
            OptionKey {
                key: "rules",
                values: "current or classic",
                set_per_deal: false,
            },
        ],
    },
    GameInfo {
        id: GameId::Camelot,
        name: "camelot",
        description: "Camelot (World Camelot Federation rules)",
        seats: Seats::TWO,
        chance: false,
        hidden_information: false,
        family: Family::Perfect,
        searchers: TWO_SEAT_SEARCHERS,
        profiles: DefaultProfiles {
            play: "camelot-default",
            analyse: "camelot-default",
        },
        bench: Bench {
            perft: &[
                PerftJob {
                    position: None,
                    depth: 3,
                },
                PerftJob {
                    position: Some(CAMELOT_MIDDLEGAME),
                    depth: 3,
                },
            ],
            search: Some(SearchJob {
                positions: &[None, Some(CAMELOT_MIDDLEGAME)],
                depth: 5,
            }),
        },
        options: &[],
    },
    GameInfo {
        id: GameId::Cardchess,
        name: "cardchess",
        description: "chess with EDAMI's luck cards (cards=off: plain chess)",
        seats: Seats::TWO,
        chance: true,
        hidden_information: false,
        family: Family::Chance,
        searchers: TWO_SEAT_SEARCHERS,
        profiles: DefaultProfiles {
            play: "cardchess-expectimax",
            analyse: "cardchess-expectimax",
        },
        bench: Bench {
            // From the start with the default deck: every decision and
            // card drawn is a ply.
            perft: &[PerftJob {
                position: None,
                depth: 5,
            }],
            search: None,
        },
        options: &[
            OptionKey {
                key: "cards",
                values: "on or off",
                set_per_deal: false,
            },
            OptionKey {
                key: "first_edition",
                values: "on or off",
                set_per_deal: false,
            },
            OptionKey {
                key: "mandatory_card",
                values: "on or off",
                set_per_deal: false,
            },
            OptionKey {
                key: "king_capture",
                values: "on or off",
                set_per_deal: false,
            },
            OptionKey {
                key: "bomb",
                values: "standard, cruel, fierce or mad",
                set_per_deal: false,
            },
            OptionKey {
                key: "deck",
                values: "default, basic or the deck's lines joined by `;` (2 move P; 1 swap)",
                set_per_deal: false,
            },
        ],
    },
    GameInfo {
        id: GameId::Muzicando,
        name: "muzicando",
        description: "Muzicando, 56 music cards: the team game and the individual game",
        seats: Seats {
            min: 2,
            max: 8,
            teams: true,
        },
        chance: true,
        hidden_information: true,
        family: Family::Hidden,
        searchers: &["rules", "pimc", "ismcts", "cheating", "random"],
        profiles: DefaultProfiles {
            play: "muzicando-ismcts",
            analyse: "muzicando-ismcts",
        },
        bench: Bench {
            perft: &[
                PerftJob {
                    position: Some("seed:1 1M - - -"),
                    depth: 14,
                },
                PerftJob {
                    position: Some("seed:1 1P - - -"),
                    depth: 12,
                },
                PerftJob {
                    position: Some("seed:1 1G - - -"),
                    depth: 8,
                },
                PerftJob {
                    position: Some("seed:1 1S - - -"),
                    depth: 5,
                },
            ],
            search: None,
        },
        options: &[
            OptionKey {
                key: "players",
                values: "team or a player count 2..8",
                set_per_deal: false,
            },
            OptionKey {
                key: "pause",
                values: "once or until-pass",
                set_per_deal: false,
            },
            OptionKey {
                key: "dealer",
                values: "a seat number",
                set_per_deal: true,
            },
            OptionKey {
                key: "finish",
                values: "decided or full",
                set_per_deal: false,
            },
            OptionKey {
                key: "glissando_rows",
                values: "initial or any",
                set_per_deal: false,
            },
        ],
    },
];

/// A name that is no game's.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game `{name}` (known: {known})")]
pub struct UnknownGame {
    /// The name given.
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

impl GameId {
    /// Every registered game, in bench order.
    pub const ALL: &'static [GameId] = &[
        GameId::Cescacs,
        GameId::Camelot,
        GameId::Cardchess,
        GameId::Muzicando,
    ];

    /// The game's registry entry.
    #[must_use]
    pub fn info(self) -> &'static GameInfo {
        REGISTRY
            .iter()
            .find(|info| info.id == self)
            .unwrap_or_else(|| unreachable!("every GameId has a registry entry"))
    }

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<Self, UnknownGame> {
        REGISTRY
            .iter()
            .find(|info| info.name == name)
            .map(|info| info.id)
            .ok_or_else(|| UnknownGame {
                name: name.to_string(),
                known: REGISTRY
                    .iter()
                    .map(|info| info.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$G` bound to the game type named by `$id`.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::games::GameId::Cescacs => {
                type $G = $crate::games::cescacs::Cescacs;
                $body
            }
            $crate::games::GameId::Camelot => {
                type $G = $crate::games::camelot::Camelot;
                $body
            }
            $crate::games::GameId::Cardchess => {
                type $G = $crate::games::cardchess::CardChess;
                $body
            }
            $crate::games::GameId::Muzicando => {
                type $G = $crate::games::muzicando::Muzicando;
                $body
            }
        }
    };
}

/// Runs the arm of the game's [`Family`], the game type bound in each:
/// `perfect G => …` (an alpha-beta game), `chance G, E => …` (a game with
/// public chance, `E` its evaluator) and `hidden H => …` (a hidden-hand
/// game played as a match of hands: `game::HandText`, `knowledge::RuleBasedGame`
/// and the engines' `Playable`). Each game's arm here must agree with its
/// registry entry's `family` (a test checks it). An arm that needs no type
/// writes `_` for it.
#[macro_export]
macro_rules! with_family {
    (
        $id:expr,
        perfect $P:tt => $perfect:expr,
        chance $C:tt, $E:tt => $chance:expr,
        hidden $H:tt => $hidden:expr $(,)?
    ) => {
        match $id {
            $crate::games::GameId::Cescacs => {
                $crate::bind_type!($P = $crate::games::cescacs::Cescacs);
                $perfect
            }
            $crate::games::GameId::Camelot => {
                $crate::bind_type!($P = $crate::games::camelot::Camelot);
                $perfect
            }
            $crate::games::GameId::Cardchess => {
                $crate::bind_type!($C = $crate::games::cardchess::CardChess);
                $crate::bind_type!($E = $crate::games::cardchess::CardChessEval);
                $chance
            }
            $crate::games::GameId::Muzicando => {
                $crate::bind_type!($H = $crate::games::muzicando::Muzicando);
                $hidden
            }
        }
    };
}

/// `type $name = $type;`, or nothing when the name is `_` (for
/// [`with_family!`](crate::with_family)).
#[doc(hidden)]
#[macro_export]
macro_rules! bind_type {
    (_ = $type:ty) => {};
    ($name:ident = $type:ty) => {
        type $name = $type;
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, OptionError};

    #[test]
    fn names_parse_back_and_unknown_names_list_the_known() {
        for &id in GameId::ALL {
            assert_eq!(id.name().parse::<GameId>(), Ok(id));
            assert_eq!(id.info().id, id);
        }
        assert_eq!(REGISTRY.len(), GameId::ALL.len());
        let error = "chess".parse::<GameId>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown game `chess` (known: cescacs, camelot, cardchess, muzicando)"
        );
    }

    #[test]
    fn the_registry_agrees_with_the_games() {
        for &id in GameId::ALL {
            let info = id.info();
            crate::with_game!(id, G => {
                assert_eq!(G::NAME, info.name);
                let state = G::new(&<G as Game>::Options::default());
                assert!((info.seats.min..=info.seats.max).contains(&state.seats()), "{id}");
                for option in info.options {
                    let known = <G as Game>::Options::from_pairs([format!("{}=?", option.key).as_str()]);
                    assert!(
                        !matches!(known, Err(OptionError::UnknownKey { .. })),
                        "{id}: `{}` is not an option",
                        option.key
                    );
                }
                let unknown = <G as Game>::Options::from_pairs(["no_such_key=1"]);
                assert!(matches!(unknown, Err(OptionError::UnknownKey { .. })), "{id}");
            });
        }
    }

    #[test]
    fn family_dispatch_agrees_with_the_registry() {
        for &id in GameId::ALL {
            let family = crate::with_family!(id,
                perfect G => { let _ = G::NAME; Family::Perfect },
                chance G, E => { let _: E = E::default(); let _ = G::NAME; Family::Chance },
                hidden H => { let _ = H::NAME; Family::Hidden },
            );
            assert_eq!(family, id.info().family, "{id}");
            let info = id.info();
            assert_eq!(info.family == Family::Hidden, info.hidden_information);
            assert_eq!(info.family == Family::Perfect, info.bench.search.is_some());
            assert_eq!(info.family == Family::Perfect, !info.chance, "{id}");
            assert_eq!(info.family == Family::Hidden, info.seats.teams, "{id}");
        }
    }

    /// The hidden arm binds the game type, and every hidden-hand game is a
    /// hand game with a rule-based policy: the terminal table, the analysis
    /// and the referee's hands, all generic over it, compile for each.
    #[test]
    fn the_hidden_arm_binds_a_hand_game() {
        fn hand_game<H: crate::game::HandText + crate::knowledge::RuleBasedGame>(
            options: &H::Options,
        ) -> usize {
            let deal = H::seeded_deal(options, 7);
            assert!(deal.hand_points().is_none());
            assert!(deal.is_calling(), "{}", H::NAME);
            H::seats_of(options)
        }
        for info in REGISTRY.iter().filter(|info| info.family == Family::Hidden) {
            let seats = crate::with_family!(info.id,
                perfect _ => unreachable!("{} is a hidden-hand game", info.name),
                chance _, _ => unreachable!("{} is a hidden-hand game", info.name),
                hidden H => hand_game::<H>(&<H as Game>::Options::default()),
            );
            assert!(
                (info.seats.min..=info.seats.max).contains(&seats),
                "{}",
                info.name
            );
        }
    }
}
