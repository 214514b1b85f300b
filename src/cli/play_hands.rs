//! `tauler play` for a hidden-hand game (Muzicando): a person at one seat
//! of a table, the engines of one profile at the others, for a match of
//! several hands.
//!
//! A renderer over the [`HandTable`] the browser's table drives too: the
//! person sees only their seat's observation (drawn by the game's
//! [`HandText`]) until a hand is over; the other seats' calls and plays
//! are announced as they happen. Legal actions are listed numbered: type
//! the number or the action's name. Hand `h` is dealt from `(--seed, h)`,
//! so a replayed match has the same deals.

use std::io::{BufRead, Write};

use anyhow::{bail, Result};

use super::play::PlayArgs;
use crate::engine::{
    EngineProfile, HandStep, HandTable, Happening, Playable, SeatSpec, TableSetup,
};
use crate::game::{GameOptions, HandText, Notation};

/// What the person typed, once understood.
enum Input<A> {
    Act(A),
    Quit,
}

/// How the match is told to the person at seat `human`.
struct Narrator<G: HandText> {
    options: G::Options,
    hands: usize,
    human: usize,
    /// The team of each seat.
    teams: Vec<usize>,
}

/// Plays a match of `--hands` hands at the terminal.
pub fn run<G: HandText + Playable>(args: &PlayArgs, profile: &EngineProfile) -> Result<()> {
    args.refuse(
        &format!("play {}", G::NAME),
        &[("--side", args.side.is_some())],
    )?;
    let hands = crate::bounds::HANDS.check("--hands", args.hands.unwrap_or(4))?;
    if args.position.position.is_some() || args.position.moves.is_some() {
        bail!(
            "play {} deals its own hands (choose them with --seed), not --position/--moves",
            G::NAME
        );
    }
    let mut options = G::Options::from_pairs(args.position.options.iter().map(String::as_str))?;
    if args.team {
        options.set("players", "team")?;
    }
    if let Some(players) = args.players {
        options.set("players", &players.to_string())?;
    }
    let seats = G::seats_of(&options);
    let human = args.seat.unwrap_or(0);
    if seats <= human {
        bail!(
            "--seat {human} is not a seat of this table (seats 0..{})",
            seats - 1
        );
    }
    let name = &profile.name;
    if profile.sees_hidden_cards()? {
        bail!("`{name}` sees hidden cards (a measurement tool) and cannot sit at a fair table");
    }
    let mut specs = vec![SeatSpec::Engine(Box::new(profile.clone())); seats];
    specs[human] = SeatSpec::Person;
    println!(
        "{}: you are seat {human}; the others are `{name}` ({}). {} hands. Type `help` at any prompt.",
        G::table_text(&options),
        profile.description,
        hands
    );
    let mut narrator = Narrator::<G> {
        options: options.clone(),
        hands,
        human,
        teams: (0..seats).collect(),
    };
    let mut table = HandTable::new(TableSetup {
        options,
        seats: specs,
        hands,
        seed: args.seed,
    })?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        table.run_engines();
        for step in table.take_steps() {
            narrator.tell(step)?;
        }
        if table.is_over() {
            return Ok(());
        }
        let Some(seat) = table.person_to_move() else {
            bail!("the hand stopped with no one to move");
        };
        let state = table.state().clone();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        match narrator.ask(&state, &legal, &mut input)? {
            Input::Act(action) => table.play(seat, action)?,
            Input::Quit => {
                println!("You leave the table.");
                return Ok(());
            }
        }
    }
}

impl<G: HandText + Playable> Narrator<G> {
    fn label(&self, seat: usize) -> String {
        G::seat_label(&self.options, seat, self.human)
    }

    /// Tells one step of the match: a deal, a draw, a call or a play, the
    /// end of a hand or of the match.
    fn tell(&mut self, step: HandStep<G>) -> Result<()> {
        match step {
            HandStep::Dealt { hand, state } => {
                self.teams = (0..self.teams.len()).map(|s| state.team_of(s)).collect();
                println!(
                    "\n=== Hand {} of {}: dealer {} ===",
                    hand + 1,
                    self.hands,
                    self.label(G::dealer(state.options()))
                );
                println!("Your hand: {}", G::own_hand(&state.observation(self.human)));
            }
            HandStep::Happened(happening) => self.announce(happening),
            HandStep::HandOver {
                hand,
                state,
                ending,
                points,
                totals,
            } => {
                if ending.fault.is_some() {
                    bail!("the hand was broken off: {}", ending.reason.text());
                }
                self.report(&state, hand + 1, &points, &totals);
            }
            HandStep::MatchOver { totals, .. } => self.final_result(&totals),
        }
        Ok(())
    }

