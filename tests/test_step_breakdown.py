"""Step-time breakdown, cross-rank collectives and stragglers, checked against ground truth:
HTA 0.6.1's own figures on its sample traces, the TensorBoard profiler plugin's figures on the
CPU traces, and the faults injected (and measured) when the sample job was recorded."""

from __future__ import annotations

import ast
import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS, corpus_or_skip, read_trace_bytes
from tracelens.store import Store

SAMPLE_JOB = SAMPLE_LOGS / "ddp_gloo_2rank"
GPU_JOBS = ("gpu_nccl_1rank", "gpu_gloo_2rank", "gpu_compiled_1rank")  # recorded on an H100 (record_gpu_jobs.sh)
NS_PER_US = 1000

# HTA reference output key -> corpus trace (folder, file)
HTA_TRACES = {
    "nccl_parser_config/nccl_data": "nccl_parser_config/nccl_data.json.gz",
    "df_index_resolver": "df_index_resolver/df_index_resolver.json.gz",
    "trace_diff/control": "trace_diff/control/control.json.gz",
    "trace_diff/test": "trace_diff/test/test.json.gz",
    "negative_queue_length_values_check/rank0": "negative_queue_length_values_check/rank0.json.gz",
    "ns_resolution_trace/rank-0": "ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz",
}


def _hta_rows() -> list[tuple[str, str, dict, dict | None]]:
    """(label, corpus path, HTA temporal row, HTA overlap row) for every single-trace case and both trace_filter ranks."""
    if not CORPUS.exists():
        return []
    ref = json.loads((CORPUS / "kineto/gpu/hta_reference_outputs/hta_0.6.1_HTA_DISABLE_NS_ROUNDING.json").read_text())
    rows = []
    for key, rel in HTA_TRACES.items():
        rows.append((key, str(CORPUS / "kineto/gpu" / rel), ref[key]["temporal_breakdown"][0], ref[key]["comm_comp_overlap"][0]))
    pair = ref["trace_filter (2 ranks, dir)"]
    for i in (0, 1):
        rows.append(
            (f"trace_filter rank {i}", str(CORPUS / f"kineto/gpu/trace_filter/sampled_rank-{i}.json.gz"),
             pair["temporal_breakdown"][i], pair["comm_comp_overlap"][i])
        )
    return rows


@pytest.fixture(scope="module")
def corpus_con(corpus_store: Path) -> Any:
    return Store.open(corpus_store, create=False).connect()


@pytest.mark.parametrize("label,path,temporal,overlap", _hta_rows(), ids=[r[0] for r in _hta_rows()])
def test_gpu_time_breakdown_matches_hta(
    corpus_con: Any, label: str, path: str, temporal: dict[str, Any], overlap: dict[str, Any],
) -> None:
    row = corpus_con.execute(
        "select kernel_window_ns, idle_ns, compute_ns, non_compute_ns, comm_compute_overlap_pct "
        "from gpu_time_breakdown join stg_traces using (file_id) where stg_traces.path = ?",
        [path],
    ).fetchone()
    _assert_matches_hta(row, temporal, overlap)


def _assert_matches_hta(row: tuple | None, temporal: dict[str, Any], overlap: dict[str, Any]) -> None:
    assert row is not None
    window, idle, compute, non_compute, overlap_pct = row
    assert window == pytest.approx(temporal["kernel_time(us)"] * NS_PER_US, rel=0.01)
    assert idle == pytest.approx(temporal["idle_time(us)"] * NS_PER_US, rel=0.01)
    assert compute == pytest.approx(temporal["compute_time(us)"] * NS_PER_US, rel=0.01)
    assert non_compute == pytest.approx(temporal["non_compute_time(us)"] * NS_PER_US, rel=0.01, abs=1000)
    if overlap["comp_comm_overlap_pctg"] is None:
        assert overlap_pct is None
    else:
        assert overlap_pct == pytest.approx(overlap["comp_comm_overlap_pctg"], abs=0.5)


