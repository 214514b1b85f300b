//! Card chess text (§8 of the spec).
//!
//! Actions: SAN or UCI chess moves (written as SAN), `draw`, the card drawn
//! as `draw:NAME` (`draw:bomb-centre`), `swap e4-h5`, `remove f6`,
//! `recover N@c3` (also an objective's prize), `veto`, `steal NAME`
//! (`steal veto`, `steal harakiri`) and `stop` (no second super-knight
//! move).
//!
//! Positions: a FEN, then optionally ` | ` and the card state as
//! `KEY=VALUE` fields: `seat` (whose turn), `white` (the seat playing
//! White), `phase`, `card` (being carried out), `prizes`, `pile` and
//! `discard` (`NAME*COUNT,…`), `order` (the known top of the pile, when
//! given: `NAME,NAME,…`), `held0`/`held1`, `effect` (`NAME@SEAT`),
//! `captured` (`WHITE/black` letters) and `last` (the vetoable last move,
//! `UCI:ONLY:FEN-with-underscores:CAPTURED`). A bare FEN means the default
//! deck state: every card face down, nothing held, no effect, seat 0
//! playing White. Lists use `-` when empty.
//!
//! The card state must account for every card of the deck exactly once:
//! held cards (vetoes and objectives only, one veto a player), the active
//! effect (a temporary card) and the card being carried out come out of
//! the deck; a `pile` or `discard` not given holds the cards found nowhere
//! else (the pile when neither is given), and when both are given nothing
//! may be left over. A card with more copies than the deck has, or fewer
//! when both piles are given, is refused naming the card.
//!
//! Ruling on missing men: a FEN carries no history, so when `captured` is
//! not given, every man missing from a side's initial army (8 pawns, 2
//! knights, 2 bishops, 2 rooks, a queen; a piece beyond those counts as a
//! promoted pawn) counts as captured, and Recover cards and prizes may
//! bring it back. A position reached in play lost those men to captures or
//! to cards, which is what the spec's "previously captured" means; a
//! position set up with fewer men and no way back gives `captured=/`. The
//! position string always writes the `captured` field, and the board
//! drawing lists the men under "captured (recoverable)".

use thiserror::Error;

use crate::game::{Game, Notation};

use super::action::Action;
use super::chess::bitboard::{parse_square, square_name, Piece};
use super::chess::movegen::{move_bound, MOVE_CAPACITY};
use super::chess::san::{parse_san, to_san};
use super::chess::uci::parse_uci;
use super::chess::{Color, FenError, Move, MoveList, Position, SanError};
use super::deck::{Card, CardId, Deck, MAX_DISTINCT};
use super::options::CardChessOptions;
use super::state::{CardChess, LastTurn, Outcome, Phase};

/// Why card chess text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CardChessError {
    /// The FEN part is wrong.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// A card-state field is not `KEY=VALUE`.
    #[error("card-state field `{0}` is not KEY=VALUE")]
    BadField(String),
    /// An unknown card-state key.
    #[error("unknown card-state key `{0}`")]
    UnknownKey(String),
    /// A card-state value that does not parse.
    #[error("bad value `{value}` for card-state key `{key}`")]
    BadValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
    },
    /// A card name not in the deck.
    #[error("no card named `{0}` in this deck")]
    UnknownCard(String),
    /// Empty action text.
    #[error("empty action")]
    Empty,
    /// A chess move that does not parse or is not legal now.
    #[error("move `{text}`: {error}")]
    Move {
        /// The text.
        text: String,
        /// Why SAN (and UCI) reading failed.
        error: SanError,
    },
    /// Well-formed but not a legal action in this state.
    #[error("`{0}` is not a legal action here")]
    Illegal(String),
    /// Text that is no card chess action.
    #[error("`{0}` is not a card chess action")]
    Malformed(String),
    /// A card's copies in the position (pile, discard, held, effect, card
    /// being carried out) differ from the deck's count.
    #[error("card `{card}`: the deck has {deck}, the position accounts for {found} (pile, discard, held, effect and card together)")]
    CardCount {
        /// The card's name.
        card: String,
        /// Its copies in the deck.
        deck: u32,
        /// Its copies in the position.
        found: u32,
    },
    /// A card where it cannot be: held but not a veto or objective, active
    /// but not temporary, carried out but a kept card.
    #[error("card `{card}` cannot be {place}")]
    Misplaced {
        /// The card's name.
        card: String,
        /// Where it was given.
        place: &'static str,
    },
    /// A side with so many men (on the board and captured) that its moves
    /// could overflow the move lists.
    #[error("{colour} has {men} men on the board and captured: too many for card chess (moves could number {bound}, more than {MOVE_CAPACITY}; 16 men a side always fit)")]
    TooManyMen {
        /// `White` or `Black`.
        colour: &'static str,
        /// Its men on the board and captured, kings included.
        men: u32,
        /// The bound on its moves.
        bound: usize,
    },
    /// A position that cannot arise in a game.
    #[error("impossible position: {0} (the option free_setup accepts it)")]
    Impossible(String),
    /// A card is to be drawn but the pile and the discard pile are empty.
    #[error("phase `drawing` with no card to draw (pile and discard are empty)")]
    NothingToDraw,
}

