//! How a tournament seats its engines, and the schedule that follows. The
//! seating follows from the game's registry entry and the seats and teams
//! of its rule options:
//!
//! - Games of exactly two seats: every encounter plays game pairs, seats
//!   swapped.
//! - Two partnerships of two, partners opposite (Muzicando's team game): an
//!   encounter between engines A and B is A's team (both partners A)
//!   against B's. Each deal is played twice with the teams swapping seats
//!   (duplicate play), so the cards cancel within the pair.
//! - A table of K seats, each its own side (Muzicando's individual game):
//!   the K engines sit at one table, and each deal is played K times with
//!   the seats rotated, so every engine plays every seat position on the
//!   same cards.
//!
//! At a table game a record is one hand: a hand is the unit that is
//! played, seeded, recorded and resumed; matches (consecutive deals) are
//! counted in the report.

use crate::game::{Game, GameOptions};
use crate::games::GameId;

use super::config::Pairing;
use super::record::GameSpec;

/// How the engines sit at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// A two-seat game.
    Pair,
    /// Muzicando's team game: two engines, two seats each (partners opposite).
    Team,
    /// Muzicando's individual game with this many players, one engine each.
    Individual(u8),
}

impl Seating {
    /// The seating of `game` played with rule `options`.
    pub fn of(game: &str, options: &[String]) -> Result<Self, String> {
        let id: GameId = game.parse().map_err(|e| format!("{e}"))?;
        let info = id.info();
        if info.seats.is_fixed_pair() {
            return Ok(Seating::Pair);
        }
        for option in info.options.iter().filter(|o| o.set_per_deal) {
            let key = option.key;
            if options
                .iter()
                .any(|o| o.split_once('=').map_or(o.as_str(), |(k, _)| k).trim() == key)
            {
                return Err(format!(
                    "the tournament sets `{key}` for every deal itself: drop the `{key}` option"
                ));
            }
        }
        let (seats, teams) = crate::with_game!(id, G => {
            let parsed = <G as Game>::Options::from_pairs(options.iter().map(String::as_str))
                .map_err(|e| format!("options of {game}: {e}"))?;
            let table = G::new(&parsed);
            let seats = table.seats();
            (seats, (0..seats).map(|seat| table.team_of(seat)).collect::<Vec<_>>())
        });
        let alternating = (0..seats).all(|seat| teams[seat] == seat % 2);
        let individual = (0..seats).all(|seat| teams[seat] == seat);
        match (seats, u8::try_from(seats)) {
            (4, _) if alternating => Ok(Seating::Team),
            (_, Ok(players)) if individual => Ok(Seating::Individual(players)),
            _ => Err(format!(
                "{game} with these options seats {seats} players in teams {teams:?}: \
                 tournaments seat two sides, two partnerships of two, or every player alone"
            )),
        }
    }

    /// Seats at the table.
    #[must_use]
    pub fn seats(self) -> usize {
        match self {
            Seating::Pair => 2,
            Seating::Team => 4,
            Seating::Individual(players) => usize::from(players),
        }
    }

