// The position editor: men placed on and off the board by click or drag,
// the side to move, castling and the other fields, card chess's card state
// chosen from the deck's cards. Every change is checked by the server
// (POST /api/editor, the game's own position parser), which answers the
// canonical position string or what is wrong with it. Then the position
// is analysed here or played from on the board page.
"use strict";

const editor = {
  games: [],
  game: null,        // the entry of GET /api/games
  cells: null,       // the board's picture (cells, labels, legend)
  men: [],           // [{ cell, side, letter }]
  fields: "",        // the position string's fields after the board part
  chosen: null,      // the palette's choice: { side, letter } or "eraser"
  flipped: false,
  cards: [],         // card chess: the deck's card names with their counts
  analysis: null,
  checking: 0,
};

const CASTLING_LABELS = { cescacs: "Castling rights", camelot: "Castle moves made (White,Black)", cardchess: "Castling" };

function editorGame() {
  return $("editor-game").value;
}

function editorOptions() {
  return $("editor-options").value.split(",").map((s) => s.trim()).filter(Boolean);
}

// ---- the fields: side to move, castling, the rest, the card state ----

// `NAME*COUNT,NAME,…` (or `-`) as a Map of name → count.
function cardCounts(text) {
  const counts = new Map();
  if (!text || text === "-") return counts;
  for (const part of text.split(",")) {
    const [name, count] = part.split("*");
    if (name) counts.set(name, (counts.get(name) || 0) + (count ? Number(count) : 1));
  }
  return counts;
}

function cardList(counts) {
  const parts = [...counts].filter(([, n]) => n > 0).map(([name, n]) => (n > 1 ? `${name}*${n}` : name));
  return parts.length ? parts.join(",") : "-";
}