fn bad(key: &str, value: &str) -> CardChessError {
    CardChessError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
    }
}

fn pieces_text(mask: u8) -> String {
    Piece::ALL
        .iter()
        .filter(|p| mask & p.bit() != 0)
        .map(|p| p.letter())
        .collect()
}

fn parse_pieces(key: &str, text: &str) -> Result<u8, CardChessError> {
    let mut mask = 0;
    for c in text.chars() {
        mask |= Piece::from_letter(c).ok_or_else(|| bad(key, text))?.bit();
    }
    Ok(mask)
}

fn counts_text(deck: &Deck, counts: &[u8; MAX_DISTINCT]) -> String {
    let items: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(id, &c)| {
            let name = deck.name(id as CardId);
            if c == 1 {
                name.to_string()
            } else {
                format!("{name}*{c}")
            }
        })
        .collect();
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

fn parse_counts(deck: &Deck, key: &str, text: &str) -> Result<[u8; MAX_DISTINCT], CardChessError> {
    let mut counts = [0u8; MAX_DISTINCT];
    if text == "-" {
        return Ok(counts);
    }
    for item in text.split(',') {
        let (name, count) = match item.split_once('*') {
            Some((name, count)) => (name, count.parse::<u8>().map_err(|_| bad(key, text))?),
            None => (item, 1),
        };
        let id = deck
            .find(name)
            .ok_or_else(|| CardChessError::UnknownCard(name.to_string()))?;
        counts[id as usize] = counts[id as usize].saturating_add(count);
    }
    Ok(counts)
}

fn captured_text(captured: &[[u8; 6]; 2]) -> String {
    let side = |c: &[u8; 6], lower: bool| -> String {
        let mut s = String::new();
        for piece in Piece::ALL {
            for _ in 0..c[piece.index()] {
                let l = piece.letter();
                s.push(if lower { l.to_ascii_lowercase() } else { l });
            }
        }
        s
    };
    format!("{}/{}", side(&captured[0], false), side(&captured[1], true))
}

fn parse_captured(text: &str) -> Result<[[u8; 6]; 2], CardChessError> {
    let (white, black) = text.split_once('/').ok_or_else(|| bad("captured", text))?;
    let mut captured = [[0u8; 6]; 2];
    for (side, part, upper) in [(0, white, true), (1, black, false)] {
        for c in part.chars() {
            if c.is_ascii_uppercase() != upper {
                return Err(bad("captured", text));
            }
            let piece = Piece::from_letter(c).ok_or_else(|| bad("captured", text))?;
            let n = &mut captured[side][piece.index()];
            *n = n.saturating_add(1);
        }
    }
    Ok(captured)
}

fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Start => "start".into(),
        Phase::Drawing => "drawing".into(),
        Phase::Free { exclude: None } => "free".into(),
        Phase::Free { exclude: Some(mv) } => format!("free:{mv}"),
        Phase::Moving {
            pieces,
            left,
            moved,
        } => format!("moving:{}:{left}:{moved:x}", pieces_text(pieces)),
        Phase::Swap => "swap".into(),
        Phase::Remove => "remove".into(),
        Phase::Recover => "recover".into(),
        Phase::Steal => "steal".into(),
        Phase::SecondKnight => "knight2".into(),
        Phase::Ending => "ending".into(),
        Phase::Over(Outcome::Draw) => "over:draw".into(),
        Phase::Over(Outcome::Win(seat)) => format!("over:{seat}"),
    }
}

