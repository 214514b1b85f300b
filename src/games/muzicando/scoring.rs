//! Points: the team hand (placement points plus or minus the contract
//! value), the individual round, the breach penalties, and matches.

use super::layouts::GameType;

/// Team game placement points: 1st 4, 2nd 3, 3rd 2, 4th 1.
pub const TEAM_PLACE_POINTS: [i32; 4] = [4, 3, 2, 1];

/// Team game breach: the hand is annulled and the offender's team loses 12.
pub const TEAM_BREACH_PENALTY: i32 = 12;

/// Individual game breach: the hand is annulled and the offender loses 11.
pub const INDIVIDUAL_BREACH_PENALTY: i32 = 11;

/// Team hand points `[north-south, east-west]` (teams are seat parity) from
/// the ranking (first place first), the contract value V and the declarer:
/// each team scores its players' placement points; the declaring team adds
/// V if one of its players finished first, else subtracts V.
#[must_use]
pub fn team_hand_points(ranking: &[u8], value: i32, declarer: u8) -> [i32; 2] {
    let mut points = [0; 2];
    for (place, &seat) in ranking.iter().enumerate() {
        points[usize::from(seat % 2)] += TEAM_PLACE_POINTS.get(place).copied().unwrap_or(0);
    }
    let declaring = usize::from(declarer % 2);
    let won = ranking
        .first()
        .is_some_and(|&s| usize::from(s % 2) == declaring);
    points[declaring] += if won { value } else { -value };
    points
}

/// The declaring team's score for its two players' places (1-based) and the
/// contract value: the seed's scoring table, one cell.
#[must_use]
pub fn declaring_team_score(places: (usize, usize), value: i32) -> i32 {
    let placement = TEAM_PLACE_POINTS[places.0 - 1] + TEAM_PLACE_POINTS[places.1 - 1];
    if places.0 == 1 || places.1 == 1 {
        placement + value
    } else {
        placement - value
    }
}

/// Individual round points per seat from the ranking (first place first):
/// N for 1st … 1 for last, plus the type value to every player; a last
/// player who still holds cards gets 0 instead of 1.
#[must_use]
pub fn individual_points(
    ranking: &[u8],
    game_type: GameType,
    last_holds_cards: bool,
) -> arrayvec::ArrayVec<i32, 8> {
    let n = ranking.len();
    let mut points: arrayvec::ArrayVec<i32, 8> = std::iter::repeat_n(0, n).collect();
    for (place, &seat) in ranking.iter().enumerate() {
        let mut placement = (n - place) as i32;
        if place + 1 == n && last_holds_cards {
            placement = 0;
        }
        if let Some(p) = points.get_mut(usize::from(seat)) {
            *p = placement + game_type.value();
        }
    }
    points
}

/// The points of a team hand annulled by a breach (a player that cannot
/// produce a legal action: a crash, a timeout, an illegal answer):
/// `[north-south, east-west]`, the offender's team −12, the other 0.
#[must_use]
pub fn team_breach(offender: u8) -> [i32; 2] {
    let mut points = [0; 2];
    points[usize::from(offender % 2)] = -TEAM_BREACH_PENALTY;
    points
}

/// The points per seat of an individual round annulled by a breach: the
/// offender −11, everyone else 0.
#[must_use]
pub fn individual_breach(players: u8, offender: u8) -> Vec<i32> {
    (0..players)
        .map(|s| {
            if s == offender {
                -INDIVIDUAL_BREACH_PENALTY
            } else {
                0
            }
        })
        .collect()
}

/// A team match: at least four hands (a multiple of four keeps the deal
/// fair), the deal rotating one seat per hand; the team with more points wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamMatch {
    /// Points per hand, `[north-south, east-west]`.
    pub hands: Vec<[i32; 2]>,
}

impl TeamMatch {
    /// The fewest hands in a match.
    pub const MIN_HANDS: usize = 4;

    /// The dealer of hand `index` (0-based) when hand 0 is dealt by `first`.
    #[must_use]
    pub fn dealer_of_hand(first: u8, index: usize) -> u8 {
        ((usize::from(first) + index) % 4) as u8
    }

    /// Records one hand's points (played or annulled).
    pub fn record(&mut self, points: [i32; 2]) {
        self.hands.push(points);
    }

    /// The running totals.
    #[must_use]
    pub fn totals(&self) -> [i32; 2] {
        self.hands
            .iter()
            .fold([0, 0], |t, h| [t[0] + h[0], t[1] + h[1]])
    }

    /// The winning team (0 north-south, 1 east-west), `None` while fewer than
    /// `planned` (at least four) hands are recorded or on equal points.
    #[must_use]
    pub fn winner(&self, planned: usize) -> Option<usize> {
        if self.hands.len() < planned.max(Self::MIN_HANDS) {
            return None;
        }
        let [ns, ew] = self.totals();
        match ns.cmp(&ew) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }
}
