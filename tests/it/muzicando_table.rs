//! The Muzicando table of people and engines (`engine::table`): seat
//! tokens, turns and refusals, the match of hands, hints, and the leak test.
//!
//! # The leak test
//!
//! Tables of the team game and of the individual game (3 to 6 players) are
//! played to the end with people (played here by a seeded random choice
//! among the legal actions their own view offers) and rule-based engines
//! at random seats. Every event sent to every seat, engines' seats
//! included, is read after each action (as a page polls), then serialised
//! to JSON exactly as a server sends it,
//! parsed back, and every string in it is cut into words; each word that
//! names a card (`R-Do`, `+R-Do`, `R-Re@1,0`, `V-pause`) is collected.
//! Each view event carries its hand and step (actions since the deal); the
//! hand's summary, sent only when the hand is over, gives every seat's hand
//! after each step, so the cards the *other* seats held at that moment are
//! known exactly. None of them may appear in the event. The seat's own
//! cards must appear (the check would otherwise prove nothing). The same is
//! asserted of the view a seat fetches (`SeatedTable::view`) after each
//! action, and of each hint.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::Value;

use tauler::engine::table::run_engines_unlocked;
use tauler::engine::{
    AnyTable, Catalogue, LimitSpec, SeatSpec, SeatedTable, SessionError, TableError, TableEvent,
    TableSetup,
};
use tauler::game::GameOptions;
use tauler::games::muzicando::cards::Card;
use tauler::games::muzicando::{Muzicando, Options};

type Table = SeatedTable<Muzicando>;

fn rules() -> SeatSpec {
    SeatSpec::Engine(Box::new(
        Catalogue::built_in()
            .get("muzicando-rules")
            .expect("a built-in profile"),
    ))
}

fn options(players: &str) -> Options {
    Options::from_pairs([format!("players={players}").as_str()]).expect("options")
}

