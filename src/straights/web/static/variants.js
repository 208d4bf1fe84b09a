// Variant and dealer's-choice tables: the page's drawing of any game of the catalogue
// (straights.web.poker_game sends each client its own view; this draws it and sends
// intentions). Uses app.js's helpers (el, cardEl, send, renderSeats, ...).
"use strict";

function variantTitle(state) {
  const t = state.table, h = state.hand;
  const game = h.variant_name || t.game || (t.dealers_choice ? "" : t.games[0].name);
  const mode = t.dealers_choice ? "Dealer's choice" : "";
  const what = [mode, game].filter(Boolean).join(" · ");
  return `${t.name || "Table"} · ${what} · stakes ×${t.ante}`;
}

// What seat `i` shows of deal `h`'s player `p` (none: not dealt in): every card in
// order, up cards marked, the shown hand.
function dealtSeat(h, i, p) {
  return {
    dealer: h.button === i && h.hand_number > 0,
    turn: h.actor === i && !h.finished,
    won: p ? p.won : 0,
    folded: Boolean(p && p.folded),
    bet: p ? p.committed : 0,
    cards: p && !p.folded && p.cards.length ? p.cards : null,
    up: p ? p.up : [],
    shown: p ? p.shown : "",
    // A board run twice (or two boards): the view names the shown hand on each.
    shownRuns: p && p.shown_runs && p.shown_runs.length > 1 ? p.shown_runs : [],
    runWord: h.runs_dealt > 1 ? "Run" : "Board",
  };
}

// The seats as a variant's state shows them.
function variantSeats(state) {
  const h = state.hand;
  const players = new Map((h.players || []).map((p) => [p.seat, p]));
  return seatRows(state, (i, meta, status) => {
    const p = players.get(i);
    const bot = meta.bot ? (status ? `${meta.bot} bot · ${status}` : `${meta.bot} bot`) : status;
    return { status: bot, last: lastWords(state, i, p), ...dealtSeat(h, i, p) };
  });
}

// After app.js drew the seats: stud's up cards stand out, the shown hands are named.
function markSeats(seats) {
  for (const s of seats) {
    if (s.empty) continue;
    const d = document.querySelector(`.seat[data-seat="${s.seat}"]`);
    if (!d) continue;
    const mini = d.querySelector(".mini");
    if (mini && s.cards) {
      mini.replaceChildren();
      mini.classList.toggle("many", s.cards.length > 3);  // overlapped, to fit the seat
      s.cards.forEach((c, k) => {
        const card = cardEl(c, { small: true });
        if (s.up[k]) { card.classList.add("up"); card.title = "face up"; }
        mini.append(card);
      });
    }
    if (s.shownRuns && s.shownRuns.length) {
      s.shownRuns.forEach((name, k) => d.append(el("div", "shown run", `${s.runWord} ${k + 1}: ${name}`)));
    } else if (s.shown) { const said = el("div", "shown", s.shown); said.title = s.shown; d.append(said); }
  }
}

// The board: a position the server says is dealt face down (h.board_down: the key
// card) is a dashed slot until dealt, a back once dealt, and flips when turned.
function renderVariantBoard(h, animate = false) {
  const target = $("board");
  target.replaceChildren();
  const board = h.board || [];
  const down = new Set(h.board_down || []);
  board.forEach((code, k) => {
    const c = cardEl(code);
    if (code === null) { c.classList.add("key"); c.title = down.has(k) ? "the key card, face down" : "face down"; }
    else if (down.has(k)) {
      c.classList.add("key");
      c.title = "the key card, turned";
      const seen = `${h.hand_number}:${k}:${code}`;
      if (animate && app.lastKey !== seen) { c.classList.add("flip"); app.lastKey = seen; }
    }
    target.append(c);
  });
  for (let k = board.length; k < (h.board_total || 0); k++) {
    const slot = cardEl(null, { slot: true, key: down.has(k) });
    if (down.has(k)) slot.title = "the key card, not dealt yet";
    target.append(slot);
  }
  target.hidden = !h.board_total;
}

