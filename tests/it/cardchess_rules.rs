//! Scenario tests for the card chess rules spec (`rules/cardchess.md`): one
//! or more per numbered rule (1–8), per card kind, per temporary effect and
//! per option.

use std::sync::Arc;

use rand::SeedableRng;

use tauler::game::{apply_text_actions, Game, GameOptions, Notation, Turn};
use tauler::games::cardchess::chess::{Color, Piece};
use tauler::games::cardchess::{CardChess, CardChessOptions, Deck, Outcome, Phase};

fn options(pairs: &[&str]) -> CardChessOptions {
    CardChessOptions::from_pairs(pairs.iter().copied()).expect("options")
}

fn with_deck(deck: &str, pairs: &[&str]) -> CardChessOptions {
    let mut o = options(pairs);
    o.deck = Arc::new(Deck::parse(deck).expect("test deck"));
    o
}

fn state(text: &str, options: &CardChessOptions) -> CardChess {
    CardChess::parse_position(text, options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(s: &mut CardChess, actions: &[&str]) {
    if let Err((i, e)) = apply_text_actions(s, actions) {
        panic!(
            "action {} `{}`: {e} at {}",
            i + 1,
            actions[i],
            s.format_position()
        );
    }
}

fn actions(s: &CardChess) -> Vec<String> {
    let mut list = Vec::new();
    s.legal_actions(&mut list);
    list.into_iter().map(|a| s.format_action(a)).collect()
}

fn has(s: &CardChess, text: &str) -> bool {
    actions(s).iter().any(|a| a == text)
}

fn piece_on(s: &CardChess, square: &str) -> Option<(Color, Piece)> {
    let sq = tauler::games::cardchess::chess::bitboard::parse_square(square)?;
    Some((s.position().color_at(sq)?, s.position().piece_at(sq)?))
}

// ---- Chance and rule 1: the deck and its reshuffle ----

#[test]
fn card_probability_is_its_share_of_unseen_cards() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw"]);
    assert_eq!(s.turn(), Turn::Chance);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    let total: f64 = outcomes.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let pawn = outcomes
        .iter()
        .find(|(a, _)| s.format_action(*a) == "draw:move-p")
        .unwrap();
    assert!((pawn.1 - 2.0 / 53.0).abs() < 1e-12);
    let recover = outcomes
        .iter()
        .find(|(a, _)| s.format_action(*a) == "draw:recover")
        .unwrap();
    assert!((recover.1 - 4.0 / 53.0).abs() < 1e-12);

    let o = with_deck("2 swap\n1 veto\n1 lose-turn", &[]);
    let s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | pile=swap*2,veto discard=lose-turn",
        &o,
    );
    let mut s = s;
    play(&mut s, &["draw"]);
    s.chance_outcomes(&mut outcomes);
    let probs: Vec<(String, f64)> = outcomes
        .iter()
        .map(|&(a, p)| (s.format_action(a), p))
        .collect();
    assert_eq!(probs.len(), 2);
    assert!(probs
        .iter()
        .any(|(n, p)| n == "draw:swap" && (p - 2.0 / 3.0).abs() < 1e-12));
}

