"""``straights rank`` and ``straights compare``: explain and order poker hands.

The house-rule flags (``--wild-rank``, ``--bug``, ``--natural`` …) and the
generic ``--option name=value`` come from :mod:`straights.cli.options`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from straights.cli.app import app
from straights.cli.options import JsonOpt, RankingOpt, house_rules
from straights.errors import HandSizeError

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from straights.cards import Card
    from straights.rankings.base import HandValue

#: A hand of this many cards or more is warned about: its best five can take minutes
#: to find (some rankings try every five of them: C(30, 5) is 142,506).
LONG_HAND: Final = 30

#: Five-card hands tried between two updates of the count.
_EVERY: Final = 4096

_ASCII = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s", "★": "*", "·": "|", "🃏": "Jk"})


def _text(text: str) -> str:
    """``text`` as the terminal can print it (suit symbols become letters on ASCII)."""
    from straights.cli.render import ascii_only

    return text.translate(_ASCII) if ascii_only() else text


@app.command()
@house_rules
def rank(
    cards: Annotated[str, typer.Argument(help="The hand, e.g. 'Jk Th 8h 5h 4h'.")],
    ranking: RankingOpt = "high",
    as_json: JsonOpt = False,
    *,
    options: dict[str, Any],
) -> None:
    """Explain one hand: its category, the five cards that play, what each wild card became.

    Example: straights rank "Jk Th 8h 5h 4h" --ranking high
    """
    from straights.cards import parse_cards
    from straights.rankings.base import evaluate

    hand = parse_cards(cards)
    if len(hand) < LONG_HAND:
        value = evaluate(hand, ranking=ranking, **options)
    else:
        value = _evaluate_long(hand, ranking, options)
    if as_json:
        typer.echo(json.dumps(value.to_dict(), indent=2, ensure_ascii=False))
        return
    from rich.text import Text

    from straights.cli.render import cards_text, console

    out = console()
    out.print(Text(_text(value.phrase), "bold"))
    out.print(Text("Plays  ") + cards_text(value.cards))
    out.print(Text(_text(f"Category {value.category}  ·  ranking {value.ranking}")))
    for wild, became in value.wild:
        out.print(Text("  ") + cards_text([wild]) + Text(" plays as ") + cards_text([became]))


def _evaluate_long(hand: tuple[Card, ...], ranking: str, options: dict[str, Any]) -> HandValue:
    """Evaluate a hand of many cards, saying first that it can take long and then
    counting the five-card hands tried (a bar with the rate and the time left on a
    terminal, a line a minute when stderr is not one).

    A ranking that plays the best five cards is the best of every five (so each one
    is counted); any other evaluates the hand whole (badugi, three-card and Straights'
    hands are a few cards: a long one is refused at once)."""
    from math import comb

    from rich.console import Console

    from straights.cli.progress import Work
    from straights.rankings.base import evaluate, get_ranking

    chosen = get_ranking(ranking)
    if min(chosen.card_counts) != 5:  # not the best five: its own sizes (and refusals)
        return evaluate(hand, ranking=ranking, **options)
    err = Console(stderr=True, highlight=False)
    n = len(hand)
    total = comb(n, 5)
    err.print(
        f"note: {n} cards hold {total:,} five-card hands; finding the best in pure "
        "Python can take minutes (Ctrl-C stops it)",
        markup=False,
        soft_wrap=True,
    )
    with Work(f"ranking {n} cards", "five-card hands", total, console=err) as work:
        return best_of_fives(hand, ranking, options, work.advance)


def best_of_fives(
    hand: Sequence[Card],
    ranking: str,
    options: dict[str, Any],
    progress: Callable[[int], None] = lambda done: None,
) -> HandValue:
    """The best five-card hand of ``hand`` under a ranking that plays the best five,
    trying every five in turn (``progress(k)``: ``k`` more were tried).

    >>> from straights.cards import parse_cards
    >>> best_of_fives(parse_cards("As Ks 2d Qs Js 7c Ts"), "high", {}).category
    'straight flush'
    """
    from itertools import combinations

    from straights.rankings.base import get_ranking

    chosen = get_ranking(ranking)
    opts = dict(chosen.normalise(options))
    best: HandValue | None = None
    done = 0
    for five in combinations(hand, 5):
        value = chosen.evaluate(five, **opts)
        if best is None or value > best:
            best = value
        done += 1
        if done == _EVERY:
            progress(done)
            done = 0
    progress(done)
    if best is None:
        raise HandSizeError(f"{len(hand)} cards hold no five-card hand")
    return best


@app.command()
@house_rules
def compare(
    hands: Annotated[list[str], typer.Argument(help="Two or more hands, each one quoted string.")],
    table: Annotated[
        str | None, typer.Option("--table", "-t", help="Community cards added to every hand.")
    ] = None,
    ranking: RankingOpt = "high",
    as_json: JsonOpt = False,
    *,
    options: dict[str, Any],
) -> None:
    """Rank several hands best first and say who wins or who splits.

    Example: straights compare "As Ah Kd Kc 2s" "Qs Qh Qd 3c 4s"
    """
    from straights.cards import check_unique, parse_cards
    from straights.rankings.base import evaluate

    if len(hands) < 2:
        raise HandSizeError(f"compare needs at least two hands, not {len(hands)}")
    board = parse_cards(table) if table else ()
    parsed = [parse_cards(h) for h in hands]
    check_unique([c for h in parsed for c in h] + list(board), "among the hands and table")
    values = [evaluate((*h, *board), ranking=ranking, **options) for h in parsed]
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    if as_json:
        result = {
            "hands": [{"hand": hands[i], **values[i].to_dict()} for i in range(len(values))],
            "order": order,
            "winners": winners,
            "split": len(winners) > 1,
        }
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    from rich.text import Text

    from straights.cli.render import cards_text, console

    out = console()
    for place, i in enumerate(order, 1):
        mark = Text(_text("★ ") if i in winners else "  ", style="bold green")
        out.print(
            mark
            + Text(f"{place}. hand {i + 1}  ")
            + cards_text(parsed[i])
            + Text(_text(f"  {values[i]}"))
        )
    if len(winners) > 1:
        hands_won = ", ".join(str(i + 1) for i in winners)
        out.print(Text(f"Split between hands {hands_won}", "bold yellow"))
    else:
        out.print(Text(f"Hand {winners[0] + 1} wins", "bold green") + Text(_text(f": {best}")))
