//! One scenario per rule of `rules/camelot.md`: moves (§3), compulsory
//! capture (§3.5), castles (§4) and every way the game ends (§5).

use std::collections::BTreeSet;

use tauler::game::{Game, GameOptions, Notation};
use tauler::games::camelot::board::{cell, parse_square, Board, Kind};
use tauler::games::camelot::{Camelot, Color, Draw, Options, Status, Win};

/// A position from pieces written as kind letter (`M K m k`) plus square,
/// e.g. `"MF2 mA13"`.
fn setup(side: Color, castle_moves: [u8; 2], pieces: &str) -> Camelot {
    let mut board = Board::empty();
    for item in pieces.split_whitespace() {
        let (letter, name) = item.split_at(1);
        let square = parse_square(name).unwrap_or_else(|| panic!("bad square in {item}"));
        let piece = match letter {
            "M" => cell(Color::White, Kind::Man),
            "K" => cell(Color::White, Kind::Knight),
            "m" => cell(Color::Black, Kind::Man),
            "k" => cell(Color::Black, Kind::Knight),
            _ => panic!("bad piece in {item}"),
        };
        board.put(square, piece);
    }
    Camelot::from_parts(board, side, castle_moves, Options::default())
}

/// The legal moves in canonical notation.
fn moves(state: &Camelot) -> BTreeSet<String> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions.iter().map(|&a| state.format_action(a)).collect()
}

/// The legal moves starting on `from`.
fn moves_from(state: &Camelot, from: &str) -> BTreeSet<String> {
    moves(state)
        .into_iter()
        .filter(|m| m.split(['-', 'x']).next() == Some(from))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

fn play(state: &mut Camelot, text: &str) {
    let action = state
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e} at {}", state.format_position()));
    state.apply(action);
}

fn is_legal(state: &Camelot, text: &str) -> bool {
    state.parse_action(text).is_ok()
}

// §3.1 plain moves

#[test]
fn plain_move_goes_one_step_and_never_into_the_own_castle() {
    let state = setup(Color::White, [0, 0], "MF2 ML8 mA13 mC13");
    assert_eq!(
        moves_from(&state, "F2"),
        set(&["F2-E2", "F2-E3", "F2-F3", "F2-G2", "F2-G3"])
    );
}

// §3.2 canters

#[test]
fn canter_leaps_friends_changes_direction_and_stops_anywhere() {
    let state = setup(Color::White, [0, 0], "ME6 ME7 MF8 ML4 mA13 mC13");
    let from_e6 = moves_from(&state, "E6");
    assert!(from_e6.contains("E6-E8"));
    assert!(from_e6.contains("E6-E8-G8"), "{from_e6:?}");
    assert!(!from_e6.contains("E6-E6"));
}

#[test]
fn canter_never_lands_in_the_own_castle() {
    let state = setup(Color::White, [0, 0], "MF3 MF2 ML8 mA13 mC13");
    assert!(!is_legal(&state, "F3-F1"));
    assert!(!moves_from(&state, "F3").iter().any(|m| m.ends_with("F1")));
}

#[test]
fn canter_into_the_enemy_castle_ends_the_move() {
    let state = setup(Color::White, [0, 0], "MD14 ME15 MF15 ML4 mA8 mB8");
    let from_d14 = moves_from(&state, "D14");
    assert!(from_d14.contains("D14-F16"));
    assert!(!from_d14.iter().any(|m| m.ends_with("F14")), "{from_d14:?}");
}

// §3.3 jumps

#[test]
fn jumps_must_continue_and_the_player_chooses_which() {
    let state = setup(Color::White, [0, 0], "ME5 ML4 mE6 mE8 mF5 mA13");
    assert_eq!(moves(&state), set(&["E5xE7xE9", "E5xG5"]));
    assert!(!is_legal(&state, "E5xE7"));
}

#[test]
fn jumped_pieces_are_removed_at_once_and_the_counter_resets() {
    let mut state = setup(Color::White, [0, 0], "ME5 ML4 mE6 mE8 mF5 mA13");
    play(&mut state, "E5xE7xE9");
    assert_eq!(state.board().count(Color::Black), 2);
    assert_eq!(state.quiet_plies(), 0);
}

