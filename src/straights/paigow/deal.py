"""One deal of Pai Gow poker against the bank, as a small state machine.

Seven spots around the table are numbered counterclockwise from the bank's
(spot 1); the players sit in seats 1 to 6, which are spots 2 to 7.  The dealer
shuffles the 53-card pack and rolls three dice; their total, counted around
from the bank's spot, names the spot that takes the first seven cards, and the
other spots take the next sevens in order around the table (seven hands of
seven: four cards are left over).  Hands dealt to empty spots are set aside
unseen.

Then each player sets his two hands (in any order); when all have, the bank
sets its hand the house way and every bet is settled: winning both hands wins
the bet less the commission, winning one is a push, and losing both (copies —
equal hands — go to the bank) loses the bet.

>>> deal = PaiGowDeal({1: 20}, rng=7)
>>> len(deal.cards(1)), deal.waiting
(7, [1])
>>> deal.set_house_way(1)
>>> deal.finished, deal.results[1].net + deal.house
(True, 0)

Every change of a deal is one of the frozen events below (seat 0 is the bank), in
order; the history is written from them, and :func:`tell` tells them in words, the
same at the terminal, at the web table and for a history:

>>> deal = PaiGowDeal({1: 20}, hands={0: "As Ad Kc Qd 9h 5s 2c", 1: "Ks Kd Jk 8c 7h 4d 3s"})
>>> deal.set(1, "Jk 8c")
>>> for line in tell(deal.events[2:], {1: "Ann"}.get, unicode=False):
...     print(line)
Ann sets Jk 8c | Ks Kd 7h 4d 3s: two-card ace high (joker as As), five-card pair of kings
The bank sets Kc Qd | As Ad 9h 5s 2c (house way): two-card king high, five-card pair of aces
Ann: five-card loses, two-card wins: a push (bet 20)
The house wins 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from straights.cards import (
    Card,
    CardsLike,
    RandomLike,
    check_unique,
    format_cards,
    make_rng,
    parse_cards,
)
from straights.errors import ConfigurationError, HandSizeError, PackError
from straights.paigow.house_way import HouseWay, house_way
from straights.paigow.rules import (
    BANK,
    FoulError,
    PaiGowRules,
    Setting,
    beats,
    describe,
    hand_value,
    in_order,
    pack,
)

__all__ = [
    "MAX_PLAYERS",
    "SPOTS",
    "Dealt",
    "DiceRolled",
    "Event",
    "Fouled",
    "HandSet",
    "Outcome",
    "PaiGowDeal",
    "Settled",
    "Settlement",
    "event_dict",
    "first_spot",
    "phrase",
    "settlement_words",
    "tell",
]

#: Spots at the table, the bank's included.
SPOTS: Final = 7
#: Players against the bank: seats 1 to 6.
MAX_PLAYERS: Final = SPOTS - 1


def first_spot(dice: Sequence[int]) -> int:
    """The spot (1 = the bank) that takes the first seven cards: the dice total
    counted around the seven spots from the bank's.

    >>> first_spot((1, 2, 4)), first_spot((6, 6, 6)), first_spot((2, 3, 3))
    (7, 4, 1)
    """
    return (sum(dice) - 1) % SPOTS + 1


# ---------------------------------------------------------------------- the events

#: How a seat's hand came to be set.
How = Literal["player", "house way", "house way after a foul"]
#: A player's result against the bank.
Outcome = Literal["win", "push", "lose"]


@dataclass(frozen=True)
class DiceRolled:
    """Three dice decide which spot gets the first hand: their total counted around
    the seven spots from the bank's (spot 1)."""

    dice: tuple[int, ...]
    first_spot: int


