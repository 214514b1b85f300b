//! Scoring (§3, §5): the seed's team table row by row, hand and match
//! points, the breach penalties, and the individual round.

use tauler::games::muzicando::auction::Bid;
use tauler::games::muzicando::layouts::GameType;
use tauler::games::muzicando::scoring::{
    declaring_team_score, individual_breach, individual_points, team_breach, team_hand_points,
    TeamMatch,
};

/// The seed's table as printed: contract label, its stated value, and the
/// score for the declaring team's places 1-2, 1-3, 1-4 (won) and 2-3, 2-4,
/// 3-4 (lost).
const SEED_TABLE: [(&str, i32, [i32; 6]); 16] = [
    ("4M", 8, [15, 14, 13, -3, -4, -5]),
    ("3M", 7, [14, 13, 12, -2, -3, -4]),
    ("3M", 6, [13, 12, 11, -1, -2, -3]),
    ("1M", 5, [12, 11, 10, 0, -1, -2]),
    ("4P", 7, [14, 13, 12, -2, -3, -4]),
    ("3P", 6, [13, 12, 11, -1, -2, -3]),
    ("2P", 5, [12, 11, 10, 0, -1, -2]),
    ("1P", 4, [11, 10, 9, 1, 0, -1]),
    ("4G", 6, [13, 12, 11, -1, -2, -3]),
    ("3G", 5, [12, 11, 10, 0, -1, -2]),
    ("2G", 4, [11, 10, 9, 1, 0, -1]),
    ("1G", 3, [10, 9, 8, 2, 1, 0]),
    ("4S", 5, [12, 11, 10, 0, -1, -2]),
    ("3S", 4, [11, 10, 9, 1, 0, -1]),
    ("2S", 3, [10, 9, 8, 2, 1, 0]),
    ("1S", 2, [9, 8, 8, 3, 2, 1]),
];

const PLACES: [(usize, usize); 6] = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

#[test]
fn every_row_of_the_seed_table_follows_from_the_rule_but_the_two_named_misprints() {
    let mut differences = Vec::new();
    for (row, &(label, stated_value, scores)) in SEED_TABLE.iter().enumerate() {
        let bid = Bid::parse(label).unwrap();
        if bid.value() != stated_value {
            differences.push(format!(
                "row {} label {label}: value {}",
                row + 1,
                bid.value()
            ));
        }
        for (k, &places) in PLACES.iter().enumerate() {
            let computed = declaring_team_score(places, stated_value);
            if computed != scores[k] {
                differences.push(format!("{label} {}-{}: {computed}", places.0, places.1));
            }
        }
    }
    // Row 3 is 2M (2 + 4 = 6), printed 3M; 1S with places 1-4 is 4+1+2 = 7.
    assert_eq!(differences, ["row 3 label 3M: value 7", "1S 1-4: 7"]);
    assert_eq!(Bid::parse("2M").unwrap().value(), 6);
}

#[test]
fn hand_points_add_placements_and_the_contract_for_the_declarers_only() {
    // 4M declared by seat 1 (east-west), who finish 1st and 2nd.
    assert_eq!(team_hand_points(&[1, 3, 0, 2], 8, 1), [2 + 1, 4 + 3 + 8]);
    // 4M declared by seat 0, north-south finish 2nd and 3rd.
    assert_eq!(team_hand_points(&[1, 0, 2, 3], 8, 0), [3 + 2 - 8, 4 + 1]);
    // 1S declared by seat 2, north-south 3rd and 4th: +1.
    assert_eq!(team_hand_points(&[1, 3, 0, 2], 2, 2), [2 + 1 - 2, 4 + 3]);
}

#[test]
fn a_breach_annuls_the_hand_and_costs_its_team_12_or_its_player_11() {
    assert_eq!(team_breach(3), [0, -12]);
    assert_eq!(team_breach(2), [-12, 0]);
    assert_eq!(individual_breach(5, 2), [0, 0, -11, 0, 0]);
}

#[test]
fn a_match_is_at_least_four_hands_with_the_deal_rotating() {
    let mut game = TeamMatch::default();
    game.record([12, 3]);
    game.record(team_breach(0));
    game.record([-1, 7]);
    assert_eq!(game.winner(4), None, "three hands are not a match");
    game.record([9, 2]);
    assert_eq!(game.totals(), [8, 12]);
    assert_eq!(game.winner(4), Some(1));
    assert_eq!(game.winner(8), None, "planned eight hands");
    let dealers: Vec<u8> = (0..5).map(|h| TeamMatch::dealer_of_hand(2, h)).collect();
    assert_eq!(dealers, [2, 3, 0, 1, 2]);
}

#[test]
fn individual_rounds_score_places_n_to_1_plus_the_type_value() {
    // Eight players, Muzicando (4): I = 8 … VIII = 1, plus 4 each.
    let ranking = [3, 0, 7, 1, 6, 2, 5, 4];
    let points = individual_points(&ranking, GameType::Muzicando, false);
    for (place, &seat) in ranking.iter().enumerate() {
        assert_eq!(points[seat as usize], 8 - place as i32 + 4);
    }
    // Three players, Sarabanda (1); the last still holds cards: 0 + 1.
    let points = individual_points(&[2, 0, 1], GameType::Sarabanda, true);
    assert_eq!(
        points.as_slice(),
        [3, 1, 4],
        "2+1, 0+1 (last with cards), 3+1"
    );
    let points = individual_points(&[2, 0, 1], GameType::Glissando, false);
    assert_eq!(points.as_slice(), [2 + 2, 1 + 2, 3 + 2]);
}
