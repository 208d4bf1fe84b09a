"""Clubs on the server: creating one, tables created inside it, its book, and the
downloads (the ledger as CSV, an evening's hand history as PHH or PokerStars text).

A club is a row of the store (:meth:`~straights.store.Store.create_club`) with a
public key (its page is ``/c/<key>``) and a host token, shown once to its creator.
Anyone with the club's link reads its book (as anyone at a table reads its ledger);
creating tables in it and downloading an evening's hand history (every player's
cards, folded ones included) take the host's token.

>>> import asyncio
>>> from straights.store import Store
>>> from straights.web.manager import TableManager
>>> from straights.web.protocol import TableSettings
>>> clubs = Clubs(TableManager(Store("sqlite://")))
>>> key, token = asyncio.run(clubs.create("Thursdays"))
>>> asyncio.run(clubs.info(key))["name"]
'Thursdays'
"""

from __future__ import annotations

import asyncio
import secrets
import tomllib
from typing import Any

from straights.errors import HandHistoryError, StraightsError
from straights.poker.phh_text import phhs_entry
from straights.store import ClubRecord
from straights.web.club import ClubTable, club_book, club_csv
from straights.web.manager import AccessError, TableManager
from straights.web.names import BadName, clean_name
from straights.web.protocol import MAX_TABLE_NAME, ProtocolError, TableSettings
from straights.web.tokens import check_token, hash_token, new_token

__all__ = ["Clubs", "NoClub"]

#: The most deals an evening's download holds.
MOST_HANDS = 20_000


class NoClub(StraightsError):
    """No club of that key on this server."""


class Clubs:
    """The clubs of one server, over its :class:`~straights.web.manager.TableManager`."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = manager.store

    async def create(self, name: str) -> tuple[str, str]:
        """A new club named ``name``; returns its key and its host's token."""
        try:
            name = clean_name(name, limit=MAX_TABLE_NAME, what="a club name")
        except BadName as exc:
            raise ProtocolError(f"bad club: name: {exc}") from None
        key, token = secrets.token_urlsafe(9), new_token()
        await asyncio.to_thread(self.store.create_club, key, name, hash_token(token))
        return key, token

    async def _club(self, key: str) -> ClubRecord:
        try:
            return await asyncio.to_thread(self.store.club, key)
        except HandHistoryError:
            raise NoClub(f"no club {key!r} on this server") from None

    async def _hosted(self, key: str, token: str) -> ClubRecord:
        club = await self._club(key)
        if not check_token(token, club.host_hash):
            raise AccessError("only the club's host can do that: send the club's host token")
        return club

    async def create_table(
        self, key: str, token: str, settings: TableSettings, address: str = ""
    ) -> tuple[str, str]:
        """A new table of ``settings`` inside club ``key`` (the club's host only),
        played on this evening; returns the table's id and its host token."""
        club = await self._hosted(key, token)
        table_id, host = await self.manager.create(settings, address)
        row = self.manager.row_ids[table_id]
        await asyncio.to_thread(self.store.add_club_table, club.key, row)
        return table_id, host

    async def _tables(self, club: ClubRecord) -> list[ClubTable]:
        keys = {row: key for key, row in self.manager.row_ids.items()}
        out = []
        for row, night in club.nights.items():
            live = await self.manager.lookup(keys.get(row, ""))  # closed ones too
            if live is None:
                continue  # a table that no longer replays: its ledger is unknown
            async with live.lock:
                live.ready()
                t = live.table
                game = str(t.game.public_settings().get("game") or "")
                name = t.settings.name or t.id
                rows = t.ledger_rows()
                out.append(
                    ClubTable(t.id, name, night, rows, t.in_hand, t.hand_number, t.closed, game)
                )
        return out

    async def info(self, key: str) -> dict[str, Any]:
        """Club ``key``'s book (:func:`~straights.web.club.club_book`), JSON-ready: its
        members are kept, and everyone who played at its tables becomes one."""
        club = await self._club(key)
        tables = await self._tables(club)
        seen = [str(r["name"]) for t in tables for r in t.rows if r.get("bot") is None]
        if set(seen) - set(club.members):
            await asyncio.to_thread(self.store.add_club_members, key, seen)
        members = list(dict.fromkeys([*club.members, *seen]))
        book = club_book(tables, members)
        transfers = book["transfers"]
        return (
            {
                "club": club.key,
                "name": club.name,
                "created": club.created,
                "members": members,
            }
            | book
            | {"transfers": None if transfers is None else [t.to_dict() for t in transfers]}
        )

    async def ledger_csv(self, key: str) -> str:
        """The club's ledger, leaderboard and settle-up as CSV."""
        club = await self._club(key)
        tables = await self._tables(club)
        return club_csv(tables, club_book(tables, club.members))

    async def hands(self, key: str, token: str, night: str, fmt: str) -> tuple[str, int]:
        """The hand history of evening ``night`` of club ``key`` (its host only), every
        table's deals in order: ``phhs`` (PHH, one table a hand) or ``pokerstars`` (the
        text trackers read; games it cannot hold are left out).  Returns the text and
        the number of deals left out."""
        club = await self._hosted(key, token)
        rows = [row for row, n in club.nights.items() if n == night]
        if not rows:
            raise NoClub(f"club {club.name!r} played no table on {night!r}")
        texts: list[str] = []
        for row in rows:
            found = await asyncio.to_thread(self.store.hands, table_id=row, limit=MOST_HANDS)
            texts.extend(h.phh for h in sorted(found, key=lambda h: h.number))
        return history_text(texts, fmt)


def history_text(texts: list[str], fmt: str) -> tuple[str, int]:
    """Archived PHH ``texts`` as one download: ``phhs`` or ``pokerstars``; returns the
    text and the number of deals the format cannot hold (left out)."""
    if fmt == "phhs":
        return "\n".join(phhs_entry(i, t) for i, t in enumerate(texts, start=1)), 0
    from straights.sites.export import to_pokerstars

    out, skipped = [], 0
    for text in texts:
        try:
            out.append(to_pokerstars(tomllib.loads(text)))
        except (StraightsError, KeyError, tomllib.TOMLDecodeError):
            skipped += 1
    return "\n\n\n".join(out) + ("\n" if out else ""), skipped


async def table_history(manager: TableManager, table_id: str, token: str, fmt: str) -> str:
    """Table ``table_id``'s archived deals as :func:`history_text` (its host only)."""
    live = await manager.lookup(table_id)  # a closed table is read back from the store
    if live is None:
        raise NoClub(f"no table {table_id!r} on this server")
    if not token or not live.table.hosts(hash_token(token)):
        raise AccessError("the hand history is the host's: send the table's host token")
    row = manager.row_ids[table_id]
    found = await asyncio.to_thread(manager.store.hands, table_id=row, limit=MOST_HANDS)
    return history_text([h.phh for h in sorted(found, key=lambda h: h.number)], fmt)[0]
