// The page of `sprague serve`: play against the computer and see why each move wins; explore tables, sequences
// and option trees. Plain JavaScript, no build step; talks to the JSON API under /api.
//
// The state of a game lives in the URL (#r=...&p=...&moves=...): reload restores it, Back undoes a turn, Forward
// redoes it, and the link can be shared. A game keeps the ruleset, parameters and play it was started with.
"use strict";
const $ = (id) => document.getElementById(id);
let RULESETS = [];
let game = null;   // {ruleset, params, misere, first, mode, start, positions: [json], by: ["user"|"computer"], values, over}
const view = {grid: null, sequence: null, zoom: 0, cursor: null};   // what Explore shows (read by the tests too)
window.spragueView = view;

// ------------------------------------------------------------------ requests
// Each output (value, options, grid, ...) has a ticket: a new request for it aborts the one in flight, and an
// answer is shown only while it still answers what the page shows (`epoch` counts changes of the ruleset, its
// parameters and the play, which make every answer in flight stale).
let epoch = 0, inFlight = 0;
const latest = {}, controllers = {};
function ticket(output, ofTheGame = false) {
  const n = latest[output] = (latest[output] || 0) + 1, e = epoch;
  if (controllers[output]) controllers[output].abort();
  controllers[output] = new AbortController();
  // the game's own answers (options, hints, the computer's move) are kept when the rules change: the game keeps its
  const fresh = () => latest[output] === n && (ofTheGame || epoch === e);
  fresh.signal = controllers[output].signal;
  return fresh;
}

// Integers of 16+ digits would lose precision as JS numbers: read them as strings.
function parseJSON(text) {
  let out = "", i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {   // a string, copied whole (escapes included)
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1); i = j + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {   // a number: quoted when it is an integer of 16+ digits
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 2000));
      const digits = m[0].replace("-", "");
      out += !m[1] && !m[2] && digits.length >= 16 ? `"${m[0]}"` : m[0];
      i += m[0].length;
    } else { out += c; i++; }
  }
  return JSON.parse(out);
}

function setBusy(delta) {
  inFlight += delta;
  $("busy").textContent = inFlight > 0 ? "Working…" : "";
  document.body.setAttribute("aria-busy", inFlight > 0 ? "true" : "false");
}

async function api(path, body, signal) {
  setBusy(1);
  try {
    const resp = await fetch(path, body === undefined ? {signal} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal});
    const text = await resp.text();
    let data;
    try { data = parseJSON(text); } catch (e) {   // not JSON: a proxy's page, a crash: say so plainly
      throw new Error(`the server answered ${resp.status} with something that is not ` +
                      `JSON${text ? ": " + text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 120) : ""}`);
    }
    if (!resp.ok) throw new Error(`${data.detail || "error " + resp.status}${data.field ? ` [${data.field}]` : ""}`);
    if (body !== undefined && "misere" in body && data.misere !== body.misere) {   // never shown as the other play
      throw new Error(`the server answered under ${data.misere ? "misère" : "normal"} play, not the play asked for`);
    }
    return data;
  } finally { setBusy(-1); }
}

// A bound as typed, sent as a string: the server reads it as an exact integer (a JS number would round past 2^53)
// and names the field when it is not one.
function bound(id) { return $(id).value.trim(); }

function aborted(e) { return e && e.name === "AbortError"; }
function showError(e) { if (!aborted(e)) $("error").textContent = e ? (e.message || String(e)) : ""; }

// ------------------------------------------------------------------ rulesets and parameters
function misere() { return $("misere").checked; }
function valueOf(data) { return data.misere ? data.misere_grundy : data.grundy; }
function valueName(isMisere) { return isMisere ? "G⁻" : "G"; }
function rulesetByName(name) { return RULESETS.find((r) => r.name === name); }
function current() { return rulesetByName($("ruleset").value); }

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
  return pos.length ? pos.join(" ") : "(no heaps)";
}

function describe(name, ps) {   // "subtraction (S=1,2)": what an answer was computed for
  const text = Object.entries(ps).map(([k, v]) => `${k}=${v}`).join(", ");
  return text ? `${name} (${text})` : name;
}

function chooseRuleset(keep) {
  const r = current(), box = $("params");
  box.innerHTML = "";
  for (const [name, doc] of Object.entries(r.parameters)) {
    const label = document.createElement("label");
    label.textContent = `${name} = `;
    const inp = document.createElement("input");
    inp.id = `param-${name}`; inp.dataset.param = name; inp.setAttribute("data-testid", `param-${name}`);
    inp.value = (keep && keep[name]) || r.example_params[name] || ""; inp.title = doc; inp.size = 14;
    inp.setAttribute("aria-label", `parameter ${name}: ${doc}`);
    label.appendChild(inp); box.appendChild(label);
  }
  if (!keep) $("position").value = r.example_position;
  $("tree-from").value = $("position").value;
  $("ruleset-help").textContent = `${r.reference}. Position: ${r.position_help}.` + (r.closed_form ? ` Closed form: ${r.closed_form}.` : "");
  $("draw").disabled = $("draw-plist").disabled = $("discover").disabled = r.kind !== "heaps";
  $("draw-sequence").disabled = $("draw-quotient").disabled = !r.one_heap;
  contextChanged();
}

// The ruleset, its parameters or the play changed: Explore's drawings and answers in flight for the old ones go.
// A game in progress keeps its own rules (shown above it); the next Start uses the new ones.
function contextChanged() {
  epoch++;
  showError(null); clearValue(); clearGrid(); clearSequence(); $("tree").innerHTML = "";
  ticket("plist"); ticket("verify"); ticket("discover"); view.plist = null; $("discover-out").textContent = "";
  $("plist").innerHTML = ""; $("plist-caption").textContent = ""; $("plist-prev").disabled = $("plist-next").disabled = true;
  if (THEOREMS.length) listTheorems();
  $("misere-note").textContent = misere() ? "Misère play: whoever makes the last move loses." :
    "Normal play: whoever makes the last move wins.";
  $("misere-note").classList.toggle("active", misere());
  if (game && !game.over) {
    $("status").textContent = `This game keeps its rules (${rulesText(game)}); press Start for a game with the new ones.`;
  }
}

function rulesText(g) {
  return `${describe(g.ruleset, g.params)}, ${g.misere ? "misère" : "normal"} play`;
}

// ------------------------------------------------------------------ the URL
function stateToHash(g) {
  const q = new URLSearchParams({r: g.ruleset, p: JSON.stringify(g.params), m: g.misere ? "1" : "0", f: g.first,
                                 c: g.mode, s: JSON.stringify(g.positions)});
  return "#" + q.toString();
}

function hashToState(hash) {
  if (!hash || hash.length < 2) return null;
  const q = new URLSearchParams(hash.slice(1));
  if (!q.get("r") || !q.get("s")) return null;
  try {
    const positions = JSON.parse(q.get("s")), ps = JSON.parse(q.get("p") || "{}");
    if (!Array.isArray(positions) || !positions.length || !ps || typeof ps !== "object" || Array.isArray(ps)) return null;
    return {ruleset: q.get("r"), params: ps, misere: q.get("m") === "1", first: q.get("f") === "computer" ? "computer" : "human",
            mode: computerMode(q.get("c")), positions};
  } catch (e) { return null; }
}

function computerMode(value) {   // one of the Computer menu's values (a link or a file may say anything)
  return [...$("mode").options].some((o) => o.value === value) ? value : "perfect";
}

// The entries of the browser's history this page made for the game shown, and where we are in them: Undo is Back
// while there is an earlier entry of this game, Redo is Forward while there is a later one.
let trail = [], here = -1;

function record(push) {
  const hash = stateToHash(game);
  if (push || here < 0) {
    history.pushState({sprague: true}, "", hash);
    trail = [...trail.slice(0, here + 1), hash]; here = trail.length - 1;
  } else {
    history.replaceState({sprague: true}, "", hash);
    trail[here] = hash;
  }
  updateUndo();
}

function syncTrail() {   // after Back, Forward or a link: where the URL is in the trail (a new trail if elsewhere)
  const at = trail.indexOf(location.hash);
  if (at >= 0) here = at;
  else { trail = location.hash ? [location.hash] : []; here = trail.length - 1; }
}

// Undo: Back to the previous turn of this game; for a game this page did not play from its start (a link, an
// import), the game without its last turn becomes a new entry.
function undo() {
  const g = game;
  if (!g || $("undo").disabled) return;
  if (here > 0) return history.back();
  let k = g.positions.length - 2;   // the last position before this one where the user was to move
  while (k > 0 && moverAt(g, k) !== "user") k--;
  const state = {...g, positions: g.positions.slice(0, k + 1)};
  history.pushState({sprague: true}, "", stateToHash(state));
  restore(state);
}

// ------------------------------------------------------------------ play
function clearValue() {
  ticket("value");
  $("value-out").textContent = "";
  for (const k of ["value", "outcome", "position", "typed", "misere"]) delete $("value-out").dataset[k];
}

// Two players at one screen (Computer: nobody): both are users, player 1 moves first; the server only checks moves.
function hotSeat(g) { return g.mode === "none"; }

function moverAt(g, i) {   // who is to move at positions[i]
  if (hotSeat(g)) return "user";
  const firstIsUser = g.first === "human";
  return (i % 2 === 0) === firstIsUser ? "user" : "computer";
}

function playerAt(g, i) {   // the name of the player to move at positions[i]
  if (hotSeat(g)) return `player ${i % 2 + 1}`;
  return moverAt(g, i) === "user" ? "you" : "the computer";
}

