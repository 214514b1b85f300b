// The page: a new-game form with a card per game, the board played by
// taps, drags, the move box or the keyboard, the move list, undo, hint,
// resign, save and load, over the JSON API (see docs/browser.md).
"use strict";

const page = {
  games: [],
  view: null,        // the session as the API last answered
  selection: [],     // the cells clicked so far towards an action
  lookingAt: null,   // { ply, picture } when looking back
  preview: null,     // { line, step } when stepping through an analysis line
  flipped: false,
  hint: null,        // the hint's cells
  analysisArrows: [],
  busy: false,
  animate: null,     // { from, to }: the move to slide on the next drawing
};

function setStatus(status, text) {
  document.body.dataset.status = status;
  $("status").textContent = text;
}

// ---- the new-game form ----

function currentGame() {
  return page.games.find((g) => g.name === $("game").value);
}

function fillEngines() {
  const game = currentGame();
  const select = $("engine");
  select.replaceChildren();
  for (const profile of game.profiles) {
    const option = new Option(profile.description, profile.name, false, profile.name === game.default_profile);
    select.appendChild(option);
  }
  for (const card of document.querySelectorAll(".game-card")) {
    card.setAttribute("aria-pressed", String(card.dataset.game === game.name));
  }
  describeEngine();
  fillLevels(game);
  if (!page.view) drawLanding();
  $("options").title = game.options.map((o) => `${o.key}: ${o.values}`).join("\n");
}

function describeEngine() {
  const game = currentGame();
  const profile = game && game.profiles.find((p) => p.name === $("engine").value);
  const kind = $("limit-kind").value;
  const value = parseInt($("limit-value").value, 10);
  const units = { movetime_ms: "ms per move", nodes: "nodes per move", depth: "plies deep" }[kind];
  const strength = kind && value > 0 ? ` Strength: ${value} ${units}, instead of the profile's own limit.` : "";
  $("engine-description").textContent = profile ? `${game.description}. Engine: ${profile.description}.${strength}` : "";
}

// Before a game: the chosen game's board as it starts.
function drawLanding() {
  const game = currentGame();
  if (!game) return;
  drawBoard($("board"), game.start, { flipped: page.flipped });
  renderLegend(game.start);
  sessionButtons(false);
}

// The buttons that act on a game: enabled only while there is one.
const SESSION_BUTTONS = ["undo", "redo", "hint", "resign", "analyse", "analyse-stop", "review", "save", "copy", "download", "load", "move-box", "move-play"];

function sessionButtons(enabled) {
  for (const id of SESSION_BUTTONS) $(id).disabled = !enabled;
}

// A card per game: its name and its board in miniature.
function gameCard(game) {
  const card = document.createElement("button");
  card.type = "button";
  card.className = "game-card";
  card.dataset.game = game.name;
  const picture = svgElement("svg", { "aria-hidden": "true", focusable: "false" });
  drawBoard(picture, game.start, { still: true });
  const name = document.createElement("span");
  name.textContent = game.title;
  card.append(picture, name);
  card.onclick = () => {
    $("game").value = game.name;
    fillEngines();
  };
  return card;
}

async function loadGames() {
  page.games = await api("GET", "/api/games");
  for (const game of page.games) {
    $("game").appendChild(new Option(game.title, game.name));
    $("game-cards").appendChild(gameCard(game));
  }
  fillEngines();
}

async function startGame(event) {
  event.preventDefault();
  const request = {
    game: $("game").value,
    side: $("side").value,
    options: $("options").value.split(",").map((s) => s.trim()).filter(Boolean),
  };
  const position = $("position").value.trim();
  if (position) request.position = position;
  const kind = $("limit-kind").value;
  const value = parseInt($("limit-value").value, 10);
  // A level (levels.js), or under "advanced" a profile and its limits.
  const level = chosenLevel();
  if (level) request.level = level;
  else request.engine = $("engine").value;
  if (!level && kind && value > 0) request[kind] = value;
  Object.assign(request, clockRequest());
  page.flipped = request.side === "black";
  setStatus("thinking", "Starting…");
  await act(() => api("POST", "/api/sessions", request));
}

// ---- the session ----

function playing() {
  return page.view && !page.view.ending;
}

function candidates(prefix) {
  if (!page.view) return [];
  return page.view.legal.filter(
    (a) => a.cells.length >= prefix.length && prefix.every((c, i) => a.cells[i] === c)
  );
}

