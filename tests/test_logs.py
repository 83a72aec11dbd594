"""Console logs of the real corpus: every file ingests without failure, and the numbers the
log parsers extract equal an independent reading of the lines."""

from __future__ import annotations

import re
from datetime import UTC
from pathlib import Path

import pytest

from tests.conftest import corpus_or_skip
from tracelens.store import Store


@pytest.fixture(scope="module")
def logs_con(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = corpus_or_skip("logs")
    store = tmp_path_factory.mktemp("logs") / "s.tlstore"
    outcome = Store.open(store).ingest([folder])
    return Store.open(store, create=False).connect(), outcome


def test_every_corpus_log_ingests_without_failure(logs_con) -> None:  # type: ignore[no-untyped-def]
    _, outcome = logs_con
    assert [r.message for r in outcome.failed] == []
    # every console log is recognised; only the goodput_mlgp folder's notes, generator script
    # and expected figures are not inputs
    assert sorted(Path(p).name for p in outcome.skipped) == [
        "README.md", "generate_golden_with_mlgp_v0.2.3.py", "synthetic_events_expected_goodput.json"]
    assert len(outcome.parsed) >= 40


def _titan_steps(path: Path) -> list[tuple[int, float, float, float]]:
    """(step, loss, tps, mfu) from torchtitan's metric lines, read independently."""
    rows = []
    for line in path.read_text().splitlines():
        m = re.search(r"step:\s*(\d+)\s+loss:\s*([\d.]+).*?tps:\s*([\d,]+)\s+tflops:\s*[\d.]+\s+mfu:\s*([\d.]+)%", line)
        if m:
            rows.append((int(m.group(1)), float(m.group(2)), float(m.group(3).replace(",", "")), float(m.group(4))))
    return rows


@pytest.mark.parametrize("name", [
    "ezpz_aurora_xpu_llama2_steps_1_44.log",
    "pr3393_checkpoint_last_step_and_training_completed.log",
    "aurora_ezpz_silent_hang_failover_restart.log",
])
def test_torchtitan_metric_lines(logs_con, name: str) -> None:  # type: ignore[no-untyped-def]
    con, _ = logs_con
    path = corpus_or_skip("logs", "torchtitan", name)
    expected = _titan_steps(path)
    assert expected
    got = con.execute(
        "select step, loss, tokens_per_s, mfu from log_steps join files using (file_id) where files.path = ? order by line",
        [str(path)],
    ).fetchall()
    assert got == expected


def test_torchtitan_restart_is_a_second_attempt(tmp_path: Path) -> None:
    path = corpus_or_skip("logs", "torchtitan", "aurora_ezpz_silent_hang_failover_restart.log")
    steps = [s for s, *_ in _titan_steps(path)]
    resets = sum(1 for a, b in zip(steps, steps[1:], strict=False) if b <= a)
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([path])
    con = Store.open(store, create=False).connect()
    attempts = con.execute("select first_step, last_step from attempts order by attempt").fetchall()
    assert len(attempts) == resets + 1
    reset_at = next(i for i in range(1, len(steps)) if steps[i] <= steps[i - 1])
    assert attempts[0] == (steps[0], steps[reset_at - 1])
    assert attempts[1][0] == steps[reset_at]
    assert con.execute("select * from check_goodput_buckets_sum").fetchall() == []


def test_checkpoint_durations_from_torchtitan(logs_con) -> None:  # type: ignore[no-untyped-def]
    con, _ = logs_con
    path = corpus_or_skip("logs", "torchtitan", "pr3393_checkpoint_last_step_and_training_completed.log")
    expected = [float(m.group(1)) for m in re.finditer(r"checkpoint completed in ([\d.]+)s", path.read_text())]
    got = [r[0] for r in con.execute(
        "select e.duration_s from log_events e join files f using (file_id) where f.path = ? "
        "and e.kind = 'checkpoint_save_end' and e.duration_s is not null order by e.line", [str(path)]
    ).fetchall()]
    assert got == expected and expected


def _megatron_rows(path: Path) -> list[tuple[int, float | None, float | None]]:
    """(iteration, seconds per iteration, lm loss) read independently from each iteration line."""
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        it = re.search(r"iteration\s*=?\s*(\d+)\s*/\s*\d+\s*\|", line)
        if not it:
            continue
        ms = re.search(r"elapsed[ _]time[ _]per[ _]iteration[ _]\(?ms\)?\s*[:=]\s*([\d.]+)", line)
        s = re.search(r"elapsed time per iteration \(s\):\s*([\d.]+)", line)
        loss = re.search(r"lm loss\s*[:=]\s*([\d.Ee+-]+)", line)
        secs = float(s.group(1)) if s else (float(ms.group(1)) / 1000 if ms else None)
        rows.append((int(it.group(1)), secs, float(loss.group(1)) if loss else None))
    return rows


@pytest.mark.parametrize("name", [
    "megatron/gpt2_tp2_fp16_ckpt_save_eval.log",
    "megatron/bloom176b_chronicles_crash_spike_straggler_hang.log",
    "megatron/leonardo_252gpu_srun_prefixed.log",
    "megatron/jupiter_bench_default_prefix_seconds.log",
    "deepspeed/megatron_deepspeed_polaris_wallclock_breakdown_timers.log",
])
def test_megatron_iteration_lines(logs_con, name: str) -> None:  # type: ignore[no-untyped-def]
    con, _ = logs_con
    path = corpus_or_skip("logs", *name.split("/"))
    expected = _megatron_rows(path)
    assert expected
    got = con.execute(
        "select s.step, s.step_time_s, s.loss from log_steps s join files f using (file_id) where f.path = ? order by s.line",
        [str(path)],
    ).fetchall()
    assert [g[0] for g in got] == [e[0] for e in expected]
    for (_, got_s, got_loss), (_, exp_s, exp_loss) in zip(got, expected, strict=True):
        assert got_s == pytest.approx(exp_s)
        assert got_loss == pytest.approx(exp_loss)


def test_megatron_consumed_samples_are_per_interval(logs_con) -> None:  # type: ignore[no-untyped-def]
    con, _ = logs_con
    path = corpus_or_skip("logs", "megatron", "gpt2_tp2_fp16_ckpt_save_eval.log")
    consumed = [int(m.group(1)) for m in re.finditer(r"consumed samples:\s*(\d+)", path.read_text())]
    total = con.execute(
        "select sum(samples) from log_steps s join files f using (file_id) where f.path = ?", [str(path)]
    ).fetchone()[0]
    expected = sum(b - a for a, b in zip(consumed, consumed[1:], strict=False) if b >= a)
    assert total == pytest.approx(expected)


@pytest.mark.parametrize("name", [
    "llamafactory_dpo_full_run_ckpt_save_metrics.log",
    "transformers_issue33336_resume_loss_smartquotes.log",
    "chatglm_efficient_tuning_trainer_2023_no_gradnorm.log",
])
def test_hf_trainer_metric_dicts(logs_con, name: str) -> None:  # type: ignore[no-untyped-def]
    import ast

    con, _ = logs_con
    path = corpus_or_skip("logs", "hf_trainer", name)
    text = path.read_text().replace("‘", "'").replace("’", "'")
    expected = []
    for match in re.finditer(r"\{'loss'[^{}]*\}", text):
        record = ast.literal_eval(match.group(0))
        expected.append((record["loss"], record.get("learning_rate")))
    got = con.execute(
        "select s.loss, s.lr from log_steps s join files f using (file_id) where f.path = ? order by s.line, s.step",
        [str(path)],
    ).fetchall()
    assert got == expected and expected  # the same decimal text parsed to the same floats
    totals = re.search(r"Total optimization steps = ([\d,]+)", text)
    epochs = re.search(r"Num Epochs = ([\d,]+)", text)
    if totals and epochs:
        # The Trainer logs every logging_steps steps, the first dict at that step: as the log
        # states it, or, for a run that went to its last epoch, the total steps over the dicts
        # logged (not worked out from the dict's epoch, as the reader does).
        stated = re.search(r"logging_steps=(\d+)", text)
        last_epoch = ast.literal_eval(re.findall(r"\{'loss'[^{}]*\}", text)[-1])["epoch"]
        assert stated or last_epoch == int(epochs.group(1).replace(",", ""))
        interval, rest = (int(stated.group(1)), 0) if stated else divmod(int(totals.group(1).replace(",", "")), len(expected))
        assert rest == 0
        first_step = con.execute(
            "select s.step from log_steps s join files f using (file_id) where f.path = ? order by s.line limit 1", [str(path)]
        ).fetchone()[0]
        assert first_step == interval


def test_hf_trainer_train_runtime(logs_con) -> None:  # type: ignore[no-untyped-def]
    con, _ = logs_con
    path = corpus_or_skip("logs", "hf_trainer", "azure_docker_compose_prefixed_trainer_end.log")
    expected = [float(m.group(1)) for m in re.finditer(r"'train_runtime': ([\d.]+)", path.read_text())]
    got = [r[0] for r in con.execute(
        "select e.duration_s from log_events e join files f using (file_id) "
        "where f.path = ? and e.detail = 'train_runtime' order by e.line",
        [str(path)],
    ).fetchall()]
    assert got == expected and expected


def test_watchdog_timeouts_date_the_hang_start(logs_con) -> None:  # type: ignore[no-untyped-def]
    from datetime import datetime

    con, _ = logs_con
    path = corpus_or_skip("logs", "nccl", "deepspeed_launcher_nccl_watchdog_broadcast_timeout_then_next_job.log")
    text = path.read_text()
    year = int(re.search(r"\b(20\d\d)-\d\d-\d\d \d\d:\d\d:\d\d", text).group(1))  # type: ignore[union-attr]
    expected: dict[int, int] = {}
    for m in re.finditer(
        r"\[rank(\d+)\]:\[E(\d\d)(\d\d) (\d\d):(\d\d):(\d\d)\.(\d+) [^\]]*\] \[Rank \d+\] Watchdog caught collective "
        r"operation timeout: WorkNCCL\(SeqNum=(\d+).*?ran for (\d+) milliseconds", text
    ):
        rank, mo, d, h, mi, s, frac, seq, ran = m.groups()
        logged = int(datetime(year, int(mo), int(d), int(h), int(mi), int(s), tzinfo=UTC).timestamp()) * 10**9
        logged += int(frac.ljust(9, "0")[:9])
        expected.setdefault(int(rank), logged - int(ran) * 10**6)
    got = dict(con.execute(
        "select e.rank, min(e.ts_ns) from log_events e join files f using (file_id) "
        "where f.path = ? and e.kind = 'collective_timeout' and e.rank is not null group by e.rank", [str(path)]
    ).fetchall())
    assert got == expected and expected


def _ts(text: str) -> float:
    from datetime import datetime

    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=UTC).timestamp()


