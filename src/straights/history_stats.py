"""Player statistics over PHH hand histories: VPIP, PFR, 3-bet, c-bet, WTSD, bb/100 …

Every hand is replayed through the engine (:func:`straights.poker.phh.replay`) and
the statistics are read from the deal's log (:attr:`~straights.poker.engine.Deal.log`),
so a hand counts exactly as the rules played it.  Files are read one hand at a
time (:func:`iter_hands`), so memory stays constant however many hands there are.

The definitions follow PokerTracker 4's (written out in ``docs/hand-history.md``).
"Preflop" is the first betting round of any game (third street in stud, the
first round of a draw game), "the flop" the second one:

* **hands** — hands dealt in;
* **VPIP** — hands where the player put chips in voluntarily in the first round
  (a call, bet, raise or completion; posting a blind, an ante or the bring-in is
  not voluntary), over hands minus **walks** (hands where everyone else folded
  before he had a turn);
* **PFR** — hands with a bet, raise or completion in the first round, same base;
* **3-bet** — a raise when facing exactly the opening raise (the blinds or the
  bring-in are the first bet, the opening raise or stud's completion the second),
  over the first rounds where he faced it; **fold to 3-bet** — he made the
  opening raise, faced a re-raise, and folded, over the times he faced it;
* **AF** — (bets + raises) / calls after the first round; **AFq** — (bets +
  raises) / (bets + raises + calls + folds) after the first round;
* **c-bet** — he made the last raise of the first round and bet the flop when
  nobody had bet before him, over the flops where he could; **fold to c-bet**
  — he folded facing that bet (before any raise), over the times he faced it;
* **WTSD** — he reached the showdown (two or more players left at the end), over
  the hands where he saw the flop (was in when the second round began);
  **W$SD** — he won chips at the showdown, over the showdowns he reached;
* **bb/100** — net chips won (finishing minus starting stack; rake is not in a
  PHH replay) in big blinds per 100 hands, with a 95 % interval ``1.96 s / √n``
  (``s``: the standard deviation of one hand's result).  The big blind is the
  larger of the first two players' blinds; in a game without blinds (stud) it is
  the small bet (the lower limit).

>>> text = '''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... players = ["Ann", "Bob", "Cy"]
... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 cc",
...            "d db 2c3d9h", "p2 cc", "p3 cbr 8", "p2 f"]
... '''
>>> from straights.poker.phh import loads
>>> stats = Stats()
>>> stats.add_history(loads(text)[0])
>>> cy = stats.rows()[2]
>>> cy["player"], cy["hands"], cy["vpip"], cy["pfr"], cy["cbet"], cy["bb_per_100"]
('Cy', 1, 1.0, 1.0, 1.0, 350.0)
"""

from __future__ import annotations

import math
import os
import re
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from straights.errors import ConfigurationError, HandHistoryError, StraightsError

__all__ = ["EXECUTORS", "HandError", "Stats", "count_files", "iter_hands", "phh_files", "positions"]

#: How ``count_files`` spreads the files: in this process, over local processes, on Ray.
EXECUTORS: Final = ("serial", "processes", "ray")

_TABLE_HEADER: Final = re.compile(r"^\s*\[[^\[\]]+\]\s*(#.*)?$")
_AGGRESSIVE: Final = frozenset(("bet", "raise", "complete"))
_VOLUNTARY: Final = frozenset(("call", "bet", "raise", "complete"))
_ACTIONS: Final = frozenset(("fold", "check", "call", "bet", "raise", "complete", "bring-in"))


@dataclass(frozen=True)
class HandError:
    """A hand that could not be read or replayed: skipped, and reported."""

    file: str
    index: int
    error: str


