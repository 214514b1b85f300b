//! Which searcher a profile names (`searcher = "…"`), and what each serves.

use serde::{Deserialize, Serialize};

/// Which searcher a profile uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SearcherKind {
    /// Alpha-beta with the game's evaluator.
    AlphaBeta,
    /// A uniformly random legal action.
    Random,
    /// Expectimax with Star1/Star2 pruning, for games with chance.
    Expectimax,
    /// Monte Carlo tree search with chance nodes.
    Mcts,
    /// The best action one ply ahead by the evaluator, never one that leads
    /// to a chance event (in card chess: never draws).
    Greedy,
    /// A hidden-information game's rule-based player (its settings in
    /// `[parameters]` belong to the game).
    Rules,
    /// Determinized search: UCT on worlds sampled from the seat's observation,
    /// votes merged.
    Pimc,
    /// Single-observer information-set MCTS.
    Ismcts,
    /// Perfect-information UCT that reads every seat's cards: a measurement
    /// tool for what hidden information costs, refused by fair tables.
    Cheating,
    /// Another program, spoken to over UCI or UGI (`command`, `protocol`).
    External,
}

impl SearcherKind {
    /// Whether a depth limit means anything to this searcher: the
    /// playout searchers (MCTS, PIMC, ISMCTS, the cheating UCT) count
    /// playouts and have no depth to stop at; they honour nodes (playouts),
    /// a move time and a clock.
    #[must_use]
    pub fn has_depth(self) -> bool {
        !matches!(
            self,
            SearcherKind::Mcts | SearcherKind::Pimc | SearcherKind::Ismcts | SearcherKind::Cheating
        )
    }

    /// The name a profile's `searcher` key gives.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SearcherKind::AlphaBeta => "alphabeta",
            SearcherKind::Random => "random",
            SearcherKind::Expectimax => "expectimax",
            SearcherKind::Mcts => "mcts",
            SearcherKind::Greedy => "greedy",
            SearcherKind::Rules => "rules",
            SearcherKind::Pimc => "pimc",
            SearcherKind::Ismcts => "ismcts",
            SearcherKind::Cheating => "cheating",
            SearcherKind::External => "external",
        }
    }

    /// Whether the searcher deepens until a limit stops it (alpha-beta,
    /// expectimax): with no limit per move it would think for ever.
    #[must_use]
    pub fn thinks_until_stopped(self) -> bool {
        matches!(
            self,
            SearcherKind::AlphaBeta | SearcherKind::Expectimax | SearcherKind::External
        )
    }

    /// Whether the searcher plays with the game's evaluator, whose weights
    /// `[parameters.eval]` sets.
    #[must_use]
    pub fn evaluates(self) -> bool {
        matches!(
            self,
            SearcherKind::AlphaBeta
                | SearcherKind::Expectimax
                | SearcherKind::Mcts
                | SearcherKind::Greedy
        )
    }

    /// Whether the searcher plays hidden-information games (from a seat's
    /// observation, or by cheating).
    #[must_use]
    pub fn is_hidden_info(self) -> bool {
        matches!(
            self,
            SearcherKind::Rules
                | SearcherKind::Pimc
                | SearcherKind::Ismcts
                | SearcherKind::Cheating
        )
    }
}
