"""``python -m perfectplay.rl``: the perfect policy's reference figures."""

import sys

from perfectplay.rl.environments import main

sys.exit(main())
