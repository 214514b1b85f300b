//! The luck cards and the deck file that lists them.
//!
//! A deck file has one card per line, `COUNT KIND ARGUMENTS`; `#` starts a
//! comment. The default 53-card deck and the basic action-only deck ship as
//! `decks/default.deck` and `decks/basic.deck` (built into the binary), and
//! any edited copy can be loaded with the option `deck=PATH`. The one name
//! a deck file chooses, a bomb's zone name, may use only letters, digits,
//! `-` and `_`, so that every card name reads back from a position string
//! (whose card lists use `,`, `*`, `@`, `:` and spaces as separators).

use std::fmt;

use thiserror::Error;

use super::chess::bitboard::{file_of, parse_square, rank_of, square, Bitboard, Color, Piece};

/// The most distinct cards a deck may hold (per-card counts live in arrays).
pub const MAX_DISTINCT: usize = 64;

/// A card's index among its deck's distinct cards.
pub type CardId = u8;

/// The objective of an "objective and prize" card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Castle.
    Castle,
    /// Capture with a pawn.
    PawnCapture,
    /// Give check.
    Check,
    /// Capture a rook or a queen.
    CaptureMajor,
}

impl Goal {
    const NAMES: [(&'static str, Goal); 4] = [
        ("castle", Goal::Castle),
        ("pawn-capture", Goal::PawnCapture),
        ("check", Goal::Check),
        ("capture-major", Goal::CaptureMajor),
    ];

    /// The name used in deck files and card names.
    #[must_use]
    pub fn name(self) -> &'static str {
        Goal::NAMES
            .iter()
            .find(|(_, g)| *g == self)
            .map_or("", |(n, _)| n)
    }
}

/// The effect of a temporary card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The holder's queens also move as knights.
    SuperQueen,
    /// The holder's rooks also move as knights.
    SuperRooks,
    /// The holder's bishops also move as knights.
    SuperBishops,
    /// After a knight move the holder may make a second knight move.
    SuperKnights,
    /// The rival may not capture the holder's pawns.
    UntouchablePawns,
    /// While in check, the holder's king may not move.
    LeadKing,
    /// The holder's pieces may not move backwards.
    NoRetreat,
    /// The holder plays the rival's colour.
    Harakiri,
}

impl Effect {
    const NAMES: [(&'static str, Effect); 8] = [
        ("super-queen", Effect::SuperQueen),
        ("super-rooks", Effect::SuperRooks),
        ("super-bishops", Effect::SuperBishops),
        ("super-knights", Effect::SuperKnights),
        ("untouchable-pawns", Effect::UntouchablePawns),
        ("lead-king", Effect::LeadKing),
        ("no-retreat", Effect::NoRetreat),
        ("harakiri", Effect::Harakiri),
    ];

    /// The name used in deck files and card names.
    #[must_use]
    pub fn name(self) -> &'static str {
        Effect::NAMES
            .iter()
            .find(|(_, e)| *e == self)
            .map_or("", |(n, _)| n)
    }
}

/// What a card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// Move `count` pieces of different types among `pieces` (a mask of
    /// [`Piece::bit`]): "move one", "move +", "move three" move every type
    /// shown; "choose and move one/two" move one or two of them.
    Move {
        /// The piece types shown.
        pieces: u8,
        /// How many of them to move.
        count: u8,
        /// Whether the player chooses among the types (choose cards).
        choose: bool,
    },
    /// Move any piece but the rival king to any empty square.
    Swap,
    /// The turn ends.
    LoseTurn,
    /// Remove a rival piece of this type.
    Remove(Piece),
    /// Remove a rival piece from a zone (squares from White's side; mirrored
    /// for Black).
    Bomb(Bitboard),
    /// Put back one of one's captured pieces.
    Recover,
    /// "I don't like your move": veto the rival's last move.
    Veto,
    /// An objective and its prize piece.
    Objective(Goal, Piece),
    /// A temporary effect.
    Temporary(Effect),
    /// Steal a special card from the rival.
    Wildcard,
}

impl Card {
    /// Whether the card is kept (special) rather than obeyed at once.
    #[must_use]
    pub fn is_special(self) -> bool {
        matches!(
            self,
            Card::Veto | Card::Objective(..) | Card::Temporary(_) | Card::Wildcard
        )
    }
}

