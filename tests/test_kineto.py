"""Kineto ingestion checked against an independent decode of the raw JSON (stdlib json + Decimal)."""

from __future__ import annotations

import collections
import gzip
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from tests.conftest import corpus_or_skip, kineto_corpus_files, read_trace_bytes
from tracelens.parsers import ParseOptions
from tracelens.parsers.kineto import KinetoParser
from tracelens.store import Store

FILES = kineto_corpus_files()
IDS = [f"{p.parent.name}/{p.name[:40]}" for p in FILES]


def _head(path: Path, size: int) -> bytes:
    """The first `size` bytes of a trace, decompressed (the header, without reading the events)."""
    with (gzip.open(path) if path.name.endswith(".gz") else path.open("rb")) as fh:
        return fh.read(size)


def _raw(path: Path) -> dict[str, Any]:
    decoded: dict[str, Any] = json.loads(read_trace_bytes(path), parse_float=Decimal)
    return decoded


# One trace at a time: a module-scoped parametrized fixture makes pytest run every test of a
# trace before the next one, so each trace is decoded (stdlib json) and parsed once, and only
# one is held in memory.
@pytest.fixture(scope="module", params=FILES, ids=IDS)
def path(request: pytest.FixtureRequest) -> Path:
    trace: Path = request.param
    return trace


@pytest.fixture(scope="module")
def raw(path: Path) -> dict[str, Any]:
    return _raw(path)


@pytest.fixture(scope="module")
def parsed(path: Path) -> dict[str, pa.Table]:
    return KinetoParser().parse(path, ParseOptions()).tables


@pytest.fixture(scope="module")
def corpus_con(corpus_store: Path) -> Any:
    return Store.open(corpus_store, create=False).connect()


def test_counts_per_category_match_raw_json(path: Path, raw: dict[str, Any], corpus_con: Any) -> None:
    expected = collections.Counter(e.get("cat") for e in raw["traceEvents"] if e.get("ph") == "X" and "ts" in e)
    expected_instants = sum(1 for e in raw["traceEvents"] if e.get("ph") in ("i", "I"))
    con = corpus_con
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


def test_timestamps_are_exact_nanoseconds(raw: dict[str, Any], parsed: dict[str, pa.Table]) -> None:
    base = int(raw.get("baseTimeNanoseconds") or 0)
    expected = sorted(
        (base + int(Decimal(e["ts"]) * 1000), int(Decimal(e.get("dur", 0)) * 1000))
        for e in raw["traceEvents"]
        if e.get("ph") == "X" and "ts" in e
    )
    table = parsed["trace_events"]
    got = sorted(zip(table.column("start_ns").to_pylist(), table.column("dur_ns").to_pylist(), strict=True))
    assert got == expected


def test_rank_detection(path: Path, raw: dict[str, Any], parsed: dict[str, pa.Table]) -> None:
    import re

    info = raw.get("distributedInfo") or {}
    if "rank" in info:
        expected, source = int(info["rank"]), "distributedInfo"
    elif m := re.search(r"rank[-_]?(\d+)", path.name):
        expected, source = int(m.group(1)), "file_name"
    else:
        expected, source = 0, "default"
    meta = parsed["trace_meta"].to_pylist()[0]
    assert (meta["rank"], meta["rank_source"]) == (expected, source)
    if "world_size" in info:
        assert meta["world_size"] == info["world_size"]


def test_cli_rank_used_when_trace_is_silent(tmp_path: Path) -> None:
    path = next(p for p in FILES if "single_nw0" in p.name) if any("single_nw0" in p.name for p in FILES) else None
    if path is None:
        pytest.skip("corpus absent")
    meta = KinetoParser().parse(path, ParseOptions(rank=5)).tables["trace_meta"].to_pylist()[0]
    assert (meta["rank"], meta["rank_source"]) == (5, "cli")


