"""The wheel ships parsers/ and queries/ as tracelens.parsers and tracelens.queries."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import ROOT


def test_wheel_contains_every_sql_file_and_no_top_level_parsers(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    wheel = next(tmp_path.glob("tracelens-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    sql_files = sorted(p.relative_to(ROOT / "queries").as_posix() for p in (ROOT / "queries").rglob("*.sql"))
    assert sql_files
    for rel in sql_files:
        assert f"tracelens/queries/{rel}" in names
    for parser in (ROOT / "parsers").glob("*.py"):
        assert f"tracelens/parsers/{parser.name}" in names
    assert "tracelens/py.typed" in names
    assert not any(n.startswith(("parsers/", "queries/")) for n in names)
