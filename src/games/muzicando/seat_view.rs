//! Muzicando at a browser table ([`HandView`]): one seat's view as a
//! payload for the page, and the finished hand with its replay.
//!
//! [`SeatView`] is built from an [`Observation`] alone: the seat's own
//! hand, the public history (calls, plays, passes, the sizes of hands and
//! stock) and the legal actions of the seat when it is to move, read from a
//! world sampled from the observation (a seat's legal actions depend only on
//! its hand and the public table, so any consistent world gives them). A
//! card dealt or drawn to another seat is `None` in the observation and
//! cannot reach the payload. [`HandSummary`] is built from the state, and
//! only once the hand is over.
//!
//! Cards travel by name (`R-Do`, `V-pause`) with their colour, note or
//! symbol spelled out for drawing. Cells of the piles and columns are
//! `(colour, step)`, with the colour's symbol at `(colour, 7)`; cells of the
//! rows and the free grid are the rules' `X,Y`, a symbol riding on the note
//! it was laid on.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::auction::{Auction, CallResult};
use super::cards::{cards_of, Card, Symbol, COLOUR_LETTERS, NOTE_NAMES, SYMBOL_CARDS};
use super::deal::cards_per_player;
use super::display::auction_calls;
use super::layouts::{Cell, GameType, Layout};
use super::{Action, Contract, Muzicando, Observation, Phase};
use crate::game::{Game, HandView, HiddenInfo, Notation, Turn};

/// A card as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardFace {
    /// Its name in the notation (`R-Do`, `Y-nat`).
    pub name: String,
    /// The colour letter, `R O Y G B P V`.
    pub colour: char,
    /// The note (`Do` … `Si`), `None` for a symbol card.
    pub note: Option<&'static str>,
    /// The symbol (`sharp`, `natural`, `flat`, `pause`), `None` for a note.
    pub symbol: Option<&'static str>,
    /// Whether the note is circled (its colour's ancient instrument).
    pub circled: bool,
}

impl CardFace {
    /// The face of `card`.
    #[must_use]
    pub fn of(card: Card) -> Self {
        Self {
            name: card.to_string(),
            colour: COLOUR_LETTERS[usize::from(card.colour())],
            note: card.step().map(|s| NOTE_NAMES[usize::from(s)]),
            symbol: card.symbol_kind().map(|s| match s {
                Symbol::Sharp => "sharp",
                Symbol::Natural => "natural",
                Symbol::Flat => "flat",
                Symbol::Pause => "pause",
            }),
            circled: card.is_circled(),
        }
    }
}

/// A hand's cards, sorted by colour then note (the symbol last).
fn faces(hand: u64) -> Vec<CardFace> {
    cards_of(hand).map(CardFace::of).collect()
}

/// One card on the table at its drawn cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellView {
    /// Column.
    pub x: i8,
    /// Line (upwards).
    pub y: i8,
    /// The card.
    pub card: CardFace,
    /// The symbol laid on this note (rows and free grid).
    pub symbol: Option<CardFace>,
}

/// The table in its layout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// `piles` (Muzicando), `columns` (Parada), `rows` (Glissando) or
    /// `grid` (Sarabanda).
    pub layout: &'static str,
    /// The game type's name.
    pub game_type: String,
    /// Every card on the table.
    pub cells: Vec<CellView>,
}

/// Where `card`, placed at `cell`, is drawn in `game_type`'s layout.
fn drawn_cell(game_type: GameType, card: Card, cell: Cell) -> (i8, i8) {
    if game_type.cell_is_implied() {
        (card.colour() as i8, card.step().map_or(7, |s| s as i8))
    } else {
        (cell.x, cell.y)
    }
}

