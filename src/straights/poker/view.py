"""What one seat may see of a deal: the only place that hides cards.

A seat sees its own hole cards, every card dealt face up, the face-up board
cards (not a face-down key card before it is turned), and the cards a player
showed; everything else is ``None`` (face down).  A spectator
(``seat=None``) sees only what is public.

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, get_variant
>>> deal = Deal(get_variant("F7S"), Stakes.uniform(2, ante=1, bring_in=1, small_bet=2,
...             big_bet=4), [20, 20], make_deck().shuffled(2))
>>> mine = deal_view(deal, 0)
>>> [c is None for c in mine.players[0].cards], [c is None for c in mine.players[1].cards]
([False, False, False], [True, True, False])
>>> mine.players[1].up, mine.phase, mine.choice
((False, False, True), 'betting', None)

A seat answers its view with a :class:`Move`, applied by :func:`play`:

>>> who = deal.actor
>>> play(deal, Move("bring-in")).kind, deal.actor != who
('bring-in', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from straights.cards import Card
from straights.errors import IllegalActionError
from straights.poker.engine import CardChoice, Deal, Entry, Legal

__all__ = ["DealView", "Move", "PlayerView", "choice_dict", "deal_view", "entry_view", "play"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as a viewer sees him; ``cards`` hold ``None`` for a face-down card."""

    index: int
    stack: int
    bet: int
    folded: bool
    cards: tuple[Card | None, ...]
    #: Which of ``cards`` lie face up (stud's up cards), in the same order.
    up: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class DealView:
    """The deal as ``seat`` sees it (``None``: a spectator)."""

    variant: str
    street: str
    seat: int | None
    players: tuple[PlayerView, ...]
    board: tuple[Card | None, ...]
    pot: int
    actor: int | None
    legal: tuple[Legal, ...] = field(default=())
    #: The deal's phase: ``betting``, ``draw``, ``discard``, ``expose``, ``runs``,
    #: ``showdown``, ``muck`` (a player asked to show or muck) or ``over``.
    phase: str = "betting"
    #: The seat's card decision now (its turn to draw, throw or turn up cards), as the
    #: engine states it (:meth:`~straights.poker.engine.Deal.card_choice`); else ``None``.
    choice: CardChoice | None = None
    #: How many times the seat may ask to run the rest of the board, at its turn to say
    #: (:meth:`~straights.poker.engine.Deal.run_choice`: ``(1, 2)`` for run it twice);
    #: else empty.
    runs: tuple[int, ...] = ()
    #: A double board's second board (its cards all face up); else empty.
    second_board: tuple[Card | None, ...] = ()
    #: Whether the seat, at its turn, is asked to show or muck its hand (beaten at the
    #: showdown, or the winner of an uncontested pot: phase ``muck``).
    show_or_muck: bool = False

    @property
    def draw_limit(self) -> int:
        """How many cards the seat may discard now (a draw or a throw, its turn); else 0."""
        choice = self.choice
        return choice.most if choice is not None and choice.kind == "discard" else 0

    @property
    def choose_up(self) -> int:
        """How many cards the seat must turn up now (its turn); else 0."""
        choice = self.choice
        return choice.most if choice is not None and choice.kind == "expose" else 0

    @property
    def me(self) -> PlayerView | None:
        """The viewing seat's player (``None`` for a spectator)."""
        return None if self.seat is None else self.players[self.seat]

    @property
    def to_call(self) -> int:
        """Chips the viewing seat must add to call the street's highest bet (0: a spectator)."""
        me = self.me
        if me is None:
            return 0
        return min(me.stack, max(p.bet for p in self.players) - me.bet)

    def in_hand(self) -> tuple[int, ...]:
        """Players (indices) who have not folded."""
        return tuple(p.index for p in self.players if not p.folded)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (cards in ASCII, ``"??"`` face down)."""

        def text(cards: tuple[Card | None, ...]) -> list[str]:
            return ["??" if c is None else c.ascii() for c in cards]

        return {
            "variant": self.variant,
            "street": self.street,
            "seat": self.seat,
            "players": [
                {
                    "index": p.index,
                    "stack": p.stack,
                    "bet": p.bet,
                    "folded": p.folded,
                    "cards": text(p.cards),
                    "up": list(p.up),
                }
                for p in self.players
            ],
            "board": text(self.board),
            "pot": self.pot,
            "actor": self.actor,
            "legal": [str(a) for a in self.legal],
            "phase": self.phase,
            "draw_limit": self.draw_limit,
            "choose_up": self.choose_up,
            "card_choice": None if self.choice is None else choice_dict(self.choice),
            "runs": list(self.runs),
            "second_board": text(self.second_board),
            "show_or_muck": self.show_or_muck,
        }


def choice_dict(choice: CardChoice) -> dict[str, Any]:
    """A card decision for a page: its move, how many cards, which positions, in words.

    >>> choice_dict(CardChoice("discard", 2, 2, (0, 1, 2, 3)))["words"]
    'discard 2 cards'
    """
    return {
        "action": choice.kind,
        "least": choice.least,
        "most": choice.most,
        "positions": list(choice.positions),
        "replaced": choice.replaced,
        "verb": choice.verb,
        "words": str(choice),
    }


def _shown(deal: Deal) -> list[set[Card]]:
    shown: list[set[Card]] = [set() for _ in range(deal.n)]
    for entry in deal.log:
        if entry.kind == "show" and entry.player is not None:
            shown[entry.player].update(c for c in entry.cards if c is not None)
    return shown


def deal_view(deal: Deal, seat: int | None) -> DealView:
    """The deal as ``seat`` (a player index, or ``None``) may see it."""
    shown = _shown(deal)
    players = []
    for i in range(deal.n):
        cards: list[Card | None] = []
        ups: tuple[bool, ...] = ()
        if not deal.folded[i]:
            for card, up in zip(deal.holes[i], deal.up[i], strict=True):
                visible = i == seat or up or card in shown[i]
                cards.append(card if visible else None)
            ups = tuple(deal.up[i])
        players.append(
            PlayerView(i, deal.stacks[i], deal.bets[i], deal.folded[i], tuple(cards), ups)
        )
    actor = deal.actor
    mine = seat is not None and seat == actor
    return DealView(
        variant=deal.variant.code,
        street=deal.street_name,
        seat=seat,
        players=tuple(players),
        board=tuple(c if up else None for c, up in zip(deal.board, deal.board_up, strict=True)),
        pot=deal.pot,
        actor=actor,
        legal=deal.legal_actions() if mine else (),
        phase=deal.phase,
        choice=deal.card_choice() if mine else None,
        runs=(deal.run_choice() or ()) if mine else (),
        second_board=tuple(deal.boards[1]) if deal.double_board else (),
        show_or_muck=mine and deal.phase == "muck",
    )


#: Log entries whose cards everyone sees as they are.
_PUBLIC_KINDS = frozenset({"turn", "show"})
#: Log entries whose cards only their player sees (a draw's discards, a choice to turn up).
_OWN_KINDS = frozenset({"hole", "discard", "expose"})


def entry_view(entry: Entry, seat: int | None) -> Entry:
    """One line of a deal's log as ``seat`` (a player index, or ``None``) may see it:
    a card becomes ``None`` unless it was dealt face up, is the seat's own (its hole
    cards, discards and choice to turn up), is turned or shown; burns stay hidden.

    >>> from straights.cards import Card
    >>> hole = Entry("hole", 1, (Card("As"), Card("Kd")), up=(False, True))
    >>> entry_view(hole, 0).cards, entry_view(hole, 1).cards
    ((None, Card('Kd')), (Card('As'), Card('Kd')))
    >>> entry_view(Entry("discard", 1, (Card("2c"),)), None).cards
    (None,)
    """
    if not entry.cards or entry.kind in _PUBLIC_KINDS:
        return entry
    if entry.kind in _OWN_KINDS and entry.player is not None and entry.player == seat:
        return entry
    ups = entry.up if entry.kind in ("hole", "board", "runout") else ()
    cards = tuple(c if k < len(ups) and ups[k] else None for k, c in enumerate(entry.cards))
    return entry._replace(cards=cards)


class Move(NamedTuple):
    """What the seat to act does: a betting action kind (``fold``, ``check``, ``call``,
    ``bring-in``, ``complete``, ``bet``, ``raise``) with ``to``, the street total of a
    bet, raise or completion (``None``: the smallest allowed); or ``discard`` /
    ``expose`` with the ``cards`` thrown away or turned up (no cards: stand pat); or
    ``runs`` with ``to`` the times the seat asks to run the rest of the board; or,
    asked to show or muck (:attr:`DealView.show_or_muck`), ``show`` or ``muck``.

    >>> Move("raise", 12), Move("discard", cards=())
    (Move(kind='raise', to=12, cards=()), Move(kind='discard', to=None, cards=()))
    >>> str(Move("runs", 2)), str(Move("runs", 1)), str(Move("show")), str(Move("muck"))
    ('asks to run it 2 times', 'asks to run it once', 'shows', 'mucks')
    """

    kind: str
    to: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind in ("discard", "expose"):
            shown = " ".join(str(c) for c in self.cards)
            if self.kind == "discard":
                return f"discards {shown}" if self.cards else "stands pat"
            return f"turns up {shown}"
        if self.kind == "runs":
            return "asks to run it once" if self.to == 1 else f"asks to run it {self.to} times"
        if self.kind in ("show", "muck"):
            return f"{self.kind}s"
        return self.kind if self.to is None else f"{self.kind} to {self.to}"


def play(deal: Deal, move: Move) -> Entry:
    """Apply ``move`` for the player to act in ``deal``; the engine checks it is legal
    (an illegal move raises :class:`~straights.errors.IllegalActionError`)."""
    if not isinstance(move, Move):
        raise IllegalActionError(f"{move!r} is not a Move")
    if move.kind == "discard":
        return deal.discard(move.cards)
    if move.kind == "expose":
        return deal.expose(move.cards)
    if move.kind == "runs":
        return deal.choose_runs(1 if move.to is None else move.to)
    if move.kind in ("show", "muck"):
        return deal.show_or_muck(move.kind == "show")
    return deal.act(move.kind, move.to)
