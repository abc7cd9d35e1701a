// Shuriken's page. It holds no rules: every legal move, capture, SAN, FEN, PGN and game end comes
// from the server over the WebSocket; the board is the server's SVG (the project's `view` crate).
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

let ws = null;
let state = null;          // last `state` message
let sel = null;            // {kind:"square", sq} | {kind:"hand"} | {kind:"drop", sq}
let lines = {};            // multipv -> info
let linesNode = -1;
let clockAt = 0;           // when the clocks were received
let drag = null;
let lastSvg = "";            // the board drawing shown

// ---- connection ----------------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(proto + "//" + location.host + "/ws");
  ws.onopen = () => {
    setStatusExtra("");
    send({ type: "hello", token: localStorage.getItem("shuriken-token") || undefined });
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(msg);
  };
  ws.onclose = () => {
    setStatusExtra("disconnected from the server; reconnecting...");
    setTimeout(connect, 1000);
  };
}

function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
}

function onMessage(msg) {
  switch (msg.type) {
    case "state": onState(msg); break;
    case "info": onInfo(msg); break;
    case "search": onSearch(msg); break;
    case "pgn": $("pgn").value = msg.text; break;
    case "error": showError(msg.message); break;
    case "legal": break;
  }
}

function showError(text) {
  const e = $("error");
  e.textContent = text;
  e.hidden = false;
  clearTimeout(showError.t);
  showError.t = setTimeout(() => { e.hidden = true; }, 6000);
}

function showNotice(text) {
  const e = $("notice");
  e.textContent = text;
  e.hidden = !text;
}

let statusExtra = "";
function setStatusExtra(t) { statusExtra = t; renderStatus(); }

// ---- state ---------------------------------------------------------------------------------

function onState(s) {
  const nodeChanged = !state || state.current !== s.current || state.fen !== s.fen;
  state = s;
  localStorage.setItem("shuriken-token", s.token);
  clockAt = performance.now();
  if (nodeChanged) { sel = null; }
  if (linesNode !== s.current) { lines = {}; linesNode = s.current; renderLines(); }
  if (lastSvg !== s.svg) {
    // Redrawn only when the drawing changed, so that a pick or a drag survives other news.
    $("board").innerHTML = s.svg;
    lastSvg = s.svg;
    const svg = $("board").querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("data-fen", s.fen);
    svg.addEventListener("pointerdown", onPointerDown);
  }
  $("fen").value = s.fen;
  $("style").value = s.style;
  if (!document.activeElement || document.activeElement.tagName !== "SELECT") {
    $("variant").value = s.variant;
    $("white").value = s.white;
    $("black").value = s.black;
    syncControl(s.control);
  }
  document.body.dataset.variant = s.variant;
  document.body.dataset.turn = s.turn;
  document.body.dataset.thinking = s.thinking ? "1" : "0";
  document.body.dataset.analysing = s.analysing ? "1" : "0";
  $("analyse").classList.toggle("on", s.analysing);
  if (!s.thinking && !s.analysing && $("search-status").dataset.status !== "refused") {
    $("search-status").textContent = "";
    $("search-status").dataset.status = "";
  }
  renderSelection();
  renderMoves();
  renderGraph();
  renderStatus();
  renderClocks();
  renderLegend();
}

function syncControl(c) {
  $("control").value = c.kind;
  if (c.kind === "level") $("level").value = c.level;
  if (c.kind === "movetime") $("movetime").value = c.ms / 1000;
  if (c.kind === "depth") $("depth").value = c.depth;
  if (c.kind === "clock") { $("base").value = c.base_ms / 60000; $("inc").value = c.inc_ms / 1000; }
  showControlArgs();
}

function showControlArgs() {
  const k = $("control").value;
  for (const l of document.querySelectorAll("#control-args label")) l.hidden = l.dataset.for !== k;
}

function renderStatus() {
  if (!state) return;
  const side = state.turn === "w" ? "White" : "Black";
  let t;
  if (state.here_end) t = "Game over here: " + state.here_end.reason + " (" + state.here_end.result + ")";
  else if (state.end && state.current === last(state.mainline)) t = "Game over: " + state.end.reason + " (" + state.end.result + ")";
  else if (state.thinking) t = side + " to move; the engine is thinking...";
  else t = side + " to move";
  if (state.end && !state.here_end && state.current !== last(state.mainline)) t += " - game result: " + state.end.result + " (" + state.end.reason + ")";
  const st = $("status");
  st.textContent = t + (statusExtra ? " - " + statusExtra : "");
  st.dataset.end = state.end ? state.end.reason : "";
}