function renderVariantPot(h, state) {
  const pot = $("pot");
  pot.replaceChildren();
  if (!h.hand_number) {
    pot.textContent = state.seats.filter(Boolean).length < 2 ? "Waiting for players" : "Waiting for the deal";
    return;
  }
  if (h.finished && state.follow.carry_text) {  // nobody won: what stays in the middle
    pot.append(el("span", "carry", state.follow.carry_text));
    return;
  }
  pot.append(el("span", "game", h.variant_name));
  if (h.stakes) pot.append(el("span", "side stakes", h.stakes));  // the actual blinds and bets
  if (!h.finished) {
    pot.append(el("span", null, `Pot ${h.pot}`));
    if (h.carry) pot.append(el("span", "carry", `includes ${h.carry} carried over (rule 10)`));
    const doing = { draw: " · drawing", discard: " · discarding", expose: " · choosing cards to turn up", muck: " · show or muck" };
    pot.append(el("span", "side", `${h.street}${doing[h.phase] || ""}`));
    for (const [k, p] of (h.side_pots || []).entries()) {
      const who = p.eligible.map((s) => nameOf(state, s)).join(", ");
      const name = p.name || (k === 0 ? "Main pot" : "Side pot " + k);  // the engine's name
      pot.append(el("span", "side", `${name}: ${p.amount} (${who})`));
    }
  }
}

function renderVariantVerdict(h) {
  const v = $("verdict");
  v.replaceChildren();
  if (!h.finished || !h.hand_number) return;
  for (const line of h.results || []) v.append(el("div", "result", line));
}

// Dealer's choice between deals: the chooser picks, everyone else is told who chooses.
function renderChoice(state) {
  const box = $("choice");
  box.replaceChildren();
  const c = state.choice;
  const between = !state.hand.hand_number || state.hand.finished;
  if (!c || !between || state.ledger.closed) { box.hidden = true; return; }
  if (c.chosen) {
    box.append(el("div", null, `Next deal: ${c.chosen_name}`));
  } else if (c.seat === null) {
    box.hidden = true; return;
  } else if (c.seat === state.you.seat) {
    box.append(el("div", "ask", "You deal next: choose the game"));
    const row = el("div", "games");
    for (const g of c.games) {
      const b = el("button", g.code === c.default ? "primary" : "ghost", g.name);
      b.dataset.game = g.code;
      b.onclick = () => { for (const x of row.querySelectorAll("button")) x.disabled = true; send({ type: "choose", token: seatToken(), game: g.code }); };
      row.append(b);
    }
    box.append(row);
    // The choice is his to make now: bring it into view once (below a 768 px desktop's fold).
    const seen = `${state.table.id}:${state.hand.hand_number}`;
    if (app.choiceSeen !== seen) {
      app.choiceSeen = seen;
      requestAnimationFrame(() => box.scrollIntoView({ block: "nearest" }));
    }
  } else {
    const def = c.games.find((g) => g.code === c.default);
    box.append(el("div", null, `${nameOf(state, c.seat)} deals next and chooses the game (else ${def ? def.name : "the next"})`));
  }
  box.hidden = false;
}

