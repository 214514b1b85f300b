//! Engine profiles: `<name>.toml` names a player — the game, the
//! searcher, its parameters and its limits per move.
//!
//! ```toml
//! game = "cescacs"
//! searcher = "alphabeta"          # or "random", "expectimax", "mcts", "greedy",
//!                                 # and for hidden-card games "rules", "pimc",
//!                                 # "ismcts", "cheating"
//! description = "full strength"
//! eval = "classic"                # or "network": the game's trained network
//! options = ["stalemate=two-thirds"]   # the game's rule options, KEY=VALUE
//!
//! [parameters]                    # the searcher's settings (SearchConfig)
//! threads = 1
//! hash_mb = 64
//! late_move_reductions = true
//!
//! [parameters.eval]               # the evaluator's weights by name (the
//! mobility = 3                    # game's `Weights`; the rest keep their
//!                                 # defaults)
//!
//! [tune]                          # what `tauler tune` may change (see
//! futility_margin = { min = 50, max = 400, c_end = 15, r_end = 0.002 }
//! "eval.mobility" = { min = 0, max = 10, c_end = 1, r_end = 0.002 }
//!                                 # [`super::tunable`])
//!
//! [choice]                        # a level's rule (`super::level`): the
//! temperature = 60                # move drawn by softmax over root scores
//!
//! [limits]                        # per move; any combination
//! movetime_ms = 100
//! depth = 12
//! nodes = 1000000
//! clock_ms = 60000                # a game clock instead of a fixed time
//! increment_ms = 1000
//! moves_to_go = 40
//! ```
//!
//! An external engine (a program speaking UCI or UGI) is a profile too:
//!
//! ```toml
//! game = "cardchess"
//! searcher = "external"
//! options = ["cards=off"]              # the rules it is told (UGI) or plays (UCI)
//! command = ["/usr/games/stockfish"]  # or one string; `{tauler}` is this program
//! protocol = "uci"                    # or "ugi"
//! workdir = "/tmp"                    # where it runs (default: the current directory)
//!
//! [engine_options]                    # sent with `setoption` after the handshake
//! UCI_LimitStrength = true
//! UCI_Elo = 1500
//!
//! [limits]
//! movetime_ms = 100
//! ```
//!
//! The shipped profiles (`engines/`) are built into the program; where a

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::bounds::{self, OutOfRange};
use crate::game::{GameOptions, OptionError};
use crate::games::{GameId, UnknownGame};
use crate::knowledge::{EvalKind, PolicyModel};
use crate::search::modelling::{
    Chains, Inference as ModellingInference, Modelling, PlayoutModel, Sampler, Weighed,
};
use crate::search::uct::UctConfig;
use crate::search::SearchConfig;
use crate::user_files;

use super::level::Choice;
use super::tunable::{read_tunables, Tunable, TunableError};

mod chance;
mod file;
mod limits;
mod sampling;
mod searcher;

pub use chance::ChanceParams;
pub use file::ExternalSpec;
use file::{external_spec, ProfileFile};
pub use limits::LimitSpec;
pub use sampling::{
    BidInference, Bidding, Inference, InferenceSeats, Opponents, Playout, SamplingParams,
};
pub use searcher::SearcherKind;

/// The key of `[parameters]` that holds the evaluator's weights
/// (`[parameters.eval]`), read by the game, not the searcher.
pub const EVAL_KEY: &str = "eval";

