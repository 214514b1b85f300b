// The live tournament page: the tournaments the server follows, one of them
// shown as its games end (pushed by the server as server-sent events): the
// progress and an estimate of the time left, each shard's progress, the
// standings with Elo and pentanomial counts, Muzicando's points per deal,
// the ratings and crosstable, the SPRT's course against its bounds, the
// games being played on their boards, and the last games, each of which
// opens in the board page's review.
"use strict";

const followed = { id: null, source: null, samples: [], game: null };

function text(tag, content, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = content;
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function row(cells, className) {
  const tr = document.createElement("tr");
  if (className) tr.className = className;
  for (const cell of cells) tr.appendChild(cell instanceof Node ? wrap(cell) : text("td", cell));
  return tr;
}

function wrap(node) {
  const td = document.createElement("td");
  td.appendChild(node);
  return td;
}

function signed(x, digits = 1) {
  if (x === null || x === undefined) return "∞";
  return (x >= 0 ? "+" : "") + x.toFixed(digits);
}

// Elo ± margin of a matchup; a perfect or a nil score has no finite Elo
// (the JSON says null), its sign read from the points.
function elo(m) {
  const figures = m.elo_pairs;
  if (!figures) return "—";
  const margin = figures.margin === null ? "∞" : figures.margin.toFixed(1);
  const value = figures.elo === null ? (2 * m.points >= m.games ? "+∞" : "−∞") : signed(figures.elo);
  return `${value} ± ${margin}`;
}

async function loadList() {
  const data = await api("GET", "/api/tournaments");
  const list = $("list");
  list.replaceChildren();
  for (const t of data.tournaments) {
    const link = text("a", `${t.name} (${t.game}${t.folders > 1 ? `, ${t.folders} shards` : ""})${t.running ? " — running" : ""}`, { href: `#t=${t.id}` });
    if (t.id === followed.id) link.className = "current";
    const item = document.createElement("li");
    item.appendChild(link);
    list.appendChild(item);
  }
  $("list-empty").hidden = data.tournaments.length > 0;
  if (!data.tournaments.length) $("new-box").open = true;
  const shipped = $("shipped");
  if (!shipped.options.length) {
    for (const file of data.shipped) shipped.appendChild(new Option(file.name, file.text));
    shipped.onchange = () => {
      $("file-text").value = shipped.value;
      $("name").value = shipped.selectedOptions[0].textContent;
    };
    if (data.shipped.length) shipped.onchange();
  }
  return data.tournaments;
}

async function startTournament() {
  showError("");
  try {
    const started = await api("POST", "/api/tournaments", { text: $("file-text").value, name: $("name").value });
    location.hash = `t=${started.id}`;
  } catch (error) {
    showError(error.message);
  }
}

function follow(id) {
  if (followed.source) followed.source.close();
  followed.id = id;
  followed.samples = [];
  $("view").hidden = false;
  document.body.dataset.status = "following";
  const source = new EventSource(`/api/tournaments/${id}/events`);
  followed.source = source;
  source.addEventListener("state", (message) => render(JSON.parse(message.data)));
  source.addEventListener("failure", (message) => showError(JSON.parse(message.data).error));
  source.addEventListener("done", () => {
    source.close();
    followed.source = null;
    document.body.dataset.status = "done";
    loadList().catch((error) => showError(error.message));
  });
  source.onerror = () => {
    if (followed.source === source && source.readyState === EventSource.CLOSED) followed.source = null;
  };
  loadList().catch((error) => showError(error.message));
}

function eta(done, total, running) {
  const now = Date.now();
  followed.samples.push([now, done]);
  if (!running || done >= total) return "";
  const first = followed.samples.find(([, d]) => d < done);
  if (!first) return "";
  const rate = (done - first[1]) / ((now - first[0]) / 1000);
  if (!(rate > 0)) return "";
  const seconds = Math.round((total - done) / rate);
  const minutes = Math.floor(seconds / 60);
  return ` · about ${minutes ? `${minutes} min ` : ""}${seconds % 60} s left`;
}

function render(view) {
  const report = view.report;
  followed.game = report.game;
  document.body.dataset.games = String(report.games);
  document.body.dataset.running = String(view.running);
  $("title").textContent = `${report.name} (${report.game})`;
  $("stop").hidden = !view.running;
  if (view.failure) showError(`The tournament stopped: ${view.failure}`);
  const total = view.shards.reduce((sum, s) => sum + s.total, 0) || report.scheduled;
  $("progress-fill").style.width = `${total ? (100 * report.games) / total : 0}%`;
  const state = view.running ? "running" : view.complete ? "finished" : "not running here";
  $("progress-text").textContent =
    `${report.games} of ${report.scheduled} games · ${state}${eta(report.games, total, view.running)}` +
    (view.missing.length ? ` · shards missing: ${view.missing.join(", ")}` : "");
  renderShards(view.shards);
  $("endings").textContent = "Endings: " + Object.entries(report.endings).map(([k, v]) => `${k} ${v}`).join(", ");
  renderStandings(report);
  renderPoints(report.points);
  $("ratings-box").hidden = !report.ratings;
  $("ratings").replaceChildren(...(report.ratings || []).map(([name, rating]) => text("li", `${name} ${signed(rating)}`)));
  $("crosstable").textContent = report.crosstable || "";
  renderSprt(report.sprt, view.llr);
  renderLive(view.boards, view.live.length);
  renderRecent(view.recent, view.id);
}

function renderShards(shards) {
  const body = $("shards").querySelector("tbody");
  body.replaceChildren(...shards.map((s) => row([`${s.index}/${s.count}`, String(s.done), String(s.total)])));
  $("shards").hidden = shards.length < 2;
}

function renderStandings(report) {
  const rows = report.encounters.map((m) => matchupRow(m));
  if (report.field) rows.push(matchupRow(report.field, "field"));
  $("standings").querySelector("tbody").replaceChildren(...rows);
}

function matchupRow(m, className) {
  const los = m.elo_pairs ? `${(100 * m.elo_pairs.los).toFixed(1)}%` : "—";
  return row([m.engine, m.opponent, String(m.games), String(m.points), m.wdl.join("/"), m.pentanomial.join(" "), elo(m), los], className);
}

function renderPoints(points) {
  $("points-box").hidden = !points;
  if (!points) return;
  const body = $("points").querySelector("tbody");
  if (points.teams) {
    body.replaceChildren(...points.teams.map((t) => row([
      t.team, t.opponent, String(t.deals), `${signed(t.mean_difference, 2)} ± ${t.margin.toFixed(2)}`,
      t.matches.join("/"), t.breaches.join("–"),
    ])));
  } else {
    body.replaceChildren(...points.players.map((p) => row([
      p.engine, "the table", String(p.hands), `${signed(p.mean, 2)} ± ${p.margin.toFixed(2)} a hand`, "—", String(p.breaches),
    ])));
  }
}

function renderSprt(sprt, course) {
  $("sprt-box").hidden = !sprt;
  if (!sprt) return;
  const decision = { "accept-h1": "H1 accepted", "accept-h0": "H0 accepted", continue: "continue" }[sprt.decision] || sprt.decision;
  $("sprt-text").textContent = `LLR ${sprt.llr.toFixed(3)}, bounds (${sprt.lower.toFixed(3)}, ${sprt.upper.toFixed(3)}): ${decision}`;
  document.body.dataset.sprt = sprt.decision;
  const svg = $("llr");
  svg.replaceChildren();
  const width = 400, height = 160, left = 30, pad = 8;
  const games = Math.max(2, ...course.map(([n]) => n));
  const top = Math.max(sprt.upper, ...course.map(([, l]) => l)) * 1.1;
  const bottom = Math.min(sprt.lower, ...course.map(([, l]) => l)) * 1.1;
  const x = (n) => left + ((width - left - pad) * n) / games;
  const y = (l) => pad + ((height - 2 * pad) * (top - l)) / (top - bottom);
  for (const [value, label] of [[sprt.upper, "H1"], [sprt.lower, "H0"]]) {
    svg.appendChild(svgElement("line", { x1: left, x2: width - pad, y1: y(value), y2: y(value), class: "bound" }));
    const t = svgElement("text", { x: 2, y: y(value) + 3 });
    t.textContent = label;
    svg.appendChild(t);
  }
  svg.appendChild(svgElement("line", { x1: left, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }));
  const games_label = svgElement("text", { x: width - 60, y: height - 2 });
  games_label.textContent = `${games} games`;
  svg.appendChild(games_label);
  svg.appendChild(svgElement("polyline", {
    points: [[0, 0], ...course].map(([n, l]) => `${x(n).toFixed(1)},${y(l).toFixed(1)}`).join(" "),
    class: "course",
  }));
}

function renderLive(boards, playing) {
  const live = $("live");
  live.replaceChildren();
  $("live-empty").hidden = playing > 0;
  for (const board of boards) {
    const box = document.createElement("div");
    box.className = "live-game";
    box.dataset.index = String(board.index);
    box.appendChild(text("p", `Game ${board.index}: ${board.engines.join(" – ")}, ply ${board.plies}`));
    const svg = svgElement("svg", { "aria-label": `game ${board.index}` });
    box.appendChild(svg);
    live.appendChild(box);
    drawBoard(svg, board.picture, { last: board.last });
  }
  if (!boards.length && playing > 0) live.appendChild(text("p", `${playing} hand(s) being played.`, { class: "muted" }));
}

function renderRecent(recent, id) {
  const body = $("recent").querySelector("tbody");
  body.replaceChildren(...recent.map((game) => {
    const cells = [String(game.index), game.engines.join(" – "), game.result.join("–"), game.reason, String(game.plies)];
    if (followed.game === "muzicando") return row([...cells, ""]);
    const link = text("a", "review", { href: `/#review=${id}/${game.index}/${followed.game}` });
    return row([...cells, link]);
  }));
}

function route() {
  const match = /t=(t[0-9]+)/.exec(location.hash);
  if (match && match[1] !== followed.id) follow(match[1]);
}

function init() {
  $("start").onclick = startTournament;
  $("upload").onchange = async () => {
    const file = $("upload").files[0];
    if (!file) return;
    $("file-text").value = await file.text();
    $("name").value = file.name.replace(/\.toml$/, "").replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 64) || "tournament";
  };
  $("stop").onclick = () => followed.id && api("POST", `/api/tournaments/${followed.id}/stop`).catch((e) => showError(e.message));
  window.addEventListener("hashchange", route);
  loadList().then((list) => {
    if (!location.hash && list.length) location.hash = `t=${list[0].id}`;
    route();
  }).catch((error) => showError(error.message));
}

init();
