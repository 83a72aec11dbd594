"""Many small files (per-rank logs): packed into a few fragments, with a manifest whose commit
writes what changed, and the same rows as the files ingested one at a time.

The expectations come from ingesting each real log alone into a store of its own (the union
of those single-file stores, table by table and row by row), from hashlib (a file's id is its
content's sha256 prefix) and from counting the files the test wrote."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip
from tracelens import ingest as _ingest
from tracelens.schemas import TABLES
from tracelens.store import MANIFEST, Store

MAX_SOURCE_BYTES = 8 << 10


def _real_logs() -> list[bytes]:
    """Distinct small console logs: the sample jobs' and the corpus's (too few without it)."""
    paths = sorted(SAMPLE_LOGS.glob("*/console.log"))
    paths += sorted(p for p in corpus_or_skip("logs").rglob("*.log") if p.is_file())
    seen: dict[bytes, None] = {}
    for path in paths:
        data = path.read_bytes()
        if 0 < len(data) <= MAX_SOURCE_BYTES:
            seen.setdefault(data)
    return list(seen)


def _write_job(folder: Path, logs: list[bytes]) -> list[Path]:
    """The logs as per-rank files of one job."""
    paths = []
    for rank, data in enumerate(logs):
        path = folder / f"node{rank // 8}" / f"rank{rank}.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        paths.append(path)
    return paths


def _read(store: Path, sql: str) -> dict[str, list[tuple[object, ...]]]:
    """`sql` (over `t`) run on each stored table: the Parquet files the committed manifest names."""
    opened = Store.open(store, create=False)
    con = duckdb.connect()
    out = {}
    for table in TABLES:
        files = [str(opened.root / rel) for rel in opened.fragments(table)]
        out[table] = con.execute(f"with t as (select * from read_parquet(?)) {sql}", [files]).fetchall()
    return out


def _rows(store: Path) -> dict[str, Counter[str]]:
    """Every stored table's rows (as text, so that NaN equals NaN), counted."""
    return {table: Counter(map(repr, rows)) for table, rows in _read(store, "select * from t").items()}


def _per_file(store: Path) -> dict[str, dict[str, int]]:
    """Rows of each table per file_id."""
    return {table: {str(i): int(n) for i, n in rows}  # type: ignore[call-overload]
            for table, rows in _read(store, "select file_id, count(*) from t group by 1").items()}


_ALONE: dict[tuple[str, int], dict[str, Counter[str]]] = {}  # (path, mtime) -> rows of its own store


def _alone(path: Path, work: Path) -> dict[str, Counter[str]]:
    """The rows of `path` ingested by itself into a fresh store."""
    key = (str(path), path.stat().st_mtime_ns)
    if key not in _ALONE:
        store = work / f"alone-{len(list(work.glob('alone-*')))}.tlstore"
        Store.open(store).ingest([path], job="all")
        _ALONE[key] = _rows(store)
    return _ALONE[key]


def _union(paths: list[Path], work: Path) -> dict[str, Counter[str]]:
    total: dict[str, Counter[str]] = {table: Counter() for table in TABLES}
    for path in paths:
        for table, rows in _alone(path, work).items():
            total[table].update(rows)
    return total


def _stored_parquet(store: Path) -> list[Path]:
    """The fragments the committed records name (templates left out)."""
    opened = Store.open(store, create=False)
    return sorted({store / rel for rec in opened.records.values() for rel in rec.fragments.values()})


