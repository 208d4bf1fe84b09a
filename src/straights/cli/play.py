"""``straights play``: Straights, any game of the catalogue or Pai Gow against bots in the terminal.

Starts with no questions (sensible defaults), draws the table with Rich, and
reads actions from the keyboard — or, for tests and demos, from a script file
or a pipe (one answer per line; the end of the input quits).  This module sets
each game up (new, or resumed from the store: a Straights table of an earlier
release included, replayed by :mod:`straights.store.legacy_straights`) and hands
its hook (:class:`~straights.cli.ring_play.PokerTerminal`,
:class:`~straights.cli.paigow_play.PaiGowTerminal`) to the one session
(:func:`~straights.cli.table_play.session`).
"""

from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, Annotated

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
    StackOpt,
    check_muck,
    check_seats,
    game_options,
    game_setup,
    ring_games,
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
from straights.cli.table_play import answers, session, stored_table, unfinished
from straights.cli.table_rules import table_house_way, table_rule_options
from straights.errors import ConfigurationError
from straights.paigow.about import is_pai_gow
from straights.poker.catalogue import get_variant
from straights.poker.house import HouseRules

if TYPE_CHECKING:
    from straights.cli.ring_play import MuckChoice
    from straights.poker.engine import Deal
    from straights.poker.variant import Variant
    from straights.store import Store
    from straights.store.database import TableRecord
    from straights.store.table import StoredTable


@app.command()
@table_rule_options
def play(
    ctx: typer.Context,
    seats: Annotated[int, typer.Option(help="Players at the table, you included (2-10).")] = 4,
    bots: BotsOpt = None,
    betting: BettingOpt = "limit",
    ante: AnteOpt = 1,
    stack: StackOpt = 100,
    pack: PackOpt = 55,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable game.")] = None,
    script: Annotated[
        str | None, typer.Option(help="Read your answers from this file ('-' for stdin).")
    ] = None,
    hands: Annotated[int | None, typer.Option(min=1, help="Stop after this many deals.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database file or SQLAlchemy URL (default: straights.db in the data dir)."
        ),
    ] = None,
    save: Annotated[bool, typer.Option(help="Save the table as it is played.")] = True,
    resume: Annotated[
        bool, typer.Option(help="Continue the last unfinished table, exactly where it stopped.")
    ] = False,
    game_name: GameOpt = None,
    games: GamesOpt = None,
    straddle: StraddleOpt = False,
    button_straddle: ButtonStraddleOpt = False,
    run_it_twice: RunItTwiceOpt = False,
    runs: RunsOpt = None,
    bomb_pot_every: BombEveryOpt = 0,
    bomb_pot_ante: BombAnteOpt = None,
    double_board: DoubleBoardOpt = False,
    muck: Annotated[
        str | None,
        typer.Option(
            help="At a showdown your hand lost, and when you win uncontested: ask (to show "
            "or muck; the default at a terminal), show (every hand shown; the default "
            "with --script or piped answers) or muck (beaten hands mucked unasked)."
        ),
    ] = None,
    table_rules: dict[str, object] | None = None,
) -> None:
    """Play poker against bots: deal after deal until you quit or one player has every chip.

    Straights unless --game names another game; --game dealers-choice lets the
    player on the button choose each deal's game."""
    game_name = game_options(game_name, ctx)  # every option applies or is refused
    house_of = table_house_of(game_name, table_rules, straddle=straddle,
                              button_straddle=button_straddle, run_it_twice=run_it_twice,
                              runs=runs, bomb_pot_every=bomb_pot_every,
                              bomb_pot_ante=bomb_pot_ante, double_board=double_board)  # fmt: skip
    if resume and table_rules:
        from straights.cli.table_rules import spelled

        name, value = next(iter(table_rules.items()))
        raise ConfigurationError(
            f"{spelled(name, value)}: a resumed table keeps the house rules it was "
            "started with; drop it"
        )
    if resume and not save:
        raise ConfigurationError("--resume continues a saved table: drop --no-save")
    check_muck(muck, is_pai_gow(game_name), None)
    chosen = _muck_choice(muck, script)
    if is_pai_gow(game_name):  # a banked game with its own hook: cli/paigow_play.py
        house_of(None)  # refused: Pai Gow has no betting rounds
        from straights.cli.paigow_play import pai_gow_terminal
        from straights.cli.render import console
        from straights.store import Store

        told, out, store = answers(script), console(), Store(db) if save else None
        terminal = partial(pai_gow_terminal, seats=seats, bots=bots, name=name, stack=stack,
                           bet=max(2, min(20, stack)), seed=seed, answers=told, out=out,
                           store=store, resume=resume,
                           house_way=table_house_way(table_rules or {}))  # fmt: skip
        session(terminal, hands, out, store, "straights play --game pai-gow", db)
        return
    ring = ring_games(game_name, games, seats)
    house = house_of(ring)  # refused where no game can have it
    code = straights_code(ring, pack, betting)
    if ring is not None and code is None:  # every other game of the catalogue
        _play_ring(ring, seats, bots, name, stack, seed, script, hands, db, save, resume, house,
                   muck=chosen)  # fmt: skip
        return
    game_setup(
        seats=seats,
        bots=bots,
        betting=betting,
        ante=ante,
        stack=stack,
        pack=pack,
        bot_seats=seats - 1,
    )  # fmt: skip  (refuses what Straights cannot deal)
    assert code is not None  # Straights, on its own stakes and dealer draw
    _play_ring(RingGames((get_variant(code),), False), seats, bots, name, stack, seed, script,
               hands, db, save, resume, house, ante=ante, muck=chosen)  # fmt: skip


