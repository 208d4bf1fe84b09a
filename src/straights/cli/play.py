"""``straights play``: Straights, any game of the catalogue or Pai Gow against bots in the terminal.

Starts with no questions (sensible defaults), draws the table with Rich, and
reads actions from the keyboard — or, for tests and demos, from a script file
or a pipe (one answer per line; the end of the input quits).  Each game's set-up
(:func:`_poker`, :func:`_pai_gow`) gives its hook
(:class:`~straights.cli.ring_play.PokerTerminal`,
:class:`~straights.cli.paigow_play.PaiGowTerminal`) on a table, new or resumed
from the store (a Straights table of an earlier release included, replayed by
:mod:`straights.store.legacy_straights`); one path for every game (:func:`_play`)
stores or loads that table and hands the hook to the one session
(:func:`~straights.cli.table_play.session`).
"""

from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

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
    check_straights,
    game_options,
    pai_gow_settings,
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
from straights.cli.table_play import answers, session, stored_table, unfinished
from straights.cli.table_rules import table_house_way, table_rule_options
from straights.errors import ConfigurationError
from straights.paigow.about import is_pai_gow
from straights.poker.catalogue import get_variant
from straights.poker.house import HouseRules

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from rich.console import Console

    from straights.cli.table_play import TerminalTable
    from straights.game.wording import Phrase
    from straights.paigow.rules import HouseWayName
    from straights.poker.variant import Variant
    from straights.store import Store
    from straights.store.database import TableRecord
    from straights.store.table import StoredTable

    #: A game's terminal hook, and how a new stored table of its table is created.
    _Made = tuple[TerminalTable[Any, Any], Callable[[Store], StoredTable[Any, Any]]]


#: The player's choice at a showdown his hand lost (and when he wins uncontested).
MuckChoice = Literal["ask", "show", "muck"]


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
        setup = _pai_gow(seats, bots, name, stack, seed, table_house_way(table_rules or {}))
    else:
        ring = ring_games(game_name, games, seats)
        house = house_of(ring)  # refused where no game can have it
        code = straights_code(ring, pack, betting)
        if code is not None:  # Straights on its own stakes and dealer draw (its options checked)
            check_straights(betting=betting, ante=ante, stack=stack, pack=pack)
            ring = RingGames((get_variant(code),), False)
        assert ring is not None  # (with no code: a game of the catalogue, or dealer's choice)
        setup = _poker(ring, seats, bots, name, stack, seed, house,
                       ante=None if code is None else ante, muck=chosen)  # fmt: skip
    _play(setup, script, hands, db, save, resume)


class _Setup(NamedTuple):
    """A game's hook on :func:`_play`: ``label`` (its ``--game``; ``None``: Straights),
    ``latest(store)`` (its newest unfinished terminal table) and ``terminal(store,
    found, answers, out)``: the game's terminal hook on a new table, or with the
    settings of the stored table ``found``, and how a new table of it is stored."""

    label: str | None
    latest: Callable[[Store], TableRecord | None]
    terminal: Callable[[Store | None, TableRecord | None, Iterator[str], Console], _Made]


def _play(setup: _Setup, script: str | None, hands: int | None, db: str | None, save: bool,
          resume: bool) -> None:  # fmt: skip
    """Play ``setup``'s game on the one session (at most ``hands`` deals), stored unless
    not ``save``; ``resume``: the last unfinished table, played on where it stopped."""
    from straights.cli.render import console
    from straights.store import Store
    from straights.store.table import StoredTable

    told, out, store = answers(script), console(), Store(db) if save else None

    def terminal() -> TerminalTable[Any, Any]:
        found = None
        if store is not None and resume:
            found = unfinished(store, setup.latest(store), setup.label)
        made, create = setup.terminal(store, found, told, out)
        if store is not None:  # stored: the table new, or loaded and played on
            make = (partial(create, store) if found is None
                    else partial(StoredTable.load, store, found.id, made.replay))  # fmt: skip
            made.record = stored_table(out, store, found, make)
            made.table = made.record.table
        return made

    again = "straights play" + ("" if setup.label is None else f" --game {setup.label}")
    session(terminal, hands, out, store, again, db)


