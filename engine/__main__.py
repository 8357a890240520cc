"""`python -m engine replay FILE...` and `python -m engine play GAME`."""

from engine.cli import main

raise SystemExit(main())
