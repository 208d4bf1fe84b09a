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
