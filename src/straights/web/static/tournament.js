"use strict";
// The tournament page, a lobby: the host's form, registration, a link to the player's
// table (the one table page; it follows him when he is moved), the clock, the deal
// offer and the standings. Polls the JSON API.
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

  // The player's table is the one table page (/t/<tournament>-<table>), where he plays
  // with the cash table's buttons, card picker, time bank and HUD; this lobby links to
  // it, says when it is his turn there, and follows him when the tournament moves him.
  function tableLink(number, text, cls) {
    const a = el("a", text, cls || "table-link");
    a.href = "/t/" + encodeURIComponent(key + "-" + number);
    return a;
  }

  function renderTable(s) {
    const t = s.table;
    show("mytable", !!t);
    if (!t) { tableNo = null; return; }
    if (tableNo !== null && t.number !== tableNo) notice("You moved to table " + t.number + ": your link below follows you");
    tableNo = t.number;
    const final = s.tables && s.tables.filter((x) => x.live).length === 1 && s.tables.length > 1;
    $("table-title").textContent = "Your table: Table " + t.number + (final ? " — final table" : "");
    $("table-link").replaceChildren(tableLink(t.number, "Go to your table", "table-link go-button"));
    const d = t.deal;
    const mine = d && d.legal.length > 0;
    let where;
    if (mine) {
      const secs = s.turns && s.you && s.turns[s.you.name] !== undefined ? " (" + Math.ceil(s.turns[s.you.name]) + " s)" : "";
      where = "Your turn at table " + t.number + secs;
    } else if (d) where = "A deal is in play at table " + t.number;
    else where = s.offer ? "Play stops while the deal is offered" : final ? "The next deal comes…" : "Waiting for the other tables…";
    $("table-where").textContent = where;
    $("table-where").classList.toggle("turn", !!mine);
    const who = d ? d.players : (t.seats || []).filter(Boolean);
    $("table-seats").textContent = who.map((p) => p.name + " " + fmt(p.stack)).join(" · ");
    const last = t.last;
    if (last) {
      const won = last.players.filter((p) => p.change > 0).map((p) => p.name + " +" + fmt(p.change));
      $("last").textContent = "Last deal: " + (won.join(", ") || "—") + (last.board.length ? " · board " + last.board.join(" ") : "");
    } else $("last").textContent = "";
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
        time_bank: +f.get("time_bank"), hud: f.get("hud") === "on",
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
    $("share").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(location.href); notice("Link copied: send it to the players"); }
      catch (e) { notice("Send this link: " + location.href); }
    });
  }

  wire();
  if (!key) { show("create", true); }
  else { show("share", true); poll(); }
})();
