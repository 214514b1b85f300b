// The playing levels of a game as GET /api/games lists them, and the
// new-game form's level picker: "Level 1–8 (rating)" for the chosen game
// and rule options, its default level first chosen; the last choice,
// "Advanced", shows the engine profiles and their limits instead.
"use strict";

// The levels of `game` (an entry of GET /api/games) under the rule
// options `options` (["KEY=VALUE", …]): card chess with `cards=off` has
// plain chess's. Answers { levels, default_level }.
function gameLevels(game, options) {
  const plain = game.plain_chess;
  if (plain && plain.options.every((o) => options.includes(o))) return plain;
  return { levels: game.levels || [], default_level: game.default_level };
}

function levelLabel(entry) {
  if (entry.rating === null || entry.rating === undefined) return `Level ${entry.level} (unrated)`;
  const half = entry.low !== null && entry.high !== null && entry.low !== undefined
    ? ` ±${Math.round((entry.high - entry.low) / 2)}` : "";
  return `Level ${entry.level} (${Math.round(entry.rating)}${half} ${entry.scale})`;
}

// Fills the select `select` with the levels of `game` under `options`,
// then the further `extra` options ([label, value] pairs).
function fillLevelSelect(select, game, options, extra) {
  const previous = select.value;
  const { levels, default_level: chosen } = gameLevels(game, options);
  select.replaceChildren();
  for (const entry of levels) {
    const option = new Option(levelLabel(entry), `level:${entry.level}`, false, entry.level === chosen);
    option.title = `${entry.profile}${entry.measured ? `, measured ${entry.measured}` : ""}`;
    select.appendChild(option);
  }
  for (const [label, value] of extra) select.appendChild(new Option(label, value, false, !levels.length && !select.value));
  if (previous && [...select.options].some((o) => o.value === previous)) select.value = previous;
}

function formOptions() {
  return $("options").value.split(",").map((s) => s.trim()).filter(Boolean);
}

// Fills the form's level menu for `game`.
function fillLevels(game) {
  fillLevelSelect($("level"), game, formOptions(), [["Advanced: an engine profile", ""]]);
  showAdvanced();
}

// The level chosen in the form, or null under "Advanced".
function chosenLevel() {
  const value = $("level").value;
  return value ? Number(value.replace("level:", "")) : null;
}

// Shows the profiles under "Advanced", or describes the level's engine.
function showAdvanced() {
  const level = chosenLevel();
  $("advanced").hidden = level !== null;
  const game = page.games.find((g) => g.name === $("game").value);
  if (level === null || !game) {
    describeEngine();
    return;
  }
  const entry = gameLevels(game, formOptions()).levels.find((l) => l.level === level);
  const profile = entry && game.profiles.find((p) => p.name === entry.profile);
  $("engine-description").textContent = `${game.description}. ${profile ? profile.description : `Level ${level}`}.`;
}

if ($("level")) {
  $("level").addEventListener("change", showAdvanced);
  $("options").addEventListener("change", () => {
    const game = page.games.find((g) => g.name === $("game").value);
    if (game) fillLevels(game);
  });
}