function sideOf(g, i) {   // whether the history is coloured from the side of the player to move at positions[i]
  return hotSeat(g) ? i % 2 === 0 : moverAt(g, i) === "user";   // you; in a hot seat, player 1
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function computerPlay(g) {
  return g.mode === "perfect" || g.mode === "random" || g.mode === "none" ? {mode: g.mode} :
    {mode: "skilled", skill: Number(g.mode)};
}

// Start: the typed position is checked first; the game on screen (if any) stays, playable, until the new one is
// ready, so a typo costs nothing but the error message.
async function start() {
  showError(null);
  const r = current(), fresh = ticket("game", true), old = game;
  $("start").disabled = true;   // a double click starts one game
  pause();   // nothing of the game on screen is played or read as the new one's meanwhile
  $("status").textContent = "Starting…";
  try {
    const data = await api("/api/value", {ruleset: r.name, params: params(),
                                          position: positionFromText($("position").value, r), misere: misere()},
                           fresh.signal);
    if (!fresh()) return;
    newGame({ruleset: r.name, params: params(), misere: misere(), first: $("first").value, mode: $("mode").value,
             positions: [data.position], values: [{...data, explained: true}], reasons: [], moveTexts: [], over: false});
    await showGame();
    $("game").scrollIntoView({block: "start"});   // the board and the options in view (not below the set-up)
  } catch (e) {
    if (!fresh()) return;
    $("status").textContent = old ? "The game goes on." : "";
    showError(e);
    if (old) { game = old; await showGame().catch(showError); }   // the game on screen goes on
  } finally { $("start").disabled = false; }
}

// The game on screen stops answering: its options, hints and the computer's move in flight are dropped.
function pause() {
  game = null; ticket("options", true); ticket("hint", true); ticket("computer", true);
  for (const id of ["hint-out", "winner", "options", "options-note"]) $(id).innerHTML = "";
  delete $("winner").dataset.winner; delete $("options").dataset.at;
}

// The game `g` replaces the one on screen: nothing of the old one (answers in flight included) is read as its.
function newGame(g) {
  pause();
  for (const id of ["board", "history", "strip", "chart", "why-body", "remoteness-note"]) $(id).innerHTML = "";
  delete $("current").dataset.position;
  game = g;
  trail = []; here = -1;   // Undo stays within this game
  record(true);
}

// Restart: the game from its start position, with the same rules and players.
function restart() {
  const g = game;
  if (!g) return;
  newGame({...g, positions: [g.positions[0]], values: [g.values[0]], reasons: [], moveTexts: [], over: false, busy: false,
           lastOptions: undefined});
  showGame().catch(showError);
}

// Show the game at its last position: the board, the strip, the options, and the computer's move if it is its turn.
async function showGame() {
  const g = game, i = g.positions.length - 1, at = g.positions[i];
  $("game").classList.remove("hidden");
  const mode = [...$("mode").options].find((o) => o.value === g.mode);
  $("rules-line").textContent = `Playing ${rulesText(g)}. Computer: ${mode ? mode.textContent : g.mode}.`;
  $("current").textContent = `Position: ${formatPosition(at)}`;
  $("current").dataset.position = JSON.stringify(at);
  const same = $("options").dataset.at === JSON.stringify(at) && $("options").dataset.moves === String(i);
  for (const id of ["hint-out", "winner", ...(same ? [] : ["options", "options-note"])]) $(id).innerHTML = "";
  delete $("hint-out").dataset.hint; delete $("winner").dataset.winner;
  drawHistory(g); drawStrip(g); drawBoard(g, at, [], false);
  const fresh = ticket("options", true);
  const data = await api("/api/moves", {ruleset: g.ruleset, params: g.params, position: at, misere: g.misere,
                                        remoteness: true}, fresh.signal);
  if (!fresh() || game !== g || g.positions.length - 1 !== i) return;
  g.values[i] = {...g.values[i], ...data};
  drawStrip(g); why(g, data);
  // remoteness is searched within a share of the budget: when it is not known, say why instead of dropping it
  $("remoteness-note").textContent = data.remoteness_note ? `Moves left with best play: ${data.remoteness_note}.` : "";
  if (data.all_options_listed && data.options.length === 0) return gameOver(g, moverAt(g, i));
  if (repeated(g, i) >= DRAW_REPETITIONS) return drawnGame(g, i);
  if (moverAt(g, i) === "computer") return computerMove(g);
  $("status").textContent = (g.misere ? "Misère play: whoever makes the last move loses. " : "") +
    (hotSeat(g) ? `${capital(playerAt(g, i))} to move` : "Your move") + ": click a token or an option (green: a winning move; red: a losing one" +
    (rulesetByName(g.ruleset).loopy ? `; blue: a drawing one. A position met ${DRAW_REPETITIONS} times with the ` +
     "same player to move is a draw" : "") + ").";
  g.allListed = data.all_options_listed;
  g.lastOptions = data.options;
  const lost = document.activeElement === document.body || !document.body.contains(document.activeElement);
  listOptions(g, data);
  // when the options are not all listed, the board sends the move to the server to check (the winning moves the
  // server listed are not used: a token that played only them would give the answer away)
  const boardPlays = drawBoard(g, at, g.allListed ? data.options : [], true);
  // on a phone, when the board itself plays every move (and colours it), the list of moves folds away below it
  $("options-box").open = !(boardPlays && g.allListed && window.innerWidth <= 600);
  $("options-count").textContent = g.allListed ? `(${data.options.length})` : "";
  if (lost) ($("options").querySelector("button") || $("move")).focus();   // keyboard users keep their place
}

// A loopy game may go on forever: as `sprague play` (sprague.play.DRAW_REPETITIONS), it is drawn when a position
// occurs for the third time with the same player to move.
const DRAW_REPETITIONS = 3;
// What an outcome means for the player to move, as the "Why" panel says it.
const OUTCOME_WHY = {P: "a P-position, so every move loses against perfect play",
                     N: "an N-position, so a winning move exists",
                     D: "a D-position (a draw): neither player can force a win, and a drawing move keeps it so"};
const OUTCOME_WORDS = {P: "the player to move loses", N: "the player to move wins",
                       D: "a draw: neither player can force a win, play goes on forever"};

function repeated(g, i) {   // how often the position after move i has occurred with the same player to move
  if (!rulesetByName(g.ruleset).loopy) return 0;
  const here = JSON.stringify(g.positions[i]);
  return g.positions.filter((p, j) => j % 2 === i % 2 && j <= i && JSON.stringify(p) === here).length;
}

function drawnGame(g, i) {
  g.over = true;
  $("options").innerHTML = ""; $("options-note").textContent = ""; delete $("options").dataset.at;
  $("status").textContent = "Game over: drawn by repetition.";
  $("winner").textContent = `Drawn: ${formatPosition(g.positions[i])} has occurred ${DRAW_REPETITIONS} times with ` +
    `${playerAt(g, i)} to move (repetition rule).`;
  $("winner").dataset.winner = "draw";
}

function gameOver(g, stuck) {   // `stuck` is to move and cannot
  g.over = true;
  const n = g.positions.length - 1, other = `player ${(n + 1) % 2 + 1}`;
  const winner = hotSeat(g) ? (g.misere ? playerAt(g, n) : other) : g.misere ? stuck : stuck === "user" ? "computer" : "user";
  $("options").innerHTML = ""; $("options-note").textContent = ""; delete $("options").dataset.at;
  $("status").textContent = g.positions.length === 1 ? "Game over: the start position has no moves." : "Game over.";
  $("winner").textContent = winnerText(g, winner);
  $("winner").dataset.winner = winner;
}

function winnerText(g, winner) {
  const won = winner === "user" ? "You win!" : winner === "computer" ? "The computer wins." : `${capital(winner)} wins!`;
  const n = g.positions.length - 1;
  if (!g.misere) return won;
  if (n === 0) return `${won} Misère play: the player who cannot move has won.`;
  return `${won} ${capital(playerAt(g, n - 1))} made the last move, and under misère play ` +
    "the player who makes the last move loses.";
}

function listOptions(g, data) {
  const box = $("options");
  box.innerHTML = ""; $("options-note").textContent = "";
  box.dataset.at = JSON.stringify(g.positions[g.positions.length - 1]); box.dataset.moves = String(g.positions.length - 1);
  if (!data.all_options_listed) {   // listing only the winning ones would give the answer away
    $("options-note").textContent = `${short(data.option_count)} options: too many to list; click the board or type the ` +
      "position after your move (Hint shows a winning one).";
    return;
  }
  const shown = $("show-values").checked, G = valueName(data.misere);
  for (const o of data.options) {
    const b = document.createElement("button");
    const ov = valueOf({...o, misere: data.misere}), gv = ov === null || ov === undefined ? "?" : ov;
    const kind = o.outcome === "P" ? "win" : o.outcome === "N" ? "lose" : o.outcome === "D" ? "draw" : "unknown";
    const far = o.remoteness === null || o.remoteness === undefined ? "" :
      `, ${o.remoteness} move${o.remoteness === 1 ? "" : "s"} left with best play`;
    b.className = kind;
    b.innerHTML = `<span class="move"></span><span class="detail"></span>`;
    b.querySelector(".move").textContent = o.move;
    b.querySelector(".detail").textContent = `→ ${formatPosition(o.position)} · ` +
      (kind === "win" ? "wins" : kind === "lose" ? "loses" : kind === "draw" ? "draws" : "not known") + far +
      (shown ? ` · ${G}=${gv}` : "");
    b.setAttribute("aria-label", `${o.move}, to ${formatPosition(o.position)}: ${kind === "win" ? "a winning move" :
      kind === "lose" ? "a losing move" : kind === "draw" ? "a drawing move" : "not known"}${far}`);
    b.dataset.value = gv; b.dataset.outcome = o.outcome; b.dataset.winning = o.winning;
    b.dataset.remoteness = o.remoteness ?? ""; b.dataset.position = JSON.stringify(o.position);
    b.setAttribute("data-testid", "option");
    b.onclick = () => userMove(g, o.position);
    box.appendChild(b);
  }
}

function usersTurn(g) { return g && game === g && !g.over && !g.busy && moverAt(g, g.positions.length - 1) === "user"; }

async function userMove(g, position) {
  if (!usersTurn(g)) return;
  showError(null);
  g.busy = true;
  const at = g.positions[g.positions.length - 1];
  try {   // the user's move, checked by the server, and the computer's reply
    const data = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: at, move: position,
                                         misere: g.misere, ...computerPlay(g)});
    g.busy = false;
    if (game === g) await advance(g, data, true);
  } catch (e) { if (game === g) showError(e); } finally { g.busy = false; }
}

async function computerMove(g) {
  if (g.busy) return;   // its move is already asked for
  g.busy = true;
  $("status").textContent = "The computer is thinking…";
  const at = g.positions[g.positions.length - 1], fresh = ticket("computer", true);
  try {
    const data = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: at, misere: g.misere,
                                         ...computerPlay(g)}, fresh.signal);
    g.busy = false;
    if (fresh() && game === g) await advance(g, data, false);   // the computer's move alone: no new turn in history
  } catch (e) { g.busy = false; if (fresh() && game === g) showError(e); }
}

