// The Straights web table: plain JS, no build step. The server sends each
// client only its own view; this file only draws it and sends intentions.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const store = {
  get: (k) => { try { return localStorage.getItem(k); } catch { return null; } },
  set: (k, v) => { try { localStorage.setItem(k, v); } catch { /* private mode */ } },
  del: (k) => { try { localStorage.removeItem(k); } catch { /* private mode */ } },
};

const app = {
  tableId: null, ws: null, state: null, seat: null, host: false,
  retry: 0, turnAt: 0, turnLeft: null, turnLimit: 0, lastKey: null, lastHand: 0,
  history: null, histStep: 0,
};

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function cardEl(code, opts = {}) {
  const c = el("div", "card" + (opts.small ? " sm" : ""));
  if (code === null || code === undefined) {
    c.classList.add(opts.slot ? "slot" : "back");
    c.setAttribute("aria-label", opts.slot ? "no card yet" : "face-down card");
  } else if (code.length === 1) {
    c.classList.add("special");
    c.textContent = code;
    c.setAttribute("aria-label", "special card " + code);
  } else {
    const rank = RANKS[code[0]] || code[0];
    const suit = code[1].toLowerCase();
    if (suit === "h" || suit === "d") c.classList.add("red");
    c.append(el("span", "r", rank), el("span", "s", SUITS[suit] || suit));
    c.setAttribute("aria-label", code);
  }
  if (opts.key) c.classList.add("key");
  return c;
}

function cardsOf(text) { return text ? text.split(" ") : []; }

function toast(message) {
  const t = $("toast");
  t.textContent = message;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4500);
}

function logLine(text) {
  const log = $("log");
  log.prepend(el("div", null, text));
  while (log.childElementCount > 60) log.lastElementChild.remove();
}

// ---------------------------------------------------------------- home page
function showHome() {
  $("home").hidden = false;
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = new FormData(ev.target);
    const body = {};
    for (const [k, v] of form.entries()) {
      body[k] = ["pack", "ante", "stack", "seats", "bots", "turn_seconds"].includes(k) ? Number(v) : v;
    }
    $("create-error").textContent = "";
    try {
      const res = await fetch("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      const data = await res.json();
      if (!res.ok) { $("create-error").textContent = data.message || "could not create the table"; return; }
      store.set("straights.host." + data.table, data.host_token);
      location.href = data.url;
    } catch (e) {
      $("create-error").textContent = "the server is not reachable";
    }
  });
}

// ---------------------------------------------------------------- the table
function seatToken() { return store.get("straights.seat." + app.tableId); }
function hostToken() { return store.get("straights.host." + app.tableId); }
function anyToken() { return seatToken() || hostToken(); }

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
  else toast("not connected — reconnecting");
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  app.ws = ws;
  ws.onopen = () => {
    app.retry = 0;
    $("conn").classList.add("on");
    const hello = { type: "hello", table: app.tableId };
    const token = seatToken(), hostTok = hostToken();
    if (token) hello.token = token;
    if (hostTok) hello.host = hostTok;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    onMessage(msg);
  };
  ws.onclose = () => {
    $("conn").classList.remove("on");
    if (app.ws !== ws) return;
    const delay = Math.min(10000, 500 * 2 ** app.retry++);
    setTimeout(connect, delay);
  };
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      app.seat = msg.seat; app.host = msg.host; break;
    case "seated":
      store.set("straights.seat." + msg.table, msg.token);
      app.seat = msg.seat; $("sitform").hidden = true; break;
    case "state":
      render(msg); break;
    case "history":
      showHistory(msg); break;
    case "error":
      if (msg.code === "stale_token") store.del("straights.seat." + app.tableId);
      if (msg.code === "not_found" || /no table/.test(msg.message)) {
        $("banner").hidden = false; $("banner").textContent = msg.message;
      }
      toast(msg.message); break;
    default: break;
  }
}

function nameOf(state, seat) {
  const s = state.seats[seat];
  if (s) return s.name;
  const p = (state.hand.players || []).find((q) => q.seat === seat);
  return p ? p.name : `seat ${seat + 1}`;
}

