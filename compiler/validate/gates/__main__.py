"""``python -m compiler.validate.gates``: write the gate modules again (make_gates.main)."""

import sys

from compiler.validate.make_gates import main

sys.exit(main())
