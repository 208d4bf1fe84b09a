"""The bot interfaces: a bot sees one seat's view and answers what that seat does.

* :class:`Bot` plays Straights' own table (:class:`~straights.game.Table`): it sees a
  :class:`~straights.game.view.SeatView` and returns one of its legal actions (``act``);
* :class:`DealBot` plays a deal of any variant (:class:`~straights.poker.Deal`): it sees
  a :class:`~straights.poker.DealView` and returns a :class:`~straights.poker.Move`
  (``decide``) — a betting action, the cards it discards, or the cards it turns up.

Every poker bot (``random``, ``calling``, ``strength``, ``equity``, ``cfr``) is both;
``cfr`` decides in Straights' deals only (its ``plays(variant)``, :func:`can_decide`).

Every bot by name: :func:`straights.bots.registry.make_bot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from straights.game.hand import Action
from straights.game.view import SeatView
from straights.poker.view import DealView, Move

if TYPE_CHECKING:
    from straights.poker.variant import Variant

__all__ = ["Bot", "DealBot", "answer", "can_decide", "pick", "pick_move"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``act(view) -> Action`` is a bot.

    ``act`` is called only when ``view.legal`` is not empty and must return one
    of ``view.legal`` (the engine rejects anything else).
    """

    name: str

    def act(self, view: SeatView) -> Action: ...


@runtime_checkable
class DealBot(Protocol):
    """Anything with a ``name`` and ``decide(view) -> Move`` plays any variant.

    ``decide`` is called only for the seat to act (``view.actor == view.seat``):
    in the ``betting`` phase it returns one of ``view.legal`` as a :class:`Move`
    (with ``to`` for a bet, raise or completion); in a ``draw`` at most
    ``view.draw_limit`` of its cards to discard; in the ``expose`` phase exactly
    ``view.choose_up`` of its face-down cards to turn up.
    """

    name: str

    def decide(self, view: DealView) -> Move: ...


def answer(bot: DealBot, view: DealView) -> Move:
    """``bot``'s move for ``view``.  Asked how many times to run the rest of the board
    (``view.runs``), a bot with a ``runs(view) -> int`` method answers it; every other
    bot agrees to the most runs the table offers.  Anything else is ``bot.decide``.

    >>> from straights.bots.registry import make_bot
    >>> from straights.poker import DealView
    >>> asked = DealView("NT", "preflop", 0, (), (), 100, 0, phase="runs", runs=(1, 2))
    >>> answer(make_bot("calling"), asked)  # type: ignore[arg-type]
    Move(kind='runs', to=2, cards=())
    """
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


def pick(view: SeatView, *kinds: str) -> Action:
    """The first legal action among ``kinds`` in order of preference (else the first legal).

    >>> from straights.game import Table, TableConfig
    >>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
    >>> str(pick(t.view(t.start_hand().actor), "raise", "bet"))
    'bet 1'
    """
    for kind in kinds:
        for action in view.legal:
            if action.kind == kind:
                return action
    return view.legal[0]
