// The page of `sprague serve`: play against the computer, explore tables and sequences.
// Plain JavaScript, no build step; talks to the JSON API under /api.
"use strict";
const $ = (id) => document.getElementById(id);
let RULESETS = [];
let game = null; // {ruleset, params, misere, position, human: bool (user to move), over}

// An answer is shown only while it still answers what the page shows. Each request takes a ticket for the
// output it fills; the answer is dropped if a later request for that output was made since (a slow answer
// never overwrites a later one), or if the ruleset, its parameters or the play convention (normal or misère)
// changed since (`epoch`).
let epoch = 0;
const latest = {};
function ticket(output) {
  const n = latest[output] = (latest[output] || 0) + 1, e = epoch;
  return () => latest[output] === n && epoch === e;
}

// Integers of 16+ digits would lose precision as JS numbers: read them as strings.
function parseJSON(text) {
  return JSON.parse(text.replace(/([\[:,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"'));
}

async function api(path, body) {
  const resp = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = parseJSON(await resp.text());
  if (!resp.ok) {
    const field = data.field ? ` [${data.field}]` : "";
    throw new Error(`${data.detail}${field}`);
  }
  if (body !== undefined && "misere" in body && data.misere !== body.misere) {   // never shown as the other play
    throw new Error(`the server answered under ${data.misere ? "misère" : "normal"} play, not the play asked for`);
  }
  return data;
}

// Misère play (the box ticked): the player who makes the last move loses. Every request that answers about
// positions says which play it asks for; a game keeps the play it was started with.
function misere() { return $("misere").checked; }

// The value in an answer: G (normal play) or Conway's misère Grundy value g- (key misere_grundy).
function valueOf(data) { return data.misere ? data.misere_grundy : data.grundy; }
function valueName(isMisere) { return isMisere ? "G⁻" : "G"; }

function current() { return RULESETS.find((r) => r.name === $("ruleset").value); }

function params() {
  const out = {};
  document.querySelectorAll("#params input").forEach((inp) => { if (inp.value.trim()) out[inp.dataset.param] = inp.value.trim(); });
  return out;
}

function positionFromText(text, r) {
  if (r.kind === "heaps") return text.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  return text;
}

function formatPosition(pos) {
  if (typeof pos === "string") return pos || "(empty)";
  if (pos.length && Array.isArray(pos[0])) return pos.map((e) => e.join("-")).join(" ") || "(ground only)";
  return pos.join(" ");
}

function showError(e) { $("error").textContent = e ? (e.message || String(e)) : ""; }

// "subtraction (S=1,2)": what an answer was computed for, to label it
function describe(name, ps) {
  const text = Object.entries(ps).map(([k, v]) => `${k}=${v}`).join(", ");
  return text ? `${name} (${text})` : name;
}

function chooseRuleset() {
  const r = current();
  const box = $("params");
  box.innerHTML = "";
  for (const [name, doc] of Object.entries(r.parameters)) {
    const label = document.createElement("label");
    label.textContent = `${name} = `;
    const inp = document.createElement("input");
    inp.id = `param-${name}`; inp.dataset.param = name; inp.dataset.testid = `param-${name}`;
    inp.setAttribute("data-testid", `param-${name}`);
    inp.value = r.example_params[name] || ""; inp.title = doc; inp.size = 16;
    label.appendChild(inp); box.appendChild(label);
  }
  $("position").value = r.example_position;
  $("ruleset-help").textContent = `${r.source}. Position: ${r.position_help}.` + (r.closed_form ? ` Closed form: ${r.closed_form}.` : "");
  $("draw").disabled = r.kind !== "heaps";
  $("draw-sequence").disabled = !r.one_heap;
  contextChanged();
}

// The ruleset, its parameters or the play convention changed: nothing computed for the old ones stays on the
// page, and answers still on their way for them are dropped.
function contextChanged(why) {
  epoch++;
  const playing = game !== null;
  showError(null); resetGame(); clearGrid(); clearSequence();
  if (playing) $("status").textContent = why === "misere"
    ? `The game was played under ${misere() ? "normal" : "misère"} play: press Start for a new one.`
    : "The game was for the previous ruleset or parameters: press Start for a new one.";
}

// Misère ticked or unticked: as a change of ruleset (the game ends, what was drawn goes); a value shown for
// the typed position is asked again under the new play.
function misereChanged() {
  const typed = $("value-out").dataset.typed;
  contextChanged("misere");
  $("misere-note").classList.toggle("active", misere());
  if (typed !== undefined && typed === $("position").value) value();
}

function clearGrid() {
  $("heatmap").innerHTML = ""; $("grid-caption").textContent = "";
  $("cell").textContent = ""; for (const k of ["x", "y", "value"]) delete $("cell").dataset[k];
}

function clearSequence() {
  $("sequence-plot").innerHTML = ""; $("sequence-caption").textContent = "";
  $("period").textContent = ""; delete $("period").dataset.period;
}

function resetGame() {
  game = null;
  ticket("game");   // answers for a game that is gone are dropped
  for (const id of ["status", "current", "hint-out", "options", "winner", "history"]) $(id).innerHTML = "";
  delete $("hint-out").dataset.hint;
  delete $("winner").dataset.winner;
  clearValue();
}

function clearValue() {
  ticket("value");
  $("value-out").textContent = "";
  for (const k of ["value", "outcome", "position", "typed", "misere"]) delete $("value-out").dataset[k];
}

async function randomPosition() {
  const r = current(), fresh = ticket("random");
  try {
    const data = await api("/api/random", {ruleset: r.name, params: params()});   // no values: same for both plays
    if (fresh()) $("position").value = data.position;
  } catch (e) {
    if (fresh()) $("status").textContent = e.message;
  }
}

function addHistory(m) {
  const li = document.createElement("li");
  li.textContent = `${m.by === "user" ? "you" : "computer"}: ${m.move}` + (m.reason ? `   (${m.reason})` : "");
  $("history").appendChild(li);
}

async function showState(data) {
  game.position = data.position;
  (data.moves || []).forEach(addHistory);
  $("current").textContent = `Position: ${formatPosition(data.position)}`;
  $("current").dataset.position = JSON.stringify(data.position);
  clearValue(); $("hint-out").textContent = ""; delete $("hint-out").dataset.hint;
  if ($("show-values").checked) showValue(data);
  if (data.game_over) {
    game.over = true;
    $("options").innerHTML = "";
    $("status").textContent = "Game over.";
    $("winner").textContent = winnerText(data, game.misere);
    $("winner").dataset.winner = data.winner;
    return;
  }
  game.human = true;
  $("status").textContent = (game.misere ? "Misère play: whoever makes the last move loses. " : "") +
    "Your move: choose an option (green outline: a winning move).";
  await listOptions();
}

// Who won, and why. Under misère play the player who made the last move LOSES.
function winnerText(data, isMisere) {
  const won = data.winner === "user" ? "You win!" : "The computer wins.";
  if (!isMisere) return won;
  const moves = data.moves || [], last = moves.length ? moves[moves.length - 1].by : null;
  if (last === null) return `${won} Misère play: the player who cannot move has won.`;
  return `${won} ${last === "user" ? "You" : "The computer"} made the last move, and under misère play ` +
    "the player who makes the last move loses.";
}

// The value of `data.position`, named: the typed position's (Value) or the game's (show values).
function showValue(data, typed) {
  const v = valueOf(data), g = v === null || v === undefined ? "not computed" : v;
  const who = data.outcome === "P" ? "the player to move loses" : data.outcome === "N" ? "the player to move wins" : "unknown";
  const out = $("value-out");
  out.textContent = `Value of ${typed === undefined ? "" : "the typed position "}${formatPosition(data.position)}` +
    `${data.misere ? " under misère play" : ""}: ${valueName(data.misere)} = ${g}, ${data.outcome}-position (${who})`;
  out.dataset.value = v; out.dataset.outcome = data.outcome; out.dataset.misere = data.misere;
  out.dataset.position = JSON.stringify(data.position);
  if (typed === undefined) delete out.dataset.typed; else out.dataset.typed = typed;
}

async function listOptions() {
  const g = game, at = game.position, fresh = ticket("options");
  const data = await api("/api/moves", {ruleset: g.ruleset, params: g.params, position: at, misere: g.misere});
  if (!fresh() || game !== g || g.position !== at) return;   // the game moved on meanwhile
  const box = $("options");
  box.innerHTML = "";
  if (!data.all_options_listed) {
    const note = document.createElement("div");
    note.textContent = `${data.option_count} options: showing the winning moves only; type a position to move there.`;
    box.appendChild(note);
  }
  for (const o of data.options) {
    const b = document.createElement("button");
    const ov = valueOf({...o, misere: data.misere}), gv = ov === null ? "?" : ov;
    b.textContent = `${o.move} -> ${formatPosition(o.position)}` +
      ($("show-values").checked ? `  ${valueName(data.misere)}=${gv}` : "");
    b.dataset.value = gv; b.dataset.outcome = o.outcome; b.dataset.winning = o.winning;
    b.dataset.position = JSON.stringify(o.position);
    b.setAttribute("data-testid", "option");
    if ($("show-values").checked) {
      b.style.background = ov === null ? "#eee" : `hsl(${(ov * 47) % 360}, 70%, 85%)`;
      if (o.winning) b.classList.add("winning");
    }
    b.onclick = () => userMove(o.position);
    box.appendChild(b);
  }
}

async function userMove(position) {
  if (!game || game.over || !game.human) return;
  showError(null);
  const g = game;
  g.human = false;
  try {
    const data = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: g.position,
                                         move: position, mode: $("mode").value, misere: g.misere});
    if (game === g) await showState(data);
  } catch (e) { if (game === g) { g.human = true; showError(e); } }
}

async function start() {
  showError(null); resetGame();
  const r = current(), fresh = ticket("game");
  const g = {ruleset: r.name, params: params(), misere: misere(), position: null,
             human: $("first").value === "human", over: false};
  try {
    const data = await api("/api/value", {ruleset: g.ruleset, params: g.params,
                                          position: positionFromText($("position").value, r), misere: g.misere});
    if (!fresh()) return;   // another Start, or a new ruleset, meanwhile
    game = g; g.position = data.position;
    if (g.human) {
      await showState({...data, moves: [], game_over: false});
    } else {
      $("status").textContent = "The computer is thinking...";
      const reply = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: g.position,
                                            mode: $("mode").value, misere: g.misere});
      if (game === g) await showState(reply);
    }
  } catch (e) { if (fresh()) showError(e); }
}

async function hint() {
  if (!game || game.over) return;
  const g = game, at = game.position;
  try {
    const data = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: at, mode: "hint",
                                         misere: g.misere});
    if (game !== g || g.position !== at) return;   // a hint for a position the game has left
    $("hint-out").textContent = data.hint_text;
    $("hint-out").dataset.hint = JSON.stringify(data.hint);
  } catch (e) { if (game === g && g.position === at) showError(e); }
}

