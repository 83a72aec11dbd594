"""Progress bars as clocks: what a bar's elapsed time and rate say about the steps it counts.

Expectations come from the recording harness's own clock (`TRUTH` lines of sample_logs/) or from
arithmetic on the bar text itself (whole seconds printed, steps counted), never from the
readers' helpers."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.hf_trainer import HFTrainerParser
from tracelens.parsers.lightning import LightningParser


def _lightning_steps(path: Path) -> list[dict[str, Any]]:
    return LightningParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def _hf_steps(path: Path) -> list[dict[str, Any]]:
    return HFTrainerParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def _truth(job: str) -> list[dict[str, Any]]:
    text = (SAMPLE_LOGS / job / "truth.txt").read_text()
    return [json.loads(line[len("TRUTH "):]) for line in text.splitlines() if line.startswith("TRUTH ")]


def test_uneven_lightning_steps_take_what_the_harness_clock_says() -> None:
    """Lightning's training bar shows its mean rate since the epoch began (tqdm smoothing=0): in
    a job whose every 4th step is 5x slower (sample_logs/lightning_ddp_uneven) that mean is no
    step's time. Each row's step time is the time between its reading and the previous row's
    (the epoch's start for the first), as the harness measured it between the same batch ends:
    within 10 % (the bar's precision and the few ms between the harness's callback and the
    bar's), and the slow steps read as slow."""
    truth = [t for t in _truth("lightning_ddp_uneven") if t["rank"] == 0]
    ends = {t["step"]: t["t"] for t in truth if t["event"] == "step_end"}
    epoch_starts: dict[int, float] = {}  # epoch -> when its first batch began
    for t in truth:
        if t["event"] == "step_start":
            epoch_starts.setdefault(t["epoch"], t["t"])
    epoch_of = {t["step"]: t["epoch"] for t in truth if t["event"] == "step_end"}
    rows = [r for r in _lightning_steps(SAMPLE_LOGS / "lightning_ddp_uneven" / "console.log") if r["rank"] in (0, None)]
    assert sorted(r["step"] for r in rows) == sorted(ends)
    timed = 0
    previous: dict[int, int] = {}  # epoch -> the previous row's step
    for row in sorted(rows, key=lambda r: r["step"]):
        step, epoch = row["step"], epoch_of[row["step"]]
        begin = ends[previous[epoch]] if epoch in previous else epoch_starts[epoch]
        want = (ends[step] - begin) / (step - previous.get(epoch, step - 1))
        previous[epoch] = step
        if row["step_time_s"] is None:
            continue
        timed += 1
        assert abs(row["step_time_s"] - want) <= 0.1 * want + 0.01, (step, row["step_time_s"], want)
    slow = [t["step"] for t in truth if t["event"] == "step_end" and t["batch"] % 4 == 0]
    timed_slow = [r for r in rows if r["step"] in slow and r["step_time_s"] is not None]
    assert timed >= 2 * len(rows) // 3 and len(timed_slow) >= len(slow) // 2
    assert all(r["step_time_s"] > 1.2 for r in timed_slow)


def test_an_epochs_last_reading_gives_its_mean_step_time_to_the_printed_second() -> None:
    """A real ResNet-50 console keeps one reading per epoch, `5005/5005 [37:53<00:00, 2.20it/s]`:
    the epoch's 5005 batches took 2273 to 2274 s (tqdm truncates the elapsed time to whole
    seconds), 0.45415 to 0.45435 s a batch. The rate, printed to 2 decimals, says less (2.195 to
    2.205 it/s). ModelCheckpoint's `Epoch E, global step G` lines count the optimizer steps
    (two batches a step): each epoch's row is its global step, and its step time, an optimizer
    step's, is within what the elapsed time allows over the batches a step takes."""
    path = corpus_or_skip("logs", "lightning", "resnet50_imagenet_resume_epochs77_86_modelcheckpoint.log")
    text = path.read_text(encoding="utf-8")
    readings = re.findall(r"^Epoch (\d+): 100%\|[^|]*\| (\d+)/(\d+) \[(\d+):(\d+)<", text, re.MULTILINE)
    assert len(readings) == 10
    saved = {int(e): int(g) for e, g in re.findall(r"^Epoch (\d+), global step (\d+):", text, re.MULTILINE)}
    (first, first_step), (last, last_step) = min(saved.items()), max(saved.items())
    batches = int(readings[0][2])
    per_epoch = (last_step - first_step) // (last - first)  # 2503 optimizer steps an epoch of 5005 batches
    accumulated = round(batches / per_epoch)  # batches an optimizer step: 2
    assert -(-batches // accumulated) == per_epoch
    rows = {r["step"]: r for r in _lightning_steps(path)}
    for epoch, done, _, minutes, seconds in readings:
        elapsed = int(minutes) * 60 + int(seconds)
        row = rows[saved[int(epoch)]]
        assert accumulated * elapsed / int(done) <= row["step_time_s"] < accumulated * (elapsed + 1) / int(done)


def test_a_nemo_bar_counts_the_step_its_global_step_was_logged_in() -> None:
    """NeMo 1 logs `global_step` from training_step, before the step's optimizer step counts
    it: the bar that finished 50 of 50 batches shows `global_step=49.00`. Each finished bar's
    row is its own count of steps done (the run is one epoch), read off the bar text."""
    path = corpus_or_skip("logs", "nemo", "nemo1_ptl_progressbar_variants.log")
    text = path.read_text(encoding="utf-8")
    finished = {int(done) for done, total in re.findall(r"Epoch 0: : 100%\|[^|]*\| (\d+)/(\d+) \[", text) if done == total}
    assert finished == {50, 100, 2000}
    assert finished <= {r["step"] for r in _lightning_steps(path)}


def test_torchtitans_step_lines_are_credited_to_torchtitan() -> None:
    """torchtitan's metrics line (`step: 35  loss: 11.93  grad_norm: ...  memory:
    44.18GiB(69.05%)  tps: 4,070 ...`), under its own `[titan]` logger or another's (ezpz on
    Aurora), is torchtitan's step: every step line of the corpus's torchtitan consoles is a row
    of framework torchtitan."""
    for path in sorted(corpus_or_skip("logs", "torchtitan").glob("*.log")):
        want = len(re.findall(r"step:\s*\d+\s+loss:", path.read_text(encoding="utf-8")))
        parser, _ = detect(path, read_head(path), registry())
        assert parser is not None
        rows = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
        assert len(rows) == want and {r["framework"] for r in rows} == ({"torchtitan"} if want else set()), path.name


def _read(tmp_path: Path, lines: list[str]) -> tuple[str, list[dict[str, Any]]]:
    path = tmp_path / "console.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    return parser.name, parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def test_a_log_that_counts_epochs_only_has_epochs_for_steps(tmp_path: Path) -> None:
    """nnU-Net v1 numbers epochs, never iterations (the tail of a training log quoted in a
    public SLURM how-to, stored-index file 27199998598): `epoch:  226` opens an epoch, its dated
    lines follow. The epoch is a step, ended by its last dated line, with the first loss it
    reports; the `This epoch took 288.041806 s` printed before any epoch number closes an epoch
    the excerpt does not show, and makes no row."""
    lines = [
        "2021-06-21 08:13:03.053071: lr: 0.007941",
        "2021-06-21 08:13:03.054774: This epoch took 288.041806 s",
        "",
        "2021-06-21 08:13:03.056420: ",
        "epoch:  226",
        "2021-06-21 08:17:05.605214: train loss : -0.7531",
        "2021-06-21 08:17:47.605599: validation loss: -0.5259",
        "2021-06-21 08:17:47.611751: (interpret this as an estimate for the Dice of the different classes. This is not exact.)",
        "2021-06-21 08:17:48.132057: lr: 0.007932",
    ]
    name, steps = _read(tmp_path, lines)
    assert name == "generic_log"
    end = int(datetime(2021, 6, 21, 8, 17, 48, 132057, tzinfo=UTC).timestamp()) * 10**9 + 132057000
    assert [(s["step"], s["end_ns"], s["loss"], s["step_time_s"]) for s in steps] == [(226, end, -0.7531, None)]



def test_an_hf_bar_shows_the_steps_between_metric_lines() -> None:
    """HF Trainer logging every 5 steps under torchrun, rank 1 failing at step 17 and the job
    resumed from checkpoint-10 (sample_logs/hf_trainer_logging_steps): the training bar moves to
    the global step at each step's end, so every step it shows is a step done, logged or not;
    the restarted run's bar redoes steps of the first. Each run's rows are the steps its bar
    shows (read off the console), each one the harness saw end in that attempt, spaced as the
    harness's clock spaced them to within the bar's one-second resolution."""
    job = "hf_trainer_logging_steps"
    truth = [t for t in _truth(job) if t["rank"] == 0 and t["event"] == "step_end"]
    text = (SAMPLE_LOGS / job / "console.log").read_text(encoding="utf-8").replace("\r", "\n")
    runs: list[list[int]] = [[]]  # the bar's steps, a run per drawing from 0
    for found in re.findall(r"\|\s*(\d+)/30 \[", text):
        n = int(found)
        if n == 0 and runs[-1]:
            runs.append([])
        elif n and n not in runs[-1]:
            runs[-1].append(n)
    assert len(runs) == 2 and runs[0][-1] == 16 and runs[1][-1] == 30
    rows = sorted(_hf_steps(SAMPLE_LOGS / job / "console.log"), key=lambda r: r["line"])
    assert sorted(r["step"] for r in rows) == sorted(runs[0] + runs[1])
    split = len(runs[0])
    for attempt, run_rows in enumerate((rows[:split], rows[split:])):
        ends = {t["step"]: t["t"] for t in truth if t["attempt"] == attempt}
        assert {r["step"] for r in run_rows} <= set(ends)
        for a, b in zip(run_rows, run_rows[1:], strict=False):
            assert abs((b["end_ns"] - a["end_ns"]) / 1e9 - (ends[b["step"]] - ends[a["step"]])) <= 1.0, (a["step"], b["step"])


def test_an_hf_bars_rate_is_checked_from_its_first_reading_past_the_start() -> None:
    """The rate of HF's bar (tqdm's moving average) is a step's time where the bar's own clock
    agrees with it. The first metric line of a run (step 5 of sample_logs/hf_trainer_logging_steps)
    has no earlier metric line: the bar's first reading past its start (step 1) gives the
    clock's stretch, 3 s here. Each step time read is within a quarter of the harness's mean
    over the 5 steps before the line (a moving average follows them); the resumed run's first
    metric line, where the average still holds the bar's jump to the checkpoint, has none."""
    job = "hf_trainer_logging_steps"
    ends = {(t["attempt"], t["step"]): t["t"] for t in _truth(job) if t["rank"] == 0 and t["event"] == "step_end"}
    rows = sorted(_hf_steps(SAMPLE_LOGS / job / "console.log"), key=lambda r: r["line"])
    logged = [r for r in rows if r["loss"] is not None]
    first_attempt = logged[: [r["step"] for r in logged].index(15) + 1]
    assert first_attempt[0]["step"] == 5 and first_attempt[0]["step_time_s"] is not None
    resumed_first = logged[len(first_attempt)]
    assert resumed_first["step"] == 15 and resumed_first["step_time_s"] is None
    for row in logged:
        if row["step_time_s"] is None:
            continue
        attempt = 0 if row in first_attempt else 1
        step = row["step"]
        start = ends.get((attempt, step - 5))
        if start is None:  # the run's first steps: from the first step's end
            start, span = ends[(attempt, min(s for a, s in ends if a == attempt))], step - min(s for a, s in ends if a == attempt)
        else:
            span = 5
        mean = (ends[(attempt, step)] - start) / span
        assert abs(row["step_time_s"] - mean) <= 0.25 * mean, (step, row["step_time_s"], mean)


def test_bars_with_no_description_are_steps_only_where_they_can_be_training(tmp_path: Path) -> None:
    """Plain tqdm bars (real ones, drawn here by tqdm itself over loops of 2 ms steps) with no
    description: one loop's counts are its steps; a `tqdm(loader)` drawn anew each epoch, each
    reaching its total, goes on across epochs (3 x 4 steps: 1..12); a training loop's and an
    evaluation's (two totals: either could be training) are no steps, and the file fails with a
    line that says why; nor is a download's bar (170498071 counts in a blink: bytes)."""
    tqdm = pytest.importorskip("tqdm").tqdm

    def draw(path: Path, loops: list[int]) -> Path:
        path.parent.mkdir()
        with path.open("w", encoding="utf-8") as out:
            for total in loops:
                for _ in tqdm(range(total), file=out, mininterval=0, miniters=1, ascii=False):
                    time.sleep(0.002)
        return path

    def steps(path: Path) -> list[int]:
        parser, _ = detect(path, read_head(path), registry())
        assert parser is not None and parser.name == "generic_log"
        return [s["step"] for s in parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()]

    assert steps(draw(tmp_path / "one" / "console.log", [6])) == [1, 2, 3, 4, 5, 6]
    assert steps(draw(tmp_path / "epochs" / "console.log", [4, 4, 4])) == list(range(1, 13))
    with pytest.raises(ParseError, match=r"progress bars with no description count to 2 totals \(3, 6\)"):
        steps(draw(tmp_path / "two" / "console.log", [6, 3]))
    download = tmp_path / "download" / "console.log"
    download.parent.mkdir()
    with download.open("w", encoding="utf-8") as out, tqdm(total=170498071, file=out, mininterval=0, miniters=1) as bar:
        for _ in range(10):
            bar.update(17049807)
    parser, _ = detect(download, read_head(download), registry())
    assert parser is not None
    with pytest.raises(ParseError):
        parser.parse(download, ParseOptions())


def test_a_global_step_that_no_accumulation_of_the_bars_batches_makes_changes_no_step() -> None:
    """A Lightning 2.x console pieced from one job's notes: the bar's `Epoch 17/35 ... 193/193` and a
    checkpoint of `Epoch 1, global step 296` (148 steps an epoch: no whole number of 193 batches
    accumulates to it). The bar's row stays its batches' count, 17 x 193 + 193."""
    path = corpus_or_skip("logs", "lightning", "vqa_rich_progressbar_duplicate_logger_ckpt.log")
    text = path.read_text(encoding="utf-8")
    bar = re.search(r"^Epoch (\d+)/\d+ \S+ (\d+)/(\d+) ", text, re.MULTILINE)
    assert bar is not None
    epoch, done, total = (int(x) for x in bar.groups())
    assert [r["step"] for r in _lightning_steps(path)] == [epoch * total + done]


def test_a_bar_after_a_failure_takes_its_header_from_before_it_only_when_a_new_process_drew_it() -> None:
    """Lightning's bars (parsers/lightning.py `_State.clock`): a dated line, then a failure, then a
    bar. With no bar before (a traceback the run lived through, then its first epoch), the dated
    line is the bar's header; after an earlier bar and a checkpoint load since the failure (a
    relaunch: `Restored all states`), it is not (the relaunch started an unknown time after it),
    and the bar is marked as a relaunch's; a failure with no load and no count going back since
    (a traceback between two epochs) takes nothing away."""
    from tracelens.parsers._lines import BarReading
    from tracelens.parsers.lightning import _State

    def reading(n: int) -> BarReading:
        return BarReading(n=n, total=30, elapsed_s=n // 5, seconds_per_item=0.2, start=0, end=1)

    # a dated line (1), a caught traceback (2), the first bar (3)
    state = _State({})
    state.last_dated, state.last_dated_line, state.last_failure_line = 10**18, 1, 2
    first = state.clock(None, 0, reading(1), 3)
    assert first.header_ns == 10**18 and not first.after_failure
    # epoch 0's bar to 30 (4); a failure (5); the launcher's dated report (6); a load (7); epoch 1's bar (8)
    state.clock(None, 0, reading(30), 4)
    state.last_failure_line = 6
    state.last_dated, state.last_dated_line = 2 * 10**18, 6
    state.last_load_line = 7
    relaunch = state.clock(None, 1, reading(1), 8)
    assert relaunch.header_ns is None and relaunch.after_failure
    # the same without the load: a traceback between two epochs of one process
    state = _State({})
    state.clock(None, 0, reading(30), 4)
    state.last_failure_line = 5
    state.last_dated, state.last_dated_line = 2 * 10**18, 6
    same = state.clock(None, 1, reading(1), 8)
    assert same.header_ns == 2 * 10**18 and not same.after_failure


# TRL's GRPO trainer on four ranks under torchrun: the launcher's banner, the model's load, then the training
# bar, the ranks' first dated lines (DDP's reducer warnings) printed during its first step (github.com/terrense/
# SFT_RLHF-DPO_GRPO- @ d164a5593c37c158158209b897cd3de1ac6a1cef : analysis/archive/loss/grpo_reward_raw.log, lines 1-4,
# 29, 33-36 and 37; the index's copy drops the carriage return tqdm writes before
# each drawing, put back here)
_DDP_WARNING = (":[W715 08:18:48.{} reducer.cpp:1457] Warning: find_unused_parameters=True was specified in DDP "
                "constructor, but did not find any unused parameters in the forward pass. This flag results in an extra "
                "traversal of the autograd graph every iteration,  which can adversely affect performance. If your model "
                "indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that "
                "this warning may be a false positive if your model has flow control causing later iterations to have "
                "unused parameters. (function operator())")
GRPO_RANKS_WARN_IN_FIRST_STEP = [
    "W0715 08:17:36.330000 546391 site-packages/torch/distributed/run.py:774] ",
    "W0715 08:17:36.330000 546391 site-packages/torch/distributed/run.py:774] *****************************************",
    "W0715 08:17:36.330000 546391 site-packages/torch/distributed/run.py:774] Setting OMP_NUM_THREADS environment variable "
    "for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for "
    "optimal performance in your application as needed. ",
    "W0715 08:17:36.330000 546391 site-packages/torch/distributed/run.py:774] *****************************************",
    "\r  0%|          | 0/400 [00:00<?, ?it/s][transformers] Passing `generation_config` together with generation-related "
    "arguments=({'disable_compile'}) is deprecated and will be removed in future versions. Please pass either a "
    "`generation_config` object OR all generation parameters explicitly, but not both.",
    "[rank2]" + _DDP_WARNING.format("532651974"),
    "[rank1]" + _DDP_WARNING.format("569486439"),
    "[rank3]" + _DDP_WARNING.format("610641607"),
    "[rank0]" + _DDP_WARNING.format("703683042"),
    ('\r  0%|          | 1/400 [00:04<27:59,  4.21s/it]\r  0%|          | 2/400 [00:08<28:03,  4.23s/it]\r  1'
     '%|          | 3/400 [00:11<23:45,  3.59s/it]\r  1%|          | 4/400 [00:15<25:35,  3.88s/it]\r  1%|▏ '
     "        | 5/400 [00:20<27:22,  4.16s/it]\r                                               \r{'loss': '0"
     ".2013', 'grad_norm': '1.072', 'learning_rate': '9.9e-07', 'num_tokens': '4.02e+04', 'completions/mea"
     "n_length': '4.266', 'completions/min_length': '2', 'completions/max_length': '54.4', 'completions/cl"
     "ipped_ratio': '0.01562', 'completions/mean_terminated_length': '3.319', 'completions/min_terminated_"
     "length': '2', 'completions/max_terminated_length': '36.4', 'rewards/reward_correct/mean': '0.6', 're"
     "wards/reward_correct/std': '0.4728', 'reward': '0.6', 'reward_std': '0.2296', 'frac_reward_zero_std'"
     ": '0.5', 'kl': '0.0007629', 'entropy': '0.4858', 'clip_ratio/low_mean': '0', 'clip_ratio/low_min': '"
     "0', 'clip_ratio/high_mean': '0', 'clip_ratio/high_max': '0', 'clip_ratio/region_mean': '0', 'epoch':"
     " '0.007163'}"),
]


def test_lines_printed_before_a_bars_reading_date_its_start_after_the_header(tmp_path: Path) -> None:
    """The ranks' warnings at 08:18:48.5-.7 are printed after the bar's `0/400 [00:00` and before its `1/400
    [00:04`: the bar began at 08:18:43 at the earliest, not at the launcher's banner 72 s before (its first steps
    had been placed before the ranks' first dated lines, read as four new processes: a restart that never was)."""
    from tests.conftest import console_connection

    con = console_connection(tmp_path, GRPO_RANKS_WARN_IN_FIRST_STEP)
    assert con.execute("select count(*) from attempts").fetchone() == (1,)
    # (step 1's reading was printed after rank 0's warning: it ended no earlier)
    step1, warned = con.execute(
        "select (select end_ns from log_steps where step = 1), "
        "(select max(ts_ns) from log_events where kind = 'attempt_start' and rank = 0)").fetchone()
    assert step1 >= warned
