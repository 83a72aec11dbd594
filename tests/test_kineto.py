"""Kineto ingestion checked against an independent decode of the raw JSON (stdlib json + Decimal)."""

from __future__ import annotations

import collections
import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.conftest import kineto_corpus_files, read_trace_bytes
from tracelens.parsers import ParseOptions
from tracelens.parsers.kineto import KinetoParser
from tracelens.store import Store

FILES = kineto_corpus_files()
IDS = [f"{p.parent.name}/{p.name[:40]}" for p in FILES]


def _raw(path: Path) -> dict:
    return json.loads(read_trace_bytes(path), parse_float=Decimal)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_counts_per_category_match_raw_json(path: Path, corpus_store: Path) -> None:
    raw = _raw(path)
    expected = collections.Counter(e.get("cat") for e in raw["traceEvents"] if e.get("ph") == "X" and "ts" in e)
    expected_instants = sum(1 for e in raw["traceEvents"] if e.get("ph") in ("i", "I"))
    con = Store.open(corpus_store, create=False).connect()
    file_id = con.execute("select file_id from files where path = ?", [str(path)]).fetchone()
    assert file_id is not None, f"{path} not in the store"
    got = dict(
        con.execute(
            "select category, count(*) from trace_events where file_id = ? group by category", [file_id[0]]
        ).fetchall()
    )
    assert got == dict(expected)
    instants = con.execute("select count(*) from trace_instants where file_id = ?", [file_id[0]]).fetchone()
    assert instants is not None and instants[0] == expected_instants


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_timestamps_are_exact_nanoseconds(path: Path) -> None:
    raw = _raw(path)
    base = int(raw.get("baseTimeNanoseconds") or 0)
    expected = sorted(
        (base + int(Decimal(e["ts"]) * 1000), int(Decimal(e.get("dur", 0)) * 1000))
        for e in raw["traceEvents"]
        if e.get("ph") == "X" and "ts" in e
    )
    table = KinetoParser().parse(path, ParseOptions()).tables["trace_events"]
    got = sorted(zip(table.column("start_ns").to_pylist(), table.column("dur_ns").to_pylist(), strict=True))
    assert got == expected


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_rank_detection(path: Path) -> None:
    import re

    raw = _raw(path)
    info = raw.get("distributedInfo") or {}
    if "rank" in info:
        expected, source = int(info["rank"]), "distributedInfo"
    elif m := re.search(r"rank[-_]?(\d+)", path.name):
        expected, source = int(m.group(1)), "file_name"
    else:
        expected, source = 0, "default"
    meta = KinetoParser().parse(path, ParseOptions()).tables["trace_meta"].to_pylist()[0]
    assert (meta["rank"], meta["rank_source"]) == (expected, source)
    if "world_size" in info:
        assert meta["world_size"] == info["world_size"]


def test_cli_rank_used_when_trace_is_silent(tmp_path: Path) -> None:
    path = next(p for p in FILES if "single_nw0" in p.name) if any("single_nw0" in p.name for p in FILES) else None
    if path is None:
        pytest.skip("corpus absent")
    meta = KinetoParser().parse(path, ParseOptions(rank=5)).tables["trace_meta"].to_pylist()[0]
    assert (meta["rank"], meta["rank_source"]) == (5, "cli")


def test_header_secrets_are_not_stored(tmp_path: Path) -> None:
    """A trace header with an environment dump: only known fields reach the store."""
    candidates = [p for p in FILES if b"mast_job_environment" in read_trace_bytes(p)[:20000]]
    if not candidates:
        pytest.skip("no trace with an environment dump in the corpus")
    raw = _raw(candidates[0])
    secrets = [str(raw[k]) for k in ("mast_job_environment", "tw_user", "username") if k in raw and raw[k]]
    tables = KinetoParser().parse(candidates[0], ParseOptions()).tables
    for name in ("trace_meta", "process_groups", "devices"):
        text = json.dumps(tables[name].to_pylist(), default=str)
        for secret in secrets:
            assert secret not in text


def test_collective_args_promoted() -> None:
    """Kernels and record_param_comms carrying collective args get them as columns."""
    paths = [p for p in FILES if p.parent.name == "amd_tracelens" and "b200" in p.name]
    if not paths:
        pytest.skip("corpus absent")
    raw = _raw(paths[0])
    expected = collections.Counter(
        (e["cat"], e["args"]["Collective name"], e["args"].get("In msg nelems"))
        for e in raw["traceEvents"]
        if e.get("ph") == "X" and "Collective name" in (e.get("args") or {})
    )
    table = KinetoParser().parse(paths[0], ParseOptions()).tables["trace_events"]
    rows = [r for r in table.select(["category", "coll_name", "coll_in_nelems"]).to_pylist() if r["coll_name"]]
    got = collections.Counter((r["category"], r["coll_name"], r["coll_in_nelems"]) for r in rows)
    assert got == expected
    kernel_kinds = {r["kind"] for r in table.select(["category", "coll_name", "kind"]).to_pylist() if r["coll_name"] and r["category"] == "kernel"}
    assert kernel_kinds == {"comm_kernel"}


def test_comm_kernels_recognised_by_name_in_every_era() -> None:
    """ncclKernel_* and ncclDevKernel_* are communication; nothing else with those names is compute."""
    for path in FILES:
        table = KinetoParser().parse(path, ParseOptions()).tables["trace_events"]
        for name, kind in zip(table.column("name").to_pylist(), table.column("kind").to_pylist(), strict=True):
            if name.startswith(("ncclKernel", "ncclDevKernel")):
                assert kind == "comm_kernel", (path, name)
