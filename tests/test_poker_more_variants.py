"""Worked examples of the variants added for issue 10: Manila, Canadian, Mexican and
Mambo stud, London and California lowball, five-card draw with the bug and deuces wild.

Each deal is rigged: the deck lists the cards in the engine's dealing order
(each player's cards of a street together, ``p1`` first; burns before each
later street), the players check and call, and the example says who wins and
why — the expected winner read from the rules, never computed by the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from straights.cards import Card, make_deck, parse_cards
from straights.errors import HandHistoryError, IllegalActionError, StraightsError
from straights.poker import Deal, Stakes, get_variant
from straights.poker.catalogue import find_variant
from straights.poker.phh import deal_to_phh, dumps, loads, replay
from straights.poker.view import deal_view

STUD = Stakes.uniform(2, ante=1, bring_in=1, small_bet=2, big_bet=4)
BLINDS = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4, min_bet=2)


def deck(text: str) -> list[Card]:
    return list(parse_cards(text.replace("|", " ")))


def passive(deal: Deal, shown: dict[int, list[str]] | None = None) -> Deal:
    """Post the bring-in, check or call to the end; stand pat; turn up ``shown`` cards."""
    turn = {i: [Card(c) for c in cards] for i, cards in (shown or {}).items()}
    while not deal.finished:
        if deal.phase == "draw":
            deal.discard([])
        elif deal.phase == "expose":
            deal.expose([turn[deal.actor or 0].pop(0)])
        else:
            kinds = {a.kind for a in deal.legal_actions()}
            deal.act(next(k for k in ("bring-in", "check", "call") if k in kinds))
    return deal


def winnings(code: str, stakes: Stakes, cards: str, **kw: dict[int, list[str]]) -> list[int]:
    deal = passive(Deal(get_variant(code), stakes, [50, 50], deck(cards)), kw.get("shown"))
    return [s - 50 for s in deal.stacks]


def test_manila_flush_beats_full_house() -> None:
    # p1 Ah Kh + Qh 9h 7h: a flush; p2 Qs Qd + Qh 7h 7c: a full house.  The board
    # comes one card at a time, a burn before each.
    cards = "Ah Kh | Qs Qd | 8c Qh | 8d 9h | 8s 7h | Jc 7c | Js Tc"
    assert winnings("_FMANILA", BLINDS, cards) == [2, -2]


def test_manila_plays_both_hole_cards() -> None:
    # The board Ks Qs 9s 8s Ah holds four spades, but exactly two hole cards and three
    # board cards play: p1's As 7c make only a pair of aces (in hold'em, a flush);
    # p2's Kd Kc make three kings and win.
    cards = "As 7c | Kd Kc | 7d Ks | 7h Qs | 8c 9s | 8d 8s | 9h Ah"
    assert winnings("_FMANILA", BLINDS, cards) == [-2, 2]


def test_manila_has_no_wheel_and_a_32_card_deck() -> None:
    variant = find_variant("manila")
    assert len(make_deck(variant.deck)) == 32
    with pytest.raises(StraightsError, match="not in the manila deck"):
        Deal(variant, BLINDS, [50, 50], deck("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"))
    # p1's Ah 7c with 8d 9s Td would be a straight if the ace could play low; it is
    # not, and p2's jacks and kings win.
    cards = "Ah 7c | Jd Jc | 8h 8d | 8c 9s | Qh Td | Qc Kh | Qd Ks"
    assert winnings("_FMANILA", BLINDS, cards) == [-2, 2]


def test_canadian_stud_four_flush_beats_a_pair() -> None:
    # p1: 2h down, 7h up, then 9h Kh 3c: four hearts.  p2: As down, Ad up, 9c 7s 4d.
    cards = "2h 7h | As Ad | 5c | 9h 9c | 5d | Kh 7s | 5s | 3c 4d"
    assert winnings("_FCANADIAN", STUD, cards) == [2, -2]
    # In plain five-card stud the aces win the same cards.
    assert winnings("_F5S", STUD, cards) == [-2, 2]


def test_canadian_stud_four_straight_beats_a_pair_and_loses_to_two_pair() -> None:
    straight_vs_pair = "9c Td | Ks Kd | 2c | Jh 4c | 2d | Qs 7h | 2h | 3d 5s"
    assert winnings("_FCANADIAN", STUD, straight_vs_pair) == [2, -2]
    straight_vs_two_pair = "9c Td | Ks Kd | 2c | Jh 4c | 2d | Qs 4h | 2h | 3d 5s"
    assert winnings("_FCANADIAN", STUD, straight_vs_two_pair) == [-2, 2]


def test_mexican_stud_each_player_chooses_the_card_to_turn_up() -> None:
    variant = find_variant("mexican-stud")
    cards = deck("Kh 3c | Qd Jd | 2c | 7h 6s | 2d | 5c 4c | 2h | Ac Ad")
    deal = Deal(variant, STUD, [50, 50], cards)
    assert (deal.phase, deal.actor, deal.legal_actions()) == ("expose", 0, ())
    with pytest.raises(IllegalActionError, match="must turn up 1 card, not 2"):
        deal.expose(parse_cards("Kh 3c"))
    with pytest.raises(IllegalActionError, match="not a face-down card of his"):
        deal.expose([Card("Qd")])
    with pytest.raises(IllegalActionError, match="expose"):
        deal.act("check")
    deal.expose([Card("Kh")])
    # Nothing is turned until everyone has chosen: p2 does not see p1's choice.
    assert deal_view(deal, 1).players[0].cards == (None, None)
    deal.expose([Card("Jd")])
    assert deal_view(deal, 1).players[0].cards == (Card("Kh"), None)
    # The lowest up card brings in: p2's jack against p1's king.
    assert deal.phase == "betting" and deal.actor == 1
    assert [a.kind for a in deal.legal_actions()] == ["bring-in", "complete"]
    with pytest.raises(IllegalActionError, match="nobody may choose"):
        deal.expose([Card("3c")])


def test_mexican_stud_ranks_across_the_gap() -> None:
    # p1 turns up 7h 6s 5c and ends with 4 5 6 7 J: a straight across the missing 8 9 T.
    # p2 ends with Q Q A A and a jack: two pair.
    cards = "Jh 7h | Qd Qs | 2c | 6s Ac | 2d | 5c Ad | 2h | 4c Js"
    shown = {0: ["7h", "6s", "5c", "4c"], 1: ["Qs", "Ac", "Ad", "Js"]}
    assert winnings("_FMEXICAN", STUD, cards, shown=shown) == [2, -2]


def test_mexican_stud_history_writes_each_choice() -> None:
    cards = "Jh 7h | Qd Qs | 2c | 6s Ac | 2d | 5c Ad | 2h | 4c Js"
    deal = Deal(get_variant("_FMEXICAN"), STUD, [50, 50], deck(cards))
    passive(deal, {0: ["7h", "6s", "5c", "4c"], 1: ["Qs", "Ac", "Ad", "Js"]})
    history = deal_to_phh(deal)
    assert history["actions"][:4] == ["d dh p1 Jh7h", "d dh p2 QdQs", "p1 _up 7h", "p2 _up Qs"]
    again = replay(loads(dumps(history))[0]).deal
    assert again.stacks == deal.stacks and again.up == deal.up
    # A history that never wrote p2's down cards still says which card he turned up.
    hidden = replay(loads(dumps(history).replace("d dh p2 QdQs", "d dh p2 ????"))[0]).deal
    assert [e.cards for e in hidden.log if e.kind == "expose"][1] == (Card("Qs"),)
    assert hidden.stacks == deal.stacks
    bad = dumps(history).replace("p1 _up 7h", "p1 _up Qd")
    with pytest.raises(HandHistoryError, match="cannot turn up Q"):
        replay(loads(bad)[0])


def test_london_lowball_straights_count_against_you() -> None:
    # p1 holds A 2 3 4 5 (a straight, bad here) with K Q: best K-5-4-3-A.
    # p2 holds 6 4 3 2 A with 9 9: the best ace-to-six low.  p2's up K brings in.
    cards = ("Ah 2c 3d | Ad 2s Kh | 7c | 4s 4h | 7d | 5h 3s | 7s | Kc 6c | 8c | Qd 9s |"
             " 8d | 9c Ac")  # fmt: skip
    deal = Deal(get_variant("_FLONDON"), STUD, [50, 50], deck(cards))
    assert deal.actor == 1  # the highest up card, a king, brings in
    passive(deal)
    assert [s - 50 for s in deal.stacks] == [-2, 2]
    # Razz (ace-to-five) counts no straights: p1's wheel wins there.
    assert winnings("FR", STUD, cards) == [2, -2]


def test_california_lowball_joker_is_the_lowest_missing_card() -> None:
    # p1 A 2 3 4 + joker: the joker is the 5, the wheel; p2 6-4-3-2-A.
    cards = "Ah 2c 3d 4s Jk | 6h 4c 3s 2d As"
    assert winnings("_FCALIFORNIA", BLINDS, cards) == [2, -2]
    assert len(make_deck("standard", jokers=find_variant("california").jokers)) == 53


def test_five_card_draw_bug_is_an_ace_unless_it_makes_a_straight_or_flush() -> None:
    # K K + bug: a pair of kings with an ace kicker, beating K K Q …, losing to Q Q Q.
    assert winnings("_F5CDJ", BLINDS, "Kh Kd 7c 4s Jk | Kc Ks Qd 8h 3c") == [2, -2]
    assert winnings("_F5CDJ", BLINDS, "Kh Kd 7c 4s Jk | Qc Qs Qd 8h 3c") == [-2, 2]
    # 9 8 7 6 + bug: a straight, beating three aces.
    assert winnings("_F5CDJ", BLINDS, "9h 8d 7c 6s Jk | Ah Ad Ac Qs Jd") == [2, -2]


def test_deuces_wild_makes_four_kings_and_five_of_a_kind() -> None:
    assert winnings("_F5CDW", BLINDS, "2c 2d Kh Ks 7c | Qh Qd Qc 9s 9h") == [2, -2]
    # 2 2 2 + A A: five aces beat a natural royal flush.
    assert winnings("_F5CDW", BLINDS, "2c 2d 2h Ac Ad | Th Jh Qh Kh Ah") == [2, -2]


def test_mambo_stud_splits_high_and_low() -> None:
    # p1: 4h down, 5h up, 6h up: a three-card straight flush (high).
    # p2: Ac down, 2d up, 3s up: A-2-3, the best low (and the lowest straight).
    # The widow Kd plays for both.  p2's deuce brings in.
    cards = "4h 5h | Ac 2d | 9c | 6h 3s | 9d | Kd"
    deal = Deal(get_variant("_FMAMBO"), STUD, [50, 50], deck(cards))
    assert deal.actor == 1
    passive(deal)
    assert deal.winnings == [2, 2] and deal.stacks == [50, 50]
    # Without a six-or-better low, the high hand (9-T-J of hearts) scoops: p2's 8-7-2
    # is the lower hand but no low.
    assert winnings("_FMAMBO", STUD, "9h Th | Kc 7d | 2c | Jh 8c | 2d | 2s") == [2, -2]


def test_mambo_stud_trips_beat_a_straight() -> None:
    # Three-card order: straight < three of a kind.
    assert winnings("_FMAMBO", STUD, "9c Td | 7s 7d | 2c | Jh 8h | 2d | 7c") == [-2, 2]


def test_jokers_in_hand_histories() -> None:
    deal = Deal(get_variant("_FCALIFORNIA"), BLINDS, [50, 50],
                deck("Jk 2c 3d 4s Ah | 6h 4c 3s 2d As"))  # fmt: skip
    passive(deal)
    text = dumps(deal_to_phh(deal))
    assert "d dh p1 Jk2c3d4sAh" in text
    assert replay(loads(text)[0]).deal.stacks == deal.stacks == [52, 48]


def test_every_new_game_is_listed_and_replays(tmp_path: Path) -> None:
    from straights.cli.main import app

    listed = CliRunner().invoke(app, ["games", "--json"])
    names = {row["game"] for row in json.loads(listed.output)}
    assert {"manila", "canadian-stud", "mexican-stud", "london-lowball", "california-lowball",
            "five-card-draw-joker", "five-card-draw-deuces-wild", "mambo-stud",
            "single-draw-2-7", "triple-draw-2-7", "badugi",
            "straights", "straights-no-limit", "straights-52",
            "straights-52-no-limit"} <= names  # fmt: skip
    deal = Deal(get_variant("_FMEXICAN"), STUD, [50, 50],
                deck("Jh 7h | Qd Qs | 2c | 6s Ac | 2d | 5c Ad | 2h | 4c Js"))  # fmt: skip
    passive(deal, {0: ["7h", "6s", "5c", "4c"], 1: ["Qs", "Ac", "Ad", "Js"]})
    path = tmp_path / "mexican.phh"
    path.write_text(dumps(deal_to_phh(deal)), encoding="utf-8")
    result = CliRunner().invoke(app, ["history", "replay", str(path), "--json"])
    assert json.loads(result.output) == {"file": str(path), "index": 0, "variant": "_FMEXICAN",
                                         "finishing_stacks": [52, 48]}  # fmt: skip


def test_a_street_cannot_turn_up_more_cards_than_are_face_down() -> None:
    from straights.errors import ConfigurationError
    from straights.poker.variant import HandRule, Street, Structure, Variant

    with pytest.raises(ConfigurationError, match="turns up more cards than are face down"):
        Variant("_X", "x", "x", "standard", (Street("one", hole=(False, True), choose_up=2),),
                Structure.FIXED_LIMIT, (HandRule("high"),))  # fmt: skip
