"""Every row of issue 25 against its peer, in one run, one table.

    .venv/bin/python benchmarks/bench_peers_all.py [--quick] [--json] [--venvs DIR]
        [--only hands,fastest,solver,rl] [--no-install]
    .venv/bin/python benchmarks/bench_peers_all.py --from-json RUN.json [--quiet-json QUIET.json]

One command for the whole scoreboard: it calls the measuring functions of the four
side-by-side benchmarks, in this order, and measures nothing itself —

* ``hands``: ``bench_hands.holdem_rounds`` (6-max no-limit hold'em, ``poker.Deal``
  against OpenSpiel's ``universal_poker`` and pokerfast's ``FastHand``) and
  ``bench_hands.pokerkit_rounds`` (every variant PokerKit shares);
* ``fastest``: ``bench_fastest.measure`` (one hand a call against pkrbot, the batch
  against OMPEval, the enumeration against the published records);
* ``solver``: ``bench_solver.budget_rounds`` (CFR+ on Kuhn and Leduc against
  OpenSpiel's C++ ``CFRPlusSolver``, without the exploitability curves);
* ``rl``: ``bench_rl.holdem_rounds`` (the AEC environment on no-limit hold'em at 2
  and 6 seats against OpenSpiel's state API and PettingZoo) and
  ``bench_rl.every_game_in_rounds`` (every game's AEC against PettingZoo's hold'em).

Each peer runs in its own virtualenv, as those scripts create them under
``benchmarks/`` (``--venvs DIR`` uses the ones already built in DIR instead), and
every ratio is taken round by round, the two sides timed in turns.  The table gives,
per row, the medians over rounds of both sides' rates, the least and the median of
the per-round ratios (straights ÷ peer), the target and whether it is met: ``yes``
when every round reaches it, ``k of n rounds`` when only some do, ``no`` when none
does.  ``--quick`` (about 6 minutes on two loaded cores) uses 3 rounds of short turns
and only the 1 M batch; the full size (about 35 minutes there, most of it the
environments of every game) 5 rounds of the scripts' own turn lengths and both
batches.  ``--json`` prints the raw results, the rows and the machine's load averages;
``--from-json`` prints a saved run's table again, and with ``--quiet-json`` the two
runs side by side (the loaded and the quiet columns of docs/performance.md's
scoreboard).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from straights.poker.catalogue import game_name

HERE = Path(__file__).resolve().parent
SECTIONS = ("hands", "fastest", "solver", "rl")


@dataclass(frozen=True)
class Size:
    """How long each section runs."""

    rounds: int
    hands_seconds: float  # CPU s a side a round, 6-max NLHE
    hands: int  # this engine's hands a variant a round, against PokerKit
    peer_hands: int  # PokerKit's
    one_hand: int  # hands of each one-hand-a-call row (bench_fastest)
    batches: tuple[int, ...]
    budget: float  # CPU s a solver's turn
    rl_seconds: float  # CPU s a row of the environments (half that a game)


SIZES = {
    "quick": Size(3, 1.0, 1000, 100, 100_000, (1_000_000,), 1.0, 1.0),
    "full": Size(5, 2.0, 2000, 300, 300_000, (1_000_000, 10_000_000), 3.0, 2.0),
}


@dataclass(frozen=True)
class Row:
    """One line of the scoreboard: both sides' rates a round and the target ratio."""

    item: int  # issue 25's item (Deliver)
    work: str
    peer: str
    unit: str
    ours: list[float]
    theirs: list[float]
    target: float | None  # None: a figure stated beside a published record

    @property
    def ratios(self) -> list[float]:
        """straights ÷ peer, round by round."""
        return [a / b for a, b in zip(self.ours, self.theirs, strict=True)]

    def verdict(self) -> str:
        """``yes`` (every round), ``k of n rounds``, ``no``, or ``stated`` (no target).

        >>> Row(1, "w", "p", "u", [3.0, 1.0, 5.0], [1.0, 1.0, 1.0], 2.0).verdict()
        '2 of 3 rounds'
        """
        if self.target is None:
            return "stated"
        met = sum(r >= self.target for r in self.ratios)
        return (
            "yes"
            if met == len(self.ratios)
            else f"{met} of {len(self.ratios)} rounds"
            if met
            else "no"
        )