function last(a) { return a.length ? a[a.length - 1] : 0; }

// ---- clocks --------------------------------------------------------------------------------

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
  const tenths = ms < 10000 ? "." + Math.floor((ms % 1000) / 100) : "";
  return m + ":" + String(s % 60).padStart(2, "0") + tenths;
}

function renderClocks() {
  const top = $("clock-top"), bottom = $("clock-bottom");
  if (!state || !state.clocks) { top.hidden = bottom.hidden = true; return; }
  const c = state.clocks;
  const spent = performance.now() - clockAt;
  const w = c.white_ms - (c.running === "w" ? spent : 0);
  const b = c.black_ms - (c.running === "b" ? spent : 0);
  const [tw, bw] = state.flip ? [top, bottom] : [bottom, top];
  const [tb] = state.flip ? [bottom] : [top];
  tw.hidden = tb.hidden = false;
  tw.textContent = "White " + fmtClock(w);
  tb.textContent = "Black " + fmtClock(b);
  tw.classList.toggle("running", c.running === "w");
  tb.classList.toggle("running", c.running === "b");
  void bw;
}
setInterval(renderClocks, 100);

// ---- board geometry ------------------------------------------------------------------------

function boardSvg() { return $("board").querySelector("svg"); }

function squareRect(name) {
  const r = boardSvg().querySelector('rect.sq[data-square="' + name + '"]');
  if (!r) return null;
  return { x: +r.getAttribute("x"), y: +r.getAttribute("y"), w: +r.getAttribute("width") };
}

