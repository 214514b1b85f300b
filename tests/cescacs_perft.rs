//! C'escacs perft against the reference figures (`tests/data/cescacs-perft.txt`,
//! counted with the author's implementation under an independent legality check).

use tauler::game::{generic_perft, Game, Notation};
use tauler::games::cescacs::{Cescacs, Options};

struct Case {
    name: String,
    pdtl: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/cescacs-perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            Case {
                name: fields[0].to_string(),
                pdtl: fields[1].to_string(),
                counts: fields[2]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

fn check(max_depth: usize, min_depth: usize) {
    for case in cases() {
        let game = Cescacs::parse_position(&case.pdtl, &Options::default()).unwrap();
        for (i, &expected) in case
            .counts
            .iter()
            .enumerate()
            .take(max_depth)
            .skip(min_depth - 1)
        {
            let depth = i as u32 + 1;
            assert_eq!(game.perft(depth), expected, "{} depth {depth}", case.name);
        }
    }
}

#[test]
fn every_oracle_position_to_depth_3() {
    check(3, 1);
}

/// 25,048,957 leaves: about a second in release, longer in the test profile.
/// Run with `cargo test --release --test cescacs_perft -- --ignored`.
#[test]
#[ignore]
fn start_position_depth_4() {
    check(4, 4);
}

#[test]
fn contract_perft_agrees_with_the_fast_perft() {
    for case in cases() {
        let game = Cescacs::parse_position(&case.pdtl, &Options::default()).unwrap();
        assert_eq!(generic_perft(&game, 2), case.counts[1], "{}", case.name);
    }
}

#[test]
fn oracle_positions_round_trip_as_pdtl() {
    for case in cases() {
        let game = Cescacs::parse_position(&case.pdtl, &Options::default()).unwrap();
        assert_eq!(game.format_position(), case.pdtl, "{}", case.name);
    }
}

#[test]
fn the_oracle_move_sequences_reach_the_oracle_positions() {
    let start = Cescacs::new(&Options::default());
    let play = |moves: &str| {
        let mut game = start.clone();
        for text in moves.split_whitespace() {
            let mv = game
                .parse_action(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            game.apply(mv);
        }
        game.format_position()
    };
    let by_name = |name: &str| cases().into_iter().find(|c| c.name == name).unwrap().pdtl;
    assert_eq!(
        play("NG3-I7 F20-F16 NE3-C7 F16-F14 E7-E13"),
        by_name("enpassant")
    );
    assert_eq!(
        play("NG3-I7 F20-F16 NE3-C7 F16-F14 E7-E13 E21-E15 E13-D14"),
        by_name("scornful")
    );
    assert_eq!(
        play("GD2-B6 EE23-D20 GB6-P15 I23-I19 I5-I7 F20-G19 JF2-D2 NE25-A17 D6-D8 GD26-I11 D8-D10 NG25-L17"),
        by_name("random1")
    );
}

#[test]
fn the_quick_legal_move_test_agrees_with_the_move_list() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    let mut terminal_seen = 0;
    for case in cases() {
        for _ in 0..20 {
            let mut game = Cescacs::parse_position(&case.pdtl, &Options::default()).unwrap();
            let mut moves = Vec::new();
            loop {
                game.moves(&mut moves);
                assert_eq!(
                    game.has_legal_move(),
                    !moves.is_empty(),
                    "{}",
                    game.format_position()
                );
                if moves.is_empty() || game.outcome().is_some() {
                    terminal_seen += 1;
                    break;
                }
                game.apply(moves[rng.gen_range(0..moves.len())]);
            }
        }
    }
    assert!(terminal_seen > 0);
}
