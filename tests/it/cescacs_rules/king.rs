//! §6 and §7: the King's leap, the 24 castlings and their conditions, and
//! the leap's threat to the enemy King.

use tauler::game::{Game, GameOptions, Notation};
use tauler::games::cescacs::Options;

use crate::cescacs_rules::support::{
    at, at_with, castling_field, castlings, mirror, mirror_hex, placement, play, set, state,
    state_with, targets, texts_from,
};

/// The oracle position in which White can make all 24 castlings.
const CASTLING: &str = "/28:v/27:1k/26:1jg/25:rnnr/24:2d2/23:pp3p/22:2p2p1/20:3p3/19:5p2/18:g6/10:G6/9:5P2/8:3P3/6:2P2P1/5:PP3P/4:2D2/3:RNNR/2:1JG/1:1K/0:V/ w RKRrkr - 0 1";

/// A castling as §6 lists it: name, King's destination, rook moves.
type Row = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// §6's table of the 24 castlings, for White.
const TABLE: [Row; 24] = [
    ("KRK-II", "I5", &[("I3", "I7")]),
    ("KRK-IK", "I5", &[("I3", "K4")]),
    ("KRK-IH", "I5", &[("I3", "H4")]),
    ("KRK-HIO", "H6", &[("I3", "I5")]),
    ("KRK-HIOO", "H6", &[("I3", "I7")]),
    ("KRK-HH", "H6", &[("I3", "H4")]),
    ("KRK-HG", "H6", &[("I3", "G5")]),
    ("KRK-FG", "F6", &[("I3", "G5")]),
    ("KRK-FE", "F6", &[("I3", "E7")]),
    ("KRK-EF", "E5", &[("I3", "F6")]),
    ("KRK-EE", "E5", &[("I3", "E7")]),
    ("KRD-DD", "D2", &[("C3", "D4")]),
    ("KRD-DE", "D2", &[("C3", "E1")]),
    ("KRD-ED", "E5", &[("C3", "D4")]),
    ("KRD-EF", "E5", &[("C3", "F6")]),
    ("KRD-FE", "F6", &[("C3", "E5")]),
    ("KRD-FG", "F6", &[("C3", "G7")]),
    ("KRD-HG", "H6", &[("C3", "G7")]),
    ("KRD-HH", "H6", &[("C3", "H8")]),
    ("KRR-HIH", "H6", &[("I3", "I7"), ("C3", "H8")]),
    ("KRR-HGG", "H6", &[("I3", "G5"), ("C3", "G7")]),
    ("KRR-FGG", "F6", &[("I3", "G5"), ("C3", "G7")]),
    ("KRR-FEE", "F6", &[("I3", "E7"), ("C3", "E5")]),
    ("KRR-EEF", "E5", &[("I3", "E7"), ("C3", "F6")]),
];

fn all_names() -> std::collections::BTreeSet<String> {
    TABLE.iter().map(|(name, _, _)| name.to_string()).collect()
}

/// The castling position with `men` added (as PDTL placement men).
fn castling_with(men: &str) -> tauler::games::cescacs::Cescacs {
    castling_under(men, &[])
}

/// [`castling_with`] under the rules options `pairs`.
fn castling_under(men: &str, pairs: &[&str]) -> tauler::games::cescacs::Cescacs {
    let mut placed = placement(CASTLING);
    let mut list: Vec<String> = placed
        .iter()
        .map(|(hex, man)| format!("{man}{hex}"))
        .collect();
    for man in men.split_whitespace() {
        placed.insert(man[1..].to_string(), man.chars().next().unwrap());
        list.retain(|m| m[1..] != man[1..]);
        list.push(man.to_string());
    }
    at_with(&list.join(" "), "w RKRrkr - 0 1", pairs)
}

const LEAPS: &str = "I5 H6 F6 E5 D2";
const G1_STEPS: &str = "G3 H2 F2 F0 E1 H4 F4";

#[test]
fn unmoved_king_leaps_like_a_knight_to_five_hexes() {
    let game = at("KG1 kG27 PZ13", "w Kk - 0 1");
    let mut expected = set(G1_STEPS);
    expected.extend(set(LEAPS));
    assert_eq!(targets(&game, "G1"), expected);
    // Black's King, mirrored.
    let black = at("KG1 kG27 pZ15", "b Kk - 0 1");
    let mut expected: std::collections::BTreeSet<String> =
        set(G1_STEPS).iter().map(|h| mirror_hex(h)).collect();
    expected.extend(set("I23 H22 F22 E23 D26"));
    assert_eq!(targets(&black, "G27"), expected);
}

