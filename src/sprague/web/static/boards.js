// Boards to click (issue 36, point 3): graph games drawn as SVG (Node Kayles, Arc Kayles, Vertex and Edge
// Geography) and board games as cells (Chomp, Cram, Dawson's Chess), from the answer's "drawing" (the ruleset's
// `drawing` hook, sprague.core.ruleset.Rules.drawing) and each option's "targets" (`move_targets`: the ids of the
// elements a click on which plays it). A click plays the one move it names; an element that plays exactly one move
// is coloured by that move's result (green wins, red loses) only when every option is listed (a board coloured from
// a list of the winning moves only would give the answer away). No game is named here: what to draw comes from the
// ruleset. Plain JavaScript, no build step; app.js calls `spragueBoards.draw(...)` from drawBoard.
"use strict";
window.spragueBoards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const KIND = {P: "win", N: "lose", D: "draw"};   // an option's outcome is the opponent's: P means the move wins
  const VERDICT = {win: "a winning move", lose: "a losing move", draw: "a drawing move"};
  let chosenCell = false;   // a domino's first cell is chosen (Escape lets it go: cancel())

  function svgEl(name, attrs, parent) {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
    if (parent) parent.appendChild(el);
    return el;
  }

  // The options each element plays: id -> [option]; a pair "r,c+r,c" (Cram's domino) under both of its cells'
  // partner maps too: cell -> Map(partner cell -> [option]).
  function index(options) {
    const by = new Map(), pairs = new Map();
    const add = (map, key, o) => { if (!map.has(key)) map.set(key, []); if (!map.get(key).includes(o)) map.get(key).push(o); };
    for (const o of options) {
      for (const t of o.targets || []) {
        const parts = t.split("+");
        if (parts.length === 2) {
          for (const [a, b] of [parts, [parts[1], parts[0]]]) {
            if (!pairs.has(a)) pairs.set(a, new Map());
            add(pairs.get(a), b, o);
          }
        } else add(by, t, o);
      }
    }
    return {by, pairs};
  }

  // The colour class and the words of an element that plays `moves` (coloured only when it plays exactly one).
  function verdict(moves, allListed) {
    if (!moves || !moves.length) return {kind: "", words: "no move"};
    if (moves.length > 1) return {kind: "", words: `plays one of ${moves.length} moves: shows them`};
    const kind = allListed ? KIND[moves[0].outcome] || "" : "";
    return {kind, words: kind ? VERDICT[kind] : "plays this move"};
  }

  // "vertex 3 (removes 2, 3, 4)" for "vertex 3" -> "removes 2, 3, 4": the move's words without the element's name.
  function detail(what, o) {
    const m = o.move.startsWith(what) ? o.move.slice(what.length).trim().replace(/^\((.*)\)$/, "$1") : o.move;
    return m ? `${m}; ` : "";
  }

  // Make an element a button: click, Enter and Space play (or show) its moves.
  function clickable(el, label, act) {
    el.setAttribute("role", "button"); el.setAttribute("tabindex", "0"); el.setAttribute("aria-label", label);
    el.addEventListener("click", (ev) => { ev.stopPropagation(); act(); });
    el.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(); }
    });
  }

  // A click on an element: its one move is played; several are shown in the list of options.
  function choose(ctx, moves, what) {
    if (moves.length === 1) { chosenCell = false; return ctx.play(moves[0]); }
    const keep = new Set(moves.map((o) => JSON.stringify(o.position)));
    ctx.filter((o) => keep.has(JSON.stringify(o.position)), `moves of ${what}`);
  }

  // ------------------------------------------------------------------ graphs
  // Vertices on a circle (in the drawing's order: the token's vertex first for Geography), starting at the top;
  // edges as lines, parallel ones bowed apart; each edge has a round handle at its middle (the tap target).
  // `places`: the vertices of the game's start, in order: each vertex keeps its place all game long.
  function layout(d, places) {
    const names = [...places, ...d.vertices.map((v) => v.name).filter((v) => !places.includes(v))];
    const n = names.length, R = Math.max(110, (n * 56) / (2 * Math.PI)), M = 40, W = 2 * (R + M);
    const at = new Map();
    names.forEach((v, k) => {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / Math.max(1, n);
      at.set(v, n === 1 ? [W / 2, W / 2] : [W / 2 + R * Math.cos(a), W / 2 + R * Math.sin(a)]);
    });
    const groups = new Map();   // edges between one pair of vertices, either way
    for (const e of d.edges) {
      const key = [e.from, e.to].sort().join("\u0000");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(e);
    }
    const bends = new Map();
    for (const list of groups.values()) list.forEach((e, k) => bends.set(e.id, (k - (list.length - 1) / 2) * 48));
    return {W, at, bends};
  }

  function edgeShape(e, L) {
    const [x1, y1] = L.at.get(e.from), [x2, y2] = L.at.get(e.to);
    if (e.from === e.to) {   // a loop: a small circle above its vertex
      return {d: `M ${x1} ${y1 - 24} a 22 22 0 1 1 0.1 0`, hx: x1, hy: y1 - 70};
    }
    // the bend is measured across the pair's canonical direction, so a>b and b>a bow to opposite sides
    const flip = e.from < e.to ? 1 : -1, len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = (-(y2 - y1) / len) * flip, ny = ((x2 - x1) / len) * flip, b = L.bends.get(e.id);
    const hx = (x1 + x2) / 2 + nx * b, hy = (y1 + y2) / 2 + ny * b;
    const cx = 2 * hx - (x1 + x2) / 2, cy = 2 * hy - (y1 + y2) / 2;   // the curve passes through the handle
    // stop an arc at its head vertex's rim, so that its arrowhead shows
    const ex = x2 - (x2 - cx) / (Math.hypot(x2 - cx, y2 - cy) || 1) * 26, ey = y2 - (y2 - cy) / (Math.hypot(x2 - cx, y2 - cy) || 1) * 26;
    return {d: `M ${x1} ${y1} Q ${cx} ${cy} ${e.directed ? ex : x2} ${e.directed ? ey : y2}`, hx, hy};
  }

  function drawGraph(d, ctx) {
    const L = layout(d, ctx.places), {by} = index(ctx.options);
    const svg = svgEl("svg", {viewBox: `0 0 ${L.W} ${L.W}`, class: "board-graph", "data-testid": "board-graph",
                              role: "group"});
    svg.style.minWidth = `${L.W}px`;   // never smaller than 1 px a unit: vertices 48 px, handles 46 px across
    svg.setAttribute("aria-label", `the graph: ${d.vertices.length} vertices (${d.vertices.map((v) => v.name).join(", ")})` +
      `, ${d.edges.length} ${d.edges.some((e) => e.directed) ? "arcs and edges" : "edges"}` +
      (d.token !== null && d.token !== undefined ? `; the token is on ${d.token}` : ""));
    const defs = svgEl("defs", {}, svg), marker = svgEl("marker", {id: "board-arrow", viewBox: "0 0 10 10", refX: 9,
      refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"}, defs);
    svgEl("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "board-arrowhead"}, marker);
    const handles = [];
    for (const e of d.edges) {
      const s = edgeShape(e, L), moves = by.get(e.id) || [];
      const g = svgEl("g", {class: "board-edge", "data-id": e.id, "data-testid": "board-edge"}, svg);
      svgEl("path", {d: s.d, class: "board-line", ...(e.directed ? {"marker-end": "url(#board-arrow)"} : {})}, g);
      if (moves.length && ctx.playable) handles.push([e, s, moves]);
    }
    for (const v of d.vertices) {
      const [x, y] = L.at.get(v.name), moves = by.get(v.id) || [];
      const g = svgEl("g", {class: "board-vertex", "data-id": v.id, "data-testid": "board-vertex"}, svg);
      if (v.name === d.token) g.classList.add("token");
      svgEl("circle", {cx: x, cy: y, r: 24}, g);
      const t = svgEl("text", {x, y, "text-anchor": "middle", "dominant-baseline": "central"}, g);
      t.textContent = v.name.length > 4 ? v.name.slice(0, 3) + "…" : v.name;
      const what = `vertex ${v.name}` + (v.name === d.token ? " (the token)" : "");
      if (moves.length && ctx.playable) target(g, ctx, moves, what);
      else g.setAttribute("aria-hidden", "true");
    }
    for (const [e, s, moves] of handles) {   // last: the handles sit above the vertices' circles
      const g = svgEl("g", {class: "board-handle", "data-id": e.id, "data-testid": "board-handle"}, svg);
      svgEl("circle", {cx: s.hx, cy: s.hy, r: 23}, g);
      const t = svgEl("text", {x: s.hx, y: s.hy, "text-anchor": "middle", "dominant-baseline": "central"}, g);
      t.textContent = e.directed ? "→" : "–";
      target(g, ctx, moves, `${e.directed ? "arc" : "edge"} ${e.from}${e.directed ? ">" : "-"}${e.to}`);
    }
    return svg;
  }

  // An element that plays exactly the option `o`: its move in words, the position it leaves and its outcome.
  function mark(el, o) {
    el.classList.add("move");
    Object.assign(el.dataset, {position: JSON.stringify(o.position), move: o.move, outcome: o.outcome});
  }

  // An element that plays `moves`: coloured, labelled and clickable.
  function target(el, ctx, moves, what) {
    const v = verdict(moves, ctx.allListed);
    if (v.kind) el.classList.add(v.kind);
    el.classList.add("playable");
    el.dataset.moves = String(moves.length);
    if (moves.length === 1) mark(el, moves[0]);
    clickable(el, `${what}: ${moves.length === 1 ? detail(what, moves[0]) : ""}${v.words}`, () => choose(ctx, moves, what));
  }

  // ------------------------------------------------------------------ cells
  // A board of cells as buttons: one click plays the move named by the cell (pick 1), or two clicks place a
  // domino (pick 2): the first highlights the cell and the cells that complete a legal domino (coloured by the
  // domino's result); a click on one of them plays it; Escape, the chosen cell again or a click beside the board
  // cancels, and another cell starts again from it.
  function drawCells(d, ctx) {
    const {by, pairs} = index(ctx.options), wrap = document.createElement("div");
    wrap.className = "board-cells-wrap";
    const grid = document.createElement("div"), note = document.createElement("p");
    grid.className = "board-cells"; grid.setAttribute("data-testid", "board-cells");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", `the board: ${d.rows.length} rows, ${Math.max(...d.rows.map((r) => r.length))} columns`);
    note.className = "board-note"; note.setAttribute("aria-live", "polite"); note.setAttribute("data-testid", "board-note");
    const cells = new Map();
    let chosen = null;
    const cancel = () => {
      if (chosen !== null) ctx.filter(() => true, "moves");   // the list shows every move again
      chosen = null; chosenCell = false; note.textContent = "";
      for (const [id, b] of cells) {
        b.classList.remove("chosen", "partner", "move", "win", "lose", "draw"); b.setAttribute("aria-pressed", "false");
        for (const k of ["position", "move", "outcome"]) delete b.dataset[k];
        label(id, b);
      }
    };
    const label = (id, b) => {
      const [r, c] = id.split(",").map(Number), ch = d.rows[r][c], name = d.names[r][c];
      const what = `${name}: ${d.marks[id] ? `the ${d.marks[id]} square` : (d.words[ch] || ch)}`;
      const partners = pairs.get(id);
      if (d.pick === 2) b.setAttribute("aria-label", partners ? `${what}; choose it for one end of a domino` : `${what}; no move`);
      else {
        const moves = by.get(id) || [], v = verdict(moves, ctx.allListed);
        b.setAttribute("aria-label", moves.length ? `${what}; ${moves.length === 1 ? detail(name, moves[0]) : ""}${v.words}` : `${what}; no move`);
      }
    };
    const pick = (id, b) => {
      if (chosen === id) return cancel();   // the chosen cell again: let go
      if (chosen !== null) {   // the second click: a partner plays the domino; another cell starts again from it
        const moves = pairs.get(chosen).get(id);
        if (moves) return choose(ctx, moves, `the domino ${id}`);
        cancel();
      }
      if (!pairs.has(id)) return;
      chosen = id; chosenCell = true; b.classList.add("chosen"); b.setAttribute("aria-pressed", "true");
      const covering = new Set([...pairs.get(id).values()].flat().map((o) => JSON.stringify(o.position)));
      ctx.filter((o) => covering.has(JSON.stringify(o.position)), `moves covering ${b.dataset.name}`);
      for (const [other, moves] of pairs.get(id)) {
        const p = cells.get(other), v = verdict(moves, ctx.allListed);
        p.classList.add("partner"); if (v.kind) p.classList.add(v.kind);
        if (moves.length === 1) mark(p, moves[0]);
        const [r, c] = other.split(",").map(Number);
        p.setAttribute("aria-label", `${d.names[r][c]}: place the domino ${moves.length === 1 ? detail("", moves[0]) : ""}${v.words}`);
      }
      note.textContent = `${b.dataset.name} chosen: click a marked neighbour to place the domino there; Escape ` +
        "cancels, another cell starts again from it.";
    };
    d.rows.forEach((row, r) => {
      const line = document.createElement("div");
      line.className = "board-row";
      [...row].forEach((ch, c) => {
        const id = `${r},${c}`, b = document.createElement("button"), moves = by.get(id) || [];
        b.type = "button"; b.className = `cell board-cell ${ch === "." ? "empty" : "full"} c-${ch === "." ? "empty" : ch === "#" ? "full" : ch === "p" ? "them" : ch === "P" ? "us" : "other"}`;
        b.dataset.id = id; b.dataset.name = b.dataset.cell = d.names[r][c]; b.setAttribute("data-testid", "cell");
        b.textContent = ch === "p" ? "♟" : ch === "P" ? "♙" : d.marks[id] === "poisoned" ? "☠" : "";
        if (d.marks[id]) b.classList.add(d.marks[id]);
        if (d.pick === 1 && moves.length) {
          const v = verdict(moves, ctx.allListed);
          if (v.kind) b.classList.add(v.kind);
          b.dataset.moves = String(moves.length);
          if (moves.length === 1) mark(b, moves[0]);
        }
        const live = ctx.playable && (d.pick === 1 ? moves.length > 0 : true);
        b.disabled = !live;
        if (live && d.pick === 1) b.classList.add("playable");
        if (d.pick === 2) b.setAttribute("aria-pressed", "false");
        b.onclick = () => (d.pick === 1 ? choose(ctx, moves, d.names[r][c]) : pick(id, b));
        label(id, b); cells.set(id, b); line.appendChild(b);
      });
      grid.appendChild(line);
    });
    grid.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && chosen !== null) { cancel(); } });
    wrap.addEventListener("click", (ev) => { if (chosen !== null && !ev.target.closest("button")) cancel(); });
    wrap.append(grid, note);
    return wrap;
  }

  // Draw position `at` of `game` into `box`, from the answer for it ("drawing", each option's "targets"): true when
  // drawn as a board to click, false when the position is too large to draw (its note says so), null when there is
  // no drawing (the ruleset has none, or it is not known yet): app.js then draws the position its own way.
  // `app`: {play(option), filter(keep, what)}; `options`: the options listed (none when not all are).
  function draw(box, game, at, options, playable, app) {
    const known = game.values[game.positions.length - 1] || {}, drawing = known.drawing;
    if (!drawing || JSON.stringify(known.position) !== JSON.stringify(at)) return null;
    chosenCell = false;
    if (drawing.kind === "text") {
      const p = document.createElement("p");
      p.className = "board-note"; p.setAttribute("data-testid", "board-note"); p.textContent = drawing.note;
      box.appendChild(p);
      return false;
    }
    const first = (game.values[0] || {}).drawing, places = first && first.kind === "graph" ? first.vertices.map((v) => v.name) : [];
    const ctx = {options, playable, allListed: !!game.allListed && options.length > 0, play: app.play, filter: app.filter,
                 places: places.length <= 30 ? places : []};
    const holder = document.createElement("div");
    holder.className = "board-holder"; holder.setAttribute("data-testid", "board-drawn");
    holder.appendChild(drawing.kind === "graph" ? drawGraph(drawing, ctx) : drawCells(drawing, ctx));
    box.appendChild(holder);
    return true;
  }

  // Escape: a domino's first cell is let go (true when one was chosen: the caller draws the board again).
  function cancel() { const was = chosenCell; chosenCell = false; return was; }

  return {draw, cancel};
})();
