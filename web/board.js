// Draws a board picture (cells, men, labels: see src/web/picture.rs) in an
// SVG element, and turns taps, drags and keys over it into cell names.
// Knows nothing of any game: hexes or squares at (x, y), y up.
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

function legendEntry(man, legend) {
  return (legend || []).find((e) => e.letter === man.letter);
}

// A cell's name and the man on it, for its tooltip and screen readers:
// `e4: White Pawn`.
function cellTitle(name, man, legend) {
  if (!man) return `${name}: empty`;
  const entry = legendEntry(man, legend);
  const side = man.side === 0 ? "White" : "Black";
  return `${name}: ${side} ${entry ? entry.name : man.letter}`;
}

// The man drawn: its figure, or a lettered disc for a kind without one.
function drawMan(man, legend, cx, cy, size) {
  const entry = legendEntry(man, legend);
  const outer = svgElement("g", { class: "man-at" });
  const figure = entry && drawFigure(entry.figure, man.side, cx, cy, size * 1.9);
  if (figure) {
    outer.appendChild(figure);
    return outer;
  }
  const radius = size * 0.78;
  const disc = svgElement("circle", { cx, cy, r: radius });
  disc.classList.add("man", `side-${man.side}`);
  outer.appendChild(disc);
  const letter = svgElement("text", { x: cx, y: cy, "font-size": radius * 1.25 });
  letter.classList.add("letter", `side-${man.side}`);
  letter.textContent = man.letter;
  outer.appendChild(letter);
  return outer;
}

