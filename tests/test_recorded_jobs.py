"""The jobs recorded at framework defaults (sample_logs/record_hf_default_tb_job.sh,
record_lightning_ddp_job.sh), ingested from their console alone, their TensorBoard events alone
and all their files together: each gives the steps and attempts of the harness's own clock
(`truth.txt`). Expectations come from the TRUTH lines only.

Ingested together, the console and the event files date the same steps: each must reach the
job's steps (int_log_steps) once, or it reads as a restart (HF gave 18 attempts instead of 2).
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.store import Store

pytest.importorskip("tensorboard", reason="the tensorboard extra is not installed")

def truth(job: Path) -> list[dict]:
    lines = (job / "truth.txt").read_text().splitlines()
    return [json.loads(line.split("TRUTH ", 1)[1]) for line in lines if line.startswith("TRUTH {")]


def truth_steps(job: Path) -> list[tuple[int, int, float]]:
    """(attempt 1-based, step, end time) of every step rank 0 completed."""
    return [(x["attempt"] + 1, x["step"], x["t"]) for x in truth(job) if x["event"] == "step_end" and x["rank"] == 0]


def truth_attempts(job: Path) -> list[tuple[int, int, int]]:
    steps = truth_steps(job)
    return [
        (a, min(s for b, s, _ in steps if b == a), max(s for b, s, _ in steps if b == a))
        for a in sorted({a for a, _, _ in steps})
    ]


def inputs(job: Path, which: str) -> list[Path]:
    events = sorted(job.rglob("events.out.tfevents.*"))
    if which == "console":
        return [job / "console.log"]
    if which == "events":
        return events
    return [job]  # the whole folder: console, events, metrics.csv / trainer_state.json


_CONNECTIONS: dict[tuple[Path, ...], duckdb.DuckDBPyConnection] = {}
_FOLDER: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def _shared_stores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The module's stores, in a folder of the module's own (not a test's: they outlive it)."""
    _FOLDER.append(tmp_path_factory.mktemp("recorded-jobs"))
    yield
    for con in _CONNECTIONS.values():
        con.close()
    _CONNECTIONS.clear()
    _FOLDER.clear()


def ingest(files: list[Path]) -> duckdb.DuckDBPyConnection:
    """A connection to a store of `files`, made by the first test that asks for those files and
    shared with the module's others: the tests only read it."""
    key = tuple(files)
    if key not in _CONNECTIONS:
        store = Store.open(_FOLDER[0] / f"{len(_CONNECTIONS)}.tlstore")
        outcome = store.ingest(files)
        assert not outcome.failed, [r.message for r in outcome.failed]
        _CONNECTIONS[key] = store.connect()
    return _CONNECTIONS[key]


def assert_each_step_once(con: duckdb.DuckDBPyConnection) -> None:
    """No step of one attempt is dated by two files (console and events): int_log_steps keeps
    one, whatever the harness says about the rest."""
    twice = con.execute(
        "select count(*) from (select a.attempt, s.step from int_log_steps s asof join attempts a on s.t_ns >= a.start_ns "
        "group by all having count(*) > 1)"
    ).fetchone()
    assert twice == (0,)


def _case(job: str, which: str, gap: str | None) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
    return pytest.param(job, which, marks=marks, id=f"{job}-{which}")


# Consoles whose relaunch no line of its own dates: the Lightning bars print no timestamp, and the
# only dated lines are torchrun's yearless failure report between the two processes (the relaunch
# started an unknown time after it: 6.3 s in lightning_ddp_restart's harness clock), so no step
# of theirs has a time and their attempts are read in line order.
UNDATED = {("lightning_ddp_restart", "console")}


CASES = [
    _case("hf_trainer_default_tb", "console", None),
    _case("hf_trainer_default_tb", "events", None),
    _case("hf_trainer_default_tb", "all", None),
    _case("hf_trainer_resume", "console", None),
    _case("lightning_ddp_bar", "console", None),
    _case("lightning_ddp_bar", "events", None),
    _case("lightning_ddp_bar", "all", None),
    # the Rich bar off a terminal prints its last frame only: the console names no step but the last
    _case("lightning_ddp_rich", "events", None),
    _case("lightning_ddp_rich", "all", None),
    _case("lightning_ddp_restart", "console", None),
    _case("lightning_ddp_restart", "events", None),
    _case("lightning_ddp_restart", "all", None),
    # the bar and the profiler's dated lines; with the profiler traces beside it
    _case("lightning_ddp_profiled", "console", None),
    _case("lightning_ddp_profiled", "all", None),
    # one rank on a GPU (record_gpu_framework_jobs.sh): transformers 5 (its dicts' values are strings,
    # it reports to no integration by default) and Lightning's Rich bar, each restarted once by torchrun
    _case("gpu_hf_trainer_restart", "console", None),
    _case("gpu_hf_trainer_restart", "all", None),
    _case("gpu_lightning_restart", "events", None),
    _case("gpu_lightning_restart", "all", None),
    # transformers 5 on the CPU, its checkpoints a second and more to write
    _case("hf_trainer_v5_restart", "console", None),
]


@pytest.mark.parametrize(("job", "which"), CASES)
def test_same_steps_and_attempts_from_any_inputs(job: str, which: str) -> None:
    folder = SAMPLE_LOGS / job
    con = ingest(inputs(folder, which))
    assert_each_step_once(con)
    attempts = con.execute("select attempt, first_step, last_step from attempts order by attempt").fetchall()
    assert [tuple(a) for a in attempts] == truth_attempts(folder)
    dated = con.execute(
        "select a.attempt, s.step from int_log_steps s asof join attempts a on s.t_ns >= a.start_ns order by s.t_ns, s.line"
    ).fetchall()
    if (job, which) in UNDATED:
        assert dated == []
        assert con.execute("select start_source, start_ns from attempts").fetchall() == [("undated", None)] * len(attempts)
        return
    assert [tuple(r) for r in dated] == [(a, s) for a, s, _ in truth_steps(folder)]


def test_a_relaunch_only_its_last_frame_shows_is_an_attempt_of_its_own() -> None:
    """sample_logs/gpu_lightning_restart/console.log alone: Rich's bar, off a terminal, prints one
    frame per process (the crashed one's at its failure, the relaunch's at its end), and the only
    dated line is torchrun's failure report between them. Each process is an attempt: the crashed
    one ends at the harness's last completed step of it, the relaunch at the job's last; the
    relaunch ran an unknown time after the report, so nothing is dated and the goodput is no figure
    but a reason (it read as one completed attempt, goodput 100 %)."""
    folder = SAMPLE_LOGS / "gpu_lightning_restart"
    t = truth(folder)
    con = ingest(inputs(folder, "console"))
    got = con.execute("select last_step, end_reason, start_ns from attempts order by attempt").fetchall()
    expected = [(max(s for b, s, _ in truth_steps(folder) if b == a),
                 "crash" if any(x["event"] == "crash" and x["attempt"] + 1 == a for x in t) else "completed", None)
                for a in sorted({a for a, _, _ in truth_steps(folder)})]
    assert [tuple(r) for r in got] == expected
    row = con.execute("select goodput_fraction, reason from goodput").fetchone()
    assert row is not None and row[0] is None and "no dated line dates a step" in row[1]


