"""Mucking a beaten hand at the showdown (``Deal(auto_muck=…)``): who shows first (the
last bettor of the last round, else its first to act), who may muck (a hand a shown one
beats in every pot), where nobody may (anyone all in), and the history that says so."""

from __future__ import annotations

import random

import pytest

from straights.bots.registry import make_bot
from straights.cards import make_deck, parse_cards
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.catalogue import VARIANTS, get_variant
from straights.poker.engine import Deal
from straights.poker.phh import deal_to_phh, dumps, replay
from straights.poker.stakes import default_stakes
from straights.poker.variant import Stakes
from straights.poker.view import Move, deal_view, entry_view, play
from straights.web.hud import public_phhs

# p1 holds A♠A♦, p2 K♣K♦, p3 2♥7♣; the board 9♠ 3♥ J♣ Q♥ K♥: p2's three kings win.
DECK = "As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d"


def deal(auto_muck: tuple[int, ...], stacks: int = 50, river_bet: int | None = None) -> Deal:
    """Three players check (or call) to the river; there p3 bets ``river_bet`` if given."""
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [stacks] * 3,
             parse_cards(DECK), auto_muck=auto_muck)  # fmt: skip
    while not d.finished:
        kinds = [a.kind for a in d.legal_actions()]
        if river_bet is not None and d.street_name == "river" and d.actor == 2 and "bet" in kinds:
            d.act("bet", river_bet)
        else:
            d.act("check" if "check" in kinds else "call")
    return d


def showdown(d: Deal) -> list[tuple[str, int]]:
    return [(e.kind, e.player) for e in d.log if e.kind in ("show", "muck")]


def test_without_auto_muck_everyone_shows_in_seat_order() -> None:
    assert showdown(deal(())) == [("show", 0), ("show", 1), ("show", 2)]


def test_a_beaten_hand_is_mucked_after_the_first_to_act_shows() -> None:
    d = deal((0, 1, 2))  # all checked on the river: p1, its first to act, shows first
    assert showdown(d) == [("show", 0), ("show", 1), ("muck", 2)]
    assert d.winnings == [0, 6, 0] and d.mucked[2]


def test_the_river_bettor_shows_first_and_nobody_shown_beats_the_next() -> None:
    # p3 bets the river and is called: he shows first (7-high), then p1's aces (which
    # beat it: shown), then p2's kings (they beat both: shown).
    d = deal((0, 1, 2), river_bet=10)
    assert showdown(d) == [("show", 2), ("show", 0), ("show", 1)]


def test_only_players_who_asked_muck() -> None:
    assert showdown(deal((0, 1))) == [("show", 0), ("show", 1), ("show", 2)]


def test_all_in_hands_are_all_shown() -> None:
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [20, 20, 20],
             parse_cards(DECK), auto_muck=(0, 1, 2))  # fmt: skip
    d.act("raise", 20)
    d.act("call")
    d.act("call")
    assert d.finished and [k for k, _ in showdown(d)] == ["show"] * 3


def test_the_history_keeps_the_muck() -> None:
    d = deal((2,))
    history = deal_to_phh(d)
    assert "p3 sm" in history["actions"]
    again = replay(history).deal
    assert again.winnings == d.winnings and again.mucked == d.mucked


def test_bad_players_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="auto_muck"):
        deal((3,))


# -- asked at the showdown (``Deal(ask_muck=…)``) ------------------------------------------
#
# Robert's Rules of Poker, *Showdown* 7: "If everyone checks (or is all-in) on the final
# betting round, the player who acted first is the first to show the hand. If there is
# wagering on the final betting round, the last player to take aggressive action by a bet
# or raise is the first to show the hand."  TDA Rule 16 (*Face Up for All-Ins*): "All
# cards will be turned face up once a player is all-in and all betting action by all
# other players in the hand is complete."  A player may discard a hand without showing
# it (Delaware's card-room rules, 1551: "A player may choose to discard a hand without
# showing it"): so a beaten hand is asked, a hand that can still win is shown.


def asked(ask_muck: tuple[int, ...], bettor: int | None = None, *, auto: tuple[int, ...] = ()
          ) -> Deal:  # fmt: skip
    """Three players to the river; there ``bettor`` bets 10 and is called; stops when the
    deal ends or someone is asked to show or muck."""
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [50] * 3,
             parse_cards(DECK), ask_muck=ask_muck, auto_muck=auto)  # fmt: skip
    while not d.finished and d.phase != "muck":
        kinds = [a.kind for a in d.legal_actions()]
        if d.street_name == "river" and d.actor == bettor and "bet" in kinds:
            d.act("bet", 10)
        else:
            d.act("check" if "check" in kinds else "call")
    return d


