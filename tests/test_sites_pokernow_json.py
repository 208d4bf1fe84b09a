"""PokerNow's JSON hand export into PHH.

No PokerNow export under a licence that allows copying was found, so the game below is
SYNTHETIC: written here, by hand, in the shape of PokerNow's export (field names and
payload types as straights.sites.pokernow_json documents them).  Its numbers are worked
out by hand in the comments, never by the code under test.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from straights.cli.main import app
from straights.poker.phh import replay
from straights.sites import Failure, detect, read_text
from straights.sites.export import to_pokerstars

ANN, BOB, CY = ("Ann", "a1", 1), ("Bob", "b2", 3), ("Cy", "c3", 6)


def _ev(at: int, type_: int, **fields: Any) -> dict[str, Any]:
    return {"at": at, "payload": {"type": type_, **fields}}


def _hand(number: int, dealer: int, stacks: tuple[int, int, int], events: list[dict[str, Any]],
          hero: list[str], bomb: bool = False) -> dict[str, Any]:  # fmt: skip
    who = zip((ANN, BOB, CY), stacks, strict=True)
    players = [{"id": pid, "seat": seat, "name": name, "stack": stack}
               for (name, pid, seat), stack in who]  # fmt: skip
    players[2]["hand"] = hero  # Cy exported the game: his cards are known
    return {"id": f"h{number}", "handVersion": 2, "number": str(number), "gameType": "th",
            "cents": False, "smallBlind": 1, "bigBlind": 2, "ante": None,
            "straddleSeat": None, "dealerSeat": dealer, "startedAt": 1767225600000 + number,
            "bombPot": bomb, "doubleBoard": None, "players": players,
            "events": events}  # fmt: skip


def _game() -> dict[str, Any]:
    # Hand 1: blinds 1/2 (Ann, Bob); Cy raises to 6, Ann folds, Bob calls; flop Ah 7c 2d:
    # Bob checks, Cy bets 8, Bob calls; turn Ks checked; river 3h: Bob bets 20, Cy calls.
    # Cy's aces beat Bob's kings: pot 1 + 12 + 16 + 40 = 69.  Ann 199, Bob 116, Cy 135.
    one = _hand(1, 6, (200, 150, 100), [
        _ev(1, 3, seat=1, value=1), _ev(2, 2, seat=3, value=2), _ev(3, 8, seat=6, value=6),
        _ev(4, 11, seat=1), _ev(5, 7, seat=3, value=6),
        _ev(6, 9, turn=1, run=1, cards=["Ah", "7c", "2d"]),
        _ev(7, 0, seat=3), _ev(8, 8, seat=6, value=8), _ev(9, 7, seat=3, value=8),
        _ev(10, 9, turn=2, run=1, cards=["Ks"]), _ev(11, 0, seat=3), _ev(12, 0, seat=6),
        _ev(13, 9, turn=3, run=1, cards=["3h"]), _ev(14, 8, seat=3, value=20),
        _ev(15, 7, seat=6, value=20), _ev(16, 15), _ev(17, 12, seat=3, cards=["Kd", "Qd"]),
        _ev(18, 12, seat=6, cards=["Ac", "Jc"]),
        _ev(19, 10, seat=6, value=69, pot=69, position=1, cards=["Ac", "Jc"], runNumber="1"),
    ], ["Ac", "Jc"])  # fmt: skip
    # Hand 2, run twice: blinds Bob 1, Cy 2; Ann raises to 6, Bob all in for 116, Cy
    # folds, Ann calls.  Run 1 (2c 7s 9d Jh 3s): Ann's aces; run 2 (Kd 4s 8c 5d 6h):
    # Bob's three kings.  Pot 234, 117 a run.  Ann 200, Bob 117, Cy 133.
    two = _hand(2, 1, (199, 116, 135), [
        _ev(1, 3, seat=3, value=1), _ev(2, 2, seat=6, value=2), _ev(3, 8, seat=1, value=6),
        _ev(4, 8, seat=3, value=116, allIn=True), _ev(5, 11, seat=6),
        _ev(6, 7, seat=1, value=116), _ev(7, 14, approved=True, autoApproved=False,
                                          approvedSeats=[1, 3], deniedSeats=[]),
        _ev(8, 12, seat=1, cards=["As", "Ad"]), _ev(9, 12, seat=3, cards=["Kh", "Kc"]),
        _ev(10, 9, turn=1, run=1, cards=["2c", "7s", "9d"]),
        _ev(11, 9, turn=1, run=2, cards=["Kd", "4s", "8c"]),
        _ev(12, 9, turn=2, run=1, cards=["Jh"]), _ev(13, 9, turn=2, run=2, cards=["5d"]),
        _ev(14, 9, turn=3, run=1, cards=["3s"]), _ev(15, 9, turn=3, run=2, cards=["6h"]),
        _ev(16, 15),
        _ev(17, 10, seat=1, value=117, pot=117, position=1, runNumber="1"),
        _ev(18, 10, seat=3, value=117, pot=117, position=1, runNumber="2"),
    ], ["7d", "2h"])  # fmt: skip
    # Hand 3, a bomb pot of 5 each (no blinds): flop Qs Qh 4d; Cy bets 10, both fold, the
    # 10 comes back.  Ann 195, Bob 112, Cy 133 - 5 + 15 = 143.
    three = _hand(3, 3, (200, 117, 133), [
        _ev(1, 1, seat=6, value=5, bombPot=True), _ev(2, 7, seat=1, value=5, bombPot=True),
        _ev(3, 7, seat=3, value=5, bombPot=True),
        _ev(4, 9, turn=1, run=1, cards=["Qs", "Qh", "4d"]),
        _ev(5, 8, seat=6, value=10), _ev(6, 11, seat=1), _ev(7, 11, seat=3),
        _ev(8, 16, seat=6, value=10), _ev(9, 15), _ev(10, 10, seat=6, value=15, pot=15),
    ], ["9c", "9s"], bomb=True)  # fmt: skip
    # Hand 4: a payload type the reader does not know: one error row.
    four = _hand(4, 6, (195, 112, 143), [_ev(1, 42, seat=1)], ["5c", "5s"])
    return {"generatedAt": "2026-01-01T00:00:00.000Z", "playerId": "c3", "gameId": "synthetic",
            "hands": [one, two, three, four]}  # fmt: skip


def _read() -> tuple[list[dict[str, Any]], list[Failure]]:
    found = list(read_text(json.dumps(_game(), indent=1), "auto", "game.json"))
    return ([h for h in found if not isinstance(h, Failure)],  # type: ignore[misc]
            [f for f in found if isinstance(f, Failure)])  # fmt: skip


def _stacks(phh: dict[str, Any]) -> dict[str, Decimal]:
    names = [p.split(" @ ")[0] for p in phh["players"]]
    return dict(zip(names, (Decimal(s) for s in phh["finishing_stacks"]), strict=True))


def test_detect_knows_the_pokernow_export() -> None:
    assert detect(json.dumps(_game())) == "pokernow-json"


def test_each_hand_imports_and_replays_to_the_stacks_worked_out_by_hand() -> None:
    hands, failures = _read()
    assert [h["hand"] for h in hands] == ["1", "2", "3"]
    assert [_stacks(h) for h in hands] == [
        {"Ann": 199, "Bob": 116, "Cy": 135},
        {"Ann": 200, "Bob": 117, "Cy": 133},
        {"Ann": 195, "Bob": 112, "Cy": 143},
    ]
    for phh in hands:
        engine = dict(zip(phh["players"], replay(phh).finishing_stacks, strict=True))
        assert {k.split(" @ ")[0]: v for k, v in engine.items()} == _stacks(phh)
    assert hands[0]["players"][0] == "Cy @ c3" or "Cy @ c3" in hands[0]["players"]
    [bad] = failures
    assert bad.hand == "4" and "type 42" in bad.reason and bad.line > 1


def test_the_run_twice_hand_deals_each_run_after_the_other() -> None:
    two = _read()[0][1]
    assert two["_runs"] == 2
    boards = [a for a in two["actions"] if a.startswith(("d db", "# run"))]
    assert boards == ["d db 2c7s9d", "d db Jh", "d db 3s", "# run 2", "d db Kd4s8c",
                      "d db 5d", "d db 6h"]  # fmt: skip
    played = replay(two)
    ann, bob = two["players"].index("Ann @ a1"), two["players"].index("Bob @ b2")
    assert [v.winners for v in played.deal.verdicts] == [(ann,), (bob,)]
    [back] = read_text(to_pokerstars(two), "pokerstars")
    assert back == two


def test_the_bomb_pot_is_antes_and_no_betting_before_the_flop() -> None:
    three = _read()[0][2]
    assert three["_bomb_pot"] is True and three["antes"] == [5, 5, 5]
    assert three["blinds_or_straddles"] == [0, 0, 0]
    assert replay(three).deal.bomb_pot


def test_cli_imports_the_export_with_from_auto(tmp_path: Path) -> None:
    game, out = tmp_path / "game.json", tmp_path / "game.phhs"
    game.write_text(json.dumps(_game()))
    result = CliRunner().invoke(app, ["history", "import", str(game), "--out", str(out)])
    assert "imported 3 hands" in result.output
    assert "type 42" in result.output
    assert out.read_text().count("variant = ") == 3