def test_deepspeed_steps_checkpoints_overflows(tmp_path: Path) -> None:
    path = corpus_or_skip("logs", "deepspeed", "helloDS_bert_fp16_overflow_skips_ckpt_every10.log")
    text = path.read_text()
    store = Store.open(tmp_path / "ds.tlstore")
    outcome = store.ingest([path])
    (rec,) = outcome.parsed
    assert rec.parser == "deepspeed"
    # (the engine's own counter at its last step, `step=40, skipped=17`: as many as its OVERFLOW lines)
    last_step, skipped = re.findall(r"\[Rank 0\] step=(\d+), skipped=(\d+)", text)[-1]
    assert int(skipped) == text.count("OVERFLOW! Rank 0 Skipping step")
    assert f"{skipped} of {last_step} optimizer steps skipped" in " ".join(rec.warnings)
    con = store.connect()
    steps = [int(s) for s in re.findall(r"\[Rank 0\] step=(\d+), skipped=", text)]
    assert [r[0] for r in con.execute("select step from log_steps order by line").fetchall()] == steps
    losses = [float(x) for x in re.findall(r"\[Rank 0\] Loss: ([\d.]+)", text)]
    assert [r[0] for r in con.execute("select loss from log_steps order by line").fetchall()] == losses[: len(steps)]
    starts = {int(s): _ts(t) for t, s in re.findall(r"\[(\S+ \S+)\] .*Checkpoint global_step(\d+) is about to be saved", text)}
    ends = {int(s): _ts(t) for t, s in re.findall(r"\[(\S+ \S+)\] .*Checkpoint global_step(\d+) is ready now", text)}
    # (one save each `is ready now`: the script's own `[Rank 0] Saved model to ...` after it is none of its own)
    assert con.execute("select count(*) from log_events where kind = 'checkpoint_save_end'").fetchone()[0] == len(ends) == 4
    saved = sum(ends[s] - starts[s] for s in ends if s in starts)
    got = con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_save'").fetchone()[0]
    assert got == pytest.approx(saved, abs=0.002)


