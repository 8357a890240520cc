"""`python -m bench [NAME ...]`: run bench/bench_NAME.py scripts (default: the quick ones).

Each script prints its figures and, with --write, records them in bench/README.md
(bench_shards, run by hand on PostgreSQL, always records them).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUICK = ("storage", "render")


def main(argv: list[str]) -> int:
    """Run the benchmarks `argv` names; `--help` prints the usage and runs none."""
    known = sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"one of {', '.join(known)} (default: {' '.join(QUICK)})")
    names = parser.parse_args(argv).names or list(QUICK)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(known)}")
        return 2
    status = 0
    for name in names:
        print(f"== bench_{name}.py", flush=True)
        status |= subprocess.call([sys.executable, str(HERE / f"bench_{name}.py")])
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