impl TableView {
    /// The view of `table`.
    #[must_use]
    pub fn of(table: &Layout) -> Self {
        let game_type = table.game_type();
        let layout = match game_type {
            GameType::Muzicando => "piles",
            GameType::Parada => "columns",
            GameType::Glissando => "rows",
            GameType::Sarabanda => "grid",
        };
        let grid = match table {
            Layout::Glissando(rows) => Some(&rows.grid),
            Layout::Sarabanda(free) => Some(&free.grid),
            Layout::Muzicando(_) | Layout::Parada(_) => None,
        };
        let cells = match grid {
            Some(grid) => {
                let symbols: Vec<Card> = cards_of(grid.cards & SYMBOL_CARDS).collect();
                cards_of(grid.cards & !SYMBOL_CARDS)
                    .map(|card| {
                        let cell = grid.cell_of(card);
                        CellView {
                            x: cell.x,
                            y: cell.y,
                            card: CardFace::of(card),
                            symbol: symbols
                                .iter()
                                .find(|s| grid.cell_of(**s) == cell)
                                .map(|&s| CardFace::of(s)),
                        }
                    })
                    .collect()
            }
            None => cards_of(table.cards())
                .map(|card| {
                    let (x, y) = drawn_cell(game_type, card, Cell::new(0, 0));
                    CellView {
                        x,
                        y,
                        card: CardFace::of(card),
                        symbol: None,
                    }
                })
                .collect(),
        };
        Self {
            layout,
            game_type: game_type.to_string(),
            cells,
        }
    }
}

/// One call of the auction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallView {
    /// Who called.
    pub seat: u8,
    /// `1S` … `4M` or `pass`.
    pub call: String,
}

/// The contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ContractView {
    /// The game type's name.
    pub game_type: String,
    /// The winning bid (team game).
    pub bid: Option<String>,
    /// The bid's value (team game).
    pub value: Option<i32>,
    /// The declarer (team game) or the chooser (individual game).
    pub declarer: u8,
}

impl ContractView {
    fn of(contract: Contract) -> Self {
        Self {
            game_type: contract.game_type.to_string(),
            bid: contract.bid.map(|b| b.to_string()),
            value: contract.bid.map(|b| b.value()),
            declarer: contract.declarer,
        }
    }
}

/// One legal action of the seat, for the bidding box or the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalView {
    /// The action in the notation, as the server takes it back.
    pub text: String,
    /// `bid`, `pass`, `choose` or `place`.
    pub kind: &'static str,
    /// The card placed.
    pub card: Option<String>,
    /// The drawn cell it goes to (see the module docs).
    pub x: Option<i8>,
    /// The drawn cell it goes to.
    pub y: Option<i8>,
}

/// One public event of the hand, as the seat saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Who acted (who drew, for a draw).
    pub seat: u8,
    /// What happened, in words (`bids 1S`, `plays R-# (the next player is skipped)`).
    pub text: String,
    /// The card played, or drawn by the observing seat.
    pub card: Option<String>,
}

/// What one seat is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The observing seat.
    pub seat: u8,
    /// Seats at the table.
    pub seats: u8,
    /// The team game (seats of one parity are partners).
    pub team_game: bool,
    /// The dealer.
    pub dealer: u8,
    /// `auction`, `choose`, `play`, `draw` or `over`.
    pub phase: &'static str,
    /// The seat to move, if a seat is.
    pub to_move: Option<u8>,
    /// The seat's hand, by colour.
    pub hand: Vec<CardFace>,
    /// Every seat's number of cards.
    pub hand_sizes: Vec<u8>,
    /// The stock's size (individual game).
    pub stock: Option<u8>,
    /// The auction so far (team game).
    pub auction: Vec<CallView>,
    /// The contract, once made.
    pub contract: Option<ContractView>,
    /// The table.
    pub table: TableView,
    /// Seats that shed all their cards, in order.
    pub finished: Vec<u8>,
    /// Individual game: seats that lost the round, in order.
    pub out: Vec<u8>,
    /// Every public event after the deal.
    pub log: Vec<LogEntry>,
    /// The seat's legal actions (empty unless it is to move).
    pub legal: Vec<LegalView>,
}

/// What a symbol does, in words, for the announcement of its play.
fn symbol_effect(card: Card) -> &'static str {
    match card.symbol_kind() {
        Some(Symbol::Sharp) => " (the next player is skipped)",
        Some(Symbol::Natural) => " (the next and the previous player are skipped)",
        Some(Symbol::Flat) => " (the previous player is skipped)",
        Some(Symbol::Pause) => " (everyone else is skipped: plays again)",
        None => "",
    }
}

