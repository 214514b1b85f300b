//! §4: pawn steps, captures, en passant and the scornful-pawn capture.
//!
//! Kings on P9 and Z19 (moved), out of the way; the pawns keep the material
//! sufficient.

use tauler::game::Notation;

use crate::cescacs_rules::support::{at, play, set, special_field, texts, texts_from};

const KINGS: &str = "KP9 kZ19";

fn white(men: &str) -> tauler::games::cescacs::Cescacs {
    at(&format!("{KINGS} {men}"), "w - - 0 1")
}

fn black(men: &str) -> tauler::games::cescacs::Cescacs {
    at(&format!("{KINGS} {men}"), "b - - 0 1")
}

#[test]
fn pawn_steps_one_or_two_forward_from_anywhere_and_obliquely() {
    // E9 is not a triple-step hex: single, double, two oblique steps.
    assert_eq!(
        texts_from(&white("PE9"), "E9"),
        set("E9-E11 E9-E13 E9-F10 E9-D10")
    );
    // The initial array's A5 (left edge region): no triple step on column A.
    assert_eq!(
        texts_from(&white("PA5"), "A5"),
        set("A5-A7 A5-A9 A5-B6 A5-T6")
    );
    // F8 and L5 are initial pawn hexes without the triple step.
    assert_eq!(
        texts_from(&white("PF8"), "F8"),
        set("F8-F10 F8-F12 F8-G9 F8-E9")
    );
    assert_eq!(
        texts_from(&white("PL5"), "L5"),
        set("L5-L7 L5-L9 L5-X6 L5-K6")
    );
}

#[test]
fn triple_step_only_from_the_eight_triple_step_hexes() {
    let white_hexes = [
        ("B4", "B10"),
        ("C5", "C11"),
        ("D6", "D12"),
        ("E7", "E13"),
        ("G7", "G13"),
        ("H6", "H12"),
        ("I5", "I11"),
        ("K4", "K10"),
    ];
    for (from, to) in white_hexes {
        let game = white(&format!("P{from}"));
        let moves = texts_from(&game, from);
        assert!(moves.contains(&format!("{from}-{to}")), "{from}: {moves:?}");
    }
    let black_hexes = [
        ("B24", "B18"),
        ("C23", "C17"),
        ("D22", "D16"),
        ("E21", "E15"),
        ("G21", "G15"),
        ("H22", "H16"),
        ("I23", "I17"),
        ("K24", "K18"),
    ];
    for (from, to) in black_hexes {
        let game = black(&format!("p{from}"));
        let moves = texts_from(&game, from);
        assert!(moves.contains(&format!("{from}-{to}")), "{from}: {moves:?}");
    }
    assert_eq!(
        texts_from(&white("PE7"), "E7"),
        set("E7-E9 E7-E11 E7-E13 E7-F8 E7-D8")
    );
    assert_eq!(
        texts_from(&black("pE21"), "E21"),
        set("E21-E19 E21-E17 E21-E15 E21-F20 E21-D20")
    );
}

#[test]
fn triple_step_right_is_positional() {
    // F6 has no triple step; after the oblique step F6-G7 the same pawn has it.
    let game = white("PF6");
    assert_eq!(texts_from(&game, "F6"), set("F6-F8 F6-F10 F6-G7 F6-E7"));
    let later = play(&game, "F6-G7 KZ19-Z17");
    assert_eq!(
        texts_from(&later, "G7"),
        set("G7-G9 G7-G11 G7-G13 G7-H8 G7-F8")
    );
}

#[test]
fn pawn_steps_need_every_passed_hex_empty() {
    // A man on E11 stops the double and triple step; on E13 only the triple.
    assert_eq!(
        texts_from(&white("PE7 pE11"), "E7"),
        set("E7-E9 E7-F8 E7-D8")
    );
    assert_eq!(
        texts_from(&white("PE7 nE13"), "E7"),
        set("E7-E9 E7-E11 E7-F8 E7-D8")
    );
    // Own men on the oblique hexes stop those steps too.
    assert_eq!(texts_from(&white("PE7 PF8 PD8 PE9"), "E7"), set(""));
}

#[test]
fn pawn_captures_diagonally_forward_but_never_straight_ahead() {
    // Black men on F16 (ahead), G17 and E17 (the diagonal capture hexes).
    let game = white("PF14 pF16 nG17 pE17");
    assert_eq!(
        texts_from(&game, "F14"),
        set("F14-G15 F14-E15 F14×NG17 F14×E17")
    );
    // A Black pawn captures diagonally downwards.
    let game = black("pF14 PF12 NG11 PE11");
    assert_eq!(
        texts_from(&game, "F14"),
        set("F14-G13 F14-E13 F14×NG11 F14×E11")
    );
}

