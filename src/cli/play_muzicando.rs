//! `tauler play muzicando`: a person at one seat of a Muzicando table, the
//! engines of one profile at the others, for a match of several hands.
//!
//! A renderer over a [`Session`] of each hand: the person sees only their
//! seat's observation (drawn by [`crate::games::muzicando::display`]) until
//! a hand is over; the other seats' calls and plays are announced as they
//! happen. Legal actions are listed numbered: type the number or the
//! action's name. Hand `h` is dealt from `(--seed, h)`, so a replayed match
//! has the same deals.

use std::io::{BufRead, Write};

use anyhow::{bail, Result};

use super::play::PlayArgs;
use crate::engine::{EngineProfile, Happening, SearcherKind, SeatSpec, Session};
use crate::game::{Game, GameOptions, HiddenInfo, Notation};
use crate::games::muzicando::cards::Symbol;
use crate::games::muzicando::display::{draw, hand_text, seat_label};
use crate::games::muzicando::{Action, Muzicando, Options, Phase};

const HELP: &str = "On your turn the legal actions are listed, numbered.
Type the number, or the action itself:
  a bid          1S … 4M (level 1-4; S Sarabanda < G Glissando < P Parada < M Muzicando)
  pass           in the auction, or in play when no note fits
  a type         S, G, P or M (individual game: the player after the dealer chooses)
  a card         R-Do, O-Re, Y-nat, V-pause … (colours R O Y G B P V; notes Do Re Mi Fa Sol La Si)
  card@X,Y       in Glissando and Sarabanda, the cell too: R-Re@1,0
Commands:
  show           draw the table and your hand again
  help           this text
  quit           leave the match";

/// What the person typed, once understood.
enum Input {
    Act(Action),
    Quit,
}

/// The match: the person's seat and the scores.
struct Table {
    human: u8,
    totals: Vec<i32>,
    team_game: bool,
}