/// The zone of a bomb seen from `drawer`'s side.
#[must_use]
pub fn zone_for(zone: Bitboard, drawer: Color) -> Bitboard {
    match drawer {
        Color::White => zone,
        Color::Black => zone.swap_bytes(),
    }
}

/// One distinct card of a deck and how many copies it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckEntry {
    /// What the card does.
    pub card: Card,
    /// Its name in action text (`bomb-centre`, `move-p+n`).
    pub name: String,
    /// Copies in the deck.
    pub count: u8,
}

/// A deck: its distinct cards with their counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    entries: Vec<DeckEntry>,
}

/// Why a deck file was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("deck line {line}: {problem}")]
pub struct DeckError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong on it.
    pub problem: DeckProblem,
}

/// What is wrong on a deck file line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeckProblem {
    /// The count is not a number from 1 to 255.
    #[error("count `{0}` is not a number from 1 to 255")]
    BadCount(String),
    /// Nothing after the count.
    #[error("missing card kind after the count")]
    MissingKind,
    /// An unknown card kind.
    #[error("unknown card kind `{0}` (known: move choose1 choose2 swap lose-turn remove bomb recover veto objective temporary wildcard)")]
    UnknownKind(String),
    /// Wrong number of arguments for the kind.
    #[error("`{kind}` takes {expected}")]
    Arguments {
        /// The card kind.
        kind: String,
        /// What it takes.
        expected: &'static str,
    },
    /// A piece list like `P+N` is malformed.
    #[error("bad piece list `{0}` (letters K Q R B N P joined by +, each once)")]
    BadPieces(String),
    /// A choose card with fewer types than it picks.
    #[error("`{0}` shows fewer piece types than it asks to move")]
    TooFewPieces(String),
    /// Removing a king.
    #[error("a card may not remove the king")]
    RemoveKing,
    /// A zone like `d4-e5` is malformed.
    #[error("bad zone `{0}` (two squares joined by -, like d4-e5)")]
    BadZone(String),
    /// An unknown objective.
    #[error("unknown objective `{0}` (known: castle pawn-capture check capture-major)")]
    BadGoal(String),
    /// An unknown temporary effect.
    #[error("unknown temporary effect `{0}`")]
    BadEffect(String),
    /// Too many distinct cards.
    #[error("more than {MAX_DISTINCT} distinct cards")]
    TooManyCards,
    /// The deck is empty.
    #[error("the deck has no cards")]
    Empty,
    /// A card name with characters the position string uses as separators.
    #[error("card name `{0}` may use only letters, digits, `-` and `_`")]
    BadName(String),
}

/// The default deck file shipped with tauler.
pub const DEFAULT_DECK: &str = include_str!("../../../decks/default.deck");
/// The basic (action cards only) deck file shipped with tauler.
pub const BASIC_DECK: &str = include_str!("../../../decks/basic.deck");

fn parse_pieces(text: &str) -> Result<u8, DeckProblem> {
    let mut mask = 0u8;
    for part in text.split('+') {
        let mut chars = part.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => Piece::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| DeckProblem::BadPieces(text.to_string()))?;
        if mask & piece.bit() != 0 {
            return Err(DeckProblem::BadPieces(text.to_string()));
        }
        mask |= piece.bit();
    }
    Ok(mask)
}

fn pieces_name(mask: u8) -> String {
    Piece::ALL
        .iter()
        .filter(|p| mask & p.bit() != 0)
        .map(|p| p.letter().to_ascii_lowercase().to_string())
        .collect::<Vec<_>>()
        .join("+")
}

fn parse_zone(text: &str) -> Result<Bitboard, DeckProblem> {
    let bad = || DeckProblem::BadZone(text.to_string());
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b) = (
        parse_square(a).ok_or_else(bad)?,
        parse_square(b).ok_or_else(bad)?,
    );
    let mut zone = 0;
    for file in file_of(a).min(file_of(b))..=file_of(a).max(file_of(b)) {
        for rank in rank_of(a).min(rank_of(b))..=rank_of(a).max(rank_of(b)) {
            zone |= 1u64 << square(file, rank);
        }
    }
    Ok(zone)
}