#[test]
fn en_passant_after_a_double_step() {
    // E9-E13 passes E11; the Black pawn on D14 captures there.
    let game = play(&white("PE9 pD14"), "E9-E13");
    assert_eq!(special_field(&game), "P@E11[E13]");
    assert!(texts_from(&game, "D14").contains("D14@E11"));
    let after = play(&game, "D14@E11");
    assert_eq!(
        after.format_position(),
        crate::cescacs_rules::support::pdtl("KP9 kZ19 pE11", "w - - 0 2")
    );
}

#[test]
fn en_passant_after_a_triple_step_on_both_passed_hexes() {
    // E7-E13 passes E9 (first, `@@`) and E11 (`@`).
    let game = play(&white("PE7 pF14 pD12"), "E7-E13");
    assert_eq!(special_field(&game), "P@E9,11[E13]");
    assert_eq!(
        texts_from(&game, "F14"),
        set("F14-F12 F14-F10 F14-G13 F14@E11")
    );
    assert!(texts_from(&game, "D12").contains("D12@@E9"));
    for capture in ["F14@E11", "D12@@E9"] {
        let after = play(&game, capture);
        assert!(
            !crate::cescacs_rules::support::placement(&after.format_position()).contains_key("E13"),
            "{capture}"
        );
    }
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let game = play(&white("PE9 pD14"), "E9-E13 KZ19-Z17 KP9-P11");
    assert_eq!(special_field(&game), "-");
    assert_eq!(texts_from(&game, "D14"), set("D14-D12 D14-D10 D14-C13"));
    assert!(!texts(&game).iter().any(|m| m.contains('@')));
}

#[test]
fn en_passant_captures_a_checking_pawn() {
    // E9-E13 checks the King on F16 (adjoining); F14@E11 removes the checker.
    let game = at("KP9 PE9 pF14 kF16", "w - - 0 1");
    let mv = game.parse_action("E9-E13").unwrap();
    assert_eq!(game.format_action(mv), "E9-E13+^");
    let checked = play(&game, "E9-E13");
    assert!(checked.in_check());
    assert!(texts(&checked).contains("F14@E11"));
    assert!(!play(&checked, "F14@E11").in_check());
}

#[test]
fn scornful_pawn_may_be_taken_right_after_its_side_step() {
    // The White pawn on E13 faces the Black pawn on E15 and steps aside to D14.
    let game = play(&white("PE13 pE15"), "E13-D14");
    assert_eq!(special_field(&game), "E15@D14");
    assert_eq!(
        texts_from(&game, "E15"),
        set("E15-E13 E15-E11 E15-F14 E15@D14")
    );
    let after = play(&game, "E15@D14");
    assert_eq!(
        after.format_position(),
        crate::cescacs_rules::support::pdtl("KP9 kZ19 pD14", "w - - 0 2")
    );
    // One move later the right is gone.
    let late = play(&game, "KZ19-Z17 KP9-P11");
    assert_eq!(texts_from(&late, "E15"), set("E15-E13 E15-E11 E15-F14"));
}

#[test]
fn no_scornful_capture_for_a_pawn_that_was_not_faced() {
    // G13-F14 ends next to the Black pawn on E15, which never faced it.
    let game = play(&white("PG13 pE15"), "G13-F14");
    assert_eq!(special_field(&game), "-");
    assert_eq!(texts_from(&game, "E15"), set("E15-E13 E15-E11 E15-D14"));
    // An own pawn ahead is not scorned either (§11.3).
    let own = play(&white("PE13 PE15"), "E13-D14");
    assert_eq!(special_field(&own), "-");
}