function render(state) {
  const prev = app.state;
  app.state = state;
  app.seat = state.you.seat;
  app.host = state.you.host;
  const t = state.table;
  $("tablename").textContent = `${t.name || "Table"} · ${t.betting === "limit" ? "Limit" : "No Limit"} · ante ${t.ante} · ${t.pack} cards`;
  document.title = `Straights — ${t.name || t.id}`;
  const h = state.hand;
  if (h.hand_number && h.hand_number !== app.lastHand) {
    app.lastHand = h.hand_number;
    logLine(`Deal ${h.hand_number}: button ${nameOf(state, h.button)}.`);
  }
  if (prev && prev.hand.hand_number === h.hand_number && !prev.hand.finished && h.finished) {
    for (const a of h.awards) logLine(awardText(state, a));
  }
  renderBanner(state);
  renderSeats(state);
  renderBoard(h);
  renderPot(h, state);
  renderVerdict(h, state);
  renderMe(state);
  renderTimer(state);
  $("btn-history").hidden = !(h.hand_number > 1 || h.finished && h.hand_number >= 1);
  if (typeof hostRender === "function") hostRender(state);  // host.js: host panel, ledger
}

function renderBanner(state) {
  const b = $("banner");
  b.replaceChildren();
  if (state.you.seat !== null && state.you.sat_out) {
    b.append(el("span", null, "You are sat out: you are not dealt in until you come back."));
    const back = el("button", "primary", "I'm back");
    back.onclick = () => send({ type: "back", token: seatToken() });
    b.append(back);
    b.hidden = false;
  } else if (state.you.seat === null && !state.seats.some((s) => s && !s.bot)) {
    b.append(el("span", null, "Nobody is sitting yet: take a seat to start."));
    b.hidden = false;
  } else {
    b.hidden = true;
  }
}

function seatPosition(i, n, me) {
  const angle = Math.PI / 2 + ((i - (me ?? 0)) * 2 * Math.PI) / n;
  const narrow = window.matchMedia("(max-width: 640px)").matches;
  const rx = narrow ? 38 : 44, ry = narrow ? 43 : 40;
  return [50 + rx * Math.cos(angle), 50 + ry * Math.sin(angle)];
}

function renderSeats(state) {
  const box = $("seats");
  box.replaceChildren();
  const h = state.hand;
  const n = state.table.seats;
  const players = new Map((h.players || []).map((p) => [p.seat, p]));
  const canManage = app.host || state.you.seat !== null;
  for (let i = 0; i < n; i++) {
    const meta = state.seats[i];
    const [x, y] = seatPosition(i, n, state.you.seat);
    const d = el("div", "seat");
    d.style.left = x + "%"; d.style.top = y + "%";
    d.dataset.seat = i;
    if (!meta) {
      d.classList.add("empty");
      d.append(el("div", "status", `Seat ${i + 1}`));
      if (state.you.seat === null) {
        const sit = el("button", "primary", "Sit");
        sit.onclick = () => openSit(i);
        d.append(sit);
      }
      if (canManage) {
        const bot = el("button", "ghost", "+ Bot");
        bot.onclick = () => send({ type: "add_bot", token: anyToken(), seat: i, kind: "strength" });
        d.append(bot);
      }
      box.append(d);
      continue;
    }
    const p = players.get(i);
    const nm = el("div", "name", meta.name);
    if (h.button === i && h.hand_number) nm.append(el("span", "dealer", "D"));
    d.append(nm);
    d.append(el("div", "chips", `${meta.chips} chips`));
    let status = meta.status === "playing" ? "" : meta.status;
    if (meta.bot) status = status ? `${meta.bot} bot · ${status}` : `${meta.bot} bot`;
    if (p && p.folded && p.in_hand) { status = "folded"; d.classList.add("folded"); }
    else if (p && p.all_in) status = "all-in";
    if (status) d.append(el("div", "status", status));
    if (p && p.in_hand) {
      const mini = el("div", "mini");
      const cards = cardsOf(p.cards);
      if (cards.length) for (const c of cards) mini.append(cardEl(c, { small: true }));
      else if (!p.folded && !h.finished) mini.append(cardEl(null, { small: true }), cardEl(null, { small: true }));
      d.append(mini);
      if (p.committed) d.append(el("div", "bet", `${p.committed}`));
    }
    if (h.actor === i && !h.finished) d.classList.add("turn");
    if (state.you.seat === i) d.classList.add("me");
    if (meta.bot && canManage) {
      const rm = el("button", "remove", "×");
      rm.title = "Remove this bot";
      rm.setAttribute("aria-label", `Remove ${meta.name}`);
      rm.onclick = () => send({ type: "remove_bot", token: anyToken(), seat: i });
      d.append(rm);
    }
    box.append(d);
  }
}