def _pai_gow(seats: int, bots: str | None, name: str, stack: int, seed: int | None,
             house_way: HouseWayName) -> _Setup:  # fmt: skip
    """Pai Gow against the bank, the other seats' bots in turn (``house`` unless named),
    each betting what the player first bets; a resumed table keeps its own bots, bet
    and house way."""
    from straights.bots.paigow import make_paigow_bot
    from straights.cli.paigow_play import PaiGowTerminal
    from straights.store.table import PAI_GOW, StoredTable, pai_gow_game
    from straights.table import Table

    check_seats("--seats", seats, stack, pai_gow=True)
    names = [name] + [f"Bot {seat}" for seat in range(2, seats + 1)]
    bet = max(2, min(20, stack))
    new: dict[str, Any] = {"commission": "exact", "house_way": house_way, "stack": stack,
                           "names": names}  # fmt: skip

    def terminal(_: Store | None, found: TableRecord | None, told: Iterator[str],
                 out: Console) -> _Made:  # fmt: skip
        if found is None:
            new["bots"] = seat_bots(bots, seats - 1, pai_gow=True)
        settings = new if found is None else found.settings
        # (a table stored before exact commissions keeps its rules, a resumed one its house way)
        hook, chips = pai_gow_game(settings), int(settings["stack"])
        played = int(settings.get("bet", bet))  # (none when not stored at a terminal)
        kinds = settings.get("bots", ["house"] * (len(settings["names"]) - 1))
        hook.rules.check_bet(played, chips)  # a bad bet stores no table
        players = {seat: make_paigow_bot(kind, hook.rules) for seat, kind in enumerate(kinds, 2)}
        table = Table(hook, settings["names"], chips, seed=seed)
        # (stored with the seed as given: the same deals as an unsaved table of that seed)
        return PaiGowTerminal(table, hook.rules, played, told, out, players), lambda store: (
            StoredTable.create(store, PAI_GOW, "pai-gow", names, stack, seed=seed,
                               settings=pai_gow_settings(bet, new["bots"], house_way)))  # fmt: skip

    return _Setup("pai-gow", lambda store: store.latest_unfinished("terminal", "pai-gow"), terminal)


def _latest_straights(store: Store) -> TableRecord | None:
    """The newest unfinished terminal table of Straights: on the one table (a code of
    Straights with its ``ante``) or Straights' own table of an earlier release."""
    from straights.poker.catalogue import VARIANTS

    codes = ["straights"] + [c for c in VARIANTS if c.startswith("_STR")]
    found = [store.latest_unfinished("terminal", code) for code in codes]
    mine = [r for r in found if r is not None and (r.game == "straights" or "ante" in r.settings)]
    return max(mine, key=lambda r: r.id, default=None)