def _sample_hta_rows() -> list[tuple[str, str, dict, dict]]:
    """(label, job, HTA temporal row, HTA overlap row) for each rank of the GPU sample jobs,
    from what HTA 0.6.1 computed on them (sample_logs/record_hta_reference.py)."""
    rows = []
    for job in GPU_JOBS:
        ref = json.loads((SAMPLE_LOGS / job / "hta_0.6.1_reference.json").read_text())
        for temporal, overlap in zip(ref["temporal_breakdown"], ref["comm_comp_overlap"], strict=True):
            rows.append((f"{job} rank {temporal['rank']}", job, temporal, overlap))
    return rows


@pytest.mark.parametrize("label,job,temporal,overlap", _sample_hta_rows(), ids=[r[0] for r in _sample_hta_rows()])
def test_gpu_sample_jobs_time_breakdown_matches_hta(
    sample_cons: Callable[[str], Any], label: str, job: str, temporal: dict[str, Any], overlap: dict[str, Any],
) -> None:
    """The H100 recordings: kernel window, idle, compute and non-compute time as HTA computes
    them on the same files (HTA_DISABLE_NS_ROUNDING=1)."""
    row = sample_cons(job).execute(
        "select kernel_window_ns, idle_ns, compute_ns, non_compute_ns, comm_compute_overlap_pct "
        "from gpu_time_breakdown where rank = ?",
        [temporal["rank"]],
    ).fetchone()
    _assert_matches_hta(row, temporal, overlap)


@pytest.mark.parametrize("label,path,temporal,overlap", _hta_rows(), ids=[r[0] for r in _hta_rows()])
def test_step_breakdown_agrees_with_hta_over_the_same_steps(
    corpus_con: Any, label: str, path: str, temporal: dict[str, Any], overlap: dict[str, Any],
) -> None:
    """Summed over every step but the last (HTA drops it), compute time agrees with HTA's
    within 1 % wherever each step's device window holds only the work its host step
    launched. Where device work launched by a later step runs (on another stream) inside an
    earlier step's device window, step_breakdown attributes it by time, as the TensorBoard
    plugin did, and HTA by launch: there step_breakdown's compute is larger, never smaller."""
    file_id = corpus_con.execute("select file_id from stg_traces where path = ?", [path]).fetchone()[0]
    compute, steps = corpus_con.execute(
        """
        select sum(compute_ns), count(*) from step_breakdown
        where file_id = ? and (select count(*) from int_steps where file_id = ?) < 2
           or (file_id = ? and step < (select max(step) from int_steps where file_id = ?))
        """,
        [file_id, file_id, file_id, file_id],
    ).fetchone()
    foreign = corpus_con.execute(
        """
        with launches as (
            select correlation, min(start_ns) as launch_ns from trace_events
            where file_id = ? and kind in ('runtime', 'driver') group by correlation
        ), k as (
            select e.start_ns, l.launch_ns from trace_events e join launches l using (correlation)
            where e.file_id = ? and e.kind = 'compute_kernel'
        )
        select count(*) from k join int_steps s
          on s.file_id = ? and k.start_ns >= s.step_start_ns and k.start_ns < s.step_end_ns
        where not (k.launch_ns >= s.host_start_ns and k.launch_ns < s.host_end_ns)
        """,
        [file_id, file_id, file_id],
    ).fetchone()[0]
    hta_compute = temporal["compute_time(us)"] * NS_PER_US
    assert steps >= 1
    if foreign == 0:
        assert compute == pytest.approx(hta_compute, rel=0.01)
    else:
        assert compute >= hta_compute * 0.99


def _tb_oracle() -> list[tuple[str, float, float]]:
    """(trace file name, DataLoader share %, average step us) from the TensorBoard plugin's last source."""
    if not CORPUS.exists():
        return []
    text = (CORPUS / "kineto/cpu_torch213/oracles/tbprofiler_oracle_mainsrc.txt").read_text()
    out = []
    for block in text.split("\n== ")[1:]:
        name = Path(block.splitlines()[0].strip()).name
        costs = ast.literal_eval(re.search(r"avg costs \(us\): (\{.*\})", block).group(1))  # type: ignore[union-attr]
        out.append((name, 100.0 * costs["DataLoader"] / costs["Total"], costs["Total"]))
    return out