def _mllog(path: Path) -> list[dict]:
    import json

    return [json.loads(line.split(":::MLLOG ", 1)[1]) for line in path.read_text().splitlines() if line.startswith(":::MLLOG {")]


def test_mlperf_buckets_from_the_mllog_intervals(tmp_path: Path) -> None:
    import statistics

    path = corpus_or_skip("logs", "mlperf", "llama2_70b_lora_asus_result_0.log")
    records = _mllog(path)
    t = {r["key"]: r["time_ms"] / 1000 for r in records if r["key"] in ("init_start", "init_stop", "run_start", "run_stop")}
    evals = [r["time_ms"] / 1000 for r in records if r["key"] in ("eval_start", "eval_stop")]
    blocks = [(r["time_ms"] / 1000, r["metadata"]["samples_count"]) for r in records if r["key"] in ("block_start", "block_stop")]
    spans = [(blocks[i + 1][0] - blocks[i][0], blocks[i + 1][1] - blocks[i][1]) for i in range(0, len(blocks), 2)]
    per_sample = statistics.median(d / n for d, n in spans[1:])
    store = Store.open(tmp_path / "mlperf.tlstore")
    store.ingest([path])
    con = store.connect()
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    wall = con.execute("select wall_s from goodput").fetchone()[0]
    assert wall == pytest.approx(t["run_stop"] - t["init_start"], abs=0.001)
    assert buckets["eval"] == pytest.approx(sum(evals[1::2]) - sum(evals[0::2]), abs=0.001)
    first_excess = spans[0][0] - per_sample * spans[0][1]  # the first block's warm-up, beyond its samples' share
    startup = (t["init_stop"] - t["init_start"]) + (blocks[0][0] - t["init_stop"]) + first_excess
    assert buckets["startup"] == pytest.approx(startup, abs=0.01)
    assert buckets["productive"] == pytest.approx(sum(d for d, _ in spans) - first_excess, abs=0.01)
    assert sum(buckets.values()) == pytest.approx(wall, abs=1e-6)


