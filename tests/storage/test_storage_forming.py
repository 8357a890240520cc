"""storage/forming.py on both backends: a server's forming posts remembered, replaced and
forgotten by game; the switch off and on; a server's erasure takes both."""

from __future__ import annotations

from pathlib import Path

from storage import Storage


async def test_forming_posts_and_the_switch(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        assert await store.forming_posts(1) == {} and await store.forming_on(1)
        await store.set_forming_post(1, "carousel", 10, 100)
        await store.set_forming_post(1, "traditional", 10, 101)
        await store.set_forming_post(1, "carousel", 11, 102)  # moved to another channel
        await store.set_forming_post(2, "carousel", 20, 200)
        assert await store.forming_posts(1) == {"carousel": (11, 102),
                                                "traditional": (10, 101)}
        await store.drop_forming_post(1, "traditional")
        assert await store.forming_posts(1) == {"carousel": (11, 102)}
        await store.set_forming_on(1, False)
        await store.set_forming_on(1, False)  # twice: still one row
        assert not await store.forming_on(1) and await store.forming_on(2)
        await store.set_forming_on(1, True)
        assert await store.forming_on(1)
        await store.set_forming_on(1, False)
        await store.erase_server(1)
        assert await store.forming_posts(1) == {} and await store.forming_on(1)
        assert await store.forming_posts(2) == {"carousel": (20, 200)}
    finally:
        await store.close()
