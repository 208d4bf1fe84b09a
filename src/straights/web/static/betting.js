// The betting people expect at a poker table of the catalogue (loaded after variants.js
// and host.js; app.js calls bettingRender(state) after drawing each state):
// - how many times to run the board, asked of each all-in player (the turn timer
//   answers "once");
// - pre-action buttons for the player not yet to act, which act when his turn comes:
//   "Check/fold" and "Call any" (this betting round), "Fold to any bet" (this deal),
//   and "Check" or "Call N", which clears when the bet changes;
// - the deal's straddle and bomb pot on the felt;
// - each player's standing choice at the showdown: muck a beaten hand, or be asked to
//   show or muck (the question drawn by variants.js); else every hand is shown;
// - the host's settings for straddles, runs, bomb pots and each player's time bank.
// Bet shortcuts are drawn by variants.js beside the amount (the server's amounts).
"use strict";

const betting = { pre: null, sent: null, hostBox: null };

function bettingRender(state) {
  const h = state.hand;
  renderRuns(state);
  preActions(state);
  renderBadges(state);
  renderMuck(state);
  bettingHost(state);
  if (h.finished) betting.pre = null;
}

// -- run it twice: the player to say is offered 1 … most runs.
function renderRuns(state) {
  const h = state.hand;
  if (!h.runs || !h.runs.length) return;
  const box = el("div", "runs");
  box.id = "runs";
  box.append(el("div", "ask", "Everyone is all in: run the rest of the board how many times? (It runs more than once only if every player agrees.)"));
  const words = ["", "Once", "Twice", "Three times"];
  for (const k of h.runs) {
    const b = el("button", k === 1 ? "ghost" : "primary", words[k] || `${k} times`);
    b.dataset.runs = String(k);
    b.onclick = () => {
      for (const x of box.querySelectorAll("button")) x.disabled = true;
      send({ type: "act", token: seatToken(), action: "runs", to: k, hand: h.hand_number });
    };
    box.append(b);
  }
  $("actions").append(box);
}

// -- pre-actions
const PRE = {
  checkfold: (kinds) => (kinds.includes("check") ? "check" : "fold"),
  callany: (kinds) => (kinds.includes("call") ? "call" : kinds.includes("check") ? "check" : null),
  foldany: (kinds) => (kinds.includes("check") ? "check" : "fold"),
  exact: (kinds) => (kinds.includes("check") ? "check" : kinds.includes("call") ? "call" : null),
};

function preActions(state) {
  const h = state.hand;
  const me = (h.players || []).find((p) => p.seat === state.you.seat);
  const playing = me && !me.folded && !h.finished && h.phase === "betting" && h.hand_number;
  const round = `${h.hand_number}:${h.street}`;
  let pre = betting.pre;
  if (pre && (pre.hand !== h.hand_number || (pre.kind !== "foldany" && pre.round !== round))) pre = null;
  if (pre && pre.kind === "exact" && pre.facing !== h.facing) pre = null;  // the bet changed
  betting.pre = pre;
  const kinds = (h.legal || []).map((a) => a.kind);
  if (!playing || state.you.sat_out) return;  // sat out: folded at his turn, nothing to choose
  if (kinds.length) {
    if (!pre) return;
    const action = PRE[pre.kind](kinds);
    if (pre.kind !== "foldany" || action === "fold") betting.pre = null;
    if (!action || betting.sent === `${round}:${h.pot}:${h.facing}`) return;
    betting.sent = `${round}:${h.pot}:${h.facing}`;
    for (const x of $("actions").querySelectorAll("button")) x.disabled = true;
    send({ type: "act", token: seatToken(), action, hand: h.hand_number });
    return;
  }
  if (h.actor === null || (me.stack === 0)) return;
  const box = el("div", "preactions");
  box.id = "preactions";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "act in advance");
  const choices = [
    ["checkfold", "Check/fold"],
    ["exact", h.facing ? `Call ${h.facing}` : "Check"],
    ["callany", "Call any"],
    ["foldany", "Fold to any bet"],
  ];
  for (const [kind, label] of choices) {
    const b = el("button", pre && pre.kind === kind ? "pre on" : "pre", label);
    b.type = "button";
    b.dataset.pre = kind;
    b.setAttribute("aria-pressed", String(Boolean(pre && pre.kind === kind)));
    b.onclick = () => {
      betting.pre = pre && pre.kind === kind ? null : { kind, hand: h.hand_number, round, facing: h.facing };
      preActions(app.state);
    };
    box.append(b);
  }
  const old = $("preactions");
  if (old) old.replaceWith(box); else $("actions").append(box);
}

