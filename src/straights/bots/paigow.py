"""Pai Gow players: the house way, or the setting with the best estimated result.

The bank always sets the house way (that is the rule); a player chooses.  The
``house`` bot asks for the house way.  The ``equity`` bot scores every legal
(non-fouling) setting of its seven cards by its expected result against the
bank and sets the best: a win pays the bet less the commission, a push (one
hand won) pays nothing, a loss (copies go to the bank) costs the bet.  Ties go
to the house way's setting.

The bank's seven cards are sampled, not enumerated (C(46, 7) is 54 million
hands), from one fixed stream: :func:`bank_hands` deals :data:`POOL_HANDS`
hands of seven from the full 53-card pack once, sets each the house way and
keeps its two keys (cached on disk).  A decision keeps the pool's hands that
share no card with its own seven — a uniform sample of the hands the bank can
hold, about a third of the pool — and compares integer keys: the bank's, read
once, with each candidate setting's, computed once.

>>> from straights.cards import parse_cards
>>> seven = parse_cards("As Kd 9h 9c 7d 4s 2h")
>>> make_paigow_bot("house").setting(seven, 20).front == house_way(seven).setting.front
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

from straights.cards import Card
from straights.errors import ConfigurationError, HandSizeError
from straights.paigow.house_way import house_way
from straights.paigow.rules import FoulError, PaiGowRules, Setting, pack

if TYPE_CHECKING:  # NumPy only for the equity bot: the house way is pure Python
    import numpy as np
    import numpy.typing as npt

    I64 = npt.NDArray[np.int64]

__all__ = [
    "PAIGOW_BOT_KINDS",
    "POOL_HANDS",
    "BankHands",
    "EquityPaiGowBot",
    "Estimates",
    "HouseWayBot",
    "PaiGowBot",
    "SettingEstimate",
    "bank_hands",
    "estimate_settings",
    "make_paigow_bot",
    "mask_of",
    "results",
]

#: The Pai Gow bots by name.  Every other bot name (``random``, ``calling``,
#: ``strength``, ``cfr``) sets the house way; every ``equity`` style sets by the estimate.
PAIGOW_BOT_KINDS: Final = ("house", "equity")
#: Bank hands dealt once from the full pack; about 35% of them miss any seven given cards.
POOL_HANDS: Final = 30_000
_POOL_SEED: Final = 20_261_126
_POOL_VERSION: Final = "2"  # 2: the Foxwoods house way
#: Pool hands checked against the house way again each time the pool is loaded from disk.
_CHECKED: Final = 16

_PACK: Final = tuple(pack())
_BIT: Final = {card: 1 << i for i, card in enumerate(_PACK)}


@dataclass(frozen=True)
class BankHands:
    """Bank hands set the house way: each hand's cards as a mask of pack positions
    (bit ``i`` is ``pack()[i]``) and the keys of its two-card and five-card hands."""

    masks: I64
    front: I64
    back: I64


def mask_of(cards: Sequence[Card]) -> int:
    """The pack positions of ``cards`` as one integer (bit ``i``: ``pack()[i]``).

    >>> from straights.cards import parse_cards
    >>> mask_of(parse_cards("2c 2d")), mask_of(parse_cards("Jk")) == 1 << 52
    (3, True)
    """
    try:
        return sum(_BIT[c] for c in cards)
    except KeyError as exc:
        raise FoulError(f"{exc.args[0].ascii()} is not in the 53-card Pai Gow pack") from None


def _deal_pool(hands: int, seed: int) -> npt.NDArray[np.int8]:
    """``hands`` rows of seven different pack positions, from a fixed seed."""
    import numpy as np

    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((hands, len(_PACK))), axis=1)[:, :7].astype(np.int8)


def _set_pool(rows: npt.NDArray[np.int8]) -> dict[str, npt.NDArray[np.int64]]:
    import numpy as np

    masks = np.zeros(len(rows), dtype=np.int64)
    front = np.zeros(len(rows), dtype=np.int64)
    back = np.zeros(len(rows), dtype=np.int64)
    for i, row in enumerate(rows):
        cards = [_PACK[j] for j in row]
        setting = house_way(cards).setting
        masks[i] = mask_of(cards)
        front[i] = _key(setting.front_value.key)
        back[i] = _key(setting.back_value.key)
    return {"masks": masks, "front": front, "back": back}


def _key(key: tuple[int, ...]) -> int:
    """A Pai Gow hand's ranking key as one integer (its keys are one number)."""
    if len(key) != 1:  # pragma: no cover - the pai-gow ranking's keys are one int
        raise ValueError(f"a Pai Gow key of {len(key)} parts: {key}")
    return key[0]