@dataclass(frozen=True)
class Dealt:
    """Seven cards dealt face down to ``seat`` (0: the bank)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Fouled:
    """A foul: the two-card hand ``front`` beat the five-card hand; ``consequence`` is
    ``'house-way'`` (set again by the dealer) or ``'forfeit'`` (the bet is lost)."""

    seat: int
    front: tuple[Card, ...]
    reason: str
    consequence: str


@dataclass(frozen=True)
class HandSet:
    """``seat`` set its two-card hand ``front`` and five-card hand ``back``."""

    seat: int
    front: tuple[Card, ...]
    back: tuple[Card, ...]
    how: How


@dataclass(frozen=True)
class Settlement:
    """One player's result against the bank.

    ``back_won``/``front_won``: whether the player's five-card and two-card hands
    beat the bank's; ``back_copy``/``front_copy``: whether it was a copy (equal
    hands, which go to the bank); ``net`` is the chips the player
    gains (negative: loses) after the ``commission`` the house takes.
    """

    seat: int
    bet: int
    back_won: bool
    front_won: bool
    back_copy: bool
    front_copy: bool
    fouled: bool
    outcome: Outcome
    commission: int
    net: int


@dataclass(frozen=True)
class Settled:
    """Every bet is settled; ``house`` is the house's result (minus the players' nets)."""

    house: int


Event = DiceRolled | Dealt | Fouled | HandSet | Settlement | Settled


def event_dict(event: Event) -> dict[str, Any]:
    """A Pai Gow event as JSON-ready data (cards as in histories: ``"As"``, ``"Jk"``).

    >>> from straights.paigow.deal import DiceRolled
    >>> event_dict(DiceRolled((1, 2, 4), 7))
    {'type': 'dice_rolled', 'dice': [1, 2, 4], 'first_spot': 7}
    """
    name = "".join(f"_{c.lower()}" if c.isupper() else c for c in type(event).__name__)
    data: dict[str, Any] = {"type": name.lstrip("_")}
    for key, value in asdict(event).items():
        if isinstance(value, tuple):
            value = [v.ascii() if isinstance(v, Card) else v for v in value]
        data[key] = value
    return data


# ---------------------------------------------------------------------- the deal


class PaiGowDeal:
    """A deal: ``bets`` maps each playing seat (1-6) to its bet in chips.

    Cards come from a shuffle by ``rng`` (a seed, a ``random.Random`` or ``None``
    for the OS's source), or, to replay a deal, ``hands`` gives every seat's
    seven cards (seat 0 is the bank) and ``dice`` the roll if it is known.
    """

    def __init__(
        self,
        bets: Mapping[int, int],
        *,
        rng: RandomLike = None,
        rules: PaiGowRules | None = None,
        hands: Mapping[int, CardsLike] | None = None,
        dice: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules or PaiGowRules()
        if not bets:
            raise ConfigurationError("a deal needs at least one player's bet")
        for seat, bet in bets.items():
            if not (isinstance(seat, int) and 1 <= seat <= MAX_PLAYERS):
                raise ConfigurationError(
                    f"seat {seat!r} is not a player's seat: players sit in seats 1 to 6"
                )
            self.rules.check_bet(bet)
        self.bets: dict[int, int] = dict(sorted(bets.items()))
        self.events: list[Event] = []
        self._hands: dict[int, tuple[Card, ...]] = {}
        if dice is not None and (len(dice) != 3 or not all(1 <= d <= 6 for d in dice)):
            raise ConfigurationError(f"the dice are three numbers 1 to 6, not {list(dice)}")
        if hands is None:
            random = make_rng(rng)
            cards = pack().shuffled(random)
            dice = dice or [random.randint(1, 6) for _ in "123"]
            for pile in range(SPOTS):
                seat = (first_spot(dice) - 1 + pile) % SPOTS  # spot k is seat k - 1
                if seat == BANK or seat in self.bets:
                    self._hands[seat] = tuple(cards[7 * pile : 7 * pile + 7])
        else:
            self._hands = self._given(hands)
        if dice is not None:
            self.events.append(DiceRolled(tuple(dice), first_spot(dice)))
        for seat in sorted(self._hands):
            self.events.append(Dealt(seat, self._hands[seat]))
        self.settings: dict[int, Setting] = {}
        self.fouls: set[int] = set()
        self.results: dict[int, Settlement] = {}
        self.house = 0

    def _given(self, hands: Mapping[int, CardsLike]) -> dict[int, tuple[Card, ...]]:
        wanted = {BANK, *self.bets}
        if set(hands) != wanted:
            raise HandSizeError(
                f"hands are needed for the bank (0) and seats {sorted(self.bets)}, "
                f"not for {sorted(hands)}"
            )
        out = {seat: parse_cards(hands[seat]) for seat in sorted(hands)}
        for seat, cards in out.items():
            if len(cards) != 7:
                raise HandSizeError(f"{_who(seat)} has {len(cards)} cards, not seven")
        every = [c for cards in out.values() for c in cards]
        check_unique(every, "in one deal")
        the_pack = pack()
        for card in every:
            if card not in the_pack:
                raise PackError(f"{card.ascii()} is not in the 53-card Pai Gow pack")
        return out

    # ------------------------------------------------------------------ reading

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice rolled, if known."""
        first = self.events[0]
        return first.dice if isinstance(first, DiceRolled) else None

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The seven cards of ``seat`` (0: the bank), in the order dealt."""
        try:
            return self._hands[seat]
        except KeyError:
            raise ConfigurationError(f"{_who(seat)} has no hand in this deal") from None

    @property
    def waiting(self) -> list[int]:
        """The seats still to set their hands, in order."""
        return [s for s in self.bets if s not in self.settings]

    @property
    def finished(self) -> bool:
        """True once every bet is settled."""
        return bool(self.events) and isinstance(self.events[-1], Settled)

    def house_way(self, seat: int) -> HouseWay:
        """How the house way would set ``seat``'s cards (offered to players)."""
        return house_way(self.cards(seat), self.rules.house_way)

    # ------------------------------------------------------------------ acting

    def set(self, seat: int, front: CardsLike) -> None:
        """``seat`` sets the two cards ``front`` as its two-card hand (the rest behind).

        A foul is refused with :class:`FoulError` (the player sets again), or
        handled by the table's ``foul`` rule; nothing changes on an error.
        """
        self._check_turn(seat)
        setting = Setting.split(self.cards(seat), parse_cards(front))
        how: How = "player"
        if setting.fouled:
            consequence = self.rules.foul
            if consequence == "refuse":
                raise FoulError(f"{setting.foul_reason()}; set the hands again")
            self.events.append(Fouled(seat, setting.front, setting.foul_reason(), consequence))
            if consequence == "house-way":
                setting = house_way(self.cards(seat), self.rules.house_way).setting
                how = "house way after a foul"
            else:
                self.fouls.add(seat)
        self._record(seat, setting, how)

    def set_house_way(self, seat: int) -> None:
        """``seat`` asks the dealer to set its hand the house way."""
        self._check_turn(seat)
        self._record(seat, house_way(self.cards(seat), self.rules.house_way).setting, "house way")

    def _check_turn(self, seat: int) -> None:
        if seat not in self.bets:
            raise FoulError(f"{_who(seat)} has no bet in this deal")
        if seat in self.settings:
            raise FoulError(f"{_who(seat)} has already set the hands")

    def _record(self, seat: int, setting: Setting, how: How) -> None:
        self.settings[seat] = setting
        self.events.append(HandSet(seat, setting.front, setting.back, how))
        if not self.waiting:
            self._settle()

    def _settle(self) -> None:
        bank = house_way(self.cards(BANK), self.rules.house_way).setting
        self.settings[BANK] = bank
        self.events.append(HandSet(BANK, bank.front, bank.back, "house way"))
        for seat, bet in self.bets.items():
            mine = self.settings[seat]
            back_won, front_won = beats(mine, bank)
            copies = (mine.back_value == bank.back_value, mine.front_value == bank.front_value)
            fouled = seat in self.fouls
            taken = 0
            outcome: Outcome
            if back_won and front_won and not fouled:
                outcome, taken = "win", self.rules.commission_on(bet)
                net = bet - taken
            elif (back_won or front_won) and not fouled:
                outcome, net = "push", 0
            else:
                outcome, net = "lose", -bet
            result = Settlement(
                seat, bet, back_won, front_won, *copies, fouled, outcome, taken, net
            )
            self.results[seat] = result
            self.events.append(result)
            self.house -= net
        self.events.append(Settled(self.house))


def _who(seat: int) -> str:
    return "the bank" if seat == BANK else f"seat {seat}"


# ---------------------------------------------------------------------- in words

#: A seat's name (``None``: "Seat N").
Names = Callable[[int], str | None]


def _name(seat: int, names: Names) -> str:
    return "The bank" if seat == BANK else names(seat) or f"Seat {seat}"


_ASCII_SUITS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})


