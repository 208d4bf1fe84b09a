"""What the web table says: seats counted from 1 as on the page, the engine's
reasons for a refused action, and the same words as the terminal in its history."""

from __future__ import annotations

from typing import Any

import pytest
from webtools import legal_actions

from straights.errors import IllegalActionError
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable


def seated(**settings: Any) -> WebTable:
    t = WebTable("tbl1", TableSettings(**settings), seed=12345, host_hash="h" * 64)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": "b" * 64})
    return t


def test_seat_errors_name_the_seat_the_page_shows() -> None:
    t = seated(seats=4)
    # The page draws index 2 as "Seat 3": its error must say seat 3 too.
    with pytest.raises(IllegalActionError, match=r"^seat 3 is taken"):
        t.apply({"kind": "sit", "seat": 2, "name": "Cy", "token_hash": "c" * 64})
    with pytest.raises(IllegalActionError, match=r"^seat 4 is empty"):
        t.apply({"kind": "sitout", "seat": 3})
    with pytest.raises(IllegalActionError, match=r"^seat 7: this table has seats 1 to 4"):
        t.apply({"kind": "sit", "seat": 6, "name": "Cy", "token_hash": "c" * 64})


def test_a_refused_action_gets_the_engines_reason_in_the_players_words() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    assert actor is not None
    other = next(s for s in (0, 1, 2) if s != actor)
    with pytest.raises(IllegalActionError, match=r"^it is not your turn: \S+"):
        t.apply({"kind": "act", "seat": other, "action": "check"})
    # The engine's reason, with what he may do instead, the move named once.
    with pytest.raises(IllegalActionError) as refused:
        t.apply({"kind": "act", "seat": actor, "action": "fold"})
    assert str(refused.value) == "you cannot fold now; legal: check, bet to 1"
    with pytest.raises(IllegalActionError) as refused:
        t.apply({"kind": "act", "seat": actor, "action": "bet", "to": 5})
    assert str(refused.value) == "you cannot bet to 5: the range now is 1 to 1"


def test_history_events_carry_the_shared_wording() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    while t.in_hand:
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind for a in legal_actions(t, seat)}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"})
    texts = [e["text"] for e in t.history_for(0, 1)["events"]]
    # Ann is "You" in her own history, with the verb to match; Bob is in the third person.
    assert texts[0].startswith("Deal 1: Straights, Limit, 55 cards; You get ")
    assert "You show " in texts[-1] and "Bob shows " in texts[-1]
    assert "Bob checks" in texts and "You check" in texts
    assert not any("You shows" in x or "You checks" in x or "You gets" in x for x in texts)
    watcher = [e["text"] for e in t.history_for(None, 1)["events"]]
    assert "Ann checks" in watcher and "Ann shows " in watcher[-1]
    assert not any("You " in x for x in watcher)


def test_action_buttons_are_worded_by_the_server() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    legal = t.state_for(actor, turn_left=None)["hand"]["legal"]
    assert [a["label"] for a in legal] == ["check", "bet 1"]
