//! How game results become scores: a win beats a 3/4 stalemate, which beats
//! any evaluation, which beats a draw only when positive; nearer results
//! are preferred; a seat moving twice keeps its sign.

use tauler::game::Game;
use tauler::search::score::{DECIDED_BASE, EVAL_LIMIT, MATE, MATE_BOUND};
use tauler::search::{AlphaBeta, Limits};

use crate::search::exact::exact_config;
use crate::search::games::tree::{Node, Shape, Tree, TreeEval};

const WIN: [f64; 2] = [1.0, 0.0];
const LOSS: [f64; 2] = [0.0, 1.0];
const STALEMATE_FOR_0: [f64; 2] = [0.75, 0.25];
const DRAW: [f64; 2] = [0.5, 0.5];

fn best(shape: &'static [Node], depth: u32) -> (usize, i32) {
    let root = Tree::new(&Shape(shape));
    let result = AlphaBeta::new(TreeEval, exact_config())
        .search(&root, &Limits::depth(depth))
        .unwrap();
    (result.best, result.score().0)
}

#[test]
fn a_win_beats_a_stalemate_which_beats_any_evaluation() {
    static SHAPE: [Node; 7] = [
        Node::Inner {
            seat: 0,
            children: &[1, 2, 3],
            value: 0,
        },
        Node::Leaf(STALEMATE_FOR_0),
        Node::Inner {
            seat: 1,
            children: &[4],
            value: -9_000,
        },
        Node::Inner {
            seat: 1,
            children: &[5, 6],
            value: 0,
        },
        Node::Leaf(LOSS),
        Node::Leaf(WIN),
        Node::Leaf(WIN),
    ];
    let (action, score) = best(&SHAPE, 1);
    assert_eq!(action, 1, "depth 1: the stalemate beats the big evaluation");
    assert!(score > DECIDED_BASE && score < MATE_BOUND, "{score}");
    assert_eq!(best(&SHAPE, 2), (3, MATE - 2), "the forced win");
    static NO_WIN: [Node; 4] = [
        Node::Inner {
            seat: 0,
            children: &[1, 2],
            value: 0,
        },
        Node::Leaf(STALEMATE_FOR_0),
        Node::Inner {
            seat: 1,
            children: &[3],
            value: -9_000,
        },
        Node::Leaf(DRAW),
    ];
    let (action, score) = best(&NO_WIN, 1);
    assert_eq!(action, 1, "a sure 3/4 beats a big evaluation");
    assert!(
        score > EVAL_LIMIT && score < MATE_BOUND && score > DECIDED_BASE,
        "{score}"
    );
}

#[test]
fn the_nearer_stalemate_and_the_farther_loss_are_preferred() {
    static SHAPE: [Node; 5] = [
        Node::Inner {
            seat: 0,
            children: &[1, 2],
            value: 0,
        },
        Node::Inner {
            seat: 1,
            children: &[3],
            value: 0,
        },
        Node::Leaf(STALEMATE_FOR_0),
        Node::Inner {
            seat: 0,
            children: &[4],
            value: 0,
        },
        Node::Leaf(STALEMATE_FOR_0),
    ];
    let (action, near) = best(&SHAPE, 5);
    assert_eq!(action, 2);
    static LOSING: [Node; 5] = [
        Node::Inner {
            seat: 0,
            children: &[1, 2],
            value: 0,
        },
        Node::Inner {
            seat: 1,
            children: &[3],
            value: 0,
        },
        Node::Leaf(LOSS),
        Node::Inner {
            seat: 1,
            children: &[4],
            value: 0,
        },
        Node::Leaf(LOSS),
    ];
    assert_eq!(
        best(&LOSING, 5),
        (1, -MATE + 3),
        "both lose: the later loss"
    );
    assert!(near > DECIDED_BASE);
}

#[test]
fn a_seat_moving_twice_keeps_its_sign() {
    static SHAPE: [Node; 6] = [
        Node::Inner {
            seat: 0,
            children: &[1, 2],
            value: 0,
        },
        Node::Inner {
            seat: 0,
            children: &[3, 4],
            value: 0,
        },
        Node::Inner {
            seat: 1,
            children: &[5],
            value: 50,
        },
        Node::Inner {
            seat: 1,
            children: &[5],
            value: -300,
        },
        Node::Inner {
            seat: 0,
            children: &[5],
            value: 200,
        },
        Node::Leaf(DRAW),
    ];
    assert_eq!(
        best(&SHAPE, 2),
        (1, 300),
        "seat 0 moves again and picks the best for itself"
    );
}