def _poker(
    ring: RingGames,
    seats: int,
    bots: str | None,
    name: str,
    stack: int,
    seed: int | None,
    house: HouseRules | None = None,
    *,
    ante: int | None = None,
    muck: MuckChoice = "show",
) -> _Setup:
    """Any game of the catalogue at the one table; ``ante``: Straights itself, on its own
    stakes with the dealer draw (``straights play`` with no ``--game``; a resumed table
    may be Straights' own table of an earlier release, carried over to the one table);
    ``muck``: the player's choice at a lost showdown (a resumed table keeps its own)."""
    from straights.bots.arena import deal_bots, muck_seats
    from straights.cards import make_rng
    from straights.cli.ring_play import PokerTerminal
    from straights.poker.catalogue import game_name
    from straights.poker.stakes import default_stakes
    from straights.store.table import POKER, StoredTable
    from straights.table import PokerGame, Table, straights_stakes

    check_seats("--seats", seats, stack)
    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    label = "dealers-choice" if ring.dealers_choice else game_name(game)

    def terminal(store: Store | None, found: TableRecord | None, told: Iterator[str],
                 out: Console) -> _Made:  # fmt: skip
        variants, chips, table_ante = list(ring.variants), stack, ante
        if store is not None and found is not None:
            if found.game == "straights":  # Straights' own table of an earlier release
                settings, variants = _earlier_straights(store, found)
            else:
                settings = dict(found.settings)
                variants = [get_variant(code) for code in settings["games"]]
            names, chips, table_seed = list(settings["names"]), int(settings["stack"]), found.seed
            table_ante = settings.get("ante")
        else:
            kinds = seat_bots(bots, seats - 1)
            rng = make_rng(seed)
            bot_seed, table_seed, choice_seed = (rng.getrandbits(63) for _ in range(3))
            names = [name] + [f"{kind.capitalize()} {k}" for k, kind in enumerate(kinds, start=1)]
            settings = {"games": [v.code for v in variants], "bots": list(kinds),
                        "bot_seed": bot_seed, "choice_seed": choice_seed}  # fmt: skip
            settings.update({k: seats for k, seats in muck_seats(muck, [0]).items() if seats})
            if house is not None and house.changes():
                settings["house"] = house.changes()
            if ante is not None:
                settings["ante"] = ante
        players = deal_bots(settings["bots"], settings["bot_seed"], variants)
        draws: list[Phrase] = []
        button, stakes = 0, default_stakes  # you deal first
        if table_ante is not None:  # Straights on its stakes, the button drawn for (rule 1)
            button, draws = _dealer_draw(names, variants[0], table_seed or 0)
            stakes = partial(straights_stakes, ante=table_ante)
        table = Table(PokerGame(stakes, house, **muck_seats(muck, [0])), names, chips,
                      seed=table_seed, button=button)  # fmt: skip
        made = PokerTerminal(table, out, told, games=variants, bots=players, draws=draws,
                             dealers_choice=ring.dealers_choice,
                             choice_seed=settings["choice_seed"])  # fmt: skip
        return made, lambda store: StoredTable.create(store, POKER, game, names, stack,
                                                      seed=table_seed, button=button,
                                                      settings=settings)  # fmt: skip

    if ante is not None:  # Straights: on its own stakes, or its own table of an earlier release
        return _Setup(None, _latest_straights, terminal)
    return _Setup(label, lambda store: store.latest_unfinished("terminal", game), terminal)


def _dealer_draw(names: Sequence[str], variant: Variant, seed: int) -> tuple[int, list[Phrase]]:
    """The first button by the dealer draw (rule 1) from the table's ``seed``, and the
    draw told (the player in seat 0 is "you")."""
    from straights.cards import make_deck
    from straights.game.draw import draw_button
    from straights.game.wording import phrase

    draws = draw_button(len(names), len(make_deck(variant.deck, jokers=variant.jokers)), seed)
    winner = draws[-1].winner
    assert winner is not None  # the draw goes on until one card is highest
    who = dict(enumerate(names)).get
    return winner, [phrase(d, who, you=0) for d in draws]


def _earlier_straights(store: Store, record: TableRecord) -> tuple[dict[str, Any], list[Variant]]:
    """A terminal table of Straights' own, stored by an earlier release, as the one
    table's settings (its bots by seat, the bots' seed, the names it seated, the
    starting stack, its ante) and its game."""
    from straights.store.legacy_straights import variant_of

    config = record.config
    kinds = {int(seat): kind for seat, kind in record.settings["bots"].items()}
    sat = {int(c.command["seat"]): str(c.command["name"])
           for c in store.log(record.id) if c.command.get("kind") == "sit"}  # fmt: skip
    settings = {"bots": [kinds[s] for s in sorted(kinds)], "choice_seed": 0,
                "bot_seed": int(record.settings["bot_seed"]), "stack": config.starting_stack,
                "names": [sat.get(seat, "") for seat in range(config.seats)],
                "ante": config.ante}  # fmt: skip
    return settings, [variant_of(config)]


def _muck_choice(muck: str | None, script: str | None) -> MuckChoice:
    """``--muck`` (checked); unset: ``ask`` when the answers are typed at a terminal, else
    ``show`` (answers scripted before the question existed still fit)."""
    if muck is None:
        return "ask" if script is None and sys.stdin.isatty() else "show"
    return muck  # type: ignore[return-value]
