"""Stand-ins loaded into a test server's process (``webtools.Server(before=...)``), so
that a browser test meets what it is about at once rather than by chance, and reads a
finished deal before the next one can replace it:

- :func:`before`: the variant tables deal a stacked deck — the cards a test names on
  top, the rest of the deck after them in its usual order — and may start some seats
  with fewer chips; the first deal starts as soon as it can, so the server's
  ``--deal-delay`` is only the pause between deals: a long one (30 s) keeps a finished
  deal on the page while the test reads it, and costs nothing before the first deal;
- :func:`tables_before`: the same by table name, for one server shared by a module;
- a deal's deck may also be given seat by seat, ``({seat: "hole cards"}, "the rest")``,
  so that who holds what does not hang on who has the button (Straights draws it);
- :func:`told_before`: each deal waits until the test says (:func:`tell_deal`).

>>> before("{1: 'As Ad'}", "{2: 20}").splitlines()
['import stacked', "stacked.install({1: 'As Ad'}, {2: 20})"]
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from straights.cards import Card, parse_cards
from straights.web import poker_game


def before(decks: str = "{}", stacks: str = "{}") -> str:
    """The ``before`` code of a server whose deal ``n`` starts with ``decks[n]``'s cards
    (a dict literal of text), whose seats start deal 1 with ``stacks[seat]`` chips and
    whose first deal waits no ``--deal-delay``."""
    return f"import stacked\nstacked.install({decks}, {stacks})"


class _Stacked:
    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards

    def shuffled(self, rng: Any = None) -> list[Card]:
        return list(self.cards)


def install(decks: dict[int, Any], stacks: dict[int, int]) -> None:
    """Deal ``decks[n]`` on top at deal ``n``; seat ``s`` has ``stacks[s]`` chips at deal 1;
    the first deal starts at once."""
    first_deal_at_once()
    _stack_poker_deals((decks, stacks))


def tables_before(tables: dict[str, dict[str, Any]]) -> str:
    """The ``before`` code of a server shared by several tests, each at a table of its
    own name: the table named ``name`` deals ``tables[name]["decks"]``, its seats start
    with ``tables[name]["stacks"]`` chips (as :func:`install`) and it waits
    ``tables[name]["pause"]`` seconds between deals (else ``--deal-delay``); its first
    deal waits ``tables[name]["first"]`` seconds (else none).

    >>> tables_before({"kicker": {"decks": {1: "Ah Kd"}, "pause": 30.0}}).splitlines()[1]
    "stacked.install_tables({'kicker': {'decks': {1: 'Ah Kd'}, 'pause': 30.0}})"
    """
    return f"import stacked\nstacked.install_tables({tables!r})"


def install_tables(tables: dict[str, dict[str, Any]]) -> None:
    """Arrange each named table's deals as :func:`tables_before` says."""
    first_deal_at_once(
        {name: t["pause"] for name, t in tables.items() if "pause" in t},
        {name: t["first"] for name, t in tables.items() if "first" in t},
    )
    _stack_poker_deals(({}, {}))
    deal = poker_game.PokerWebGame.deal

    def deal_named(self: poker_game.PokerWebGame, command: dict[str, Any]) -> list[int]:
        arranged = tables.get(self.table.settings.name)
        if arranged is not None:
            self.engine.stacked = (arranged.get("decks", {}), arranged.get("stacks", {}))  # type: ignore[attr-defined]
        return deal(self, command)

    poker_game.PokerWebGame.deal = deal_named  # type: ignore[method-assign]