function renderBoard(h, target = $("board"), animate = true) {
  target.replaceChildren();
  const dealt = h.hand_number > 0;
  h.table.forEach((code, pos) => {
    if (pos === 0) {
      const c = cardEl(dealt ? code : null, { key: true, slot: !dealt });
      c.title = code ? "the key card, turned" : "the key card, face down";
      if (animate && code && app.lastKey !== `${h.hand_number}:${code}`) {
        c.classList.add("flip");
        app.lastKey = `${h.hand_number}:${code}`;
      }
      target.append(c);
    } else {
      target.append(cardEl(code, { slot: code === null }));
    }
  });
}

function renderPot(h, state) {
  const pot = $("pot");
  pot.replaceChildren();
  if (!h.hand_number) {
    pot.textContent = state.seats.filter(Boolean).length < 2 ? "Waiting for players" : "Waiting for the deal";
    return;
  }
  if (!h.finished) {
    pot.append(el("span", null, `Pot ${h.pot}`));
    if (h.round_name) pot.append(el("span", "side", `${h.round_name} betting round`));
    for (const [k, p] of (h.side_pots || []).entries()) {
      const who = p.eligible.map((s) => nameOf(state, s)).join(", ");
      pot.append(el("span", "side", `${k === 0 ? "Main pot" : "Side pot " + k}: ${p.amount} (${who})`));
    }
    if (h.carry) pot.append(el("span", "carry", `includes ${h.carry} carried over (rule 10)`));
  } else if (h.carry) {
    pot.append(el("span", "carry", `Carry-over: ${h.carry} chips stay in the middle for the next deal (rule 10)`));
  }
}

function awardText(state, a) {
  const label = a.pot === 0 ? "Main pot" : `Side pot ${a.pot}`;
  if (a.winner === null) return `${label} of ${a.amount}: ${a.reason}.`;
  return `${label} of ${a.amount} → ${nameOf(state, a.winner)}: ${a.reason}.`;
}

function renderVerdict(h, state) {
  const v = $("verdict");
  v.replaceChildren();
  if (!h.finished || !h.hand_number) return;
  for (const s of h.shown || []) {
    const line = el("div");
    line.append(el("b", null, nameOf(state, s.seat) + ": "), el("span", null, s.description));
    v.append(line);
  }
  for (const a of h.awards) {
    const line = el("div");
    if (a.rule) line.append(el("span", "rule", `Rule ${a.rule} `));
    line.append(el("span", null, awardText(state, a)));
    v.append(line);
  }
}

// The server words each action (straights.game.wording); a button capitalises it.
function actionLabel(a) {
  return a.label.charAt(0).toUpperCase() + a.label.slice(1);
}

function renderMe(state) {
  const h = state.hand;
  const mine = $("myhand");
  mine.replaceChildren();
  for (const c of cardsOf(h.hole)) mine.append(cardEl(c));
  const actions = $("actions");
  actions.replaceChildren();
  for (const a of h.legal || []) {
    const b = el("button", a.kind === "fold" ? "fold" : a.kind === "check" || a.kind === "call" ? "primary" : "", actionLabel(a));
    b.dataset.action = a.kind;
    b.onclick = () => {
      for (const x of actions.querySelectorAll("button")) x.disabled = true;
      send({ type: "act", token: seatToken(), action: a.kind, to: a.to, hand: h.hand_number });
    };
    actions.append(b);
  }
  const ctl = $("mycontrols");
  ctl.replaceChildren();
  if (state.you.seat !== null) {
    const leave = el("button", "ghost", state.you.leaving ? "Leaving after this deal" : "Leave seat");
    leave.disabled = state.you.leaving;
    leave.onclick = () => { if (confirm("Leave your seat? Your chips leave with you.")) send({ type: "leave", token: seatToken() }); };
    ctl.append(leave);
  }
}

function renderTimer(state) {
  const turn = state.turn;
  if (!turn || turn.seconds_left === null || !turn.limit) { $("timer").hidden = true; app.turnLeft = null; return; }
  app.turnLeft = turn.seconds_left; app.turnLimit = turn.limit; app.turnAt = performance.now();
  $("timer").hidden = false;
  tick();
}

