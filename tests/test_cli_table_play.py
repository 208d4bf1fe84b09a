"""The one terminal loop (``cli/table_play.py``) with a scripted game: what it asks of the
game's hook, in which order, for a fresh table, a resumed deal, ``--hands`` and leaving."""

from __future__ import annotations

from dataclasses import dataclass, field

from straights.cli.table_play import play_table


@dataclass
class _Deal:
    number: int
    finished: bool = False


@dataclass
class _Game:
    """Deals that each end when played, unless the player leaves in deal ``leave_in``."""

    pending: _Deal | None = None
    deals: int = 0
    chips: int = 3  # the player can start this many more deals
    leave_in: int | None = None
    said: list[str] = field(default_factory=list)

    def open(self) -> None:
        self.said.append("open")

    def resumed(self) -> _Deal | None:
        return self.pending

    def can_deal(self) -> bool:
        self.said.append("can?")
        return self.chips > 0

    def plan(self, first: bool) -> str | None:
        self.said.append("plan first" if first else "plan next")
        return "a deal"

    def start(self, plan: str) -> _Deal:
        self.chips -= 1
        return _Deal(self.deals + 1)

    def play(self, deal: _Deal) -> bool:
        self.said.append(f"play {deal.number}")
        if deal.number == self.leave_in:
            return False
        deal.finished = True
        return True

    def settle(self, deal: _Deal) -> None:
        self.said.append(f"settle {deal.number}")
        self.deals += 1

    def goodbye(self) -> None:
        self.said.append("bye")


def test_deals_until_no_deal_can_start() -> None:
    game = _Game()
    play_table(game, hands=None)
    assert game.said == ["open", "can?", "plan first", "play 1", "settle 1",
                         "can?", "plan next", "play 2", "settle 2",
                         "can?", "plan next", "play 3", "settle 3", "can?", "bye"]  # fmt: skip


def test_a_resumed_deal_is_played_first_and_counts_towards_hands() -> None:
    game = _Game(pending=_Deal(5), deals=4)  # four deals finished, the fifth resumed
    play_table(game, hands=1)
    assert game.said == ["open", "play 5", "settle 5", "bye"]
    game = _Game(pending=_Deal(5), deals=4)
    play_table(game, hands=2)
    assert game.said == ["open", "play 5", "settle 5", "can?", "plan next", "play 6",
                         "settle 6", "bye"]  # fmt: skip


def test_hands_are_checked_before_asking_whether_a_deal_can_start() -> None:
    game = _Game()
    play_table(game, hands=1)
    assert game.said == ["open", "can?", "plan first", "play 1", "settle 1", "bye"]


def test_leaving_in_a_deal_leaves_it_unsettled() -> None:
    game = _Game(leave_in=2)
    play_table(game, hands=None)
    assert game.said[-3:] == ["plan next", "play 2", "bye"] and game.deals == 1
