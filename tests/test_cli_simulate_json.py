"""``straights simulate --json``: the summary as one JSON object, for scripts."""

from __future__ import annotations

import json

from clitools import run


def test_simulate_json_for_straights() -> None:
    out = run("simulate", "-n", "30", "-p", "3", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert (summary["game"], summary["deals"], summary["seats"]) == ("straights", 30, 3)
    assert len(summary["bots"]) == 3
    for bot in summary["bots"]:
        low, high = bot["ci95"]
        assert low <= bot["per_deal"] <= high
        assert bot["seat_deals"] == 30
    assert {"carry_overs", "showdowns", "average_pot", "sessions"} <= set(summary)
    assert summary["ante"] == 1  # Straights' own stakes: its extra fields


def test_every_game_has_one_summary_straights_adding_its_rule_10() -> None:
    """Straights and any other game print the same fields and lines; Straights adds
    its carried pots, penalty chips and ante after them, and nothing else differs."""
    base = ("simulate", "-n", "5", "-p", "3", "--seed", "4", "--no-progress")
    straights = json.loads(run(*base, "--json").stdout)
    razz = json.loads(run(*base, "--game", "razz", "--json").stdout)
    assert set(straights) - set(razz) == {"carry_overs", "penalties", "ante"}
    assert set(razz) <= set(straights) and razz["game"] == "razz"
    lines = {game: run(*base, *args).stdout.splitlines()
             for game, args in (("straights", ()), ("razz", ("--game", "razz")))}  # fmt: skip
    assert lines["straights"][0].strip() == "5 deals of straights, 3 seats"
    assert lines["razz"][0].strip() == "5 deals of razz, 3 seats"
    assert lines["straights"][-2].startswith("showdowns: ")
    assert lines["razz"][-1].startswith("showdowns: ")
    assert lines["straights"][-1] == "carry-overs: 0 · penalties: 0 · ante: 1"
