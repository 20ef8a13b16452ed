import sys

from .app.cli import main  # `python -m sette_kit`: the command (delivery)

sys.exit(main())
