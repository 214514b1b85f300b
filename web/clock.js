// The clocks of a game against the engine: the new-game form's time
// control (none, 5+3, 15+10 or custom minutes + seconds) and both clocks
// counting down on the page. The server keeps the time; the page only
// counts down from what it last answered, runs the engine's clock while the
// engine thinks, and asks the server again when the person's clock shows
// zero (the server then ends the game on time).
"use strict";

const clocks = { key: null, remaining: [0, 0], running: null, since: 0, asked: 0, timer: null };

// The `clock` field of a new game's request ({} for no clock).
function clockRequest() {
  const kind = $("clock").value;
  if (!kind) return {};
  if (kind === "custom") {
    const minutes = parseFloat($("clock-minutes").value);
    const increment = parseInt($("clock-increment").value || "0", 10);
    return { clock: { seconds: Math.round(minutes * 60), increment } };
  }
  const [minutes, increment] = kind.split("+").map(Number);
  return { clock: { seconds: minutes * 60, increment } };
}

function clockShown(seat, now) {
  const ms = clocks.remaining[seat] - (clocks.running === seat ? now - clocks.since : 0);
  return Math.max(0, ms);
}

function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const minutes = Math.floor(seconds / 60);
  const ss = String(seconds % 60).padStart(2, "0");
  return seconds < 10 ? `${minutes}:${ss}.${tenths % 10}` : `${minutes}:${ss}`;
}

function clockTick() {
  const view = page.view;
  if (!view || !view.clock) return;
  const now = performance.now();
  for (const seat of [0, 1]) {
    const face = $(`clock-${seat}`);
    const ms = clockShown(seat, now);
    face.querySelector(".time").textContent = clockText(ms);
    face.classList.toggle("running", clocks.running === seat);
    face.classList.toggle("low", ms < 10000);
    face.dataset.ms = String(Math.round(ms));
  }
  // The person's time is up on the page: the server decides.
  const mine = clocks.running === view.you && !page.busy && !view.ending;
  if (mine && clockShown(view.you, now) === 0 && now - clocks.asked > 1000) {
    clocks.asked = now;
    api("GET", `/api/sessions/${view.id}`).then(show).catch((error) => showError(error.message));
  }
}

// Shows the clocks of `view` (hidden without a clock); `busy` while the
// engine answers the person's move, whose clock then stops and the
// engine's runs.
function renderClock(view, busy) {
  const box = $("clocks");
  if (!view || !view.clock) {
    box.hidden = true;
    clearInterval(clocks.timer);
    clocks.timer = null;
    clocks.key = null;
    return;
  }
  box.hidden = false;
  const thinking = busy && !view.ending && view.clock.running === view.you;
  const key = `${view.id}/${view.record.length}/${view.position}/${thinking}/${Boolean(view.ending)}/${view.clock.remaining_ms}`;
  if (clocks.key !== key) {
    const now = performance.now();
    if (thinking) {
      clocks.remaining = [0, 1].map((seat) => clockShown(seat, now));
      clocks.running = 1 - view.you;
    } else {
      clocks.remaining = view.clock.remaining_ms.slice();
      clocks.running = view.clock.running;
    }
    clocks.since = now;
    clocks.key = key;
  }
  for (const seat of [0, 1]) {
    const who = seat === view.you ? "you" : "engine";
    $(`clock-${seat}`).querySelector(".who").textContent = `${seat === 0 ? "White" : "Black"} (${who})`;
  }
  if (!clocks.timer) clocks.timer = setInterval(clockTick, 100);
  clockTick();
}

function initClock() {
  const custom = () => { $("clock-custom").hidden = $("clock").value !== "custom"; };
  $("clock").addEventListener("change", custom);
  custom();
}

initClock();