def _parse(path: Path, parser_name: str):  # type: ignore[no-untyped-def]
    from tracelens.parsers import ParseOptions, detect
    from tracelens.parsers._io import read_head

    parser, _ = detect(path, read_head(path))
    assert parser is not None and parser.name == parser_name
    return parser.parse(path, ParseOptions()).tables


def test_lightning_checkpoints_once_each_and_restores() -> None:
    for name in ("resnet50_imagenet_resume_epochs77_86_modelcheckpoint.log", "vqa_rich_progressbar_duplicate_logger_ckpt.log"):
        path = corpus_or_skip("logs", "lightning", name)
        text = path.read_text()
        saves = sorted({int(s) for s in re.findall(r"global step (\d+): .*saving model to", text)})
        tables = _parse(path, "lightning")
        events = tables["log_events"].to_pylist()
        assert sorted(e["step"] for e in events if e["kind"] == "checkpoint_save_end") == saves and saves
        # Lightning's two handlers print "Restored all states" twice: one load
        assert [e["kind"] for e in events].count("checkpoint_load_end") == 1


def test_nemo1_progress_bar_metrics() -> None:
    path = corpus_or_skip("logs", "nemo", "nemo1_ptl_progressbar_variants.log")
    text = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("#"))  # not the notes
    # global_step is logged in training_step, before that step's optimizer step counts it; in
    # exponent form ("2e+3") it is rounded to 3 digits, and the bar's own count (i/N) is the step
    bars = re.findall(r"(?:\| (\d+)/[\d?]+|\d+it) \[[^\]]*?reduced_train_loss=([\d.]+), global_step=([\d.e+]+), "
                      r"consumed_samples=[\d.e+]+, train_step_timing in s=([\d.]+)", text)
    steps = [int(i) if "e" in g else int(float(g)) + 1 for i, _, g, _ in bars]
    rows = _parse(path, "lightning")["log_steps"].to_pylist()
    assert {r["step"]: r["step_time_s"] for r in rows} == {s: float(b[3]) for s, b in zip(steps, bars, strict=True)}
    assert {r["step"]: r["loss"] for r in rows} == {s: float(b[1]) for s, b in zip(steps, bars, strict=True)}


