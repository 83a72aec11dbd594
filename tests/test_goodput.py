"""Goodput accounting against ml-goodput-measurement's own figures on its event records, and
against the timestamps of the recorded sample job's console log."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, console_connection, corpus_or_skip, recompute_connection_views
from tests.test_line_rules_launchers_and_programs import LANCE_OPEN_BARS
from tracelens.store import Store

MLGP_TO_TRACELENS = {
    # tracelens bucket -> the ml-goodput-measurement badput types it covers
    "startup": ["PROGRAM_STARTUP", "TPU_INITIALIZATION", "TRAINING_PREP", "DATA_LOADING_SYNC"],
    "checkpoint_save": ["UNPRODUCTIVE_CHECKPOINT_SAVE_TIME"],
    "checkpoint_load": ["UNPRODUCTIVE_CHECKPOINT_RESTORE_TIME"],
}


@pytest.fixture(scope="module")
def mlgp(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = corpus_or_skip("logs", "goodput_mlgp")
    store = tmp_path_factory.mktemp("mlgp") / "s.tlstore"
    Store.open(store).ingest([folder / "synthetic_events_with_restart.jsonl"])
    expected = json.loads((folder / "synthetic_events_expected_goodput.json").read_text())
    return Store.open(store, create=False).connect(), expected


def test_goodput_matches_ml_goodput_measurement(mlgp) -> None:  # type: ignore[no-untyped-def]
    con, expected = mlgp
    wall, fraction, productive = con.execute("select wall_s, goodput_fraction, productive_s from goodput").fetchone()
    assert wall == pytest.approx(expected["total_elapsed_time_s"])
    assert productive == pytest.approx(expected["productive_time_s"]["TOTAL"])
    assert 100 * fraction == pytest.approx(expected["goodput_percent"], abs=1e-9)


def test_buckets_match_ml_goodput_measurement_badput(mlgp) -> None:  # type: ignore[no-untyped-def]
    con, expected = mlgp
    got = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    unproductive = expected["unproductive_time_s"]
    for bucket, types in MLGP_TO_TRACELENS.items():
        assert got[bucket] == pytest.approx(sum(unproductive[t] for t in types)), bucket
    # mlgp counts the start of the step the crash cut short as recovery; with no crash time in
    # the records, tracelens ends the attempt there too: the split is the same.
    assert got["lost_work"] == pytest.approx(unproductive["WASTED_PROGRESS_FROM_DISRUPTION"])
    assert got["restart_downtime"] == pytest.approx(unproductive["INFRASTRUCTURE_RECOVERY_FROM_DISRUPTION"])
    assert got["eval"] == pytest.approx(unproductive["CUSTOM_BADPUT_EVENTS"]["EVAL_STEP"])
    assert sum(got.values()) == pytest.approx(expected["total_elapsed_time_s"])


def test_attempts_and_lost_steps(mlgp) -> None:  # type: ignore[no-untyped-def]
    con, expected = mlgp
    attempts = con.execute("select attempt, first_step, last_step, resumed_from_step, end_reason from attempts").fetchall()
    assert len(attempts) == expected["disruption_count"] + 1
    assert attempts[-1][2] == expected["last_productive_step"]
    assert attempts[-1][4] == "completed"
    lost = con.execute("select lost_steps from goodput").fetchone()[0]
    # From the raw records: the steps the first run completed (each one whose next step
    # started) from the step the restart began at on, redone after it; as many as the
    # peer tool's wasted progress over its ideal step time.
    folder = corpus_or_skip("logs", "goodput_mlgp")
    records = [json.loads(line) for line in (folder / "synthetic_events_with_restart.jsonl").read_text().splitlines()]
    started = [r["step_count"] for r in records if "step_start_time" in r]
    restart = next(i for i in range(1, len(started)) if started[i] <= started[i - 1])
    completed_before = started[: restart - 1]  # the last step started before the restart crashed
    redone = [step for step in completed_before if step >= started[restart]]
    assert redone and lost == redone
    wasted_s = expected["unproductive_time_s"]["WASTED_PROGRESS_FROM_DISRUPTION"]
    assert len(lost) == pytest.approx(wasted_s / expected["ideal_step_time_s"])
    assert con.execute("select * from check_goodput_buckets_sum").fetchall() == []


def _log_times(log: Path) -> tuple[int, int, dict[tuple[int, int], float]]:
    """(first timestamp, last timestamp, (rank, step) -> reported step time) read from the log."""
    stamps = []
    step_times = {}
    for line in log.read_text().splitlines():
        m = re.search(r"\[default(\d)\]:(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})", line)
        if not m:
            continue
        ts = datetime.strptime(m.group(2), "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=UTC)
        stamps.append(int(ts.replace(microsecond=0).timestamp()) * 10**9 + ts.microsecond * 1000)
        s = re.search(r"step (\d+) loss \S+ step_time_s (\S+)", line)
        if s:
            step_times[(int(m.group(1)), int(s.group(1)))] = float(s.group(2))
    return min(stamps), max(stamps), step_times


def test_sample_job_single_attempt_goodput(tmp_path: Path) -> None:
    log = SAMPLE_LOGS / "ddp_gloo_2rank" / "console.log"
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([log])
    con = Store.open(store, create=False).connect()
    first, last, step_times = _log_times(log)
    rank0 = [t for (r, _), t in step_times.items() if r == 0]
    wall, attempts, productive, lost = con.execute(
        "select wall_s, attempts, productive_s, lost_steps from goodput"
    ).fetchone()
    assert attempts == 1 and lost == []
    # the reference rank (0) logs the first and the last line of its run
    first0, last0 = con.execute("select start_ns, end_ns from attempts").fetchone()
    assert first0 >= first and last0 <= last
    assert wall == pytest.approx((last0 - first0) / 1e9)
    # productive time is the steps' time, less the first step's excess over the typical step
    ideal = sorted(rank0[1:])[len(rank0[1:]) // 2]
    expected = sum(rank0) - max(0.0, rank0[0] - ideal)
    assert productive == pytest.approx(expected, rel=0.05)
    assert con.execute("select * from check_goodput_buckets_sum").fetchall() == []


# ------------------------------------------------------------------ real torchrun restart
RESTART_JOB = SAMPLE_LOGS / "restart_gloo_2rank"


def _truth(job: Path = RESTART_JOB) -> list[dict]:
    lines = (job / "console.log").read_text().splitlines()
    # raw_decode: ranks writing to one console unlabeled can glue another's line after the object
    return [json.JSONDecoder().raw_decode(line.split("TRUTH ", 1)[1])[0] for line in lines if "TRUTH {" in line]


def _expected_buckets(truth: list[dict]) -> tuple[dict[str, float], float, list[int]]:
    """Goodput buckets from the harness's own clock (rank 0's view, the crash time from rank 1)."""
    mine = [t for t in truth if t["rank"] == 0]
    starts = {t["attempt"]: t["t"] for t in mine if t["event"] == "attempt_start"}
    end = next(t["t"] for t in mine if t["event"] == "attempt_end")
    crash = next(t for t in truth if t["event"] == "crash")
    steps: dict[tuple[int, int], list[float]] = {}
    for t in mine:
        if t["event"] in ("step_start", "step_end"):
            steps.setdefault((t["attempt"], t["step"]), []).append(t["t"])
    done = {k: v[1] - v[0] for k, v in steps.items() if len(v) == 2}
    last_attempt = max(starts)
    redone = sorted(s for (a, s) in done if a < last_attempt and (last_attempt, s) in done)
    saves = sum(t["end"] - t["start"] for t in mine if t["event"] == "checkpoint_save")
    # HF Trainer's on_save fires after the save: the save ran from the step's end to then
    saves += sum(
        t["t"] - steps[(t["attempt"], t["step"])][1] for t in mine if t["event"] == "checkpoint_saved"
    )
    loads = sum(t["end"] - t["start"] for t in mine if t["event"] == "checkpoint_load")
    durations = sorted(d for (a, s), d in done.items() if s != min(x for (b, x) in done if b == a))
    ideal = durations[len(durations) // 2]
    first_excess = sum(
        max(0.0, done[(a, min(s for (b, s) in done if b == a))] - ideal) for a in starts
    )
    first_step_start = {a: min(v[0] for (b, _), v in steps.items() if b == a) for a in starts}
    partial_start = steps[(crash["attempt"], crash["step"])][0] if (0, crash["step"]) in steps else crash["t"]
    lost = sum(done[(0, s)] for s in redone) + (crash["t"] - partial_start)
    startup = sum(first_step_start[a] - starts[a] for a in starts) - loads + first_excess
    wall = end - starts[0]
    expected = {
        "checkpoint_save": saves,
        "checkpoint_load": loads,
        "lost_work": lost,
        "restart_downtime": starts[last_attempt] - crash["t"],
        "startup": startup,
    }
    expected["productive"] = wall - sum(expected.values())
    return expected, wall, redone


@pytest.mark.parametrize("job", ["restart_gloo_2rank", "hf_trainer_restart", "unlabeled_restart_gloo_2rank",
                                 "whole_second_restart_gloo_2rank"])
def test_torchrun_restart_matches_the_harness_clock(sample_store: Callable[[str], Path], job: str) -> None:
    truth = _truth(SAMPLE_LOGS / job)
    assert truth, f"sample_logs/{job} has no TRUTH lines"
    expected, wall, redone = _expected_buckets(truth)
    con = Store.open(sample_store(job), create=False).connect()
    # the profiler traces recorded with the job (a few steps per rank and attempt) are read too
    traced = len(list((SAMPLE_LOGS / job).glob("traces/*.pt.trace.json*")))
    assert con.execute("select count(*) from stg_traces").fetchone()[0] == traced
    attempts = con.execute("select attempt, resumed_from_step, end_reason from attempts order by attempt").fetchall()
    n_attempts = len({t["attempt"] for t in truth})
    assert len(attempts) == n_attempts
    ckpt_step = max(t["step"] for t in truth if t["event"].startswith("checkpoint_save") and t["attempt"] == 0)
    assert attempts[1][1] == ckpt_step
    assert [a[2] for a in attempts] == ["crash", "completed"]
    assert con.execute("select lost_steps from goodput").fetchone()[0] == redone
    # a log that prints its times in whole seconds (RECORDED.txt: --whole-seconds) gives each
    # up to a second before the harness's clock
    slack = 0.05 * wall + (1.0 if job == "whole_second_restart_gloo_2rank" else 0.0)
    got_wall = con.execute("select wall_s from goodput").fetchone()[0]
    assert got_wall == pytest.approx(wall, abs=slack)
    got = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    for bucket, seconds in expected.items():
        assert got[bucket] == pytest.approx(seconds, abs=slack), bucket
    assert con.execute("select * from check_goodput_buckets_sum").fetchall() == []


def test_a_log_in_whole_seconds_has_the_step_time_of_its_steps(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/whole_second_restart_gloo_2rank prints its times in whole seconds and runs
    ~0.17 s steps: by its clock most steps last 0 s and a few 1 s. The ideal step time (what the
    findings measure the checkpoint interval in) is the harness's median step, within what 2 s
    of resolution spread over the job's 60 steps can move it."""
    truth = _truth(SAMPLE_LOGS / "whole_second_restart_gloo_2rank")
    bounds: dict[tuple[int, int], list[float]] = {}
    for t in truth:
        if t["rank"] == 0 and t["event"] in ("step_start", "step_end"):
            bounds.setdefault((t["attempt"], t["step"]), []).append(t["t"])
    durations = sorted(v[1] - v[0] for v in bounds.values() if len(v) == 2)
    con = Store.open(sample_store("whole_second_restart_gloo_2rank"), create=False).connect()
    ideal_s = con.execute("select ideal_ns / 1e9 from int_ideal_step").fetchone()[0]
    assert ideal_s == pytest.approx(durations[len(durations) // 2], abs=2.0 / 60)


def test_a_step_logged_again_soon_after_a_restart_is_redone_work_where_few_steps_are_logged(
        sample_store: Callable[[str], Path]) -> None:
    """sample_logs/sparse_log_restart_gloo_2rank logs every 100th step only (RECORDED.txt:
    --log-every 100); rank 1 crashes at step 201 and the relaunch logs step 200 again about
    5 s after its first line, less than half the time between two lines but many steps' time.
    The harness's TRUTH lines: 2 attempts, and the logged steps done in both are lost work."""
    job = SAMPLE_LOGS / "sparse_log_restart_gloo_2rank"
    truth = _truth(job)
    done = {(t["attempt"], t["step"]) for t in truth if t["rank"] == 0 and t["event"] == "step_end"}
    logged_redone = sorted(s for (a, s) in done if a == 0 and (1, s) in done and s % 100 == 0)
    assert logged_redone == [200]
    con = Store.open(sample_store("sparse_log_restart_gloo_2rank"), create=False).connect()
    assert con.execute("select count(*) from attempts").fetchone()[0] == len({t["attempt"] for t in truth})
    assert con.execute("select lost_steps from goodput").fetchone()[0] == logged_redone


def test_an_attempts_first_line_of_several_steps_is_not_start_up(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/sparse_log_restart_gloo_2rank's relaunch resumes at step 196 and logs its first
    line at step 200 (every 100th step only): that line ends 5 steps, not one, so its start-up runs
    from its first line to step 196's start, within 20 ms of the harness's (TRUTH lines: attempt_start
    to step_start of 196); read as one step, steps 196-199 were 0.6 s of start-up too."""
    truth = [t for t in _truth(SAMPLE_LOGS / "sparse_log_restart_gloo_2rank") if t["rank"] == 0 and t["attempt"] == 1]
    start = next(t["t"] for t in truth if t["event"] == "attempt_start")
    first_step = min(t["t"] for t in truth if t["event"] == "step_start")
    con = Store.open(sample_store("sparse_log_restart_gloo_2rank"), create=False).connect()
    (startup_s,) = con.execute(
        "select sum(end_ns - start_ns) / 1e9 from int_log_intervals where label = 'startup' and attempt = 2").fetchone()
    assert startup_s == pytest.approx(first_step - start, abs=0.02)


def test_progress_bar_step_times_match_the_harness(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_restart: HF dict lines carry no time; the tqdm bar prints whole
    seconds since it started, and the bar starts a little after the dated header. Refined
    within the second and anchored by the dated checkpoint lines, every step's end lands
    within 0.5 s of the harness's own step_end (to the second, it was up to 1.8 s off)."""
    job = SAMPLE_LOGS / "hf_trainer_restart"
    truth = {(t["attempt"], t["step"]): t["t"] for t in _truth(job) if t["rank"] == 0 and t["event"] == "step_end"}
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([job / "console.log"])
    con = store.connect()
    rows = con.execute(
        "select a.attempt - 1, s.step, s.end_ns, s.time_source from int_log_steps s "
        "asof join attempts a on s.t_ns >= a.start_ns order by s.t_ns, s.line"
    ).fetchall()
    assert {(a, step) for a, step, _, _ in rows} == set(truth)
    assert {source for *_, source in rows} == {"tqdm"}
    errors = [end_ns / 1e9 - truth[(a, step)] for a, step, end_ns, _ in rows]
    assert max(abs(e) for e in errors) < 0.5, errors


def test_bar_anchor_uses_lines_printed_between_close_readings() -> None:
    """The bar starts 0.3 s after its header; step 2 ends 1.5 s into the bar (reading "1 s")
    and a checkpoint line follows 10 ms later (T = 1.81 s), before step 3's reading ("2 s"):
    the start is T - 1.5 s. A line printed after the bar's last reading (a crash a minute
    later) only bounds the start from above and does not move it off the header."""
    from tracelens.parsers._lines import anchor_bar

    readings = [(1, 0), (2, 1), (3, 2)]
    refined = {1: 0.5, 2: 1.5, 3: 2.5}
    started = anchor_bar(0, readings, refined, [(2, 1_810_000_000)])
    assert started == 1_810_000_000 - 1_500_000_000
    assert anchor_bar(0, readings, refined, [(3, 60_000_000_000)]) == 0


def test_attempts_from_trace_processes_alone(tmp_path: Path) -> None:
    """With only the profiler traces of sample_logs/hf_trainer_restart, each rank's traces come
    from one process per attempt: a new process is a restart, and each attempt spans its
    process's traced activity (epoch timestamps read from the raw JSON)."""
    import gzip

    traces = sorted((SAMPLE_LOGS / "hf_trainer_restart" / "traces").glob("*.json.gz"))
    spans: dict[int, list[tuple[int, int, int]]] = {}
    for path in traces:
        with gzip.open(path) as fh:
            doc = json.loads(fh.read())
        base = doc["baseTimeNanoseconds"]
        events = [e for e in doc["traceEvents"] if e.get("ph") == "X"]
        pid = next(e["pid"] for e in events if e["name"].startswith("ProfilerStep#"))
        start = min(base + round(e["ts"] * 1000) for e in events)
        end = max(base + round((e["ts"] + e["dur"]) * 1000) for e in events)
        spans.setdefault(doc["distributedInfo"]["rank"], []).append((start, end, pid))
    reference = sorted(spans[min(spans)])
    assert len({pid for *_, pid in reference}) == len(reference) == 2
    store = Store.open(tmp_path / "t.tlstore")
    store.ingest(traces)
    con = store.connect()
    got = con.execute("select start_ns, end_ns, end_reason, start_source from attempts order by attempt").fetchall()
    assert [g[2:] for g in got] == [("restarted", "trace_process"), ("unknown", "trace_process")]
    detail = con.execute("select detail from provenance where figure = 'attempts'").fetchone()[0]
    assert detail.startswith("2 attempt(s)") and "trace epoch timestamps" in detail
    # traces alone say nothing of what filled the time around their few steps: no goodput
    assert con.execute("select list(logged) from attempts").fetchone()[0] == [False, False]
    assert con.execute("select count(*) from goodput where wall_s is not null").fetchone()[0] == 0
    assert con.execute("select count(seconds) from goodput_buckets").fetchone()[0] == 0  # undetermined, not 0 s
    for (start, end, _), (got_start, got_end, *_) in zip(reference, got, strict=True):
        assert abs(got_start - start) <= 1000 and abs(got_end - end) <= 1000  # ts in us with 3 decimals
    # with the console log as well, the log's own restart evidence dates the attempts
    store.ingest([SAMPLE_LOGS / "hf_trainer_restart" / "console.log"])
    con = store.connect()
    assert con.execute("select list(start_source order by attempt) from attempts").fetchone()[0] == ["event", "event"]
    assert con.execute("select bool_and(logged) from attempts").fetchone()[0]


def test_data_stall_reported_by_the_log_matches_the_harness(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/data_stall_gloo_2rank: rank 0's DataLoader stalls 400 ms on steps 3, 6, 9 and
    every step line says how long its batch took; the data_stall bucket is that time, as the
    harness measured it (the log prints 4 decimals)."""
    job = SAMPLE_LOGS / "data_stall_gloo_2rank"
    truth = _truth(job)
    data = {t["step"]: t["data_s"] for t in truth if t["event"] == "data"}
    con = Store.open(sample_store(job.name), create=False).connect()
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    first = min(data)  # the first step's data time counts as start-up (its excess over the median step)
    expected = sum(v for s, v in data.items() if s != first)
    assert buckets["data_stall"] == pytest.approx(expected, abs=0.00006 * len(data) + 1e-4)
    assert buckets["data_stall"] > 1.1  # three injected 400 ms stalls
    assert sum(buckets.values()) == pytest.approx(con.execute("select wall_s from goodput").fetchone()[0], abs=1e-6)


def test_megatron_batch_generator_timer_is_data_time() -> None:
    import re

    from tests.conftest import corpus_or_skip
    from tracelens.parsers import ParseOptions
    from tracelens.parsers.megatron import MegatronParser

    path = corpus_or_skip("logs", "megatron", "bigscience_jz_timers_pp_breakdown.log")
    timers = [float(ms) / 1000 for ms in re.findall(r"^time \(ms\) \|.*batch-generator: ([\d.]+)", path.read_text(), re.M)]
    rows = MegatronParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [r["data_time_s"] for r in rows] == timers and timers


def test_stalled_steps_tokens_are_useful_and_their_waits_are_lost(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/data_stall_gloo_2rank (defect 1 of issue 15): the waits for data cost
    throughput x stall / wall tokens/s; the stalled steps' own tokens are useful, not lost too.
    Throughput is the tokens of the steps over the time they computed, read from the harness's
    clock: each step's end - start - data time (the first step's excess over the median step
    is start-up). Before: throughput 8,031 (tokens / time stepping, stalls included), tokens/s
    lost summing to 7,323 against a gap of 4,719, and 8.8 % goodput by time but 41 % by tokens."""
    job = SAMPLE_LOGS / "data_stall_gloo_2rank"
    truth = [t for t in _truth(job) if t["rank"] == 0]
    starts = {t["step"]: t["t"] for t in truth if t["event"] == "step_start"}
    ends = {t["step"]: t["t"] for t in truth if t["event"] == "step_end"}
    data = {t["step"]: t["data_s"] for t in truth if t["event"] == "data"}
    tokens = sum(int(m) for m in re.findall(r"\[default0\]:.* step \d+ .* tokens (\d+)", (job / "console.log").read_text()))
    durations = {s: ends[s] - starts[s] for s in ends}
    first = min(durations)
    ideal = sorted(d for s, d in durations.items() if s != first)[(len(durations) - 1) // 2]
    computing = ideal + sum(d - data[s] for s, d in durations.items() if s != first)
    con = Store.open(sample_store(job.name), create=False).connect()
    through, good, fraction, useful = con.execute(
        "select throughput_tokens_per_s, goodput_tokens_per_s, goodput_fraction, tokens_useful from goodput").fetchone()
    assert useful == tokens == 12 * 1024  # every step is productive: its tokens are useful
    assert through == pytest.approx(tokens / computing, rel=0.05)
    lost = con.execute("select sum(tokens_per_s_lost) from goodput_attribution").fetchone()[0]
    assert lost == pytest.approx(through - good, rel=1e-9)
    assert good / through == pytest.approx(fraction, abs=0.01)  # goodput by tokens = by time
    stall = con.execute("select tokens_per_s_lost, seconds from goodput_attribution where bucket = 'data_stall'").fetchone()
    wall = con.execute("select wall_s from goodput").fetchone()[0]
    assert stall[0] == pytest.approx(through * stall[1] / wall)


@pytest.mark.parametrize("job", ["restart_gloo_2rank", "data_stall_gloo_2rank", "jsonl_metrics_gloo_2rank"])
def test_log_only_torchrun_job_counts_its_ranks(sample_store: Callable[[str], Path], job: str) -> None:
    """Defect 9 of issue 15: a log-only torchrun job of 2 ranks said "GPUs: 1 (default)" and
    halved its GPU-hours. The harness's command line (RECORDED.txt) says how many it launched."""
    recorded = re.search(r"--nproc-per-node (\d+)", (SAMPLE_LOGS / job / "RECORDED.txt").read_text())
    assert recorded
    launched = int(recorded.group(1))
    con = Store.open(sample_store(job), create=False).connect()
    gpus, source, wall, total = con.execute("select gpus, gpus_source, wall_s, total_gpu_hours from goodput_headline").fetchone()
    assert (gpus, source) == (launched, "log_ranks")
    assert total == pytest.approx(wall * launched / 3600)


def test_gpu_count_unknown_is_said_not_assumed(sample_store: Callable[[str], Path]) -> None:
    """One process's lines, no trace: the GPU count is unknown, and so are GPU-hours (never a
    default of 1 shown as fact); --gpus gives it."""
    store = Store.open(sample_store("hf_trainer_state"), create=False)
    con = store.connect()
    row = con.execute("select gpus, gpus_source, total_gpu_hours, lost_gpu_hours from goodput_headline").fetchone()
    assert row == (None, "unknown", None, None)
    assert con.execute("select count(gpu_hours) from goodput_attribution").fetchone()[0] == 0
    assert con.execute("select kind from provenance where figure = 'gpus'").fetchone()[0] == "unknown"
    con = store.connect(gpus=4)
    wall, gpus, source, total = con.execute("select wall_s, gpus, gpus_source, total_gpu_hours from goodput_headline").fetchone()
    assert (gpus, source) == (4, "cli") and total == pytest.approx(wall * 4 / 3600)


def test_world_size_a_launcher_printed_counts_the_gpus(tmp_path: Path) -> None:
    """A launch_config event (a launcher's or framework's own world size: DeepSpeed's
    "dist_world_size=16" in ../shared/corpus/wild/deepspeed) wins over the ranks the line
    prefixes show. The parsers emit no such event yet; the event is added to the view here."""
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([SAMPLE_LOGS / "restart_gloo_2rank"])
    con = store.connect()
    con.execute("ALTER VIEW log_events RENAME TO log_events_stored")
    con.execute("CREATE VIEW log_events AS SELECT * FROM log_events_stored UNION ALL BY NAME "
                "SELECT 'launch_config' AS kind, 'world_size=16' AS detail")
    recompute_connection_views(con)
    wall, gpus, source, total = con.execute("select wall_s, gpus, gpus_source, total_gpu_hours from goodput_headline").fetchone()
    assert (gpus, source) == (16, "launch_config") and total == pytest.approx(wall * 16 / 3600)


def test_steps_without_a_clock_leave_goodput_undetermined(tmp_path: Path) -> None:
    """HF's trainer_state.json alone: a step number per logged dict and nothing that says when it
    ran (no timestamp, no bar, no trace). Wall time, goodput and the figures built on them are
    NULL with the reason, the report says "undetermined" and no finding rests on them."""
    from tracelens.render import render_text
    from tracelens.report import build

    path = SAMPLE_LOGS / "hf_trainer_state" / "trainer_state.json"
    history = json.loads(path.read_text())["log_history"]
    steps = len({h["step"] for h in history if "loss" in h})
    assert steps > 0 and not any(k.endswith("time") or k == "timestamp" for h in history for k in h)
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    row = con.execute("select wall_s, attempts, productive_s, goodput_fraction, throughput_tokens_per_s, "
                      "goodput_tokens_per_s, reason from goodput").fetchall()
    reason = f"the inputs have {steps} logged steps but no clock: no timestamps, no dated progress bar, no traces"
    assert row == [(None, None, None, None, None, None, reason)]
    # and no bucket says 0 s: every one is as undetermined as the wall time, with the same reason
    buckets = con.execute(
        "select bucket, seconds, percent, gpu_hours, reason from goodput_attribution order by bucket").fetchall()
    assert len(buckets) == 10 and all(b[1:] == (None, None, None, reason) for b in buckets), buckets
    assert con.execute("select count(*) from goodput_buckets where seconds is not null").fetchone() == (0,)
    report = build(con)
    assert report.goodput is not None and report.goodput.reason == reason
    assert report.goodput.attribution == () and report.findings == ()
    assert f"undetermined: {reason}" in render_text(report)


def test_a_worker_crash_does_not_restart_the_other_ranks_still_printing(tmp_path: Path) -> None:
    """tests/reference/diff_pairs/restart (torchrun, 2 gloo ranks, rank 1 raises at step 9):
    rank 1's traceback comes before rank 0's own "step 8" line, from the same rank-0 process.
    The harness's TRUTH lines say 2 attempts (steps 0..8, then 8..13); the traceback made rank
    0's next line a new process, a third attempt of one step."""
    job = Path(__file__).parent / "reference" / "diff_pairs" / "restart"
    lines = (job / "console.log").read_text().splitlines()
    truth = [json.loads(line.split("TRUTH ", 1)[1]) for line in lines if "TRUTH {" in line]
    ends = [(t["attempt"] + 1, t["step"]) for t in truth if t["event"] == "step_end" and t["rank"] == 0]
    expected = [(a, min(s for b, s in ends if b == a), max(s for b, s in ends if b == a)) for a in sorted({a for a, _ in ends})]
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([job / "console.log"])
    got = store.connect().execute("select attempt, first_step, last_step from attempts order by attempt").fetchall()
    assert [tuple(g) for g in got] == expected


def _console_store(tmp_path: Path, lines: list[str], name: str = "console.log") -> Any:
    """A store of one job whose console holds `lines`, connected."""
    log = tmp_path / "job" / name
    log.parent.mkdir()
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    Store.open(tmp_path / "s.tlstore").ingest([log.parent])
    return Store.open(tmp_path / "s.tlstore", create=False).connect()


# A torchrun DDP run's console in Lance's distributed-training notes (its log block's lines 1-14, as
# tests/test_line_rules_launchers_and_programs.py quotes them): tqdm's bar numbers the epochs from 1, the loop's
# summary line after it from 0
EPOCHS_TWO_NUMBERINGS = LANCE_OPEN_BARS[:14]


def test_a_summary_numbered_one_below_its_epochs_bar_is_no_restart(tmp_path: Path) -> None:
    """`Epoch 2/10: 300it [...]` then `[Epoch 1] Loss: ..., Epoch Time: 444.51s`: the summary line
    numbers its epoch one below the bar before it; the counter never went back to redo a step. One
    attempt (it was seven: a restart at every summary), its steps the bars' iterations, from the
    first bar's count to all the epochs' last counts together. (A line further below, or followed by
    a later jump, is a restart still: tests/test_logs.py's torchtitan failover.)"""
    con = _console_store(tmp_path, EPOCHS_TWO_NUMBERINGS)
    last_counts: dict[int, int] = {}
    for text in EPOCHS_TWO_NUMBERINGS:
        if (m := re.match(r"Epoch (\d+)/10: (\d+)it ", text)):
            last_counts[int(m.group(1))] = int(m.group(2))
    first = int(re.match(r"Epoch 1/10: (\d+)it ", EPOCHS_TWO_NUMBERINGS[0]).group(1))  # type: ignore[union-attr]
    assert con.execute("select count(*), min(first_step), max(last_step) from attempts").fetchone() == (
        1, first, sum(last_counts.values()))


# Megatron-LM on four GPUs in llm-action's notes (liguodongiot/llm-action @ bd731466,
# train/megatron/gpt2/model_train.md, its 4DP block's lines 1-2, 73-76, 101-102 and 106): its
# iteration lines are undated, its `[after ...] datetime:` lines dated
MEGATRON_UNDATED_ITERATIONS = [
    '[after megatron is initialized] datetime: 2023-07-16 11:34:42 ',
    'building GPT model ...',
    '------------------------------------------------------------------------------------------------',
    (' iteration     1100/    5000 | consumed samples:         8800 | elapsed time per iteration (ms): 291.7 | learning rate'
     ': 5.077E-05 | global batch size:     8 | lm loss: 5.352916E+00 | loss scale: 65536.0 | grad norm: 1.765 | number of sk'
     'ipped iterations:   0 | number of nan iterations:   0 |'),
    '...',
    (' iteration     2000/    5000 | consumed samples:        16000 | elapsed time per iteration (ms): 292.5 | learning rate'
     ': 9.295E-05 | global batch size:     8 | lm loss: 3.812283E+00 | loss scale: 131072.0 | grad norm: 2.040 | number of s'
     'kipped iterations:   0 | number of nan iterations:   0 |'),
    '[after training is done] datetime: 2023-07-16 12:03:49 ',
    'saving checkpoint at iteration    5000 to /workspace/model/megatron-models/345m-init',
    '  successfully saved checkpoint at iteration    5000 to /workspace/model/megatron-models/345m-init',
]


def test_an_attempt_whose_steps_no_clock_dates_has_its_first_and_last_step(tmp_path: Path) -> None:
    """The attempt runs from the dated `[after megatron is initialized]` line to the dated end of
    training; its iterations, logged after its first dated line, are its steps (they were `-`:
    only dated steps were placed in an attempt)."""
    con = _console_store(tmp_path, MEGATRON_UNDATED_ITERATIONS)
    iterations = [int(m.group(1)) for t in MEGATRON_UNDATED_ITERATIONS if (m := re.match(r" iteration +(\d+)/", t))]
    assert con.execute("select count(*), min(first_step), max(last_step), min(end_reason) from attempts").fetchone() == (
        1, min(iterations), max(iterations), "completed")


# A Lightning run on Colab stopped by the host, then relaunched in a new session (a train_semantic_planner
# project's committed log, index id 66457132331, its excerpt's lines 1-6, 49 and 56-61): its epochs' bars
# undated, its own logger's backups dated; `[rank: 0] Received SIGTERM: 15` glued to epoch 56's first drawing
LIGHTNING_SIGTERM_RELAUNCH = [
    ('Epoch 50: 100% 1248/1248 [30:03<00:00,  1.45s/it, v_num=fz5r, train/loss_step=0.0708, train/loss_pose_step=0.0687, tra'
     'in/loss_grip_step=0.00172, train/loss_phase_step=0.00077, train/loss_epoch=0.0571, train/loss_pose_epoch=0.0485, train'
     '/loss_grip_epoch=0.00802, train/loss_phase_epoch=0.000971, train/phase_acc=1.000, val/loss=0.251, val/pos_error_m=0.01'
     '24][2025-12-03 17:54:53,381][train_semantic_planner][INFO] - End of epoch 50: Triggering atomic failsafe backup...'),
    '`weights_only` was not set, defaulting to `False`.',
    ('[2025-12-03 17:55:51,191][train_semantic_planner][INFO] - Failsafe backup for epoch 50 saved successfully to /content/'
     'drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_050.ckpt.'),
    ('Epoch 51: 100% 1248/1248 [30:08<00:00,  1.45s/it, v_num=fz5r, train/loss_step=0.148, train/loss_pose_step=0.116, train'
     '/loss_grip_step=0.0317, train/loss_phase_step=0.000439, train/loss_epoch=0.0557, train/loss_pose_epoch=0.0466, train/l'
     'oss_grip_epoch=0.00865, train/loss_phase_epoch=0.000881, train/phase_acc=1.000, val/loss=0.251, val/pos_error_m=0.0124'
     ']   [2025-12-03 18:25:59,787][train_semantic_planner][INFO] - End of epoch 51: Triggering atomic failsafe backup...'),
    '`weights_only` was not set, defaulting to `False`.',
    ('[2025-12-03 18:27:36,796][train_semantic_planner][INFO] - Failsafe backup for epoch 51 saved successfully to /content/'
     'drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_051.ckpt.'),
    ('Epoch 56:   0% 0/1248 [00:00<?, ?it/s, v_num=fz5r, train/loss_step=0.0221, train/loss_pose_step=0.022, train/loss_grip'
     '_step=0.000165, train/loss_phase_step=2.38e-5, train/loss_epoch=0.0473, train/loss_pose_epoch=0.0427, train/loss_grip_'
     'epoch=0.00442, train/loss_phase_epoch=0.000497, train/phase_acc=1.000, val/loss=0.283, val/pos_error_m=0.0115][rank: 0'
     '] Received SIGTERM: 15'),
    '[2025-12-04 20:56:17,486][train_semantic_planner][INFO] - End of epoch 62: Triggering atomic failsafe backup...',
    '`weights_only` was not set, defaulting to `False`.',
    ('[2025-12-04 20:57:47,631][train_semantic_planner][INFO] - Failsafe backup for epoch 62 saved successfully to /content/'
     'drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_062.ckpt.'),
    ('Epoch 63: 100% 1248/1248 [29:10<00:00,  1.40s/it, v_num=0x8c, train/loss_step=0.0156, train/loss_pose_step=0.0149, tra'
     'in/loss_grip_step=0.000706, train/loss_phase_step=3.73e-8, train/loss_epoch=0.0227, train/loss_pose_epoch=0.0218, trai'
     'n/loss_grip_epoch=0.000827, train/loss_phase_epoch=1.38e-7, train/phase_acc=1.000][2025-12-04 21:26:58,451][train_sema'
     'ntic_planner][INFO] - End of epoch 63: Triggering atomic failsafe backup...'),
    '`weights_only` was not set, defaulting to `False`.',
    ('[2025-12-04 21:27:23,697][train_semantic_planner][INFO] - Failsafe backup for epoch 63 saved successfully to /content/'
     'drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_063.ckpt.'),
]


def test_a_sigterm_glued_to_a_bar_ends_its_attempt_before_the_relaunch(tmp_path: Path) -> None:
    """Lightning's `Received SIGTERM: 15`, undated, with the next session's steps after it: it ended
    the attempt its console's last dated line before it falls in (a crash), and the relaunch's dated
    lines start the next (it was one attempt, or two with the first `restarted`)."""
    con = _console_store(tmp_path, LIGHTNING_SIGTERM_RELAUNCH)
    signal_line = next(n for n, t in enumerate(LIGHTNING_SIGTERM_RELAUNCH, 1) if t.endswith("Received SIGTERM: 15"))
    assert 1 < signal_line < len(LIGHTNING_SIGTERM_RELAUNCH)
    assert con.execute("select end_reason from attempts order by attempt").fetchall() == [("crash",), ("unknown",)]


# Sherlock's user guide on a job that requeues itself on SIGUSR1 (stanford-rc/www.sherlock.stanford.edu @
# 47d23f13, src/docs/user-guide/running-jobs.md, its example output): each line opens with `date`'s time
DATE_CMD_REQUEUE = [
    'Mon Nov  5 10:30:59 PST 2018: Job 31182239 starting on sh-06-34',
    'Mon Nov  5 10:30:59 PST 2018: normal execution',
    'Mon Nov  5 10:31:59 PST 2018: normal execution',
    'Mon Nov  5 10:32:59 PST 2018: normal execution',
    'Mon Nov  5 10:33:59 PST 2018: normal execution',
    'Mon Nov  5 10:34:59 PST 2018: Job 31182239 received SIGUSR1, re-queueing',
    'slurmstepd: error: *** JOB 31182239 ON sh-06-34 CANCELLED AT 2018-11-05T10:35:06 DUE TO JOB REQUEUE ***',
    'Mon Nov  5 10:38:11 PST 2018: Job 31182239 starting on sh-06-34',
    'Mon Nov  5 10:38:11 PST 2018: normal execution',
    'Mon Nov  5 10:39:11 PST 2018: normal execution',
]


def test_lines_opening_with_dates_time_date_the_requeued_jobs_attempts(tmp_path: Path) -> None:
    """`Mon Nov  5 10:30:59 PST 2018: Job 31182239 starting on sh-06-34`: `date`'s time (its zone's
    abbreviation read as the file's naive times are) dates the lines; the job's requeue
    (`CANCELLED AT ... DUE TO JOB REQUEUE`) ends the first attempt, its next dated line starts the
    second, 3 min 5 s after the cancel (it was one undated attempt)."""
    con = _console_store(tmp_path, DATE_CMD_REQUEUE, "slurm-31182239.out")

    def at(text: str) -> int:  # `date`'s time, its zone's name left out, as UTC
        fields = re.match(r"\w{3} (\w{3}) +(\d+) ([\d:]{8}) [A-Z]{3} (\d{4})", text)
        assert fields is not None
        month, day, clock, year = fields.groups()
        moment = datetime.strptime(f"{month} {day} {clock} {year}", "%b %d %H:%M:%S %Y").replace(tzinfo=UTC)
        return int(moment.timestamp()) * 10**9

    starts = [at(t) for t in DATE_CMD_REQUEUE if t.endswith("starting on sh-06-34")]
    assert con.execute("select start_ns, end_reason from attempts order by attempt").fetchall() == [
        (starts[0], "crash"), (starts[1], "unknown")]


# A verl PPO job's SLURM output (a university cluster's prolog, then Ray's and verl's lines; read_file id
# 13077 chars, /tmp/wild44/finetune/02's source): the prolog prints `date` after a few words
SLURM_PROLOG_DATE = [
    "Running SLURM prolog script on swarma1002",
    "===============================================================================",
    "Job started on Thu Jan  8 15:06:16 GMT 2026",
    "Job ID          : 510942",
    "Partition       : swarm_a100",
]


def test_dates_time_after_a_few_words_dates_the_line() -> None:
    """`Job started on Thu Jan  8 15:06:16 GMT 2026`: that line is dated then (it was not: the
    console read as undated); the others are not."""
    from tracelens.parsers import _events
    from tracelens.parsers._lines import split_lines

    fields = re.search(r"on \w{3} (\w{3}) +(\d+) ([\d:]{8}) GMT (\d{4})$", SLURM_PROLOG_DATE[2])
    assert fields is not None
    month, day, clock, year = fields.groups()
    moment = datetime.strptime(f"{month} {day} {clock} {year}", "%b %d %H:%M:%S %Y").replace(tzinfo=UTC)
    times = [line.ts_ns for line in split_lines("\n".join(SLURM_PROLOG_DATE) + "\n", _events._LINE_HINT)]
    assert times == [None, None, int(moment.timestamp()) * 10**9, None, None]


def test_a_relaunch_dated_to_the_whole_second_after_a_failure_starts_its_attempt(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/whole_second_restart_gloo_2rank: torchrun's `failed (exitcode: 1)` at 20:30:59.111,
    then the relaunch's first line, `11/24/2026 20:31:00 INFO gloo_train: starting (restart count 1)`,
    which the harness's TRUTH puts at its attempt 1's start, 20:31:00.45: its second may be up to a
    second after the failure's, so it is the relaunch's first line (its start to the second), not the
    failed process's last words."""
    truth = _truth(SAMPLE_LOGS / "whole_second_restart_gloo_2rank")
    started = min(t["t"] for t in truth if t["rank"] == 0 and t["attempt"] == 1 and t["event"] == "attempt_start")
    con = Store.open(sample_store("whole_second_restart_gloo_2rank"), create=False).connect()
    ((start_ns,),) = con.execute("select start_ns from attempts where attempt = 2").fetchall()
    assert start_ns == int(started) * 10**9  # (its line's whole second)


# torchtitan 0.2.2 on 4 Ascend 910B2 NPUs under torchrun, rank 0's lines teed (`[rank0]:`), a one-step run
# from a checkpoint (github.com/loveofguoke/torchtitan-test @ 1333a57890e66b969f54716b54fb04fd96a500a0,
# distributed_results/glm5_debugmodel_4card_npu/diagnostics/ddp4_step1_fixed/runtime.log, whole)
TORCHTITAN_ONE_STEP = [
    'W0814 17:04:03.064000 206018 site-packages/torch/distributed/run.py:874] ',
    'W0814 17:04:03.064000 206018 site-packages/torch/distributed/run.py:874] *****************************************',
    'W0814 17:04:03.064000 206018 site-packages/torch/distributed/run.py:874] Setting OMP_NUM_THREAD'
    'S environment variable for each process to be 1 in default, to avoid your system being overload'
    'ed, please further tune the variable for optimal performance in your application as needed. ',
    'W0814 17:04:03.064000 206018 site-packages/torch/distributed/run.py:874] *****************************************',
    "[rank0]:W0814 17:04:11.308000 206099 site-packages/torch/utils/_pytree.py:630] <enum 'KernelPre"
    "ference'> is an Enum subclass and is now natively supported by torch.compile as an opaque value"
    ' type. Calling register_constant() on Enum subclasses is deprecated and will be an error in a f'
    'uture release.',
    "[rank0]:W0814 17:04:11.470000 206099 site-packages/torch/utils/_pytree.py:630] <enum 'ScaleCalc"
    "ulationMode'> is an Enum subclass and is now natively supported by torch.compile as an opaque v"
    'alue type. Calling register_constant() on Enum subclasses is deprecated and will be an error in'
    ' a future release.',
    '[rank0]:[titan] 2026-08-14 17:04:13,049 - root - INFO - torchtitan version: 0.2.2 (0.0.0 means '
    '__version__ is not defined correctly).',
    '[rank0]:[titan] 2026-08-14 17:04:13,050 - root - WARNING - initial_load_model_only=True has no '
    'effect without an initial_load_path.',
    '[rank0]:I0814 17:04:13.192000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env RANK = 0',
    '[rank0]:[titan] 2026-08-14 17:04:13,194 - torchtitan.observability.structured_logger.jsonl_hand'
    'ler - INFO - Structured logging -> JSONL: /workspace/h50064611/torchtitan-test/distributed_diag'
    'nostics/ddp4_step1_npu_fixed2/run/structured_logs/training.global_rank_0.20260814-170413-7GMPBH'
    '.jsonl',
    '[rank0]:I0814 17:04:13.194000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env LOCAL_RANK = 0',
    '[rank0]:[titan] 2026-08-14 17:04:21,511 - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING]'
    ' = 1 will be overridden to 3 based on job config',
    '[rank0]:I0814 17:04:21.511000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env WORLD_SIZE = 4',
    '[rank0]:I0814 17:04:21.512000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env '
    'MASTER_ADDR = localhost.localdomain',
    '[rank0]:I0814 17:04:21.512000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env MASTER_PORT = 45213',
    '[rank0]:[titan] 2026-08-14 17:04:21,515 - root - INFO - Building device mesh with parallelism: '
    'pp=1, dp_replicate=4, dp_shard=1, cp=1, tp=1, ep=1',
    '[rank0]:[titan] 2026-08-14 17:04:21,543 - root - INFO - Successfully created meshes with active'
    " dimensions: ['batch', 'loss', 'dp_replicate']",
    '[rank0]:I0814 17:04:21.512000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] get env '
    'TORCHELASTIC_USE_AGENT_STORE = True',
    '[rank0]:[W814 17:04:21.999488010 ProcessGroupHCCL.cpp:1235] Warning: The watchdog timeout 30000'
    '0ms(which is set by init_process_group) is less than or equal to HCCL execution timeout 1836000'
    'ms! The plog may not be recorded. (function ProcessGroupHCCL)',
    '[rank0]:[titan] 2026-08-14 17:04:21,544 - root - INFO - [GC] Initial GC collection took 0.00 seconds',
    '[rank0]:[titan] 2026-08-14 17:04:21,544 - root - INFO - Deterministic algorithm enabled (expect perf degradation).',
    '[rank0]:[titan] 2026-08-14 17:04:21,582 - root - INFO - Building glm5 debugmodel',
    '[rank0]:[titan] 2026-08-14 17:04:21,660 - root - INFO - TensorBoard logging enabled. Logs will '
    'be saved at /workspace/h50064611/torchtitan-test/distributed_diagnostics/ddp4_step1_npu_fixed2/'
    'run/tb/20260814-1704',
    '[rank0]:[titan] 2026-08-14 17:04:21,745 - root - INFO - NPU capacity: Ascend910B2 with 60.96GiB memory',
    '[rank0]:[titan] 2026-08-14 17:04:21,747 - root - WARNING - Error running lspci: [Errno 2] No su'
    "ch file or directory: 'lspci', fallback to use device_name",
    '[rank0]:[titan] 2026-08-14 17:04:21,748 - root - INFO - Total parameter count: dense 3,251,712,'
    ' sparse 5,314,560, vision 0, active 5,027,328',
    '[rank0]:[titan] 2026-08-14 17:04:21,748 - root - INFO - Model glm5 debugmodel size: 8,566,272 total parameters',
    '[rank0]:[rank0]:[W814 17:04:22.510722110 NPUCachingAllocator.cpp:177] Warning: The current CANN'
    ' and Soc versions require processing for 32 padding size, with memory allocation. (function ope'
    'rator())',
    '[rank0]:[titan] 2026-08-14 17:04:22,015 - root - INFO - Applied HSDP to the model',
    '[rank0]:[titan] 2026-08-14 17:04:22,768 - root - WARNING - Error running lspci: [Errno 2] No su'
    "ch file or directory: 'lspci', fallback to use device_name",
    '[rank0]:[titan] 2026-08-14 17:04:22,769 - root - INFO - Peak FLOPS used for computing MFU: 3.539e+14',
    '[rank0]:[titan] 2026-08-14 17:04:22,769 - root - INFO - NPU memory usage for model: 0.05GiB(0.08%)',
    '[rank0]:[titan] 2026-08-14 17:04:22,770 - root - INFO - Optimizer AdamW (model_part=0): 83 para'
    "ms [.*] {'fused': True, 'foreach': False, 'lr': 0.0008, 'betas': (0.9, 0.95), 'eps': 1e-08, 'we"
    "ight_decay': 0.1}",
    '[rank0]:[titan] 2026-08-14 17:04:22,771 - root - WARNING - Warmup steps (200) exceed total step'
    's (1). Adjusting warmup steps to 1.',
    '[rank0]:[titan] 2026-08-14 17:04:22,772 - root - INFO - Loading tokenizer from tokenizer.json',
    '[rank0]:[titan] 2026-08-14 17:04:22,781 - root - WARNING - model.safetensors.index.json not fou'
    'nd at hf_assets_path: /workspace/h50064611/torchtitan-test/distributed_runs/glm5_debugmodel_4ca'
    'rd/fixtures/ddp4_fp32/hf_assets/model.safetensors.index.json.                     Defaulting to'
    ' saving a single safetensors file if checkpoint is saved in HF format',
    '[rank0]:[titan] 2026-08-14 17:04:22,785 - root - INFO - Checkpointing active. Checkpoints will '
    'be loaded from and saved to /workspace/h50064611/torchtitan-test/distributed_diagnostics/ddp4_s'
    'tep1_npu_fixed2/run/checkpoint',
    '[rank0]:[titan] 2026-08-14 17:04:22,785 - root - INFO - Trainer is initialized with local batch'
    ' size 4, global batch size 16, gradient accumulation steps 1, sequence length 128, total steps '
    '1 (warmup 200)',
    '[rank0]:[titan] 2026-08-14 17:04:22,787 - root - INFO - Loading the checkpoint from /workspace/'
    'h50064611/torchtitan-test/distributed_runs/glm5_debugmodel_4card/fixtures/ddp4_fp32/checkpoint.',
    '[rank0]:/root/miniconda3/envs/torchtitan/lib/python3.12/site-packages/torch_npu/distributed/dis'
    "tributed_c10d.py:221: UserWarning: HCCL doesn't support gather at the moment. Implemented with "
    'allgather instead.',
    '[rank0]:  warnings.warn(',
    '[rank0]:[titan] 2026-08-14 17:04:23,901 - root - INFO - [GC] GC collection for checkpoint loading. took 0.02 seconds',
    '[rank0]:[titan] 2026-08-14 17:04:23,902 - root - INFO - Finished loading the checkpoint in 1.11 seconds.',
    '[rank0]:[titan] 2026-08-14 17:04:23,902 - root - INFO - Training starts at step 1',
    '[rank0]:[rank0]:[W814 17:04:24.188567180 VariableFallbackKernel.cpp:249] Warning: CAUTION: The '
    "operator 'aten::_assert_async.msg' is not currently supported on the NPU backend and will fall "
    'back to run on the CPU. This may have performance implications. (function npu_cpu_fallback)',
    '[rank0]:[rank0]:[W814 17:04:24.373736880 ArgSortKernelNpuOpApi.cpp:45] Warning: Warning: kernel'
    ' [ArgSort] can not support dtype int32 or int64 on AiCore, Now this kernel is running on AiCpu.'
    'If you are more concerned about high-performance execution,please cast dtype to float32. (funct'
    'ion operator())',
    '[rank0]:[titan] 2026-08-14 17:04:26,167 - root - INFO - step:  1  loss:  8.24008  grad_norm:  1'
    '.3356  memory:  0.18GiB(0.30%)  tps: 116  tflops: 0.00  mfu: 0.00%',
    '[rank0]:[rank0]:I0814 17:04:26.328000 206099 site-packages/torch_npu/utils/patch_getenv.py:15] '
    'get env TORCHTITAN_DEVICE = npu',
    '[rank0]:[titan] 2026-08-14 17:04:26,337 - root - INFO - Synchronizing and adjusting timeout for'
    ' all ProcessGroups to 0:01:40',
    '[rank0]:[titan] 2026-08-14 17:04:26,338 - root - INFO - Sleeping 2 seconds for other ranks to complete',
    '[rank0]:[titan] 2026-08-14 17:04:28,339 - root - INFO - Training completed',
    '[rank0]:[titan] 2026-08-14 17:04:28,339 - root - INFO - Destroying the purge thread.',
    '[rank0]:[titan] 2026-08-14 17:04:28,496 - root - INFO - Process group destroyed',
]


def test_a_single_step_after_its_loop_start_is_timed_from_it(tmp_path: Path) -> None:
    """One dated step line and nothing timing it but the loop's own start before it (`Training starts
    at step 1`): the step ran from that line to its own, and the wall time is split (it was
    undetermined: "one dated step")."""
    def at(fragment: str) -> float:
        line = next(t for t in TORCHTITAN_ONE_STEP if fragment in t)
        return datetime.strptime(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}", line).group(0),  # type: ignore[union-attr]
                                 "%Y-%m-%d %H:%M:%S,%f").timestamp()
    took = at("step:  1  loss:") - at("Training starts at step 1")
    con = console_connection(tmp_path, TORCHTITAN_ONE_STEP)
    (wall,) = con.execute("select wall_s from goodput").fetchone()
    assert wall is not None
    (productive,) = con.execute("select seconds from goodput_buckets where bucket = 'productive'").fetchone()
    assert productive == pytest.approx(took, abs=1e-6)
