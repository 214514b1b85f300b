//! The four layouts' legality (§4) and where symbols may be laid (§2.4).

use super::card;
use tauler::games::muzicando::cards::{cards_of, Card, ALL_CARDS};
use tauler::games::muzicando::layouts::{Cell, GameType, Layout};
use tauler::games::muzicando::GlissandoRows;

fn at(x: i8, y: i8) -> Cell {
    Cell::new(x, y)
}

/// Lays cards (name, cell) on a table, each checked legal first.
fn lay(table: &mut Layout, cards: &[(&str, Cell)]) {
    for &(name, cell) in cards {
        let c = card(name);
        assert!(table.is_legal(c, cell), "{name}@{cell} should be legal");
        table.place(c, cell);
    }
}

/// Lays cards on the cells their layout implies, each checked legal first.
fn lay_implied(table: &mut Layout, names: &[&str]) {
    for &name in names {
        let cell = implied(table, name);
        lay(table, &[(name, cell)]);
    }
}

fn implied(table: &Layout, name: &str) -> Cell {
    table.implied_cell(card(name)).unwrap()
}

fn legal_here(table: &Layout, name: &str) -> bool {
    let c = card(name);
    table.is_legal(c, implied(table, name))
}

/// Every placement a hand of every card could make, as `name@cell`.
fn all_placements(table: &Layout) -> Vec<String> {
    let mut out = Vec::new();
    table.note_moves(ALL_CARDS & !table.cards(), &mut |c: Card, cell: Cell| {
        out.push(format!("{c}@{cell}"));
    });
    out
}

#[test]
fn muzicando_piles_start_with_a_do_and_climb_one_note_in_colour() {
    let mut table = Layout::new(GameType::Muzicando, GlissandoRows::Initial);
    let playable: Vec<String> = cards_of(table.playable_notes())
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        playable,
        ["R-Do", "O-Do", "Y-Do", "G-Do", "B-Do", "P-Do", "V-Do"]
    );
    assert!(!legal_here(&table, "R-Re"), "no pile to climb");
    lay_implied(&mut table, &["R-Do"]);
    assert!(legal_here(&table, "R-Re"));
    assert!(!legal_here(&table, "R-Mi"), "one note at a time");
    assert!(!legal_here(&table, "O-Re"), "colour matters");
    assert!(
        legal_here(&table, "O-Do"),
        "another colour opens at any time"
    );
    for name in ["R-Re", "R-Mi", "R-Fa", "R-Sol", "R-La", "R-Si"] {
        lay_implied(&mut table, &[name]);
    }
    assert_eq!(table.playable_notes() & 0xff, 0, "the red pile is complete");
}

#[test]
fn parada_columns_start_with_the_circled_note_and_grow_up_or_down_without_wrap() {
    let mut table = Layout::new(GameType::Parada, GlissandoRows::Initial);
    let playable: Vec<String> = cards_of(table.playable_notes())
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        playable,
        ["R-Do", "O-Re", "Y-Mi", "G-Fa", "B-Sol", "P-La", "V-Si"]
    );
    lay_implied(&mut table, &["O-Re"]);
    assert!(
        legal_here(&table, "O-Do") && legal_here(&table, "O-Mi"),
        "one up or one down"
    );
    assert!(!legal_here(&table, "O-Fa"), "two steps up");
    assert!(
        !legal_here(&table, "R-Mi") && !legal_here(&table, "Y-Re"),
        "same colour only"
    );
    assert!(
        legal_here(&table, "V-Si"),
        "any circled note starts its column at any time"
    );
    lay_implied(&mut table, &["R-Do", "V-Si"]);
    assert!(!legal_here(&table, "R-Si"), "nothing below Do");
    assert!(!legal_here(&table, "V-Do"), "nothing above Si");
    assert!(legal_here(&table, "R-Re") && legal_here(&table, "V-La"));
    assert_eq!(
        implied(&table, "O-Mi"),
        at(1, 2),
        "column = colour, line = note"
    );
}