// -- at the showdown: show every hand, or muck one a hand shown before beats
function renderMuck(state) {
  if (state.you.seat === null || !("muck" in state.you)) return;  // a game with the choice only
  const on = Boolean(state.you.muck);
  const b = el("button", on ? "ghost on" : "ghost", on ? "Muck losing hands: on" : "Muck losing hands: off");
  b.id = "btn-muck";
  b.setAttribute("aria-pressed", String(on));
  b.title = "At a showdown, muck your hand when a hand shown before yours beats it (all-in hands are always shown). Applies from your next deal.";
  b.onclick = () => send({ type: "muck", token: seatToken(), on: !on });
  $("mycontrols").append(b);
  const ask = Boolean(state.you.ask_muck);
  const a = el("button", ask ? "ghost on" : "ghost", ask ? "Ask me to show: on" : "Ask me to show: off");
  a.id = "btn-ask";
  a.setAttribute("aria-pressed", String(ask));
  a.title = "On: when a hand shown before yours beats it, you choose to show or muck (unless you muck losing hands), and after winning uncontested you may show. Applies from your next deal.";
  a.onclick = () => send({ type: "muck", token: seatToken(), on: !ask, ask: true });
  $("mycontrols").append(a);
}

// -- what is special about this deal, on the felt
function renderBadges(state) {
  const h = state.hand;
  if (!h.hand_number) return;
  const words = [];
  if (h.bomb_pot) words.push(h.second_board && h.second_board.length ? "Bomb pot · two boards" : "Bomb pot");
  if (h.straddle !== null && h.straddle !== undefined) words.push(`${nameOf(state, h.straddle)} straddles`);
  if (h.runs_dealt > 1) words.push(`Running it ${h.runs_dealt === 2 ? "twice" : h.runs_dealt + " times"}`);
  if (!h.finished) for (const w of words) $("pot").append(el("span", "badge", w));
  // The second board, and the boards of runs 2, 3 …, stay on the felt at the showdown.
  const more = [];
  if (h.second_board && h.second_board.some(Boolean)) more.push(["second board", "", h.second_board]);
  (h.run_boards || []).forEach((b, k) => more.push([`run ${k + 2}`, `Run ${k + 2}`, b]));
  for (const [label, title, cards] of more) {
    const board = el("div", "board second");
    board.setAttribute("aria-label", label);
    if (title) board.append(el("span", "run-label", title));
    for (const c of cards) if (c) board.append(cardEl(c, { small: true }));
    $("pot").append(board);
  }
}

// The table's hands, with the host's token (host.js: downloadWithToken).
function saveHands(ending) {
  downloadWithToken(`/api/tables/${encodeURIComponent(app.tableId)}/hands.${ending}`,
    `straights-${app.tableId}-hands.${ending}`, hostToken() || seatToken());
}

