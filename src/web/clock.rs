//! The clock a person asks for when a game against the engine starts: base
//! seconds and increment, range-checked here, where the request is read.
//! The clock itself lives in the session ([`crate::engine::GameClock`]).

use serde::Deserialize;

use crate::bounds;
use crate::engine::TimeControl;

use super::error::ApiError;

/// `"clock": {"seconds": 300, "increment": 3}` in `POST /api/sessions`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// Each side's time at the start, in seconds.
    pub seconds: u64,
    /// Seconds added after each move (default 0).
    #[serde(default)]
    pub increment: u64,
}

impl ClockRequest {
    /// The time control asked for, or a 400 naming the value out of range.
    pub fn control(self) -> Result<TimeControl, ApiError> {
        let range = |e: bounds::OutOfRange| ApiError::bad_request(e.to_string());
        Ok(TimeControl {
            seconds: bounds::CLOCK_SECONDS
                .check("clock.seconds", self.seconds)
                .map_err(range)?,
            increment: bounds::CLOCK_INCREMENT
                .check("clock.increment", self.increment)
                .map_err(range)?,
        })
    }
}