#[test]
fn inconsistent_card_state_is_refused() {
    let o = options(&[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for tail in [
        "white=1 seat=0",
        "phase=moving:PN:0:0",
        "phase=moving::1:0",
        "pile=no-such-card",
        "held0=veto*x",
    ] {
        assert!(
            CardChess::parse_position(&format!("{start} | {tail}"), &o).is_err(),
            "{tail}"
        );
    }
}

#[test]
fn held_cards_come_out_of_the_pile() {
    let o = options(&[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let s = state(&format!("{start} | held0=veto effect=harakiri@1"), &o);
    let text = s.format_position();
    assert!(text.contains("held0=veto "), "{text}");
    let pile = text
        .split(" pile=")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(
        pile.split(',').any(|c| c == "veto"),
        "one veto left: {pile}"
    );
    assert!(!pile.contains("harakiri"), "{pile}");
    let again = state(&text, &o);
    assert_eq!(again.format_position(), text, "round trip");
}

#[test]
fn a_card_state_with_more_copies_than_the_deck_is_refused_naming_the_card() {
    let o = options(&[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let full = CardChess::new(&o).format_position();
    let err = CardChess::parse_position(&full.replace("held0=-", "held0=veto"), &o)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("card `veto`: the deck has 2, the position accounts for 3"),
        "{err}"
    );
    let err =
        CardChess::parse_position(&format!("{start} | held0=veto held1=veto discard=veto"), &o)
            .unwrap_err()
            .to_string();
    assert!(
        err.contains("card `veto`: the deck has 2, the position accounts for 3"),
        "{err}"
    );
    let err = CardChess::parse_position(&format!("{start} | pile=swap discard=swap"), &o)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("card `move-p`: the deck has 2, the position accounts for 0"),
        "{err}"
    );
    for (tail, named) in [
        ("held0=veto*2", "card `veto` cannot be held twice"),
        ("held1=move-p", "card `move-p` cannot be held"),
        ("effect=swap@0", "card `swap` cannot be the active effect"),
        ("card=veto", "card `veto` cannot be carried out"),
    ] {
        let err = CardChess::parse_position(&format!("{start} | {tail}"), &o)
            .unwrap_err()
            .to_string();
        assert!(err.contains(named), "{tail}: {err}");
    }
}

#[test]
fn a_bare_fen_counts_missing_men_as_captured_and_says_so() {
    let o = options(&[]);
    let s = state("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &o);
    let text = s.format_position();
    assert!(text.contains("captured=NNBBRRQ/nnbbrrq"), "{text}");
    let mut s = state(
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 | captured=/",
        &o,
    );
    play(&mut s, &["draw", "draw:recover"]);
    assert_eq!(
        s.phase(),
        Phase::Free { exclude: None },
        "nothing to recover"
    );
    let mut s = state("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:recover"]);
    assert!(has(&s, "recover Q@d1"));
}

#[test]
fn a_deck_card_name_with_a_separator_is_refused_and_others_round_trip() {
    let dir = std::env::temp_dir();
    let bad = dir.join(format!("tauler-sep-{}.deck", std::process::id()));
    std::fs::write(&bad, "2 swap\n1 bomb my*zone d4-e5\n").unwrap();
    let mut o = CardChessOptions::default();
    let err = o
        .set("deck", bad.to_str().unwrap())
        .unwrap_err()
        .to_string();
    let _ = std::fs::remove_file(&bad);
    assert!(
        err.contains("deck line 2: card name `my*zone` may use only letters"),
        "{err}"
    );
    assert!(Deck::parse("1 bomb a,b d4-e5").is_err());

    let good = dir.join(format!("tauler-names-{}.deck", std::process::id()));
    std::fs::write(&good, "2 bomb my_zone-2 d4-e5\n1 veto\n1 move P\n").unwrap();
    let mut o = CardChessOptions::default();
    o.set("deck", good.to_str().unwrap()).unwrap();
    let _ = std::fs::remove_file(&good);
    let mut s = state("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:bomb-my_zone-2", "remove d5"]);
    let text = s.format_position();
    assert!(
        text.contains("pile=bomb-my_zone-2,veto,move-p discard=bomb-my_zone-2"),
        "{text}"
    );
    assert_eq!(state(&text, &o).format_position(), text);
}

#[test]
fn move_lists_cannot_overflow_on_crafted_positions() {
    let o = options(&[]);
    // 20 queens with super queen: refused when read, not a panic.
    let err = CardChess::parse_position(
        "3Q1Q1k/Q5Q1/Q6Q/Q2Q3Q/Q3Q2Q/Q6Q/7Q/QQQKQQQ1 w - - 0 1 | effect=super-queen@0",
        &o,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("White has 22 men on the board and captured"),
        "{err}"
    );
    // Captured men that a card could put back count too, and so does the
    // board a veto would restore.
    let err = CardChess::parse_position(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | captured=QQQQQQQQQQQQQQQQQ/",
        &options(&["free_setup"]),
    )
    .unwrap_err();
    assert!(err.to_string().contains("too many for card chess"), "{err}");
    // A whole army of queens (a free setup) is the most a list must hold;
    // the record plain chess position (218 moves) with super queens has more.
    let o = options(&["free_setup"]);
    let army = "QQQQQQQQ/QQQQQQQ1/8/8/8/8/8/k3K3 w - - 0 1 | effect=super-queen@0 captured=/";
    let mut s = state(army, &o);
    assert!(!actions(&s).is_empty());
    play(&mut s, &["draw", "draw:choose1-b+r+q"]);
    assert!(!actions(&s).is_empty());
    let record = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1 | effect=super-queen@0";
    assert_eq!(actions(&state(record, &o)).len(), 246 + 1, "moves and draw");
}

#[test]
fn positions_that_cannot_arise_are_refused_unless_free_setup() {
    let o = options(&[]);
    let free = options(&["free_setup"]);
    for (fen, named) in [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 0 kings"),
        (
            "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1 | captured=/",
            "White has 9 pawns",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQQQK3 w - - 0 1 | captured=/",
            "promoted",
        ),
        (
            "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1 | captured=PPPPPPPPNNBBRR/",
            "men",
        ),
        ("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", ""),
        ("4k3/8/8/8/8/8/8/4K2R b - - 0 1 | seat=1", ""),
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "Black, not to move, is in check",
        ),
    ] {
        let result = CardChess::parse_position(fen, &o);
        if named.is_empty() {
            assert!(result.is_ok(), "{fen}: {:?}", result.err());
            continue;
        }
        let err = result.unwrap_err().to_string();
        assert!(
            err.starts_with("impossible position") && err.contains(named),
            "{fen}: {err}"
        );
        assert!(err.contains("free_setup"), "{err}");
        let freely = CardChess::parse_position(fen, &free);
        if named == "men" {
            // More than 16 men never fit the move lists, free setup or not.
            let err = freely.unwrap_err().to_string();
            assert!(err.contains("too many for card chess"), "{err}");
        } else {
            assert!(freely.is_ok(), "{fen} with free_setup");
        }
    }
    // Kings may be captured: the side not to move may stand in check.
    let captures = options(&["king_capture"]);
    assert!(CardChess::parse_position("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", &captures).is_ok());
}

#[test]
fn a_given_deck_order_is_dealt_exactly() {
    let o = options(&[]);
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | order=swap,veto pile=swap*2,veto",
        &o,
    );
    play(&mut s, &["draw"]);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 1);
    assert_eq!(
        (s.format_action(outcomes[0].0).as_str(), outcomes[0].1),
        ("draw:swap", 1.0)
    );
    assert!(s.parse_action("draw:veto").is_err());
    let err = CardChess::parse_position(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | order=veto,veto pile=veto",
        &o,
    );
    assert!(err.is_err(), "the order must come from the pile");

    let mut a = CardChess::new(&o);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    a.fix_deck_order(&mut rng);
    let mut b = a.clone();
    for s in [&mut a, &mut b] {
        play(s, &["draw"]);
    }
    let (mut oa, mut ob) = (Vec::new(), Vec::new());
    a.chance_outcomes(&mut oa);
    b.chance_outcomes(&mut ob);
    assert_eq!(oa, ob);
    assert_eq!(oa.len(), 1);
}

#[test]
fn rule1_empty_deck_reshuffles_the_discard_pile() {
    let o = with_deck("3 swap\n1 lose-turn", &[]);
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | pile=- discard=swap*3,lose-turn",
        &o,
    );
    play(&mut s, &["draw"]);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    let probs: Vec<(String, f64)> = outcomes
        .iter()
        .map(|&(a, p)| (s.format_action(a), p))
        .collect();
    assert_eq!(
        probs,
        vec![
            ("draw:swap".to_string(), 0.75),
            ("draw:lose-turn".to_string(), 0.25)
        ]
    );
    play(&mut s, &["draw:lose-turn"]);
    assert!(s
        .format_position()
        .contains("pile=swap*3 discard=lose-turn"));
}

#[test]
fn drawing_with_an_empty_pile_and_discard_is_refused() {
    let o = with_deck("1 veto\n1 swap", &[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = CardChess::parse_position(
        &format!("{start} | phase=drawing pile=- discard=- held0=veto card=swap"),
        &o,
    )
    .unwrap_err();
    assert!(err.to_string().contains("no card to draw"), "{err}");
    // With the pile empty but cards discarded, the draw turns them over.
    let s = state(&format!("{start} | phase=drawing pile=- held0=veto"), &o);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 1);
    assert_eq!(s.format_action(outcomes[0].0), "draw:swap");
    // Nothing to draw at the start of a turn: no `draw` offered.
    let s = state(
        &format!("{start} | pile=- discard=- held0=veto card=swap phase=free"),
        &o,
    );
    assert!(!has(&s, "draw"));
}

#[test]
fn a_deck_file_with_a_typo_is_refused_naming_the_line() {
    let path = std::env::temp_dir().join(format!("tauler-typo-{}.deck", std::process::id()));
    std::fs::write(&path, "# my deck\n3 move P\n2 bomb centre d4-e9\n").unwrap();
    let mut o = CardChessOptions::default();
    let err = o
        .set("deck", path.to_str().unwrap())
        .unwrap_err()
        .to_string();
    let _ = std::fs::remove_file(&path);
    assert!(err.contains("deck line 3: bad zone `d4-e9`"), "{err}");
    let mut o = CardChessOptions::default();
    o.set("deck", "basic").unwrap();
    assert_eq!(o.deck.total(), 38);
}

// ---- Rule 2: draw or move; mandatory card ----

#[test]
fn rule2_draw_or_normal_move() {
    let s = CardChess::new(&options(&[]));
    let a = actions(&s);
    assert_eq!(a.len(), 21);
    assert!(a.contains(&"e4".to_string()) && a.contains(&"draw".to_string()));
    let s = CardChess::new(&options(&["mandatory_card=on"]));
    assert_eq!(actions(&s), vec!["draw"]);
}

#[test]
fn card_perft_counts_every_decision_and_card_as_a_ply() {
    let s = CardChess::new(&options(&[]));
    for depth in 0..=3 {
        assert_eq!(
            s.perft(depth),
            tauler::game::generic_perft(&s, depth),
            "depth {depth}"
        );
    }
    // 20 moves + draw; then 21 replies after each move, 46 distinct cards.
    assert_eq!(s.perft(2), 20 * 21 + 46);
}

#[test]
fn en_passant_answers_the_preceding_double_step() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["e4", "a6", "e5", "d5"]);
    assert!(has(&s, "exd6"));
}