def test_launcher_and_resume_excerpts() -> None:
    """Short real excerpts with no step line still say something: a restart, a launch, a resume."""
    elastic = corpus_or_skip("logs", "torchelastic", "doc2edag_issue24_worker_group_failed_restart_count1.log")
    events = _parse(elastic, "generic_log")["log_events"].to_pylist()
    assert [e["kind"] for e in events].count("restart") == len(re.findall(r"will restart worker group", elastic.read_text()))
    launch = corpus_or_skip("logs", "torchelastic", "kubeflow_issue1504_elastic_launch_config.log")
    (start,) = [e for e in _parse(launch, "generic_log")["log_events"].to_pylist() if e["kind"] == "attempt_start"]
    first = re.search(r"\[INFO\] (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})", launch.read_text())
    assert first is not None and start["ts_ns"] == pytest.approx(_ts(first.group(1)) * 1e9, abs=1000)
    titan = corpus_or_skip("logs", "torchtitan", "issue571_resume_loading_checkpoint_step_mismatch.log")
    kinds = {(e["kind"], e["step"]) for e in _parse(titan, "generic_log")["log_events"].to_pylist()}
    loaded = int(re.search(r"Loading the checkpoint at step (\d+)", titan.read_text()).group(1))  # type: ignore[union-attr]
    starts = int(re.search(r"Training starts at step (\d+)", titan.read_text()).group(1))  # type: ignore[union-attr]
    assert ("checkpoint_load_start", loaded) in kinds and ("attempt_start", starts) in kinds


