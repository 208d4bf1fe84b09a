"""The virtualenvs that hold the libraries the benchmarks compare with (never the project's).

Each comparison keeps its peers in a folder of its own under ``benchmarks/``,
created and filled from PyPI on its first run; ``install=False`` refuses to
create one (for runs that must not reach the network).  ``STRAIGHTS_PEER_VENVS=DIR``
looks for (and creates) them in DIR instead — to reuse the venvs another work tree
has already built, as ``bench_peers_all.py --venvs DIR`` does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


def ensure_venv(venv: Path, packages: Sequence[str], install: bool) -> Path:
    """The Python interpreter of ``venv``, creating it with ``packages`` if it is missing
    (``venv``'s name in ``$STRAIGHTS_PEER_VENVS`` when that is set)."""
    if os.environ.get("STRAIGHTS_PEER_VENVS"):
        venv = Path(os.environ["STRAIGHTS_PEER_VENVS"]) / venv.name
    python = venv / "bin" / "python"
    if not python.exists():
        if not install:
            sys.exit(f"no {venv}: run without --no-install to create it")
        print(f"creating {venv} and installing {', '.join(packages)} …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *packages], check=True)
    return python