@pytest.mark.parametrize(("job", "which"), [c for c in CASES if c.values[1] != "events"])
def test_each_attempt_ends_as_the_harness_saw_it(job: str, which: str) -> None:
    """An attempt in which the harness logged the injected failure ended in a crash; the last
    one, which logged the end of training, completed (Lightning's `Trainer.fit` stopped, printed
    before the Rich bar's closing frame, was no end: the frame after it read as more training).
    Event files alone say neither (they stop with no word why), and are left out."""
    folder = SAMPLE_LOGS / job
    t = truth(folder)
    expected = ["crash" if any(x["event"] == "crash" and x["attempt"] == a for x in t) else "completed"
                for a in sorted({x["attempt"] for x in t})]
    con = ingest(inputs(folder, which))
    got = [r[0] for r in con.execute("select end_reason from attempts order by attempt").fetchall()]
    assert got == expected


# inputs with a clock: the consoles have none. The Lightning ones print no timestamp (a bar whose
# elapsed times hang on nothing dated; under torchrun, two yearless launcher lines at the failure);
# the HF one has only torchrun's and c10d's yearless glog lines around its bar, so its date is the
# file's mtime's year and its times of day are the bar's whole seconds: it is held to the bar's
# resolution, relative to its own first step, below (test_console_bar_within_its_second). The GPU HF
# job's only dated lines are exit warnings and torchrun's failure report (its first bar is dated by
# the exit line a second after the crash): its restart is held to the harness's clock below.
CLOCKED = [c for c in CASES
           if c.values[1] != "console" and c.values[0] not in ("lightning_ddp_profiled", "gpu_hf_trainer_restart")]


@pytest.mark.parametrize(("job", "which"), CLOCKED)
def test_step_ends_within_two_percent_of_wall_time(job: str, which: str) -> None:
    """Where the inputs have a clock (event files record write times; the HF console has
    torchrun's dated lines around its bar), every step ends within 2 % of the job's wall time
    of the harness's step_end."""
    folder = SAMPLE_LOGS / job
    t = truth(folder)
    wall = max(x["t"] for x in t if x["event"] == "attempt_end") - min(x["t"] for x in t if x["event"] == "attempt_start")
    ends = {(a, s): e for a, s, e in truth_steps(folder)}
    con = ingest(inputs(folder, which))
    assert_each_step_once(con)
    rows = con.execute(
        "select a.attempt, s.step, s.end_ns from int_log_steps s asof join attempts a on s.t_ns >= a.start_ns"
    ).fetchall()
    assert {(a, s) for a, s, _ in rows} == set(ends)
    errors = {(a, s): end_ns / 1e9 - ends[(a, s)] for a, s, end_ns in rows}
    assert max(abs(e) for e in errors.values()) <= 0.02 * wall, errors


def test_console_without_a_clock_does_not_claim_measured_times() -> None:
    """sample_logs/lightning_ddp_bar/console.log carries no timestamp at all: whatever dates its
    steps (a bar's elapsed times hung on the file's mtime, at best) is not a measurement, and
    provenance says what it rests on."""
    con = ingest([SAMPLE_LOGS / "lightning_ddp_bar" / "console.log"])
    row = con.execute("select kind, detail from provenance where figure = 'wall_s'").fetchone()
    assert row is not None and row[0] == "estimated"
    assert "modification time" in row[1]


def test_a_wall_time_from_the_first_step_says_the_start_up_is_left_out() -> None:
    """sample_logs/lightning_ddp_bar/console.log alone has no line marking the job's start (the
    bar's first reading is its first trace): the wall time runs from the first step, and the goodput
    says so (`start_logged` false) instead of passing 99.9 % off as the job's. What it leaves out is
    the harness's start-up: its wall time less tracelens's is its attempt start to first step start,
    within the bar's one second."""
    folder = SAMPLE_LOGS / "lightning_ddp_bar"
    t = [x for x in truth(folder) if x["rank"] == 0]
    con = ingest(inputs(folder, "console"))
    row = con.execute("select wall_s, start_logged from goodput").fetchone()
    assert row is not None and row[1] is False
    start = min(x["t"] for x in t if x["event"] == "attempt_start")
    wall = max(x["t"] for x in t if x["event"] == "attempt_end") - start
    start_up = min(x["t"] for x in t if x["event"] == "step_start") - start
    assert abs((wall - row[0]) - start_up) <= 1.0
    # a console whose first dated line marks its start (the HF Trainer's, torchrun's lines): logged
    con = ingest(inputs(SAMPLE_LOGS / "hf_trainer_default_tb", "console"))
    assert con.execute("select start_logged from goodput").fetchone() == (True,)


_DATE = re.compile(r"\b(?:19|20)\d\d[-/.]\d\d[-/.]\d\d\b")  # a date with its year, as a logger prints it
_YEARLESS = re.compile(r"\[?[IWEF]\d{4} \d\d:\d\d:\d\d")  # glog's `W1123 20:04:00.104000`


def test_attempt_times_say_what_clock_they_rest_on() -> None:
    """An attempt's start printed as a date must say when the date is not the log's own:
    lightning_ddp_bar's console prints no date at all (its times hang the bar on the file's mtime),
    hf_trainer_default_tb's only dated lines are glog's, without a year; a job with the harness's
    dated lines has its own clock. The text report marks the first two with `~` and says why."""
    bar = SAMPLE_LOGS / "lightning_ddp_bar" / "console.log"
    text = bar.read_text()
    assert not _DATE.search(text) and not _YEARLESS.search(text)
    con = ingest([bar])
    assert {r[0] for r in con.execute("select clock from attempts").fetchall()} == {"mtime"}
    yearless = SAMPLE_LOGS / "hf_trainer_default_tb" / "console.log"
    text = yearless.read_text()
    assert _YEARLESS.search(text) and not _DATE.search(text)
    con = ingest([yearless])
    assert {r[0] for r in con.execute("select clock from attempts").fetchall()} == {"mtime_year"}
    dated = SAMPLE_LOGS / "restart_gloo_2rank" / "console.log"
    assert _DATE.search(dated.read_text())
    con = ingest([dated])
    assert {r[0] for r in con.execute("select clock from attempts").fetchall()} == {"log"}
    code, out, _ = run_cli("report", str(bar), "--section", "attempts")
    row = next(line for line in out.splitlines() if line.strip().startswith("1 "))
    assert code == 0 and "~20" in row and "modification time" in out