    /// Checks the tournament's shape against the seating: `engines` listed,
    /// the pairing, `rounds` (deals per encounter) and the match length
    /// (`hands_per_match`, `given` if the file sets it).
    pub fn check(
        self,
        engines: usize,
        pairing: Pairing,
        rounds: u32,
        hands_per_match: u32,
        given: bool,
    ) -> Result<(), String> {
        match self {
            Seating::Pair | Seating::Individual(_) if given => {
                Err("`hands_per_match` applies to team games only".into())
            }
            Seating::Pair => Ok(()),
            Seating::Team => {
                if hands_per_match < 4 || !hands_per_match.is_multiple_of(4) {
                    Err(format!(
                        "`hands_per_match = {hands_per_match}`: a match is at least 4 hands, a multiple of 4 so that every seat deals equally"
                    ))
                } else if !rounds.is_multiple_of(hands_per_match) {
                    Err(format!(
                        "{rounds} deals per encounter is not a whole number of {hands_per_match}-hand matches"
                    ))
                } else {
                    Ok(())
                }
            }
            Seating::Individual(players) => {
                if engines != usize::from(players) {
                    Err(format!(
                        "the individual game of {players} players seats one engine per player: list {players} engines, not {engines}"
                    ))
                } else if pairing != Pairing::RoundRobin {
                    Err("the individual game seats every engine at one table: use the default round-robin pairing".into())
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The hands played on each deal (or game pair) of an encounter, as the
    /// engine of every seat, for the encounter of engines `a` and `b`
    /// (the individual game: the table of engines `0..K`).
    #[must_use]
    pub fn tables(self, a: usize, b: usize) -> Vec<Vec<usize>> {
        match self {
            Seating::Pair => vec![vec![a, b], vec![b, a]],
            Seating::Team => vec![vec![a, b, a, b], vec![b, a, b, a]],
            Seating::Individual(players) => {
                let k = usize::from(players);
                (0..k)
                    .map(|turn| (0..k).map(|seat| (seat + turn) % k).collect())
                    .collect()
            }
        }
    }

    /// The schedule: round by round, every encounter plays its tables on
    /// the round's deal (the individual game: one encounter, everyone).
    #[must_use]
    pub fn schedule(self, rounds: u32, encounters: &[(usize, usize)]) -> Vec<GameSpec> {
        let encounters = match self {
            Seating::Individual(_) => &[(0, 0)][..],
            Seating::Pair | Seating::Team => encounters,
        };
        let mut games = Vec::new();
        for round in 0..rounds {
            for (encounter, &(a, b)) in encounters.iter().enumerate() {
                for engines in self.tables(a, b) {
                    games.push(GameSpec {
                        index: games.len(),
                        round,
                        encounter,
                        engines,
                    });
                }
            }
        }
        games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn muzicando_options_choose_the_seating() {
        assert_eq!(Seating::of("camelot", &[]), Ok(Seating::Pair));
        assert_eq!(
            Seating::of("muzicando", &["players=2".into()]),
            Ok(Seating::Individual(2))
        );
        assert!(Seating::of("go", &[]).unwrap_err().contains("known: "));
        assert_eq!(Seating::of("muzicando", &[]), Ok(Seating::Team));
        assert_eq!(
            Seating::of("muzicando", &["players=5".into()]),
            Ok(Seating::Individual(5))
        );
        assert!(Seating::of("muzicando", &["dealer=1".into()])
            .unwrap_err()
            .contains("dealer"));
        assert!(Seating::of("muzicando", &["players=9".into()]).is_err());
    }

    #[test]
    fn teams_swap_seats_and_the_individual_table_rotates() {
        let team = Seating::Team.schedule(2, &[(0, 1), (0, 2)]);
        assert_eq!(team.len(), 8);
        assert_eq!(team[0].engines, [0, 1, 0, 1]);
        assert_eq!(team[1].engines, [1, 0, 1, 0]);
        assert_eq!((team[2].encounter, team[2].engines[1]), (1, 2));
        assert_eq!(team[4].round, 1);
        let table = Seating::Individual(3).schedule(1, &[(0, 1), (0, 2), (1, 2)]);
        let seats: Vec<_> = table.iter().map(|g| g.engines.clone()).collect();
        assert_eq!(seats, [[0, 1, 2], [1, 2, 0], [2, 0, 1]]);
        for seat in 0..3 {
            let mut engines: Vec<usize> = seats.iter().map(|s| s[seat]).collect();
            engines.sort_unstable();
            assert_eq!(engines, [0, 1, 2], "every engine plays seat {seat}");
        }
    }

    #[test]
    fn shapes_are_checked() {
        let team = |rounds, hpm| Seating::Team.check(2, Pairing::RoundRobin, rounds, hpm, true);
        assert!(team(8, 4).is_ok());
        assert!(team(8, 2).unwrap_err().contains("at least 4"));
        assert!(team(6, 4).unwrap_err().contains("whole number"));
        let solo = |engines, pairing| Seating::Individual(3).check(engines, pairing, 1, 4, false);
        assert!(solo(3, Pairing::RoundRobin).is_ok());
        assert!(solo(2, Pairing::RoundRobin)
            .unwrap_err()
            .contains("3 engines"));
        assert!(solo(3, Pairing::Gauntlet)
            .unwrap_err()
            .contains("round-robin"));
        assert!(Seating::Pair
            .check(2, Pairing::RoundRobin, 1, 4, true)
            .is_err());
    }
}