// The answer of /api/play: the moves made (each position joins the game, the URL and the strip). A user's turn is
// a new entry of the browser's history (Back undoes it); the computer's move alone (first, or after a reload)
// joins the entry it follows. An answer from a position the game has left is dropped.
async function advance(g, data, newTurn) {
  const last = JSON.stringify(g.positions[g.positions.length - 1]);
  if (!data.moves.length || JSON.stringify(data.moves[0].from) !== last) return;
  for (const m of data.moves) {
    const listed = (g.lastOptions || []).find((o) => JSON.stringify(o.position) === JSON.stringify(m.position));
    g.positions.push(m.position);
    g.values.push(listed && m.by === "user" ? {position: m.position, outcome: listed.outcome, grundy: listed.grundy,
      misere_grundy: listed.misere_grundy, remoteness: listed.remoteness} : {position: m.position});
    g.reasons[g.positions.length - 1] = m.reason; g.moveTexts[g.positions.length - 1] = m.move;
  }
  record(newTurn);
  fillValues(g);
  await showGame();
}

// The strip's values for positions the game passed through without asking (after the user's move).
async function fillValues(g) {
  for (let i = 0; i < g.positions.length; i++) {
    if (g.values[i] && g.values[i].outcome) continue;
    try {
      const v = await api("/api/value", {ruleset: g.ruleset, params: g.params, position: g.positions[i], misere: g.misere});
      if (game !== g || !g.values[i] || JSON.stringify(g.values[i].position) !== JSON.stringify(v.position)) return;
      g.values[i] = {...v, ...g.values[i], outcome: v.outcome, grundy: v.grundy, misere_grundy: v.misere_grundy,
                     explanation: v.explanation, heap_values: v.heap_values, explained: true};
      drawStrip(g);
    } catch (e) { return; }   // the strip is a summary: the game goes on without it
  }
}

async function hint() {
  const g = game;
  if (!g || g.over) return;
  const at = g.positions[g.positions.length - 1], fresh = ticket("hint", true);
  try {
    const data = await api("/api/play", {ruleset: g.ruleset, params: g.params, position: at, mode: "hint",
                                         misere: g.misere}, fresh.signal);
    if (!fresh() || game !== g || g.positions[g.positions.length - 1] !== at) return;
    $("hint-out").textContent = data.hint_text;
    $("hint-out").dataset.hint = JSON.stringify(data.hint);
  } catch (e) { if (fresh()) showError(e); }
}

// The value of the position typed in the box (not of the game in progress).
async function value() {
  showError(null);
  const r = current(), typed = $("position").value, fresh = ticket("value"), began = performance.now();
  try {
    const data = await api("/api/value", {ruleset: r.name, params: params(), position: positionFromText(typed, r),
                                          misere: misere()}, fresh.signal);
    if (!fresh()) return;
    const v = valueOf(data), gv = v === null || v === undefined ? "not computed" : v;
    const who = OUTCOME_WORDS[data.outcome];
    const out = $("value-out");
    out.textContent = `Value of the typed position ${formatPosition(data.position)}` +
      `${data.misere ? " under misère play" : ""}: ${valueName(data.misere)} = ${gv}, ${data.outcome}-position (${who})`;
    Object.assign(out.dataset, {value: v, outcome: data.outcome, misere: data.misere, typed,
                                position: JSON.stringify(data.position)});
    view.valueMs = performance.now() - began;   // from the click to the answer on screen
  } catch (e) { if (fresh()) showError(e); }
}

// ------------------------------------------------------------------ drawing the game
function drawHistory(g) {
  const box = $("history");
  box.innerHTML = "";
  for (let i = 1; i < g.positions.length; i++) {
    const li = document.createElement("li");
    const reason = g.reasons[i];
    li.textContent = `${hotSeat(g) ? playerAt(g, i - 1) : moverAt(g, i - 1) === "user" ? "you" : "computer"}: ` + (g.moveTexts[i] ?
      `${g.moveTexts[i]}, to ${formatPosition(g.positions[i])}` : `${formatPosition(g.positions[i - 1])} → ` +
      formatPosition(g.positions[i])) + (reason ? `   (${reason})` : "");
    box.appendChild(li);
  }
}

// The value history: each position of the game, coloured by its outcome for your side (in a hot seat, player 1's):
// as a chart (remoteness against turn) and as a list of turns (what screen readers and the tests read).
function drawStrip(g) {
  const box = $("strip");
  box.innerHTML = "";
  g.positions.forEach((p, i) => {
    const v = g.values[i] || {}, span = document.createElement("span");
    const val = valueOf({...v, misere: g.misere}), side = hotSeat(g) ? "player 1" : "you";
    // from your side (as GamesmanUni's value history): green while you are winning, red while you are losing
    const yours = v.outcome && v.outcome !== "D" ? (v.outcome === "N") === sideOf(g, i) : null;
    span.className = v.outcome === "D" ? "draw" : yours === null ? "" : yours ? "you-win" : "you-lose";
    span.setAttribute("role", "listitem");
    const far = v.remoteness === undefined || v.remoteness === null ? "" : ` in ${v.remoteness}`;
    const state = v.outcome === "D" ? "draw" : yours === null ? "?" : `${side} ${yours ? "win" : "lose"}${hotSeat(g) ? "s" : ""}${far}`;
    span.textContent = `${i}: ${state}` + ($("show-values").checked && val !== undefined ? ` · ${valueName(g.misere)}=${val}` : "");
    span.dataset.remoteness = v.remoteness ?? "";
    span.title = `after ${i} move${i === 1 ? "" : "s"}: ${formatPosition(p)}, ${playerAt(g, i)} ` +
      `to move, ${v.outcome || "?"}-position` + (val !== undefined ? `, ${valueName(g.misere)} = ${val}` : "") +
      (v.outcome === "D" ? ": a draw with best play" : yours === null ? "" :
       `: ${side} ${hotSeat(g) ? (yours ? "is winning" : "is losing") : (yours ? "are winning" : "are losing")}` +
       (far ? `, the game ends${far} moves with best play` : ""));
    span.setAttribute("aria-label", span.title);
    span.dataset.outcome = v.outcome || "";
    box.appendChild(span);
  });
  drawChart(g);
}

