"""How a deal is told in words — the one place for the wording of actions and results.

The terminal game, ``straights history show`` and the web table's hand history all
tell a deal of any game of the catalogue (Straights included) line by line from the
engine's log, with :func:`entry_phrase` (as one player may see it),
:func:`deal_story` (a history, every card shown) and :func:`pot_lines` (how each pot
went, :func:`carry_line` for a carried pot); an action is a choice with
:func:`action_label` ("raise to 3") and a player's deed with :func:`deed` ("raises to
3", of a log entry); :func:`phrase` tells the dealer draw (rule 1).
A phrase is a tuple of pieces, text and :class:`~straights.cards.Card`, so that each
interface draws the cards its own way (colour in the terminal); :func:`text` joins
one into a plain string.

The player whose point of view it is (``you``) is addressed in the second
person, with the verb to match ("You show", "you deal first"); everyone else by
name in the third person.  Seats are never shown as numbers from 0: a seat
without a name is "seat N" counted from 1.

>>> action_label("raise", amount=2, to=3), action_label("call", amount=4, to=5, all_in=True)
('raise to 3', 'call 4 (all-in)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

from straights.cards import Card
from straights.rankings.low import RANK_WORDS

if TYPE_CHECKING:
    from straights.game.draw import DealerDraw
    from straights.poker.engine import Deal, Entry
    from straights.rankings.base import HandValue

__all__ = [
    "Phrase",
    "Piece",
    "action_label",
    "carry_line",
    "deal_story",
    "deed",
    "entry_phrase",
    "phrase",
    "pot_lines",
    "seat_label",
    "text",
]

#: One part of a phrase: words, or a card that each interface draws its own way.
Piece = str | Card
#: A sentence about the game, without a final full stop.
Phrase = tuple[Piece, ...]

#: Each action as an order or a button ("raise to 3"; a player's deed adds an "s" to
#: its verb); ``{amount}`` is the chips put in now, ``{to}`` his total.
_ACTIONS: Final = {
    "fold": "fold",
    "check": "check",
    "call": "call {amount}",
    "bet": "bet {to}",
    "raise": "raise to {to}",
    "bring-in": "bring in for {amount}",
    "complete": "complete to {to}",
}


def seat_label(seat: int) -> str:
    """A seat for people, counted from 1.

    >>> seat_label(0)
    'seat 1'
    """
    return f"seat {seat + 1}"


def action_label(
    kind: str, *, amount: int = 0, to: int = 0, all_in: bool = False, you: bool = True
) -> str:
    """An action as a choice ("call 2", "raise to 7"), for prompts and buttons; with
    ``you=False``, what another player does ("calls 2", "raises to 7").

    >>> action_label("bring-in", amount=1), action_label("bring-in", amount=1, you=False)
    ('bring in for 1', 'brings in for 1')
    """
    words = _agree(_ACTIONS.get(kind, kind).format(amount=amount, to=to), you)
    return words + (" (all-in)" if all_in else "")


def _agree(words: str, you: bool) -> str:
    """``words`` (a verb as said to you, then the rest) as said of you or of another
    player, the verb agreeing.

    >>> _agree("stand pat", False), _agree("have chosen", False), _agree("fold", True)
    ('stands pat', 'has chosen', 'fold')
    """
    if you:
        return words
    verb, _, rest = words.partition(" ")
    verb = "has" if verb == "have" else verb + "s"
    return f"{verb} {rest}" if rest else verb


def text(parts: Phrase, *, ascii: bool = False) -> str:
    """A phrase as one string, cards as ``Q♠`` (or ``Qs`` with ``ascii=True``)."""
    return "".join((p.ascii() if ascii else str(p)) if isinstance(p, Card) else p for p in parts)


def _cards(cards: Iterable[Card]) -> list[Piece]:
    out: list[Piece] = []
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(card)
    return out


class _Teller:
    """Names and verbs for one point of view."""

    def __init__(self, name: Callable[[int], str | None], you: int | None) -> None:
        self._name = name
        self.you = you

    def who(self, seat: int, *, start: bool = True) -> str:
        """The player: "You" (or "you" inside a sentence) or his name."""
        if seat == self.you:
            return "You" if start else "you"
        return self._name(seat) or seat_label(seat)

    def does(self, seat: int, words: str, *, start: bool = True) -> str:
        """The player and what he does (``words`` as said to you): "Ann shows", "You show"."""
        return f"{self.who(seat, start=start)} {_agree(words, seat == self.you)}"


def phrase(draw: DealerDraw, name: Callable[[int], str | None], you: int | None = None) -> Phrase:
    """A round of the dealer draw (rule 1) in words, its cards as cards; ``name(seat)``
    gives each player's name, and the player in seat ``you`` is addressed as "you".

    >>> from straights.cards import parse_cards
    >>> from straights.game.draw import DealerDraw
    >>> draw = DealerDraw((1, 0), tuple(parse_cards("7c Kd")), 0)
    >>> text(phrase(draw, {0: "Ann", 1: "Bob"}.get, you=0))
    'Draw for the dealer: Bob 7♣, you K♦ — you deal first'
    """
    t = _Teller(name, you)
    draws: list[Piece] = ["Draw for the dealer: "]
    for i, (seat, card) in enumerate(zip(draw.seats, draw.cards, strict=True)):
        draws += [", " if i else "", f"{t.who(seat, start=False)} ", card]
    if draw.winner is None:
        return (*draws, " — a tie on special cards: draw again")
    return (*draws, f" — {t.does(draw.winner, 'deal', start=False)} first")


#: Entries of a deal's log that put chips in, as the betting round counts them.
_STREET_BETS: Final = frozenset({"blind", "bring-in", "bet", "raise", "complete", "call"})


def put_in(deal: Deal, at: int) -> int:
    """The chips ``deal.log[at]`` (a call) put in: its street total less what its
    player had bet in the round before (the first round counts the blinds, which the
    log records before it begins). Other entries: their amount.
    """
    log = deal.log
    entry = log[at]
    if entry.kind != "call":
        return entry.amount
    rounds = [k for k in range(at) if log[k].kind == "betting"]
    start = rounds[-1] if len(rounds) > 1 else 0
    for e in reversed(log[start:at]):
        if e.player == entry.player and e.amount and e.kind in _STREET_BETS:
            return entry.amount - e.amount
    return entry.amount


def entry_phrase(
    deal: Deal,
    at: int,
    name: Callable[[int], str | None],
    you: int | None = None,
    *,
    history: bool = False,
) -> Phrase | None:
    """Line ``at`` of the log of a :class:`~straights.poker.engine.Deal` (any
    variant) in words, as player ``you`` (an index of the deal; ``None``: a
    spectator) may see it; ``name(player)`` names the deal's players. ``None``
    for a line not worth telling (antes, the start of a betting round, burns).
    Cards the viewer may not see are never told (the line is redacted by
    :func:`~straights.poker.view.entry_view` first); a ``history`` tells every hole
    and board card as dealt.

    >>> from straights.cards import make_deck, parse_cards
    >>> from straights.poker import Deal, Stakes, get_variant
    >>> top = list(parse_cards("As Kd 2c Qh Jh 3c 9s 9h"))  # 9s is burnt
    >>> deck = top + [c for c in make_deck() if c not in top]
    >>> deal = Deal(get_variant("F7S"), Stakes.uniform(2, ante=1, bring_in=1, small_bet=2,
    ...             big_bet=4), [20, 20], deck)
    >>> _ = deal.act("bring-in"); _ = deal.act("complete"); _ = deal.act("call")
    >>> for k in range(len(deal.log)):
    ...     if words := entry_phrase(deal, k, {0: "Ann", 1: "Bob"}.get, 0):
    ...         print(text(words))
    You get A♠ K♦ and 2♣ face up
    Bob gets 3♣ face up and 2 face down
    You bring in for 1
    Bob completes to 2
    You call 1
    You get 9♥ face up
    Bob gets 2♦ face up
    """
    from straights.poker.view import entry_view

    e = deal.log[at]
    if not (history and e.kind in ("hole", "board")):
        e = entry_view(e, you)
    if e.player is None:
        return _board_phrase(e, deal.double_board)
    t = _Teller(name, you)
    if e.kind == "hole":
        return _hole_phrase(e, t, history or e.player == you)
    said = _said(deal, at, e)
    if said is None:
        return None
    words, cards = said
    head = t.does(e.player, words)
    return (head,) if cards is None else (f"{head} ", *_cards(cards))


def _said(deal: Deal, at: int, e: Entry) -> tuple[str, list[Card] | None] | None:
    """What the player of ``e`` (``deal.log[at]`` as the viewer sees it) does, as said
    to him (verb first), and the cards he shows, if any (``None``: no cards told)."""
    seen = [c for c in e.cards if c is not None]
    amount, drawn = e.amount, e.kind == "discard" and deal.replaced(at)
    match e.kind:
        case "discard" if not e.cards:
            return "stand pat", None
        case "discard" if seen:
            return "throw" if drawn else "discard", seen
        case "discard":  # cards not shown: a draw (the engine replaced them) or a discard
            return f"{'draw' if drawn else 'discard'} {len(e.cards)}", None
        case "expose" if seen:
            return "turn up", seen
        case "expose":
            return "have chosen a card to turn up", None
        case "show":
            return "show", seen
        case "muck":
            return "muck", None
        case "runs":
            times = {1: "once", 2: "twice"}.get(amount, f"{amount} times")
            return f"ask to run it {times}", None
        case "blind":
            return f"{'straddle' if _straddles(deal, e.player) else 'post'} {amount}", None
        case "win":
            return f"win {amount}", None
        case "penalty" if amount < 0:  # the sevens rule returns the action after the draw
            return f"take back {-amount} (the sevens rule)", None
        case "penalty":
            return f"pay a penalty of {amount}", None
        case kind if kind in _ACTIONS:
            return action_label(kind, amount=put_in(deal, at), to=amount), None
    return None


def _straddles(deal: Deal, player: int | None) -> bool:
    """Whether ``player``'s blind is a straddle: one posted after both blinds (a third
    blind, :func:`~straights.poker.stakes.straddled`).

    >>> from straights.poker import Deal, Stakes, get_variant
    >>> from straights.cards import make_deck
    >>> from straights.poker.stakes import straddled
    >>> stakes = straddled(Stakes.uniform(4, blinds=(1, 2), min_bet=2), "utg")
    >>> deal = Deal(get_variant("NT"), stakes, [50] * 4, make_deck())
    >>> [_straddles(deal, p) for p in range(4)]
    [False, False, True, False]
    """
    blinds = deal.stakes.blinds
    return player is not None and player >= 2 and bool(blinds[0] and blinds[1] and blinds[player])


def _board_phrase(e: Entry, double_board: bool) -> Phrase | None:
    """A line of :func:`entry_phrase` with no player: cards dealt to the table."""
    seen = [c for c in e.cards if c is not None]
    unseen = len(e.cards) - len(seen)
    # A lone board card dealt face down and turned later is the key card (Straights').
    if e.kind == "board":
        if not seen:
            if e.up == (False,):
                return ("The key card is dealt face down",)
            return (f"Table: {unseen} card{'s' if unseen > 1 else ''} face down",)
        return ("Table: ", *_cards(seen), *((f" and {unseen} face down",) if unseen else ()))
    if e.kind == "turn":
        if len(seen) == 1:
            return ("The key card is turned: ", *_cards(seen))
        return ("Turned up: ", *_cards(seen))
    if e.kind == "runout":  # the board run again (run number ``amount``), or board 2
        return (f"{'Board' if double_board else 'Run'} {e.amount}: ", *_cards(seen))
    return None


def _hole_phrase(e: Entry, t: _Teller, mine: bool) -> Phrase | None:
    """A ``hole`` line of :func:`entry_phrase`: the cards face down and face up; ``None``
    for another player's cards all face down."""
    p = e.player
    assert p is not None
    ups = e.up or (False,) * len(e.cards)
    up = [c for c, u in zip(e.cards, ups, strict=True) if u and c is not None]
    down = [c for c, u in zip(e.cards, ups, strict=True) if not u and c is not None]
    hidden = len(e.cards) - len(up) - len(down)
    out: list[Piece] = [f"{t.does(p, 'get')} "]
    if down:
        out += _cards(down)
    if up:
        out += [" and " if down else "", *_cards(up), " face up"]
    if hidden:
        out.append(f" and {hidden} face down" if up or down else f"{hidden} cards face down")
    return tuple(out) if mine or up else None


