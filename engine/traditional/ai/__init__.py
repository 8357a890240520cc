"""The traditional game's computer players: policies, playouts and search, beside its rules."""