// The value history as GamesmanUni draws it: turn across, remoteness up while your side wins and down while it
// loses (a draw on the middle line), each point coloured by the outcome. An SVG: sharp at any pixel density.
function drawChart(g) {
  const ns = "http://www.w3.org/2000/svg", box = $("chart"), n = g.positions.length;
  const side = hotSeat(g) ? "player 1" : "you";
  const points = g.positions.map((p, i) => {
    const v = g.values[i] || {}, known = v.outcome && v.outcome !== "D";
    const wins = known ? (v.outcome === "N") === sideOf(g, i) : null;
    return {i, v, wins, r: v.remoteness ?? null, kind: v.outcome === "D" ? "draw" : wins === null ? "unknown" : wins ? "win" : "lose"};
  });
  const top = Math.max(1, ...points.map((q) => q.r ?? 0));
  const W = Math.max(320, 80 + 28 * n), H = 210, L = 60, T = 16, mid = (H - 20) / 2, half = mid - T;
  // as GamesmanUni: the end of the game (remoteness 0) at the edges, the longest remoteness next to the middle
  const X = (i) => L + 14 + i * 28, Y = (q) => q.kind === "draw" ? mid : q.kind === "unknown" ? mid :
    mid + (q.wins ? -1 : 1) * half * (top + 1 - (q.r ?? top)) / (top + 1);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`); svg.setAttribute("width", W); svg.setAttribute("height", H);
  svg.setAttribute("role", "img"); svg.setAttribute("data-testid", "chart");
  svg.setAttribute("aria-label", `value history: ${n} position${n === 1 ? "" : "s"}; above the middle line ${side} ` +
    `${hotSeat(g) ? "wins" : "win"}, below ${hotSeat(g) ? "loses" : "lose"}; the nearer the edge, the fewer moves are ` +
    "left (the list below reads each turn)");
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, val);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e); return e;
  };
  add("line", {x1: L, y1: mid, x2: W - 4, y2: mid, class: "axis"});
  add("text", {x: 2, y: T, class: "label"}, `${side} win${hotSeat(g) ? "s" : ""}`);
  add("text", {x: 2, y: H - 24, class: "label"}, `${side} lose${hotSeat(g) ? "s" : ""}`);
  for (const [y, r] of [[mid - half, 0], [mid - half / (top + 1), top], [mid + half / (top + 1), top], [mid + half, 0]]) {
    add("text", {x: L - 6, y: y + 4, class: "tick"}, String(r));   // remoteness: moves left with best play
  }
  const known = points.filter((q) => q.kind !== "unknown");
  if (known.length > 1) add("polyline", {points: known.map((q) => `${X(q.i)},${Y(q)}`).join(" "), class: "path"});
  for (const q of points) {
    const c = add("circle", {cx: X(q.i), cy: Y(q), r: 7, class: q.kind, "data-turn": q.i, "data-kind": q.kind,
                             "data-remoteness": q.r ?? ""});
    const t = document.createElementNS(ns, "title");
    t.textContent = `turn ${q.i}: ${q.kind === "unknown" ? "not known" : q.kind === "draw" ? "a draw" :
      `${side} ${q.wins ? "win" : "lose"}${hotSeat(g) ? "s" : ""}`}${q.r === null ? "" : ` in ${q.r}`}`;
    c.appendChild(t);
    if (n <= 40 || q.i % Math.ceil(n / 40) === 0) add("text", {x: X(q.i), y: H - 4, class: "turn"}, String(q.i));
  }
  box.innerHTML = ""; box.appendChild(svg);
}

let redrawBoard = () => {};   // the board as last drawn, again (a board's own state changed: a cell chosen)

// The position as objects to click, as the ruleset's board says (its base class: sprague.rulesets.shapes): heaps as
// stacks; on a grid, two heaps as a cell (x, y) (more heaps, or large ones, as stacks); coins in a row; a graph.
function drawBoard(g, at, options, playable) {
  const box = $("board"), r = rulesetByName(g.ruleset);
  box.innerHTML = "";
  // the games on graphs and boards of cells that have a board you click (boards.js)
  const app = {cellName, play: (o) => userMove(g, o.position), filter: filterOptions,
               redraw: () => drawBoard(g, at, options, playable)};
  redrawBoard = app.redraw;
  const drawn = window.spragueBoards ? window.spragueBoards.draw(box, g, at, options, playable, app) : null;
  if (drawn !== null) return drawn;
  if (r.board === "grid" && Array.isArray(at) && at.length === 2 &&
      at.every((h) => Number.isSafeInteger(Number(h)) && Number(h) <= 30)) {
    box.appendChild(coordinateGrid(g, at.map(Number), options, playable));   // a coordinate game: the position is a cell
    return true;
  } else if ((r.board === "heaps" || r.board === "grid") && Array.isArray(at)) {
    at.forEach((h, i) => {
      const heap = document.createElement("div");
      heap.className = "heap"; heap.dataset.heap = i;
      const n = Number(h);
      if (Number.isSafeInteger(n) && n <= 20) {
        for (let k = n; k >= 1; k--) {   // column-reverse: token 1 at the bottom
          const t = document.createElement("button");
          t.className = "token"; t.setAttribute("data-testid", "token");
          t.setAttribute("aria-label", `heap ${i + 1}: leave ${k - 1} of ${n}`);
          t.dataset.heap = i; t.dataset.leave = k - 1; t.disabled = !playable;
          t.onclick = () => clickHeap(g, at, options, i, k - 1);
          heap.prepend(t);
        }
      } else {
        const bar = document.createElement("button");
        bar.className = "bar"; bar.style.height = "80px"; bar.disabled = !playable;
        bar.setAttribute("aria-label", `heap ${i + 1} of ${h}: show its moves`);
        bar.onclick = () => clickHeap(g, at, options, i, null);
        heap.prepend(bar);
      }
      const label = document.createElement("span");
      label.className = "label"; label.textContent = short(h);
      heap.prepend(label);
      box.appendChild(heap);
    });
  } else if (r.board === "coins" && typeof at === "string") {
    [...at].forEach((c, i) => {
      const coin = document.createElement("button");
      coin.className = `coin ${c}`; coin.textContent = c; coin.disabled = !playable;
      coin.setAttribute("aria-label", `coin ${i + 1}: ${c === "H" ? "heads" : "tails"}; show the moves that turn it`);
      coin.onclick = () => filterOptions((o) => typeof o.position === "string" && o.position[i] !== c,
                                         `moves turning coin ${i + 1}`);
      box.appendChild(coin);
    });
  } else if (r.board === "graph" && Array.isArray(at)) {
    box.appendChild(graphSvg(at, playable, (a, b) => filterOptions(
      (o) => !o.position.some((e) => e[0] === a && e[1] === b), `moves cutting edge ${a}-${b}`)));
  } else if (r.board === "cells" && Array.isArray(at)) {
    box.appendChild(cellBoard(at, playable));
  }
}

// A board of cells (board "cells", sprague.rulesets.shapes.BoardRuleset): its rows as squares, "." empty, "#"
// filled, any other character written in its cell; a click on a cell shows the moves that change it.
function cellBoard(rows, playable) {
  const grid = document.createElement("div");
  grid.className = "cells";
  rows.forEach((row, i) => {
    const line = document.createElement("div");
    line.className = "cell-row";
    [...row].forEach((c, j) => {
      const cell = document.createElement("button"), name = cellName(i, j);
      const what = c === "." ? "empty" : c === "#" ? "filled" : c;
      cell.className = `cell ${c === "." ? "empty" : "full"}`;
      cell.textContent = c === "." || c === "#" ? "" : c;
      cell.dataset.cell = name; cell.disabled = !playable;
      cell.setAttribute("data-testid", "cell");
      cell.setAttribute("aria-label", `${name}: ${what}; show the moves that change it`);
      cell.onclick = () => filterOptions((o) => Array.isArray(o.position) && (o.position[i] || "")[j] !== c,
                                         `moves changing ${name}`);
      line.appendChild(cell);
    });
    grid.appendChild(line);
  });
  return grid;
}

// The name of a cell as sprague writes it (sprague.rulesets.shapes.cell_name): column letters, then row from 1.
function cellName(i, j) {
  let letters = "";
  for (let c = j + 1; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(97 + (c - 1) % 26) + letters;
  return letters + (i + 1);
}

// A coordinate game (board "grid") drawn as the grid of positions (x, y) of two heaps: the position is the
// marked cell, each option a cell coloured win or lose; a click on an option's cell plays it.
function coordinateGrid(g, [x0, y0], options, playable) {
  // cells of 26 px; on a phone as wide as the screen allows, up to 44 px (a finger's tap target)
  const nx = x0 + 1, ny = y0 + 1, L = 28, B = 24, c = document.createElement("canvas");
  const s = window.innerWidth <= 600 ? Math.max(26, Math.min(44, Math.floor((window.innerWidth - L - 40) / nx))) : 26;
  c.dataset.cell = String(s); c.dataset.left = String(L);
  c.setAttribute("data-testid", "coordinate-grid");
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", `the position (${x0}, ${y0}) on the grid of two heaps; options: ` +
                 options.map((o) => `(${o.position.join(", ")}) ${o.outcome === "P" ? "wins" : "loses"}`).join("; "));
  const ctx = sizeCanvas(c, L + nx * s + 4, ny * s + B + 4), cell = (x, y) => [L + x * s, (ny - 1 - y) * s];
  const byCell = new Map(options.map((o) => [o.position.map(Number).join(","), o]));
  ctx.font = "11px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (let x = 0; x < nx; x++) for (let y = 0; y < ny; y++) {
    const o = byCell.get(`${x},${y}`), [px, py] = cell(x, y);
    ctx.fillStyle = x === x0 && y === y0 ? "#1d4e89" : o ? (o.outcome === "P" ? "#d8f3dc" : "#fde2e2") : "#f7f7f7";
    ctx.fillRect(px + 1, py + 1, s - 2, s - 2);
    if (o) { ctx.strokeStyle = o.outcome === "P" ? "#14642a" : "#9b1c1c"; ctx.strokeRect(px + 1.5, py + 1.5, s - 3, s - 3); }
  }
  ctx.fillStyle = "#111";
  for (let x = 0; x < nx; x += Math.ceil(nx / 12)) ctx.fillText(String(x), L + (x + 0.5) * s, ny * s + 10);
  for (let y = 0; y < ny; y += Math.ceil(ny / 12)) ctx.fillText(String(y), L / 2, (ny - 1 - y + 0.5) * s);
  c.onclick = (ev) => {
    const box = c.getBoundingClientRect(), k = cssSize(c).w / box.width;
    const x = Math.floor(((ev.clientX - box.left) * k - L) / s), y = ny - 1 - Math.floor(((ev.clientY - box.top) * k) / s);
    const o = byCell.get(`${x},${y}`);
    if (o && playable) userMove(g, o.position);
  };
  const wrap = document.createElement("div");
  wrap.className = "scroll"; wrap.appendChild(c);
  return wrap;
}

// A click on heap i (leaving `leave` tokens when a token was clicked): the one option doing exactly that is
// played; otherwise the options that change heap i are shown.
function clickHeap(g, at, options, i, leave) {
  if (leave !== null) {
    const target = at.map((h, j) => (j === i ? String(leave) : String(h)));
    if (!g.allListed) return userMove(g, target);   // the server checks it (and says why if it is no move)
    const exact = options.find((o) => o.position.length === at.length &&
      o.position.every((h, j) => String(h) === target[j]));
    if (exact) return userMove(g, exact.position);
  }
  filterOptions((o) => o.move.startsWith(`heap ${i + 1}:`) || o.move.startsWith(`heap ${i + 1} `),
                `moves on heap ${i + 1}`);
}

function filterOptions(keep, what) {
  const buttons = [...document.querySelectorAll("#options button")];
  let n = 0;
  for (const b of buttons) {
    const o = {position: JSON.parse(b.dataset.position), move: b.querySelector(".move").textContent};
    const on = keep(o);
    b.classList.toggle("filtered", !on);
    n += on ? 1 : 0;
  }
  $("options-note").textContent = buttons.length ? `${n} ${what}` + (n < buttons.length ? " (click the board's " +
    "background or press Escape for every move)" : "") : $("options-note").textContent;
}

function graphSvg(edges, playable, onEdge) {
  const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
  const vertices = [...new Set(edges.flat())].sort((a, b) => a - b), W = 320, H = 240;
  const place = {};
  const others = vertices.filter((v) => v !== 0);
  place[0] = [W / 2, H - 20];
  others.forEach((v, k) => {   // a fan above the ground
    const angle = Math.PI * (k + 1) / (others.length + 1);
    const ring = 1 + (k % 2);
    place[v] = [W / 2 - Math.cos(angle) * 70 * ring, H - 30 - Math.sin(angle) * 90 * ring];
  });
  svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `the graph: ${edges.map((e) => e.join("-")).join(", ")}`);
  const ground = document.createElementNS(ns, "line");
  Object.entries({x1: 10, y1: H - 20, x2: W - 10, y2: H - 20, class: "ground"}).forEach(([k, v]) => ground.setAttribute(k, v));
  svg.appendChild(ground);
  for (const [a, b] of edges) {
    const line = document.createElementNS(ns, "line");
    const [x1, y1] = place[a], [x2, y2] = place[b];
    Object.entries({x1, y1, x2, y2, tabindex: playable ? 0 : -1}).forEach(([k, v]) => line.setAttribute(k, v));
    line.setAttribute("data-testid", "edge");
    line.setAttribute("role", "button");
    line.setAttribute("aria-label", `edge ${a}-${b}: show the moves that cut it`);
    const title = document.createElementNS(ns, "title"); title.textContent = `edge ${a}-${b}`; line.appendChild(title);
    if (playable) {
      line.addEventListener("click", () => onEdge(a, b));
      line.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") onEdge(a, b); });
    }
    svg.appendChild(line);
  }
  return svg;
}

// Why: the theorem at work for this position: its method and source, the closed form worked out on it (from
// /api/value: "explanation"), and for a sum of heaps the nim-sum of their values in binary columns.
function why(g, data) {
  const box = $("why-body"), r = rulesetByName(g.ruleset), i = g.positions.length - 1;
  box.innerHTML = "";
  const p = document.createElement("p");
  const G = valueName(g.misere), v = valueOf(data);
  p.textContent = `${G} = ${v ?? "not computed"}: ${OUTCOME_WHY[data.outcome] || "its outcome is not known"}. ` +
    `Method: ${data.method}. Source: ${r.reference}.`;
  box.appendChild(p);
  const known = g.values[i];
  if (known.explained) whyDetails(known);
  else if (!known.asked) { known.asked = true; explain(g, i); }
  if (window.teachWhy) window.teachWhy(g, data);   // teach.js: the mex step and the P/N labelling
}

function whyDetails(v) {
  const box = $("why-body");
  if (v.explanation) {
    const p = document.createElement("p");
    p.setAttribute("data-testid", "explanation");
    p.textContent = `Worked out on this position: ${v.explanation}.`;
    box.appendChild(p);
  }
  if (v.heap_values && v.heap_values.length >= 2) box.appendChild(nimSumTable(v.position, v.heap_values));
}

async function explain(g, i) {
  try {
    const v = await api("/api/value", {ruleset: g.ruleset, params: g.params, position: g.positions[i], misere: g.misere});
    if (game !== g || !g.values[i]) return;
    Object.assign(g.values[i], {explanation: v.explanation, heap_values: v.heap_values, position: v.position,
                                explained: true});
    if (g.positions.length - 1 === i) whyDetails(g.values[i]);
  } catch (e) { /* the explanation is optional: the answer is already shown */ }
}

const MAX_COLUMNS = 64;   // binary columns of the nim-sum table drawn (past it, the values only)

// A number of many digits shortened for a label: its first and last digits and how many there are.
function short(value) {
  const t = String(value);
  return t.length <= 24 ? t : `${t.slice(0, 8)}…${t.slice(-8)} (${t.length} digits)`;
}

// The nim-sum in binary columns: a column with an odd number of 1s makes the sum non-zero.
function nimSumTable(heaps, values) {
  const big = values.map((v) => BigInt(v)), sum = big.reduce((a, b) => a ^ b, 0n);
  const bits = Math.max(1, ...big.map((v) => v.toString(2).length)), width = bits <= MAX_COLUMNS ? bits : 0;
  const box = document.createElement("div"), note = document.createElement("p");
  note.textContent = "Sprague-Grundy theorem: the value of a sum of heaps is the nim-sum (binary addition without carry) " +
    "of the heaps' values. A column with an odd number of 1s (marked) makes it non-zero; a winning move changes one " +
    "heap so that every column becomes even." + (width ? "" : ` (The values have up to ${bits} binary digits: too many ` +
    "columns to draw, so the table gives the values and their nim-sum in decimal.)");
  const table = document.createElement("table");
  table.setAttribute("data-testid", "nim-sum");
  box.append(note);
  const head = table.insertRow();
  ["heap", "G(heap)", ...Array.from({length: width}, (_, k) => `2^${width - 1 - k}`)].forEach((t) => {
    const th = document.createElement("th"); th.textContent = t; head.appendChild(th);
  });
  const odd = Array.from({length: width}, (_, k) => big.filter((v) => (v >> BigInt(width - 1 - k)) & 1n).length % 2 === 1);
  big.forEach((v, i) => {
    const tr = table.insertRow();
    [short(heaps[i]), short(v), ...(width ? v.toString(2).padStart(width, "0") : "")].forEach((t, k) => {
      const td = tr.insertCell(); td.textContent = t; if (k >= 2 && odd[k - 2]) td.className = "odd";
    });
  });
  const tr = table.insertRow(); tr.className = "sum";
  ["nim-sum", short(sum), ...(width ? sum.toString(2).padStart(width, "0") : "")].forEach((t) => { tr.insertCell().textContent = t; });
  const wrap = document.createElement("div");
  wrap.className = "scroll"; wrap.tabIndex = 0; wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "the nim-sum table (scrolls)"); wrap.appendChild(table); box.appendChild(wrap);
  return box;
}

function updateUndo() {
  const g = game, n = g ? g.positions.length - 1 : 0;
  let earlier = false;   // a position before the last where the user was to move
  for (let k = 0; k < n && !earlier; k++) earlier = moverAt(g, k) === "user";
  $("undo").disabled = !g || !(here > 0 || earlier);
  $("redo").disabled = here < 0 || here >= trail.length - 1;
}

// Back, Forward, a pasted link: the game of the URL.
async function restore(state) {
  game = null;   // a move in flight for the game shown until now is dropped
  syncTrail();
  if (!state) { $("game").classList.add("hidden"); updateUndo(); return; }
  const r = rulesetByName(state.ruleset);
  if (!r) { showError(new Error(`the link names the ruleset ${JSON.stringify(state.ruleset)}, which this server does not have`)); return; }
  if ($("ruleset").value !== r.name || JSON.stringify(params()) !== JSON.stringify(state.params) || misere() !== state.misere) {
    $("ruleset").value = r.name; $("misere").checked = state.misere; chooseRuleset(state.params);
  }
  $("first").value = state.first; $("mode").value = state.mode;
  const fresh = ticket("game", true);
  try {   // the server replays the game: each position must be a move from the one before (values for the strip)
    const data = await api("/api/game", {ruleset: state.ruleset, params: state.params, positions: state.positions,
                                         misere: state.misere}, fresh.signal);
    if (!fresh()) return;
    showError(null);
    game = {...state, positions: data.positions, values: data.values.map((v) => ({...v, explained: true})),
            reasons: [], moveTexts: [undefined, ...data.moves], over: false};
    $("position").value = formatPosition(game.positions[0]);
    updateUndo();
    await showGame();
  } catch (e) {
    if (!fresh()) return;
    $("game").classList.add("hidden");   // a game that cannot be played is not shown
    showError(new Error(`This game cannot be replayed: ${e.message}`));
  }
}

function exportGame() {
  if (!game) return;
  download(`sprague-${game.ruleset}-game.json`, "application/json", JSON.stringify({
    ruleset: game.ruleset, params: game.params, misere: game.misere, first: game.first, computer: game.mode,
    positions: game.positions}, null, 1));
}

async function importGame(file) {
  try {
    const data = JSON.parse(await file.text());
    const state = {ruleset: data.ruleset, params: data.params || {}, misere: !!data.misere,
                   first: data.first === "computer" ? "computer" : "human", mode: computerMode(String(data.computer)),
                   positions: data.positions};
    if (!state.ruleset || !Array.isArray(state.positions) || !state.positions.length) {
      throw new Error("needs \"ruleset\" and a non-empty list \"positions\", as Export writes them");
    }
    if (!state.params || typeof state.params !== "object" || Array.isArray(state.params)) {
      throw new Error("\"params\" must be an object such as {\"S\": \"1,2\"}");
    }
    history.pushState({sprague: true}, "", stateToHash(state));
    await restore(state);
  } catch (e) { showError(new Error(`Import: ${file.name}: ${e.message}`)); }
}

function download(name, type, content) {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], {type}));
  const a = document.createElement("a");
  a.href = url; a.download = name; document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ------------------------------------------------------------------ canvases
// A canvas of w x h CSS pixels with as many device pixels as the screen has (sharp on a phone's 3x screen), within
// the browser's canvas limits; its context draws in CSS pixels.
function sizeCanvas(c, w, h) {
  const dpr = Math.max(1, Math.min(window.devicePixelRatio || 1, 16000 / Math.max(1, w, h), Math.sqrt(1e8 / Math.max(1, w * h))));
  c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
  c.style.width = `${w}px`; c.style.height = `${h}px`;
  c.dataset.cssWidth = String(w); c.dataset.cssHeight = String(h); c.dataset.density = String(dpr);
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

function cssSize(c) { return {w: Number(c.dataset.cssWidth) || c.width, h: Number(c.dataset.cssHeight) || c.height}; }

// ------------------------------------------------------------------ explore: the heat map on a canvas
const MARGIN = {left: 48, bottom: 40, top: 8, right: 8};

function clearGrid() {
  ticket("grid");
  view.grid = null; view.cursor = null;
  sizeCanvas($("heatmap"), 0, 0);
  $("grid-caption").textContent = ""; $("legend").innerHTML = "";
  $("cell").textContent = ""; for (const k of ["x", "y", "value"]) delete $("cell").dataset[k];
  $("open-cell").hidden = true;
}

async function drawHeatmap() {
  showError(null); clearGrid();
  const r = current(), fresh = ticket("grid"), values = $("grid-values").value;
  const body = {ruleset: r.name, params: params(), min: bound("grid-min"), max_heap: bound("grid-max"),
                kind: values, fixed: $("fixed").value.trim(), misere: misere()};
  if ($("second").value) {
    body.second = $("second").value;
    body.second_params = Object.fromEntries($("second-params").value.split(";").map((kv) => kv.trim())
      .filter((kv) => kv.includes("=")).map((kv) => [kv.slice(0, kv.indexOf("=")).trim(), kv.slice(kv.indexOf("=") + 1).trim()]));
  }
  try {
    const data = await api("/api/table", body, fresh.signal);
    if (!fresh()) return;
    $("grid-caption").textContent = `${describe(body.ruleset, body.params)}` +
      (body.second ? ` + ${describe(body.second, body.second_params)}` : "") +
      (body.fixed ? `, fixed heaps ${body.fixed}` : "") + `: ${values === "grundy" ? "Grundy values" : "outcomes"}` +
      (body.misere ? " under misère play" + (values === "grundy" ? " (G\u207b)" : "") : "");
    view.grid = {...data, values, misere: body.misere, ruleset: r.name, params: body.params, second: body.second,
                 fixed: body.fixed};
    view.zoom = 0;
    paintGrid();
  } catch (e) { if (fresh()) showError(e); }
}

function cellSize() {
  const g = view.grid, n = Math.max(g.rows.length, g.columns.length);
  // on a touch screen a cell stays big enough to tap and to show its number (the canvas scrolls instead)
  const least = window.matchMedia("(pointer: coarse)").matches ? 24 : 2;
  const fit = Math.max(least, Math.min(28, Math.floor((Math.min(window.innerWidth, 1100) - MARGIN.left - 40) / n)));
  return Math.max(2, Math.min(64, fit * Math.pow(1.5, view.zoom)));
}

// Black or white, whichever reads better on the colour `fill` (WCAG contrast: at least 4.5:1 on every fill here).
const INK = new Map();
function inkOn(fill) {
  if (!INK.has(fill)) INK.set(fill, contrastingInk(fill));
  return INK.get(fill);
}

function contrastingInk(fill) {
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = fill;   // the browser normalises hsl(...) and names to #rrggbb
  const hex = probe.fillStyle, rgb = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255);
  const L = rgb.map((c) => c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4))
    .reduce((sum, c, k) => sum + c * [0.2126, 0.7152, 0.0722][k], 0);
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? "#000" : "#fff";
}
view.inkOn = inkOn;
view.colourOf = colourOf;

function colourOf(v, largest) {
  if (v === "P" || v === 0) return "#1f7a3a";
  if (v === "N") return "#f6c28b";
  if (typeof v !== "number") return "#cccccc";
  const t = v / largest;
  return `hsl(${40 + 200 * t}, 75%, ${88 - 40 * t}%)`;
}

// Where the cell of heaps (x, y) is drawn, in the canvas's CSS pixels (for the tests).
view.cellPoint = (x, y) => {
  const g = view.grid, s = g.s, c = $("heatmap"), scale = c.getBoundingClientRect().width / cssSize(c).w;
  const j = g.columns.indexOf(x), i = g.rows.indexOf(y);
  return {x: (MARGIN.left + (j + 0.5) * s) * scale, y: (MARGIN.top + (g.rows.length - 1 - i + 0.5) * s) * scale};
};

function paintGrid() {
  const began = performance.now();
  const g = view.grid, c = $("heatmap"), s = g.s = cellSize();
  const nx = g.columns.length, ny = g.rows.length;
  const numbers = g.table.flat().filter((v) => typeof v === "number");
  g.largest = Math.max(1, ...numbers);
  const W = MARGIN.left + nx * s + MARGIN.right, H = MARGIN.top + ny * s + MARGIN.bottom, ctx = sizeCanvas(c, W, H);
  ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < ny; i++) {
    const y = MARGIN.top + (ny - 1 - i) * s;   // the smallest row at the bottom
    for (let j = 0; j < nx; j++) {
      ctx.fillStyle = colourOf(g.table[i][j], g.largest);
      ctx.fillRect(MARGIN.left + j * s, y, s, s);
    }
  }
  if (s >= 16) {   // the values in the cells, when they fit
    ctx.font = `${Math.floor(s * 0.45)}px sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    for (let i = 0; i < ny; i++) for (let j = 0; j < nx; j++) {
      const v = g.table[i][j];
      ctx.fillStyle = inkOn(colourOf(v, g.largest));
      ctx.fillText(String(v), MARGIN.left + (j + 0.5) * s, MARGIN.top + (ny - 1 - i + 0.5) * s);
    }
  }
  // axes: ticks every k cells, titles
  ctx.fillStyle = "#111"; ctx.font = "12px sans-serif";
  const step = Math.max(1, Math.ceil(24 / s));
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (let j = 0; j < nx; j += step) ctx.fillText(String(g.columns[j]), MARGIN.left + (j + 0.5) * s, MARGIN.top + ny * s + 3);
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (let i = 0; i < ny; i += step) ctx.fillText(String(g.rows[i]), MARGIN.left - 4, MARGIN.top + (ny - 1 - i + 0.5) * s);
  ctx.textAlign = "center"; ctx.textBaseline = "bottom";
  ctx.fillText(g.second ? `heap of ${g.ruleset} (x)` : "heap x", MARGIN.left + nx * s / 2, H - 2);
  ctx.save(); ctx.translate(12, MARGIN.top + ny * s / 2); ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "middle"; ctx.fillText(g.second ? `heap of ${g.second} (y)` : "heap y", 0, 0); ctx.restore();
  if (view.cursor) {
    const [j, i] = view.cursor;
    ctx.strokeStyle = "#1d4e89"; ctx.lineWidth = 3;
    ctx.strokeRect(MARGIN.left + j * s, MARGIN.top + (ny - 1 - i) * s, s, s);
  }
  c.dataset.cells = String(nx * ny);
  drawLegend(g);
  view.paintMs = performance.now() - began;
}

