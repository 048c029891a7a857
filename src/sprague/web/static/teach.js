// Teaching views of the Play view's "Why" panel (issue 36, point 4), for the game's current position:
//  1. the mex step: the options' values as chips and the smallest value missing among them, which is G (under
//     misère play Conway's rule: G⁻ is 1 at a terminal position, else the mex of the options' G⁻);
//  2. the P/N labelling of the game graph, step by step as Rodriguez-Villegas's Handout 5 teaches it: terminal
//     positions P; a position with a move to a P-position N; a position whose every move goes to an N-position P
//     (misère play: terminal positions N). The graph comes from POST /api/graph; the labels are worked out here from
//     its arrows alone, by those rules.
// Plain JavaScript loaded before app.js; it uses app.js's `$`, `api`, `ticket`, `game`, `valueName`, `valueOf`
// and `rulesetByName` at run time. app.js's why() calls teachWhy(g, data) with the /api/moves answer.
"use strict";

(() => {   // everything here is private but teachWhy and window.spragueTeach (the other scripts share one scope)
const TEACH_MAX_POSITIONS = 40;   // the largest graph drawn (POST /api/graph's max_positions)
const TEACH_STEP_MS = 700;
const CURVE = 26;                 // how far a move over k + 1 layers bends sideways: k times this        // Play: one node labelled every this many milliseconds
const SVG_NS = "http://www.w3.org/2000/svg";
const teach = {graph: null, steps: [], shown: 0, timer: null, at: null};   // read by the tests too
window.spragueTeach = teach;

function teachEl(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function teachWhy(g, data) {
  const box = $("teach");
  if (!box) return;
  stopPlaying();
  box.innerHTML = "";
  teach.graph = null; teach.steps = []; teach.shown = 0;
  teach.at = JSON.stringify(data.position);
  box.dataset.position = teach.at;
  box.appendChild(mexStep(g, data));
  const section = teachEl("div", null, {id: "pn", "data-testid": "pn"});
  box.appendChild(section);
  drawPN(g, data, section);
}

// ------------------------------------------------------------------ 1. the mex step
function mex(values) {
  const seen = new Set(values.map(Number));
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

function chip(text, kind, label) {
  const c = teachEl("span", text, {class: `chip ${kind}`, "data-testid": `mex-${kind}`});
  if (label) c.title = label;
  return c;
}

function mexStep(g, data) {
  const box = teachEl("div", null, {id: "mex", "data-testid": "mex"});
  box.appendChild(teachEl("h3", "The mex step"));
  const G = valueName(g.misere), v = valueOf(data), say = (t) => box.appendChild(teachEl("p", t));
  if (rulesetByName(g.ruleset).loopy) { say("The mex step is shown for games that always end; this one is loopy."); return box; }
  if (/^closed form/.test(data.method || "") && !/value by search/.test(data.method)) {   // G itself by a formula
    say(`${G} here comes from a closed form (${data.method}), not from a search: see the theorem above.`);
    return box;
  }
  if (!data.all_options_listed) {
    say(`This position has ${data.option_count} options, too many to list: the mex step is not shown.`);
    return box;
  }
  const values = data.options.map((o) => valueOf({...o, misere: data.misere}));
  if (v === null || v === undefined || values.some((x) => x === null || x === undefined)) {
    say(`Some values were not computed within the server's budget: the mex step is not shown.`);
    return box;
  }
  say(g.misere ? `Misère rule (Conway): ${G} is 1 at a position with no move (the player to move has won), ` +
      `else the smallest value missing among the options' ${G} (the mex).` :
      `Normal-play rule: ${G} is the smallest value missing among the options' values (the mex).`);
  const line = teachEl("p", null, {class: "mex-line", "data-testid": "mex-line"});
  const order = data.options.map((o, k) => [Number(values[k]), o]).sort((a, b) => a[0] - b[0]);
  const found = g.misere && !values.length ? 1 : mex(values);
  line.append(`Options' values {`);
  order.forEach(([x, o], k) => { if (k) line.append(", "); line.appendChild(chip(String(x), "value", o.move)); });
  line.append("}" + (g.misere && !values.length ? ": no move, so by the misère rule " :
                     ` → smallest missing = `));
  line.appendChild(chip(String(found), "missing", "the smallest value missing"));
  line.append(` = ${G}` + (String(found) === String(v) ? "" : ` — but the server says ${G} = ${v}: please report this`));
  line.setAttribute("aria-label", `options' values ${order.map(([x]) => x).join(", ") || "none"}; ` +
    `smallest missing ${found}, which is ${G}`);
  line.dataset.mex = String(found);
  box.appendChild(line);
  if (!values.length && !g.misere) say("No options: the set of values is empty, and its smallest missing value is 0.");
  return box;
}

// ------------------------------------------------------------------ 2. the P/N labelling of the game graph
async function drawPN(g, data, section) {
  section.appendChild(teachEl("h3", "P/N labelling of the game graph"));
  const note = teachEl("p", null, {"data-testid": "pn-note"});
  section.appendChild(note);
  if (rulesetByName(g.ruleset).loopy) { note.textContent = "Drawn for games that always end; this one is loopy."; return; }
  const fresh = ticket("teach-graph", true), at = teach.at;
  let graph;
  try {
    graph = await api("/api/graph", {ruleset: g.ruleset, params: g.params, position: data.position, misere: g.misere,
                                     max_positions: TEACH_MAX_POSITIONS}, fresh.signal);
  } catch (e) {
    if (fresh() && teach.at === at) note.textContent = `The game graph could not be had: ${e.message || e}`;
    return;
  }
  if (!fresh() || game !== g || teach.at !== at) return;
  if (!graph.complete) {
    note.textContent = `More than ${TEACH_MAX_POSITIONS} positions are reachable from here: too many to draw. ` +
      "Play on: the graph is drawn once fewer are left.";
    section.dataset.complete = "false";
    return;
  }
  teach.graph = graph; teach.misere = g.misere;
  teach.steps = labelSteps(graph, g.misere);
  note.textContent = rulesLine(g.misere);
  section.dataset.complete = "true";
  section.append(pnControls(), pnPicture(graph), pnList(graph));
  showSteps();
}

function rulesLine(misere) {
  return "Every position reachable from this one, layered by rank (the longest play left; 0 at the bottom), each " +
    "move an arrow downwards. The labelling: (0) terminal positions are " + (misere ? "N: under misère play the " +
    "player who cannot move has won" : "P: the player to move cannot move and loses") + "; (1) a position with a " +
    "move to a P-position is N; (2) a position whose every move goes to an N-position is P. Repeat (1) and (2) " +
    "until every position is labelled.";
}

// The labelling as a list of steps {id, label, rule, witness}: the terminal positions first (rule 0), then rounds
// of rule 1 (every position with a move to a P-position) and rule 2 (every position whose moves all go to
// N-positions), as the handout repeats them. Worked out from the graph's arrows only.
function labelSteps(graph, misere) {
  const out = graph.nodes.map(() => []);
  for (const [a, b] of graph.edges) out[a].push(b);
  const label = graph.nodes.map(() => null), steps = [];
  const byRank = graph.nodes.map((n) => n.id).sort((a, b) => graph.nodes[a].rank - graph.nodes[b].rank || a - b);
  const mark = (id, l, rule, witness) => { label[id] = l; steps.push({id, label: l, rule, witness}); };
  byRank.filter((id) => !out[id].length).forEach((id) => mark(id, misere ? "N" : "P", 0, []));
  for (let changed = true; changed;) {
    changed = false;
    for (const id of byRank.filter((v) => label[v] === null && out[v].some((w) => label[w] === "P"))) {
      mark(id, "N", 1, [out[id].find((w) => label[w] === "P")]); changed = true;
    }
    for (const id of byRank.filter((v) => label[v] === null && out[v].every((w) => label[w] === "N"))) {
      mark(id, "P", 2, out[id].slice()); changed = true;
    }
  }
  return steps;
}

function stepText(step) {
  const n = (id) => teach.graph.nodes[id].text;
  const s = `Step ${teach.steps.indexOf(step) + 1} of ${teach.steps.length}: ${n(step.id)} is ${step.label}, `;
  if (step.rule === 0) {
    return s + "by rule 0: it is terminal (no move from it" + (teach.misere ? "; under misère play the player " +
      "to move has won)." : ").");
  }
  if (step.rule === 1) return s + `by rule 1: it has a move to ${n(step.witness[0])}, a P-position.`;
  return s + `by rule 2: every move from it goes to an N-position (${step.witness.map(n).join(", ")}).`;
}

function pnControls() {
  const row = teachEl("div", null, {class: "row"});
  const button = (id, text, onclick) => {
    const b = teachEl("button", text, {id, "data-testid": id, type: "button"});
    b.onclick = onclick; row.appendChild(b); return b;
  };
  button("pn-step", "Step", () => { stopPlaying(); if (teach.shown < teach.steps.length) { teach.shown++; showSteps(); } });
  button("pn-play", "Play", () => (teach.timer ? stopPlaying() : startPlaying()));
  button("pn-reset", "Reset", () => { stopPlaying(); teach.shown = 0; showSteps(); });
  const live = teachEl("p", "", {id: "pn-live", "data-testid": "pn-live", "aria-live": "polite", role: "status"});
  const box = teachEl("div");
  box.append(row, live);
  return box;
}

function startPlaying() {
  if (teach.shown >= teach.steps.length) teach.shown = 0;
  $("pn-play").textContent = "Pause";
  const tick = () => {
    if (teach.shown >= teach.steps.length) return stopPlaying();
    teach.shown++; showSteps();
    teach.timer = setTimeout(tick, TEACH_STEP_MS);
  };
  teach.timer = setTimeout(tick, 0);
}

function stopPlaying() {
  if (teach.timer) clearTimeout(teach.timer);
  teach.timer = null;
  if ($("pn-play")) $("pn-play").textContent = "Play";
}

// The graph in layers by rank (the start at the top); each layer ordered by where its nodes' predecessors are.
function pnLayout(graph) {
  const W = (n) => Math.max(44, 9 * short(n.text).length + 18), GAP = 18, ROW = 76, top = graph.nodes[0].rank;
  const into = graph.nodes.map(() => []);
  for (const [a, b] of graph.edges) into[b].push(a);
  const layers = Array.from({length: top + 1}, () => []);
  for (const n of graph.nodes) layers[top - n.rank].push(n);
  const x = {}, y = {}, widths = layers.map((l) => l.reduce((s, n) => s + W(n) + GAP, -GAP));
  // a move over more than one layer is drawn as a curve to the side, out of the nodes' way: leave room for it
  const bend = (a, b) => CURVE * (graph.nodes[a].rank - graph.nodes[b].rank - 1);
  const side = Math.max(0, ...graph.edges.map(([a, b]) => bend(a, b))) + GAP;
  const width = Math.max(...widths) + 2 * side;
  layers.forEach((layer, k) => {
    const mean = (n) => { const xs = into[n.id].filter((p) => p in x).map((p) => x[p]); return xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : 0; };
    layer.sort((a, b) => mean(a) - mean(b) || a.id - b.id);
    let left = (width - widths[k]) / 2;
    for (const n of layer) { x[n.id] = left + W(n) / 2; y[n.id] = 30 + k * ROW; left += W(n) + GAP; }
  });
  return {x, y, w: (id) => W(graph.nodes[id]), bend, width, height: 30 + top * ROW + 40};
}

function short(text) { return text.length > 14 ? text.slice(0, 13) + "…" : text; }

function pnPicture(graph) {
  const L = pnLayout(graph), H = 17;
  const svg = svgEl("svg", {viewBox: `0 0 ${L.width} ${L.height}`, width: L.width, height: L.height, role: "img",
                            "data-testid": "pn-graph", id: "pn-graph"});
  const defs = svgEl("defs"), marker = svgEl("marker", {id: "pn-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
    markerWidth: 10, markerHeight: 10, markerUnits: "userSpaceOnUse", orient: "auto"});
  marker.appendChild(svgEl("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "pn-head"}));
  defs.appendChild(marker); svg.appendChild(defs);
  for (const [a, b] of graph.edges) {   // straight down one layer; a curve to the side (alternating) over more
    const [x1, y1, x2, y2] = [L.x[a], L.y[a] + H, L.x[b], L.y[b] - H], span = L.bend(a, b);
    const off = span ? (x2 > x1 + 1 ? 1 : x2 < x1 - 1 ? -1 : span / CURVE % 2 ? 1 : -1) * (span + CURVE) : 0;
    const d = off ? `M ${x1} ${y1} C ${x1 + off} ${y1 + 40}, ${x2 + off} ${y2 - 40}, ${x2} ${y2}` :
      `M ${x1} ${y1} L ${x2} ${y2}`;
    svg.appendChild(svgEl("path", {d, class: "pn-edge", "marker-end": "url(#pn-arrow)", "data-from": a, "data-to": b}));
  }
  for (const n of graph.nodes) {
    const node = svgEl("g", {class: "pn-node", "data-testid": "pn-node", "data-id": n.id,
                             "data-position": JSON.stringify(n.position)});
    node.appendChild(svgEl("rect", {x: L.x[n.id] - L.w(n.id) / 2, y: L.y[n.id] - H, width: L.w(n.id), height: 2 * H,
                                    rx: 8}));
    const text = svgEl("text", {x: L.x[n.id], y: L.y[n.id] - 2, "text-anchor": "middle"});
    text.textContent = short(n.text);
    const tag = svgEl("text", {x: L.x[n.id], y: L.y[n.id] + 13, "text-anchor": "middle", class: "pn-tag"});
    const title = svgEl("title"); title.textContent = n.text;
    node.append(title, text, tag);
    svg.appendChild(node);
  }
  const area = teachEl("div", null, {class: "scroll pn-area", tabindex: "0", role: "region",
                                     "aria-label": "the game graph (scrolls sideways on a small screen)"});
  area.appendChild(svg);
  return area;
}

// The same graph as a list, for screen readers and keyboard users: each position, its moves and its label so far.
function pnList(graph) {
  const details = teachEl("details", null, {"data-testid": "pn-list-box"});
  details.appendChild(teachEl("summary", "The graph as a list"));
  details.appendChild(teachEl("ol", null, {id: "pn-list", "data-testid": "pn-list"}));
  return details;
}

function showSteps() {
  const graph = teach.graph;
  if (!graph) return;
  const label = {}, rule = {};
  teach.steps.slice(0, teach.shown).forEach((s) => { label[s.id] = s.label; rule[s.id] = s.rule; });
  const last = teach.shown ? teach.steps[teach.shown - 1] : null;
  document.querySelectorAll("#pn-graph .pn-node").forEach((node) => {
    const id = Number(node.dataset.id), l = label[id] || "";
    node.dataset.label = l;
    node.setAttribute("class", `pn-node ${l ? "pn-" + l : "pn-none"}${last && last.id === id ? " pn-last" : ""}`);
    node.querySelector(".pn-tag").textContent = l || "?";
  });
  document.querySelectorAll("#pn-graph .pn-edge").forEach((e) => {
    const on = last && Number(e.dataset.from) === last.id && last.witness.includes(Number(e.dataset.to));
    e.setAttribute("class", on ? "pn-edge pn-used" : "pn-edge");
  });
  const live = $("pn-live");
  live.textContent = last ? stepText(last) : `${graph.nodes.length} positions, none labelled yet: press Step or Play.`;
  if (teach.shown === teach.steps.length && teach.steps.length) live.textContent += " Every position is labelled.";
  live.dataset.shown = String(teach.shown);
  if (last) Object.assign(live.dataset, {node: last.id, rule: last.rule, label: last.label, witness: last.witness.join(",")});
  else for (const k of ["node", "rule", "label", "witness"]) delete live.dataset[k];
  $("pn-graph").setAttribute("aria-label", `Game graph from ${graph.nodes[0].text}: ${graph.nodes.length} positions ` +
    `and ${graph.edges.length} moves; ${teach.shown} labelled so far (see the list below the picture).`);
  const list = $("pn-list");
  list.innerHTML = "";
  const out = graph.nodes.map(() => []);
  for (const [a, b] of graph.edges) out[a].push(graph.nodes[b].text);
  for (const n of graph.nodes) {
    list.appendChild(teachEl("li", `${n.text}: ${label[n.id] ? `${label[n.id]} (rule ${rule[n.id]})` : "not labelled yet"}` +
      `; moves to ${out[n.id].join(", ") || "nothing (terminal)"}`));
  }
}

window.teachWhy = teachWhy;
})();
