// The heads-up display (web/hud.py): each player's statistics beside his seat,
// VPIP / PFR / 3-bet / AF and his hands; a tap opens the full set. The host shows
// or hides it from his panel. Loaded after app.js and host.js, whose helpers it
// uses (el, $, app, hostMsg, seatToken, hostToken, toast, dialogHead,
// downloadWithToken); app.js calls hudRender(state) after drawing each state.
"use strict";

const hud = { seat: null };

// Fractions as whole percentages beside the seat, to one decimal in the full set.
function hudPct(x, digits = 0) { return x === null || x === undefined ? "–" : (100 * x).toFixed(digits); }
function hudNum(x) { return x === null || x === undefined ? "–" : x.toFixed(1); }

// The line beside a seat: "VPIP/PFR/3-bet/AF · hands".
function hudBrief(row) {
  return `${hudPct(row.vpip)}/${hudPct(row.pfr)}/${hudPct(row.three_bet)}/${hudNum(row.af)} · ${row.hands}`;
}

function hudRender(state) {
  hudSwitch(state);
  for (const old of document.querySelectorAll("#felt .seat .hud")) old.remove();
  const H = state.hud;
  if (!H || app.replaying) { hudClose(); return; }
  H.seats.forEach((row, seat) => {
    const d = row && document.querySelector(`#felt .seat[data-seat="${seat}"]`);
    if (!d) return;
    const b = el("button", "hud", hudBrief(row));
    b.dataset.seat = seat;
    b.title = "VPIP / PFR / 3-bet / AF · hands — tap for all";
    b.setAttribute("aria-label", `${row.player}'s statistics: VPIP ${hudPct(row.vpip)}, PFR ${hudPct(row.pfr)}, ` +
      `3-bet ${hudPct(row.three_bet)}, AF ${hudNum(row.af)}, ${row.hands} hands`);
    b.onclick = (e) => { e.stopPropagation(); hud.seat = seat; hudDraw(); };
    d.append(b);
  });
  if (hud.seat !== null) hudDraw();
}

// The host's switch, in the first row of his panel (host.js draws the panel).
function hudSwitch(state) {
  const row = document.querySelector("#host-panel .host-row");
  const old = $("host-hud");
  if (!row || !state.you.host) { if (old) old.remove(); return; }
  const b = old || el("button", "ghost");
  b.id = "host-hud";
  b.textContent = state.hud ? "Hide statistics" : "Show statistics";
  b.title = "Each player's VPIP, PFR, 3-bet and AF beside his seat, from the deals played here";
  b.onclick = () => hostMsg({ type: "hud", on: !app.state.hud });
  if (!old) row.append(b);
}

function hudDialog() {
  let dlg = $("hud-full");
  if (!dlg) {
    dlg = document.createElement("dialog");
    dlg.id = "hud-full";
    dlg.className = "ledger hud-full";
    dlg.addEventListener("close", () => { hud.seat = null; });
    document.body.append(dlg);
  }
  return dlg;
}

function hudClose() {
  const dlg = $("hud-full");
  if (dlg && dlg.open) dlg.close();
  hud.seat = null;
}

// The full set of one seat's player (the names and definitions of docs/study.md).
function hudDraw() {
  const H = app.state && app.state.hud;
  const row = H && H.seats[hud.seat];
  if (!row) { hudClose(); return; }
  const dlg = hudDialog();
  dialogHead(dlg, row.player);
  const ci = row.bb_per_100_ci95;
  const lines = [
    ["hands", "Hands", String(row.hands)],
    ["vpip", "VPIP %", hudPct(row.vpip, 1)],
    ["pfr", "PFR %", hudPct(row.pfr, 1)],
    ["three_bet", "3-bet %", hudPct(row.three_bet, 1)],
    ["fold_to_three_bet", "Fold to 3-bet %", hudPct(row.fold_to_three_bet, 1)],
    ["af", "Aggression factor", hudNum(row.af)],
    ["afq", "Aggression frequency %", hudPct(row.afq, 1)],
    ["cbet", "C-bet %", hudPct(row.cbet, 1)],
    ["fold_to_cbet", "Fold to c-bet %", hudPct(row.fold_to_cbet, 1)],
    ["wtsd", "Went to showdown %", hudPct(row.wtsd, 1)],
    ["wsd", "Won at showdown %", hudPct(row.wsd, 1)],
    ["bb_per_100", "bb/100", hudNum(row.bb_per_100) + (ci ? ` (${hudNum(ci[0])} to ${hudNum(ci[1])})` : "")],
  ];
  const table = el("table", "ledger-table");
  for (const [key, label, value] of lines) {
    const tr = el("tr");
    tr.dataset.stat = key;
    tr.append(el("td", null, label), el("td", null, value));
    table.append(tr);
  }
  dlg.append(table);
  dlg.append(el("p", "hud-note", `From ${H.hands} deals at this table: public actions only, and cards only where they were shown.`));
  const token = seatToken() || hostToken();
  if (token) {
    const dl = el("button", "ghost", "Download hands (PHH)");
    dl.id = "hud-phh";
    dl.onclick = () => hudDownload(app.state.table.id, token);
    dlg.append(dl);
  }
  if (!dlg.open) dlg.showModal();
}

function hudDownload(id, token) {
  downloadWithToken(`/api/tables/${id}/hands.phhs`, `straights-${id}-hands.phhs`, token, "the hands could not be downloaded");
}