def _hand(cards: tuple[Card, ...], unicode: bool) -> str:
    """A hand's phrase inside a sentence: 'pair of kings', 'ace high (joker as A♠)'."""
    text = describe(hand_value(cards))
    return text if unicode else text.translate(_ASCII_SUITS)


def _verb(who: str, verb: str) -> str:
    """``'Ann sets'``, but ``'You set'``."""
    return f"{who} {verb.removesuffix('s')}" if who == "You" else f"{who} {verb}"


def phrase(event: Event, names: Names, *, unicode: bool = True) -> str | None:
    """One event as a sentence (``None`` for the dealing, which fronts end show their way)."""
    if isinstance(event, DiceRolled):
        a, b, c = event.dice
        spot = "the bank's" if event.first_spot == 1 else f"spot {event.first_spot}"
        return f"Dice {a} {b} {c} ({a + b + c}): the first hand goes to {spot}."
    if isinstance(event, Dealt):
        return None
    if isinstance(event, Fouled):
        then = (
            "the dealer sets the hand the house way"
            if event.consequence == "house-way"
            else "the bet is lost"
        )
        return f"{_verb(_name(event.seat, names), 'fouls')}: {event.reason}; {then}."
    if isinstance(event, HandSet):
        how = "" if event.how == "player" else f" ({event.how})"
        who = _verb(_name(event.seat, names), "sets")
        front, back = (
            format_cards(in_order(event.front), unicode=unicode),
            format_cards(in_order(event.back), unicode=unicode),
        )
        return (
            f"{who} {front} | {back}{how}: two-card {_hand(event.front, unicode)}, "
            f"five-card {_hand(event.back, unicode)}"
        )
    if isinstance(event, Settlement):
        return _settlement(event, names)
    if isinstance(event, Settled):
        verb = "wins" if event.house >= 0 else "loses"
        return f"The house {verb} {abs(event.house)}."
    raise TypeError(f"not a Pai Gow event: {event!r}")


def _settlement(event: Settlement, names: Names) -> str:
    return f"{_name(event.seat, names)}: {settlement_words(event)}"


def settlement_words(event: Settlement) -> str:
    """A player's result against the bank, his name left out (the page puts it by him).

    >>> settlement_words(Settlement(1, 20, True, True, False, False, False, "win", 1, 19))
    'five-card wins, two-card wins: wins 19 (bet 20, commission 1)'
    """
    if event.fouled:
        return f"a foul loses the bet of {event.bet}"
    five = "wins" if event.back_won else "copies" if event.back_copy else "loses"
    two = "wins" if event.front_won else "copies" if event.front_copy else "loses"
    head = f"five-card {five}, two-card {two}"
    if event.outcome == "win":
        return f"{head}: wins {event.net} (bet {event.bet}, commission {event.commission})"
    if event.outcome == "push":
        return f"{head}: a push (bet {event.bet})"
    return f"{head}: loses {event.bet}"


def tell(events: Iterable[Event], names: Names, *, unicode: bool = True) -> list[str]:
    """The sentences of ``events`` (the dealing left out)."""
    lines = (phrase(e, names, unicode=unicode) for e in events)
    return [line for line in lines if line is not None]
