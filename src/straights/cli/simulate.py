"""``straights simulate``: bots play each other, deal after deal, in any game.

One path for every game: the command checks its options, the game's
:class:`Simulation` says what is particular to it, and :func:`run_simulation` — which
never asks which game it runs — opens the outputs
(:class:`~straights.cli.sim_output.SimulationOutput`: ``--out`` and ``--db``), stores
each session as a table of kind ``simulate``, shows the progress, writes each deal's
history and prints the summary, as JSON or at a terminal.  The bots play in the
arena (:func:`~straights.bots.arena.simulate`, on the game's hook): a poker game
(:func:`poker_simulation`; Straights on its own stakes, any catalogue game, dealer's
choice) counts each bot's chips per deal, Pai Gow (:func:`pai_gow_simulation`) each
bot's and the bank's chips per chip bet; either with a 95% interval.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

import typer

from straights.cli.app import app
from straights.cli.game_setup import (
    AnteOpt,
    BettingOpt,
    BotsOpt,
    GameOpt,
    GamesOpt,
    PackOpt,
    RingGames,
    check_muck,
    check_seats,
    check_straights,
    game_options,
    ring_games,
    seat_bots,
    straights_code,
)
from straights.cli.table_betting import (
    BombAnteOpt,
    BombEveryOpt,
    ButtonStraddleOpt,
    DoubleBoardOpt,
    RunItTwiceOpt,
    RunsOpt,
    StraddleOpt,
    table_house_of,
)
from straights.cli.table_rules import table_house_way, table_rule_options
from straights.errors import ConfigurationError
from straights.table.core import DealT, PlanT

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import RenderableType
    from rich.table import Table as Grid

    from straights.bots.arena import Arena, BotStats, PaiGowArena, PokerArena
    from straights.paigow.deal import PaiGowDeal
    from straights.paigow.rules import HouseWayName
    from straights.poker.engine import Deal
    from straights.poker.house import HouseRules
    from straights.poker.variant import Variant
    from straights.table import PaiGowTable, PokerTable, Table

__all__ = ["Simulation", "pai_gow_simulation", "poker_simulation", "run_simulation", "simulate"]

ArenaT = TypeVar("ArenaT", bound="Arena[Any, Any]")


@app.command()
@table_rule_options
def simulate(
    ctx: typer.Context,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 6,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="Deals to play.")] = 1000,
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable run.")] = None,
    betting: BettingOpt = "limit",
    bots: BotsOpt = None,
    ante: AnteOpt = 1,
    stack: Annotated[
        int, typer.Option(help="Starting chips (one ante at least); a session restarts on a bust.")
    ] = 100,
    pack: PackOpt = 55,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write every deal to this .phhs file.")
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
    db: Annotated[
        str | None,
        typer.Option(
            help="Also save every table and deal in this database file or SQLAlchemy URL."
        ),
    ] = None,
    game_name: GameOpt = None,
    games: GamesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    straddle: StraddleOpt = False,
    button_straddle: ButtonStraddleOpt = False,
    run_it_twice: RunItTwiceOpt = False,
    runs: RunsOpt = None,
    bomb_pot_every: BombEveryOpt = 0,
    bomb_pot_ante: BombAnteOpt = None,
    double_board: DoubleBoardOpt = False,
    muck: Annotated[
        str,
        typer.Option(
            help="At a showdown a bot's hand lost, and when it wins uncontested: show "
            "(every hand shown), ask (each bot asked to show or muck; the bots muck) or "
            "muck (beaten hands mucked unasked)."
        ),
    ] = "show",
    table_rules: dict[str, object] | None = None,
) -> None:
    """Play bots against each other and report chips won per bot (95% interval)."""
    from straights.paigow.about import is_pai_gow

    game_name = game_options(game_name, ctx)  # every option applies or is refused
    house_of = table_house_of(game_name, table_rules, straddle=straddle,
                              button_straddle=button_straddle, run_it_twice=run_it_twice,
                              runs=runs, bomb_pot_every=bomb_pot_every,
                              bomb_pot_ante=bomb_pot_ante, double_board=double_board)  # fmt: skip
    check_muck(muck, is_pai_gow(game_name), "show")
    if is_pai_gow(game_name):  # a banked game: the bank is its own
        house_of(None)  # refused: Pai Gow has no betting rounds
        way = table_house_way(table_rules or {})
        simulation: Simulation[Any, Any, Any] = pai_gow_simulation(players, stack, bots,
                                                                   house_way=way)  # fmt: skip
    else:
        ring = ring_games(game_name, games, players)
        house = house_of(ring)  # refused where no game can have it
        code = straights_code(ring, pack, betting)
        if code is not None:  # Straights, on its own stakes and dealer draw (its options checked)
            from straights.poker.catalogue import get_variant

            check_straights(betting=betting, ante=ante, stack=stack, pack=pack)
            ring = RingGames((get_variant(code),), False)
        assert ring is not None
        simulation = poker_simulation(ring, players, stack, bots, house=house, muck=muck,
                                      ante=None if code is None else ante)  # fmt: skip
    run_simulation(simulation, hands=hands, seed=seed, progress=progress, out=out, db=db,
                   as_json=as_json)  # fmt: skip


@dataclass(frozen=True)
class Simulation(Generic[DealT, PlanT, ArenaT]):
    """What is particular to one game's simulation.

    ``arena`` plays its deals (:func:`~straights.bots.arena.simulate`); ``game``,
    ``settings`` and ``commands`` (the name of its commands in
    :mod:`straights.store.table`) make each session's stored table (``--db``);
    ``history(deal, table)`` is a deal's history (``--out``); ``report(arena)`` the
    summary of what the arena counted as JSON, and ``lines(arena, report)`` the
    summary at a terminal.
    """

    arena: ArenaT
    game: str
    settings: Mapping[str, Any]
    commands: str
    history: Callable[[DealT, Table[DealT, PlanT]], str]
    report: Callable[[ArenaT], dict[str, Any]]
    lines: Callable[[ArenaT, dict[str, Any]], list[RenderableType]]


def run_simulation(
    simulation: Simulation[DealT, PlanT, ArenaT],
    *,
    hands: int,
    seed: int | None,
    progress: bool,
    out: str | None,
    db: str | None,
    as_json: bool,
) -> ArenaT:
    """Play ``hands`` deals of ``simulation`` with a progress bar (on stderr, so JSON
    stays clean), writing each deal's history to ``out`` and storing each session in
    ``db``; then print the summary (``as_json``: only that)."""
    from rich.text import Text

    from straights.bots.arena import simulate
    from straights.cli.progress import Work
    from straights.cli.render import console, counted, wrote
    from straights.cli.sim_output import SimulationOutput

    output = SimulationOutput(out, db)
    make_table: Callable[[list[str], int, int, int | None], Any] | None = None
    if output.store is not None:  # (only then: the store loads SQLAlchemy)
        from straights.store import table as stored_tables

        store = output.store
        commands = getattr(stored_tables, simulation.commands)

        def make_table(
            names: list[str], chips: int, seed: int, button: int | None, /
        ) -> stored_tables.StoredTable[DealT, PlanT]:
            made = stored_tables.StoredTable.create(
                store, commands, simulation.game, names, chips, kind="simulate", seed=seed,
                button=button, settings=dict(simulation.settings))  # fmt: skip
            output.stored(made.record.id)
            return made

    with Work("Dealing", "deals", hands, enabled=progress) as work:

        def on_deal(deal: DealT, table: Table[DealT, PlanT]) -> None:
            if output.writing:
                output.write(simulation.history(deal, table))
            work.advance()

        with output:
            result = simulate(simulation.arena, hands=hands, seed=seed, on_deal=on_deal,
                              make_table=make_table)  # fmt: skip
    con, report = console(), simulation.report(result)
    if as_json:
        con.print_json(json.dumps(report))
        return result
    for line in simulation.lines(result, report):
        con.print(line)
    if output.writing:
        con.print(Text(wrote(output.written, out)), soft_wrap=True)
    if output.store is not None:
        con.print(Text(f"saved {counted(hands, 'deal', 'deals')} in {output.store.where}"),
                  soft_wrap=True)  # fmt: skip
    return result


# -- poker: every catalogue game, Straights on its own stakes, dealer's choice ----------------
def poker_simulation(
    ring: RingGames,
    players: int,
    stack: int,
    bots: str | None,
    *,
    house: HouseRules | None = None,
    muck: str = "show",
    ante: int | None = None,
) -> Simulation[Deal, Variant, PokerArena]:
    """Bots (``--bots``, in turn) at every seat of a poker table dealing ``ring``.

    ``ante``: Straights at its own stakes (its settings checked by
    :func:`~straights.cli.game_setup.check_straights`) and dealer draw.  ``house``:
    the table's house rules.  ``muck``: every bot shows every hand (``show``), is
    asked to show or muck (``ask``: the bots answer) or mucks a beaten hand unasked
    (``muck``)."""
    from straights.bots.arena import PokerArena, muck_seats
    from straights.poker.catalogue import game_name

    check_seats("--players", players, stack)
    kinds = seat_bots(bots, players)
    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    settings: dict[str, object] = {"bots": list(kinds)}
    if ante is not None:
        settings["ante"] = ante
    if house is not None and house.changes():
        settings["house"] = house.changes()
    settings.update({k: seats for k, seats in muck_seats(muck, range(players)).items() if seats})
    arena = PokerArena(ring.variants, kinds, players=players, stack=stack, ante=ante,
                       house=house, muck=muck)  # fmt: skip
    label = "dealers-choice" if ring.dealers_choice else game_name(ring.variants[0].code)
    report = partial(_poker_report, label)
    return Simulation(arena, game, settings, "POKER", _poker_history, report, _poker_lines)


def _poker_history(deal: Deal, table: PokerTable) -> str:
    """The deal's PHH history, numbered by its table's deals, its players named."""
    from straights.poker.phh import deal_to_phh, dumps

    history = deal_to_phh(deal)
    history["hand"] = table.deals
    history["players"] = [table.names[table.seat_of(i)] for i in range(deal.n)]
    return dumps(history)


def _poker_report(game: str, result: PokerArena) -> dict[str, Any]:
    """The summary as JSON, one layout for every game; where one plays Straights'
    showdown (its pot rule, rule 10), the pots carried over and the chips paid in
    penalties, and on Straights' own stakes its ante."""
    from straights.poker.straights_rules import straights_pack

    report = {
        "game": game, "deals": result.hands, "seats": result.players, "stack": result.stack,
        "bots": bot_rows(ranked(result.bots.values())), "games": result.games,
        "deal_games": result.deal_games, "showdowns": result.showdowns,
        "average_pot": result.average_pot, "sessions": result.sessions,
    }  # fmt: skip
    if any(straights_pack(variant) is not None for variant in result.variants):
        report.update(carry_overs=result.carry_overs, penalties=result.penalties)
        if result.ante is not None:
            report["ante"] = result.ante
    return report


