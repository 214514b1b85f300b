// A Muzicando table's time per decision for people: the new-table form's
// field, and the countdown of the decision being timed. When a person's
// time runs out the server plays the rule-based player's choice for them
// (from their own cards only) at the next poll.
"use strict";

const decisionClock = { shown: null, at: 0, timer: null };

// The form's seconds per decision (undefined: no limit).
function decisionSeconds() {
  const value = $("decision-seconds").value;
  return value === "" ? undefined : Number(value);
}

// Shows the decision being timed, as a poll answered it (null: none).
function showDecision(decision) {
  decisionClock.shown = decision || null;
  decisionClock.at = performance.now();
  let box = $("decision");
  if (!box) {
    box = document.createElement("p");
    box.id = "decision";
    $("turn").after(box);
  }
  box.hidden = !decision;
  if (decision && !decisionClock.timer) decisionClock.timer = setInterval(tickDecision, 200);
  tickDecision();
}

function tickDecision() {
  const decision = decisionClock.shown;
  const box = $("decision");
  if (!decision || !box) return;
  const left = Math.max(0, decision.remaining_ms - (performance.now() - decisionClock.at));
  const mine = state.view && decision.seat === state.view.seat;
  const who = mine ? "Your" : `${seatName(decision.seat)}'s`;
  box.textContent = `${who} time to decide: ${(left / 1000).toFixed(1)} s of ${decision.limit_ms / 1000} s`;
  box.dataset.ms = String(Math.round(left));
  box.classList.toggle("low", left < 5000);
}