@pytest.mark.parametrize("name,share,avg_step_us", _tb_oracle(), ids=[o[0][:30] for o in _tb_oracle()])
def test_data_loader_share_matches_tensorboard_plugin(corpus_con: Any, name: str, share: float, avg_step_us: float) -> None:
    stem = name.removesuffix(".gz")
    got_share, got_avg = corpus_con.execute(
        """
        select 100.0 * sum(data_stall_ns) / sum(step_ns), avg(step_ns) / 1000.0
        from step_breakdown join stg_traces s using (file_id)
        where s.path like ? or s.path like ?
        """,
        [f"%/{stem}", f"%/{stem}.gz"],
    ).fetchone()
    assert got_share == pytest.approx(share, abs=2.0)
    assert got_avg == pytest.approx(avg_step_us, rel=0.01)


# ------------------------------------------------------------------ the recorded sample jobs
# Jobs recorded with injected, measured faults (gloo_train.py's INJECTED lines): the CPU job
# over gloo, and the GPU jobs recorded on an H100 (record_gpu_jobs.sh).
STALL_JOBS = ("ddp_gloo_2rank", "gpu_gloo_2rank", "gpu_nccl_1rank")
MULTI_RANK_JOBS = ("ddp_gloo_2rank", "gpu_gloo_2rank")


def _injected(job: str) -> list[dict]:
    lines = (SAMPLE_LOGS / job / "console.log").read_text().splitlines()
    return [json.loads(line.split("INJECTED ", 1)[1]) for line in lines if "INJECTED {" in line]


@pytest.fixture(scope="module")
def sample_cons(sample_store: Callable[[str], Path]) -> Callable[[str], Any]:
    """job name -> a connection to the session's store of that job, opened once per module."""
    cons: dict[str, Any] = {}

    def con(job: str) -> Any:
        if job not in cons:
            cons[job] = Store.open(sample_store(job), create=False).connect()
        return cons[job]

    return con


@pytest.mark.parametrize("job", STALL_JOBS)
def test_injected_data_stall_is_data_stall_on_that_rank_and_step(sample_cons: Callable[[str], Any], job: str) -> None:
    con = sample_cons(job)
    stalls = [i for i in _injected(job) if i["data_stall_s"] > 0]
    assert stalls, "the sample job injected no stall"
    profiled = {r[0] for r in con.execute("select distinct step from step_breakdown").fetchall()}
    checked = 0
    for stall in stalls:
        if stall["step"] not in profiled:
            continue
        got = con.execute(
            "select data_stall_ns from step_breakdown where rank = ? and step = ?", [stall["rank"], stall["step"]]
        ).fetchone()[0]
        assert got == pytest.approx(stall["data_stall_s"] * 1e9, rel=0.2)
        others = con.execute(
            "select coalesce(max(data_stall_ns), 0) from step_breakdown where rank <> ? and step = ?",
            [stall["rank"], stall["step"]]
        ).fetchone()[0]
        assert others < 0.1 * got
        checked += 1
    assert checked == len([s for s in stalls if s["step"] in profiled]) >= 1


@pytest.mark.parametrize("job", MULTI_RANK_JOBS)
def test_injected_stall_is_communication_wait_on_the_other_rank(sample_cons: Callable[[str], Any], job: str) -> None:
    con = sample_cons(job)
    injected = _injected(job)
    stalls = [i for i in injected if i["data_stall_s"] > 0]
    sleep = {(i["rank"], i["step"]): i["forward_sleep_s"] for i in injected}
    checked = 0
    for stall in stalls:
        for (other, wait) in con.execute(
            "select rank, comm_wait_ns from step_breakdown where rank <> ? and step = ?", [stall["rank"], stall["step"]]
        ).fetchall():
            # the other rank waits for the stall, less the time it spent in its own injected sleep;
            # on the GPU job two gradient buckets wait for it at once, and count once
            expected = (stall["data_stall_s"] - sleep.get((other, stall["step"]), 0.0)) * 1e9
            assert wait == pytest.approx(expected, rel=0.2)
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("job", MULTI_RANK_JOBS)
def test_forward_sleep_is_host_overhead_and_makes_the_others_wait(sample_cons: Callable[[str], Any], job: str) -> None:
    con = sample_cons(job)
    injected = _injected(job)
    sleeps = [i for i in injected if i["forward_sleep_s"] > 0]
    slow_rank = sleeps[0]["rank"]
    rows = con.execute(
        "select step, host_overhead_ns from step_breakdown where rank = ? order by step", [slow_rank]
    ).fetchall()
    by_step = {(i["step"]): i["forward_sleep_s"] for i in sleeps}
    for step, overhead in rows:
        assert overhead >= 0.8 * by_step[step] * 1e9
    # on steps without an injected stall the other rank waits about the sleep for the slow rank
    stalled = {(i["step"]) for i in injected if i["data_stall_s"] > 0}
    waits = con.execute(
        "select step, comm_wait_ns from step_breakdown where rank <> ? order by step", [slow_rank]
    ).fetchall()
    assert len([w for w in waits if w[0] not in stalled]) >= 3
    for step, wait in waits:
        if step not in stalled:
            assert wait == pytest.approx(by_step[step] * 1e9, rel=0.3)