def _poker_lines(result: PokerArena, report: dict[str, Any]) -> list[RenderableType]:
    """The summary at a terminal: the bots' table and a line of counts, then what is
    particular to the games dealt (named as in JSON)."""
    from rich.text import Text

    from straights.cli.render import counted

    choice = report["game"] == "dealers-choice"
    title = "dealer's choice" if choice else report["game"]
    dealt = counted(result.hands, "deal", "deals")
    lines: list[RenderableType] = [
        _bot_grid(f"{dealt} of {title}, {report['seats']} seats", ranked(result.bots.values()))
    ]
    if choice:
        counts = ", ".join(f"{g} {n}" for g, n in sorted(result.games.items()))
        lines.append(Text(f"games dealt: {counts}"))
    lines.append(f"showdowns: {result.showdowns} · average pot: {result.average_pot:.2f} · "
                 f"sessions: {result.sessions}")  # fmt: skip
    extras = {key: report[key] for key in ("carry_overs", "penalties", "ante") if key in report}
    if extras:
        lines.append(" · ".join(f"{key.replace('_', '-')}: {n}" for key, n in extras.items()))
    return lines


def ranked(bots: Iterable[BotStats]) -> list[BotStats]:
    """The bots, the best mean first (chips won per deal; Pai Gow: per chip bet)."""
    return sorted(bots, key=lambda s: -s.mean)


