"""Tournaments on Discord (issue 49): `/tournament`, the sign-up message and its buttons,
and the notices of the rounds (tables.tournament.service runs them)."""
