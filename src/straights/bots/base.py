"""The bot interface: a bot sees one seat's view of a deal and answers what it does.

:class:`Bot` plays a deal of any variant of the engine (:class:`~straights.poker.Deal`,
Straights included): it sees a :class:`~straights.poker.DealView` and returns a
:class:`~straights.poker.Move` (``decide``) — a betting action, the cards it discards,
or the cards it turns up.  Every poker bot (``random``, ``calling``, ``strength``,
``equity``, ``cfr``) is one; ``cfr`` decides in Straights' deals only (its
``plays(variant)``, :func:`can_decide`).

Every bot by name: :func:`straights.bots.registry.make_bot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from straights.poker.view import DealView, Move

if TYPE_CHECKING:
    from straights.poker.variant import Variant

__all__ = ["Bot", "answer", "can_decide", "pick_move"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``decide(view) -> Move`` plays any variant.

    ``decide`` is called only for the seat to act (``view.actor == view.seat``):
    in the ``betting`` phase it returns one of ``view.legal`` as a :class:`Move`
    (with ``to`` for a bet, raise or completion); in a ``draw`` at most
    ``view.draw_limit`` of its cards to discard; in the ``expose`` phase exactly
    ``view.choose_up`` of its face-down cards to turn up.  The runs of the board and
    show or muck are answered by :func:`answer` (optional ``runs`` and ``shows``
    methods).
    """

    name: str

    def decide(self, view: DealView) -> Move: ...


def answer(bot: Bot, view: DealView) -> Move:
    """``bot``'s move for ``view``.  Asked how many times to run the rest of the board
    (``view.runs``), a bot with a ``runs(view) -> int`` method answers it; every other
    bot agrees to the most runs the table offers.  Asked to show or muck
    (``view.show_or_muck``), a bot with a ``shows(view) -> bool`` method answers it;
    every other bot mucks (it never shows a hand it need not).  Anything else is
    ``bot.decide``.

    >>> from straights.bots.registry import make_bot
    >>> from straights.poker import DealView
    >>> asked = DealView("NT", "preflop", 0, (), (), 100, 0, phase="runs", runs=(1, 2))
    >>> answer(make_bot("calling"), asked)  # type: ignore[arg-type]
    Move(kind='runs', to=2, cards=())
    >>> answer(make_bot("calling"), DealView("NT", "river", 0, (), (), 9, 0, phase="muck",
    ...                                      show_or_muck=True))
    Move(kind='muck', to=None, cards=())
    """
    if view.show_or_muck:
        shows = getattr(bot, "shows", None)
        return Move("show" if callable(shows) and shows(view) else "muck")
    if view.runs:
        choose = getattr(bot, "runs", None)
        return Move("runs", choose(view) if callable(choose) else view.runs[-1])
    return bot.decide(view)


def can_decide(bot: object, variant: Variant | None = None) -> bool:
    """Whether ``bot`` plays deals of the engine (has ``decide``) — of ``variant``, when
    given: a bot that plays only some games says which with ``plays(variant)`` (the
    ``cfr`` bot plays Straights only).

    >>> from straights.bots.cfr import CfrBot
    >>> from straights.poker import get_variant
    >>> bot = CfrBot(rng=1)
    >>> can_decide(bot), can_decide(bot, get_variant("_STR52L")), can_decide(bot, get_variant("NT"))
    (True, True, False)
    """
    if not callable(getattr(bot, "decide", None)):
        return False
    plays = getattr(bot, "plays", None)
    return variant is None or plays is None or bool(plays(variant))


def pick_move(view: DealView, *kinds: str) -> Move:
    """The first legal betting action among ``kinds`` (else the first legal) as a Move;
    a bet, raise or completion goes to the smallest total allowed.

    >>> from straights.cards import make_deck
    >>> from straights.poker import Deal, Stakes, deal_view, get_variant
    >>> deal = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2),
    ...             [100, 100], make_deck().shuffled(1))
    >>> pick_move(deal_view(deal, deal.actor), "raise", "call")
    Move(kind='raise', to=4, cards=())
    """
    for kind in kinds:
        for legal in view.legal:
            if legal.kind == kind:
                return _move(legal.kind, legal.low)
    first = view.legal[0]
    return _move(first.kind, first.low)


def _move(kind: str, low: int) -> Move:
    return Move(kind, low if kind in ("bet", "raise", "complete") else None)
