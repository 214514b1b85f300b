// Optional sounds, off until the person ticks "Sounds": short tones made
// with WebAudio (no sound files), one for a move, one for a capture or
// a card, one for the end of the game. The choice is remembered.
"use strict";

const sounds = {
  context: null,
  on: localStorage.getItem("tauler-sounds") === "on",
};

// Plays `kind` (`move`, `capture`, `end`) if sounds are on.
function playSound(kind) {
  if (!sounds.on || !window.AudioContext) return;
  sounds.context = sounds.context || new AudioContext();
  const context = sounds.context;
  const notes = { move: [520], capture: [380, 300], end: [523, 659, 784] }[kind] || [440];
  notes.forEach((frequency, index) => {
    const start = context.currentTime + index * 0.09;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = kind === "capture" ? "triangle" : "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.12);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.13);
  });
}

// Ties the checkbox `box` to the setting.
function attachSoundSwitch(box) {
  box.checked = sounds.on;
  box.addEventListener("change", () => {
    sounds.on = box.checked;
    localStorage.setItem("tauler-sounds", sounds.on ? "on" : "off");
    if (sounds.on) playSound("move");
  });
}