function show(view) {
  if (!page.view || page.view.position !== view.position) stopAnalysis();
  if (!page.view || page.view.id !== view.id || page.view.record.length !== view.record.length) {
    stopReview();
    review.plies = new Map();
    $("review-graph").replaceChildren();
    $("review-info").textContent = "";
  }
  const before = page.view;
  if (!before || before.id !== view.id) toolsForAGame();
  const grown = before && before.id === view.id && view.record.length > before.record.length;
  if (grown) {
    const move = lastMove(view);
    if (move && move.cells.length >= 2 && !page.animate) {
      page.animate = { from: move.cells[0], to: move.cells[move.cells.length - 1] };
    }
    playSound(view.ending ? "end" : "move");
  }
  page.view = view;
  page.selection = [];
  page.lookingAt = null;
  page.preview = null;
  page.hint = null;
  location.hash = `s=${view.id}`;
  render();
}

// Runs an API call that answers the session, showing it or the error.
async function act(call) {
  showError("");
  page.busy = true;
  page.selection = [];
  render();
  try {
    show(await call());
  } catch (error) {
    if (error.status === 404 && page.view) {
      expired();
    } else {
      showError(error.message);
      // The board may show a move the server refused: draw the game as it is.
      if (page.view) {
        try {
          show(await api("GET", `/api/sessions/${page.view.id}`));
        } catch (lost) {
          if (lost.status === 404) expired();
        }
      }
    }
  } finally {
    page.busy = false;
    if (page.view) render();
    else if (document.body.dataset.status !== "expired") {
      setStatus("setup", "Choose a game and press Start.");
      noGameTools();
      drawLanding();
    }
  }
}

// The server no longer has this game (unused for longer than its idle
// time, or the server restarted): the board is cleared, and New game
// starts a fresh one with the settings above.
function expired() {
  page.view = null;
  page.selection = [];
  page.hint = null;
  stopAnalysis();
  stopReview();
  location.hash = "";
  $("board").replaceChildren();
  $("moves").replaceChildren();
  $("notes").replaceChildren();
  renderCards($("cards"), null);
  $("actions").replaceChildren();
  $("ending").hidden = true;
  renderClock(null);
  noGameTools();
  showError("This game has expired on the server (it was unused for too long). New game starts another with the same settings.");
  setStatus("expired", "The game has expired.");
  sessionButtons(false);
  $("new-game").disabled = false;
}

function sideName(seat) {
  return seat === 0 ? "White" : "Black";
}

function render() {
  const view = page.view;
  renderChoice([]);
  if (!view) return;
  const step = page.preview ? page.preview.line.steps[page.preview.step - 1] : null;
  const picture = step ? step.picture : page.lookingAt ? page.lookingAt.picture : view.picture;
  const moving = candidates(page.selection);
  const targets = new Set();
  if (!page.lookingAt && !step && page.selection.length) {
    for (const action of moving) {
      const next = action.cells[page.selection.length];
      if (next) targets.add(next);
    }
  }
  const lastEntry = step ? step : page.lookingAt ? view.record[page.lookingAt.ply - 1] : lastMove(view);
  const arrows = [];
  if (page.hint) arrows.push(page.hint);
  if (!step && !page.lookingAt) arrows.push(...page.analysisArrows);
  drawBoard($("board"), picture, {
    flipped: page.flipped,
    selected: page.selection,
    targets,
    last: lastEntry ? lastEntry.cells : [],
    arrows,
    animate: page.animate,
  });
  page.animate = null;
  document.body.dataset.playing = "yes";
  document.body.dataset.ply = String(view.record.length);
  document.body.dataset.game = view.game;
  $("banner").hidden = !page.lookingAt && !step;
  $("line-steps").hidden = !step;
  document.body.dataset.previewStep = step ? String(page.preview.step) : "";
  if (step) {
    const { line } = page.preview;
    const played = line.pv.slice(0, page.preview.step).join(" ");
    $("banner").textContent = `Line ${line.multipv}, ${page.preview.step} of ${line.steps.length} plies: ${played}. Click the board or here to go back to the game.`;
    $("banner").onclick = endPreview;
  } else if (page.lookingAt) {
    $("banner").textContent = `Looking at the position after ply ${page.lookingAt.ply}: click the board or here to go back to the game.`;
    $("banner").onclick = () => { page.lookingAt = null; render(); };
  }
  if (view.ending) {
    const mine = view.ending.points[view.you];
    $("ending").hidden = false;
    $("ending").textContent = `Game over: ${view.ending.words}. You score ${mine}.`;
    setStatus("over", "The game is over.");
  } else {
    $("ending").hidden = true;
    if (page.busy) setStatus("thinking", "The engine is thinking…");
    else if (view.person_to_move === view.you) setStatus("your-turn", `Your move (${sideName(view.you)}).`);
    else setStatus("waiting", "Waiting.");
  }
  renderActions(view);
  renderMoveOptions(view);
  if (page.selection.length) {
    const complete = moving.filter((a) => a.cells.length === page.selection.length);
    if (complete.length) renderChoice(complete);
  }
  renderNotes(picture, view);
  renderCards($("cards"), picture.cards, view.you);
  renderMoves(view);
  renderLegend(picture);
  $("position-string").value = view.position;
  for (const id of ["undo", "redo", "hint", "resign", "new-game", "analyse", "analyse-stop", "review", "save", "copy", "download", "load"]) {
    $(id).disabled = page.busy;
  }
  $("hint").disabled = page.busy || !playing();
  $("resign").disabled = page.busy || !playing();
  renderClock(view, page.busy);
  $("editor-link").href = `/editor#${new URLSearchParams({ game: view.game, position: view.position, options: view.options.join(",") })}`;
}

