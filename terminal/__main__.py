"""Entry point for ``python -m terminal``."""

from terminal.app import main

raise SystemExit(main())
