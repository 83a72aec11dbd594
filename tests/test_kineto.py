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


_COMM_NAME = ("nccl", "rccl", "allreduce", "all_reduce", "allgather", "all_gather", "reducescatter", "reduce_scatter", "alltoall", "sendrecv")
_DEVICE_CATEGORIES = {"kernel", "gpu_memcpy", "memcpy", "gpu_memset", "memset", "gpu_user_annotation"}
_BY_CATEGORY = {
    "gpu_memcpy": "memcpy", "memcpy": "memcpy", "gpu_memset": "memset", "memset": "memset",
    "gpu_user_annotation": "gpu_annotation", "cuda_runtime": "runtime", "runtime": "runtime", "hip_runtime": "runtime",
    "cuda_driver": "driver", "driver": "driver", "hip_driver": "driver",
}
_HOST_BY_CATEGORY = {
    "cpu_op": "cpu_op", "operator": "cpu_op", "user_annotation": "annotation", "python_function": "python_function",
    "overhead": "overhead", "trace": "trace",
}


def _kind_from_raw(event: dict) -> str:
    """EventKind's documented rules (tracelens/enums.py), applied to one raw event."""
    cat = event.get("cat")
    lower = cat.lower() if isinstance(cat, str) else None
    name = event.get("name") if isinstance(event.get("name"), str) else ""
    args = event.get("args") if isinstance(event.get("args"), dict) else {}
    has_coll = args.get("Collective name") is not None
    if lower is not None and name.startswith("ProfilerStep#") and lower not in ("kernel", "gpu_user_annotation"):
        return "profiler_step"
    if lower == "kernel":
        return "comm_kernel" if has_coll or any(word in name.lower() for word in _COMM_NAME) else "compute_kernel"
    if lower in _BY_CATEGORY:
        return _BY_CATEGORY[lower]
    if name.startswith("enumerate(DataLoader)#") and "__next__" in name:
        return "data_loader"
    if name.startswith("gloo:"):
        return "comm_cpu"
    if name == "record_param_comms" or name.startswith(("c10d::", "nccl:", "rccl:")) or (has_coll and lower is not None):
        return "collective_cpu"
    return _HOST_BY_CATEGORY.get(lower or "", "other")


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_kinds_and_profiler_steps_match_the_raw_json(path: Path) -> None:
    """Every event's kind, and its profiler step (host events: the ProfilerStep#N span holding
    their start; device work: the step of the runtime/driver call with its correlation id),
    worked out event by event from the raw JSON."""
    events = [e for e in _raw(path)["traceEvents"] if e.get("ph") == "X" and "ts" in e]
    kinds = [_kind_from_raw(e) for e in events]
    start = [int(Decimal(e["ts"]) * 1000) for e in events]
    steps = sorted(
        (s, s + max(int(Decimal(e.get("dur", 0)) * 1000), 0), int(e["name"].split("#")[1]))
        for e, k, s in zip(events, kinds, start, strict=True)
        if k == "profiler_step"
    )

    def holding_step(t: int) -> int | None:
        held = [step for step in steps if step[0] <= t]
        return held[-1][2] if held and t < held[-1][1] else None

    device = {"compute_kernel", "comm_kernel", "memcpy", "memset", "gpu_annotation"}
    host_step = [None if k in device else holding_step(s) for k, s in zip(kinds, start, strict=True)]
    launch_step: dict[int, int] = {}
    for s, e, k, step in sorted(zip(start, events, kinds, host_step, strict=True), key=lambda x: x[0]):
        corr = (e.get("args") or {}).get("correlation")
        if k in ("runtime", "driver") and isinstance(corr, int) and step is not None:
            launch_step.setdefault(corr, step)
    expected = collections.Counter()
    for e, k, step in zip(events, kinds, host_step, strict=True):
        if k in device:
            corr = (e.get("args") or {}).get("correlation")
            step = launch_step.get(corr) if isinstance(corr, int) else None
        expected[(e.get("cat"), e.get("name"), k, step)] += 1

    table = KinetoParser().parse(path, ParseOptions()).tables["trace_events"]
    got = collections.Counter(
        zip(*(table.column(c).to_pylist() for c in ("category", "name", "kind", "profiler_step")), strict=True)
    )
    assert got == expected
    assert any(k != "other" for k in kinds)
