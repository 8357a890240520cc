"""What the benchmark scripts share: Wilson's interval, and writing a section of
bench/README.md."""

from __future__ import annotations

import math
import re
from pathlib import Path

README = Path(__file__).resolve().parent / "README.md"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion, within [0, 1]."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def write_section(title: str, section: str) -> None:
    """Replace the section headed `## {title}` of bench/README.md with `section` (which
    starts with that heading), or add it at the end."""
    text = README.read_text(encoding="utf-8") if README.exists() else "# Benchmarks\n"
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + section
    README.write_text(text, encoding="utf-8")
