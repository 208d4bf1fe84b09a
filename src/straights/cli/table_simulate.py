"""The one loop of ``straights simulate``: bots deal after deal at the one table, for every game.

:func:`simulate_table` never asks which game it simulates: it opens the outputs
(:class:`~straights.cli.sim_output.SimulationOutput`: ``--out`` and ``--db``), stores
each session as a table of kind ``simulate`` under the game's
:class:`~straights.store.table.Commands`, shows the progress, writes each deal's
history and prints the summary.  What is particular to a game — how its bots play a
session, its history and its summary — it is given
(:mod:`straights.cli.ring_simulate`, :mod:`straights.cli.paigow_simulate`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from rich.text import Text

from straights.cli.progress import Work
from straights.cli.render import console, counted, wrote
from straights.cli.sim_output import SimulationOutput
from straights.table.core import DealT

if TYPE_CHECKING:
    from straights.store.table import Commands, StoredTable
    from straights.table import Table

__all__ = ["MakeTable", "simulate_table"]

PlanT = TypeVar("PlanT")
ResultT = TypeVar("ResultT")


class MakeTable(Protocol[DealT, PlanT]):
    """Opens a session's stored table (``--db``): it deals what the unstored one would."""

    def __call__(
        self, names: list[str], chips: int, seed: int, button: int | None = None, /
    ) -> StoredTable[DealT, PlanT]: ...


def simulate_table(
    commands: Callable[[], Commands[DealT, PlanT]],
    game: str,
    settings: Mapping[str, Any],
    *,
    hands: int,
    progress: bool,
    out: str | None,
    db: str | None,
    run: Callable[
        [Callable[[DealT, Table[DealT, PlanT]], None], MakeTable[DealT, PlanT] | None], ResultT
    ],
    history: Callable[[DealT, Table[DealT, PlanT], int], str],
    summary: Callable[[ResultT], None],
    as_json: bool,
) -> ResultT:
    """``run(on_deal, make_table)`` plays ``hands`` deals of ``game``; each finished deal
    goes to ``on_deal`` (the progress; ``history(deal, table, number)`` written to
    ``out``); ``make_table`` stores each session in ``db`` with ``settings`` as
    ``commands()`` says (called only then: the store loads SQLAlchemy), or is ``None``.
    Then ``summary`` prints the result (``as_json``: only that)."""
    output = SimulationOutput(out, db)
    make_table: MakeTable[DealT, PlanT] | None = None
    if output.store is not None:
        from straights.store.table import StoredTable

        store, stored_as = output.store, commands()

        def make_table(
            names: list[str], chips: int, seed: int, button: int | None = None, /
        ) -> StoredTable[DealT, PlanT]:
            made = StoredTable.create(store, stored_as, game, names, chips, kind="simulate",
                                      seed=seed, button=button,
                                      settings=dict(settings))  # fmt: skip
            output.stored(made.record.id)
            return made

    with Work("Dealing", "deals", hands, enabled=progress) as work:  # stderr: JSON stays clean

        def on_deal(deal: DealT, table: Table[DealT, PlanT]) -> None:
            if output.writing:
                output.write(history(deal, table, output.written + 1))
            work.advance()

        with output:
            result = run(on_deal, make_table)
    summary(result)
    if not as_json:
        con = console()
        if output.writing:
            con.print(Text(wrote(output.written, out)), soft_wrap=True)
        if output.store is not None:
            con.print(Text(f"saved {counted(hands, 'deal', 'deals')} in {output.store.where}"),
                      soft_wrap=True)  # fmt: skip
    return result