_POOLS: dict[int, BankHands] = {}


def bank_hands(hands: int = POOL_HANDS) -> BankHands:
    """The fixed pool of bank hands: built once (some seconds), then read from the
    cache directory (:func:`straights.fast.lookup.cache_dir`) and kept in memory.
    A loaded pool's first hands are set the house way again and must agree."""
    if hands in _POOLS:
        return _POOLS[hands]
    import numpy as np

    from straights.fast.lookup import cache_dir, save_arrays

    rows = _deal_pool(hands, _POOL_SEED)
    tag = hashlib.sha1(f"{_POOL_VERSION}:{_POOL_SEED}:{hands}".encode()).hexdigest()[:12]
    path = cache_dir() / f"paigow-bank-{tag}.npz"
    arrays: dict[str, npt.NDArray[np.int64]] | None = None
    try:
        with np.load(path) as data:
            arrays = {k: data[k] for k in ("masks", "front", "back")}
        check = _set_pool(rows[:_CHECKED])
        if any(not np.array_equal(arrays[k][:_CHECKED], check[k]) for k in check):
            arrays = None  # the house way changed since: build again
    except (OSError, ValueError, KeyError):
        arrays = None
    if arrays is None:
        arrays = _set_pool(rows)
        save_arrays(path, arrays)
    pool = BankHands(arrays["masks"], arrays["front"], arrays["back"])
    _POOLS[hands] = pool
    return pool


def results(front: I64, back: I64, bank_front: I64, bank_back: I64, win: int, bet: int) -> I64:
    """Each candidate's chips over the bank hands: ``win`` for each hand where both its
    keys beat the bank's, ``-bet`` where neither does (a copy is the bank's), 0 else.

    ``front``/``back``: the candidates' keys; ``bank_front``/``bank_back``: the bank's.
    """
    import numpy as np

    back_won = back[:, None] > bank_back[None, :]
    front_won = front[:, None] > bank_front[None, :]
    wins = np.count_nonzero(back_won & front_won, axis=1).astype(np.int64)
    losses = np.count_nonzero(~(back_won | front_won), axis=1).astype(np.int64)
    out: I64 = wins * win - losses * bet
    return out


@dataclass(frozen=True)
class SettingEstimate:
    """A legal setting and its estimated result per chip bet against the bank."""

    setting: Setting
    per_chip: float


@dataclass(frozen=True)
class Estimates:
    """Every legal setting of seven cards, scored: ``best`` first, then the rest."""

    settings: tuple[SettingEstimate, ...]
    house: SettingEstimate
    samples: int

    @property
    def best(self) -> SettingEstimate:
        """The setting chosen: the best result, the house way's on a tie."""
        return self.settings[0]


def _legal_settings(seven: Sequence[Card]) -> list[Setting]:
    out = []
    for i in range(7):
        for j in range(i + 1, 7):
            setting = Setting.split(seven, (seven[i], seven[j]))
            if not setting.fouled:
                out.append(setting)
    return out