def test_a_trace_whose_runtime_calls_are_hips_is_rocm(tmp_path: Path) -> None:
    """AMD TraceLens' evaluation traces keep the events of a ROCm run without the header that
    names it (no hip_runtime_version, roctracer_version or AMD device): the MI300X trace of the
    corpus so trimmed is still ROCm by its runtime calls (`hipLaunchKernel`, ...)."""
    source = corpus_or_skip("kineto", "gpu", "amd_tracelens", "amd_mi300_resnet_act_checkpoint.json.gz")
    raw = json.loads(read_trace_bytes(source))
    assert any(str(e.get("name", "")).startswith("hip") and e.get("cat") == "cuda_runtime" for e in raw["traceEvents"])
    trimmed = {k: v for k, v in raw.items() if k not in ("roctracer_version", "hip_runtime_version", "hip_driver_version",
                                                          "deviceProperties")}
    path = tmp_path / "rank0.json"
    path.write_text(json.dumps(trimmed))
    assert KinetoParser().parse(path, ParseOptions()).tables["trace_meta"].column("device_type").to_pylist() == ["rocm"]


def test_header_secrets_are_not_stored(tmp_path: Path) -> None:
    """A trace header with an environment dump: only known fields reach the store."""
    candidates = [p for p in FILES if b"mast_job_environment" in _head(p, 20000)]
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
    kernel_kinds = {r["kind"] for r in table.select(["category", "coll_name", "kind"]).to_pylist()
                    if r["coll_name"] and r["category"] == "kernel"}
    assert kernel_kinds == {"comm_kernel"}


def test_comm_kernels_recognised_by_name_in_every_era(path: Path, parsed: dict[str, pa.Table]) -> None:
    """ncclKernel_* and ncclDevKernel_* are communication; nothing else with those names is compute."""
    table = parsed["trace_events"]
    for name, kind in zip(table.column("name").to_pylist(), table.column("kind").to_pylist(), strict=True):
        if name.startswith(("ncclKernel", "ncclDevKernel")):
            assert kind == "comm_kernel", (path, name)


# Kineto's own categories (lower-cased: older traces write "Kernel", "Runtime", ...): work on a
# device stream, and the host calls that launch it (their correlation id names the device work).
_DEVICE_CATEGORIES = {"kernel", "gpu_memcpy", "memcpy", "gpu_memset", "memset", "gpu_user_annotation"}
_LAUNCH_CATEGORIES = {"cuda_runtime", "runtime", "hip_runtime", "cuda_driver", "driver", "hip_driver"}

# Real events of the corpus and of sample_logs/ and the kind each is, written out by hand
# (docs/tables.md, `trace_events.kind`).
KIND_EXAMPLES = [
    ("kernel", "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)", "comm_kernel"),
    ("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", "comm_kernel"),
    ("Kernel", "cask_cudnn::computeOffsetsKernel(cask_cudnn::ComputeOffsetsParams)", "compute_kernel"),
    ("Memcpy", "Memcpy HtoD (Pageable -> Device)", "memcpy"),
    ("gpu_memcpy", "Memcpy HtoD (Pinned -> Device)", "memcpy"),
    ("Memset", "Memset (Device)", "memset"),
    ("gpu_memset", "Memset (Device)", "memset"),
    ("Operator", "aten::empty", "cpu_op"),
    ("cpu_op", "aten::select", "cpu_op"),
    ("Operator", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "data_loader"),
    ("user_annotation", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "data_loader"),
    ("Operator", "ProfilerStep#5", "profiler_step"),
    ("user_annotation", "ProfilerStep#2", "profiler_step"),
    ("Runtime", "cudaMemcpyAsync", "runtime"),
    ("cuda_runtime", "cudaMemcpyAsync", "runtime"),
    ("cuda_driver", "cuLaunchKernelEx", "driver"),
    ("Trace", "PyTorch Profiler (0)", "trace"),
    ("cpu_op", "c10d::allreduce_", "collective_cpu"),
    ("user_annotation", "nccl:_all_gather_base", "collective_cpu"),
    ("user_annotation", "gloo:all_reduce", "comm_cpu"),
    ("user_annotation", "Optimizer.zero_grad#SGD.zero_grad", "annotation"),
    ("overhead", "Activity Buffer Request", "overhead"),
]