def _latest_straights(store: Store) -> TableRecord | None:
    """The newest unfinished terminal table of Straights: on the one table (a code of
    Straights with its ``ante``) or Straights' own table of an earlier release."""
    from straights.poker.catalogue import VARIANTS

    codes = ["straights"] + [c for c in VARIANTS if c.startswith("_STR")]
    found = [store.latest_unfinished("terminal", code) for code in codes]
    mine = [r for r in found if r is not None and (r.game == "straights" or "ante" in r.settings)]
    return max(mine, key=lambda r: r.id, default=None)


def _play_ring(
    ring: RingGames,
    seats: int,
    bots: str | None,
    name: str,
    stack: int,
    seed: int | None,
    script: str | None,
    hands: int | None,
    db: str | None,
    save: bool,
    resume: bool,
    house: HouseRules | None = None,
    *,
    ante: int | None = None,
    muck: MuckChoice = "show",
) -> None:
    """Any game of the catalogue at the one table; ``ante``: Straights itself, on its own
    stakes with the dealer draw (``straights play`` with no ``--game``; a resumed table
    may be Straights' own table of an earlier release, carried over to the one table);
    ``muck``: the player's choice at a lost showdown (a resumed table keeps its own)."""
    from straights.bots.arena import deal_bots, muck_seats
    from straights.cards import make_rng
    from straights.cli.render import console
    from straights.cli.ring_play import PokerTerminal
    from straights.poker.catalogue import game_name
    from straights.store import Store
    from straights.store.table import POKER, Replaying, StoredTable

    check_seats("--seats", seats, stack)
    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    label = "dealers-choice" if ring.dealers_choice else game_name(game)
    out = console()
    store = Store(db) if save else None
    variants = list(ring.variants)
    record = None
    if store is not None and resume:
        if ante is None:
            record = unfinished(store, store.latest_unfinished("terminal", game), label)
        else:
            record = unfinished(store, _latest_straights(store), None)
        if record.game == "straights":  # Straights' own table of an earlier release
            kinds, bot_seed, names, stack, variants, ante = _earlier_straights(store, record)
            table_seed, choice_seed = record.seed, 0
        else:
            s = record.settings
            kinds = list(s["bots"])
            bot_seed, table_seed, choice_seed = s["bot_seed"], record.seed, s["choice_seed"]
            names, stack = list(s["names"]), int(s["stack"])
            variants = [get_variant(code) for code in s["games"]]
            house = HouseRules.from_changes(s["house"]) if s.get("house") else None
            ante = s.get("ante")
    else:
        kinds = list(game_setup(seats=seats, bots=bots, betting="limit", ante=1,
                                stack=max(stack, 1), pack=55, bot_seats=seats - 1))  # fmt: skip
        rng = make_rng(seed)
        bot_seed, table_seed, choice_seed = (rng.getrandbits(63) for _ in range(3))
        names = [name] + [f"{kind.capitalize()} {k}" for k, kind in enumerate(kinds, start=1)]
    seat_bots = deal_bots(kinds, bot_seed, variants)
    stored = None
    if store is not None:
        settings = {"games": [v.code for v in variants], "bots": kinds, "bot_seed": bot_seed,
                    "choice_seed": choice_seed}  # fmt: skip
        settings.update({k: seats for k, seats in muck_seats(muck, [0]).items() if seats})
        if house is not None and house.changes():
            settings["house"] = house.changes()
        if ante is not None:
            settings["ante"] = ante

        def stored(hook: Replaying, button: int) -> StoredTable[Deal, Variant]:
            assert store is not None
            if record is None:
                make = partial(StoredTable.create, store, POKER, game, names, stack,
                               seed=table_seed, button=button, settings=settings)  # fmt: skip
            else:  # a Straights table of an earlier release included
                make = partial(StoredTable.load, store, record.id, hook)
            return stored_table(out, store, record, make)

    terminal = partial(PokerTerminal, games=variants, dealers_choice=ring.dealers_choice,
                       bots=seat_bots, names=names, stack=stack, seed=table_seed,
                       answers=answers(script), out=out, choice_seed=choice_seed, stored=stored,
                       house=house, ante=ante, muck=muck)  # fmt: skip
    again = "straights play" if ante is not None else f"straights play --game {label}"
    session(terminal, hands, out, store, again, db)


def _earlier_straights(
    store: Store, record: TableRecord
) -> tuple[list[str], int, list[str], int, list[Variant], int]:
    """A terminal table of Straights' own, stored by an earlier release: its bots (by
    seat), the bots' seed, the names it seated, the starting stack, its game and ante."""
    from straights.store.legacy_straights import variant_of

    config = record.config
    kinds = {int(seat): kind for seat, kind in record.settings["bots"].items()}
    sat = {int(c.command["seat"]): str(c.command["name"])
           for c in store.log(record.id) if c.command.get("kind") == "sit"}  # fmt: skip
    names = [sat.get(seat, "") for seat in range(config.seats)]
    return ([kinds[s] for s in sorted(kinds)], int(record.settings["bot_seed"]), names,
            config.starting_stack, [variant_of(config)], config.ante)  # fmt: skip


def _muck_choice(muck: str | None, script: str | None) -> MuckChoice:
    """``--muck`` (checked); unset: ``ask`` when the answers are typed at a terminal, else
    ``show`` (answers scripted before the question existed still fit)."""
    if muck is None:
        return "ask" if script is None and sys.stdin.isatty() else "show"
    return muck  # type: ignore[return-value]