// Draws `picture` into `svg`. `marks`: { flipped, selected: [cells],
// targets: Set, last: [cells], arrows: [[cells], …], animate: {from, to},
// still: a picture only, no cell to focus or press }.
// The cell last focused keeps the focus across drawings.
function drawBoard(svg, picture, marks) {
  const f = frame(picture, marks.flipped);
  const focused = svg.contains(document.activeElement) ? svg.dataset.focus : null;
  svg.setAttribute("viewBox", `0 0 ${f.width} ${f.height}`);
  // The board's shape, for a page that sizes the board by its height.
  svg.style.setProperty("--board-ratio", `${f.width} / ${f.height}`);
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
  if (!picture.cells.some((c) => c.name === svg.dataset.focus)) {
    const first = picture.men.find((m) => m.side === (marks.flipped ? 1 : 0));
    svg.dataset.focus = first ? first.cell : picture.cells[0].name;
  }
  let moved = null;
  for (const cell of picture.cells) {
    const [cx, cy] = f.at(cell.x, cell.y);
    centres.set(cell.name, [cx, cy]);
    const man = men.get(cell.name);
    const group = svgElement("g", marks.still ? {} : {
      "data-cell": cell.name,
      role: "button",
      tabindex: cell.name === svg.dataset.focus ? "0" : "-1",
      "aria-label": cellTitle(cell.name, man, picture.legend),
      "data-x": cx.toFixed(3),
      "data-y": cy.toFixed(3),
    });
    if (selected.has(cell.name)) group.classList.add("selected");
    if (picture.check === cell.name) group.classList.add("check");
    if (last.has(cell.name)) group.classList.add("last");
    const shape = cellShape(picture.shape, cx, cy);
    shape.classList.add("cell", `shade-${cell.shade}`);
    if (cell.zone) shape.classList.add(`zone-${cell.zone}`);
    if (!marks.still) {
      const title = svgElement("title");
      title.textContent = cellTitle(cell.name, man, picture.legend);
      group.appendChild(title);
    }
    group.appendChild(shape);
    if (man) {
      const drawn = drawMan(man, picture.legend, cx, cy, size);
      group.appendChild(drawn);
      group.dataset.man = `${man.side}${man.letter}`;
      if (marks.animate && marks.animate.to === cell.name) moved = drawn;
    }
    if (marks.targets && marks.targets.has(cell.name)) {
      const dot = man
        ? svgElement("circle", { cx, cy, r: size * 0.85, class: "target capture" })
        : svgElement("circle", { cx, cy, r: size * 0.3, class: "target" });
      group.appendChild(dot);
      group.classList.add("target-cell");
    }
    svg.appendChild(group);
  }
  for (const label of marks.still ? [] : picture.labels) {
    const [x, y] = f.at(label.x, label.y);
    const text = svgElement("text", { x, y, "font-size": size * 0.7, "aria-hidden": "true" });
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
  if (moved && centres.has(marks.animate.from)) {
    // The man slides from where it stood: raised above the other cells.
    const [fx, fy] = centres.get(marks.animate.from);
    const [tx, ty] = centres.get(marks.animate.to);
    const owner = moved.parentNode;
    svg.appendChild(owner);
    moved.animate(
      [{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: 220, easing: "ease-out" },
    );
  }
  if (focused) {
    const cell = svg.querySelector(`g[data-cell="${svg.dataset.focus}"]`);
    if (cell) cell.focus();
  }
}

// The cell group under a point of the screen, if any.
function cellAt(clientX, clientY) {
  const element = document.elementFromPoint(clientX, clientY);
  return element ? element.closest("g[data-cell]") : null;
}

// The cell next to `from` in the direction (dx, dy) on screen: the nearest
// whose centre lies within 60° of that direction.
function neighbour(svg, from, dx, dy) {
  const x = Number(from.dataset.x), y = Number(from.dataset.y);
  let best = null, bestScore = Infinity;
  for (const cell of svg.querySelectorAll("g[data-cell]")) {
    const ox = Number(cell.dataset.x) - x, oy = Number(cell.dataset.y) - y;
    const along = ox * dx + oy * dy;
    const across = Math.abs(ox * dy - oy * dx);
    if (along <= 0.01 || across > along * 1.8) continue;
    const score = along + 2 * across;
    if (score < bestScore) { best = cell; bestScore = score; }
  }
  return best;
}

// Listens to `svg` once: a tap or Enter on a cell calls `handlers.tap(cell)`;
// a man dragged from one cell to another calls `handlers.drop(from, to)`
// (`handlers.draggable(cell)` says which men may be picked up); arrow
// keys move the focus from cell to cell.
function attachBoard(svg, handlers) {
  let press = null;
  const point = (event) => {
    const p = svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  };
  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const cell = event.target.closest("g[data-cell]");
    if (!cell) return;
    press = { cell: cell.dataset.cell, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
    svg.dataset.focus = press.cell;
    if (handlers.draggable(press.cell) && cell.querySelector(".man-at")) {
      press.from = cell;
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!press || !press.from || event.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 6) return;
      svg.setPointerCapture(event.pointerId);
      const man = press.from.querySelector(".man-at");
      press.ghost = man.cloneNode(true);
      press.ghost.classList.add("dragged");
      press.origin = [Number(press.from.dataset.x), Number(press.from.dataset.y)];
      man.classList.add("lifted");
      svg.appendChild(press.ghost);
      svg.classList.add("dragging");
    }
    const p = point(event);
    press.ghost.setAttribute("transform", `translate(${p.x - press.origin[0]},${p.y - press.origin[1]})`);
  });
  const release = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const done = press;
    press = null;
    svg.classList.remove("dragging");
    if (!done.ghost) {
      if (!cancelled) handlers.tap(done.cell);
      return;
    }
    done.ghost.remove();
    const target = cancelled ? null : cellAt(event.clientX, event.clientY);
    handlers.drop(done.cell, target ? target.dataset.cell : null);
  };
  svg.addEventListener("pointerup", (event) => release(event, false));
  svg.addEventListener("pointercancel", (event) => release(event, true));
  const directions = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  svg.addEventListener("keydown", (event) => {
    const cell = event.target.closest("g[data-cell]");
    if (!cell) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handlers.tap(cell.dataset.cell);
      return;
    }
    const direction = directions[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = neighbour(svg, cell, ...direction);
    if (!next) return;
    cell.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    svg.dataset.focus = next.dataset.cell;
    next.focus();
  });
}