def amount(x: float) -> str:
    """A rate for the table: ``12.3 M`` from a million up, else a whole number.

    >>> amount(12_345_678), amount(27_279.4), amount(45.49)
    ('12.3 M', '27,279', '45.5')
    """
    if x >= 1e6:
        return f"{x / 1e6:,.1f} M"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def ratio_cell(row: Row) -> str:
    """The least and the median of the per-round ratios.

    >>> ratio_cell(Row(1, "w", "p", "u", [3.0, 2.0, 5.0], [1.0, 1.0, 2.0], 2.0))
    '2.00× / 2.50×'
    """
    r = row.ratios
    return f"{min(r):.2f}× / {statistics.median(r):.2f}×"


def target_cell(row: Row) -> str:
    return "stated" if row.target is None else f"≥ {row.target:g}×"


def table(rows: Sequence[Row]) -> str:
    """The scoreboard of one run, as Markdown."""
    lines = [
        "| item | row | straights | peer | straights ÷ peer, least / median | target | met? |",
        "|--:|---|--:|---|--:|---|---|",
    ]
    for row in rows:
        ours, theirs = statistics.median(row.ours), statistics.median(row.theirs)
        lines.append(
            f"| {row.item} | {row.work} | {amount(ours)} {row.unit} | {row.peer} {amount(theirs)} "
            f"| {ratio_cell(row)} | {target_cell(row)} | {row.verdict()} |"
        )
    return "\n".join(lines)


def two_runs(loaded: Sequence[Row], quiet: Sequence[Row] | None) -> str:
    """The scoreboard of docs/performance.md: a row's ratio and verdict, loaded and quiet
    (the quiet cells left empty without a quiet run)."""
    by_work = {(r.work, r.peer): r for r in quiet or ()}
    lines = [
        "| item | row | peer | target | loaded: least / median | met? | quiet: least / median "
        "| met? |",
        "|--:|---|---|---|--:|---|--:|---|",
    ]
    for row in loaded:
        q = by_work.get((row.work, row.peer))
        quiet_cells = f"{ratio_cell(q)} | {q.verdict()}" if q else " | "
        lines.append(
            f"| {row.item} | {row.work} | {row.peer} | {target_cell(row)} "
            f"| {ratio_cell(row)} | {row.verdict()} | {quiet_cells} |"
        )
    return "\n".join(lines)


def _hands_rate(run: dict[str, float]) -> float:
    return run["hands"] / run["cpu"]


def hands_rows(raw: dict[str, Any]) -> list[Row]:
    """Item 1: whole hands (``raw``: ``{"holdem": holdem_rounds(…), "pokerkit":
    pokerkit_rounds(…)}``)."""
    holdem, rows = raw["holdem"], []
    ours = [_hands_rate(r) for r in holdem["straights"]]
    for peer, label in (
        ("openspiel", "OpenSpiel universal_poker"),
        ("pokerfast", "pokerfast FastHand"),
    ):
        theirs = [_hands_rate(r) for r in holdem[peer]]
        rows.append(
            Row(1, "whole hands, 6-max no-limit hold'em", label, "hands/CPU s", ours, theirs, 2.0)
        )
    for code, both in raw["pokerkit"].items():
        rows.append(
            Row(
                1,
                f"whole hands, {game_name(code)} (`{code}`)",
                "PokerKit",
                "hands/CPU s",
                [_hands_rate(r) for r in both["straights"]],
                [_hands_rate(r) for r in both["pokerkit"]],
                10.0,
            )
        )
    return rows


#: bench_fastest's ``evaluate`` labels, each against pkrbot's 7-card rate (issue 25's
#: target for every family one hand a call).
FAMILIES = (
    "high, 5 cards",
    "high, 6 cards",
    "high, 7 cards",
    "ace-to-five, 7 cards",
    "deuce-to-seven, 7 cards",
    "ace-to-five, 5 cards",
    "deuce-to-seven, 5 cards",
    "badugi, 4 cards",
)
#: Published sequential enumeration records (other machines): OMPEval, a Rust evaluator.
RECORDS = (("OMPEval, published", 775e6), ("a Rust evaluator, published", 1.2e9))


