// The host's panel, the ledger and settle-up, and the out-of-chips offer.
// Loaded after app.js, whose helpers it uses (el, send, toast, seatToken,
// hostToken); app.js calls hostRender(state) after drawing each state.
"use strict";

// typed: what the host typed in the settings form and has not applied (kept when the
// panel is redrawn); pick: the player chosen in the panel's list.
const host = { built: false, state: null, ledgerOpen: false, typed: {}, pick: null };

// The host's messages carry the host token if this browser created the table,
// else the player token (the role may have been handed to him).
function hostMsg(msg) { send({ ...msg, token: hostToken() || seatToken() }); }

function buildHost() {
  if (host.built) return;
  host.built = true;
  const room = $("room");
  const you = el("div", "host-you");
  you.id = "you-banner";
  you.hidden = true;
  room.prepend(you);

  const panel = el("section", "host-panel");
  panel.id = "host-panel";
  panel.hidden = true;
  panel.setAttribute("aria-label", "host controls");
  room.append(panel);

  // Like the other header buttons: an icon, and a label that phones hide (app.css).
  const btn = el("button", "ghost");
  btn.append(el("span", "ico", "▤"), el("span", "lbl", "Ledger"));
  btn.firstChild.setAttribute("aria-hidden", "true");
  btn.setAttribute("aria-label", "Ledger");
  btn.title = "Ledger: buy-ins, stacks and the settle-up";
  btn.id = "btn-ledger";
  btn.onclick = () => openLedger();
  $("btn-share").before(btn);

  const dlg = document.createElement("dialog");
  dlg.id = "ledger";
  dlg.className = "ledger";
  document.body.append(dlg);
  dlg.addEventListener("close", () => { host.ledgerOpen = false; });
}

function hostRender(state) {
  buildHost();
  const first = host.state === null;
  const wasClosed = host.state && host.state.ledger.closed;
  host.state = state;
  renderYou(state);
  renderPanel(state);
  if (state.ledger.closed) {
    // Nobody sits at a closed table: no Sit or "+ Bot" buttons.
    for (const b of document.querySelectorAll("#seats .seat.empty button")) b.hidden = true;
    $("banner").hidden = true;
  }
  if (host.ledgerOpen) drawLedger(state);
  if (state.ledger.closed && (!wasClosed || first) && !host.ledgerOpen) openLedger();
}

// ------------------------------------------------------------------ the player
function renderYou(state) {
  const box = $("you-banner");
  box.replaceChildren();
  const L = state.ledger;
  const notes = [];
  if (L.closed) notes.push(el("span", null, "The host closed the table: every stack is cashed out. See the settle-up in the Ledger."));
  else if (L.paused) {
    const who = L.host_seat !== null && state.seats[L.host_seat] ? `The host (${state.seats[L.host_seat].name})` : "The host";
    notes.push(el("span", null, state.hand.finished || !state.hand.hand_number ? `${who} paused the game: no new deal starts until the game resumes.` : `${who} paused the game: this deal is the last until the game resumes.`));
  }
  if (state.you.seat !== null && state.you.broke && !L.closed) {
    notes.push(el("span", null, `You are out of chips. Rebuy for ${state.table.stack}, or leave the seat.`));
    const re = el("button", "primary", `Rebuy ${state.table.stack}`);
    re.id = "btn-rebuy";
    re.onclick = () => send({ type: "rebuy", token: seatToken() });
    const leave = el("button", "ghost", "Leave seat");
    leave.onclick = () => send({ type: "leave", token: seatToken() });
    notes.push(re, leave);
  } else if (state.you.seat !== null && state.you.pending) {
    notes.push(el("span", null, `Your buy-in of ${state.you.pending} waits for the host's approval.`));
  }
  box.append(...notes);
  box.hidden = notes.length === 0;
}

// ------------------------------------------------------------------ the host
function numberInput(name, value, min, max) {
  const i = document.createElement("input");
  i.type = "number"; i.name = name; i.min = min; i.max = max; i.value = value;
  return i;
}

function labelled(text, input) {
  const l = el("label", null, text + " ");
  l.append(input);
  return l;
}