def bot_rows(bots: Iterable[BotStats]) -> list[dict[str, Any]]:
    """One JSON-ready row per poker bot, in the given order.

    >>> from straights.bots.arena import BotStats
    >>> stats = BotStats("random")
    >>> for net in (4, -2, 1):
    ...     stats.add(net)
    >>> row = bot_rows([stats])[0]
    >>> row["bot"], row["seat_deals"], row["chips_won"], row["per_deal"]
    ('random', 3, 3, 1.0)
    """
    return [
        {
            "bot": s.name,
            "seat_deals": s.deals,
            "chips_won": s.total,
            "per_deal": s.mean,
            "ci95": [s.mean - s.ci95, s.mean + s.ci95],
        }
        for s in bots
    ]


def grid(title: str | None, columns: str, rows: Iterable[Sequence[str]], left: int = 1) -> Grid:
    """A terminal table titled ``title`` (bold), its ``columns`` separated by ``|``,
    the first ``left`` of them justified left and the others right.

    >>> from straights.cli.render import console
    >>> console().print(grid(None, "bot|chips", [["random", "+3"]]))
    ┏━━━━━━━━┳━━━━━━━┓
    ┃ bot    ┃ chips ┃
    ┡━━━━━━━━╇━━━━━━━┩
    │ random │    +3 │
    └────────┴───────┘
    """
    from rich.table import Table as Grid

    table = Grid(title=title, title_style="bold")
    for i, column in enumerate(columns.split("|")):
        table.add_column(column, justify="left" if i < left else "right")
    for row in rows:
        table.add_row(*row)
    return table


