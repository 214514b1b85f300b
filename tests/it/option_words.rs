//! Every on/off rules option of every game may be given bare: `KEY` means
//! `KEY=on`, as the README lists them; options with other values still need
//! `KEY=VALUE`.

use tauler::game::{GameOptions, OptionError};
use tauler::games::cardchess::CardChessOptions;
use tauler::games::{camelot, cescacs, muzicando};

#[test]
fn bare_option_words_switch_on_off_options_on() {
    let bare = CardChessOptions::from_pairs(["first_edition", "mandatory_card", "king_capture"])
        .expect("bare words");
    let explicit =
        CardChessOptions::from_pairs(["first_edition=on", "mandatory_card=on", "king_capture=on"])
            .expect("KEY=on");
    assert_eq!(bare, explicit);
    assert!(bare.first_edition && bare.mandatory_card && bare.king_capture);
    let plain = CardChessOptions::from_pairs(["cards=off", "cards"]).expect("cards");
    assert!(plain.cards, "a bare word after `=off` switches it back on");

    let mut no_castling = cescacs::Options::default();
    no_castling.set("castling", "off").unwrap();
    assert_eq!(
        cescacs::Options::from_pairs(["castling=off", "castling"]).unwrap(),
        cescacs::Options::default()
    );
    assert_eq!(
        cescacs::Options::from_pairs(["castling=no"]).unwrap(),
        no_castling
    );
}

#[test]
fn a_bare_word_naming_a_valued_option_or_nothing_is_refused() {
    let err = CardChessOptions::from_pairs(["bomb"]).unwrap_err();
    assert_eq!(err, OptionError::Malformed("bomb".to_string()));
    assert!(err
        .to_string()
        .contains("only on/off options may be given bare"));
    assert!(matches!(
        CardChessOptions::from_pairs(["first_editon"]),
        Err(OptionError::UnknownKey { .. })
    ));
    assert!(matches!(
        cescacs::Options::from_pairs(["stalemate"]),
        Err(OptionError::Malformed(_))
    ));
    assert!(matches!(
        muzicando::Options::from_pairs(["pause"]),
        Err(OptionError::Malformed(_))
    ));
    assert!(matches!(
        camelot::Options::from_pairs(["castling"]),
        Err(OptionError::UnknownKey { .. })
    ));
}