/// Why a profile could not be used.
#[derive(Debug, Error)]
pub enum ProfileError {
    /// Profile names are plain words (letters, digits, `-`, `_`).
    #[error("`{0}` is not a profile name (use letters, digits, `-` and `_`)")]
    BadName(String),
    /// A profile file whose name is not a profile name.
    #[error("{}: a profile's file name is its name (letters, digits, `-` and `_`) and `.toml`", .0.display())]
    BadFileName(PathBuf),
    /// No such profile.
    #[error("no engine profile `{name}` (searched {searched})")]
    NotFound {
        /// The name asked for.
        name: String,
        /// Where it was looked for.
        searched: String,
    },
    /// The file could not be read.
    #[error("cannot read engine profile {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// The text is not a valid profile.
    #[error("engine profile `{name}` is invalid: {message}")]
    Invalid {
        /// The profile.
        name: String,
        /// What is wrong, from the TOML reader.
        message: String,
    },
    /// The profile plays another game.
    #[error("engine profile `{name}` plays {found}, not {expected}")]
    WrongGame {
        /// The profile.
        name: String,
        /// The game wanted.
        expected: String,
        /// The game the profile names.
        found: String,
    },
    /// The profile names a game the program does not know.
    #[error("engine profile `{name}`: {source}")]
    UnknownGame {
        /// The profile.
        name: String,
        /// The error naming the known games.
        source: UnknownGame,
    },
    /// The profile's searcher cannot play this game (e.g. alpha-beta at a
    /// hidden-card table, or PIMC at a perfect-information game).
    #[error("engine profile `{name}`: searcher `{}` cannot play {game}", .searcher.name())]
    Unsupported {
        /// The profile.
        name: String,
        /// Its searcher.
        searcher: SearcherKind,
        /// The game.
        game: String,
    },
    /// The `[tune]` table is wrong.
    #[error("engine profile `{name}`: [tune] {source}")]
    Tune {
        /// The profile.
        name: String,
        /// The mistake.
        source: TunableError,
    },
    /// One of the profile's game options is wrong.
    #[error("engine profile `{name}`: {source}")]
    Option {
        /// The profile.
        name: String,
        /// The option error.
        source: OptionError,
    },
}

/// A named player definition.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineProfile {
    /// The profile's name (its file name without `.toml`).
    pub name: String,
    /// The game's command-line name.
    pub game: String,
    /// The searcher.
    pub searcher: SearcherKind,
    /// One line for humans.
    pub description: String,
    /// Rule options of the game, `KEY=VALUE`.
    pub options: Vec<String>,
    /// The searcher's parameters, read by [`EngineProfile::search_config`].
    pub parameters: toml::Table,
    /// Limits per move.
    pub limits: LimitSpec,
    /// The program, for `searcher = "external"`.
    pub external: Option<ExternalSpec>,
    /// The parameters `tauler tune` may change (`[tune]`), in file order.
    pub tune: Vec<Tunable>,
    /// The level rule's temperature (`[choice]`, [`super::level`]): the
    /// move drawn from the softmax of the root scores instead of the best.
    pub choice: Option<Choice>,
    /// Which evaluation the searcher uses (`eval = "classic"`, the
    /// default, or `"network"`, the game's trained network).
    pub eval: EvalKind,
}

/// Checks that `name` is a plain profile name.
pub(super) fn check_name(name: &str) -> Result<(), ProfileError> {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if plain {
        Ok(())
    } else {
        Err(ProfileError::BadName(name.to_string()))
    }
}

impl EngineProfile {
    /// Reads a profile from its TOML text.
    pub fn parse(name: &str, text: &str) -> Result<Self, ProfileError> {
        let mut file: ProfileFile =
            toml::from_str(text).map_err(|error| ProfileError::Invalid {
                name: name.to_string(),
                message: user_files::toml_error(text, &error),
            })?;
        let external = external_spec(name, &mut file)?;
        let mut profile = Self {
            name: name.to_string(),
            game: file.game,
            searcher: file.searcher,
            description: file.description,
            options: file.options,
            parameters: file.parameters,
            limits: file.limits,
            external,
            tune: Vec::new(),
            choice: file.choice,
            eval: file.eval,
        };
        profile.validate()?;
        profile.tune =
            read_tunables(&profile, &file.tune).map_err(|source| ProfileError::Tune {
                name: name.to_string(),
                source,
            })?;
        Ok(profile)
    }

    /// Checks the limits and the searcher's parameters (their ranges), as
    /// reading a profile does; for a profile changed after reading.
    pub fn validate(&self) -> Result<(), ProfileError> {
        self.limits.check().map_err(|error| ProfileError::Invalid {
            name: self.name.clone(),
            message: format!("[limits] {error}"),
        })?;
        if let Some(choice) = &self.choice {
            choice.check().map_err(|error| ProfileError::Invalid {
                name: self.name.clone(),
                message: format!("[choice] {error}"),
            })?;
            if !matches!(
                self.searcher,
                SearcherKind::AlphaBeta
                    | SearcherKind::Expectimax
                    | SearcherKind::Mcts
                    | SearcherKind::Pimc
                    | SearcherKind::Ismcts
            ) {
                return Err(ProfileError::Invalid {
                    name: self.name.clone(),
                    message: format!(
                        "[choice] needs root scores: searcher `{}` has none (use alphabeta, expectimax, mcts, pimc or ismcts)",
                        self.searcher.name()
                    ),
                });
            }
        }
        self.search_config()?;
        self.chance_params()?;
        self.sampling_config()?;
        self.eval_weights()?;
        if self.eval == EvalKind::Network && !self.searcher.evaluates() {
            return Err(ProfileError::Invalid {
                name: self.name.clone(),
                message: format!(
                    "eval = \"network\": searcher `{}` has no evaluator",
                    self.searcher.name()
                ),
            });
        }
        Ok(())
    }