function lastMove(view) {
  for (let i = view.record.length - 1; i >= 0; i--) {
    if (view.record[i].cells.length) return view.record[i];
  }
  return null;
}

// The move box's completions: every legal action's notation.
function renderMoveOptions(view) {
  const list = $("move-options");
  const open = !page.lookingAt && !page.busy && view.person_to_move === view.you;
  const texts = open ? view.legal.map((a) => a.text) : [];
  $("move-box").disabled = !open;
  $("move-play").disabled = !open;
  if (list.dataset.texts === texts.join(" ")) return;
  list.dataset.texts = texts.join(" ");
  // The example is a move of this game, in its own notation.
  const example = texts.find((text) => /\d/.test(text)) || texts[0];
  if (example) $("move-box").placeholder = `e.g. ${example}`;
  list.replaceChildren(...texts.map((text) => new Option(text)));
}

// The move box: its text played if it is a legal action (notation or
// button words, any case), else said why not.
function playTyped(event) {
  event.preventDefault();
  if (!playing() || page.busy) return;
  const typed = $("move-box").value.trim().toLowerCase();
  if (!typed) return;
  const action = page.view.legal.find((a) => a.text.toLowerCase() === typed || a.label.toLowerCase() === typed);
  if (!action) {
    const near = page.view.legal.filter((a) => a.text.toLowerCase().startsWith(typed)).map((a) => a.text);
    showError(`${$("move-box").value.trim()} is not a legal move here${near.length ? `; did you mean ${near.slice(0, 5).join(", ")}?` : "."}`);
    return;
  }
  $("move-box").value = "";
  play(action.text, action.cells);
}

function renderActions(view) {
  const box = $("actions");
  box.replaceChildren();
  if (page.lookingAt || page.busy) return;
  for (const action of view.legal.filter((a) => a.cells.length === 0)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.dataset.action = action.text;
    button.onclick = () => play(action.text);
    box.appendChild(button);
  }
}

function renderChoice(actions) {
  const box = $("choice");
  box.hidden = actions.length === 0;
  const buttons = box.querySelector(".buttons");
  buttons.replaceChildren();
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.dataset.action = action.text;
    button.onclick = () => play(action.text);
    buttons.appendChild(button);
  }
}

function renderNotes(picture, view) {
  const list = $("notes");
  list.replaceChildren();
  for (const note of picture.notes) {
    const item = document.createElement("li");
    item.textContent = note;
    list.appendChild(item);
  }
  if (page.hint && page.hintText) {
    const item = document.createElement("li");
    item.textContent = `Hint: ${page.hintText}`;
    list.appendChild(item);
  }
}