    /// Tells what the table did: a draw, a call, a play, the contract.
    fn announce(&self, happening: Happening<G>) {
        match happening {
            Happening::Chance { before, action } => {
                println!("{}", before.chance_text(action, self.human));
            }
            Happening::Played {
                before,
                seat,
                action,
                ..
            } => {
                if seat == self.human {
                    println!("You: {}", before.describe(action));
                } else {
                    println!("{}: {}", self.label(seat), before.describe(action));
                }
                if let Some(text) = before.consequence_text(action, self.human) {
                    println!("{text}");
                }
            }
            Happening::Info { .. } | Happening::Over(_) => {}
        }
    }

    /// Shows the person's view and reads their action.
    fn ask(
        &self,
        state: &G,
        legal: &[G::Action],
        input: &mut impl BufRead,
    ) -> Result<Input<G::Action>> {
        let observation = state.observation(self.human);
        if let Some(reason) = state.forced_text(legal) {
            println!("{reason}");
            return Ok(Input::Act(legal[0]));
        }
        println!("\n{}", G::draw_view(&observation));
        print_legal(state, legal);
        loop {
            print!(
                "your {}: ",
                if state.is_calling() { "call" } else { "play" }
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
                "help" => println!("{}", G::HELP),
                "quit" => return Ok(Input::Quit),
                "show" => {
                    println!("\n{}", G::draw_view(&observation));
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

    /// Whether `seat` plays against the person.
    fn is_opponent(&self, seat: usize) -> bool {
        self.teams[seat] != self.teams[self.human]
    }

    /// Shows the end of a hand: every hand, the result and the points.
    fn report(&self, end: &G, number: usize, points: &[i32], totals: &[i32]) {
        println!("\n--- Hand {number} over ---");
        for seat in 0..end.seats() {
            println!("  {} holds: {}", self.label(seat), end.held_text(seat));
        }
        for line in end.result_lines(self.human) {
            println!("{line}");
        }
        if G::is_team_game(&self.options) {
            let me = self.human;
            let other = (0..self.teams.len())
                .find(|&s| self.is_opponent(s))
                .unwrap_or(me);
            println!(
                "Hand points: your team {:+}, the other team {:+}",
                points.get(me).copied().unwrap_or(0),
                points.get(other).copied().unwrap_or(0)
            );
            let seats: Vec<String> = (0..self.teams.len())
                .filter(|&s| !self.is_opponent(s))
                .map(|s| s.to_string())
                .collect();
            println!(
                "Running score: your team (seats {}) {}, the other team {}",
                seats.join(" and "),
                totals[me],
                totals[other]
            );
        } else {
            let hand: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p:+}", self.label(s)))
                .collect();
            println!("Hand points: {}", hand.join(", "));
            let running: Vec<String> = totals
                .iter()
                .enumerate()
                .map(|(s, p)| format!("{} {p}", self.label(s)))
                .collect();
            println!("Running score: {}", running.join(", "));
        }
    }

    /// The match's verdict: the person's (team's) total against the best
    /// opponent's. Partners' totals are equal, so any seat stands for its
    /// team.
    fn final_result(&self, totals: &[i32]) {
        let mine = totals[self.human];
        let best_other = (0..totals.len())
            .filter(|&s| self.is_opponent(s))
            .map(|s| totals[s])
            .max()
            .unwrap_or(0);
        let verdict = match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => "you win the match",
            std::cmp::Ordering::Less => "you lose the match",
            std::cmp::Ordering::Equal => "the match is level",
        };
        println!("\nMatch over: {verdict} ({mine} against {best_other}).");
    }
}

/// The legal actions, numbered.
fn print_legal<G: Notation>(state: &G, legal: &[G::Action]) {
    let items: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, &a)| format!("{}) {}", i + 1, state.format_action(a)))
        .collect();
    println!("Legal: {}", items.join("  "));
}