/// Reads a stored UCI move of `pos` made under any card effect (super
/// pieces included; legality was checked when it was played).
fn raw_move(pos: &Position, text: &str) -> Option<Move> {
    use super::chess::movegen::generate_extended;
    use super::chess::MoveRules;
    let mut rules = MoveRules::PLAIN;
    rules.king_capture = true;
    let mut any = *pos;
    let leapers = Piece::Queen.bit() | Piece::Rook.bit() | Piece::Bishop.bit();
    any.set_leapers([leapers; 2]);
    let mut moves = MoveList::new();
    generate_extended(&any, &rules, &mut moves);
    parse_uci(text, &moves).ok()
}

fn parse_phase(pos: &Position, text: &str) -> Result<Phase, CardChessError> {
    let err = || bad("phase", text);
    Ok(match text {
        "start" => Phase::Start,
        "drawing" => Phase::Drawing,
        "free" => Phase::Free { exclude: None },
        "swap" => Phase::Swap,
        "remove" => Phase::Remove,
        "recover" => Phase::Recover,
        "steal" => Phase::Steal,
        "knight2" => Phase::SecondKnight,
        "ending" => Phase::Ending,
        "over:draw" => Phase::Over(Outcome::Draw),
        "over:0" => Phase::Over(Outcome::Win(0)),
        "over:1" => Phase::Over(Outcome::Win(1)),
        _ => {
            if let Some(mv) = text.strip_prefix("free:") {
                Phase::Free {
                    exclude: Some(raw_move(pos, mv).ok_or_else(err)?),
                }
            } else if let Some(rest) = text.strip_prefix("moving:") {
                let parts: Vec<&str> = rest.split(':').collect();
                if parts.len() != 3 {
                    return Err(err());
                }
                let pieces = parse_pieces("phase", parts[0])?;
                let left: u8 = parts[1].parse().map_err(|_| err())?;
                if pieces == 0 || !(1..=6).contains(&left) {
                    return Err(err());
                }
                Phase::Moving {
                    pieces,
                    left,
                    moved: u64::from_str_radix(parts[2], 16).map_err(|_| err())?,
                }
            } else {
                return Err(err());
            }
        }
    })
}

impl CardChess {
    fn legal_move_list(&self) -> MoveList {
        let mut actions = Vec::new();
        self.legal_actions(&mut actions);
        let mut moves = MoveList::new();
        for action in actions {
            if let Action::Move(mv) = action {
                if moves.try_push(mv).is_err() {
                    break;
                }
            }
        }
        moves
    }

    fn parse_move(&self, text: &str) -> Result<Action, CardChessError> {
        let moves = self.legal_move_list();
        match parse_san(&self.pos, text, &moves) {
            Ok(mv) => Ok(Action::Move(mv)),
            Err(error) => {
                parse_uci(text, &moves)
                    .map(Action::Move)
                    .map_err(|_| CardChessError::Move {
                        text: text.to_string(),
                        error,
                    })
            }
        }
    }

    fn card_id(&self, name: &str) -> Result<CardId, CardChessError> {
        self.options
            .deck
            .find(name)
            .ok_or_else(|| CardChessError::UnknownCard(name.to_string()))
    }

    fn parse_card_action(&self, text: &str) -> Result<Option<Action>, CardChessError> {
        let malformed = || CardChessError::Malformed(text.to_string());
        let square = |s: &str| parse_square(s).ok_or_else(malformed);
        let action = match text.split_once(' ') {
            None => match text {
                "draw" => Action::Draw,
                "veto" => Action::Veto,
                "stop" => Action::Stop,
                _ => match text.strip_prefix("draw:") {
                    Some(name) => Action::Card(self.card_id(name)?),
                    None => return Ok(None),
                },
            },
            Some((verb, rest)) => match verb {
                "swap" => {
                    let (a, b) = rest.trim().split_once('-').ok_or_else(malformed)?;
                    Action::Swap(square(a)?, square(b)?)
                }
                "remove" => Action::Remove(square(rest.trim())?),
                "recover" => {
                    let (p, s) = rest.trim().split_once('@').ok_or_else(malformed)?;
                    let mut chars = p.chars();
                    let piece = match (chars.next(), chars.next()) {
                        (Some(c), None) if c.is_ascii_uppercase() => Piece::from_letter(c),
                        _ => None,
                    }
                    .ok_or_else(malformed)?;
                    Action::Recover(piece, square(s)?)
                }
                "steal" => Action::Steal(self.card_id(rest.trim())?),
                _ => return Ok(None),
            },
        };
        Ok(Some(action))
    }
}