function renderMoves(view) {
  const list = $("moves");
  list.replaceChildren();
  for (const entry of view.record) {
    const item = document.createElement("li");
    const who = entry.seat === null ? "" : entry.engine ? "(engine) " : "(you) ";
    item.textContent = entry.words === entry.text ? `${who}${sideName(entry.seat)} ${entry.text}` : `${who}${entry.words}`;
    const reviewed = review.plies.get(entry.ply);
    if (reviewed && reviewed.mark) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = `${reviewed.mark} (${reviewed.kind}, −${(reviewed.loss / 100).toFixed(2)}; best ${review.plies.get(entry.ply - 1)?.best ?? "?"})`;
      item.appendChild(mark);
    }
    if (entry.engine) item.classList.add("engine");
    if (page.lookingAt && page.lookingAt.ply === entry.ply) item.classList.add("viewing");
    item.onclick = () => lookAt(entry.ply);
    list.appendChild(item);
  }
  // The latest move in view, or the one looked at.
  const viewing = list.querySelector(".viewing");
  if (viewing) viewing.scrollIntoView({ block: "nearest" });
  else list.scrollTop = list.scrollHeight;
}

function renderLegend(picture) {
  const table = $("legend");
  for (const row of [...table.rows]) row.remove();
  for (const entry of picture.legend) {
    const row = table.insertRow();
    const drawn = row.insertCell();
    const icon = svgElement("svg", { viewBox: "0 0 40 40", "aria-hidden": "true" });
    const figure = drawFigure(entry.figure, 0, 20, 20, 40);
    if (figure) icon.appendChild(figure);
    drawn.append(icon, entry.letter);
    row.insertCell().textContent = entry.name;
    row.insertCell().textContent = entry.moves;
  }
}

async function lookAt(ply) {
  if (!page.view) return;
  if (ply === page.view.record.length) {
    page.lookingAt = null;
    render();
    return;
  }
  try {
    const earlier = await api("GET", `/api/sessions/${page.view.id}/ply/${ply}`);
    page.lookingAt = { ply, picture: earlier.picture, position: earlier.position };
    stopAnalysis();
    page.selection = [];
    render();
  } catch (error) {
    showError(error.message);
  }
}

// Shows the board after `step` plies of the analysis line `line`.
function previewLine(line, step) {
  if (!line.steps || !line.steps.length) return;
  page.preview = { line, step: Math.min(Math.max(step, 1), line.steps.length) };
  page.selection = [];
  render();
}

function endPreview() {
  page.preview = null;
  render();
}

function clickCell(cell) {
  if (page.preview) {
    endPreview();
    return;
  }
  if (page.lookingAt) {
    page.lookingAt = null;
    stopAnalysis();
    render();
    return;
  }
  if (!page.view) {
    setStatus("setup", "Press Start to play this game.");
    return;
  }
  if (!playing() || page.busy || page.view.person_to_move !== page.view.you) return;
  if (page.selection.length === 1 && page.selection[0] === cell) {
    page.selection = [];
    render();
    return;
  }
  let prefix = page.selection.concat([cell]);
  if (candidates(prefix).length === 0) prefix = [cell];
  const options = candidates(prefix);
  if (options.length === 0) {
    page.selection = [];
    render();
    return;
  }
  const complete = options.filter((a) => a.cells.length === prefix.length);
  const longer = options.filter((a) => a.cells.length > prefix.length);
  if (complete.length === 1 && longer.length === 0) {
    play(complete[0].text, prefix);
    return;
  }
  page.selection = prefix;
  render();
}

// Whether the man on `cell` may be picked up: a move starts there.
function draggable(cell) {
  return playing() && !page.busy && !page.lookingAt && !page.preview
    && page.view.person_to_move === page.view.you
    && page.view.legal.some((a) => a.cells.length >= 2 && a.cells[0] === cell);
}

// A man dragged from `from` to `to` (null: dropped off the board): the
// action from one to the other, a choice among several, or nothing.
function dropMan(from, to) {
  if (!to || to === from || !draggable(from)) {
    page.selection = [];
    render();
    return;
  }
  const ending = page.view.legal.filter((a) => a.cells[0] === from && a.cells[a.cells.length - 1] === to);
  if (ending.length === 1) {
    play(ending[0].text, ending[0].cells);
    return;
  }
  page.selection = [from];
  clickCell(to);
}

