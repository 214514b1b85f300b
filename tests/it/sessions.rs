//! Sessions: a game in progress between a person and an engine, driven the
//! way a front end drives it (no terminal involved).

use std::path::Path;

use tauler::engine::{
    AnySession, EngineProfile, Happening, SeatSpec, Session, SessionError, SessionEvent,
};
use tauler::game::{Game, Notation};
use tauler::games::cardchess::{CardChess, CardChessOptions};
use tauler::games::cescacs::{Cescacs, Options};

fn profile(name: &str) -> Box<EngineProfile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    Box::new(EngineProfile::load_from(&dir, name).expect("a shipped profile"))
}

fn cardchess(seed: u64) -> Session<CardChess> {
    let start = CardChess::new(&CardChessOptions::default());
    let seats = vec![
        SeatSpec::Person,
        SeatSpec::Engine(profile("cardchess-random")),
    ];
    let mut session = Session::new(start, seats, seed).expect("a session");
    session.advance();
    session
}

/// The cards chance dealt since the last call, in notation.
fn drawn(session: &mut Session<CardChess>) -> Vec<String> {
    session
        .take_happenings()
        .into_iter()
        .filter_map(|h| match h {
            Happening::Chance { before, action } => Some(before.format_action(action)),
            _ => None,
        })
        .collect()
}

#[test]
fn undo_then_drawing_again_gives_the_same_card() {
    let mut session = cardchess(11);
    session
        .play_text("draw")
        .expect("drawing is legal at the start");
    let first = drawn(&mut session);
    assert_eq!(first.len(), 1, "one card drawn: {first:?}");
    for _ in 0..3 {
        session.undo().expect("the draw can be taken back");
        assert_eq!(
            session.state().format_position(),
            session.start().format_position()
        );
        session.play_text("draw").expect("drawing again");
        assert_eq!(drawn(&mut session), first, "the same card comes out again");
    }
}

#[test]
fn another_seed_is_another_chance_stream() {
    let cards: Vec<Vec<String>> = (0..8)
        .map(|seed| {
            let mut session = cardchess(seed);
            session.play_text("draw").expect("drawing");
            drawn(&mut session)
        })
        .collect();
    assert!(
        cards.iter().any(|c| c != &cards[0]),
        "eight seeds drew the same card: {cards:?}"
    );
}

#[test]
fn undo_at_the_start_as_black_takes_back_nothing() {
    let start = Cescacs::new(&Options::default());
    let seats = vec![
        SeatSpec::Engine(profile("cescacs-random")),
        SeatSpec::Person,
    ];
    let mut session = Session::new(start, seats, 3).expect("a session");
    session.advance();
    let after_engine = session.state().format_position();
    assert_ne!(
        after_engine,
        session.start().format_position(),
        "White moved"
    );
    assert!(matches!(session.undo(), Err(SessionError::NothingToUndo)));
    assert_eq!(session.state().format_position(), after_engine);
    assert_eq!(session.person_to_move(), Some(1));
}

#[test]
fn undo_redo_and_a_saved_game_replay_the_same_positions() {
    let mut session = cardchess(5);
    for _ in 0..3 {
        let Some(_) = session.person_to_move() else {
            break;
        };
        let legal = session.legal_texts();
        session.play_text(&legal[0]).expect("a legal move");
    }
    let position = session.state().format_position();
    let saved = session.save_text();
    session.undo().expect("a move of mine");
    assert_ne!(session.state().format_position(), position);
    session.redo().expect("the move taken back");
    assert_eq!(session.state().format_position(), position);
    assert!(matches!(session.redo(), Err(SessionError::NothingToRedo)));

    let mut other = cardchess(99);
    other
        .load_text(&saved, &CardChessOptions::default())
        .expect("the saved game loads");
    assert_eq!(other.state().format_position(), position);
    assert_eq!(other.seed(), 5, "the chance seed travels with the game");
}

#[test]
fn a_type_erased_session_speaks_notation() {
    let mut session: Box<dyn AnySession> = Box::new(cardchess(2));
    assert_eq!(session.game(), "cardchess");
    assert_eq!(session.person_to_move(), Some(0));
    assert!(session.legal().iter().any(|m| m == "draw"));
    let error = session.play("Ke9").unwrap_err();
    assert!(error.to_string().contains("`Ke9`"), "{error}");
    session.play("e4").expect("a legal move");
    let events = session.events();
    assert!(
        matches!(&events[..], [SessionEvent::Played { seat: 0, action, engine: false, .. }, SessionEvent::Played { seat: 1, engine: true, .. }, ..] if action == "e4"),
        "{events:?}"
    );
    let hint = session.hint().expect("the engine suggests a move");
    assert!(session.legal().contains(&hint), "{hint}");
    let saved = session.save_text();
    session.new_game(None);
    assert_eq!(session.position(), cardchess(2).position());
    session.load_text(&saved).expect("the saved game loads");
    assert!(session.save_text().starts_with(&saved), "{saved}");
    session.resign().expect("my turn again");
    let (result, reason) = session.result().expect("the game is over");
    assert_eq!((result, reason), (vec![0.0, 1.0], "resigned"));
    assert!(session.save_text().contains("\ne4\n"));
}