// The value of the position typed in the Position box (not of the game in progress: "show values" gives that).
async function value() {
  showError(null);
  const r = current(), typed = $("position").value, fresh = ticket("value");
  try {
    const data = await api("/api/value", {ruleset: r.name, params: params(), position: positionFromText(typed, r),
                                          misere: misere()});
    if (fresh()) showValue(data, typed);
  } catch (e) { if (fresh()) showError(e); }
}

async function drawHeatmap() {
  showError(null); clearGrid();
  const r = current(), fresh = ticket("grid");
  const values = $("grid-values").value;
  const table = $("heatmap");
  try {
    const body = {ruleset: r.name, params: params(), min: Number($("grid-min").value),
                  max: Number($("grid-max").value), values, fixed: $("fixed").value.trim(), misere: misere()};
    if ($("second").value) {
      body.second = $("second").value;
      body.second_params = Object.fromEntries($("second-params").value.split(";").map((kv) => kv.trim())
        .filter((kv) => kv.includes("=")).map((kv) => [kv.slice(0, kv.indexOf("=")).trim(), kv.slice(kv.indexOf("=") + 1).trim()]));
    }
    const data = await api("/api/table", body);
    if (!fresh()) return;
    $("grid-caption").textContent = `${describe(body.ruleset, body.params)}` +
      (body.second ? ` + ${describe(body.second, body.second_params)}` : "") +
      (body.fixed ? `, fixed heaps ${body.fixed}` : "") + `: ${values === "grundy" ? "Grundy values" : "outcomes"}` +
      (body.misere ? " under misère play" + (values === "grundy" ? " (G\u207b)" : "") : "");
    const largest = Math.max(1, ...data.table.flat().filter((v) => typeof v === "number"));
    for (let i = data.rows.length - 1; i >= 0; i--) {   // the smallest row at the bottom
      const tr = table.insertRow();
      const th = document.createElement("th"); th.textContent = data.rows[i]; tr.appendChild(th);
      data.table[i].forEach((v, j) => {
        const td = tr.insertCell();
        const x = data.columns[j], y = data.rows[i];
        td.dataset.x = x; td.dataset.y = y; td.dataset.value = v;
        td.setAttribute("data-testid", "cell");
        const p = v === 0 || v === "P";
        if (values === "outcome") td.className = p ? "p" : "n";
        else td.style.background = p ? "#2a2" : `hsl(${30 + 200 * v / largest}, 80%, ${85 - 25 * v / largest}%)`;
        td.textContent = values === "outcome" ? v : v;
        td.title = `(${x}, ${y}): ${values === "grundy" ? valueName(body.misere) + " = " : ""}${v}`;
        const show = () => { $("cell").textContent = `position ${x} ${y}: ${values === "grundy" ? valueName(body.misere) + " = " + v : v}`;
                             $("cell").dataset.x = x; $("cell").dataset.y = y; $("cell").dataset.value = v; };
        td.onmouseenter = show; td.onclick = show;
      });
    }
    const foot = table.insertRow(); foot.appendChild(document.createElement("th"));
    for (const x of data.columns) { const th = document.createElement("th"); th.textContent = x; foot.appendChild(th); }
  } catch (e) { if (fresh()) showError(e); }
}