@pytest.mark.parametrize("job", MULTI_RANK_JOBS)
def test_sleeping_rank_is_named_the_straggler(sample_cons: Callable[[str], Any], job: str) -> None:
    con = sample_cons(job)
    slow_rank = next(i["rank"] for i in _injected(job) if i["forward_sleep_s"] > 0)
    rows = con.execute("select rank, reason, evidence from stragglers").fetchall()
    assert [r[0] for r in rows] == [slow_rank]
    assert rows[0][1] == "arrives_last"
    assert f"rank {slow_rank} arrives last" in rows[0][2]
    # arithmetic from the matched instances: the share of instances this rank started last
    n, last = con.execute(
        "select count(distinct seq), count(distinct seq) filter (where last_rank = ?) from collective_matches", [slow_rank]
    ).fetchone()
    pct = con.execute("select arrived_last_pct from rank_summary where rank = ?", [slow_rank]).fetchone()[0]
    assert pct == pytest.approx(100.0 * last / n, abs=0.1)


def test_overlapping_waits_count_once(sample_cons: Callable[[str], Any]) -> None:
    """On the GPU job DDP all-reduces two gradient buckets that wait for the slow rank at the
    same time: the step's wait is the union of the two waits, from the raw matched instances."""
    con = sample_cons("gpu_gloo_2rank")
    rows = con.execute(
        "select file_id, step, start_ns, start_ns + wait_ns from collective_matches where wait_ns > 0 and step is not null"
    ).fetchall()
    spans: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for file_id, step, start, end in rows:
        spans.setdefault((file_id, step), []).append((start, end))
    union = {}
    overlapping = 0
    for key, intervals in spans.items():
        total, reach = 0, -1
        for start, end in sorted(intervals):
            if start < reach:
                overlapping += 1
            total += max(0, end - max(start, reach))
            reach = max(reach, end)
        union[key] = total
    assert overlapping, "expected collectives in flight together"
    waits = con.execute("select file_id, step, comm_wait_ns from step_breakdown where comm_wait_ns > 0").fetchall()
    got = {(f, s): w for f, s, w in waits}
    assert got == union
    summed = {k: sum(e - s for s, e in v) for k, v in spans.items()}
    assert any(summed[k] > 1.5 * union[k] for k in union)


def test_cuda_graph_replays_belong_to_the_step_that_launched_them(sample_cons: Callable[[str], Any]) -> None:
    """torch.compile(mode="reduce-overhead") replays CUDA graphs: one cudaGraphLaunch on the
    host, hundreds of kernels on the device, tied by the correlation id. Read from the raw
    JSON: every replayed kernel ends inside the step whose host span made the launch."""
    job = SAMPLE_LOGS / "gpu_compiled_1rank"
    (trace,) = sorted((job / "traces").glob("*.pt.trace.json.gz"))
    raw = json.loads(gzip.decompress(trace.read_bytes()))
    base = raw["baseTimeNanoseconds"]
    events = [e for e in raw["traceEvents"] if e.get("ph") == "X"]
    launches = {e["args"]["correlation"]: e for e in events if e.get("name") == "cudaGraphLaunch"}
    replayed = [e for e in events if e.get("cat") in ("kernel", "gpu_memset", "gpu_memcpy")
                and e.get("args", {}).get("correlation") in launches]
    assert len(launches) >= 10 and len(replayed) > 10 * len(launches)
    steps = sample_cons("gpu_compiled_1rank").execute(
        "select step, host_start_ns, host_end_ns, step_end_ns from int_steps order by step").fetchall()
    checked = 0
    for kernel in replayed:
        launch_ns = base + round(launches[kernel["args"]["correlation"]]["ts"] * 1000)
        owner = [s for s in steps if s[1] <= launch_ns < s[2]]
        if not owner:
            continue  # launched outside the profiled steps
        end_ns = base + round((kernel["ts"] + kernel["dur"]) * 1000)
        assert end_ns <= owner[0][3] + 1, (kernel["name"], owner[0][0])
        checked += 1
    assert checked > len(replayed) // 2