#[test]
fn a_jump_into_the_enemy_castle_ends_the_move() {
    let state = setup(Color::White, [0, 0], "MD14 ML4 mE15 mF15 mA8");
    assert_eq!(moves(&state), set(&["D14xF16"]));
}

#[test]
fn a_jump_chain_may_land_twice_on_a_square_and_on_its_start() {
    // Around a square of four black men the man comes back to E5, either
    // way round: one move.
    let state = setup(Color::White, [0, 0], "ME5 MA4 mE6 mF5 mG6 mF7 mL13");
    assert_eq!(moves(&state), set(&["E5xE7xG7xG5xE5"]));
    assert!(is_legal(&state, "E5xG5xG7xE7xE5"));
    assert!(is_legal(&state, "E5xE5"));
}

// §3.4 knight's charge and the canter-into-jump rule

#[test]
fn a_knight_may_not_stop_a_canter_next_to_an_exposed_enemy() {
    let state = setup(Color::White, [0, 0], "KJ5 MJ6 mJ8 mA13 MA4");
    let from_j5 = moves_from(&state, "J5");
    assert!(!from_j5.contains("J5-J7"), "{from_j5:?}");
    assert!(from_j5.contains("J5-J7xJ9"), "{from_j5:?}");
}

#[test]
fn a_man_may_stop_a_canter_next_to_an_exposed_enemy() {
    let state = setup(Color::White, [0, 0], "MJ5 MJ6 mJ8 mA13 MA4");
    let from_j5 = moves_from(&state, "J5");
    assert!(from_j5.contains("J5-J7"), "{from_j5:?}");
    assert!(!from_j5.iter().any(|m| m.contains('x')));
}

// §3.5 compulsory capture

#[test]
fn capture_is_compulsory_and_a_charge_may_replace_it() {
    let state = setup(Color::White, [0, 0], "ME5 KJ5 MJ6 MA8 mE6 mJ8 mL13");
    assert_eq!(moves(&state), set(&["E5xE7", "J5-J7xJ9"]));
}

#[test]
fn a_capture_only_by_charge_does_not_oblige() {
    let state = setup(Color::White, [0, 0], "KJ5 MJ6 MA8 mJ8 mL13");
    let all = moves(&state);
    assert!(all.contains("J5-J7xJ9"));
    assert!(all.contains("A8-A9"));
    assert!(all.contains("J5-K5"));
}

#[test]
fn a_piece_in_the_enemy_castle_does_not_oblige() {
    let state = setup(Color::White, [0, 0], "MF16 MA5 mF15 mL13");
    let all = moves(&state);
    assert!(all.contains("A5-A6"));
    assert!(all.contains("F16-G16"));
    assert!(!all.iter().any(|m| m.contains('x')));
}

// §4.1 own castle

#[test]
fn the_own_castle_is_entered_only_by_a_jump() {
    let state = setup(Color::White, [0, 0], "MF3 ML8 mF2 mA13");
    assert_eq!(moves(&state), set(&["F3xF1"]));
}

#[test]
fn a_jump_into_the_own_castle_continues_out_if_it_can() {
    let state = setup(Color::White, [0, 0], "MD3 ML8 mE2 mG2 mA13");
    assert_eq!(moves(&state), set(&["D3xF1xH3"]));
}

#[test]
fn a_piece_in_its_own_castle_must_leave_even_when_a_capture_exists_elsewhere() {
    // Oracle position P3b: the man on F1 leaves; C3 and E3 could capture D4.
    let state = Camelot::parse_position(
        "2/8/10/12/12/12/9km1/12/12/12/12/12/3m8/1K1M6/8/M1 w 0,0",
        &Options::default(),
    )
    .expect("P3b");
    assert_eq!(moves(&state), set(&["F1-E2", "F1-F2", "F1-G2"]));
}