async function drawSequence() {
  showError(null); clearSequence();
  const r = current(), fresh = ticket("sequence");
  const box = $("sequence-plot");
  try {
    const body = {ruleset: r.name, params: params(), to: Number($("seq-to").value), misere: misere()};
    const data = await api("/api/sequence", body);
    if (!fresh()) return;
    const G = valueName(body.misere);
    $("sequence-caption").textContent = `${describe(body.ruleset, body.params)}: ${G}(0) to ${G}(${body.to})` +
      (body.misere ? " (misère play)" : "");
    const vals = data.values, n = vals.length, top = Math.max(1, ...vals);
    const W = 800, H = 240, dx = W / Math.max(1, n - 1), sy = (H - 20) / top;
    const pts = vals.map((v, i) => `${(i * dx).toFixed(1)},${(H - 10 - v * sy).toFixed(1)}`).join(" ");
    let marks = "";
    if (data.period) {
      for (let s = data.preperiod; s < n; s += data.period) {
        const x = (s * dx).toFixed(1);
        marks += `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#c33" stroke-dasharray="4 3" data-testid="period-mark"/>`;
      }
    }
    const dots = vals.map((v, i) => `<circle cx="${(i * dx).toFixed(1)}" cy="${(H - 10 - v * sy).toFixed(1)}" r="2.5" fill="#225" data-n="${i}" data-value="${v}"><title>${G}(${i}) = ${v}${data.genera ? `, genus ${data.genera[i].text}` : ""}</title></circle>`).join("");
    box.innerHTML = `<svg id="sequence-svg" data-testid="sequence-svg" width="${W + 20}" height="${H}" viewBox="-10 0 ${W + 20} ${H}">` +
      `${marks}<polyline points="${pts}" fill="none" stroke="#88a"/>${dots}</svg>`;
    if (data.genera) {  // misère play: Conway's genus of each heap (Winning Ways ch. 13)
      const first = data.first_not_tame;
      $("period").textContent = first === null ? `every heap 0..${body.to} is tame (plays as misère Nim)` :
        `first heap that is not tame: ${first} (genus ${data.genera[first].text}, ${data.genera[first].kind})`;
    } else {
      $("period").textContent = data.structure ? `${data.structure}: period ${data.period}, preperiod ${data.preperiod}` +
        (data.saltus ? `, saltus ${data.saltus}` : "") + (data.certified ? " (certified)" : " (observed)") : "no period found";
    }
    $("period").dataset.period = data.period || "";
  } catch (e) { if (fresh()) showError(e); }
}