def deed(deal: Deal, at: int) -> str | None:
    """What the player of ``deal.log[at]`` did, without the subject and without his
    cards: "raises to 7", "draws 2", "stands pat" (a seat's last words at the web
    table); ``None`` for an entry that is no action or discard.

    >>> from straights.cards import make_deck
    >>> from straights.poker import Deal, Stakes, get_variant
    >>> deal = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2),
    ...             [50, 50], make_deck())
    >>> _ = deal.act("raise", 6)
    >>> deed(deal, len(deal.log) - 1), deed(deal, 0)
    ('raises to 6', None)
    """
    entry = deal.log[at]
    if entry.kind not in _ACTIONS and entry.kind != "discard":
        return None
    said = _said(deal, at, entry._replace(cards=(None,) * len(entry.cards)))  # no cards
    assert said is not None
    return _agree(said[0], False)


def deal_story(deal: Deal, name: Callable[[int], str], you: int | None = None) -> list[str]:
    """A deal of any variant told after the fact, one line an entry, for a hand history:
    every hole card (a history holds them all), each action with its chips, the board,
    the hands shown, then how each pot went, with the winning hands (:func:`pot_lines`).

    >>> from straights.cards import make_deck, parse_cards
    >>> from straights.poker import Deal, Stakes, get_variant
    >>> top = list(parse_cards("As Kd 2c 2d Qh Jh"))  # razz: the high up card brings in
    >>> deck = top + [c for c in make_deck() if c not in top]
    >>> deal = Deal(get_variant("FR"), Stakes.uniform(2, ante=1, bring_in=1, small_bet=2,
    ...             big_bet=4), [20, 20], deck)
    >>> _ = deal.act("bring-in"); _ = deal.act("complete"); _ = deal.act("fold")
    >>> for line in deal_story(deal, ["Ann", "Bob"].__getitem__, you=1):
    ...     print(line)
    Ann gets A♠ K♦ and 2♣ face up
    You get 2♦ Q♥ and J♥ face up
    You bring in for 1
    Ann completes to 2
    You fold
    The pot of 4 to Ann: all others folded
    """
    lines = []
    for at, e in enumerate(deal.log):
        if e.kind == "win" or (e.kind == "penalty" and e.amount > 0):  # told by pot_lines
            continue
        if (words := entry_phrase(deal, at, name, you, history=True)) is not None:
            lines.append(text(words))
    if deal.finished:
        lines += pot_lines(deal, lambda i: "you" if i == you else name(i))
    return lines