#[test]
fn king_leap_may_capture_but_not_without_castling() {
    let text = crate::cescacs_rules::support::pdtl("KG1 kG27 PZ13 eF6", "w Kk - 0 1");
    let game = state(&text);
    // The Elephant guards F4, F2 (forward) and G3 (diagonal).
    assert_eq!(
        texts_from(&game, "G1"),
        set("KG1-H2 KG1-F0 KG1-E1 KG1-H4 KG1-I5 KG1-H6 KG1×EF6 KG1-E5 KG1-D2")
    );
    let off = state_with(&text, &Options::from_pairs(["castling=off"]).unwrap());
    assert_eq!(
        targets(&off, "G1"),
        set("H2 F0 E1 H4 I5 H6 E5 D2"),
        "the leap stays but may not capture"
    );
}

#[test]
fn king_leap_is_lost_once_the_king_has_moved() {
    let game = play(
        &at("KG1 kG27 PZ13", "w Kk - 0 1"),
        "KG1-G3 KG27-G25 KG3-G1 KG25-G27",
    );
    assert_eq!(castling_field(&game), "-");
    assert_eq!(targets(&game, "G1"), set(G1_STEPS));
}

#[test]
fn no_king_leap_out_of_check() {
    // The Black rook on G9 checks down the G column.
    let game = at("KG1 kG27 rG9 PZ13", "w Kk - 0 1");
    assert!(game.in_check());
    assert_eq!(targets(&game, "G1"), set("H2 F2 F0 E1 H4 F4"));
}

#[test]
fn unmoved_kings_leap_hexes_are_attacked_for_the_enemy_king() {
    // White's unmoved King on G1 attacks F6 and E5, next to Black's King on F8.
    let game = at("KG1 kF8 PZ13", "b K - 0 1");
    assert_eq!(
        targets(&game, "F8"),
        set("F10 G9 G7 E9 E7 H8 D8 G11 G5 E11")
    );
    let moved = at("KG1 kF8 PZ13", "b - - 0 1");
    assert_eq!(
        targets(&moved, "F8"),
        set("F10 F6 G9 G7 E9 E7 H8 D8 G11 G5 E11 E5")
    );
}

#[test]
fn all_24_castlings_are_available_in_the_oracle_position() {
    assert_eq!(castlings(&state(CASTLING)), all_names());
    assert_eq!(castlings(&state(&mirror(CASTLING))), all_names());
}

#[test]
fn each_castling_moves_the_king_and_rooks_as_the_table_says() {
    for (side, text) in [("White", CASTLING.to_string()), ("Black", mirror(CASTLING))] {
        let black = side == "Black";
        let flip = |hex: &str| {
            if black {
                mirror_hex(hex)
            } else {
                hex.to_string()
            }
        };
        let (king, rook) = if black { ('k', 'r') } else { ('K', 'R') };
        let game = state(&text);
        for (name, king_to, rooks) in TABLE {
            let after = play(&game, name);
            let mut expected = placement(&text);
            expected.remove(&flip("G1"));
            for (from, _) in rooks {
                expected.remove(&flip(from));
            }
            expected.insert(flip(king_to), king);
            for (_, to) in rooks {
                expected.insert(flip(to), rook);
            }
            assert_eq!(
                placement(&after.format_position()),
                expected,
                "{side} {name}"
            );
            assert_eq!(
                castling_field(&after),
                if black { "RKR" } else { "rkr" },
                "{side} {name}"
            );
        }
    }
}

#[test]
fn no_castling_out_of_check() {
    // A Black pawn on H4 checks the King on G1.
    let game = castling_with("pH4");
    assert!(game.in_check());
    assert!(castlings(&game).is_empty());
    assert!(targets(&game, "G1").is_disjoint(&set(LEAPS)));
}

#[test]
fn no_castling_onto_an_attacked_hex_even_if_the_rook_would_shield_it() {
    // The Black rook on H10 attacks H8 and H6: the eight castlings to H6 go,
    // including KRD-HH and KRR-HIH whose rook would land on H8 in between.
    let game = castling_with("rH10");
    let mut expected = all_names();
    for name in [
        "KRK-HIO", "KRK-HIOO", "KRK-HH", "KRK-HG", "KRD-HG", "KRD-HH", "KRR-HIH", "KRR-HGG",
    ] {
        expected.remove(name);
    }
    assert_eq!(castlings(&game), expected);
}

#[test]
fn castling_rook_path_must_be_clear_and_castling_never_captures() {
    // A White pawn on G7 blocks every Queen's-rook path to or through G7.
    let game = castling_with("PG7");
    let mut expected = all_names();
    for name in [
        "KRD-FG", "KRD-HG", "KRD-HH", "KRR-HIH", "KRR-HGG", "KRR-FGG",
    ] {
        expected.remove(name);
    }
    assert_eq!(castlings(&game), expected);
    // A Black pawn on E7: the King's rook may not capture it by castling.
    let game = castling_with("pE7");
    let mut expected = all_names();
    for name in ["KRK-FE", "KRK-EE", "KRR-FEE", "KRR-EEF"] {
        expected.remove(name);
    }
    assert_eq!(castlings(&game), expected);
}