def phh_files(paths: Iterable[str]) -> Iterator[str]:
    """The ``.phh``/``.phhs`` files of ``paths``; directories are walked (sorted)."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    if name.endswith((".phh", ".phhs")):
                        yield os.path.join(root, name)
        elif os.path.exists(path):
            yield path
        else:
            raise ConfigurationError(f"{path!r}: no such file or directory")


def iter_hands(paths: Iterable[str]) -> Iterator[tuple[str, int, dict[str, Any] | HandError]]:
    """``(file, index, hand)`` for every hand of the files, read one hand at a time.

    A ``.phhs`` file is cut at its ``[n]`` table headers and each piece parsed on
    its own; a piece that does not parse comes as a :class:`HandError`.
    """
    from straights.poker.phh import loads

    for path in phh_files(paths):
        try:
            with open(path, encoding="utf-8") as f:
                index = 0
                for chunk in _pieces(f):
                    try:
                        hands = loads(chunk)
                    except StraightsError as exc:
                        yield path, index, HandError(path, index, str(exc))
                        index += 1
                        continue
                    for hand in hands:
                        yield path, index, hand
                        index += 1
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            raise ConfigurationError(f"cannot read {path!r}: {reason}") from exc


def _pieces(lines: Iterable[str]) -> Iterator[str]:
    """The text of each hand: a whole ``.phh`` file, or one ``[n]`` table of a ``.phhs``."""
    piece: list[str] = []
    body = False  # the piece holds more than a header, comments and blank lines
    for line in lines:
        header = bool(_TABLE_HEADER.match(line))
        if header and body:
            yield "".join(piece)
            piece, body = [], False
        piece.append(line)
        body = body or not (header or not line.strip() or line.lstrip().startswith("#"))
    if body:
        yield "".join(piece)


def positions(n: int, blinds: bool) -> tuple[str, ...]:
    """Seat names by dealing order (``p1`` first): the small blind, the big blind, then
    UTG, UTG+1 … HJ, CO and the button; heads-up ``p1`` is the big blind and ``p2`` the
    button (who posts the small blind).  Games without blinds (stud) have no positions.

    >>> positions(6, True)
    ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN')
    >>> positions(9, True)[2:]
    ('UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'HJ', 'CO', 'BTN')
    >>> positions(2, True), positions(4, True), positions(3, False)
    (('BB', 'BTN'), ('SB', 'BB', 'UTG', 'BTN'), ('-', '-', '-'))
    """
    if not blinds:
        return ("-",) * n
    if n == 2:
        return ("BB", "BTN")
    middle = n - 3  # seats between the big blind and the button
    late = ("HJ", "CO")[max(0, 3 - middle) :] if middle >= 2 else ()
    early = ["UTG" if k == 0 else f"UTG+{k}" for k in range(middle - len(late))]
    return ("SB", "BB", *early, *late, "BTN")


@dataclass
class _Counts:
    hands: int = 0
    walks: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet: int = 0
    three_bet_chances: int = 0
    fold_to_three_bet: int = 0
    three_bets_faced: int = 0
    bets: int = 0  # after the first round: bets, raises and completions
    calls: int = 0
    folds: int = 0
    cbet: int = 0
    cbet_chances: int = 0
    fold_to_cbet: int = 0
    cbets_faced: int = 0
    saw_flop: int = 0
    wtsd: int = 0
    wsd: int = 0
    won: float = 0.0  # big blinds
    won_squares: float = 0.0

    def add(self, other: _Counts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


@dataclass
class Stats:
    """Counts per player (and per position with ``by_position``), added hand by hand.

    ``player``: keep only this player.  ``track``: keep each player's running
    winnings (big blinds after each of his hands) for a plot.
    """

    by_position: bool = False
    player: str | None = None
    track: bool = False
    hands: int = 0
    errors: list[HandError] = field(default_factory=list)
    counts: dict[tuple[str, str], _Counts] = field(default_factory=dict)
    curves: dict[str, array[float]] = field(default_factory=dict)

    def add_files(self, paths: Iterable[str]) -> None:
        """Every hand of the files (directories walked); bad hands go to :attr:`errors`."""
        for path, index, hand in iter_hands(paths):
            if isinstance(hand, HandError):
                self.errors.append(hand)
                continue
            try:
                self.add_history(hand)
            except StraightsError as exc:
                self.errors.append(HandError(path, index, str(exc)))

    def merge(self, other: Stats) -> None:
        """Add the counts of ``other`` (counted over later files) to these."""
        self.hands += other.hands
        self.errors.extend(other.errors)
        for key, counts in other.counts.items():
            mine = self.counts.get(key)
            if mine is None:
                self.counts[key] = counts
            else:
                mine.add(counts)
        for name, curve in other.curves.items():
            base = self.curves.setdefault(name, array("d"))
            last = base[-1] if base else 0.0
            base.extend(last + x for x in curve)

    def add_history(self, history: dict[str, Any]) -> None:
        """Replay one PHH hand and count it."""
        from straights.poker.phh import replay

        replayed = replay(history)
        self.add_deal(replayed.deal, _names(history, replayed.deal.n))

    def add_deal(self, deal: Any, names: Sequence[str]) -> None:
        """Count one finished :class:`~straights.poker.engine.Deal` whose players are
        ``names`` (in the deal's order): what :meth:`add_history` does after the replay,
        and what a live table does with the deal it just played (no replay)."""
        per_seat = _hand_counts(deal)
        seats = positions(deal.n, deal.variant.blinds)
        self.hands += 1
        for i, counts in enumerate(per_seat):
            name = names[i]
            if self.player is not None and name != self.player:
                continue
            key = (name, seats[i] if self.by_position else "")
            total = self.counts.get(key)
            if total is None:
                total = self.counts[key] = _Counts()
            total.add(counts)
            if self.track:
                curve = self.curves.setdefault(name, array("d"))
                curve.append((curve[-1] if curve else 0.0) + counts.won)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player (and position), in order of first appearance.

        Fractions are ``None`` where the player never had the chance; ``af`` is
        ``None`` without a call.
        """
        return [self._row(name, seat, c) for (name, seat), c in self.counts.items()]

    def row_of(self, name: str, position: str = "") -> dict[str, Any] | None:
        """The row of one player (and ``position`` with ``by_position``), or None."""
        c = self.counts.get((name, position))
        return None if c is None else self._row(name, position, c)

    def _row(self, name: str, seat: str, c: _Counts) -> dict[str, Any]:
        """One row of :meth:`rows`."""
        row: dict[str, Any] = {"player": name}
        if self.by_position:
            row["position"] = seat
        played = c.hands - c.walks
        mean = c.won / c.hands if c.hands else 0.0
        half: float | None = None
        if c.hands > 1:
            var = max(c.won_squares - c.hands * mean * mean, 0.0) / (c.hands - 1)
            half = 100 * 1.96 * math.sqrt(var / c.hands)
        row.update(
            hands=c.hands,
            walks=c.walks,
            vpip=_ratio(c.vpip, played),
            pfr=_ratio(c.pfr, played),
            three_bet=_ratio(c.three_bet, c.three_bet_chances),
            fold_to_three_bet=_ratio(c.fold_to_three_bet, c.three_bets_faced),
            af=_ratio(c.bets, c.calls),
            afq=_ratio(c.bets, c.bets + c.calls + c.folds),
            cbet=_ratio(c.cbet, c.cbet_chances),
            fold_to_cbet=_ratio(c.fold_to_cbet, c.cbets_faced),
            wtsd=_ratio(c.wtsd, c.saw_flop),
            wsd=_ratio(c.wsd, c.wtsd),
            bb_per_100=100 * mean,
            bb_per_100_ci95=None if half is None else [100 * mean - half, 100 * mean + half],
            chances={
                "three_bet": c.three_bet_chances,
                "fold_to_three_bet": c.three_bets_faced,
                "cbet": c.cbet_chances,
                "fold_to_cbet": c.cbets_faced,
                "saw_flop": c.saw_flop,
                "showdowns": c.wtsd,
            },
        )
        return row


def _count_chunk(paths: list[str], by_position: bool, player: str | None, track: bool) -> Stats:
    """The statistics of some files: one worker's task (importable, so picklable)."""
    stats = Stats(by_position=by_position, player=player, track=track)
    stats.add_files(paths)
    return stats


def count_files(
    paths: Iterable[str],
    *,
    by_position: bool = False,
    player: str | None = None,
    track: bool = False,
    executor: str = "serial",
    workers: int | None = None,
) -> Stats:
    """The statistics of every hand of ``paths`` (files and directories).

    ``executor``: ``serial`` (this process), ``processes`` (``workers`` local
    processes, default every core) or ``ray`` (a Ray cluster if one is running, else
    a local Ray; the ``ray`` extra).  Files are the unit of work: each worker counts
    whole files and the counts are added in file order, so every executor gives the
    same counts (sums of big blinds may differ in the last binary digit).
    """
    if executor not in EXECUTORS:
        raise ConfigurationError(f"executor {executor!r}: choose {', '.join(EXECUTORS)}")
    if executor == "serial":
        return _count_chunk(list(paths), by_position, player, track)
    files = list(phh_files(paths))
    if executor == "processes":
        from concurrent.futures import Executor, ProcessPoolExecutor

        pool: Executor = ProcessPoolExecutor(max_workers=workers)
        parts = workers or os.cpu_count() or 1
    else:
        from straights.scale import RayExecutor

        pool = RayExecutor(address="auto" if os.environ.get("RAY_ADDRESS") else None)
        import ray

        cpus: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        parts = workers or max(1, int(cpus.get("CPU", 1)))
    sizes = [os.path.getsize(f) for f in files]
    chunks = _chunks(files, sizes, 4 * parts)
    total = Stats(by_position=by_position, player=player, track=track)
    with pool:
        futures = [pool.submit(_count_chunk, c, by_position, player, track) for c in chunks]
        for future in futures:
            total.merge(future.result())
    return total


def _chunks(files: list[str], sizes: list[int], parts: int) -> list[list[str]]:
    """Consecutive runs of ``files`` of about equal total size, at most ``parts`` of them.

    >>> _chunks(["a", "b", "c", "d"], [5, 1, 1, 5], 2)
    [['a', 'b'], ['c', 'd']]
    """
    if not files:
        return []
    target = max(1, sum(sizes) // max(1, parts))
    out: list[list[str]] = [[]]
    held = 0
    for f, size in zip(files, sizes, strict=True):
        if out[-1] and held + size > target and len(out) < parts:
            out.append([])
            held = 0
        out[-1].append(f)
        held += size
    return out


def _names(history: dict[str, Any], n: int) -> list[str]:
    """The players' names; without them, ``seat S at TABLE`` when the history gives
    seats and a table (HandHQ), else ``p1`` … ``pN``."""
    players = history.get("players")
    if isinstance(players, list) and len(players) == n:
        return [str(p) for p in players]
    seats, table = history.get("seats"), history.get("table")
    if isinstance(seats, list) and len(seats) == n and table is not None:
        return [f"seat {s} at {table}" for s in seats]
    return [f"p{i + 1}" for i in range(n)]


def _big_blind(deal: Any) -> int:
    """Chips of one big blind (see the module's definition)."""
    blinds = deal.stakes.blinds
    return int(max(blinds[:2]) or max(blinds) or deal.stakes.small_bet or deal.stakes.min_bet or 1)


def _hand_counts(deal: Any) -> list[_Counts]:
    """Each seat's counts for one finished deal, read from its log."""
    reader = _LogReader(deal)
    for e in deal.log:
        reader.read(e.kind, e.player, e.amount)
    return reader.finish()


class _LogReader:
    """What :func:`_hand_counts` keeps while it reads a deal's log, entry by entry."""

    def __init__(self, deal: Any) -> None:
        n = deal.n
        self.deal = deal
        self.out = [_Counts(hands=1) for _ in range(n)]
        self.folded = [False] * n
        self.acted_first = [False] * n
        self.bring_in = bool(deal.variant.bring_in and deal.stakes.bring_in > 0)
        self.round = -1
        self.level = 0  # bets so far this round (a blind or the bring-in is the first)
        self.forced = False  # a blind was posted
        self.opener: int | None = None  # the opening raise of the first round
        self.aggressor: int | None = None  # the last raiser of the first round
        self.cbettor: int | None = None
        self.three_bet_seen = [False] * n
        self.three_bet_faced = [False] * n
        self.cbet_seen = [False] * n

    def read(self, kind: str, p: int | None, amount: int) -> None:
        if kind == "blind" and amount > 0:
            self.forced = True
            return
        if kind in ("betting", "no betting"):
            self._next_round()
            return
        if kind not in _ACTIONS or p is None:
            return
        if self.round == 0:
            self._first_round(kind, p)
        else:
            self._later_round(kind, p)
        if kind == "fold":
            self.folded[p] = True

    def _next_round(self) -> None:
        self.round += 1
        # The blinds, or stud's bring-in (brought in or completed), are the first bet.
        self.level = 1 if self.round == 0 and (self.forced or self.bring_in) else 0
        if self.round == 1:
            for i, folded in enumerate(self.folded):
                if not folded:
                    self.out[i].saw_flop = 1

    def _first_round(self, kind: str, p: int) -> None:
        c = self.out[p]
        self.acted_first[p] = True
        if self.level == 2 and not self.three_bet_seen[p] and p != self.opener:
            self.three_bet_seen[p] = True
            c.three_bet_chances = 1
            c.three_bet = int(kind in _AGGRESSIVE)
        if self.level == 3 and p == self.opener and not self.three_bet_faced[p]:
            self.three_bet_faced[p] = True
            c.three_bets_faced = 1
            c.fold_to_three_bet = int(kind == "fold")
        if kind in _VOLUNTARY:
            c.vpip = 1
        if kind in _AGGRESSIVE:
            c.pfr = 1
            self.level += 1
            self.aggressor = p
            if self.level == 2:
                self.opener = p
        elif kind == "bring-in":
            self.level = max(self.level, 1)

    def _later_round(self, kind: str, p: int) -> None:
        c = self.out[p]
        if kind in _AGGRESSIVE:
            c.bets += 1
        elif kind == "call":
            c.calls += 1
        elif kind == "fold":
            c.folds += 1
        if self.round == 1:
            self._continuation(kind, p, c)
        if kind in _AGGRESSIVE:
            self.level += 1

    def _continuation(self, kind: str, p: int, c: _Counts) -> None:
        """The flop's continuation bet: made (or not) by the first round's last raiser,
        then faced by the others."""
        if p == self.aggressor and self.level == 0 and not self.cbet_seen[p]:
            self.cbet_seen[p] = True
            c.cbet_chances = 1
            c.cbet = int(kind in _AGGRESSIVE)
            if c.cbet:
                self.cbettor = p
        elif (
            self.cbettor is not None
            and self.level == 1
            and p != self.cbettor
            and not self.cbet_seen[p]
        ):
            self.cbet_seen[p] = True
            c.cbets_faced = 1
            c.fold_to_cbet = int(kind == "fold")

    def finish(self) -> list[_Counts]:
        """The counts, with the walks, the showdowns and the winnings in big blinds."""
        deal, out, folded = self.deal, self.out, self.folded
        left = [i for i in range(deal.n) if not folded[i]]
        if self.round < 1 and len(left) == 1 and not self.acted_first[left[0]]:
            out[left[0]].walks = 1
        showdown = len(left) >= 2
        bb = _big_blind(deal)
        for i, c in enumerate(out):
            if showdown and not folded[i]:
                c.wtsd = 1
                c.wsd = int(deal.winnings[i] > 0)
            won = (deal.stacks[i] - deal.starting_stacks[i]) / bb
            c.won, c.won_squares = won, won * won
        return out


def plot_curves(stats: Stats, path: str, *, top: int = 10) -> str:
    """Save a chart of running winnings (big blinds) over each player's hands: the
    ``top`` players with the most hands.  Returns ``path``."""
    from straights.extras import require

    require("plot", "--plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    chosen = sorted(stats.curves.items(), key=lambda kv: -len(kv[1]))[:top]
    if not chosen:
        raise HandHistoryError("no hands to plot")
    fig, ax = plt.subplots(figsize=(9, 5))
    for name, curve in chosen:
        ax.plot(range(1, len(curve) + 1), list(curve), label=f"{name} ({len(curve)})")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("winnings (big blinds)")
    ax.set_title("Winnings over hands")
    ax.legend(fontsize="small")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise ConfigurationError(f"cannot write {path!r}: {exc.strerror}") from exc
    finally:
        plt.close(fig)
    return path