def kicker_words(top: HandValue, losers: Iterable[HandValue]) -> str:
    """`` (king kicker)`` when ``top`` beat a hand of the very same words only by a
    kicker (its first card, counted in groups, that differs), else ``""``.

    >>> from straights.rankings.base import evaluate
    >>> a, b = (evaluate(h, ranking="high") for h in ("2s 2d 2h Ks 9c", "2c 2d 2h Qs Jc"))
    >>> a.phrase == b.phrase, kicker_words(a, [b])
    (True, ' (king kicker)')
    >>> c = evaluate("2s 2d 2h Ks 8c", ranking="high")
    >>> kicker_words(a, [c]), kicker_words(a, [evaluate("As Ad Kh Ks 8c", ranking="high")])
    (' (nine kicker)', '')
    """
    same = [v for v in losers if v.phrase == top.phrase and v.category == top.category]
    if not same or not all(c.is_ranked for v in (top, *same) for c in v.cards):
        return ""

    def grouped(value: HandValue) -> list[int]:
        ranks = [int(c.rank or 0) for c in value.cards]
        return sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True)

    mine, theirs = grouped(top), grouped(max(same))
    for m, t in zip(mine, theirs, strict=False):
        if m != t:
            return f" ({RANK_WORDS[m]} kicker)" if 1 <= m < len(RANK_WORDS) else ""
    return ""