/// What `action` does, in words; `text` is the action in the notation and
/// `auction` says whether a pass is a call.
#[must_use]
pub fn describe_action(action: Action, text: &str, auction: bool) -> String {
    match action {
        Action::Bid(bid) => format!("bids {bid}"),
        Action::Pass if auction => "passes".to_string(),
        Action::Pass => "passes (no note fits)".to_string(),
        Action::Choose(game_type) => format!("chooses {game_type}"),
        Action::Place(card, _) => format!("plays {text}{}", symbol_effect(card)),
        Action::Deal(_) | Action::Draw(_) => text.to_string(),
    }
}

/// A placement in the notation: the cell only where the layout asks for it.
fn placement_text(game_type: GameType, card: Card, cell: Cell) -> String {
    if game_type.cell_is_implied() {
        card.to_string()
    } else {
        format!("{card}@{cell}")
    }
}

/// The public history replayed: the log, the finishing order and the seats
/// out, counting each seat's cards (dealt, drawn, played).
struct Replayed {
    log: Vec<LogEntry>,
    finished: Vec<u8>,
    out: Vec<u8>,
}

fn replay(observation: &Observation) -> Replayed {
    let options = &observation.options;
    let seats = usize::from(options.seats());
    let dealt = usize::from(cards_per_player(options)) * seats;
    let team_game = options.individual.is_none();
    let mut counts = vec![cards_per_player(options); seats];
    let mut auction = Auction::default();
    let mut game_type = None;
    let mut stock = 56usize.saturating_sub(dealt);
    let mut out = Replayed {
        log: Vec::new(),
        finished: Vec::new(),
        out: Vec::new(),
    };
    for &(seat, action) in observation.events.iter().skip(dealt) {
        let index = usize::from(seat);
        let entry = |text: String, card: Option<Card>| LogEntry {
            seat,
            text,
            card: card.map(|c| c.to_string()),
        };
        match action {
            None => {
                stock = stock.saturating_sub(1);
                counts[index] += 1;
                out.log.push(entry("draws a card".into(), None));
            }
            Some(Action::Draw(card) | Action::Deal(card)) => {
                stock = stock.saturating_sub(1);
                counts[index] += 1;
                out.log.push(entry(format!("draws {card}"), Some(card)));
            }
            Some(call @ (Action::Bid(_) | Action::Pass)) if game_type.is_none() => {
                let bid = match call {
                    Action::Bid(bid) => Some(bid),
                    _ => None,
                };
                out.log.push(entry(describe_action(call, "", true), None));
                if let CallResult::Contract(bid, _) = auction.call(seat, bid) {
                    game_type = Some(bid.game_type());
                }
            }
            Some(Action::Choose(chosen)) => {
                game_type = Some(chosen);
                out.log.push(entry(
                    describe_action(Action::Choose(chosen), "", true),
                    None,
                ));
            }
            Some(action @ (Action::Pass | Action::Bid(_))) => {
                out.log
                    .push(entry(describe_action(action, "", false), None));
                if !team_game && stock == 0 {
                    out.out.push(seat);
                }
            }
            Some(Action::Place(card, cell)) => {
                let text = placement_text(game_type.unwrap_or(GameType::Muzicando), card, cell);
                out.log.push(entry(
                    describe_action(Action::Place(card, cell), &text, false),
                    Some(card),
                ));
                counts[index] = counts[index].saturating_sub(1);
                if counts[index] == 0 {
                    out.finished.push(seat);
                    let place = out.finished.len();
                    let mut text = format!("sheds the last card ({place}. place)");
                    if card.symbol_kind() == Some(Symbol::Pause) && team_game {
                        text.push_str(": the pause hands the turn to the partner");
                    }
                    out.log.push(entry(text, None));
                }
            }
        }
    }
    out
}

