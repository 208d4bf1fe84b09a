// Pai Gow poker at the web table: app.js draws a table whose game is "pai-gow" with
// paigowRender(state) (the entry this file adds to feltsByGame, at its end). The server sends each viewer only his own cards until the bank
// shows (straights.paigow.view); this file draws the deal and lets the player set his
// two hands by tapping cards. It uses app.js's helpers (el, cardEl, renderSeats, …).
"use strict";

const pg = { deal: 0, front: [] };  // the two-card hand being set, for deal pg.deal

// A Pai Gow card: the joker (the bug) says what it may be.
function pgCard(code, opts = {}) {
  const c = cardEl(code, opts);
  if (code === "Jk") {
    c.classList.add("joker");
    c.title = "the joker: an ace, or any card that completes a straight or a flush";
  }
  return c;
}

// A setting's two hands in small cards, into `box`: the two-card | the five-card.
function pgPair(box, setting) {
  for (const c of setting.front) box.append(pgCard(c, { small: true }));
  box.append(el("span", "pg-bar", "|"));
  for (const c of setting.back) box.append(pgCard(c, { small: true }));
  return box;
}

// A labelled row of cards, `opts.size` places in all (the rest empty slots); with
// `opts.tap` (the seven being set) each card is a button that moves it.
function pgHandRow(label, cards, opts = {}) {
  const row = el("div", "pg-row");
  row.append(el("span", "pg-label", label));
  const line = el("div", "pg-cards" + (opts.id ? " " + opts.id : ""));
  if (opts.id) line.id = opts.id;
  for (const c of cards) line.append(opts.tap ? pgTapCard(c, opts.tap) : pgCard(c, opts));
  for (let k = cards.length; k < (opts.size || 0); k++) line.append(cardEl(null, { slot: true, small: opts.small }));
  row.append(line);
  if (opts.words) row.append(el("span", "pg-words", opts.words));
  return row;
}

function pgSeats(state) {
  const d = state.hand.deal;
  return seatRows(state, (i, meta, status) => {
    const r = d && d.results[String(i + 1)];
    // The server says how a bot sets: by its estimate ("equity") or the house way.
    if (meta.bot) status = status ? `bot · ${status}` : `bot (${meta.sets_by})`;
    let last = "";
    if (d && meta.bet !== null) {
      if (r) last = r.words.split(": ").pop();  // the server's words: "a push (bet 20)"
      else last = d.waiting.includes(i + 1) ? "setting…" : "has set";
    } else if (meta.wager) {
      last = `bets ${meta.wager}`;
    }
    return {
      status, last, turn: Boolean(d && !d.finished && d.waiting.includes(i + 1)),
      won: r && r.net > 0 ? r.net : 0, bet: meta.bet || 0, cards: null,
    };
  });
}

function pgBank(state) {
  const d = state.hand.deal;
  const board = $("board");
  board.replaceChildren();
  const pot = $("pot");
  pot.replaceChildren();
  if (!d) {
    pot.textContent = state.seats.some((s) => s && !s.bot) ? "Waiting for the deal" : "Take a seat to play against the bank";
    return;
  }
  const bank = el("div", "pg-bank");
  bank.id = "pg-bank";
  if (d.bank) {
    bank.append(pgHandRow("Bank, two-card", d.bank.front, { small: true, words: d.bank.front_hand }));
    bank.append(pgHandRow("Bank, five-card", d.bank.back, { small: true, words: d.bank.back_hand }));
  } else {
    const down = pgHandRow("Bank", [null, null, null, null, null, null, null], { small: true });
    down.classList.add("pg-down");  // seven cards face down, fanned
    bank.append(down);
  }
  board.append(bank);
  const left = d.waiting.length;
  pot.append(el("span", null, d.finished ? "The bank sets the house way" : `The bank waits: ${left} to set`));
  const t = state.table;
  pot.append(el("span", "side", `Deal ${state.hand.hand_number} · bets ${t.min_bet}–${t.max_bet} · ${t.commission_percent}% commission on a win`));
}

function pgResults(state) {
  const v = $("verdict");
  v.replaceChildren();
  const d = state.hand.deal;
  if (!d || !d.finished) return;
  const table = el("div", "pg-results");
  table.id = "pg-results";
  for (const [key, r] of Object.entries(d.results)) {
    const seat = Number(key) - 1;
    const s = d.settings[key];
    const line = el("div", "pg-result " + (r.fouled ? "lose" : r.outcome));
    line.dataset.seat = seat;
    line.append(el("b", null, nameOf(state, seat)));
    if (s) {
      const hands = el("span", "pg-mini");
      line.append(pgPair(hands, s));
      const how = s.how === "player" ? "" : ` (${s.how})`;
      line.append(el("span", "pg-words", `two-card ${s.front_hand}, five-card ${s.back_hand}${how}`));
    }
    line.append(el("span", "pg-outcome " + r.outcome, r.words));
    table.append(line);
  }
  const house = d.house;
  table.append(el("div", "pg-house", `The house ${house >= 0 ? "wins" : "loses"} ${Math.abs(house)} this deal.`));
  v.append(table);
}

