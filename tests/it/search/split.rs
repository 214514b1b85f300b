//! The shared state of a split node: actions handed out once, alpha
//! raised and the node cut off for every thread, and the board threads
//! join splits on. The search that uses it is tested in `smp.rs`.

use std::sync::Arc;

use tauler::game::Game;
use tauler::search::ordering::Candidate;
use tauler::search::split::{Pruning, SplitBest, SplitBoard, SplitPoint};

use crate::search::games::connect4::{ConnectFour, Size};

type Action = <ConnectFour as Game>::Action;

/// Three of the empty board's actions.
fn actions() -> Vec<Action> {
    let mut actions = Vec::new();
    ConnectFour::new(&Size::default()).legal_actions(&mut actions);
    actions.truncate(3);
    actions
}

fn split(
    window: (i32, i32),
    parent: Option<Arc<SplitPoint<ConnectFour>>>,
) -> SplitPoint<ConnectFour> {
    let best = SplitBest {
        value: -10,
        index: Some(0),
        pv: Vec::new(),
    };
    let actions = actions()
        .into_iter()
        .zip(1..)
        .map(|(action, index)| Candidate {
            action,
            key: 0,
            noisy: false,
            index,
        })
        .collect();
    SplitPoint::new(
        ConnectFour::new(&Size::default()),
        1,
        0,
        4,
        window,
        true,
        Pruning::NONE,
        actions,
        1,
        0,
        best,
        parent,
    )
}

#[test]
fn each_action_is_taken_once_with_its_search_order() {
    let split = split((-10, 100), None);
    let a = actions();
    let take = || split.take().map(|(n, candidate)| (n, candidate.action));
    assert_eq!(take(), Some((1, a[0])));
    assert_eq!(take(), Some((2, a[1])));
    assert!(split.has_work());
    assert_eq!(take(), Some((3, a[2])));
    assert!(!split.has_work());
    assert!(split.take().is_none());
}

#[test]
fn a_value_above_alpha_raises_it_and_one_at_beta_cuts_the_node_off() {
    let split = split((-10, 100), None);
    let a = actions();
    assert!(!split.record(1, -20, (1, a[0]), &[]));
    assert_eq!((split.alpha(), split.best().index), (-10, Some(0)));
    assert!(!split.record(2, 30, (2, a[1]), &[a[2]]));
    assert_eq!((split.alpha(), split.best().index), (30, Some(2)));
    assert_eq!(split.best().pv, vec![a[1], a[2]]);
    assert!(split.record(3, 100, (3, a[2]), &[]));
    assert!(split.stopped() && split.cut_off());
    assert_eq!(split.best().value, 100);
    assert!(split.take().is_none(), "nothing is taken after a cut-off");
    let order: Vec<_> = split.searched().iter().map(|found| found.order).collect();
    assert_eq!(order, [1, 2, 3], "the root keeps every action's value");
}

#[test]
fn a_cut_off_above_reaches_the_splits_made_below() {
    let parent = Arc::new(split((-10, 100), None));
    let child = split((-5, 5), Some(Arc::clone(&parent)));
    assert!(child.descends_from(&parent) && !parent.descends_from(&child));
    assert!(!child.cut_off());
    parent.record(1, 200, (1, actions()[0]), &[]);
    assert!(child.cut_off() && !child.stopped());
}

#[test]
fn a_thread_joins_only_open_splits_with_work_and_within_its_own() {
    let board = SplitBoard::default();
    let outer = Arc::new(split((-10, 100), None));
    let inner = Arc::new(split((-10, 100), Some(Arc::clone(&outer))));
    let other = Arc::new(split((-10, 100), None));
    assert!(board.join(None).is_none());
    board.open(Arc::clone(&other));
    board.open(Arc::clone(&inner));
    let joined = board.join(Some(&outer)).unwrap();
    assert!(std::ptr::eq(joined.as_ref(), inner.as_ref()));
    assert!(inner.busy());
    inner.leave();
    assert!(!inner.busy());
    board.close(&inner);
    assert!(board.join(Some(&outer)).is_none(), "closed");
    while other.take().is_some() {}
    assert!(board.join(None).is_none(), "no work left");
    assert!(!board.someone_waits());
    board.set_waiting(true);
    assert!(board.someone_waits());
}
