"""A review as figures: `to_figures(review)` gives the JSON object storage keeps with the
game (numbers rounded to what a reader can use: points to 0.01, chances to 0.001), and
`from_figures` reads one back. `VERSION` is written into it: a reader meets only the
versions it knows (`from_figures` refuses another)."""

from __future__ import annotations

from typing import Any

from engine.review.clock import ClockReview
from engine.review.core import Decision, Review
from engine.review.rules import Grade

VERSION = 1


def _decision(d: Decision) -> dict[str, Any]:
    return {"ply": d.ply, "seat": d.seat, "played": d.played, "best": d.best,
            "value_played": round(d.value_played, 2), "value_best": round(d.value_best, 2),
            "loss": round(d.loss, 2), "stderr": round(d.stderr, 2), "grade": d.grade.value,
            "samples": d.samples, "chance_played": round(d.chance_played, 3),
            "chance_best": round(d.chance_best, 3), "candidates": d.candidates}


def to_figures(review: Review) -> dict[str, Any]:
    """The review as a JSON-ready object (this module's docstring)."""
    clock = review.clock
    return {
        "version": VERSION, "game": review.game, "seed": review.seed, "budget": review.budget,
        "winners": list(review.winners), "turning_point": review.turning_point,
        "costliest": [list(plies) for plies in review.costliest],
        "decisions": [_decision(d) for d in review.decisions],
        "clock": None if clock is None else {
            "won": clock.won, "last_winnable": clock.last_winnable,
            "losing_move": clock.losing_move, "winnable_at_start": clock.winnable_at_start,
            "exact": clock.exact, "nodes": clock.nodes, "winners": list(clock.winners)},
    }


def from_figures(figures: dict[str, Any]) -> Review:
    """The review that `to_figures` wrote (its numbers as rounded there). Raises
    ValueError for another version or a malformed object."""
    if figures.get("version") != VERSION:
        raise ValueError(f"a review of version {figures.get('version')!r} is not readable")
    try:
        decisions = tuple(
            Decision(int(d["ply"]), int(d["seat"]), str(d["played"]), str(d["best"]),
                     float(d["value_played"]), float(d["value_best"]), float(d["loss"]),
                     float(d["stderr"]), Grade(d["grade"]), int(d["samples"]),
                     float(d["chance_played"]), float(d["chance_best"]),
                     int(d["candidates"]))
            for d in figures["decisions"])
        c = figures.get("clock")
        clock = None if c is None else ClockReview(
            bool(c["won"]), c["last_winnable"], c["losing_move"], c["winnable_at_start"],
            bool(c["exact"]), int(c["nodes"]), tuple(int(w) for w in c["winners"]))
        return Review(str(figures["game"]), int(figures["seed"]), int(figures["budget"]),
                      decisions, figures["turning_point"],
                      tuple(tuple(int(p) for p in plies) for plies in figures["costliest"]),
                      tuple(int(w) for w in figures["winners"]), clock)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"a malformed review: {exc}") from exc
