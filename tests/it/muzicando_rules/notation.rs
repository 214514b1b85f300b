//! Text: card names, actions with cells, position strings and records;
//! typed errors and no panic on any input.

use proptest::prelude::*;

use super::{deal, options, play};
use tauler::game::{Game, Notation};
use tauler::games::muzicando::notation::ParseError;
use tauler::games::muzicando::{Muzicando, Options};

#[test]
fn actions_are_written_with_spec_names_and_cells_where_chosen() {
    let mut state = deal(&options(&["dealer=3"]), &["R-Do O-Re"]);
    play(&mut state, "pass 1S pass pass");
    play(&mut state, "2S pass pass pass");
    assert_eq!(
        state.format_action(state.parse_action("R-Do@0,0").unwrap()),
        "R-Do@0,0"
    );
    assert!(
        matches!(state.parse_action("R-Do"), Err(ParseError::Illegal { .. })),
        "Sarabanda needs a cell"
    );
    assert!(matches!(
        state.parse_action("R-Re@0,0"),
        Err(ParseError::Illegal { .. })
    ));
    assert!(matches!(
        state.parse_action("X-Do"),
        Err(ParseError::UnknownCard(_))
    ));
    assert!(matches!(
        state.parse_action("R-Do@a,0"),
        Err(ParseError::BadCell(_))
    ));
    assert!(matches!(state.parse_action(""), Err(ParseError::Empty)));

    let mut state = deal(&options(&["dealer=3"]), &["R-Do O-Re"]);
    play(&mut state, "1M pass pass pass");
    assert!(state.parse_action("R-Do").is_ok(), "the pile is implied");
    assert!(state.parse_action("R-Do@0,0").is_ok(), "and may be given");
    assert!(state.parse_action("R-Do@3,0").is_err(), "but not wrongly");
}

#[test]
fn the_position_string_round_trips_the_whole_hand() {
    let mut state = Muzicando::seeded_deal(&Options::default(), 11);
    play(&mut state, "1G pass pass pass");
    let text = state.format_position();
    assert!(text.starts_with("0/"));
    let parsed = Muzicando::parse_position(&text, &Options::default()).unwrap();
    assert_eq!(parsed.format_position(), text);
    assert_eq!(parsed.hash(), state.hash());
    for seat in 0..4 {
        assert_eq!(parsed.hand(seat), state.hand(seat));
    }
    let seeded = Muzicando::parse_position("seed:11", &Options::default()).unwrap();
    assert_eq!(
        seeded.history(),
        Muzicando::seeded_deal(&Options::default(), 11).history()
    );
    assert!(seeded.record().contains("seat 1 dealt:"));
}

#[test]
fn position_errors_are_typed() {
    let o = Options::default();
    assert!(matches!(
        Muzicando::parse_position("nonsense", &o),
        Err(ParseError::Shape(_))
    ));
    assert!(matches!(
        Muzicando::parse_position("9//", &o),
        Err(ParseError::BadDealer(_))
    ));
    assert!(matches!(
        Muzicando::parse_position("seed:x", &o),
        Err(ParseError::BadSeed(_))
    ));
    assert!(matches!(
        Muzicando::parse_position("0/R1R1/", &o),
        Err(ParseError::InPosition { index: 2, .. })
    ));
    assert!(matches!(
        Muzicando::parse_position("0/R/", &o),
        Err(ParseError::UnknownCard(_))
    ));
    let dealt = Muzicando::seeded_deal(&o, 1).format_position();
    assert!(matches!(
        Muzicando::parse_position(&format!("{dealt} 4M 4M"), &o),
        Err(ParseError::InPosition { index: 58, .. })
    ));
}

proptest! {
    #[test]
    fn any_text_is_refused_or_accepted_without_panic(text in "\\PC{0,40}") {
        let state = Muzicando::seeded_deal(&Options::default(), 3);
        let _ = state.parse_action(&text);
        let _ = Muzicando::parse_position(&text, &Options::default());
    }

    #[test]
    fn mutated_positions_are_refused_or_accepted_without_panic(
        cut in 0usize..400, insert in "[ -~]{0,4}", seed in 0u64..20,
    ) {
        let mut state = Muzicando::seeded_deal(&Options::default(), seed);
        play(&mut state, "pass 1P pass pass pass");
        let text = state.format_position();
        let at = cut.min(text.len());
        let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
        if let Ok(parsed) = Muzicando::parse_position(&mutated, &Options::default()) {
            prop_assert_eq!(
                Muzicando::parse_position(&parsed.format_position(), &Options::default()).map(|p| p.hash()),
                Ok(parsed.hash())
            );
        }
    }
}
