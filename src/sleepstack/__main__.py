"""``python -m sleepstack`` runs the CLI."""

from .cli import main

raise SystemExit(main())
