//! The plan: a tournament's schedule (every game or hand, with its round,
//! encounter and seats; seeds derive from the index) and the part of it a
//! shard plays. The schedule is cut into **units** that are never split:
//! a game pair with the seats swapped, a duplicate deal played by both
//! teams, an individual deal with all its rotations. Unit `u` (in schedule
//! order) belongs to shard `u mod N`, so every shard gets games from the
//! whole tournament, and the N shards together are the tournament.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::bounds;

use super::config::TournamentConfig;
use super::record::GameSpec;

/// Shard `index` of `count` (`--shard K/N`, `K` from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// Shards in all.
    pub count: usize,
}

/// A `--shard` that is not `K/N` with `0 <= K < N`.
#[derive(Debug, Error)]
#[error("--shard `{text}`: {why}")]
pub struct ShardError {
    text: String,
    why: String,
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = |why: String| ShardError {
            text: text.to_string(),
            why,
        };
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| error("give K/N, shard K (from 0) of N".into()))?;
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| error(format!("`{s}` is not a whole number")))
        };
        let (index, count) = (number(k)?, number(n)?);
        bounds::SHARDS
            .check("N", count)
            .map_err(|e| error(e.to_string()))?;
        if index >= count {
            return Err(error(format!(
                "K counts from 0 and must be below N ({count})"
            )));
        }
        Ok(Self { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The whole schedule: round by round, every encounter plays its game
/// pairs with the seats swapped (table games: see [`super::seating`]).
#[must_use]
pub fn schedule(config: &TournamentConfig) -> Vec<GameSpec> {
    config.seating.schedule(config.rounds, &config.encounters())
}

/// The unit of every game of `schedule`, by index: games of one round and
/// encounter form one unit.
fn units(schedule: &[GameSpec]) -> Vec<usize> {
    let mut unit = 0;
    schedule
        .iter()
        .enumerate()
        .map(|(i, game)| {
            if i > 0 {
                let previous = &schedule[i - 1];
                if (previous.round, previous.encounter) != (game.round, game.encounter) {
                    unit += 1;
                }
            }
            unit
        })
        .collect()
}

/// The shard (of `count`) that plays each game of `schedule`, by index.
#[must_use]
pub fn shard_of_games(schedule: &[GameSpec], count: usize) -> Vec<usize> {
    units(schedule)
        .into_iter()
        .map(|unit| unit % count.max(1))
        .collect()
}

/// The games `shard` plays (all of them without one), in schedule order.
#[must_use]
pub fn part(schedule: Vec<GameSpec>, shard: Option<Shard>) -> Vec<GameSpec> {
    let Some(shard) = shard else {
        return schedule;
    };
    let owners = shard_of_games(&schedule, shard.count);
    schedule
        .into_iter()
        .zip(owners)
        .filter(|&(_, owner)| owner == shard.index)
        .map(|(game, _)| game)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::seating::Seating;

    #[test]
    fn shards_are_read_or_refused() {
        assert_eq!(
            "1/4".parse::<Shard>().unwrap(),
            Shard { index: 1, count: 4 }
        );
        for (bad, needle) in [
            ("4/4", "below N"),
            ("1", "K/N"),
            ("a/4", "`a`"),
            ("0/0", "N: 0 is out of range"),
        ] {
            let error = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(error.contains(needle), "{bad}: {error}");
        }
    }

    #[test]
    fn shards_split_whole_units_and_cover_the_schedule_once() {
        for (seating, encounters) in [
            (Seating::Pair, vec![(0, 1), (0, 2)]),
            (Seating::Team, vec![(0, 1)]),
            (Seating::Individual(3), vec![(0, 1), (0, 2), (1, 2)]),
        ] {
            let schedule = seating.schedule(5, &encounters);
            let mut seen = vec![0; schedule.len()];
            for index in 0..3 {
                let games = part(schedule.clone(), Some(Shard { index, count: 3 }));
                for game in &games {
                    seen[game.index] += 1;
                    // Every game of the unit is in the same shard.
                    let unit: Vec<&GameSpec> = schedule
                        .iter()
                        .filter(|g| (g.round, g.encounter) == (game.round, game.encounter))
                        .collect();
                    assert!(unit.iter().all(|g| games.contains(g)), "{seating:?}");
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{seating:?}: {seen:?}");
        }
    }
}