function tab(which) {
  $("play-panel").classList.toggle("hidden", which !== "play");
  $("explore-panel").classList.toggle("hidden", which !== "explore");
  $("tab-play").setAttribute("aria-selected", which === "play");
  $("tab-explore").setAttribute("aria-selected", which === "explore");
}

async function init() {
  RULESETS = await api("/api/rulesets");
  for (const r of RULESETS) {
    const o = document.createElement("option"); o.value = r.name; o.textContent = r.name; $("ruleset").appendChild(o);
    if (r.one_heap) {
      const s = document.createElement("option"); s.value = r.name; s.textContent = r.name; $("second").appendChild(s);
    }
  }
  $("ruleset").onchange = chooseRuleset;
  $("params").oninput = () => contextChanged();
  $("misere").onchange = misereChanged;
  $("random").onclick = randomPosition;
  $("start").onclick = start;
  $("hint").onclick = hint;
  $("value").onclick = value;
  $("play-move").onclick = () => {   // a typed move: the server checks it and gives the reason if it is illegal
    try { userMove(positionFromText($("move").value, current())); } catch (e) { showError(e); }
  };
  $("show-values").onchange = () => { if (game && !game.over) listOptions().catch(showError); };
  $("draw").onclick = drawHeatmap;
  $("draw-sequence").onclick = drawSequence;
  $("tab-play").onclick = () => tab("play");
  $("tab-explore").onclick = () => tab("explore");
  chooseRuleset();
  $("misere-note").classList.toggle("active", misere());
  document.body.dataset.ready = "true";
}
init().catch(showError);
