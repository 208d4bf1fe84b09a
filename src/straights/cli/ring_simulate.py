"""``straights simulate --game NAME``: bots play a ring game of any variant (or dealer's choice).

The table is a :class:`~straights.poker.ring.RingGame`; the summary counts each
bot's chips per deal with a 95% interval (:class:`~straights.bots.arena.BotStats`,
the same interval as Straights' own simulation) and, for dealer's choice, how
many deals each game got.
"""

from __future__ import annotations

import json

from rich.progress import Progress
from rich.text import Text

from straights.bots.ring_arena import simulate_ring
from straights.cli.bot_results import bot_grid, bot_rows, ranked
from straights.cli.game_setup import RingGames, game_setup
from straights.cli.render import console
from straights.errors import ConfigurationError
from straights.poker.catalogue import game_name
from straights.poker.engine import Deal
from straights.poker.ring import RingGame

__all__ = ["simulate_ring_games"]


def simulate_ring_games(
    ring: RingGames,
    *,
    players: int,
    hands: int,
    seed: int | None,
    stack: int,
    bots: str | None,
    progress: bool,
    as_json: bool,
) -> None:
    """Run the simulation and print its summary (a table, or JSON)."""
    if not 2 <= players <= 10:
        raise ConfigurationError(f"--players {players}: a table seats 2 to 10 players")
    if stack < 1:
        raise ConfigurationError(f"--stack {stack}: give every player one chip at least")
    kinds = game_setup(seats=players, bots=bots, betting="limit", ante=1, stack=stack,
                       pack=55, bot_seats=players).bots  # fmt: skip
    con = console()
    played: list[str] = []
    with Progress(console=con, transient=True, disable=not progress or as_json) as bar:
        task = bar.add_task("Dealing", total=hands)

        def on_deal(deal: Deal, table: RingGame) -> None:
            played.append(game_name(deal.variant.code))
            bar.advance(task)

        result = simulate_ring(ring.variants, kinds, players=players, hands=hands, seed=seed,
                               stack=stack, on_deal=on_deal)  # fmt: skip
    title = "dealer's choice" if ring.dealers_choice else game_name(ring.variants[0].code)
    best_first = ranked(result.bots.values())
    if as_json:
        summary = {
            "game": "dealers-choice" if ring.dealers_choice else title,
            "deals": result.hands,
            "seats": players,
            "stack": stack,
            "bots": bot_rows(best_first),
            "games": result.games,
            "deal_games": played,
            "showdowns": result.showdowns,
            "carry_overs": result.carry_overs,
            "average_pot": result.average_pot,
            "sessions": result.sessions,
        }  # fmt: skip
        con.print_json(json.dumps(summary))
        return
    con.print(bot_grid(f"{result.hands} deals of {title}, {players} seats", best_first))
    if ring.dealers_choice:
        counts = ", ".join(f"{g} {n}" for g, n in sorted(result.games.items()))
        con.print(Text(f"games dealt: {counts}"))
    con.print(
        f"showdowns: {result.showdowns} · average pot: {result.average_pot:.2f} · "
        f"sessions: {result.sessions}"
        + (f" · carry-overs (rule 10): {result.carry_overs}" if result.carry_overs else "")
    )