// The host's choice of games: one game, or dealer's choice of those ticked (the
// catalogue as the new-table form lists it, variants.js). `box`: the control; `now`:
// the codes the table deals next (a change waiting included); `asked()`: the codes
// chosen (null while the catalogue loads). What the host chose and has not applied
// survives the redraw at a deal's end (host.typed.games).
function gameControl(t, L) {
  const box = el("div", "host-games");
  box.id = "host-games";
  const now = (L.queued && L.queued.games) || t.games.map((g) => g.code);
  let asked = () => null;
  const fill = (data) => {
    const pick = document.createElement("select");
    pick.id = "host-game";
    const dc = el("option", null, "Dealer's choice");
    dc.value = "dc";
    pick.append(dc, gameGroup(data));
    const list = el("div", "dc-list host-dc");
    list.id = "host-dc";
    const typed = host.typed.games;
    gameBoxes(list, data, "", typed ? typed.codes : now);
    pick.value = typed ? typed.pick : now.length > 1 ? "dc" : now[0];
    const ticked = () => [...list.querySelectorAll("input:checked")].map((b) => b.value);
    const sync = () => { list.hidden = pick.value !== "dc"; };
    const keep = () => { sync(); host.typed.games = { pick: pick.value, codes: ticked() }; };
    pick.addEventListener("change", keep);
    list.addEventListener("change", keep);
    sync();
    box.append(labelled("Games", pick), list);
    asked = () => (pick.value === "dc" ? ticked() : [pick.value]);
  };
  if (host.games) fill(host.games);
  else catalogue().then((data) => { if (data) { host.games = data; if (box.isConnected) fill(data); } });
  return { box, now, asked: () => asked() };
}

// Games (names or codes) as the host's panel names them.
function gameTitles(codes) {
  const titles = Object.fromEntries(((host.games && host.games.games) || []).flatMap((g) => [[g.code, g.title], [g.name, g.title]]));
  return codes.map((c) => titles[c] || c).join(", ");
}

