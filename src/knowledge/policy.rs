//! Rule-based policies: fast players that follow a game's rules of thumb,
//! seeing only one seat's observation. They serve as baselines, as the
//! rollout policy of simulations, and as engines of their own. Their
//! parameters are typed; reading them from a profile is the engine's job.
//! Made stochastic ([`PolicyModel`]) a policy is also a model of the other
//! seats: searches weigh sampled worlds by how likely it makes the calls
//! and plays seen, and play their playouts by it.

use rand::RngCore;
use serde::de::DeserializeOwned;

use crate::game::{Game, HiddenInfo, Returns, Turn};

use super::chance::{draw_outcome, unit_interval};

/// A rule-based policy for `G`.
pub trait Policy<G: HiddenInfo>: Send {
    /// A short name for records and tables.
    fn name(&self) -> &str;

    /// The action to play, given what the seat to move sees and its legal
    /// actions; `None` only when `legal` is empty.
    fn choose(&mut self, observation: &G::Observation, legal: &[G::Action]) -> Option<G::Action>;
}

/// A hidden-information game that has a rule-based policy of its own.
pub trait RuleBasedGame: HiddenInfo {
    /// The policy's parameters (every field defaulted, so a profile names
    /// only what it changes).
    type PolicyParams: DeserializeOwned + Default + Clone + Send + Sync;

    /// The policy.
    type Policy: Policy<Self> + Clone + 'static;

    /// The policy with `params`.
    fn policy(params: &Self::PolicyParams) -> Self::Policy;

    /// What is wrong with `params` (a value out of its range, named with
    /// the range), checked where a profile is read. Any value is fine by
    /// default.
    fn check_policy_params(_params: &Self::PolicyParams) -> Result<(), String> {
        Ok(())
    }

    /// Whether a decision with these legal actions fixes the contract (an
    /// auction call, a choice of game type): the decisions made by
    /// simulation when a profile asks to bid that way. None by default.
    fn is_contract_decision(_legal: &[Self::Action]) -> bool {
        false
    }

    /// The log-probability that `model` (the policy made stochastic) would
    /// have taken the decisions of each seat in `seats` (bit per seat) in
    /// `world`'s history (its deal and every decision since), by seat (0
    /// for the others): what inference weighs a sampled world by. The
    /// seats also in `engine_seats` (the observer's partner, played by the
    /// same engine) are weighed by the game's model of tauler's own engine
    /// where it has one, else by `model` too. Only the world is read,
    /// which the observer's sampler built from its own observation. All 0
    /// by default (no inference: every world alike).
    fn seat_log_likelihoods(
        world: &Self,
        _seats: u8,
        _engine_seats: u8,
        _model: &PolicyModel,
    ) -> Returns {
        (0..world.seats()).map(|_| 0.0).collect()
    }

    /// A step of a Markov chain over the worlds consistent with
    /// `observation`, from `world`: a world drawn from a proposal that is
    /// symmetric under the uniform distribution over those worlds (a
    /// Metropolis step then accepts it with the likelihood ratio alone),
    /// with the seats whose cards it changed (bit per seat); `None` when
    /// the draw breaks what the observation shows (the chain stays). By
    /// default a fresh world ([`HiddenInfo::sample_world`]), every seat
    /// changed.
    fn propose_world(
        world: &Self,
        observation: &Self::Observation,
        rng: &mut dyn RngCore,
    ) -> Option<(Self, u8)> {
        let all = ((1u16 << world.seats()) - 1) as u8;
        Some((Self::sample_world(observation, rng), all))
    }

    /// The action `model` takes for the seat to move in `state` (a full
    /// world: a playout's move), drawn with `rng`; `None` when the game
    /// has no fast model (playouts then move at random) or nobody is to
    /// move.
    fn model_action(
        _state: &Self,
        _model: &PolicyModel,
        _rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        None
    }

    /// The action `model` takes for the seat to move in `state` when the
    /// policy reads every hand of the world (a playout's move for a seat
    /// whose later play is better than the policy's), drawn with `rng`;
    /// by default as [`RuleBasedGame::model_action`].
    fn informed_action(
        state: &Self,
        model: &PolicyModel,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        Self::model_action(state, model, rng)
    }
}

/// A rule-based policy made stochastic, as a model of how a seat plays:
/// the policy ranks the legal actions by preferences (higher preferred),
/// and the model takes action `a` with probability
/// `(1 - epsilon) * softmax(preference / temperature)(a) + epsilon / n`
/// (`n` legal actions; temperature 0: the best actions evenly, the
/// policy's own choice among equals being the first).
#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PolicyModel {
    /// The softmax temperature, in the policy's preference units.
    pub temperature: f64,
    /// The share of uniformly random choices (a floor under every legal
    /// action, so that a seat playing otherwise than the policy is never
    /// ruled out).
    pub epsilon: f64,
}

impl Default for PolicyModel {
    fn default() -> Self {
        PolicyModel {
            temperature: 1.0,
            epsilon: 0.1,
        }
    }
}

/// The softmax weights of `preferences` at `temperature`, unnormalised
/// (the best one 1, so weights far below it underflow to 0, never NaN); at
/// temperature 0 only the best keep a weight. The one softmax of the
/// project: playout policies and the playing levels' move rule use it.
pub fn softmax(preferences: &[f64], temperature: f64) -> impl Iterator<Item = f64> + '_ {
    let best = preferences
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    preferences.iter().map(move |&p| {
        if temperature > 0.0 {
            ((p - best) / temperature).exp()
        } else if p == best {
            1.0
        } else {
            0.0
        }
    })
}