function drawLegend(g) {
  const box = $("legend");
  const item = (colour, text) => `<span><i style="background:${colour}"></i> ${text}</span>`;
  box.innerHTML = g.values === "outcome" ? item(colourOf("P"), "P (the player to move loses)") + item(colourOf("N"), "N (wins)")
    : item(colourOf(0), `${valueName(g.misere)} = 0 (P)`) + item(colourOf(1, g.largest), "1") +
      item(colourOf(Math.ceil(g.largest / 2), g.largest), String(Math.ceil(g.largest / 2))) +
      item(colourOf(g.largest, g.largest), String(g.largest));
}

function cellAt(ev) {
  const g = view.grid, c = $("heatmap"), s = g.s, box = c.getBoundingClientRect();
  const x = (ev.clientX - box.left) * (cssSize(c).w / box.width) - MARGIN.left;
  const y = (ev.clientY - box.top) * (cssSize(c).h / box.height) - MARGIN.top;
  const j = Math.floor(x / s), i = g.rows.length - 1 - Math.floor(y / s);
  return j >= 0 && j < g.columns.length && i >= 0 && i < g.rows.length ? [j, i] : null;
}

function showCell(j, i) {
  const g = view.grid, x = g.columns[j], y = g.rows[i], v = g.table[i][j];
  // a cell chosen (click, tap, keys; not a hover) can be opened; a sum of two games is not one ruleset's position
  const chosen = view.cursor && view.cursor[0] === j && view.cursor[1] === i;
  $("open-cell").hidden = !!g.second || !chosen;
  $("open-cell").textContent = `Open ${x} ${y} in Play`;
  $("cell").textContent = `position ${x} ${y}: ${g.values === "grundy" ? valueName(g.misere) + " = " + v : v}`;
  Object.assign($("cell").dataset, {x, y, value: v});
}

