"""``python -m perfectplay`` runs the same command as ``perfectplay``."""

import sys

from perfectplay.cli import main

sys.exit(main())