#[test]
fn glissando_opens_with_a_circled_card_and_rows_run_up_to_the_right_wrapping() {
    let mut table = Layout::new(GameType::Glissando, GlissandoRows::Initial);
    assert_eq!(
        all_placements(&table),
        [
            "R-Do@0,0",
            "O-Re@0,0",
            "Y-Mi@0,0",
            "G-Fa@0,0",
            "B-Sol@0,0",
            "P-La@0,0",
            "V-Si@0,0"
        ]
    );
    lay(&mut table, &[("V-Si", at(0, 0))]);
    assert!(
        table.is_legal(card("R-Do"), at(1, 0)),
        "Si-Do touch: wrap to the right"
    );
    assert!(
        table.is_legal(card("G-La"), at(-1, 0)),
        "one below on the left, any colour"
    );
    assert!(!table.is_legal(card("G-La"), at(1, 0)), "lower goes left");
    assert!(!table.is_legal(card("R-Re"), at(1, 0)), "one step only");
    assert!(!table.is_legal(card("R-Do"), at(2, 0)), "rows have no gaps");
    lay(
        &mut table,
        &[("R-Do", at(1, 0)), ("O-Re", at(2, 0)), ("G-La", at(-1, 0))],
    );
    assert!(table.is_legal(card("Y-Mi"), at(3, 0)));
    assert!(table.is_legal(card("B-Sol"), at(-2, 0)));
}

#[test]
fn glissando_new_rows_start_above_or_below_a_card_one_step_away_one_opener_per_line() {
    let mut table = Layout::new(GameType::Glissando, GlissandoRows::Initial);
    lay(
        &mut table,
        &[("G-Fa", at(0, 0)), ("R-Sol", at(1, 0)), ("R-Mi", at(-1, 0))],
    );
    // B-Sol (circled) above or below a Fa or a La; Y-Mi above or below a Fa or a Re.
    assert!(table.is_legal(card("B-Sol"), at(0, 1)), "Sol above Fa");
    assert!(table.is_legal(card("B-Sol"), at(0, -1)), "Sol below Fa");
    assert!(!table.is_legal(card("B-Sol"), at(1, 1)), "Sol above Sol");
    assert!(table.is_legal(card("Y-Mi"), at(0, 1)), "Mi above Fa");
    assert!(!table.is_legal(card("Y-Mi"), at(-1, 1)), "Mi above Mi");
    assert!(
        !table.is_legal(card("P-La"), at(0, 1)),
        "La is not next to Fa"
    );
    assert!(table.is_legal(card("P-La"), at(1, 1)), "La above Sol");
    assert!(
        !table.is_legal(card("B-Re"), at(0, 1)),
        "only a circled card opens a row"
    );
    lay(&mut table, &[("B-Sol", at(0, 1))]);
    // Line 1 holds an opener now: no second opener there, even beside a match.
    assert!(
        !table.is_legal(card("P-La"), at(1, 1).neighbours()[0]),
        "not a row end"
    );
    assert!(
        table.is_legal(card("P-La"), at(1, 1)),
        "P-La may extend the row to the right"
    );
    assert!(
        !table.is_legal(card("P-La"), at(0, 2)),
        "a row starts beside the initial row only, not on the second"
    );
    assert!(
        table.is_legal(card("Y-Mi"), at(0, -1)),
        "below the initial row"
    );
    lay(&mut table, &[("Y-Mi", at(0, -1))]);
    assert!(
        table.is_legal(card("O-Re"), at(-1, -1)),
        "rows extend on every line"
    );
    // Three rows: no opener goes anywhere any more, whatever the notes.
    let openers = placements(&table)
        .into_iter()
        .filter(|&(c, cell)| c.is_circled() && !(-1..=1).contains(&cell.y))
        .count();
    assert_eq!(openers, 0, "at most three rows");

    // The wider reading (glissando_rows=any): a row may start beside any
    // row, the top and bottom ones.
    let mut rows = two_rows(GlissandoRows::Any);
    assert!(
        rows.is_legal(card("P-La"), at(0, 2)),
        "a third row stacks on the second"
    );
    lay(&mut rows, &[("P-La", at(0, 2))]);
    assert!(
        rows.is_legal(card("Y-Mi"), at(0, -1)),
        "and below the bottom row, a fourth"
    );
}