#[test]
fn a_piece_in_its_own_castle_that_can_jump_must_capture() {
    // Oracle position P3: the knight on F1 jumps or charges.
    let state = Camelot::parse_position(
        "2/8/10/12/12/12/9km1/12/12/12/12/4M7/2m9/10/2M1m3/K1 w 0,0",
        &Options::default(),
    )
    .expect("P3");
    let all = moves(&state);
    assert_eq!(all.len(), 2);
    assert!(
        all.iter().all(|m| m.starts_with("F1") && m.contains('x')),
        "{all:?}"
    );
}

#[test]
fn a_boxed_in_piece_in_the_own_castle_releases_the_obligation() {
    let state = setup(
        Color::White,
        [0, 0],
        "MF1 ME2 MF2 MG2 MD3 MF3 MH3 ML8 mA13 mC13",
    );
    let all = moves(&state);
    assert!(!all.is_empty());
    assert!(moves_from(&state, "F1").is_empty());
    assert!(all.contains("L8-L9"));
}

// §4.2 enemy castle

#[test]
fn a_piece_in_the_enemy_castle_only_makes_castle_moves() {
    let state = setup(Color::White, [0, 0], "MF16 MA5 mE14 mL13");
    assert_eq!(moves_from(&state, "F16"), set(&["F16-G16"]));
}

#[test]
fn castle_moves_are_limited_to_two_per_player() {
    let mut state = setup(Color::White, [1, 0], "MF16 MA5 mA13 mL13");
    play(&mut state, "F16-G16");
    assert_eq!(state.castle_moves_used(), [2, 0]);
    assert!(state.format_position().ends_with(" b 2,0"));
    play(&mut state, "A13-A12");
    assert!(moves_from(&state, "G16").is_empty());
    assert!(!is_legal(&state, "G16-F16"));
}

#[test]
fn a_castle_move_is_illegal_when_capture_is_compulsory() {
    let state = setup(Color::White, [0, 0], "MF16 ME5 mE6 mL13");
    assert_eq!(moves(&state), set(&["E5xE7"]));
}

// §5 end of the game

#[test]
fn occupying_both_enemy_castle_squares_wins() {
    let mut state = setup(Color::White, [0, 0], "MF16 MG15 mA8 mB8");
    play(&mut state, "G15-G16");
    assert_eq!(state.status(), Status::Won(Color::White, Win::Castle));
    assert_eq!(state.returns().map(|r| r.to_vec()), Some(vec![1.0, 0.0]));
    assert_eq!(state.perft(1), 0);
}

#[test]
fn capturing_every_enemy_piece_with_two_left_wins() {
    let mut state = setup(Color::White, [0, 0], "ME5 MA4 mE6");
    play(&mut state, "E5xE7");
    assert_eq!(state.status(), Status::Won(Color::White, Win::Elimination));
}

#[test]
fn capturing_every_enemy_piece_with_one_left_draws() {
    let mut state = setup(Color::White, [0, 0], "ME5 mE6 mE8");
    play(&mut state, "E5xE7xE9");
    assert_eq!(state.status(), Status::Drawn(Draw::Material));
    assert_eq!(state.returns().map(|r| r.to_vec()), Some(vec![0.5, 0.5]));
}

#[test]
fn one_piece_each_is_a_draw() {
    let mut state = setup(Color::Black, [0, 0], "ME5 MA4 mE6");
    assert_eq!(state.status(), Status::Ongoing);
    play(&mut state, "E6xE4");
    assert_eq!(state.status(), Status::Drawn(Draw::Material));
    let parsed = setup(Color::White, [0, 0], "MA4 mL13");
    assert_eq!(parsed.turn(), tauler::game::Turn::Terminal);
}

