"""``python -m compiler`` is the ``casebook`` command."""

from compiler.cli import run

run()
