"""The per-file views' results of many traces are packed, not one fragment per trace and view:
a 1,024-rank job's views otherwise open 1,024 files each at every scan.

The expectations come from each trace ingested alone into a store of its own (its views' rows,
computed for that file only) and from counting the files on disk."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.queries import materialized_views
from tracelens.store import MANIFEST, Store

TRACES = sorted(SAMPLE_LOGS.glob("hf_trainer_restart/traces/*.json.gz")) + sorted(
    SAMPLE_LOGS.glob("gpu_gloo_2rank/traces/*.json.gz"))


def _rows(store: Path, view: str) -> list[tuple[object, ...]]:
    con = Store.open(store, create=False).connect(checks=False, only={view})
    return sorted(con.execute(f"select * exclude (file_id) from {view}").fetchall(), key=repr)


def _derived_files(store: Path, view: str) -> list[str]:
    return sorted(p.name for p in (store / "derived" / view).rglob("*.parquet") if p.name != "_empty.parquet")


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, list[tuple[object, ...]]]]:
    """Each trace's per-file view rows, from a store holding that trace alone."""
    out: dict[str, dict[str, list[tuple[object, ...]]]] = {}
    for trace in TRACES:
        store = tmp_path_factory.mktemp("alone") / "s.tlstore"
        Store.open(store).ingest([trace])
        out[trace.name] = {view: _rows(store, view) for view in materialized_views()}
    return out


def test_many_traces_views_go_into_one_pack_with_each_traces_rows(
        tmp_path: Path, alone: dict[str, dict[str, list[tuple[object, ...]]]]) -> None:
    assert len(TRACES) == 6
    job = tmp_path / "job"
    job.mkdir()
    for trace in TRACES:
        shutil.copy(trace, job / trace.name)
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([job])
    for view in materialized_views():
        files = _derived_files(store, view)
        assert files and all(name.startswith("pack-") for name in files), (view, files)
        assert len(files) <= 2, (view, files)  # 6 traces: at most one pack per power of two
        expected = sorted((row for rows in alone.values() for row in rows[view]), key=repr)
        assert _rows(store, view) == expected, view

    # One trace replaced (its content changed): its rows replace the old ones inside the pack.
    changed = job / TRACES[0].name
    data = gzip.decompress(changed.read_bytes())
    changed.write_bytes(gzip.compress(data + b"\n"))  # trailing blank: same events, new content
    Store.open(store).ingest([job])
    for view in materialized_views():
        expected = sorted((row for rows in alone.values() for row in rows[view]), key=repr)
        assert _rows(store, view) == expected, view
        live = {rel for rec in Store.open(store, create=False).records.values()
                for name, rel in rec.fragments.items() if name == view}
        assert all(Path(rel).name.startswith("pack-") for rel in live), live


def test_a_traces_small_tables_are_packed_and_views_recomputed_from_packs_are_its_own(
        tmp_path: Path, alone: dict[str, dict[str, list[tuple[object, ...]]]]) -> None:
    """A trace's metadata, devices and process groups go into packs; a newer tracelens whose
    per-file views differ recomputes them from the stored tables, each file's from its own
    rows of those packs."""
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest(TRACES)
    for table in ("trace_meta", "devices", "process_groups"):
        files = sorted(p.name for p in (store / "tables" / table).rglob("*.parquet") if p.name != "_empty.parquet")
        assert files and all(name.startswith("pack-") for name in files), (table, files)
    doc = json.loads((store / MANIFEST).read_text())
    doc["derived_version"] = "made-by-another-version"
    (store / MANIFEST).write_text(json.dumps(doc))
    Store.open(store).ingest(TRACES)  # nothing to parse: the views are computed again
    assert json.loads((store / MANIFEST).read_text())["derived_version"] != "made-by-another-version"
    for view in materialized_views():
        expected = sorted((row for rows in alone.values() for row in rows[view]), key=repr)
        assert _rows(store, view) == expected, view