// -- the host's betting settings (between deals), below his panel
function bettingHost(state) {
  const panel = $("host-panel");
  let box = betting.hostBox;
  const t = state.table;
  if (!panel || panel.hidden || !state.you.host) { if (box) box.remove(); return; }
  const between = !state.hand.hand_number || state.hand.finished;
  const poker = "straddle" in t;
  // Rebuilt only when the settings change: what the host is typing outlives a deal's
  // end, and host.js redrawing its panel (the same form is put back).
  const key = JSON.stringify([t.straddle, t.runs, t.bomb_pot_every, t.bomb_pot_ante, t.double_board, t.time_bank || 0, t.house]);
  if (box && box.dataset.key === key) {
    if (box.parentNode !== panel) panel.append(box);
    box.querySelector("button[type=submit]").textContent = between ? "Apply betting" : "Apply at next deal";
    return;
  }
  if (box) box.remove();
  box = el("form", "host-row");
  betting.hostBox = box;
  box.id = "host-betting";
  box.dataset.key = key;
  const select = (name, options, value) => {
    const s = document.createElement("select");
    s.name = name;
    for (const [v, text] of options) { const o = el("option", null, text); o.value = v; o.selected = String(value) === v; s.append(o); }
    return s;
  };
  const fields = [labelled("Time bank (s)", numberInput("time_bank", t.time_bank || 0, 0, 600))];
  if (poker) {
    const dbl = document.createElement("input");
    dbl.type = "checkbox"; dbl.name = "double_board"; dbl.checked = Boolean(t.double_board);
    const doubleBoard = labelled("Double board", dbl);
    doubleBoard.classList.add("check");  // a box beside its words, not a field's height
    fields.unshift(
      labelled("Straddle", select("straddle", [["none", "None"], ["utg", "Under the gun"], ["button", "Button"]], t.straddle || "none")),
      labelled("Run it", select("runs", [["1", "Once only"], ["2", "Twice if all agree"], ["3", "Up to 3 times"]], t.runs)),
      labelled("Bomb pot every (deals, 0 = never)", numberInput("bomb_pot_every", t.bomb_pot_every, 0, 100)),
      labelled("Bomb pot ante (0 = 2 big blinds)", numberInput("bomb_pot_ante", t.bomb_pot_ante || 0, 0, 1e6)),
      doubleBoard,
    );
    if (typeof houseHostFields === "function") fields.push(...houseHostFields(t));  // house.js
  }
  // During a deal the change waits for the next (the server queues it: ledger.queued).
  const apply = el("button", "primary", between ? "Apply betting" : "Apply at next deal");
  apply.type = "submit";
  box.append(...fields, apply);
  // The table's hands so far, for the host: PHH, and the text trackers read.
  for (const [ending, label] of [["phhs", "Hands (PHH)"], ["txt", "Hands (PokerStars text)"]]) {
    const b = el("button", "ghost", label);
    b.type = "button";
    b.dataset.download = ending;
    b.onclick = () => saveHands(ending);
    box.append(b);
  }
  box.onsubmit = (ev) => {
    ev.preventDefault();
    const f = box.elements;
    const asked = { time_bank: Number(f.time_bank.value) };
    if (poker) {
      Object.assign(asked, { straddle: f.straddle.value, runs: Number(f.runs.value),
        bomb_pot_every: Number(f.bomb_pot_every.value), bomb_pot_ante: Number(f.bomb_pot_ante.value),
        double_board: f.double_board.checked });
      if (typeof houseHostValue === "function" && (t.house_rules || []).length) asked.house = houseHostValue(box, t);
    }
    // Only what differs from the table now, so that the chat tells what changed (a change
    // during a deal is listed for the next).
    const now = { straddle: t.straddle || "none", runs: t.runs, bomb_pot_every: t.bomb_pot_every,
      bomb_pot_ante: t.bomb_pot_ante || 0, double_board: Boolean(t.double_board), time_bank: t.time_bank || 0,
      house: t.house || {} };
    const msg = { type: "change" };
    for (const [k, v] of Object.entries(asked)) if (JSON.stringify(v) !== JSON.stringify(now[k])) msg[k] = v;
    if (Object.keys(msg).length > 1) hostMsg(msg);
  };
  panel.append(box);
}