// A cell opens its position in Play (a two-heap game: the heaps; a slice: the fixed heaps too).
function openCell(j, i) {
  const g = view.grid;
  if (g.second) return;   // a sum of two games is not one ruleset's position
  $("position").value = [g.columns[j], g.rows[i], ...(g.fixed ? g.fixed.split(/[\s,]+/).filter(Boolean) : [])].join(" ");
  tab("play");
  $("position").focus();
}

// ------------------------------------------------------------------ explore: the sequence plot
function clearSequence() {
  ticket("sequence");
  view.sequence = null;
  const c = $("sequence"); sizeCanvas(c, 0, 0);
  c.setAttribute("aria-label", "plot of the sequence: nothing drawn yet (Plot sequence draws it)");
  $("sequence-caption").textContent = ""; $("period").textContent = ""; delete $("period").dataset.period;
}

async function drawSequence() {
  showError(null); clearSequence();
  const r = current(), fresh = ticket("sequence");
  const body = {ruleset: r.name, params: params(), max_heap: bound("seq-to"), misere: misere()};
  try {
    const data = await api("/api/sequence", body, fresh.signal);
    if (!fresh()) return;
    const G = valueName(body.misere), last = data.values.length - 1;
    $("sequence-caption").textContent = `${describe(body.ruleset, body.params)}: ${G}(0) to ${G}(${last})` +
      (body.misere ? " (misère play)" : "") + (last < body.max_heap ? ` — stopped at the server's budget before heap ` +
      `${last + 1}; ask sprague on your machine for more (sprague sequence --misere --max-work N)` : "");
    view.sequence = {...data, misere: body.misere, ruleset: r.name, params: body.params};
    paintSequence();
    if (data.genera) {   // misère play: Conway's genus of each heap (Winning Ways ch. 13)
      const first = data.first_not_tame;
      $("period").textContent = first === null ? `every heap 0..${body.max_heap} is tame (plays as misère Nim)` :
        `first heap that is not tame: ${first} (genus ${data.genera[first].text}, ${data.genera[first].kind})`;
    } else {
      $("period").textContent = data.structure ? `${data.structure}: period ${data.period}, preperiod ${data.preperiod}` +
        (data.saltus ? `, saltus ${data.saltus}` : "") + (data.certified ? " (certified)" : " (observed)") : "no period found";
    }
    $("period").dataset.period = data.period || "";
  } catch (e) { if (fresh()) showError(e); }
}

function paintSequence() {
  const began = performance.now();
  const d = view.sequence, c = $("sequence");
  const vals = d.values.map(Number), n = vals.length, top = Math.max(1, ...vals);
  const W = Math.max(300, Math.min(window.innerWidth - 40, 1000)), H = 280;
  const L = 48, B = 36, T = 10, R = 10, pw = W - L - R, ph = H - B - T;
  const ctx = sizeCanvas(c, W, H);
  ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, W, H);
  const X = (i) => L + (n > 1 ? i * pw / (n - 1) : pw / 2), Y = (v) => T + ph - v * ph / top;
  if (d.period && d.preperiod > 0) {   // the preperiod shaded
    ctx.fillStyle = "#eeeeee"; ctx.fillRect(L, T, X(Math.min(d.preperiod, n - 1)) - L, ph);
  }
  if (d.period) {
    ctx.strokeStyle = "#b3261e"; ctx.setLineDash([4, 3]); ctx.lineWidth = 1;
    for (let s = d.preperiod; s < n; s += d.period) { ctx.beginPath(); ctx.moveTo(X(s), T); ctx.lineTo(X(s), T + ph); ctx.stroke(); }
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = "#111"; ctx.lineWidth = 1;   // axes
  ctx.beginPath(); ctx.moveTo(L, T); ctx.lineTo(L, T + ph); ctx.lineTo(L + pw, T + ph); ctx.stroke();
  ctx.fillStyle = "#111"; ctx.font = "12px sans-serif";
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (const i of ticks(n - 1)) ctx.fillText(String(i), X(i), T + ph + 3);
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const v of ticks(top)) ctx.fillText(String(v), L - 4, Y(v));
  ctx.textAlign = "center"; ctx.textBaseline = "bottom";
  ctx.fillText("heap size n", L + pw / 2, H - 1);
  ctx.save(); ctx.translate(12, T + ph / 2); ctx.rotate(-Math.PI / 2); ctx.textBaseline = "middle";
  ctx.fillText(`${valueName(d.misere)}(n)`, 0, 0); ctx.restore();
  const r = n > 2000 ? 1 : n > 300 ? 1.5 : 2.5;
  for (let i = 0; i < n; i++) {   // P-positions (value 0) in red, the others dark blue
    ctx.fillStyle = vals[i] === 0 ? "#b3261e" : "#1d2f6f";
    ctx.fillRect(X(i) - r, Y(vals[i]) - r, 2 * r, 2 * r);
  }
  c.setAttribute("aria-label", `plot of ${valueName(d.misere)}(n) for n = 0 to ${n - 1}; the largest value is ${top}` +
                 (d.period ? `; period ${d.period} from ${d.preperiod}` : ""));
  c.dataset.points = String(n);
  view.plotMs = performance.now() - began;
}

function ticks(top) {
  const raw = Math.max(1, top / 8), p = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((k) => k * p).find((k) => k >= raw);
  const out = [];
  for (let v = 0; v <= top; v += step) out.push(Math.round(v));
  return out;
}

// ------------------------------------------------------------------ explore: P-positions of K heaps, paged
const PAGE = 60;

