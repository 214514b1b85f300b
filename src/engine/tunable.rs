//! Tunable parameters: an engine profile's `[tune]` table names the numeric
//! `[parameters]` that `tauler tune` may change, each with its range and
//! the SPSA step sizes at the end of a run, as fishtest takes them:
//!
//! ```toml
//! [tune]
//! futility_margin = { min = 50, max = 400, c_end = 15, r_end = 0.002 }
//! "eval.mobility" = { min = 0, max = 10, c_end = 1, r_end = 0.002 }
//! "eval.pawn_advance.1" = { min = 40, max = 300, c_end = 10, r_end = 0.002 }
//! ```
//!
//! A name is a path into `[parameters]`: `eval.mobility` is `mobility` of
//! `[parameters.eval]`, a number indexes an array. The tuning starts from
//! the value `[parameters]` gives, so the parameter must be written there
//! (a name the searcher or the evaluator does not read is refused when
//! `[parameters]` is read). `c_end` is the perturbation at the last
//! iteration (in the parameter's units), `r_end` the learning rate there
//! (`a_end = r_end · c_end²`). An integer parameter stays an integer:
//! the values played are rounded.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::profile::EngineProfile;

/// A mistake in a `[tune]` table, naming the parameter.
#[derive(Debug, Error, PartialEq)]
pub enum TunableError {
    /// The entry is not `{ min, max, c_end, r_end }`.
    #[error("`{name}`: give {{ min = …, max = …, c_end = …, r_end = … }} ({message})")]
    Spec {
        /// The parameter.
        name: String,
        /// What the reader found wrong.
        message: String,
    },
    /// The searcher reads no parameters (random, external).
    #[error("searcher `{0}` has no parameters to tune")]
    NoParameters(String),
    /// The parameter is not written in `[parameters]`.
    #[error("`{0}` is not set in [parameters] (the tuning starts from its value there)")]
    NotSet(String),
    /// The parameter is not a number.
    #[error("`{name}` is {found} in [parameters], not a number")]
    NotNumeric {
        /// The parameter.
        name: String,
        /// The TOML type found.
        found: String,
    },
    /// A bound or step is infinite or not a number.
    #[error("`{name}`: {key} must be a finite number, not {value}")]
    NotFinite {
        /// The parameter.
        name: String,
        /// `min`, `max`, `c_end` or `r_end`.
        key: &'static str,
        /// The value given.
        value: f64,
    },
    /// Not `min ≤ start ≤ max` with `min < max`.
    #[error("`{name}`: needs min <= start <= max and min < max, got min {min}, start {start} (from [parameters]), max {max}")]
    OutOfOrder {
        /// The parameter.
        name: String,
        /// Its lower bound.
        min: f64,
        /// Its value in `[parameters]`.
        start: f64,
        /// Its upper bound.
        max: f64,
    },
    /// A step size that is not above 0.
    #[error("`{name}`: {key} must be above 0, got {value}")]
    NotPositive {
        /// The parameter.
        name: String,
        /// `c_end` or `r_end`.
        key: &'static str,
        /// The value given.
        value: f64,
    },
    /// The profile is not valid with every tunable at its bound.
    #[error("the parameters at their {end} bounds are not valid: {message}")]
    Bounds {
        /// `min` or `max`.
        end: &'static str,
        /// The profile's complaint.
        message: String,
    },
}

/// The range and end-of-run steps of one tunable parameter.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TuneRange {
    /// The least value tried.
    pub min: f64,
    /// The greatest value tried.
    pub max: f64,
    /// The perturbation at the last iteration, in the parameter's units.
    pub c_end: f64,
    /// The learning rate at the last iteration.
    pub r_end: f64,
}

/// One parameter of a profile that `tauler tune` changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Tunable {
    /// Its path in `[parameters]` (`futility_margin`, `eval.mobility`,
    /// `eval.pawn_advance.1`).
    pub name: String,
    /// Its value in `[parameters]`, where tuning starts.
    pub start: f64,
    /// Whether it is an integer (values played are rounded).
    pub integer: bool,
    /// Its range and steps.
    pub range: TuneRange,
}

const SPEC_KEYS: [&str; 4] = ["min", "max", "c_end", "r_end"];