// The fields split: the tokens before ` | ` and the card state's keys.
function splitFields(fields) {
  const [board, cards] = fields.split(" | ");
  const tokens = board.trim().split(/\s+/).filter(Boolean);
  const state = new Map();
  for (const pair of (cards || "").trim().split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf("=");
    state.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { tokens, state, hasCards: cards !== undefined };
}

// Fills a card select with one option a copy of each card, `chosen` (a
// Map of name → count) selected.
function fillCardSelect(select, chosen, single) {
  select.replaceChildren();
  if (single) select.appendChild(new Option("none", "-"));
  for (const [name, count] of editor.cards) {
    for (let copy = 1; copy <= (single ? 1 : count); copy++) {
      const label = count > 1 && !single ? `${name} (${copy})` : name;
      select.appendChild(new Option(label, name, false, (chosen.get(name) || 0) >= copy));
    }
  }
}

function selectedCounts(select) {
  const counts = new Map();
  for (const option of select.selectedOptions) counts.set(option.value, (counts.get(option.value) || 0) + 1);
  return counts;
}

function showFields() {
  const { tokens, state, hasCards } = splitFields(editor.fields);
  $("editor-side").value = tokens[0] === "b" ? "b" : "w";
  $("editor-castling").value = tokens[1] || "";
  $("editor-more").value = tokens.slice(2).join(" ");
  $("editor-castling-label").textContent = CASTLING_LABELS[editorGame()] || "Castling";
  $("editor-cards").hidden = !hasCards;
  if (!hasCards) return;
  fillCardSelect($("editor-held0"), cardCounts(state.get("held0")));
  fillCardSelect($("editor-held1"), cardCounts(state.get("held1")));
  fillCardSelect($("editor-discard"), cardCounts(state.get("discard")));
  const [effect, seat] = (state.get("effect") || "-").split("@");
  fillCardSelect($("editor-effect"), new Map([[effect, 1]]), true);
  $("editor-effect").value = effect;
  $("editor-effect-seat").value = seat || "0";
  $("editor-pile").value = state.get("pile") || "";
  const shown = new Set(["held0", "held1", "discard", "effect", "pile"]);
  $("editor-card-more").value = [...state].filter(([key]) => !shown.has(key)).map(([k, v]) => `${k}=${v}`).join(" ");
}

// The fields as the inputs say; `pileKept` false leaves the pile out, so
// that it holds every card found nowhere else.
function readFields(pileKept) {
  const tokens = [$("editor-side").value, $("editor-castling").value.trim() || "-"];
  const more = $("editor-more").value.trim();
  if (more) tokens.push(more);
  let text = tokens.join(" ");
  if ($("editor-cards").hidden) return text;
  const pairs = [];
  const other = $("editor-card-more").value.trim();
  if (other) pairs.push(other);
  pairs.push(`held0=${cardList(selectedCounts($("editor-held0")))}`);
  pairs.push(`held1=${cardList(selectedCounts($("editor-held1")))}`);
  pairs.push(`discard=${cardList(selectedCounts($("editor-discard")))}`);
  const effect = $("editor-effect").value;
  pairs.push(`effect=${effect === "-" ? "-" : `${effect}@${$("editor-effect-seat").value}`}`);
  const pile = $("editor-pile").value.trim();
  if (pileKept && pile) pairs.push(`pile=${pile}`);
  return `${text} | ${pairs.join(" ")}`;
}

// ---- the board and the palette ----

function drawEditor() {
  if (!editor.cells) return;
  const picture = Object.assign({}, editor.cells, { men: editor.men, check: null });
  drawBoard($("editor-board"), picture, { flipped: editor.flipped });
  const table = $("legend");
  table.replaceChildren();
  for (const entry of editor.cells.legend) {
    const row = table.insertRow();
    row.insertCell().textContent = entry.letter;
    row.insertCell().textContent = entry.name;
    row.insertCell().textContent = entry.moves;
  }
  document.body.dataset.men = String(editor.men.length);
}

function fillPalette() {
  const box = $("palette");
  box.replaceChildren();
  for (const side of [0, 1]) {
    for (const entry of editor.cells.legend) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = entry.letter;
      button.title = `${side === 0 ? "White" : "Black"} ${entry.name}`;
      button.classList.add(`side-${side}`);
      button.dataset.man = `${side}${entry.letter}`;
      button.onclick = () => choose({ side, letter: entry.letter }, button);
      button.addEventListener("pointerdown", (event) => startDrag(event, { side, letter: entry.letter }, null));
      box.appendChild(button);
    }
  }
  const eraser = document.createElement("button");
  eraser.type = "button";
  eraser.textContent = "Remove";
  eraser.classList.add("eraser");
  eraser.dataset.man = "eraser";
  eraser.onclick = () => choose("eraser", eraser);
  box.appendChild(eraser);
}

function choose(what, button) {
  const same = editor.chosen && button.classList.contains("chosen");
  for (const other of $("palette").children) other.classList.remove("chosen");
  editor.chosen = same ? null : what;
  if (!same) button.classList.add("chosen");
}

function manOn(cell) {
  return editor.men.find((m) => m.cell === cell);
}

function put(cell, man) {
  editor.men = editor.men.filter((m) => m.cell !== cell);
  if (man) editor.men.push({ cell, side: man.side, letter: man.letter });
}

function clickEditorCell(cell) {
  const chosen = editor.chosen;
  if (!chosen) return;
  const there = manOn(cell);
  if (chosen === "eraser" || (there && there.side === chosen.side && there.letter === chosen.letter)) put(cell, null);
  else put(cell, chosen);
  changed();
}