/// Refuses a board whose men (with `captured[colour]` more that cards may
/// put back) could have more moves than a [`MoveList`] holds.
fn check_move_bound(pos: &Position, captured: &[[u8; 6]; 2]) -> Result<(), CardChessError> {
    for colour in Color::ALL {
        let lost = captured[colour.index()];
        let back: u32 = Piece::ALL
            .iter()
            .filter(|&&p| p != Piece::King)
            .map(|p| u32::from(lost[p.index()]))
            .sum();
        let bound = move_bound(pos, colour, back);
        if bound > MOVE_CAPACITY {
            return Err(CardChessError::TooManyMen {
                colour: if colour == Color::White {
                    "White"
                } else {
                    "Black"
                },
                men: pos.color(colour).count_ones() + back,
                bound,
            });
        }
    }
    Ok(())
}

impl CardChess {
    /// Refuses a position that cannot arise in a game (unless the option
    /// `free_setup` is on): each side has its one king (until the game is
    /// over), at most an army's 16 men, 8 pawns and as many promoted pieces
    /// as pawns are gone, counting the men on the board and the captured
    /// ones; and at the start of a turn the side not to move is not in check
    /// (unless kings may be captured, or cards are mandatory: a player in
    /// check who draws Harakiri leaves the old colour in check). `phase` is
    /// the phase the text gave (a bare FEN: the start of a turn).
    fn check_setup(&self, phase: Phase) -> Result<(), CardChessError> {
        if self.options.free_setup {
            return Ok(());
        }
        let impossible = |text: String| Err(CardChessError::Impossible(text));
        let initial = [8u32, 2, 2, 2, 1, 1];
        for colour in Color::ALL {
            let name = if colour == Color::White {
                "White"
            } else {
                "Black"
            };
            let lost = self.captured[colour.index()];
            let count =
                |piece: Piece| self.pos.count(colour, piece) + u32::from(lost[piece.index()]);
            let kings = self.pos.count(colour, Piece::King);
            if kings != 1 && !matches!(phase, Phase::Over(_)) {
                return impossible(format!("{name} has {kings} kings"));
            }
            let men: u32 = Piece::ALL
                .iter()
                .filter(|&&p| p != Piece::King)
                .map(|&p| count(p))
                .sum();
            if men > 15 {
                return impossible(format!(
                    "{name} has {} men on the board and captured, more than 16",
                    men + 1
                ));
            }
            let pawns = count(Piece::Pawn);
            if pawns > 8 {
                return impossible(format!(
                    "{name} has {pawns} pawns on the board and captured"
                ));
            }
            let promoted: u32 = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
                .iter()
                .map(|&p| count(p).saturating_sub(initial[p.index()]))
                .sum();
            if promoted > 8 - pawns {
                return impossible(format!(
                    "{name} has {promoted} promoted pieces but only {} pawns are gone",
                    8 - pawns
                ));
            }
        }
        let waiting = self.pos.side().flip();
        let check_allowed = self.options.king_capture || self.options.mandatory_card;
        if phase == Phase::Start && !check_allowed && self.pos.king_attacked(waiting) {
            let name = if waiting == Color::White {
                "White"
            } else {
                "Black"
            };
            return impossible(format!("{name}, not to move, is in check"));
        }
        Ok(())
    }