// Your cards: tap to pick the cards of the engine's card decision (h.card_choice: the
// discards of a draw or of a discard street, the cards to turn up), within its number
// and its positions, then confirm; the betting actions with their amounts.
function renderVariantMe(state) {
  const h = state.hand;
  const mine = $("myhand");
  mine.replaceChildren();
  const hole = h.hole || [];
  const pick = h.card_choice;
  const picking = pick ? pick.action : null;
  const key = `${h.hand_number}:${h.street}:${picking}`;
  if (app.pickKey !== key) { app.pickKey = key; app.picked = new Set(); }
  hole.forEach((code, k) => {
    const c = cardEl(code);
    if (h.hole_up[k]) { c.classList.add("up"); c.title = "face up"; }
    if (picking) {
      const can = pick.positions.includes(k);
      c.classList.add(can ? "pickable" : "fixed");
      if (app.picked.has(k)) c.classList.add("sel");
      c.setAttribute("role", "button");
      c.tabIndex = 0;
      c.onclick = () => {
        if (!can) return;
        if (app.picked.has(k)) app.picked.delete(k);
        else if (app.picked.size < pick.most) app.picked.add(k);
        else { toast(pick.replaced ? `you may throw at most ${pick.most}` : pick.words); return; }
        renderVariantMe(state);
      };
    }
    mine.append(c);
  });
  $("best").hidden = !h.best;  // Straights: the best straight the viewer can see
  $("best").textContent = h.best ? `your best: ${h.best}` : "";
  const actions = $("actions");
  actions.replaceChildren();
  if (picking) {
    const n = app.picked.size;
    const cards = [...app.picked].sort((a, b) => a - b).map((k) => hole[k]);
    const label = picking === "expose" ? "Turn up" : pick.replaced ? (n ? `Draw ${n}` : "Stand pat") : `Discard ${n}`;
    const b = el("button", "primary", label);
    b.dataset.action = pick.action;
    b.disabled = n < pick.least || n > pick.most;
    b.onclick = () => {
      b.disabled = true;
      send({ type: "act", token: seatToken(), action: b.dataset.action, cards, hand: h.hand_number });
    };
    const s = pick.most > 1 ? "s" : "";
    const hint = picking === "expose" ? `Tap ${pick.most} face-down card${s} to turn up`
      : pick.replaced ? `Tap up to ${pick.most} cards to throw` : `Tap ${pick.most} card${s} to discard`;
    actions.append(el("div", "hint", hint), b);
  }
  if (h.show_or_muck) renderShowOrMuck(state, actions);
  for (const a of h.legal || []) {
    const ranged = a.high > a.low;
    const cls = a.kind === "fold" ? "fold" : ["check", "call", "bring-in"].includes(a.kind) ? "primary" : "";
    const b = el("button", cls, actionLabel(a));
    b.dataset.action = a.kind;
    let amount = null;
    if (ranged) {
      const wrap = el("div", "amount");
      amount = document.createElement("input");
      amount.type = "number"; amount.min = a.low; amount.max = a.high; amount.value = a.low;
      amount.setAttribute("aria-label", `${a.kind} to`);
      const slider = document.createElement("input");
      slider.type = "range"; slider.min = a.low; slider.max = a.high; slider.value = a.low;
      slider.setAttribute("aria-label", `${a.kind} amount`);
      const word = a.kind.charAt(0).toUpperCase() + a.kind.slice(1);
      // The amount being chosen outlives a redraw of the same turn (another seat's update).
      const key = `${h.hand_number}:${h.street}:${a.kind}:${a.low}:${a.high}`;
      const sync = (v) => {
        amount.value = v; slider.value = v; b.textContent = `${word} to ${v}`;
        app.amountKey = key; app.amount = v;
      };
      slider.oninput = () => sync(slider.value);
      amount.oninput = () => sync(amount.value);
      sync(app.amountKey === key ? app.amount : a.low);
      wrap.append(slider, amount, b);
      // The server's quick amounts (½ pot … all-in), each within the engine's range.
      const quick = el("div", "shortcuts");
      for (const s of a.shortcuts || []) {
        const q = el("button", "ghost", s.label);
        q.type = "button"; q.dataset.to = String(s.to); q.title = `${word} to ${s.to}`;
        q.onclick = () => sync(s.to);
        quick.append(q);
      }
      actions.append(...(quick.childElementCount ? [quick] : []), wrap);
    } else {
      actions.append(b);
    }
    b.onclick = () => {
      for (const x of actions.querySelectorAll("button")) x.disabled = true;
      const msg = { type: "act", token: seatToken(), action: a.kind, hand: h.hand_number };
      if (["bet", "raise", "complete"].includes(a.kind)) msg.to = ranged ? Number(amount.value) : a.low;
      send(msg);
    };
  }
  const ctl = $("mycontrols");
  ctl.replaceChildren();
  if (state.you.seat !== null && !state.table.tournament) ctl.append(leaveButton(state));
}

// Asked at the showdown (a shown hand beats yours) or after winning uncontested: two
// buttons; the turn timer mucks.
function renderShowOrMuck(state, actions) {
  const h = state.hand;
  const alone = (h.players || []).filter((p) => !p.folded).length === 1;
  const ask = alone ? "You win uncontested: show your hand?" : "A shown hand beats yours: show it or muck it?";
  const box = el("div", "showmuck");
  box.id = "showmuck";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "show or muck");
  box.append(el("div", "ask", ask));
  for (const [action, label, cls] of [["show", "Show", "primary"], ["muck", "Muck", "ghost"]]) {
    const b = el("button", cls, label);
    b.dataset.action = action;
    b.onclick = () => {
      for (const x of box.querySelectorAll("button")) x.disabled = true;
      send({ type: "act", token: seatToken(), action, hand: h.hand_number });
    };
    box.append(b);
  }
  actions.append(box);
}

function renderVariant(state) {
  const seats = variantSeats(state);
  renderSeats(seats, state.table.seats, state.you.seat);
  markSeats(seats);
  renderVariantBoard(state.hand, true);
  renderVariantPot(state.hand, state);
  renderVariantVerdict(state.hand);
  renderChoice(state);
  renderVariantMe(state);
}

