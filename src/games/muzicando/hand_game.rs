//! Muzicando as a hand game ([`HandGame`]): seeded deals with a moving
//! dealer, the hand's points, its record, and the words the terminal table
//! uses ([`HandText`]), drawn from a seat's observation by [`super::display`].

use super::cards::{Card, DECK_SIZE};
use super::display::{draw, hand_text, seat_label};
use super::seat_view::describe_action;
use super::{Action, Muzicando, Observation, Options, Phase};
use crate::game::{Game, HandGame, HandText, Notation, Seat};

impl HandGame for Muzicando {
    fn seats_of(options: &Options) -> usize {
        usize::from(options.seats())
    }

    fn is_team_game(options: &Options) -> bool {
        options.individual.is_none()
    }

    fn dealer(options: &Options) -> Seat {
        usize::from(options.dealer)
    }

    fn set_dealer(options: &mut Options, dealer: Seat) {
        options.dealer = dealer as u8;
    }

    fn seeded_deal(options: &Options, seed: u64) -> Self {
        Muzicando::seeded_deal(options, seed)
    }

    fn stock_draws() -> Vec<Action> {
        (0..DECK_SIZE as u8)
            .filter_map(Card::from_index)
            .map(Action::Draw)
            .collect()
    }

    fn hand_points(&self) -> Option<Vec<i32>> {
        self.points().map(|points| points.to_vec())
    }

    fn hand_record(&self) -> String {
        self.record()
    }

    fn is_calling(&self) -> bool {
        matches!(self.phase(), Phase::Auction | Phase::Choose)
    }
}

impl HandText for Muzicando {
    const HELP: &'static str = "On your turn the legal actions are listed, numbered.
Type the number, or the action itself:
  a bid          1S … 4M (level 1-4; S Sarabanda < G Glissando < P Parada < M Muzicando)
  pass           in the auction, or in play when no note fits
  a type         S, G, P or M (individual game: the player after the dealer chooses)
  a card         R-Do, O-Re, Y-nat, V-pause … (colours R O Y G B P V; notes Do Re Mi Fa Sol La Si)
  card@X,Y       in Glissando and Sarabanda, the cell too: R-Re@1,0
Commands:
  show           draw the table and your hand again
  help           this text
  quit           leave the match";

    fn table_text(options: &Options) -> String {
        match options.individual {
            None => {
                "Muzicando, the team game (you and your partner opposite, seats of your parity)"
                    .to_string()
            }
            Some(seats) => format!("Muzicando, the individual game for {seats}"),
        }
    }

    fn seat_label(options: &Options, seat: Seat, me: Seat) -> String {
        seat_label(seat as u8, me as u8, options.individual.is_none())
    }

    fn draw_view(observation: &Observation) -> String {
        draw(observation)
    }

    fn own_hand(observation: &Observation) -> String {
        hand_text(observation.hand)
    }

    fn held_text(&self, seat: Seat) -> String {
        hand_text(self.hand(seat))
    }

    fn describe(&self, action: Action) -> String {
        describe_action(
            action,
            &self.format_action(action),
            self.phase() == Phase::Auction,
        )
    }

    /// The seat that draws is the one that just passed; only it learns the card.
    fn chance_text(&self, action: Action, me: Seat) -> String {
        let drawer = self.history().last().map_or(0, |&(seat, _)| seat);
        if usize::from(drawer) == me {
            format!(
                "You draw {}.",
                self.format_action(action).trim_start_matches('+')
            )
        } else {
            format!(
                "{} draws a card.",
                seat_label(drawer, me as u8, self.is_team_game())
            )
        }
    }

    fn consequence_text(&self, action: Action, me: Seat) -> Option<String> {
        let mut after = self.clone();
        after.apply(action);
        let contract = after.contract()?;
        if self.phase() == Phase::Play || after.phase() != Phase::Play {
            return None;
        }
        let what = contract.bid.map_or(String::new(), |bid| {
            format!("{bid}, value {}, ", bid.value())
        });
        Some(format!(
            "The contract is {} ({what}declarer {}), who plays first.",
            contract.game_type,
            seat_label(contract.declarer, me as u8, self.is_team_game())
        ))
    }

    fn forced_text(&self, legal: &[Action]) -> Option<&'static str> {
        (legal == [Action::Pass] && self.phase() == Phase::Play)
            .then_some("You cannot place a note and hold no symbol that fits.")
    }

    fn result_lines(&self, me: Seat) -> Vec<String> {
        let label = |seat: u8| seat_label(seat, me as u8, self.is_team_game());
        let ranking: Vec<String> = self
            .ranking()
            .iter()
            .enumerate()
            .map(|(place, &s)| format!("{}. {}", place + 1, label(s)))
            .collect();
        let mut lines = vec![format!("Ranking: {}", ranking.join(", "))];
        if let Some(contract) = self.contract() {
            if let Some(bid) = contract.bid {
                let made = self
                    .ranking()
                    .first()
                    .is_some_and(|&s| s % 2 == contract.declarer % 2);
                lines.push(format!(
                    "Contract {bid} by {}: {}",
                    label(contract.declarer),
                    if made { "made" } else { "failed" }
                ));
            }
        }
        lines
    }
}