async function drawPList(offset) {
  showError(null);
  const r = current(), fresh = ticket("plist"), every = $("plist-kind").value === "all";
  const body = {ruleset: r.name, params: params(), heaps: Number($("plist-heaps").value), max_heap: bound("plist-max"),
                kind: every ? "grundy" : "outcome", misere: misere(), p_offset: Math.max(0, offset),
                p_limit: PAGE, ...(every ? {rows_offset: Math.max(0, offset), rows_limit: PAGE} : {})};
  try {
    const data = await api("/api/table", body, fresh.signal);
    if (!fresh()) return;
    view.plist = {...data, request: body, offset: Math.max(0, offset), total: every ? data.positions : data.p_count};
    const rows = every ? data.rows : data.p_positions, total = view.plist.total, first = view.plist.offset;
    const last = Math.min(total, first + rows.length), G = valueName(data.misere);
    $("plist-caption").textContent = `${describe(r.name, body.params)}: ` + (every ? `${total} positions` :
      `${total} P-positions${data.misere ? " under misère play" : ""} among ${data.positions} positions`) +
      ` of ${data.heaps} heaps <= ${data.max_heap}` + (total ? `; ${first + 1} to ${last} shown` : "");
    const list = $("plist");
    list.innerHTML = ""; list.start = first + 1;
    for (const row of rows) {
      const heaps = every ? row.slice(0, -1) : row;
      const li = document.createElement("li"), a = document.createElement("a");
      a.href = "#"; a.textContent = heaps.join(" ") + (every ? `: ${G} = ${row[row.length - 1]}` : "");
      a.onclick = (ev) => { ev.preventDefault(); $("position").value = heaps.join(" "); tab("play"); $("position").focus(); };
      li.appendChild(a); list.appendChild(li);
    }
    $("plist-prev").disabled = first === 0;
    $("plist-next").disabled = last >= total;
  } catch (e) { if (fresh()) showError(e); }
}

// ------------------------------------------------------------------ explore: a rule discovered for the table
// The table of the list above (its heaps and bound): the simplest rule of sprague's grammar that fits its
// P-positions (or, listing every position, its Grundy values), verified on heaps up to twice the bound.
async function discoverRule() {
  showError(null);
  const r = current(), fresh = ticket("discover"), every = $("plist-kind").value === "all";
  const body = {ruleset: r.name, params: params(), heaps: Number($("plist-heaps").value), max_heap: bound("plist-max"),
                kind: every ? "grundy" : "outcome", misere: misere()};
  $("discover-out").textContent = "Searching for a rule…";
  try {
    const data = await api("/api/discover", body, fresh.signal);
    if (!fresh()) return;
    $("discover-out").textContent = data.summary;
    $("discover-out").dataset.holds = data.rules.every((x) => x.holds);
  } catch (e) { if (fresh()) { $("discover-out").textContent = ""; showError(e); } }
}

// ------------------------------------------------------------------ explore: the misère quotient
// Plambeck's quotient of every sum of heaps 0..N: presentation, P-portion, the pretending function with each heap's
// genus, the multiplication table (P-portion shaded), and a typed sum read off it with its winning moves.
const QUOTIENT_TABLE_SHOWN = 64;

function cellText(td, text, p) { td.textContent = text; if (p) td.className = "p"; return td; }

async function drawQuotient() {
  showError(null);
  const r = current(), fresh = ticket("quotient");
  for (const id of ["quotient-caption", "quotient-sum-out", "quotient-phi", "quotient-table"]) $(id).textContent = "";
  const typed = $("quotient-sum").value.trim();
  const body = {ruleset: r.name, params: params(), max_heap: Number(bound("quotient-max")),
                ...(typed ? {position: positionFromText(typed, r)} : {})};
  $("quotient-caption").textContent = "Computing the quotient…";
  try {
    const q = await api("/api/quotient", body, fresh.signal);
    if (!fresh()) return;
    const P = new Set(q.p_portion);
    $("quotient-caption").textContent = `${describe(body.ruleset, body.params)}: Q = ${q.presentation}, order ` +
      `${q.order}; P-portion (${q.p_portion.length}) = {${q.p_portion.join(", ")}}; ${q.stabilisation}` +
      (q.genera_note ? `; genera: ${q.genera_note}` : "");
    const heads = $("quotient-phi").insertRow(), cells = $("quotient-phi").insertRow();
    const genera = q.genera ? $("quotient-phi").insertRow() : null;   // Conway's genus of each heap, beside it
    heads.appendChild(document.createElement("th")).textContent = "heap";
    cells.appendChild(document.createElement("th")).textContent = "element";
    if (genera) genera.appendChild(document.createElement("th")).textContent = "genus";
    q.pretending_function.forEach((w, h) => {
      heads.appendChild(document.createElement("th")).textContent = h;
      cellText(cells.insertCell(), w, P.has(w));
      if (genera) genera.insertCell().textContent = h < q.genera.length ? q.genera[h].text : "?";   // past a stop
    });
    if (q.order <= QUOTIENT_TABLE_SHOWN) {
      const top = $("quotient-table").insertRow();
      top.appendChild(document.createElement("th")).textContent = "·";
      for (const w of q.elements) top.appendChild(document.createElement("th")).textContent = w;
      q.multiplication_table.forEach((row, x) => {
        const tr = $("quotient-table").insertRow();
        tr.appendChild(document.createElement("th")).textContent = q.elements[x];
        for (const z of row) cellText(tr.insertCell(), q.elements[z], P.has(q.elements[z]));
      });
    } else {
      $("quotient-table").insertRow().insertCell().textContent =
        `the ${q.order} x ${q.order} multiplication table is too large to draw (over ${QUOTIENT_TABLE_SHOWN} elements); the JSON has it`;
    }
    if (q.sum) {
      const s = q.sum, moves = s.winning_moves.map((m) => `${m.move} (to ${m.element})`);
      $("quotient-sum-out").textContent = `${s.heaps.join(" ")}: element ${s.element}, ${s.outcome}-position in ` +
        `misère play` + (moves.length ? `; winning moves: ${moves.join("; ")}` : s.outcome === "N" ? "" : "; no winning move");
    }
  } catch (e) { if (fresh()) { $("quotient-caption").textContent = ""; showError(e); } }
}

// ------------------------------------------------------------------ explore: theorems, verified on a box
let THEOREMS = [];

function listTheorems() {
  const r = current(), box = $("theorem");
  box.innerHTML = "";
  const mine = THEOREMS.filter((t) => t.ruleset === r.name);
  for (const t of mine) {
    const o = document.createElement("option");
    o.value = t.name; o.textContent = `${t.name}${t.refuted ? " (refuted)" : ""}`; box.appendChild(o);
  }
  box.disabled = $("verify").disabled = !mine.length;   // another game's theorem says nothing about this one
  if (!mine.length) box.appendChild(new Option(`none registered for ${r.name}`, ""));
  showTheorem();
}

function showTheorem() {
  const t = THEOREMS.find((x) => x.name === $("theorem").value);
  $("verify-out").textContent = "";
  delete $("verify-out").dataset.ok;
  // a theorem on heaps is checked on heaps up to the bound; one on the ruleset's own positions, up to a size
  $("verify-max-label").textContent = t && t.box === "positions" ? "positions of size at most" : "heaps at most";
  $("theorem-text").textContent = t ? `${t.statement} (${t.reference}; ${t.ruleset}, ${t.heaps}).` +
    (t.refuted ? ` Refuted: ${t.refuted}` : "") : `sprague has no theorem about ${current().name} to verify; ` +
    "its values come from search (Play and the tables show them).";
}

async function verifyTheorem() {
  showError(null);
  const fresh = ticket("verify"), name = $("theorem").value;
  $("verify-out").textContent = "Checking against search…";
  delete $("verify-out").dataset.ok;   // the last check's verdict is not this one's
  try {
    const data = await api("/api/verify", {theorem: name, max_heap: bound("verify-max")}, fresh.signal);
    if (!fresh()) return;
    $("verify-out").textContent = data.summary;
    $("verify-out").dataset.ok = data.ok;
  } catch (e) { if (fresh()) { $("verify-out").textContent = ""; showError(e); } }
}

// ------------------------------------------------------------------ explore: the option tree
// A tree of role "tree": each item is focusable in turn (one Tab stop, the arrow keys move), expands by Enter,
// Space, the right arrow or a click, and asks for its options when first opened.
let treeNodes = 0;

async function drawTree() {
  showError(null);
  const r = current(), root = $("tree"), ctx = {ruleset: r.name, params: params(), misere: misere()};
  root.innerHTML = "";
  const fresh = ticket("tree");
  try {
    const data = await api("/api/moves", {...ctx, position: positionFromText($("tree-from").value, r), max_options: 200},
                           fresh.signal);
    if (!fresh()) return;
    const item = treeItem(ctx, {position: data.position, move: "start", outcome: data.outcome, grundy: data.grundy,
                                misere_grundy: data.misere_grundy});
    root.appendChild(item);
    item.tabIndex = 0;
    item.focus();
    await toggle(item, ctx, data);
  } catch (e) { if (fresh()) showError(e); }
}

function treeItem(ctx, o) {
  const li = document.createElement("li"), v = valueOf({...o, misere: ctx.misere});
  li.setAttribute("role", "treeitem"); li.tabIndex = -1; li.setAttribute("aria-expanded", "false");
  li.dataset.node = String(++treeNodes);
  const span = document.createElement("span");
  // as in Play: a move to a P-position wins (green), a move to an N-position loses (red)
  span.className = `node ${o.move === "start" ? "" : o.outcome === "P" ? "win" : o.outcome === "D" ? "draw" : "lose"}`;
  span.textContent = `${o.move === "start" ? "" : o.move + " → "}${formatPosition(o.position)}: ${valueName(ctx.misere)} = ${v ?? "?"} (${o.outcome})`;
  span.setAttribute("data-testid", "tree-node");
  span.dataset.position = JSON.stringify(o.position);
  const sub = document.createElement("ul");
  sub.setAttribute("role", "group");
  li.append(span, sub);
  span.onclick = () => { focusItem(li); toggle(li, ctx); };
  li.onkeydown = (ev) => treeKey(ev, li, ctx);
  li.treePosition = o.position;
  return li;
}

async function toggle(li, ctx, data) {
  const sub = li.querySelector(":scope > ul");
  if (li.getAttribute("aria-expanded") === "true") { sub.innerHTML = ""; li.setAttribute("aria-expanded", "false"); return; }
  li.setAttribute("aria-expanded", "true");
  if (!data) {
    const fresh = ticket(`tree-${li.dataset.node}`);   // one request per item: opening another does not cancel it
    try {
      data = await api("/api/moves", {...ctx, position: li.treePosition, max_options: 200}, fresh.signal);
      if (!fresh() || !li.isConnected) return;
    } catch (e) {
      li.setAttribute("aria-expanded", "false");
      if (fresh()) showError(e);
      return;
    }
  }
  for (const o of data.options) sub.appendChild(treeItem(ctx, o));
  if (!data.all_options_listed) {
    const note = document.createElement("li");
    note.setAttribute("role", "none");
    note.textContent = `… ${data.option_count} options in all (only the first 200, or the winning ones, are listed)`;
    sub.appendChild(note);
  }
}