def test_silent_hang_failover_and_scheduler_kill(tmp_path: Path) -> None:
    """ALCF Aurora, torchtitan: attempt 1 hangs silently after step 37, a no-output watchdog kills
    it after 1800 s, the failover wrapper relaunches from step 1 (no checkpoint yet), PBS kills
    attempt 2 at its walltime. Every figure is read back from the lines' own timestamps."""
    from datetime import datetime

    path = corpus_or_skip("logs", "torchtitan", "aurora_ezpz_silent_hang_failover_restart.log")
    dated = [(datetime.strptime(t, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp(), rest)
             for t, rest in re.findall(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\](.*)$", path.read_text(), re.M)]
    watchdog_t = next(t for t, rest in dated if "no output for" in rest)
    first_attempt = [(t, int(m.group(1))) for t, rest in dated if t < watchdog_t and (m := re.search(r"step:\s*(\d+)", rest))]
    second_attempt = [(t, int(m.group(1))) for t, rest in dated if t > watchdog_t and (m := re.search(r"step:\s*(\d+)", rest))]
    store = Store.open(tmp_path / "aurora.tlstore")
    store.ingest([path])
    con = store.connect()
    lost = con.execute("select lost_steps from goodput").fetchone()[0]
    assert lost == [s for _, s in first_attempt if s >= second_attempt[0][1]] == [35, 36, 37]
    downtime = con.execute("select seconds from goodput_buckets where bucket = 'restart_downtime'").fetchone()[0]
    assert downtime == pytest.approx(second_attempt[0][0] - first_attempt[-1][0])
    hang = con.execute("select ts_ns, duration_s from log_events where kind = 'hang'").fetchone()
    assert hang[1] == 1800.0 and hang[0] / 1e9 == pytest.approx(watchdog_t - 1800)
    kinds = [k for (k,) in con.execute("select kind from log_events where kind = 'crash'").fetchall()]
    assert kinds == ["crash"]  # the PBS walltime kill
    attempt = con.execute("select end_reason, hang_s from attempts where attempt = 1").fetchone()
    assert attempt == ("crash", 1800.0)


def test_trainer_state_log_history_matches_the_console(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_state: the Trainer's own JSON and its console metric dicts agree."""
    import ast

    from tests.conftest import SAMPLE_LOGS

    folder = SAMPLE_LOGS / "hf_trainer_state"
    printed = [ast.literal_eval(m) for m in re.findall(r"(\{'loss': [^}]*\})", (folder / "console.log").read_text())]
    store = Store.open(tmp_path / "ts.tlstore")
    outcome = store.ingest([folder])
    parsers = {Path(r.path).name: r.parser for r in outcome.parsed}
    assert parsers == {"console.log": "hf_trainer", "trainer_state.json": "hf_trainer_state"}
    con = store.connect()
    rows = con.execute("select step, loss, lr, grad_norm from log_steps where framework = 'hf_trainer_state' "
                       "order by step").fetchall()
    assert [(r[1], r[2], r[3]) for r in rows] == [(d["loss"], d["learning_rate"], d["grad_norm"]) for d in printed]
    assert [r[0] for r in rows] == list(range(1, len(printed) + 1))
    # no times: the goodput story comes from the console alone
    assert con.execute("select count(*) from int_log_steps where framework = 'hf_trainer_state'").fetchone()[0] == 0


def test_jsonl_metrics_against_the_harness_clock(tmp_path: Path) -> None:
    import json

    from tests.conftest import SAMPLE_LOGS

    folder = SAMPLE_LOGS / "jsonl_metrics_gloo_2rank"
    truth = [json.loads(line.split("TRUTH ", 1)[1]) for line in (folder / "console.log").read_text().splitlines()
             if "TRUTH {" in line]
    ends = {t["step"]: t["t"] for t in truth if t["event"] == "step_end"}
    store = Store.open(tmp_path / "jsonl.tlstore")
    store.ingest([folder / "metrics.jsonl"])
    con = store.connect()
    rows = con.execute("select step, end_ns, step_time_s, tokens from log_steps order by step").fetchall()
    assert [r[0] for r in rows] == sorted(ends)
    for step, end_ns, step_time_s, tokens in rows:
        assert end_ns / 1e9 == pytest.approx(ends[step], abs=1e-6)
        assert tokens == 1024 and 0 < step_time_s < 5
    wall = con.execute("select wall_s from goodput").fetchone()[0]
    first_start = ends[min(ends)] - rows[0][2]
    assert wall == pytest.approx(ends[max(ends)] - first_start, abs=0.01)


def test_straggler_detector_reports(tmp_path: Path) -> None:
    xtuner = corpus_or_skip("logs", "straggler", "xtuner_pr1790_data_bound_slowest_ranks.log")
    text = xtuner.read_text()
    tables = re.findall(r"\[step (\d+)\] step_time=[\d.]+s.*?slowest ranks by data_time.*?"
                        r"\n\s*rank\s+data_time\s+step_time\n\s*(\d+)\s+([\d.]+)", text, re.S)
    events = _parse(xtuner, "straggler_report")["log_events"].to_pylist()
    assert [(e["step"], e["rank"], e["duration_s"]) for e in events] == [(int(s), int(r), float(d)) for s, r, d in tables]
    megatron = corpus_or_skip("logs", "straggler", "megatron_straggler_detector_readme.log")
    slowest = [int(r) for r in re.findall(r"MxRtt/Rnk: [\d.]+ms/(\d+)", megatron.read_text())]
    assert [e["rank"] for e in _parse(megatron, "straggler_report")["log_events"].to_pylist()] == slowest
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([xtuner])
    titles = [t for (t,) in store.connect().execute("select title from findings where finding = 'reported_straggler'").fetchall()]
    assert titles == [f"the job's own straggler detector flagged rank {r} (1 report)"
                      for _, r, _ in sorted(tables, key=lambda t: -float(t[2]))]


def test_a_straggler_row_with_a_mangled_number_is_skipped(tmp_path: Path) -> None:
    """The xtuner report with its first row's data time mangled (a second decimal point, as the
    mutation test made it: `332.459` -> `.332.459`): that row is no straggler event and the
    others are read (the parser raised ValueError on float())."""
    xtuner = corpus_or_skip("logs", "straggler", "xtuner_pr1790_data_bound_slowest_ranks.log")
    text = xtuner.read_text()
    assert "      144     332.459      48.455" in text
    mangled = tmp_path / "xtuner.log"
    mangled.write_text(text.replace("      144     332.459      48.455", "      144     .332.459      48.455", 1))
    events = _parse(mangled, "straggler_report")["log_events"].to_pylist()
    assert 144 not in [e["rank"] for e in events if e["step"] == 173] and events

def test_log_format_forces_a_parser(tmp_path: Path) -> None:
    """The Polaris Megatron-DeepSpeed log is read as Megatron by default; --log-format deepspeed
    reads the same file's DeepSpeed engine lines instead, in the same store."""
    from tests.conftest import run_cli

    path = corpus_or_skip("logs", "deepspeed", "megatron_deepspeed_polaris_wallclock_breakdown_timers.log")
    text = path.read_text()
    store = Store.open(tmp_path / "f.tlstore")
    (first,) = store.ingest([path]).parsed
    assert first.parser == "megatron"
    (forced,) = store.ingest([path], log_format="deepspeed").parsed
    assert forced.parser == "deepspeed"
    steps = [s for (s,) in store.connect().execute("select step from log_steps order by line").fetchall()]
    assert steps == [int(s) for s in re.findall(r"\[Rank 0\] step=(\d+), skipped=", text)]
    code, _, err = run_cli("ingest", str(path), "-o", str(tmp_path / "g.tlstore"), "--log-format", "nonsense")
    assert code == 2 and "one of:" in err and "deepspeed" in err and len(err.strip().splitlines()) == 1


def test_unknown_lines_are_counted_not_errors(tmp_path: Path) -> None:
    """restart_gloo_2rank's console: every non-blank line is a step, an event, or counted as not
    read; the count is the non-blank lines minus the distinct lines the tables cite."""
    from tests.conftest import SAMPLE_LOGS

    log = SAMPLE_LOGS / "restart_gloo_2rank" / "console.log"
    store = Store.open(tmp_path / "u.tlstore")
    (rec,) = store.ingest([log]).parsed
    con = store.connect()
    cited = {n for (n,) in con.execute("select line from log_steps union select line from log_events").fetchall()}
    non_blank = {i for i, line in enumerate(log.read_text().splitlines(), start=1) if line.strip() and not line.startswith("#")}
    assert rec.unrecognised_lines == len(non_blank - cited) > 0
    # independently of the tables: every step line the script printed is read, every TRUTH line
    # (the harness's own record, no format tracelens reads) is counted as not read
    lines = log.read_text().splitlines()
    truth = {i for i, line in enumerate(lines, start=1) if "TRUTH {" in line}
    step_lines = {i for i, line in enumerate(lines, start=1) if re.search(r"gloo_train: step \d+ loss", line)}
    assert truth and step_lines and step_lines <= cited and not truth & cited
    assert con.execute("select unrecognised_lines from files").fetchone()[0] == rec.unrecognised_lines
    assert rec.status == "ok" and not rec.message


def test_lines_read_past_the_prefix_rules_keep_their_prefixes_and_times() -> None:
    """split_lines looks for a prefix's regex only where the line can open with one, and for a
    timestamp only where one pass over the lines found a date: each case by hand. An indented
    line is srun's label only with up to 6 spaces and a digit; a bracket and a digit is a
    logger's date unless "[3] ", "[host:3]:", "[1,3]<stdout>:" or Determined's "... || "
    follows; a prefix whose message is blank is no line, and its time dates no other line."""
    from tracelens.parsers._lines import split_lines

    text = "\n".join([
        "  3: step 1",                                   # srun's label, padded
        "        4: step 2",                             # 8 spaces: not a label
        "    indented text",
        "[12] step 3",                                   # mpirun's rank
        "[10.0.0.1:5]: step 4",                          # host:rank
        "[1,6]<stdout>:step 5",
        "[2023-05-10 12:34:56,250] [INFO] [engine.py:1:step] step 6",  # a logger's date, no prefix
        "[2023-05-10T12:34:57.000Z] 1a2b3c4d || step 7",  # Determined: its time is the line's
        "[2023-05-10T12:34:58.000Z] 1a2b3c4d || ",       # nothing after the prefix: no line
        "undated step 8",
        "I0510 12:35:00.500000 1 launch.py:1] glog, dated by the year of the lines above",
    ])
    lines = [(line.number, line.rank, line.text, line.ts_ns) for line in split_lines(text)]
    base = 1683722096 * 10**9  # 2023-05-10 12:34:56 UTC
    assert lines == [
        (1, 3, "step 1", None),
        (2, None, "        4: step 2", None),
        (3, None, "    indented text", None),
        (4, 12, "step 3", None),
        (5, 5, "step 4", None),
        (6, 6, "step 5", None),
        (7, None, "[2023-05-10 12:34:56,250] [INFO] [engine.py:1:step] step 6", base + 250_000_000),
        (8, None, "step 7", base + 1_000_000_000),
        (10, None, "undated step 8", None),
        (11, None, "I0510 12:35:00.500000 1 launch.py:1] glog, dated by the year of the lines above",
         base + 4_500_000_000),
    ]
