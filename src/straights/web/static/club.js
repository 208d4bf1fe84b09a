// The club's page: /c/new starts a club; /c/<key> shows its book (leaderboard, running
// balances, the settle-up between people, each evening's tables) with the downloads.
// The club's host token stays in this browser (localStorage) and goes only in an
// Authorization header: the host opens tables in the club and downloads the hands.
"use strict";

const $ = (id) => document.getElementById(id);
const keep = {
  get: (k) => { try { return localStorage.getItem(k); } catch { return null; } },
  set: (k, v) => { try { localStorage.setItem(k, v); } catch { /* private mode */ } },
};
const club = { key: decodeURIComponent(location.pathname.split("/")[2] || ""), book: null };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function toast(message) {
  const t = $("toast");
  t.textContent = message; t.className = "toast error"; t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4500);
}

function hostToken() { return keep.get("straights.club." + club.key); }
function signed(n) { return n > 0 ? `+${n}` : String(n); }

function startForm() {
  const form = $("club-new");
  form.hidden = false;
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    $("club-error").textContent = "";
    try {
      const res = await fetch("/api/clubs", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: form.elements.name.value }) });
      const data = await res.json();
      if (!res.ok) { $("club-error").textContent = data.message || "could not start the club"; return; }
      keep.set("straights.club." + data.club, data.host_token);
      location.href = data.url;
    } catch { $("club-error").textContent = "the server is not reachable"; }
  };
}

async function load() {
  try {
    const res = await fetch(`/api/clubs/${encodeURIComponent(club.key)}`);
    const data = await res.json();
    if (!res.ok) { toast(data.message || "no such club"); return; }
    club.book = data;
    draw(data);
  } catch { toast("the server is not reachable"); }
}

function transfersList(list, transfers) {
  list.replaceChildren();
  if (transfers === null) { list.append(el("li", null, "A deal is being played: the settle-up waits for its end.")); return; }
  if (!transfers.length) { list.append(el("li", null, "Everyone is square.")); return; }
  for (const t of transfers) list.append(el("li", null, `${t.from} pays ${t.to} ${t.amount}`));
}

// A download that needs the host's token: fetched with the header, saved from a blob.
async function download(url, name) {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${hostToken()}` } });
  if (!res.ok) { const data = await res.json().catch(() => ({})); toast(data.message || "could not download"); return; }
  const blob = await res.blob();
  const a = el("a");
  a.href = URL.createObjectURL(blob); a.download = name;
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  club.downloaded = (club.downloaded || 0) + 1;
}

function draw(book) {
  $("club-book").hidden = false;
  document.title = `Straights — ${book.name}`;
  $("clubname").textContent = book.name;
  $("club-title").textContent = book.name;
  $("club-share").textContent = `Share this page with the club: ${location.origin}/c/${book.club}`;
  const csv = $("club-csv");
  csv.hidden = false;
  csv.href = `/api/clubs/${encodeURIComponent(book.club)}/ledger.csv`;
  const host = Boolean(hostToken());
  const add = $("club-new-table");
  add.hidden = !host;
  add.href = `/?club=${encodeURIComponent(book.club)}`;
  const body = $("club-board").tBodies[0];
  body.replaceChildren();
  for (const r of book.leaderboard) {
    const tr = el("tr");
    tr.append(el("td", null, r.rank), el("td", null, r.name),
      el("td", r.balance > 0 ? "up" : r.balance < 0 ? "down" : "", signed(r.balance)), el("td", null, r.nights));
    body.append(tr);
  }
  $("club-house").textContent = book.house ? `The house (its bots) ${book.house > 0 ? "is up" : "is down"} ${Math.abs(book.house)}: it settles that with the players.` : "";
  transfersList($("club-settle"), book.transfers);
  const nights = $("club-nights");
  nights.replaceChildren();
  if (!book.nights.length) nights.append(el("p", "muted", host ? "No table yet: open one with “New table tonight”." : "No table yet."));
  for (const n of [...book.nights].reverse()) {
    const box = el("section", "night");
    box.dataset.night = n.night;
    box.append(el("h3", null, n.night));
    const links = el("div", "links");
    for (const t of n.tables) {
      const a = el("a", null, `${t.name}${t.game ? " · " + t.game : ""} · ${t.hands} deals${t.closed ? " · closed" : ""}`);
      a.href = `/t/${encodeURIComponent(t.key)}`;
      links.append(a);
    }
    box.append(links);
    box.append(el("div", "muted", n.nets.map((x) => `${x.name} ${signed(x.net)}`).join(" · ") || "nobody played"));
    const settle = el("ul", "settle");
    transfersList(settle, n.transfers);
    box.append(settle);
    if (host) {
      const row = el("div", "downloads");
      for (const [ending, label] of [["phhs", "Hands (PHH)"], ["txt", "Hands (PokerStars text)"]]) {
        const b = el("button", "ghost", label);
        b.dataset.download = ending;
        b.onclick = () => download(`/api/clubs/${encodeURIComponent(book.club)}/hands/${n.night}.${ending}`,
          `straights-${book.club}-${n.night}.${ending}`);
        row.append(b);
      }
      box.append(row);
    }
    nights.append(box);
  }
}

if (club.key === "new") startForm();
else { load(); setInterval(load, 10_000); }
