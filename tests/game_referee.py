"""An independent referee for Straights deals, written from ``rules/straights.md`` only.

It shares no code with ``straights.game``: it replays a deal given as plain data
(stacks, cards, actions in PHH's ``f``/``cc``/``cbr`` terms), decides itself
whose turn it is and what is legal, builds the pots, asks the foundation's
ranking (``straights_key``) who wins each, and returns the final stacks and
the carried pot.  Any breach of the rules raises :class:`RefereeError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from straights.rankings.straights import straights_key

S, T, R = 52, 53, 54
EIGHTS = {24: 0, 25: 1, 27: 2, 26: 3}  # 8c 8d 8s 8h by id -> Straights suit order


class RefereeError(AssertionError):
    pass


@dataclass
class RefDeal:
    pack: int
    ante: int
    betting: str  # "limit" | "no-limit"
    penalty: int
    payers: str  # "dealt" | "showdown"
    stacks: list[int]  # before the ante, left of the button first
    carry_in: int
    holes: list[tuple[int, int]]  # card ids
    table: list[int]  # key card first
    actions: list[tuple[int, str, int | None]]  # (player, "f"|"cc"|"cbr", to)
    # Filled by the referee:
    final: list[int] = field(default_factory=list)
    carry_out: int = 0
    winners: list[int | None] = field(default_factory=list)
    rounds_seen: list[tuple[int, int | None]] = field(default_factory=list)
    round_starts: list[int] = field(default_factory=list)  # actions taken before each round


def _ladder(ante: int, k: int) -> int:
    total, step = 0, ante
    for _ in range(k + 1):
        total += step
        step *= 2
    return total


def referee(deal: RefDeal) -> RefDeal:
    """Replay ``deal`` under the rules; fill ``final``, ``carry_out``, ``winners``."""
    n = len(deal.stacks)
    stack = list(deal.stacks)
    put = [0] * n
    folded = [False] * n
    for i in range(n):
        a = min(deal.ante, stack[i])
        stack[i] -= a
        put[i] += a
    actions = list(deal.actions)
    pos = 0
    for rnd in range(1, 6):
        if n - sum(folded) == 1:
            break
        deal.round_starts.append(pos)
        can_act = [i for i in range(n) if not folded[i] and stack[i] > 0]
        if len(can_act) < 2:
            deal.rounds_seen.append((rnd, None))
            continue
        bet = [0] * n
        current = 0
        level = -1
        raises = 0
        acted_level: dict[int, int] = {}
        pending = list(can_act)  # players owed a turn, in clockwise order from the left
        turn = can_act[0]
        deal.rounds_seen.append((rnd, turn))
        while pending:
            if n - sum(folded) == 1:
                break
            if pos >= len(actions):
                raise RefereeError(f"round {rnd}: player {turn} should act but actions ran out")
            who, kind, to = actions[pos]
            pos += 1
            if who != turn:
                raise RefereeError(
                    f"round {rnd}: player {who} acted but it was player {turn}'s turn"
                )
            owe = current - bet[who]
            if kind == "f":
                if owe <= 0:
                    raise RefereeError(f"player {who} folded with nothing to call")
                folded[who] = True
            elif kind == "cc":
                pay = min(owe, stack[who])
                stack[who] -= pay
                bet[who] += pay
                put[who] += pay
            elif kind == "cbr":
                if to is None:
                    raise RefereeError("a bet or raise without an amount")
                if _full_raise(deal, who, to, level, current, bet, stack, folded, acted_level):
                    level += 1
                    raises += 1
                pay = to - bet[who]
                stack[who] -= pay
                bet[who] = to
                put[who] += pay
                current = to
                pending = [
                    j for j in _clockwise(who, n) if j != who and not folded[j] and stack[j] > 0
                ]
            else:
                raise RefereeError(f"unknown action {kind!r}")
            acted_level[who] = level
            if who in pending:
                pending.remove(who)
            # Next: the first owed player clockwise from ``who``.
            nxt = [j for j in _clockwise(who, n) if j in pending]
            if not nxt:
                break
            turn = nxt[0]
        if deal.betting == "limit" and raises > 3:  # the bet plus two raises
            raise RefereeError("more than a bet and two raises in a Limit round")
    if pos != len(actions):
        raise RefereeError(f"{len(actions) - pos} action(s) after the deal was over")

    carried = _showdown(deal, put, folded, stack)
    deal.final = stack
    deal.carry_out = carried
    if sum(stack) + carried != sum(deal.stacks) + deal.carry_in:
        raise RefereeError("chips were created or lost")
    return deal


def _full_raise(
    deal: RefDeal,
    who: int,
    to: int,
    level: int,
    current: int,
    bet: list[int],
    stack: list[int],
    folded: list[bool],
    acted_level: dict[int, int],
) -> bool:
    """Whether a bet or raise to ``to`` is the ladder's next rung (else a legal all-in
    below it); any other amount, or a raise the rules forbid, is a RefereeError."""
    n = len(stack)
    if stack[who] <= current - bet[who]:
        raise RefereeError(f"player {who} raised without chips beyond the call")
    if acted_level.get(who, -2) >= level:
        raise RefereeError(f"player {who} raised when betting was not reopened")
    if deal.betting == "limit" and level >= 2:
        raise RefereeError(f"a third raise in a Limit round (player {who})")
    if not any(j != who and not folded[j] and stack[j] > 0 for j in range(n)):
        raise RefereeError(f"player {who} raised with everyone else all-in")
    full = _ladder(deal.ante, level + 1)
    pay = to - bet[who]
    if to == full and pay <= stack[who]:
        return True
    if not (pay == stack[who] and current < to < full):
        raise RefereeError(
            f"player {who} bet/raised to {to}: the ladder says {full} "
            f"(or all-in below it with {stack[who] + bet[who]})"
        )
    return False


def _showdown(deal: RefDeal, put: list[int], folded: list[bool], stack: list[int]) -> int:
    """Pay the pots into ``stack`` (and fill ``deal.winners``); return the chips carried
    over by rule 10, penalties included."""
    n = len(stack)
    live = [i for i in range(n) if not folded[i]]
    total_pot = sum(put) + deal.carry_in
    carried = 0
    if len(live) == 1:
        stack[live[0]] += total_pot
        deal.winners = [live[0]]
    else:
        keys = {i: straights_key(deal.holes[i], deal.table, deal.pack) for i in live}
        levels = sorted({put[i] for i in live})
        prev = 0
        pots = []
        for lv in levels:
            amount = sum(min(p, lv) - min(p, prev) for p in put)
            pots.append([amount, [i for i in live if put[i] >= lv]])
            prev = lv
        pots[0][0] += deal.carry_in
        pots[-1][0] += sum(p - min(p, prev) for p in put)
        for amount, elig in pots:
            if len(elig) == 1:
                stack[elig[0]] += amount
                deal.winners.append(elig[0])
                continue
            best = max(keys[i] for i in elig)
            top = [i for i in elig if keys[i] == best]
            if len(top) == 1:
                stack[top[0]] += amount
                deal.winners.append(top[0])
            else:
                _check_rule_10(deal, elig)
                carried += amount
                deal.winners.append(None)
        if carried:
            for i in range(n) if deal.payers == "dealt" else live:
                pay = min(deal.penalty, stack[i])
                stack[i] -= pay
                carried += pay
    return carried


def _clockwise(start: int, n: int) -> list[int]:
    return [(start + k) % n for k in range(1, n + 1)]


def _check_rule_10(deal: RefDeal, elig: list[int]) -> None:
    """A tie is legal only when S, T, R and an 8 lie on the table and no eligible
    player holds a higher 8 than the table's highest."""
    table = set(deal.table)
    if deal.pack != 55 or not {S, T, R} <= table:
        raise RefereeError(f"a tie between {elig} without S-T-R on the table: a split pot")
    table_eights = [EIGHTS[c] for c in table if c in EIGHTS]
    if not table_eights:
        raise RefereeError("a tie without an 8 on the table")
    top = max(table_eights)
    for i in elig:
        for c in deal.holes[i]:
            if c in EIGHTS and EIGHTS[c] > top:
                raise RefereeError(f"player {i} holds a higher 8 yet the pot carried over")
