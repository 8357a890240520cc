"""Partnership Dominó's computer players by level (`POLICIES`): easy (a random legal
move, `engine.ai.simple`), normal (greedy, `normal`) and hard (`hard`: a determinised
search that plays for its pair). `JUDGE` is how the generic hard search
(`engine.ai.hard`) would score a hand of this game."""

from engine.ai.simple import Policy, easy
from engine.partnership.ai.hard import hard
from engine.partnership.ai.normal import JUDGE, choose_normal, normal

POLICIES: dict[str, Policy] = {"easy": easy, "normal": normal, "hard": hard}

__all__ = ["JUDGE", "POLICIES", "choose_normal"]
