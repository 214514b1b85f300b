//! C'escacs perft against the reference figures (`tests/data/cescacs-perft.txt`,
//! counted with the author's implementation under an independent legality check),
//! and under `rules=classic` against tauler's own recorded figures
//! (`tests/data/cescacs-perft-classic.txt`; no independent oracle exists).

use tauler::game::{generic_perft, Game, GameOptions, Notation};
use tauler::games::cescacs::{Cescacs, Options};

struct Case {
    name: String,
    pdtl: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    read_cases(include_str!("../data/cescacs-perft.txt"))
}

/// The `rules=classic` figures and their options.
fn classic() -> (Vec<Case>, Options) {
    let cases = read_cases(include_str!("../data/cescacs-perft-classic.txt"));
    (cases, Options::from_pairs(["rules=classic"]).unwrap())
}

fn read_cases(text: &str) -> Vec<Case> {
    text.lines()
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
    check_cases(&cases(), &Options::default(), max_depth, min_depth);
}

fn check_cases(cases: &[Case], options: &Options, max_depth: usize, min_depth: usize) {
    for case in cases {
        let game = Cescacs::parse_position(&case.pdtl, options).unwrap();
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
/// Run with `cargo test --release --test it cescacs_perft:: -- --ignored`.
#[test]
#[ignore]
fn start_position_depth_4() {
    check(4, 4);
}

/// The start under `rules=classic` at depth 4 (tauler's own figure). Run
/// with `cargo test --release --test it cescacs_perft:: -- --ignored`.
#[test]
#[ignore]
fn classic_start_position_depth_4() {
    let (cases, options) = classic();
    check_cases(&cases[..1], &options, 4, 4);
}

#[test]
fn contract_perft_agrees_with_the_fast_perft() {
    let (classic, classic_options) = classic();
    for (cases, options) in [(cases(), Options::default()), (classic, classic_options)] {
        for case in cases {
            let game = Cescacs::parse_position(&case.pdtl, &options).unwrap();
            assert_eq!(generic_perft(&game, 2), case.counts[1], "{}", case.name);
        }
    }
}

#[test]
fn classic_rules_keep_their_recorded_figures_to_depth_3() {
    let (cases, options) = classic();
    check_cases(&cases, &options, 3, 1);
}

/// What the classic figures must show, by hand: at the start the three
/// pawns the current rules do not let step three hexes (A5, F8, L5) may,
/// and in the shield positions exactly one castling more is legal, the one
/// whose rook lands between the King's attacked destination and the
/// attacking queen.
#[test]
fn classic_figures_differ_from_the_current_ones_where_the_rules_do() {
    let (cases, classic) = classic();
    let moves = |pdtl: &str, options: &Options| {
        let game = Cescacs::parse_position(pdtl, options).unwrap();
        let mut list = Vec::new();
        game.legal_actions(&mut list);
        let mut names: Vec<String> = list.iter().map(|&m| game.format_action(m)).collect();
        names.sort();
        names
    };
    let pdtl = |name: &str| cases.iter().find(|c| c.name == name).unwrap().pdtl.clone();
    let start = pdtl("start");
    let (current, classic_start) = (moves(&start, &Options::default()), moves(&start, &classic));
    let added: Vec<&String> = classic_start
        .iter()
        .filter(|m| !current.contains(m))
        .collect();
    assert_eq!(added, ["A5-A11", "F8-F14", "L5-L11"]);
    assert_eq!(classic_start.len(), current.len() + 3);
    for name in ["shield", "shield-black"] {
        let position = pdtl(name);
        let current = moves(&position, &Options::default());
        let classic = moves(&position, &classic);
        let castlings = |list: &[String]| -> Vec<String> {
            list.iter()
                .filter(|m| m.starts_with("KR"))
                .cloned()
                .collect()
        };
        let extra: Vec<String> = castlings(&classic)
            .into_iter()
            .filter(|m| !current.contains(m))
            .collect();
        assert_eq!(extra, ["KRK-HIO"], "{name}");
        assert_eq!(castlings(&current).len() + 1, castlings(&classic).len());
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