def fastest_rows(raw: dict[str, list[float]]) -> list[Row]:
    """Items 2 and 3: ``raw`` is ``bench_fastest.measure(…)``'s rows."""
    unit, rows = "hands/CPU s", []
    for n in (5, 6, 7):
        rows.append(
            Row(
                2,
                f"one {n}-card hand a call, `high_key` on ids",
                f"pkrbot, {n} cards",
                unit,
                raw[f"high_key {n}"],
                raw[f"pkrbot {n}"],
                1.0,
            )
        )
    for label in FAMILIES:
        rows.append(
            Row(
                2,
                f"one hand a call, `evaluate`, {label}",
                "pkrbot, 7 cards",
                unit,
                raw[f"evaluate {label}"],
                raw["pkrbot 7 again"],
                1.0,
            )
        )
    rows.append(
        Row(
            2,
            "one hand a call, Omaha `split_high_key`, 4 + 5",
            "pkrbot, 7 cards",
            unit,
            raw["omaha again"],
            raw["pkrbot 7 again"],
            1.0,
        )
    )
    for n in sorted(int(k.split()[1]) for k in raw if k.startswith("omp ")):
        for how, label in (("new", "new array"), ("out", "into `out`")):
            rows.append(
                Row(
                    3,
                    f"batch, {n:,} random 7-card hands, 1 thread, {label}",
                    "OMPEval (pokerfast)",
                    unit,
                    raw[f"fast {how} {n}"],
                    raw[f"omp {n}"],
                    1.5,
                )
            )
    if "enumeration" in raw:
        for peer, rate in RECORDS:
            rows.append(
                Row(
                    3,
                    "all 133,784,560 seven-card hands, 1 thread",
                    peer,
                    unit,
                    raw["enumeration"],
                    [rate] * len(raw["enumeration"]),
                    None,
                )
            )
    return rows


def solver_rows(raw: dict[str, list[list[float]]]) -> list[Row]:
    """Item 4: ``raw`` is ``bench_solver.budget_rounds(…)[0]``, (ours, theirs) a round."""
    return [
        Row(
            4,
            f"CFR+ on {game}",
            "OpenSpiel C++ CFRPlusSolver",
            "iterations/CPU s",
            [a for a, _ in pairs],
            [b for _, b in pairs],
            1.0,
        )
        for game, pairs in raw.items()
    ]


def rl_rows(raw: dict[str, Any]) -> list[Row]:
    """Item 5: ``raw`` is ``{"holdem": bench_rl.holdem_rounds(…), "games":
    bench_rl.every_game_in_rounds(…)}`` (every game at 6 seats or the most its deck
    serves)."""
    holdem, unit, rows = raw["holdem"], "steps/CPU s", []
    for peer, label, target in (
        ("openspiel", "OpenSpiel universal_poker, state API", 1.0),
        ("pettingzoo", "PettingZoo texas_holdem_no_limit_v6", 10.0),
    ):
        for n in (2, 6):
            rows.append(
                Row(
                    5,
                    f"AEC environment, no-limit hold'em, {n} seats",
                    label,
                    unit,
                    holdem[f"straights {n}"],
                    holdem[f"{peer} {n}"],
                    target,
                )
            )
    rounds = raw["games"]
    for code in rounds[0]["games"] if rounds else ():
        rows.append(
            Row(
                5,
                f"AEC environment, {game_name(code)} (`{code}`)",
                "PettingZoo hold'em, 6 seats",
                unit,
                [r["games"][code] for r in rounds],
                [sum(r["pettingzoo"]) / 2 for r in rounds],
                10.0,
            )
        )
    return rows


ASSEMBLE = {"hands": hands_rows, "fastest": fastest_rows, "solver": solver_rows, "rl": rl_rows}


def assemble(raw: dict[str, Any]) -> list[Row]:
    """Every row of the sections present in ``raw`` (section name → its raw results)."""
    return [
        row for section in SECTIONS if section in raw for row in ASSEMBLE[section](raw[section])
    ]