def pot_lines(deal: Deal, name: Callable[[int], str]) -> list[str]:
    """How each pot of the finished ``deal`` went, one line a pot: its winners and why
    (each hand named, high and low in a split game), the shares of a split; then a
    pot carried over (Straights' rule 10). ``name(player)`` names the deal's players.

    A split of Omaha hi-lo (Ann has no low: her ace-deuce pairs the board's deuce):

    >>> from straights.cards import make_deck, parse_cards
    >>> from straights.poker import Deal, Stakes, get_variant
    >>> top = list(parse_cards("Ah 2d Kc Kd 3h 4c Qs Qh 5c 8s 9d Jh 7s 6c Td 2c"))
    >>> deck = top + [c for c in make_deck() if c not in top]  # burns: 5c 7s Td
    >>> deal = Deal(get_variant("FO/8"), Stakes.uniform(2, blinds=(1, 2), small_bet=2,
    ...             big_bet=4), [50, 50], deck)
    >>> while not deal.finished:
    ...     _ = deal.act("check" if any(a.kind == "check" for a in deal.legal_actions())
    ...                  else "call")
    >>> for line in pot_lines(deal, ["Ann", "Bob"].__getitem__):
    ...     for part in line.split(" — "):
    ...         print(part)
    The pot of 4
    high: Ann with Pair of kings; low: Bob with Eight-six low (8-6-4-3-2)
    split: Ann 2, Bob 2
    """
    from straights.poker.showdown import split

    lines = []
    live = [i for i in range(deal.n) if not deal.folded[i]]
    rules = deal.variant.showdown
    named = deal.pot_names()  # the names the pots had during the deal
    if len({v.pot for v in deal.verdicts}) == 1 and named and " and " not in named[0]:
        named = ["The pot"]
    shown = sorted({e.player for e in deal.log if e.kind == "show" and e.player is not None})
    for verdict in deal.verdicts:
        k, run = verdict.pot, verdict.run
        label = named[k] if k < len(named) else ("Main pot" if k == 0 else f"Side pot {k}")
        if run:
            board = f"board {run}" if deal.double_board else f"run {run} of {len(deal.boards)}"
            label += f", {board},"
        head = f"{label} of {verdict.amount}"
        if len(live) == 1 or not rules:
            paid = " and ".join(name(i) for i in verdict.winners)
            why = f": {verdict.reason}" if verdict.reason else ""
            lines.append(f"{head} to {paid}{why}" if paid else f"{head} carries over{why}")
            continue
        values = {i: deal.hand_values(i, run) for i in verdict.eligible}
        winners: list[list[int]] = []
        parts = []
        for r, rule in enumerate(rules):
            hands = {i: v for i in verdict.eligible if (v := values[i][r]) is not None}
            top = max(hands.values(), default=None)
            winners.append([i for i, v in hands.items() if v == top])
            if top is None:
                parts.append(f"{rule.label}: nobody qualifies")
                continue
            # Beaten by a kicker? Against every hand shown, not only the pot's own.
            others = (deal.hand_values(i, run)[r] for i in shown if i not in values)
            rivals = [v for v in (*hands.values(), *others) if v is not None and v < top]
            who = " and ".join(name(i) for i in winners[-1])
            parts.append(f"{rule.label}: {who} with {top.phrase}{kicker_words(top, rivals)}")
        shares = split(verdict.amount, winners)
        paid = ", ".join(f"{name(i)} {chips}" for i, chips in enumerate(shares) if chips)
        if len(rules) == 1 and len(winners[0]) == 1:  # one hand takes it: no split to show
            lines.append(f"{head} to {parts[0].split(': ', 1)[1]}")
            continue
        word = "split" if sum(1 for x in shares if x) > 1 else "to"
        lines.append(f"{head} — {'; '.join(parts)} — {word}: {paid}")
    carried = carry_line(deal)
    return lines if carried is None else [*lines, carried]


