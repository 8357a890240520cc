"""The gallery pictures keep their exact bytes (a refactor must not change a pixel)."""

from __future__ import annotations

from tests.render.gallery_pin import gallery_hashes, stored_hashes


def test_gallery_bytes_match_the_pin() -> None:
    now, pinned = gallery_hashes(), stored_hashes()
    assert sorted(now) == sorted(pinned), "the gallery writes other files than pinned"
    changed = sorted(name for name in now if now[name] != pinned[name])
    assert not changed, f"pictures changed: {changed} (re-pin only on purpose)"