/// Glissando rows after G-Fa, R-Sol, R-Mi on the initial row and B-Sol
/// opening a row above G-Fa.
fn two_rows(rule: GlissandoRows) -> Layout {
    let mut rows = Layout::new(GameType::Glissando, rule);
    lay(
        &mut rows,
        &[
            ("G-Fa", at(0, 0)),
            ("R-Sol", at(1, 0)),
            ("R-Mi", at(-1, 0)),
            ("B-Sol", at(0, 1)),
        ],
    );
    rows
}

#[test]
fn sarabanda_starts_with_a_do_and_grows_next_to_a_note_one_step_away() {
    let mut table = Layout::new(GameType::Sarabanda, GlissandoRows::Initial);
    assert!(table.is_legal(card("Y-Do"), at(0, 0)), "any Do opens");
    assert!(!table.is_legal(card("R-Re"), at(0, 0)), "only a Do opens");
    lay(&mut table, &[("Y-Do", at(0, 0))]);
    for cell in at(0, 0).neighbours() {
        assert!(table.is_legal(card("B-Re"), cell), "Re beside Do at {cell}");
        assert!(
            table.is_legal(card("B-Si"), cell),
            "Si beside Do (wrap) at {cell}"
        );
        assert!(
            !table.is_legal(card("B-Mi"), cell),
            "Mi is two steps from Do"
        );
    }
    assert!(
        !table.is_legal(card("B-Re"), at(1, 1)),
        "diagonal is not beside"
    );
    assert!(
        !table.is_legal(card("B-Re"), at(2, 0)),
        "not beside any card"
    );
    assert!(!table.is_legal(card("B-Re"), at(0, 0)), "occupied");
    lay(&mut table, &[("B-Re", at(1, 0))]);
    assert!(
        table.is_legal(card("R-Mi"), at(2, 0)),
        "colour never matters"
    );
    assert!(table.is_legal(card("R-Mi"), at(1, 1)));
    assert!(
        table.is_legal(card("R-Do"), at(1, 1)),
        "one qualifying neighbour suffices"
    );
    assert!(!table.is_legal(card("R-Mi"), at(0, 1)), "next to Do only");
}

#[test]
fn symbols_in_muzicando_and_parada_need_their_colour_open() {
    for game_type in [GameType::Muzicando, GameType::Parada] {
        let mut table = Layout::new(game_type, GlissandoRows::Initial);
        let sharp = card("R-#");
        let cell = table.implied_cell(sharp).unwrap();
        assert!(!table.is_legal(sharp, cell), "{game_type}: red not open");
        let opener = if game_type == GameType::Muzicando {
            "Y-Do"
        } else {
            "Y-Mi"
        };
        lay_implied(&mut table, &[opener]);
        assert!(
            !table.is_legal(sharp, cell),
            "{game_type}: another colour's opener"
        );
        assert!(
            table.is_legal(card("Y-nat"), implied(&table, "Y-nat")),
            "{game_type}: yellow open"
        );
        lay_implied(&mut table, &["R-Do"]);
        assert!(table.is_legal(sharp, cell), "{game_type}: red open");
    }
    let mut piles = Layout::new(GameType::Muzicando, GlissandoRows::Initial);
    for name in ["B-Do", "B-Re", "B-Mi", "B-Fa", "B-Sol", "B-La", "B-Si"] {
        lay_implied(&mut piles, &[name]);
    }
    assert!(legal_here(&piles, "B-b"), "on top of a complete pile");
    assert_eq!(
        Layout::new(GameType::Parada, GlissandoRows::Initial).implied_cell(card("P-b")),
        Some(at(5, 5)),
        "on the opener"
    );
}

