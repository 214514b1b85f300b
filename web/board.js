// Draws a board picture (cells, men, labels: see src/web/picture.rs) in an
// SVG element. Knows nothing of any game: hexes or squares at (x, y), y up.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes || {})) {
    element.setAttribute(key, value);
  }
  return element;
}

// The drawing's frame: where each (x, y) of the picture lands on screen.
function frame(picture, flipped) {
  const points = picture.cells.concat(picture.labels);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const margin = 1.2;
  const minX = Math.min(...xs) - margin, maxX = Math.max(...xs) + margin;
  const minY = Math.min(...ys) - margin, maxY = Math.max(...ys) + margin;
  return {
    width: maxX - minX,
    height: maxY - minY,
    at(x, y) {
      return flipped ? [maxX - x, y - minY] : [x - minX, maxY - y];
    },
  };
}

function cellShape(shape, cx, cy) {
  if (shape === "hex") {
    const corners = [];
    for (let k = 0; k < 6; k++) {
      const angle = (Math.PI / 3) * k;
      corners.push(`${(cx + Math.cos(angle)).toFixed(3)},${(cy + Math.sin(angle)).toFixed(3)}`);
    }
    return svgElement("polygon", { points: corners.join(" ") });
  }
  return svgElement("rect", { x: cx - 0.5, y: cy - 0.5, width: 1, height: 1 });
}

// A cell's name and the man on it, for its tooltip and screen readers:
// `e4: White Pawn`.
function cellTitle(name, man, legend) {
  if (!man) return `${name}: empty`;
  const entry = (legend || []).find((e) => e.letter === man.letter);
  const side = man.side === 0 ? "White" : "Black";
  return `${name}: ${side} ${entry ? entry.name : man.letter}`;
}

// Draws `picture` into `svg`. `marks`: { flipped, selected: [cells],
// targets: Set, last: [cells], arrows: [[cells], …] }; `onClick(cell)`.
function drawBoard(svg, picture, marks, onClick) {
  const f = frame(picture, marks.flipped);
  svg.setAttribute("viewBox", `0 0 ${f.width} ${f.height}`);
  svg.replaceChildren();
  const defs = svgElement("defs");
  const head = svgElement("marker", {
    id: "arrow-head", viewBox: "0 0 10 10", refX: "5", refY: "5",
    markerWidth: "3", markerHeight: "3", orient: "auto-start-reverse",
  });
  head.appendChild(svgElement("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "rgba(30,140,60,0.8)" }));
  defs.appendChild(head);
  svg.appendChild(defs);
  const size = picture.shape === "hex" ? 1 : 0.5;
  const centres = new Map();
  const men = new Map(picture.men.map((m) => [m.cell, m]));
  const selected = new Set(marks.selected || []);
  const last = new Set(marks.last || []);
  for (const cell of picture.cells) {
    const [cx, cy] = f.at(cell.x, cell.y);
    centres.set(cell.name, [cx, cy]);
    const group = svgElement("g", { "data-cell": cell.name });
    if (selected.has(cell.name)) group.classList.add("selected");
    if (picture.check === cell.name) group.classList.add("check");
    const shape = cellShape(picture.shape, cx, cy);
    shape.classList.add("cell", `shade-${cell.shade}`);
    if (cell.zone) shape.classList.add(`zone-${cell.zone}`);
    if (last.has(cell.name)) shape.classList.add("last");
    const title = svgElement("title");
    title.textContent = cellTitle(cell.name, men.get(cell.name), picture.legend);
    group.appendChild(title);
    group.appendChild(shape);
    const man = men.get(cell.name);
    if (man) {
      const radius = size * 0.78;
      const disc = svgElement("circle", { cx, cy, r: radius });
      disc.classList.add("man", `side-${man.side}`);
      group.appendChild(disc);
      const letter = svgElement("text", { x: cx, y: cy, "font-size": radius * 1.25 });
      letter.classList.add("letter", `side-${man.side}`);
      letter.textContent = man.letter;
      group.appendChild(letter);
      group.dataset.man = `${man.side}${man.letter}`;
    }
    if (marks.targets && marks.targets.has(cell.name)) {
      group.appendChild(svgElement("circle", { cx, cy, r: size * 0.3, class: "target" }));
      group.classList.add("target-cell");
    }
    group.addEventListener("click", () => onClick(cell.name));
    svg.appendChild(group);
  }
  for (const label of picture.labels) {
    const [x, y] = f.at(label.x, label.y);
    const text = svgElement("text", { x, y, "font-size": size * 0.7 });
    text.classList.add("coordinate");
    text.textContent = label.text;
    svg.appendChild(text);
  }
  (marks.arrows || []).forEach((cells, index) => {
    const points = cells.map((name) => centres.get(name)).filter(Boolean);
    if (points.length < 2) return;
    const line = svgElement("polyline", {
      points: points.map((p) => p.join(",")).join(" "),
      "stroke-width": size * 0.22,
      "marker-end": "url(#arrow-head)",
    });
    line.classList.add("arrow", index === 0 ? "pv1" : "pv2");
    svg.appendChild(line);
  });
}