    /// Loads `<dir>/<name>.toml`.
    pub fn load_from(dir: &Path, name: &str) -> Result<Self, ProfileError> {
        check_name(name)?;
        let path = dir.join(format!("{name}.toml"));
        let text = user_files::read_to_string(&path).map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                ProfileError::NotFound {
                    name: name.to_string(),
                    searched: path.display().to_string(),
                }
            } else {
                ProfileError::Io {
                    path: path.clone(),
                    source,
                }
            }
        })?;
        Self::parse(name, &text)
    }

    /// `[parameters]` read as the searcher's settings `T` (without the
    /// evaluator's weights, `[parameters.eval]`, for the searchers that
    /// evaluate).
    pub fn read_parameters<T: serde::de::DeserializeOwned>(&self) -> Result<T, ProfileError> {
        let mut parameters = self.parameters.clone();
        if self.searcher.evaluates() {
            parameters.remove(EVAL_KEY);
        }
        parameters
            .try_into()
            .map_err(|error: toml::de::Error| ProfileError::Invalid {
                name: self.name.clone(),
                message: format!("[parameters]: {}", error.message()),
            })
    }

    /// The evaluator's weights, `[parameters.eval]` (empty when absent),
    /// for the game to read (`EvaluatedGame::weighted_evaluator`).
    pub fn eval_weights(&self) -> Result<toml::Table, ProfileError> {
        let invalid = |message: String| ProfileError::Invalid {
            name: self.name.clone(),
            message,
        };
        match self.parameters.get(EVAL_KEY) {
            None => Ok(toml::Table::new()),
            Some(toml::Value::Table(weights)) if self.searcher.evaluates() => Ok(weights.clone()),
            Some(toml::Value::Table(_)) => Err(invalid(format!(
                "[parameters.eval]: searcher `{}` has no evaluator to weight",
                self.searcher.name()
            ))),
            Some(_) => Err(invalid(
                "[parameters] eval: must be a table of the evaluator's weights ([parameters.eval])"
                    .into(),
            )),
        }
    }

    /// A `[parameters]` value outside its range, as a profile error.
    fn out_of_range(&self, error: OutOfRange) -> ProfileError {
        ProfileError::Invalid {
            name: self.name.clone(),
            message: format!("[parameters] {error}"),
        }
    }

    /// The alpha-beta settings from `[parameters]` (defaults for the rest),
    /// each numeric one range-checked.
    pub fn search_config(&self) -> Result<SearchConfig, ProfileError> {
        if self.searcher != SearcherKind::AlphaBeta {
            return Ok(SearchConfig::default());
        }
        let config: SearchConfig = self.read_parameters()?;
        check_search_config(&config).map_err(|e| self.out_of_range(e))?;
        Ok(config)
    }

    /// The expectimax or MCTS settings from `[parameters]` (defaults for
    /// the rest; all defaults for the other searchers).
    pub fn chance_params(&self) -> Result<ChanceParams, ProfileError> {
        if !matches!(self.searcher, SearcherKind::Expectimax | SearcherKind::Mcts) {
            return Ok(ChanceParams::default());
        }
        let params: ChanceParams = self.read_parameters()?;
        let checked = bounds::TABLE_BITS
            .check("table_bits", params.table_bits)
            .and_then(|_| bounds::PLIES.check("quiescence_plies", params.quiescence_plies))
            .and_then(|_| bounds::THREADS.check("threads", params.threads))
            .and_then(|_| bounds::EXPLORATION.check("exploration", params.exploration));
        checked.map_err(|e| self.out_of_range(e))?;
        Ok(params)
    }

    /// The PIMC, ISMCTS or cheating-UCT settings from `[parameters]`
    /// (defaults for the rest; all defaults for the other searchers). The
    /// `nodes` limit is the playouts per decision.
    pub fn sampling_config(&self) -> Result<UctConfig, ProfileError> {
        if !matches!(
            self.searcher,
            SearcherKind::Pimc | SearcherKind::Ismcts | SearcherKind::Cheating
        ) {
            return Ok(UctConfig::default());
        }
        let params = self.sampling_params()?;
        if let Some(nodes) = self.limits.nodes {
            bounds::PLAYOUTS
                .check("nodes", nodes)
                .map_err(|error| ProfileError::Invalid {
                    name: self.name.clone(),
                    message: format!("[limits] {error} (playouts of a sampling searcher)"),
                })?;
        }
        Ok(UctConfig {
            exploration: params.exploration,
            trees: params.parallel,
            objective: params.objective,
        })
    }

    /// Whether the profile's player sees cards its seat may not (the
    /// cheating searcher, or a sampling searcher with `partner_sight`): a
    /// measurement tool that fair tables refuse.
    pub fn sees_hidden_cards(&self) -> Result<bool, ProfileError> {
        Ok(match self.searcher {
            SearcherKind::Cheating => true,
            SearcherKind::Pimc | SearcherKind::Ismcts => self.sampling_params()?.partner_sight,
            _ => false,
        })
    }

    /// The sampled worlds per contract decision when a PIMC or ISMCTS
    /// profile bids by simulation (`bidding = "simulation"`), else `None`.
    pub fn bid_simulation(&self) -> Result<Option<u32>, ProfileError> {
        if !matches!(self.searcher, SearcherKind::Pimc | SearcherKind::Ismcts) {
            return Ok(None);
        }
        let params = self.sampling_params()?;
        Ok((params.bidding == Bidding::Simulation).then_some(params.bid_worlds))
    }

    /// The inference pool a simulation bidder draws its worlds from
    /// (`bid_inference = "inference"`: the play's), else `None` (uniform
    /// worlds). An error when the profile asks for it without an
    /// `inference`.
    pub fn bid_inference(&self) -> Result<Option<ModellingInference>, ProfileError> {
        if self.bid_simulation()?.is_none()
            || self.sampling_params()?.bid_inference == BidInference::Uniform
        {
            return Ok(None);
        }
        match self.modelling()?.inference {
            Some(inference) => Ok(Some(inference)),
            None => Err(ProfileError::Invalid {
                name: self.name.clone(),
                message: "[parameters] bid_inference = \"inference\" needs an `inference` \
                          (\"policy\" or \"mcmc\")"
                    .into(),
            }),
        }
    }

    /// How a PIMC or ISMCTS profile models the other seats (inference on
    /// its worlds, policy playouts); the plain search for the others.
    pub fn modelling(&self) -> Result<Modelling, ProfileError> {
        if !matches!(self.searcher, SearcherKind::Pimc | SearcherKind::Ismcts) {
            return Ok(Modelling::default());
        }
        let params = self.sampling_params()?;
        let model = PolicyModel {
            temperature: params.model_temperature,
            epsilon: params.model_epsilon,
        };
        Ok(Modelling {
            inference: match params.inference {
                Inference::None => None,
                Inference::Policy => Some(Sampler::Importance),
                Inference::Mcmc => Some(Sampler::Metropolis(Chains {
                    chains: params.mcmc_chains,
                    burn_in: params.mcmc_burn_in,
                    thin: params.mcmc_thin,
                })),
            }
            .map(|sampler| ModellingInference {
                worlds: params.inference_worlds,
                model,
                sampler,
                seats: match params.inference_seats {
                    InferenceSeats::Others => Weighed::Others,
                    InferenceSeats::Opponents => Weighed::Opponents,
                    InferenceSeats::EnginePartner => Weighed::EnginePartner,
                },
            }),
            playout: (params.playout != Playout::Random).then_some(PlayoutModel {
                model: PolicyModel {
                    temperature: params.playout_temperature,
                    epsilon: params.playout_epsilon,
                },
                informed: params.playout == Playout::Informed,
            }),
            opponents: (params.opponents == Opponents::Policy).then_some(model),
        })
    }

    /// The sampling searchers' `[parameters]`, range-checked.
    fn sampling_params(&self) -> Result<SamplingParams, ProfileError> {
        let params: SamplingParams = self.read_parameters()?;
        let checked = bounds::EXPLORATION
            .check("exploration", params.exploration)
            .and_then(|_| bounds::THREADS.check("parallel", params.parallel))
            .and_then(|_| bounds::BID_WORLDS.check("bid_worlds", params.bid_worlds))
            .and_then(|_| {
                bounds::INFERENCE_WORLDS.check("inference_worlds", params.inference_worlds)
            })
            .and_then(|_| bounds::MCMC_CHAINS.check("mcmc_chains", params.mcmc_chains))
            .and_then(|_| bounds::MCMC_STEPS.check("mcmc_burn_in", params.mcmc_burn_in))
            .and_then(|_| bounds::MCMC_THIN.check("mcmc_thin", params.mcmc_thin))
            .and_then(|_| {
                bounds::MODEL_TEMPERATURE.check("model_temperature", params.model_temperature)
            })
            .and_then(|_| bounds::MODEL_EPSILON.check("model_epsilon", params.model_epsilon))
            .and_then(|_| {
                bounds::MODEL_TEMPERATURE.check("playout_temperature", params.playout_temperature)
            })
            .and_then(|_| bounds::MODEL_EPSILON.check("playout_epsilon", params.playout_epsilon));
        checked.map_err(|e| self.out_of_range(e))?;
        Ok(params)
    }

    /// The registered game the profile plays, checked to be served by the
    /// profile's searcher (the registry's `searchers`).
    pub fn registered_game(&self) -> Result<GameId, ProfileError> {
        let game: GameId = self
            .game
            .parse()
            .map_err(|source| ProfileError::UnknownGame {
                name: self.name.clone(),
                source,
            })?;
        let external = self.searcher == SearcherKind::External;
        if external || game.info().searchers.contains(&self.searcher.name()) {
            Ok(game)
        } else {
            Err(ProfileError::Unsupported {
                name: self.name.clone(),
                searcher: self.searcher,
                game: self.game.clone(),
            })
        }
    }

    /// Checks that the profile plays `game`.
    pub fn expect_game(&self, game: &str) -> Result<(), ProfileError> {
        if self.game == game {
            Ok(())
        } else {
            Err(ProfileError::WrongGame {
                name: self.name.clone(),
                expected: game.to_string(),
                found: self.game.clone(),
            })
        }
    }

    /// The game's rule options, from defaults plus the profile's `options`.
    pub fn game_options<O: GameOptions>(&self) -> Result<O, ProfileError> {
        O::from_pairs(self.options.iter().map(String::as_str)).map_err(|source| {
            ProfileError::Option {
                name: self.name.clone(),
                source,
            }
        })
    }
}

