//! A Muzicando table's time per decision for people: the count starts when
//! a person's decision comes up and, once it has run out, the table's
//! watch (or any request to the table that comes first) plays the game's
//! rule-based choice for that person — computed from their seat's observation alone, so it
//! reveals nothing they could not see — and the match goes on.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::engine::AnyTable;
use crate::game::Seat;

use super::error::ApiError;
use super::store::{lock, short};

/// The decision being timed: whose, which (the seat's event count when it
/// came up), since when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Decision {
    seat: Seat,
    mark: usize,
    began: Instant,
}

/// The time each person has for a decision.
#[derive(Debug)]
pub struct DecisionTimer {
    limit: Duration,
    decision: Mutex<Option<Decision>>,
}

impl DecisionTimer {
    /// `limit` per decision.
    #[must_use]
    pub fn new(limit: Duration) -> Self {
        Self {
            limit,
            decision: Mutex::new(None),
        }
    }

    /// Starts the count when a person's new decision has come up at `table`.
    pub fn follow(&self, table: &dyn AnyTable, now: Instant) {
        let mut decision = lock(&self.decision);
        *decision = table.person_to_move().map(|seat| {
            let mark = table.event_count(seat);
            match *decision {
                Some(same) if same.seat == seat && same.mark == mark => same,
                _ => Decision {
                    seat,
                    mark,
                    began: now,
                },
            }
        });
    }

    /// When the decision being timed runs out (`None`: no person is to
    /// move).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        (*lock(&self.decision)).map(|d| d.began + self.limit)
    }

    /// Plays the default action of the person whose time has run out at
    /// `now`, if one has; says whether it did.
    pub fn expire(
        &self,
        table: &mut dyn AnyTable,
        id: &str,
        now: Instant,
    ) -> Result<bool, ApiError> {
        self.follow(table, now);
        let late = (*lock(&self.decision))
            .filter(|d| now.saturating_duration_since(d.began) >= self.limit)
            .map(|d| d.seat);
        if let Some(seat) = late {
            let action = table.default_action(seat)?;
            tracing::info!(table = short(id), seat, %action, "time ran out: the default action played");
            table.play(seat, &action)?;
            self.follow(table, Instant::now());
        }
        Ok(late.is_some())
    }

    /// The decision being timed at `now`, for the page: the seat, the time
    /// allowed and the time left, in milliseconds (`null`: no person is to
    /// move).
    #[must_use]
    pub fn view(&self, now: Instant) -> Value {
        let limit_ms = u64::try_from(self.limit.as_millis()).unwrap_or(u64::MAX);
        (*lock(&self.decision)).map_or(Value::Null, |d| {
            let left = self
                .limit
                .saturating_sub(now.saturating_duration_since(d.began));
            json!({
                "seat": d.seat,
                "limit_ms": limit_ms,
                "remaining_ms": u64::try_from(left.as_millis()).unwrap_or(u64::MAX),
            })
        })
    }
}
