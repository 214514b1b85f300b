//! A game given as an explicit tree: inner nodes name the seat to move, its
//! children and a static value; leaves hold returns. For testing how results
//! of every kind (wins, draws, C'escacs-like 3/4 stalemates) are scored.

use tauler::game::{Game, GameOptions, Notation, OptionError, Returns, Seat, Turn};
use tauler::search::Evaluator;

use super::{zobrist, BadText};

/// A node of the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Node {
    /// `seat` chooses among `children` (node indices); the evaluator says `value` (for `seat`).
    Inner {
        /// The seat to move.
        seat: Seat,
        /// Child node indices.
        children: &'static [usize],
        /// The static value for the seat to move.
        value: i32,
    },
    /// The game is over with these returns.
    Leaf([f64; 2]),
}

/// The tree, as options (node 0 is the root).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape(pub &'static [Node]);

impl GameOptions for Shape {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError::UnknownKey {
            key: key.to_string(),
            known: String::new(),
        })
    }
}

/// A position: a node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    shape: Shape,
    at: usize,
}

impl Game for Tree {
    /// The index of the child node.
    type Action = usize;
    type Options = Shape;
    const NAME: &'static str = "tree";

    fn new(options: &Shape) -> Self {
        Self {
            shape: options.clone(),
            at: 0,
        }
    }

    fn options(&self) -> &Shape {
        &self.shape
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.shape.0[self.at] {
            Node::Inner { seat, .. } => Turn::Player(seat),
            Node::Leaf(_) => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<usize>) {
        out.clear();
        if let Node::Inner { children, .. } = self.shape.0[self.at] {
            out.extend_from_slice(children);
        }
    }

    fn apply(&mut self, action: usize) {
        self.at = action;
    }

    fn returns(&self) -> Option<Returns> {
        match self.shape.0[self.at] {
            Node::Leaf(returns) => Some(returns.into_iter().collect()),
            Node::Inner { .. } => None,
        }
    }

    fn hash(&self) -> u64 {
        zobrist(10_000 + self.at as u64)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }
}

impl Notation for Tree {
    type ParseError = BadText;

    fn parse_action(&self, text: &str) -> Result<usize, BadText> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        text.parse()
            .ok()
            .filter(|node| legal.contains(node))
            .ok_or_else(|| BadText(text.to_string()))
    }

    fn format_action(&self, action: usize) -> String {
        action.to_string()
    }

    /// The node index.
    fn parse_position(text: &str, options: &Shape) -> Result<Self, BadText> {
        let at = text
            .parse()
            .ok()
            .filter(|&at| at < options.0.len())
            .ok_or_else(|| BadText(text.to_string()))?;
        Ok(Self {
            shape: options.clone(),
            at,
        })
    }

    fn format_position(&self) -> String {
        self.at.to_string()
    }
}

/// Reads the inner nodes' static values.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeEval;

impl Evaluator<Tree> for TreeEval {
    fn evaluate(&self, state: &Tree) -> i32 {
        match state.shape.0[state.at] {
            Node::Inner { value, .. } => value,
            Node::Leaf(_) => 0,
        }
    }
}
