"""Bots play a tournament to its end: :func:`play_bots`.

The tables deal in turn (table 1, table 2, … then table 1 again), each deal played
by the bots of :func:`~straights.bots.arena.deal_bots` from their own views; late
entrants register one after each deal while registration is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from straights.bots.arena import deal_bots, play_deal
from straights.cards import make_rng
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.engine import Deal
from straights.tournament.core import Tournament

__all__ = ["play_bots"]


def play_bots(
    tournament: Tournament,
    kinds: Sequence[str],
    *,
    seed: int | None = None,
    late: Sequence[str] = (),
    on_deal: Callable[[Tournament, int, Deal], None] | None = None,
) -> Tournament:
    """Play ``tournament`` to its end with bots of ``kinds`` (player ``i`` plays the
    kind ``kinds[i % len(kinds)]``, late entrants included); ``late`` names the
    players who register late, one after each deal; ``on_deal(tournament, table,
    deal)`` is called after each deal is finished.  Returns the tournament.
    """
    if not kinds:
        raise ConfigurationError("name at least one bot: random, calling, strength or equity")
    if tournament.paused:
        raise IllegalActionError("the tournament is paused: resume it first")
    names = [p.name for p in tournament.players] + list(late)
    rng = make_rng(seed)
    bots = dict(zip(names, deal_bots([kinds[i % len(kinds)] for i in range(len(names))],
                                     rng.getrandbits(64)), strict=True))  # fmt: skip
    waiting = list(late)
    while not tournament.finished:
        ready = tournament.ready()
        if not ready:
            if waiting and tournament.registration_open:
                tournament.register(waiting.pop(0))
                continue
            tournament.close_registration()
            if not tournament.finished:
                raise ConfigurationError("no table can deal and the tournament is not over")
            break
        for number in ready:
            if number not in tournament.ready():
                continue  # broken, or short of players, since the round began
            deal = tournament.start(number)
            play_deal(deal, [bots[p.name] for p in tournament.players_of(number)])
            tournament.finish(number, deal)
            if on_deal is not None:
                on_deal(tournament, number, deal)
            if waiting and tournament.registration_open:
                tournament.register(waiting.pop(0))
            elif waiting:
                waiting.clear()  # registration closed before they came
            if tournament.finished:
                break
    return tournament