@pytest.fixture
def commit_every_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit after each file: many segments, many packs, their merges and folds."""
    monkeypatch.setattr(_ingest, "COMMIT_EVERY_S", -1.0)


def test_a_many_file_ingest_holds_the_rows_of_the_files_ingested_one_at_a_time(
    tmp_path: Path, commit_every_file: None
) -> None:
    logs = _real_logs()
    assert len(logs) >= 12
    paths = _write_job(tmp_path / "job", logs)
    store = tmp_path / "many.tlstore"
    Store.open(store).ingest([tmp_path / "job"], job="all")

    assert _rows(store) == _union(paths, tmp_path / "alone")
    con = Store.open(store, create=False).connect(checks=False)
    ids = {str(p): hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in paths}
    files = dict(con.execute("select path, file_id from files where status <> 'unknown'").fetchall())
    unknown = {r[0] for r in con.execute("select path from files where status = 'unknown'").fetchall()}
    assert files.keys() | unknown == ids.keys() and files == {p: ids[p] for p in files}
    # Few fragments: packs only (no file has one of its own), about log2(files) a table.
    fragments = _stored_parquet(store)
    assert all(p.name.startswith("pack-") for p in fragments), fragments
    per_table = Counter(p.parent.name for p in fragments)
    assert max(per_table.values()) <= len(paths).bit_length(), per_table


def test_reingest_is_idempotent_and_a_touched_file_keeps_its_rows(tmp_path: Path) -> None:
    paths = _write_job(tmp_path / "job", _real_logs()[:10])
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([tmp_path / "job"], job="all")
    rows, fragments = _rows(store), _stored_parquet(store)
    again = Store.open(store).ingest([tmp_path / "job"], job="all")
    assert again.parsed == [] and len(again.unchanged) + len(again.skipped) == len(paths)
    stored = Store.open(store, create=False).records
    path = next(p for p in paths if stored[str(p)].rows > 0)
    os.utime(path, ns=(time.time_ns(), time.time_ns()))  # same bytes, new mtime: read, not stored again
    touched = Store.open(store).ingest([tmp_path / "job"], job="all")
    assert touched.parsed == [] and str(path) in {r.path for r in touched.unchanged}
    assert _rows(store) == rows and _stored_parquet(store) == fragments


def test_replacing_one_file_replaces_only_its_rows_inside_a_pack(tmp_path: Path) -> None:
    logs = _real_logs()
    paths = _write_job(tmp_path / "job", logs[:10])
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([tmp_path / "job"], job="all")
    packs = _stored_parquet(store)
    stored = {file_id for p in packs for file_id in pq.read_table(p, columns=["file_id"]).column(0).to_pylist()}
    # a file with rows in a pack, past the first (a pack holds several files' rows)
    victim = next(path for path in paths[1:] if hashlib.sha256(path.read_bytes()).hexdigest()[:16] in stored)
    old_id = hashlib.sha256(victim.read_bytes()).hexdigest()[:16]

    victim.write_bytes(logs[10])  # another real log, found nowhere else in the job
    Store.open(store).ingest([tmp_path / "job"], job="all")

    assert _rows(store) == _union(paths, tmp_path / "alone")
    assert all(old_id not in counts for counts in _per_file(store).values())
    con = Store.open(store, create=False).connect(checks=False)
    assert con.execute("select count(*) from files").fetchone() == (len(paths),)


def test_a_commit_writes_what_changed_not_the_whole_store(tmp_path: Path) -> None:
    logs = _real_logs()
    _write_job(tmp_path / "job", logs[:12])
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([tmp_path / "job"], job="all")
    head = json.loads((store / MANIFEST).read_text())
    extra = tmp_path / "job" / "late" / "rank99.log"
    extra.parent.mkdir()
    extra.write_bytes(logs[12])
    Store.open(store).ingest([tmp_path / "job"], job="all")

    after = json.loads((store / MANIFEST).read_text())
    assert after["segments"][:-1] == head["segments"]  # the earlier segments are kept as they were
    written = pq.read_table(store / after["segments"][-1], columns=["path", "removed"])
    assert written.column("path").to_pylist() == [str(extra)] and written.column("removed").to_pylist() == [False]
    assert len((store / MANIFEST).read_bytes()) < 1000  # the head names segments, not files
    con = Store.open(store, create=False).connect(checks=False)
    assert con.execute("select count(*) from files").fetchone() == (13,)


def _generation(store: Path) -> int:
    try:
        return int(json.loads((store / MANIFEST).read_text())["generation"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.slow
def test_a_killed_many_file_ingest_keeps_what_it_committed_and_never_duplicates(tmp_path: Path) -> None:
    logs = _real_logs()
    # Hundreds of files: each real log, and each followed by a few others.
    combined = [a + logs[(i + k) % len(logs)] for k in (1, 2, 3) for i, a in enumerate(logs)]
    _write_job(tmp_path / "job", logs + combined)
    whole = tmp_path / "whole.tlstore"
    Store.open(whole).ingest([tmp_path / "job"], job="all")
    expected, per_file = _rows(whole), _per_file(whole)

    store = tmp_path / "s.tlstore"
    env = {**os.environ, "TRACELENS_COMMIT_EVERY_S": "0"}  # a commit after each file
    for more in (5, 40, 80):  # killed once this many more commits are in: mid-ingest, whatever the machine's speed
        start = _generation(store)
        proc = subprocess.Popen(
            [sys.executable, "-m", "tracelens", "ingest", str(tmp_path / "job"), "-o", str(store), "-q", "--job", "all"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        )
        while proc.poll() is None and _generation(store) < start + more:
            time.sleep(0.01)
        ended = proc.poll() is not None
        assert not ended, f"the ingest ended (exit {proc.returncode}) before it was killed: {proc.communicate()[1]!r}"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        # What was committed is whole: each committed file has all its rows, once.
        for table, counted in _rows(store).items():
            assert counted - expected[table] == Counter(), table
        for table, counts in _per_file(store).items():
            assert all(per_file[table][i] == n for i, n in counts.items()), table
    rerun = subprocess.run(
        [sys.executable, "-m", "tracelens", "ingest", str(tmp_path / "job"), "-o", str(store), "-q", "--job", "all"],
        capture_output=True, text=True,
    )
    assert rerun.returncode == 0, rerun.stderr
    assert _rows(store) == expected
    assert list(store.rglob("*.tmp")) == []