/// The legal actions of `world`'s seat to move, for the page.
fn legal_views(world: &Muzicando, game_type: Option<GameType>) -> Vec<LegalView> {
    let mut legal = Vec::new();
    world.legal_actions(&mut legal);
    legal
        .into_iter()
        .map(|action| {
            let text = world.format_action(action);
            let (kind, card, cell) = match action {
                Action::Bid(_) => ("bid", None, None),
                Action::Pass => ("pass", None, None),
                Action::Choose(_) => ("choose", None, None),
                Action::Place(card, cell) => (
                    "place",
                    Some(card.to_string()),
                    Some(drawn_cell(
                        game_type.unwrap_or(GameType::Muzicando),
                        card,
                        cell,
                    )),
                ),
                Action::Deal(_) | Action::Draw(_) => ("draw", None, None),
            };
            LegalView {
                text,
                kind,
                card,
                x: cell.map(|c| c.0),
                y: cell.map(|c| c.1),
            }
        })
        .collect()
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Deal => "deal",
        Phase::Auction => "auction",
        Phase::Choose => "choose",
        Phase::Play => "play",
        Phase::Draw => "draw",
        Phase::Over => "over",
    }
}

/// The finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// Every seat's dealt hand, by colour.
    pub dealt: Vec<Vec<CardFace>>,
    /// Every seat's cards left at the end.
    pub left: Vec<Vec<CardFace>>,
    /// The contract.
    pub contract: Option<ContractView>,
    /// Whether the declaring team made its contract (team game).
    pub made: Option<bool>,
    /// The ranking, first place first.
    pub ranking: Vec<u8>,
    /// Each seat's points for the hand.
    pub points: Vec<i32>,
    /// The hand step by step after the deal.
    pub replay: Vec<ReplayStep>,
}

/// One step of a finished hand's replay: the action, then the table and
/// every hand as they were after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayStep {
    /// Who acted (who drew, for a draw).
    pub seat: u8,
    /// What happened, in words.
    pub text: String,
    /// The table after it.
    pub table: TableView,
    /// Every seat's hand after it.
    pub hands: Vec<Vec<String>>,
}

impl Muzicando {
    /// The replay of the hand so far, from the end of the deal.
    fn replay_steps(&self) -> Vec<ReplayStep> {
        let mut state = Muzicando::new(&self.options);
        let mut steps = Vec::new();
        for &(seat, action) in &self.history {
            let dealing = state.phase() == Phase::Deal;
            let text = describe_action(
                action,
                &state.format_action(action),
                state.phase() == Phase::Auction,
            );
            state.apply(action);
            if dealing {
                continue;
            }
            steps.push(ReplayStep {
                seat,
                text: match action {
                    Action::Draw(card) => format!("draws {card}"),
                    _ => text,
                },
                table: TableView::of(state.table()),
                hands: (0..state.seats())
                    .map(|s| cards_of(state.hand(s)).map(|c| c.to_string()).collect())
                    .collect(),
            });
        }
        steps
    }
}

impl HandView for Muzicando {
    type SeatView = SeatView;
    type HandSummary = HandSummary;

    fn seat_view(observation: &Observation) -> SeatView {
        let view = observation.public_view();
        let world = Muzicando::sample_world(observation, &mut Xoshiro256PlusPlus::seed_from_u64(0));
        let to_move = match world.turn() {
            Turn::Player(seat) => Some(seat as u8),
            Turn::Chance | Turn::Terminal => None,
        };
        let game_type = view.contract.map(|c| c.game_type);
        let legal = if to_move == Some(observation.seat) {
            legal_views(&world, game_type)
        } else {
            Vec::new()
        };
        let replayed = replay(observation);
        let team_game = observation.options.individual.is_none();
        SeatView {
            seat: observation.seat,
            seats: observation.options.seats(),
            team_game,
            dealer: observation.options.dealer,
            phase: phase_name(world.phase()),
            to_move,
            hand: faces(observation.hand),
            hand_sizes: observation.hand_sizes.to_vec(),
            stock: (!team_game).then_some(observation.stock_size),
            auction: auction_calls(observation)
                .into_iter()
                .map(|(seat, call)| CallView {
                    seat,
                    call: call.map_or("pass".to_string(), |b| b.to_string()),
                })
                .collect(),
            contract: view.contract.map(ContractView::of),
            table: TableView::of(&view.table),
            finished: replayed.finished,
            out: replayed.out,
            log: replayed.log,
            legal,
        }
    }

