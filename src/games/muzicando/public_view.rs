//! The public part of a seat's observation, rebuilt from its events: the
//! auction so far, the contract, the table laid out, the players still in
//! the hand. Engines that see only an [`Observation`] use this instead of
//! the state (which they never receive).

use super::auction::{Auction, CallResult};
use super::deal::cards_per_player;
use super::layouts::{GameType, Layout};
use super::observation::Observation;
use super::{Action, Contract};

/// What everybody at the table knows, as of the observation.
#[derive(Clone, Debug)]
pub struct PublicView {
    /// The auction so far (team game).
    pub auction: Auction,
    /// The contract, once the auction or the choice is over.
    pub contract: Option<Contract>,
    /// The table, laid out for the contract's type (empty Muzicando piles
    /// before the contract).
    pub table: Layout,
    /// Players still in the hand (bit per seat): neither shed nor out.
    pub active: u8,
}

impl Observation {
    /// Rebuilds the public view by replaying the observed events.
    #[must_use]
    pub fn public_view(&self) -> PublicView {
        let seats = self.options.seats();
        let individual = self.options.individual.is_some();
        let mut auction = Auction::default();
        let mut contract = None;
        let rows = self.options.glissando_rows;
        let mut table = Layout::new(GameType::Muzicando, rows);
        let dealt = u32::from(cards_per_player(&self.options)) * u32::from(seats);
        let mut stock = 56u32.saturating_sub(dealt);
        let mut lost = 0u8;
        let mut deal_left = dealt;
        for &(seat, action) in &self.events {
            if deal_left > 0 {
                deal_left -= 1;
                continue;
            }
            match action {
                Some(Action::Bid(bid)) => {
                    if let CallResult::Contract(bid, declarer) = auction.call(seat, Some(bid)) {
                        contract = Some(team_contract(bid, declarer));
                        table = Layout::new(bid.game_type(), rows);
                    }
                }
                Some(Action::Pass) if contract.is_none() => {
                    if let CallResult::Contract(bid, declarer) = auction.call(seat, None) {
                        contract = Some(team_contract(bid, declarer));
                        table = Layout::new(bid.game_type(), rows);
                    }
                }
                Some(Action::Choose(game_type)) => {
                    contract = Some(Contract {
                        bid: None,
                        game_type,
                        declarer: seat,
                    });
                    table = Layout::new(game_type, rows);
                }
                Some(Action::Place(card, cell)) => table.place(card, cell),
                Some(Action::Pass) if individual && stock == 0 => lost |= 1 << seat,
                Some(Action::Draw(_)) | None => stock = stock.saturating_sub(1),
                _ => {}
            }
        }
        let holding = self
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .fold(0u8, |m, (s, _)| m | 1 << s);
        PublicView {
            auction,
            contract,
            table,
            active: holding & !lost,
        }
    }
}

fn team_contract(bid: super::Bid, declarer: u8) -> Contract {
    Contract {
        bid: Some(bid),
        game_type: bid.game_type(),
        declarer,
    }
}
