// The men drawn as figures: one SVG drawing per kind (the `figure` of a
// legend entry, see src/web/picture.rs), in a 40×40 box, filled by side.
// Drawn for this project in a plain Staunton style; the C'escacs kinds
// that chess lacks each show what they are (an elephant, a winged dragon,
// a winged horse), Camelot's men are round men.
"use strict";

const FIGURE_BASE = "M9 36 H31 Q32 36 32 34.5 Q32 32 29 32 H11 Q8 32 8 34.5 Q8 36 9 36 Z";
const KNIGHT_HEAD = "M12 32 Q12 25 17.5 20.5 Q14 21.5 11 23 Q8 22.5 8.5 19.5 L15.5 10.5 L16 6 L19.5 8.8 Q28.5 9.5 30 20 Q31 27 29 32 Z";

// Each figure: [[kind, attributes], …] where kind is path or circle; a
// `detail` part is drawn in the contrasting colour.
const FIGURES = {
  pawn: [
    ["path", { d: "M13.5 32 Q13.5 23.5 17 20.5 Q15 19.5 15 17.5 H25 Q25 19.5 23 20.5 Q26.5 23.5 26.5 32 Z" }],
    ["circle", { cx: 20, cy: 12.5, r: 5.2 }],
  ],
  rook: [
    ["path", { d: "M11 32 V28 H13.5 V17 L11 14.5 V8 H15 V11 H18 V8 H22 V11 H25 V8 H29 V14.5 L26.5 17 V28 H29 V32 Z" }],
    ["path", { d: "M13.5 17 H26.5 M13.5 28 H26.5", detail: true }],
  ],
  bishop: [
    ["path", { d: "M13.5 32 Q13 27 16.5 25 Q11.5 21 13.5 15.5 Q15.5 10.5 20 7.5 Q24.5 10.5 26.5 15.5 Q28.5 21 23.5 25 Q27 27 26.5 32 Z" }],
    ["circle", { cx: 20, cy: 6, r: 2.2 }],
    ["path", { d: "M22 12.5 L18 18.5 M16.5 25 H23.5", detail: true }],
  ],
  queen: [
    ["path", { d: "M11 32 L8.5 14 L14 23 L14.5 11 L19 21.5 L20 9 L21 21.5 L25.5 11 L26 23 L31.5 14 L29 32 Z" }],
    ["circle", { cx: 8.5, cy: 13, r: 2 }], ["circle", { cx: 14.5, cy: 10, r: 2 }],
    ["circle", { cx: 20, cy: 8, r: 2 }], ["circle", { cx: 25.5, cy: 10, r: 2 }],
    ["circle", { cx: 31.5, cy: 13, r: 2 }],
    ["path", { d: "M11.5 27.5 Q20 25 28.5 27.5", detail: true }],
  ],
  king: [
    ["path", { d: "M11 32 Q7 23 12.5 19.5 Q17 17 20 21 Q23 17 27.5 19.5 Q33 23 29 32 Z" }],
    ["path", { d: "M16.5 19.5 Q20 11.5 23.5 19.5 Z" }],
    ["path", { d: "M20 4.5 V13 M16.5 8 H23.5", cross: true }],
    ["path", { d: "M11.5 27.5 Q20 25 28.5 27.5", detail: true }],
  ],
  knight: [
    ["path", { d: KNIGHT_HEAD }],
    ["circle", { cx: 17.5, cy: 13.5, r: 1.2, detail: true }],
    ["path", { d: "M20 9.5 Q27 12 27.5 21 Q28 27 27 32", detail: true }],
  ],
  // C'escacs: the Elephant (one or two steps forward, four diagonals): a
  // head in profile with its fan ear, tusk and a trunk curling forward.
  elephant: [
    ["path", { d: "M14 32 Q14 27 17.5 24 L17 21.5 Q14.5 22 14.5 26 Q14.5 30.5 10.5 30.5 Q6.5 30.5 6.5 27 Q6.5 25 8.5 25.5 Q8.5 27.5 10 27.5 Q11 27.5 11 25 Q10 20 10.5 15.5 Q11.5 8.5 18.5 7.5 Q25.5 7 29 11 Q32.5 15 31.5 21.5 Q31 27 29.5 32 Z" }],
    ["path", { d: "M20.5 11 Q27 9 29.5 14.5 Q31 21 26.5 24.5 Q24 26 22.5 24 Q20 19 20.5 11 Z" }],
    ["circle", { cx: 15.5, cy: 14, r: 1.2, detail: true }],
    ["path", { d: "M17 22 Q19 25.5 23 25", detail: true }],
  ],
  // C'escacs: the Wyvern (Rook and knight): a dragon's head and a bat wing.
  wyvern: [
    ["path", { d: "M22 17 L33 6 L32 12 L36 11.5 L31.5 16.5 L35 18 L26 21 Z" }],
    ["path", { d: "M12 32 Q12 25 17.5 21 Q13.5 22.5 9 22.5 L7 20 L11 18 L8.5 16 L15.5 11 L14 5.5 L18.5 8.5 L21 5.5 L21.5 9.5 Q28 12 29 21 Q30 27 28.5 32 Z" }],
    ["circle", { cx: 16.5, cy: 13.5, r: 1.2, detail: true }],
    ["path", { d: "M9.5 19.5 L13.5 19", detail: true }],
  ],
  // C'escacs: the Pegasus (Bishop and knight): a horse with a feathered wing.
  pegasus: [
    ["path", { d: KNIGHT_HEAD }],
    ["path", { d: "M21.5 19 Q27 8 37 5 Q35 9 33 10.5 Q36 11 35.5 13 Q32.5 14 31 14.5 Q33 16 31 18 Q27 19.5 23.5 22 Z" }],
    ["circle", { cx: 17.5, cy: 13.5, r: 1.2, detail: true }],
    ["path", { d: "M25 16.5 Q29 11.5 34 8 M26.5 18.5 Q30 15 33.5 13", detail: true }],
  ],
  // Camelot's man: a round man, seen from the side.
  man: [
    ["path", { d: "M10 31 V26 Q10 23 20 23 Q30 23 30 26 V31 Q30 34 20 34 Q10 34 10 31 Z" }],
    ["path", { d: "M10 26 Q10 29 20 29 Q30 29 30 26", detail: true }],
    ["circle", { cx: 20, cy: 15, r: 6 }],
  ],
};

// Draws the figure `name` for `side` (0 White, 1 Black) centred on
// (cx, cy), `size` wide; answers the group, or null for an unknown figure.
function drawFigure(name, side, cx, cy, size) {
  const parts = FIGURES[name];
  if (!parts) return null;
  const scale = size / 40;
  const group = svgElement("g", {
    transform: `translate(${(cx - size / 2).toFixed(3)},${(cy - size / 2).toFixed(3)}) scale(${scale.toFixed(4)})`,
  });
  group.classList.add("figure", `side-${side}`);
  const body = svgElement("g", { class: "body" });
  if (name !== "man") body.appendChild(svgElement("path", { d: FIGURE_BASE }));
  group.appendChild(body);
  for (const [kind, attributes] of parts) {
    const { detail, cross, ...rest } = attributes;
    const element = svgElement(kind, rest);
    if (detail || cross) {
      element.classList.add(detail ? "detail" : "cross");
      group.appendChild(element);
    } else {
      body.appendChild(element);
    }
  }
  return group;
}
