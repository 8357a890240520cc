"""The run order of tests/conftest.py: the known-slow tests first, shared out between the
workers so that each starts with its share, and every test run exactly once."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests.conftest import SLOW_TESTS, known_seconds, slowest_first


def items(*names: str) -> list[Any]:
    return [SimpleNamespace(nodeid=name) for name in names]


def ids(ordered: list[Any]) -> list[str]:
    return [i.nodeid for i in ordered]


def test_one_worker_runs_the_slowest_first_and_the_rest_in_their_order() -> None:
    seconds = {"b": 1.0, "d": 5.0}
    assert ids(slowest_first(items("a", "b", "c", "d", "e"), seconds, 1)) == [
        "d", "b", "a", "c", "e"]


def test_two_workers_each_start_their_slice_with_a_share_of_the_slow_tests() -> None:
    seconds = {"s9": 9.0, "s5": 5.0, "s4": 4.0, "s1": 1.0}
    every = items("f1", "s1", "f2", "s4", "f3", "s9", "f4", "s5")
    ordered = ids(slowest_first(every, seconds, 2))
    assert sorted(ordered) == sorted(ids(every))
    first, second = ordered[:4], ordered[4:]
    # 9 alone against 5 + 4, then the 1 to the lighter: 10 and 9 seconds.
    assert first[:2] == ["s9", "s1"] and second[:2] == ["s5", "s4"]
    assert first[2:] + second[2:] == ["f1", "f2", "f3", "f4"]


def test_the_list_reads_durations_lines_and_skips_comments(tmp_path: Path) -> None:
    listed = tmp_path / "slow.txt"
    listed.write_text("# a comment\n2.5s call     t.py::a\n0.5s setup    t.py::a\n"
                      "3 t.py::b[x-1]\n1.5 t.py::c[render --help]\n\n", encoding="utf-8")
    assert known_seconds(listed) == {"t.py::a": 3.0, "t.py::b[x-1]": 3.0,
                                     "t.py::c[render --help]": 1.5}
    assert known_seconds(tmp_path / "missing.txt") == {}
    assert known_seconds(SLOW_TESTS)  # the project's list is read