fn parse_line(words: &[&str]) -> Result<(Card, String), DeckProblem> {
    let kind = words[0];
    let args = &words[1..];
    let arity = |n: usize, expected: &'static str| {
        if args.len() == n {
            Ok(())
        } else {
            Err(DeckProblem::Arguments {
                kind: kind.to_string(),
                expected,
            })
        }
    };
    match kind {
        "move" | "choose1" | "choose2" => {
            arity(1, "one piece list, like P+N")?;
            let pieces = parse_pieces(args[0])?;
            let shown = pieces.count_ones() as u8;
            let (count, choose) = match kind {
                "move" => (shown, false),
                "choose1" => (1, true),
                _ => (2, true),
            };
            if shown < count {
                return Err(DeckProblem::TooFewPieces(args[0].to_string()));
            }
            let name = format!("{kind}-{}", pieces_name(pieces));
            Ok((
                Card::Move {
                    pieces,
                    count,
                    choose,
                },
                name,
            ))
        }
        "swap" | "lose-turn" | "recover" | "veto" | "wildcard" => {
            arity(0, "no arguments")?;
            let card = match kind {
                "swap" => Card::Swap,
                "lose-turn" => Card::LoseTurn,
                "recover" => Card::Recover,
                "veto" => Card::Veto,
                _ => Card::Wildcard,
            };
            Ok((card, kind.to_string()))
        }
        "remove" => {
            arity(1, "one piece letter")?;
            let pieces = parse_pieces(args[0])?;
            if pieces.count_ones() != 1 {
                return Err(DeckProblem::BadPieces(args[0].to_string()));
            }
            let piece = Piece::from_index(pieces.trailing_zeros() as usize);
            if piece == Piece::King {
                return Err(DeckProblem::RemoveKing);
            }
            Ok((
                Card::Remove(piece),
                format!("remove-{}", pieces_name(pieces)),
            ))
        }
        "bomb" => {
            arity(2, "a zone name and a zone, like `centre d4-e5`")?;
            let name = args[0];
            if !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(DeckProblem::BadName(name.to_string()));
            }
            Ok((Card::Bomb(parse_zone(args[1])?), format!("bomb-{name}")))
        }
        "objective" => {
            arity(2, "a goal and a prize piece, like `castle P`")?;
            let goal = Goal::NAMES
                .iter()
                .find(|(n, _)| *n == args[0])
                .map(|(_, g)| *g)
                .ok_or_else(|| DeckProblem::BadGoal(args[0].to_string()))?;
            let pieces = parse_pieces(args[1])?;
            if pieces.count_ones() != 1 || pieces & Piece::King.bit() != 0 {
                return Err(DeckProblem::BadPieces(args[1].to_string()));
            }
            let piece = Piece::from_index(pieces.trailing_zeros() as usize);
            Ok((
                Card::Objective(goal, piece),
                format!("objective-{}", goal.name()),
            ))
        }
        "temporary" => {
            arity(1, "an effect name")?;
            let effect = Effect::NAMES
                .iter()
                .find(|(n, _)| *n == args[0])
                .map(|(_, e)| *e)
                .ok_or_else(|| DeckProblem::BadEffect(args[0].to_string()))?;
            Ok((Card::Temporary(effect), effect.name().to_string()))
        }
        other => Err(DeckProblem::UnknownKind(other.to_string())),
    }
}