// Plays `text`; `cells` shows the move on the board while the engine answers.
function play(text, cells) {
  const id = page.view.id;
  if (cells && cells.length >= 2) {
    const picture = structuredClone(page.view.picture);
    const from = cells[0], to = cells[cells.length - 1];
    const man = picture.men.find((m) => m.cell === from);
    if (man) {
      const captures = picture.men.some((m) => m.cell === to);
      picture.men = picture.men.filter((m) => m.cell !== to);
      man.cell = to;
      page.view = Object.assign({}, page.view, { picture, legal: [] });
      page.animate = { from, to };
      playSound(captures ? "capture" : "move");
    }
  }
  page.selection = [];
  act(() => api("POST", `/api/sessions/${id}/action`, { action: text }));
}

function sessionCall(name, method) {
  return () => {
    if (!page.view) return;
    const id = page.view.id;
    act(() => api(method || "POST", `/api/sessions/${id}/${name}`));
  };
}

async function hint() {
  if (!page.view) return;
  page.busy = true;
  render();
  try {
    const answer = await api("POST", `/api/sessions/${page.view.id}/hint`);
    page.hint = answer.cells;
    page.hintText = answer.text;
    showError("");
  } catch (error) {
    if (error.status === 404) expired();
    else showError(error.message);
  } finally {
    page.busy = false;
    if (page.view) render();
  }
}

async function save() {
  if (!page.view) return;
  try {
    const saved = await api("GET", `/api/sessions/${page.view.id}/save`);
    $("record-text").value = saved.text;
  } catch (error) {
    showError(error.message);
  }
}

async function copyText() {
  const text = $("record-text").value || $("position-string").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    $("record-text").select();
    document.execCommand("copy");
  }
}

