//! Muzicando's rule scenarios: each rule of the spec set up on a chosen
//! deal and played through the game's own text, checking what the rule
//! says must happen.

mod auction;
mod cards;
mod deal;
mod endings;
mod engine_model;
mod heuristic;
mod individual;
mod inference;
mod layouts;
mod notation;
mod perft;
mod public_view;
mod sampling;
mod scoring;
mod symbols;

use tauler::game::{Game, GameOptions, HiddenInfo, Notation, Turn};
use tauler::games::muzicando::cards::{cards_of, Card, ALL_CARDS};
use tauler::games::muzicando::cards_per_player;
use tauler::games::muzicando::heuristic::HeuristicPlayer;
use tauler::games::muzicando::{Action, Muzicando, Options};
use tauler::knowledge::Policy;

/// The card of a spec name.
pub fn card(name: &str) -> Card {
    Card::parse(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// Options from `KEY=VALUE` pairs.
pub fn options(pairs: &[&str]) -> Options {
    Options::from_pairs(pairs.iter().copied()).expect("valid options")
}

/// The hand after a deal giving each seat the named cards (space-separated);
/// the cards nobody is given fill the seats' remaining places in deck order
/// (and the stock, in the individual game).
pub fn deal(options: &Options, hands: &[&str]) -> Muzicando {
    let seats = usize::from(options.seats());
    let per_seat = usize::from(cards_per_player(options));
    let mut wanted: Vec<Vec<Card>> = vec![Vec::new(); seats];
    let mut used = 0u64;
    for (seat, names) in hands.iter().enumerate() {
        for name in names.split_whitespace() {
            let c = card(name);
            assert_eq!(used & c.bit(), 0, "{name} given twice");
            used |= c.bit();
            wanted[seat].push(c);
        }
    }
    let mut rest = cards_of(ALL_CARDS & !used);
    for hand in &mut wanted {
        while hand.len() < per_seat {
            hand.push(rest.next().expect("enough cards"));
        }
        hand.reverse();
    }
    let mut state = Muzicando::new(options);
    while state.turn() == Turn::Chance {
        let seat = usize::from(state.next_recipient());
        let c = wanted[seat].pop().expect("seat has a card to deal");
        state.apply(Action::Deal(c));
    }
    state
}

/// Plays space-separated actions written in the game's notation.
pub fn play(state: &mut Muzicando, actions: &str) {
    for text in actions.split_whitespace() {
        let action = state
            .parse_action(text)
            .unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{}", state.record()));
        state.apply(action);
    }
}

/// The legal actions, as text.
pub fn legal(state: &Muzicando) -> Vec<String> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
        .into_iter()
        .map(|a| state.format_action(a))
        .collect()
}

/// Whether the action text is accepted now.
pub fn accepts(state: &Muzicando, text: &str) -> bool {
    state.parse_action(text).is_ok()
}

/// The seat to move.
pub fn to_move(state: &Muzicando) -> usize {
    match state.turn() {
        Turn::Player(seat) => seat,
        other => panic!("no player to move: {other:?}"),
    }
}

/// The rule-based player's choice from the seat's observation.
pub fn observed_choice(state: &Muzicando) -> Action {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    HeuristicPlayer::new()
        .choose(&state.observation(to_move(state)), &legal)
        .expect("an action")
}

/// A hand of `deal_seed` played by the rule-based player for `actions`
/// decisions (or to its end).
pub fn played(deal_seed: u64, dealer: u8, actions: usize) -> Muzicando {
    let mut state = Muzicando::seeded_deal(&options(&[&format!("dealer={dealer}")]), deal_seed);
    for _ in 0..actions {
        if state.turn() == Turn::Terminal {
            break;
        }
        let action = observed_choice(&state);
        state.apply(action);
    }
    state
}
