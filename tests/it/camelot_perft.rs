//! Camelot perft against the oracle figures (distinct outcomes), and the
//! depth-4 divide list of the start (which sums to its perft 4).

use std::collections::BTreeMap;

use tauler::game::{Game, Notation};
use tauler::games::camelot::{Camelot, Options};

struct Case {
    name: String,
    position: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("../data/camelot-perft.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            Case {
                name: fields[0].to_string(),
                position: fields[1].to_string(),
                counts: fields[2]
                    .split(',')
                    .map(|n| n.trim().parse().expect("a count"))
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn perft_to_depth_3_matches_the_oracle() {
    for case in cases() {
        let state =
            Camelot::parse_position(&case.position, &Options::default()).expect("oracle position");
        for (index, &expected) in case.counts.iter().enumerate().take(3) {
            let depth = index as u32 + 1;
            assert_eq!(
                state.perft(depth),
                expected,
                "{} at depth {depth}",
                case.name
            );
        }
    }
}

#[test]
fn the_start_string_is_the_initial_position() {
    let case = &cases()[0];
    let parsed = Camelot::parse_position(&case.position, &Options::default()).expect("start");
    let start = Camelot::new(&Options::default());
    assert_eq!(parsed.format_position(), start.format_position());
    assert_eq!(start.format_position(), case.position);
}

#[test]
fn generic_perft_agrees_with_the_bulk_counter() {
    for case in cases() {
        let state =
            Camelot::parse_position(&case.position, &Options::default()).expect("oracle position");
        assert_eq!(
            tauler::game::generic_perft(&state, 3),
            state.perft(3),
            "{}",
            case.name
        );
    }
}

fn oracle_divide() -> BTreeMap<String, u64> {
    include_str!("../data/camelot-divide4.txt")
        .lines()
        .filter_map(|line| {
            let (text, count) = line.trim().split_once(' ')?;
            Some((text.to_string(), count.parse().ok()?))
        })
        .collect()
}

#[test]
fn root_moves_are_written_as_in_the_divide_list() {
    let start = Camelot::new(&Options::default());
    let mut moves = Vec::new();
    start.legal_actions(&mut moves);
    let ours: Vec<String> = moves.iter().map(|&m| start.format_action(m)).collect();
    let mut sorted = ours.clone();
    sorted.sort();
    let theirs: Vec<String> = oracle_divide().into_keys().collect();
    assert_eq!(sorted, theirs);
}

/// Perft 4 of the start, root move by root move (about 2 s of CPU in the
/// test profile).
#[test]
fn divide_at_depth_4_matches_the_oracle() {
    let start = Camelot::new(&Options::default());
    let mut moves = Vec::new();
    start.legal_actions(&mut moves);
    let mut ours = BTreeMap::new();
    for mv in moves {
        let mut child = start.clone();
        child.apply(mv);
        ours.insert(start.format_action(mv), child.perft(3));
    }
    assert_eq!(ours, oracle_divide());
    assert_eq!(ours.values().sum::<u64>(), 111_509_838);
}

#[test]
fn bulk_count_equals_the_move_list_along_random_games() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    let mut actions = Vec::new();
    for _ in 0..40 {
        let mut state = Camelot::new(&Options::default());
        while state.returns().is_none() {
            state.legal_actions(&mut actions);
            assert_eq!(
                state.perft(1),
                actions.len() as u64,
                "{}",
                state.format_position()
            );
            let pick = actions[rng.gen_range(0..actions.len())];
            state.apply(pick);
        }
        assert_eq!(state.perft(1), 0);
    }
}