def carry_line(deal: Deal) -> str | None:
    """What a finished deal carries over when nobody wins (Straights' rule 10): the
    pots nobody won, the penalties and the chips carried out (``None``: nothing
    carries).

    >>> from types import SimpleNamespace as Finished
    >>> from straights.poker.engine import Entry
    >>> pot = Finished(amount=2, winners=())  # a pot nobody won, two penalties of 1
    >>> print(carry_line(Finished(verdicts=[pot], log=[Entry("penalty", 0, amount=1)] * 2,
    ...                           carry_out=4)))
    Pot of 2 + penalties 2 carry over: 4 chips stay in the middle for the next deal (rule 10)
    >>> carry_line(Finished(verdicts=[pot], log=[], carry_out=0)) is None
    True
    """
    if not deal.carry_out:
        return None
    pots = sum(v.amount for v in deal.verdicts if not v.winners)
    penalties = sum(e.amount for e in deal.log if e.kind == "penalty" and e.amount > 0)
    head = f"Pot of {pots}"
    if penalties:
        head += f" + {'penalty' if penalties == 1 else 'penalties'} {penalties}"
    verb = "carry" if penalties else "carries"
    stay = f"{deal.carry_out} chips stay in the middle for the next deal (rule 10)"
    return f"{head} {verb} over: {stay}"