def test_console_bar_within_its_second() -> None:
    """The HF console dates its steps by tqdm's whole seconds, anchored on torchrun's and c10d's
    yearless glog lines (`W1123 20:04:00.104000 ...`): each step ends within the bar's one-second
    resolution of the harness's step_end, measured from the job's first step on both sides (the
    year, from the file's mtime, is left out: git does not keep mtimes)."""
    folder = SAMPLE_LOGS / "hf_trainer_default_tb"
    ends = {(a, s): e for a, s, e in truth_steps(folder)}
    con = ingest(inputs(folder, "console"))
    rows = con.execute(
        "select a.attempt, s.step, s.end_ns from int_log_steps s asof join attempts a on s.t_ns >= a.start_ns order by s.t_ns"
    ).fetchall()
    assert {(a, s) for a, s, _ in rows} == set(ends)
    first_got = rows[0][2] / 1e9
    first_truth = ends[(rows[0][0], rows[0][1])]
    errors = {(a, s): (end_ns / 1e9 - first_got) - (ends[(a, s)] - first_truth) for a, s, end_ns in rows}
    assert max(abs(e) for e in errors.values()) < 1.0, errors
    sources = {r[0] for r in con.execute("select distinct time_source from int_log_steps").fetchall()}
    assert sources == {"tqdm_mtime"}  # the date rests on the mtime's year
    assert con.execute("select kind from provenance where figure = 'wall_s'").fetchone() == ("estimated",)


def test_a_relaunched_processs_bar_is_dated_by_its_exit_line_not_the_failure_before_it() -> None:
    """sample_logs/gpu_hf_trainer_restart/console.log: the HF Trainer at its default log level,
    relaunched by torchrun after a crash at step 13. Its only dated lines are the first process's
    exit warning (after the traceback, which is glued to the bar's last drawing: `12/24 [...]
    [rank0]: Traceback`), torchrun's `failed (exitcode: 1)` and the second process's exit warning
    right after its bar's end; the relaunch spends its start-up between the failure report and
    its bar. The harness's clock: the first attempt ran steps 1-12, the second 9-24 from
    checkpoint-8, and 15.6 s passed between the end of step 12 and the end of the relaunch's step 9
    (the bar's whole seconds and the exit line's lag allow 2 s). Before, the second bar hung on
    the failure report (3.2 s) and the first attempt held step 12 alone."""
    folder = SAMPLE_LOGS / "gpu_hf_trainer_restart"
    t = truth(folder)
    crash = next(x for x in t if x["event"] == "crash")
    saved = max(x["step"] for x in t if x["event"] == "checkpoint_saved" and x["t"] < crash["t"])
    ends = {(a, s): e for a, s, e in truth_steps(folder)}
    con = ingest([folder / "console.log"])
    attempts = con.execute(
        "select first_step, last_step, resumed_from_step, end_reason from attempts order by attempt").fetchall()
    assert attempts == [(1, 12, None, "crash"), (9, 24, saved, "completed")]
    got = dict(con.execute(
        "select (a.attempt, s.step), s.end_ns / 1e9 from int_log_steps s asof join attempts a on s.t_ns >= a.start_ns"
    ).fetchall())
    gap = got[(2, 9)] - got[(1, 12)]
    assert abs(gap - (ends[(2, 9)] - ends[(1, 12)])) <= 2.0, gap


@pytest.mark.parametrize("which", ["console", "all"])
def test_bar_per_epoch_anchored_by_dated_lines_before_and_after(which: str) -> None:
    """sample_logs/lightning_ddp_profiled: Lightning draws one bar per epoch, each counting its
    elapsed seconds from 0; the only dated lines are the profiler's USDT start (before the first
    epoch's bar) and stop (after the last). The start line dates the first bar, not the second:
    each epoch's steps end within 2 s of the harness's step_end (what provenance states: the
    dated lines' whole second, which only bounds the bar's start from below, plus the bar's own
    whole second), in one attempt (the second epoch's bar once took the first one's start: its steps
    came out 8 s early, read as ten restarts)."""
    folder = SAMPLE_LOGS / "lightning_ddp_profiled"
    ends = {(a, s): e for a, s, e in truth_steps(folder)}
    con = ingest(inputs(folder, which))
    attempts = con.execute("select attempt, first_step, last_step from attempts").fetchall()
    assert [tuple(a) for a in attempts] == truth_attempts(folder)
    rows = con.execute("select s.step, s.end_ns, s.time_source from int_log_steps s order by s.t_ns").fetchall()
    assert [s for s, _, _ in rows] == [s for _, s, _ in truth_steps(folder)]
    errors = {s: end_ns / 1e9 - ends[(1, s)] for s, end_ns, _ in rows}
    assert max(abs(e) for e in errors.values()) < 2.0, errors
    assert {src for _, _, src in rows} == {"tqdm"}


def test_a_resumed_bars_first_update_gives_no_step_time() -> None:
    """sample_logs/hf_trainer_resume (record_hf_resume_job.sh): the relaunch resumes from
    checkpoint-4 and its bar's first update jumps from 0 to step 5 in one step's time. That
    reading's rate (`5/12 [00:02<00:03,  1.96it/s]`: 0.51 s, the clock's 2 s over 5 steps) is
    not step 5's time, which the harness clocked at about 2.5 s: the row has no step time."""
    folder = SAMPLE_LOGS / "hf_trainer_resume"
    t = truth(folder)
    began = {(x["attempt"], x["step"]): x["t"] for x in t if x["event"] == "step_start"}
    took = [x["t"] - began[(x["attempt"], x["step"])] for x in t
            if x["event"] == "step_end" and x["attempt"] == 1 and x["step"] == 5]
    text = (folder / "console.log").read_text()
    jump = re.search(r"\| 5/12 \[00:0(\d)<[\d:]+, +([\d.]+)it/s\]", text)
    assert jump is not None and took and took[0] > 2 * (1 / float(jump.group(2)))  # the rate is off by more than 2x
    con = ingest([folder / "console.log"])
    rows = con.execute(
        "select s.step_time_s from log_steps s, attempts a where a.attempt = 2 and s.end_ns >= a.start_ns and s.step = 5"
    ).fetchall()
    assert rows == [(None,)]


def test_a_resumed_bars_step_times_are_within_the_rates_tolerance_or_none() -> None:
    """After the jump, tqdm's moving average catches up with the resumed bar's real pace over
    several steps (`7/12 [00:07<00:06,  1.34s/it]` where the harness clocked 2.5 s): a step time
    taken from the rate is within the 1.5x the rate is checked to, of the harness's clock, or
    there is none."""
    folder = SAMPLE_LOGS / "hf_trainer_resume"
    t = truth(folder)
    began = {(x["attempt"], x["step"]): x["t"] for x in t if x["event"] == "step_start"}
    took = {x["step"]: x["t"] - began[(x["attempt"], x["step"])] for x in t if x["event"] == "step_end" and x["attempt"] == 1}
    con = ingest([folder / "console.log"])
    rows = con.execute(
        "select s.step, s.step_time_s from log_steps s, attempts a where a.attempt = 2 and s.end_ns >= a.start_ns "
        "and s.step_time_s is not null"
    ).fetchall()
    assert rows, "the resumed attempt has step times"
    within = [(step, took[step] / 1.5 <= seconds <= took[step] * 1.5) for step, seconds in rows]
    assert within == [(step, True) for step, _ in rows]


