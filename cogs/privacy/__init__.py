"""A person's data on request: `/domino forget-me` (issue 55)."""