/// Checks every numeric alpha-beta setting against its range.
fn check_search_config(config: &SearchConfig) -> Result<(), OutOfRange> {
    bounds::THREADS.check("threads", config.threads)?;
    bounds::HASH_MB.check("hash_mb", config.hash_mb)?;
    bounds::MULTIPV.check("multipv", config.multipv)?;
    let plies = bounds::PLIES;
    let quiescence_plies = u32::try_from(config.quiescence_plies).unwrap_or(u32::MAX);
    plies.check("quiescence_plies", quiescence_plies)?;
    plies.check("aspiration_min_depth", config.aspiration_min_depth)?;
    plies.check("lmr_min_depth", config.lmr_min_depth)?;
    plies.check("futility_depth", config.futility_depth)?;
    plies.check("lmp_depth", config.lmp_depth)?;
    plies.check("iir_min_depth", config.iir_min_depth)?;
    plies.check("null_move_min_depth", config.null_move_min_depth)?;
    plies.check("null_move_reduction", config.null_move_reduction)?;
    bounds::NULL_MOVE_DIVISOR.check("null_move_divisor", config.null_move_divisor)?;
    plies.check("see_pruning_depth", config.see_pruning_depth)?;
    plies.check("split_min_depth", config.split_min_depth)?;
    bounds::MOVE_INDEX.check("lmr_min_index", config.lmr_min_index)?;
    bounds::HUNDREDTHS.check("lmr_base", config.lmr_base)?;
    bounds::LMR_DIVISOR.check("lmr_divisor", config.lmr_divisor)?;
    let margin = bounds::SCORE_MARGIN;
    margin.check("delta_margin", config.delta_margin)?;
    margin.check("aspiration_window", config.aspiration_window)?;
    margin.check("reverse_futility_margin", config.reverse_futility_margin)?;
    margin.check("futility_margin", config.futility_margin)?;
    margin.check("see_margin", config.see_margin)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::time::Duration;

    use crate::search::Limits;

    const FULL: &str = r#"
game = "cescacs"
searcher = "alphabeta"
description = "test"
options = ["stalemate=two-thirds"]

[parameters]
threads = 2
hash_mb = 4
late_move_reductions = true

[limits]
movetime_ms = 250
clock_ms = 60000
increment_ms = 500
"#;

    #[test]
    fn a_full_profile_reads_back() {
        let profile = EngineProfile::parse("strong", FULL).unwrap();
        assert_eq!(profile.game, "cescacs");
        assert_eq!(profile.searcher, SearcherKind::AlphaBeta);
        assert_eq!(profile.options, ["stalemate=two-thirds"]);
        let config = profile.search_config().unwrap();
        assert_eq!((config.threads, config.hash_mb), (2, 4));
        assert!(config.late_move_reductions);
        assert_eq!(config.multipv, SearchConfig::default().multipv);
        let limits = profile.limits.limits();
        assert_eq!(limits.movetime, Some(Duration::from_millis(250)));
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(60));
        assert_eq!(clock.increment, Duration::from_millis(500));
        assert!(profile.expect_game("cescacs").is_ok());
        assert!(matches!(
            profile.expect_game("camelot"),
            Err(ProfileError::WrongGame { .. })
        ));
        assert_eq!(profile.registered_game().unwrap(), GameId::Cescacs);
        assert_eq!(
            profile.limits.summary(),
            "movetime 250 ms, clock 60000+500 ms"
        );
    }

    #[test]
    fn the_registry_decides_games_and_searchers() {
        let pimc = EngineProfile::parse("p", "game = \"camelot\"\nsearcher = \"pimc\"\n").unwrap();
        assert_eq!(
            pimc.registered_game().unwrap_err().to_string(),
            "engine profile `p`: searcher `pimc` cannot play camelot"
        );
        let go = EngineProfile::parse("g", "game = \"go\"\nsearcher = \"random\"\n").unwrap();
        assert!(go
            .registered_game()
            .unwrap_err()
            .to_string()
            .contains("unknown game `go` (known: "));
        assert_eq!(go.limits.summary(), "no limit");
    }

    #[test]
    fn a_minimal_random_profile_reads() {
        let profile =
            EngineProfile::parse("rnd", "game = \"camelot\"\nsearcher = \"random\"\n").unwrap();
        assert_eq!(profile.searcher, SearcherKind::Random);
        assert_eq!(profile.limits.limits(), Limits::default());
    }

    #[test]
    fn mistakes_are_named() {
        for (text, needle) in [
            ("game = \"x\"\n", "searcher"),
            ("game = \"x\"\nsearcher = \"minimax\"\n", "minimax"),
            (
                "game = \"x\"\nsearcher = \"random\"\ncolour = 1\n",
                "colour",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nthreds = 2\n",
                "threds",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[limits]\nmovetime = 2\n",
                "movetime",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nthreads = \"two\"\n",
                "parameters",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nhash_mb = 100000\n",
                "[parameters] hash_mb: 100000 is out of range (allowed 1 to 65536)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nthreads = 100000\n",
                "[parameters] threads: 100000 is out of range (allowed 1 to 256)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nlmr_divisor = 0\n",
                "[parameters] lmr_divisor: 0 is out of range (allowed 1 to 1000000)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nnull_move_divisor = 0\n",
                "[parameters] null_move_divisor: 0 is out of range (allowed 1 to 64)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[parameters]\nsee_margin = -5\n",
                "[parameters] see_margin: -5 is out of range (allowed 0 to 20000)",
            ),
            (
                "game = \"x\"\nsearcher = \"expectimax\"\n[parameters]\ntable_bits = 40\n",
                "[parameters] table_bits: 40 is out of range (allowed 1 to 26)",
            ),
            (
                "game = \"x\"\nsearcher = \"expectimax\"\n[parameters]\nquiescence_plies = 65\n",
                "[parameters] quiescence_plies: 65 is out of range (allowed 0 to 64)",
            ),
            (
                "game = \"x\"\nsearcher = \"mcts\"\n[parameters]\nexploration = nan\n",
                "[parameters] exploration: NaN is out of range",
            ),
            (
                "game = \"x\"\nsearcher = \"pimc\"\n[parameters]\nparallel = 0\n",
                "[parameters] parallel: 0 is out of range (allowed 1 to 256)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\nbid_worlds = 0\n",
                "[parameters] bid_worlds: 0 is out of range (allowed 1 to 100000)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\ninference_worlds = 0\n",
                "[parameters] inference_worlds: 0 is out of range (allowed 1 to 100000)",
            ),
            (
                "game = \"x\"\nsearcher = \"pimc\"\n[parameters]\nmodel_epsilon = 1.0\n",
                "[parameters] model_epsilon: 1 is out of range (allowed 0 to 0.99)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\nplayout_temperature = -1.0\n",
                "[parameters] playout_temperature: -1 is out of range (allowed 0 to 100)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\ninference = \"oracle\"\n",
                "unknown variant `oracle`, expected one of `none`, `policy`, `mcmc`",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\nmcmc_chains = 0\n",
                "[parameters] mcmc_chains: 0 is out of range (allowed 1 to 1024)",
            ),
            (
                "game = \"x\"\nsearcher = \"pimc\"\n[parameters]\nmcmc_burn_in = 100001\n",
                "[parameters] mcmc_burn_in: 100001 is out of range (allowed 0 to 100000)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\nmcmc_thin = 0\n",
                "[parameters] mcmc_thin: 0 is out of range (allowed 1 to 10000)",
            ),
            (
                "game = \"x\"\nsearcher = \"ismcts\"\n[parameters]\ninference_seats = \"partner\"\n",
                "unknown variant `partner`, expected one of `others`, `opponents`, `engine-partner`",
            ),
            (
                "game = \"x\"\nsearcher = \"pimc\"\n[limits]\nnodes = 5000000000\n",
                "[limits] nodes: 5000000000 is out of range (allowed 1 to 1000000000)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[limits]\ndepth = 4294967295\n",
                "[limits] depth: 4294967295 is out of range (allowed 1 to 64)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[limits]\nmovetime_ms = 0\n",
                "[limits] movetime_ms: 0 is out of range (allowed 1 to 86400000)",
            ),
            (
                "game = \"x\"\nsearcher = \"alphabeta\"\n[limits]\nclock_ms = 1\nmoves_to_go = 0\n",
                "[limits] moves_to_go: 0 is out of range (allowed 1 to 1000)",
            ),
            (
                "game = \"x\"\nsearcher = \"random\"\ncolour = = 1\n",
                "line 3, column 10",
            ),
        ] {
            let error = EngineProfile::parse("p", text).unwrap_err();
            assert!(matches!(error, ProfileError::Invalid { .. }), "{error}");
            assert!(
                error.to_string().contains(needle),
                "`{error}` lacks `{needle}`"
            );
        }
    }

    #[test]
    fn names_and_files_are_checked() {
        let dir = std::env::temp_dir().join(format!("tauler-profiles-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("fast.toml"), FULL).unwrap();
        assert_eq!(EngineProfile::load_from(&dir, "fast").unwrap().name, "fast");
        assert!(matches!(
            EngineProfile::load_from(&dir, "missing"),
            Err(ProfileError::NotFound { .. })
        ));
        for bad in ["../fast", "", "a b", "x/y"] {
            assert!(matches!(
                EngineProfile::load_from(&dir, bad),
                Err(ProfileError::BadName(_))
            ));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest! {
        #[test]
        fn any_text_gives_a_profile_or_an_error(text in "\\PC{0,200}") {
            let _ = EngineProfile::parse("p", &text);
        }

        #[test]
        fn mutated_profiles_never_panic(cut in 0usize..400, insert in "\\PC{0,8}") {
            let mut text = FULL.to_string();
            let at = (0..=cut.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            text.insert_str(at, &insert);
            let _ = EngineProfile::parse("p", &text);
        }
    }
}
