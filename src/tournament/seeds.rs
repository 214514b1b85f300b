//! Seeds: everything random in a tournament derives from the tournament
//! seed and an index, so a game replays identically however and whenever
//! (first run or resume, any concurrency) it is played.

/// SplitMix64's finalizer: a bijective mix of 64 bits.
#[must_use]
pub fn mix(z: u64) -> u64 {
    crate::splitmix::splitmix64(z).1
}

/// What a derived seed is for (keeps the streams apart).
#[derive(Clone, Copy, Debug)]
pub enum Stream {
    /// One game: the engines' own randomness.
    Game = 1,
    /// One round's opening (shared by every game of the round).
    Opening = 2,
    /// One round's chance outcomes: cards, deals (shared likewise, so both
    /// games of a pair see the same luck).
    Chance = 3,
    /// One SPSA iteration's perturbation signs (`tauler tune`).
    Spsa = 4,
}

/// The seed of `stream` number `index` in the tournament seeded `seed`.
#[must_use]
pub fn derive(seed: u64, stream: Stream, index: u64) -> u64 {
    mix(mix(seed ^ mix(stream as u64)) ^ index)
}

/// The seed of the engine in `seat` within a game seeded `game_seed`.
#[must_use]
pub fn engine_seed(game_seed: u64, seat: usize) -> u64 {
    mix(game_seed ^ mix(seat as u64 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_and_indices_differ() {
        let a = derive(1, Stream::Game, 0);
        assert_ne!(a, derive(1, Stream::Game, 1));
        assert_ne!(a, derive(1, Stream::Opening, 0));
        assert_ne!(a, derive(2, Stream::Game, 0));
        assert_eq!(a, derive(1, Stream::Game, 0));
        assert_ne!(engine_seed(a, 0), engine_seed(a, 1));
    }
}