def test_evaluation_bars_drawn_more_often_than_the_training_bar_are_not_its_steps() -> None:
    """sample_logs/hf_trainer_eval_bars (record_hf_single_rank_jobs.sh): at the Trainer's default
    log level nothing names the run's 60 steps, and each evaluation's bar (1200 batches) is drawn
    more often than the training bar. The rows are the harness's 60 steps, not the evaluation
    bar's batches."""
    folder = SAMPLE_LOGS / "hf_trainer_eval_bars"
    text = (folder / "console.log").read_text()
    totals = re.findall(r"\| *\d+/(\d+) \[", text)
    assert totals.count("1200") > totals.count("60")  # (what made the evaluation's bar look like training's)
    con = ingest([folder / "console.log"])
    steps = [s for (s,) in con.execute("select step from log_steps order by step").fetchall()]
    assert steps == [s for _, s, _ in truth_steps(folder)]


def test_rates_averaged_over_an_evaluation_give_no_step_time() -> None:
    """In the same job, tqdm's moving average after each evaluation still holds the evaluation's
    seconds for several readings (`36/60 [00:18<00:19,  1.26it/s]` where the harness clocked 0.14 s), and
    the bar's clock since an earlier reading holds them too, so the two agree on a step time the
    run never had. A step time is within 1.5x of the harness's clock, or there is none; and once
    the average has forgotten the pause, the steps have their times again."""
    folder = SAMPLE_LOGS / "hf_trainer_eval_bars"
    t = truth(folder)
    began = {x["step"]: x["t"] for x in t if x["event"] == "step_start"}
    took = {x["step"]: x["t"] - began[x["step"]] for x in t if x["event"] == "step_end"}
    text = (folder / "console.log").read_text().replace("\r", "\n")
    rates = {int(n): 1 / float(r) for n, r in re.findall(r"\| *(\d+)/60 \[[\d:]+<[\d:]+, +([\d.]+)it/s\]", text)}
    assert any(rates[n] > 2 * took[n] for n in range(32, 40) if n in rates)  # (the averages that are off)
    con = ingest([folder / "console.log"])
    rows = con.execute("select step, step_time_s from log_steps where step_time_s is not null").fetchall()
    within = [(step, took[step] / 1.5 <= seconds <= took[step] * 1.5) for step, seconds in rows]
    assert within == [(step, True) for step, _ in rows]
    assert any(step > 40 for step, _ in rows)  # (the steps well after the evaluation at 30 are timed)


def test_a_run_ended_as_the_example_scripts_end_is_one_attempt_with_its_evaluation_timed() -> None:
    """sample_logs/hf_trainer_example_tail (record_hf_single_rank_jobs.sh): a run at INFO whose
    training header is undated and whose one dated line is DDP's reducer warning in the first step;
    the bar's clock places step 1 before the start `train_runtime` gives back from the run's end,
    which made that step an attempt of its own, ended "restarted". One attempt, the harness's
    steps; the evaluation after training ends with the eval metrics table, its runtime the table's."""
    folder = SAMPLE_LOGS / "hf_trainer_example_tail"
    text = (folder / "console.log").read_text()
    assert "***** Running training *****" in text and "reducer.cpp" in text
    h, m, s = re.search(r"eval_runtime += (\d+):(\d\d):([\d.]+)\n", text).groups()  # type: ignore[union-attr]
    con = ingest([folder / "console.log"])
    got = con.execute("select attempt, first_step, last_step, end_reason from attempts order by attempt").fetchall()
    assert [(a, first, last) for a, first, last, _ in got] == truth_attempts(folder)
    assert got[-1][3] == "completed"
    ends = con.execute("select duration_s from log_events where kind = 'eval_end'").fetchall()
    assert ends == [(pytest.approx(int(h) * 3600 + int(m) * 60 + float(s)),)]


def test_an_accelerate_loop_restarted_from_its_saved_state() -> None:
    """sample_logs/accelerate_restart (record_accelerate_job.sh): a loop written as transformers'
    `*_no_trainer.py` examples are, under `accelerate launch --max_restarts 1`: no per-step line but
    the bar, `save_state` into `step_N` folders, a failure at step 8, the relaunch `Resumed from
    checkpoint: .../step_5`, and no word at the end but the bar at the header's total. The attempts
    are the harness's (the last one completed: its truth has its end), the saves name their steps,
    the relaunch loaded step 5's state."""
    folder = SAMPLE_LOGS / "accelerate_restart"
    text = (folder / "console.log").read_text()
    t = truth(folder)
    resumed = re.search(r"Resumed from checkpoint: \S*step_(\d+)\n", text)
    assert resumed is not None
    con = ingest([folder / "console.log"])
    got = con.execute("select attempt, first_step, last_step, resumed_from_step, end_reason from attempts "
                      "order by attempt").fetchall()
    assert [(a, first, last) for a, first, last, _, _ in got] == truth_attempts(folder)
    assert [r for *_, r in got] == ["crash", "completed"] and any(x["event"] == "attempt_end" for x in t)
    assert got[-1][3] == int(resumed.group(1))
    saves = con.execute("select step from log_events where kind like 'checkpoint_save%' order by line").fetchall()
    assert [s for (s,) in saves] == [x["step"] for x in t if x["event"] == "checkpoint_save"]
    loads = con.execute("select step from log_events where kind like 'checkpoint_load%' and step is not null").fetchall()
    assert {s for (s,) in loads} == {int(resumed.group(1))}
    # (the failed rank's own exception names the failure, not the other rank's broken connection that
    # followed it, though that rank's bar drew a step after rank 1's traceback)
    crash = next(x for x in t if x["event"] == "crash")
    titles = con.execute("select title from findings where finding = 'attempt_failed'").fetchall()
    assert [t.rsplit(": ", 2)[-2:] for (t,) in titles] == [
        ["RuntimeError", f"injected failure on rank {crash['rank']} at step {crash['step']}"]]


