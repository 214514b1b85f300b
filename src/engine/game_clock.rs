//! A session's game clock: a time control (base time and increment, Fischer
//! style), each seat's time left, and the seat whose turn is running since
//! when. The server that holds it is the authority: a person's time is
//! charged when their action arrives, an engine's when its answer does, and
//! a clock that reaches zero loses the game on time.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::game::Seat;
use crate::search::limits::Clock;

/// Base time and increment, the same for every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Each seat's time at the start, in seconds.
    pub seconds: u64,
    /// Added to a seat's time after each of its moves, in seconds.
    pub increment: u64,
}

impl TimeControl {
    fn base(self) -> Duration {
        Duration::from_secs(self.seconds)
    }

    fn increment(self) -> Duration {
        Duration::from_secs(self.increment)
    }
}

/// What a page shows of the clock at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left in milliseconds, the running seat's counted
    /// down to the moment of the view.
    pub remaining_ms: Vec<u64>,
    /// The seat whose time is running (`None`: no one's, the game is over
    /// or chance or an engine is about to move).
    pub running: Option<Seat>,
}

/// Each seat's time left and whose is running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    remaining: Vec<Duration>,
    running: Option<(Seat, Instant)>,
}

impl GameClock {
    /// Full clocks for `seats` seats under `control`, none running.
    #[must_use]
    pub fn new(control: TimeControl, seats: usize) -> Self {
        Self {
            control,
            remaining: vec![control.base(); seats],
            running: None,
        }
    }

    /// Both clocks back to the full base time, none running (a new or
    /// loaded game).
    pub fn reset(&mut self) {
        *self = Self::new(self.control, self.remaining.len());
    }

    /// The time `seat` has left at `now`.
    #[must_use]
    pub fn remaining(&self, seat: Seat, now: Instant) -> Duration {
        let left = self.remaining.get(seat).copied().unwrap_or_default();
        match self.running {
            Some((running, since)) if running == seat => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The seat whose running clock shows zero at `now`, if one does.
    #[must_use]
    pub fn fallen(&self, now: Instant) -> Option<Seat> {
        let (seat, _) = self.running?;
        self.remaining(seat, now).is_zero().then_some(seat)
    }

    /// Stops the running clock, charging its seat the time since its turn
    /// began (no increment: the turn did not end with a move).
    pub fn stop(&mut self, now: Instant) {
        if let Some((seat, _)) = self.running {
            let left = self.remaining(seat, now);
            self.remaining[seat] = left;
            self.running = None;
        }
    }

    /// Starts `seat`'s clock at `now` (stopping any other first); a clock
    /// already running for `seat` runs on.
    pub fn run(&mut self, seat: Seat, now: Instant) {
        if matches!(self.running, Some((running, _)) if running == seat) {
            return;
        }
        self.stop(now);
        if seat < self.remaining.len() {
            self.running = Some((seat, now));
        }
    }

    /// Charges `seat` the `elapsed` time of the move it just made and adds
    /// the increment; an error (the time ran out first) loses on time.
    pub fn charge(&mut self, seat: Seat, elapsed: Duration) -> Result<(), String> {
        if matches!(self.running, Some((running, _)) if running == seat) {
            self.running = None;
        }
        let Some(left) = self.remaining.get_mut(seat) else {
            return Ok(());
        };
        if elapsed >= *left {
            *left = Duration::ZERO;
            return Err(format!(
                "ran out of time ({} ms spent, {} ms left)",
                elapsed.as_millis(),
                left.as_millis()
            ));
        }
        *left = *left - elapsed + self.control.increment();
        Ok(())
    }

    /// Charges `seat` the time since its turn began at `now`, as
    /// [`GameClock::charge`] does (its move arrived now).
    pub fn charge_turn(&mut self, seat: Seat, now: Instant) -> Result<(), String> {
        let elapsed = match self.running {
            Some((running, since)) if running == seat => now.saturating_duration_since(since),
            _ => Duration::ZERO,
        };
        self.charge(seat, elapsed)
    }

    /// The clock `seat`'s engine budgets its move from.
    #[must_use]
    pub fn search_clock(&self, seat: Seat, now: Instant) -> Clock {
        Clock {
            remaining: self.remaining(seat, now),
            increment: self.control.increment(),
            moves_to_go: None,
        }
    }

    /// The clock as a page shows it at `now`.
    #[must_use]
    pub fn view(&self, now: Instant) -> ClockView {
        ClockView {
            control: self.control,
            remaining_ms: (0..self.remaining.len())
                .map(|seat| {
                    u64::try_from(self.remaining(seat, now).as_millis()).unwrap_or(u64::MAX)
                })
                .collect(),
            running: self.running.map(|(seat, _)| seat),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_PLUS_THREE: TimeControl = TimeControl {
        seconds: 300,
        increment: 3,
    };

    #[test]
    fn a_move_costs_its_time_and_earns_the_increment() {
        let mut clock = GameClock::new(FIVE_PLUS_THREE, 2);
        clock.charge(1, Duration::from_secs(10)).unwrap();
        let now = Instant::now();
        assert_eq!(clock.remaining(1, now), Duration::from_secs(293));
        assert_eq!(clock.remaining(0, now), Duration::from_secs(300));
    }

    #[test]
    fn a_running_clock_counts_down_and_falls() {
        let mut clock = GameClock::new(FIVE_PLUS_THREE, 2);
        let start = Instant::now();
        clock.run(0, start);
        let later = start + Duration::from_secs(100);
        assert_eq!(clock.remaining(0, later), Duration::from_secs(200));
        assert_eq!(clock.fallen(later), None);
        assert_eq!(clock.fallen(start + Duration::from_secs(300)), Some(0));
        assert_eq!(clock.view(later).running, Some(0));
        assert_eq!(clock.view(later).remaining_ms, vec![200_000, 300_000]);
    }

    #[test]
    fn stopping_charges_without_increment() {
        let mut clock = GameClock::new(FIVE_PLUS_THREE, 2);
        let start = Instant::now();
        clock.run(0, start);
        clock.run(1, start + Duration::from_secs(20));
        let later = start + Duration::from_secs(30);
        assert_eq!(clock.remaining(0, later), Duration::from_secs(280));
        assert_eq!(clock.remaining(1, later), Duration::from_secs(290));
    }

    #[test]
    fn overspending_loses_on_time() {
        let mut clock = GameClock::new(
            TimeControl {
                seconds: 1,
                increment: 5,
            },
            2,
        );
        assert!(clock.charge(0, Duration::from_secs(2)).is_err());
        assert_eq!(clock.remaining(0, Instant::now()), Duration::ZERO);
    }

    #[test]
    fn reset_gives_the_base_time_back() {
        let mut clock = GameClock::new(FIVE_PLUS_THREE, 2);
        clock.charge(0, Duration::from_secs(100)).unwrap();
        clock.run(1, Instant::now());
        clock.reset();
        let view = clock.view(Instant::now());
        assert_eq!(view.remaining_ms, vec![300_000, 300_000]);
        assert_eq!(view.running, None);
    }
}