/// The entries of a `[tune]` table with their full names: a table holding
/// one of `min`, `max`, `c_end`, `r_end` is an entry, any other table
/// (`[tune.eval]`, or `eval.mobility = {…}` unquoted) nests names.
fn entries(prefix: &str, table: &toml::Table, out: &mut Vec<(String, toml::Value)>) {
    for (key, value) in table {
        let name = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(inner) if !SPEC_KEYS.iter().any(|k| inner.contains_key(*k)) => {
                entries(&name, inner, out);
            }
            other => out.push((name, other.clone())),
        }
    }
}

/// The value at `path` (dot-separated; a number indexes an array).
fn value_at<'a>(table: &'a toml::Table, path: &str) -> Option<&'a toml::Value> {
    let mut parts = path.split('.');
    let mut value = table.get(parts.next()?)?;
    for part in parts {
        value = match value {
            toml::Value::Table(inner) => inner.get(part)?,
            toml::Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(value)
}

/// The value at `path`, to change it.
fn value_at_mut<'a>(table: &'a mut toml::Table, path: &str) -> Option<&'a mut toml::Value> {
    let mut parts = path.split('.');
    let mut value = table.get_mut(parts.next()?)?;
    for part in parts {
        value = match value {
            toml::Value::Table(inner) => inner.get_mut(part)?,
            toml::Value::Array(items) => items.get_mut(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(value)
}

/// Reads `profile`'s `[tune]` table (`table`): every entry a number of
/// `[parameters]` with `min ≤ start ≤ max`, `min < max` and positive
/// steps, and the profile valid with all of them at their lower and at
/// their upper bounds. A start on a bound is allowed: a tuned value may
/// settle there, and its profile must load and tune again.
pub(super) fn read_tunables(
    profile: &EngineProfile,
    table: &toml::Table,
) -> Result<Vec<Tunable>, TunableError> {
    let mut found = Vec::new();
    entries("", table, &mut found);
    if found.is_empty() {
        return Ok(Vec::new());
    }
    if profile.external.is_some() || profile.searcher == super::SearcherKind::Random {
        return Err(TunableError::NoParameters(profile.searcher.name().into()));
    }
    let mut tunables = Vec::with_capacity(found.len());
    for (name, value) in found {
        let range: TuneRange =
            value
                .try_into()
                .map_err(|e: toml::de::Error| TunableError::Spec {
                    name: name.clone(),
                    message: e.message().trim().to_string(),
                })?;
        let (start, integer) = match value_at(&profile.parameters, &name) {
            None => return Err(TunableError::NotSet(name)),
            Some(toml::Value::Integer(n)) => (*n as f64, true),
            Some(toml::Value::Float(x)) => (*x, false),
            Some(other) => {
                return Err(TunableError::NotNumeric {
                    name,
                    found: other.type_str().to_string(),
                })
            }
        };
        for (key, value) in [
            ("min", range.min),
            ("max", range.max),
            ("c_end", range.c_end),
            ("r_end", range.r_end),
        ] {
            if !value.is_finite() {
                return Err(TunableError::NotFinite { name, key, value });
            }
        }
        if !(range.min <= start && start <= range.max && range.min < range.max) {
            return Err(TunableError::OutOfOrder {
                name,
                min: range.min,
                start,
                max: range.max,
            });
        }
        for (key, value) in [("c_end", range.c_end), ("r_end", range.r_end)] {
            if value <= 0.0 {
                return Err(TunableError::NotPositive { name, key, value });
            }
        }
        tunables.push(Tunable {
            name,
            start,
            integer,
            range,
        });
    }
    for (end, values) in [
        (
            "min",
            tunables.iter().map(|t| t.range.min).collect::<Vec<_>>(),
        ),
        ("max", tunables.iter().map(|t| t.range.max).collect()),
    ] {
        let corner = with_values(profile, &tunables, &profile.name, &values);
        corner.validate().map_err(|e| TunableError::Bounds {
            end,
            message: e.to_string(),
        })?;
    }
    Ok(tunables)
}

/// `profile` named `name` with `values` (one per tunable of `tunables`, in
/// order) written into `[parameters]`, the integer ones rounded.
fn with_values(
    profile: &EngineProfile,
    tunables: &[Tunable],
    name: &str,
    values: &[f64],
) -> EngineProfile {
    let mut tuned = profile.clone();
    tuned.name = name.to_string();
    for (tunable, &value) in tunables.iter().zip(values) {
        if let Some(slot) = value_at_mut(&mut tuned.parameters, &tunable.name) {
            *slot = if tunable.integer {
                toml::Value::Integer(value.round() as i64)
            } else {
                toml::Value::Float(value)
            };
        }
    }
    tuned
}

impl EngineProfile {
    /// This profile named `name`, its tunable parameters set to `values`
    /// (one per entry of [`EngineProfile::tune`], in order; integers
    /// rounded), the `[tune]` table kept.
    #[must_use]
    pub fn with_tuned(&self, name: &str, values: &[f64]) -> EngineProfile {
        let mut tuned = with_values(self, &self.tune, name, values);
        for (tunable, &value) in tuned.tune.iter_mut().zip(values) {
            tunable.start = if tunable.integer {
                value.round()
            } else {
                value
            };
        }
        tuned
    }

    /// The profile as a TOML file (reads back to the same profile): the
    /// form `tauler tune` writes its result in. External engines have no
    /// parameters to write and keep their own file.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut file = toml::Table::new();
        file.insert("game".into(), self.game.clone().into());
        file.insert("searcher".into(), self.searcher.name().into());
        file.insert("description".into(), self.description.clone().into());
        if !self.options.is_empty() {
            file.insert("options".into(), self.options.clone().into());
        }
        if !self.parameters.is_empty() {
            file.insert("parameters".into(), self.parameters.clone().into());
        }
        if self.limits != super::LimitSpec::default() {
            if let Ok(limits) = toml::Table::try_from(&self.limits) {
                file.insert("limits".into(), limits.into());
            }
        }
        if !self.tune.is_empty() {
            let mut tune = toml::Table::new();
            for tunable in &self.tune {
                if let Ok(range) = toml::Table::try_from(tunable.range) {
                    tune.insert(tunable.name.clone(), range.into());
                }
            }
            file.insert("tune".into(), tune.into());
        }
        toml::to_string(&file).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ProfileError;

    const TUNED: &str = r#"
game = "cescacs"
searcher = "alphabeta"
description = "tuned"

[parameters]
futility_margin = 150
lmr_base = 75

[parameters.eval]
mobility = 3
pawn_advance = [0, 120, 70, 40, 20, 10, 5, 0]

[parameters.eval.material]
queen = 1600

[limits]
nodes = 1000

[tune]
futility_margin = { min = 50, max = 400, c_end = 15, r_end = 0.002 }
"eval.pawn_advance.1" = { min = 40, max = 300, c_end = 10, r_end = 0.002 }

[tune.eval]
mobility = { min = 0, max = 10, c_end = 1, r_end = 0.002 }
material.queen = { min = 1200, max = 2000, c_end = 40, r_end = 0.002 }
"#;

    #[test]
    fn tunables_are_read_from_parameters() {
        let profile = EngineProfile::parse("t", TUNED).unwrap();
        let names: Vec<&str> = profile.tune.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "eval.material.queen",
                "eval.mobility",
                "eval.pawn_advance.1",
                "futility_margin"
            ]
        );
        let starts: Vec<f64> = profile.tune.iter().map(|t| t.start).collect();
        assert_eq!(starts, [1600.0, 3.0, 120.0, 150.0]);
        assert!(profile.tune.iter().all(|t| t.integer));
        assert_eq!(profile.tune[3].range.c_end, 15.0);
    }

    #[test]
    fn tuned_values_are_written_rounded_and_read_back() {
        let profile = EngineProfile::parse("t", TUNED).unwrap();
        let tuned = profile.with_tuned("t-tuned", &[1650.4, 4.6, 99.5, 151.2]);
        let at_bound = profile.with_tuned("t-low", &[1200.0, 0.2, 40.0, 50.0]);
        let text = at_bound.to_toml();
        assert_eq!(
            EngineProfile::parse("t-low", &text).unwrap(),
            at_bound,
            "a value tuned onto its bound reads back"
        );
        assert_eq!(tuned.name, "t-tuned");
        assert_eq!(tuned.search_config().unwrap().futility_margin, 151);
        let weights = tuned.eval_weights().unwrap();
        assert_eq!(
            value_at(&weights, "mobility"),
            Some(&toml::Value::Integer(5))
        );
        assert_eq!(
            value_at(&weights, "pawn_advance.1"),
            Some(&toml::Value::Integer(100))
        );
        assert_eq!(
            value_at(&weights, "material.queen"),
            Some(&toml::Value::Integer(1650))
        );
        let text = tuned.to_toml();
        let again = EngineProfile::parse("t-tuned", &text).unwrap();
        assert_eq!(again, tuned, "{text}");
        assert_eq!(again.tune[1].start, 5.0);
    }

    #[test]
    fn mistakes_in_tune_tables_are_named() {
        let base = "game = \"cescacs\"\nsearcher = \"alphabeta\"\n\
                    [parameters]\nfutility_margin = 150\nquiescence = true\n";
        for (tune, expected) in [
            (
                "lmr_base = { min = 0, max = 200, c_end = 5, r_end = 0.002 }",
                TunableError::NotSet("lmr_base".into()),
            ),
            (
                "quiescence = { min = 0, max = 2, c_end = 1, r_end = 0.002 }",
                TunableError::NotNumeric {
                    name: "quiescence".into(),
                    found: "boolean".into(),
                },
            ),
            (
                "futility_margin = { min = 160, max = 400, c_end = 15, r_end = 0.002 }",
                TunableError::OutOfOrder {
                    name: "futility_margin".into(),
                    min: 160.0,
                    start: 150.0,
                    max: 400.0,
                },
            ),
            (
                "futility_margin = { min = 150, max = 150, c_end = 15, r_end = 0.002 }",
                TunableError::OutOfOrder {
                    name: "futility_margin".into(),
                    min: 150.0,
                    start: 150.0,
                    max: 150.0,
                },
            ),
            (
                "futility_margin = { min = 50, max = 400, c_end = 0, r_end = 0.002 }",
                TunableError::NotPositive {
                    name: "futility_margin".into(),
                    key: "c_end",
                    value: 0.0,
                },
            ),
            (
                "futility_margin = { min = 50, max = 400, c_end = 5, r_end = -1 }",
                TunableError::NotPositive {
                    name: "futility_margin".into(),
                    key: "r_end",
                    value: -1.0,
                },
            ),
            (
                "futility_margin = { min = 50, max = inf, c_end = 5, r_end = 1 }",
                TunableError::NotFinite {
                    name: "futility_margin".into(),
                    key: "max",
                    value: f64::INFINITY,
                },
            ),
        ] {
            let text = format!("{base}[tune]\n{tune}\n");
            match EngineProfile::parse("p", &text) {
                Err(ProfileError::Tune { source, .. }) => assert_eq!(source, expected, "{tune}"),
                other => panic!("{tune}: {other:?}"),
            }
        }
        for (tune, needle) in [
            ("futility_margin = 3", "`futility_margin`: give { min"),
            (
                "futility_margin = { min = 50, max = 400, c_end = 5 }",
                "r_end",
            ),
            (
                "futility_margin = { min = 50, max = 400, c_end = 5, r_end = 1, step = 2 }",
                "step",
            ),
            (
                "futility_margin = { min = -10, max = 400, c_end = 5, r_end = 1 }",
                "at their min bounds are not valid",
            ),
        ] {
            let text = format!("{base}[tune]\n{tune}\n");
            let error = EngineProfile::parse("p", &text).unwrap_err().to_string();
            assert!(error.contains(needle), "{tune}: {error}");
            assert!(error.starts_with("engine profile `p`: [tune] "), "{error}");
        }
        let random = "game = \"cescacs\"\nsearcher = \"random\"\n[parameters]\nx = 1\n\
                      [tune]\nx = { min = 0, max = 2, c_end = 1, r_end = 1 }\n";
        assert!(matches!(
            EngineProfile::parse("p", random),
            Err(ProfileError::Tune {
                source: TunableError::NoParameters(_),
                ..
            })
        ));
    }
}
