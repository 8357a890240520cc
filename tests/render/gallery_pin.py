"""The gallery's bytes, hashed: what a refactor of render/ must leave exactly as it is.

    .venv/bin/python -m tests.render.gallery_pin     rewrite the stored hashes

Rewrite them only in a commit that changes pictures on purpose, and say so in it.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

from render.__main__ import gallery

PIN = Path(__file__).with_name("gallery_sha256.json")


def gallery_hashes() -> dict[str, str]:
    """The SHA-256 of every file `python -m render gallery` writes (pictures and alt texts)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        gallery(out)
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(out.iterdir())}


def stored_hashes() -> dict[str, str]:
    hashes: dict[str, str] = json.loads(PIN.read_text(encoding="utf-8"))
    return hashes


def main() -> int:
    PIN.write_text(json.dumps(gallery_hashes(), indent=1, sort_keys=True) + "\n",
                   encoding="utf-8")
    print(PIN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