@pytest.mark.parametrize("job", MULTI_RANK_JOBS)
def test_categories_sum_exactly_and_collectives_match_by_order(sample_cons: Callable[[str], Any], job: str) -> None:
    con = sample_cons(job)
    assert con.execute("select * from check_step_breakdown_sums").fetchall() == []
    per_rank = dict(con.execute("select rank, count(*) from collectives group by rank").fetchall())
    assert len(set(per_rank.values())) == 1
    sources = {r[0] for r in con.execute("select distinct seq_source from collectives").fetchall()}
    assert sources == {"order"}


def test_step_marker_names_another_span_as_the_step(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([SAMPLE_JOB])
    con = Store.open(store, create=False).connect(step_marker="loss")
    expected = con.execute("select rank, count(*) from trace_events where name = 'loss' group by rank order by rank").fetchall()
    got = con.execute(
        "select rank, count(*) from step_breakdown where step_source = 'marker' group by rank order by rank").fetchall()
    assert got == expected and got
    assert con.execute("select * from check_step_breakdown_sums").fetchall() == []


def test_trace_without_profiler_steps_is_one_window_step(corpus_con: Any) -> None:
    corpus_or_skip("kineto")  # the trace without steps is the corpus's
    rows = corpus_con.execute(
        """
        select s.file_id, s.step_start_ns, s.step_end_ns, t.start_ns, t.end_ns from int_steps s join stg_traces t using (file_id)
        where s.step_source = 'window'
        """
    ).fetchall()
    assert rows, "expected a corpus trace without ProfilerStep spans"
    for file_id, start, end, trace_start, trace_end in rows:
        n_steps = corpus_con.execute(
            "select count(*) from trace_events where file_id = ? and kind = 'profiler_step'", [file_id]).fetchone()[0]
        assert n_steps == 0
        assert start == trace_start and end >= trace_end


def test_clock_offsets_undo_a_skewed_host_clock(tmp_path: Path) -> None:
    """Shift rank 1's clock by 7 s (as a rank on another host would be): the offsets find the
    shift and the clock-corrected arrival skews stay what they were."""
    traces = sorted((SAMPLE_JOB / "traces").glob("*.pt.trace.json.gz"))
    job = tmp_path / "job"
    job.mkdir()
    shift = 7_000_000_000
    for trace in traces:
        data = gzip.decompress(trace.read_bytes())
        if "rank1" in trace.name:
            base = int(re.search(rb'"baseTimeNanoseconds":\s*(\d+)', data).group(1))  # type: ignore[union-attr]
            data = data.replace(f'"baseTimeNanoseconds": {base}'.encode(), f'"baseTimeNanoseconds": {base + shift}'.encode())
        (job / trace.name.removesuffix(".gz")).write_bytes(data)
    ref = tmp_path / "ref.tlstore"
    Store.open(ref).ingest([SAMPLE_JOB / "traces"])
    skewed = tmp_path / "skewed.tlstore"
    Store.open(skewed).ingest([job])
    ref_con = Store.open(ref, create=False).connect()
    con = Store.open(skewed, create=False).connect()
    offsets = dict(con.execute("select rank, offset_ns from clock_offsets").fetchall())
    ref_offsets = dict(ref_con.execute("select rank, offset_ns from clock_offsets").fetchall())
    assert offsets[1] - offsets[0] == pytest.approx(shift + ref_offsets[1] - ref_offsets[0], abs=1000)
    assert con.execute("select bool_and(exceeds_threshold) from clock_offsets").fetchone()[0]
    query = "select seq, rank, arrival_skew_ns, last_rank from collective_matches order by seq, rank"
    for a, b in zip(ref_con.execute(query).fetchall(), con.execute(query).fetchall(), strict=True):
        assert a[:2] == b[:2] and a[3] == b[3]
        assert b[2] == pytest.approx(a[2], abs=1000)


def test_views_over_all_traces_at_once_equal_the_per_file_results(corpus_store: Path) -> None:
    """The per-file views, run by their SQL over every trace of the corpus store at once,
    give exactly the rows computed one file at a time at ingest. int_step_segments sweeps
    all traces in one ordered pass without PARTITION BY (relying on each trace's deltas
    summing to zero): a trace leaking into the next would show up here."""
    import duckdb

    corpus_or_skip("kineto")  # (20 traces or more: the sample jobs' alone are 12)

    from tracelens.queries import materialized_views, sources, view_definitions

    store = Store.open(corpus_store, create=False)
    per_file = store.connect()
    at_once = duckdb.connect()
    # the stored tables and the per-file views with what they read: binding the rest (the log
    # chain, goodput, the checks) without the connection's computed-once views costs minutes
    needed = {name for name, _ in view_definitions(only=set(materialized_views()))}
    for name, statement in store.view_statements(relative=False, precomputed=False):
        if name in needed or name not in sources():
            at_once.execute(statement)
    traces = per_file.execute("select count(*) from stg_traces").fetchall()[0][0]
    assert traces >= 20
    for view in materialized_views():
        expected = sorted(per_file.execute(f"select * from {view}").fetchall(), key=repr)
        assert expected, view
        assert sorted(at_once.execute(f"select * from {view}").fetchall(), key=repr) == expected, view


def test_a_gpu_jobs_trace_of_cpu_activity_alone_has_no_breakdown(tmp_path: Path) -> None:
    """A GPU job profiled with `activities=[ProfilerActivity.CPU]` records the host alone: the
    V100 ResNet-50 trace of the TensorBoard plugin's samples (deviceProperties, six ProfilerSteps)
    with its device work and runtime calls left out, as such a profiler leaves them. The device
    idles in none of its steps for all the trace says: no category, a reason, no launch-bound
    finding; the whole trace splits its steps (the check that the rule can fire only there)."""
    source = corpus_or_skip("kineto", "gpu", "tb_plugin_v100_resnet50", "tbp_resnet50_nw0.json.gz")
    trace = json.loads(read_trace_bytes(source))
    device_cats = {"Kernel", "Memcpy", "Memset", "Runtime", "kernel", "gpu_memcpy", "gpu_memset", "cuda_runtime",
                   "cuda_driver", "gpu_user_annotation", "async"}
    host_only = {**trace, "traceEvents": [e for e in trace["traceEvents"] if e.get("cat") not in device_cats]}
    assert trace["deviceProperties"]
    assert sum(str(e.get("name", "")).startswith("ProfilerStep#") for e in host_only["traceEvents"]) == 6
    (tmp_path / "whole").mkdir()
    (tmp_path / "host").mkdir()
    (tmp_path / "whole" / "rank0.json").write_text(json.dumps(trace))
    (tmp_path / "host" / "rank0.json").write_text(json.dumps(host_only))

    def summary(folder: str) -> tuple[tuple[Any, ...], list[str]]:
        store = Store.open(tmp_path / f"{folder}.tlstore")
        store.ingest([tmp_path / folder])
        con = store.connect()
        row = con.execute("select steps, compute_pct, host_overhead_pct, idle_pct, reason from step_summary").fetchone()
        assert row is not None
        return row, [t for (t,) in con.execute("select title from findings").fetchall()]

    (steps, compute, host, idle, reason), titles = summary("host")
    assert steps == 6 and (compute, host, idle) == (None, None, None)
    assert reason is not None and "recorded no device work" in reason
    assert not any("launch-bound" in t for t in titles)
    (steps, compute, host, idle, reason), _ = summary("whole")
    assert steps == 6 and reason is None and compute > 0 and host is not None and idle is not None