function svgPoint(ev) {
  const svg = boardSvg();
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

function squareAt(pt) {
  for (const r of boardSvg().querySelectorAll("rect.sq")) {
    const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width");
    if (pt.x >= x && pt.x < x + w && pt.y >= y && pt.y < y + w) return r.dataset.square;
  }
  return null;
}

// ---- selection and moves -------------------------------------------------------------------

function legal() { return state ? state.legal : []; }

function targetsOf(s) {
  if (!s) return [];
  if (s.kind === "square") return legal().filter((m) => m.kind !== "drop" && m.from === s.sq);
  if (s.kind === "hand") {
    const seen = new Set();
    return legal().filter((m) => m.kind === "drop" && !seen.has(m.from) && seen.add(m.from))
      .map((m) => ({ ...m, to: m.from, victims: [] }));
  }
  if (s.kind === "drop") return legal().filter((m) => m.kind === "drop" && m.from === s.sq);
  return [];
}

function el(name, attrs) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

function renderSelection() {
  const svg = boardSvg();
  if (!svg) return;
  let g = svg.querySelector("#overlay");
  if (g) g.remove();
  g = el("g", { id: "overlay" });
  svg.appendChild(g);
  if (!sel) return;
  const ts = targetsOf(sel);
  if (sel.kind === "square" || sel.kind === "drop") {
    const r = squareRect(sel.sq);
    if (r) g.appendChild(el("rect", { class: "sel-origin", x: r.x, y: r.y, width: r.w, height: r.w }));
  }
  const seenTo = new Set();
  for (const m of ts) {
    if (seenTo.has(m.to)) continue;
    seenTo.add(m.to);
    const r = squareRect(m.to);
    if (!r) continue;
    const cap = m.victims.includes(m.to);
    const c = el("circle", {
      class: cap ? "sel-dest capture" : "sel-dest", "data-square": m.to,
      cx: r.x + r.w / 2, cy: r.y + r.w / 2, r: cap ? r.w * 0.45 : r.w * 0.17,
    });
    g.appendChild(c);
  }
  // What each destination would capture: fly-over and second victims are crossed out.
  for (const m of ts) {
    for (const v of m.victims) {
      if (v === m.to) continue;
      const r = squareRect(v);
      if (!r) continue;
      const k = r.w * 0.3, cx = r.x + r.w / 2, cy = r.y + r.w / 2;
      g.appendChild(el("path", {
        class: "sel-victim", "data-square": v, "data-by": m.to,
        d: `M${cx - k} ${cy - k}L${cx + k} ${cy + k}M${cx - k} ${cy + k}L${cx + k} ${cy - k}`,
      }));
    }
  }
}

function hoverDest(to) {
  const svg = boardSvg();
  if (!svg) return;
  for (const v of svg.querySelectorAll(".sel-victim")) v.classList.toggle("hot", v.dataset.by === to);
}

function select(s) {
  sel = s;
  renderSelection();
}

function pieceOfSideToMove(sq) {
  return legal().some((m) => m.kind !== "drop" && m.from === sq);
}

function tryMoveTo(to) {
  const cands = targetsOf(sel).filter((m) => m.to === to);
  if (sel && sel.kind === "hand") {
    // The drop square is chosen; then the push, if there is one.
    const drops = legal().filter((m) => m.kind === "drop" && m.from === to);
    if (drops.length === 1) return play(drops[0].uci);
    if (drops.length > 1) { select({ kind: "drop", sq: to }); return true; }
    return false;
  }
  if (cands.length === 0) return false;
  if (cands.length === 1) return play(cands[0].uci);
  choose(cands);
  return true;
}

function play(uci) {
  sel = null;
  renderSelection();
  send({ type: "play", uci });
  return true;
}

function choose(cands) {
  const d = $("chooser"), list = $("chooser-moves");
  list.innerHTML = "";
  const promo = cands.every((m) => m.kind === "promotion");
  $("chooser-title").textContent = promo ? "Promote to:" : "Which move?";
  for (const m of cands) {
    const b = document.createElement("button");
    b.dataset.uci = m.uci;
    b.textContent = (m.san || m.uci) + (m.promo_name ? " (" + m.promo_name + ")" : "") +
      (m.kind === "castle" ? " (castling)" : "");
    b.onclick = () => { d.close(); play(m.uci); };
    list.appendChild(b);
  }
  d.showModal();
}

function onPointerDown(ev) {
  if (!state || ev.button > 0) return;
  const pt = svgPoint(ev);
  const hand = ev.target.closest && ev.target.closest("use.hand");
  if (hand) {
    ev.preventDefault();
    if (hand.dataset.color === state.turn && legal().some((m) => m.kind === "drop")) select({ kind: "hand" });
    else showError("no drop is possible from that hand now");
    return;
  }
  const sq = squareAt(pt);
  if (!sq) { select(null); return; }
  ev.preventDefault();
  if (sel) {
    if (sel.kind === "drop" && sq === sel.sq) {
      const plain = legal().find((m) => m.kind === "drop" && m.from === sq && m.to === sq);
      if (plain) { play(plain.uci); return; }
    }
    if (tryMoveTo(sq)) return;
  }
  if (pieceOfSideToMove(sq)) {
    select({ kind: "square", sq });
    startDrag(ev, sq, pt);
  } else {
    const piece = boardSvg().querySelector('use.piece[data-square="' + sq + '"]');
    if (piece && sel === null && !state.here_end) {
      const mine = (piece.dataset.piece === piece.dataset.piece.toUpperCase()) === (state.turn === "w");
      if (!mine) showError("that piece belongs to the side not to move");
      else showError("that piece has no legal move");
    }
    select(null);
  }
}

function startDrag(ev, sq, pt) {
  const piece = boardSvg().querySelector('use.piece[data-square="' + sq + '"]');
  if (!piece) return;
  drag = { sq, piece, x0: pt.x, y0: pt.y, moved: false };
  piece.classList.add("dragging");
  window.addEventListener("pointermove", onDragMove);
  window.addEventListener("pointerup", onDragEnd, { once: true });
}

function onDragMove(ev) {
  if (!drag) return;
  const pt = svgPoint(ev);
  const dx = pt.x - drag.x0, dy = pt.y - drag.y0;
  if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
  drag.piece.setAttribute("transform", `translate(${dx} ${dy})`);
  hoverDest(squareAt(pt));
}

function onDragEnd(ev) {
  window.removeEventListener("pointermove", onDragMove);
  if (!drag) return;
  const d = drag;
  drag = null;
  d.piece.removeAttribute("transform");
  d.piece.classList.remove("dragging");
  if (!d.moved) return;
  const to = squareAt(svgPoint(ev));
  if (to && to !== d.sq) {
    if (!tryMoveTo(to)) showError("illegal move: " + d.sq + " to " + to);
  }
}

document.addEventListener("pointerover", (ev) => {
  const t = ev.target;
  if (t && t.classList && t.classList.contains("sel-dest")) hoverDest(t.dataset.square);
});

// ---- move list -----------------------------------------------------------------------------

function renderMoves() {
  const box = $("moves");
  box.innerHTML = "";
  if (!state) return;
  const byId = new Map(state.nodes.map((n) => [n.id, n]));
  function moveSpan(n, force) {
    const s = document.createElement("span");
    s.className = "mv" + (n.id === state.current ? " current" : "");
    s.dataset.node = n.id;
    const white = n.number.endsWith(".") && !n.number.endsWith("...");
    s.textContent = (white || force ? n.number + " " : "") + n.san;
    s.onclick = () => send({ type: "goto", node: n.id });
    return s;
  }
  function line(parentId, force, into) {
    let p = byId.get(parentId);
    while (p && p.children.length) {
      const main = byId.get(p.children[0]);
      into.appendChild(moveSpan(main, force));
      for (const v of p.children.slice(1)) {
        const vs = document.createElement("span");
        vs.className = "var";
        vs.appendChild(moveSpan(byId.get(v), true));
        line(v, false, vs);
        into.appendChild(vs);
      }
      force = p.children.length > 1;
      p = main;
    }
  }
  line(0, true, box);
  const cur = box.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function nav(where) {
  if (!state) return;
  const byId = new Map(state.nodes.map((n) => [n.id, n]));
  const cur = byId.get(state.current);
  let to = state.current;
  if (where === "start") to = 0;
  if (where === "back") to = state.current === 0 ? 0 : cur.parent;
  if (where === "fwd" && cur.children.length) to = cur.children[0];
  if (where === "end") { let n = cur; while (n.children.length) n = byId.get(n.children[0]); to = n.id; }
  if (to !== state.current) send({ type: "goto", node: to });
}

// ---- analysis ------------------------------------------------------------------------------

function fmtScore(s) {
  if (s.mate !== undefined) return (s.mate > 0 ? "#" : "#-") + Math.abs(s.mate);
  const v = s.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

function onInfo(m) {
  if (!state || m.node !== state.current) return;
  lines[m.multipv] = m;
  for (const k of Object.keys(lines)) if (lines[k].depth < m.depth - 1 && +k !== m.multipv) delete lines[k];
  renderLines();
}

function renderLines() {
  const box = $("lines");
  box.innerHTML = "";
  for (const k of Object.keys(lines).sort()) {
    const m = lines[k];
    const d = document.createElement("div");
    d.className = "line";
    d.dataset.multipv = m.multipv;
    const sc = document.createElement("b");
    sc.textContent = fmtScore(m.score);
    d.appendChild(sc);
    d.appendChild(document.createTextNode(` depth ${m.depth}/${m.seldepth}  ${pvText(m.pv)}`));
    const small = document.createElement("small");
    small.textContent = ` ${(m.nodes / 1000).toFixed(0)}k nodes, ${(m.nps / 1000).toFixed(0)}k/s`;
    d.appendChild(small);
    box.appendChild(d);
  }
}

function pvText(pv) {
  if (!state) return pv.join(" ");
  const parts = state.fen.split(" ");
  let n = parseInt(parts[parts.length - 1], 10) || 1;
  let black = parts[parts.length - 5] === "b" || parts[1] === "b";
  // The FEN's side field: the second field.
  black = parts[1] === "b";
  const out = [];
  pv.forEach((san, i) => {
    if (!black) out.push(n + ". " + san);
    else out.push((i === 0 ? n + "... " : "") + san);
    if (black) n++;
    black = !black;
  });
  return out.join(" ");
}

function onSearch(m) {
  $("search-status").textContent = m.message;
  $("search-status").dataset.status = m.status;
  if (m.status === "refused" || m.status === "declined") showNotice(m.message);
  else showNotice("");
}

function scoreValue(s) {
  if (!s) return null;
  if (s.mate !== undefined) return s.mate > 0 ? 1000 : -1000;
  return Math.max(-1000, Math.min(1000, s.cp));
}

function renderGraph() {
  const g = $("graph");
  g.innerHTML = "";
  if (!state) return;
  const byId = new Map(state.nodes.map((n) => [n.id, n]));
  const ids = state.mainline;
  const W = 300, H = 80;
  g.appendChild(el("rect", { x: 0, y: 0, width: W, height: H / 2, fill: "#f4f4f4" }));
  g.appendChild(el("rect", { x: 0, y: H / 2, width: W, height: H / 2, fill: "#3a3a3a" }));
  if (!ids.length) return;
  const step = W / Math.max(1, ids.length);
  let pts = [];
  ids.forEach((id, i) => {
    const v = scoreValue(byId.get(id).score);
    if (v === null) return;
    pts.push([i * step + step / 2, H / 2 - (v / 1000) * (H / 2 - 2)]);
  });
  if (pts.length) {
    g.appendChild(el("polyline", {
      points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#d97706", "stroke-width": 2,
    }));
  }
  const ci = ids.indexOf(state.current);
  if (ci >= 0) g.appendChild(el("line", { x1: ci * step + step / 2, x2: ci * step + step / 2, y1: 0, y2: H, stroke: "#2563eb" }));
  g.onclick = (ev) => {
    const r = g.getBoundingClientRect();
    const i = Math.floor(((ev.clientX - r.left) / r.width) * ids.length);
    if (ids[i] !== undefined) send({ type: "goto", node: ids[i] });
  };
}

// ---- legend --------------------------------------------------------------------------------

function renderLegend() {
  const box = $("legend");
  if (!state || !state.legend) return;
  box.innerHTML = "";
  for (const e of state.legend) {
    const d = document.createElement("div");
    d.className = "legend-entry";
    d.innerHTML = e.svg;
    const a = document.createElement("a");
    a.href = e.link;
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = e.name + " (" + e.letter + ")";
    d.appendChild(a);
    box.appendChild(d);
  }
}

// ---- controls ------------------------------------------------------------------------------

function control() {
  const k = $("control").value;
  if (k === "level") return { kind: "level", level: +$("level").value };
  if (k === "movetime") return { kind: "movetime", ms: Math.round(+$("movetime").value * 1000) };
  if (k === "depth") return { kind: "depth", depth: +$("depth").value };
  return { kind: "clock", base_ms: Math.round(+$("base").value * 60000), inc_ms: Math.round(+$("inc").value * 1000) };
}

$("control").onchange = showControlArgs;
$("newgame").onsubmit = (ev) => {
  ev.preventDefault();
  send({ type: "new", variant: $("variant").value, white: $("white").value, black: $("black").value, control: control() });
};
$("nav-start").onclick = () => nav("start");
$("nav-back").onclick = () => nav("back");
$("nav-fwd").onclick = () => nav("fwd");
$("nav-end").onclick = () => nav("end");
$("flip").onclick = () => send({ type: "flip" });
$("takeback").onclick = () => send({ type: "takeback" });
$("engine-move").onclick = () => send({ type: "engine_move" });
$("draw").onclick = () => send({ type: "draw" });
$("resign").onclick = () => { if (confirm("Resign this game?")) send({ type: "resign" }); };
$("promote").onclick = () => state && send({ type: "promote", node: state.current });
$("analyse").onclick = () => send({ type: "analyse", multipv: +$("multipv").value });
$("multipv").onchange = () => { if (state && state.analysing) send({ type: "analyse", multipv: +$("multipv").value }); };
$("stop").onclick = () => send({ type: "stop" });
$("fen-load").onclick = () => send({ type: "fen", fen: $("fen").value.trim(), variant: $("variant").value });
$("fen-copy").onclick = () => { if (navigator.clipboard) navigator.clipboard.writeText($("fen").value); };
$("pgn-load").onclick = () => send({ type: "pgn_in", pgn: $("pgn").value });
$("pgn-out").onclick = () => send({ type: "pgn_out" });
$("style").onchange = () => send({ type: "style", style: $("style").value });
$("chooser-cancel").onclick = () => $("chooser").close();
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") return;
  const k = { ArrowLeft: "back", ArrowRight: "fwd", Home: "start", End: "end" }[ev.key];
  if (k) { ev.preventDefault(); nav(k); }
  if (ev.key === "Escape") select(null);
});

// For tests and the curious: the last state the server sent.
window.shuriken = { get state() { return state; }, get lines() { return lines; }, send };

connect();
