"""``python -m perfectplay.rl``: the perfect policy's reference figures."""

import sys

from perfectplay.rl.evaluation import main

sys.exit(main())
