"""``python -m tripeaks``: see :mod:`tripeaks.cli`."""

import sys

from .cli import main

sys.exit(main())
