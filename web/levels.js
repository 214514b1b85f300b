// The new-game form's level picker: "Level 1–8 (rating)" for the chosen
// game, its default level first chosen; the last choice, "Advanced", shows
// the engine profiles and their limits instead.
"use strict";

function levelLabel(entry) {
  if (entry.rating === null || entry.rating === undefined) return `Level ${entry.level}`;
  const rating = Math.round(entry.rating);
  const interval = entry.low !== undefined && entry.high !== undefined
    ? ` ±${Math.round((entry.high - entry.low) / 2)}` : "";
  return `Level ${entry.level} (${rating}${interval}${entry.scale ? ` ${entry.scale}` : ""})`;
}

// Fills the level menu for `game` (an entry of GET /api/games).
function fillLevels(game) {
  const select = $("level");
  select.replaceChildren();
  for (const entry of game.levels || []) {
    const option = new Option(levelLabel(entry), String(entry.level), false, entry.level === game.default_level);
    if (entry.measured) option.title = `measured ${entry.measured}`;
    select.appendChild(option);
  }
  select.appendChild(new Option("Advanced: an engine profile", "", false, !(game.levels || []).length));
  showAdvanced();
}

// The level chosen, or null under "Advanced".
function chosenLevel() {
  const value = $("level").value;
  return value ? Number(value) : null;
}

function showAdvanced() {
  $("advanced").hidden = chosenLevel() !== null;
}

$("level").addEventListener("change", showAdvanced);