def test_a_beaten_hand_is_asked_in_showing_order() -> None:
    # p2 bets the river: his kings are shown first; p3 (7-high), then p1 (aces) are
    # beaten by them, each asked in turn, clockwise from the bettor.
    d = asked((0, 1, 2), bettor=1)
    assert showdown(d) == [("show", 1)]
    assert (d.phase, d.actor, d.muck_choice(), d.legal_actions()) == (
        "muck",
        2,
        ("show", "muck"),
        (),
    )
    assert d.show_or_muck(False).kind == "muck"
    assert (d.phase, d.actor) == ("muck", 0)
    entry = d.show_or_muck(True)
    assert (entry.kind, entry.cards) == ("show", tuple(parse_cards("As Ad")))
    assert d.finished and showdown(d) == [("show", 1), ("muck", 2), ("show", 0)]
    assert d.winnings == [0, 36, 0] and d.mucked[2]


def test_a_hand_that_can_still_win_is_shown_without_asking() -> None:
    # All check: p1 shows aces first (nobody shown yet: never asked), p2's kings beat
    # them and are shown; only p3's 7-high is asked.
    d = asked((0, 1, 2))
    assert showdown(d) == [("show", 0), ("show", 1)] and d.actor == 2
    d.show_or_muck(False)
    assert d.finished and d.winnings == [0, 6, 0]


def test_the_standing_choice_answers_without_asking() -> None:
    d = asked((0,), bettor=1, auto=(2,))  # p3 mucks by his standing choice; p1 is asked
    assert showdown(d) == [("show", 1), ("muck", 2)] and d.actor == 0
    d = asked((), bettor=1)  # nobody asked, nobody mucks: every hand is shown
    assert d.finished and [k for k, _ in showdown(d)] == ["show"] * 3


def test_all_in_hands_are_shown_without_asking() -> None:
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [20, 20, 20],
             parse_cards(DECK), ask_muck=(0, 1, 2))  # fmt: skip
    d.act("raise", 20)
    d.act("call")
    d.act("call")
    assert d.finished and [k for k, _ in showdown(d)] == ["show"] * 3


def test_the_winner_of_an_uncontested_pot_may_show() -> None:
    def folded(ask: tuple[int, ...]) -> Deal:
        d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [50] * 3,
                 parse_cards(DECK), ask_muck=ask)  # fmt: skip
        d.act("raise", 6)  # p3 raises, p1 and p2 fold
        d.act("fold")
        d.act("fold")
        return d

    d = folded((2,))
    assert (d.phase, d.actor, d.pot) == ("muck", 2, 5)  # 4 of his 6 came back
    entry = d.show_or_muck(True)
    assert (entry.kind, entry.player, entry.cards) == ("show", 2, tuple(parse_cards("2h 7c")))
    assert d.finished and d.winnings == [0, 0, 5] and not d.mucked[2]
    d = folded((2,))
    assert d.show_or_muck(False).kind == "win" and d.finished and d.winnings == [0, 0, 5]
    assert showdown(d) == []
    d = folded((0, 1))  # the winner is not asked: the pot is his at once
    assert d.finished and showdown(d) == []


def test_a_player_who_leaves_when_asked_mucks() -> None:
    d = asked((0, 1, 2))
    assert d.forfeit(2).kind == "muck" and d.finished and d.winnings == [0, 6, 0]


def test_show_or_muck_is_refused_when_nobody_is_asked() -> None:
    d = asked((0, 1, 2), bettor=1)
    d.show_or_muck(True)
    d.show_or_muck(True)
    with pytest.raises(IllegalActionError, match="nobody is asked"):
        d.show_or_muck(True)
    with pytest.raises(ConfigurationError, match="ask_muck"):
        asked((5,))


def test_a_mucked_hand_is_never_seen_and_its_history_replays() -> None:
    d = asked((0, 1, 2), bettor=1)
    assert deal_view(d, 2).show_or_muck and not deal_view(d, 0).show_or_muck
    play(d, Move("muck"))
    play(d, Move("muck"))
    assert d.finished
    hidden = set(parse_cards("2h 7c As Ad"))
    for seat in (None, 1):
        view = deal_view(d, seat)
        seen = {c for p in view.players for c in p.cards if c is not None}
        assert not seen & hidden
        logged = {c for e in d.log for c in entry_view(e, seat).cards if c is not None}
        assert not logged & hidden
    history = deal_to_phh(d)
    assert "p3 sm" in history["actions"] and "p1 sm" in history["actions"]
    assert not any(a.startswith("p3 sm 2h") for a in history["actions"])
    again = replay(history).deal
    assert again.winnings == d.winnings and again.mucked == d.mucked
    public = public_phhs([dumps(history)])
    assert "2h7c" not in public and "AsAd" not in public and "KcKd" in public