def _bot_grid(title: str, bots: Iterable[BotStats]) -> Grid:
    """The poker bots as a terminal table titled ``title``, in the given order."""
    return grid(title, "bot|seat-deals|chips won|per deal|95% interval",
                ([s.name, str(s.deals), f"{s.total:+d}", f"{s.mean:+.3f}",
                  f"{s.mean - s.ci95:+.3f} … {s.mean + s.ci95:+.3f}"] for s in bots))  # fmt: skip


# -- Pai Gow: bots against the bank ----------------------------------------------------------
def pai_gow_simulation(
    players: int,
    stack: int,
    bots: str | None,
    *,
    bet: int = 20,
    house_way: HouseWayName = "foxwoods",
) -> Simulation[PaiGowDeal, Mapping[int, int], PaiGowArena]:
    """Pai Gow's bots (``--bots``, in turn: ``house``, the house way as the bank sets,
    or ``equity``, by its estimate) each betting ``bet`` against the bank.  The summary
    is how often a bet wins, pushes and loses, the house's edge per chip bet and each
    kind of bot's result per chip bet, each with its 95% interval."""
    from straights.bots.arena import PaiGowArena
    from straights.cli.game_setup import pai_gow_settings

    check_seats("--players", players, stack, pai_gow=True)
    if stack < bet:
        raise ConfigurationError(f"--stack {stack} cannot cover the bet of {bet}")
    kinds = seat_bots(bots, players, pai_gow=True)
    arena = PaiGowArena(kinds, bet=bet, stack=stack, house_way=house_way)
    settings = pai_gow_settings(bet, kinds, house_way)
    return Simulation(arena, "pai-gow", settings, "PAI_GOW", _pai_gow_history, _pai_gow_report,
                      _pai_gow_lines)  # fmt: skip


def _pai_gow_history(deal: PaiGowDeal, table: PaiGowTable) -> str:
    """The deal's history, numbered by its table's deals, its seats named and with the
    stacks they started it with."""
    from straights.paigow.history import deal_to_history
    from straights.poker.phh import dumps

    names = {seat + 1: name for seat, name in enumerate(table.names)}
    before = {s + 1: c for s, c in zip(table.players, table.starting_stacks, strict=True)}
    return dumps(deal_to_history(deal, names, before, table.deals))


def _pai_gow_report(result: PaiGowArena) -> dict[str, Any]:
    """The summary as JSON: how often a bet wins, pushes and loses, the house's edge
    and each kind of bot's result per chip bet (one row each, the best first)."""
    edge, ci95 = result.edge, result.bank.ci95
    rows = [
        {
            "bot": s.name,
            "sets": result.sets[s.name],
            "seats": result.kinds.count(s.name),
            "bets": s.deals * result.kinds.count(s.name),
            "outcomes": dict(s.outcomes),
            "chips_won": s.total,
            "per_chip": s.mean,
            "ci95": [s.mean - s.ci95, s.mean + s.ci95],
        }
        for s in ranked(result.bots.values())
    ]
    return {
        "game": "pai-gow", "deals": result.hands, "players": result.players,
        "bet": result.bet, "bets": result.hands * result.players,
        "outcomes": dict(result.outcomes), "copies": result.copies,
        "commission": result.commission, "house_result": result.bank.total,
        "house_edge": edge, "house_edge_ci95": [edge - ci95, edge + ci95], "bots": rows,
    }  # fmt: skip


def _pai_gow_lines(result: PaiGowArena, report: dict[str, Any]) -> list[RenderableType]:
    """The summary at a terminal: the report's counts, the house's edge and the bots."""
    from straights.cli.render import counted

    bets, edge = report["bets"], report["house_edge"]
    low, high = report["house_edge_ci95"]
    who = (f"{result.players} house-way player(s)" if set(result.kinds) == {"house"}
           else f"{result.players} player(s): {', '.join(result.kinds)}")  # fmt: skip
    dealt = counted(result.hands, "deal", "deals")
    cells = ([r["bot"], r["sets"], str(r["bets"]), f"{r['chips_won']:+d}", f"{r['per_chip']:+.2%}",
              f"{r['ci95'][0]:+.2%} … {r['ci95'][1]:+.2%}"] for r in report["bots"])  # fmt: skip
    return [
        f"[bold]Pai Gow: {dealt}, {who}, betting {result.bet} each[/bold]",
        grid(None, "result|bets|share",
             ([o, str(n), f"{n / bets:.2%}"] for o, n in result.outcomes.items())),
        f"house result: {result.bank.total:+d} chips · commission: {result.commission} · "
        f"copies: {result.copies} · house edge: {edge:+.2%} of each chip bet "
        f"(95% interval {low:+.2%} … {high:+.2%})",
        grid("Each bot's result per chip bet", "bot|sets|bets|chips won|per chip|95% interval",
             cells, left=2),
    ]  # fmt: skip