/// Plays a match of `--hands` hands at the terminal.
pub fn run(args: &PlayArgs, profile: &EngineProfile) -> Result<()> {
    args.refuse("play muzicando", &[("--side", args.side.is_some())])?;
    let hands = crate::bounds::HANDS.check("--hands", args.hands.unwrap_or(4))?;
    if args.position.position.is_some() || args.position.moves.is_some() {
        bail!(
            "play muzicando deals its own hands (choose them with --seed), not --position/--moves"
        );
    }
    let mut options = Options::from_pairs(args.position.options.iter().map(String::as_str))?;
    if args.team {
        options.set("players", "team")?;
    }
    if let Some(players) = args.players {
        options.set("players", &players.to_string())?;
    }
    let seats = options.seats();
    let human = args.seat.unwrap_or(0);
    if usize::from(seats) <= human {
        bail!(
            "--seat {human} is not a seat of this table (seats 0..{})",
            seats - 1
        );
    }
    let name = &profile.name;
    if profile.searcher == SearcherKind::Cheating {
        bail!("`{name}` reads every hand (a measurement tool) and cannot sit at a fair table");
    }
    let mut specs = vec![SeatSpec::Engine(Box::new(profile.clone())); usize::from(seats)];
    specs[human] = SeatSpec::Person;
    let team_game = options.individual.is_none();
    let mut table = Table {
        human: human as u8,
        totals: vec![0; usize::from(seats)],
        team_game,
    };
    let game = if team_game {
        "the team game (you and your partner opposite, seats of your parity)".to_string()
    } else {
        format!("the individual game for {seats}")
    };
    println!(
        "Muzicando, {game}: you are seat {human}; the others are `{name}` ({}). {} hands. Type `help` at any prompt.",
        profile.description, hands
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let first_dealer = options.dealer;
    let mut session: Option<Session<Muzicando>> = None;
    for hand in 0..hands {
        options.dealer = ((usize::from(first_dealer) + hand) % usize::from(seats)) as u8;
        println!(
            "\n=== Hand {} of {}: dealer {} ===",
            hand + 1,
            hands,
            seat_label(options.dealer, table.human, team_game)
        );
        let seed = hand_seed(args.seed, hand);
        let deal = Muzicando::seeded_deal(&options, seed);
        let session = match &mut session {
            Some(session) => {
                session.new_game(deal, Some(seed));
                session
            }
            None => session.insert(Session::new(deal, specs.clone(), seed)?),
        };
        let Some(end) = table.play_hand(session, &mut input)? else {
            println!("You leave the table.");
            return Ok(());
        };
        table.report(&end, hand + 1);
    }
    table.final_result();
    Ok(())
}

impl Table {
    fn label(&self, seat: u8) -> String {
        seat_label(seat, self.human, self.team_game)
    }

    /// Plays one hand; `None` if the person quits.
    fn play_hand(
        &mut self,
        session: &mut Session<Muzicando>,
        input: &mut impl BufRead,
    ) -> Result<Option<Muzicando>> {
        let human = usize::from(self.human);
        println!(
            "Your hand: {}",
            hand_text(session.state().observation(human).hand)
        );
        session.advance();
        loop {
            self.announce(session.take_happenings());
            if let Some(ending) = session.ending() {
                if ending.fault.is_some() {
                    bail!("the hand was broken off: {}", ending.reason.text());
                }
                return Ok(Some(session.state().clone()));
            }
            if session.person_to_move().is_none() {
                bail!("the hand stopped with no one to move");
            }
            let state = session.state().clone();
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            match self.ask(&state, &legal, input)? {
                Input::Act(action) => session.play(human, action)?,
                Input::Quit => return Ok(None),
            }
        }
    }

    /// Tells what the table did: draws, calls, plays, the contract.
    fn announce(&self, happenings: Vec<Happening<Muzicando>>) {
        for happening in happenings {
            match happening {
                Happening::Chance { before, action } => {
                    let drawer = before.history().last().map_or(0, |&(seat, _)| seat);
                    if drawer == self.human {
                        println!(
                            "You draw {}.",
                            before.format_action(action).trim_start_matches('+')
                        );
                    } else {
                        println!("{} draws a card.", self.label(drawer));
                    }
                }
                Happening::Played {
                    before,
                    seat,
                    action,
                    ..
                } => {
                    if seat == usize::from(self.human) {
                        println!("You: {}", describe(&before, action));
                    } else {
                        println!("{}: {}", self.label(seat as u8), describe(&before, action));
                    }
                    let mut after = before.clone();
                    after.apply(action);
                    if let (true, Phase::Play, Some(contract)) = (
                        before.phase() != Phase::Play,
                        after.phase(),
                        after.contract(),
                    ) {
                        let what = contract.bid.map_or(String::new(), |bid| {
                            format!("{bid}, value {}, ", bid.value())
                        });
                        println!(
                            "The contract is {} ({what}declarer {}), who plays first.",
                            contract.game_type,
                            self.label(contract.declarer)
                        );
                    }
                }
                Happening::Info { .. } | Happening::Over(_) => {}
            }
        }
    }

    /// Shows the person's view and reads their action.
    fn ask(&self, state: &Muzicando, legal: &[Action], input: &mut impl BufRead) -> Result<Input> {
        let observation = state.observation(usize::from(self.human));
        if legal == [Action::Pass] && state.phase() == Phase::Play {
            println!("You cannot place a note and hold no symbol that fits.");
            return Ok(Input::Act(Action::Pass));
        }
        println!("\n{}", draw(&observation));
        print_legal(state, legal);
        loop {
            print!(
                "your {}: ",
                if state.phase() == Phase::Play {
                    "play"
                } else {
                    "call"
                }
            );
            std::io::stdout().flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                println!("\nThe input ended.");
                return Ok(Input::Quit);
            }
            let line = line.trim();
            match line {
                "" => {}
                "help" => println!("{HELP}"),
                "quit" => return Ok(Input::Quit),
                "show" => {
                    println!("\n{}", draw(&observation));
                    print_legal(state, legal);
                }
                _ => match line.parse::<usize>() {
                    Ok(n) if (1..=legal.len()).contains(&n) => return Ok(Input::Act(legal[n - 1])),
                    Ok(_) => println!(
                        "`{line}` is not in the list (1-{}); `help` explains what to type",
                        legal.len()
                    ),
                    Err(_) => match state.parse_action(line) {
                        Ok(action) => return Ok(Input::Act(action)),
                        Err(error) => println!("{error}; type a number from the list, or `help`"),
                    },
                },
            }
        }
    }

    /// Shows the end of a hand: every hand, the ranking and the points.
    fn report(&mut self, end: &Muzicando, number: usize) {
        println!("\n--- Hand {number} over ---");
        for seat in 0..end.seats() {
            println!(
                "  {} holds: {}",
                self.label(seat as u8),
                hand_text(end.hand(seat))
            );
        }
        let ranking: Vec<String> = end
            .ranking()
            .iter()
            .enumerate()
            .map(|(place, &s)| format!("{}. {}", place + 1, self.label(s)))
            .collect();
        println!("Ranking: {}", ranking.join(", "));
        if let Some(contract) = end.contract() {
            if let Some(bid) = contract.bid {
                let made = end
                    .ranking()
                    .first()
                    .is_some_and(|&s| s % 2 == contract.declarer % 2);
                println!(
                    "Contract {bid} by {}: {}",
                    self.label(contract.declarer),
                    if made { "made" } else { "failed" }
                );
            }
        }
        let points = end.points().unwrap_or_default();
        for (total, p) in self.totals.iter_mut().zip(points.iter()) {
            *total += p;
        }
        if self.team_game {
            let mine = usize::from(self.human % 2);
            println!(
                "Hand points: your team {:+}, the other team {:+}",
                points[mine],
                points[1 - mine]
            );
            println!(
                "Running score: your team (seats {} and {}) {}, the other team {}",
                mine,
                mine + 2,
                self.totals[mine],
                self.totals[1 - mine]
            );
        } else {
            let hand: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p:+}", self.label(s as u8)))
                .collect();
            println!("Hand points: {}", hand.join(", "));
            let running: Vec<String> = self
                .totals
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p}", self.label(s as u8)))
                .collect();
            println!("Running score: {}", running.join(", "));
        }
    }

    fn final_result(&self) {
        let me = usize::from(self.human);
        let (mine, best_other) = if self.team_game {
            (self.totals[me % 2], self.totals[1 - me % 2])
        } else {
            let other = (0..self.totals.len())
                .filter(|&s| s != me)
                .map(|s| self.totals[s])
                .max()
                .unwrap_or(0);
            (self.totals[me], other)
        };
        let verdict = match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => "you win the match",
            std::cmp::Ordering::Less => "you lose the match",
            std::cmp::Ordering::Equal => "the match is level",
        };
        println!("\nMatch over: {verdict} ({mine} against {best_other}).");
    }
}