function tick() {
  if (app.turnLeft === null) return;
  const left = Math.max(0, app.turnLeft - (performance.now() - app.turnAt) / 1000);
  $("timerbar").style.width = `${(100 * left) / app.turnLimit}%`;
}

// ---------------------------------------------------------------- sitting down
function openSit(seat) {
  const f = $("sit");
  f.elements.seat.value = seat;
  f.elements.name.value = store.get("straights.name") || "";
  $("sitseat").textContent = seat + 1;
  $("sitform").hidden = false;
  f.elements.name.focus();
}

// ---------------------------------------------------------------- hand histories
// The server words every event (straights.game.wording: the same words as the
// terminal's, "You" for the viewer); the page only shows them.
function eventText(e) {
  return e.text || e.type.replace(/_/g, " ");
}

function openHistory() {
  const st = app.state;
  if (!st) return;
  const pick = $("hist-pick");
  pick.replaceChildren();
  const last = st.hand.finished ? st.hand.hand_number : st.hand.hand_number - 1;
  for (let n = last; n >= 1; n--) {
    const o = el("option", null, `Deal ${n}`);
    o.value = n;
    pick.append(o);
  }
  if (last >= 1) send({ type: "history", hand: last });
  $("history").showModal();
}

function showHistory(msg) {
  app.history = msg;
  app.histStep = 0;
  $("hist-pick").value = msg.hand;
  const list = $("hist-events");
  list.replaceChildren();
  msg.events.forEach((e, i) => {
    const li = el("li", null, eventText(e));
    li.onclick = () => { app.histStep = i; drawHistory(); };
    list.append(li);
  });
  drawHistory();
  if (!$("history").open) $("history").showModal();
}

function drawHistory() {
  const msg = app.history;
  if (!msg) return;
  const step = app.histStep;
  const table = [null, null, null, null, null];
  for (const e of msg.events.slice(0, step + 1)) {
    if (e.type === "table_card_dealt") table[e.position - 1] = e.card;
    if (e.type === "key_turned") table[0] = e.card;
  }
  renderBoard({ hand_number: msg.hand, table }, $("hist-board"), false);
  $("hist-step").textContent = `Step ${step + 1} of ${msg.events.length}: ${eventText(msg.events[step])}`;
  [...$("hist-events").children].forEach((li, i) => {
    li.className = i === step ? "now" : i > step ? "future" : "";
  });
  const now = $("hist-events").children[step];
  if (now) now.scrollIntoView({ block: "nearest" });
}

function histMove(to) {
  if (!app.history) return;
  app.histStep = Math.max(0, Math.min(app.history.events.length - 1, to));
  drawHistory();
}

// ---------------------------------------------------------------- start
function showRoom(id) {
  app.tableId = id;
  $("room").hidden = false;
  $("btn-share").hidden = false;
  $("btn-share").onclick = async () => {
    const url = `${location.origin}/t/${id}`;
    try {
      if (navigator.share) await navigator.share({ title: "Straights", url });
      else { await navigator.clipboard.writeText(url); toast("Link copied: " + url); }
    } catch { toast(url); }
  };
  $("btn-history").onclick = openHistory;
  $("hist-close").onclick = () => $("history").close();
  $("hist-pick").onchange = (e) => send({ type: "history", hand: Number(e.target.value) });
  $("hist-first").onclick = () => histMove(0);
  $("hist-prev").onclick = () => histMove(app.histStep - 1);
  $("hist-next").onclick = () => histMove(app.histStep + 1);
  $("hist-last").onclick = () => histMove(Infinity);
  $("sitcancel").onclick = () => { $("sitform").hidden = true; };
  $("sit").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const name = f.elements.name.value.trim();
    if (!name) return;
    store.set("straights.name", name);
    // A player who sat here before comes back with his token (and his chips).
    send({ type: "sit", seat: Number(f.elements.seat.value), name, token: seatToken() || undefined });
  });
  window.addEventListener("resize", () => { if (app.state) renderSeats(app.state); });
  setInterval(tick, 250);
  setInterval(() => send.quiet ? null : app.ws && app.ws.readyState === WebSocket.OPEN && app.ws.send('{"type":"ping"}'), 25000);
  connect();
}

const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]{4,32})$/);
if (match) showRoom(match[1]); else showHome();
