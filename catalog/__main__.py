"""The catalogs' maintenance, for translators.

    python -m catalog sync     bring each translation's messages.po in line with the English:
                               new keys added untranslated, removed ones dropped
    python -m catalog check    list what each language lacks (exit status 1 if anything)
"""

from __future__ import annotations

import argparse
import sys

from catalog import EN
from catalog.check import problems
from catalog.po import LANGUAGES, SOURCE, sync_catalog


def main(argv: list[str]) -> int:
    """Run the command `argv` names; `--help` prints the usage and changes nothing."""
    parser = argparse.ArgumentParser(prog="python -m catalog", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("sync", "check"))
    command = parser.parse_args(argv).command
    if command == "sync":
        for code in LANGUAGES:
            if code != SOURCE:
                print(sync_catalog(code, EN))
        return 0
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
