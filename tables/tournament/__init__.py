"""Tournaments' pure core: pairing (Swiss, round robin, knockout), duplicate deals and
standings. Synchronous and free of Discord, storage and asyncio; the service that runs
rounds across days builds on it (docs/tournaments.md says what players see)."""