def _stack_poker_deals(default: tuple[dict[int, str], dict[int, int]]) -> None:
    """The variant tables deal stacked decks: a table's own (``stacked`` on its seats,
    set by :func:`install_tables`) or ``default``."""
    start = poker_game.PokerSeats.start_hand
    usual = poker_game.make_deck

    def start_hand(
        self: Any, variant: Any, muckers: Collection[int] = (), asked: Collection[int] = ()
    ) -> Any:
        decks, stacks = getattr(self, "stacked", default)
        number = self.hand_number + 1
        if number == 1:
            for seat, chips in stacks.items():
                if self.seats[seat] is not None:
                    self.seats[seat].stack = chips
        top = _top(self, decks[number]) if number in decks else []

        def make(name: str = "standard", *, jokers: int = 0) -> Any:
            deck = usual(name, jokers=jokers)
            if not top:
                return deck
            return _Stacked(top + [c for c in deck if c not in top])

        poker_game.make_deck = make  # type: ignore[assignment]
        try:
            return start(self, variant, muckers, asked)
        finally:
            poker_game.make_deck = usual

    poker_game.PokerSeats.start_hand = start_hand  # type: ignore[method-assign]


def _top(seats: Any, deck: str | tuple[dict[int, str], str]) -> list[Card]:
    """The cards on top of the deck: ``deck`` itself, or seat by seat (each player's
    hole cards together, in the order the deal seats them, then the rest)."""
    if isinstance(deck, str):
        return list(parse_cards(deck))
    holes, rest = deck
    ready = sorted(s for s, p in enumerate(seats.seats) if p is not None and p.stack > 0)
    button = seats.next_button(ready)  # as start_hand works it out (a seeded draw)
    k = ready.index(button)
    order = ready[k + 1 :] + ready[: k + 1]
    text = " ".join([holes[s] for s in order] + [rest])
    return list(parse_cards(text))


def first_deal_at_once(
    pauses: dict[str, float] | None = None, firsts: dict[str, float] | None = None
) -> None:
    """A table's first deal waits no ``--deal-delay`` (``firsts[name]`` seconds at a table
    of that name); the later ones wait it all, or ``pauses[name]`` seconds."""
    from straights.web.tables import WebTable

    usual = WebTable.next_auto
    later, first = pauses or {}, firsts or {}

    def next_auto(
        self: WebTable, *, connected: set[int], idle: float, bot_delay: float, deal_delay: float
    ) -> Any:
        name, dealt = self.settings.name, self.hand_number > 0
        deal_delay = later.get(name, deal_delay) if dealt else first.get(name, 0.0)
        return usual(
            self, connected=connected, idle=idle, bot_delay=bot_delay, deal_delay=deal_delay
        )

    WebTable.next_auto = next_auto  # type: ignore[method-assign]


def told_before(folder: str) -> str:
    """The ``before`` code of a server whose tables start deal ``n`` only once the test
    made the file ``folder/deal-n`` (:func:`tell_deal`): the first when everyone sat, the
    next when the test has read a finished deal, however long that took.

    >>> told_before("/tmp/x").splitlines()[1]
    "stacked.deal_when_told('/tmp/x')"
    """
    return f"import stacked\nstacked.deal_when_told({folder!r})"


def tell_deal(folder: str | Path, number: int) -> None:
    """Let deal ``number`` start (see :func:`told_before`)."""
    (Path(folder) / f"deal-{number}").touch()


def deal_when_told(folder: str) -> None:
    """Hold each deal ``n`` until ``folder/deal-n`` exists (looked for every 0.1 s),
    then deal it after ``--deal-delay`` as usual."""
    from straights.web.seats import Auto
    from straights.web.tables import WebTable

    usual = WebTable.next_auto

    def next_auto(
        self: WebTable, *, connected: set[int], idle: float, bot_delay: float, deal_delay: float
    ) -> Any:
        plan = usual(
            self, connected=connected, idle=idle, bot_delay=bot_delay, deal_delay=deal_delay
        )
        deal = plan is not None and (plan.command or {}).get("kind") == "deal"
        number = self.hand_number + 1
        if deal and not (Path(folder) / f"deal-{number}").exists():
            return Auto(0.1, plan.command)  # not yet: look again in 0.1 s
        return plan

    WebTable.next_auto = next_auto  # type: ignore[method-assign]