def estimate_settings(
    seven: Sequence[Card],
    bet: int = 20,
    rules: PaiGowRules | None = None,
    pool: BankHands | None = None,
) -> Estimates:
    """Score every legal setting of ``seven`` cards with a bet of ``bet`` chips
    against the pool's bank hands that miss those cards.

    >>> from straights.cards import parse_cards
    >>> found = estimate_settings(parse_cards("Ah Ad Kc Qs 8d 5h 2c"))
    >>> found.best.setting == found.house.setting, -1 < found.best.per_chip < 1
    (True, True)
    """
    import numpy as np

    if len(seven) != 7 or len(set(seven)) != 7:
        raise HandSizeError(f"a Pai Gow hand is seven different cards, not {len(seven)}")
    rules = rules or PaiGowRules()
    rules.check_bet(bet)
    pool = pool or bank_hands()
    keep = (pool.masks & mask_of(seven)) == 0
    bank_front, bank_back = pool.front[keep], pool.back[keep]
    samples = len(bank_front)
    legal = _legal_settings(seven)
    house = house_way(seven).setting
    front = np.array([_key(s.front_value.key) for s in legal], dtype=np.int64)
    back = np.array([_key(s.back_value.key) for s in legal], dtype=np.int64)
    win = bet - rules.commission_on(bet)
    chips = results(front, back, bank_front, bank_back, win, bet)
    house_front = frozenset(house.front)
    at = next(i for i, s in enumerate(legal) if frozenset(s.front) == house_front)
    scale = 1.0 / (samples * bet) if samples else 0.0
    scored = [SettingEstimate(s, float(c) * scale) for s, c in zip(legal, chips, strict=True)]
    # Best first; on equal chips the house way's setting, then the order of the cards.
    order = sorted(range(len(legal)), key=lambda i: (-int(chips[i]), i != at, i))
    return Estimates(tuple(scored[i] for i in order), scored[at], samples)


@runtime_checkable
class PaiGowBot(Protocol):
    """Anything with a ``name`` and ``setting(seven, bet) -> Setting`` plays Pai Gow:
    it sees only its own seven cards and its bet, and returns a legal setting."""

    name: str

    def setting(self, seven: Sequence[Card], bet: int) -> Setting: ...


class HouseWayBot:
    """Sets the house way, as the bank does."""

    def __init__(self, name: str = "house") -> None:
        self.name = name

    def setting(self, seven: Sequence[Card], bet: int) -> Setting:
        """The house way's setting of ``seven``."""
        return house_way(seven).setting


class EquityPaiGowBot:
    """Sets the legal setting with the best estimated result against the bank's house
    way (:func:`estimate_settings`); the table's ``rules`` give the commission."""

    def __init__(self, rules: PaiGowRules | None = None, name: str = "equity") -> None:
        from straights.extras import require

        require("fast", "the Pai Gow equity bot")  # its bank hands are arrays, cached
        self.rules = rules or PaiGowRules()
        self.name = name

    def setting(self, seven: Sequence[Card], bet: int) -> Setting:
        """The best setting of ``seven`` for a bet of ``bet`` chips."""
        return estimate_settings(seven, bet, self.rules).best.setting


def make_paigow_bot(kind: str, rules: PaiGowRules | None = None) -> PaiGowBot:
    """A Pai Gow bot by name: ``house``, ``equity`` (any style), or any other bot
    name of :data:`straights.bots.BOT_KINDS`, which sets the house way.

    >>> make_paigow_bot("equity:tight").name, make_paigow_bot("strength").name
    ('equity', 'house')
    """
    from straights.bots.registry import BOT_KINDS

    name = kind.strip().lower()
    if name == "equity" or (name.startswith("equity:") and name in BOT_KINDS):
        return EquityPaiGowBot(rules)
    if name == "house" or name in BOT_KINDS:
        return HouseWayBot()
    kinds = ", ".join((*PAIGOW_BOT_KINDS, *(k for k in BOT_KINDS if k != "equity")))
    raise ConfigurationError(f"{kind!r} is not a Pai Gow bot: choose one of {kinds}")