async function download() {
  if (!page.view) return;
  await save();
  const blob = new Blob([$("record-text").value], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${page.view.game}-game.txt`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function load() {
  if (!page.view) return;
  const id = page.view.id;
  act(() => api("POST", `/api/sessions/${id}/load`, { text: $("record-text").value }));
}

// `#review=ID/INDEX/GAME` (a link of the tournament page): a new game of
// GAME with its default engine, that tournament game loaded, then reviewed.
async function openTournamentGame(id, index, game) {
  const record = await api("GET", `/api/tournaments/${id}/games/${index}`);
  const entry = page.games.find((g) => g.name === game);
  if (!entry) throw new Error(`${game} is not played on a board`);
  $("game").value = game;
  fillEngines();
  const view = await api("POST", "/api/sessions", { game, side: "white", engine: entry.default_profile });
  show(await api("POST", `/api/sessions/${view.id}/load`, { text: record.text }));
  $("review-box").open = true;
  startReview();
}

async function resume() {
  const review = /review=(t[0-9]+)\/([0-9]+)\/([a-z]+)/.exec(location.hash);
  if (review) {
    await openTournamentGame(review[1], review[2], review[3]);
    return;
  }
  const match = /s=([0-9a-f]+)/.exec(location.hash);
  if (!match) return;
  try {
    const view = await api("GET", `/api/sessions/${match[1]}`);
    page.flipped = view.you === 1;
    // The form shows the game resumed (e.g. one the position editor started).
    $("game").value = view.game;
    fillEngines();
    show(view);
  } catch (error) {
    location.hash = "";
  }
}

// ---- analysis ----

// The lines by depth (a Map of multipv → line for each depth); the page
// shows the deepest depth whose every line has arrived.
const analysis = { source: null, depth: 0, depths: new Set(), lines: new Map(), byDepth: new Map(), wanted: 1, over: false, chance: null };

function stopAnalysis() {
  if (analysis.source) analysis.source.close();
  analysis.source = null;
  page.analysisArrows = [];
  document.body.dataset.analysis = "stopped";
}

function startAnalysis() {
  if (!page.view) return;
  stopAnalysis();
  Object.assign(analysis, { depth: 0, depths: new Set(), lines: new Map(), byDepth: new Map(), wanted: 1, over: false, chance: null });
  const position = page.lookingAt ? page.lookingAt.position : page.view.position;
  const params = new URLSearchParams({
    game: page.view.game,
    position,
    multipv: $("multipv").value || "1",
    options: page.view.options.join(","),
  });
  const source = new EventSource(`/api/analysis?${params}`);
  analysis.source = source;
  document.body.dataset.analysis = "running";
  $("analysis-info").textContent = "Thinking…";
  $("analysis-lines").replaceChildren();
  source.addEventListener("line", (message) => {
    const line = JSON.parse(message.data);
    analysis.depth = Math.max(analysis.depth, line.depth);
    if (!analysis.byDepth.has(line.depth)) analysis.byDepth.set(line.depth, new Map());
    analysis.byDepth.get(line.depth).set(line.multipv, line);
    analysis.depths.add(line.depth);
    analysis.lines = completedLines();
    document.body.dataset.analysisDepths = String(analysis.depths.size);
    renderAnalysis();
  });
  source.addEventListener("chance", (message) => {
    analysis.chance = JSON.parse(message.data);
    renderAnalysis();
  });
  source.addEventListener("done", (message) => {
    const done = JSON.parse(message.data);
    source.close();
    analysis.source = null;
    analysis.over = true;
    analysis.lines = completedLines();
    renderAnalysis();
    document.body.dataset.analysis = "done";
    $("analysis-info").textContent += ` — finished: best ${done.best}`;
  });
  source.addEventListener("failure", (message) => {
    showError(JSON.parse(message.data).error);
    stopAnalysis();
  });
  source.onerror = () => {
    if (analysis.source === source) stopAnalysis();
  };
}

// The lines of the deepest depth that is complete: every line of it has
// arrived (as many as the earlier depths had, at most as many as asked
// for), or a later depth has begun, or the search is over.
function completedLines() {
  const depths = [...analysis.byDepth.keys()].sort((a, b) => b - a);
  for (const depth of depths) {
    analysis.wanted = Math.max(analysis.wanted, analysis.byDepth.get(depth).size);
  }
  for (const depth of depths) {
    const lines = analysis.byDepth.get(depth);
    const later = depths.some((d) => d > depth);
    if (lines.size >= analysis.wanted || later || analysis.over) return lines;
  }
  return new Map();
}

function renderAnalysis() {
  const lines = [...analysis.lines.values()].sort((a, b) => a.multipv - b.multipv);
  if (!lines.length) return;
  const best = lines[0];
  $("analysis-info").textContent =
    `depth ${best.depth} · ${best.nodes} nodes · ${best.nps} nodes/s · ${(best.time_ms / 1000).toFixed(1)} s`;
  const white = best.score.white;
  const share = 50 + 50 * Math.tanh(white / 400);
  $("eval-fill").style.width = `${share.toFixed(1)}%`;
  $("eval-bar").title = `${best.score.text} (for the side to move)`;
  const list = $("analysis-lines");
  list.replaceChildren();
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = `${line.score.text}  (depth ${line.depth})  ${line.pv.join(" ")}`;
    item.classList.add("line");
    item.title = `${item.textContent}\n(click to step through this line on the board)`;
    item.onclick = () => previewLine(line, 1);
    list.appendChild(item);
  }
  if (analysis.chance) {
    const chance = analysis.chance;
    const item = document.createElement("li");
    const sure = chance.best_sure ? `best sure move ${chance.best_sure.action} ${(chance.best_sure.value / 100).toFixed(2)}` : "no sure move";
    const gambles = chance.gambles.map((g) => {
      const outcomes = g.outcomes
        .map((o) => `${o.outcome.replace("draw:", "")} ${(o.probability * 100).toFixed(0)}% ${(o.value / 100).toFixed(2)}`)
        .join(", ");
      return `${g.action}: expected ${(g.expected / 100).toFixed(2)} (${outcomes})`;
    });
    item.textContent = `Depth ${chance.depth}: ${[sure, ...gambles].join("; ")}`;
    item.title = item.textContent;
    item.classList.add("chance");
    list.appendChild(item);
  }
  page.analysisArrows = lines.map((l) => l.cells).filter((cells) => cells.length >= 2);
  render();
}

// ---- game review ----

const review = { source: null, plies: new Map(), total: 0 };

function stopReview() {
  if (review.source) review.source.close();
  review.source = null;
}

function startReview() {
  if (!page.view) return;
  stopReview();
  review.plies = new Map();
  review.total = page.view.record.length + 1;
  const ms = $("review-ms").value || "200";
  const source = new EventSource(`/api/sessions/${page.view.id}/review?ms=${encodeURIComponent(ms)}`);
  review.source = source;
  document.body.dataset.review = "running";
  source.addEventListener("position", (message) => {
    const position = JSON.parse(message.data);
    review.plies.set(position.ply, position);
    $("review-info").textContent = `Reviewed ${review.plies.size} of ${review.total} positions…`;
    drawReview();
    renderMoves(page.view);
  });
  source.addEventListener("done", () => {
    source.close();
    review.source = null;
    document.body.dataset.review = "done";
    const marks = [...review.plies.values()].filter((p) => p.mark);
    const count = (kind) => marks.filter((p) => p.kind === kind).length;
    $("review-info").textContent =
      `Reviewed: ${count("inaccuracy")} inaccuracies, ${count("mistake")} mistakes, ${count("blunder")} blunders. Click the graph to look at a position.`;
  });
  source.onerror = () => {
    if (review.source === source) stopReview();
  };
}

function drawReview() {
  const graph = $("review-graph");
  graph.replaceChildren();
  // As wide as the box it is drawn in, so that the graph fills it.
  const height = 80;
  const box = graph.getBoundingClientRect();
  const width = box.height > 0 ? Math.max(120, Math.round((height * box.width) / box.height)) : 300;
  graph.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const span = Math.max(1, review.total - 1);
  const x = (ply) => (ply / span) * width;
  const y = (white) => height / 2 - (height / 2 - 4) * Math.tanh(white / 400);
  graph.appendChild(svgElement("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: "axis" }));
  const points = [...review.plies.values()]
    .filter((p) => p.white !== null)
    .sort((a, b) => a.ply - b.ply);
  graph.appendChild(svgElement("polyline", {
    points: points.map((p) => `${x(p.ply).toFixed(1)},${y(p.white).toFixed(1)}`).join(" "),
    class: "curve",
  }));
  for (const p of points) {
    const dot = svgElement("circle", { cx: x(p.ply), cy: y(p.white), r: p.mark ? 3.5 : 2, "data-ply": p.ply });
    if (p.kind) dot.classList.add(p.kind);
    const title = svgElement("title");
    title.textContent = `ply ${p.ply}: ${(p.white / 100).toFixed(2)}${p.mark ? ` ${p.mark}` : ""}`;
    dot.appendChild(title);
    dot.addEventListener("click", () => lookAt(p.ply));
    graph.appendChild(dot);
  }
}

// The panel's tools (analysis, review, save and load, pieces: details of
// one name) open one at a time, so that the panel keeps to the screen's
// height. A new game folds the new-game form away and makes it one of
// them; without a game it stays open beside them.
function toolsForAGame() {
  $("setup-box").open = false;
  $("setup-box").name = "tools";
}

function noGameTools() {
  $("setup-box").removeAttribute("name");
  $("setup-box").open = true;
}

function init() {
  // The move list keeps its latest move in view as the tools around it
  // open and close.
  new ResizeObserver(() => {
    if (!page.lookingAt) $("moves").scrollTop = $("moves").scrollHeight;
  }).observe($("moves"));
  $("setup").addEventListener("submit", startGame);
  $("side").addEventListener("change", () => {
    if (page.view) return;
    page.flipped = $("side").value === "black";
    drawLanding();
  });
  attachBoard($("board"), { tap: clickCell, drop: dropMan, draggable });
  $("move-entry").addEventListener("submit", playTyped);
  attachSoundSwitch($("sounds"));
  $("game").addEventListener("change", fillEngines);
  $("engine").addEventListener("change", describeEngine);
  $("limit-kind").addEventListener("change", describeEngine);
  $("limit-value").addEventListener("input", describeEngine);
  $("undo").onclick = sessionCall("undo");
  $("redo").onclick = sessionCall("redo");
  $("resign").onclick = sessionCall("resign");
  $("new-game").onclick = (event) => (page.view ? sessionCall("new")() : startGame(event));
  $("hint").onclick = hint;
  $("flip").onclick = () => {
    page.flipped = !page.flipped;
    if (page.view) render();
    else drawLanding();
  };
  $("save").onclick = save;
  $("copy").onclick = copyText;
  $("download").onclick = download;
  $("load").onclick = load;
  $("analyse").onclick = startAnalysis;
  $("line-back").onclick = () => page.preview && previewLine(page.preview.line, page.preview.step - 1);
  $("line-forward").onclick = () => page.preview && previewLine(page.preview.line, page.preview.step + 1);
  $("line-done").onclick = endPreview;
  $("review").onclick = startReview;
  $("analyse-stop").onclick = () => { stopAnalysis(); render(); };
  window.addEventListener("pagehide", () => {
    if (page.view) navigator.sendBeacon(`/api/sessions/${page.view.id}/stop`);
  });
  loadGames().then(resume).catch((error) => showError(error.message));
}

init();