def test_kinds_of_real_events(corpus_con: Any) -> None:
    corpus_or_skip("kineto")  # the examples are the corpus's events
    con = corpus_con
    for category, name, kind in KIND_EXAMPLES:
        kinds = [k for (k,) in con.execute(
            "select distinct kind from trace_events where category = ? and name = ?", [category, name]).fetchall()]
        assert kinds == [kind], (category, name, kinds)
    python = con.execute("select distinct kind from trace_events where category = 'python_function'").fetchall()
    assert python == [("python_function",)]


def test_profiler_steps_match_the_raw_json(raw: dict[str, Any], parsed: dict[str, pa.Table]) -> None:
    """Every event's profiler step (host events: the ProfilerStep#N span holding their start;
    device work: the step of the runtime/driver call with its correlation id), worked out event
    by event from the raw JSON and Kineto's categories."""
    events = [e for e in raw["traceEvents"] if e.get("ph") == "X" and "ts" in e]
    categories = [str(e.get("cat") or "").lower() for e in events]
    start = [int(Decimal(e["ts"]) * 1000) for e in events]
    steps = sorted(
        (s, s + max(int(Decimal(e.get("dur", 0)) * 1000), 0), int(e["name"].split("#")[1]))
        for e, cat, s in zip(events, categories, start, strict=True)
        if isinstance(e.get("name"), str) and e["name"].startswith("ProfilerStep#") and "cat" in e
        and cat not in _DEVICE_CATEGORIES
    )

    def holding_step(t: int) -> int | None:
        held = [step for step in steps if step[0] <= t]
        return held[-1][2] if held and t < held[-1][1] else None

    host_step = [None if cat in _DEVICE_CATEGORIES else holding_step(s) for cat, s in zip(categories, start, strict=True)]
    launch_step: dict[int, int] = {}
    for _, e, cat, step in sorted(zip(start, events, categories, host_step, strict=True), key=lambda x: x[0]):
        corr = (e.get("args") or {}).get("correlation")
        if cat in _LAUNCH_CATEGORIES and isinstance(corr, int) and step is not None:
            launch_step.setdefault(corr, step)
    expected: collections.Counter[tuple[object, object, int | None]] = collections.Counter()
    for e, cat, step in zip(events, categories, host_step, strict=True):
        if cat in _DEVICE_CATEGORIES:
            corr = (e.get("args") or {}).get("correlation")
            step = launch_step.get(corr) if isinstance(corr, int) else None
        expected[(e.get("cat"), e.get("name"), step)] += 1

    table = parsed["trace_events"]
    got = collections.Counter(
        zip(*(table.column(c).to_pylist() for c in ("category", "name", "profiler_step")), strict=True)
    )
    assert got == expected


def test_a_trace_of_cudnn_ops_with_no_device_activity_is_a_gpu_jobs(tmp_path: Path) -> None:
    """A GPU job profiled with `activities=[CPU]` on a torch that wrote no deviceProperties (a 2022
    Windows trace: `aten::cudnn_convolution` among its ops, no kernel): its device is CUDA, so its
    step categories are unknown, not host ops read as device compute. The V100 ResNet-50 trace of
    the corpus, kept to its CPU ops and stripped of its header's devices, is such a trace."""
    source = corpus_or_skip("kineto", "gpu", "tb_plugin_v100_resnet50", "tbp_resnet50_nw0.json.gz")
    raw = json.loads(read_trace_bytes(source))
    assert any(e.get("name") == "aten::cudnn_convolution" for e in raw["traceEvents"])
    kept = [e for e in raw["traceEvents"] if e.get("cat") in ("cpu_op", "Operator", "user_annotation", "python_function")]
    trimmed = {**{k: v for k, v in raw.items() if k != "deviceProperties"}, "traceEvents": kept}
    path = tmp_path / "rank0.json"
    path.write_text(json.dumps(trimmed))
    tables = KinetoParser().parse(path, ParseOptions()).tables
    assert tables["trace_meta"].column("device_type").to_pylist() == ["cuda"]
    assert not set(tables["trace_events"].column("kind").to_pylist()) & {"compute_kernel", "comm_kernel", "memcpy", "runtime"}
