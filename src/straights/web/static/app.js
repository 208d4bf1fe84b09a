// The web table of every game: plain JS, no build step. The server sends each
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
  retry: 0, turnAt: 0, turnLeft: null, turnLimit: 0, lastKey: null,
  history: null, histStep: 0, replaying: false, myTurn: false, flown: "", audio: null,
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
  } else if (code.length === 1 || code === "Jk") {  // a special card; the joker "Jk" is ★
    c.classList.add("special");
    c.textContent = code === "Jk" ? "★" : code;
    c.setAttribute("aria-label", code === "Jk" ? "joker" : "special card " + code);
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

// kind "error" (the server refused something) or "ok" (done: a neutral, green style)
function toast(message, kind = "error") {
  const t = $("toast");
  t.textContent = message;
  t.className = "toast " + kind;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4500);
}

// ---------------------------------------------------------------- home page
function showHome() {
  $("home").hidden = false;
  setupGamePicker();
  const inClub = new URLSearchParams(location.search).get("club");
  if (inClub) {  // from the club's page: the new table is the club's (club.js)
    const line = $("club-line");
    line.replaceChildren("This table opens in your club. ");
    const back = el("a", null, "Back to the club");
    back.href = `/c/${encodeURIComponent(inClub)}`;
    line.append(back);
  }
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = new FormData(ev.target);
    const body = {};
    for (const [k, v] of form.entries()) {
      if (k === "game" || k === "dc_game") continue;  // variants.js: gameSettings
      body[k] = ["pack", "ante", "stack", "seats", "bots", "turn_seconds", "bot_seconds"].includes(k) ? Number(v) : v;
    }
    Object.assign(body, gameSettings(body, form));
    if (body.games) { delete body.pack; delete body.betting; }
    if (typeof houseForm === "function") houseForm(body);  // house.js: the house rules
    store.set("straights.botkind", body.bot_kind);  // "+ Bot" adds this style later
    $("create-error").textContent = "";
    // A table inside a club (/?club=KEY, from the club's page): its host's token opens it.
    const club = new URLSearchParams(location.search).get("club");
    const clubToken = club ? store.get("straights.club." + club) : null;
    const headers = { "Content-Type": "application/json" };
    if (clubToken) headers.Authorization = `Bearer ${clubToken}`;
    try {
      const res = await fetch(club ? `/api/clubs/${encodeURIComponent(club)}/tables` : "/api/tables", {
        method: "POST", headers, body: JSON.stringify(body),
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
function seatToken() { return store.get("straights.seat." + app.tableId) || tournamentToken(); }
function hostToken() { return store.get("straights.host." + app.tableId); }
function anyToken() { return seatToken() || hostToken(); }

// A tournament's table (/t/<tournament>-<table>): the token the tournament page keeps
// holds the seat; a bar under the header shows the tournament's clock (level, blinds,
// time or deals left, players left) and links back to its lobby; a player the
// tournament moved follows to his new table.
function tournamentOf(id) {
  const m = /^(.+)-(\d+)$/.exec(id || "");
  return m ? { key: m[1], number: Number(m[2]) } : null;
}
function tournamentToken() {
  const t = tournamentOf(app.tableId);
  return t ? store.get("tourney:" + t.key) : null;
}
async function followTournament(state) {
  const t = tournamentOf(app.tableId);
  if (!t || app.tournament === false || Date.now() - (app.tournamentAsked || 0) < 2500) return;
  app.tournamentAsked = Date.now();
  const token = tournamentToken();
  let view;
  try {
    const res = await fetch("/api/tournaments/" + encodeURIComponent(t.key), { headers: token ? { "X-Token": token } : {} });
    if (res.status === 404) { app.tournament = false; return; }
    if (!res.ok) return;
    view = await res.json();
  } catch { return; }  // offline: the next state (or the bar's timer) asks again
  if (!app.tournament) {
    app.tournament = t.key;
    tournamentBar(t.key);
    setInterval(() => followTournament(app.state), 5000);  // the clock runs between deals too
    setInterval(tournamentClockTick, 1000);
  }
  app.tournamentView = view;
  app.tournamentAt = Date.now();
  tournamentClockTick();
  const you = state && state.you ? state.you.seat : null;
  if (you === null && view.table && view.table.number !== t.number) {
    location.href = "/t/" + encodeURIComponent(t.key + "-" + view.table.number);
  }
}
function tournamentBar(key) {
  const bar = el("div", "tourney-bar");
  bar.id = "tournament-bar";
  bar.setAttribute("role", "status");
  const a = el("a", "tourney-link", "Tournament");
  a.id = "tournament-link";
  a.href = "/tournament/" + encodeURIComponent(key);
  a.title = "The tournament's lobby: the clock, the tables, the places";
  bar.append(a);
  for (const part of ["level", "blinds", "left", "players"]) {
    const s = el("span", "t-" + part);
    s.id = "tournament-" + part;
    bar.append(s);
  }
  const header = document.querySelector("header.top");  // sticky: the clock stays in view
  header.classList.add("with-tourney");
  header.append(bar);
}
// The bar's words from the last view: a clock by minutes counts down between fetches.
function tournamentClockTick() {
  const v = app.tournamentView;
  if (!v || !$("tournament-bar")) return;
  const c = v.clock;
  const over = v.status === "finished";
  $("tournament-level").textContent = over ? "Finished" : c ? "Level " + c.level + (c.paused ? " (paused)" : "") : "Registering";
  $("tournament-blinds").textContent = c && !over ? c.blinds : "";
  let left = "";
  if (c && !over && c.unit === "minutes") {
    const run = c.paused ? 0 : (Date.now() - app.tournamentAt) / 1000;
    const secs = Math.max(0, Math.round(c.left * 60 - run));
    left = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0") + " left";
  } else if (c && !over) {
    const d = Math.max(0, Math.ceil(c.left));
    left = d + (d === 1 ? " deal left" : " deals left");
  }
  $("tournament-left").textContent = left;
  const n = v.players_left;
  $("tournament-players").textContent = n === undefined ? "" : `${n} of ${v.entrants.length} left`;
}

// Every message that changes the table names the version it answers: the server
// refuses a duplicate or stale one (a double click, a second tab) once, with no effect.
const UNVERSIONED = new Set(["hello", "ping", "history"]);
function send(msg) {
  if (app.state && !UNVERSIONED.has(msg.type) && msg.version === undefined) {
    msg = { ...msg, version: app.state.version };
  }
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
      app.seat = msg.seat; app.requested = null; $("sitform").hidden = true; break;
    case "requested":  // the seat waits for the host's approval (the state follows)
      app.requested = msg.seat; $("sitform").hidden = true; break;
    case "state":
      render(msg); followTournament(msg); break;
    case "history":
      showHistory(msg); break;
    case "chat":
      chatLine(msg); break;
    case "chat_log":
      $("chat-lines").replaceChildren();
      for (const line of msg.lines) chatLine(line);
      break;
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

// The games a script of their own draws, by the table's game (paigow.js adds Pai Gow's):
// { title(state), draw(state) }. Every poker game, Straights included, is dealt at the
// one table (variants.js draws it).
const feltsByGame = {};

function render(state) {
  app.state = state;
  app.seat = state.you.seat;
  app.host = state.you.host;
  const t = state.table;
  const own = feltsByGame[t.game];
  $("tablename").textContent = own ? own.title(state) : variantTitle(state);
  let line = $("stakes-line");  // the name and stakes, whole, where the header cuts them
  if (!line) { line = el("div", "stakes-line"); line.id = "stakes-line"; $("felt").before(line); }
  line.textContent = $("tablename").textContent;
  const h = state.hand;
  alertTurn(state);
  renderBanner(state);
  renderChatForm(state);
  if (own) {
    own.draw(state);
    if (typeof hostRender === "function") hostRender(state);
    if (typeof houseWayHost === "function") houseWayHost(state);  // house.js
    return;
  }
  $("btn-history").hidden = !(h.hand_number > 1 || h.finished && h.hand_number >= 1);
  if (app.replaying) return; // the felt shows the replay; the live table is drawn on leaving it
  renderVariant(state);
  renderTimer(state);
  renderLog(h, { log: h.log || [] });
  flyChips(state);
  if (typeof hostRender === "function") hostRender(state);  // host.js: host panel, ledger
  if (typeof bettingRender === "function") bettingRender(state);  // betting.js
  if (typeof hudRender === "function") hudRender(state);  // hud.js: the statistics by the seats
}

// The style "+ Bot" adds: the host picks it in his panel (or the create form), remembered.
const BOT_KINDS = [["strength", "Strength"], ["equity", "Equity"], ["equity:tight", "Equity, tight"],
  ["equity:loose", "Equity, loose"], ["equity:aggressive", "Equity, aggressive"], ["cfr", "CFR"],
  ["calling", "Calling"], ["random", "Random"]];
function botKind() {
  const k = store.get("straights.botkind");
  return BOT_KINDS.some(([v]) => v === k) ? k : "strength";
}

// -- your turn: the tab's title, and a beep the player can mute (remembered)
function muted() { return store.get("straights.mute") === "1"; }

function drawMute() {
  const b = $("btn-mute");
  b.textContent = muted() ? "♪ off" : "♪ on";
  b.setAttribute("aria-pressed", String(muted()));
  b.title = muted() ? "turn alert sound off: press to turn it on" : "turn alert sound on: press to mute";
}

function beep() {
  if (muted()) return;
  try {
    app.audio = app.audio || new AudioContext();
    const ctx = app.audio;
    if (ctx.state === "suspended") ctx.resume();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
    app.beeps = (app.beeps || 0) + 1;
  } catch { /* no audio here */ }
}

function alertTurn(state) {
  const h = state.hand;
  const choosing = Boolean(state.choice && state.choice.seat !== null && state.choice.seat === state.you.seat && !state.choice.chosen);
  const mine = (h.legal || []).length > 0 || Boolean(h.card_choice) || choosing;
  const base = `Straights — ${state.table.name || state.table.id}`;
  document.title = mine ? `● Your turn — ${base}` : base;
  if (mine && !app.myTurn) beep();
  app.myTurn = mine;
}

function renderBanner(state) {
  const b = $("banner");
  b.replaceChildren();
  const asked = (state.ledger.requests || []).some((r) => r.seat === app.requested);
  if (app.requested !== null && app.requested !== undefined && !asked) app.requested = null;
  if (state.you.seat === null && asked) {
    b.append(el("span", null, `Your request for seat ${app.requested + 1} waits for the host's approval.`));
    b.hidden = false;
  } else if (state.you.banned) {
    b.append(el("span", null, state.you.seat !== null ? "The host removed you from this table: you leave after this deal, and may sit again only when the host lets you back." : "The host removed you from this table: you may watch, and sit again only when the host lets you back."));
    b.hidden = false;
  } else if (state.you.seat !== null && state.you.sat_out) {
    const mine = state.seats[state.you.seat];
    const until = mine && mine.away_at ? ` Your seat is kept until ${new Date((mine.away_at + 60 * (state.table.away_minutes || 10)) * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}.` : "";
    const why = mine && mine.away_why === "timeout" ? "Your turn ran out while you were away, so you were sat out" : "You are sat out";
    b.append(el("span", null, `${why}: you are not dealt in until you come back.${until}`));
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

// -- seats on the rim of the table's grid
// The rim of a grid of `cols` columns and `mid` middle rows, clockwise from the bottom
// middle cell (the viewer's): [row, column], counted from 1. The centre spans the
// middle rows' inner columns; row mid + 2 is the showdown text; mid + 3 the bottom.
function rimCells(cols, mid) {
  const bottom = mid + 3, centre = Math.ceil(cols / 2), cells = [];
  for (let c = centre; c >= 1; c--) cells.push([bottom, c]);
  for (let r = mid + 1; r >= 2; r--) cells.push([r, 1]);
  for (let c = 1; c <= cols; c++) cells.push([1, c]);
  for (let r = 2; r <= mid + 1; r++) cells.push([r, cols]);
  for (let c = cols; c > centre; c--) cells.push([bottom, c]);
  return cells;
}

// Each of n seats gets a rim cell, spread evenly, the viewer's (or seat 1) at the bottom.
function seatCells(n, me, narrow) {
  const cols = narrow ? 3 : 5;
  const mid = Math.max(1, Math.ceil((n - 2 * cols) / 2));
  const rim = rimCells(cols, mid);
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = (i - (me ?? 0) + n) % n;
    out[i] = rim[Math.floor((k * rim.length) / n + 0.5)];
  }
  return { cells: out, cols, mid };
}

function placeGrid(n, me) {
  const narrow = window.matchMedia("(max-width: 640px)").matches;
  const g = seatCells(n, me, narrow);
  const centre = $("centre");
  centre.style.gridRow = `2 / ${g.mid + 2}`;
  centre.style.gridColumn = `2 / ${g.cols}`;
  $("verdict").style.gridRow = String(g.mid + 2);
  return g.cells;
}

// A seat's last words in a deal: his action of this round; a fold stays "folds" for
// the rest of the deal, and a player with every chip in says "all-in" until the end.
function lastWords(state, seat, p) {
  const h = state.hand;
  const said = state.follow.last[String(seat)] || "";
  if (!p || !h.hand_number) return said;
  if (p.folded) return /fold/.test(said) ? said : "folded";
  if (!h.finished && p.stack === 0 && (p.in_hand ?? true)) return /all-in/.test(said) ? said : (said ? `${said} · all-in` : "all-in");
  return said;
}

// The seats of a state for renderSeats: an empty one, or a taken one's name, chips and
// bot with what `more(i, meta, status)` adds (`status`: the server's, "playing" unsaid).
function seatRows(state, more) {
  return Array.from({ length: state.table.seats }, (_, i) => {
    const meta = state.seats[i];
    if (!meta) return { seat: i, empty: true };
    const status = meta.status === "playing" ? "" : meta.status;
    return { seat: i, name: meta.name, chips: meta.chips, bot: meta.bot, ...more(i, meta, status) };
  });
}

function renderSeats(seats, n, me) {
  const felt = $("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  const cells = placeGrid(n, me);
  const state = app.state;
  const closed = Boolean(state && state.ledger && state.ledger.closed);
  // (a tournament's table: the tournament seats its players, nobody adds a bot or sits)
  const seating = state && !state.table.tournament;
  const canManage = !app.replaying && !closed && seating && (app.host || state.you.seat !== null);
  for (const s of seats) {
    const d = el("div", "seat");
    const [row, col] = cells[s.seat];
    d.style.gridRow = String(row); d.style.gridColumn = String(col);
    d.dataset.seat = s.seat;
    if (s.empty) {
      d.classList.add("empty");
      d.append(el("div", "status", `Seat ${s.seat + 1}`));
      const asking = !app.replaying && state && (state.ledger.requests || []).find((r) => r.seat === s.seat);
      if (asking) d.append(el("div", "status asking", `${asking.name} asks to sit`));
      if (!app.replaying && !closed && seating && !state.you.banned && state.you.seat === null) {
        const sit = el("button", "primary", "Sit");
        sit.onclick = () => openSit(s.seat);
        d.append(sit);
      }
      if (canManage) {
        const bot = el("button", "ghost", "+ Bot");
        bot.onclick = () => send({ type: "add_bot", token: anyToken(), seat: s.seat, kind: botKind() });
        d.append(bot);
      }
      felt.append(d);
      continue;
    }
    const nm = el("div", "name", s.name);
    nm.title = s.name;
    if (s.dealer) nm.append(el("span", "dealer", "D"));
    d.append(nm);
    d.append(el("div", "chips", `${s.chips} chips`));
    if (s.status) d.append(el("div", "status", s.status));
    // Who has no live connection (the server marks people's seats; not in a replay).
    const live = !app.replaying && state && state.seats ? state.seats[s.seat] : null;
    if (live && live.offline) {
      d.classList.add("offline");
      d.append(el("div", "offline", "disconnected"));
    }
    if (s.last) d.append(el("div", "last", s.last));
    if (s.folded) d.classList.add("folded");
    if (s.cards) {
      const mini = el("div", "mini");
      for (const c of s.cards) mini.append(cardEl(c, { small: true }));
      d.append(mini);
    }
    if (s.bet) d.append(el("div", "bet", `bet ${s.bet}`));
    if (s.won) { d.append(el("div", "won", `+${s.won}`)); d.classList.add("winner"); }
    if (s.turn) d.classList.add("turn");
    if (me === s.seat) d.classList.add("me");
    if (s.bot && canManage && app.host) {  // the host's alone, and confirmed
      const rm = el("button", "remove", "×");
      rm.title = "Remove this bot";
      rm.setAttribute("aria-label", `Remove ${s.name}`);
      rm.onclick = () => {
        const during = state.hand.hand_number && !state.hand.finished;
        if (confirm(`Remove ${s.name}?${during ? " It forfeits the deal on." : ""}`)) send({ type: "remove_bot", token: hostToken() || seatToken(), seat: s.seat });
      };
      d.append(rm);
    }
    felt.append(d);
  }
}

// Chips fly from the pot to each winner once per deal (not with reduced motion: CSS).
function flyChips(state) {
  const h = state.hand;
  if (!h.finished || !h.hand_number) return;
  const key = `${state.table.id}:${h.hand_number}`;
  if (app.flown === key) return;
  app.flown = key;
  const from = $("pot").getBoundingClientRect();
  for (const a of h.awards || []) {
    if (a.winner === null) continue;
    const seat = document.querySelector(`.seat[data-seat="${a.winner}"]`);
    if (!seat) continue;
    const to = seat.getBoundingClientRect();
    for (let k = 0; k < 3; k++) {
      const chip = el("div", "chipfly");
      chip.style.left = `${from.left + from.width / 2 - 9 + k * 6}px`;
      chip.style.top = `${from.top + from.height / 2 - 9}px`;
      document.body.append(chip);
      const dx = to.left + to.width / 2 - (from.left + from.width / 2) - k * 6;
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        chip.style.transitionDelay = `${k * 0.08}s, ${0.8 + k * 0.08}s`;
        chip.style.transform = `translate(${dx}px, ${dy}px)`;
        chip.style.opacity = "0";
      }));
      setTimeout(() => chip.remove(), 1500);
    }
  }
}

// The server words each action (straights.game.wording); a button capitalises it.
function actionLabel(a) {
  return a.label.charAt(0).toUpperCase() + a.label.slice(1);
}

// The seated viewer's "Leave seat" button (every kind of table).
function leaveButton(state) {
  const removed = state.you.banned;
  const leave = el("button", "ghost", removed ? "Removed by the host" : state.you.leaving ? "Leaving after this deal" : "Leave seat");
  leave.disabled = state.you.leaving || removed;
  leave.onclick = () => { if (confirm("Leave your seat? Your chips leave with you.")) send({ type: "leave", token: seatToken() }); };
  if (removed || state.you.leaving || state.you.sat_out || (state.ledger && state.ledger.closed)) return leave;
  // Sitting out is the player's own: dealt no more until "I'm back" (the seat is kept).
  const frag = document.createDocumentFragment();
  // Between deals a player below the table's stack tops up to it (not only when broke):
  // the server says when (state.you.top_up; never at Pai Gow, where he rebuys).
  if (state.you.top_up) {
    const mine = state.seats[state.you.seat];
    const up = el("button", "ghost", `Top up to ${state.table.stack}`);
    up.id = "btn-topup";
    up.title = `Buy ${state.table.stack - mine.chips} chips (the host approves beyond the table's limit)`;
    up.onclick = () => send({ type: "rebuy", token: seatToken() });
    frag.append(up);
  }
  const out = el("button", "ghost", "Sit out");
  out.id = "btn-sitout";
  out.title = `Not dealt in until you are back; your seat is kept ${state.table.away_minutes || 10} minutes`;
  out.onclick = () => send({ type: "sit_out", token: seatToken() });
  frag.append(out, leave);
  return frag;
}

function renderTimer(state) {
  const turn = state.turn;
  // A player sat out is not timed: he is folded (Pai Gow: set the house way) at his turn.
  if (!turn || turn.seconds_left === null || !turn.limit || state.you.sat_out) { $("timer").hidden = true; app.turnLeft = null; return; }
  // A redraw of the same state (a resize) keeps the countdown where it is.
  const key = `${state.version}:${turn.seat}`;
  if (app.timerKey !== key || app.turnLeft === null) {
    app.timerKey = key;
    app.turnLeft = turn.seconds_left; app.turnLimit = turn.limit; app.turnAt = performance.now();
    app.turnBank = turn.bank || 0;
  }
  $("timer").hidden = false;
  tick();
}

function tick() {
  if (app.turnLeft === null) return;
  const all = Math.max(0, app.turnLeft - (performance.now() - app.turnAt) / 1000);
  // The turn timer first, then the player's time bank (server: turn.bank seconds).
  const banking = app.turnBank > 0 && all <= app.turnBank;
  const left = banking ? all : all - app.turnBank;
  $("timerbar").style.width = `${(100 * left) / (banking ? app.turnBank : app.turnLimit)}%`;
  $("timer").classList.toggle("bank", banking);
  const state = app.state;
  const who = state && state.turn ? (state.turn.seat === state.you.seat ? "you" : nameOf(state, state.turn.seat)) : "";
  $("timersecs").textContent = banking ? `time bank ${Math.ceil(left)} s` : `${Math.ceil(left)} s`;
  $("timersecs").title = `${who} to act`;
  $("timer").classList.toggle("low", left <= 5);
}

// The deal so far, as the server words it for everyone.
function renderLog(h, follow) {
  const log = $("log");
  const lines = follow.log;
  if (log.childElementCount === lines.length && log.dataset.deal === String(h.hand_number)) return;
  log.replaceChildren();
  log.dataset.deal = String(h.hand_number);
  for (const line of lines) {
    const li = el("li", / (checks|calls|bets|raises|folds)/.test(line) ? "act" : "", line);
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------- chat
function renderChatForm(state) {
  const can = state.you.seat !== null || Boolean(hostToken());
  $("chat-form").hidden = !can;
  $("chat-note").hidden = can;
}

function chatLine(msg) {
  app.mutedSeats = msg.muted || app.mutedSeats || [];
  if (typeof hostMuted === "function") hostMuted();  // host.js: the panel's Mute/Unmute
  const list = $("chat-lines");
  const li = el("li", msg.seat === null && !msg.name ? "system" : "");
  if (msg.name) li.append(el("b", null, msg.name + ": "));
  li.append(el("span", null, msg.text));
  if (msg.seat !== null && hostToken() && msg.seat !== app.seat) {
    const isMuted = (msg.muted || []).includes(msg.seat);
    const b = el("button", "ghost", isMuted ? "Unmute" : "Mute");
    b.onclick = () => send({ type: "mute", token: hostToken(), seat: msg.seat, muted: !isMuted });
    li.append(b);
  }
  list.append(li);
  while (list.childElementCount > 100) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
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

// ---------------------------------------------------------------- the replayer, on the table
// The server words every step of a finished deal ("You" for the viewer) and sends the
// table after each one (PokerWebGame.history_for); variants.js draws them.
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
}

function setReplaying(on) {
  app.replaying = on;
  $("room").classList.toggle("replay-on", on);
  $("replay").hidden = !on;
  $("me").hidden = on;
  $("log").hidden = on;
  $("hist-events").hidden = !on;
  $("log-title").textContent = on ? "Replayed deal" : "This deal";
  $("btn-history").disabled = on;
  if (!on) {
    app.history = null;
    app.flown = app.state ? `${app.state.table.id}:${app.state.hand.hand_number}` : "";
    if (app.state) render(app.state);
  }
}

function showHistory(msg) {
  app.history = msg;
  app.histStep = 0;
  setReplaying(true);
  $("hist-pick").value = msg.hand;
  const list = $("hist-events");
  list.replaceChildren();
  msg.events.forEach((e, i) => {
    const li = el("li", null, eventText(e));
    li.onclick = () => { app.histStep = i; drawHistory(); };
    list.append(li);
  });
  drawHistory();
  $("felt").scrollIntoView({ block: "nearest" });
}

function drawHistory() {
  const msg = app.history;
  if (msg) drawVariantHistory(msg);  // variants.js: every game's steps, Straights' included
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
  $("btn-mute").hidden = false;
  drawMute();
  // Browsers let a page play sound only after a click: open the audio then.
  document.addEventListener("pointerdown", () => {
    try { app.audio = app.audio || new AudioContext(); } catch { /* no audio here */ }
  }, { once: true });
  $("btn-mute").onclick = () => { store.set("straights.mute", muted() ? "0" : "1"); drawMute(); };
  $("btn-share").onclick = async () => {
    const url = `${location.origin}/t/${id}`;
    try {
      if (navigator.share) await navigator.share({ title: "Straights", url });
      else { await navigator.clipboard.writeText(url); toast("Link copied: " + url, "ok"); }
    } catch { toast("Share this link: " + url, "ok"); }
  };
  $("btn-history").onclick = openHistory;
  $("hist-close").onclick = () => setReplaying(false);
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
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = ev.target.elements.text;
    const words = input.value.trim();
    if (!words) return;
    send({ type: "chat", token: anyToken(), text: words });
    input.value = "";
  });
  window.addEventListener("resize", () => {
    if (app.replaying) drawHistory(); else if (app.state) render(app.state);
  });
  setInterval(tick, 250);
  setInterval(() => app.ws && app.ws.readyState === WebSocket.OPEN && app.ws.send('{"type":"ping"}'), 25000);
  connect();
}

// Start once every deferred script has run (host.js and paigow.js draw parts of a
// state): a state that arrived before paigow.js would find nothing to draw it with.
const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]{4,32})$/);
document.addEventListener("DOMContentLoaded", () => { if (match) showRoom(match[1]); else showHome(); });