#[test]
fn no_legal_move_loses_against_two_or_more_pieces() {
    let mut state = setup(
        Color::White,
        [0, 0],
        "mA4 MA5 MB5 MB4 MB3 MA6 MC6 MC4 MC2 ML10 mL13",
    );
    assert!(!is_legal(&state, "C4xA4"));
    play(&mut state, "L10-L11");
    assert_eq!(state.status(), Status::Ongoing);
    let mut state = setup(
        Color::White,
        [0, 0],
        "mA4 MA5 MB5 MB4 MB3 MA6 MC6 MC4 MC2 ML10",
    );
    play(&mut state, "L10-L11");
    assert_eq!(state.status(), Status::Won(Color::White, Win::NoMoves));
    assert_eq!(state.returns().map(|r| r.to_vec()), Some(vec![1.0, 0.0]));
}

/// Black fills every square but its own castle (which it may not enter) and
/// G1, held by White's lone piece: Black has no move at all.
fn packed(white_extra: &str) -> Camelot {
    let mut pieces = String::from("MG1 ");
    pieces.push_str(white_extra);
    for square in tauler::games::camelot::board::all_squares() {
        let name = tauler::games::camelot::board::square_name(square);
        if !["F16", "G16", "G1"].contains(&name.as_str())
            && name != white_extra.get(1..).unwrap_or("")
        {
            pieces.push_str(&format!(" m{name}"));
        }
    }
    setup(Color::Black, [0, 0], &pieces)
}

#[test]
fn no_legal_move_against_a_single_piece_is_a_draw() {
    assert_eq!(packed("").status(), Status::Drawn(Draw::NoMoves));
    assert_eq!(
        packed("MA8").status(),
        Status::Won(Color::White, Win::NoMoves)
    );
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let mut state = setup(Color::White, [0, 0], "MA5 ML5 mA12 mL12");
    for round in 0..2 {
        for text in ["A5-A6", "A12-A11", "A6-A5", "A11-A12"] {
            assert_eq!(
                state.status(),
                Status::Ongoing,
                "round {round} before {text}"
            );
            play(&mut state, text);
        }
    }
    assert_eq!(state.status(), Status::Drawn(Draw::Repetition));
}

#[test]
fn fifty_moves_each_without_capture_or_castle_entry_draw() {
    let mut state = setup(Color::White, [0, 0], "MD3 MF3 MJ3 mD14 mF14 mJ14");
    let mut seen = BTreeSet::new();
    seen.insert(state.hash());
    for ply in 0..100 {
        assert_eq!(state.status(), Status::Ongoing, "ply {ply}");
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let next = actions
            .into_iter()
            .find(|&action| {
                let mut child = state.clone();
                child.apply(action);
                let rank = action.to / 12 + 1;
                let home = match state.side_to_move() {
                    Color::White => rank <= 6,
                    Color::Black => rank >= 11,
                };
                home && !seen.contains(&child.hash())
            })
            .expect("a fresh quiet move");
        state.apply(next);
        seen.insert(state.hash());
        assert_eq!(state.quiet_plies(), ply + 1);
    }
    assert_eq!(state.status(), Status::Drawn(Draw::QuietMoves));
}

#[test]
fn entering_the_enemy_castle_resets_the_quiet_counter() {
    let mut state = setup(Color::White, [0, 0], "MD14 ME15 ML4 mA8 mB8");
    play(&mut state, "L4-L5");
    play(&mut state, "A8-A9");
    assert_eq!(state.quiet_plies(), 2);
    play(&mut state, "D14-F16");
    assert_eq!(state.quiet_plies(), 0);
}

#[test]
fn positions_that_cannot_arise_are_refused_unless_free_setup() {
    // Five White knights (four is the army's), twelve Black men (ten).
    let five_knights =
        "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMKK2/12/12/10/8/2 w 0,0";
    let twelve_men =
        "2/8/10/12/12/2kmmmmmmm2/3mmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0";
    let free = Options::from_pairs(["free_setup"]).expect("option");
    for (text, named) in [
        (five_knights, "White has 5 knights, more than the 4"),
        (twelve_men, "Black has 12 men, more than the 10"),
    ] {
        let err = Camelot::parse_position(text, &Options::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("impossible position") && err.contains(named),
            "{err}"
        );
        assert!(Camelot::parse_position(text, &free).is_ok(), "{text}");
    }
}