def test_a_trainer_run_killed_in_its_final_save_did_not_complete(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_example_tail cut right after its final checkpoint's save line (a job killed
    while it saved): its bar reached the header's total steps, but the Trainer always says when it ends
    (`Training completed`, its summary): the run did not say so, nothing says it completed."""
    text = (SAMPLE_LOGS / "hf_trainer_example_tail" / "console.log").read_text()
    total = re.search(r"Total optimization steps = (\d+)", text).group(1)  # type: ignore[union-attr]
    cut = text[:text.index(f"checkpoint-{total}\n") + len(f"checkpoint-{total}\n")]
    assert f"{total}/{total} [" in cut and "Training completed" not in cut
    (tmp_path / "console.log").write_text(cut)
    con = ingest([tmp_path / "console.log"])
    assert [r for (r,) in con.execute("select end_reason from attempts").fetchall()] != ["completed"]


def test_stable_baselines3_s_evaluation_tables_are_evaluations_not_steps() -> None:
    """sample_logs/sb3_ppo_eval (record_sb3_job.sh): PPO's rollout tables count `iterations`, and
    EvalCallback's tables between them count `total_timesteps` (no `iterations` row): taken for
    steps, 2048 between iterations 1 and 2 read as a step counter gone back, a restart at each
    evaluation. The steps are the harness's iterations, one attempt; each evaluation an eval_end;
    CheckpointCallback's `Saving model checkpoint to ...zip` lines make it no HF Trainer's console."""
    folder = SAMPLE_LOGS / "sb3_ppo_eval"
    t = truth(folder)
    con = ingest([folder / "console.log"])
    steps = [s for (s,) in con.execute("select step from log_steps order by line").fetchall()]
    assert steps == [x["iteration"] for x in t if x["event"] == "rollout_end"]
    assert con.execute("select count(*) from attempts").fetchone() == (1,)
    evals = con.execute("select count(*) from log_events where kind = 'eval_end'").fetchone()
    assert evals == (sum(1 for x in t if x["event"] == "eval_end"),)
    text = (folder / "console.log").read_text()
    saves = con.execute("select count(*) from log_events where kind like 'checkpoint_save%'").fetchone()
    assert saves == (text.count("Saving model checkpoint to "),)


def test_an_iteration_that_ran_an_evaluation_is_timed_by_its_own_span() -> None:
    """sample_logs/sb3_ppo_slow_eval (record_sb3_job.sh): iterations of a fraction of a second, but for the
    two that ran a 300-episode evaluation (over a minute each). `time_elapsed` counts whole seconds, so
    each iteration's time is within 2 s of the harness's (two truncated readings), the slow ones' and
    their neighbours' too: not a mean over a span that holds a slow one (42 s for the iteration after it)."""
    folder = SAMPLE_LOGS / "sb3_ppo_slow_eval"
    ends = [x for x in truth(folder) if x["event"] == "rollout_end"]
    took = {b["iteration"]: b["t"] - a["t"] for a, b in zip(ends, ends[1:], strict=False)}
    assert sum(1 for seconds in took.values() if seconds > 30) == 2
    con = ingest([folder / "console.log"])
    got = dict(con.execute("select step, step_time_s from log_steps where step > 1").fetchall())
    assert sorted(got) == sorted(took)
    slow = [i for i, seconds in took.items() if seconds > 30]
    # (the first iterations' spans are too short for whole seconds to time them: no time)
    timed = {i: seconds for i, seconds in got.items() if seconds is not None}
    assert {i + d for i in slow for d in (-1, 0, 1)} & set(took) <= set(timed)
    assert all(abs(timed[i] - took[i]) <= 2 for i in timed), {i: (timed[i], round(took[i], 2)) for i in timed}
    # (the fast iterations after a slow one: each the mean of the longest span since the slow one that
    # the printed seconds allow, not one second where the clock moved and none where it did not)
    after = [i for i in timed if any(s < i for s in slow) and took[i] < 30]
    assert len(after) == sum(1 for i in took if any(s < i for s in slow) and took[i] < 30)
    mean_got, mean_took = (sum(x[i] for i in after) / len(after) for x in (timed, took))
    assert mean_got == pytest.approx(mean_took, rel=0.15)


def test_an_off_policy_run_s_evaluation_tables_are_evaluations_not_steps() -> None:
    """sample_logs/sb3_sac_eval (record_sb3_job.sh): SAC's tables, every 4 episodes, count
    `total_timesteps` (no `iterations`), and so do EvalCallback's: only the training tables are steps,
    at the harness's every 4th episode's end; each evaluation an eval_end; one attempt."""
    folder = SAMPLE_LOGS / "sb3_sac_eval"
    t = truth(folder)
    episodes = [x["timesteps"] for x in t if x["event"] == "episode_end"]
    con = ingest([folder / "console.log"])
    steps = [s for (s,) in con.execute("select step from log_steps order by line").fetchall()]
    assert steps == episodes[3::4]
    evals = con.execute("select count(*) from log_events where kind = 'eval_end'").fetchone()
    assert evals == (sum(1 for x in t if x["event"] == "eval_end"),)
    assert con.execute("select count(*) from attempts").fetchone() == (1,)


def test_a_steps_bar_s_loss_is_its_own_step_s_not_the_one_before() -> None:
    """sample_logs/accelerate_kohya_bar (record_accelerate_job.sh): a bar drawn as kohya's sd-scripts
    draw theirs, `update(1)` then `set_postfix(avr_loss=...)`, no training header: each count is drawn
    first with the mean loss up to the step before, then with its own. Each step's loss is the mean of
    the harness's losses up to it, as tqdm prints it (3 significant digits)."""
    folder = SAMPLE_LOGS / "accelerate_kohya_bar"
    losses = [x["loss"] for x in sorted((x for x in truth(folder) if x["event"] == "step_end"), key=lambda x: x["step"])]
    con = ingest([folder / "console.log"])
    got = con.execute("select step, loss from log_steps order by step").fetchall()
    assert got == [(n, float(f"{sum(losses[:n]) / n:.3g}")) for n in range(1, len(losses) + 1)]


def test_a_hyperparameter_search_s_trials_each_count_their_own_steps() -> None:
    """sample_logs/hf_trainer_hpo_epochs (record_hf_hpo_job.sh): `hyperparameter_search` runs its trials
    one after another in one process, each a new run from step 1; their metric dicts name only their
    epoch. Each trial's logged losses are at the harness's steps of that trial (not pushed past the
    trial before's last step), and each trial is an attempt of its steps, completed."""
    folder = SAMPLE_LOGS / "hf_trainer_hpo_epochs"
    t = truth(folder)
    logged = [(x["step"], x["loss"]) for x in t if x["event"] == "logged"]
    con = ingest([folder / "console.log"])
    got = con.execute("select step, loss from log_steps where loss is not null order by line").fetchall()
    assert got == [(step, pytest.approx(loss, abs=5e-5)) for step, loss in logged]
    trials = sorted({x["trial"] for x in t if x["event"] == "step_end"})
    ends = [max(x["step"] for x in t if x["event"] == "step_end" and x["trial"] == k) for k in trials]
    attempts = con.execute("select first_step, last_step, end_reason from attempts order by attempt").fetchall()
    assert attempts == [(1, end, "completed") for end in ends]


def test_a_pruned_trial_ends_its_run_though_it_printed_no_summary() -> None:
    """sample_logs/hf_trainer_hpo_pruned (record_hf_hpo_job.sh): Optuna pruned trials 2 to 4 after their
    first epoch, and a pruned trial prints no summary dict, only Optuna's `Trial N pruned.`: each trial's
    losses are at the harness's steps of that trial, and each pruned trial's run ends there."""
    folder = SAMPLE_LOGS / "hf_trainer_hpo_pruned"
    t = truth(folder)
    text = (folder / "console.log").read_text()
    pruned = re.findall(r"\] Trial \d+ pruned\.", text)
    assert len(pruned) == 3
    logged = [(x["step"], x["loss"]) for x in t if x["event"] == "logged"]
    con = ingest([folder / "console.log"])
    got = con.execute("select step, loss from log_steps where loss is not null order by line").fetchall()
    assert got == [(step, pytest.approx(loss, abs=5e-5)) for step, loss in logged]
    ends = con.execute("select count(*) from log_events where kind = 'attempt_end' and detail like 'Optuna%'").fetchone()
    assert ends == (len(pruned),)