// The replayer of a variant table: the deal dealt again step by step (the server
// sends each step's words and the table after it, as this viewer may see it).
function drawVariantHistory(msg) {
  const step = app.histStep;
  const h = msg.frames[step];
  const players = new Map(h.players.map((p) => [p.seat, p]));
  const seats = Array.from({ length: msg.seats }, (_, i) => {
    const p = players.get(i);
    return p ? { seat: i, name: p.name, chips: p.stack, ...dealtSeat(h, i, p) } : { seat: i, empty: true };
  });
  renderSeats(seats, msg.seats, msg.you);
  markSeats(seats);
  renderVariantBoard(h);
  const pot = $("pot");
  pot.replaceChildren(el("span", "game", msg.game));
  if (!h.finished) pot.append(el("span", null, `Pot ${h.pot}`), el("span", "side", h.street));
  renderVariantVerdict(h);
  const end = step === msg.events.length - 1 && h.finished ? ` · End of deal ${msg.hand}` : "";
  $("hist-step").textContent = `Deal ${msg.hand} · step ${step + 1} of ${msg.events.length}: ${msg.events[step].text}${end}`;
  [...$("hist-events").children].forEach((li, i) => {
    li.className = i === step ? "now" : i > step ? "future" : "";
  });
  const now = $("hist-events").children[step];
  if (now) now.scrollIntoView({ block: "nearest" });
}

// -- the games of the catalogue (/api/games), for the new-table form and the host's panel
let catalogueAsked = null;
// The catalogue, fetched once (null when it could not be fetched; asked again later).
function catalogue() {
  if (!catalogueAsked) {
    catalogueAsked = fetch("/api/games").then((r) => r.json()).catch(() => { catalogueAsked = null; return null; });
  }
  return catalogueAsked;
}

// The "One game" options of a game select: one per game of the catalogue `data`.
function gameGroup(data) {
  const group = document.createElement("optgroup");
  group.label = "One game";
  for (const g of data.games) {
    const o = el("option", null, g.title);
    o.value = g.code;
    group.append(o);
  }
  return group;
}

// A checkbox per game of `data` in `list` (named `name`, if given), those of `on` ticked.
function gameBoxes(list, data, name, on) {
  for (const g of data.games) {
    const label = el("label", "dc-game");
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = g.code;
    if (name) box.name = name;
    box.checked = on.includes(g.code);
    label.append(box, document.createTextNode(" " + g.title));
    list.append(label);
  }
}

// -- the new-table form: the game, or dealer's choice and its list; the fields of one
// game (data-game) and those it has not (data-not-game) follow the game chosen
async function setupGamePicker() {
  const pick = $("game-pick");
  if (!pick) return;
  // The heading and the lead name the game chosen (Straights' own words are the page's).
  const about = $("home-about"), straightsAbout = about.cloneNode(true).childNodes;
  const words = {
    dc: ["poker", "Dealer's choice: whoever holds the button picks each deal's game from the list below."],
    "pai-gow": ["Pai Gow poker", "Each player sets a five-card and a two-card hand against the bank's."],
  };
  const sync = () => {
    const v = pick.value;
    $("dc-games").hidden = v !== "dc";
    for (const c of document.querySelectorAll("#create .classic")) c.hidden = v !== "";
    for (const f of document.querySelectorAll("#create [data-game]")) f.hidden = f.dataset.game !== v;
    for (const f of document.querySelectorAll("#create [data-not-game]")) f.hidden = f.dataset.notGame === v;
    const w = words[v];
    $("home-game").textContent = w ? w[0] : "Straights";
    if (w) about.textContent = w[1];
    else about.replaceChildren(...Array.from(straightsAbout, (n) => n.cloneNode(true)));
  };
  pick.addEventListener("change", sync);
  sync();
  const data = await catalogue();
  if (!data) return;
  pick.append(gameGroup(data));
  gameBoxes($("dc-list"), data, "dc_game", data.default);
  for (const g of data.games) words[g.code] = [g.title, g.about.endsWith(".") ? g.about : g.about + "."];
}

// The create form's fields of the game chosen (app.js sends the body): a Pai Gow
// table's bets, not the poker fields; a variant table's games.
function gameSettings(body, form) {
  const v = form.get("game");
  for (const k of ["min_bet", "max_bet", "bet"]) delete body[k];
  if (!v) return {};
  if (v === "pai-gow") {
    delete body.pack; delete body.betting; delete body.ante;
    return { game: "pai-gow", min_bet: Number(form.get("min_bet")), max_bet: Number(form.get("max_bet")), bet: Number(form.get("bet")) };
  }
  if (v === "dc") return { dealers_choice: true, games: form.getAll("dc_game") };
  return { games: [v] };
}