function renderPanel(state) {
  const panel = $("host-panel");
  const L = state.ledger;
  if (!state.you.host || L.closed) { panel.hidden = true; panel.replaceChildren(); return; }
  // Keep what the host is typing: rebuild only when something he sees changed.
  const key = JSON.stringify([state.table, L.paused, L.queued, L.requests, L.rows.map((r) => [r.player, r.seat, r.pending, r.name]), state.hand.finished, state.hand.hand_number, L.host_seat, state.you.removed]);
  if (panel.dataset.key === key && !panel.hidden) return;
  panel.dataset.key = key;
  panel.hidden = false;
  panel.replaceChildren(el("h2", null, "Host"));
  const between = !state.hand.hand_number || state.hand.finished;

  const row1 = el("div", "host-row");
  const pause = el("button", L.paused ? "primary" : "ghost", L.paused ? "Resume" : "Pause");
  pause.id = "host-pause";
  pause.onclick = () => hostMsg({ type: "pause", on: !L.paused });
  const close = el("button", "danger", "Close table");
  close.id = "host-close";
  close.disabled = !between;
  close.title = between ? "Cash everyone out and show the settle-up" : "Between deals only";
  close.onclick = () => { if (confirm("Close the table? Everyone is cashed out and the game ends.")) hostMsg({ type: "close" }); };
  row1.append(pause, close);
  panel.append(row1);

  const t = state.table;
  const form = el("form", "host-row");
  form.id = "host-settings";
  const betting = document.createElement("select");
  betting.name = "betting";
  for (const [v, text] of [["limit", "Limit"], ["no-limit", "No Limit"]]) {
    const o = el("option", null, text); o.value = v; o.selected = t.betting === v; betting.append(o);
  }
  const botDelay = numberInput("bot_seconds", t.bot_seconds ?? 1, 0, 10);
  botDelay.step = "0.1";
  const oneStructure = !(t.games && t.games.length);  // a variant table: each game has its own
  form.append(
    labelled(oneStructure ? "Ante" : "Stakes unit", numberInput("ante", t.ante, 1, 1000)),
    ...(oneStructure ? [labelled("Structure", betting)] : []),
    labelled("Timer (s)", numberInput("turn_seconds", t.turn_seconds, 0, 600)),
    labelled("Auto buy-in limit", numberInput("auto_limit", t.auto_limit, 0, 1e9)),
    labelled("Bot delay (s)", botDelay),
    labelled("Away seat kept (min)", numberInput("away_minutes", t.away_minutes ?? 10, 1, 240)),
  );
  // Open table, or newcomers' seats wait for the host's approval.
  const approval = document.createElement("input");
  approval.type = "checkbox"; approval.name = "seat_approval"; approval.checked = Boolean(t.seat_approval);
  const approvalLabel = el("label", "check", "");
  approvalLabel.append(approval, document.createTextNode(" Seats need my approval"));
  form.append(approvalLabel);
  // The games, from the next deal (a table of the catalogue; not Pai Gow).
  const games = t.games && t.games.length ? gameControl(t, L) : null;
  if (games) form.append(games.box);
  // What the host typed and has not applied survives the redraw at a deal's end.
  for (const [name, value] of Object.entries(host.typed)) if (form.elements[name]) form.elements[name].value = value;
  form.addEventListener("input", (ev) => { if (ev.target.name) host.typed[ev.target.name] = ev.target.value; });
  form.addEventListener("change", (ev) => { if (ev.target.name) host.typed[ev.target.name] = ev.target.value; });
  const apply = el("button", "primary", between ? "Apply" : "Apply at next deal");
  apply.type = "submit";
  apply.title = between ? "" : "Stakes and timer change when this deal ends";
  form.append(apply);
  form.onsubmit = (ev) => {
    ev.preventDefault();
    const f = form.elements;
    const asked = { ante: Number(f.ante.value), betting: f.betting ? f.betting.value : undefined,
      turn_seconds: Number(f.turn_seconds.value), auto_limit: Number(f.auto_limit.value),
      bot_seconds: Number(f.bot_seconds.value), away_minutes: Number(f.away_minutes.value),
      seat_approval: f.seat_approval.checked };
    // Only what differs from the table now (a change waiting for the next deal included).
    const now = { ...t, bot_seconds: t.bot_seconds ?? 1, away_minutes: t.away_minutes ?? 10,
      seat_approval: Boolean(t.seat_approval), ...(L.queued || {}) };
    const msg = { type: "change" };
    for (const [k, v] of Object.entries(asked)) if (v !== undefined && v !== now[k]) msg[k] = v;
    const chosen = games && games.asked();
    if (chosen && chosen.join() !== games.now.join()) msg.games = chosen;
    if (Object.keys(msg).length > 1) hostMsg(msg);
    host.typed = {};
  };
  if (L.queued) {
    const words = { ante: oneStructure ? "ante" : "stakes unit", betting: "structure", turn_seconds: "timer (s)", auto_limit: "auto buy-in limit", bot_seconds: "bot delay (s)" };
    const said = (k, v) => (k === "games" ? `games ${gameTitles(v)}` : k === "house" && typeof houseWords === "function" ? houseWords(v, state.table) : `${words[k] || k} ${v}`);
    const what = Object.entries(L.queued).map(([k, v]) => said(k, v)).join(", ");
    const q = el("div", "host-row queued", `At the next deal: ${what}.`);
    q.id = "host-queued";
    form.append(q);
  }
  // The style of the bots "+ Bot" adds to an empty seat (any time, not only between deals).
  const style = document.createElement("select");
  style.id = "host-botkind";
  for (const [v, text] of BOT_KINDS) {
    if (v === "cfr" && !oneStructure) continue;  // the cfr bot plays only Straights' own table
    const o = el("option", null, text); o.value = v; o.selected = botKind() === v; style.append(o);
  }
  style.onchange = () => store.set("straights.botkind", style.value);
  const row2 = el("div", "host-row");
  row2.append(labelled("“+ Bot” adds", style));
  panel.append(form, row2);

  for (const r of L.requests || []) {
    const line = el("div", "host-row pending");
    line.append(el("span", null, `${r.name} asks to sit in seat ${r.seat + 1}`));
    const yes = el("button", "primary", "Admit");
    yes.dataset.seat = r.seat;
    yes.onclick = () => hostMsg({ type: "admit", seat: r.seat, accept: true });
    const no = el("button", "ghost", "Turn away");
    no.onclick = () => hostMsg({ type: "admit", seat: r.seat, accept: false });
    line.append(yes, no);
    panel.append(line);
  }
  for (const r of L.rows.filter((q) => q.pending)) {
    const line = el("div", "host-row pending");
    // A bot a guest added buys in only with the host's approval, like a person.
    const who = r.bot ? `${r.name} (a bot a player added)` : r.name;
    line.append(el("span", null, `${who} asks to buy in for ${r.pending}`));
    const yes = el("button", "primary", "Approve");
    yes.dataset.player = r.player;
    yes.onclick = () => hostMsg({ type: "answer", player: r.player, accept: true });
    const no = el("button", "ghost", "Refuse");
    no.onclick = () => hostMsg({ type: "answer", player: r.player, accept: false });
    line.append(yes, no);
    panel.append(line);
  }

  const people = L.rows.filter((r) => r.seat !== null);
  if (people.length) {
    const line = el("div", "host-row");
    const pick = document.createElement("select");
    pick.id = "host-seat";
    pick.setAttribute("aria-label", "player");
    for (const r of people) {
      const o = el("option", null, `Seat ${r.seat + 1}: ${r.name}${r.seat === L.host_seat ? " (host)" : ""}`);
      o.value = r.seat;
      o.dataset.bot = r.bot ? "1" : "";
      pick.append(o);
    }
    const remove = el("button", "ghost", "Remove");
    remove.id = "host-remove";
    remove.onclick = () => {
      const o = pick.selectedOptions[0];
      if (o && confirm(`Remove ${o.textContent}? He forfeits the deal on and is cashed out.`)) hostMsg({ type: "remove", seat: Number(pick.value) });
    };
    const make = el("button", "ghost", "Make host");
    make.id = "host-make";
    make.onclick = () => {
      const o = pick.selectedOptions[0];
      if (o && confirm(`Hand the host role to ${o.textContent}? You lose the host controls.`)) hostMsg({ type: "make_host", seat: Number(pick.value) });
    };
    // Mute or unmute the chosen person's chat (the list of the muted comes with chat lines).
    const mute = el("button", "ghost", "Mute");
    mute.id = "host-mute";
    mute.onclick = () => {
      const seat = Number(pick.value);
      const isMuted = (app.mutedSeats || []).includes(seat);
      hostMsg({ type: "mute", seat, muted: !isMuted });
    };
    if (host.pick !== null && [...pick.options].some((o) => o.value === host.pick)) pick.value = host.pick;
    pick.onchange = () => { host.pick = pick.value; hostMuted(); };
    line.append(pick, remove, make, mute);
    panel.append(line);
    hostMuted();
    // Set the chosen player's stack (between deals; the ledger notes the difference).
    const adjust = el("form", "host-row");
    adjust.id = "host-adjust";
    const chipsIn = numberInput("chips", "", 1, 1e9);
    chipsIn.placeholder = "chips";
    const set = el("button", "ghost", "Set stack");
    set.type = "submit";
    set.disabled = !between;
    set.title = between ? "The difference is a buy-in or a cash-out of the ledger" : "Between deals only";
    adjust.append(labelled("Stack", chipsIn), set);
    adjust.onsubmit = (ev) => {
      ev.preventDefault();
      const o = pick.selectedOptions[0];
      const n = Number(chipsIn.value);
      if (o && n >= 1 && confirm(`Set the stack of ${o.textContent} to ${n}? The ledger notes the difference.`)) hostMsg({ type: "adjust", seat: Number(pick.value), chips: n });
    };
    panel.append(adjust);
  }

  // Players the host removed stay out until he lets them back.
  for (const player of state.you.removed || []) {
    const r = L.rows.find((q) => q.player === player);
    const line = el("div", "host-row removed");
    line.append(el("span", null, `${r ? r.name : `Player ${player}`} was removed and stays out until you let them back`));
    const back = el("button", "ghost", "Let back");
    back.dataset.player = player;
    back.className = "ghost let-back";
    back.onclick = () => hostMsg({ type: "let_back", player });
    line.append(back);
    panel.append(line);
  }
}