def test_each_trial_of_a_sweep_is_a_run_of_its_own_that_completed() -> None:
    """sample_logs/hf_trainer_hpo_pruned: five trials one after the other in one process, each from
    scratch; each new trial's bar starts at the dated line that the trial before it last read its bar
    at (Optuna's `Trial N finished`), or that ended it (`Trial N pruned.`). Each trial is an attempt
    that completed, up to the harness's last step of that trial, resumed from nothing; nothing was
    redone, no time lost to restarts."""
    folder = SAMPLE_LOGS / "hf_trainer_hpo_pruned"
    t = truth(folder)
    trials = sorted({x["trial"] for x in t})
    last = [max(x["step"] for x in t if x["trial"] == k and x["event"] == "step_end") for k in trials]
    assert all(any(x["trial"] == k and x["event"] == "trial_end" for x in t) for k in trials)
    con = ingest([folder / "console.log"])
    got = con.execute("select last_step, end_reason, resumed_from_step from attempts order by attempt").fetchall()
    assert got == [(step, "completed", None) for step in last]
    lost = con.execute("select bucket from goodput_buckets where bucket in ('lost_work', 'restart_downtime') "
                       "and seconds > 0").fetchall()
    assert lost == []


def test_a_sweep_copied_from_the_terminal_gives_each_trial_its_own_steps() -> None:
    """sample_logs/hf_trainer_hpo_terminal: the search of hf_trainer_hpo_epochs on a pseudo-terminal,
    the console what the terminal shows: each trial's dicts (naming only their epoch), then its bar's
    last frame, `24/24 [00:04<00:00, 5.60it/s]`, then Optuna's `Trial N finished`. Each trial's losses
    at the harness's steps of that trial, each trial an attempt that completed at its last step."""
    folder = SAMPLE_LOGS / "hf_trainer_hpo_terminal"
    t = truth(folder)
    text = (folder / "console.log").read_text()
    assert "\r" not in text and len(re.findall(r"\| 24/24 \[", text)) == 3  # (one frame a trial: the screen)
    logged = [(x["step"], x["loss"]) for x in t if x["event"] == "logged"]
    con = ingest([folder / "console.log"])
    got = con.execute("select step, loss from log_steps where loss is not null order by line").fetchall()
    assert got == [(step, pytest.approx(loss, abs=5e-5)) for step, loss in logged]
    trials = sorted({x["trial"] for x in t})
    last = [max(x["step"] for x in t if x["trial"] == k and x["event"] == "step_end") for k in trials]
    attempts = con.execute("select last_step, end_reason from attempts order by attempt").fetchall()
    assert attempts == [(step, "completed") for step in last]


