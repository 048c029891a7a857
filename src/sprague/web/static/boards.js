// Boards you click, for the games on graphs and boards of cells (issue 36): Node Kayles, Arc Kayles and both
// Geographies drawn as graphs; Chomp, Cram and Dawson's Chess on their cells. A click plays the move it names,
// found among the options the server listed (each option's `move` is the ruleset's describe_move: "vertex 3
// (removes 2, 3, 4)", "edge 1-2", "a -> b", "b1", "domino a1-b1", "push c1-c2; ..."); each element that makes
// one move is coloured by that move's result (green: to a P-position, a winning move; red: a losing one), only when
// every option is listed (the page never gives away the winning moves of a position it lists only some of).
// Plain JavaScript, no build step: window.spragueBoards.draw(...) is called by app.js's drawBoard.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const GRAPHS = {"node-kayles": "vertex", "arc-kayles": "edge", "vertex-geography": "token", "edge-geography": "token"};
  const CELLS = {"chomp": chompCell, "cram": cramCell, "dawsons-chess-board": dawsonCell};
  const MAX_VERTICES = 30;   // past it a circle of vertices is unreadable: the position stays text
  let selected = null;      // Cram: the cell clicked first, {i, j}, until the domino's second cell is clicked

  function kind(o) { return o.outcome === "P" ? "win" : o.outcome === "N" ? "lose" : o.outcome === "D" ? "draw" : "unknown"; }
  function said(o) {
    return {win: "a winning move", lose: "a losing move", draw: "a drawing move", unknown: "not known"}[kind(o)];
  }

  // "1-2 1-5 3" or "a>b b-c @a": vertices (in order of appearance), edges [a, b, directed] and the token.
  function parseGraph(text) {
    const g = {vertices: [], edges: [], token: null}, seen = new Set();
    if (String(text).trim() === "empty") return g;   // how the rulesets write the graph with no vertex
    const add = (v) => { if (!seen.has(v)) { seen.add(v); g.vertices.push(v); } };
    for (const t of String(text).trim().split(/\s+/).filter(Boolean)) {
      const m = /^([^>\-@]+)([>\-])([^>\-@]+)$/.exec(t);
      if (t.startsWith("@")) { g.token = t.slice(1); add(g.token); }
      else if (m) { add(m[1]); add(m[3]); g.edges.push([m[1], m[3], m[2] === ">"]); }
      else add(t);
    }
    return g;
  }

  // Every vertex of the game's start on a circle, in their natural order: a vertex keeps its place all game long.
  function layout(start, size) {
    const names = parseGraph(start).vertices.slice().sort((a, b) => a.localeCompare(b, undefined, {numeric: true}));
    const place = {}, c = size / 2, radius = names.length === 1 ? 0 : c - 34;
    names.forEach((v, k) => {
      const angle = -Math.PI / 2 + 2 * Math.PI * k / names.length;
      place[v] = [c + radius * Math.cos(angle), c + radius * Math.sin(angle)];
    });
    return place;
  }

  // The option a click on a vertex or an edge plays, by the game's words for its moves.
  function graphMove(rules, g, options, what) {
    if (rules === "vertex" && what.vertex !== undefined) {
      return options.find((o) => o.move === `vertex ${what.vertex}` || o.move.startsWith(`vertex ${what.vertex} (`));
    }
    if (rules === "edge" && what.edge) {
      const [a, b] = what.edge;
      return options.find((o) => o.move === `edge ${a}-${b}` || o.move === `edge ${b}-${a}`);
    }
    if (rules === "token") {
      const to = what.vertex !== undefined ? what.vertex : what.edge && what.edge[0] === g.token ? what.edge[1] :
        what.edge && !what.edge[2] && what.edge[1] === g.token ? what.edge[0] : undefined;
      return to === undefined ? undefined : options.find((o) => o.move === `${g.token} -> ${to}`);
    }
    return undefined;
  }

  function svgElement(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // A clickable SVG element: Tab reaches it, Enter or Space plays, its label says the move and its result.
  function clickable(e, label, play) {
    e.setAttribute("tabindex", "0"); e.setAttribute("role", "button"); e.setAttribute("aria-label", label);
    e.addEventListener("click", play);
    e.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); play(); } });
  }

  function drawGraph(box, ruleset, game, at, options, playable, play) {
    const rules = GRAPHS[ruleset], g = parseGraph(at), size = 360;
    if (parseGraph(game.positions[0]).vertices.length > MAX_VERTICES) {
      box.textContent = `(a graph of over ${MAX_VERTICES} vertices: too many to draw; the list of moves plays it)`;
      return false;
    }
    const place = layout(game.positions[0], size), svg = svgElement("svg", {viewBox: `0 0 ${size} ${size}`,
      class: `graph-board ${ruleset}`, role: "group", "data-testid": "graph-board"});
    svg.setAttribute("aria-label", `the graph: ${g.vertices.length} vertices, ${g.edges.length} ` +
      `${g.edges.some((e) => e[2]) ? "edges and arcs" : "edges"}` + (g.token ? `; the token is on ${g.token}` : ""));
    const defs = svgElement("defs", {}, svg), arrow = svgElement("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10,
      refY: 5, markerWidth: 14, markerHeight: 14, markerUnits: "userSpaceOnUse", orient: "auto-start-reverse"}, defs);
    svgElement("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead"}, arrow);
    for (const [a, b, directed] of g.edges.filter(([a, b]) => place[a] && place[b])) drawEdge(svg, rules, g, place, [a, b, directed], options, playable, play);
    for (const v of g.vertices) drawVertex(svg, rules, g, place[v] || [size / 2, size / 2], v, options, playable, play);
    box.appendChild(svg);
    return true;
  }

  function drawEdge(svg, rules, g, place, edge, options, playable, play) {
    const [a, b, directed] = edge, d = Math.hypot(place[b][0] - place[a][0], place[b][1] - place[a][1]) || 1;
    // two arcs a>b and b>a side by side: each moved a little to its right
    const twin = directed && g.edges.some(([u, v, dir]) => dir && u === b && v === a), s = twin ? 6 / d : 0;
    const nx = -(place[b][1] - place[a][1]) * s, ny = (place[b][0] - place[a][0]) * s;
    const [x1, y1, x2, y2] = [place[a][0] + nx, place[a][1] + ny, place[b][0] + nx, place[b][1] + ny];
    const k = 22 / d;   // from rim to rim of the vertices' circles
    const group = svgElement("g", {class: "edge", "data-edge": `${a}-${b}`, "data-testid": "graph-edge"}, svg);
    const ends = {x1: x1 + (x2 - x1) * k, y1: y1 + (y2 - y1) * k, x2: x2 - (x2 - x1) * k, y2: y2 - (y2 - y1) * k};
    svgElement("line", {...ends, class: "line", ...(directed ? {"marker-end": "url(#arrow)"} : {})}, group);
    const o = playable && rules !== "vertex" ? graphMove(rules, g, options, {edge}) : undefined;
    if (!o) return;
    svgElement("line", {...ends, class: "hit"}, group);   // a wide invisible stroke: a finger can tap it
    group.classList.add("move", kind(o));
    Object.assign(group.dataset, {outcome: o.outcome, move: o.move});
    clickable(group, `${rules === "edge" ? "edge" : "move along"} ${a}${directed ? ">" : "-"}${b}: ${o.move}; ${said(o)}`,
              () => play(o));
  }

  function drawVertex(svg, rules, g, [x, y], v, options, playable, play) {
    const group = svgElement("g", {class: "vertex" + (v === g.token ? " token" : ""), "data-vertex": v,
                                   "data-testid": "graph-vertex"}, svg);
    svgElement("circle", {cx: x, cy: y, r: 22}, group);
    const label = svgElement("text", {x, y, "text-anchor": "middle", "dominant-baseline": "central"}, group);
    label.textContent = v;
    const o = playable && rules !== "edge" ? graphMove(rules, g, options, {vertex: v}) : undefined;
    if (!o) {
      if (v === g.token) group.setAttribute("aria-label", `vertex ${v}: the token`);
      return;
    }
    group.classList.add("move", kind(o));
    Object.assign(group.dataset, {outcome: o.outcome, move: o.move});
    clickable(group, `vertex ${v}: ${o.move}; ${said(o)}`, () => play(o));
  }

  // ---------------------------------------------------------------- boards of cells
  function chompCell(at, i, j, name, options) {
    if (i === 0 && j === 0) return {text: "☠", label: `${name}: the poisoned square (whoever must take it loses)`};
    return {move: options.find((o) => o.move === name)};
  }

  function dawsonCell(at, i, j, name, options, names) {
    // the player to move has the pawns "P" of the last row, which the moves number as row 1
    if (i !== at.length - 1 || at[i][j] !== "P") return {};
    return {move: options.find((o) => o.move.startsWith(`push ${names.column(j)}1-`))};
  }

  function cramCell(at, i, j, name, options, names) {
    if (at[i][j] !== ".") return {};
    const covering = options.filter((o) => o.move.startsWith("domino ") && o.move.slice(7).split("-").includes(name));
    if (!selected) return {select: covering.length > 0};
    const first = names.cell(selected.i, selected.j);
    if (selected.i === i && selected.j === j) return {select: true, chosen: true};
    const o = covering.find((c) => c.move === `domino ${first}-${name}` || c.move === `domino ${name}-${first}`);
    return o ? {move: o, partner: true} : {select: covering.length > 0};
  }

  function drawCells(box, ruleset, at, options, playable, play, app) {
    const names = {cell: app.cellName, column: (j) => app.cellName(0, j).replace(/\d+$/, "")};
    const grid = document.createElement("div");
    grid.className = `cells board-${ruleset}`; grid.setAttribute("data-testid", "cell-board");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", ruleset === "cram" ? (selected ? `the board: ${names.cell(selected.i, selected.j)} ` +
      "chosen; choose a cell next to it for the domino (Escape: choose again)" : "the board: choose a cell, then " +
      "one next to it, for a domino") : "the board: choose a square to play");
    at.forEach((row, i) => {
      const line = document.createElement("div");
      line.className = "cell-row";
      [...row].forEach((c, j) => line.appendChild(cell(ruleset, at, i, j, c, options, playable, play, app, names)));
      grid.appendChild(line);
    });
    box.appendChild(grid);
    return true;
  }

  function cell(ruleset, at, i, j, c, options, playable, play, app, names) {
    const b = document.createElement("button"), name = app.cellName(i, j);
    const what = playable ? CELLS[ruleset](at, i, j, name, options, names) : {};
    b.className = `cell ${c === "." ? "empty" : "full"}`;
    const glyphs = {".": "", "#": "", P: "♙", p: "♟"};   // pawns as chess pieces
    b.textContent = what.text || (c in glyphs ? glyphs[c] : c);
    b.dataset.cell = name; b.setAttribute("data-testid", "cell");
    b.disabled = !playable;
    const state = {".": "empty", "#": ruleset === "chomp" ? "a square" : "filled", P: "a pawn of the player to move",
                   p: "a pawn of the other player"}[c] || c;
    if (what.move) {
      b.classList.add("move", kind(what.move));
      Object.assign(b.dataset, {outcome: what.move.outcome, move: what.move.move});
      b.setAttribute("aria-label", `${name}: ${what.move.move}; ${said(what.move)}`);
      b.onclick = () => { selected = null; play(what.move); };
    } else if (what.select) {
      if (what.chosen) b.classList.add("chosen");
      b.setAttribute("aria-label", `${name}: ${state}; ${what.chosen ? "chosen (click again to choose another)" :
        "choose it for a domino"}`);
      b.onclick = () => {
        selected = what.chosen ? null : {i, j};
        app.redraw();
        if (selected) app.filter((o) => o.move.slice(7).split("-").includes(name), `moves covering ${name}`);
        else app.filter(() => true, "moves");
      };
    } else {
      b.setAttribute("aria-label", what.label || `${name}: ${state}`);
      b.onclick = () => { if (selected) { selected = null; app.redraw(); } };
    }
    return b;
  }

  window.spragueBoards = {
    // Draw `at` of game `game` into `box` when its ruleset has a board here: returns true when a click on the
    // board plays every move (the page may fold the list of moves away), false when drawn as text, null when
    // this ruleset has no board here. `app`: {cellName, play(option), filter(keep, what), redraw()}.
    draw(box, game, at, options, playable, app) {
      if (game.boardAt !== JSON.stringify(at)) { selected = null; game.boardAt = JSON.stringify(at); }
      if (GRAPHS[game.ruleset] && typeof at === "string") {
        return drawGraph(box, game.ruleset, game, at, options, playable, app.play);
      }
      if (CELLS[game.ruleset] && Array.isArray(at)) return drawCells(box, game.ruleset, at, options, playable, app.play, app);
      return null;
    },
    cancel() { if (selected) { selected = null; return true; } return false; },
    parseGraph,
  };
})();
