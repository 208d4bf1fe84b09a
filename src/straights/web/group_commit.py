"""Group commit: the commands of every table that wait to be stored at one turn of
the event loop are committed together, in one transaction, in a worker thread.

A table's command is applied in memory under the table's lock, handed to
:meth:`GroupCommit.write`, and its caller waits — still holding the lock, so no
one sees the new state — until the transaction holding it has committed; only
then is anything sent (from :meth:`GroupCommit.write`'s ``stored``, called right
after the commit). Under load one transaction carries the commands of many
tables, which costs little more than one of them; with a single command waiting
it is committed at the very next turn of the loop. The database is written from
a thread (``asyncio.to_thread``), so a slow or failing commit never stalls the
event loop: the other tables go on and their commands wait for the next batch.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from straights.store import LogWrite, Store

log = logging.getLogger("straights.web")

#: What to do once a write is committed (called in the event loop, synchronously).
Stored = Callable[[], None]
_Waiting = tuple[LogWrite, Stored | None, asyncio.Future[None]]


class GroupCommit:
    """Batches :class:`~straights.store.LogWrite` s into :meth:`Store.append_many` calls.

    >>> from straights.game import TableConfig
    >>> store = Store("sqlite://")
    >>> t = store.create_table("web", TableConfig(seats=2), seed=7)
    >>> async def two_commands() -> None:
    ...     group = GroupCommit(store)
    ...     await asyncio.gather(group.write(LogWrite(t.id, 1, {"kind": "deal"}, [])),
    ...                          group.write(LogWrite(t.id, 2, {"kind": "close"}, [])))
    ...     print(group.commands, group.transactions, [e.seq for e in store.log(t.id)])
    >>> asyncio.run(two_commands())
    2 1 [1, 2]
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Commands stored and transactions committed so far (for tests and benchmarks).
        self.commands = self.transactions = 0
        self._waiting: list[_Waiting] = []
        self._task: asyncio.Task[None] | None = None

    def write(self, entry: LogWrite, stored: Stored | None = None) -> asyncio.Future[None]:
        """Store ``entry`` with the others waiting; the future is done once it is
        committed, or holds the error that kept it out of the database.

        ``stored`` is called as soon as the transaction holding ``entry`` has
        committed, before any waiter resumes: the manager sends the new state from
        there, a turn of the event loop sooner.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((entry, stored, done))
        if self._task is None:
            # Started at the next turn of the loop: what other tables write at this
            # one joins the same transaction.
            self._task = loop.create_task(self._flush_all(), name="group-commit")
        return done

    async def _flush_all(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._flush(batch)
        finally:
            self._task = None

    async def _flush(self, batch: list[_Waiting]) -> None:
        try:
            await asyncio.to_thread(self.store.append_many, [entry for entry, _, _ in batch])
        except Exception as exc:
            self.transactions += 1
            if len(batch) == 1:
                _settle(batch[0][2], exc)
                return
            # One bad command must not sink the other tables' commands: each again in
            # a transaction of its own, in order; a table's commands after one that
            # failed fail with it (the manager holds a table's lock until its command
            # is stored, so it has one waiting at most).
            failed: dict[int, BaseException] = {}
            for entry, stored, done in batch:
                if entry.table_id in failed:
                    _settle(done, failed[entry.table_id])
                    continue
                try:
                    await asyncio.to_thread(self.store.append_many, [entry])
                except Exception as alone:
                    failed[entry.table_id] = alone
                    _settle(done, alone)
                else:
                    self.commands += 1
                    _after(stored)
                    _settle(done, None)
                self.transactions += 1
            return
        self.transactions += 1
        self.commands += len(batch)
        for _, stored, done in batch:
            _after(stored)
            _settle(done, None)


def _after(stored: Stored | None) -> None:
    """Call a write's ``stored``: its failure is logged (what it sends is a bonus: the
    command is stored whatever happens here)."""
    if stored is None:
        return
    try:
        stored()
    except Exception:
        log.exception("after a command was stored")


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():  # its waiter was cancelled (the server is stopping)
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
