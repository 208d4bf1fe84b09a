"use strict";
// The tournament page: the host's form, registration, the player's table (it follows
// him when he is moved), the clock, the deal offer and the standings. Polls the JSON API.
(function () {
  const $ = (id) => document.getElementById(id);
  const key = (location.pathname.match(/^\/tournament\/([^/]+)/) || [])[1];
  const store = "tourney:" + key;
  let token = key ? localStorage.getItem(store) || "" : "";
  let state = null, busy = false, tableNo = null, timer = null;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function show(id, on) { $(id).hidden = !on; }
  function error(msg) { $("error").textContent = msg || ""; show("error", !!msg); }
  const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  function card(code) {
    if (code === "??") return el("span", "??", "card down");
    const rank = code[0] === "T" ? "10" : code[0];
    const s = code[1];
    return el("span", rank + (SUITS[s] || s), "card" + (s === "h" || s === "d" ? " red" : ""));
  }
  const fmt = (n) => Number(n).toLocaleString("en");

  async function api(method, body) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-Token"] = token;
    const r = await fetch(key ? "/api/tournaments/" + key : "/api/tournaments",
      { method, headers, body: body ? JSON.stringify(body) : undefined });
    const data = await r.json();
    if (!r.ok) throw new Error(data.message || "the server refused");
    return data;
  }
  async function send(cmd) {
    if (busy) return;
    busy = true;
    try { render(await api("POST", cmd)); error(""); }
    catch (e) { error(e.message); }
    finally { busy = false; }
  }
  async function refresh() {
    try { render(await api("GET")); error(""); }
    catch (e) { error(e.message === "Failed to fetch" ? "the server is not answering: retrying…" : e.message); }
  }
  async function poll() {
    if (!busy) await refresh();
    const over = state && state.status === "finished";
    timer = setTimeout(poll, over ? 5000 : 500);
  }
  // For tests and the console: fetch the state now; read what the page shows.
  window.tournamentPage = { refresh, seq: () => (state ? state.seq : -1) };

  function renderClock(s) {
    const c = s.clock;
    show("clock", !!c && s.status === "playing");
    if (!c) return;
    $("clock").classList.toggle("paused", c.paused);
    $("clock-game").textContent = s.settings.game;
    $("clock-level").textContent = "Level " + c.level;
    $("clock-blinds").textContent = c.blinds;
    let left;
    if (c.unit === "minutes") {
      const secs = Math.max(0, Math.round(c.left * 60));
      left = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0") + " left";
    } else {
      const d = Math.max(0, Math.ceil(c.left));
      left = d + (d === 1 ? " deal left" : " deals left");
    }
    $("clock-left").textContent = left;
    $("clock-next").textContent = "next " + c.next;
  }

  function renderRegister(s) {
    show("register", s.status === "registering" || (s.status === "playing" && !s.you && s.registration_open));
    $("reg-info").textContent = s.entrants.length + " registered · " + s.settings.table_size +
      " a table · " + fmt(s.settings.stack) + " chips for " + s.settings.buy_in +
      (s.you && !s.host && s.status === "registering" ? " · waiting for the host to start" : "");
    const ul = $("entrants"); ul.replaceChildren();
    for (const e of s.entrants) ul.append(el("li", e.name + (e.bot ? " (bot)" : "")));
    show("join-form", !s.you && s.status === "registering");
    show("start", s.host && s.status === "registering");
  }

  function renderOffer(s) {
    const o = s.offer;
    show("offer", !!o);
    if (!o) return;
    $("offer-title").textContent = "A deal by " + (o.kind === "icm" ? "ICM" : "chip count") +
      " among the last " + o.shares.length;
    const t = $("offer-table"); t.replaceChildren();
    const h = el("tr"); for (const x of ["player", "chips", "takes"]) h.append(el("th", x, x === "player" ? "" : "n")); t.append(h);
    for (const x of o.shares) {
      const r = el("tr"); r.append(el("td", x.name), el("td", fmt(x.stack), "n"), el("td", fmt(x.share), "n"));
      if (s.you && x.name === s.you.name) r.className = "you";
      t.append(r);
    }
    $("offer-wait").textContent = o.waiting.length ? "Waiting for " + o.waiting.join(", ") : "";
    const mine = s.you && o.waiting.includes(s.you.name);
    show("accept", mine); show("refuse", mine);
  }

  function seatItem(p, deal, turns) {
    const li = el("li");
    if (deal) {
      if (p.actor) li.classList.add("actor");
      if (p.me) li.classList.add("me");
      if (p.folded) li.classList.add("folded");
    }
    const nm = el("div", p.name, "nm");
    if (p.button) nm.append(el("span", "D", "btn-d"));
    li.append(nm, el("div", fmt(p.stack) + (p.bet ? " · bet " + fmt(p.bet) : ""), "st"));
    if (p.actor && turns && turns[p.name] !== undefined) li.append(el("div", Math.ceil(turns[p.name]) + " s to act", "timer"));
    if (p.cards && p.cards.length) { const cs = el("div", null, "row"); p.cards.forEach((c) => cs.append(card(c))); li.append(cs); }
    return li;
  }

  // A tournament table at the normal table page (/t/<tournament>-<table>): betting
  // shortcuts, chat, history; the same token holds the seat there.
  function tableLink(number, text) {
    const a = el("a", text, "table-link");
    a.href = "/t/" + encodeURIComponent(key + "-" + number);
    return a;
  }

  function renderTable(s) {
    const t = s.table;
    show("mytable", !!t);
    if (!t) { tableNo = null; return; }
    if (tableNo !== null && t.number !== tableNo) notice("You moved to table " + t.number);
    tableNo = t.number;
    const final = s.tables && s.tables.filter((x) => x.live).length === 1 && s.tables.length > 1;
    $("table-title").textContent = "Table " + t.number + (final ? " — final table" : "");
    $("table-link").replaceChildren(tableLink(t.number, "Play at the full table page"));
    const board = $("board"); board.replaceChildren();
    const seats = $("seats"); seats.replaceChildren();
    const d = t.deal;
    if (d) {
      d.board.forEach((c) => board.append(card(c)));
      board.append(el("span", "Pot " + fmt(d.pot), "pot"));
      d.players.forEach((p) => seats.append(seatItem(p, true, s.turns)));
    } else {
      // (the final table waits for no other table: for the deal's answers, or its next deal)
      const wait = s.offer ? "Play stops while the deal is offered" : final ? "The next deal comes…" : "Waiting for the other tables…";
      board.append(el("span", wait, "pot"));
      (t.seats || []).filter(Boolean).forEach((p) => seats.append(seatItem(p, false)));
    }
    renderActions(d ? d.legal : []);
    const last = t.last;
    if (last) {
      const won = last.players.filter((p) => p.change > 0).map((p) => p.name + " +" + fmt(p.change));
      $("last").textContent = "Last deal: " + (won.join(", ") || "—") + (last.board.length ? " · board " + last.board.join(" ") : "");
    } else $("last").textContent = "";
  }

  function renderActions(legal) {
    show("actions", legal.length > 0);
    const box = $("action-buttons"); box.replaceChildren();
    let sized = null;
    for (const a of legal) {
      if (a.kind === "bet" || a.kind === "raise") { sized = a; continue; }
      const b = el("button", a.kind === "call" ? "Call " + fmt(a.amount) : a.kind[0].toUpperCase() + a.kind.slice(1));
      b.dataset.action = a.kind;
      b.addEventListener("click", () => send({ type: "act", action: a.kind }));
      box.append(b);
    }
    show("raise-row", !!sized);
    if (sized) {
      const amt = $("amount");
      amt.min = sized.low; amt.max = sized.high;
      if (!amt.value || +amt.value < sized.low || +amt.value > sized.high || amt.dataset.kind !== sized.kind) amt.value = sized.low;
      amt.dataset.kind = sized.kind;
      $("raise").textContent = (sized.kind === "bet" ? "Bet" : "Raise to") + " " + fmt(amt.value);
      $("raise").dataset.action = sized.kind;
      const all = el("button", "All-in " + fmt(sized.high), "ghost");
      all.addEventListener("click", () => send({ type: "act", action: sized.kind, to: sized.high }));
      box.append(all);
    }
  }

  function renderResults(s) {
    show("results", !!s.standings);
    if (!s.standings) return;
    const over = s.status === "finished";
    $("results-title").textContent = over ? "Places and prizes" : "Standings";
    const t = $("standings"); t.replaceChildren();
    const h = el("tr");
    for (const x of over ? ["place", "player", "prize"] : ["#", "player", "chips", "table"]) h.append(el("th", x, x === "player" ? "" : "n"));
    t.append(h);
    s.standings.forEach((p, i) => {
      const r = el("tr");
      if (over) r.append(el("td", p.place, "n"), el("td", p.name + (p.dealt ? " (deal)" : "")), el("td", p.prize ? fmt(p.prize) : "", "n"));
      else r.append(el("td", p.table ? i + 1 : "out", "n"), el("td", p.name), el("td", fmt(p.stack), "n"), el("td", p.table || "", "n"));
      if (s.you && p.name === s.you.name) r.classList.add("you");
      if (!over && !p.table) r.classList.add("out");
      t.append(r);
    });
    const cap = el("caption", "prize pool " + fmt(s.pool) + " · " + fmt(s.chips) + " chips");
    t.prepend(cap);
    show("rebuy-pref", !!s.you && !over && (s.settings.rebuys > 0 || s.settings.add_on > 0));
    if (s.you) $("rebuys").checked = s.you.rebuys;
  }

  function renderTables(s) {
    show("tables", !!s.tables);
    show("events", !!s.events);
    if (!s.tables) return;
    const ul = $("table-list"); ul.replaceChildren();
    for (const x of s.tables) {
      const what = !x.live ? "broken after deal " + x.broken_at
        : s.status === "finished" ? "the final table, played out" : x.players.length + " players";
      const li = el("li", "Table " + x.number + ": " + what);
      if (x.live && s.status === "playing") li.append(" ", tableLink(x.number, "watch"));
      ul.append(li);
    }
    const ol = $("event-list"); ol.replaceChildren();
    ol.start = Math.max(1, s.events.length - 39);
    s.events.slice(-40).forEach((e) => ol.append(el("li", e)));
    ol.scrollTop = ol.scrollHeight;
    show("pause", s.host && s.status === "playing");
    $("pause").textContent = s.clock && s.clock.paused ? "Resume" : "Pause";
  }

  let noticeTimer = null;
  function notice(msg) {
    $("notice").textContent = msg; show("notice", true);
    clearTimeout(noticeTimer); noticeTimer = setTimeout(() => show("notice", false), 6000);
  }

  function render(s) {
    if (s.token) { token = s.token; localStorage.setItem(store, token); }
    if (state && s.seq < state.seq) return;  // an answer overtaken by a newer one
    state = s;
    document.body.dataset.seq = s.seq;
    document.body.classList.toggle("finished", s.status === "finished");
    if (s.status === "finished") show("notice", false);
    renderClock(s); renderRegister(s); renderOffer(s); renderTable(s); renderResults(s); renderTables(s);
  }

  function wire() {
    $("create-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const f = new FormData(ev.target);
      const n = +f.get("bots"), kind = f.get("bot");
      const mix = ["calling", "strength", "random"];
      const settings = {
        bots: Array.from({ length: n }, (_, i) => (kind === "mix" ? mix[i % 3] : kind)),
        game: f.get("game"), table_size: +f.get("table_size"), schedule: f.get("schedule"), stack: +f.get("stack"),
        buy_in: +f.get("buy_in"), payouts: f.get("payouts"), rebuys: +f.get("rebuys"),
        add_on: +f.get("add_on"), late_levels: +f.get("late_levels"), deal: f.get("deal"),
        deal_at: +f.get("deal_at"), turn_seconds: +f.get("turn_seconds"),
      };
      if (f.get("levels")) settings.levels = f.get("levels");
      settings[f.get("unit") === "minutes" ? "level_minutes" : "level_deals"] = +f.get("length");
      try {
        const r = await api("POST", { settings, host: f.get("host") });
        localStorage.setItem("tourney:" + r.id, r.token);
        location.href = r.url;
      } catch (e) { error(e.message); }
    });
    $("join-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      send({ type: "join", name: new FormData(ev.target).get("name") });
    });
    $("start").addEventListener("click", () => send({ type: "start" }));
    $("accept").addEventListener("click", () => send({ type: "accept" }));
    $("refuse").addEventListener("click", () => send({ type: "refuse" }));
    $("pause").addEventListener("click", () => send({ type: state.clock.paused ? "resume" : "pause" }));
    $("rebuys").addEventListener("change", (ev) => send({ type: "rebuys", on: ev.target.checked }));
    $("amount").addEventListener("input", () => {
      const k = $("raise").dataset.action;
      $("raise").textContent = (k === "bet" ? "Bet" : "Raise to") + " " + fmt($("amount").value || 0);
    });
    $("raise").addEventListener("click", () => send({ type: "act", action: $("raise").dataset.action, to: +$("amount").value }));
    $("share").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(location.href); notice("Link copied: send it to the players"); }
      catch (e) { notice("Send this link: " + location.href); }
    });
  }

  wire();
  if (!key) { show("create", true); }
  else { show("share", true); poll(); }
})();