function focusItem(li) {
  document.querySelectorAll("#tree [role=treeitem]").forEach((x) => { x.tabIndex = -1; });
  li.tabIndex = 0; li.focus();
}

function treeKey(ev, li, ctx) {
  if (ev.target !== li) return;
  const items = [...document.querySelectorAll("#tree [role=treeitem]")], k = items.indexOf(li);
  const open = li.getAttribute("aria-expanded") === "true";
  if (ev.key === "ArrowDown" && items[k + 1]) focusItem(items[k + 1]);
  else if (ev.key === "ArrowUp" && items[k - 1]) focusItem(items[k - 1]);
  else if (ev.key === "Enter" || ev.key === " " || (ev.key === "ArrowRight" && !open) || (ev.key === "ArrowLeft" && open)) toggle(li, ctx);
  else if (ev.key === "ArrowLeft" && li.parentElement.closest("[role=treeitem]")) focusItem(li.parentElement.closest("[role=treeitem]"));
  else return;
  ev.preventDefault();
}

// ------------------------------------------------------------------ tabs, exports, start-up
function tab(which) {
  for (const [name, panel] of [["play", "play-panel"], ["explore", "explore-panel"]]) {
    const on = name === which;
    $(panel).hidden = !on;
    $(`tab-${name}`).setAttribute("aria-selected", on);
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
  }
}

function tabKeys(ev) {
  if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
  const next = ev.target.id === "tab-play" ? "explore" : "play";
  tab(next); $(`tab-${next}`).focus();
}

function gridCsv() {
  const g = view.grid;
  return ["y\\x," + g.columns.join(","), ...g.rows.map((y, i) => [y, ...g.table[i]].join(","))].join("\n") + "\n";
}

// Every P-position of the listed box (up to 10,000; the file says when there are more), not only the page shown.
async function exportPList(kind) {
  const req = view.plist.request, every = "rows_limit" in req, fresh = ticket("plist-export");
  try {
    const data = await api("/api/table", {...req, p_offset: 0, p_limit: 10000,
                                          ...(every ? {rows_offset: 0, rows_limit: 10000} : {})}, fresh.signal);
    if (!fresh()) return;
    const rows = every ? data.rows : data.p_positions, total = every ? data.positions : data.p_count;
    const more = total > rows.length, name = every ? "sprague-table" : "sprague-p-positions";
    if (kind === "csv") {
      const head = [...Array.from({length: data.heaps}, (_, k) => `heap${k + 1}`), ...(every ? [data.misere ? "misere_grundy" : "grundy"] : [])];
      download(`${name}.csv`, "text/csv", (more ? `# the first ${rows.length} of ${total}\n` : "") +
        head.join(",") + "\n" + rows.map((p) => p.join(",")).join("\n") + "\n");
    } else download(`${name}.json`, "application/json", JSON.stringify(data));
  } catch (e) { if (fresh()) showError(e); }
}

// The option tree as far as it is open: {position, move, outcome, value, options: [...]}.
function treeJson(li) {
  const span = li.querySelector(":scope > .node");
  const kids = [...li.querySelectorAll(":scope > ul > [role=treeitem]")].map(treeJson);
  return {position: JSON.parse(span.dataset.position), text: span.textContent,
          ...(li.getAttribute("aria-expanded") === "true" ? {options: kids} : {})};
}

function exports() {
  const need = (what, ok) => { if (!ok) { showError(new Error(`draw the ${what} first`)); return false; } return true; };
  $("plist-csv").onclick = () => need("P-position list", view.plist) && exportPList("csv");
  $("plist-json").onclick = () => need("P-position list", view.plist) && exportPList("json");
  $("tree-json").onclick = () => {
    const root = document.querySelector("#tree > [role=treeitem]");
    if (need("option tree", root)) download("sprague-option-tree.json", "application/json", JSON.stringify(treeJson(root), null, 1));
  };
  $("grid-csv").onclick = () => need("heat map", view.grid) && download("sprague-table.csv", "text/csv", gridCsv());
  $("grid-json").onclick = () => need("heat map", view.grid) && download("sprague-table.json", "application/json", JSON.stringify(view.grid));
  $("grid-png").onclick = () => need("heat map", view.grid) && $("heatmap").toBlob((b) => download("sprague-table.png", "image/png", b));
  $("seq-csv").onclick = () => need("sequence", view.sequence) && download("sprague-sequence.csv", "text/csv",
    "n,value\n" + view.sequence.values.map((v, i) => `${i},${v}`).join("\n") + "\n");
  $("seq-json").onclick = () => need("sequence", view.sequence) && download("sprague-sequence.json", "application/json", JSON.stringify(view.sequence));
  $("seq-png").onclick = () => need("sequence", view.sequence) && $("sequence").toBlob((b) => download("sprague-sequence.png", "image/png", b));
}

function gridEvents() {
  const c = $("heatmap");
  c.addEventListener("mousemove", (ev) => { if (view.grid) { const at = cellAt(ev); if (at) showCell(...at); } });
  // a mouse click opens the cell's position in Play; a tap (touch) selects the cell and reads it out, and the
  // Open button beside the readout opens it (a finger cannot hover to read a cell first)
  let pointer = "mouse";
  c.addEventListener("pointerdown", (ev) => { pointer = ev.pointerType; });
  c.addEventListener("click", (ev) => {
    const at = view.grid && cellAt(ev);
    if (!at) return;
    view.cursor = at; paintGrid(); showCell(...at);
    if (pointer !== "touch") openCell(...at);
  });
  $("open-cell").onclick = () => { if (view.grid && view.cursor) openCell(...view.cursor); };
  c.addEventListener("keydown", (ev) => {
    const g = view.grid;
    if (!g) return;
    const [j, i] = view.cursor || [0, 0];
    const moves = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
    if (moves[ev.key]) {
      ev.preventDefault();
      const step = view.cursor ? moves[ev.key] : [0, 0];   // the first key shows the cursor on the corner cell
      view.cursor = [Math.min(g.columns.length - 1, Math.max(0, j + step[0])),
                     Math.min(g.rows.length - 1, Math.max(0, i + step[1]))];
      paintGrid(); showCell(...view.cursor);
    } else if (ev.key === "Enter" && view.cursor) openCell(...view.cursor);
  });
  $("zoom-in").onclick = () => { if (view.grid && view.zoom < 4) { view.zoom++; paintGrid(); } };
  $("zoom-out").onclick = () => { if (view.grid && view.zoom > -4) { view.zoom--; paintGrid(); } };
}

async function init() {
  [RULESETS, THEOREMS] = await Promise.all([api("/api/rulesets"), api("/api/theorems")]);
  for (const r of RULESETS) {
    const o = document.createElement("option"); o.value = r.name; o.textContent = r.name; $("ruleset").appendChild(o);
    if (r.one_heap) {
      const s = document.createElement("option"); s.value = r.name; s.textContent = r.name; $("second").appendChild(s);
    }
  }
  $("ruleset").onchange = () => chooseRuleset();
  $("params").oninput = () => contextChanged();
  $("misere").onchange = () => {
    const typed = $("value-out").dataset.typed;
    contextChanged();
    if (typed !== undefined && typed === $("position").value) value();
  };
  $("random").onclick = async () => {
    const r = current(), fresh = ticket("random");
    try {
      const data = await api("/api/random", {ruleset: r.name, params: params()}, fresh.signal);
      if (fresh()) $("position").value = data.position;
    } catch (e) { if (fresh()) showError(e); }
  };
  $("mode").onchange = () => { $("first").disabled = $("mode").value === "none"; };   // two players: player 1 first
  $("start").onclick = start;
  $("restart").onclick = restart;
  $("position").onkeydown = (ev) => { if (ev.key === "Enter") start(); };
  $("hint").onclick = hint;
  $("value").onclick = value;
  $("undo").onclick = undo;
  $("redo").onclick = () => { if (here < trail.length - 1) history.forward(); };
  $("share").onclick = async () => {
    try { await navigator.clipboard.writeText(location.href); $("status").textContent = "Link copied."; }
    catch (e) { $("status").textContent = `Link: ${location.href}`; }
  };
  $("export").onclick = exportGame;
  $("import").onchange = (ev) => { if (ev.target.files[0]) importGame(ev.target.files[0]); ev.target.value = ""; };
  $("play-move").onclick = () => {   // a typed move: the server checks it and gives the reason if it is illegal
    if (game) userMove(game, positionFromText($("move").value, rulesetByName(game.ruleset)));
  };
  $("move").onkeydown = (ev) => { if (ev.key === "Enter") $("play-move").click(); };
  $("position").oninput = () => { $("tree-from").value = $("position").value; };
  $("show-values").onchange = () => { if (game) showGame().catch(showError); };
  $("board").onclick = (ev) => { if (ev.target === $("board")) filterOptions(() => true, "moves"); };
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    if (window.spragueBoards && window.spragueBoards.cancel()) redrawBoard();   // Cram: the chosen cell is let go
    filterOptions(() => true, "moves");
  });
  $("draw").onclick = drawHeatmap;
  $("draw-sequence").onclick = drawSequence;
  $("draw-tree").onclick = drawTree;
  $("draw-plist").onclick = () => drawPList(0);
  $("plist-prev").onclick = () => drawPList((view.plist ? view.plist.offset : 0) - PAGE);
  $("plist-next").onclick = () => drawPList((view.plist ? view.plist.offset : 0) + PAGE);
  $("theorem").onchange = showTheorem;
  $("verify").onclick = verifyTheorem;
  $("discover").onclick = discoverRule;
  $("draw-quotient").onclick = drawQuotient;
  $("tab-play").onclick = () => tab("play");
  $("tab-explore").onclick = () => tab("explore");
  $("tab-play").onkeydown = tabKeys; $("tab-explore").onkeydown = tabKeys;
  gridEvents(); exports();
  window.addEventListener("popstate", () => restore(hashToState(location.hash)));
  const state = hashToState(location.hash);
  if (state && rulesetByName(state.ruleset)) {
    $("ruleset").value = state.ruleset; $("misere").checked = state.misere; chooseRuleset(state.params);
    await restore(state);
  } else chooseRuleset();
  updateUndo();
  document.body.dataset.ready = "true";
}
init().catch(showError);
