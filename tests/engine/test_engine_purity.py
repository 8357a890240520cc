"""`engine/` is pure Python: no Discord, no images, no database, no event loop."""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent.parent
FORBIDDEN = ("discord", "PIL", "sqlite3", "_sqlite3", "aiosqlite", "asyncio")

SCRIPT = """
import importlib, json, pkgutil, sys
import engine
names = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
               if m.name != "engine.__main__")
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


def test_engine_imports_nothing_from_discord_pil_sqlite_or_asyncio():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, check=True, timeout=60)
    report = json.loads(result.stdout)
    assert "engine.traditional" in report["modules"]
    assert "engine.cli" in report["modules"]
    assert "engine.ai.simple" in report["modules"]
    loaded = report["loaded"]
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == []


def test_the_purity_check_sees_every_engine_module():
    names = {m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")}
    package = Path(engine.__path__[0])
    from_files = {
        ".".join(("engine", *p.relative_to(package).with_suffix("").parts)).removesuffix(
            ".__init__")
        for p in package.rglob("*.py")
    }
    assert names == from_files - {"engine"}