impl Deck {
    /// Reads a deck file.
    pub fn parse(text: &str) -> Result<Deck, DeckError> {
        let mut entries: Vec<DeckEntry> = Vec::new();
        let mut last_line = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            last_line = line;
            let at = |problem| DeckError { line, problem };
            let content = raw.split('#').next().unwrap_or_default();
            let words: Vec<&str> = content.split_whitespace().collect();
            let Some((&count_text, rest)) = words.split_first() else {
                continue;
            };
            let count: u8 = count_text
                .parse()
                .ok()
                .filter(|&c| c > 0)
                .ok_or_else(|| at(DeckProblem::BadCount(count_text.to_string())))?;
            if rest.is_empty() {
                return Err(at(DeckProblem::MissingKind));
            }
            let (card, name) = parse_line(rest).map_err(at)?;
            if let Some(entry) = entries.iter_mut().find(|e| e.name == name) {
                entry.count = entry.count.saturating_add(count);
            } else if entries.len() == MAX_DISTINCT {
                return Err(at(DeckProblem::TooManyCards));
            } else {
                entries.push(DeckEntry { card, name, count });
            }
        }
        if entries.is_empty() {
            return Err(DeckError {
                line: last_line.max(1),
                problem: DeckProblem::Empty,
            });
        }
        Ok(Deck { entries })
    }

    /// The default 53-card deck.
    #[must_use]
    pub fn default_deck() -> Deck {
        Deck::parse(DEFAULT_DECK).unwrap_or_else(|e| unreachable!("shipped deck: {e}"))
    }

    /// The basic deck (action cards only).
    #[must_use]
    pub fn basic_deck() -> Deck {
        Deck::parse(BASIC_DECK).unwrap_or_else(|e| unreachable!("shipped deck: {e}"))
    }

    /// The distinct cards.
    #[must_use]
    pub fn entries(&self) -> &[DeckEntry] {
        &self.entries
    }

    /// The card with this id.
    #[must_use]
    pub fn card(&self, id: CardId) -> Card {
        self.entries[id as usize].card
    }

    /// The name of the card with this id.
    #[must_use]
    pub fn name(&self, id: CardId) -> &str {
        &self.entries[id as usize].name
    }

    /// The id of the card with this name.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<CardId> {
        self.entries
            .iter()
            .position(|e| e.name == name)
            .map(|i| i as CardId)
    }

    /// The total number of cards.
    #[must_use]
    pub fn total(&self) -> usize {
        self.entries.iter().map(|e| e.count as usize).sum()
    }
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in &self.entries {
            writeln!(f, "{} {}", entry.count, entry.name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_decks_have_the_spec_counts() {
        let deck = Deck::default_deck();
        assert_eq!(deck.total(), 53);
        let count = |f: &dyn Fn(Card) -> bool| -> usize {
            deck.entries()
                .iter()
                .filter(|e| f(e.card))
                .map(|e| e.count as usize)
                .sum()
        };
        assert_eq!(
            count(&|c| matches!(c, Card::Move { .. } | Card::Swap | Card::LoseTurn)),
            26
        );
        assert_eq!(
            count(&|c| matches!(c, Card::Remove(_) | Card::Bomb(_) | Card::Recover)),
            12
        );
        assert_eq!(count(&|c| matches!(c, Card::Temporary(_))), 8);
        assert_eq!(count(&Card::is_special), 15);
        assert_eq!(Deck::basic_deck().total(), 38);
        assert!(Deck::basic_deck()
            .entries()
            .iter()
            .all(|e| !e.card.is_special()));
    }

    #[test]
    fn a_typo_names_its_line() {
        let err = Deck::parse("# deck\n2 move P\n1 mvoe N\n").unwrap_err();
        assert_eq!(err.line, 3);
        assert_eq!(err.problem, DeckProblem::UnknownKind("mvoe".into()));
        assert!(err
            .to_string()
            .starts_with("deck line 3: unknown card kind `mvoe`"));
        let err = Deck::parse("1 bomb centre d4-z9").unwrap_err();
        assert_eq!(
            (err.line, err.problem),
            (1, DeckProblem::BadZone("d4-z9".into()))
        );
        let err = Deck::parse("\n\nx move P").unwrap_err();
        assert_eq!(
            (err.line, err.problem),
            (3, DeckProblem::BadCount("x".into()))
        );
        let err = Deck::parse("1 remove K").unwrap_err();
        assert_eq!(err.problem, DeckProblem::RemoveKing);
        let err = Deck::parse("1 choose2 N").unwrap_err();
        assert_eq!(err.problem, DeckProblem::TooFewPieces("N".into()));
        let err = Deck::parse("1 temporary super-pawns").unwrap_err();
        assert_eq!(err.problem, DeckProblem::BadEffect("super-pawns".into()));
        assert_eq!(
            Deck::parse("# nothing\n").unwrap_err().problem,
            DeckProblem::Empty
        );
    }

    #[test]
    fn bomb_zones_mirror_for_black() {
        let deck = Deck::parse("1 bomb queen-side a5-c8").unwrap();
        let Card::Bomb(zone) = deck.card(0) else {
            panic!()
        };
        assert_eq!(zone.count_ones(), 12);
        let black = zone_for(zone, Color::Black);
        assert!(
            black & 1 != 0,
            "a1 is in the rival queen side seen from Black"
        );
    }
}
