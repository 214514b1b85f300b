//! The deck: 49 note cards, 7 symbols, 7 circled notes, and every card's
//! name and two-character code.

use tauler::games::muzicando::cards::{
    cards_of, cards_of_step, Card, Symbol, CIRCLED, NOTE_CARDS, SYMBOL_CARDS,
};

#[test]
fn names_round_trip_for_every_card() {
    for index in 0..56 {
        let card = Card::from_index(index).unwrap();
        assert_eq!(Card::parse(&card.to_string()), Some(card));
        let [a, b] = card.code();
        assert_eq!(Card::from_code(a, b), Some(card));
    }
    assert_eq!(Card::parse("R-Do"), Some(Card::note(0, 0)));
    assert_eq!(Card::parse("V-pause"), Some(Card::symbol(6)));
    assert_eq!(
        Card::parse("Y-nat").and_then(Card::symbol_kind),
        Some(Symbol::Natural)
    );
    assert_eq!(
        Card::parse("B-b").and_then(Card::symbol_kind),
        Some(Symbol::Flat)
    );
    assert_eq!(Card::parse("R-b"), None, "red's symbol is a sharp");
}

#[test]
fn deck_has_49_notes_7_symbols_7_circled() {
    assert_eq!(NOTE_CARDS.count_ones(), 49);
    assert_eq!(SYMBOL_CARDS.count_ones(), 7);
    assert_eq!(CIRCLED.count_ones(), 7);
    for card in cards_of(CIRCLED) {
        assert!(card.is_circled());
    }
    assert_eq!(cards_of_step(0).count_ones(), 7);
    assert!(cards_of(cards_of_step(0)).all(|c| c.step() == Some(0)));
}