def test_an_uncontested_show_is_written_and_replays() -> None:
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [50] * 3,
             parse_cards(DECK), ask_muck=(2,))  # fmt: skip
    for move in (Move("raise", 6), Move("fold"), Move("fold"), Move("show")):
        play(d, move)
    history = deal_to_phh(d)
    assert history["actions"][-1] == "p3 sm 2h7c"
    assert replay(history).deal.stacks == d.stacks


def _asked_moves(deal: Deal, rng: random.Random) -> list[Move]:
    """Random bots play every seat; asked to show or muck, each answers at random."""
    bots = [make_bot("random", rng.getrandbits(32)) for _ in range(deal.n)]
    moves = []
    while not deal.finished:
        i = deal.actor
        assert i is not None
        view = deal_view(deal, i)
        move = Move(rng.choice(["show", "muck"])) if view.show_or_muck else bots[i].decide(view)  # type: ignore[attr-defined]
        moves.append(move)
        play(deal, move)
    return moves


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_a_mucked_hand_reaches_no_other_seat_in_any_variant(code: str) -> None:
    """Every player asked, random answers, many deals: a mucked (or never shown) hand
    is never in another seat's view, a spectator's, or the log as they see it; and
    reshuffling the cards a seat never sees leaves its views as they were."""
    variant = get_variant(code)
    n, seat = 3, 1
    rng = random.Random(code)
    asked_once = 0
    for _ in range(6):
        deck = list(make_deck(variant.deck, jokers=variant.jokers).shuffled(rng))
        stakes = default_stakes(variant, n)
        first = Deal(variant, stakes, [40] * n, deck, ask_muck=range(n))
        moves = _asked_moves(first, random.Random(rng.getrandbits(32)))
        asked_once += sum(m.kind in ("show", "muck") for m in moves)
        shown = {c for e in first.log if e.kind == "show" for c in e.cards if c is not None}
        for viewer in (None, seat):
            view = deal_view(first, viewer)
            for p in view.players:
                if p.index != viewer and first.mucked[p.index]:
                    down = [c for c, up in zip(first.holes[p.index], first.up[p.index],
                                               strict=True) if not up]  # fmt: skip
                    assert not set(down) & {c for c in p.cards if c is not None} - shown
            for e in first.log:
                if e.kind == "muck":
                    assert entry_view(e, viewer).cards == ()
        # Replay with the cards the seat never saw reshuffled: its views are unchanged.
        replay = Deal(variant, stakes, [40] * n, deck, ask_muck=range(n))
        views, seen = [deal_view(replay, seat)], set()
        for move in moves:
            play(replay, move)
            views.append(deal_view(replay, seat))
        for view in views:
            seen.update(c for p in view.players for c in p.cards if c is not None)
            seen.update(c for c in view.board if c is not None)
        hidden = [c for c in deck if c not in seen]
        shuffled = hidden[:]
        random.Random(1).shuffle(shuffled)
        swap = dict(zip(hidden, shuffled, strict=True))
        other = Deal(variant, stakes, [40] * n, [swap.get(c, c) for c in deck],
                     ask_muck=range(n))  # fmt: skip
        again = [deal_view(other, seat)]
        for move in moves:
            play(other, move._replace(cards=tuple(swap.get(c, c) for c in move.cards)))
            again.append(deal_view(other, seat))
        assert again == views
    assert asked_once  # the question came up in this variant's deals


def test_simulated_bots_are_asked_and_their_histories_replay() -> None:
    """``simulate --muck ask``: every bot asked; they muck (the bots' default answer), no
    mucked hand is written as shown, and every history replays to the same stacks."""
    from straights.bots.arena import PokerArena, simulate

    mucks = 0

    def check(deal: Deal, table: object) -> None:
        nonlocal mucks
        history = deal_to_phh(deal)
        for i in range(deal.n):
            if deal.log and any(e.kind == "muck" and e.player == i for e in deal.log):
                mucks += 1
                assert not any(a.startswith(f"p{i + 1} sm ") for a in history["actions"])
        assert replay(history).deal.stacks == deal.stacks

    simulate(
        PokerArena([get_variant("NT")], ["calling", "random"], players=3, muck="ask"),
        hands=40,
        seed=7,
        on_deal=check,
    )
    assert mucks
