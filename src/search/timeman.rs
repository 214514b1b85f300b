//! Time management: turns [`Limits`] into two deadlines, one after which no
//! new iteration starts and one at which the search is cut off mid-iteration.

use std::time::Duration;

use super::limits::Limits;

/// Moves assumed left in the game when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Time kept in reserve on the clock (or a tenth of it, if less is left).
const CLOCK_RESERVE: Duration = Duration::from_millis(50);

/// The deadlines of one search, measured from its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimePlan {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Abort the search at this point.
    pub hard: Option<Duration>,
}

impl TimePlan {
    /// Plans the time for `limits`.
    ///
    /// A fixed movetime is used in full: the search stops only at the hard
    /// deadline, which is the movetime itself. From a clock the engine aims at
    /// an equal share of the remaining time plus most of the increment; it
    /// starts no iteration past half that share (the next one would likely
    /// not finish) and never uses more than three shares or two fifths of the
    /// clock.
    #[must_use]
    pub fn new(limits: &Limits) -> Self {
        let mut plan = Self::default();
        if let Some(movetime) = limits.movetime {
            plan.soft = Some(movetime);
            plan.hard = Some(movetime);
        }
        if let Some(clock) = limits.clock {
            let reserve = CLOCK_RESERVE.min(clock.remaining / 10);
            let usable = clock.remaining.saturating_sub(reserve);
            let moves = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
            let share = (usable / moves)
                .saturating_add(clock.increment.saturating_mul(3) / 4)
                .min(usable);
            let hard = share
                .saturating_mul(3)
                .min(usable.saturating_mul(2) / 5)
                .max(share);
            plan.soft = Some(min_some(plan.soft, share / 2));
            plan.hard = Some(min_some(plan.hard, hard));
        }
        plan
    }
}

fn min_some(current: Option<Duration>, other: Duration) -> Duration {
    current.map_or(other, |current| current.min(other))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    #[test]
    fn movetime_is_both_deadlines() {
        let plan = TimePlan::new(&Limits::movetime(Duration::from_millis(300)));
        assert_eq!(plan.soft, Some(Duration::from_millis(300)));
        assert_eq!(plan.hard, Some(Duration::from_millis(300)));
    }

    #[test]
    fn clock_share_stays_within_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::from_secs(1),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits);
        let hard = plan.hard.unwrap();
        let soft = plan.soft.unwrap();
        assert!(soft < hard);
        assert!(hard <= Duration::from_secs(24));
        assert!(hard >= Duration::from_secs(2));
    }

    #[test]
    fn last_move_before_control_may_use_most_of_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(1000),
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits);
        assert_eq!(plan.hard, Some(Duration::from_millis(950)));
    }

    #[test]
    fn absurd_clocks_do_not_overflow() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(u64::MAX),
                increment: Duration::from_millis(u64::MAX),
                moves_to_go: Some(0),
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits);
        assert!(plan.soft <= plan.hard);
    }

    #[test]
    fn nearly_empty_clock_keeps_a_reserve() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(20),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let hard = TimePlan::new(&limits).hard.unwrap();
        assert!(hard < Duration::from_millis(20));
    }
}
