"""The small games the solver plays: Kuhn poker, Leduc hold'em and Mini Straights, as data.

A :class:`SmallGame` is a two-player game with a fixed pack, a few private
cards each, public cards dealt street by street, a limit betting round after
each street and a showdown.  The betting is Straights' own: the first bet is
the ante and every raise doubles the previous one (totals 1, 3, 7 … antes),
with at most ``raises`` raises a round — or, in a fixed-limit game such as
Leduc hold'em, every bet and raise of round ``r`` is ``bets[r]`` chips.
Player 1 (left of the dealer) acts first in every round, as in a heads-up
deal of Straights.

>>> kuhn().describe()
'Kuhn poker: 3 cards (J♠ Q♠ K♠), 1 private card each, 1 betting round, ante 1, no raises'
>>> mini_straights().ladder
(1, 3, 7)
>>> leduc().describe()[-55:]
'2 betting rounds, ante 1, bets 2 and 4, at most 1 raise'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Final, Literal

from straights.cards import Card, CardsLike, format_cards, parse_cards
from straights.errors import ConfigurationError

__all__ = [
    "KUHN_PACK",
    "LEDUC_PACK",
    "MINI_PACK",
    "SmallGame",
    "kuhn",
    "leduc",
    "mini_straights",
]

#: Kuhn poker's three cards: jack < queen < king.
KUHN_PACK: Final = "Js Qs Ks"
#: Leduc hold'em's six cards: two jacks, two queens, two kings.
LEDUC_PACK: Final = "Js Jh Qs Qh Ks Kh"
#: Mini Straights' ten cards: S, T, R and seven ranked cards around the 8s
#: (two 8s so rule 9's "higher 8" matters; 6♥-7♥-8♥ can make a straight flush).
MINI_PACK: Final = "S T R 5c 6h 7h 8h 8c 9d Ts"

Ranking = Literal["straights", "high-card", "leduc"]
RANKINGS: Final = ("straights", "high-card", "leduc")

#: The largest pack the solver accepts (the tree grows like n⁵ boards).
MAX_PACK: Final = 12


@dataclass(frozen=True)
class SmallGame:
    """A small two-player limit game the solver can walk in full.

    ``streets[r]`` public cards are dealt before betting round ``r + 1``;
    ``last_cards`` more are dealt after the last round, before the showdown
    (Mini Straights' key card).  ``ranking`` decides the showdown:
    ``"straights"`` is the project's Straights ranking (rules 3–10, two
    private and five table cards), ``"high-card"`` the higher private card,
    ``"leduc"`` a private card pairing the table card first, then the higher
    rank (equal ranks split the pot).  ``bets`` empty is Straights' doubling
    ladder; otherwise ``bets[r]`` is round ``r``'s fixed bet and raise.
    """

    name: str
    pack: tuple[Card, ...]
    private: int
    streets: tuple[int, ...]
    last_cards: int
    raises: int
    ranking: Ranking
    ante: int = 1
    bets: tuple[int, ...] = ()
    ids: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", tuple(c.id for c in self.pack))
        n = len(self.pack)
        public = sum(self.streets) + self.last_cards
        if not self.streets or any(k < 0 for k in self.streets) or self.last_cards < 0:
            raise ConfigurationError("a small game needs at least one betting round")
        if not 0 <= self.raises <= 3:
            raise ConfigurationError(f"raises {self.raises}: choose 0 to 3 raises a round")
        if n > MAX_PACK:
            raise ConfigurationError(
                f"a pack of {n} cards is too big for the solver: at most {MAX_PACK}"
            )
        if any(c.is_joker for c in self.pack):
            raise ConfigurationError("the solver's packs hold no jokers")
        if 2 * self.private + public >= n:
            raise ConfigurationError(
                f"a pack of {n} cards is too small: {2 * self.private} private and "
                f"{public} table cards need at least {2 * self.private + public + 1}"
            )
        if self.bets and (len(self.bets) != len(self.streets) or min(self.bets) < 1):
            raise ConfigurationError(
                f"bets {self.bets}: give one bet of at least 1 chip for each betting round"
            )
        if self.ranking == "leduc" and (self.private != 1 or public != 1):
            raise ConfigurationError("the Leduc ranking needs 1 private and 1 table card")
        if self.ranking == "straights" and (self.private != 2 or public != 5):
            raise ConfigurationError("the Straights ranking needs 2 private and 5 table cards")

    @property
    def ladder(self) -> tuple[int, ...]:
        """Each level's total bet in chips: the ante, then every raise doubles (1, 3, 7 …)."""
        return tuple(self.ante * (2 ** (k + 1) - 1) for k in range(self.raises + 1))

    @property
    def rounds(self) -> int:
        """The number of betting rounds."""
        return len(self.streets)

    @property
    def deals(self) -> int:
        """How many equally likely deals there are (private hands and public cards).

        >>> kuhn().deals
        6
        """
        left = len(self.pack)
        total = comb(left, self.private) * comb(left - self.private, self.private)
        left -= 2 * self.private
        for k in (*self.streets, self.last_cards):
            total *= comb(left, k)
            left -= k
        return total

    def describe(self) -> str:
        """One line for people."""
        cards = format_cards(self.pack)
        rounds = f"{self.rounds} betting round" + ("s" if self.rounds > 1 else "")
        raises = "no raises" if self.raises == 0 else f"at most {self.raises} raises"
        if self.raises == 1:
            raises = "at most 1 raise"
        bets = ""
        if self.bets:
            sizes = [str(b) for b in self.bets]
            bets = "bets " + (", ".join(sizes[:-1]) + " and " if len(sizes) > 1 else "")
            bets += sizes[-1] + ", "
        return (
            f"{self.name}: {len(self.pack)} cards ({cards}), {self.private} private card"
            f"{'s' if self.private > 1 else ''} each, {rounds}, ante {self.ante}, {bets}{raises}"
        )

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description (enough to rebuild the game with :func:`from_dict`)."""
        return {
            "name": self.name,
            "pack": format_cards(self.pack, unicode=False),
            "private": self.private,
            "streets": list(self.streets),
            "last_cards": self.last_cards,
            "raises": self.raises,
            "ranking": self.ranking,
            "ante": self.ante,
            "bets": list(self.bets),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> SmallGame:
        """The game :meth:`to_dict` described (raises :class:`ConfigurationError` if malformed)."""
        try:
            ranking = str(data["ranking"])
            if ranking not in RANKINGS:
                raise ValueError(ranking)
            streets = data["streets"]
            bets = data.get("bets", [])
            assert isinstance(streets, list) and isinstance(bets, list)
            return cls(
                name=str(data["name"]),
                pack=parse_cards(str(data["pack"])),
                private=int(str(data["private"])),
                streets=tuple(int(k) for k in streets),
                last_cards=int(str(data["last_cards"])),
                raises=int(str(data["raises"])),
                ranking=ranking,  # type: ignore[arg-type]
                ante=int(str(data["ante"])),
                bets=tuple(int(b) for b in bets),
            )
        except (KeyError, ValueError, AssertionError, TypeError) as exc:
            raise ConfigurationError(f"not a small game description: {exc}") from None


def kuhn() -> SmallGame:
    """Kuhn poker: three cards, one each, ante 1, one round of bet 1 and no raise.

    Its value for the first player is −1/18 of a chip a hand (Kuhn, 1950).
    """
    return SmallGame(
        name="Kuhn poker",
        pack=parse_cards(KUHN_PACK),
        private=1,
        streets=(0,),
        last_cards=0,
        raises=0,
        ranking="high-card",
    )


def leduc() -> SmallGame:
    """Leduc hold'em (Southey et al., 2005): six cards J J Q Q K K, one private card each.

    Antes of 1; a betting round, one table card, a second round; bets and
    raises are 2 chips in the first round and 4 in the second, at most a bet
    and one raise a round.  A private card pairing the table card wins, else
    the higher one; equal ranks split.  Its value for the first player is
    about −0.0856 chips a hand.
    """
    return SmallGame(
        name="Leduc hold'em",
        pack=parse_cards(LEDUC_PACK),
        private=1,
        streets=(0, 1),
        last_cards=0,
        raises=1,
        ranking="leduc",
        bets=(2, 4),
    )


def mini_straights(pack: CardsLike = MINI_PACK, raises: int = 2) -> SmallGame:
    """Heads-up Limit Straights on a small pack, in two betting rounds.

    The key card is dealt face down with one face-up card before round 1 (as
    in Straights); the other three face-up cards come together before round 2,
    and the key card is turned at the showdown.  See ``docs/solver.md``.
    """
    return SmallGame(
        name="Mini Straights",
        pack=parse_cards(pack),
        private=2,
        streets=(1, 3),
        last_cards=1,
        raises=raises,
        ranking="straights",
    )