/// The deal seed of hand `hand` of a match seeded `seed`.
fn hand_seed(seed: u64, hand: usize) -> u64 {
    crate::splitmix::splitmix64(seed ^ (hand as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

/// What a seat did, for the announcement.
fn describe(state: &Muzicando, action: Action) -> String {
    match action {
        Action::Bid(bid) => format!("bids {bid}"),
        Action::Pass if state.phase() == Phase::Auction => "passes".to_string(),
        Action::Pass => "passes (no note fits)".to_string(),
        Action::Choose(game_type) => format!("chooses {game_type}"),
        Action::Place(card, _) => {
            let effect = match card.symbol_kind() {
                Some(Symbol::Sharp) => " (the next player is skipped)",
                Some(Symbol::Natural) => " (the next and the previous player are skipped)",
                Some(Symbol::Flat) => " (the previous player is skipped)",
                Some(Symbol::Pause) => " (everyone else is skipped: plays again)",
                None => "",
            };
            format!("plays {}{effect}", state.format_action(action))
        }
        Action::Deal(_) | Action::Draw(_) => state.format_action(action),
    }
}

/// The legal actions, numbered.
fn print_legal(state: &Muzicando, legal: &[Action]) {
    let items: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, &a)| format!("{}) {}", i + 1, state.format_action(a)))
        .collect();
    println!("Legal: {}", items.join("  "));
}
