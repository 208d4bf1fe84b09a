"""``straights simulate --game NAME``: bots play a ring game of any variant (or dealer's choice).

The table is a :class:`~straights.table.Table` of :class:`~straights.table.PokerGame`; the
summary counts each bot's chips per deal with a 95% interval
(:class:`~straights.bots.arena.BotStats`,
the same interval as Straights' own simulation) and, for dealer's choice, how
many deals each game got.  ``--out`` writes every deal's PHH history to a
``.phhs`` file; ``--db`` stores each session as a table of kind ``simulate``,
command by command, with every deal in the hand archive.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text

from straights.bots.arena import RingResult, simulate_ring
from straights.cli.bot_results import bot_grid, bot_rows, ranked
from straights.cli.game_setup import RingGames, game_setup
from straights.cli.render import console, counted
from straights.cli.table_simulate import MakeTable, simulate_table
from straights.errors import ConfigurationError
from straights.poker.catalogue import game_name
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.phh import deal_to_phh, dumps
from straights.table import PokerTable

if TYPE_CHECKING:
    from straights.poker.house import HouseRules
    from straights.poker.variant import Variant
    from straights.store.table import Commands

__all__ = ["simulate_ring_games"]


def simulate_ring_games(
    ring: RingGames,
    *,
    players: int,
    hands: int,
    seed: int | None,
    stack: int,
    bots: str | None,
    progress: bool,
    as_json: bool,
    out: str | None = None,
    db: str | None = None,
    ante: int | None = None,
    betting: str = "limit",
    house: HouseRules | None = None,
    muck: str = "show",
) -> None:
    """Run the simulation and print its summary (a table, or JSON).

    ``ante``: Straights (no ``--game``, or any Straights game) at its own
    stakes, with its dealer draw, summarised as Straights' simulation always was.
    ``house``: the table's house rules (``--raise-cap`` …; default: the rule book's).
    ``muck``: every bot shows every hand (``show``), is asked to show or muck
    (``ask``: the bots answer) or mucks a beaten hand unasked (``muck``)."""
    if not 2 <= players <= 10:
        raise ConfigurationError(f"--players {players}: a table seats 2 to 10 players")
    if stack < 1:
        raise ConfigurationError(f"--stack {stack}: give every player one chip at least")
    kinds = game_setup(seats=players, bots=bots, betting="limit", ante=1, stack=stack,
                       pack=55, bot_seats=players).bots  # fmt: skip
    played: list[str] = []
    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    settings: dict[str, object] = {"bots": kinds}
    if ante is not None:
        settings["ante"] = ante
    if house is not None and house.changes():
        settings["house"] = house.changes()
    if muck != "show":
        settings["asked" if muck == "ask" else "muckers"] = list(range(players))

    def run(
        on_deal: Callable[[Deal, PokerTable], None], make_ring: MakeTable[Deal, Variant] | None
    ) -> RingResult:
        def dealt(deal: Deal, table: PokerTable) -> None:
            played.append(game_name(deal.variant.code))
            on_deal(deal, table)

        return simulate_ring(ring.variants, kinds, players=players, hands=hands, seed=seed,
                             stack=stack, on_deal=dealt, make_ring=make_ring, ante=ante,
                             house=house, muck=muck)  # fmt: skip

    def summary(result: RingResult) -> None:
        _summary(ring, result, played, players, stack, as_json, ante, betting)

    simulate_table(_poker, game, settings, hands=hands, progress=progress, out=out, db=db,
                   run=run, history=_history, summary=summary, as_json=as_json)  # fmt: skip


def _poker() -> Commands[Deal, Variant]:
    from straights.store.table import POKER

    return POKER


def _history(deal: Deal, table: PokerTable, number: int) -> str:
    """The deal's PHH history, numbered by its table's deals, its players named."""
    history = deal_to_phh(deal)
    history["hand"] = table.deals
    history["players"] = [table.names[table.seat_of(i)] for i in range(deal.n)]
    return dumps(history)


def _summary(ring: RingGames, result: RingResult, played: list[str], players: int, stack: int,
             as_json: bool, ante: int | None, betting: str) -> None:  # fmt: skip
    """The summary: JSON, Straights' own (``ante``) or any game's."""
    con = console()
    title = "dealer's choice" if ring.dealers_choice else game_name(ring.variants[0].code)
    best_first = ranked(result.bots.values())
    if ante is not None:
        title = "straights"
    if as_json:
        summary = {
            "game": "dealers-choice" if ring.dealers_choice else title,
            "deals": result.hands,
            "seats": players,
            "stack": stack,
            "bots": bot_rows(best_first),
            "games": result.games,
            "deal_games": played,
            "showdowns": result.showdowns,
            "carry_overs": result.carry_overs,
            "average_pot": result.average_pot,
            "sessions": result.sessions,
        }  # fmt: skip
        if ante is not None:
            summary.update(betting=betting, ante=ante)
        con.print_json(json.dumps(summary))
        return
    if ante is None:
        _print_summary(ring, result, title, players)
    else:
        dealt = counted(result.hands, "deal", "deals")
        con.print(bot_grid(f"{dealt}, {players} seats, {betting}", best_first))
        con.print(
            f"carry-overs (rule 10): {result.carry_overs} · showdowns: {result.showdowns} · "
            f"average pot: {result.average_pot:.2f} · sessions: {result.sessions}"
        )


def _print_summary(ring: RingGames, result: RingResult, title: str, players: int) -> None:
    con = console()
    best_first = ranked(result.bots.values())
    con.print(
        bot_grid(
            f"{counted(result.hands, 'deal', 'deals')} of {title}, {players} seats", best_first
        )
    )
    if ring.dealers_choice:
        counts = ", ".join(f"{g} {n}" for g, n in sorted(result.games.items()))
        con.print(Text(f"games dealt: {counts}"))
    con.print(
        f"showdowns: {result.showdowns} · average pot: {result.average_pot:.2f} · "
        f"sessions: {result.sessions}"
        + (f" · carry-overs (rule 10): {result.carry_overs}" if result.carry_overs else "")
    )
