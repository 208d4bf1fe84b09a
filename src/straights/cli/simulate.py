"""``straights simulate``: bots play each other, deal after deal, in any game.

One path for every game: the command checks its options, the game's
:class:`Simulation` says what is particular to it, and :func:`run_simulation` — which
never asks which game it runs — opens the outputs
(:class:`~straights.cli.sim_output.SimulationOutput`: ``--out`` and ``--db``), stores
each session as a table of kind ``simulate``, shows the progress, writes each deal's
history and prints the summary.  The bots play in the arena
(:mod:`straights.bots.arena`): a poker game (:func:`poker_simulation`; Straights on
its own stakes, any catalogue game, dealer's choice) counts each bot's chips per
deal, Pai Gow (:func:`pai_gow_simulation`) each bot's and the bank's chips per chip
bet; either with a 95% interval.
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

    from rich.table import Table as Grid

    from straights.bots.arena import BotStats, MakeTable, PaiGowResult, RingResult
    from straights.paigow.deal import PaiGowDeal
    from straights.paigow.rules import HouseWayName
    from straights.poker.engine import Deal
    from straights.poker.house import HouseRules
    from straights.poker.variant import Variant
    from straights.table import PaiGowTable, PokerTable, Table

__all__ = ["Simulation", "pai_gow_simulation", "poker_simulation", "run_simulation", "simulate"]

ResultT = TypeVar("ResultT")


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
class Simulation(Generic[DealT, PlanT, ResultT]):
    """What is particular to one game's simulation.

    ``game`` and ``settings`` are stored with each session's table (``--db``);
    ``play(hands=, seed=, on_deal=, make_table=)`` plays the deals in the arena
    (:func:`~straights.bots.arena.simulate_ring`, ``simulate_pai_gow``), each finished
    deal going to ``on_deal`` with its table; ``history(deal, table)`` is a deal's
    history (``--out``); ``summary(result, as_json)`` prints the result.
    """

    game: str
    settings: Mapping[str, Any]
    play: Callable[..., ResultT]
    history: Callable[[DealT, Table[DealT, PlanT]], str]
    summary: Callable[[ResultT, bool], None]


def run_simulation(
    simulation: Simulation[DealT, PlanT, ResultT],
    *,
    hands: int,
    seed: int | None,
    progress: bool,
    out: str | None,
    db: str | None,
    as_json: bool,
) -> ResultT:
    """Play ``hands`` deals of ``simulation`` with a progress bar (on stderr, so JSON
    stays clean), writing each deal's history to ``out`` and storing each session in
    ``db``; then print the summary (``as_json``: only that)."""
    from rich.text import Text

    from straights.cli.progress import Work
    from straights.cli.render import console, counted, wrote
    from straights.cli.sim_output import SimulationOutput

    output = SimulationOutput(out, db)
    make_table: MakeTable[DealT, PlanT] | None = None
    if output.store is not None:  # (only then: the store loads SQLAlchemy)
        from straights.store.table import PAI_GOW, POKER, StoredTable

        store = output.store
        commands: Any = PAI_GOW if simulation.game == "pai-gow" else POKER

        def make_table(
            names: list[str], chips: int, seed: int, button: int | None = None, /
        ) -> StoredTable[DealT, PlanT]:
            made = StoredTable.create(store, commands, simulation.game, names, chips,
                                      kind="simulate", seed=seed, button=button,
                                      settings=dict(simulation.settings))  # fmt: skip
            output.stored(made.record.id)
            return made

    with Work("Dealing", "deals", hands, enabled=progress) as work:

        def on_deal(deal: DealT, table: Table[DealT, PlanT]) -> None:
            if output.writing:
                output.write(simulation.history(deal, table))
            work.advance()

        with output:
            result = simulation.play(hands=hands, seed=seed, on_deal=on_deal,
                                     make_table=make_table)  # fmt: skip
    simulation.summary(result, as_json)
    if not as_json:
        con = console()
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
) -> Simulation[Deal, Variant, RingResult]:
    """Bots (``--bots``, in turn) at every seat of a poker table dealing ``ring``.

    ``ante``: Straights at its own stakes (its settings checked by
    :func:`~straights.cli.game_setup.check_straights`) and dealer draw.  ``house``:
    the table's house rules.  ``muck``: every bot shows every hand (``show``), is
    asked to show or muck (``ask``: the bots answer) or mucks a beaten hand unasked
    (``muck``)."""
    from straights.bots.arena import muck_seats, simulate_ring

    check_seats("--players", players, stack)
    kinds = seat_bots(bots, players)
    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    settings: dict[str, object] = {"bots": list(kinds)}
    if ante is not None:
        settings["ante"] = ante
    if house is not None and house.changes():
        settings["house"] = house.changes()
    settings.update({k: seats for k, seats in muck_seats(muck, range(players)).items() if seats})

    play = partial(simulate_ring, ring.variants, kinds, players=players, stack=stack, ante=ante,
                   house=house, muck=muck)  # fmt: skip

    summary = partial(_poker_summary, ring, players, stack, ante)
    return Simulation(game, settings, play, _poker_history, summary)


def _poker_history(deal: Deal, table: PokerTable) -> str:
    """The deal's PHH history, numbered by its table's deals, its players named."""
    from straights.poker.phh import deal_to_phh, dumps

    history = deal_to_phh(deal)
    history["hand"] = table.deals
    history["players"] = [table.names[table.seat_of(i)] for i in range(deal.n)]
    return dumps(history)


def _poker_summary(ring: RingGames, players: int, stack: int, ante: int | None,
                   result: RingResult, as_json: bool) -> None:  # fmt: skip
    """The summary, one layout for every game (JSON, or the bots' table and a line of
    counts), with what is particular to the games dealt (:func:`_extras`) after it."""
    from rich.text import Text

    from straights.cli.render import console, counted
    from straights.poker.catalogue import game_name

    con = console()
    best_first = ranked(result.bots.values())
    game = "dealers-choice" if ring.dealers_choice else game_name(ring.variants[0].code)
    extras = _extras(ring, ante, result)
    if as_json:
        con.print_json(json.dumps({
            "game": game, "deals": result.hands, "seats": players, "stack": stack,
            "bots": bot_rows(best_first), "games": result.games,
            "deal_games": result.deal_games, "showdowns": result.showdowns,
            "average_pot": result.average_pot, "sessions": result.sessions, **extras,
        }))  # fmt: skip
        return
    dealt = counted(result.hands, "deal", "deals")
    title = "dealer's choice" if ring.dealers_choice else game
    con.print(_bot_grid(f"{dealt} of {title}, {players} seats", best_first))
    if ring.dealers_choice:
        counts = ", ".join(f"{g} {n}" for g, n in sorted(result.games.items()))
        con.print(Text(f"games dealt: {counts}"))
    con.print(
        f"showdowns: {result.showdowns} · average pot: {result.average_pot:.2f} · "
        f"sessions: {result.sessions}"
    )
    if extras:  # (named as in JSON)
        con.print(" · ".join(f"{key.replace('_', '-')}: {n}" for key, n in extras.items()))


def _extras(ring: RingGames, ante: int | None, result: RingResult) -> dict[str, int]:
    """What the summary adds for the table's games: where one plays Straights' showdown
    (its pot rule, rule 10), the pots carried over and the chips paid in penalties; on
    Straights' own stakes, its ``ante``; nothing for any other game."""
    from straights.poker.straights_rules import straights_pack

    if all(straights_pack(variant) is None for variant in ring.variants):
        return {}
    extras = {"carry_overs": result.carry_overs, "penalties": result.penalties}
    if ante is not None:
        extras["ante"] = ante
    return extras


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
) -> Simulation[PaiGowDeal, Mapping[int, int], PaiGowResult]:
    """Pai Gow's bots (``--bots``, in turn: ``house``, the house way as the bank sets,
    or ``equity``, by its estimate) each betting ``bet`` against the bank.  The summary
    is how often a bet wins, pushes and loses, the house's edge per chip bet and each
    kind of bot's result per chip bet, each with its 95% interval."""
    from straights.bots.arena import simulate_pai_gow
    from straights.cli.game_setup import pai_gow_settings, paigow_bots

    check_seats("--players", players, stack, pai_gow=True)
    if stack < bet:
        raise ConfigurationError(f"--stack {stack} cannot cover the bet of {bet}")
    kinds = paigow_bots(bots, players)
    settings = pai_gow_settings(bet, kinds, house_way)

    play = partial(simulate_pai_gow, kinds, bet=bet, stack=stack, house_way=house_way)
    return Simulation("pai-gow", settings, play, _pai_gow_history, _pai_gow_summary)


