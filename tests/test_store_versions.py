"""A store written by a tracelens of another schema version is refused with one line that says
what to do, never read with this version's views (their columns would not match its tables)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.schemas import SCHEMA_VERSION
from tracelens.store import MANIFEST, Store


def test_a_store_of_another_schema_version_is_refused_with_one_line(tmp_path: Path) -> None:
    store = tmp_path / "old.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS / "data_stall_gloo_2rank" / "console.log"])
    doc = json.loads((store / MANIFEST).read_text())
    doc["schema_version"] = SCHEMA_VERSION - 1
    (store / MANIFEST).write_text(json.dumps(doc))
    for command in (("sql", str(store), "select 1"), ("report", str(store))):
        code, out, err = run_cli(*command)
        assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, err
        assert f"store schema version {SCHEMA_VERSION - 1}" in err and "ingest the inputs into a new store" in err, err