#[test]
fn symbols_in_sarabanda_and_glissando_need_a_same_colour_note_with_four_sides_occupied() {
    let mut table = Layout::new(GameType::Sarabanda, GlissandoRows::Initial);
    lay(
        &mut table,
        &[
            ("R-Do", at(0, 0)),
            ("O-Re", at(1, 0)),
            ("Y-Re", at(0, 1)),
            ("G-Si", at(-1, 0)),
        ],
    );
    assert!(
        !table.is_legal(card("R-#"), at(0, 0)),
        "three sides occupied"
    );
    lay(&mut table, &[("B-Si", at(0, -1))]);
    assert!(table.is_legal(card("R-#"), at(0, 0)), "four sides occupied");
    assert!(
        !table.is_legal(card("O-#"), at(0, 0)),
        "a sharp of another colour"
    );
    assert!(
        !table.is_legal(card("O-#"), at(1, 0)),
        "O-Re is not surrounded"
    );
    lay(&mut table, &[("R-#", at(0, 0))]);
    assert_eq!(table.cards().count_ones(), 6);

    let mut rows = two_rows(GlissandoRows::Initial);
    assert!(
        !rows.is_legal(card("G-nat"), at(0, 0)),
        "nothing below G-Fa yet"
    );
    lay(&mut rows, &[("Y-Mi", at(0, -1))]);
    assert!(rows.is_legal(card("G-nat"), at(0, 0)), "G-Fa surrounded");
    assert!(
        !rows.is_legal(card("B-b"), at(0, 1)),
        "B-Sol has an empty side"
    );
}

/// Every placement (notes and symbols) of the cards off `table`.
fn placements(table: &Layout) -> Vec<(Card, Cell)> {
    let hand = ALL_CARDS & !table.cards();
    let mut all = Vec::new();
    table.note_moves(hand, &mut |card, cell| all.push((card, cell)));
    table.symbol_moves(hand, &mut |card, cell| all.push((card, cell)));
    all
}

#[test]
fn the_notes_playable_after_a_placement_are_what_placing_it_gives() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    let layouts = GameType::ALL
        .into_iter()
        .map(|t| (t, GlissandoRows::Initial))
        .chain([(GameType::Glissando, GlissandoRows::Any)]);
    for (game_type, rows) in layouts {
        let mut checked = 0;
        for _ in 0..30 {
            let mut table = Layout::new(game_type, rows);
            loop {
                let moves = placements(&table);
                if moves.is_empty() {
                    break;
                }
                for &(card, cell) in &moves {
                    let mut placed = table.clone();
                    placed.place(card, cell);
                    assert_eq!(
                        table.playable_notes_after(card, cell),
                        placed.playable_notes(),
                        "{game_type:?}: {card:?} at {cell}"
                    );
                    checked += 1;
                }
                let (card, cell) = moves[rng.gen_range(0..moves.len())];
                table.place(card, cell);
            }
        }
        assert!(checked > 1000, "{game_type:?}: {checked} placements");
    }
}

#[test]
fn the_glissando_rows_option_reads_initial_or_any_and_refuses_others() {
    use tauler::game::GameOptions;
    use tauler::games::muzicando::Options;
    assert_eq!(Options::default().glissando_rows, GlissandoRows::Initial);
    let any = Options::from_pairs(["glissando_rows=any"]).expect("any");
    assert_eq!(any.glissando_rows, GlissandoRows::Any);
    let err = Options::from_pairs(["glissando_rows=wide"]).unwrap_err();
    assert!(err.to_string().contains("`initial` or `any`"), "{err}");
}
