//! Match statistics: score distributions (trinomial per game, pentanomial
//! per game pair), Elo with confidence intervals, normalized Elo, LOS, the
//! generalized SPRT, Bradley–Terry ratings and crosstables.

pub mod bradley_terry;
pub mod crosstable;
pub mod distribution;
pub mod elo;
pub mod sprt;

pub use bradley_terry::{anchored_bradley_terry, bradley_terry, AnchoredRating};
pub use crosstable::Crosstable;
pub use distribution::ScoreDistribution;
pub use elo::{expected_score, logistic_elo, normal_cdf, EloEstimate, Z95};
pub use sprt::{Sprt, SprtDecision, SprtError, SprtModel, SprtState};