    /// Checks the card state read from a position string against the deck:
    /// held cards are vetoes or objectives, the effect is a temporary card,
    /// the card being carried out is not a kept one, and every card of the
    /// deck is in exactly one place. A pile or discard pile not given holds
    /// the cards found nowhere else (the pile when neither is given).
    fn account_cards(
        &mut self,
        pile_given: bool,
        discard_given: bool,
    ) -> Result<(), CardChessError> {
        let deck = self.options.deck.clone();
        let misplaced = |id: CardId, place| CardChessError::Misplaced {
            card: deck.name(id).to_string(),
            place,
        };
        for held in &self.held {
            for (id, &count) in held.iter().enumerate().take(deck.entries().len()) {
                let id = id as CardId;
                match deck.card(id) {
                    Card::Veto if count > 1 => {
                        return Err(misplaced(id, "held twice by one player (at most one veto)"))
                    }
                    Card::Veto | Card::Objective(..) => {}
                    _ if count > 0 => {
                        return Err(misplaced(id, "held (only vetoes and objectives are kept)"))
                    }
                    _ => {}
                }
            }
        }
        if let Some((id, _)) = self.effect {
            if !matches!(deck.card(id), Card::Temporary(_)) {
                return Err(misplaced(id, "the active effect (not a temporary card)"));
            }
        }
        if let Some(id) = self.card {
            if matches!(
                deck.card(id),
                Card::Veto | Card::Objective(..) | Card::Temporary(_)
            ) {
                return Err(misplaced(id, "carried out (it is kept, not carried out)"));
            }
        }
        for (index, entry) in deck.entries().iter().enumerate() {
            let id = index as CardId;
            let mut found = u32::from(self.held[0][index]) + u32::from(self.held[1][index]);
            found += u32::from(self.effect.is_some_and(|(e, _)| e == id));
            found += u32::from(self.card == Some(id));
            if pile_given {
                found += u32::from(self.pile[index]);
            }
            if discard_given {
                found += u32::from(self.discard[index]);
            }
            let count = u32::from(entry.count);
            let error = CardChessError::CardCount {
                card: entry.name.clone(),
                deck: count,
                found,
            };
            let rest = count.checked_sub(found).ok_or(error.clone())?;
            let rest = u8::try_from(rest).map_err(|_| error.clone())?;
            match (pile_given, discard_given) {
                (false, _) => self.pile[index] = rest,
                (true, false) => self.discard[index] = rest,
                (true, true) if rest != 0 => return Err(error),
                (true, true) => {}
            }
        }
        Ok(())
    }
}

impl Notation for CardChess {
    type ParseError = CardChessError;

