//! §3: how each piece moves, counted on an open board from the centre F14.
//!
//! The Kings stand on P9 and Z19 (moved: no leap), off every line through
//! F14; a White pawn on Z13 keeps the material sufficient.

use tauler::games::cescacs::geometry::{hex_color, parse_hex};
use tauler::games::cescacs::Cescacs;

use crate::cescacs_rules::support::{at, set, targets, texts_from};

/// An open board with White's `man` on F14 and `others`, White to move.
fn centre(man: char, others: &str) -> Cescacs {
    at(&format!("KP9 kZ19 PZ13 {man}F14 {others}"), "w - - 0 1")
}

#[test]
fn king_steps_to_its_twelve_neighbours() {
    let game = at("KF14 kZ19 PZ13", "w - - 0 1");
    assert_eq!(
        targets(&game, "F14"),
        set("F16 F12 G15 G13 E15 E13 H14 D14 G17 G11 E17 E11"),
        "6 orthogonal + 6 diagonal steps, and no leap for a King that has moved"
    );
}

#[test]
fn rook_slides_the_six_orthogonal_lines() {
    let expected = set("F16 F18 F20 F22 F24 F26 F28 F12 F10 F8 F6 F4 F2 F0 \
         G15 H16 I17 K18 L19 X20 Z21 G13 H12 I11 K10 L9 X8 Z7 \
         E15 D16 C17 B18 A19 T20 P21 E13 D12 C11 B10 A9 T8 P7");
    assert_eq!(expected.len(), 42);
    assert_eq!(targets(&centre('R', ""), "F14"), expected);
}

#[test]
fn bishop_slides_the_six_diagonals_and_keeps_its_colour() {
    let expected = set("H14 K14 X14 D14 B14 T14 G17 H20 I23 G11 H8 I5 E17 D20 C23 E11 D8 C5");
    let game = centre('J', "");
    assert_eq!(targets(&game, "F14"), expected);
    let f14 = hex_color(parse_hex("F14").unwrap());
    assert!(expected
        .iter()
        .all(|h| hex_color(parse_hex(h).unwrap()) == f14));
}

#[test]
fn queen_is_rook_plus_bishop() {
    let game = centre('D', "");
    let queen = targets(&game, "F14");
    assert_eq!(queen.len(), 60);
    let rook = targets(&centre('R', ""), "F14");
    let bishop = targets(&centre('J', ""), "F14");
    assert_eq!(queen, rook.union(&bishop).cloned().collect());
}

const JUMPS: &str = "I15 I13 C15 C13 H18 H10 D18 D10 G19 G9 E19 E9";

#[test]
fn wyvern_is_rook_plus_knight_jump() {
    let wyvern = targets(&centre('V', ""), "F14");
    assert_eq!(wyvern.len(), 54);
    let mut expected = targets(&centre('R', ""), "F14");
    expected.extend(set(JUMPS));
    assert_eq!(wyvern, expected, "no knight ride");
}

#[test]
fn pegasus_is_bishop_plus_knight_jump() {
    let pegasus = targets(&centre('G', ""), "F14");
    assert_eq!(pegasus.len(), 30);
    let mut expected = targets(&centre('J', ""), "F14");
    expected.extend(set(JUMPS));
    assert_eq!(pegasus, expected, "no knight ride");
}

#[test]
fn knight_jumps_twelve_ways_and_rides_twelve_more() {
    let rides = "X16 X12 T16 T12 K22 K6 B22 B6 H24 H4 D24 D4";
    let mut expected = set(JUMPS);
    expected.extend(set(rides));
    assert_eq!(targets(&centre('N', ""), "F14"), expected);
    assert_eq!(expected.len(), 24);
}

#[test]
fn knight_ride_needs_an_empty_landing_hex_and_never_captures() {
    // Black man on the jump hex I15: the jump captures it, the ride through
    // it to X16 is gone. Own man on C15: no jump there, no ride to T16.
    // Black man on the ride's end X12: the ride may not capture it.
    let game = centre('N', "pI15 PC15 pX12");
    let moves = texts_from(&game, "F14");
    assert!(moves.contains("NF14×I15"), "{moves:?}");
    assert!(moves.contains("NF14-I13"));
    assert!(!moves.contains("NF14-X16") && !moves.contains("NF14-T16"));
    let mut expected = set(JUMPS);
    expected.extend(set("T12 K22 K6 B22 B6 H24 H4 D24 D4"));
    expected.remove("C15");
    assert_eq!(targets(&game, "F14"), expected);
}

#[test]
fn knight_jump_passes_over_men() {
    // Every neighbour of F14 occupied: the jumps still go, the rides are
    // blocked only where the first landing hex is taken.
    let game = centre(
        'N',
        "PF16 PF12 PG15 PG13 PE15 PE13 PH14 PD14 PG17 PG11 PE17 PE11",
    );
    let mut expected = set(JUMPS);
    expected.extend(set("X16 X12 T16 T12 K22 K6 B22 B6 H24 H4 D24 D4"));
    assert_eq!(targets(&game, "F14"), expected);
}

#[test]
fn elephant_moves_forward_one_or_two_and_on_four_diagonals() {
    assert_eq!(
        targets(&centre('E', ""), "F14"),
        set("F16 F18 G17 E17 G11 E11")
    );
    // Black's forward is down the board; the same four diagonals.
    let black = at("KP9 kZ19 PZ13 eF14", "b - - 0 1");
    assert_eq!(targets(&black, "F14"), set("F12 F10 G17 E17 G11 E11"));
}

#[test]
fn elephant_forward_two_is_lame_and_every_step_captures() {
    // A man on F16 stops the two-step; an enemy there is captured.
    let own = centre('E', "PF16");
    assert_eq!(targets(&own, "F14"), set("G17 E17 G11 E11"));
    let enemy = centre('E', "nF16");
    assert_eq!(
        texts_from(&enemy, "F14"),
        set("EF14×NF16 EF14-G17 EF14-E17 EF14-G11 EF14-E11")
    );
    // Captures on the two-step and on a backward diagonal.
    let far = centre('E', "nF18 nG11");
    assert_eq!(
        texts_from(&far, "F14"),
        set("EF14-F16 EF14×NF18 EF14-G17 EF14-E17 EF14×NG11 EF14-E11")
    );
}

#[test]
fn elephant_two_step_pins_and_checks_through_an_empty_hex() {
    // The Black Elephant on F18 would reach the King on F14 through F16:
    // the White knight on F16 may not leave.
    let pinned = at("KF14 NF16 PZ13 kZ19 eF18", "w - - 0 1");
    assert!(!pinned.in_check());
    assert!(texts_from(&pinned, "F16").is_empty());
    // Stepping to F18 with F16 empty checks from afar.
    let game = at("KF14 PZ13 kZ19 eF20", "b - - 0 1");
    assert!(texts_from(&game, "F20").contains("EF20-F18+∞"));
}