#[test]
fn castling_may_not_uncover_a_check_on_the_kings_destination() {
    // §11.5: the Black rook on B4 is screened from D2 by the rook on C3;
    // KRD-DD and KRD-DE move that rook and would leave the King in check.
    let game = castling_with("rB4");
    let mut expected = all_names();
    expected.remove("KRD-DD");
    expected.remove("KRD-DE");
    assert_eq!(castlings(&game), expected);
}

#[test]
fn castling_rights_are_lost_for_good_when_a_rook_or_king_leaves_and_returns() {
    let game = play(&state(CASTLING), "RI3-K4 RI25-K24 RK4-I3 RK24-I25");
    assert_eq!(castling_field(&game), "RKrk");
    let queen_side: std::collections::BTreeSet<String> = all_names()
        .into_iter()
        .filter(|n| n.starts_with("KRD"))
        .collect();
    assert_eq!(queen_side.len(), 8);
    assert_eq!(castlings(&game), queen_side);
    let game = play(&state(CASTLING), "KG1-E1 KG27-E27 KE1-G1 KE27-G27");
    assert_eq!(castling_field(&game), "-");
    assert!(castlings(&game).is_empty());
    assert!(targets(&game, "G1").is_disjoint(&set(LEAPS)));
}

#[test]
fn castling_off_removes_every_castling_but_keeps_the_leap() {
    let off = state_with(CASTLING, &Options::from_pairs(["castling=off"]).unwrap());
    assert!(castlings(&off).is_empty());
    for leap in LEAPS.split_whitespace() {
        assert!(
            texts_from(&off, "G1").contains(&format!("KG1-{leap}")),
            "{leap}"
        );
    }
    let mut moves = Vec::new();
    off.legal_actions(&mut moves);
    assert_eq!(
        moves.len(),
        172 - 24,
        "the oracle's 172 moves less the 24 castlings"
    );
}

#[test]
fn without_castling_the_leap_cannot_capture_so_it_guards_nothing() {
    // §6/§7: the leap attacks because it may capture; with castling=off it
    // may not, so Black's King may step next to it onto F6 and E5.
    let options = Options::from_pairs(["castling=off"]).unwrap();
    let game = state_with(
        &crate::cescacs_rules::support::pdtl("KG1 kF8 PZ13", "b K - 0 1"),
        &options,
    );
    assert_eq!(
        targets(&game, "F8"),
        set("F10 F6 G9 G7 E9 E7 H8 D8 G11 G5 E11 E5")
    );
}

#[test]
fn king_may_not_step_along_the_line_of_a_checking_slider() {
    // The rook on F22 checks the King on F14; F12 is still on its line.
    let game = at("KF14 PZ13 kZ19 rF22", "w - - 0 1");
    assert!(game.in_check());
    let moves = targets(&game, "F14");
    assert!(!moves.contains("F12") && !moves.contains("F16"));
    assert_eq!(moves, set("G15 G13 E15 E13 H14 D14 G17 G11 E17 E11"));
}

#[test]
fn classic_castling_onto_an_attacked_hex_when_a_rook_shields_it() {
    // The seed: "Observar que l'enroc és possible encara que la casella de
    // destinació del rei es trobi amenaçada, sempre que una vegada
    // finalitzat l'enroc el rei no quedi en escac (per que la torre ho
    // impedeix)." The Black rook on H10 attacks H6 through H8: KRD-HH and
    // KRR-HIH put a rook on H8 and are legal; the other six castlings to H6
    // leave the King attacked and stay refused.
    let game = castling_under("rH10", &["rules=classic"]);
    let mut expected = all_names();
    for name in [
        "KRK-HIO", "KRK-HIOO", "KRK-HH", "KRK-HG", "KRD-HG", "KRR-HGG",
    ] {
        expected.remove(name);
    }
    assert_eq!(castlings(&game), expected);
    // The same for Black, mirrored.
    let white = castling_under("rH10", &["rules=classic"]).format_position();
    let options = Options::from_pairs(["rules=classic", "free_setup=on"]).unwrap();
    let black = state_with(&mirror(&white), &options);
    assert_eq!(castlings(&black), expected);
    let current = state_with(
        &mirror(&white),
        &Options::from_pairs(["free_setup=on"]).unwrap(),
    );
    assert!(!castlings(&current).contains("KRD-HH"));
}

#[test]
fn classic_castling_still_never_ends_in_check() {
    // A rook that moves off the line uncovers the check: refused under
    // both rules (the seed: "la posició de destinació del rei no pot
    // quedar amenaçada al final del moviment").
    let game = castling_under("rB4", &["rules=classic"]);
    let mut expected = all_names();
    expected.remove("KRD-DD");
    expected.remove("KRD-DE");
    assert_eq!(castlings(&game), expected);
    // Castling out of check stays refused.
    let checked = castling_under("pH4", &["rules=classic"]);
    assert!(castlings(&checked).is_empty());
}