    fn parse_action(&self, text: &str) -> Result<Action, CardChessError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CardChessError::Empty);
        }
        let action = match self.parse_card_action(text)? {
            Some(action) => action,
            None => return self.parse_move(text),
        };
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        if legal.contains(&action) || outcomes.iter().any(|&(a, _)| a == action) {
            Ok(action)
        } else {
            Err(CardChessError::Illegal(text.to_string()))
        }
    }

    fn format_action(&self, action: Action) -> String {
        let deck = &self.options.deck;
        match action {
            Action::Move(mv) => to_san(&self.pos, mv, &self.legal_move_list()),
            Action::Draw => "draw".into(),
            Action::Card(id) => format!("draw:{}", deck.name(id)),
            Action::Swap(from, to) => format!("swap {}-{}", square_name(from), square_name(to)),
            Action::Remove(sq) => format!("remove {}", square_name(sq)),
            Action::Recover(piece, sq) => format!("recover {}@{}", piece.letter(), square_name(sq)),
            Action::Veto => "veto".into(),
            Action::Steal(id) => format!("steal {}", deck.name(id)),
            Action::Stop => "stop".into(),
        }
    }

    fn parse_position(text: &str, options: &CardChessOptions) -> Result<CardChess, CardChessError> {
        let (fen, tail) = match text.split_once('|') {
            Some((fen, tail)) => (fen, Some(tail)),
            None => (text, None),
        };
        let pos = Position::from_fen_as(fen.trim(), options.chess960)?;
        check_move_bound(&pos, &[[0; 6]; 2])?;
        let mut state = CardChess::from_position(pos, options);
        let Some(tail) = tail else {
            state.check_setup(Phase::Start)?;
            check_move_bound(&state.pos, &state.captured)?;
            return Ok(state);
        };
        let deck = options.deck.clone();
        state.seat = 0;
        let mut phase = Phase::Start;
        let mut seat_given = false;
        let (mut pile_given, mut discard_given) = (false, false);
        for field in tail.split_whitespace() {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| CardChessError::BadField(field.to_string()))?;
            let seat = || -> Result<usize, CardChessError> {
                match value {
                    "0" => Ok(0),
                    "1" => Ok(1),
                    _ => Err(bad(key, value)),
                }
            };
            match key {
                "seat" => {
                    state.seat = seat()?;
                    seat_given = true;
                }
                "white" => state.white = seat()?,
                "phase" => phase = parse_phase(&state.pos, value)?,
                "card" => {
                    state.card = if value == "-" {
                        None
                    } else {
                        Some(state.card_id(value)?)
                    }
                }
                "prizes" => state.prizes = parse_pieces(key, value)?,
                "pile" => {
                    state.pile = parse_counts(&deck, key, value)?;
                    pile_given = true;
                }
                "order" => {
                    state.order = value
                        .split(',')
                        .filter(|name| *name != "-")
                        .map(|name| state.card_id(name))
                        .collect::<Result<_, _>>()?;
                }
                "discard" => {
                    state.discard = parse_counts(&deck, key, value)?;
                    discard_given = true;
                }
                "held0" => state.held[0] = parse_counts(&deck, key, value)?,
                "held1" => state.held[1] = parse_counts(&deck, key, value)?,
                "effect" => {
                    state.effect = if value == "-" {
                        None
                    } else {
                        let (name, holder) =
                            value.split_once('@').ok_or_else(|| bad(key, value))?;
                        let holder = match holder {
                            "0" => 0,
                            "1" => 1,
                            _ => return Err(bad(key, value)),
                        };
                        Some((state.card_id(name)?, holder))
                    }
                }
                "captured" => state.captured = parse_captured(value)?,
                "last" => {
                    state.last = if value == "-" {
                        None
                    } else {
                        let parts: Vec<&str> = value.splitn(4, ':').collect();
                        if parts.len() != 4 {
                            return Err(bad(key, value));
                        }
                        let before = Position::from_fen(&parts[2].replace('_', " "))?;
                        let captured = parse_captured(parts[3])?;
                        check_move_bound(&before, &captured)?;
                        Some(LastTurn {
                            mv: raw_move(&before, parts[0]).ok_or_else(|| bad(key, value))?,
                            only: parts[1] == "1",
                            before,
                            captured,
                        })
                    }
                }
                _ => return Err(CardChessError::UnknownKey(key.to_string())),
            }
        }
        state.sync_leapers();
        state.check_setup(phase)?;
        check_move_bound(&state.pos, &state.captured)?;
        if options.cards {
            state.account_cards(pile_given, discard_given)?;
        }
        if phase == Phase::Drawing {
            if !state.can_draw() {
                return Err(CardChessError::NothingToDraw);
            }
            if state.pile.iter().all(|&c| c == 0) {
                // The draw that led here found the pile empty and turned
                // the discard pile over (rule 1).
                state.pile = std::mem::replace(&mut state.discard, [0; MAX_DISTINCT]);
            }
        }
        for (id, &available) in state.pile.iter().enumerate() {
            if state.order.iter().filter(|&&o| o as usize == id).count() > available as usize {
                return Err(bad("order", deck.name(id as CardId)));
            }
        }
        if !seat_given {
            state.seat = if state.pos.side() == super::chess::Color::White {
                state.white
            } else {
                1 - state.white
            };
        }
        state.phase = phase;
        let acting = !matches!(phase, Phase::Ending | Phase::Over(_));
        if acting && state.pos.side() != state.colour_of(state.seat) {
            return Err(bad("seat", &state.seat.to_string()));
        }
        state.history.clear();
        if phase == Phase::Start {
            state.judge(1 - state.seat);
        }
        Ok(state)
    }

    fn format_position(&self) -> String {
        let fen = self.pos.to_fen();
        if !self.options.cards {
            return match self.phase {
                Phase::Over(_) => format!("{fen} | phase={}", phase_text(self.phase)),
                _ => fen,
            };
        }
        let deck = &self.options.deck;
        let mut out = format!(
            "{fen} | seat={} white={} phase={}",
            self.seat,
            self.white,
            phase_text(self.phase)
        );
        if let Some(id) = self.card {
            out.push_str(&format!(" card={}", deck.name(id)));
        }
        if self.prizes != 0 {
            out.push_str(&format!(" prizes={}", pieces_text(self.prizes)));
        }
        if !self.order.is_empty() {
            let names: Vec<&str> = self.order.iter().map(|&id| deck.name(id)).collect();
            out.push_str(&format!(" order={}", names.join(",")));
        }
        out.push_str(&format!(
            " pile={} discard={} held0={} held1={}",
            counts_text(deck, &self.pile),
            counts_text(deck, &self.discard),
            counts_text(deck, &self.held[0]),
            counts_text(deck, &self.held[1])
        ));
        if let Some((id, holder)) = self.effect {
            out.push_str(&format!(" effect={}@{holder}", deck.name(id)));
        }
        out.push_str(&format!(" captured={}", captured_text(&self.captured)));
        if let Some(last) = self.last {
            out.push_str(&format!(
                " last={}:{}:{}:{}",
                last.mv,
                u8::from(last.only),
                last.before.to_fen().replace(' ', "_"),
                captured_text(&last.captured)
            ));
        }
        out
    }
}