// Dragging: from the palette (`from` null) or from a cell; dropped on a
// cell it lands there, dropped off the board a man from a cell is removed.
function startDrag(event, man, from) {
  if (event.button !== 0) return;
  const ghost = document.createElement("div");
  ghost.className = "dragging";
  ghost.textContent = man.letter;
  const moved = { x: event.clientX, y: event.clientY, far: false };
  const move = (e) => {
    if (Math.hypot(e.clientX - moved.x, e.clientY - moved.y) > 6 && !moved.far) {
      moved.far = true;
      document.body.appendChild(ghost);
    }
    ghost.style.left = `${e.clientX + 4}px`;
    ghost.style.top = `${e.clientY + 4}px`;
  };
  const up = (e) => {
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", up);
    ghost.remove();
    if (!moved.far) return;
    const target = document.elementFromPoint(e.clientX, e.clientY);
    const group = target && target.closest && target.closest("g[data-cell]");
    if (from) put(from, null);
    if (group) put(group.dataset.cell, man);
    if (from || group) changed();
  };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

function boardPointerDown(event) {
  const group = event.target.closest && event.target.closest("g[data-cell]");
  const man = group && manOn(group.dataset.cell);
  if (man) startDrag(event, man, man.cell);
}

// ---- checking with the server ----

function showChecked(answer) {
  editor.men = answer.picture.men.map((m) => ({ cell: m.cell, side: m.side, letter: m.letter }));
  editor.fields = answer.fields;
  $("editor-position").value = answer.position;
  document.body.dataset.valid = "true";
  const turn = answer.turn === null ? "no one is to move (chance, or the game is over)" : `${answer.turn === 0 ? "White" : "Black"} to move`;
  $("editor-status").textContent = `A legal position: ${turn}.`;
  showError("");
  showFields();
  drawEditor();
}

async function check(request) {
  const ticket = ++editor.checking;
  document.body.dataset.pending = "true";
  try {
    const answer = await api("POST", "/api/editor", Object.assign({ game: editorGame(), options: editorOptions() }, request));
    if (ticket === editor.checking) showChecked(answer);
  } catch (error) {
    if (ticket !== editor.checking) return;
    document.body.dataset.valid = "false";
    $("editor-status").textContent = "Not a legal position yet.";
    showError(error.message);
    drawEditor();
  } finally {
    if (ticket === editor.checking) document.body.dataset.pending = "false";
  }
}

// Something was edited: the board or a field. A card moved between the
// hands, the effect and the discard leaves the pile to hold the rest.
function changed(pileKept = true) {
  drawEditor();
  check({ men: editor.men, fields: readFields(pileKept) });
}

async function loadPosition(position) {
  await check({ position });
}

// ---- analysis and play ----

function stopEditorAnalysis() {
  if (editor.analysis) editor.analysis.close();
  editor.analysis = null;
  document.body.dataset.analysis = "stopped";
}

function analyse() {
  stopEditorAnalysis();
  const params = new URLSearchParams({ game: editorGame(), position: $("editor-position").value, options: editorOptions().join(",") });
  const source = new EventSource(`/api/analysis?${params}`);
  editor.analysis = source;
  document.body.dataset.analysis = "running";
  $("editor-analysis").textContent = "Thinking…";
  let best = null;
  source.addEventListener("line", (message) => {
    const line = JSON.parse(message.data);
    if (line.multipv !== 1) return;
    best = line;
    $("editor-analysis").textContent = `depth ${line.depth}: ${line.score.text} ${line.pv.join(" ")}`;
    document.body.dataset.analysisDepth = String(line.depth);
    if (line.cells.length >= 2) {
      const picture = Object.assign({}, editor.cells, { men: editor.men, check: null });
      drawBoard($("editor-board"), picture, { flipped: editor.flipped, arrows: [line.cells] });
    }
  });
  source.addEventListener("chance", (message) => {
    const chance = JSON.parse(message.data);
    document.body.dataset.analysisDepth = String(chance.depth);
    if (!best) $("editor-analysis").textContent = `depth ${chance.depth}: ${chance.best_sure ? `best sure move ${chance.best_sure.action}` : "thinking"}`;
  });
  source.addEventListener("done", (message) => {
    const done = JSON.parse(message.data);
    $("editor-analysis").textContent += ` — best ${done.best}`;
    stopEditorAnalysis();
    document.body.dataset.analysis = "done";
  });
  source.addEventListener("failure", (message) => {
    showError(JSON.parse(message.data).error);
    stopEditorAnalysis();
  });
  source.onerror = () => { if (editor.analysis === source) stopEditorAnalysis(); };
}

// The level menu: the game's levels (levels.js), then its engine profiles.
function fillLevelsFor(game) {
  const profiles = game.profiles.map((p) => [`Profile ${p.name}`, `engine:${p.name}`]);
  fillLevelSelect($("editor-level"), game, editorOptions(), profiles);
}

async function playFromHere() {
  const [kind, value] = $("editor-level").value.split(/:(.*)/);
  const request = {
    game: editorGame(),
    side: $("editor-you").value,
    position: $("editor-position").value,
    options: editorOptions(),
  };
  if (kind === "level") request.level = Number(value);
  else request.engine = value;
  try {
    stopEditorAnalysis();
    const view = await api("POST", "/api/sessions", request);
    location.href = `/#s=${view.id}`;
  } catch (error) {
    showError(error.message);
  }
}

// ---- setting up ----

async function chooseGame(position) {
  const game = editorGame();
  editor.game = editor.games.find((g) => g.name === game);
  stopEditorAnalysis();
  fillLevelsFor(editor.game);
  const start = await api("POST", "/api/editor", { game, options: editorOptions() }).catch(() => null);
  editor.cells = start ? start.picture : null;
  editor.cards = [];
  if (start) {
    const { state } = splitFields(start.fields);
    const all = new Map();
    for (const key of ["pile", "discard", "held0", "held1"]) {
      for (const [name, count] of cardCounts(state.get(key))) all.set(name, (all.get(name) || 0) + count);
    }
    const effect = (state.get("effect") || "-").split("@")[0];
    if (effect !== "-") all.set(effect, (all.get(effect) || 0) + 1);
    editor.cards = [...all].sort((a, b) => a[0].localeCompare(b[0]));
    fillPalette();
  }
  await loadPosition(position || (start ? start.position : ""));
}

async function initEditor() {
  editor.games = (await api("GET", "/api/games"));
  for (const game of editor.games) $("editor-game").appendChild(new Option(game.name, game.name));
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("game")) $("editor-game").value = hash.get("game");
  if (hash.get("options")) $("editor-options").value = hash.get("options");
  await chooseGame(hash.get("position"));
}

