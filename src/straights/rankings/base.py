"""What every ranking shares: the hand value base class and the registry.

A ranking is found by name (``get_ranking('high')``); its ``evaluate`` turns
cards plus options into a :class:`HandValue`.  Values compare with ``<``/``==``
only against values of the same ranking *and* options; anything else raises
:class:`~straights.errors.RankingError`.

Every family module declares its rankings the same way, as a tuple
``RANKINGS`` of :class:`Ranking`; :data:`FAMILY_MODULES` says which module
holds which ranking names, so only the one asked for is imported, and
:func:`get_ranking` registers a module's ``RANKINGS`` when it first imports
it.  :func:`register` adds a ranking of your own.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from straights.cards import Card, CardsLike, Deck, format_cards, parse_cards
from straights.errors import RankingError
from straights.rankings.compiled import speedups
from straights.rankings.ordering import KeyOrdered

__all__ = [
    "FAMILY_MODULES",
    "HandValue",
    "Progress",
    "Ranking",
    "evaluate",
    "get_ranking",
    "python_evaluate",
    "ranking_names",
    "register",
    "walk",
]

Options = tuple[tuple[str, Any], ...]


Explanation = tuple[str, tuple[Card, ...], str, tuple[tuple[Card, Card], ...]]


class HandValue(KeyOrdered):
    """An evaluated hand: immutable, ordered by :attr:`key` (larger is better).

    ``key`` is a tuple of ints; ``category`` is the lower-case category name of
    ``rankings.md`` (``'flush'``, ``'five of a kind'`` …); ``cards`` are the
    cards that play (five for five-card rankings); ``wild`` maps each wild card
    used to the card it became; ``phrase`` reads like "Flush, ace high (joker
    as A♥)".  An evaluator may pass ``explain`` instead of the last four: a
    function computing ``(category, cards, phrase, wild)`` on first use, so
    that a value which is only compared costs no more than its key.  The
    compiled :func:`evaluate` leaves both unset: the words then come from
    evaluating :attr:`source` again in Python, on first use.
    """

    __slots__ = ("_explain", "_explained", "key", "options", "ranking", "source")
    ranking: str
    options: Options
    key: tuple[int, ...]
    source: tuple[Card, ...]
    _explained: Explanation | None
    _explain: Callable[[], Explanation] | None

    def __init__(
        self,
        ranking: str,
        options: Options,
        key: tuple[int, ...],
        category: str = "",
        cards: tuple[Card, ...] = (),
        phrase: str = "",
        wild: tuple[tuple[Card, Card], ...] = (),
        source: tuple[Card, ...] = (),
        *,
        explain: Callable[[], Explanation] | None = None,
    ) -> None:
        init = object.__setattr__
        init(self, "ranking", ranking)
        init(self, "options", options)
        init(self, "key", key)
        init(self, "source", source)
        init(self, "_explain", explain)
        init(self, "_explained", None if explain else (category, cards, phrase, wild))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"HandValue is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandValue is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        category, cards, phrase, wild = self._explanation()
        args = (self.ranking, self.options, self.key, category, cards, phrase, wild, self.source)
        return (HandValue, args)

    def _explanation(self) -> Explanation:
        explained = self._explained
        if explained is None:
            explain = self._explain
            if explain is None:  # built by the compiled evaluate: the key only
                again = python_evaluate(self.source, self.ranking, **dict(self.options))
                explained = again._explanation()
            else:
                explained = explain()
            object.__setattr__(self, "_explained", explained)
        return explained

    @property
    def category(self) -> str:
        """The lower-case category name, e.g. ``'full house'``."""
        return self._explanation()[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that play, in reading order."""
        return self._explanation()[1]

    @property
    def phrase(self) -> str:
        """A phrase such as "Full house, kings full of fives"."""
        return self._explanation()[2]

    @property
    def wild(self) -> tuple[tuple[Card, Card], ...]:
        """Pairs (wild card, the card it plays as)."""
        return self._explanation()[3]

    def _other_key(self, other: object) -> tuple[int, ...]:
        if not isinstance(other, HandValue):
            raise RankingError(
                f"cannot compare a {self.ranking!r} hand with {type(other).__name__}"
            )
        if other.ranking != self.ranking or other.options != self.options:
            raise RankingError(
                f"cannot compare a {self.ranking!r} hand {dict(self.options)} with a "
                f"{other.ranking!r} hand {dict(other.options)}: evaluate both the same way"
            )
        return other.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return (self.ranking, self.options, self.key) == (other.ranking, other.options, other.key)

    def __hash__(self) -> int:
        return hash((self.ranking, self.options, self.key))

    def __str__(self) -> str:
        return self.phrase

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options)
        cards = format_cards(self.source or self.cards, unicode=False)
        return f"evaluate({cards!r}, ranking={self.ranking!r}{opts})"

    @property
    def wild_as(self) -> dict[Card, Card]:
        """Each wild card used, mapped to the card it plays as."""
        return dict(self.wild)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description."""
        return {
            "ranking": self.ranking,
            "options": dict(self.options),
            "category": self.category,
            "cards": format_cards(self.cards, unicode=False),
            "wild": {w.ascii(): c.ascii() for w, c in self.wild},
            "description": self.phrase,
        }


Evaluator = Callable[..., HandValue]
#: ``progress(k)`` is called as ``k`` more hands are counted.
Progress = Callable[[int], None]
#: ``counter(n_cards, deck, options, progress)``: category counts and the number of
#: distinct values.
CategoryCounter = Callable[
    [int, Deck, Mapping[str, Any], Progress | None], tuple[dict[str, int], int]
]


def _category(value: HandValue) -> str:
    return value.category


def walk(
    evaluate: Evaluator,
    cards: Sequence[Card],
    n_cards: int,
    options: Mapping[str, Any],
    progress: Progress | None = None,
    label: Callable[[HandValue], str] = _category,
) -> tuple[dict[str, int], int]:
    """Evaluate every ``n_cards``-card hand of ``cards`` one by one: how many hands
    have each ``label`` (the category by default), and how many distinct keys.

    Two cards of ``As Ah Kd 2c``: one pair of aces, and five high-card hands
    worth four different values (A-K twice, A-2 twice, K-2):

    >>> walk(lambda hand: evaluate(hand), parse_cards('As Ah Kd 2c'), 2, {})
    ({'one pair': 1, 'high card': 5}, 4)
    """
    counts: dict[str, int] = {}
    keys: set[tuple[int, ...]] = set()
    done = 0
    for hand in itertools.combinations(cards, n_cards):
        value = evaluate(hand, **options)
        name = label(value)
        counts[name] = counts.get(name, 0) + 1
        keys.add(value.key)
        done += 1
        if progress is not None and done == 8192:
            progress(done)
            done = 0
    if progress is not None and done:
        progress(done)
    return counts, len(keys)


@dataclass(frozen=True)
class Ranking:
    """A named ranking: how to evaluate, which options it takes, its categories.

    ``options`` maps each option name to its allowed values, the default first.
    ``categories`` lists category names from lowest to highest.
    """

    name: str
    evaluate: Evaluator
    description: str
    categories: tuple[str, ...]
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    deck: str = "standard"
    card_counts: tuple[int, ...] = (5,)
    #: Optional fast exhaustive counter used by :mod:`straights.frequencies`:
    #: ``counter(n_cards, deck, options, progress) -> (category counts, distinct values)``.
    counter: CategoryCounter | None = None

    @cached_property
    def defaults(self) -> Options:
        """Every option at its default value."""
        return tuple((k, allowed[0]) for k, allowed in self.options.items())

    def normalise(self, options: Mapping[str, Any]) -> Options:
        """Validate options and fill in defaults; the result is hashable and ordered."""
        if not options:
            return self.defaults
        for key, value in options.items():
            if key not in self.options:
                known = ", ".join(self.options) or "none"
                raise RankingError(
                    f"{key!r} is not an option of ranking {self.name!r}: its options are {known}"
                )
            if value not in self.options[key]:
                allowed = ", ".join(repr(v) for v in self.options[key])
                raise RankingError(f"{key}={value!r} is not allowed: choose one of {allowed}")
        return tuple((k, options.get(k, allowed[0])) for k, allowed in self.options.items())


_REGISTRY: dict[str, Ranking] = {}

#: Which module registers which ranking names (imported on first use).
FAMILY_MODULES: dict[str, str] = {
    "straights": "straights.rankings.straights",
    "high": "straights.rankings.high_family",
    "pai-gow": "straights.rankings.high_family",
    "manila": "straights.rankings.high_family",
    "mexican": "straights.rankings.high_family",
    "short": "straights.rankings.high_family",
    "canadian": "straights.rankings.high_family",
}

# The low and three-card families.
FAMILY_MODULES.update(
    {
        "ace-to-five": "straights.rankings.low",
        "deuce-to-seven": "straights.rankings.low",
        "ace-to-six": "straights.rankings.low",
        "three-card": "straights.rankings.three_card",
        "ace-to-three": "straights.rankings.three_card",
        "deuce-to-five": "straights.rankings.three_card",
        "ace-to-four": "straights.rankings.three_card",
        "badugi": "straights.rankings.badugi",
    }
)


#: The built-in rankings the compiled :func:`evaluate` answers itself, by name: the
#: kind of key it computes (the order of ``_speedups.c``'s ``K_*``).
_COMPILED_KINDS: dict[str, int] = {
    "high": 0,
    "ace-to-five": 1,
    "deuce-to-seven": 2,
    "ace-to-six": 3,
    "badugi": 4,
}

#: ``{name: (kind, default options)}`` of the built-in rankings of
#: :data:`_COMPILED_KINDS` registered so far (read by the compiled :func:`evaluate`).
_COMPILED: dict[str, tuple[int, Options]] = {}


def register(ranking: Ranking) -> Ranking:
    """Add a ranking of your own to the registry (or replace one by name)."""
    _REGISTRY[ranking.name] = ranking
    replaced = _COMPILED.pop(ranking.name, None) is not None
    if replaced and speedups is not None and evaluate is not python_evaluate:
        # a replaced built-in: the compiled path steps aside (and forgets what it found)
        speedups.set_evaluate(python_evaluate, HandValue, Card, _COMPILED)
    return ranking


def get_ranking(name: str) -> Ranking:
    """The ranking called ``name``; raises :class:`RankingError` naming the choices."""
    if name not in _REGISTRY and name in FAMILY_MODULES:
        family: tuple[Ranking, ...] = importlib.import_module(FAMILY_MODULES[name]).RANKINGS
        for ranking in family:
            if _REGISTRY.setdefault(ranking.name, ranking) is ranking:
                kind = _COMPILED_KINDS.get(ranking.name)
                if kind is not None:
                    _COMPILED[ranking.name] = (kind, ranking.defaults)
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RankingError(
            f"{name!r} is not a ranking: choose one of {', '.join(ranking_names())}"
        ) from None


def ranking_names() -> list[str]:
    """Every ranking name, registered or known to a family module."""
    return sorted(set(FAMILY_MODULES) | set(_REGISTRY))


def python_evaluate(cards: CardsLike, ranking: str = "high", **options: Any) -> HandValue:
    """Evaluate ``cards`` under ``ranking`` with house-rule ``options``.

    :func:`evaluate` is this function, or its compiled twin when the install
    built ``straights._speedups``: that one answers a tuple or list of
    :class:`~straights.cards.Card` under ``high``, the three lows or badugi with
    no options (the key at once, the words on first use) and hands everything
    else to this function, so every answer and every error is this one's.

    >>> evaluate('S 8h T R 9c 2d 3h', ranking='straights').category
    's-t-r-8'
    >>> hand = parse_cards('As Ks Qs Js Ts 2c 2d')
    >>> evaluate(hand) == python_evaluate(hand)
    True
    >>> evaluate(hand).phrase
    'Royal flush'
    """
    chosen = _REGISTRY.get(ranking) or get_ranking(ranking)
    parsed = parse_cards(cards)
    return chosen.evaluate(parsed, **dict(chosen.normalise(options)))


evaluate = python_evaluate
# (a module built from an older _speedups.c has no evaluate: the Python one serves, and
# tests/test_evaluate_compiled.py says to rebuild)
if speedups is not None and hasattr(speedups, "set_evaluate"):
    speedups.set_evaluate(python_evaluate, HandValue, Card, _COMPILED)
    evaluate = speedups.evaluate
