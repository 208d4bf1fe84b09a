// The rule books' house rules (issue 20): where Robert's Rules, the TDA and PokerKit
// disagree, the host chooses. The server says which rule each game uses and the rule
// book's reading of each (/api/games: games[].house, house_rules; a table's state:
// table.house_rules, table.house); this page offers only those, set to the table's.
//
// - the new-table form: a fieldset of the rules the chosen game(s) use; app.js asks
//   houseForm(body) for what differs from the rule book;
// - the host's panel (betting.js): houseHostFields(t) and houseHostValue(form, t).
"use strict";

const house = { rules: [], games: {}, wayBox: null };

// One rule as a form field: a check box, or the raise cap's choice ("" = the rule book).
function houseField(rule, value) {
  const l = el("label", "house-rule");
  l.dataset.house = rule.key;
  l.title = rule.about;
  if (rule.kind === "number") {
    const s = document.createElement("select");
    s.dataset.houseKey = rule.key;
    const options = [["", "Rule book: a bet and 3 raises (4 in two-round games)"]];
    for (let n = 1; n <= 10; n++) options.push([String(n), `${n} bet${n > 1 ? "s and raises" : ""}`]);
    for (const [v, text] of options) {
      const o = el("option", null, text);
      o.value = v;
      o.selected = v === (value === null || value === undefined ? "" : String(value));
      s.append(o);
    }
    l.append(document.createTextNode(rule.label + " "), s);
  } else {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.houseKey = rule.key;
    box.checked = Boolean(value);
    l.append(box, document.createTextNode(" " + rule.label));
  }
  return l;
}

// The rules set in `root` that differ from the rule book's reading, by key.
function houseChosen(root, rules) {
  const out = {};
  for (const rule of rules) {
    const input = root.querySelector(`[data-house-key="${rule.key}"]`);
    if (!input || input.closest("[hidden]")) continue;
    const value = rule.kind === "number" ? (input.value === "" ? null : Number(input.value)) : input.checked;
    if (value !== rule.default) out[rule.key] = value;
  }
  return out;
}

// -- the new-table form
function houseCodes() {
  const pick = $("game-pick");
  if (!pick || !pick.value || pick.value === "pai-gow") return [];
  if (pick.value === "dc") return [...document.querySelectorAll('#create [name="dc_game"]:checked')].map((b) => b.value);
  return [pick.value];
}

function houseSync() {
  const box = $("house-rules");
  if (!box) return;
  const used = new Set(houseCodes().flatMap((c) => house.games[c] || []));
  for (const l of box.querySelectorAll("[data-house]")) l.hidden = !used.has(l.dataset.house);
  box.hidden = used.size === 0;
}

async function houseHome() {
  const box = $("house-rules");
  if (!box) return;
  let data;
  try { data = await (await fetch("/api/games")).json(); } catch { return; }
  house.rules = data.house_rules || [];
  for (const g of data.games) house.games[g.code] = g.house || [];
  const list = $("house-list");
  list.replaceChildren(...house.rules.map((r) => houseField(r, r.default)));
  $("create").addEventListener("change", houseSync);
  houseSync();
}

// app.js: the new table's house rules (only what differs from the rule book).
function houseForm(body) {
  if (body.game !== "pai-gow") delete body.house_way;
  const box = $("house-rules");
  if (!box || box.hidden || !body.games) return;
  const chosen = houseChosen(box, house.rules);
  if (Object.keys(chosen).length) body.house = chosen;
}

// -- the host's panel (betting.js): the table's rules, as it plays them now
function houseHostFields(t) {
  const rules = t.house_rules || [];
  if (!rules.length) return [];
  const set = t.house || {};
  const box = el("fieldset", "house-rules host-house");
  box.append(el("legend", null, "House rules (from the next deal)"));
  const list = el("div", "house-list");
  list.append(...rules.map((r) => houseField(r, r.key in set ? set[r.key] : r.default)));
  box.append(list);
  return [box];
}

// Pai Gow: the bank's house way, in the host's panel (app.js calls it after hostRender).
function houseWayHost(state) {
  const panel = $("host-panel");
  const t = state.table;
  let box = house.wayBox;
  if (!panel || panel.hidden || !state.you.host || !t.house_way) { if (box) box.remove(); return; }
  if (box && box.dataset.way === t.house_way) {
    if (box.parentNode !== panel) panel.append(box);
    return;
  }
  if (box) box.remove();
  box = el("form", "host-row");
  box.id = "host-houseway";
  box.dataset.way = t.house_way;
  house.wayBox = box;
  const s = document.createElement("select");
  s.name = "house_way";
  for (const [v, text] of [["foxwoods", "Foxwoods (published)"], ["simple", "Simple (Foxwoods' without its exceptions)"]]) {
    const o = el("option", null, text);
    o.value = v;
    o.selected = t.house_way === v;
    s.append(o);
  }
  const apply = el("button", "primary", "Apply");
  apply.type = "submit";
  box.append(labelled("House way (the bank's)", s), apply);
  box.onsubmit = (ev) => {
    ev.preventDefault();
    if (s.value !== t.house_way) hostMsg({ type: "change", house_way: s.value });
  };
  panel.append(box);
}

// A change of the house rules in words (the host's "At the next deal" line).
function houseWords(set, t) {
  const label = Object.fromEntries((t.house_rules || []).map((r) => [r.key, r.label.toLowerCase()]));
  const parts = Object.entries(set || {}).filter(([, v]) => v !== null)
    .map(([k, v]) => `${label[k] || k} ${typeof v === "boolean" ? (v ? "on" : "off") : v}`);
  return parts.length ? `house rules: ${parts.join(", ")}` : "the rule book's house rules";
}

function houseHostValue(form, t) {
  return houseChosen(form, t.house_rules || []);
}

document.addEventListener("DOMContentLoaded", () => { if (!$("home").hidden) houseHome(); });
