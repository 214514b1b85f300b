//! The one UCT is reproducible: with a seed, a playout limit and a number
//! of trees, the same statistics and choice come out in every run and at
//! any thread count; ties are broken by the stated rule (most visits, then
//! the higher mean, then the earlier legal action); the margin objective
//! values each seat against the other teams.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::cardchess::{Action, CardChess, CardChessEval, CardChessOptions};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::search::modelling::{search_worlds, Determinization, Modelling};
use tauler::search::uct::{
    self, rank, teams_of, ActionStats, Leaf, Objective, Opponents, UctConfig, UctResult, Worlds,
};
use tauler::search::Limits;

fn card_chess_mcts(state: &CardChess, threads: usize) -> UctResult<Action> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool");
    pool.install(|| {
        uct::search(
            Worlds::Fixed(state),
            Leaf::Evaluation(&CardChessEval::DEFAULT),
            Opponents::Search,
            &UctConfig {
                exploration: 1.0,
                trees: 2,
                ..UctConfig::default()
            },
            &Limits::nodes(3000),
            &Arc::new(AtomicBool::new(false)),
            17,
            &mut |_| {},
        )
        .expect("a result")
    })
}

#[test]
fn card_chess_mcts_gives_the_same_choice_in_every_run_and_at_any_thread_count() {
    let mut state = CardChess::new(&CardChessOptions::default());
    let mut outcomes = Vec::new();
    for _ in 0..6 {
        let first = card_chess_mcts(&state, 2);
        let again = card_chess_mcts(&state, 2);
        let alone = card_chess_mcts(&state, 1);
        assert_eq!(first.stats, again.stats);
        assert_eq!(first.stats, alone.stats);
        assert_eq!(first.best, alone.best);
        state.apply(first.best);
        while state.turn() == Turn::Chance {
            state.chance_outcomes(&mut outcomes);
            state.apply(outcomes[0].0);
        }
    }
}

#[test]
fn ismcts_gives_the_same_choice_at_any_thread_count() {
    let state: Muzicando =
        tauler::game::Notation::parse_position("seed:11 1M - - -", &Options::default())
            .expect("a position");
    let Turn::Player(seat) = state.turn() else {
        panic!("play has begun");
    };
    let observation = state.observation(seat);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| {
                search_worlds::<Muzicando>(
                    &observation,
                    Determinization::PerPlayout,
                    &UctConfig::default(),
                    &Modelling::default(),
                    &Limits::nodes(800),
                    &Arc::new(AtomicBool::new(false)),
                    5,
                    &mut |_| {},
                )
                .expect("a result")
            })
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.stats, two.stats);
    assert_eq!(one.best, two.best);
}

#[test]
fn ties_go_to_more_visits_then_the_higher_mean_then_the_earlier_legal_action() {
    let stat = |action, visits, total| ActionStats {
        action,
        visits,
        total,
    };
    let legal = ['a', 'b', 'c', 'd', 'e'];
    let stats = [
        stat('e', 10, 5.0),
        stat('d', 10, 5.0),
        stat('c', 10, 7.0),
        stat('b', 12, 0.0),
    ];
    let order: Vec<char> = rank(&stats, &legal).iter().map(|s| s.action).collect();
    assert_eq!(order, ['b', 'c', 'd', 'e', 'a']);
}

#[test]
fn the_margin_objective_values_each_seat_against_the_other_teams() {
    let returns = |values: &[f64]| values.iter().copied().collect::<tauler::game::Returns>();
    // Muzicando's team game: a declarer's failed 4M scores its team its
    // placements minus 8, the defenders only their placements.
    let team = Muzicando::seeded_deal(&Options::default(), 1);
    let teams = teams_of(&team);
    assert_eq!(teams.as_slice(), [0, 1, 0, 1]);
    let hand = returns(&[6.0, -4.0, 6.0, -4.0]);
    assert_eq!(Objective::Score.values(&teams, hand.clone()), hand);
    assert_eq!(
        Objective::Margin.values(&teams, hand),
        returns(&[10.0, -10.0, 10.0, -10.0])
    );
    // Three players each on his own: against the mean of the two others.
    assert_eq!(
        Objective::Margin.values(&[0, 1, 2], returns(&[3.0, 1.0, 2.0])),
        returns(&[1.5, -1.5, 0.0])
    );
}

#[test]
fn the_teams_are_read_once_and_only_for_the_margin() {
    let team = Muzicando::seeded_deal(&Options::default(), 1);
    let mut teams = None;
    Objective::Score.read_teams(&mut teams, &team);
    assert!(teams.is_none(), "the score needs no teams");
    Objective::Margin.read_teams(&mut teams, &team);
    assert_eq!(
        teams.as_ref().map(|t| t.as_slice()),
        Some(&[0, 1, 0, 1][..])
    );
    let mut read = Some([7].into_iter().collect());
    Objective::Margin.read_teams(&mut read, &team);
    assert_eq!(
        read.as_ref().map(|t| t.as_slice()),
        Some(&[7][..]),
        "kept once read"
    );
}

#[test]
fn a_margin_search_backs_up_margins() {
    // From the seat's observation of a fresh Muzicando deal: a team's hand
    // score spans -5 to 15 (placements 3 to 7, plus or minus the contract's
    // value, up to 8), its margin over the other team -12 to 12 (a 4M made
    // with the first two places: 15 against 3); both searches with the
    // same seed see the same worlds, so only the objective differs.
    let state = Muzicando::seeded_deal(&Options::default(), 4);
    let Turn::Player(seat) = state.turn() else {
        panic!("the auction has begun");
    };
    let search = |objective| {
        search_worlds::<Muzicando>(
            &state.observation(seat),
            Determinization::PerPlayout,
            &UctConfig {
                trees: 1,
                objective,
                ..UctConfig::default()
            },
            &Modelling::default(),
            &Limits::nodes(400),
            &Arc::new(AtomicBool::new(false)),
            3,
            &mut |_| {},
        )
        .expect("a search")
    };
    let score = search(Objective::Score);
    let margin = search(Objective::Margin);
    assert!(score
        .stats
        .iter()
        .all(|s| (-5.0..=15.0).contains(&s.mean())));
    assert!(margin
        .stats
        .iter()
        .all(|s| (-12.0..=12.0).contains(&s.mean())));
    assert_ne!(score.stats, margin.stats);
}