$("editor-game").addEventListener("change", () => chooseGame());
$("editor-options").addEventListener("change", () => chooseGame());
$("editor-start").onclick = () => chooseGame();
$("editor-clear").onclick = () => { editor.men = []; changed(); };
$("editor-flip").onclick = () => { editor.flipped = !editor.flipped; drawEditor(); };
$("editor-board").addEventListener("pointerdown", boardPointerDown);
$("editor-board").addEventListener("click", (event) => {
  const group = event.target.closest && event.target.closest("g[data-cell]");
  if (group) clickEditorCell(group.dataset.cell);
});
for (const id of ["editor-side", "editor-castling", "editor-more", "editor-pile", "editor-card-more"]) {
  $(id).addEventListener("change", () => changed());
}
for (const id of ["editor-held0", "editor-held1", "editor-discard", "editor-effect", "editor-effect-seat"]) {
  $(id).addEventListener("change", () => changed(false));
}
$("editor-paste").onclick = () => loadPosition($("editor-position").value.trim());
$("editor-position").addEventListener("keydown", (event) => {
  if (event.key === "Enter") loadPosition($("editor-position").value.trim());
});
$("editor-copy").onclick = async () => {
  try {
    await navigator.clipboard.writeText($("editor-position").value);
  } catch {
    $("editor-position").select();
    document.execCommand("copy");
  }
};
$("editor-analyse").onclick = analyse;
$("editor-analyse-stop").onclick = stopEditorAnalysis;
$("editor-play").onclick = playFromHere;
initEditor().catch((error) => showError(error.message));