def measure(section: str, size: Size, install: bool) -> Any:
    """One section's raw results, from the benchmark scripts' own functions."""
    if section == "hands":
        import bench_hands

        return {
            "holdem": bench_hands.holdem_rounds(size.rounds, size.hands_seconds, 1, install),
            "pokerkit": bench_hands.pokerkit_rounds(
                size.rounds, size.hands, size.peer_hands, 1, install
            ),
        }
    if section == "fastest":
        import bench_fastest

        return bench_fastest.measure(size.rounds, size.one_hand, size.batches, True, install)
    if section == "solver":
        import bench_solver
        from peer_venv import ensure_venv

        python = ensure_venv(bench_solver.VENV, ["open_spiel==2.0.2"], install)
        return bench_solver.budget_rounds(python, size.rounds, size.budget)[0]
    import bench_rl
    from peer_venv import ensure_venv

    pz = ensure_venv(bench_rl.VENV, bench_rl.PEERS, install)
    spiel = ensure_venv(bench_rl.OPENSPIEL_VENV, ["open_spiel==2.0.2"], install)
    return {
        "holdem": bench_rl.holdem_rounds(pz, spiel, size.rounds, size.rl_seconds, 1),
        "games": bench_rl.every_game_in_rounds(pz, size.rl_seconds, 1, size.rounds),
    }


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run(sections: Sequence[str], size_name: str, install: bool) -> dict[str, Any]:
    """Every section in turn, the load averages (1, 5, 15 min) before each and at the end."""
    sys.path.insert(0, str(HERE))
    import straights.poker.engine
    import straights.rl.dealer

    size = SIZES[size_name]
    meta: dict[str, Any] = {
        "size": size_name,
        "sizes": asdict(size),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cores": os.cpu_count(),
        "engine compiled": not straights.poker.engine.__file__.endswith(".py"),
        "environments compiled": not straights.rl.dealer.__file__.endswith(".py"),
        "load": {},
    }
    raw: dict[str, Any] = {}
    for section in sections:
        meta["load"][f"before {section}"] = load()
        print(
            f"== {section} (load average {meta['load'][f'before {section}']}) ==", file=sys.stderr
        )
        start = time.perf_counter()
        raw[section] = measure(section, size, install)
        meta[f"{section} wall s"] = round(time.perf_counter() - start, 1)
    meta["load"]["end"] = load()
    meta["ended"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return {"meta": meta, "raw": raw}


def compiled(yes: bool) -> str:
    return "compiled (mypyc)" if yes else "pure Python (not representative: build with `make`)"


def summary(meta: dict[str, Any]) -> str:
    """One line: when, how big, and the load averages over the run."""
    ones = [v[0] for v in meta["load"].values()]
    return (
        f"{meta['started']} – {meta['ended']}, size {meta['size']}, {meta['cores']} cores; "
        f"engine {compiled(meta['engine compiled'])}, environments "
        f"{compiled(meta['environments compiled'])}; load average (1 min) "
        f"{min(ones):.1f}–{max(ones):.1f} at the sections' starts and end"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about 5–10 minutes")
    parser.add_argument("--only", help="comma-separated sections: " + ", ".join(SECTIONS))
    parser.add_argument("--json", action="store_true", help="print the raw results and rows")
    parser.add_argument("--venvs", type=Path, help="a folder holding the peer venvs already")
    parser.add_argument("--no-install", action="store_true", help="never create a peer venv")
    parser.add_argument("--from-json", type=Path, help="the table of a saved --json run")
    parser.add_argument("--quiet-json", type=Path, help="with --from-json: a quiet run beside it")
    args = parser.parse_args()
    if args.from_json:
        saved = json.loads(args.from_json.read_text())
        rows = assemble(saved["raw"])
        print(summary(saved["meta"]))
        if args.quiet_json:
            quiet = json.loads(args.quiet_json.read_text())
            print(f"quiet: {summary(quiet['meta'])}\n")
            print(two_runs(rows, assemble(quiet["raw"])))
        else:
            print("\n" + table(rows))
        return
    sections = args.only.split(",") if args.only else list(SECTIONS)
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        sys.exit(f"unknown section {', '.join(unknown)}: give some of {', '.join(SECTIONS)}")
    if args.venvs:
        os.environ["STRAIGHTS_PEER_VENVS"] = str(args.venvs.resolve())
    result = run(sections, "quick" if args.quick else "full", not args.no_install)
    rows = assemble(result["raw"])
    if args.json:
        result["rows"] = [{**asdict(r), "ratios": r.ratios, "met": r.verdict()} for r in rows]
        print(json.dumps(result, indent=1))
        return
    print(summary(result["meta"]) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
