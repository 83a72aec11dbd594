"""mypy over the package (the style card asks for a type checker in CI)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_mypy_is_clean() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "tracelens", "parsers", "queries"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
