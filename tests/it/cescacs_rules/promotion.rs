//! §5: promotion only to captured pieces, bishops by hex colour, awaiting
//! pawns (`=&`) and forced in-place promotion.
//!
//! White's King stands on P9, Black's on Z15 (both moved); the White
//! promotion hexes used are E27 (black hex), D26 (coloured) and F28.

use tauler::games::cescacs::MoveKind;

use crate::cescacs_rules::support::{at, legal, play, set, texts, texts_from};

/// White's full set of regainable pieces on their home hexes, with the
/// bishop of the black hexes (F6) only.
const ARMY: &str = "DE1 VF0 RC3 RI3 GD2 GH2 NE3 NG3 JF6";

#[test]
fn promotion_offers_one_move_per_captured_piece_type() {
    // White has only its King: every regainable type is captured.
    let game = at("KP9 kZ15 PE25", "w - - 0 30");
    assert_eq!(
        texts_from(&game, "E25"),
        set(
            "E25-E27=D E25-E27=V E25-E27=R E25-E27=G E25-E27=N E25-E27=J \
             E25-D26=D E25-D26=V E25-D26=R E25-D26=G E25-D26=N E25-D26=J E25-F26"
        )
    );
}

#[test]
fn promotion_only_to_pieces_that_have_been_captured_bishop_by_hex_colour() {
    // One Knight is missing; the black-hex bishop is on the board, so a
    // bishop is available on the coloured D26 but not on the black E27.
    let army = ARMY.replace("NG3 ", "");
    let game = at(&format!("KP9 kZ15 PE25 {army}"), "w - - 0 30");
    assert_eq!(
        texts_from(&game, "E25"),
        set("E25-E27=N E25-D26=N E25-D26=J E25-F26")
    );
}

#[test]
fn pawn_awaits_promotion_when_nothing_is_available() {
    // Every regainable piece on the board, including bishops of all colours.
    let game = at(&format!("KP9 kZ15 PE25 {ARMY} JF2 JF4"), "w - - 0 30");
    assert_eq!(texts_from(&game, "E25"), set("E25-E27=& E25-D26=& E25-F26"));
    // An awaiting pawn still steps obliquely along the edge (§5.2, §11.8).
    let awaiting = play(&game, "E25-E27=& KZ15-X18");
    assert!(texts(&awaiting).contains("E27-F28=&"));
}

#[test]
fn capturing_promotion_is_written_with_the_captured_letter_and_check() {
    // The pawn on G23 takes the Queen on H26; as a Queen, Wyvern or Rook it
    // checks the King on H20 down the H column.
    let game = at("KP9 kH20 PG23 dH26", "w - - 0 30");
    assert_eq!(
        texts_from(&game, "G23"),
        set(
            "G23-G25 G23-G27=D G23-G27=V G23-G27=R G23-G27=G G23-G27=N G23-G27=J \
             G23-H24 G23-F24 \
             G23×DH26=D+∞ G23×DH26=V+∞ G23×DH26=R+∞ G23×DH26=G G23×DH26=N G23×DH26=J"
        )
    );
}

#[test]
fn awaiting_pawn_must_promote_in_place_when_a_piece_is_available() {
    // Pawns awaiting on E27 and D26; a Knight is missing and the coloured
    // bishop too: the in-place promotions are the only legal moves.
    let army = ARMY.replace("NG3 ", "");
    let game = at(&format!("KP9 kZ15 PE27 PD26 {army}"), "w - - 0 30");
    assert_eq!(texts(&game), set("E27=N D26=N D26=J"));
    assert!(legal(&game)
        .iter()
        .all(|m| m.kind() == MoveKind::PromoteInPlace));
}

#[test]
fn forced_promotion_follows_the_capture_of_a_regainable_piece() {
    // Nothing available at first: White plays freely; once Black takes the
    // Rook on C3, White's only move is E27=R.
    let game = at(&format!("KP9 kZ15 PE27 rC9 {ARMY}"), "w - - 0 30");
    assert!(texts(&game).len() > 1);
    assert!(!texts(&game).iter().any(|m| m.starts_with("E27=")));
    let after = play(&game, "KP9-P11 RC9×RC3");
    assert_eq!(texts(&after), set("E27=R"));
}

#[test]
fn promotion_is_not_forced_while_in_check() {
    // The Black rook on P15 checks the King on P9: White plays normally.
    let army = ARMY.replace("NG3 ", "");
    let game = at(&format!("KP9 kZ15 PE27 rP15 {army}"), "w - - 0 30");
    assert!(game.in_check());
    let moves = legal(&game);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.kind() != MoveKind::PromoteInPlace));
    // Out of check on the next turn, the promotion is forced again.
    let later = play(&game, "KP9-T8 KZ15-X18");
    assert!(!later.in_check());
    assert_eq!(texts(&later), set("E27=N"));
}

#[test]
fn promotion_is_not_forced_when_no_piece_suits_the_awaiting_hex() {
    // Only the coloured-hex bishop is missing; the pawn awaits on the black
    // E27, so nothing suits it and White moves freely.
    let game = at(&format!("KP9 kZ15 PE27 {ARMY} JF4"), "w - - 0 30");
    let moves = legal(&game);
    assert!(moves.len() > 1);
    assert!(moves.iter().all(|m| m.kind() != MoveKind::PromoteInPlace));
}