#[test]
fn pawn_moves_of_the_initial_array_match_the_spec_count() {
    // §4: A5 4, F8 4, B4 3, E7 4; 42 pawn moves of the 68.
    let game = crate::cescacs_rules::support::state(tauler::games::cescacs::START);
    assert_eq!(texts_from(&game, "A5"), set("A5-A7 A5-A9 A5-B6 A5-T6"));
    assert_eq!(texts_from(&game, "F8"), set("F8-F10 F8-F12 F8-E9 F8-G9"));
    assert_eq!(texts_from(&game, "B4"), set("B4-B6 B4-B8 B4-B10"));
    assert_eq!(texts_from(&game, "E7"), set("E7-E9 E7-E11 E7-E13 E7-D8"));
    let all = texts(&game);
    assert_eq!(all.len(), 68);
    // Pawn moves are written without a letter: the hex comes first.
    let pawn_moves = all
        .iter()
        .filter(|m| m.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
        .count();
    assert_eq!(pawn_moves, 42);
    // The other 26: bishop F6 10, knights 4 + 4, pegasi 2 + 2, elephants 1 each.
    for (man, count) in [
        ("JF6", 10),
        ("NE3", 4),
        ("NG3", 4),
        ("GD2", 2),
        ("GH2", 2),
        ("ED4", 1),
        ("EE5", 1),
        ("EG5", 1),
        ("EH4", 1),
    ] {
        assert_eq!(texts_from(&game, &man[1..]).len(), count, "{man}");
        assert!(
            texts_from(&game, &man[1..])
                .iter()
                .all(|m| m.starts_with(man)),
            "{man}"
        );
    }
}

#[test]
fn en_passant_may_not_expose_the_own_king() {
    // The Black pawn on D14 shields its King on D18 from the rook on D4:
    // it may step along the D column but not take en passant on E11.
    let game = play(&at("KP9 RD4 PE9 kD18 pD14", "w - - 0 1"), "E9-E13");
    assert_eq!(special_field(&game), "P@E11[E13]");
    assert_eq!(texts_from(&game, "D14"), set("D14-D12 D14-D10"));
}

#[test]
fn scornful_capture_takes_a_piece_promoted_by_the_side_step() {
    // §5.4: A21-T22 steps away from the Black pawn on A23 and promotes; the
    // scorned pawn may take the new Queen on the next move.
    let game = play(&white("PA21 pA23"), "A21-T22=D");
    assert_eq!(special_field(&game), "A23@T22");
    assert!(texts_from(&game, "A23").contains("A23@DT22"));
    let after = play(&game, "A23@DT22");
    assert_eq!(
        after.format_position(),
        crate::cescacs_rules::support::pdtl("KP9 kZ19 pT22", "w - - 0 2")
    );
}

#[test]
fn en_passant_takes_a_piece_promoted_by_the_double_step() {
    // P17-P21 passes P19 and promotes; the Black pawn on T22 takes the new
    // piece en passant on P19.
    let game = play(&white("PP17 pT22"), "P17-P21=R");
    assert_eq!(special_field(&game), "P@P19[P21]");
    assert!(texts_from(&game, "T22").contains("T22@RP19"));
    let after = play(&game, "T22@RP19");
    assert_eq!(
        after.format_position(),
        crate::cescacs_rules::support::pdtl("KP9 kZ19 pP19", "w - - 0 2")
    );
}

/// A White-to-move scenario under `rules=classic`.
fn classic(men: &str, side: &str) -> tauler::games::cescacs::Cescacs {
    crate::cescacs_rules::support::at_with(
        &format!("{KINGS} {men}"),
        &format!("{side} - - 0 1"),
        &["rules=classic"],
    )
}

#[test]
fn classic_pawns_step_two_or_three_from_every_starting_hex_and_nowhere_else() {
    // The seed: "Els peons, al seu primer moviment tenen la possibilitat de
    // moure dues caselles o tres caselles" — from all eleven starting hexes,
    // A5, F8 and L5 included.
    for (pawn, steps) in [
        ("A5", "A5-A7 A5-A9 A5-A11 A5-B6 A5-T6"),
        ("F8", "F8-F10 F8-F12 F8-F14 F8-G9 F8-E9"),
        ("L5", "L5-L7 L5-L9 L5-L11 L5-X6 L5-K6"),
        ("E7", "E7-E9 E7-E11 E7-E13 E7-F8 E7-D8"),
    ] {
        assert_eq!(
            texts_from(&classic(&format!("P{pawn}"), "w"), pawn),
            set(steps),
            "{pawn}"
        );
    }
    // Elsewhere one step only (the current rules double-step from anywhere).
    assert_eq!(
        texts_from(&classic("PE9", "w"), "E9"),
        set("E9-E11 E9-F10 E9-D10")
    );
    assert!(texts_from(&white("PE9"), "E9").contains("E9-E13"));
    // Black: from E21 three steps, from E19 one.
    assert_eq!(
        texts_from(&classic("pE21", "b"), "E21"),
        set("E21-E19 E21-E17 E21-E15 E21-F20 E21-D20")
    );
    assert_eq!(
        texts_from(&classic("pE19", "b"), "E19"),
        set("E19-E17 E19-F18 E19-D18")
    );
}

#[test]
fn classic_multi_steps_are_regained_on_another_starting_hex() {
    // B4-C5 is an oblique step onto C5, a starting hex of White's: the pawn
    // may step two or three again from there.
    let game = play(&classic("PB4", "w"), "B4-C5 KZ19-Z17");
    assert_eq!(
        texts_from(&game, "C5"),
        set("C5-C7 C5-C9 C5-C11 C5-B6 C5-D6")
    );
}

#[test]
fn classic_triple_step_from_f8_may_be_taken_en_passant_on_both_hexes() {
    let game = play(&classic("PF8 pG13 pE15", "w"), "F8-F14");
    assert_eq!(special_field(&game), "P@F10,12[F14]");
    assert!(texts_from(&game, "G13").contains("G13@@F10"));
    assert!(texts_from(&game, "E15").contains("E15@F12"));
}