def _pai_gow_history(deal: PaiGowDeal, table: PaiGowTable) -> str:
    """The deal's history, numbered by its table's deals, its seats named and with the
    stacks they started it with."""
    from straights.paigow.history import deal_to_history
    from straights.poker.phh import dumps

    names = {seat + 1: name for seat, name in enumerate(table.names)}
    before = {s + 1: c for s, c in zip(table.players, table.starting_stacks, strict=True)}
    return dumps(deal_to_history(deal, names, before, table.deals))


def _pai_gow_rows(result: PaiGowResult) -> list[dict[str, Any]]:
    """One JSON-ready row per kind of Pai Gow bot, the best first."""
    return [
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


def _pai_gow_summary(result: PaiGowResult, as_json: bool) -> None:
    """The summary: JSON, or how often a bet wins, pushes and loses, the house's edge
    and each kind of bot's result per chip bet."""
    from straights.cli.render import console, counted

    con = console()
    bets, edge, ci95 = result.hands * result.players, result.edge, result.bank.ci95
    rows = _pai_gow_rows(result)
    if as_json:
        con.print_json(json.dumps({
            "game": "pai-gow", "deals": result.hands, "players": result.players,
            "bet": result.bet, "bets": bets, "outcomes": dict(result.outcomes),
            "copies": result.copies, "commission": result.commission,
            "house_result": result.bank.total, "house_edge": edge,
            "house_edge_ci95": [edge - ci95, edge + ci95], "bots": rows,
        }))  # fmt: skip
        return
    who = (f"{result.players} house-way player(s)" if set(result.kinds) == {"house"}
           else f"{result.players} player(s): {', '.join(result.kinds)}")  # fmt: skip
    dealt = counted(result.hands, "deal", "deals")
    con.print(f"[bold]Pai Gow: {dealt}, {who}, betting {result.bet} each[/bold]")
    outcomes = result.outcomes.items()
    con.print(grid(None, "result|bets|share",
                   ([o, str(n), f"{n / bets:.2%}"] for o, n in outcomes)))  # fmt: skip
    con.print(
        f"house result: {result.bank.total:+d} chips · commission: {result.commission} · "
        f"copies: {result.copies} · house edge: {edge:+.2%} of each chip bet "
        f"(95% interval {edge - ci95:+.2%} … {edge + ci95:+.2%})"
    )
    cells = ([r["bot"], r["sets"], str(r["bets"]), f"{r['chips_won']:+d}", f"{r['per_chip']:+.2%}",
              f"{r['ci95'][0]:+.2%} … {r['ci95'][1]:+.2%}"] for r in rows)  # fmt: skip
    con.print(grid("Each bot's result per chip bet",
                   "bot|sets|bets|chips won|per chip|95% interval", cells, left=2))  # fmt: skip