    fn hand_summary(&self) -> Option<HandSummary> {
        let points = self.points()?;
        let dealt = (0..self.seats())
            .map(|seat| {
                let mut hand = 0u64;
                for &(s, action) in &self.history {
                    if let (true, Action::Deal(card)) = (usize::from(s) == seat, action) {
                        hand |= card.bit();
                    }
                }
                faces(hand)
            })
            .collect();
        let contract = self.contract();
        Some(HandSummary {
            dealt,
            left: (0..self.seats()).map(|s| faces(self.hand(s))).collect(),
            contract: contract.map(ContractView::of),
            made: contract.and_then(|c| {
                c.bid.map(|_| {
                    self.ranking()
                        .first()
                        .is_some_and(|&s| s % 2 == c.declarer % 2)
                })
            }),
            ranking: self.ranking().to_vec(),
            points: points.to_vec(),
            replay: self.replay_steps(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::HandGame;
    use crate::games::muzicando::Options;

    fn position(text: &str) -> Muzicando {
        Muzicando::parse_position(text, &Options::default()).expect("a position")
    }

    /// Plays the first legal action (chance: the first outcome) until `stop`.
    fn advance(state: &mut Muzicando, stop: impl Fn(&Muzicando) -> bool) {
        let mut legal = Vec::new();
        while !stop(state) && state.turn() != Turn::Terminal {
            crate::game::next_actions(state, &mut legal);
            state.apply(legal[0]);
        }
    }

    #[test]
    fn only_the_seat_to_move_is_shown_its_legal_actions() {
        let state = position("seed:7 -");
        let mover = Muzicando::seat_view(&state.observation(2));
        assert_eq!(mover.to_move, Some(2));
        assert_eq!(mover.phase, "auction");
        assert_eq!(mover.legal.len(), 17, "pass and the 16 bids");
        assert_eq!(
            mover.auction,
            [CallView {
                seat: 1,
                call: "pass".into()
            }]
        );
        assert_eq!(mover.hand.len(), 14);
        let other = Muzicando::seat_view(&state.observation(0));
        assert!(other.legal.is_empty());
        assert_eq!(other.to_move, Some(2));
        assert_eq!(other.hand_sizes, [14, 14, 14, 14]);
    }

    #[test]
    fn piles_and_columns_are_drawn_by_colour_and_note_symbols_on_top() {
        for (bid, layout) in [("1M", "piles"), ("1P", "columns")] {
            let mut state = position(&format!("seed:2 {bid} - - -"));
            advance(&mut state, |s| s.table().cards().count_ones() >= 8);
            let seat = match state.turn() {
                Turn::Player(seat) => seat,
                _ => panic!("a seat is to move"),
            };
            let view = Muzicando::seat_view(&state.observation(seat));
            assert_eq!(view.table.layout, layout);
            assert_eq!(view.table.cells.len(), 8);
            for cell in &view.table.cells {
                let card = Card::parse(&cell.card.name).expect("a card");
                assert_eq!(cell.x, card.colour() as i8, "{}", cell.card.name);
                assert_eq!(cell.y, card.step().map_or(7, |s| s as i8));
            }
            for legal in view.legal.iter().filter(|l| l.kind == "place") {
                let card = Card::parse(legal.card.as_deref().expect("a card")).expect("a card");
                assert_eq!(legal.x, Some(card.colour() as i8));
                assert_eq!(legal.y, Some(card.step().map_or(7, |s| s as i8)));
            }
            assert!(view.log.iter().any(|e| e.text.starts_with("plays ")));
        }
    }

    #[test]
    fn the_summary_comes_only_with_the_end_and_replays_every_step() {
        let mut state = position("seed:5 1G - - -");
        assert!(state.hand_summary().is_none());
        advance(&mut state, |_| false);
        let summary = state.hand_summary().expect("the hand is over");
        assert_eq!(summary.points, state.hand_points().expect("points"));
        assert_eq!(summary.replay.len(), state.history().len() - 56);
        assert_eq!(summary.replay[0].text, "bids 1G");
        let last = summary.replay.last().expect("a step");
        for (seat, hand) in last.hands.iter().enumerate() {
            assert_eq!(hand.len(), summary.left[seat].len());
        }
        assert_eq!(summary.dealt.iter().map(Vec::len).sum::<usize>(), 56);
        let declarer = summary.contract.as_ref().expect("a contract").declarer;
        assert_eq!(declarer, 1, "seat 1 bid 1G");
        assert_eq!(summary.made, Some(summary.ranking[0] % 2 == 1));
    }
}