function pgMove(code, seven) {
  const i = pg.front.indexOf(code);
  if (i >= 0) pg.front.splice(i, 1);
  else {
    if (pg.front.length >= 2) pg.front.shift();
    pg.front.push(code);
  }
  pg.front = pg.front.filter((c) => seven.includes(c));
  pgMe(app.state);
}

function pgTapCard(code, seven) {
  const c = pgCard(code);
  c.classList.add("tap");
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  c.dataset.card = code;
  c.onclick = () => pgMove(code, seven);
  c.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pgMove(code, seven); } };
  return c;
}

function pgMe(state) {
  const h = state.hand, d = h.deal;
  const mine = $("myhand");
  // While the seven cards wait to be set, an update about other seats must not rebuild
  // them: a tap whose press and release straddle a rebuild would be lost.
  const toSet = d && d.cards && h.legal.includes("set");
  if (toSet && pg.deal !== h.hand_number) { pg.deal = h.hand_number; pg.front = []; }
  const drawn = toSet ? JSON.stringify([h.hand_number, d.cards, pg.front, h.house_way || null]) : "";
  if (drawn && mine.dataset.drawn === drawn && $("pg-setting")) { pgControls(state); return; }
  mine.dataset.drawn = drawn;
  mine.replaceChildren();
  const best = $("best");
  best.hidden = true;
  best.replaceChildren();
  const actions = $("actions");
  actions.replaceChildren();
  const me = state.you.seat;
  const key = me === null ? null : String(me + 1);
  if (toSet) {
    const seven = d.cards;
    const setting = el("div", "pg-setting");
    setting.id = "pg-setting";
    setting.append(pgHandRow("Two-card hand", pg.front, { id: "pg-front", tap: seven, size: 2 }));
    const back = seven.filter((c) => !pg.front.includes(c));
    const label = pg.front.length ? "Five-card hand" : "Tap two cards for the two-card hand";
    setting.append(pgHandRow(label, back, { id: "pg-back", tap: seven }));
    mine.append(setting);
    const way = h.house_way;
    if (way) {
      best.hidden = false;
      best.id = "best";
      best.append(el("span", "pg-label", `House way (${way.rule}): `));
      pgPair(best, way);
      best.append(el("span", "pg-words", `two-card ${way.front_hand}, five-card ${way.back_hand}`));
    }
    const set = el("button", "primary", "Set hands");
    set.id = "pg-set";
    set.disabled = pg.front.length !== 2;
    set.onclick = () => send({ type: "set_hands", token: seatToken(), front: pg.front, hand: h.hand_number });
    const hw = el("button", "", "House way");
    hw.id = "pg-houseway";
    hw.title = "Let the dealer set your hands the house way";
    hw.onclick = () => send({ type: "set_hands", token: seatToken(), house_way: true, hand: h.hand_number });
    actions.append(set, hw);
  } else if (d && key && d.settings[key]) {
    const s = d.settings[key];
    const mineSet = el("div", "pg-setting");
    mineSet.id = "pg-mine";
    mineSet.append(pgHandRow("Your two-card hand", s.front, { words: s.front_hand }));
    mineSet.append(pgHandRow("Your five-card hand", s.back, { words: s.back_hand }));
    const r = d.results[key];
    if (r) mineSet.append(el("div", "pg-outcome " + r.outcome, `You: ${r.words}`));
    else mineSet.append(el("div", "pg-words", "Set. Waiting for the others, then the bank."));
    mine.append(mineSet);
  }
  pgControls(state);
}

function pgControls(state) {
  const ctl = $("mycontrols");
  if (state.you.seat === null) { ctl.replaceChildren(); return; }
  const t = state.table;
  const wanted = String(state.you.wager ?? t.bet);
  const old = ctl.querySelector("#pg-wager");
  if (old && document.activeElement === old) return;  // keep what the player is typing
  ctl.replaceChildren();
  const form = el("form", "pg-wager");
  const input = document.createElement("input");
  input.id = "pg-wager";
  input.type = "number"; input.min = t.min_bet; input.max = t.max_bet; input.step = t.bet_unit || 1; input.value = wanted;
  input.setAttribute("aria-label", "your bet");
  const lab = el("label", "pg-wager-label", "Bet each deal ");
  lab.append(input);
  const save = el("button", "ghost", "Bet");
  save.type = "submit";
  form.append(lab, save);
  form.onsubmit = (ev) => {
    ev.preventDefault();
    send({ type: "wager", token: seatToken(), chips: Number(input.value) });
    input.blur();
  };
  ctl.append(form, leaveButton(state));
}

// The table's name and stakes, for the header and the line under it.
function paigowTitle(t) {
  return `${t.name || "Table"} · Pai Gow poker · bets ${t.min_bet}–${t.max_bet}`;
}

function paigowRender(state) {
  const t = state.table;
  document.body.classList.add("pai-gow");
  $("btn-history").hidden = true;
  renderSeats(pgSeats(state), t.seats, state.you.seat);
  pgBank(state);
  pgResults(state);
  pgMe(state);
  renderTimer(state);
  renderLog(state.hand, state.follow);
}

// app.js draws a Pai Gow table with these (its lookup by the table's game).
feltsByGame["pai-gow"] = { title: (state) => paigowTitle(state.table), draw: paigowRender };