def test_transformers_5_s_weights_bar_is_a_checkpoint_save_at_its_step(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_v5_restart (record_hf_v5_job.sh): at the Trainer's default log level
    transformers 5 shows a save only by its `Writing model shards` bar (drawn at 0, then twice at its end).
    One save at each step the harness saw saved, dated after that step began and no later than the
    harness saw the save done. The bar times the weights alone (one shard at the rate its last frame
    shows), a fraction of the save the harness timed: the save's own time is unknown, none is claimed."""
    folder = SAMPLE_LOGS / "hf_trainer_v5_restart"
    t = truth(folder)
    started = {(x["attempt"], x["step"]): x["t"] for x in t if x["event"] == "step_start" and x["rank"] == 0}
    ended = {(x["attempt"], x["step"]): x["t"] for x in t if x["event"] == "step_end" and x["rank"] == 0}
    saved = [(x["attempt"], x["step"], x["t"]) for x in t if x["event"] == "checkpoint_saved"]
    text = (folder / "console.log").read_text()
    rates = [float(r) for r in re.findall(r"Writing model shards: 100%\|[^|]*\| 1/1 \[00:00<00:00, +([\d.]+)it/s\]\n", text)]
    assert len(rates) == len(saved) == 3
    assert all(done - ended[(a, step)] > 2 / rate for (a, step, done), rate in zip(saved, rates, strict=True))
    # (its lines print no year: the console as it was when recorded, its mtime then, not a clone's)
    console = tmp_path / "console.log"
    console.write_text(text)
    recorded = (folder / "RECORDED.txt").read_text().split("recorded: ", 1)[1].split()[0]
    when = datetime.datetime.fromisoformat(recorded.replace("Z", "+00:00")).timestamp()
    os.utime(console, (when, when))
    store = Store.open(tmp_path / "s.tlstore")
    assert not store.ingest([console]).failed
    con = store.connect()
    got = con.execute("select step, ts_ns, duration_s, detail from log_events where kind = 'checkpoint_save_end' order by line"
                      ).fetchall()
    assert [step for step, _, _, _ in got] == [step for _, step, _ in saved]
    for (step, ts_ns, seconds, detail), (attempt, _, done), rate in zip(got, saved, rates, strict=True):
        assert started[(attempt, step)] < ts_ns / 1e9 <= done + 0.5  # (the bar's clock: a tenth of a second or so)
        assert seconds is None and f"written in {1 / rate:.3g} s" in detail
    assert con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_save'").fetchone() == (0.0,)


def _tokens_since_logged(t: list[dict], logged: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """(attempt, logged step) -> the tokens of that attempt's steps since its logged step before
    (since its first step for the first), summed over the ranks, as the harness counted them."""
    tokens: dict[tuple[int, int], int] = {}
    for x in t:
        if x["event"] in ("step_end", "step_tokens") and "tokens" in x:
            key = (x.get("attempt", 0), x["step"])
            tokens[key] = tokens.get(key, 0) + x["tokens"]
    out = {}
    for attempt in sorted({a for a, _ in logged}):
        steps = sorted(s for a, s in logged if a == attempt)
        first = min(s for a, s in tokens if a == attempt)
        for before, step in zip([first - 1, *steps], steps, strict=False):
            out[(attempt, step)] = sum(n for (a, s), n in tokens.items() if a == attempt and before < s <= step)
    return out


def test_trl_s_running_count_of_tokens_gives_each_metric_line_its_tokens() -> None:
    """sample_logs/trl_sft_tokens (record_trl_job.sh): TRL's SFTTrainer prints `num_tokens`, the tokens
    trained on since the trainer began. Each metric line's tokens are those the harness counted in the
    attention masks of the steps since the line before; the first line has none (where a count started,
    a line does not say: GRPO's goes on from a resume's checkpoint); the job's tokens their sum."""
    folder = SAMPLE_LOGS / "trl_sft_tokens"
    t = truth(folder)
    text = (folder / "console.log").read_text()
    # (logging_steps=4 of 24 steps, as RECORDED.txt runs it: six metric lines)
    assert len(re.findall(r"'num_tokens': '\d+'", text)) == 6
    logged = [(0, step) for step in range(4, 25, 4)]
    want = _tokens_since_logged(t, logged)
    con = ingest([folder / "console.log"])
    got = con.execute("select step, tokens from log_steps where loss is not null order by line").fetchall()
    assert got == [(4, None)] + [(step, want[(0, step)]) for _, step in logged[1:]]
    total = sum(x["tokens"] for x in t if x["event"] == "step_end" and x["step"] > 4)
    assert con.execute("select tokens_total from goodput").fetchone() == (total,)


def test_tokens_per_second_are_the_rate_of_the_steps_the_counts_cover() -> None:
    """sample_logs/trl_sft_tokens: the first metric line (step 4) gives no tokens, and step 8's count is
    since that line, between bar readings that count none: the counts that say when they began are
    steps 12 to 24's, each since the metric line before. The throughput is the rate over those
    steps, as the harness timed them (its tokens of steps 9-24 over step 8's end to step 24's, 793
    tokens/s; no save is read in this console, so its time stays in), not the counted tokens over all
    24 steps' time (674: low by the first lines' share); the goodput takes the uncounted productive
    time at that rate: over the wall time it makes about the harness's 3,246 tokens of all 24 steps."""
    folder = SAMPLE_LOGS / "trl_sft_tokens"
    ends = {x["step"]: x for x in truth(folder) if x["event"] == "step_end"}
    rate = sum(ends[s]["tokens"] for s in range(9, 25)) / (ends[24]["t"] - ends[8]["t"])
    con = ingest([folder / "console.log"])
    row = con.execute("select throughput_tokens_per_s, goodput_tokens_per_s, wall_s, tokens_coverage from goodput").fetchone()
    assert row is not None
    through, good, wall, coverage = row
    assert through == pytest.approx(rate, rel=0.03)
    assert good * wall == pytest.approx(sum(x["tokens"] for x in ends.values()), rel=0.03)
    assert 0 < coverage < 0.9  # (the counts cover steps 9-24)


def test_a_metric_dict_that_carries_the_run_s_speed_is_no_summary() -> None:
    """sample_logs/hf_trainer_v5_tokens: with `include_num_input_tokens_seen` transformers puts
    `train_runtime` and `train_tokens_per_second` in each metric dict (`{'loss': '6.155', ...,
    'num_input_tokens_seen': 4096, 'train_runtime': '0.1255', ...}`): they are steps, not the run's end
    (the crash stays a crash). The running count gives each line after the first of its attempt the
    tokens of its steps; an attempt's first line none (a resumed run's count starts at its checkpoint's)."""
    folder = SAMPLE_LOGS / "hf_trainer_v5_tokens"
    t = truth(folder)
    text = (folder / "console.log").read_text()
    assert len(re.findall(r"\{'loss': [^}]*'train_runtime': ", text)) == 7
    con = ingest([folder / "console.log"])
    ends = con.execute("select attempt, first_step, last_step, end_reason from attempts order by attempt").fetchall()
    assert ends == [(*a, end) for a, end in zip(truth_attempts(folder), ("crash", "completed"), strict=True)]
    rows = con.execute(
        "select a.attempt - 1, s.step, s.tokens from log_steps s asof join attempts a on s.end_ns >= a.start_ns "
        "where s.loss is not null order by s.line").fetchall()
    logged = [(a, step) for a, step, _ in rows]
    assert logged == [(0, 4), (0, 8), (0, 12), (1, 12), (1, 16), (1, 20), (1, 24)]  # (every 4th step; attempt 2 from 9)
    want = _tokens_since_logged(t, logged)
    firsts = {min(k for k in logged if k[0] == a) for a, _ in logged}
    assert [tokens for _, _, tokens in rows] == [None if (a, step) in firsts else want[(a, step)] for a, step, _ in rows]


def test_tensorboard_s_train_runtime_at_each_logged_loss_is_no_end() -> None:
    """sample_logs/hf_trainer_v5_tokens, its TensorBoard events alone: the callback writes each log's keys,
    `train/train_runtime` among them at every logged loss under `include_num_input_tokens_seen`. The
    runs end as the harness saw them end: once, the relaunch's completed training (the first attempt
    crashed)."""
    folder = SAMPLE_LOGS / "hf_trainer_v5_tokens"
    ended = [x for x in truth(folder) if x["event"] == "attempt_end"]
    assert len(ended) == 1
    con = ingest(inputs(folder, "events"))
    assert con.execute("select count(*) from log_events where kind = 'attempt_end'").fetchone() == (len(ended),)


def test_a_bar_console_and_its_event_files_together_give_the_harness_s_attempts() -> None:
    """sample_logs/hf_trainer_v5_tokens, the console and its TensorBoard events read together: the
    console's bar, hung on the file's mtime, is a fraction of a second off the events' clock, with steps
    0.15-0.25 s apart. The attempts are the harness's (its steps, the crash, the relaunch's end), not
    restarts made of one clock's steps landing among the other's."""
    folder = SAMPLE_LOGS / "hf_trainer_v5_tokens"
    con = ingest(inputs(folder, "all"))
    got = con.execute("select attempt, first_step, last_step, end_reason from attempts order by attempt").fetchall()
    assert got == [(*a, end) for a, end in zip(truth_attempts(folder), ("crash", "completed"), strict=True)]


def _as_a_terminal_shows(console: str) -> str:
    """The console as a terminal leaves it on screen, as users copy it: each carriage return
    draws over the line so far (a longer earlier drawing shows past a shorter later one)."""
    shown = []
    for line in console.split("\n"):
        screen = ""
        for drawing in line.split("\r"):
            screen = drawing + screen[len(drawing):]
        shown.append(screen.rstrip())
    return "\n".join(shown)


def test_metric_dicts_with_no_bar_beside_them_are_placed_by_their_epoch(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_epochs (record_hf_single_rank_jobs.sh), as a terminal shows it: the bar's
    readings drawn over, the metric dicts name only their epoch (`'epoch': 0.38`), and nothing
    but the summary (`'epoch': 3.0`, 39 steps by its runtime and rate) says how long an epoch is.
    The rows are the logged steps (every 5th, by the job's `--logging-steps 5`) and the last."""
    folder = SAMPLE_LOGS / "hf_trainer_epochs"
    with open(folder / "console.log", encoding="utf-8", newline="") as raw:  # (its carriage returns kept)
        console = raw.read()
    path = tmp_path / "console.log"
    path.write_text(_as_a_terminal_shows(console), encoding="utf-8")
    done = [s for _, s, _ in truth_steps(folder)]
    con = ingest([path])
    steps = [s for (s,) in con.execute("select step from log_steps order by step").fetchall()]
    assert steps == [s for s in done if s % 5 == 0] + [max(done)] == [5, 10, 15, 20, 25, 30, 35, 39]


@pytest.mark.parametrize("name", ["lightning_ddp_bar", "lightning_ddp_restart", "lightning_ddp_rich", "lightning_ddp_uneven"])
def test_lightning_s_ddp_members_give_the_world_size(name: str) -> None:
    """Lightning's DDP prints `Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2` as each process joins:
    the console alone gives the job's size, the `Trainer(devices=N)` the recording ran (RECORDED.txt's
    command, else lightning_train.py's default)."""
    folder = SAMPLE_LOGS / name
    command = next(line for line in (folder / "RECORDED.txt").read_text().splitlines() if line.startswith("command:"))
    default = re.search(r'add_argument\("--devices", type=int, default=(\d+)\)', (SAMPLE_LOGS / "lightning_train.py").read_text())
    assert default is not None
    devices = int(m.group(1)) if (m := re.search(r"--devices (\d+)", command)) else int(default.group(1))
    con = ingest([folder / "console.log"])
    assert con.execute("select gpus, gpus_source from int_world_size").fetchone() == (devices, "launch_config")


def test_a_relaunch_that_dated_nothing_keeps_its_own_end_when_killed() -> None:
    """sample_logs/undated_relaunch_gloo_2rank (record_undated_relaunch_job.sh): rank 0's step lines are plain
    prints; it fails at step 3 of the first launch, torchrun relaunches both ranks, and the harness sends
    SIGTERM to torchrun during the relaunch. The relaunch dated no line of its own, but its steps (1-12) came
    after the first failure: torchrun's `Received 15 death signal` is the relaunch's end, a failure of its
    own, at the harness's clock for the signal (within its own 10 ms of lag); its SIGTERMs to the workers after
    it are that end's, no failure each."""
    folder = SAMPLE_LOGS / "undated_relaunch_gloo_2rank"
    sent = next(json.loads(line)["t"] for line in (folder / "truth.jsonl").read_text().splitlines() if "sigterm_sent" in line)
    text = (folder / "console.log").read_text().splitlines()
    received = next(n for n, line in enumerate(text, 1) if "Received 15 death signal" in line)
    sigterms = [n for n, line in enumerate(text, 1) if "closing signal SIGTERM" in line and n > received]
    con = ingest([folder / "console.log"])
    crashes = con.execute("select line, ts_ns from log_events where kind = 'crash' order by line").fetchall()
    (at,) = [ts for line, ts in crashes if line == received]
    assert at / 1e9 == pytest.approx(sent, abs=0.05)
    assert sigterms and not {line for line, _ in crashes} & set(sigterms)
    assert [a for (a,) in con.execute("select end_reason from attempts order by attempt").fetchall()] == ["crash", "crash"]


def test_a_run_killed_in_its_last_epoch_then_launched_again_did_not_complete() -> None:
    """sample_logs/killed_last_epoch: the tutorial loop killed (SIGKILL, the harness's) once it logged `Epoch [3/3],
    Step [10/20]`, its last epoch counted but not done, then launched again from scratch to its end: two attempts, the
    first ended by the relaunch at the harness's last logged step of it, the second completed (read: the first's
    count reached its total epoch, a run that completed)."""
    folder = SAMPLE_LOGS / "killed_last_epoch"
    lines = (folder / "truth.txt").read_text().splitlines()
    harness = [json.loads(line.split("HARNESS ", 1)[1]) for line in lines if line.startswith("HARNESS {")]
    assert [(h["event"], h.get("code")) for h in harness] == [
        ("launch", None), ("killed", None), ("exited", -9), ("launch", None), ("exited", 0)]
    killed = next(h for h in harness if h["event"] == "killed")
    logged = [x for x in truth(folder) if x["event"] == "step_logged"]
    # (the first process's last line, the harness's `after`: its own mark of that step may not have been written)
    shown = re.match(r"Epoch \[(\d+)/3\], Step \[(\d+)/20\]", killed["after"])
    assert shown is not None
    epoch, batch = int(shown[1]), int(shown[2])
    first_run = [x["step"] for x in logged if x["t"] <= killed["t"]]
    second_run = [x["step"] for x in logged if x["t"] > killed["t"]]
    con = ingest([folder / "console.log"])
    assert con.execute("select first_step, last_step, end_reason from attempts order by attempt").fetchall() == [
        (first_run[0], (epoch - 1) * 20 + batch, "restarted"), (second_run[0], second_run[-1], "completed")]


def test_stable_baselines3s_iterations_are_timed_to_the_harness_s_clock_by_its_rate() -> None:
    """sample_logs/sb3_ppo_eval (record_sb3_job.sh): iterations of 0.6 to 1.3 s, whole `time_elapsed` seconds apart:
    none was timed. Its `total_timesteps` over its `fps`, within its whole seconds (the second table shows every step
    is this `learn()`'s, the first's too), times each to within 10 ms of the harness's clock between its rollouts'
    ends (the first's start unrecorded: from the second on)."""
    folder = SAMPLE_LOGS / "sb3_ppo_eval"
    ends = [x for x in truth(folder) if x["event"] == "rollout_end"]
    took = {b["iteration"]: b["t"] - a["t"] for a, b in zip(ends, ends[1:], strict=False)}
    con = ingest([folder / "console.log"])
    got = dict(con.execute("select step, step_time_s from log_steps where step > 1").fetchall())
    assert sorted(got) == sorted(took) and len(got) >= 6
    assert all(got[i] is not None and abs(got[i] - took[i]) <= 0.01 for i in got), {i: (got[i], took[i]) for i in got}


def test_a_stable_baselines3_console_cut_inside_a_table_keeps_its_steps(tmp_path: Path) -> None:
    """sample_logs/sb3_ppo_eval's console cut after its third table's `time_elapsed` row, as a killed job leaves it
    (no `total_timesteps` row in its last table): its three iterations, not an internal error that loses the file."""
    lines = (SAMPLE_LOGS / "sb3_ppo_eval" / "console.log").read_text().splitlines(keepends=True)
    cut = next(n for n, line in enumerate(lines) if re.match(r"\|\s+iterations\s+\| 3 ", line)) + 2
    assert re.match(r"\|\s+time_elapsed\s+\|", lines[cut - 1])
    path = tmp_path / "console.log"
    path.write_text("".join(lines[:cut]))
    con = ingest([path])
    assert [s for (s,) in con.execute("select step from log_steps order by line").fetchall()] == [1, 2, 3]


@pytest.mark.parametrize("job", ["hf_trainer_v5_resume_info", "hf_trainer_resume_info"])
def test_a_resume_line_is_a_checkpoint_load_of_its_step_and_the_dicts_go_on_from_it(job: str) -> None:
    """sample_logs/hf_trainer_v5_resume_info and hf_trainer_resume_info (record_hf_resume_job.sh JOB: transformers 5
    and 4 at INFO, no bar): `Resuming training from checkpoint with epoch 0 and global step 4` (4's `Continuing training
    from global step 4`) is a checkpoint load of step 4, the last step the harness saw saved before the crash (5's was
    none); the dicts, every 3 steps and naming none, are at each attempt's steps the harness ran that the Trainer logs
    at, the multiples of 3 (they were numbered 1 to 5 in the order printed)."""
    folder = SAMPLE_LOGS / job
    t = truth(folder)
    crashed = min(x["t"] for x in t if x["attempt"] == 1)
    saved = max(x["step"] for x in t if x["event"] == "checkpoint_saved" and x["t"] < crashed)
    every = int(re.search(r"--logging-steps (\d+)", (folder / "RECORDED.txt").read_text()).group(1))  # type: ignore[union-attr]
    con = ingest(inputs(folder, "console"))
    assert con.execute("select kind, step from log_events where kind like 'checkpoint_load%'").fetchall() == [
        ("checkpoint_load_end", saved)]
    ran = [(x["attempt"], x["step"]) for x in t if x["event"] == "step_end" and x["step"] % every == 0]
    assert [step for (step,) in con.execute("select step from log_steps order by line").fetchall()] == [s for _, s in ran]
    attempts = con.execute("select attempt, first_step, last_step from attempts order by attempt").fetchall()
    assert [tuple(a) for a in attempts] == [(a + 1, min(s for b, s in ran if b == a), max(s for b, s in ran if b == a))
                                            for a in sorted({a for a, _ in ran})]