/// Every card named in any string of `value`.
fn cards_in(value: &Value, out: &mut BTreeSet<Card>) {
    match value {
        Value::String(text) => {
            for word in text.split(|c: char| c.is_whitespace() || "()[],:@+".contains(c)) {
                if let Some(card) = Card::parse(word) {
                    out.insert(card);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_in(v, out)),
        Value::Object(map) => map.values().for_each(|v| cards_in(v, out)),
        _ => {}
    }
}

fn named_cards<T: serde::Serialize>(payload: &T) -> BTreeSet<Card> {
    let text = serde_json::to_string(payload).expect("serialisable");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    let mut cards = BTreeSet::new();
    cards_in(&value, &mut cards);
    cards
}

fn parse_cards(names: &[String]) -> BTreeSet<Card> {
    names
        .iter()
        .map(|n| Card::parse(n).expect("a card name"))
        .collect()
}

/// Every event each seat was sent, read after each action as a page would
/// (a table keeps only its last hands' events).
type Sent = Vec<Vec<TableEvent<Muzicando>>>;

fn collect(table: &Table, sent: &mut Sent) {
    sent.resize_with(table.seats().len(), Vec::new);
    for (seat, events) in sent.iter_mut().enumerate() {
        assert!(table.event_count(seat) >= events.len());
        let new = table.events(seat, events.len());
        assert_eq!(
            events.len() + new.len(),
            table.event_count(seat),
            "nothing missed"
        );
        events.extend(new.into_iter().cloned());
    }
}

/// Plays the table to its end: each person picks a random legal action of
/// its own view. Checks each fetched view and each hint as it goes, against
/// the own hand only (the other hands are checked from the summaries).
/// Returns every event sent to each seat.
fn play_out(table: &mut Table, rng: &mut Xoshiro256PlusPlus) -> Sent {
    let mut sent = Sent::new();
    collect(table, &mut sent);
    let mut turns = 0;
    while !table.is_over() {
        let mover = (0..table.seats().len()).find(|&seat| {
            matches!(table.seats()[seat], SeatSpec::Person) && !table.view(seat).legal.is_empty()
        });
        let seat = mover.expect("a person is to move while the match goes on");
        let view = table.view(seat);
        let own: BTreeSet<Card> = view
            .hand
            .iter()
            .map(|c| Card::parse(&c.name).expect("a card"))
            .collect();
        let named = named_cards(&view);
        assert!(own.is_subset(&named), "the own hand is in the view");
        if turns % 17 == 0 {
            let hint = table
                .hint(seat, 64, 8)
                .expect("a hint for the seat to move");
            let legal: BTreeSet<&str> = view.legal.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(hint.len(), legal.len());
            assert!(hint.iter().all(|line| legal.contains(line.action.as_str())));
        }
        let choice = &view.legal[rng.gen_range(0..view.legal.len())];
        table.play(seat, &choice.text).expect("a legal action");
        table.run_engines();
        collect(table, &mut sent);
        turns += 1;
    }
    sent
}

/// The leak check over every seat's events (see the module docs).
fn check_queues(table: &Table, sent: &Sent) -> usize {
    let seats = table.seats().len();
    let mut checked = 0;
    for seat in 0..seats {
        let events = &sent[seat];
        let summaries: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                TableEvent::HandOver { summary, .. } => Some(summary.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(summaries.len(), table.hand().1, "one summary per hand");
        for event in events {
            let TableEvent::View { hand, step, view } = event else {
                continue;
            };
            let summary = &summaries[*hand];
            let held: Vec<BTreeSet<Card>> = if *step == 0 {
                summary
                    .dealt
                    .iter()
                    .map(|hand| {
                        hand.iter()
                            .map(|c| Card::parse(&c.name).expect("a card"))
                            .collect()
                    })
                    .collect()
            } else {
                summary.replay[step - 1]
                    .hands
                    .iter()
                    .map(|h| parse_cards(h))
                    .collect()
            };
            let named = named_cards(event);
            assert!(
                held[seat].is_subset(&named),
                "seat {seat} hand {hand} step {step}: its own hand is shown"
            );
            for (other, cards) in held.iter().enumerate() {
                if other == seat {
                    continue;
                }
                let leaked: Vec<String> = cards
                    .intersection(&named)
                    .map(ToString::to_string)
                    .collect();
                assert!(
                    leaked.is_empty(),
                    "seat {seat} was sent seat {other}'s {leaked:?} (hand {hand}, step {step}): {view:?}"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn no_payload_names_a_card_of_another_seats_hand_before_the_hand_is_over() {
    let mut checked = 0;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
    let tables: [(&str, usize); 8] = [
        ("team", 4),
        ("team", 4),
        ("team", 4),
        ("team", 4),
        ("3", 3),
        ("4", 4),
        ("5", 5),
        ("6", 6),
    ];
    for (index, (players, hands)) in tables.into_iter().enumerate() {
        let options = options(players);
        let seats = usize::from(options.seats());
        let mut specs: Vec<SeatSpec> = (0..seats)
            .map(|_| {
                if rng.gen_bool(0.5) {
                    SeatSpec::Person
                } else {
                    rules()
                }
            })
            .collect();
        specs[index % seats] = SeatSpec::Person;
        let mut table = Table::new(TableSetup {
            options,
            seats: specs,
            hands,
            seed: 100 + index as u64,
        })
        .expect("a table");
        let sent = play_out(&mut table, &mut rng);
        checked += check_queues(&table, &sent);
    }
    assert!(checked > 2000, "only {checked} events checked");
}

#[test]
fn tokens_open_only_their_own_seat() {
    let table = Table::new(TableSetup {
        options: Options::default(),
        seats: vec![SeatSpec::Person, rules(), SeatSpec::Person, rules()],
        hands: 1,
        seed: 3,
    })
    .expect("a table");
    let tokens = table.tokens();
    assert_eq!(tokens.iter().map(|t| t.0).collect::<Vec<_>>(), [0, 2]);
    for &(seat, token) in &tokens {
        assert_eq!(token.len(), 32);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(table.seat_of(token).expect("its seat"), seat);
    }
    assert_ne!(tokens[0].1, tokens[1].1);
    assert!(matches!(table.seat_of(""), Err(TableError::UnknownToken)));
    assert!(matches!(
        table.seat_of(&"0".repeat(32)),
        Err(TableError::UnknownToken)
    ));
}

#[test]
fn out_of_turn_and_illegal_actions_are_refused_and_the_table_goes_on() {
    let mut table = Table::new(TableSetup {
        options: Options::default(),
        seats: vec![SeatSpec::Person, SeatSpec::Person, rules(), rules()],
        hands: 1,
        seed: 5,
    })
    .expect("a table");
    let mover = (0..2)
        .find(|&s| !table.view(s).legal.is_empty())
        .expect("seat 0 or 1 is to move");
    let waiting = 1 - mover;
    let before = table.event_count(mover);
    assert!(matches!(
        table.play(waiting, "pass"),
        Err(TableError::Session(SessionError::NotYourTurn))
    ));
    let error = table.play(mover, "R-Do@5,5").expect_err("not a call");
    assert!(matches!(
        error,
        TableError::Session(SessionError::BadAction { .. })
    ));
    assert_eq!(table.events(mover, 0).len(), before, "nothing happened");
    table
        .play(mover, "pass")
        .expect("a pass is legal in the auction");
    assert!(table.events(mover, 0).len() > before);
}

#[test]
fn a_match_adds_up_its_hands_and_ends() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let mut table = Table::new(TableSetup {
        options: options("3"),
        seats: vec![SeatSpec::Person, rules(), rules()],
        hands: 6,
        seed: 9,
    })
    .expect("a table");
    let sent = play_out(&mut table, &mut rng);
    let events = &sent[0];
    let Some(TableEvent::MatchOver { hands, totals }) = events.last() else {
        panic!("the match ends with its summary");
    };
    assert_eq!(hands.len(), 6);
    for seat in 0..3 {
        assert_eq!(totals[seat], hands.iter().map(|h| h[seat]).sum::<i32>());
    }
    assert_eq!(totals.as_slice(), table.totals());
    let dealers: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            TableEvent::View { step: 0, view, .. } => Some(view.dealer),
            _ => None,
        })
        .collect();
    assert_eq!(
        dealers,
        [0, 1, 2, 0, 1, 2],
        "the deal moves one seat each hand"
    );
    let kept = table.events(0, 0);
    assert_eq!(table.event_count(0), events.len());
    assert!(kept.len() < events.len(), "old hands are forgotten");
    assert!(kept.iter().all(|e| match e {
        TableEvent::View { hand, .. } | TableEvent::HandOver { hand, .. } => *hand >= 3,
        TableEvent::MatchOver { .. } => true,
    }));
    assert!(std::ptr::eq(
        table.events(0, events.len() - 1)[0],
        *kept.last().expect("the last event")
    ));
    assert!(matches!(table.play(0, "pass"), Err(TableError::MatchOver)));
}

#[test]
fn a_table_needs_its_seats_and_a_person() {
    let setup = |seats: Vec<SeatSpec>| TableSetup {
        options: Options::default(),
        seats,
        hands: 1,
        seed: 1,
    };
    assert!(matches!(
        Table::new(setup(vec![SeatSpec::Person; 3])),
        Err(TableError::Seats {
            expected: 4,
            given: 3
        })
    ));
    assert!(matches!(
        Table::new(setup(vec![rules(), rules(), rules(), rules()])),
        Err(TableError::NoPerson)
    ));
    for (name, why) in [
        ("muzicando-cheating", "a cheat cannot sit"),
        (
            "muzicando-partner-sight",
            "a player that sees its partner's hand cannot sit",
        ),
    ] {
        let profile = Catalogue::built_in().get(name).expect("a profile");
        let seats = vec![
            SeatSpec::Person,
            SeatSpec::Engine(Box::new(profile)),
            rules(),
            rules(),
        ];
        assert!(Table::new(setup(seats)).is_err(), "{why}");
    }
}

/// Nothing lost: an engine that fails during a hand breaches that hand
/// only. Its program exits at once the first time it is started (a fault
/// in the first hand); started again for the next hand, it is tauler's own
/// UGI engine. The first hand ends scored as the rules score a fault, the
/// second is dealt and played to its summary, and the match adds up and
/// ends; the person is asked to play throughout.
#[test]
fn an_engine_fault_breaches_its_hand_only() {
    if !cfg!(unix) {
        eprintln!("SKIPPED: the failing engine is a shell script (Unix only)");
        return;
    }
    let marker = std::env::temp_dir().join(format!("tauler-fault-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let script = "if [ -e \"$0\" ]; then exec \"$1\" ugi muzicando --engine muzicando-rules; fi; \
                  touch \"$0\"; exit 1";
    let profile = format!(
        "game = \"muzicando\"\nsearcher = \"external\"\ndescription = \"fails once\"\n\
         command = [\"sh\", \"-c\", {script:?}, {marker:?}, {tauler:?}]\nprotocol = \"ugi\"\n\
         [limits]\nmovetime_ms = 20\n",
        marker = marker.display().to_string(),
        tauler = env!("CARGO_BIN_EXE_tauler"),
    );
    let faulty = tauler::engine::EngineProfile::parse("fails-once", &profile).expect("a profile");
    let mut table = Table::new(TableSetup {
        options: options("team"),
        seats: vec![
            SeatSpec::Person,
            SeatSpec::Engine(Box::new(faulty)),
            rules(),
            rules(),
        ],
        hands: 2,
        seed: 12,
    })
    .expect("a table");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let sent = play_out(&mut table, &mut rng);
    let _ = std::fs::remove_file(&marker);
    let events = &sent[0];
    let Some(TableEvent::MatchOver { hands, totals }) = events.last() else {
        panic!("the match ends with its summary");
    };
    assert_eq!(hands.len(), 2, "both hands were scored");
    for seat in 0..4 {
        assert_eq!(totals[seat], hands.iter().map(|h| h[seat]).sum::<i32>());
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::HandOver { hand: 1, .. })),
        "the second hand was played to its summary"
    );
    let dealt_second = events.iter().any(|e| {
        matches!(
            e,
            TableEvent::View {
                hand: 1,
                step: 0,
                ..
            }
        )
    });
    assert!(dealt_second, "the second hand was dealt");
}

/// An engine thinks with the table unlocked: while it thinks, on a budget
/// it would not spend in the test's lifetime, a person's read and write on
/// the same table are answered; only then, stopped, does the engine's
/// decision reach the seats. Asserted by the order of what happened: the
/// table is taken while the engine is out thinking, and the engine's
/// decision is published after the person's request was answered.
#[test]
fn an_engine_thinks_with_the_table_unlocked() {
    let options = options("team");
    let probe = Table::new(TableSetup {
        options,
        seats: vec![SeatSpec::Person; 4],
        hands: 1,
        seed: 21,
    })
    .expect("a table");
    let first = (0..4)
        .find(|&s| !probe.view(s).legal.is_empty())
        .expect("someone calls first");
    let engine = (first + 1) % 4;
    let mut slow = Catalogue::built_in()
        .get("muzicando-ismcts-plain")
        .expect("a built-in profile");
    slow.limits = LimitSpec {
        nodes: Some(1_000_000_000),
        ..LimitSpec::default()
    };
    let mut seats = vec![SeatSpec::Person; 4];
    seats[engine] = SeatSpec::Engine(Box::new(slow));
    let mut table = Table::new(TableSetup {
        options,
        seats,
        hands: 1,
        seed: 21,
    })
    .expect("a table");
    table.play(first, "pass").expect("a pass");
    let other = (engine + 1) % 4;
    let table: Mutex<Box<dyn AnyTable>> = Mutex::new(Box::new(table));
    let stop = table.lock().expect("the table").stop_handle();
    let log = Mutex::new(Vec::<&str>::new());
    std::thread::scope(|scope| {
        scope.spawn(|| {
            run_engines_unlocked(&table, |table| {
                let mut log = log.lock().expect("the log");
                if table.thinking().is_none() && !log.contains(&"decision published") {
                    log.push("decision published");
                }
            });
        });
        let hang_guard = Instant::now();
        let mut held = None;
        while held.is_none() {
            if hang_guard.elapsed() > Duration::from_secs(120) {
                stop.store(true, Ordering::Relaxed);
                panic!("the table stayed locked while its engine thought");
            }
            if let Ok(locked) = table.try_lock() {
                if locked.thinking() == Some(engine) {
                    held = Some(locked);
                    continue;
                }
            }
            std::thread::yield_now();
        }
        let mut locked = held.expect("the table, taken while the engine thinks");
        let view = locked.view_json(other);
        assert_eq!(view["to_move"], engine, "the engine is to move: {view}");
        assert!(matches!(
            locked.play(other, "pass"),
            Err(TableError::Session(SessionError::NotYourTurn))
        ));
        assert_eq!(locked.thinking(), Some(engine), "still thinking");
        log.lock().expect("the log").push("person answered");
        drop(locked);
        stop.store(true, Ordering::Relaxed);
    });
    assert_eq!(
        *log.lock().expect("the log"),
        ["person answered", "decision published"]
    );
    let table = table.lock().expect("the table");
    assert_ne!(
        table.view_json(other)["to_move"],
        engine,
        "the engine played"
    );
}
