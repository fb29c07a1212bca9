"""A Python strategy for Bruxelles 1897: build whenever possible, else a uniformly random legal action.

    brux tournament bruxelles1897 --players 3 --agents examples/python_strategy.py:always_build,greedy,greedy
    game.play(100, agents=["examples/python_strategy.py:always_build", "greedy", "greedy"])
"""

import random
from typing import Any


def always_build(state: Any, legal: list[int], rng: random.Random) -> int:
    """Pay for a building (any PAY action) when one is legal; otherwise a random legal action."""
    builds = [a for a in legal if state.action_to_string(a).startswith("PAY ")]
    return rng.choice(builds or legal)