// The panel's mute button says what it would do to the chosen person (bots: nothing).
function hostMuted() {
  const b = $("host-mute"), pick = $("host-seat");
  if (!b || !pick || !pick.selectedOptions[0]) return;
  const isBot = pick.selectedOptions[0].dataset.bot === "1";
  b.hidden = isBot;
  b.textContent = (app.mutedSeats || []).includes(Number(pick.value)) ? "Unmute" : "Mute";
}

// ------------------------------------------------------------------ the ledger
function openLedger() {
  if (!host.state) return;
  host.ledgerOpen = true;
  drawLedger(host.state);
  const dlg = $("ledger");
  if (!dlg.open) dlg.showModal();
}

function cell(tag, text, cls) { return el(tag, cls, text); }

// Empties a dialog and heads it with `title` and a Close button (shared with hud.js).
function dialogHead(dlg, title) {
  dlg.replaceChildren();
  const head = el("div", "hist-head");
  head.append(el("strong", null, title));
  const closeBtn = el("button", "ghost", "Close");
  closeBtn.onclick = () => dlg.close();
  head.append(closeBtn);
  dlg.append(head);
}

function drawLedger(state) {
  const dlg = $("ledger");
  const L = state.ledger;
  dialogHead(dlg, L.closed ? "Final ledger" : "Ledger");

  const table = el("table", "ledger-table");
  const hr = el("tr");
  for (const h of ["Player", "Bought", "Cashed out", "Stack", "Net"]) hr.append(cell("th", h));
  table.append(hr);
  for (const r of L.rows) {
    const tr = el("tr");
    const who = r.name + (r.bot ? " (bot)" : "") + (r.seat === null ? "" : ` · seat ${r.seat + 1}`);
    tr.append(cell("td", who), cell("td", r.bought), cell("td", r.cashed), cell("td", r.stack),
      cell("td", (r.net > 0 ? "+" : "") + r.net, r.net > 0 ? "up" : r.net < 0 ? "down" : ""));
    if (r.pending) tr.append(cell("td", `asks ${r.pending}`, "pending"));
    table.append(tr);
  }
  dlg.append(table);

  dlg.append(el("h3", null, L.closed ? "Settle-up" : "Settle-up if the game ended now"));
  const list = el("ul", "settle");
  list.id = "settle";
  if (L.transfers === null) {
    list.append(el("li", null, L.in_middle ? `${L.in_middle} chips are in the middle (a deal or a carried pot): the settle-up waits for them.` : "The settle-up waits for the end of the deal."));
  } else if (!L.transfers.length) {
    list.append(el("li", null, "Everyone is square."));
  } else {
    for (const t of L.transfers) list.append(el("li", null, `${t.from} pays ${t.to} ${t.amount}`));
  }
  dlg.append(list);

  // Fetched with the token in a header (never in the address), saved from a blob.
  const token = seatToken() || hostToken();
  if (token) {
    const dl = el("button", "primary", "Download CSV");
    dl.id = "ledger-csv";
    dl.onclick = () => downloadLedger(state.table.id, token);
    dlg.append(dl);
  }
}

function downloadLedger(id, token) {
  downloadWithToken(`/api/tables/${id}/ledger.csv`, `straights-${id}-ledger.csv`, token, "the ledger could not be downloaded");
}

// A download that needs a token: fetched with it in a header (never in the address),
// saved from a blob as `name`; a refusal or a lost server is one toast. Shared with
// hud.js and betting.js.
async function downloadWithToken(url, name, token, failed = "could not download") {
  try {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) { const data = await res.json().catch(() => ({})); toast(data.message || failed); return; }
    const a = el("a");
    a.href = URL.createObjectURL(await res.blob());
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  } catch {
    toast("the server is not reachable");
  }
}
