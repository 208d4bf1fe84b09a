"""PettingZoo's and Gymnasium's own checks on every variant of the catalogue.

The variants are read from the catalogue when the tests are collected, so a
variant added there is checked here with no change.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from straights.cards import make_deck
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.catalogue import get_variant, variant_codes
from straights.rl import env, single_agent_env

CODES = variant_codes()


def most_players(code: str) -> int:
    variant = get_variant(code)
    return min(6, variant.max_players(len(make_deck(variant.deck, jokers=variant.jokers))))


@pytest.mark.parametrize("code", CODES)
def test_pettingzoo_api_and_seed_tests_pass(code: str) -> None:
    with warnings.catch_warnings():
        # Dict observations and all-zero masks of agents not to act: warnings by design.
        warnings.simplefilter("ignore", UserWarning)
        for players in sorted({2, most_players(code)}):
            api_test(env(code, players), num_cycles=100)
            seed_test(lambda: env(code, players), num_cycles=100)  # noqa: B023


@pytest.mark.parametrize("code", CODES)
def test_gymnasium_check_env_passes(code: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(single_agent_env(code, 2), skip_render_check=True)
        check_env(single_agent_env(code, most_players(code), opponents="calling"))


def test_every_catalogue_variant_is_an_environment() -> None:
    assert len(CODES) >= 20  # the catalogue when this was written, and more since
    assert {"NT", "_STR55L", "F7S", "F2L3D", "FB"} <= set(CODES)


def test_the_missing_extra_is_one_line_naming_the_install() -> None:
    code = textwrap.dedent(
        """
        import importlib.abc, sys

        class Hide(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.partition(".")[0] in ("pettingzoo", "gymnasium"):
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                return None

        sys.meta_path.insert(0, Hide())
        import straights.rl
        try:
            straights.rl.env("holdem")
        except Exception as exc:
            print(type(exc).__name__, exc)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.startswith("MissingExtraError straights.rl needs pettingzoo")
    assert "pip install 'straights[rl]'" in out.stdout


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "is not a game"),
        ({"game": "razz", "players": 9}, "razz deals to 2 to 8 players, not 9"),
        ({"players": 1}, "deals to 2 to"),
        ({"stack": 0}, "stack=0"),
        ({"stack": [100, 100]}, "2 stacks for 6 players"),
        ({"blinds": "1-2"}, "blinds='1-2'"),
        ({"ante": -1}, "ante=-1"),
        ({"history": 0}, "history=0"),
        ({"raise_sizes": (0.5, -1)}, "raise_sizes"),
        ({"render_mode": "rgb"}, "render_mode='rgb'"),
    ],
)
def test_bad_options_are_one_clear_error(kwargs: dict[str, object], message: str) -> None:
    game = str(kwargs.pop("game", "holdem"))
    with pytest.raises(ConfigurationError, match=message):
        env(game, **kwargs)  # type: ignore[arg-type]


def test_illegal_actions_name_the_legal_ones() -> None:
    e = env("limit-holdem", 2)
    with pytest.raises(IllegalActionError, match="reset"):
        e.observe("player_0")
    e.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"action 7 is not legal now; legal: 0 fold, 1"):
        e.step(7)
    with pytest.raises(ConfigurationError, match="give an action index"):
        e.step(None)
    e.step(np.int64(1))  # NumPy integers are actions too
    s = single_agent_env("holdem", seat=0, illegal="raise")
    s.reset(seed=3)
    with pytest.raises(IllegalActionError):
        s.step(40)
    with pytest.raises(ConfigurationError, match="seat=2"):
        single_agent_env("holdem", seat=2)
    with pytest.raises(ConfigurationError, match="2 opponents for 1 other seats"):
        single_agent_env("holdem", opponents=["random", "calling"])
    with pytest.raises(ConfigurationError, match="'shark' is not an opponent"):
        single_agent_env("holdem", opponents="shark")
    with pytest.raises(ConfigurationError, match="deck="):
        e.reset(options={"deck": 5})


def test_render_tells_the_deal_in_one_line() -> None:
    e = env("straights", 3, render_mode="ansi")
    e.reset(seed=2)
    line = e.render()
    assert isinstance(line, str) and line.startswith("_STR55L round 1: board ?? ")
    assert "pot 3, stacks 199 199 199" in line