#[test]
fn plain_chess_has_no_cards() {
    let s = CardChess::new(&options(&["cards=off"]));
    assert_eq!(actions(&s).len(), 20);
    assert_eq!(s.perft(4), 197_281);
}

// ---- Rule 3: action cards, partial fulfilment, fallback ----

#[test]
fn move_one_card_moves_only_that_piece_type() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:move-n"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["Na3", "Nc3", "Nf3", "Nh3"]);
    play(&mut s, &["Nf3"]);
    assert_eq!(s.seat(), 1);
    assert!(s.format_position().contains("discard=move-n"));
}

#[test]
fn rule3_impossible_movement_card_gives_a_free_move_or_loses_the_turn_in_first_edition() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:move-k"]);
    assert_eq!(s.phase(), Phase::Free { exclude: None });
    assert_eq!(actions(&s).len(), 20);
    let mut s = CardChess::new(&options(&["first_edition=on"]));
    play(&mut s, &["draw", "draw:move-k"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
}

#[test]
fn move_plus_card_must_move_every_type_if_any_order_allows() {
    // Knight a1 (only move b3), pawn b2, bishop c2. Pushing b3 first or
    // moving the knight first leaves one move; only b4 then Nb3 moves both.
    let o = with_deck("1 move P+N", &[]);
    let mut s = state("7k/8/8/8/8/8/1PB5/N6K w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    assert_eq!(actions(&s), vec!["b4"]);
    play(&mut s, &["b4"]);
    assert_eq!(actions(&s), vec!["Nb3"]);
    play(&mut s, &["Nb3"]);
    assert_eq!(s.seat(), 1);
}

#[test]
fn partial_fulfilment_moves_what_can_move() {
    // Move P+N with no knight: the pawn move is made and the turn ends.
    let o = with_deck("1 move P+N", &[]);
    let mut s = state("7k/8/8/8/8/8/4P3/7K w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["e3", "e4"]);
    play(&mut s, &["e4"]);
    assert_eq!(s.seat(), 1);
}

fn sorted_actions(s: &CardChess) -> Vec<String> {
    let mut a = actions(s);
    a.sort();
    a
}

#[test]
fn partial_fulfilment_is_not_narrowed_to_checking_moves() {
    // Move P+N with the knight pinned for good: only the pawns can move,
    // and every pawn move carries out the part that can be; the check c7+
    // ends the turn but does not count as carrying out the knight's part.
    let o = options(&[]);
    let mut s = state("3k4/8/2P5/8/1b6/8/3N3P/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    assert_eq!(sorted_actions(&s), vec!["c7+", "h3", "h4"]);
    play(&mut s, &["h4"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
}

#[test]
fn partial_fulfilment_of_a_choose_two_card_is_not_narrowed_to_checking_moves() {
    // Choose two of P, N, B: no bishop, the knight pinned, a second pawn
    // move not allowed: one pawn move is the whole card, checking or not.
    let o = options(&[]);
    let mut s = state("3k4/8/2P5/8/1b6/8/3N3P/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:choose2-p+n+b"]);
    assert_eq!(sorted_actions(&s), vec!["c7+", "h3", "h4"]);
}

#[test]
fn partial_fulfilment_of_a_move_three_card_is_not_narrowed_to_checking_moves() {
    // Move P+N+B: the knight pinned, the bishop boxed in by its own pawns.
    // A pawn move that frees the bishop (f-pawn, h-pawn) keeps two card
    // moves possible; g3 and g4 keep one and are refused; c7+ ends the turn.
    let o = options(&[]);
    let mut s = state("3k4/8/2P5/8/1b6/8/3N1PPP/4K1B1 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n+b"]);
    assert_eq!(sorted_actions(&s), vec!["c7+", "f3", "f4", "h3", "h4"]);
    play(&mut s, &["h3"]);
    assert_eq!(sorted_actions(&s), vec!["Bh2"]);
}

#[test]
fn partial_fulfilment_offers_every_promotion_not_only_the_checking_ones() {
    // Move P+N, the knight pinned: c8=Q+ and c8=R+ check along the eighth
    // rank, c8=B and c8=N do not; all four are the pawn's part of the card.
    let o = options(&[]);
    let mut s = state("7k/2P5/8/8/1b6/8/3N4/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    assert_eq!(sorted_actions(&s), vec!["c8=B", "c8=N", "c8=Q+", "c8=R+"]);
    play(&mut s, &["c8=N"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
}

#[test]
fn a_checking_move_still_ends_a_card_that_could_be_carried_out_in_full() {
    // Move P+N with a free knight: d7+ may be played first and ends the
    // turn (rule 6), and the knight-first order that moves both is offered.
    let o = options(&[]);
    let mut s = state("4k3/8/3P4/8/8/8/8/4K1N1 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    assert_eq!(sorted_actions(&s), vec!["Ne2", "Nf3", "Nh3", "d7+"]);
    play(&mut s, &["Nf3"]);
    assert_eq!(actions(&s), vec!["d7+"]);
}

#[test]
fn choose_cards_move_one_or_two_different_types() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:choose1-n+b+r"]);
    assert_eq!(actions(&s).len(), 4, "only knights can move");
    play(&mut s, &["Nc3"]);
    assert_eq!(s.seat(), 1);
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:choose2-p+n+b"]);
    play(&mut s, &["e4"]);
    assert!(
        actions(&s)
            .iter()
            .all(|a| !a.chars().next().unwrap().is_ascii_lowercase()),
        "no second pawn move"
    );
    play(&mut s, &["Bc4"]);
    assert_eq!(s.seat(), 1);
}

#[test]
fn rule6_check_ends_a_multi_move_turn() {
    let o = with_deck("1 move P+N", &[]);
    let mut s = state("4k3/8/3P4/8/8/8/8/4K1N1 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-p+n"]);
    assert!(has(&s, "d7+"));
    play(&mut s, &["d7+"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
    assert_eq!(piece_on(&s, "g1"), Some((Color::White, Piece::Knight)));
}

#[test]
fn rule5_king_never_left_in_check_mid_turn() {
    // The knight is pinned: the king must move first, then the knight.
    let o = with_deck("1 move N+K", &[]);
    let mut s = state("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-n+k"]);
    let first = actions(&s);
    assert!(!first.is_empty());
    assert!(first.iter().all(|a| a.starts_with('K')), "{first:?}");
    play(&mut s, &["Kd1"]);
    assert!(has(&s, "Nc3"));
}

#[test]
fn castling_only_on_a_king_card() {
    let o = with_deck("1 move R\n1 move K", &[]);
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let mut s = state(fen, &o);
    play(&mut s, &["draw", "draw:move-r"]);
    assert!(!actions(&s).iter().any(|a| a.starts_with("O-O")));
    let mut s = state(fen, &o);
    play(&mut s, &["draw", "draw:move-k"]);
    assert!(has(&s, "O-O") && has(&s, "O-O-O"));
}

#[test]
fn swap_card_relocates_to_an_empty_square_within_the_rules() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:swap"]);
    let a = actions(&s);
    assert!(a.contains(&"swap d8-d4".to_string()), "a rival piece");
    assert!(a.contains(&"swap e1-e4".to_string()), "the own king");
    assert!(
        !a.iter().any(|x| x.starts_with("swap e8-")),
        "never the rival king"
    );
    assert!(!a.contains(&"swap e2-d1".to_string()), "no capture");
    assert!(!a
        .iter()
        .any(|x| x.starts_with("swap e2-") && (x.ends_with('8') || x.ends_with('1'))));
    play(&mut s, &["swap d8-d3"]);
    assert_eq!(piece_on(&s, "d3"), Some((Color::Black, Piece::Queen)));
    assert_eq!(s.seat(), 1);
    // The own king may not be relocated into check.
    let mut s = state("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", &options(&[]));
    play(&mut s, &["draw", "draw:swap"]);
    assert!(!has(&s, "swap e8-a8") && has(&s, "swap e8-b8"));
}

#[test]
fn swap_may_not_leave_own_king_in_check() {
    let mut s = state("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", &options(&[]));
    play(&mut s, &["draw", "draw:swap"]);
    assert!(
        !has(&s, "swap e2-a4"),
        "the pinned bishop may not leave the file"
    );
    assert!(has(&s, "swap e1-a4"));
}

#[test]
fn lose_the_turn() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:lose-turn"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
}

// ---- Material cards ----

#[test]
fn remove_card_takes_a_rival_piece_of_the_type() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["draw", "draw:remove-n"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["remove b8", "remove g8"]);
    play(&mut s, &["remove g8"]);
    assert_eq!(piece_on(&s, "g8"), None);
    assert_eq!(s.captured(Color::Black)[Piece::Knight.index()], 1);
    assert_eq!(s.seat(), 1);
}

#[test]
fn bomb_variants() {
    let fen = "4k3/8/8/4n3/3b4/8/8/4K3 w - - 0 1";
    let deck = "1 bomb centre d4-e5";
    let mut s = state(fen, &with_deck(deck, &[]));
    play(&mut s, &["draw", "draw:bomb-centre"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["remove d4", "remove e5"]);

    let mut s = state(fen, &with_deck(deck, &["bomb=fierce"]));
    play(&mut s, &["draw", "draw:bomb-centre"]);
    assert_eq!(
        (piece_on(&s, "d4"), piece_on(&s, "e5"), s.seat()),
        (None, None, 1)
    );

    let cruel = "4k3/7p/8/8/3N4/8/7P/4K3 w - - 0 1";
    let mut s = state(cruel, &with_deck(deck, &["bomb=cruel"]));
    play(&mut s, &["draw", "draw:bomb-centre"]);
    assert_eq!(actions(&s), vec!["remove d4"], "cruel: an own piece");
    let mut s = state(cruel, &with_deck(deck, &[]));
    play(&mut s, &["draw", "draw:bomb-centre"]);
    assert_eq!(
        s.phase(),
        Phase::Free { exclude: None },
        "standard: free move"
    );

    let mad = "4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1";
    let mut s = state(mad, &with_deck(deck, &["bomb=mad"]));
    play(&mut s, &["draw", "draw:bomb-centre"]);
    assert_eq!((piece_on(&s, "d4"), piece_on(&s, "e5")), (None, None));
}

#[test]
fn bomb_for_black_is_mirrored() {
    let o = with_deck("1 bomb queen-side a5-c8", &[]);
    let mut s = state("4k3/8/8/8/8/8/8/NB2K3 b - - 0 1", &o);
    play(&mut s, &["draw", "draw:bomb-queen-side"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["remove a1", "remove b1"]);
}

#[test]
fn material_card_exposing_own_king_falls_back_to_a_free_move() {
    let o = with_deck("1 bomb centre d4-e5", &["bomb=mad"]);
    let mut s = state("3rk3/8/8/8/3R4/8/8/3K4 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:bomb-centre"]);
    assert_eq!(s.phase(), Phase::Free { exclude: None });
    assert_eq!(piece_on(&s, "d4"), Some((Color::White, Piece::Rook)));
    assert!(
        s.format_position().contains("card=bomb-centre"),
        "discarded at turn end"
    );
    play(&mut s, &["Rd5"]);
    assert!(s.format_position().contains("discard=bomb-centre"));
}

#[test]
fn recover_puts_back_a_captured_piece_pawns_on_ranks_2_to_7() {
    let o = options(&[]);
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/R1BQKBNR w KQkq - 0 1",
        &o,
    );
    play(&mut s, &["draw", "draw:recover"]);
    let a = actions(&s);
    assert!(a.contains(&"recover N@b1".to_string()));
    assert!(a.contains(&"recover P@a2".to_string()));
    assert!(a.contains(&"recover P@e5".to_string()));
    assert!(!a
        .iter()
        .any(|x| x.starts_with("recover P@") && (x.ends_with('1') || x.ends_with('8'))));
    assert!(!a.iter().any(|x| x.starts_with("recover Q")));
    play(&mut s, &["recover N@c3"]);
    assert_eq!(piece_on(&s, "c3"), Some((Color::White, Piece::Knight)));
    assert_eq!(s.seat(), 1);
    // Nothing captured: free move.
    let mut s = CardChess::new(&o);
    play(&mut s, &["draw", "draw:recover"]);
    assert_eq!(s.phase(), Phase::Free { exclude: None });
}

// ---- Rule 4: special cards ----

#[test]
fn veto_undoes_the_rivals_normal_move() {
    let o = options(&[]);
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | held1=veto",
        &o,
    );
    play(&mut s, &["e4"]);
    assert!(has(&s, "veto"));
    play(&mut s, &["veto"]);
    assert_eq!(s.seat(), 0);
    assert_eq!(
        s.position().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(!has(&s, "e4"), "a different move");
    assert!(!has(&s, "draw"));
    assert_eq!(actions(&s).len(), 19);
    play(&mut s, &["d4"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
    assert!(s.format_position().contains("held1=-"));
    assert!(s.format_position().contains("discard=veto"));
}

#[test]
fn veto_refused_for_an_only_move_or_a_card_turn() {
    let o = options(&[]);
    let mut s = state("k7/7p/8/8/8/8/1r6/K7 w - - 0 1 | held1=veto", &o);
    assert_eq!(actions(&s), vec!["Kxb2", "draw"]);
    play(&mut s, &["Kxb2"]);
    assert!(!has(&s, "veto"), "the only legal move");
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | held1=veto",
        &o,
    );
    play(&mut s, &["draw", "draw:move-p", "e4"]);
    assert!(!has(&s, "veto"), "a move dictated by a card");
}

#[test]
fn veto_answers_a_check_and_a_second_veto_goes_to_the_rival() {
    let o = options(&[]);
    let mut s = state("4k3/7p/8/8/8/8/8/R3K3 w - - 0 1 | held1=veto", &o);
    play(&mut s, &["Ra8+"]);
    let a = actions(&s);
    assert!(a.contains(&"veto".to_string()) && !a.contains(&"draw".to_string()));
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | held0=veto",
        &o,
    );
    play(&mut s, &["draw", "draw:veto"]);
    let text = s.format_position();
    assert!(text.contains("held0=veto held1=veto"), "{text}");
    assert_eq!(s.phase(), Phase::Free { exclude: None });
}

#[test]
fn objective_claimed_on_the_completing_move() {
    let o = options(&[]);
    let mut s = state(
        "4k3/7p/8/8/8/8/8/4K2R w K - 0 1 | held0=objective-castle",
        &o,
    );
    play(&mut s, &["O-O"]);
    let a = actions(&s);
    assert!(
        !a.is_empty() && a.iter().all(|x| x.starts_with("recover P@")),
        "{a:?}"
    );
    play(&mut s, &["recover P@e4"]);
    assert_eq!(piece_on(&s, "e4"), Some((Color::White, Piece::Pawn)));
    assert_eq!(s.seat(), 1);
    let text = s.format_position();
    assert!(
        text.contains("discard=objective-castle") && text.contains("held0=-"),
        "{text}"
    );
}

#[test]
fn a_prize_placement_keeps_the_en_passant_right_of_the_move() {
    let o = options(&[]);
    let mut s = state(
        "8/8/8/4k3/2p5/8/3P4/4K3 w - - 0 1 | held0=objective-check",
        &o,
    );
    play(&mut s, &["d4+", "recover B@h1"]);
    assert_eq!(s.seat(), 1);
    assert!(has(&s, "cxd3"), "{:?} {}", actions(&s), s.format_position());
}

#[test]
fn a_prize_placed_on_the_en_passant_square_ends_the_right() {
    let o = options(&[]);
    let mut s = state(
        "8/8/8/4k3/2p5/8/3P4/4K3 w - - 0 1 | held0=objective-check",
        &o,
    );
    play(&mut s, &["d4+", "recover B@d3"]);
    assert_eq!(s.position().ep(), None);
    assert!(!has(&s, "cxd3"));
}

#[test]
fn objective_without_a_captured_prize_is_discarded() {
    let o = options(&[]);
    let mut s = state(
        "4k3/p7/8/8/8/8/8/2B1KB1R w - - 0 1 | held0=objective-check",
        &o,
    );
    play(&mut s, &["Rh8+"]);
    assert_eq!(s.seat(), 1);
    assert!(s.format_position().contains("discard=objective-check"));
}

#[test]
fn rule4_special_cards_are_kept_then_a_normal_move_and_objectives_accumulate() {
    let o = options(&[]);
    let mut s = CardChess::new(&o);
    play(
        &mut s,
        &[
            "draw",
            "draw:objective-check",
            "e4",
            "e5",
            "draw",
            "draw:objective-castle",
            "d4",
        ],
    );
    assert!(s
        .format_position()
        .contains("held0=objective-castle,objective-check"));
}

#[test]
fn temporary_super_queen_and_its_replacement() {
    let o = options(&[]);
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert!(!has(&state(fen, &o), "Qc3"));
    assert!(has(
        &state(&format!("{fen} | effect=super-queen@0"), &o),
        "Qc3"
    ));
    assert!(!has(
        &state(&format!("{fen} | effect=super-queen@1"), &o),
        "Qc3"
    ));
    let mut s = state(&format!("{fen} | effect=super-queen@0"), &o);
    play(&mut s, &["draw", "draw:super-rooks"]);
    assert!(!has(&s, "Qc3"), "replaced");
    let text = s.format_position();
    assert!(
        text.contains("effect=super-rooks@0") && text.contains("discard=super-queen"),
        "{text}"
    );
}

#[test]
fn temporary_super_rooks_and_bishops() {
    let o = options(&[]);
    let s = state(
        "4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1 | effect=super-rooks@0",
        &o,
    );
    assert!(has(&s, "Rb3") && !has(&s, "Bb3") && has(&s, "Bb2"));
    let s = state(
        "4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1 | effect=super-bishops@0",
        &o,
    );
    assert!(has(&s, "Bd3") && !has(&s, "Rb3"));
}

#[test]
fn temporary_super_knights_allow_a_second_knight_move() {
    let o = options(&[]);
    let mut s = state(
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 | effect=super-knights@0",
        &o,
    );
    play(&mut s, &["Nf3"]);
    assert_eq!(s.phase(), Phase::SecondKnight);
    assert!(has(&s, "stop") && has(&s, "Ng5") && has(&s, "Nc3"));
    assert!(!has(&s, "Kd2"));
    play(&mut s, &["Ng5"]);
    assert_eq!(s.seat(), 1);
}

#[test]
fn temporary_untouchable_pawns() {
    let o = options(&[]);
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let plain = state(fen, &o);
    assert!(has(&plain, "exd6"));
    let s = state(&format!("{fen} | effect=untouchable-pawns@1"), &o);
    assert!(!has(&s, "exd6"), "en passant included");
    let s = state(
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 | effect=untouchable-pawns@1",
        &o,
    );
    assert!(!has(&s, "exd5") && has(&s, "e5"));
}

#[test]
fn temporary_lead_king_loses_when_only_the_king_could_answer() {
    let o = options(&[]);
    let fen = "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1";
    let mut s = state(&format!("{fen} | effect=lead-king@1"), &o);
    play(&mut s, &["Ra8+"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(0)));
    let mut s = state(fen, &o);
    play(&mut s, &["Ra8+"]);
    assert_eq!(s.phase(), Phase::Start);
}

#[test]
fn temporary_no_retreat() {
    let o = options(&[]);
    let s = state("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 | effect=no-retreat@0", &o);
    assert!(has(&s, "Rd7") && has(&s, "Ra4") && !has(&s, "Rd1") && !has(&s, "Rd3"));
    assert!(has(&s, "Kd1"), "sideways is allowed");
}

#[test]
fn harakiri_swaps_colours_and_swaps_back() {
    let o = options(&[]);
    let mut s = CardChess::new(&o);
    play(&mut s, &["e4", "draw", "draw:harakiri"]);
    assert_eq!(s.colour_of(1), Color::White, "the drawer takes White");
    assert_eq!(
        s.position().side(),
        Color::White,
        "White moves twice in a row"
    );
    play(&mut s, &["d4"]);
    assert_eq!((s.seat(), s.position().side()), (0, Color::Black));
    play(&mut s, &["e5", "draw", "draw:super-queen"]);
    assert_eq!(s.colour_of(1), Color::Black, "swapped back");
    assert_eq!(s.position().side(), Color::Black);
}

#[test]
fn harakiri_mate_with_borrowed_pieces_wins_for_the_mater() {
    // Seat 0 plays Black's pieces and mates White.
    let o = options(&[]);
    let mut s = state(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 | seat=0 white=1 effect=harakiri@0",
        &o,
    );
    play(&mut s, &["Qh4#"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(0)));
}

#[test]
fn wildcard_steals_a_special_card() {
    let o = options(&[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut s = state(&format!("{start} | held1=veto,objective-check"), &o);
    play(&mut s, &["draw", "draw:wildcard"]);
    let mut a = actions(&s);
    a.sort();
    assert_eq!(a, vec!["steal objective-check", "steal veto"]);
    play(&mut s, &["steal veto", "e4"]);
    let text = s.format_position();
    assert!(
        text.contains("held0=veto held1=objective-check") && text.contains("discard=wildcard"),
        "{text}"
    );

    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | white=1 seat=0 effect=harakiri@1",
        &o,
    );
    let before = s.colour_of(0);
    play(&mut s, &["draw", "draw:wildcard", "steal harakiri"]);
    assert_eq!(s.effect().map(|(_, holder)| holder), Some(0));
    assert_eq!(s.colour_of(0), before, "colours stay as they are");

    let mut s = CardChess::new(&o);
    play(&mut s, &["draw", "draw:wildcard"]);
    assert_eq!(s.phase(), Phase::Free { exclude: None }, "nothing to steal");
}

// ---- Rule 7: no drawing in check ----

#[test]
fn rule7_no_draw_in_check_unless_mandatory() {
    let fen = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1";
    let s = state(fen, &options(&[]));
    assert!(!has(&s, "draw") && has(&s, "Kxe2"));
    let s = state(fen, &options(&["mandatory_card=on"]));
    assert_eq!(actions(&s), vec!["draw"]);
}

#[test]
fn king_capture_option_allows_leaving_the_king_attacked_and_capturing_it() {
    let o = options(&["mandatory_card=on", "king_capture=on"]);
    let mut s = state("R3k3/8/8/8/8/8/8/4K3 b - - 0 1 | pile=lose-turn,move-r", &o);
    assert_eq!(actions(&s), vec!["draw"], "a card even in check");
    play(&mut s, &["draw", "draw:lose-turn"]);
    assert_eq!(s.seat(), 0, "the turn is lost with the king attacked");
    play(&mut s, &["draw", "draw:move-r", "Rxe8"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(0)));
    let text = s.format_position();
    let discard = text.split(" discard=").nth(1).unwrap();
    let discard = discard.split(' ').next().unwrap();
    assert!(
        discard.split(',').any(|c| c == "move-r"),
        "the card that took the king goes to the discard pile: {text}"
    );
    // Without king capture, a lost turn in check becomes a free move.
    let o = options(&["mandatory_card=on"]);
    let mut s = state("R3k3/8/8/8/8/8/8/4K3 b - - 0 1 | pile=lose-turn", &o);
    play(&mut s, &["draw", "draw:lose-turn"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Free { exclude: None }));
}

// ---- Rule 8: end of the game ----

#[test]
fn rule8_checkmate_ends_the_game_at_once() {
    let mut s = CardChess::new(&options(&[]));
    play(&mut s, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(1)));
    assert_eq!(s.returns().unwrap().as_slice(), &[0.0, 1.0]);
}

#[test]
fn rule8_stalemate_is_a_draw_judged_at_the_end_of_the_turn() {
    let mut s = state("k7/8/8/1Q6/8/8/8/7K w - - 0 1", &options(&[]));
    play(&mut s, &["Qb6"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Draw));
    // Mid-turn: the rook move stalemates, the king move of the same card
    // blocks the rook and frees g8; only the end of the turn counts.
    let o = with_deck("1 move R+K", &[]);
    let mut s = state("7k/7p/7P/8/8/5K2/8/5R2 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:move-r+k", "Rg1"]);
    assert_eq!(s.seat(), 0, "the turn goes on although Black is stalemated");
    play(&mut s, &["Kg3"]);
    assert_eq!((s.seat(), s.phase()), (1, Phase::Start));
    assert!(has(&s, "Kg8"));
}

#[test]
fn rule8_dead_position_repetition_and_fifty_moves() {
    let o = options(&[]);
    let mut s = state("4k3/8/8/8/8/8/4n3/4K1N1 w - - 0 1", &o);
    play(&mut s, &["Kxe2"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Draw), "K+N v K");

    let mut s = CardChess::new(&o);
    play(&mut s, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    assert_eq!(s.phase(), Phase::Start);
    play(&mut s, &["Ng8"]);
    assert_eq!(
        s.phase(),
        Phase::Over(Outcome::Draw),
        "threefold repetition"
    );

    let mut s = state("4k3/7p/8/8/8/8/8/R3K3 w - - 99 80", &o);
    play(&mut s, &["Ra2"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Draw), "50 moves");
}

#[test]
fn card_removing_material_resets_the_fifty_move_count() {
    let o = options(&[]);
    let mut s = state(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 40 30",
        &o,
    );
    play(&mut s, &["draw", "draw:remove-p", "remove a7"]);
    assert_eq!(s.position().halfmove(), 0);
}

#[test]
fn position_text_round_trips_with_card_state() {
    let o = options(&[]);
    let mut s = CardChess::new(&o);
    play(
        &mut s,
        &[
            "e4",
            "draw",
            "draw:objective-check",
            "e5",
            "draw",
            "draw:harakiri",
        ],
    );
    let text = s.format_position();
    let back = CardChess::parse_position(&text, &o).unwrap();
    assert_eq!(back.format_position(), text);
    assert_eq!(back.hash(), s.hash());
}

#[test]
fn a_game_record_replays_exactly() {
    use rand::Rng;
    let o = options(&[]);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(42);
    for _ in 0..5 {
        let mut s = CardChess::new(&o);
        let mut record = Vec::new();
        while s.turn() != Turn::Terminal && record.len() < 600 {
            let action = if s.turn() == Turn::Chance {
                let mut outcomes = Vec::new();
                s.chance_outcomes(&mut outcomes);
                outcomes[rng.gen_range(0..outcomes.len())].0
            } else {
                let mut list = Vec::new();
                s.legal_actions(&mut list);
                list[rng.gen_range(0..list.len())]
            };
            record.push(s.format_action(action));
            s.apply(action);
        }
        let mut replay = CardChess::new(&o);
        let texts: Vec<&str> = record.iter().map(String::as_str).collect();
        play(&mut replay, &texts);
        assert_eq!(replay.format_position(), s.format_position());
        assert_eq!(replay.hash(), s.hash());
    }
}

// ---- Super pieces attack as knights, in every attack test ----

/// The sorted actions of the state `text` under the default options.
fn actions_at(text: &str) -> Vec<String> {
    let mut a = actions(&state(text, &options(&[])));
    a.sort();
    a
}

#[test]
fn every_super_piece_checks_by_its_knight_jump() {
    for (text, expected) in [
        // The reproducer: the rook on d3 checks e1 by its knight jump, so
        // only the king moves off every attacked square remain (no
        // castling, no draw, no Rh8+).
        (
            "4k3/p7/8/8/8/3r4/P7/4K2R w K - 0 1 | effect=super-rooks@1",
            &["Ke2", "Kf1"][..],
        ),
        // Black, checked by a White super rook on d6.
        (
            "4k2r/p7/3R4/8/8/8/P7/4K3 b k - 0 1 | effect=super-rooks@0",
            &["Ke7", "Kf8"],
        ),
        // A super bishop on d3: not e2 or f1 (diagonal), nor f2 (jump).
        (
            "4k3/p7/8/8/8/3b4/8/4K3 w - - 0 1 | effect=super-bishops@1",
            &["Kd1", "Kd2"],
        ),
        // A White super bishop checks the Black king on e8 from d6.
        (
            "4k3/8/3B4/8/8/8/P7/4K3 b - - 0 1 | effect=super-bishops@0",
            &["Kd7", "Kd8"],
        ),
        // A super queen on d3 covers every flight: White is mated.
        (
            "4k3/8/8/8/8/3q4/8/4K3 w - - 0 1 | effect=super-queen@1",
            &[],
        ),
    ] {
        assert_eq!(actions_at(text), expected, "{text}");
    }
    let o = options(&[]);
    let s = state("4k3/8/8/8/8/3q4/8/4K3 w - - 0 1 | effect=super-queen@1", &o);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(1)));
    // Without the effect, or with the effect on the other side, the same
    // positions are no check.
    let plain = actions_at("4k3/p7/8/8/8/3r4/P7/4K2R w K - 0 1");
    assert!(plain.contains(&"O-O".to_string()) && plain.contains(&"draw".to_string()));
    let theirs = actions_at("4k3/8/8/8/8/3q4/8/4K3 w - - 0 1 | effect=super-queen@0");
    assert!(theirs.contains(&"Kf2".to_string()) && theirs.contains(&"draw".to_string()));
}

#[test]
fn a_king_may_not_step_onto_a_square_a_super_piece_jumps_to() {
    let o = options(&[]);
    let fen = "4k3/8/8/8/8/6r1/8/4K3 w - - 0 1";
    let plain = state(fen, &o);
    assert!(has(&plain, "Ke2") && has(&plain, "Kf1"));
    let s = state(&format!("{fen} | effect=super-rooks@1"), &o);
    assert!(!has(&s, "Ke2") && !has(&s, "Kf1") && has(&s, "Kd2") && has(&s, "Kf2"));
    // A king-moving card offers the same squares only.
    let mut s = state(&format!("{fen} | effect=super-rooks@1"), &o);
    play(&mut s, &["draw", "draw:move-k"]);
    assert!(!has(&s, "Ke2") && !has(&s, "Kf1") && has(&s, "Kd2"));
}

#[test]
fn castling_through_or_onto_a_square_a_super_piece_attacks_is_refused() {
    let o = options(&[]);
    // A super rook on g3 jumps to f1, a super rook on b2 to d1: the
    // castlings pass an attacked square.
    let fen = "4k3/8/8/8/8/6r1/6P1/4K2R w K - 0 1";
    assert!(has(&state(fen, &o), "O-O"));
    let s = state(&format!("{fen} | effect=super-rooks@1"), &o);
    assert!(!has(&s, "O-O") && has(&s, "Kd2"));
    let fen = "4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1";
    assert!(has(&state(fen, &o), "O-O-O"));
    assert!(!has(
        &state(&format!("{fen} | effect=super-rooks@1"), &o),
        "O-O-O"
    ));
    // A super rook on h3 jumps to g1, the king's destination.
    let fen = "4k3/8/8/8/8/7r/8/4K2R w K - 0 1";
    assert!(has(&state(fen, &o), "O-O"));
    assert!(!has(
        &state(&format!("{fen} | effect=super-rooks@1"), &o),
        "O-O"
    ));
    // Black: a White super rook on h6 jumps to g8.
    let fen = "4k2r/8/7R/8/8/8/8/4K3 b k - 0 1";
    assert!(has(&state(fen, &o), "O-O"));
    assert!(!has(
        &state(&format!("{fen} | effect=super-rooks@0"), &o),
        "O-O"
    ));
}

/// Plays each case's move and checks that it wins the game at once for
/// the seat given, leaving nothing to do.
fn assert_mates(cases: &[(&str, &str, usize)]) {
    for &(text, mv, winner) in cases {
        let mut s = state(text, &options(&[]));
        play(&mut s, &[mv]);
        assert_eq!(s.phase(), Phase::Over(Outcome::Win(winner)), "{text}");
        assert!(
            actions(&s).is_empty(),
            "nothing left to do after {mv} in {text}"
        );
    }
}

#[test]
fn a_knight_jump_of_a_super_piece_mates() {
    let o = options(&[]);
    assert_mates(&[
        (
            "6rk/6pp/8/8/8/8/8/5RK1 w - - 0 1 | effect=super-rooks@0",
            "Rf7#",
            0,
        ),
        (
            "6rk/6pp/8/8/2B5/8/8/6K1 w - - 0 1 | effect=super-bishops@0",
            "Bf7#",
            0,
        ),
        (
            "6rk/6pp/8/8/8/8/8/5QK1 w - - 0 1 | effect=super-queen@0",
            "Qf7#",
            0,
        ),
        (
            "5rk1/8/8/8/8/8/6PP/6RK b - - 0 1 | effect=super-rooks@1",
            "Rf2#",
            1,
        ),
    ]);
    // Without the effect the same move is no check at all.
    let mut s = state("6rk/6pp/8/8/8/8/8/5RK1 w - - 0 1", &o);
    play(&mut s, &["Rf7"]);
    assert_eq!(s.phase(), Phase::Start);
    // An effect drawn this turn counts from its normal move: Black draws
    // super rooks and checks with the jump at once.
    let mut s = state("3rk3/8/8/8/8/8/8/4K3 b - - 0 1", &o);
    play(&mut s, &["draw", "draw:super-rooks", "Rd3+"]);
    assert_eq!(s.seat(), 0);
    assert!(!has(&s, "draw") && !has(&s, "Kf2"));
}

#[test]
fn card_actions_may_not_leave_the_king_where_a_super_piece_jumps() {
    let o = options(&[]);
    let fen = "4k3/8/8/8/8/6r1/8/4K3 w - - 0 1 | effect=super-rooks@1";
    // Swap: the own king may not be put where the super rook on g3 jumps,
    // nor the super rook moved to where it would jump onto the own king.
    let mut s = state(fen, &o);
    play(&mut s, &["draw", "draw:swap"]);
    assert!(!has(&s, "swap e1-e2") && !has(&s, "swap e1-h1") && has(&s, "swap e1-d1"));
    assert!(!has(&s, "swap g3-d3") && has(&s, "swap g3-a3"));
    // Without the effect both are allowed.
    let mut s = state("4k3/8/8/8/8/6r1/8/4K3 w - - 0 1", &o);
    play(&mut s, &["draw", "draw:swap"]);
    assert!(has(&s, "swap e1-e2") && has(&s, "swap g3-d3"));
    // A card's king move avoids the jump squares too.
    let mut s = state(fen, &o);
    play(&mut s, &["draw", "draw:choose1-p+r+k"]);
    assert!(!has(&s, "Ke2") && !has(&s, "Kf1") && has(&s, "Kd1"));
}

// ---- Rule 8: mate ends the game at once, before any prize ----

#[test]
fn a_mate_that_meets_an_objective_ends_the_game_before_the_prize() {
    assert_mates(&[
        // The reproducer: the prize bishop could block the mating rook.
        (
            "6k1/5ppp/8/8/8/8/1P6/R3K3 w Q - 0 1 | held0=objective-check captured=B/",
            "Ra8#",
            0,
        ),
        // Black, the same objective.
        (
            "r3k3/1p6/8/8/8/8/5PPP/6K1 b q - 0 1 | held1=objective-check captured=/b",
            "Ra1#",
            1,
        ),
        // Castling mates (prize: a pawn).
        (
            "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1 | held0=objective-castle captured=P/",
            "O-O#",
            0,
        ),
        // A pawn capture discovers mate (prize: a knight).
        (
            "kr6/1p6/8/8/8/1n6/P7/R3K3 w - - 0 1 | held0=objective-pawn-capture captured=N/",
            "axb3#",
            0,
        ),
        // Capturing a rook mates (prize: a rook).
        (
            "r5k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1 | held0=objective-capture-major captured=R/",
            "Rxa8#",
            0,
        ),
    ]);
}

#[test]
fn a_mate_by_a_card_action_with_a_prize_pending_ends_the_game() {
    let o = options(&[]);
    // A movement card's rook move mates and meets the check objective.
    let mut s = state(
        "6k1/5ppp/8/8/8/8/1P6/R3K3 w Q - 0 1 | held0=objective-check captured=B/",
        &o,
    );
    play(&mut s, &["draw", "draw:move-r", "Ra8#"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(0)));
    // Two prizes are owed (a check that captures a rook); placing the
    // first one mates, so the second is never placed.
    let mut s = state(
        "1r4k1/5pp1/8/8/8/8/8/1R2K3 w - - 0 1 | held0=objective-check,objective-capture-major captured=BR/",
        &o,
    );
    play(&mut s, &["Rxb8+"]);
    assert!(has(&s, "recover R@h1") && has(&s, "recover B@c1"));
    play(&mut s, &["recover R@h1"]);
    assert_eq!(s.phase(), Phase::Over(Outcome::Win(0)));
    // A check that is no mate still gets its prize.
    let mut s = state(
        "1r4k1/5pp1/8/8/8/8/8/1R2K3 w - - 0 1 | held0=objective-check,objective-capture-major captured=BR/",
        &o,
    );
    play(&mut s, &["Rxb8+", "recover R@a2"]);
    assert!(has(&s, "recover B@c1"), "{:?}", actions(&s));
}

// ---- Rule 8: a dead position is judged under the effect in force ----

fn phase_after(fen: &str, moves: &[&str]) -> Phase {
    let mut s = state(fen, &options(&[]));
    play(&mut s, moves);
    s.phase()
}

#[test]
fn a_super_bishop_keeps_a_lone_minor_alive() {
    // The reproducer: a bishop that also jumps as a knight can mate.
    let fen = "7k/8/8/6K1/8/8/6n1/5B2 w - - 0 1";
    assert_eq!(phase_after(fen, &["Bxg2"]), Phase::Over(Outcome::Draw));
    assert_eq!(
        phase_after(&format!("{fen} | effect=super-bishops@0"), &["Bxg2"]),
        Phase::Start
    );
    // The effect helps its holder only: Black's super bishops give White's
    // lone bishop nothing.
    assert_eq!(
        phase_after(&format!("{fen} | effect=super-bishops@1"), &["Bxg2"]),
        Phase::Over(Outcome::Draw)
    );
    // Black's bishop, Black's effect.
    let fen = "5b2/6N1/8/8/6k1/8/8/7K b - - 0 1";
    assert_eq!(phase_after(fen, &["Bxg7"]), Phase::Over(Outcome::Draw));
    assert_eq!(
        phase_after(&format!("{fen} | effect=super-bishops@1"), &["Bxg7"]),
        Phase::Start
    );
    // Bishops all on dark squares are alive while either holds super
    // bishops (a jump changes the square colour).
    let fen = "7k/8/1b6/6n1/8/8/8/K1B5 w - - 0 1";
    assert_eq!(phase_after(fen, &["Bxg5"]), Phase::Over(Outcome::Draw));
    assert_eq!(
        phase_after(&format!("{fen} | effect=super-bishops@1"), &["Bxg5"]),
        Phase::Start
    );
}

#[test]
fn the_effects_the_rules_name_keep_a_position_alive_and_others_do_not() {
    let o = options(&[]);
    let judged = |tail: &str| state(&format!("7k/8/8/8/8/8/8/K4N2 w - - 0 1{tail}"), &o).phase();
    let dead = Phase::Over(Outcome::Draw);
    assert_eq!(judged(""), dead, "K+N v K");
    assert_eq!(judged(" | effect=super-knights@0"), Phase::Start);
    assert_eq!(judged(" | effect=super-knights@1"), dead);
    // Lead king and no retreat bind the holder's king: a rival knight's
    // check can mate it.
    assert_eq!(judged(" | effect=lead-king@1"), Phase::Start);
    assert_eq!(judged(" | effect=lead-king@0"), dead);
    assert_eq!(judged(" | effect=no-retreat@1"), Phase::Start);
    assert_eq!(judged(" | effect=no-retreat@0"), dead);
    for effect in [
        "super-queen",
        "super-rooks",
        "untouchable-pawns",
        "harakiri",
    ] {
        for holder in 0..2 {
            assert_eq!(
                judged(&format!(" | effect={effect}@{holder}")),
                dead,
                "{effect}@{holder}"
            );
        }
    }
    // Super knights after a knight capture: alive once the turn ends.
    assert_eq!(
        phase_after(
            "7k/8/8/6K1/8/4N3/6b1/8 w - - 0 1 | effect=super-knights@0",
            &["Nxg2", "stop"]
        ),
        Phase::Start
    );
}