impl PolicyModel {
    /// The softmax weights of `preferences` (unnormalised, the best one 1).
    fn weights<'a>(&self, preferences: &'a [f64]) -> impl Iterator<Item = f64> + 'a {
        softmax(preferences, self.temperature)
    }

    /// The probability of the action at `index` among actions with these
    /// `preferences`.
    #[must_use]
    pub fn probability(&self, preferences: &[f64], index: usize) -> f64 {
        let n = preferences.len();
        if n <= 1 {
            return 1.0;
        }
        let total: f64 = self.weights(preferences).sum();
        let own = self.weights(preferences).nth(index).unwrap_or(0.0);
        (1.0 - self.epsilon) * own / total + self.epsilon / n as f64
    }

    /// An index drawn by the model's probabilities; one draw from `rng`
    /// (none when there is a single action). `preferences` is non-empty.
    pub fn draw(&self, preferences: &[f64], rng: &mut dyn RngCore) -> usize {
        let n = preferences.len();
        if n <= 1 {
            return 0;
        }
        let u = unit_interval(rng.next_u64());
        if u < self.epsilon {
            return ((u / self.epsilon) * n as f64).min(n as f64 - 1.0) as usize;
        }
        let total: f64 = self.weights(preferences).sum();
        let mut x = (u - self.epsilon) / (1.0 - self.epsilon) * total;
        let mut last = 0;
        for (i, w) in self.weights(preferences).enumerate() {
            if w > 0.0 {
                if x < w {
                    return i;
                }
                x -= w;
                last = i;
            }
        }
        last
    }
}

/// Plays `state` to the end, each move chosen by `choose` (given the
/// state, a buffer for legal actions and `rng`), each chance outcome drawn
/// by its probability with `rng`; the returns.
pub fn play_out<G: Game>(
    mut state: G,
    rng: &mut dyn RngCore,
    mut choose: impl FnMut(&G, &mut Vec<G::Action>, &mut dyn RngCore) -> G::Action,
) -> Returns {
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        match state.turn() {
            Turn::Terminal => return state.returns().unwrap_or_default(),
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let action = draw_outcome(&outcomes, rng);
                state.apply(action);
            }
            Turn::Player(_) => {
                let action = choose(&state, &mut actions, rng);
                state.apply(action);
            }
        }
    }
}

/// A uniformly random legal action of `state` (listed into `actions`),
/// with one draw from `rng`.
pub fn uniform_action<G: Game>(
    state: &G,
    actions: &mut Vec<G::Action>,
    rng: &mut dyn RngCore,
) -> G::Action {
    state.legal_actions(actions);
    actions[(rng.next_u64() % actions.len() as u64) as usize]
}

/// Plays `state` to the end with every seat moved by `model`
/// ([`RuleBasedGame::model_action`]; uniformly at random where the game
/// has none), the seats of team `informed` (if any) by the model reading
/// every hand ([`RuleBasedGame::informed_action`]), and chance by
/// probability, all drawn with `rng`; the returns.
pub fn model_playout<G: RuleBasedGame>(
    state: G,
    model: &PolicyModel,
    informed: Option<usize>,
    rng: &mut dyn RngCore,
) -> Returns {
    play_out(state, rng, |state, actions, rng| {
        let action = match state.turn() {
            Turn::Player(seat) if Some(state.team_of(seat)) == informed => {
                G::informed_action(state, model, rng)
            }
            _ => G::model_action(state, model, rng),
        };
        action.unwrap_or_else(|| uniform_action(state, actions, rng))
    })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    const PREFERENCES: [f64; 4] = [1.0, 3.0, 3.0, -2.0];

    #[test]
    fn the_model_probabilities_sum_to_one_and_follow_the_preferences() {
        let model = PolicyModel {
            temperature: 1.5,
            epsilon: 0.2,
        };
        let p: Vec<f64> = (0..4).map(|i| model.probability(&PREFERENCES, i)).collect();
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(p[1] > p[0] && p[0] > p[3]);
        assert_eq!(p[1], p[2]);
        assert!(p[3] >= 0.2 / 4.0, "epsilon is a floor");
        assert_eq!(model.probability(&[5.0], 0), 1.0);
    }

    #[test]
    fn temperature_zero_without_epsilon_takes_only_the_best() {
        let greedy = PolicyModel {
            temperature: 0.0,
            epsilon: 0.0,
        };
        assert_eq!(greedy.probability(&PREFERENCES, 0), 0.0);
        assert_eq!(greedy.probability(&PREFERENCES, 1), 0.5);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for _ in 0..200 {
            assert!(matches!(greedy.draw(&PREFERENCES, &mut rng), 1 | 2));
        }
    }

    #[test]
    fn draws_come_in_proportion_to_the_model_probabilities() {
        let model = PolicyModel::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let n = 40_000;
        let mut counts = [0u32; 4];
        for _ in 0..n {
            counts[model.draw(&PREFERENCES, &mut rng)] += 1;
        }
        for (i, &count) in counts.iter().enumerate() {
            let p = model.probability(&PREFERENCES, i);
            let expected = p * f64::from(n);
            let sigma = (expected * (1.0 - p)).sqrt().max(1.0);
            assert!(
                (f64::from(count) - expected).abs() < 5.0 * sigma,
                "{i}: {count} vs {expected:.0}"
            );
        }
    }
}
