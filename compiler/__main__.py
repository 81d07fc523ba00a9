"""``python -m compiler`` is the ``casebook`` command."""

from compiler.cli import main

raise SystemExit(main())
