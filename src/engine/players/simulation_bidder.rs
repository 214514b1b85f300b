//! The player that bids by simulation
//! ([`crate::search::bid_simulation`]) and plays with an inner player.

use crate::game::HiddenInfo;
use crate::knowledge::RuleBasedGame;
use crate::search::bid_simulation::{simulate_calls, Simulation};
use crate::search::Limits;

use super::most_visited::decision;
use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// A player that makes its contract decisions (bids, passes in the
/// auction, the choice of type) by simulation and leaves every other
/// decision to an inner player (PIMC or ISMCTS).
pub struct SimulationBidder<G: HiddenInfo> {
    play: Box<dyn Player<G>>,
    worlds: u32,
    simulation: Simulation,
    seed: u64,
    name: String,
}

impl<G: HiddenInfo> SimulationBidder<G> {
    /// Bids by simulation over `worlds` worlds per decision sampled
    /// uniformly, each seat's own score maximised; plays with `play`.
    #[must_use]
    pub fn new(play: Box<dyn Player<G>>, worlds: u32, seed: u64) -> Self {
        let name = format!("{}+bidsim-{worlds}", play.name());
        SimulationBidder {
            play,
            worlds,
            simulation: Simulation::default(),
            seed,
            name,
        }
    }

    /// The same bidder simulating as `simulation` says (its worlds from an
    /// inference pool, its objective).
    #[must_use]
    pub fn with_simulation(mut self, simulation: Simulation) -> Self {
        self.simulation = simulation;
        self
    }
}

impl<G: RuleBasedGame> Player<G> for SimulationBidder<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let legal = view.legal;
        if legal.len() < 2 || !G::is_contract_decision(legal) {
            return self.play.choose(view, limits, stop, info);
        }
        self.seed = self.seed.wrapping_add(0x2545_F491_4F6C_DD1D);
        let result = simulate_calls::<G>(
            view.observation,
            legal,
            &self.simulation,
            &Limits {
                nodes: Some(u64::from(self.worlds)),
                ..*limits
            },
            stop,
            self.seed,
            &mut |report| info.info(report),
        )?;
        Ok(decision(result))
    }

    fn new_game(&mut self) {
        self.play.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::player::ask;
    use crate::engine::PolicyPlayer;
    use crate::game::{Game, Turn};
    use crate::games::muzicando::heuristic::HeuristicPlayer;
    use crate::games::muzicando::{Muzicando, Options};
    use crate::knowledge::Policy;

    #[test]
    fn play_decisions_go_to_the_inner_player() {
        let state: Muzicando =
            crate::game::Notation::parse_position("seed:7 1M - - -", &Options::default())
                .expect("a position");
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert!(!Muzicando::is_contract_decision(&legal));
        let inner = PolicyPlayer(HeuristicPlayer::new());
        let mut bidder = SimulationBidder::new(Box::new(inner), 4, 1);
        let Turn::Player(seat) = state.turn() else {
            panic!("play has begun");
        };
        let observation = state.observation(seat);
        let mut plain = HeuristicPlayer::new();
        assert_eq!(
            ask(&mut bidder, &state, &Limits::default())
                .ok()
                .map(|d| d.action),
            Policy::choose(&mut plain, &observation, &legal)
        );
    }
}
