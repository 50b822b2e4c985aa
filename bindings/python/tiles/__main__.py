"""`python -m tiles [--json]`: tiles-info, the devices libtiles can use."""

import sys

from ._info import main

sys.exit(main())
