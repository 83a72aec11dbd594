"""Console logs as users have them (issue 14): real logs of ../shared/corpus/wild recognised by
the evidence anywhere in them, progress bars read as clocks, and each line rule on the strings it
reads. Expectations come from outside the parsers: the corpus's hand-derived answers (scored
by its own scorer), numbers read from the files here with independent patterns, the harness's
TRUTH clock of a recorded job, or the strings' own text."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import re
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS, QueryConnection, console_connection, corpus_or_skip, run_cli
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

WILD = CORPUS / "wild"
LOG_PARSERS = ("megatron", "hf_trainer", "deepspeed", "lightning", "generic_log", "mlperf", "nccl_debug")


def _answers() -> dict[str, dict[str, Any]]:
    if not (WILD / "answers.json").exists():
        return {}
    artifacts = json.loads((WILD / "answers.json").read_text())["artifacts"]
    return {rel: spec for rel, spec in artifacts.items() if spec["kind"] in ("train_log", "mlperf")}


def _store(tmp_path: Path, path: Path) -> tuple[Any, Any]:
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([path])
    return QueryConnection(store), outcome


# ------------------------------------------------------------------ the wild corpus, end to end

def _in_process(cmd: list[str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """The scorer's `run(cmd)` (`tracelens ARGS` in a child process) as the CLI in this process."""
    code, out, err = run_cli(*cmd[1:])
    return subprocess.CompletedProcess(cmd, code, out, err)


@pytest.mark.parametrize("rel", sorted(_answers()) or ["(wild corpus absent)"])
def test_wild_log_scores_ok(rel: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every log of the wild corpus scores `ok` with the corpus's own scorer and answers."""
    corpus_or_skip("wild", "score.py")
    spec = importlib.util.spec_from_file_location("wild_score", WILD / "score.py")
    assert spec is not None and spec.loader is not None
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)
    monkeypatch.setattr(scorer, "run", _in_process)  # the scorer's own ingest and query, without an interpreter start per command
    result = scorer.score_one("tracelens", tmp_path, rel, _answers()[rel])
    assert result["verdict"] == "ok", result.get("details")


def test_megatron_after_a_long_bash_trace(tmp_path: Path) -> None:
    """The first iteration line sits past the 64 kB head every detect() is handed (after ~1,400
    lines of `bash -x`): the file is still Megatron's, and its steps are the iteration lines."""
    path = corpus_or_skip("wild", "megatron", "bigscience_2021_meg_gpt2_n8_tp4_pp8_slurm_cancelled.out")
    raw = path.read_bytes()
    assert raw.index(b" iteration ") > 65536
    parser, _ = detect(path, read_head(path))
    assert parser is not None and parser.name == "megatron"
    con, _ = _store(tmp_path, path)
    expected = [(int(s), float(ms) / 1000) for s, ms in re.findall(
        r" iteration\s+(\d+)/\s*\d+ \| consumed samples:\s+\d+ \| elapsed time per iteration \(ms\): ([\d.]+)", raw.decode())]
    got = con.execute("select step, step_time_s from log_steps order by line").fetchall()
    assert got == [(s, pytest.approx(t)) for s, t in expected] and len(expected) == 20
    cancelled = [d for (d,) in con.execute("select detail from log_events where kind = 'crash'").fetchall()]
    assert any("CANCELLED AT 2021-05-23T08:29:53" in d for d in cancelled)


def test_megatron_deepspeed_lm_loss_with_a_hyphen(tmp_path: Path) -> None:
    """DeepSpeed INFO lines first, then Megatron-DeepSpeed iteration lines with `lm-loss:`."""
    path = corpus_or_skip("wild", "megatron", "bigscience_2021_meg_ds_3d_n16_lm-loss_hyphen_key.out")
    expected = [(int(s), float(ms) / 1000, float(loss)) for s, ms, loss in re.findall(
        r" iteration\s+(\d+)/\s*\d+ \|.*?elapsed time per iteration \(ms\): ([\d.]+) \|.*?lm-loss: ([\d.E+-]+)",
        path.read_text())]
    con, _ = _store(tmp_path, path)
    got = con.execute("select step, step_time_s, loss, framework from log_steps order by line").fetchall()
    assert [(s, pytest.approx(t), pytest.approx(x), "megatron") for s, t, x in expected] == got
    assert len(expected) == 49


def test_nemo2_step_lines_under_padded_srun_labels(tmp_path: Path) -> None:
    path = corpus_or_skip("wild", "nemo", "bionemo_esm2_nemo2_srun_label_leading_space_async_ckpt_step99.log")
    expected = [(int(s), float(loss), float(t)) for s, loss, t in re.findall(
        r"^ ?0: Training epoch 0, iteration (\d+)/99 .*?reduced_train_loss: ([\d.]+) \| train_step_timing in s: ([\d.]+)",
        path.read_text(), re.M)]
    con, _ = _store(tmp_path, path)
    got = con.execute("select step, loss, step_time_s, rank from log_steps order by line").fetchall()
    assert got == [(s, loss, t, 0) for s, loss, t in expected] and len(expected) == 7


def test_hf_dicts_take_the_bar_redrawn_after_them(tmp_path: Path) -> None:
    """ESM-2 under srun: each metric dict is followed by the bar tqdm redrew after writing it;
    that reading is the dict's step, and the bar's rate its step time."""
    path = corpus_or_skip("wild", "hf_trainer", "esm2_fsdp_srun_label_prefix_2node_ckpt_1136.log")
    raw = path.read_text().splitlines()
    expected = []
    for i, line in enumerate(raw[:-1]):
        loss = re.search(r"\{'loss': ([\d.]+)", line)
        bar = re.search(r"(\d+)/1136 \[\d\d:\d\d<[^,]*,\s*([\d.]+)it/s\]", raw[i + 1])
        if loss and bar:
            expected.append((int(bar.group(1)), float(loss.group(1)), 1 / float(bar.group(2))))
    con, _ = _store(tmp_path, path)
    got = con.execute("select step, loss, step_time_s from log_steps order by line").fetchall()
    assert [(s, x) for s, x, _ in got] == [(s, x) for s, x, _ in expected] and len(expected) >= 9
    rates = [(g, e) for (_, _, g), (_, _, e) in zip(got, expected, strict=True) if g is not None]
    assert len(rates) >= len(expected) - 1 and all(g == pytest.approx(e) for g, e in rates)
    # the bar is anchored on the dated lines around it: the checkpoint line printed right after
    # the last reading ("1136/1136 [08:29<...") bounds the bar's start from above
    save = re.search(r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) >> Saving model checkpoint", path.read_text())
    assert save is not None
    from datetime import datetime

    save_ns = int(datetime.strptime(save.group(1), "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp()) * 10**9 + int(
        save.group(2)) * 10**6
    last_end_ns = con.execute("select max(end_ns) from log_steps").fetchone()[0]
    assert save_ns - 10**9 <= last_end_ns <= save_ns
    assert {s for (s,) in con.execute("select distinct time_source from log_steps").fetchall()} == {"tqdm"}


def test_hf_dicts_evenly_spaced_up_to_the_train_output(tmp_path: Path) -> None:
    """No header, no bar between the dicts: `TrainOutput(global_step=200)` and 10 loss dicts, the
    last at a zero learning rate (the schedule's end), are steps 20, 40, ..., 200. The bar, drawn
    once at its end after the summary (`| 200/200 [01:56<00:00,  1.72it/s]`), gives the last
    step its rate, which its own clock bears out (116 s over 200 steps)."""
    path = corpus_or_skip("wild", "hf_trainer", "ipex_llm_qlora_trl_no_header_warning_level_console.log")
    text = path.read_text()
    total = int(re.search(r"TrainOutput\(global_step=(\d+)", text).group(1))  # type: ignore[union-attr]
    losses = [float(x) for x in re.findall(r"\{'loss': ([\d.]+)", text)]
    bar = re.search(r"\| (\d+)/(\d+) \[(\d+):(\d+)<00:00,\s+([\d.]+)it/s\]", text)
    assert bar is not None and int(bar.group(1)) == total
    con, _ = _store(tmp_path, path)
    got = con.execute("select step, loss from log_steps order by line").fetchall()
    assert got == [(total // len(losses) * (k + 1), x) for k, x in enumerate(losses)]
    times = con.execute("select step, step_time_s from log_steps where step_time_s is not null").fetchall()
    assert times == [(total, pytest.approx(1 / float(bar.group(5))))]
    assert times[0][1] == pytest.approx((int(bar.group(3)) * 60 + int(bar.group(4))) / total, rel=0.02)


def test_lightning_iterable_bar_is_a_clock(tmp_path: Path) -> None:
    """`Epoch 0: : 10000it [25:24,  6.56it/s]` glued to `[INFO] ... stopped`: step 10000, the
    rate is the step time, and with no dated line the bar's last reading is the file's mtime."""
    path = corpus_or_skip("wild", "lightning", "threestudio_pl2_iterable_bar_no_total_info_prefix_max_steps_10000.log")
    m = re.search(r"Epoch 0: : (\d+)it \[(\d+):(\d+),\s+([\d.]+)it/s\]", path.read_text())
    assert m is not None
    con, _ = _store(tmp_path, path)
    step, step_time, end_ns, source = con.execute("select step, step_time_s, end_ns, time_source from log_steps").fetchone()
    assert step == int(m.group(1))
    assert step_time == pytest.approx(1 / float(m.group(4)))
    assert source == "tqdm_mtime" and end_ns == path.stat().st_mtime_ns
    assert con.execute("select count(*) from log_events where kind = 'attempt_end'").fetchone()[0] == 1


def test_mlperf_2019_records(tmp_path: Path) -> None:
    path = corpus_or_skip("wild", "mlperf", "v0.6_nvidia_dgx1_pytorch_transformer_mll_2019_result_0.txt")
    t: dict[str, float] = {}
    blocks: list[float] = []
    for s, key in re.findall(r"^:::MLL (\d+\.\d+) (\w+): ", path.read_text(), re.M):
        t.setdefault(key, float(s))
        if key in ("block_start", "block_stop"):
            blocks.append(float(s))
    con, _ = _store(tmp_path, path)
    got = con.execute("select step_time_s from log_steps order by line").fetchall()
    assert [g for (g,) in got] == [pytest.approx(b - a, abs=1e-6) for a, b in zip(blocks[::2], blocks[1::2], strict=True)]
    (start, end, reason), = con.execute("select start_ns, end_ns, end_reason from attempts").fetchall()
    assert reason == "completed" and (end - start) / 1e9 == pytest.approx(t["run_stop"] - t["init_start"], abs=1e-3)


def test_killing_subprocess_after_a_crash_is_no_restart(tmp_path: Path) -> None:
    """DeepSpeed's launcher kills the other workers after one failed: its dated `Killing
    subprocess` lines come after the tracebacks, and start no second attempt."""
    path = corpus_or_skip("wild", "deepspeed", "dschat_llama7b_zero3_16rank_crash_before_first_step.log")
    text = path.read_text()
    assert text.index("Killing subprocess") > text.index("Traceback (most recent call last)")
    con, _ = _store(tmp_path, path)
    assert con.execute("select count(*) from attempts").fetchone()[0] == 1
    assert con.execute("select count(*) from log_events where kind = 'restart'").fetchone()[0] == 0
    # the model loader's bar ("Loading checkpoint shards: ... 0/2", one a process) reads the model the run starts
    # from: no checkpoint load (no other line of the log loads one)
    loads = con.execute("select count(*) from log_events where kind like 'checkpoint_load%'").fetchone()[0]
    assert len(re.findall(r"Loading checkpoint shards:\s+0%", text)) == 16 and loads == 0


def test_hf_trainer_state_sample_console_against_truth(tmp_path: Path) -> None:
    """sample_logs/hf_trainer_state: stdout (dicts, TRUTH) and stderr (bar, logger) are
    interleaved out of order, the dicts of steps 1-2 even before the training header. Each
    dict's step is the bar tqdm redrew after writing it; steps 1..12 each once, each within
    30 ms of the harness's step_end, and the completed job has productive time."""
    folder = SAMPLE_LOGS / "hf_trainer_state"
    truth = [json.loads(line.split("TRUTH ", 1)[1]) for line in (folder / "console.log").read_text().splitlines()
             if "TRUTH {" in line]
    ends = [(t["step"], t["t"]) for t in truth if t["event"] == "step_end"]
    con, _ = _store(tmp_path, folder / "console.log")
    got = con.execute("select step, end_ns from log_steps order by line").fetchall()
    assert [s for s, _ in got] == [s for s, _ in ends]
    assert max(abs(e / 1e9 - t) for (_, e), (_, t) in zip(got, ends, strict=True)) < 0.03
    productive = con.execute("select seconds from goodput_buckets where bucket = 'productive'").fetchone()[0]
    starts = {t["step"]: t["t"] for t in truth if t["event"] == "step_start"}
    stepping = sum(t - starts[s] for s, t in ends)
    assert productive == pytest.approx(stepping, abs=0.1) and productive > 0


# ------------------------------------------------------------------ line rules on strings

@pytest.mark.parametrize(("raw", "rank", "body"), [
    ("[default3]:loss 1.0", 3, "loss 1.0"),
    ("[rank12]: loss", 12, "loss"),
    ("[1,5]<stdout>:text", 5, "text"),
    ("[node-7.example:4]: text", 4, "text"),
    ("3: text", 3, "text"),
    (" 0: Training epoch 0", 0, "Training epoch 0"),  # srun pads labels to the widest
    ("  12: x", 12, "x"),
    ("0: [default2]:x", 0, "x"),  # srun around torchrun
    ("trainer-1  | step 3", None, "step 3"),  # docker-compose
    ("worker-0 [stderr] step 3", None, "step 3"),
    ("(CommandActor pid=4242) [rank1]: step 3", 1, "step 3"),  # Ray actor around torchrun
    ("(RayTrainWorker pid=17, ip=10.0.0.2) step 3", None, "step 3"),
    ("[rank=2] step 3", 2, "step 3"),
    ("WARNING: no prefix: here", None, "WARNING: no prefix: here"),
    ("[12345] counter", None, "[12345] counter"),  # five digits: a counter, not a rank
])
def test_launcher_prefixes(raw: str, rank: int | None, body: str) -> None:
    from tracelens.parsers._lines import strip_prefix

    assert strip_prefix(raw) == (rank, body)


def test_determined_prefix_dates_the_line() -> None:
    from tracelens.parsers._lines import split_lines

    (line,) = split_lines("[2023-05-10T12:34:56.789Z] 1a2b3c4d || INFO: epoch 1 step 3\n")
    assert line.text == "INFO: epoch 1 step 3"
    assert line.ts_ns == 1683722096789000000  # 2023-05-10T12:34:56.789Z


def test_pasted_line_numbers_and_tqdm_clears() -> None:
    from tracelens.parsers._lines import split_lines

    lines = split_lines("1\tfirst\n2\tsecond [00:01<00:02]\n3\tthird\n")
    assert [(line.number, line.text) for line in lines] == [(1, "first"), (2, "second [00:01<00:02]"), (3, "third")]
    cleared = split_lines("a\n" + " " * 40 + "\n\n 50%|#    | 1/2 [00:00<00:00, 9.1it/s]\n")
    assert [line.after_clear for line in cleared] == [False, True]


@pytest.mark.parametrize(("text", "expected"), [
    ("  2%|▏         | 18/1136 [00:08<08:31,  2.19it/s]", [(18, 1136, 8, 1 / 2.19)]),
    ("Epoch 0: : 10000it [25:24,  6.56it/s]", [(10000, None, 1524, 1 / 6.56)]),
    ("Loading: 50%|█ | 1/2 [00:02<00:02,  2.77s/it]", [(1, 2, 2, 2.77)]),
    ("  0%|          | 0/12 [00:00<?, ?it/s]", [(0, 12, 0, None)]),
    ("37batch [1:02:03, 1.2kbatch/s]", [(37, None, 3723, 1 / 1200)]),
    ("Epoch 17/35 ━━━━━━━━ 193/193 0:08:27 • 0:00:00 0.40it/s train_loss: 1.774", [(193, 193, 507, 2.5)]),
    ("1/4 [00:01<00:03, 1.00it/s]2/4 [00:02<00:02, 1.00it/s]", [(1, 4, 1, 1.0), (2, 4, 2, 1.0)]),
    ("iteration 10/ 100 | time 3", []),
])
def test_bar_readings(text: str, expected: list[tuple[int, int | None, int, float | None]]) -> None:
    from tracelens.parsers._lines import bar_readings

    got = [(r.n, r.total, r.elapsed_s, r.seconds_per_item) for r in bar_readings(text)]
    assert [g[:3] for g in got] == [e[:3] for e in expected]
    for g, e in zip(got, expected, strict=True):
        assert g[3] == (pytest.approx(e[3]) if e[3] is not None else None)


def test_fast_bar_placed_by_its_rate() -> None:
    """A dozen steps inside the bar's first second: every reading shows 00:00, so the rate
    places each step (step x seconds per step), not the middle of the second."""
    from tracelens.parsers._lines import refine_bar_elapsed

    points = [(0, 0), (1, 0), (2, 0), (3, 0)]
    rates = [None, 1 / 20.0, 1 / 25.0, 1 / 30.0]
    assert refine_bar_elapsed(points, rates=rates) == [0.0, pytest.approx(0.05), pytest.approx(0.08), pytest.approx(0.1)]


def test_a_resumed_bars_rate_is_not_a_step_time() -> None:
    """A resumed bar jumps from 0 to the checkpoint's step at once; its moving-average rate
    then shows ~0.1 s a step while the bar's clock shows ~0.85 s: the rate is dropped."""
    from tracelens.parsers._lines import BarReading, rate_agrees

    def r(n: int, e: int, spi: float) -> BarReading:
        return BarReading(n, 24, e, spi, 0, 0)

    seconds = {8: 0.0, 9: 0.9, 10: 1.8, 11: 2.6, 12: 3.5}
    assert rate_agrees(seconds, r(12, 3, 0.1), r(9, 0, 0.1)) is None
    assert rate_agrees(seconds, r(12, 3, 0.86), r(9, 0, 0.1)) == 0.86
    assert rate_agrees(seconds, r(10, 1, 0.9), r(9, 0, 0.9)) is None  # one second of clock says too little


def _scan_rows(*texts: str, dated: bool | None = True) -> list[dict[str, Any]]:
    """The event rows of lines through the shared scanner: each line dated a second after the one
    before (`dated`), undated (False), or as its own text dates it (None)."""
    from tracelens.parsers._events import EventScanner
    from tracelens.parsers._lines import Line, parse_timestamp
    from tracelens.parsers._logtables import LogRows

    rows = LogRows("generic")
    scanner = EventScanner(rows)
    for number, text in enumerate(texts, start=1):
        scanner.scan(Line(number, None, text, number * 10**9 if dated else parse_timestamp(text) if dated is None else None))
    return rows.events


def _scan(*texts: str, dated: bool = True) -> list[tuple[str, str | None]]:
    return [(e["kind"], e.get("detail")) for e in _scan_rows(*texts, dated=dated)]


def test_torchelastic_lines_of_every_era() -> None:
    assert _scan("Received 15 death signal, shutting down workers", dated=False) == [
        ("crash", "launcher received signal 15")]
    assert _scan("Closing process 8123 via signal SIGTERM", dated=False) == [("crash", "launcher stopping its workers")]
    assert _scan("Sending process 8123 closing signal SIGTERM", dated=False) == [("crash", "launcher stopping its workers")]
    assert _scan("Rendezvous complete for workers. Result: restart_count=0 master_addr=n1", dated=False) == []
    assert _scan("  restart_count=2", dated=False) == [("restart", "rendezvous restart_count=2")]
    # the restart line and the rendezvous that follows it are one restart; the group's state on
    # the restart line (torch 1.9's agent, doc2edag issue 24) is the failure, where nothing said it
    assert _scan("[default] Worker group FAILED. 3/3 attempts left; will restart worker group",
                 "  restart_count=1", dated=False) == [("crash", "the launcher's worker group failed"), ("restart", None)]
    assert [k for k, _ in _scan("[default] Worker group UNHEALTHY. 1/3 attempts left; will restart worker group",
                                dated=False)] == ["crash", "restart"]
    # a failure already read (a worker's traceback) is not said twice
    assert [k for k, _ in _scan("Traceback (most recent call last):",
                                "[default] Worker group FAILED. 3/3 attempts left; will restart worker group",
                                dated=False)] == ["crash", "restart"]


def test_a_rendezvous_count_after_the_agents_dated_lines_is_the_restart_already_read() -> None:
    """torchelastic 0.2's agent (frameworkcontroller's elastic example, an Azure spot eviction):
    the restart line, the agent's own dated lines, then the rendezvous' `restart_count=1`: one
    restart. A membership change restarts with the count unchanged (`restart_count=1` after the
    second restart line of a run is no third). A count past the lines read is a restart."""
    failed = [
        "[ERROR] 2021-05-21 23:18:16,219 local_elastic_agent: [default] Worker group failed",
        "Traceback (most recent call last):",
        "[INFO] 2021-05-21 23:18:16,220 api: [default] Worker group FAILED. 3/3 attempts left; will restart worker group",
        "[INFO] 2021-05-21 23:18:16,220 api: [default] Stopping worker group",
        "[INFO] 2021-05-21 23:18:46,501 api: [default] Rendezvous complete for workers.",
        "Result:",
        "        restart_count=1",
    ]
    assert [k for k, _ in _scan(*failed) if k == "restart"] == ["restart"]
    joined = ["[INFO] 2020-07-31 07:35:16,348 api: [default] Detected 1 new nodes from group_rank=1; will restart worker group",
              "[INFO] 2020-07-31 07:35:16,349 api: [default] Stopping worker group",
              "\trestart_count=1"]
    assert [k for k, _ in _scan(*joined) if k == "restart"] == ["restart"]
    assert [d for k, d in _scan(*failed, "\trestart_count=2") if k == "restart"] == [None, "rendezvous restart_count=2"]
    # another launch's first rendezvous in the same file counts from 0 again
    assert [d for k, d in _scan(*failed, "\trestart_count=0", "\trestart_count=1") if k == "restart"] == [
        None, "rendezvous restart_count=1"]


def test_deepspeeds_launcher_ends_the_run_at_its_last_clean_exit_unless_a_failure_follows() -> None:
    """DeepSpeed's launcher says `Process N exits successfully.` of each worker (DeepSpeed-Chat's
    SFT log of the wild corpus): the run ended cleanly, at the last of them (03:20:49.471). A
    worker's failure after one (the watchdog line of an NCCL hang, from the corpus) takes the
    clean end back."""
    exits = [
        "[2023-04-18 03:20:47,468] [INFO] [launch.py:460:main] Process 73585 exits successfully.",
        "[2023-04-18 03:20:47,468] [INFO] [launch.py:460:main] Process 73586 exits successfully.",
        "[2023-04-18 03:20:49,471] [INFO] [launch.py:460:main] Process 73578 exits successfully.",
    ]

    def scan(*texts: str) -> list[tuple[str, int | None]]:
        return [(e["kind"], e["line"]) for e in _scan_rows(*texts, dated=None) if e["kind"] != "attempt_start"]

    assert scan(*exits) == [("attempt_end", 3)]
    watchdog = ("[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, "
                "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.")
    assert scan(exits[0], watchdog) == [("collective_timeout", 2)]
    assert scan(exits[0], watchdog, exits[2]) == [("collective_timeout", 2)]  # none after it either


def test_torchelastics_failure_report_dates_the_failure_lines_no_clock_dated() -> None:
    """FasterDecoding/Medusa issue 118 (a Colab torchrun job killed by SIGKILL while loading its
    checkpoint shards): the ChildFailedError block's lines are undated; its `time :
    2024-08-25_17:31:27` is when the worker failed, and dates them."""
    from tracelens.parsers._lines import parse_timestamp

    lines = [
        '2024-08-25 17:30:20.138324: E external/local_xla/xla/stream_executor/cuda/cuda_fft.cc:485] Unable to'
        ' register cuFFT factory: Attempting to register factory for plugin cuFFT when one has already been r'
        'egistered',
        '    raise ChildFailedError(',
        'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
        '=====================================================',
        'medusa/train/train.py FAILED',
        '-----------------------------------------------------',
        'Failures:',
        '  <NO_OTHER_FAILURES>',
        '-----------------------------------------------------',
        'Root Cause (first observed failure):',
        '[0]:',
        '  time      : 2024-08-25_17:31:27',
        '  host      : 4b1a9e8a140f',
        '  rank      : 0 (local_rank: 0)',
        '  exitcode  : -9 (pid: 8158)',
        '  error_file: <N/A>',
        '  traceback : Signal 9 (SIGKILL) received by PID 8158',
    ]
    crashes = [e["ts_ns"] for e in _scan_rows(*lines, dated=None) if e["kind"] == "crash"]
    assert crashes and set(crashes) == {parse_timestamp("2024-08-25 17:31:27")}


def test_fairseqs_checkpoint_line_names_its_update() -> None:
    """fairseq under hydra's logger (a wav2vec-U example's output, index id 14020005304), read by
    the generic reader: `Loaded checkpoint ... (epoch 51 @ 650 updates)` loads update 650."""
    line = ("[2023-11-28 22:49:35,376][fairseq.trainer][INFO] - Loaded checkpoint "
            "//ai-transcription/output/model/checkpoint_last.pt (epoch 51 @ 650 updates)")
    assert [(e["kind"], e.get("step")) for e in _scan_rows(line, dated=None) if e["kind"] != "attempt_start"] == [
        ("checkpoint_load_end", 650)]


def test_launcher_lines_after_a_failure_start_no_attempt() -> None:
    kinds = [k for k, _ in _scan(
        "[2023-06-09 05:17:46,388] [INFO] worker up",
        "Traceback (most recent call last):",
        "[2023-06-09 05:24:44,405] [INFO] [launch.py:314:sigkill_handler] Killing subprocess 75727",
    )]
    assert kinds == ["attempt_start", "crash"]
    # a worker's own line after the failure is a new process: a new attempt
    assert [k for k, _ in _scan("worker up", "Traceback (most recent call last):", "worker up again")] == [
        "attempt_start", "crash", "attempt_start"]


def test_deepspeed_launcher_teardown_alone_is_a_crash() -> None:
    """A node's log that holds only DeepSpeed's launcher tearing its workers down (launch.py's
    sigkill_handler runs only when a worker exited non-zero or the launcher was signalled): one
    crash, at its first line, of every rank; the lines after it add none. Lines 61-63 of the
    corpus' deepspeed_launcher_nccl_watchdog_broadcast_timeout_then_next_job.log."""
    path = corpus_or_skip("logs", "nccl", "deepspeed_launcher_nccl_watchdog_broadcast_timeout_then_next_job.log")
    lines = path.read_text().splitlines()[60:63]
    assert [("Killing subprocess" in t, "exits with return code = -6" in t) for t in lines] == [
        (True, False), (True, False), (False, True)]
    rows = [e for e in _scan_rows(*lines) if e["kind"] != "attempt_start"]
    assert [(e["kind"], e["line"], e["rank"]) for e in rows] == [("crash", 1, None)]
    # a clean exit's word is no crash ("Process 748089 exits successfully.")
    assert [k for k, _ in _scan("[2025-12-18 20:27:22,783] [INFO] [launch.py:351:main] Process 748089 exits successfully.",
                                dated=False)] == ["attempt_end"]


def test_slurm_time_limit_is_a_crash() -> None:
    line = "slurmstepd: error: *** JOB 1999616 ON r6i4n5 CANCELLED AT 2021-05-27T21:42:11 DUE TO TIME LIMIT ***"
    ((kind, detail),) = _scan(line, dated=False)
    assert kind == "crash" and detail is not None and "DUE TO TIME LIMIT" in detail


def test_megatron_field_names_of_every_era() -> None:
    from tracelens.parsers.megatron import _norm

    assert {_norm(n) for n in ("lm loss", "lm-loss", "lm_loss", " LM  loss ")} == {"lm loss"}
    assert _norm("train_step_timing in s") == "train step timing in s"
    assert _norm("reduced_train_loss") == "reduced train loss"


# ------------------------------------------------------------------ bad input, speed

_CLASSES = {"word": "a", "space": " ", "digit": "7", "punct": "[:|{'/.-,]<", "mixed": "a1 :|["}
_OPENERS = ("", "iteration 1/ 10 | ", "{'loss': ", "Epoch 1: ", ":::MLLOG ", ":::MLL 1 k: ", "[default0]:", "0: ",
            "step=1, skipped=0, lr=[", " 5%|#  | 1/20 [", "Watchdog caught collective operation timeout: WorkNCCL(")


@pytest.mark.parametrize("cls", sorted(_CLASSES))
def test_long_lines_stay_linear(cls: str, tmp_path: Path) -> None:
    """256 kB lines of each character class, after each rule's opening text, through every log
    parser: no pattern or loop is super-linear in the line (a quadratic one takes minutes here:
    the old NCCL pattern took over a second on 16 kB, 16^2 times that on these lines; each pattern alone is
    held to a budget on 64 kB lines by tests/test_regex_budget.py)."""
    unit = _CLASSES[cls]
    body = unit * ((1 << 18) // len(unit))
    parsers = registry()
    for opener in _OPENERS:
        path = tmp_path / "long.log"
        path.write_text(opener + body + "\n" + opener + body[: 1 << 16] + "\r" + opener + "\n")
        started = time.perf_counter()
        for name in LOG_PARSERS:
            try:
                parsers[name].parse(path, ParseOptions())
            except Exception as exc:  # only ParseError is allowed
                from tracelens.errors import ParseError

                assert isinstance(exc, ParseError), f"{name}: {exc!r}"
        assert time.perf_counter() - started < 15, (cls, opener)


def test_a_million_noise_lines_ingest_in_seconds(tmp_path: Path) -> None:
    """A real console log followed by 1M lines of noise: read in seconds, its steps intact,
    every noise line counted as not recognised."""
    import random
    import string

    real = corpus_or_skip("wild", "megatron", "bigscience_2021_meg_gpt2_n8_tp4_pp8_slurm_cancelled.out").read_text()
    rng = random.Random(14)
    words = ["".join(rng.choices(string.ascii_letters + string.digits + ":=|[]", k=rng.randint(2, 9))) for _ in range(3000)]
    # 1M lines drawn from 50,000 distinct ones: a million joins of their own took longer than the
    # ingest under test, and the parsers' line cache holds 8 lines, so repeats gain them nothing
    lines = [" ".join(rng.choices(words, k=rng.randint(3, 15))) for _ in range(50_000)]
    noise = "\n".join(rng.choices(lines, k=1_000_000))
    path = tmp_path / "noisy.log"
    path.write_text(real + noise + "\n")
    started = time.perf_counter()
    store = Store.open(tmp_path / "n.tlstore")
    (rec,) = store.ingest([path]).parsed
    elapsed = time.perf_counter() - started
    assert rec.parser == "megatron"
    steps = store.connect().execute("select count(*) from log_steps").fetchone()[0]
    assert steps == len(re.findall(r" iteration\s+\d+/", real)) == 20
    assert rec.unrecognised_lines is not None and rec.unrecognised_lines >= 1_000_000
    assert elapsed < 30, elapsed


# ------------------------------------------------------------------ world size from the logs

WORLD_SIZE_LOGS = [
    ("wild", "scheduler", "bigscience_2021_meg_ds_zero_n16_slurm_time_limit.out"),
    ("wild", "megatron", "bigscience_2021_meg_ds_3d_n16_lm-loss_hyphen_key.out"),
    ("wild", "megatron", "bigscience_2021_meg_gpt2_n8_tp4_pp8_slurm_cancelled.out"),
    ("wild", "deepspeed", "dschat_llama7b_zero3_16rank_crash_before_first_step.log"),
    ("logs", "torchelastic", "doc2edag_issue24_worker_group_failed_restart_count1.log"),
    ("logs", "deepspeed", "deepspeed_launcher_world_info_spawn.log"),
    ("logs", "deepspeed", "megatron_deepspeed_polaris_wallclock_breakdown_timers.log"),
]


def _printed_world_sizes(text: str) -> set[int]:
    """World sizes as the file prints them, read here line by line: Megatron's arguments line,
    DeepSpeed's launcher, torchelastic's worker spec (one entry per worker, all alike), and the
    launcher's arguments (processes per node x nodes)."""
    sizes = set()
    for line in text.splitlines():
        for pattern in (r"using world size: (\d+)", r"dist_world_size=(\d+)", r"global_world_sizes=\[(\d+)"):
            if (m := re.search(pattern, line)) is not None:
                sizes.add(int(m.group(1)))
        per_node = re.search(r"--nproc_per_node\s+(\d+)", line)
        nodes = re.search(r"--nnodes\s+(\d+)\s", line)
        if per_node and nodes:
            sizes.add(int(per_node.group(1)) * int(nodes.group(1)))
    return sizes


@pytest.mark.parametrize("parts", WORLD_SIZE_LOGS, ids=lambda p: p[-1])
def test_world_size_from_the_printed_lines(tmp_path: Path, parts: tuple[str, ...]) -> None:
    """The GPU count comes from the world size the launcher or framework printed (issue 15,
    defect 9), not a default and not another figure (DeepSpeed's config dump prints its
    data-parallel `world_size ... 1` in a 64-rank 3D job)."""
    path = corpus_or_skip(*parts)
    expected = _printed_world_sizes(path.read_text(errors="replace"))
    assert len(expected) == 1, expected  # each file prints one world
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select gpus, gpus_source from int_world_size").fetchone() == (float(expected.pop()), "launch_config")


def test_total_train_batch_size_is_no_world_size(tmp_path: Path) -> None:
    """HF prints `Total train batch size (w. parallel, distributed & accumulation) = 88`:
    samples per optimizer step, not ranks."""
    path = corpus_or_skip("wild", "hf_trainer", "esm2_fsdp_srun_label_prefix_2node_ckpt_1136.log")
    assert re.search(r"Total train batch size \(w\. parallel, distributed & accumulation\) = 88", path.read_text())
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select count(*) from log_events where kind = 'launch_config'").fetchone() == (0,)


def test_a_worker_group_that_failed_before_its_first_step_is_an_attempt_of_its_own(tmp_path: Path) -> None:
    """torchelastic's agent (a spot-eviction walkthrough's output, index id 8436331815) logs the
    failed worker group, `Worker group FAILED. 3/3 attempts left; will restart worker group` at
    23:18:16,220, and the restarted group's start 30 s later; the failed group logged no step.
    The restart splits the job: two attempts, the first ending where the restart was logged (a
    start marker with no step since the previous one would otherwise join the attempt before), the
    second starting where the agent starts the restarted group, `Starting worker group` at 23:18:46,502,
    after the rendezvous (the agent's and its etcd rendezvous's lines before it are no worker's start)."""
    lines = [
        "[ERROR] 2021-05-21 23:18:16,219 local_elastic_agent: [default] Worker group failed",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 119, in join',
        "    raise Exception(msg)",
        "Exception:",
        "",
        "[INFO] 2021-05-21 23:18:16,220 api: [default] Worker group FAILED. 3/3 attempts left; will restart worker group",
        "[INFO] 2021-05-21 23:18:16,220 api: [default] Stopping worker group",
        "[INFO] 2021-05-21 23:18:16,220 api: [default] Rendezvous'ing worker group",
        "INFO 2021-05-21 23:18:16,220 Attempting to join next rendezvous",
        "INFO 2021-05-21 23:18:46,489 Creating EtcdStore as the c10d::Store implementation",
        "[INFO] 2021-05-21 23:18:46,501 api: [default] Rendezvous complete for workers.",
        "Result:",
        "        restart_count=1",
        "        group_rank=0",
        "",
        "[INFO] 2021-05-21 23:18:46,502 api: [default] Starting worker group",
        "=> set cuda device = 0",
        "=> creating model: resnet18",
        "=> loading checkpoint file: /mnt/blob/data/checkpoint.pth.tar",
        "=> start_epoch: 2, best_acc1: 1.1699999570846558",
        "Epoch: [2][   0/1563]   Time  2.800 ( 2.800)    Data  0.127 ( 0.127)    Loss 3.9720e+00 (3.9720e+00)",
        "Epoch: [2][  10/1563]   Time  0.473 ( 0.692)    Data  0.099 ( 0.110)    Loss 4.1394e+00 (4.0961e+00)",
    ]
    path = tmp_path / "agent.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    con, _ = _store(tmp_path, path)
    restart_ns = int(datetime(2021, 5, 21, 23, 18, 16, tzinfo=UTC).timestamp()) * 10**9 + 220_000_000  # (zone-less: UTC)
    attempts = con.execute("select attempt, start_ns, end_ns from attempts order by attempt").fetchall()
    assert len(attempts) == 2
    assert attempts[0][2] <= restart_ns < attempts[1][1] == restart_ns + (46_502 - 16_220) * 10**6


def test_a_rank_whose_only_line_of_a_timeout_is_its_groups_exception_takes_the_op_its_peers_named(tmp_path: Path) -> None:
    """LLaMA-Factory issue 7396 (PyTorch 2.5, a launcher's `[pid]` counter before each line):
    ranks 0 and 4 name the timed-out ALLREDUCE, SeqNum 1580 of process group 1; rank 3 says only
    `[PG 1 Rank 3] Exception ... at work: 1580`: the same collective of the same group."""
    head = "[{n}] [rank{r}]:[E321 02:07:08.{f} ProcessGroupNCCL.cpp:{src}] "
    caught = ("[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, "
              "NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for {ms} milliseconds before timing out.")
    exception = ("[PG 1 Rank {r}] Exception (either an error or timeout) detected by watchdog at work: 1580, "
                 "last enqueued NCCL work: 1582, last completed NCCL work: 1579.")
    lines = [head.format(n=80746, r=0, f="408271257", src=607) + caught.format(r=0, ms=600060),
             head.format(n=80747, r=4, f="414640780", src=607) + caught.format(r=4, ms=600067),
             head.format(n=80748, r=0, f="465150152", src=1664) + exception.format(r=0),
             head.format(n=80749, r=3, f="465224069", src=1664) + exception.format(r=3)]
    path = tmp_path / "watchdog.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    con, _ = _store(tmp_path, path)
    got = con.execute("select rank, split_part(detail, ' ', 1), regexp_extract(detail, 'SeqNum=(\\d+)', 1) "
                      "from log_events where kind = 'collective_timeout' order by rank").fetchall()
    assert got == [(0, "ALLREDUCE", "1580"), (3, "ALLREDUCE", "1580"), (4, "ALLREDUCE", "1580")]
    # where the peers name different ops for that number, none is taken
    other = tmp_path / "other"
    other.mkdir()
    (other / "watchdog.log").write_text("\n".join([lines[0], lines[1].replace("ALLREDUCE", "BROADCAST"), lines[3]]) + "\n")
    con, _ = _store(other, other / "watchdog.log")
    assert con.execute("select detail from log_events where rank = 3").fetchone()[0].startswith("SeqNum=1580")
    # nor where the rank that names the op names no group: its 1580 may be another group's
    third = tmp_path / "third"
    third.mkdir()
    (third / "watchdog.log").write_text("\n".join([lines[1], lines[3]]) + "\n")
    con, _ = _store(third, third / "watchdog.log")
    assert con.execute("select detail from log_events where rank = 3").fetchone()[0].startswith("SeqNum=1580")


def _attempts_json(path: Path) -> list[dict[str, Any]]:
    code, out, err = run_cli("report", str(path), "--format", "json", "--section", "attempts")
    assert code == 0, err
    return json.loads(out)["attempts"]


def test_an_attempt_known_from_one_dated_instant_has_no_length_not_0_s() -> None:
    """Megatron-DeepSpeed's 49 iteration lines carry no time; the one line dated as an attempt's
    start and DeepSpeed's dated lines after it are all that date the attempt: it ran at least
    their span and its iterations' own elapsed times after it, so `0 s` (its start minus itself)
    is wrong, and the span is a lower bound."""
    path = corpus_or_skip("wild", "megatron", "bigscience_2021_meg_ds_3d_n16_lm-loss_hyphen_key.out")
    elapsed_s = sum(float(ms) / 1000 for ms in re.findall(r"elapsed time per iteration \(ms\): ([\d.]+)", path.read_text()))
    assert elapsed_s > 100
    (attempt,) = _attempts_json(path)
    # (its dated lines run from 20:47:37,205 (line 212) to 20:47:54,339 (line 883), the iterations after
    # them: the attempt ran at least that span, and longer)
    assert attempt["length_s"] == pytest.approx(54.339 - 37.205) and attempt["length_at_least"]
    assert "steps have no time of their own" in attempt["length_reason"]
    code, out, _ = run_cli("report", str(path), "--section", "attempts")
    assert code == 0 and " 0 s " not in out and "≥17.1 s" in out


def test_a_runs_own_training_time_is_its_attempts_length_at_least() -> None:
    """An Evo 2 (NeMo 2) excerpt: its dated lines start at 21:57:03 and its steps are undated;
    its last words are `Total training time: 461.33 seconds`: the attempt ran at least that
    long (it was 32 s, from the dated lines before the first of its undated end lines)."""
    path = corpus_or_skip("logs", "nemo", "evo2_nemo2_async_ckpt_finalize_344s.log")
    (stated,) = [float(s) for s in re.findall(r"Total training time: ([\d.]+) seconds", path.read_text())]
    (attempt,) = _attempts_json(path)
    assert attempt["length_s"] == stated and attempt["length_at_least"] is True
    assert "how long it trained" in attempt["length_reason"]



# A DeepSpeed ZeRO-3 GPT-2 run on two GPUs, out of memory on both ranks after its first step (a public
# repository's console, stored file id 64157137289, its lines 8, 52, 57-60, 87-88 and 117-120): the workers'
# tracebacks have no time of their own; the launcher's teardown after them does
DEEPSPEED_OOM_TEARDOWN = [
    ('[2026-06-16 23:41:40,339] [WARNING] [runner.py:232:fetch_hostfile] Unable to find hostfile, will proceed wit'
     'h training with local resources only.'),
    ('[2026-06-16 23:42:03,073] [WARNING] [engine.py:1690:_configure_basic_optimizer] FusedAdam CUDA build failed '
     '(/home/zhangruihan/.cache/torch_extensions/py310_cu121/fused_adam/fused_adam.so: cannot open shared object f'
     'ile: No such file or directory), falling back to torch.optim.AdamW / torch.optim.Adam.'),
    'Step    0 | Loss: 11.0838 | Time: 1.626s | Tokens/s: 630 | Fwd+Bwd Mem: 7.89 GB | Step Mem: 7.89 GB',
    '[rank1]: Traceback (most recent call last):',
    '[rank1]:   File "/home/zhangruihan/Madeline/experiments/scripts/train_gpt2.py", line 180, in <module>',
    '[rank1]:     main()',
    ('[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.44 GiB. GPU 1 has a total capacity '
     'of 10.75 GiB of which 748.75 MiB is free. Including non-PyTorch memory, this process has 10.01 GiB memory in'
     ' use. Of the allocated memory 8.43 GiB is allocated by PyTorch, and 1.32 GiB is reserved by PyTorch but unal'
     'located. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments'
     ':True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/not'
     'es/cuda.html#environment-variables)'),
    '[rank0]: Traceback (most recent call last):',
    ('[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.44 GiB. GPU 0 has a total capacity '
     'of 10.75 GiB of which 746.25 MiB is free. Including non-PyTorch memory, this process has 10.01 GiB memory in'
     ' use. Of the allocated memory 8.43 GiB is allocated by PyTorch, and 1.32 GiB is reserved by PyTorch but unal'
     'located. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments'
     ':True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/not'
     'es/cuda.html#environment-variables)'),
    '[2026-06-16 23:42:11,933] [INFO] [launch.py:335:sigkill_handler] Killing subprocess 1284970',
    '[2026-06-16 23:42:12,076] [INFO] [launch.py:335:sigkill_handler] Killing subprocess 1284971',
    ("[2026-06-16 23:42:12,076] [ERROR] [launch.py:341:sigkill_handler] ['/home/zhangruihan/miniconda3/envs/madeli"
     "ne/bin/python3.10', '-u', '/home/zhangruihan/Madeline/experiments/scripts/train_gpt2.py', '--local_rank=1', "
     "'--model_size', 'large', '--num_steps', '50', '--deepspeed_config', '/home/zhangruihan/Madeline/experiments/"
     "scripts/../configs/ds_config_baseline.json'] exits with return code = 1"),
]


def test_a_launchers_teardown_dates_the_failure_its_workers_did_not(tmp_path: Path) -> None:
    """Both ranks' tracebacks are undated; DeepSpeed's launcher killed the workers at 23:42:11.933:
    the attempt ran from 23:41:40.339 until then (31.594 s), not only until 23:42:03.073, its last
    dated line before the tracebacks; the failure it reports is still the workers' out-of-memory."""
    path = tmp_path / "console.log"
    path.write_text("\n".join(DEEPSPEED_OOM_TEARDOWN) + "\n", encoding="utf-8")
    con, _ = _store(tmp_path, path)
    start = int(datetime(2026, 6, 16, 23, 41, 40, 339000, tzinfo=UTC).timestamp() * 1000) * 10**6
    killed = int(datetime(2026, 6, 16, 23, 42, 11, 933000, tzinfo=UTC).timestamp() * 1000) * 10**6
    assert con.execute("select start_ns, end_ns, end_reason from attempts").fetchall() == [(start, killed, "crash")]
    assert "CUDA out of memory" in con.execute("select title from findings where finding = 'job_failed'").fetchone()[0]



# An IDEFICS (m4) run on Jean Zay losing a node (experiment notes of 2023-03-06, stored file id 12973898767, the
# block under "Investigation", lines 1-7): srun names the node that failed, the scheduler's cancel names the
# step's head node
M4_NODE_FAILURE = [
    ('iteration:  2500/500000   0% | elapsed time: 07:41:19 | per_token_loss: 3.1525 | lr: 9.990E-06 | num_tokens:'
     ' 788088885 | num_images: 26284370 | num_padding: 391115 | fwd_bwd_time: 43621.8 | fwd_bwd_time_no_acc: 17.3 '
     '| image_to_text_ratio: 0.0332 | num_batches: 2500 | num_batches_in_curr_epoch: 706 | num_batches_since_train'
     'ing_logged: 25 | num_epochs: 1 | num_opt_steps: 2500 | z_loss: 24.6600 | per_example_loss: 15523.8 | pixel_v'
     'alues_sum: 1.54228E+12 | tflop_counter: 1.014E+08 | tflop_counter_no_acc: 4.055E+04 | tflops_fwd_bwd: 2.323E'
     '+03 | tflops_fwd_bwd_no_acc: 2.346E+03 | global_batch_size_current: 4096 |'),
    '** Starting validation **',
    ('Validation logs: val_per_token_loss: 3.0179 | val_per_example_loss: 14921.1 | val_num_images: 150355 | val_n'
     'um_tokens: 4413196 | val_num_padding: 2292 | val_image_to_text_ratio: 0.0341 |'),
    '** Finished validation **',
    'srun: error: Node failure on jean-zay-iam37',
    'srun: Job step aborted: Waiting up to 62 seconds for job step to finish.',
    ('slurmstepd: error: *** STEP 1943824.0 ON jean-zay-iam17 CANCELLED AT 2023-03-06T03:17:51 DUE TO NODE FAILURE'
     ', SEE SLURMCTLD LOG FOR DETAILS ***'),
]


def test_the_failed_node_is_named_before_the_schedulers_cancel(tmp_path: Path) -> None:
    """`srun: error: Node failure on jean-zay-iam37` says which node failed; the cancel after it, `STEP
    1943824.0 ON jean-zay-iam17 CANCELLED ... DUE TO NODE FAILURE`, names the step's first node: the
    job's failure is the former, with the advice for a failed node."""
    con = console_connection(tmp_path, M4_NODE_FAILURE)
    title, advice = con.execute("select title, advice from findings where finding = 'job_failed'").fetchone()
    assert "Node failure on jean-zay-iam37" in title and advice.startswith("preempted or a node failed")


# A torchrun job on Palmetto preempted by Slurm 23 (a chat transcript committed to a repo, stored file id
# 52288270783, the user's pasted console): the training bar's only reading kept, glued to slurmstepd's dated
# cancel (the cancel's end wrapped onto the next line), then torchrun's agent's SignalException and its teardown
PALMETTO_PREEMPTED = [
    ("45%|████▌     | 723/1602 [2:12:45<2:59:53, 12.28s/it][2026-03-25T10:34:07.530] error: *** STEP 11509447.0 ON "
     "nodeau01 CANCELLED [2026-03-25T10:34:07.531] error: *** JOB 11509447 ON nodeau01 CANCELLED AT "
     "2026-03-25T10:34:07 DUE TO PREEMPTION ***"),
    "AT 2026-03-25T10:34:07 DUE TO PREEMPTION ***",
    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    "--- Logging error ---",
    "Traceback (most recent call last):",
    ('  File "/home/haotias/.conda/envs/veremi/lib/python3.13/site-packages/torch/distributed/elastic/agent/server/'
     'api.py", line 908, in _invoke_run'),
    "    time.sleep(monitor_interval)",
    ('  File "/home/haotias/.conda/envs/veremi/lib/python3.13/site-packages/torch/distributed/elastic/multiprocessing/'
     'api.py", line 86, in _terminate_process_handler'),
    '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
    "torch.distributed.elastic.multiprocessing.api.SignalException: Process 3045566 got signal: 15",
    "Message: 'Received %s death signal, shutting down workers'",
    "Arguments: (<Signals.SIGTERM: 15>,)",
    ("W0325 10:34:07.578000 3045566 site-packages/torch/distributed/elastic/multiprocessing/api.py:1010] Sending "
     "process 3045680 closing signal SIGTERM"),
    ("W0325 10:34:07.579000 3045566 site-packages/torch/distributed/elastic/multiprocessing/api.py:1010] Sending "
     "process 3045682 closing signal SIGTERM"),
]


def test_a_preempted_bar_kept_once_dates_its_attempt_back_by_its_elapsed_time(tmp_path: Path) -> None:
    """The bar's one reading, 723 steps in 2:12:45, ends at the cancel (10:34:07.530): the attempt
    began 7,965 s before it and ran those 723 steps, one attempt (the cancel's wrapped rest is no
    relaunch's first line), ended by Slurm 23's dated cancel (`[...] error: *** JOB ... DUE TO
    PREEMPTION ***`): the failure named is the preemption, not the signal it sent the agent."""
    con = console_connection(tmp_path, PALMETTO_PREEMPTED)
    cancel = int(datetime(2026, 3, 25, 10, 34, 7, 530000, tzinfo=UTC).timestamp() * 1e9)
    rows = con.execute("select start_ns, end_ns, first_step, last_step, end_reason from attempts").fetchall()
    assert len(rows) == 1, rows
    start, end, first, last, reason = rows[0]
    assert abs(start - (cancel - (2 * 3600 + 12 * 60 + 45) * 10**9)) <= 10**9 and end >= cancel
    assert (first, last, reason) == (723, 723, "crash")
    title, advice = con.execute("select title, advice from findings where finding = 'job_failed'").fetchone()
    assert "DUE TO PREEMPTION" in title and advice.startswith("preempted"), (title, advice)
    productive, wall = con.execute(
        "select (select seconds from goodput_buckets where bucket = 'productive'), wall_s from goodput").fetchone()
    assert productive is not None and productive >= 0.9 * (2 * 3600 + 12 * 60 + 45), (productive, wall)


# A Flux DreamBooth LoRA run of diffusers' train_dreambooth_lora_flux.py on Modal (Vietnamese notes, stored file id
# 37918265018, the `modal run` transcript): its dated training header, then the `Steps:` bar's drawings from 241
# on, glued on one line (the author kept no earlier one)
FLUX_DREAMBOOTH_BAR = [
    '08/23/2024 02:05:33 - INFO - __main__ - ***** Running training *****',
    '08/23/2024 02:05:33 - INFO - __main__ -   Num examples = 3',
    '08/23/2024 02:05:33 - INFO - __main__ -   Num batches each epoch = 1',
    '08/23/2024 02:05:33 - INFO - __main__ -   Num Epochs = 250',
    '08/23/2024 02:05:33 - INFO - __main__ -   Instantaneous batch size per device = 3',
    '08/23/2024 02:05:33 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 3',
    '08/23/2024 02:05:33 - INFO - __main__ -   Gradient Accumulation steps = 1',
    '08/23/2024 02:05:33 - INFO - __main__ -   Total optimization steps = 250',
    (
        'Steps:  96%|█████████▋| 241/250 [04:53<00:10,  1.22s/it, loss=0.577, lr=0.0004]'
        'Steps:  96%|█████████▋| 241/250 [04:53<00:10,  1.22s/it, loss=0.622, lr=0.0004]'
        'Steps:  97%|█████████▋| 242/250 [04:54<00:09,  1.22s/it, loss=0.622, lr=0.0004]'
        'Steps:  97%|█████████▋| 242/250 [04:54<00:09,  1.22s/it, loss=0.728, lr=0.0004]'
        'Steps:  97%|█████████▋| 243/250 [04:55<00:08,  1.22s/it, loss=0.728, lr=0.0004]'
        'Steps:  97%|█████████▋| 243/250 [04:55<00:08,  1.22s/it, loss=0.772, lr=0.0004]'
        'Steps:  98%|█████████▊| 244/250 [04:56<00:07,  1.22s/it, loss=0.772, lr=0.0004]'
        'Steps:  98%|█████████▊| 244/250 [04:56<00:07,  1.22s/it, loss=0.471, lr=0.0004]'
        'Steps:  98%|█████████▊| 245/250 [04:57<00:06,  1.22s/it, loss=0.471, lr=0.0004]'
        'Steps:  98%|█████████▊| 245/250 [04:57<00:06,  1.22s/it, loss=0.52, lr=0.0004] '
        'Steps:  98%|█████████▊| 246/250 [04:59<00:04,  1.22s/it, loss=0.52, lr=0.0004]'
        'Steps:  98%|█████████▊| 246/250 [04:59<00:04,  1.22s/it, loss=0.611, lr=0.0004]'
        'Steps:  99%|█████████▉| 247/250 [05:00<00:03,  1.22s/it, loss=0.611, lr=0.0004]'
        'Steps:  99%|█████████▉| 247/250 [05:00<00:03,  1.22s/it, loss=0.429, lr=0.0004]'
        'Steps:  99%|█████████▉| 248/250 [05:01<00:02,  1.22s/it, loss=0.429, lr=0.0004]'
        'Steps:  99%|█████████▉| 248/250 [05:01<00:02,  1.22s/it, loss=0.804, lr=0.0004]'
        'Steps: 100%|█████████▉| 249/250 [05:02<00:01,  1.22s/it, loss=0.804, lr=0.0004]'
        'Steps: 100%|█████████▉| 249/250 [05:02<00:01,  1.22s/it, loss=0.566, lr=0.0004]S'
        'Steps: 100%|██████████| 250/250 [05:04<00:00,  1.22s/it, loss=0.647, lr=0.0004]'
        'Model weights saved in /model/pytorch_lora_weights.safetensors'
    ),
]


def test_a_bars_first_reading_kept_ends_the_steps_its_elapsed_time_holds(tmp_path: Path) -> None:
    """The bar's first drawing kept reads 241 steps in 4:53 from the header's 02:05:33: those 293 s
    are steps 1-241, not start-up (they were 292 s of start-up, goodput 3.9 %); what start-up is
    left is no more than a few steps' time (at the bar's 1.22 s/it)."""
    con = console_connection(tmp_path, FLUX_DREAMBOOTH_BAR)
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    assert buckets.get("productive", 0) >= 4 * 60 + 53 + (250 - 241) * 1.22 - 10 * 1.22, buckets
    assert buckets.get("startup", 0) <= 10 * 1.22, buckets
    (start_logged,) = con.execute("select start_logged from int_job_wall").fetchone()
    assert start_logged  # (the header dates the start: nothing before it is left out)


# diffusers' textual_inversion.py under Accelerate on 2 GPUs, saving its state every 500 steps (Chinese notes,
# stored file id 30881230736, its log block from its training header): the author cut the lines between
# checkpoint-2000's save and checkpoint-2500's last ones
TEXTUAL_INVERSION_CUT_SAVES = [
    '03/13/2023 10:48:40 - INFO - __main__ - ***** Running training *****',
    '03/13/2023 10:48:40 - INFO - __main__ -   Num examples = 1100',
    '03/13/2023 10:48:40 - INFO - __main__ -   Num Epochs = 22',
    '03/13/2023 10:48:40 - INFO - __main__ -   Instantaneous batch size per device = 1',
    ('03/13/2023 10:48:40 - INFO - __main__ -   Total train batch size (w. parallel, distributed'
     ' & accumulation) = 8'),
    '03/13/2023 10:48:40 - INFO - __main__ -   Gradient Accumulation steps = 4',
    '03/13/2023 10:48:40 - INFO - __main__ -   Total optimization steps = 3000',
    ('Steps:   0%|                                                                              '
     '| 1/3000 [00:20<17:26:08, 20.93s/it, loss=0.155, lr=0.004]'),
    ('Steps:  17%|█████████████▏                                                                '
     ' | 500/3000 [09:58<48:29,  1.16s/it, loss=0.168, lr=0.004]'),
    '03/13/2023 10:58:39 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 10:58:39 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-500'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-500/pytorch_model.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-500/optimizer.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-500/scheduler.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-500/random_states_0.pkl'),
    '03/13/2023 10:58:39 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-500',
    ('Steps:  33%|█████████████████████████▋                                                   |'
     ' 1000/3000 [19:39<38:52,  1.17s/it, loss=0.0701, lr=0.004]'),
    '03/13/2023 11:08:20 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:08:20 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-1000'),
    ('03/13/2023 11:08:20 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-1000/pytorch_model.bin'),
    ('03/13/2023 11:08:20 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-1000/optimizer.bin'),
    ('03/13/2023 11:08:20 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-1000/scheduler.bin'),
    ('03/13/2023 11:08:20 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-1000/random_states_0.pkl'),
    '03/13/2023 11:08:20 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-1000',
    ('Steps:  50%|██████████████████████████████████████▌                                      |'
     ' 1500/3000 [29:22<29:20,  1.17s/it, loss=0.0948, lr=0.004]'),
    '03/13/2023 11:18:02 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:18:02 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-1500'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-1500/pytorch_model.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-1500/optimizer.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-1500/scheduler.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-1500/random_states_0.pkl'),
    '03/13/2023 11:18:03 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-1500',
    ('Steps:  67%|███████████████████████████████████████████████████▎                         |'
     ' 2000/3000 [39:04<19:26,  1.17s/it, loss=0.0592, lr=0.004]'),
    '03/13/2023 11:27:44 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:27:44 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-2000'),
    ('03/13/2023 11:27:45 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-2000/pytorch_model.bin'),
    ('03/13/2023 11:27:45 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-2000/optimizer.bin'),
    ('03/13/2023 11:27:45 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-2000/scheduler.bin'),
    ('03/13/2023 11:37:27 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-2500/random_states_0.pkl'),
    '03/13/2023 11:37:27 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-2500',
    ('Steps: 100%|█████████████████████████████████████████████████████████████████████████████|'
     ' 3000/3000 [58:30<00:00,  1.18s/it, loss=0.0188, lr=0.004]'),
    '03/13/2023 11:47:10 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:47:10 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-3000'),
    ('03/13/2023 11:47:10 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-3000/pytorch_model.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-3000/optimizer.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-3000/scheduler.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-3000/random_states_0.pkl'),
    '03/13/2023 11:47:11 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-3000',
]


def test_a_save_start_is_not_ended_by_another_checkpoints_save(tmp_path: Path) -> None:
    """checkpoint-2000's `Saving current state to` (11:27:44) is followed, past the cut, by
    checkpoint-2500's `Saved state to` (11:37:27): not one 583 s save. Every save the lines show
    whole ends within a second of its start (10:58:39, 11:08:20, 11:18:02-03, 11:47:10-11), and
    the saves carry the steps their folders name."""
    con = console_connection(tmp_path, TEXTUAL_INVERSION_CUT_SAVES)
    (saving,) = con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_save'").fetchone()
    assert saving <= 4 * 2, saving
    steps = con.execute("select step from log_events where kind = 'checkpoint_save_start' order by line").fetchall()
    assert [s for (s,) in steps] == [500, 1000, 1500, 2000, 3000]


# An Anima DiT LoRA trainer of kohya sd-scripts' kind (a committed text file, stored file id 53766953367): the
# console of two runs, one after the other at a shell prompt; rich's dated lines glued after the steps bar
# where the terminal was narrower than the bar (lines 4, 16-33, 43-47, 52-60, 70-72 of the 73)
SDSCRIPTS_TWO_RUNS = [
    ('2026-04-03 11:35:31 INFO     static_token_count=4096                                      '
     '                                               train.py:353'),
    'running training / 学習開始',
    '  num train images * repeats / 学習画像の数×繰り返し回数: 157',
    '  num validation images * repeats / 学習画像の数×繰り返し回数: 39',
    '  num reg images / 正則化画像の数: 0',
    '  num batches per epoch / 1epochのバッチ数: 81',
    '  num epochs / epoch数: 2',
    '  batch size per device / バッチサイズ: 2',
    '  gradient accumulation steps / 勾配を合計するステップ数 = 1',
    '  total optimization steps / 学習ステップ数: 162',
    ('2026-04-03 11:35:34 INFO     text_encoder is not needed for training. deleting to save mem'
     'ory.                                          train.py:1980'),
    ('                    INFO     unet dtype: torch.bfloat16, device: cuda:0                   '
     '                                              train.py:2018'),
    ('steps:   0%|                                                                              '
     '                                   | 0/162 [00:00<?, ?it/s]'),
    'epoch 1/2',
    '',
    ('2026-04-03 11:35:35 INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                                                base.py:175'),
    ('2026-04-03 11:35:35 INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                                                base.py:175'),
    ('steps:  50%|███████████████████████████████████████████▌                                  '
     '         | 81/162 [07:26<07:26,  5.51s/it, avr_loss=0.08692026-04-03 11:43:01 INFO     epo'
     'ch is incremented. current_epoch: 0, epoch: 1                                             '
     '                base.py:175]'),
    ('2026-04-03 11:43:01 INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                                                base.py:175'),
    'saving checkpoint: output/anima_lora.safetensors',
    ('2026-04-03 11:54:35 INFO     model saved.                                                 '
     '                    train.py:2601'),
    ('steps: 100%|██████████████████████████████████████████████████████████████████████████████'
     '████████| 162/162 [14:44<00:00,  5.46s/it, avr_loss=0.0905]'),
    ('epoch validation steps: 100%|█████████████████████████| 88/88 [02:11<00:00,  1.49s/it, val'
     '_epoch_avg_loss=0.21, sigma=0.35]'),
    '(anima) sorryhyun@sorryhyun-MS-7C94:~/anima/anima_lora$ ',
    'original',
    '',
    ('steps:   0%|                                                                              '
     '         | 0/162 [00:00<?, ?it/s]'),
    'epoch 1/2',
    '',
    ('                    INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                      base.py:175'),
    ('                    INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                      base.py:175'),
    ('steps:  50%|██████████████████████████████▌                              | 81/162 [07:29<0'
     '7:29,  5.55s/it, avr_loss=0.09862026-04-03 12:04:12 INFO     epoch is incremented. current'
     '_epoch: 0, epoch: 1                                   base.py:175]'),
    ('2026-04-03 12:04:12 INFO     epoch is incremented. current_epoch: 0, epoch: 1             '
     '                      base.py:175'),
    'saving checkpoint: output/anima_lora.safetensors',
    ('2026-04-03 12:15:49 INFO     model saved.                                                 '
     '                    train.py:2601'),
    ('steps: 100%|████████████████████████████████████████████████████████████| 162/162 [14:50<0'
     '0:00,  5.50s/it, avr_loss=0.0873]'),
]


def test_a_date_glued_after_a_wide_bar_dates_it_and_a_second_run_is_an_attempt(tmp_path: Path) -> None:
    """`| 81/162 [07:26<07:26,  5.51s/it, avr_loss=0.0869` runs into `2026-04-03 11:43:01 INFO ...`
    past where a date is looked for: step 81 ends then. The second run's bar (`0/162` again after
    the first's `162/162` and its `model saved.` at 11:54:35) reads 81 at 12:04:12 after 07:29:
    its run began at 11:56:43, a second attempt, not the first's 9 minutes more."""
    con = console_connection(tmp_path, SDSCRIPTS_TWO_RUNS)

    def at(hms: str) -> int:
        return int(datetime.fromisoformat(f"2026-04-03T{hms}+00:00").timestamp()) * 10**9

    ended = con.execute("select end_ns from log_steps where step = 81 order by line").fetchall()
    assert [e for (e,) in ended] == [at("11:43:01"), at("12:04:12")]
    attempts = con.execute("select start_ns, end_ns, first_step, last_step from attempts order by attempt").fetchall()
    assert len(attempts) == 2, attempts
    assert attempts[0][0] == at("11:35:31") and attempts[0][1] == at("11:54:35")
    assert abs(attempts[1][0] - (at("12:04:12") - (7 * 60 + 29) * 10**9)) <= 10**9 and attempts[1][1] == at("12:15:49")


def test_a_consoles_closing_prompt_starts_no_attempt(tmp_path: Path) -> None:
    """The same console up to the shell's prompt after the first run (`(anima) sorryhyun@...:~/anima/anima_lora$ `),
    nothing after it: the prompt starts nothing (read, an attempt with no step, the run before it `restarted`)."""
    prompt = next(i for i, t in enumerate(SDSCRIPTS_TWO_RUNS) if t.startswith("(anima) ") and t.rstrip().endswith("$"))
    con = console_connection(tmp_path, SDSCRIPTS_TWO_RUNS[:prompt + 1])
    assert con.execute("select count(*) from log_events where kind = 'attempt_start' and line = ?",
                       [prompt + 1]).fetchone() == (0,)
    assert con.execute("select attempt, end_reason from attempts").fetchall() == [(1, "completed")]


# PGL's SIGN model on MovieLens tags (PaddlePaddle Graph Learning, a reproduction's README, stored file id
# 30254965804): a data-loading bar over two million graphs, then one dated line an epoch
PGL_EPOCHS = [
    '[INFO] 2022-02-15 12:27:27,238 [  dataset.py:  129]:    loading data from ./data/ml-tag/ml-tag.data',
    ('100%|████████████████████████████████████████████████████████████████████████████████| 200'
     '6859/2006859 [01:00<00:00, 33296.96it/s]'),
    '[INFO] 2022-02-15 12:29:00,628 [  dataset.py:  263]:    Finished loading data',
    '[INFO] 2022-02-15 12:29:00,628 [  dataset.py:  263]:    Finished loading data',
    '',
    '                num_graph:2006859',
    '                num_feature:90445',
    '                nodes/graph:3',
    '                num_edges:12041154',
    '                ',
    ('[INFO] 2022-02-15 12:29:02,437 [  dataset.py:   65]:    train_set : valid_set : test_set ='
     ' 1404801 : 301029: 301029'),
    '',
    'datast: ml-tag',
    'vector dim: 8',
    'batch_size: 1024',
    'lr: 0.05',
    '',
    '[INFO] 2022-02-15 12:29:02,602 [    train.py:   46]:    start training...',
    ('[INFO] 2022-02-15 12:31:45,725 [    train.py:   98]:    Epoch: 000, Loss: 0.1501, Train Au'
     'c: 0.9247,Train Acc: 0.8943,Train edges: 8428799, Val Auc: 0.9151, Acc: 0.8899, Test Auc: '
     '0.9158, Acc: 0.8910, Train edges: 1806172'),
    ('[INFO] 2022-02-15 12:34:32,008 [    train.py:   98]:    Epoch: 001, Loss: 0.1077, Train Au'
     'c: 0.9429,Train Acc: 0.9026,Train edges: 8428803, Val Auc: 0.9295, Acc: 0.8950, Test Auc: '
     '0.9301, Acc: 0.8960, Train edges: 1806173'),
    ('[INFO] 2022-02-15 12:37:17,265 [    train.py:   98]:    Epoch: 002, Loss: 0.0961, Train Au'
     'c: 0.9537,Train Acc: 0.9114,Train edges: 8428804, Val Auc: 0.9358, Acc: 0.9005, Test Auc: '
     '0.9365, Acc: 0.9009, Train edges: 1806172'),
    ('[INFO] 2022-02-15 12:39:59,226 [    train.py:   98]:    Epoch: 003, Loss: 0.0883, Train Au'
     'c: 0.9616,Train Acc: 0.9183,Train edges: 8428805, Val Auc: 0.9392, Acc: 0.9034, Test Auc: '
     '0.9401, Acc: 0.9039, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:42:41,809 [    train.py:   98]:    Epoch: 004, Loss: 0.0819, Train Au'
     'c: 0.9674,Train Acc: 0.9244,Train edges: 8428804, Val Auc: 0.9415, Acc: 0.9057, Test Auc: '
     '0.9420, Acc: 0.9065, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:45:26,478 [    train.py:   98]:    Epoch: 005, Loss: 0.0764, Train Au'
     'c: 0.9717,Train Acc: 0.9304,Train edges: 8428806, Val Auc: 0.9423, Acc: 0.9076, Test Auc: '
     '0.9431, Acc: 0.9084, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:48:10,314 [    train.py:   98]:    Epoch: 006, Loss: 0.0716, Train Au'
     'c: 0.9751,Train Acc: 0.9350,Train edges: 8428805, Val Auc: 0.9424, Acc: 0.9088, Test Auc: '
     '0.9433, Acc: 0.9098, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:50:54,072 [    train.py:   98]:    Epoch: 007, Loss: 0.0676, Train Au'
     'c: 0.9779,Train Acc: 0.9391,Train edges: 8428805, Val Auc: 0.9420, Acc: 0.9100, Test Auc: '
     '0.9427, Acc: 0.9103, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:53:36,106 [    train.py:   98]:    Epoch: 008, Loss: 0.0640, Train Au'
     'c: 0.9798,Train Acc: 0.9415,Train edges: 8428806, Val Auc: 0.9411, Acc: 0.9105, Test Auc: '
     '0.9418, Acc: 0.9109, Train edges: 1806174'),
    ('[INFO] 2022-02-15 12:56:23,378 [    train.py:   98]:    Epoch: 009, Loss: 0.0610, Train Au'
     'c: 0.9816,Train Acc: 0.9447,Train edges: 8428805, Val Auc: 0.9404, Acc: 0.9110, Test Auc: '
     '0.9412, Acc: 0.9116, Train edges: 1806174'),
]


def test_a_bar_counting_faster_than_any_training_step_is_no_step(tmp_path: Path) -> None:
    """The data-loading bar, `2006859/2006859 [01:00<00:00, 33296.96it/s]` (30 us an item: no
    training step is that short), is not the run's one step: the ten epochs are, each ended by its
    dated line (12:31:45.725 to 12:56:23.378)."""
    con = console_connection(tmp_path, PGL_EPOCHS)
    rows = con.execute("select step, end_ns from log_steps order by line").fetchall()
    ends = [int(datetime.fromisoformat(f"2022-02-15T{line[18:26]}.{line[27:30]}+00:00").timestamp() * 1000) * 10**6
            for line in PGL_EPOCHS if "Epoch: " in line]
    assert rows == list(enumerate(ends)), rows


# A TensorFlow 1.x Estimator trained and evaluated in a loop in one process (`for _ in range(_NUM_EPOCHS):
# image_classifier.train(...); image_classifier.evaluate(...)`; Korean notes, stored file id 9251318595): each
# train() call restores the last checkpoint and ends with `Loss for final step`; its first two calls
ESTIMATOR_LOOP = [
    'INFO:tensorflow:Calling model_fn.',
    'INFO:tensorflow:Done calling model_fn.',
    'INFO:tensorflow:Create CheckpointSaverHook.',
    'INFO:tensorflow:Graph was finalized.',
    'INFO:tensorflow:Restoring parameters from model_name\\model.ckpt-27',
    ('WARNING:tensorflow:From C:\\Users\\jinma\\AppData\\Local\\Continuum\\anaconda3\\envs\\basic\\lib\\si'
     'te-packages\\tensorflow_core\\python\\training\\saver.py:1069: get_checkpoint_mtimes (from ten'
     'sorflow.python.training.checkpoint_management) is deprecated and will be removed in a futu'
     're version.'),
    'Instructions for updating:',
    'Use standard file utilities to get mtimes.',
    'INFO:tensorflow:Running local_init_op.',
    'INFO:tensorflow:Done running local_init_op.',
    'INFO:tensorflow:Saving checkpoints for 27 into model_name\\model.ckpt.',
    'INFO:tensorflow:loss = 1.847903, step = 27',
    'INFO:tensorflow:accuracy = 0.6611328, global_step = 27, loss = 1.847903',
    'INFO:tensorflow:Saving checkpoints for 54 into model_name\\model.ckpt.',
    'INFO:tensorflow:Loss for final step: 0.87577367.',
    'INFO:tensorflow:Calling model_fn.',
    'INFO:tensorflow:Done calling model_fn.',
    'INFO:tensorflow:Starting evaluation at 2020-02-07T14:21:07Z',
    'INFO:tensorflow:Graph was finalized.',
    'INFO:tensorflow:Restoring parameters from model_name\\model.ckpt-54',
    'INFO:tensorflow:Running local_init_op.',
    'INFO:tensorflow:Done running local_init_op.',
    'INFO:tensorflow:Finished evaluation at 2020-02-07-14:21:07',
    'INFO:tensorflow:Saving dict for global step 54: accuracy/accuracy = 0.76, global_step = 54, loss = 0.8908232',
    "INFO:tensorflow:Saving 'checkpoint_path' summary for global step 54: model_name\\model.ckpt-54",
    'INFO:tensorflow:Calling model_fn.',
    'INFO:tensorflow:Done calling model_fn.',
    'INFO:tensorflow:Create CheckpointSaverHook.',
    'INFO:tensorflow:Graph was finalized.',
    'INFO:tensorflow:Restoring parameters from model_name\\model.ckpt-54',
    'INFO:tensorflow:Running local_init_op.',
    'INFO:tensorflow:Done running local_init_op.',
    'INFO:tensorflow:Saving checkpoints for 54 into model_name\\model.ckpt.',
    'INFO:tensorflow:loss = 0.9371305, step = 54',
    'INFO:tensorflow:accuracy = 0.75341797, global_step = 54, loss = 0.9371305',
    'INFO:tensorflow:Saving checkpoints for 81 into model_name\\model.ckpt.',
    'INFO:tensorflow:Loss for final step: 0.5595695.',
    'INFO:tensorflow:Calling model_fn.',
    'INFO:tensorflow:Done calling model_fn.',
    'INFO:tensorflow:Starting evaluation at 2020-02-07T14:21:09Z',
    'INFO:tensorflow:Graph was finalized.',
    'INFO:tensorflow:Restoring parameters from model_name\\model.ckpt-81',
    'INFO:tensorflow:Running local_init_op.',
    'INFO:tensorflow:Done running local_init_op.',
    'INFO:tensorflow:Finished evaluation at 2020-02-07-14:21:09',
]


def test_an_estimators_train_and_evaluate_loop_is_one_attempt(tmp_path: Path) -> None:
    """Each `train()` call restores `model.ckpt-27`, then `-54`, and ends with `Loss for final step`;
    each `evaluate()` restores the checkpoint too: one process (its code is one loop), so one
    attempt, steps 27 and 54, ended by the last call's final step; the restores after the
    first are no relaunch's checkpoint load."""
    con = console_connection(tmp_path, ESTIMATOR_LOOP)
    rows = con.execute("select first_step, last_step, end_reason from attempts").fetchall()
    assert rows == [(27, 54, "completed")], rows
    loads = con.execute("select step from log_events where kind = 'checkpoint_load_start'").fetchall()
    assert loads == [(27,)], loads


# A CSCS example of a long run over Slurm time limits (its README's output, stored file id 4920542407): each job
# saves its state on SIGTERM and the resubmitted one recovers it; the author cut lines (`...`)
CSCS_TIME_LIMITS = [
    '2025-05-21 11:31:55,595 - root - INFO - Setting up DataLoaders...',
    '2025-05-21 11:31:57,838 - root - INFO - Setting up Model...',
    ('2025-05-21 11:32:31,846 - root - INFO - Starting from scratch, no state found in /iopsstor'
     '/scratch/cscs/athillen/example_slurmlongrun/state-454600.json'),
    ('2025-05-21 11:32:33,519 - root - INFO - Registered SIGTERM handler to save state to /iopss'
     'tor/scratch/cscs/athillen/example_slurmlongrun/state-454600.json on termination.'),
    '2025-05-21 11:32:33,521 - root - INFO - Starting training!',
    ('2025-05-21 11:32:34,982 - root - INFO - Step: 1 | Loss: 12.03 | Tokens per second: 2884.67'
     ' | Training tokens per second (%): 19.38 | MFU (%): 15.03 | TFLOPs: 148.68'),
    '...',
    ('2025-05-21 11:33:40,533 - root - INFO - Step: 120 | Loss: 7.89 | Tokens per second: 7542.8'
     '9 | Training tokens per second (%): 26.43 | MFU (%): 39.31 | TFLOPs: 388.77'),
    'slurmstepd: error: *** STEP 454600.0 ON nid006459 CANCELLED AT 2025-05-21T11:33:42 ***',
    ('2025-05-21 11:33:43,079 - root - INFO - [Received SIGTERM] : Saving state to /iopsstor/scr'
     'atch/cscs/athillen/example_slurmlongrun/state-454600.json'),
    '2025-05-21 11:33:54,977 - root - INFO - [Received SIGTERM] : Finished saving state.',
    ('2025-05-21 11:33:55,081 - root - INFO - Step: 125 | Loss: 8.12 | Tokens per second: 1411.7'
     '6 | Training tokens per second (%): 24.73 | MFU (%): 7.36 | TFLOPs: 72.76'),
    '...',
    'slurmstepd: error: *** JOB 454600 ON nid006459 CANCELLED AT 2025-05-21T11:34:48 DUE TO TIME LIMIT ***',
    'srun: forcing job termination',
    '',
    '2025-05-21 11:36:33,182 - root - INFO - Setting up DataLoaders...',
    '2025-05-21 11:36:35,357 - root - INFO - Setting up Model...',
    ('2025-05-21 11:37:16,360 - root - INFO - Recovered model state from /iopsstor/scratch/cscs/'
     'athillen/example_slurmlongrun/state-454600.json'),
    ('2025-05-21 11:37:16,626 - root - INFO - Registered SIGTERM handler to save state to /iopss'
     'tor/scratch/cscs/athillen/example_slurmlongrun/state-454600.json on termination.'),
    '2025-05-21 11:37:16,628 - root - INFO - Starting training!',
    ('2025-05-21 11:37:18,498 - root - INFO - Step: 225 | Loss: 7.56 | Tokens per second: 2238.8'
     '8 | Training tokens per second (%): 19.38 | MFU (%): 11.67 | TFLOPs: 115.39'),
    ('2025-05-21 11:37:21,168 - root - INFO - Step: 230 | Loss: 7.29 | Tokens per second: 7789.9'
     '0 | Training tokens per second (%): 13.66 | MFU (%): 40.60 | TFLOPs: 401.50'),
    ('2025-05-21 11:37:23,877 - root - INFO - Step: 235 | Loss: 7.63 | Tokens per second: 7677.6'
     '0 | Training tokens per second (%): 22.45 | MFU (%): 40.01 | TFLOPs: 395.71'),
    '...',
    'slurmstepd: error: *** JOB 454609 ON nid006455 CANCELLED AT 2025-05-21T11:39:18 DUE TO TIME LIMIT ***',
    'srun: Job step aborted: Waiting up to 32 seconds for job step to finish.',
    'srun: forcing job termination',
    'srun: got SIGCONT',
    ('2025-05-21 11:39:18,023 - root - INFO - [Received SIGTERM] : Saving state to /iopsstor/scr'
     'atch/cscs/athillen/example_slurmlongrun/state-454600.json'),
    '....',
    '....',
    ('2025-05-21 11:53:53,561 - root - INFO - Step: 995 | Loss: 4.38 | Tokens per second: 7647.0'
     '1 | Training tokens per second (%): 10.83 | MFU (%): 39.85 | TFLOPs: 394.14'),
    ('2025-05-21 11:53:56,307 - root - INFO - Step: 1000 | Loss: 4.74 | Tokens per second: 7571.'
     '65 | Training tokens per second (%): 16.73 | MFU (%): 39.46 | TFLOPs: 390.25'),
    '2025-05-21 11:53:56,307 - root - INFO - Training completed',
]


def test_an_attempt_the_scheduler_cancelled_ran_until_the_cancel(tmp_path: Path) -> None:
    """Slurm cancelled the first two jobs at their time limit (`CANCELLED AT 2025-05-21T11:34:48 DUE
    TO TIME LIMIT`, `... 11:39:18 ...`), after lines the author cut: each attempt ran until its
    cancel, not until its last step line kept (11:33:55, 11:37:23), and the downtime between jobs
    is said to be the resubmission's, not a failure to hunt down."""
    con = console_connection(tmp_path, CSCS_TIME_LIMITS)

    def at(hms: str) -> int:
        return int(datetime.fromisoformat(f"2025-05-21T{hms}+00:00").timestamp()) * 10**9

    ends = con.execute("select end_ns, end_reason from attempts order by attempt").fetchall()
    assert ends[:2] == [(at("11:34:48"), "crash"), (at("11:39:18"), "crash")], ends
    (advice,) = con.execute("select advice from findings where finding = 'restart_downtime'").fetchone()
    assert "time limit" in advice and "hang analysis" not in advice, advice


# A DiT variant's training on Lightning Studio (a markdown note of the experiment, stored file id 43788907181): its
# logger's dated lines up to its first epoch, then the traceback of its first forward
DIT_FIRST_FORWARD = [
    '⚡ ~ python TrainDiTTest2.py --batch-size 4 --epochs 10',
    '[2024-10-21 01:22:04] Experiment directory created at results/025-DiT-S-8',
    '[2024-10-21 01:22:05] DiT Parameters: 49,193,600',
    ("Using the latest cached version of the dataset since tungdop2/nsfw_w_caption couldn't be f"
     'ound on the Hugging Face Hub'),
    ('[2024-10-21 01:22:05] Using the latest cached version of the dataset since tungdop2/nsfw_w'
     "_caption couldn't be found on the Hugging Face Hub"),
    ("Found the latest cached dataset configuration 'default' at /home/zeus/.cache/huggingface/d"
     'atasets/tungdop2___nsfw_w_caption/default/0.0.0/b3c4989a2ec9d32a80e22e7a3b77c6748291d205 ('
     'last modified on Mon Oct 21 00:43:56 2024).'),
    ("[2024-10-21 01:22:05] Found the latest cached dataset configuration 'default' at /home/zeu"
     's/.cache/huggingface/datasets/tungdop2___nsfw_w_caption/default/0.0.0/b3c4989a2ec9d32a80e2'
     '2e7a3b77c6748291d205 (last modified on Mon Oct 21 00:43:56 2024).'),
    '[2024-10-21 01:22:05] Dataset contains 4,289 images',
    '[2024-10-21 01:22:05] Starting epoch 0',
    ('shift_msa: torch.Size([4, 384]), scale_msa: torch.Size([4, 384]), shift_cross: torch.Size('
     '[4, 384]), scale_cross: torch.Size([4, 384]), shift_mlp: torch.Size([4, 384]), scale_'),
    'mlp: torch.Size([4, 384])',
    'torch.Size([4, 384])',
    'Traceback (most recent call last):',
    '  File "/teamspace/studios/this_studio/TrainDiTTest2.py", line 188, in <module>',
    '    main(args)',
    '  File "/teamspace/studios/this_studio/TrainDiTTest2.py", line 148, in main',
    '    loss_dict = diffusion.training_losses(model, x, t, model_kwargs=model_kwargs)',
    '  File "/teamspace/studios/this_studio/ReSpace.py", line 88, in training_losses',
    '    return super().training_losses(self._wrap_model(model), *args, **kwargs)',
    '  File "/teamspace/studios/this_studio/GaussianDiffusion.py", line 737, in training_losses',
    '    model_output = model(x_t, t, **model_kwargs)',
    '  File "/teamspace/studios/this_studio/ReSpace.py", line 116, in __call__',
    '    return self.model(x, new_ts, **kwargs)',
    ('  File "/home/zeus/miniconda3/envs/cloudspace/lib/python3.10/site-packages/torch/nn/module'
     's/module.py", line 1511, in _wrapped_call_impl'),
    '    return self._call_impl(*args, **kwargs)',
    ('  File "/home/zeus/miniconda3/envs/cloudspace/lib/python3.10/site-packages/torch/nn/module'
     's/module.py", line 1520, in _call_impl'),
    '    return forward_call(*args, **kwargs)',
    '  File "/teamspace/studios/this_studio/ModelDiT2.py", line 233, in forward',
    '    x = block(x, c, text_embed)',
    ('  File "/home/zeus/miniconda3/envs/cloudspace/lib/python3.10/site-packages/torch/nn/module'
     's/module.py", line 1511, in _wrapped_call_impl'),
    '    return self._call_impl(*args, **kwargs)',
    ('  File "/home/zeus/miniconda3/envs/cloudspace/lib/python3.10/site-packages/torch/nn/module'
     's/module.py", line 1520, in _call_impl'),
    '    return forward_call(*args, **kwargs)',
    '  File "/teamspace/studios/this_studio/ModelDiT2.py", line 137, in forward',
    '    x = x + gate_msa * self.attn(modulate(self.norm1(x), shift_msa, scale_msa))',
    'RuntimeError: The size of tensor a (4) must match the size of tensor b (16) at non-singleton dimension 1',
]


def test_a_run_that_failed_in_its_first_epoch_before_any_step_is_read(tmp_path: Path) -> None:
    """No step line and no training word, but `Starting epoch 0` and then a traceback through torch:
    the console of a run that failed at its first forward (it was not read at all), its failure
    the traceback's `RuntimeError: The size of tensor a (4) must match ...`, after 01:22:05."""
    con = console_connection(tmp_path, DIT_FIRST_FORWARD, name="train.log")
    (title,) = con.execute("select title from findings where finding = 'job_failed'").fetchone()
    assert "The size of tensor a (4) must match the size of tensor b (16)" in title
    ((start, reason),) = con.execute("select start_ns, end_reason from attempts").fetchall()
    assert start == int(datetime(2024, 10, 21, 1, 22, 4, tzinfo=UTC).timestamp()) * 10**9 and reason == "crash"


# torchtitan training Llama 3 8B on 8 H200s under torchrun (benchmark notes, stored file id 19093018932): torchrun's
# banner at 11:33:04.996, the model built, `Training starts at step 1` at 11:33:29.482, then a line every 10 steps
TORCHTITAN_8B = [
    '    nohup: ignoring input',
    '    + NGPU=8',
    '    + LOG_RANK=0',
    '    + CONFIG_FILE=./train_configs/llama3_8b.toml',
    '    + overrides=',
    "    + '[' 0 -ne 0 ']'",
    '    + PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    ('    + torchrun --nproc_per_node=8 --rdzv_backend c10d --rdzv_endpoint=localhost:0 --local-'
     'ranks-filter 0 --role rank --tee 3 train.py --job.config_file ./train_configs/llama3_8b.to'
     'ml'),
    '    W0213 11:33:04.996000 14767 site-packages/torch/distributed/run.py:792] ',
    ('    W0213 11:33:04.996000 14767 site-packages/torch/distributed/run.py:792] **************'
     '***************************'),
    ('    W0213 11:33:04.996000 14767 site-packages/torch/distributed/run.py:792] Setting OMP_NU'
     'M_THREADS environment variable for each process to be 1 in default, to avoid your system b'
     'eing overloaded, please further tune the variable for optimal performance in your applicat'
     'ion as needed. '),
    ('    W0213 11:33:04.996000 14767 site-packages/torch/distributed/run.py:792] **************'
     '***************************'),
    '    [rank0]:2025-02-13 11:33:11,198 - root - INFO - Starting job: Llama 3 8B training',
    ('    [rank0]:2025-02-13 11:33:12,134 - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING'
     '] = 1 will be overridden to 3 based on job config'),
    '    [rank0]:2025-02-13 11:33:12,138 - root - INFO - CUDA capacity: NVIDIA H200 with 139.83GiB memory',
    ('    [rank0]:2025-02-13 11:33:12,140 - root - WARNING - Error running lspci: [Errno 2] No s'
     "uch file or directory: 'lspci', fallback to use device_name"),
    '    [rank0]:2025-02-13 11:33:12,140 - root - INFO - Peak FLOPS used for computing MFU: 9.890e+14',
    "    [rank0]:2025-02-13 11:33:12,140 - root - INFO - Building 1-D device mesh with ['dp_shard'], [8]",
    ('    [rank0]:2025-02-13 11:33:18,527 - root - INFO - Building tiktoken tokenizer locally fr'
     'om ./torchtitan/datasets/tokenizer/original/tokenizer.model'),
    ('    [rank0]:2025-02-13 11:33:18,746 - root - INFO - TikTokenizer built: #words 128256, BOS'
     ' ID 128000, EOS ID 128001'),
    '    [rank0]:2025-02-13 11:33:18,746 - root - INFO - Preparing c4 dataset from allenai/c4',
    ('    [rank0]:2025-02-13 11:33:28,973 - root - INFO - Building llama3 8B with ModelArgs(dim='
     '4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_'
     'multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm'
     "_type='rmsnorm')"),
    '    [rank0]:2025-02-13 11:33:29,156 - root - INFO - Model llama3 8B [31msize: 8,030,261,248 total parameters',
    '    [rank0]:2025-02-13 11:33:29,157 - root - INFO - Applied selective activation checkpointing to the model',
    '    [rank0]:2025-02-13 11:33:29,239 - root - INFO - Applied FSDP to the model',
    '    [rank0]:2025-02-13 11:33:29,478 - root - INFO - CUDA memory usage for model: 3.77GiB(2.70%)',
    ('    [rank0]:2025-02-13 11:33:29,482 - root - INFO - TensorBoard logging enabled. Logs will'
     ' be saved at ./outputs/tb/20250213-1133'),
    ('    [rank0]:2025-02-13 11:33:29,482 - root - INFO - Training starts at step 1, with local '
     'batch size 1, global batch size 8, sequence length 8192, total steps 100 (warmup 200)'),
    ('    [rank0]:2025-02-13 11:33:29,482 - root - INFO - Profiling active. Traces will be saved'
     ' at ./outputs/profile_trace'),
    ('    [rank0]:2025-02-13 11:33:35,026 - root - INFO - step:  1  loss: 12.2417  memory: 42.08'
     'GiB(30.10%)  tps: 1,478  mfu: 8.65%'),
    ('    [rank0]:2025-02-13 11:33:35,027 - root - INFO - Synchronizing and adjusting timeout fo'
     'r all ProcessGroups to 0:01:40'),
    ('    [rank0]:2025-02-13 11:33:45,521 - root - INFO - step: 10  loss:  9.8821  mmemory: 49.5'
     '9GiB(35.46%)  tps: 7,026  mfu: 41.15%'),
    ('    [rank0]:2025-02-13 11:33:57,093 - root - INFO - step: 20  loss:  8.3854  memory: 49.59'
     'GiB(35.46%)  tps: 7,080  mfu: 41.46%'),
    ('    [rank0]:2025-02-13 11:34:08,663 - root - INFO - step: 30  loss:  7.6991  memory: 49.59'
     'GiB(35.46%)  tps: 7,082  mfu: 41.47%'),
    ('    [rank0]:2025-02-13 11:34:20,249 - root - INFO - step: 40  loss:  7.3925  memory: 49.59'
     'GiB(35.46%)  tps: 7,072  mfu: 41.41%'),
    ('    [rank0]:2025-02-13 11:34:31,859 - root - INFO - step: 50  loss:  7.0563  memory: 49.59'
     'GiB(35.46%)  tps: 7,057  mfu: 41.32%'),
    ('    [rank0]:2025-02-13 11:34:43,479 - root - INFO - step: 60  loss:  6.8581  memory: 49.59'
     'GiB(35.46%)  tps: 7,051  mfu: 41.29%'),
    ('    [rank0]:2025-02-13 11:34:55,115 - root - INFO - step: 70  loss:  6.9885  memory: 49.59'
     'GiB(35.46%)  tps: 7,042  mfu: 41.24%'),
    ('    [rank0]:2025-02-13 11:35:06,760 - root - INFO - step: 80  loss:  6.6429  memory: 49.59'
     'GiB(35.46%)  tps: 7,036  mfu: 41.20%'),
    ('    [rank0]:2025-02-13 11:35:18,410 - root - INFO - step: 90  loss:  6.7054  memory: 49.59'
     'GiB(35.46%)  tps: 7,033  mfu: 41.19%'),
    ('    [rank0]:2025-02-13 11:35:30,360 - root - INFO - step: 100  loss:  6.4719  memory: 49.5'
     '9GiB(35.46%)  tps: 6,856  mfu: 40.15%'),
    '    [rank0]:2025-02-13 11:35:30,986 - root - INFO - Dumping profiler traces at step 100',
    '    [rank0]:2025-02-13 11:35:31,218 - root - INFO - Finished dumping profiler traces in 0.23 seconds',
    '    [rank0]:2025-02-13 11:35:31,219 - root - INFO - Sleeping 2 seconds for other ranks to complete',
    '    [rank0]:2025-02-13 11:35:33,220 - root - INFO - Training completed',
]


def test_the_first_step_begins_no_earlier_than_the_line_that_starts_training(tmp_path: Path) -> None:
    """Step 1 ends at 11:33:35.026 (`step:  1 ... mfu: 8.65%`, a warm-up step) after `Training starts
    at step 1` at 11:33:29.482: the 24.5 s from torchrun's banner (11:33:04.996) to that line are
    start-up (the model built, FSDP applied), not step 1's; step 1 itself took at most 5.5 s."""
    con = console_connection(tmp_path, TORCHTITAN_8B)
    (startup,) = con.execute("select seconds from goodput_buckets where bucket = 'startup'").fetchone()
    assert startup >= 29.482 - 4.996 - 0.01, startup
    (begun,) = con.execute("select min(start_ns) from int_log_intervals where label = 'productive'").fetchone()
    assert begun >= int(datetime(2025, 2, 13, 11, 33, 29, 482000, tzinfo=UTC).timestamp() * 10**6) * 1000, begun


# Megatron-DeepSpeed (Argonne's fork) training a 1B model on 8 Polaris GPUs (AuroraGPT notes, stored file
# id 24255785376, a callout's lines, each quoted with `> `): its iteration lines from iteration 1
MEGATRON_DS_FROM_1 = [
    ('> using world size: 8, data-parallel-size: 4, sequence-parallel size: 1, tensor-model-para'
     'llel size: 2, pipeline-model-parallel size: 1'),
    '> using torch.float16 for parameters ...',
    ('> [Rank 1] (after 1 iterations) memory (MB) | allocated: 4866.666015625 | max allocated: 1'
     '4024.81396484375 | reserved: 17240.0 | max reserved: 17240.0'),
    ('> [2024-04-21 02:45:08][INFO][training:1251] -  iteration=       1/  317892 | consumed_sam'
     'ples=         256 | consumed_tokens=     1048576 | elapsed_time_per_iteration_ms=17711.7 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.208768 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=14.454 | tokens_per_gpu_per_second_tgs=7400.298 | TFLOPs=144.87 |'),
    ('> [Rank 0] (after 1 iterations) memory (MB) | allocated: 4866.666015625 | max allocated: 1'
     '4024.81396484375 | reserved: 17240.0 | max reserved: 17240.0'),
    ('> [2024-04-21 02:45:24,650] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 536.33 | optimizer_gradients: 4.05 | optimizer_step: 19.34'),
    ('> [2024-04-21 02:45:24,651] [INFO] [logging.py:96:log_dist] [Rank 0] step=2, skipped=0, lr'
     '=[1.0066311829174689e-07, 1.0066311829174689e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:45:24,651] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3859.38 | bwd_microstep: 11267.96 | bwd_inner_microstep: 10508.40 | bwd_allreduce_mi'
     'crostep: 759.39 | step_microstep: 829.18'),
    ('> [2024-04-21 02:45:24,652] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3859'
     '.30 | bwd: 11267.97 | bwd_inner: 10508.40 | bwd_allreduce: 759.40 | step: 829.19'),
    ('> [2024-04-21 02:45:24][INFO][training:1251] -  iteration=       2/  317892 | consumed_sam'
     'ples=         512 | consumed_tokens=     2097152 | elapsed_time_per_iteration_ms=16030.6 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.208171 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.969 | tokens_per_gpu_per_second_tgs=8176.383 | TFLOPs=160.07 |'),
    ('> [2024-04-21 02:45:40,722] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 559.27 | optimizer_gradients: 4.05 | optimizer_step: 19.35'),
    ('> [2024-04-21 02:45:40,722] [INFO] [logging.py:96:log_dist] [Rank 0] step=3, skipped=0, lr'
     '=[1.5099467743762034e-07, 1.5099467743762034e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:45:40,722] [INFO] [timer.py:260:stop] epoch=0/micro_step=3/global_step=3,'
     ' RunningAvgSamplesPerSec=74.68528989415996, CurrSamplesPerSec=74.68528989415996, MemAlloca'
     'ted=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:45:40,723] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3865.99 | bwd_microstep: 11249.42 | bwd_inner_microstep: 10520.18 | bwd_allreduce_mi'
     'crostep: 729.08 | step_microstep: 888.44'),
    ('> [2024-04-21 02:45:40,723] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3865'
     '.91 | bwd: 11249.43 | bwd_inner: 10520.18 | bwd_allreduce: 729.09 | step: 888.45'),
    ('> [2024-04-21 02:45:40][INFO][training:1251] -  iteration=       3/  317892 | consumed_sam'
     'ples=         768 | consumed_tokens=     3145728 | elapsed_time_per_iteration_ms=16071.8 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.205435 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.929 | tokens_per_gpu_per_second_tgs=8155.393 | TFLOPs=159.66 |'),
    ('> [2024-04-21 02:45:56,791] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 560.12 | optimizer_gradients: 4.05 | optimizer_step: 19.35'),
    ('> [2024-04-21 02:45:56,791] [INFO] [logging.py:96:log_dist] [Rank 0] step=4, skipped=0, lr'
     '=[2.0132623658349378e-07, 2.0132623658349378e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:45:56,792] [INFO] [timer.py:260:stop] epoch=0/micro_step=4/global_step=4,'
     ' RunningAvgSamplesPerSec=74.7483926623704, CurrSamplesPerSec=74.81160215378233, MemAllocat'
     'ed=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:45:56,792] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3871.07 | bwd_microstep: 11294.43 | bwd_inner_microstep: 10544.17 | bwd_allreduce_mi'
     'crostep: 750.09 | step_microstep: 865.13'),
    ('> [2024-04-21 02:45:56,793] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3870'
     '.98 | bwd: 11294.43 | bwd_inner: 10544.17 | bwd_allreduce: 750.10 | step: 865.13'),
    ('> [2024-04-21 02:45:56][INFO][training:1251] -  iteration=       4/  317892 | consumed_sam'
     'ples=        1024 | consumed_tokens=     4194304 | elapsed_time_per_iteration_ms=16069.2 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.205074 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.931 | tokens_per_gpu_per_second_tgs=8156.733 | TFLOPs=159.68 |'),
    ('> [2024-04-21 02:46:12,844] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 539.06 | optimizer_gradients: 4.06 | optimizer_step: 19.35'),
    ('> [2024-04-21 02:46:12,844] [INFO] [logging.py:96:log_dist] [Rank 0] step=5, skipped=0, lr'
     '=[2.516577957293672e-07, 2.516577957293672e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:46:12,845] [INFO] [timer.py:260:stop] epoch=0/micro_step=5/global_step=5,'
     ' RunningAvgSamplesPerSec=75.00453690967313, CurrSamplesPerSec=75.522128204809, MemAllocate'
     'd=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:46:12,845] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3868.22 | bwd_microstep: 11270.09 | bwd_inner_microstep: 10529.72 | bwd_allreduce_mi'
     'crostep: 740.20 | step_microstep: 839.35'),
    ('> [2024-04-21 02:46:12,846] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3868'
     '.14 | bwd: 11270.09 | bwd_inner: 10529.72 | bwd_allreduce: 740.21 | step: 839.36'),
    ('> [2024-04-21 02:46:12][INFO][training:1251] -  iteration=       5/  317892 | consumed_sam'
     'ples=        1280 | consumed_tokens=     5242880 | elapsed_time_per_iteration_ms=16053.0 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.203266 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.947 | tokens_per_gpu_per_second_tgs=8164.952 | TFLOPs=159.84 |'),
    ('> [2024-04-21 02:46:28,937] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 565.20 | optimizer_gradients: 4.05 | optimizer_step: 19.34'),
    ('> [2024-04-21 02:46:28,937] [INFO] [logging.py:96:log_dist] [Rank 0] step=6, skipped=0, lr'
     '=[3.019893548752407e-07, 3.019893548752407e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:46:28,937] [INFO] [timer.py:260:stop] epoch=0/micro_step=6/global_step=6,'
     ' RunningAvgSamplesPerSec=74.99879723364612, CurrSamplesPerSec=74.98158347505746, MemAlloca'
     'ted=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:46:28,938] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3869.84 | bwd_microstep: 11244.59 | bwd_inner_microstep: 10526.45 | bwd_allreduce_mi'
     'crostep: 717.97 | step_microstep: 892.29'),
    ('> [2024-04-21 02:46:28,938] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3869'
     '.76 | bwd: 11244.59 | bwd_inner: 10526.45 | bwd_allreduce: 717.98 | step: 892.30'),
    ('> [2024-04-21 02:46:28][INFO][training:1251] -  iteration=       6/  317892 | consumed_sam'
     'ples=        1536 | consumed_tokens=     6291456 | elapsed_time_per_iteration_ms=16092.2 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.201191 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.908 | tokens_per_gpu_per_second_tgs=8145.085 | TFLOPs=159.46 |'),
    ('> [2024-04-21 02:46:45,043] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 554.27 | optimizer_gradients: 4.05 | optimizer_step: 19.35'),
    ('> [2024-04-21 02:46:45,044] [INFO] [logging.py:96:log_dist] [Rank 0] step=7, skipped=0, lr'
     '=[3.523209140211141e-07, 3.523209140211141e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:46:45,044] [INFO] [timer.py:260:stop] epoch=0/micro_step=7/global_step=7,'
     ' RunningAvgSamplesPerSec=74.95169716365959, CurrSamplesPerSec=74.76388698858936, MemAlloca'
     'ted=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:46:45,045] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3872.93 | bwd_microstep: 11264.22 | bwd_inner_microstep: 10532.44 | bwd_allreduce_mi'
     'crostep: 731.61 | step_microstep: 885.62'),
    ('> [2024-04-21 02:46:45,045] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3872'
     '.85 | bwd: 11264.23 | bwd_inner: 10532.44 | bwd_allreduce: 731.62 | step: 885.62'),
    ('> [2024-04-21 02:46:45][INFO][training:1251] -  iteration=       7/  317892 | consumed_sam'
     'ples=        1792 | consumed_tokens=     7340032 | elapsed_time_per_iteration_ms=16106.8 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.188668 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.894 | tokens_per_gpu_per_second_tgs=8137.692 | TFLOPs=159.31 |'),
    ('> [2024-04-21 02:47:01,222] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 568.50 | optimizer_gradients: 4.05 | optimizer_step: 19.34'),
    ('> [2024-04-21 02:47:01,222] [INFO] [logging.py:96:log_dist] [Rank 0] step=8, skipped=0, lr'
     '=[4.0265247316698756e-07, 4.0265247316698756e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:47:01,222] [INFO] [timer.py:260:stop] epoch=0/micro_step=8/global_step=8,'
     ' RunningAvgSamplesPerSec=74.82504909687192, CurrSamplesPerSec=74.19817500468169, MemAlloca'
     'ted=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:47:01,223] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3879.97 | bwd_microstep: 11310.90 | bwd_inner_microstep: 10561.56 | bwd_allreduce_mi'
     'crostep: 749.17 | step_microstep: 880.73'),
    ('> [2024-04-21 02:47:01,223] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3879'
     '.89 | bwd: 11310.91 | bwd_inner: 10561.56 | bwd_allreduce: 749.18 | step: 880.74'),
    ('> [2024-04-21 02:47:01][INFO][training:1251] -  iteration=       8/  317892 | consumed_sam'
     'ples=        2048 | consumed_tokens=     8388608 | elapsed_time_per_iteration_ms=16178.1 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.181074 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.824 | tokens_per_gpu_per_second_tgs=8101.811 | TFLOPs=158.61 |'),
    ('> [2024-04-21 02:47:17,401] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | optimizer'
     '_allgather: 552.69 | optimizer_gradients: 4.06 | optimizer_step: 19.36'),
    ('> [2024-04-21 02:47:17,401] [INFO] [logging.py:96:log_dist] [Rank 0] step=9, skipped=0, lr'
     '=[4.5298403231286103e-07, 4.5298403231286103e-07], mom=[(0.9, 0.999), (0.9, 0.999)]'),
    ('> [2024-04-21 02:47:17,402] [INFO] [timer.py:260:stop] epoch=0/micro_step=9/global_step=9,'
     ' RunningAvgSamplesPerSec=74.84645585628223, CurrSamplesPerSec=74.9751540746784, MemAllocat'
     'ed=4.75GB, MaxMemAllocated=15.59GB'),
    ('> [2024-04-21 02:47:17,402] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_micro'
     'step: 3880.08 | bwd_microstep: 11312.61 | bwd_inner_microstep: 10561.38 | bwd_allreduce_mi'
     'crostep: 751.06 | step_microstep: 836.26'),
    ('> [2024-04-21 02:47:17,403] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: 3880'
     '.01 | bwd: 11312.61 | bwd_inner: 10561.38 | bwd_allreduce: 751.07 | step: 836.26'),
    ('> [2024-04-21 02:47:17][INFO][training:1251] -  iteration=       9/  317892 | consumed_sam'
     'ples=        2304 | consumed_tokens=     9437184 | elapsed_time_per_iteration_ms=16179.4 |'
     ' learning_rate=0.000000 | global_batch_size=  256 | lm loss=11.146455 | loss_scale=65536.0'
     ' | actual_seqlen= 4096 | number_of_skipped_iterations=  0 | number_of_nan_iterations=  0 |'
     ' samples_per_second=15.823 | tokens_per_gpu_per_second_tgs=8101.150 | TFLOPs=158.60 |'),
]


def test_the_first_iterations_tokens_are_its_consumed_tokens(tmp_path: Path) -> None:
    """Iteration 1 prints `consumed_tokens= 1048576`: counted from 0, all its own (its tokens were
    none, and the throughput 11 % low: its 17.7 s counted, its tokens not); each later line's are
    the tokens consumed since the line before."""
    con = console_connection(tmp_path, MEGATRON_DS_FROM_1)
    consumed = [int(found.group(1)) for line in MEGATRON_DS_FROM_1
                if (found := re.search(r"iteration=.*consumed_tokens=\s*(\d+)", line)) is not None]
    rows = con.execute("select step, tokens from log_steps order by step").fetchall()
    assert rows[0] == (1, consumed[0]), rows
    assert [t for _, t in rows] == [consumed[0]] + [b - a for a, b in zip(consumed, consumed[1:], strict=False)]


# torchtitan training a 60M model under torchrun (a pretraining tutorial's docs, stored file id 17629747077): its last step, the
# final save, `Training completed`, then an abort at exit and torchrun's report of it
TORCHTITAN_ABORT_AT_EXIT = [
    ('        [rank0]:2025-04-01 00:25:47,084 - root - INFO - step: 640/644 = 99.3789%  loss:  6'
     '.2116  memory: 87.04GiB(93.48%)  tps: 52,142  mfu: 3.09%'),
    '        [rank0]:2025-04-01 00:25:54,090 - root - INFO - Saving a full checkpoint at last step, step 644.',
    ('        [rank0]:2025-04-01 00:25:59,616 - root - INFO - Finished saving the checkpoint (or'
     ' staging if async is enabled)in 5.53 seconds.'),
    '        [rank0]:2025-04-01 00:25:59,617 - root - INFO - Sleeping 2 seconds for other ranks to complete',
    '        [rank0]:2025-04-01 00:26:01,706 - root - INFO - Training completed',
    '        [rank0]:terminate called without an active exception',
    '        [rank0]:Fatal Python error: Aborted',
    '        [rank0]:',
    '        [rank0]:Current thread 0x00007f0360ff9640 (most recent call first):',
    '        [rank0]:  Garbage-collecting',
    '        [rank0]:  <no Python frame>',
    '        [rank0]:',
    '        [rank0]:Thread 0x00007f06b6639200 (most recent call first):',
    '        [rank0]:  <no Python frame>',
    ('        W0401 00:26:06.901000 3016633 site-packages/torch/distributed/elastic/multiprocess'
     'ing/api.py:897] Sending process 3016738 closing signal SIGTERM'),
    ('        E0401 00:26:08.212000 3016633 site-packages/torch/distributed/elastic/multiprocess'
     'ing/api.py:869] failed (exitcode: -6) local_rank: 1 (pid: 3016739) of binary: /home/zz7522'
     '/miniconda3/envs/new-compute/bin/python3.11'),
    '        Traceback (most recent call last):',
    '        File "/home/zz7522/miniconda3/envs/new-compute/bin/torchrun", line 8, in <module>',
    '            sys.exit(main())',
    '                    ^^^^^^',
    ('        File "/home/zz7522/miniconda3/envs/new-compute/lib/python3.11/site-packages/torch/'
     'distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper'),
    '            return f(*args, **kwargs)',
    '                ^^^^^^^^^^^^^^^^^^',
    ('        File "/home/zz7522/miniconda3/envs/new-compute/lib/python3.11/site-packages/torch/'
     'distributed/run.py", line 918, in main'),
    '            run(args)',
    ('        File "/home/zz7522/miniconda3/envs/new-compute/lib/python3.11/site-packages/torch/'
     'distributed/run.py", line 909, in run'),
    '            elastic_launch(',
    ('        File "/home/zz7522/miniconda3/envs/new-compute/lib/python3.11/site-packages/torch/'
     'distributed/launcher/api.py", line 138, in __call__'),
    '            return launch_agent(self._config, self._entrypoint, list(args))',
    '                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    ('        File "/home/zz7522/miniconda3/envs/new-compute/lib/python3.11/site-packages/torch/'
     'distributed/launcher/api.py", line 269, in launch_agent'),
    '            raise ChildFailedError(',
    '        torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
    '        ========================================================',
    '        run.py FAILED',
    '        --------------------------------------------------------',
    '        Failures:',
    '        <NO_OTHER_FAILURES>',
    '        --------------------------------------------------------',
    '        Root Cause (first observed failure):',
    '        [0]:',
    '        time      : 2025-04-01_00:26:06',
    '        host      : ee-tiamat.ee.ic.ac.uk',
    '        rank      : 1 (local_rank: 1)',
    '        exitcode  : -6 (pid: 3016739)',
    '        error_file: <N/A>',
    '        traceback : Signal 6 (SIGABRT) received by PID 3016739',
    '        ========================================================',
]


def test_training_completed_then_an_abort_at_exit_is_said_and_the_save_timed(tmp_path: Path) -> None:
    """`Training completed` at 00:26:01.706, then `Fatal Python error: Aborted` and torchrun's `failed
    (exitcode: -6)`: the attempt completed its training (its end that line), and the failure after it
    is said, low (it was "nothing crossed a threshold"); `Finished saving the checkpoint ... in 5.53
    seconds` ends the save `Saving a full checkpoint` began (it was a second start)."""
    con = console_connection(tmp_path, TORCHTITAN_ABORT_AT_EXIT)
    ((end_reason,),) = con.execute("select end_reason from attempts").fetchall()
    assert end_reason == "completed"
    severity, title = con.execute("select severity, title from findings where finding = 'job_failed'").fetchone()
    assert severity == "low" and "completed its training, then failed" in title and "exitcode: -6" in title, title
    saves = con.execute("select kind, duration_s from log_events where kind like 'checkpoint_save%' order by line").fetchall()
    assert saves == [("checkpoint_save_start", None), ("checkpoint_save_end", 5.53)], saves


def test_a_date_glued_after_a_bar_is_the_glued_lines_own_not_one_in_its_message() -> None:
    """rich's dated line glued after kohya's bar opens with its date (`...avr_loss=0.0869` then
    `2026-04-03 11:43:01 INFO ...`): the line's time. A scheduler's cancel glued after a bar (a
    PolymerGNN job's Slurm stderr, stored file id 11436802872: `... 638.01s/it]slurmstepd: error:
    *** JOB 42210 ON clr0738 CANCELLED AT 2022-04-14T16:17:16 DUE TO TIME LIMIT ***`) names a time
    in its message: the line stays undated (the cancel's event takes its time from `CANCELLED AT`)."""
    from tracelens.parsers._lines import parse_timestamp

    sd_line = SDSCRIPTS_TWO_RUNS[[i for i, line in enumerate(SDSCRIPTS_TWO_RUNS) if "81/162 [07:26" in line][0]]
    assert parse_timestamp(sd_line) == int(datetime(2026, 4, 3, 11, 43, 1, tzinfo=UTC).timestamp()) * 10**9
    cancel = (" 22%|██▏       | 11/50 [1:57:05<6:54:42, 638.01s/it]slurmstepd: error: *** JOB 42210 ON clr0738 "
              "CANCELLED AT 2022-04-14T16:17:16 DUE TO TIME LIMIT ***")
    assert parse_timestamp(cancel) is None
    # (a logger's bracketed head before its date is the glued line's own: LLaMA-Factory's, stored file id
    # 28752488583, line 18, the HF Trainer's logger glued after the bar's last drawing)
    trainer = ("100%|█████████████████████████████████████████████| 3/3 [00:12<00:00,  3.61s/it][INFO|trainer.py:2329] "
               "2024-06-01 14:49:04,894 >> ")
    assert parse_timestamp(trainer) == int(datetime(2024, 6, 1, 14, 49, 4, tzinfo=UTC).timestamp()) * 10**9 + 894_000_000


# ms-swift's fine-tune of Qwen2-7B: a tutorial kept its run's last 7 lines (stored file id 21048187302)
SWIFT_TAIL_CLEAN = [
    '[INFO:swift] Saving model checkpoint to /output/qwen2-7b-instruct/v82-20240701-171712/checkpoint-4120',
    ("{'train_runtime': 3581.3152, 'train_samples_per_second': 18.398, 'train_steps_per_second':"
     " 1.15, 'train_loss': 1.12655148, 'epoch': 10.0, 'global_step': 4120}"),
    ('Train: 100%|██████████████████████████████████████████████████████████████████████████████'
     '██████████| 4120/4120 [59:41<00:00,  1.15it/s]'),
    '[INFO:swift] last_model_checkpoint: /output/qwen2-7b-instruct/v82-20240701-171712/checkpoint-4120',
    '[INFO:swift] best_model_checkpoint: /output/qwen2-7b-instruct/v82-20240701-171712/checkpoint-1600',
    '[INFO:swift] images_dir: /output/qwen2-7b-instruct/v82-20240701-171712/images',
    '[INFO:swift] End time of running main: 2024-07-01 18:17:35.112745',
]


# ms-swift's fine-tune of Janus-Pro 7B: a README kept its run's last lines, from step 205 of 270 (stored file id
# 2996762373; CRLF line ends in the source)
SWIFT_TAIL_MID_RUN = [
    ('[INFO:swift] Saving model checkpoint to /home/dell/model/train_deepseek_janus_7b_pro/v16-2'
     '0250416-160133/checkpoint-200'),
    ("{'loss': 1.00927935, 'token_acc': 0.74503353, 'grad_norm': 1.37748516, 'learning_rate': 1."
     "51e-06, 'memory(GiB)': 43.21, 'train_speed(iter/s)': 0.063233, 'epoch': 3.73, 'global_step"
     "/max_steps': '205/270', 'percentage': '75.93%', 'elapsed_time': '54m 1s', 'remaining_time'"
     ": '17m 7s'}"),
    ("{'loss': 1.0359683, 'token_acc': 0.75277993, 'grad_norm': 1.35974193, 'learning_rate': 1.3"
     "e-06, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063164, 'epoch': 3.83, 'global_step/m"
     "ax_steps': '210/270', 'percentage': '77.78%', 'elapsed_time': '55m 24s', 'remaining_time':"
     " '15m 49s'}"),
    ("{'loss': 1.00502844, 'token_acc': 0.74949345, 'grad_norm': 1.58470118, 'learning_rate': 1."
     "1e-06, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063161, 'epoch': 3.92, 'global_step/"
     "max_steps': '215/270', 'percentage': '79.63%', 'elapsed_time': '56m 43s', 'remaining_time'"
     ": '14m 30s'}"),
    ("{'loss': 0.99238052, 'token_acc': 0.75366466, 'grad_norm': 3.70276713, 'learning_rate': 9."
     "1e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063329, 'epoch': 4.0, 'global_step/m"
     "ax_steps': '220/270', 'percentage': '81.48%', 'elapsed_time': '57m 53s', 'remaining_time':"
     " '13m 9s'}"),
    ("{'loss': 1.00049133, 'token_acc': 0.75182625, 'grad_norm': 1.5559634, 'learning_rate': 7.4"
     "e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063252, 'epoch': 4.09, 'global_step/m"
     "ax_steps': '225/270', 'percentage': '83.33%', 'elapsed_time': '59m 16s', 'remaining_time':"
     " '11m 51s'}"),
    ("{'loss': 1.00520859, 'token_acc': 0.74781248, 'grad_norm': 1.73655367, 'learning_rate': 5."
     "9e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063231, 'epoch': 4.18, 'global_step/"
     "max_steps': '230/270', 'percentage': '85.19%', 'elapsed_time': '1h 0m 37s', 'remaining_tim"
     "e': '10m 32s'}"),
    ("{'loss': 0.99729557, 'token_acc': 0.75651402, 'grad_norm': 2.69448423, 'learning_rate': 4."
     "5e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063222, 'epoch': 4.28, 'global_step/"
     "max_steps': '235/270', 'percentage': '87.04%', 'elapsed_time': '1h 1m 56s', 'remaining_tim"
     "e': '9m 13s'}"),
    ("{'loss': 0.98616228, 'token_acc': 0.76397545, 'grad_norm': 1.70558536, 'learning_rate': 3."
     "4e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063171, 'epoch': 4.37, 'global_step/"
     "max_steps': '240/270', 'percentage': '88.89%', 'elapsed_time': '1h 3m 18s', 'remaining_tim"
     "e': '7m 54s'}"),
    ("{'loss': 0.98212757, 'token_acc': 0.75718187, 'grad_norm': 1.79198229, 'learning_rate': 2."
     "3e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063164, 'epoch': 4.46, 'global_step/"
     "max_steps': '245/270', 'percentage': '90.74%', 'elapsed_time': '1h 4m 38s', 'remaining_tim"
     "e': '6m 35s'}"),
    ("{'loss': 0.99518023, 'token_acc': 0.75466653, 'grad_norm': 1.64945257, 'learning_rate': 1."
     "5e-07, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063144, 'epoch': 4.55, 'global_step/"
     "max_steps': '250/270', 'percentage': '92.59%', 'elapsed_time': '1h 5m 58s', 'remaining_tim"
     "e': '5m 16s'}"),
    ("{'loss': 0.98563643, 'token_acc': 0.75255864, 'grad_norm': 1.49578714, 'learning_rate': 8e"
     "-08, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063147, 'epoch': 4.64, 'global_step/ma"
     "x_steps': '255/270', 'percentage': '94.44%', 'elapsed_time': '1h 7m 17s', 'remaining_time'"
     ": '3m 57s'}"),
    ("{'loss': 0.97417698, 'token_acc': 0.76579193, 'grad_norm': 1.20739162, 'learning_rate': 4e"
     "-08, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063139, 'epoch': 4.73, 'global_step/ma"
     "x_steps': '260/270', 'percentage': '96.30%', 'elapsed_time': '1h 8m 37s', 'remaining_time'"
     ": '2m 38s'}"),
    ("{'loss': 0.9867487, 'token_acc': 0.75098923, 'grad_norm': 1.7396512, 'learning_rate': 1e-0"
     "8, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063117, 'epoch': 4.83, 'global_step/max_"
     "steps': '265/270', 'percentage': '98.15%', 'elapsed_time': '1h 9m 58s', 'remaining_time': "
     "'1m 19s'}"),
    ("{'loss': 0.98493128, 'token_acc': 0.76092613, 'grad_norm': 1.76163006, 'learning_rate': 0."
     "0, 'memory(GiB)': 43.25, 'train_speed(iter/s)': 0.063139, 'epoch': 4.92, 'global_step/max_"
     "steps': '270/270', 'percentage': '100.00%', 'elapsed_time': '1h 11m 15s', 'remaining_time'"
     ": '0s'}"),
    ('Train: 100%|██████████████████████████████████████████████████████████████████████████████'
     '███████████████████████████████████████████████████████████████████████████████████| 270/2'
     '70 [1:11:15<00:00, 15.65s/it]'),
    ("{'eval_loss': 1.02031076, 'eval_token_acc': 0.75162095, 'eval_runtime': 3.5645, 'eval_samp"
     "les_per_second': 2.244, 'eval_steps_per_second': 2.244, 'epoch': 4.92, 'global_step/max_st"
     "eps': '270/270', 'percentage': '100.00%', 'elapsed_time': '1h 11m 19s', 'remaining_time': "
     "'0s'}"),
    ('Val: 100%|████████████████████████████████████████████████████████████████████████████████'
     '█████████████████████████████████████████████████████████████████████████████████████████|'
     ' 8/8 [00:02<00:00,  3.65it/s]'),
    ('/home/dell/.conda/envs/deepseek-janus-train-swift/lib/python3.10/site-packages/peft/utils/'
     'save_and_load.py:230: UserWarning: Setting `save_embedding_layers` to `True` as embedding '
     'layers found in `target_modules`.'),
    '  warnings.warn("Setting `save_embedding_layers` to `True` as embedding layers found in `target_modules`.")',
    ('[INFO:swift] Saving model checkpoint to /home/dell/model/train_deepseek_janus_7b_pro/v16-2'
     '0250416-160133/checkpoint-270'),
    ("{'train_runtime': 4283.441, 'train_samples_per_second': 1.017, 'train_steps_per_second': 0"
     ".063, 'train_loss': 1.5100154, 'epoch': 4.92, 'global_step/max_steps': '270/270', 'percent"
     "age': '100.00%', 'elapsed_time': '1h 11m 23s', 'remaining_time': '0s'}"),
    ('Train: 100%|██████████████████████████████████████████████████████████████████████████████'
     '███████████████████████████████████████████████████████████████████████████████████| 270/2'
     '70 [1:11:23<00:00, 15.86s/it]'),
    ('[INFO:swift] last_model_checkpoint: /home/dell/model/train_deepseek_janus_7b_pro/v16-20250'
     '416-160133/checkpoint-270'),
    ('[INFO:swift] best_model_checkpoint: /home/dell/model/train_deepseek_janus_7b_pro/v16-20250'
     '416-160133/checkpoint-270'),
    '[INFO:swift] images_dir: /home/dell/model/train_deepseek_janus_7b_pro/v16-20250416-160133/images',
]


def test_a_runs_last_lines_are_one_attempt_and_its_unlogged_steps_no_start_up(tmp_path: Path) -> None:
    """The tail of a finished run (`{'train_runtime': 3581.3152, ..., 'global_step': 4120}`, the bar's
    `4120/4120 [59:41<...]`) is one completed attempt, its 3581 s steps (it was two attempts 0.7 s
    apart and "start-up takes 3.58e+03 s", goodput 0 %), with no line before the loop began. The tail
    from step 205 (`'elapsed_time': '54m 1s'`) ran 200 steps before its first line: they are steps,
    not 53 minutes of start-up."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    con = console_connection(tmp_path / "a", SWIFT_TAIL_CLEAN)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]
    assert not con.execute("select 1 from findings where finding = 'startup'").fetchall()
    (start_logged,) = con.execute("select start_logged from int_job_wall").fetchone()
    assert start_logged is False  # (what ran before the training loop is not in these lines)
    con = console_connection(tmp_path / "b", SWIFT_TAIL_MID_RUN)
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    assert buckets["startup"] < 60 and buckets["productive"] > 54 * 60, buckets


def test_lines_cut_out_of_a_log_leave_the_time_across_them_unattributed(tmp_path: Path) -> None:
    """The CSCS README's excerpt says where it cut lines (`...`, `....` alone): what ran between the
    second job's cancel (11:39:18) and step 995 (11:53:53) is not in it, so it is no restart downtime
    (it was 16 min of it, 74 % of the wall time, "[high] ... find why the job failed"), and the
    time no line accounts for is said to be the excerpt's, not the job's trouble."""
    con = console_connection(tmp_path, CSCS_TIME_LIMITS)
    cut = sum(1 for line in CSCS_TIME_LIMITS if set(line.strip()) == {"."})
    (elided,) = con.execute("select elided_lines from goodput").fetchone()
    assert elided == cut == 5
    (downtime,) = con.execute("select seconds from goodput_buckets where bucket = 'restart_downtime'").fetchone()
    first_gap = (datetime.fromisoformat("2025-05-21T11:36:33.182")
                 - datetime.fromisoformat("2025-05-21T11:34:48")).total_seconds()
    assert downtime == pytest.approx(first_gap, abs=1), downtime  # (the first jobs' gap alone: no line cut there)
    severity, title = con.execute("select severity, title from findings where finding = 'other'").fetchone()
    assert severity == "low" and "cut out of the logs" in title


# detectron2 on macOS (a user's committed log, stored file id 39291157558, lines 686-729): its
# DataLoader's spawned worker imports the script's main module again and fails in multiprocessing's check,
# whose message is on the indented lines under `RuntimeError: `
D2_SPAWN_FAILURE = [
    'ERROR [05/17 23:21:41 d2.engine.train_loop]: Exception during training:',
    'Traceback (most recent call last):',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/detectron2/'
     'engine/train_loop.py", line 155, in train'),
    '    self.run_step()',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/detectron2/'
     'engine/defaults.py", line 530, in run_step'),
    '    self._trainer.run_step()',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/detectron2/'
     'engine/train_loop.py", line 297, in run_step'),
    '    data = next(self._data_loader_iter)',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/detectron2/'
     'data/common.py", line 329, in __iter__'),
    '    for d in self.dataset:',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/torch/utils'
     '/data/dataloader.py", line 484, in __iter__'),
    '    return self._get_iterator()',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/torch/utils'
     '/data/dataloader.py", line 415, in _get_iterator'),
    '    return _MultiProcessingDataLoaderIter(self)',
    ('  File "/Users/jodut/Projects/parsing_engine/.venv/lib/python3.9/site-packages/torch/utils'
     '/data/dataloader.py", line 1138, in __init__'),
    '    w.start()',
    '  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/process.py", line 121, in start',
    '    self._popen = self._Popen(self)',
    '  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/context.py", line 224, in _Popen',
    '    return _default_context.get_context().Process._Popen(process_obj)',
    '  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/context.py", line 284, in _Popen',
    '    return Popen(process_obj)',
    ('  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/popen_spawn_posi'
     'x.py", line 32, in __init__'),
    '    super().__init__(process_obj)',
    ('  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/popen_fork.py", '
     'line 19, in __init__'),
    '    self._launch(process_obj)',
    ('  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/popen_spawn_posi'
     'x.py", line 42, in _launch'),
    '    prep_data = spawn.get_preparation_data(process_obj._name)',
    ('  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/spawn.py", line '
     '154, in get_preparation_data'),
    '    _check_not_importing_main()',
    ('  File "/Users/jodut/.pyenv/versions/3.9.18/lib/python3.9/multiprocessing/spawn.py", line '
     '134, in _check_not_importing_main'),
    "    raise RuntimeError('''",
    'RuntimeError: ',
    '        An attempt has been made to start a new process before the',
    '        current process has finished its bootstrapping phase.',
    '',
    '        This probably means that you are not using fork to start your',
    '        child processes and you have forgotten to use the proper idiom',
    '        in the main module:',
    '',
    "            if __name__ == '__main__':",
    '                freeze_support()',
    '                ...',
    '',
]


def test_an_exception_whose_message_is_on_the_lines_below_it_is_named_with_it(tmp_path: Path) -> None:
    """`RuntimeError: ` names no message on its line: the failure is named with the first line of
    the one indented below it (it was `RuntimeError: ` alone), and the `...` in the message's code is
    no line cut out of the log."""
    con = console_connection(tmp_path, D2_SPAWN_FAILURE, name="train.log")
    (detail,) = con.execute("select detail from log_events where kind = 'crash' and raw like 'Traceback%'").fetchone()
    assert detail == "RuntimeError: An attempt has been made to start a new process before the"
    assert not con.execute("select 1 from log_events where kind = 'elision'").fetchall()


# LLaMA-Factory's SFT on Ascend NPUs, rank 7's traceback (an Ascend/pytorch issue mirrored as markdown, stored file
# id 69776464575, its first 22 lines): the NPU timed out in the barrier of its dataset's pre-processing
LLAMAFACTORY_NPU_BARRIER = [
    '[rank7]: Traceback (most recent call last):',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/launcher.py"'
     ', line 23, in <module>'),
    '[rank7]:     launch()',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/launcher.py"'
     ', line 19, in launch'),
    '[rank7]:     run_exp()',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/train/tuner.'
     'py", line 93, in run_exp'),
    '[rank7]:     _training_function(config={"args": args, "callbacks": callbacks})',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/train/tuner.'
     'py", line 67, in _training_function'),
    '[rank7]:     run_sft(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/train/sft/wo'
     'rkflow.py", line 51, in run_sft'),
    ('[rank7]:     dataset_module = get_dataset(template, model_args, data_args, training_args, '
     'stage="sft", **tokenizer_module)'),
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/llamafactory/data/loader.'
     'py", line 324, in get_dataset'),
    '[rank7]:     with training_args.main_process_first(desc="pre-process dataset"):',
    '[rank7]:   File "/home/wepsdl/conda/lib/python3.10/contextlib.py", line 135, in __enter__',
    '[rank7]:     return next(self.gen)',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/transformers/training_arg'
     's.py", line 2496, in main_process_first'),
    '[rank7]:     dist.barrier()',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/torch/distributed/c10d_lo'
     'gger.py", line 75, in wrapper'),
    '[rank7]:     return func(*args, **kwargs)',
    ('[rank7]:   File "/home/wepsdl/conda/lib/python3.10/site-packages/torch/distributed/distrib'
     'uted_c10d.py", line 3690, in barrier'),
    '[rank7]:     work.wait()',
    ('[rank7]: RuntimeError: npuSynchronizeDevice:torch_npu/csrc/core/npu/NPUStream.cpp:435 NPU '
     'function error: aclrtSynchronizeDevice, error code is 507046'),
]


def test_a_rank_prefixed_traceback_through_a_training_workflow_is_a_failed_run(tmp_path: Path) -> None:
    """`[rank7]: Traceback ...` through `llamafactory/train/tuner.py` (`run_exp`) to `RuntimeError:
    npuSynchronizeDevice: ... error code is 507046`: a training run that failed (it was not read)."""
    con = console_connection(tmp_path, LLAMAFACTORY_NPU_BARRIER, name="train.log")
    (title,) = con.execute("select title from findings where finding = 'job_failed'").fetchone()
    assert "error code is 507046" in title


def test_numpys_summarised_rows_and_a_logging_errors_traceback_are_no_cut_and_no_failure(tmp_path: Path) -> None:
    """Around the CSCS run's restart, numpy's own print of a large array (its ` ...` row, one space
    in) and logging's own report of a handler's error (`--- Logging error ---` and the traceback
    `Handler.handleError` prints, the program going on): the restart downtime between the first two
    jobs is still counted (no line was cut there), and no failure is added to the clean end."""
    import contextlib
    import io
    import logging

    import numpy as np

    printed = str(np.arange(4000).reshape(200, 20)).splitlines()
    assert " ..." in printed
    closed = io.StringIO()
    closed.close()
    logger = logging.getLogger("tracelens-test-closed-stream")
    logger.propagate = False
    logger.addHandler(logging.StreamHandler(closed))
    reported = io.StringIO()
    with contextlib.redirect_stderr(reported):
        logger.warning("after training")
    handled = reported.getvalue().splitlines()
    assert handled[0] == "--- Logging error ---"
    relaunch = next(i for i, line in enumerate(CSCS_TIME_LIMITS) if "Setting up DataLoaders" in line and i > 0)
    lines = [*CSCS_TIME_LIMITS[:relaunch], *printed, *CSCS_TIME_LIMITS[relaunch:], *handled]
    con = console_connection(tmp_path, lines)
    assert not con.execute("select 1 from log_events where kind = 'elision' and line between ? and ?",
                           [relaunch + 1, relaunch + len(printed)]).fetchall()
    (downtime,) = con.execute("select seconds from goodput_buckets where bucket = 'restart_downtime'").fetchone()
    first_gap = (datetime.fromisoformat("2025-05-21T11:36:33.182")
                 - datetime.fromisoformat("2025-05-21T11:34:48")).total_seconds()
    assert downtime == pytest.approx(first_gap, abs=1), downtime
    assert con.execute("select end_reason from attempts order by attempt desc limit 1").fetchone() == ("completed",)
    assert not con.execute("select 1 from findings where title like '%completed its training, then failed%'").fetchall()


# kohya sd-scripts' SDXL LoRA run, its full log in a README's details block (stored file id 54489781285):
# the first 44 lines. tqdm's bar has `smoothing=0` (its rate the mean since it began: 19.90 s the first step
# held it up) and no date; rich's dated line follows each tenth step.
SDSCRIPTS_MEAN_RATE_BAR = ["steps:   0%|                                                 | 0/400 [00:00<?, ?it/s]"]
SDSCRIPTS_MEAN_RATE_BAR += [
    'epoch 1/40',
    '2026-05-12 18:12:29 INFO     epoch is incremented. current_epoch: 0, train_util.py:787',
    '                             epoch: 1',
    'Loss: 0.1308 | Pulse: 1.0000e-04',
    'steps:   0%| | 1/400 [00:19<2:12:21, 19.90s/it, Average key norm=0.0022, Keys Scaled=Loss: 0.1306 | Pulse: 1.0000e-04',
    'steps:   0%| | 2/400 [00:21<1:10:43, 10.66s/it, Average key norm=0.00484, Keys ScaledLoss: 0.1344 | Pulse: 1.0000e-04',
    'steps:   1%| | 3/400 [00:22<50:10,  7.58s/it, Average key norm=0.0078, Keys Scaled=0,Loss: 0.1228 | Pulse: 1.0000e-04',
    'steps:   1%| | 4/400 [00:24<39:55,  6.05s/it, Average key norm=0.0112, Keys Scaled=0,Loss: 0.1237 | Pulse: 1.0000e-04',
    'steps:   1%| | 5/400 [00:25<33:44,  5.12s/it, Average key norm=0.0148, Keys Scaled=0,Loss: 0.1222 | Pulse: 1.0000e-04',
    'steps:   2%| | 6/400 [00:27<29:36,  4.51s/it, Average key norm=0.0184, Keys Scaled=0,Loss: 0.1241 | Pulse: 1.0000e-04',
    'steps:   2%| | 7/400 [00:28<26:39,  4.07s/it, Average key norm=0.0221, Keys Scaled=0,Loss: 0.1132 | Pulse: 1.0000e-04',
    'steps:   2%| | 8/400 [00:29<24:26,  3.74s/it, Average key norm=0.0258, Keys Scaled=0,Loss: 0.1108 | Pulse: 1.0000e-04',
    'steps:   2%| | 9/400 [00:31<22:46,  3.49s/it, Average key norm=0.0295, Keys Scaled=0,Loss: 0.1033 | Pulse: 1.0000e-04',
    'steps:   2%| | 10/400 [00:33<21:27,  3.30s/it, Average key norm=0.0329, Keys Scaled=0',
    'epoch 2/40',
    '2026-05-12 18:12:45 INFO     epoch is incremented. current_epoch: 1, train_util.py:787',
    '                             epoch: 2',
    'Loss: 0.0952 | Pulse: 1.0000e-04',
    'steps:   3%| | 11/400 [00:34<20:19,  3.13s/it, Average key norm=0.0363, Keys Scaled=0Loss: 0.0904 | Pulse: 1.0000e-04',
    'steps:   3%| | 12/400 [00:36<19:24,  3.00s/it, Average key norm=0.0399, Keys Scaled=0Loss: 0.0918 | Pulse: 1.0000e-04',
    'steps:   3%| | 13/400 [00:37<18:37,  2.89s/it, Average key norm=0.0434, Keys Scaled=0Loss: 0.0819 | Pulse: 1.0000e-04',
    'steps:   4%| | 14/400 [00:39<17:58,  2.79s/it, Average key norm=0.0469, Keys Scaled=0Loss: 0.0746 | Pulse: 1.0000e-04',
    'steps:   4%| | 15/400 [00:40<17:21,  2.71s/it, Average key norm=0.0503, Keys Scaled=0Loss: 0.0747 | Pulse: 1.0000e-04',
    'steps:   4%| | 16/400 [00:42<16:52,  2.64s/it, Average key norm=0.0536, Keys Scaled=0Loss: 0.0725 | Pulse: 1.0000e-04',
    'steps:   4%| | 17/400 [00:43<16:24,  2.57s/it, Average key norm=0.0568, Keys Scaled=0Loss: 0.0646 | Pulse: 1.2466e-04',
    'steps:   4%| | 18/400 [00:45<16:00,  2.51s/it, Average key norm=0.0607, Keys Scaled=0Loss: 0.0688 | Pulse: 1.3326e-04',
    'steps:   5%| | 19/400 [00:46<15:39,  2.47s/it, Average key norm=0.0647, Keys Scaled=0Loss: 0.0641 | Pulse: 1.5484e-04',
    'steps:   5%| | 20/400 [00:48<15:20,  2.42s/it, Average key norm=0.0694, Keys Scaled=0',
    'epoch 3/40',
    '2026-05-12 18:13:00 INFO     epoch is incremented. current_epoch: 2, train_util.py:787',
    '                             epoch: 3',
    'Loss: 0.0609 | Pulse: 2.3227e-04',
    'steps:   5%| | 21/400 [00:50<15:03,  2.38s/it, Average key norm=0.0764, Keys Scaled=0Loss: 0.0599 | Pulse: 2.3227e-04',
    'steps:   6%| | 22/400 [00:51<14:45,  2.34s/it, Average key norm=0.0833, Keys Scaled=0Loss: 0.0563 | Pulse: 2.8809e-04',
    'steps:   6%| | 23/400 [00:53<14:30,  2.31s/it, Average key norm=0.0914, Keys Scaled=0Loss: 0.0585 | Pulse: 3.0983e-04',
    'steps:   6%| | 24/400 [00:54<14:16,  2.28s/it, Average key norm=0.1, Keys Scaled=0, aLoss: 0.0525 | Pulse: 4.2403e-04',
    'steps:   6%| | 25/400 [00:56<14:03,  2.25s/it, Average key norm=0.112, Keys Scaled=0,Loss: 0.0548 | Pulse: 4.7203e-04',
    'steps:   6%| | 26/400 [00:57<13:50,  2.22s/it, Average key norm=0.126, Keys Scaled=0,Loss: 0.0525 | Pulse: 5.7090e-04',
    'steps:   7%| | 27/400 [00:59<13:38,  2.19s/it, Average key norm=0.143, Keys Scaled=0,Loss: 0.0525 | Pulse: 6.4374e-04',
    'steps:   7%| | 28/400 [01:00<13:26,  2.17s/it, Average key norm=0.161, Keys Scaled=0,Loss: 0.0511 | Pulse: 7.5309e-04',
    'steps:   7%| | 29/400 [01:02<13:15,  2.14s/it, Average key norm=0.182, Keys Scaled=0,Loss: 0.0504 | Pulse: 5.4298e-04',
    'steps:   8%| | 30/400 [01:03<13:05,  2.12s/it, Average key norm=0.197, Keys Scaled=1,',
    'epoch 4/40',
]


def test_a_bar_whose_rate_is_its_mean_and_whose_lines_are_undated_is_clocked_by_the_dated_lines_among_them(
        tmp_path: Path) -> None:
    """A steps bar with no date, its rate the mean since it began: each step's time is what the bar's
    clock adds (`10/400 [00:33` to `30/400 [01:03`: 30 s over 20 steps, 1.5 s +- 0.1, where the rates
    printed say 3.13 to 2.12 s), and the dated line printed after a reading dates it (`18:12:45`
    after step 10, before step 11): the run began 33 s (10 x 3.30 s/it) before that line. Before,
    its steps had no time and the report said the wall time was undetermined."""
    con = console_connection(tmp_path, SDSCRIPTS_MEAN_RATE_BAR)
    ends = dict(con.execute("select step, end_ns from log_steps where end_ns is not null").fetchall())

    def at(hms: str) -> int:
        return int(datetime.fromisoformat(f"2026-05-12T{hms}+00:00").timestamp()) * 10**9

    for before, line, after in ((10, "18:12:45", 11), (20, "18:13:00", 21)):
        assert ends[before] < at(line) + 10**9 and ends[after] >= at(line), (before, ends.get(before), ends.get(after))
    assert ends[30] < at("18:13:16")
    times = [t for (t,) in con.execute("select step_time_s from log_steps where step between 11 and 30").fetchall()]
    assert len(times) == 20 and 1.4 <= sorted(times)[10] <= 1.6, times
    ((start,),) = con.execute("select start_ns from attempts").fetchall()
    assert at("18:12:11") <= start <= at("18:12:13"), start


def test_a_run_that_completed_then_a_new_run_loses_no_work_and_waits_idle_between(tmp_path: Path) -> None:
    """The two sd-scripts runs of SDSCRIPTS_TWO_RUNS both complete (`model saved.`, 162/162): the
    second, from step 0 again, redoes none of the first's work; the 128 s between the first's end
    (11:54:35) and the second's start (12:04:12 less its bar's 07:29) are no restart's downtime,
    and each bar's last reading, undated, ends its steps on the clock its dated reading set
    (`162/162 [14:44` and `[14:50`: the two runs stepped 14:44 + 14:50 = 1774 s). Before: "lost
    work: 446 s lost to 0 failures", "restart downtime 128 s", 7.5 min productive."""
    con = console_connection(tmp_path, SDSCRIPTS_TWO_RUNS)
    seconds = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    assert seconds["lost_work"] == 0 and seconds["restart_downtime"] == 0, seconds
    assert abs(seconds["idle"] - 128) <= 1, seconds
    assert 0.95 * 1774 <= seconds["productive"] <= 1774 + 2, seconds
    findings = [t for (t,) in con.execute("select title from findings").fetchall()]
    assert not any("lost work" in t or "restart downtime" in t for t in findings), findings


# A two-node DeepSpeed run of Stanford's mistral through pdsh (an AWS tutorial's log, stored file id
# 14060014015): the launchers' dated lines, then the run's undated loss dicts
MISTRAL_PDSH = [
    ('[2022-07-26 22:43:03,683] [INFO] [multinode_runner.py:65:get_cmd] Running on the following workers: '
     '10.0.143.177,10.0.128.14'),
    ('[2022-07-26 22:43:03,683] [INFO] [runner.py:457:main] cmd = pdsh -S -f 1024 -w 10.0.143.177,10.0.128'
     '.14 export NCCL_VERSION=2.11.4-1; export NCCL_SOCKET_IFNAME=eth0; export NCCL_DEBUG=INFO; export PYT'
     'HONPATH=/workspace/mistral;  cd /workspace/mistral; /usr/bin/python3 -u -m deepspeed.launcher.launch'
     ' --world_info=eyIxMC4wLjE0My4xNzciOiBbMF0sICIxMC4wLjEyOC4xNCI6IFswXX0= --node_rank=%n --master_addr='
     "10.0.143.177 --master_port=33330 train.py --config 'conf/tutorial-gpt2-micro.yaml' --nnodes '2' --np"
     "roc_per_node '1' --training_arguments.fp16 'true' --training_arguments.per_device_train_batch_size '"
     "4' --run_id 'tutorial-gpt2-micro-multi-node'"),
    "10.0.143.177: Warning: Permanently added '[10.0.143.177]:2022' (RSA) to the list of known hosts.",
    "10.0.128.14: Warning: Permanently added '[10.0.128.14]:2022' (RSA) to the list of known hosts.",
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:96:main] 0 NCCL_VERSION=2.11.4-1',
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:96:main] 0 NCCL_SOCKET_IFNAME=eth0',
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:96:main] 0 NCCL_DEBUG=INFO',
    ("10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:103:main] WORLD INFO DICT: {'10.0.143.177'"
     ": [0], '10.0.128.14': [0]}"),
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:109:main] nnodes=2, num_local_procs=1, node_rank=0',
    ('10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:122:main] global_rank_mapping=defaultdict('
     "<class 'list'>, {'10.0.143.177': [0], '10.0.128.14': [1]})"),
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:123:main] dist_world_size=2',
    '10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:125:main] Setting CUDA_VISIBLE_DEVICES=0',
    '10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:96:main] 1 NCCL_VERSION=2.11.4-1',
    '10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:96:main] 1 NCCL_SOCKET_IFNAME=eth0',
    '10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:96:main] 1 NCCL_DEBUG=INFO',
    ("10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:103:main] WORLD INFO DICT: {'10.0.143.177':"
     " [0], '10.0.128.14': [0]}"),
    '10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:109:main] nnodes=2, num_local_procs=1, node_rank=1',
    ('10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:122:main] global_rank_mapping=defaultdict(<'
     "class 'list'>, {'10.0.143.177': [0], '10.0.128.14': [1]})"),
    ('  0%|          | 0/400000 [00:00<?, ?it/s][W reducer.cpp:1251] Warning: find_unused_parameters=True '
     'was specified in DDP constructor, but did not find any unused parameters in the forward pass. This f'
     'lag results in an extra traversal of the autograd graph every iteration,  which can adversely affect'
     ' performance. If your model indeed never has any unused parameters in the forward pass, consider tur'
     'ning this flag off. Note that this warning may be a false positive if your model has flow control ca'
     'using later iterations to have unused parameters. (function operator())'),
    ('  0%|          | 0/400000 [00:00<?, ?it/s][W reducer.cpp:1251] Warning: find_unused_parameters=True '
     'was specified in DDP constructor, but did not find any unused parameters in the forward pass. This f'
     'lag results in an extra traversal of the autograd graph every iteration,  which can adversely affect'
     ' performance. If your model indeed never has any unused parameters in the forward pass, consider tur'
     'ning this flag off. Note that this warning may be a false positive if your model has flow control ca'
     'using later iterations to have unused parameters. (function operator())'),
    "10.0.128.14: {'loss': 10.9772, 'learning_rate': 1.5e-07, 'epoch': 0.0}",
    "10.0.143.177: {'loss': 10.9772, 'learning_rate': 1.5e-07, 'epoch': 0.0}",
    "10.0.128.14: {'loss': 10.5956, 'learning_rate': 7.499999999999999e-06, 'epoch': 0.0}",
    "10.0.143.177: {'loss': 10.5956, 'learning_rate': 7.499999999999999e-06, 'epoch': 0.0}",
    "10.0.128.14: {'loss': 9.495, 'learning_rate': 1.4999999999999999e-05, 'epoch': 0.01}",
    "10.0.143.177: {'loss': 9.495, 'learning_rate': 1.4999999999999999e-05, 'epoch': 0.01}",
]


def test_undated_steps_after_an_attempts_last_dated_line_make_its_length_a_lower_bound(tmp_path: Path) -> None:
    """The launchers' lines date 22:43:03.683 to 22:43:05.228; the loss dicts after them have no
    time: the attempt ran longer than its dated span (it said `0.781 s`, as if measured)."""
    con = console_connection(tmp_path, MISTRAL_PDSH)
    ((length, at_least),) = con.execute("select length_s, length_at_least from attempts").fetchall()
    assert length <= 5.228 - 3.683 + 1e-9 and at_least is True, (length, at_least)


# MACE 0.3.6's log of one model trained three times, its runs appended to one file (FreSchNDE/MLIP's
# MACE_models/mace01_run-123.log, stored file id 36665852979, lines 182-218, 231 and 374-378): the first run's
# last epochs, its end and its evaluation of two checkpoints, then ten months later the next run's start
MACE_APPENDED_RUNS = [
    '2024-07-21 14:17:32.258 INFO: Epoch 44: loss=0.4875, RMSE_E_per_atom=9.6 meV, RMSE_F=218.9 meV / A',
    '2024-07-21 14:17:34.125 INFO: Epoch 46: loss=0.4632, RMSE_E_per_atom=19.0 meV, RMSE_F=206.9 meV / A',
    '2024-07-21 14:17:36.028 INFO: Epoch 48: loss=0.4545, RMSE_E_per_atom=16.7 meV, RMSE_F=206.8 meV / A',
    '2024-07-21 14:17:36.951 INFO: Training complete',
    '2024-07-21 14:17:36.952 INFO: Computing metrics for training, validation, and test sets',
    '2024-07-21 14:17:37.803 INFO: Loading checkpoint: MACE_models/mace01_run-123_epoch-22.pt',
    '2024-07-21 14:17:37.828 INFO: Loaded model from epoch 22',
    '2024-07-21 14:17:37.828 INFO: Evaluating train ...',
    '2024-07-21 14:17:38.297 INFO: Evaluating valid ...',
    '2024-07-21 14:17:38.346 INFO: Evaluating Default ...',
    '2024-07-21 14:17:41.265 INFO: ',
    '+-------------+---------------------+------------------+-------------------+',
    '| config_type | RMSE E / meV / atom | RMSE F / meV / A | relative F RMSE % |',
    '+-------------+---------------------+------------------+-------------------+',
    '|    train    |        294.9        |      245.8       |       11.29       |',
    '|    valid    |        267.4        |      263.9       |       10.20       |',
    '|   Default   |        291.2        |      268.8       |       11.74       |',
    '+-------------+---------------------+------------------+-------------------+',
    '2024-07-21 14:17:41.265 INFO: Saving model to MACE_models/mace01_run-123.model',
    '2024-07-21 14:17:41.333 INFO: Compiling model, saving metadata to MACE_models/mace01_compiled.model',
    '2024-07-21 14:17:41.971 INFO: Loading checkpoint: MACE_models/mace01_run-123_epoch-48_swa.pt',
    '2024-07-21 14:17:41.998 INFO: Loaded model from epoch 48',
    '2024-07-21 14:17:41.999 INFO: Evaluating train ...',
    '2024-07-21 14:17:42.487 INFO: Evaluating valid ...',
    '2024-07-21 14:17:42.539 INFO: Evaluating Default ...',
    '2024-07-21 14:17:45.540 INFO: ',
    '+-------------+---------------------+------------------+-------------------+',
    '| config_type | RMSE E / meV / atom | RMSE F / meV / A | relative F RMSE % |',
    '+-------------+---------------------+------------------+-------------------+',
    '|    train    |         19.1        |      182.0       |        8.36       |',
    '|    valid    |         16.7        |      206.8       |        8.00       |',
    '|   Default   |         20.4        |      211.4       |        9.23       |',
    '+-------------+---------------------+------------------+-------------------+',
    '2024-07-21 14:17:45.541 INFO: Saving model to MACE_models/mace01_run-123_swa.model',
    '2024-07-21 14:17:45.610 INFO: Compiling model, saving metadata MACE_models/mace01_swa_compiled.model',
    '2024-07-21 14:17:46.275 INFO: Done',
    '2025-05-19 12:09:23.138 INFO: MACE version: 0.3.6',
    '2025-05-19 12:09:24.794 INFO: WeightedEnergyForcesLoss(energy_weight=1.000, forces_weight=100.000)',
    '2025-05-19 12:09:25.905 INFO: Started training',
    '2025-05-19 12:09:26.804 INFO: Epoch None: loss=71.3685, RMSE_E_per_atom=6269.3 meV, RMSE_F=2604.0 meV / A',
    '2025-05-19 12:09:32.765 INFO: Epoch 0: loss=30.7212, RMSE_E_per_atom=5323.5 meV, RMSE_F=1678.3 meV / A',
    '2025-05-19 12:09:36.065 INFO: Epoch 2: loss=8.4117, RMSE_E_per_atom=4865.6 meV, RMSE_F=779.0 meV / A',
    '2025-05-19 12:09:38.840 INFO: Epoch 4: loss=4.8551, RMSE_E_per_atom=4090.0 meV, RMSE_F=564.8 meV / A',
]


def test_a_run_evaluating_its_checkpoints_after_training_then_a_new_run_appended(tmp_path: Path) -> None:
    """`Training complete`, then `Loading checkpoint: ..._epoch-48_swa.pt` and `Loaded model from epoch
    48` to evaluate it: no relaunch, no epoch 48 again; MACE's next run in the same file ten months
    later (`MACE version: 0.3.6`, `WeightedEnergyForcesLoss(...)`, `Epoch None: loss=...` before its
    first epoch) is a second run from epoch 0, the months between idle: none of it an epoch's, a
    restart's, lost work or start-up (it was five attempts and "start-up 2.71e+07 s"). The first run
    ran until the save after its evaluation."""
    con = console_connection(tmp_path, MACE_APPENDED_RUNS)

    def at(text: str) -> int:
        moment = datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC)
        return int(moment.replace(microsecond=0).timestamp()) * 10**9 + moment.microsecond * 1000

    attempts = con.execute("select start_ns, end_ns, end_reason, first_step from attempts order by attempt").fetchall()
    epoch0 = next(t[:23] for t in MACE_APPENDED_RUNS if " INFO: Epoch 0:" in t)
    # (not at `Training complete`: until the save it made after its evaluation, 14:17:45.541, its final work)
    saved = next(t[:23] for t in MACE_APPENDED_RUNS if "INFO: Saving model to MACE_models/mace01_run-123_swa.model" in t)
    assert [(a[1], a[2]) for a in attempts[:1]] == [(at(saved), "completed")] and len(attempts) == 2, attempts
    assert attempts[1][0] <= at(epoch0) and attempts[1][3] == 0, attempts
    seconds = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    assert seconds["lost_work"] == seconds["restart_downtime"] == 0 and seconds["startup"] < 60, seconds
    # (from that save to the next run's first line, `MACE version: 0.3.6` at 2025-05-19 12:09:23.138: idle)
    assert seconds["idle"] == pytest.approx((at("2025-05-19 12:09:23.138") - at(saved)) / 1e9), seconds


# Apple SimpleFold's training script (lightning-hydra-template) launched seven times into one Hydra file log
# (BlackCetus/ml-simplefold train.log, stored file id 71179955489, commit 246c239a): lines 1-6, 33-36 (the
# first launch and the end of its traceback), 115, 125-127, 136-138, 143-146, 157, 158 and 169 (launches 4 to 7)
SIMPLEFOLD_LAUNCHES = [
    "[2026-06-09 17:11:45,411][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>",
    "[2026-06-09 17:11:45,841][__main__][INFO] - [rank: 0] Instantiating model <model.simplefold.SimpleFold>",
    "[2026-06-09 17:12:02,418][utils.utils][ERROR] - [rank: 0] ",
    "Traceback (most recent call last):",
    '  File "/e/project1/crescendo/reim1/ml-simplefold/src/simplefold/utils/utils.py", line 185, in wrap',
    "    task_func(cfg=cfg)",
    "omegaconf.errors.ConfigAttributeError: Key '_target_' is not in struct",
    "    full_key: data._target_",
    "    object_type=dict",
    "[2026-06-09 17:12:02,517][utils.utils][INFO] - [rank: 0] Output dir: ./artifacts/",
    "[2026-06-09 17:40:05,392][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>",
    "[2026-06-09 17:40:17,505][__main__][INFO] - [rank: 0] Starting training!",
    "[2026-06-09 17:47:09,475][utils.utils][INFO] - [rank: 0] Output dir: ./artifacts/",
    "[2026-06-09 17:49:38,405][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>",
    "[2026-06-09 17:49:51,629][utils.utils][ERROR] - [rank: 0] ",
    "Traceback (most recent call last):",
    '  File "/e/project1/crescendo/reim1/ml-simplefold/src/simplefold/utils/utils.py", line 185, in wrap',
    '    if "mixed_precision" in trainer_cfg.strategy.keys():',
    "AttributeError: 'str' object has no attribute 'keys'",
    "[2026-06-09 17:49:51,630][utils.utils][INFO] - [rank: 0] Output dir: ./artifacts/",
    "[2026-06-09 17:51:00,643][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>",
    "[2026-06-09 17:51:24,917][utils.utils][INFO] - [rank: 0] Output dir: ./artifacts/",
    "[2026-06-09 17:53:25,812][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>",
    "[2026-06-09 17:53:44,782][utils.utils][INFO] - [rank: 0] Output dir: ./artifacts/",
]


def test_each_launch_of_a_task_is_an_attempt_that_ran_until_its_last_dated_line(tmp_path: Path) -> None:
    """Five launches of lightning-hydra-template's task, each opening with `Printing config tree with
    Rich!` and closing with its `finally:` block's `Output dir:`: five attempts. The line 0.1 ms to
    0.1 s after a traceback's dated `[ERROR]` line is the failed run's own last words, no relaunch's
    first line; a run that ends with no failure ran until its last dated line (7 minutes after its
    start, not 0 s), and the next `Printing config tree` begins the next run."""
    con = console_connection(tmp_path, SIMPLEFOLD_LAUNCHES)
    rows = con.execute("select start_ns, length_s, length_at_least, end_reason from attempts order by attempt").fetchall()

    def at(clock: str) -> int:
        return int(datetime.strptime(f"2026-06-09 {clock}", "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=UTC).timestamp()
                   * 10**6) * 1000

    assert [r[0] for r in rows] == [at(c) for c in ("17:11:45,411", "17:40:05,392", "17:49:38,405", "17:51:00,643",
                                                    "17:53:25,812")]
    assert [(pytest.approx(r[1]), bool(r[2]), r[3]) for r in rows] == [
        (2.418 + 60 - 45.411, True, "crash"),  # (its traceback after 17:12:02,418: at least until then)
        (7 * 60 + 9.475 - 5.392, False, "restarted"),
        (51.629 - 38.405, True, "crash"),
        (24.917 - 0.643, False, "restarted"),
        (44.782 - 25.812, False, "unknown"),
    ]


# verl's console (a chat export pasting it, stored file id 42786531043): its training bar at step 60, its
# elapsed time 21:41:02 since the bar began (it began at a resumed step: its rate, 7978.33 s/it, is over the
# steps since), then a dated line of the save that followed
VERL_BAR_THEN_SAVE = [
    "Training Progress:   2%|██▉                                                                                        "
    "                                                                               | 60/3499 [21:41:02<7621:31:21, 7978.33s/it]",
    "(WorkerDict pid=3258596) INFO:2025-10-07 07:01:41,025:[Rank 0] Saved optim to /root/verl/recipe/retool/checkpoint/"
    "qwen2.5-32b_dapo_with_tool/global_step_60/actor/optim_world_size_8_rank_0.pt [repeated 7x across cluster]",
]


def test_a_bar_dated_at_its_start_starts_its_attempt_there_not_a_step_time_before(tmp_path: Path) -> None:
    """The bar's reading at step 60 is dated by the line after it: its bar began 21:41:02 before
    07:01:41,025 (to the second), and the attempt with it; not one more step time, 7978.33 s,
    before that (2.2 hours of time no line shows, called 'nothing logged')."""
    con = console_connection(tmp_path, VERL_BAR_THEN_SAVE)
    ((start, end),) = con.execute("select start_ns, end_ns from attempts").fetchall()
    saved = int(datetime(2025, 10, 7, 7, 1, 41, 25000, tzinfo=UTC).timestamp() * 10**6) * 1000
    elapsed = (21 * 3600 + 41 * 60 + 2) * 10**9
    assert saved - elapsed - 10**9 <= start <= saved - elapsed
    assert end >= saved
    assert con.execute("select count(*) from findings where finding = 'other'").fetchone() == (0,)


def test_a_step_line_s_own_step_time_in_seconds_is_its_step_time(tmp_path: Path) -> None:
    """A GRPO trainer's step line (harishvs/rl_grpo_qwen_math, docs/run-2026-04-07-0700-monarch-run7/logs/
    training-partial.log, lines 23-25) names its time `step_time_seconds=15.1395`."""
    lines = [
        "Training: 7473 problems, 32 prompts/step, 233 steps/epoch, 233 total steps",
        "step:0 | policy_loss=13.4705 | kl_divergence=0.0000 | mean_reward=0.1484 | clip_fraction=0.0085 | grad_norm=334.0000 "
        "| step_time_seconds=15.1395 | throughput_samples_per_sec=16.9094 | epoch=0",
        "step:1 | policy_loss=0.0002 | kl_divergence=0.0004 | mean_reward=0.1680 | clip_fraction=0.0048 | grad_norm=0.8906 "
        "| step_time_seconds=10.9031 | throughput_samples_per_sec=23.4795 | epoch=0",
        "step:2 | policy_loss=-0.0008 | kl_divergence=0.0009 | mean_reward=0.1406 | clip_fraction=0.0458 | grad_norm=308.0000 "
        "| step_time_seconds=10.5976 | throughput_samples_per_sec=24.1564 | epoch=0",
    ]
    con = console_connection(tmp_path, lines)
    assert con.execute("select step, step_time_s from log_steps order by step").fetchall() == [
        (0, 15.1395), (1, 10.9031), (2, 10.5976)]


def test_scheduler_lines_that_say_why_a_job_ended_name_its_cause(tmp_path: Path) -> None:
    """salloc's `Job 255505 has exceeded its time limit and its allocation has been revoked.` is the
    time limit, though the step's cancel after it names no reason (sbuedenb's master-thesis notes,
    stored file id 17041475637); Slurm's `CANCELLED AT ... DUE TO JOB REQUEUE` after submitit's
    `this job is preempted` (facebookincubator/submitit issue 1708) is a preemption, not a user's
    cancel."""
    salloc = [
        "salloc -p gpu --ntasks=1 --cpus-per-task=16 --time=300:00 --mem=40gb -G 1",
        " 47%|██████████████████████████████████████▋                                           | 1258/2675 "
        "[1:31:09<1:42:45,  4.35s/it]",
        "salloc: Job 255505 has exceeded its time limit and its allocation has been revoked.",
        "srun: forcing job termination",
        "Hangup",
        "[sbuedenb@ramses4 masterthesis]$ srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP 255506.0 ON ramses16304 CANCELLED AT 2024-12-20T14:27:46 ***",
        "srun: error: ramses16304: task 0: Killed",
    ]
    (tmp_path / "a").mkdir()
    con = console_connection(tmp_path / "a", salloc)
    ((title, advice),) = con.execute("select title, advice from findings where finding = 'job_failed'").fetchall()
    assert "salloc: Job 255505 has exceeded its time limit" in title and advice.startswith("the scheduler's time limit")
    submitit = [
        "submitit WARNING (2022-08-12 02:06:11,453) - Caught signal SIGUSR2 on SERVER_NAME: this job is preempted.",
        "slurmstepd: error: *** JOB 608 ON SERVER_NAME CANCELLED AT 2022-08-12T02:06:12 DUE TO JOB REQUEUE ***",
        "slurmstepd: error: *** STEP 608.0 ON SERVER_NAME CANCELLED AT 2022-08-12T02:06:12 DUE TO JOB REQUEUE ***",
        "submitit WARNING (2022-08-12 02:06:12,299) - Bypassing signal SIGCONT",
        "submitit WARNING (2022-08-12 02:06:12,301) - Bypassing signal SIGTERM",
        "srun: error: SERVER_NAME: tasks 2-3: Exited with exit code 1",
    ]
    (tmp_path / "b").mkdir()
    con = console_connection(tmp_path / "b", submitit)
    ((severity, advice),) = con.execute("select severity, advice from findings where finding = 'job_failed'").fetchall()
    assert severity == "high" and advice.startswith("preempted")


def test_coqui_s_word_that_its_run_is_kept_is_a_stopped_run(tmp_path: Path) -> None:
    """Coqui's trainer prints ` ! Run is kept in <folder>` only from its handlers of an interrupt
    and of an exception (`remove_experiment_folder`): jofrems/TTS_VITS_Finetuned's
    trainer_0_log.txt ends with epoch 171's start, then that line: the run stopped before its end."""
    lines = [
        " > EPOCH: 171/1000",
        " --> /content/vits-tts-finetune-November-03-2022_10+46AM-0000000",
        "",
        " > TRAINING (2022-11-03 13:30:29) ",
        " ! Run is kept in /content/vits-tts-finetune-November-03-2022_10+46AM-0000000",
    ]
    path = tmp_path / "trainer_0_log.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = registry()["generic_log"].parse(path, ParseOptions())
    events = result.tables["log_events"].to_pylist()
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 5)]


# flax's gemma example on a v6e-16 (google/flax examples/gemma/README.md, its example output for worker 0, stored
# file id 53363327205): lines 1, 34-36, 68-76 (absl's head on every line, no year; clu's metric writer)
FLAX_GEMMA = [
    "I0325 13:58:52.664953 130295542103168 main.py:56] JAX version: 0.9.2",
    "I0325 13:59:07.812757 130295542103168 train.py:612] Starting training loop.",
    "I0325 14:00:22.976243 130295542103168 train.py:652] Finished training step 0. Batch size: 512, Loss: 10.96665, LR: 0.00000",
    "I0325 14:01:31.933391 130295542103168 train.py:652] Finished training step 1. Batch size: 512, Loss: 10.96693, LR: 0.00000",
    "I0325 14:04:37.407858 130295542103168 train.py:665] Gathering training metrics.",
    "I0325 14:04:37.610165 130245504009792 logging_writer.py:48] [2000] train_accuracy=0.37408044934272766, "
    "train_loss=3.729034185409546",
    "I0325 14:04:50.093986 130245504009792 logging_writer.py:64] [2000] Got texts: {'samples': ['Paris is a the capital "
    "of the world , and the city is always a place for the people to live .', 'Flax is a very good player , but he is a "
    "very good player .', 'The shutdown was aimed at creating efficiencies as well as improving the quality of the "
    "service .', 'A big theme of this hire is that there are parts of the industry that are not only in the business of "
    "making the most of these things , but also in the process of making them work .', 'Because of Bear Stearns , many "
    "analysts are still unconvinced that the Fed will be able to keep its key interest rate at a record low of zero to "
    "0.25 percent .', 'Next month , the Brazilian bourse will open at the end of the year .']}.",
    "I0325 14:04:50.096882 130295542103168 train.py:420] Gathering evaluation metrics.",
    "I0325 14:08:19.201115 130295542103168 local.py:41] Setting work unit notes: 0.3 steps/s, 0.4% (2001/500000), ETA: "
    "19d12h11m (9m : 1.8% data, 2.3% generate_text, 52.0% train_step, 0.0% training_metrics)",
    "I0325 14:08:24.184369 130245504009792 logging_writer.py:48] [2000] eval_accuracy=0.4045374393463135, "
    "eval_loss=3.198998212814331, eval_perplexity=24.50796127319336",
    "I0325 14:08:24.272225 130245504009792 logging_writer.py:48] [2001] steps_per_sec=0.295464",
    "I0325 14:08:24.272729 130245504009792 logging_writer.py:48] [2001] uptime=551.51",
    "I0325 14:09:19.241172 130295542103168 local.py:41] Setting work unit notes: 10.6 steps/s, 0.5% (2639/500000), ETA: "
    "13h0m (10m : 1.7% data, 35.0% eval, 2.0% generate_text, 55.7% train_step, 0.0% training_metrics)",
]


def test_an_absl_programs_first_line_starts_it_and_its_evaluation_runs_from_its_word_to_its_results(
        tmp_path: Path) -> None:
    """JAX's absl lines are the program's own (no launcher's, as torchrun's glog lines are): its
    first, 13:58:52.664953, starts the attempt, 15 s before its training loop; `Gathering evaluation
    metrics.` to clu's `[2000] eval_accuracy=...` (14:08:24.184369) is an evaluation, from the dated
    line before it (its sampled texts written, 14:04:50.093986): 214.1 s no step ran in."""
    con = console_connection(tmp_path, FLAX_GEMMA)
    ((start,),) = con.execute("select start_ns from attempts").fetchall()
    assert start % (86400 * 10**9) == (13 * 3600 + 58 * 60 + 52) * 10**9 + 664_953_000
    ((eval_s,),) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchall()
    assert eval_s == pytest.approx((8 * 60 + 24.184369) - (4 * 60 + 50.093986))


def test_a_lightning_bars_one_reading_ran_its_elapsed_time(tmp_path: Path) -> None:
    """NeMo's Tacotron 2 under Lightning (NVIDIA NeMo issue 3493, its pasted console): the bar's one
    reading, `32/200 [01:17<06:47,  2.43s/it, ...]`, then the traceback: the attempt ran the bar's 77
    seconds and more (its 32 steps), not one step's 2.43 s."""
    lines = [
        "Epoch 0:  16%|█████████████████████▎                                                                          "
        "                                 | 32/200 [01:17<06:47,  2.43s/it, loss=9.14, v_num=2-15]Error executing job "
        "with overrides: ['sample_rate=22050', 'train_dataset=/home/pc/Downloads/first100.json', 'validation_datasets="
        "/home/pc/Downloads/first100.json', 'trainer.max_epochs=1', 'trainer.accelerator=null', "
        "'trainer.check_val_every_n_epoch=1']",
        "Traceback (most recent call last):",
        '  File "tacotron2.py", line 53, in main',
    ]
    con = console_connection(tmp_path, lines)
    ((length, reason),) = con.execute("select length_s, end_reason from attempts").fetchall()
    assert 77 <= length < 78 + 1 and reason == "crash", length


# icefall's yesno recipe's training log (its installation docs, stored file id 333167812, lines 26-36, the docs'
# 3-space indent kept): each epoch's validation on a line of its own, and the docs' `  ... ...` over epochs 2-12
ICEFALL_YESNO = [
    "   2023-05-12 18:05:01,389 INFO [train.py:422] Epoch 1, batch 0, loss[loss=0.2532, over 2436.00 frames. ], "
    "tot_loss[loss=0.2532, over 2436.00 frames. ], batch size: 4",
    "   2023-05-12 18:05:01,637 INFO [train.py:422] Epoch 1, batch 10, loss[loss=0.1139, over 2828.00 frames. ], "
    "tot_loss[loss=0.1592, over 22192.90 frames. ], batch size: 4",
    "   2023-05-12 18:05:01,859 INFO [train.py:444] Epoch 1, validation loss=0.1629, over 18067.00 frames.",
    "   2023-05-12 18:05:02,094 INFO [train.py:422] Epoch 1, batch 20, loss[loss=0.0767, over 2695.00 frames. ], "
    "tot_loss[loss=0.118, over 34971.47 frames. ], batch size: 5",
    "   2023-05-12 18:05:02,350 INFO [train.py:444] Epoch 1, validation loss=0.06778, over 18067.00 frames.",
    "   2023-05-12 18:05:02,395 INFO [checkpoint.py:75] Saving checkpoint to tdnn/exp/epoch-1.pt",
    "",
    "  ... ...",
    "",
    "   2023-05-12 18:05:14,789 INFO [train.py:422] Epoch 13, batch 0, loss[loss=0.01056, over 2436.00 frames. ], "
    "tot_loss[loss=0.01056, over 2436.00 frames. ], batch size: 4",
    "   2023-05-12 18:05:15,016 INFO [train.py:422] Epoch 13, batch 10, loss[loss=0.009022, over 2828.00 frames. ], "
    "tot_loss[loss=0.009985, over 22192.90 frames. ], batch size: 4",
]


def test_an_epochs_validation_line_is_its_evaluation_and_dots_in_groups_are_lines_cut_out(tmp_path: Path) -> None:
    """`Epoch 1, validation loss=0.1629` ran from the step line before it (18:05:01,637) to its own
    (01,859), the next one from 02,094 to 02,350: 0.478 s of evaluation, not steps; `  ... ...` is
    lines cut out (epochs 2 to 12)."""
    con = console_connection(tmp_path, ICEFALL_YESNO)
    ((eval_s,),) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchall()
    assert eval_s == pytest.approx((1.859 - 1.637) + (2.350 - 2.094))
    assert con.execute("select line from log_events where kind = 'elision'").fetchall() == [(8,)]


def test_a_completed_run_ran_until_the_save_after_its_end(tmp_path: Path) -> None:
    """Megatron-DeepSpeed's last iteration, `[after training is done] datetime: 2023-08-15 07:22:31`,
    then its final save (`saving checkpoint at iteration 2500`, DeepSpeed's dated lines until
    07:22:37,720, `successfully saved checkpoint`): the run ran until its save ended, not its word that
    training was done (a Megatron-DeepSpeed LLaMA run's notes, stored file id 16887721843, lines 101-102,
    108-113 and 131-134)."""
    lines = [
        "[2023-08-15 07:22:30,556] [INFO] [logging.py:96:log_dist] [Rank 0] step=2499, skipped=1585, lr=[0.0001371, "
        "0.0001371], mom=[(0.9, 0.95), (0.9, 0.95)]",
        "steps: 2499 loss: 13.4013 iter time (s): 1.202 samples/sec: 26.614",
        "[2023-08-15 07:22:31,764] [INFO] [logging.py:96:log_dist] [Rank 0] step=2500, skipped=1586, lr=[0.0001371, "
        "0.0001371], mom=[(0.9, 0.95), (0.9, 0.95)]",
        "steps: 2500 loss: 12.5495 iter time (s): 1.200 samples/sec: 26.671",
        " iteration     2500/    2500 | consumed samples:        80000 | consumed tokens:    163840000 | elapsed time per "
        "iteration (ms): 1206.4 | learning rate: 1.371E-04 | global batch size:    32 | lm loss: 1.254951E+01 | loss "
        "scale: 1.0 | grad norm: 2.265 | num zeros: 0.0 | actual seqlen:  2048 | number of skipped iterations:   0 | "
        "number of nan iterations:   0 | samples per second: 26.526 | TFLOPs: 59.42 |",
        "[after training is done] datetime: 2023-08-15 07:22:31",
        "saving checkpoint at iteration    2500 to ./tmp",
        "[2023-08-15 07:22:31,767] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step2500 is about "
        "to be saved!",
        "[2023-08-15 07:22:36,380] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step2500 is "
        "ready now!",
        "[2023-08-15 07:22:37,720] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved ./tmp/global_step2500/"
        "mp_rank_00_model_states.pt.",
        "[2023-08-15 07:22:37,720] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step2500 is "
        "ready now!",
        "  successfully saved checkpoint at iteration    2500 to ./tmp",
    ]
    con = console_connection(tmp_path, lines)
    ((end, reason),) = con.execute("select end_ns, end_reason from attempts").fetchall()
    assert reason == "completed"
    assert end == int(datetime(2023, 8, 15, 7, 22, 37, tzinfo=UTC).timestamp()) * 10**9 + 720_000_000
    # (DeepSpeed's engine counted 1586 of its 2500 steps skipped on a loss scale's overflow: `step=2500, skipped=1586`,
    # though Megatron's line says `number of skipped iterations:   0`)
    ((warnings,),) = con.execute("select warnings from files").fetchall()
    assert any(w.startswith("1586 of 2500 optimizer steps skipped on fp16 loss-scale overflow") for w in warnings), warnings


def test_a_twelve_hour_clocks_afternoon_is_after_noon(tmp_path: Path) -> None:
    """A fraud-detection network's sample output (its documentation, stored file id 49360306122, lines 1-3,
    10-12 and 22): Python logging's `%I:%M:%S %p` clock, `2024-11-12 04:15:41 PM`: 16:15:41, not 04:15:41."""
    lines = [
        "2024-11-12 04:15:41 PM - INFO - File found in zip: synthetic_financial_datasets_log.csv",
        "2024-11-12 04:15:46 PM - INFO - File found in zip: synthetic_financial_datasets_log.csv",
        "2024-11-12 04:15:52 PM - INFO - Using MPS Device",
        "Neural Network Training Progress:   0%|          | 0/10 [00:00<?, ?it/s]2024-11-12 04:16:03 PM - INFO - Epoch "
        "1/10, Loss: 0.4193",
        "Neural Network Training Progress:  10%|█         | 1/10 [00:10<01:35, 10.56s/it]2024-11-12 04:16:13 PM - INFO - "
        "Epoch 2/10, Loss: 0.4344",
        "Neural Network Training Progress:  20%|██        | 2/10 [00:20<01:20, 10.04s/it]2024-11-12 04:16:22 PM - INFO - "
        "Epoch 3/10, Loss: 0.4424",
        "2024-11-12 04:17:31 PM - INFO - Saved neural network state: <FILE-PATH>",
    ]
    con = console_connection(tmp_path, lines)
    ((start, end),) = con.execute("select start_ns, end_ns from attempts").fetchall()
    assert start == int(datetime(2024, 11, 12, 16, 15, 41, tzinfo=UTC).timestamp()) * 10**9
    assert end == int(datetime(2024, 11, 12, 16, 17, 31, tzinfo=UTC).timestamp()) * 10**9


# schorbGPT-tiny's rank 0 log (sam-schorb/schorbGPT-tiny @9c199d0d, logs/train_rank_0.log, stored file id 39161363131,
# lines 1-2, 18-21, 37 and 44-47): a run that logs an error at its first step and stops, then the script started
# again 15 minutes later into the same file (its `[Rank {local_rank}]` printed as written)
SCHORBGPT_RELAUNCH = [
    "2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Process 0/8 initialized on cuda:0",
    "2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Total GPUs: 8",
    "2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] Starting epoch 1/1",
    "2024-12-05 10:03:33,851 - ERROR - [Rank {local_rank}] Error during training step 0: 'list' object has no "
    "attribute 'to'",
    "2024-12-05 10:18:38,948 - INFO - [Rank {local_rank}] Process 0/8 initialized on cuda:0",
    "2024-12-05 10:18:38,949 - INFO - [Rank {local_rank}] Total GPUs: 8",
    "2024-12-05 10:18:49,448 - INFO - [Rank {local_rank}] Starting epoch 1/1",
    "2024-12-05 10:18:51,247 - INFO - [Rank {local_rank}] Step: 0/959 | Loss: 4.1672 | LR: 1.00e-07 | Speed: 165.6 "
    "samples/sec",
    "2024-12-05 10:19:27,917 - INFO - [Rank {local_rank}] GPU 0 Memory: 40098.00MB / 81559.00MB (49.2%)",
    "2024-12-05 10:19:27,917 - INFO - [Rank {local_rank}] Step: 100/959 | Loss: 3.3416 | LR: 1.01e-05 | Speed: 675.6 "
    "samples/sec",
    "2024-12-05 10:20:04,668 - INFO - [Rank {local_rank}] Step: 200/959 | Loss: 3.0962 | LR: 2.01e-05 | Speed: 686.6 "
    "samples/sec",
]


def test_a_first_line_printed_again_after_a_silence_is_a_relaunch(tmp_path: Path) -> None:
    """`Process 0/8 initialized on cuda:0` at 10:03:14,195, an error at step 0 (10:03:33,851) that
    no rule reads as a failure, then the same line at 10:18:38,948: the script launched again. Two
    attempts, the first ending at its last line, the 15 minutes between them downtime, not one
    attempt whose start-up took 15 minutes."""
    con = console_connection(tmp_path, SCHORBGPT_RELAUNCH)

    def at(clock: str) -> int:
        return int(datetime.strptime(f"2024-12-05 {clock}", "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=UTC).timestamp()
                   * 10**6) * 1000

    rows = con.execute("select start_ns, end_ns from attempts order by attempt").fetchall()
    assert [r[0] for r in rows] == [at("10:03:14,195"), at("10:18:38,948")]
    assert rows[0][1] == at("10:03:33,851")
    ((down,),) = con.execute("select seconds from goodput_buckets where bucket = 'restart_downtime'").fetchall()
    assert down == pytest.approx((18 * 60 + 38.948) - (3 * 60 + 33.851))



# Horizon's HAT trainer under mp.spawn (a public HAT training log, stored file id 62407130482; lines as the
# reviewer quoted them, middle traceback frames left out): a worker's out-of-memory traceback, then the spawning
# parent's glog lines as it terminates the other workers, 14.5 s later
HAT_SPAWN_OOM = [
    '2026-07-06 14:08:58,480 INFO [monitor.py:131] Node[0] Epoch[2] Step[200-399] Cost Time: 273.169s Speed: 2.93 s'
    'amples/sec Remaining Time: 14:31:49 Remaining step percent: 90.72%',
    '2026-07-06 14:08:59,644 INFO [metric_updater.py:360] Node[0] Epoch[2] Step[399] GlobalStep[3917] loss_bevfusio'
    'n_pointpillar_henet_multisensor_multitask_nuscenes: loss_cls[0.2020] loss_bbox[0.4469] d0.loss_cls[0.2761] d0.'
    'loss_bbox[0.5519] d1.loss_cls[0.2717] d1.loss_bbox[0.4798] d2.loss_cls[0.2503] d2.loss_bbox[0.4610] d3.loss_cl'
    's[0.2214] d3.loss_bbox[0.4533] d4.loss_cls[0.2047] d4.loss_bbox[0.4486] loss_occ[1.4812] ',
    '2026-07-06 14:09:22,145 ERROR [ddp_trainer.py:463] Node[0] Traceback (most recent call last):',
    '  File "/usr/local/lib/python3.10/dist-packages/hat/engine/ddp_trainer.py", line 457, in _with_exception',
    '    fn(*args)',
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 48.00 MiB. GPU 0 has a total capacity of 23.52 G'
    'iB of which 22.19 MiB is free. Process 739711 has 2.49 GiB memory in use. Process 1025873 has 20.97 GiB memory'
    ' in use. Of the allocated memory 1.81 GiB is allocated by PyTorch, and 128.30 MiB is reserved by PyTorch but u'
    'nallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segment'
    's:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/note'
    's/cuda.html#environment-variables)',
    '',
    'W0706 14:09:36.633000 101577 torch/multiprocessing/spawn.py:169] Terminating process 101719 via signal SIGTERM',
    'W0706 14:09:36.636000 101577 torch/multiprocessing/spawn.py:169] Terminating process 101720 via signal SIGTERM',
    'W0706 14:09:36.637000 101577 torch/multiprocessing/spawn.py:169] Terminating process 101721 via signal SIGTERM',
    'ERROR:__main__:train failed! process 0 terminated with exit code 1',
    'Traceback (most recent call last):',
    '  File "/open_explorer/samples/ai_toolchain/horizon_model_train_sample/scripts/tools/train.py", line 287, in <'
    'module>',
    '    raise e',
    '  File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/spawn.py", line 204, in join',
    '    raise ProcessExitedException(',
    'torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with exit code 1',
]


def test_mp_spawns_parent_lines_are_no_process_of_their_own(tmp_path: Path) -> None:
    """`W0706 14:09:36.633000 101577 torch/multiprocessing/spawn.py:169] Terminating process ...` is the
    spawning parent's (a launcher's) line, not a relaunched worker's first line: one attempt, from
    14:08:58,480, that crashed on the out-of-memory error, which the finding names."""
    con = console_connection(tmp_path, HAT_SPAWN_OOM)
    rows = con.execute("select start_ns, end_reason from attempts").fetchall()
    assert rows == [(int(datetime(2026, 7, 6, 14, 8, 58, tzinfo=UTC).timestamp()) * 10**9 + 480_000_000, "crash")]
    ((title,),) = con.execute("select title from findings where finding = 'job_failed'").fetchall()
    assert "CUDA out of memory" in title, title


def test_a_bar_that_reached_its_end_with_the_runs_undated_end_ran_its_elapsed_time() -> None:
    """threestudio under Lightning 2: its one bar's last reading, `Epoch 0: : 10000it [25:24,  6.56it/s]`, with
    Lightning's undated `Trainer.fit stopped: max_steps=10000 reached.` glued after it: the run trained 25 min
    24 s, not 0 s (the bar's first reading kept dates its start, its end is its last reading's)."""
    path = corpus_or_skip("wild", "lightning", "threestudio_pl2_iterable_bar_no_total_info_prefix_max_steps_10000.log")
    assert "10000it [25:24,  6.56it/s]" in path.read_text()
    (attempt,) = _attempts_json(path)
    assert 25 * 60 + 24 <= attempt["length_s"] < 25 * 60 + 26 and attempt["end_reason"] == "completed", attempt


def test_a_scripts_epoch_bar_from_epoch_1_with_its_loss_is_no_lightning_bar(tmp_path: Path) -> None:
    """A TrOCR fine-tuning script's tqdm bar (merma1509/smart-match @910674e1, train_full.log, stored file id
    57921919871, lines 7-8 and the first six drawings of line 8; tqdm's `\\r` before each drawing): `Epoch 1:`,
    its `set_postfix(loss=...)`, no `v_num=`, after `Training: 3 epochs, 8439 steps` (3 x 2813): a script's
    own epoch, counted from 1, so its first batch is step 1, not step 2814 (Lightning counts epochs from
    0: its `Epoch 1` would be the second)."""
    bar = "".join("\r" + drawing for drawing in (
        "Epoch 1:   0%|          | 0/2813 [00:00<?, ?it/s]",
        "Epoch 1:   0%|          | 0/2813 [00:03<?, ?it/s, loss=1.3284]",
        "Epoch 1:   0%|          | 1/2813 [00:03<2:29:51,  3.20s/it, loss=1.3284]",
        "Epoch 1:   0%|          | 1/2813 [00:16<2:29:51,  3.20s/it, loss=0.9364]",
        "Epoch 1:   0%|          | 2/2813 [00:16<7:18:53,  9.37s/it, loss=0.9364]",
        "Epoch 1:   0%|          | 2/2813 [00:26<7:18:53,  9.37s/it, loss=1.4566]",
        "Epoch 1:   0%|          | 3/2813 [00:26<7:29:40,  9.60s/it, loss=1.4566]",
    ))
    lines = [
        "2026-07-28 18:40:42.081 | INFO     | __main__:train:112 - Light mode: encoder frozen, decoder=247.3M params",
        "2026-07-28 18:40:42.083 | INFO     | __main__:train:140 - Training: 3 epochs, 8439 steps, lr=5e-05",
        bar,
    ]
    con = console_connection(tmp_path, lines, name="train_full.log")
    assert [s for (s,) in con.execute("select step from log_steps order by step").fetchall()] == [1, 2, 3]


def test_a_heartbeats_lines_every_hour_are_no_relaunch() -> None:
    """BLOOM-176B's chronicle (the corpus' bloom176b_chronicles log): a Slurm watcher's `PULSE: tr11-176B-ml is
    waiting to be scheduled` and `... is running for 1-07:27:33 ...` every hour while the job hung: the same two
    lines again and again, one process (no relaunch at 04:56:13 or 05:56:18), alive until the last of them."""
    path = corpus_or_skip("logs", "megatron", "bloom176b_chronicles_crash_spike_straggler_hang.log")
    pulses = [line[1:20] for line in path.read_text().splitlines() if "] PULSE: " in line]
    assert pulses[:2] == ["2022-05-01 03:56:11"] * 2 and pulses[-1] == "2022-05-01 05:56:18", pulses
    (attempt,) = _attempts_json(path)
    assert attempt["length_s"] == pytest.approx(2 * 3600 + 7), attempt


# GlueFormer's rank 1 of three, launched twice (VirenLoka/GlueFormer logs/rank1.log, commit 98bf9e33, whole):
# its logger prints the time of day alone (`datefmt="%H:%M:%S"`), no date anywhere in the file
GLUEFORMER_RANK1 = [
    "08:11:21 [rank1][INFO] DDP ready: rank 1/3 on cuda:1",
    "08:13:06 [rank1][INFO] Data: 224510 train / 24945 val samples (each rank sees 1/3)",
    "08:13:10 [rank1][INFO] Model parameters: 15,865,088",
    "08:13:10 [rank1][INFO] Resuming from checkpoints/best.pt",
    "08:13:11 [rank1][INFO] Resumed at epoch 38, step 5402",
    "08:13:53 [rank1][INFO] Epoch 38 | Step 5450 | Batch 192/584 | Loss 2.1719 | LR 1.65e-04",
    "08:14:24 [rank1][INFO] Epoch 38 | Step 5500 | Batch 392/584 | Loss 2.1619 | LR 1.64e-04",
    "08:15:05 [rank1][INFO] Epoch 38/100 done | Train Loss: 2.1540 | Val Loss: 0.7170 | Time: 113.3s",
    "08:40:48 [rank1][INFO] DDP ready: rank 1/3 on cuda:1",
    "08:42:38 [rank1][INFO] Data: 224510 train / 24945 val samples (each rank sees 1/3)",
    "08:42:42 [rank1][INFO] Model parameters: 15,865,088",
    "08:42:42 [rank1][INFO] Resuming from checkpoints/best.pt",
    "08:42:43 [rank1][INFO] Resumed at epoch 38, step 5402",
    "08:43:29 [rank1][INFO] Epoch 38 | Step 5450 | Batch 192/584 | Loss 2.1719 | LR 1.65e-04",
    "08:44:02 [rank1][INFO] Epoch 38 | Step 5500 | Batch 392/584 | Loss 2.1619 | LR 1.64e-04",
    "08:44:44 [rank1][INFO] Epoch 38/100 done | Train Loss: 2.1540 | Val Loss: 0.7170 | Time: 121.5s",
    "08:44:47 [rank1][INFO] Epoch 39 | Step 5550 | Batch 8/584 | Loss 2.1554 | LR 1.64e-04",
    "08:45:20 [rank1][INFO] Epoch 39 | Step 5600 | Batch 208/584 | Loss 2.1588 | LR 1.63e-04",
    "08:45:53 [rank1][INFO] Epoch 39 | Step 5650 | Batch 408/584 | Loss 2.1123 | LR 1.62e-04",
]


def _ns(stamp: str) -> int:
    return int(datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp()) * 10**9


@pytest.mark.parametrize("mtime, day", [("2025-03-10 09:00:00", "2025-03-10"), ("2025-03-10 08:30:00", "2025-03-09")])
def test_a_time_of_day_alone_dates_lines_on_the_files_day(tmp_path: Path, mtime: str, day: str) -> None:
    """Lines that print the time of day alone are dated: their spacing is theirs (the relaunch 25 min 43 s after
    the first launch's last line, each launch's length from its first line to its last), the date the file's
    mtime's, or the day before where the last line's time of day falls after the mtime; each launch resumed
    (`Resuming from checkpoints/best.pt`), so the logs do not open mid-run."""
    path = tmp_path / "rank1.log"
    path.write_text("\n".join(GLUEFORMER_RANK1) + "\n")
    os.utime(path, ns=(_ns(mtime), _ns(mtime)))
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    rows = con.execute("select start_ns, end_ns, resumed_from_step from attempts order by attempt").fetchall()
    assert rows == [(_ns(f"{day} 08:11:21"), _ns(f"{day} 08:15:05"), None),
                    (_ns(f"{day} 08:40:48"), _ns(f"{day} 08:45:53"), None)]
    assert con.execute("select time_source from log_steps group by all").fetchall() == [("log_line_mtime",)]
    assert con.execute("select opens_at_step from goodput").fetchone() == (None,)


def test_a_time_of_day_that_goes_back_is_the_next_days() -> None:
    """A run across midnight, as Python's logging prints it with `datefmt="%H:%M:%S"`: the clock goes from
    23:59:59 to 00:00:02, three seconds later, not a day earlier; a record a few seconds behind the one
    before it (another process's, printed late) stays on its day, before midnight or after it (23:59:59
    after 00:00:02 is the day before's). The times are the records' own."""
    import logging

    from tracelens.parsers._lines import split_lines

    formatter = logging.Formatter("%(asctime)s %(message)s", datefmt="%H:%M:%S")
    formatter.converter = time.gmtime
    created = [_ns("2025-01-01 23:59:58"), _ns("2025-01-01 23:59:59"), _ns("2025-01-01 23:59:57"),
               _ns("2025-01-02 00:00:02"), _ns("2025-01-01 23:59:59"), _ns("2025-01-02 00:00:09")]
    text = ""
    for step, ns in enumerate(created, start=1):
        record = logging.makeLogRecord({"msg": f"step {step} loss {2 - step / 10}", "created": ns / 1e9})
        text += formatter.format(record) + "\n"
    lines = split_lines(text, mtime_ns=_ns("2025-01-02 00:00:10"))
    assert [line.ts_ns for line in lines] == created, text
    assert all(line.year_from_mtime for line in lines)


# Two runs whose loss turned NaN: mmdet 2's cascade R-CNN on underwater images (a README's "loss NAN" block,
# stored file id 33283049809, lines 6-7: the parts of the loss NaN but two, the total `loss: nan`), and a
# GPT-2 LoRA run of nanoGPT's train.py in float16 (MinLoRA's README, stored file id 14492501328, its float16
# block, whole: `loss nan`, no colon, from iter 110)
MMDET_NAN = [
    "2021-01-25 19:26:53,736 - mmdet - INFO - Epoch [1][250/5455]\tlr: 8.317e-04, eta: 6:37:21, time: 0.329, data_time: "
    "0.003, memory: 3672, loss_rpn_cls: 0.0812, loss_rpn_bbox: 0.0254, s0.loss_cls: 0.2639, s0.acc: 92.2188, s0.loss_bbox: "
    "0.1250, s1.loss_cls: 0.1282, s1.acc: 92.6880, s1.loss_bbox: 0.1348, s2.loss_cls: 0.0610, s2.acc: 92.6380, s2.loss_bbox: "
    "0.0637, loss: 0.8832, grad_norm: 7.2209",
    "2021-01-25 19:27:09,358 - mmdet - INFO - Epoch [1][300/5455]\tlr: 9.150e-04, eta: 6:27:25, time: 0.312, data_time: "
    "0.003, memory: 3672, loss_rpn_cls: 0.6478, loss_rpn_bbox: 0.0342, s0.loss_cls: nan, s0.acc: 14.7109, s0.loss_bbox: nan, "
    "s1.loss_cls: nan, s1.acc: 14.4101, s1.loss_bbox: nan, s2.loss_cls: nan, s2.acc: 14.3531, s2.loss_bbox: nan, loss: nan, "
    "grad_norm: nan",
]
NANOGPT_NAN = [
    "iter 0: loss 10.9264, time 33110.45ms, mfu -100.00%",
    "iter 10: loss 9.8973, time 460.33ms, mfu 48.08%",
    "iter 20: loss 9.0391, time 460.54ms, mfu 48.08%",
    "iter 30: loss 7.8357, time 458.71ms, mfu 48.10%",
    "iter 40: loss 6.6009, time 458.29ms, mfu 48.12%",
    "iter 50: loss 6.0871, time 459.38ms, mfu 48.12%",
    "iter 60: loss 5.8613, time 461.50ms, mfu 48.11%",
    "iter 70: loss 5.6641, time 460.52ms, mfu 48.10%",
    "iter 80: loss 5.3016, time 460.07ms, mfu 48.10%",
    "iter 90: loss 5.0541, time 461.03ms, mfu 48.09%",
    "iter 100: loss 4.8292, time 460.11ms, mfu 48.10%",
    "iter 110: loss nan, time 440.71ms, mfu 48.31%",
    "iter 120: loss nan, time 441.36ms, mfu 48.49%",
    "iter 130: loss nan, time 441.87ms, mfu 48.65%",
    "iter 140: loss nan, time 441.00ms, mfu 48.81%",
    "iter 150: loss nan, time 442.14ms, mfu 48.93%",
    "iter 160: loss nan, time 444.17ms, mfu 49.02%",
    "iter 170: loss nan, time 441.49ms, mfu 49.13%",
    "iter 180: loss nan, time 441.53ms, mfu 49.23%",
]


@pytest.mark.parametrize("lines, first_nan", [(MMDET_NAN, 1), (NANOGPT_NAN, 11)])
def test_a_loss_printed_as_nan_is_nan(tmp_path: Path, lines: list[str], first_nan: int) -> None:
    """The training loss the line prints as `nan` is NaN in log_steps (not missing: the diverged-loss finding
    reads it), where the line's other losses are finite parts of it (mmdet's `loss_rpn_cls: 0.6478`) or its
    key and value are apart by a space alone (nanoGPT's `loss nan`)."""
    con = console_connection(tmp_path, lines)
    rows = con.execute("select line, loss from log_steps order by line").fetchall()
    assert [r[0] for r in rows] == list(range(1, len(lines) + 1))
    printed = [line.split("loss")[-1].split(",")[0].strip(": ") for line in lines]
    assert [r[1] for r in rows[:first_nan]] == [pytest.approx(float(word)) for word in printed[:first_nan]]
    assert printed[first_nan:] == ["nan"] * (len(lines) - first_nan)
    assert all(r[1] is not None and math.isnan(r[1]) for r in rows[first_nan:]), rows


# schorbGPT-tiny's per-rank logs (sam-schorb/schorbGPT-tiny logs/, commit 9c199d0d): rank 0's first launch
# and rank 3's whole file; the logger's `[Rank {local_rank}]` was never filled in, the file's name says the rank
SCHORB_RANK0_HEAD = [
    '2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Process 0/8 initialized on cuda:0',
    '2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Total GPUs: 8',
    '2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Per-GPU batch size: 32',
    '2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] Global batch size: 256',
    '2024-12-05 10:03:14,195 - INFO - [Rank {local_rank}] CPU cores available: 128',
    '2024-12-05 10:03:14,196 - INFO - [Rank {local_rank}] RAM available: 1574.9GB',
    '2024-12-05 10:03:14,196 - INFO - [Rank {local_rank}] Loading tokenized datasets...',
    '2024-12-05 10:03:14,212 - INFO - [Rank {local_rank}] Training samples: 245,254',
    '2024-12-05 10:03:14,212 - INFO - [Rank {local_rank}] Validation samples: 27,251',
    '2024-12-05 10:03:14,213 - INFO - [Rank {local_rank}] Initializing model...',
    '2024-12-05 10:03:18,748 - INFO - [Rank {local_rank}] Model parameters: 124,439,808 total, 124,439,808 trainable',
    '2024-12-05 10:03:32,844 - INFO - [Rank {local_rank}] Training config:',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] - Epochs: 1',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] - Steps per epoch: 959',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] - Total steps: 959',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] - Learning rate: 5e-5',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] - Warmup steps: 500',
    '2024-12-05 10:03:32,845 - INFO - [Rank {local_rank}] Starting epoch 1/1',
    "2024-12-05 10:03:33,851 - ERROR - [Rank {local_rank}] Error during training step 0: 'list' object ha"
    "s no attribute 'to'",
]
SCHORB_RANK3 = [
    "2024-12-05 10:03:15,567 - INFO - [Rank {local_rank}] Process 3/8 initialized on cuda:3",
    "2024-12-05 10:03:15,567 - INFO - [Rank {local_rank}] Loading tokenized datasets...",
    "2024-12-05 10:03:15,584 - INFO - [Rank {local_rank}] Training samples: 245,254",
    "2024-12-05 10:03:15,584 - INFO - [Rank {local_rank}] Validation samples: 27,251",
    "2024-12-05 10:03:15,585 - INFO - [Rank {local_rank}] Initializing model...",
    "2024-12-05 10:03:32,844 - INFO - [Rank {local_rank}] Starting epoch 1/1",
    "2024-12-05 10:03:34,728 - ERROR - [Rank {local_rank}] Error during training step 0: 'list' object has no attribute 'to'",
    "2024-12-05 10:18:39,690 - INFO - [Rank {local_rank}] Process 3/8 initialized on cuda:3",
    "2024-12-05 10:18:39,691 - INFO - [Rank {local_rank}] Loading tokenized datasets...",
    "2024-12-05 10:18:39,707 - INFO - [Rank {local_rank}] Training samples: 245,254",
    "2024-12-05 10:18:39,707 - INFO - [Rank {local_rank}] Validation samples: 27,251",
    "2024-12-05 10:18:39,708 - INFO - [Rank {local_rank}] Initializing model...",
    "2024-12-05 10:18:49,441 - INFO - [Rank {local_rank}] Starting epoch 1/1",
]


def test_a_per_rank_files_name_gives_its_lines_rank_and_a_scripts_gpu_count_counts(tmp_path: Path) -> None:
    """`train_rank_3.log`'s lines are rank 3's (each process writes its own file; no prefix names the rank),
    and the GPU count is the `Total GPUs: 8` the script printed."""
    (tmp_path / "train_rank_0.log").write_text("\n".join(SCHORB_RANK0_HEAD) + "\n")
    (tmp_path / "train_rank_3.log").write_text("\n".join(SCHORB_RANK3) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([tmp_path / "train_rank_0.log", tmp_path / "train_rank_3.log"])
    con = store.connect()
    ranks = con.execute("select distinct e.rank from log_events e join files f using (file_id) "
                        "where f.path like '%train_rank_3.log'").fetchall()
    assert ranks == [(3,)]
    assert con.execute("select gpus from int_world_size").fetchone() == (8.0,)


# PaiNN (PyG) under LSF on an A100 (MrCogito/Deep_learning_2023 outputs/WeightInit/Markdown/WeightInit_0.md, commit
# 7af1c075, its output block's lines 10-21 and 121-170): torch._dynamo's warning that it will not compile a frame,
# a traceback under each line's `[WARNING]` head, then nothing for a day until LSF's run-time limit killed the job
PAINN_LSF = [
    "[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] WON'T CONVERT <resume in get_neighb"
    'ours_as_edge_index> /zhome/59/9/198225/Desktop/Deep_learning_2023/Deep_learning_2023/PaiNN.py line 1'
    '20 ',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] due to: ',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] Traceback (most recent call last):',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING]   File "/appl/python/3.10.12/lib/py'
    'thon3.10/concurrent/futures/_base.py", line 403, in __get_result',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING]     raise self._exception',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] torch._dynamo.exc.BackendCompilerFa'
    "iled: backend='inductor' raised:",
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] FileNotFoundError: [Errno 2] No suc'
    "h file or directory: 'ldconfig'",
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] ',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] Set TORCH_LOGS="+dynamo" and TORCHD'
    'YNAMO_VERBOSE=1 for more information',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] ',
    '[2023-11-29 11:04:57,788] torch._dynamo.convert_frame: [WARNING] ',
    "[2023-11-29 11:05:02,925] torch._dynamo.convert_frame: [WARNING] WON'T CONVERT <listcomp> /zhome/59/"
    '9/198225/Desktop/Deep_learning_2023/Deep_learning_2023/PaiNN.py line 126 ',
    'User defined signal 2',
    '',
    '------------------------------------------------------------',
    'Sender: LSF System <lsfadmin@hpc.dtu.dk>',
    'Subject: Job 19591965: <WeightInit_0> in cluster <dcc> Exited',
    '',
    'Job <WeightInit_0> was submitted from host <gbarlogin2> by user <s230208> in cluster <dcc> at Tue Nov 28 19:17:27 2023',
    'Job was executed on host(s) <4*n-62-18-13>, in queue <gpua100>, as user <s230208> in cluster <dcc> a'
    't Wed Nov 29 11:02:54 2023',
    '</zhome/59/9/198225> was used as the home directory.',
    '</zhome/59/9/198225/Desktop/Deep_learning_2023/Deep_learning_2023> was used as the working directory.',
    'Started at Wed Nov 29 11:02:54 2023',
    'Terminated at Thu Nov 30 11:03:35 2023',
    'Results reported at Thu Nov 30 11:03:35 2023',
    '',
    'Your job looked like:',
    '',
    '------------------------------------------------------------',
    '# LSBATCH: User input',
    '#!/bin/sh',
    '#BSUB -q gpua100',
    '#BSUB -gpu "num=1:mode=exclusive_process"',
    '#BSUB -n 4',
    '#BSUB -R "rusage[mem=16G]"',
    '#BSUB -R "select[gpu80gb]"',
    '#BSUB -R "span[hosts=1]"',
    '#BSUB -W 1440',
    '# end of BSUB options',
    'module -s load python3',
    'source ../project-env/bin/activate',
    '',
    'python main.py $MYARGS',
    '------------------------------------------------------------',
    '',
    'TERM_RUNLIMIT: job killed after reaching LSF run time limit.',
    'Exited with exit code 140.',
    '',
    'Resource usage summary:',
    '',
    '    CPU time :                                   87241.00 sec.',
    '    Max Memory :                                 1953 MB',
    '    Average Memory :                             1932.04 MB',
    '    Total Requested Memory :                     65536.00 MB',
    '    Delta Memory :                               63583.00 MB',
    '    Max Swap :                                   -',
    '    Max Processes :                              10',
    '    Max Threads :                                49',
    '    Run time :                                   86442 sec.',
    '    Turnaround time :                            143168 sec.',
    '',
    'The output (if any) is above this job summary.',
]


def test_a_traceback_logged_as_a_warning_is_no_failure_and_lsfs_run_limit_ends_the_attempt(tmp_path: Path) -> None:
    """The dynamo warning's traceback is no crash (the job ran on for a day); the one attempt runs from LSF's
    `Started at` to its `Terminated at` (24 h 0 min 41 s, the `Run time : 86442 sec.` it reports, to its
    second) and its failure is the run-time limit, with the time limit's advice."""
    con = console_connection(tmp_path, PAINN_LSF)
    assert con.execute("select count(*) from log_events where kind = 'crash' and line < 20").fetchone() == (0,)
    (row,) = con.execute("select start_ns, end_ns, end_reason from attempts").fetchall()
    started = datetime(2023, 11, 29, 11, 2, 54, tzinfo=UTC).timestamp()
    terminated = datetime(2023, 11, 30, 11, 3, 35, tzinfo=UTC).timestamp()
    assert (row[0] / 1e9, row[1] / 1e9, row[2]) == (started, terminated, "crash")
    assert abs((row[1] - row[0]) / 1e9 - 86442) <= 1
    (advice,) = con.execute("select advice from findings where title like '%ended in a failure%'").fetchone()
    assert advice.startswith("the scheduler's time limit"), advice


# nanoGPT's train.py on GPT-2 (karpathy/nanoGPT issue 215, its description's quoted log, lines 13-25, each line's
# time as the poster's terminal showed it): iteration 3000's evaluation, its checkpoint, then iteration 3000
NANOGPT_EVAL_DATED = [
    '> 2023-03-22 09:31:45 iter 2980: loss 3.8993, time 1099.18ms, mfu 15.34%',
    '> ',
    '> 2023-03-22 09:31:56 iter 2990: loss 3.8853, time 1096.65ms, mfu 15.34%',
    '> ',
    '> 2023-03-22 09:32:32 step 3000: train loss 4.0390, val loss 4.0427',
    '> ',
    '> saving checkpoint to out',
    '> ',
    '> 2023-03-22 09:32:41 iter 3000: loss 4.2490, time 35392.33ms, mfu 13.85%',
    '> ',
    '> 2023-03-22 09:32:52 iter 3010: loss nan, time 1019.95ms, mfu 14.12%',
    '> ',
    '> 2023-03-22 09:33:02 iter 3020: loss nan, time 1015.95ms, mfu 14.36%',
]


def test_nanogpts_dated_evaluation_line_is_no_step_and_no_restart(tmp_path: Path) -> None:
    """`step 3000: train loss 4.0390, val loss 4.0427` is the evaluation before iteration 3000, not a step:
    step 3000 is `iter 3000`'s (loss 4.2490, 35.39 s with the evaluation and the save), once, and the run is
    one attempt (no step 3000 logged twice, no restart)."""
    con = console_connection(tmp_path, NANOGPT_EVAL_DATED)
    assert con.execute("select loss, step_time_s from log_steps where step = 3000").fetchall() == [(4.249, 35.39233)]
    assert con.execute("select count(*) from attempts").fetchone() == (1,)


# A reward model's HF Trainer run as W&B keeps its console (tsebaka/T-Lab-2024-LLM-Alignment
# wandb/latest-run/files/output.log, commit 2db9cd05, lines 1-29): the bar's final drawing, then the loss
# dicts written while it ran, then the summary (`max_steps` 760, 0.39 of an epoch)
WANDB_HF_AFTER_BAR = [
    '  0%|                                                                                               '
    '                                                                                           | 0/760 ['
    "00:00<?, ?it/s]You're using a DistilBertTokenizerFast tokenizer. Please note that with a fast tokeni"
    'zer, using the `__call__` method is faster than using a method to encode the text followed by a call'
    ' to the `pad` method to get a padded encoding.',
    'Could not estimate the number of tokens of the input, floating-point operations will not be computed',
    '100%|███████████████████████████████████████████████████████████████████████████████████████████████'
    '█████████████████████████████████████████████████████████████████████████████████| 760/760 [26:32<00'
    ':00,  2.10s/it]',
    "{'loss': 0.6914, 'grad_norm': 0.26893723011016846, 'learning_rate': 9.605263157894737e-07, 'epoch': 0.02}",
    "{'loss': 0.6826, 'grad_norm': 0.3554060459136963, 'learning_rate': 9.210526315789473e-07, 'epoch': 0.03}",
    "{'loss': 0.6673, 'grad_norm': 0.6513511538505554, 'learning_rate': 8.815789473684209e-07, 'epoch': 0.05}",
    "{'loss': 0.6326, 'grad_norm': 1.1192721128463745, 'learning_rate': 8.421052631578947e-07, 'epoch': 0.06}",
    "{'loss': 0.5587, 'grad_norm': 1.6136882305145264, 'learning_rate': 8.026315789473685e-07, 'epoch': 0.08}",
    "{'loss': 0.4601, 'grad_norm': 1.5697910785675049, 'learning_rate': 7.631578947368421e-07, 'epoch': 0.09}",
    "{'loss': 0.3715, 'grad_norm': 1.3450647592544556, 'learning_rate': 7.236842105263158e-07, 'epoch': 0.11}",
    "{'loss': 0.3056, 'grad_norm': 1.3100800514221191, 'learning_rate': 6.842105263157895e-07, 'epoch': 0.12}",
    "{'loss': 0.2639, 'grad_norm': 1.0697524547576904, 'learning_rate': 6.447368421052632e-07, 'epoch': 0.14}",
    "{'loss': 0.2288, 'grad_norm': 1.145456314086914, 'learning_rate': 6.052631578947368e-07, 'epoch': 0.15}",
    "{'loss': 0.2012, 'grad_norm': 1.0819292068481445, 'learning_rate': 5.657894736842104e-07, 'epoch': 0.17}",
    "{'loss': 0.183, 'grad_norm': 1.3003674745559692, 'learning_rate': 5.263157894736842e-07, 'epoch': 0.18}",
    "{'loss': 0.1674, 'grad_norm': 1.126940369606018, 'learning_rate': 4.868421052631579e-07, 'epoch': 0.2}",
    "{'loss': 0.1522, 'grad_norm': 0.9548018574714661, 'learning_rate': 4.4736842105263156e-07, 'epoch': 0.21}",
    "{'loss': 0.14, 'grad_norm': 1.4660903215408325, 'learning_rate': 4.0789473684210524e-07, 'epoch': 0.23}",
    "{'loss': 0.1348, 'grad_norm': 1.2804535627365112, 'learning_rate': 3.684210526315789e-07, 'epoch': 0.25}",
    "{'loss': 0.1225, 'grad_norm': 1.3605411052703857, 'learning_rate': 3.2894736842105264e-07, 'epoch': 0.26}",
    "{'loss': 0.1104, 'grad_norm': 1.0945006608963013, 'learning_rate': 2.894736842105263e-07, 'epoch': 0.28}",
    "{'loss': 0.1112, 'grad_norm': 1.135366439819336, 'learning_rate': 2.5e-07, 'epoch': 0.29}",
    "{'loss': 0.104, 'grad_norm': 1.28909432888031, 'learning_rate': 2.1052631578947366e-07, 'epoch': 0.31}",
    "{'loss': 0.1065, 'grad_norm': 1.2788913249969482, 'learning_rate': 1.7105263157894736e-07, 'epoch': 0.32}",
    "{'loss': 0.1004, 'grad_norm': 1.1014301776885986, 'learning_rate': 1.3157894736842104e-07, 'epoch': 0.34}",
    "{'loss': 0.097, 'grad_norm': 0.8974723815917969, 'learning_rate': 9.210526315789473e-08, 'epoch': 0.35}",
    "{'loss': 0.0955, 'grad_norm': 1.69220769405365, 'learning_rate': 5.2631578947368416e-08, 'epoch': 0.37}",
    "{'loss': 0.0952, 'grad_norm': 0.7347202301025391, 'learning_rate': 1.3157894736842104e-08, 'epoch': 0.38}",
    "{'train_runtime': 1594.9832, 'train_samples_per_second': 243.965, 'train_steps_per_second': 0.476, '"
    "train_loss': 0.26900792780675387, 'epoch': 0.39}",
]


def test_loss_dicts_after_a_finished_bars_drawing_are_on_the_logging_grid(tmp_path: Path) -> None:
    """The 25 dicts are not steps 760..784 (past the bar's 760/760): they were logged every 30 steps (25 x 30 <=
    760 < 26 x 30, the only spacing that gives 25 dicts in 760 steps), at steps 30..750, and every dict's
    printed epoch is its step's at one number of steps an epoch that the summary's `'epoch': 0.39` allows."""
    import re as re_

    text = "\n".join(WANDB_HF_AFTER_BAR)
    epochs = [float(e) for e in re_.findall(r"'loss': [\d.]+, [^}]*'epoch': ([\d.]+)\}", text)]
    assert len(epochs) == 25 and "760/760" in text and "'epoch': 0.39}" in text
    assert [k for k in range(1, 761) if 760 // k == 25] == [30]
    per_epoch = [760 / (0.385 + i * 1e-5) for i in range(1001)]  # (0.39 as printed: 0.385 to 0.395)
    assert any(all(round(30 * (k + 1) / x, 2) == e for k, e in enumerate(epochs)) for x in per_epoch)
    con = console_connection(tmp_path, WANDB_HF_AFTER_BAR)
    got = con.execute("select step from log_steps where loss is not null order by line").fetchall()
    assert [s for (s,) in got] == [30 * k for k in range(1, 26)]


# A T5 pre-training run of the HF Trainer on six processes (torch.distributed.launch), its console with no dated
# line (stored file id 27314680068, lines 20-27 and 86-101): W&B's word at `wandb.init`, and torchelastic's
# report of the failure 17 hours later
WANDB_INIT_THEN_FAILURE = [
    'Automatic Weights & Biases logging enabled, to disable set os.environ["WANDB_DISABLED"] = "true"',
    'wandb: Currently logged in as: hoonrae. Use `wandb login --relogin` to force relogin',
    'wandb: Tracking run with wandb version 0.12.21',
    'wandb: Run data is saved locally in /home1/hoonrae/Pretrain_T5/wandb/run-20220710_163723-17r791a9',
    'wandb: Run `wandb offline` to turn off syncing.',
    'wandb: Syncing run outputs/',
    'wandb: ⭐️ View project at https://wandb.ai/hoonrae/huggingface',
    'wandb: 🚀 View run at https://wandb.ai/hoonrae/huggingface/runs/17r791a9',
    '    raise ChildFailedError(',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
    '============================================================',
    'train.py FAILED',
    '------------------------------------------------------------',
    'Failures:',
    '  <NO_OTHER_FAILURES>',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2022-07-11_09:56:03',
    '  host      : n20.cluster',
    '  rank      : 4 (local_rank: 4)',
    '  exitcode  : 1 (pid: 24321)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
]


def test_wandbs_run_folder_dates_the_line_that_names_it(tmp_path: Path) -> None:
    """`wandb: Run data is saved locally in .../wandb/run-20220710_163723-17r791a9` is W&B's word at the run's
    start, the folder named after that time: the attempt runs from 2022-07-10 16:37:23 to the failure the
    launcher reports at 2022-07-11 09:56:03 (17 h 18 min 40 s), not undated."""
    con = console_connection(tmp_path, WANDB_INIT_THEN_FAILURE)
    (row,) = con.execute("select start_ns, end_ns, end_reason from attempts").fetchall()
    assert row == (_ns("2022-07-10 16:37:23"), _ns("2022-07-11 09:56:03"), "crash")


# A ResNet-50's fine-tuning script, each epoch's training line, then its validation's and its time under the same
# `[epoch/epochs]` (gabjp/few-shot-BRSET nohup2.out, commit 22663aff, lines 5-13)
BRSET_EPOCHS = [
    '[1/15] - Training loss: 1.7792857136742655 - Training accuracy: 30.047048759623614',
    '[1/15] - Validation loss: 1.5587746211976716 - Validation accuracy: 55.19230769230769',
    '[1/15] - Epoch took 62.972867012023926 seconds',
    '[2/15] - Training loss: 1.2953126597323108 - Training accuracy: 51.06928999144568',
    '[2/15] - Validation loss: 1.309344439795523 - Validation accuracy: 59.80769230769231',
    '[2/15] - Epoch took 54.78649377822876 seconds',
    '[3/15] - Training loss: 0.9802398243251514 - Training accuracy: 59.623609923011124',
    '[3/15] - Validation loss: 1.4251871407032013 - Validation accuracy: 52.11538461538462',
    '[3/15] - Epoch took 54.0394184589386 seconds',
]


def test_a_validation_line_under_the_epochs_count_is_no_step(tmp_path: Path) -> None:
    """`[1/15] - Validation loss: 1.5588 - ...` is epoch 1's validation, not a second row of step 1: one row an
    epoch, its training loss."""
    con = console_connection(tmp_path, BRSET_EPOCHS)
    trained = [(int(text[1:text.index("/")]), float(text.split("Training loss: ")[1].split(" ")[0]))
               for text in BRSET_EPOCHS if "Training loss" in text]
    assert con.execute("select step, loss from log_steps order by line").fetchall() == trained


# DARTS' search as its NAS descendants log it (`datefmt="%m/%d %I:%M:%S %p"`; AI-Tech-Research-Lab/AsquaredM
# wandb/latest-run/files/output.log, commit 7adccf8f, lines 1, 3, 6-7 and 19-38): epoch 0's batches every 50, its
# validation's
DARTS_EPOCH = [
    '05/31 03:17:12 PM gpu device = 0',
    '05/31 03:17:13 PM param size = 1.686136MB',
    '05/31 03:17:16 PM epoch 0 lr 2.498816e-02',
    '05/31 03:17:16 PM epoch 0 epsilon_alpha 3.000000e-02',
    '  warnings.warn("To get the last learning rate computed by the scheduler, "',
    '05/31 03:17:18 PM train 000 2.345711e+00 6.250000 54.687500',
    '05/31 03:17:37 PM train 050 2.092995e+00 21.292892 73.621323',
    '05/31 03:17:57 PM train 100 2.002135e+00 24.118193 78.326111',
    '05/31 03:18:17 PM train 150 1.954976e+00 25.651903 80.329056',
    '05/31 03:18:42 PM train 200 1.916757e+00 27.215485 81.724190',
    '05/31 03:19:07 PM train 250 1.885646e+00 28.280628 82.800049',
    '05/31 03:19:31 PM train 300 1.858767e+00 29.396801 83.528862',
    '05/31 03:19:56 PM train 350 1.837533e+00 30.172720 84.058937',
    '05/31 03:20:16 PM train_acc 30.920000',
    '05/31 03:20:16 PM valid 000 1.599697e+00 43.750000 84.375000',
    '05/31 03:20:20 PM valid 050 1.724914e+00 35.232845 88.204659',
    '05/31 03:20:22 PM valid 100 1.717462e+00 35.937500 88.768562',
    '05/31 03:20:24 PM valid 150 1.719508e+00 35.854717 88.451988',
    '05/31 03:20:26 PM valid 200 1.708984e+00 36.466106 88.502800',
    '05/31 03:20:29 PM valid 250 1.713571e+00 36.379482 88.427544',
    '05/31 03:20:31 PM valid 300 1.717246e+00 36.290489 88.424004',
    '05/31 03:20:33 PM valid 350 1.715475e+00 36.449429 88.452637',
    '05/31 03:20:35 PM valid_acc 36.343998',
    '05/31 03:20:36 PM Best model found at epoch 0',
]


def test_darts_twelve_hour_yearless_clock_dates_its_batches_and_its_validation(tmp_path: Path) -> None:
    """`05/31 03:17:18 PM train 000 ...` is a step dated 15:17:18 on May 31 (a 12-hour clock, PM; the year the
    file's mtime's), `train 350` at 15:19:56; `valid 000` .. `valid 350` is the epoch's evaluation (15:20:16 to
    15:20:33), not time with nothing logged."""
    con = console_connection(tmp_path, DARTS_EPOCH)
    steps = con.execute("select step, end_ns from log_steps order by line").fetchall()
    assert [s for s, _ in steps] == [0, 50, 100, 150, 200, 250, 300, 350]
    year = datetime.fromtimestamp(steps[0][1] / 1e9, tz=UTC).year
    assert [ns for _, ns in steps][::7] == [_ns(f"{year}-05-31 15:17:18"), _ns(f"{year}-05-31 15:19:56")]
    (evaluated,) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()
    assert evaluated >= (_ns(f"{year}-05-31 15:20:33") - _ns(f"{year}-05-31 15:20:16")) / 1e9


# LightGBM's CLI on its lambdarank example (a README on LightGBM's source, stored file id 29790356381, its first
# block's lines 3-39 as posted: iterations 2-98 cut to `.....`)
LIGHTGBM_CLI = [
    '[LightGBM] [Info] Finished loading parameters',
    '[LightGBM] [Info] Loading query boundaries...',
    '[LightGBM] [Info] Loading query boundaries...',
    '[LightGBM] [Info] Finished loading data in 0.118956 seconds',
    '[LightGBM] [Warning] Auto-choosing col-wise multi-threading, the overhead of testing was 0.008773 seconds.',
    'You can set `force_col_wise=true` to remove the overhead.',
    '[LightGBM] [Info] Total Bins 6179',
    '[LightGBM] [Info] Number of data points in the train set: 3005, number of used features: 211',
    '[LightGBM] [Info] Finished initializing training',
    '[LightGBM] [Info] Started training...',
    '[LightGBM] [Warning] No further splits with positive gain, best gain: -inf',
    '[LightGBM] [Info] Iteration:1, training ndcg@1 : 0.713528',
    '[LightGBM] [Info] Iteration:1, training ndcg@3 : 0.698799',
    '[LightGBM] [Info] Iteration:1, training ndcg@5 : 0.720909',
    '[LightGBM] [Info] Iteration:1, valid_1 ndcg@1 : 0.449524',
    '[LightGBM] [Info] Iteration:1, valid_1 ndcg@3 : 0.511721',
    '[LightGBM] [Info] Iteration:1, valid_1 ndcg@5 : 0.565374',
    '[LightGBM] [Info] 0.003292 seconds elapsed, finished iteration 1',
    '.....',
    '',
    '[LightGBM] [Warning] No further splits with positive gain, best gain: -inf',
    '[LightGBM] [Info] Iteration:99, training ndcg@1 : 0.994504',
    '[LightGBM] [Info] Iteration:99, training ndcg@3 : 0.990198',
    '[LightGBM] [Info] Iteration:99, training ndcg@5 : 0.983637',
    '[LightGBM] [Info] Iteration:99, valid_1 ndcg@1 : 0.610286',
    '[LightGBM] [Info] Iteration:99, valid_1 ndcg@3 : 0.644799',
    '[LightGBM] [Info] Iteration:99, valid_1 ndcg@5 : 0.679468',
    '[LightGBM] [Info] 0.675337 seconds elapsed, finished iteration 99',
    '[LightGBM] [Warning] No further splits with positive gain, best gain: -inf',
    '[LightGBM] [Info] Iteration:100, training ndcg@1 : 0.997347',
    '[LightGBM] [Info] Iteration:100, training ndcg@3 : 0.990904',
    '[LightGBM] [Info] Iteration:100, training ndcg@5 : 0.984666',
    '[LightGBM] [Info] Iteration:100, valid_1 ndcg@1 : 0.607429',
    '[LightGBM] [Info] Iteration:100, valid_1 ndcg@3 : 0.642375',
    '[LightGBM] [Info] Iteration:100, valid_1 ndcg@5 : 0.675462',
    '[LightGBM] [Info] 0.679780 seconds elapsed, finished iteration 100',
    '[LightGBM] [Info] Finished training',
]


def test_lightgbms_seconds_elapsed_at_each_iteration_are_its_clock(tmp_path: Path) -> None:
    """`0.675337 seconds elapsed, finished iteration 99` is step 99, 0.675337 s since training began: iteration
    100 took 0.004443 s (0.679780 less that), iteration 99 the mean of the 98 since iteration 1's 0.003292 s;
    `Finished training` ends the run."""
    con = console_connection(tmp_path, LIGHTGBM_CLI)
    rows = con.execute("select step, step_time_s from log_steps order by step").fetchall()
    assert [s for s, _ in rows] == [1, 99, 100]
    assert rows[1][1] == pytest.approx((0.675337 - 0.003292) / 98) and rows[2][1] == pytest.approx(0.679780 - 0.675337)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_dynamos_warning_traceback_under_pytorchs_glog_head_is_no_failure(tmp_path: Path) -> None:
    """sample_logs/dynamo_warning (recorded by record_dynamo_warning_job.sh): TorchDynamo's `W1205 ... ]
    Traceback (most recent call last):` lines are a warning (the compile failed, the step ran eagerly), and the
    run went on to `Training finished`: one attempt of the six logged steps, completed, no crash."""
    path = SAMPLE_LOGS / "dynamo_warning" / "console.log"
    text = path.read_text()
    assert re.search(r"^W\d{4} [\d:.]+ \d+ torch/_dynamo/\S+\] Traceback \(most recent call last\):$", text, re.M)
    steps = [int(m) for m in re.findall(r" - INFO - step (\d+) \| loss ", text)]
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select count(*) from log_events where kind in ('crash', 'oom', 'hang')").fetchone() == (0,)
    assert con.execute("select first_step, last_step, end_reason from attempts").fetchall() == [
        (min(steps), max(steps), "completed")]


@pytest.mark.parametrize("name, rank", [("train_rank_3.log", 3), ("rank1.log", 1), ("log_rank-0.txt", 0),
                                        ("lora_rank_8.log", None), ("low-rank-16.txt", None), ("ranking_3.log", None),
                                        ("rank0_rank1.log", None)])
def test_a_rank_in_a_log_files_name(name: str, rank: int | None) -> None:
    """A process's own file names its rank (`train_rank_3.log`); a hyperparameter's rank (`lora_rank_8`), a
    longer word, or two ranks in one name give none."""
    from tracelens.parsers._events import named_rank

    assert named_rank(name) == rank


# Audio-MAE's fine-tuning under submitit, the last epoch of its README's example log (stored file id 1788443648,
# section "4. Fine-tuning", the whole block): each line's time of day alone, then submitit's own dated line
AUDIOMAE_EPOCH99 = [
    '[07:10:32.717347] log_dir: /checkpoint/berniehuang/experiments/419909',
    '[07:10:36.394431] Epoch: [99]  [  0/781]  eta: 0:47:51  lr: 0.000001  loss: 0.0066 (0.0066)  time: 3'
    '.6761  data: 1.6724  max mem: 2606',
    '[07:12:24.728503] Epoch: [99]  [500/781]  eta: 0:01:02  lr: 0.000001  loss: 0.0116 (0.0128)  time: 0'
    '.2130  data: 0.0002  max mem: 2606',
    '[07:13:24.602830] Epoch: [99]  [780/781]  eta: 0:00:00  lr: 0.000001  loss: 0.0122 (0.0128)  time: 0'
    '.1837  data: 0.0003  max mem: 2606',
    '[07:13:24.853957] Epoch: [99] Total time: 0:02:52 (0.2204 s / it)',
    '[07:13:25.085416] Averaged stats: lr: 0.000001  loss: 0.0122 (0.0126)',
    '[07:13:28.343364] Test:  [ 0/79]  eta: 0:02:01    time: 1.5353  data: 1.5029  max mem: 2606',
    '[07:13:30.942012] Test:  [78/79]  eta: 0:00:00    time: 0.0206  data: 0.0001  max mem: 2606',
    '[07:13:31.180169] Test: Total time: 0:00:04 (0.0554 s / it)',
    '[07:13:42.547896] mAP: 0.472873',
    '[07:13:42.552120] mAP of the network on the 19148 test images: 0.4728',
    '[07:13:42.552198] Max mAP: 0.473',
    '[07:13:42.566228] Training time 5:16:14',
    'submitit INFO (2022-04-22 07:13:43,404) - Job completed successfully',
]


def test_a_time_of_day_alone_takes_the_date_of_the_dated_line_near_it(tmp_path: Path) -> None:
    """Lines that print a time of day alone, in a file whose one other line names its date (submitit's `Job
    completed successfully` at 2022-04-22 07:13:43): each on that date (the steps at 07:10:36.394431 and
    07:13:24.602830), not undated."""
    con = console_connection(tmp_path, AUDIOMAE_EPOCH99)
    ends = con.execute("select end_ns from log_steps order by line").fetchall()
    first = int(datetime(2022, 4, 22, 7, 10, 36, tzinfo=UTC).timestamp()) * 10**9 + 394431000
    last = int(datetime(2022, 4, 22, 7, 13, 24, tzinfo=UTC).timestamp()) * 10**9 + 602830000
    assert (ends[0][0], ends[-1][0]) == (first, last)
    assert con.execute("select time_source from log_steps group by all").fetchall() == [("log_line",)]


# TensorFlow's official ResNet on Fugaku's A64FX (an Estimator run; a README's "Example of output" block, stored
# file id 49036394861, whole, its markdown indent and `~` cuts kept): steps 0-2, then its evaluation, whose
# batches print `step = 1 time = 2.359 [sec]`
TF_ESTIMATOR_EVAL = [
    '        ~',
    '        I1126 15:03:27.441569 281473877850720 basic_session_run_hooks.py:262] loss = 9.019469, step = 0',
    '        INFO:tensorflow:global_step/sec: 0.104333',
    '        I1126 15:03:36.979701 281473877850720 basic_session_run_hooks.py:702] global_step/sec: 0.104333',
    '        INFO:tensorflow:loss = 9.019469, step = 1 (9.539 sec)',
    '        I1126 15:03:36.980389 281473877850720 basic_session_run_hooks.py:260] loss = 9.019469, step '
    '= 1 (9.539 sec)',
    '        INFO:tensorflow:global_step/sec: 0.450652',
    '        I1126 15:03:39.198705 281473877850720 basic_session_run_hooks.py:702] global_step/sec: 0.450652',
    '        INFO:tensorflow:loss = 8.997392, step = 2 (2.219 sec)',
    '        I1126 15:03:39.199366 281473877850720 basic_session_run_hooks.py:260] loss = 8.997392, step '
    '= 2 (2.219 sec)',
    '        INFO:tensorflow:global_step/sec: 0.450858',
    '        I1126 15:03:41.416687 281473877850720 basic_session_run_hooks.py:702] global_step/sec: 0.450858',
    '',
    '        ~',
    '        INFO:tensorflow:Starting to evaluate.',
    '        ~',
    '        INFO:tensorflow:step = 1 time = 2.359 [sec]',
    '        I1126 15:05:07.577002 281473877850720 resnet_run_loop.py:777] step = 1 time = 2.359 [sec]',
    '        INFO:tensorflow:step = 2 time = 0.709 [sec]',
    '        I1126 15:05:08.287052 281473877850720 resnet_run_loop.py:777] step = 2 time = 0.709 [sec]',
    '        INFO:tensorflow:Evaluation [2/25]',
    '        I1126 15:05:08.287598 281473877850720 evaluation.py:167] Evaluation [2/25]',
    '        ~',
]


def test_an_estimators_evaluation_batches_are_no_training_steps(tmp_path: Path) -> None:
    """After `Starting to evaluate.` the `step = 1`, `step = 2` lines are the evaluation's batches (`Evaluation
    [2/25]`): the training steps are 0, 1, 2, one attempt, no restart back to step 1."""
    con = console_connection(tmp_path, TF_ESTIMATOR_EVAL)
    cut = next(i for i, text in enumerate(TF_ESTIMATOR_EVAL) if "Starting to evaluate." in text)
    trained = sorted({int(m) for text in TF_ESTIMATOR_EVAL[:cut] for m in re.findall(r"step = (\d+)", text)})
    assert trained == [0, 1, 2]
    assert [s for (s,) in con.execute("select distinct step from log_steps order by step").fetchall()] == trained
    assert con.execute("select count(*) from attempts").fetchone() == (1,)


# Caffe's CaffeNet training under zsh, killed by a segfault, then relaunched from its iteration-120000 snapshot and
# dead at once on a fatal CHECK (BVLC/caffe issue 1086, its description's two pasted outputs, lines 1-9: the
# glog lines, zsh's word on the job, the relaunch's lines, the banner as markdown escaped it)
CAFFE_SEGFAULT_RELAUNCH = [
    'I0915 20:04:13.175724 23440 solver.cpp:196] Iteration 123000, loss = 1.63368',
    'I0915 20:04:13.175762 23440 solver.cpp:211]     Train net output #0: loss = 1.63368 (\\* 1 = 1.63368 loss)',
    'I0915 20:04:13.175775 23440 solver.cpp:407] Iteration 123000, lr = 0.001',
    '[1]    23440 segmentation fault (core dumped)  ./build/tools/caffe train  --snapshot',
    'I0915 23:45:27.799008  2939 caffe.cpp:105] Resuming from models/bvlc_reference_caffenet/caffenet_tra'
    'in_iter_120000.caffemodel',
    'I0915 23:45:27.799017  2939 solver.cpp:165] Solving CaffeNet',
    'I0915 23:45:27.799041  2939 solver.cpp:170] Restoring previous solver status from models/bvlc_refere'
    'nce_caffenet/caffenet_train_iter_120000.caffemodel',
    'F0915 23:45:27.991425  2939 io.cpp:51] Check failed: fd != -1 (-1 vs. -1) File not found: fc8labello'
    'ss"loss(�',
    '**\\* Check failure stack trace: ***',
]


def test_zshs_word_on_a_killed_job_and_globs_fatal_line_are_failures(tmp_path: Path) -> None:
    """zsh's `[1]    23440 segmentation fault (core dumped)  ./build/tools/caffe train ...` ended the first run
    (pid 23440, its glog lines'), and glog's `F0915 23:45:27.991425  2939 io.cpp:51] Check failed: ...` the
    relaunch (pid 2939): two attempts, each ended by a failure, the second's detail its CHECK."""
    con = console_connection(tmp_path, CAFFE_SEGFAULT_RELAUNCH)
    pids = [int(text.split()[2]) for text in CAFFE_SEGFAULT_RELAUNCH if text[:1] in "IF"]
    assert pids[0] != pids[-1]  # two processes
    rows = con.execute("select end_reason from attempts order by attempt").fetchall()
    assert rows == [("crash",), ("crash",)]
    (detail,) = con.execute("select detail from log_events where kind = 'crash' order by line desc limit 1").fetchone()
    assert "Check failed: fd != -1" in detail


# Caffe resumed from its iteration-60000 solver state, testing its net first (Swartacus/Honours-Project
# Imagenet/log/imagenet_log.log, commit 215e21fc, from `Solver scaffolding done.`, 20 lines)
CAFFE_RESUME_TEST = [
    'I1024 22:32:49.059432  2488 solver.cpp:60] Solver scaffolding done.',
    'I1024 22:32:49.060940  2488 caffe.cpp:241] Resuming from adamnet_train_iter_60000.solverstate',
    'I1024 22:32:49.799481  2488 upgrade_proto.cpp:77] Attempting to upgrade batch norm layers using depr'
    'ecated params: adamnet_train_iter_60000.caffemodel',
    'I1024 22:32:49.799540  2488 upgrade_proto.cpp:80] Successfully upgraded batch norm layers using depr'
    'ecated params.',
    'I1024 22:32:49.822037  2488 sgd_solver.cpp:318] SGDSolver: restoring history',
    'I1024 22:32:49.863384  2488 caffe.cpp:251] Starting Optimization',
    'I1024 22:32:49.863411  2488 solver.cpp:279] Solving CaffeNet',
    'I1024 22:32:49.863415  2488 solver.cpp:280] Learning Rate Policy: step',
    'I1024 22:32:49.865031  2488 solver.cpp:337] Iteration 60000, Testing net (#0)',
    'I1024 22:34:16.378754  2488 blocking_queue.cpp:50] Data layer prefetch queue empty',
    'I1024 22:36:15.351184  2488 solver.cpp:404]     Test net output #0: accuracy = 0.0013',
    'I1024 22:36:15.351312  2488 solver.cpp:404]     Test net output #1: loss = 6.90775 (* 1 = 6.90775 loss)',
    'I1024 22:36:15.568557  2488 solver.cpp:228] Iteration 60000, loss = 6.90793',
    'I1024 22:36:15.568584  2488 solver.cpp:244]     Train net output #0: accuracy = 0',
    'I1024 22:36:15.568593  2488 solver.cpp:244]     Train net output #1: loss = 6.90793 (* 1 = 6.90793 loss)',
    'I1024 22:36:15.568605  2488 sgd_solver.cpp:106] Iteration 60000, lr = 0.001',
    'I1024 22:36:29.903446  2488 solver.cpp:228] Iteration 60020, loss = 6.90801',
    'I1024 22:36:29.903470  2488 solver.cpp:244]     Train net output #0: accuracy = 0',
    'I1024 22:36:29.903479  2488 solver.cpp:244]     Train net output #1: loss = 6.90801 (* 1 = 6.90801 loss)',
    'I1024 22:36:29.903484  2488 sgd_solver.cpp:106] Iteration 60020, lr = 0.001',
]


def test_caffes_resume_from_a_solver_state_and_its_test_pass(tmp_path: Path) -> None:
    """`Resuming from adamnet_train_iter_60000.solverstate` is a checkpoint load (the log does not open mid-run);
    `Iteration 60000, Testing net (#0)` at 22:32:49.865 to its `Test net output` at 22:36:15.351 is the test
    pass, evaluation, not time with nothing logged."""
    con = console_connection(tmp_path, CAFFE_RESUME_TEST)
    assert con.execute("select count(*) from log_events where kind like 'checkpoint_load%'").fetchone()[0] >= 1
    assert con.execute("select opens_at_step from goodput").fetchone() == (None,)
    (evaluated,) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()
    assert evaluated == pytest.approx((datetime(2000, 1, 1, 22, 36, 15, 351184) - datetime(2000, 1, 1, 22, 32, 49, 865031))
                                      .total_seconds(), abs=1e-3)


# kohya-ss sd-scripts' LoRA training as a Chinese note pasted it (stored file id 1230589308, section "## 第二次训练",
# its indented block's lines 28-30): the run's bar, described `steps:` in lower case
KOHYA_STEPS_BAR = [
    '    steps:   0%|                                                                       | 0/48600 [00'
    ':00<?, ?it/s]',
    '    epoch 1/60',
    '    steps:   1%|▎                                          | 395/48600 [02:37<5:20:51,  2.50it/s, av'
    'r_loss=0.117]',
]


def test_kohyas_lower_case_steps_bar_is_the_runs_steps(tmp_path: Path) -> None:
    """`steps:   1%|...| 395/48600 [02:37<5:20:51,  2.50it/s, avr_loss=0.117]` is the run's step 395, 0.4 s a
    step (2.50 it/s), as diffusers' `Steps:` is: the console is read, not refused."""
    con = console_connection(tmp_path, KOHYA_STEPS_BAR, name="train.log")
    # (2.50 it/s to its printed digits: 2.495 to 2.505)
    assert con.execute("select step, step_time_s from log_steps").fetchall() == [(395, pytest.approx(1 / 2.50, rel=2e-3))]


# kohya-ss' SDXL LoRA training in a notebook's notes (stored file id 18557639805, section "2024-06-14", the block
# after "Accelerate Launch issue", lines 1-29, whole): its latents cached under two bare bars, then a failure before
# the first step
KOHYA_CACHING = [
    '2024-06-17 01:41:14 INFO     U-Net converted to original U-Net                sdxl_train_util.py:120',
    '                    INFO     Enable xformers for U-Net                            train_util.py:2660',
    '                    INFO     [Dataset 0]                                          train_util.py:2079',
    '                    INFO     caching latents.                                      train_util.py:974',
    '                    INFO     checking cache validity...                            train_util.py:984',
    'import network module: networks.lora',
    '100%|██████████| 13/13 [00:00<00:00, 102108.52it/s]',
    '                    INFO     caching latents...                                   train_util.py:1021',
    '100%|██████████| 13/13 [00:04<00:00,  2.78it/s]',
    'Traceback (most recent call last):',
    '  File "/app/sd-scripts/sdxl_train_network.py", line 185, in <module>',
    '    trainer.train(args)',
    '  File "/app/sd-scripts/train_network.py", line 293, in train',
    '    network, _ = network_module.create_network_from_weights(1, args.network_weights, vae, text_encod'
    'er, unet, **net_kwargs)',
    '  File "/app/sd-scripts/networks/lora.py", line 703, in create_network_from_weights',
    '    if os.path.splitext(file)[1] == ".safetensors":',
    '  File "/usr/local/lib/python3.10/posixpath.py", line 118, in splitext',
    '    p = os.fspath(p)',
    'TypeError: expected str, bytes or os.PathLike object, not NoneType',
    'Traceback (most recent call last):',
    '  File "/home/1000/.local/bin/accelerate", line 8, in <module>',
    '    sys.exit(main())',
    '  File "/home/1000/.local/lib/python3.10/site-packages/accelerate/commands/accelerate_cli.py", line '
    '47, in main',
    '    args.func(args)',
    '  File "/home/1000/.local/lib/python3.10/site-packages/accelerate/commands/launch.py", line 1017, in'
    ' launch_command',
    '    simple_launcher(args)',
    '  File "/home/1000/.local/lib/python3.10/site-packages/accelerate/commands/launch.py", line 637, in '
    'simple_launcher',
    '    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
    "subprocess.CalledProcessError: Command '['/usr/local/bin/python', '/app/sd-scripts/sdxl_train_networ"
    "k.py', '--config_file', './outputs/tmpfilelora.toml', '--log_prefix=xl-loha']' returned non-zero exi"
    't status 1.',
]


def test_a_bare_bar_after_caching_is_no_training_step(tmp_path: Path) -> None:
    """`caching latents...` then `100%|██████████| 13/13 [00:04<00:00,  2.78it/s]`: the cache filled, no
    training step (the run failed before its first): no step rows, one attempt ended by the failure."""
    con = console_connection(tmp_path, KOHYA_CACHING)
    assert con.execute("select count(*) from log_steps").fetchone() == (0,)
    assert con.execute("select end_reason from attempts").fetchall() == [("crash",)]


# LLaMA-Factory on two GPUs under WSL (a note on its issue 8036, stored file id 12285476448, the bash block, whole):
# rank 1's traceback atop the console, NCCL's last error an out-of-memory, then torchrun's failure report and the
# CLI's wrapper traceback
LLAMAFACTORY_NCCL_OOM = [
    '    [rank1]: Traceback (most recent call last):',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/launcher.py", line 23, in <module>',
    '    [rank1]:     launch()',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/launcher.py", line 19, in launch',
    '    [rank1]:     run_exp()',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/train/tuner.py", line 110, in run_exp',
    '    [rank1]:     _training_function(config={"args": args, "callbacks": callbacks})',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/train/tuner.py", line 72, in _trainin'
    'g_function',
    '    [rank1]:     run_sft(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/train/sft/workflow.py", line 51, in run_sft',
    '    [rank1]:     dataset_module = get_dataset(template, model_args, data_args, training_args, stage='
    '"sft", **tokenizer_module)',
    '    [rank1]:   File "/root/LLaMA-Factory-main/src/llamafactory/data/loader.py", line 303, in get_dataset',
    '    [rank1]:     with training_args.main_process_first(desc="load dataset", local=(not data_args.dat'
    'a_shared_file_system)):',
    '    [rank1]:   File "/root/miniconda3/envs/llama_factory/lib/python3.10/contextlib.py", line 135, in'
    ' __enter__',
    '    [rank1]:     return next(self.gen)',
    '    [rank1]:   File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/transformers/t'
    'raining_args.py", line 2451, in main_process_first',
    '    [rank1]:     dist.barrier()',
    '    [rank1]:   File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distribu'
    'ted/c10d_logger.py", line 81, in wrapper',
    '    [rank1]:     return func(*args, **kwargs)',
    '    [rank1]:   File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distribu'
    'ted/distributed_c10d.py", line 4635, in barrier',
    '    [rank1]:     work = group.barrier(opts=opts)',
    '    [rank1]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d'
    '/ProcessGroupNCCL.cpp:3356, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL versio'
    'n 2.26.2',
    '    [rank1]: ncclUnhandledCudaError: Call to CUDA function failed.',
    '    [rank1]: Last error:',
    "    [rank1]: Cuda failure 2 'out of memory'",
    '    W0801 16:07:20.955000 1648 site-packages/torch/distributed/elastic/multiprocessing/api.py:900] S'
    'ending process 1669 closing signal SIGTERM',
    '    E0801 16:07:21.020000 1648 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] f'
    'ailed (exitcode: 1) local_rank: 1 (pid: 1670) of binary: /root/miniconda3/envs/llama_factory/bin/pyt'
    'hon3.10',
    '    Traceback (most recent call last):',
    '      File "/root/miniconda3/envs/llama_factory/bin/torchrun", line 8, in <module>',
    '        sys.exit(main())',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distributed/elast'
    'ic/multiprocessing/errors/__init__.py", line 355, in wrapper',
    '        return f(*args, **kwargs)',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distributed/run.p'
    'y", line 892, in main',
    '        run(args)',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distributed/run.p'
    'y", line 883, in run',
    '        elastic_launch(',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distributed/launc'
    'her/api.py", line 139, in __call__',
    '        return launch_agent(self._config, self._entrypoint, list(args))',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/site-packages/torch/distributed/launc'
    'her/api.py", line 270, in launch_agent',
    '        raise ChildFailedError(',
    '    torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
    '    ============================================================',
    '    /root/LLaMA-Factory-main/src/llamafactory/launcher.py FAILED',
    '    ------------------------------------------------------------',
    '    Failures:',
    '      <NO_OTHER_FAILURES>',
    '    ------------------------------------------------------------',
    '    Root Cause (first observed failure):',
    '    [0]:',
    '      time      : 2025-08-01_16:07:20',
    '      host      : DESKTOP-356K2N7.localdomain',
    '      rank      : 1 (local_rank: 1)',
    '      exitcode  : 1 (pid: 1670)',
    '      error_file: <N/A>',
    '      traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '    ============================================================',
    '    Traceback (most recent call last):',
    '      File "/root/miniconda3/envs/llama_factory/bin/llamafactory-cli", line 8, in <module>',
    '        sys.exit(main())',
    '      File "/root/LLaMA-Factory-main/src/llamafactory/cli.py", line 130, in main',
    '        process = subprocess.run(',
    '      File "/root/miniconda3/envs/llama_factory/lib/python3.10/subprocess.py", line 526, in run',
    '        raise CalledProcessError(retcode, process.args,',
    "    subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '1', '--node_rank', '0', '--npr"
    "oc_per_node', '2', '--master_addr', '127.0.0.1', '--master_port', '45271', '/root/LLaMA-Factory-main"
    "/src/llamafactory/launcher.py', 'saves/Qwen3-8B-Thinking/lora/train_2025-08-01-16-00-41/training_arg"
    "s.yaml']' returned non-zero exit status 1.",
]


def test_a_workers_failure_atop_its_console_is_the_jobs_not_the_wrappers(tmp_path: Path) -> None:
    """The failure the job ended in is rank 1's `Cuda failure 2 'out of memory'` (under its DistBackendError), the
    first, not the CLI's `subprocess.CalledProcessError` that came of it 64 lines later: the out-of-memory advice."""
    con = console_connection(tmp_path, LLAMAFACTORY_NCCL_OOM)
    (title, advice) = con.execute("select title, advice from findings where title like '%ended in a failure%'").fetchone()
    assert title.endswith("Cuda failure 2 'out of memory'") and advice.startswith("out of GPU memory"), (title, advice)


# Llama 3 70B on NeuronX Distributed under SageMaker HyperPod (a README's "Test Auto-resume functionality", stored file
# id 6048088258, its first block's lines 1-5): each step's line with its own `step_time`, its unit glued on
STEP_TIME_GLUED_UNIT = [
    'step 1 step_time 433.9763135910034s throughput 2.3233670754725364 seq/s loss 1.686337987310253 '
    'grad norm 10.75',
    'step 2 step_time 287.74868535995483s throughput 2.782773814597335 seq/s loss 1.6844543347833678'
    ' grad norm 11.0625',
    'step 3 step_time 285.0779552459717s throughput 2.9877511544511997 seq/s loss 1.6992562628001906'
    ' grad norm 11.4375',
    'step 4 step_time 285.1162803173065s throughput 3.102014096248735 seq/s loss 1.6663736239424907 '
    'grad norm 10.8125',
    'step 5 step_time 285.26683378219604s throughput 3.1748703415103368 seq/s loss 1.678755637782160'
    '2 grad norm 11.25',
]


def test_a_step_time_right_after_the_counter_with_its_unit_glued_on(tmp_path: Path) -> None:
    """`step 1 step_time 433.9763135910034s throughput ...`: the step's time is 433.976 s, each step's its own."""
    con = console_connection(tmp_path, STEP_TIME_GLUED_UNIT)
    printed = [float(text.split("step_time ")[1].split("s ")[0]) for text in STEP_TIME_GLUED_UNIT]
    assert [t for (t,) in con.execute("select step_time_s from log_steps order by step").fetchall()] == printed


# The same README's auto-resume lines (lines 8-17 of its first block: HyperPod's plugin in the job's output)
HYPERPOD_AUTO_RESUME = [
    '[Auto Resume] Info: JobID: 82 StepID: 0 Initiating communication with cluster agent to diagnose'
    ' health of nodes',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Response from cluster agent: JobId=82, ResumeAction=RET'
    'RYSTEP',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Job failed - replacing nodes',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Job failed - Droping unhealthy nodes',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Succesfully shrink job to retain healthy nodes ip-10-1-'
    '10-50,ip-10-1-25-242,ip-10-1-33-0,ip-10-1-40-177,ip-10-1-45-129,ip-10-1-48-81,ip-10-1-63-78,ip-10-1-65-[134,171],ip-10-1-85-226,ip-10-1-92-96,ip-10-1-97-129,ip-10-1-102-184,ip-10-1-115-121,ip-10-1-127-124',
    'srun: job 83 queued and waiting for resources',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Job Expansion complete',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Updating to new node list ip-10-1-10-50,ip-10-1-16-50,i'
    'p-10-1-25-242,ip-10-1-33-0,ip-10-1-40-177,ip-10-1-45-129,ip-10-1-48-81,ip-10-1-63-78,ip-10-1-65-[134,171],ip-10-1-85-226,ip-10-1',
    '-92-96,ip-10-1-97-129,ip-10-1-102-184,ip-10-1-115-121,ip-10-1-127-124',
    '[Auto Resume] Info: JobID: 82 StepID: 0 Retrying step. Attempt number: 1',
]


def test_hyperpods_auto_resume_is_a_failure_then_a_restart() -> None:
    """`[Auto Resume] ... Job failed - replacing nodes` is the job's failure (once, not again for `Job failed -
    Droping unhealthy nodes`), `Retrying step. Attempt number: 1` its restart."""
    from tracelens.parsers._events import EventScanner
    from tracelens.parsers._lines import Line
    from tracelens.parsers._logtables import LogRows

    rows = LogRows("generic")
    scanner = EventScanner(rows)
    for number, text in enumerate(HYPERPOD_AUTO_RESUME, start=8):
        scanner.scan(Line(number, None, text, None))
    failed = [i for i, text in enumerate(HYPERPOD_AUTO_RESUME, start=8) if "Job failed - replacing" in text]
    retried = [i for i, text in enumerate(HYPERPOD_AUTO_RESUME, start=8) if "Retrying step" in text]
    assert [(e["kind"], e["line"]) for e in rows.events] == [("crash", failed[0]), ("restart", retried[0])]


# A diffusion planner trained with Lightning on Colab, its runtime gone and the notebook run again (a committed Colab
# log, stored file id 66464037029, lines 1-4, 20-22, 29-30, 46-52 and 80): epochs 22-23 under `v_num=non1`, then the
# relaunch's dated lines at 21:13:06 and its bars under `v_num=q61t`
LIGHTNING_V_NUM_RELAUNCH = [
    'Epoch 22: 100% 638/638 [31:35<00:00,  2.97s/it, v_num=non1, train/loss_step=0.0259, diff_step=0.0259'
    ', pose_step=0.0264, grip_step=0.0228, phase_step=0.000152, val/total_error=0.00554, val/diff_loss=0.'
    '024, train/loss_epoch=0.0316, diff_epoch=0.0303, pose_epoch=0.0312, grip_epoch=0.0243, phase_epoch=0'
    '.0122][2025-12-14 18:18:32,572][train_unified_planner][INFO] - End of epoch 22: Triggering atomic fa'
    'ilsafe backup...',
    '`weights_only` was not set, defaulting to `False`.',
    '[2025-12-14 18:23:53,193][train_unified_planner][INFO] - Failsafe backup saved to /content/drive/MyD'
    'rive/pda/models/backups/unified/unified_planner_backup_epoch_022.ckpt',
    'Epoch 22: 100% 638/638 [36:56<00:00,  3.47s/it, v_num=non1, train/loss_step=0.0259, diff_step=0.0259'
    ', pose_step=0.0264, grip_step=0.0228, phase_step=0.000152, val/total_error=0.00554, val/diff_loss=0.'
    '024, train/loss_epoch=0.0311, diff_epoch=0.0298, pose_epoch=0.0307, grip_epoch=0.0233, phase_epoch=0'
    '.0136]',
    'Epoch 23: 100% 638/638 [32:04<00:00,  3.02s/it, v_num=non1, train/loss_step=0.021, diff_step=0.0208,'
    ' pose_step=0.0197, grip_step=0.0284, phase_step=0.00223, val/total_error=0.00554, val/diff_loss=0.02'
    '4, train/loss_epoch=0.0311, diff_epoch=0.0298, pose_epoch=0.0307, grip_epoch=0.0233, phase_epoch=0.0'
    '136]  [2025-12-14 18:55:58,079][train_unified_planner][INFO] - End of epoch 23: Triggering atomic fa'
    'ilsafe backup...',
    '`weights_only` was not set, defaulting to `False`.',
    '[2025-12-14 19:00:43,611][train_unified_planner][INFO] - Failsafe backup saved to /content/drive/MyD'
    'rive/pda/models/backups/unified/unified_planner_backup_epoch_023.ckpt',
    'Epoch 23: 100% 638/638 [42:51<00:00,  4.03s/it, v_num=non1, train/loss_step=0.021, diff_step=0.0208,'
    ' pose_step=0.0197, grip_step=0.0284, phase_step=0.00223, val/total_error=0.00507, val/diff_loss=0.02'
    '53, train/loss_epoch=0.0311, diff_epoch=0.0298, pose_epoch=0.0307, grip_epoch=0.0233, phase_epoch=0.'
    "0136]Epoch 23, global step 18710: 'val/total_error' reached 0.00507 (best 0.00507), saving model to "
    "'/content/dgpo/checkpoint/checkpoints/udp-epoch=23-val/total_error=0.0051.ckpt' as top 3",
    'Epoch 23: 100% 638/638 [49:31<00:00,  4.66s/it, v_num=non1, train/loss_step=0.021, diff_step=0.0208,'
    ' pose_step=0.0197, grip_step=0.0284, phase_step=0.00223, val/total_error=0.00507, val/diff_loss=0.02'
    '53, train/loss_epoch=0.0309, diff_epoch=0.0295, pose_epoch=0.0304, grip_epoch=0.0235, phase_epoch=0.'
    '0139]',
    'Epoch 24:   0% 0/638 [00:00<?, ?it/s, v_num=non1, train/loss_step=0.021, diff_step=0.0208, pose_step'
    '=0.0197, grip_step=0.0284, phase_step=0.00223, val/total_error=0.00507, val/diff_loss=0.0253, train/'
    'loss_epoch=0.0309, diff_epoch=0.0295, pose_epoch=0.0304, grip_epoch=0.0235, phase_epoch=0.0139]',
    '',
    ' return data.pin_memory(device)',
    '[2025-12-14 21:13:06,950][models.unified_diffusion_planner][INFO] - ActionNormalizer fitted: min=[-0'
    '.026746049523353577, -0.07258637994527817, -0.033010274171829224, -0.007153845392167568, -0.01144341'
    '1000072956, -0.026500077918171883, 0.9995606541633606, -0.009999999776482582], max=[0.05671416223049'
    '164, 0.04525541514158249, 0.03450450301170349, 0.006272112485021353, 0.006951103452593088, 0.0198179'
    '98632788658, 1.000100016593933, 1.0099999904632568]',
    '[2025-12-14 21:13:06,951][train_unified_planner][INFO] -   Fitted on 100 samples',
    '[2025-12-14 21:13:06,952][train_unified_planner][INFO] -   Action min: [-0.026746049523353577, -0.07'
    '258637994527817, -0.033010274171829224]',
    '[2025-12-14 21:13:06,953][train_unified_planner][INFO] -   Action max: [0.05671416223049164, 0.04525'
    '541514158249, 0.03450450301170349]',
    'Epoch 24: 100% 638/638 [30:28<00:00,  2.87s/it, v_num=q61t, train/loss_step=0.0234, diff_step=0.0233'
    ', pose_step=0.0215, grip_step=0.0356, phase_step=0.0011, val/total_error=0.00521, val/diff_loss=0.02'
    '47, train/loss_epoch=0.0312, diff_epoch=0.0312, pose_epoch=0.0306, grip_epoch=0.0354, phase_epoch=0.'
    '000289][2025-12-14 21:50:35,716][train_unified_planner][INFO] - End of epoch 24: Triggering atomic f'
    'ailsafe backup...',
]


def test_a_new_lightning_logger_version_on_the_bar_is_a_relaunch(tmp_path: Path) -> None:
    """The bar's `v_num` changed from non1 to q61t: a new run. It began at its first dated line, 21:13:06.950
    (2 h 12 min after the last dated line of the run before, 19:00:43.611): two attempts, the first ended then (to
    its bar's one-second clock, whose last drawing it redrew after that line)."""
    con = console_connection(tmp_path, LIGHTNING_V_NUM_RELAUNCH)
    rows = con.execute("select start_ns, end_ns from attempts order by attempt").fetchall()
    at = [int(datetime(2025, 12, 14, h, m, s, tzinfo=UTC).timestamp()) * 10**9 + ms * 10**6
          for h, m, s, ms in ((19, 0, 43, 611), (21, 13, 6, 950))]
    assert len(rows) == 2 and abs(rows[0][1] - at[0]) <= 10**9 and rows[1][0] == at[1], rows


# torch 1.9's elastic launcher on node master1 of an ImageNet job as a second node joins (a Chinese note on elastic
# launching, stored file id 9387141023, section "3. 弹性启动": its console's line 2, then lines 62-99): the agent
# restarts the worker group to take the node in, no worker failed
ELASTIC_SCALE_UP = [
    "[INFO] 2021-06-29 12:04:55,391 run: Running torch.distributed.run with args: ['/root/miniconda/envs/"
    "aiacct_tr1.7.0_cu11.0_py36/lib/python3.6/site-packages/torch/distributed/run.py', '--nnodes=1:3', '-"
    "-nproc_per_node=2', '--rdzv_id=11', '--rdzv_backend=c10d', '--rdzv_endpoint=192.168.1.109:29400', 'm"
    "ain.py', '--arch', 'resnet18', '--epochs', '30', '--batch-size', '32', './data/tiny-imagenet-200']",
    'Epoch: [12][ 50/1563]  Time  0.110 ( 0.126)    Data  0.081 ( 0.081)    Loss 2.5804e+00 (2.6696e+00) '
    '   Acc@1  43.75 ( 38.48)   Acc@5  68.75 ( 62.93)',
    '[INFO] 2021-06-29 12:18:07,438 api: [default] Detected 1 new nodes from group_rank=0; will restart w'
    'orker group',
    '[INFO] 2021-06-29 12:18:07,439 api: [default] Stopping worker group',
    'Epoch: [12][ 60/1563]  Time  0.105 ( 0.123)    Data  0.075 ( 0.080)    Loss 2.8188e+00 (2.6629e+00) '
    '   Acc@1  37.50 ( 38.58)   Acc@5  59.38 ( 62.86)',
    "[INFO] 2021-06-29 12:18:13,117 api: [default] Rendezvous'ing worker group",
    "[INFO] 2021-06-29 12:18:13,117 dynamic_rendezvous: The node 'master1_21848_0' attempts to join the n"
    "ext round of the rendezvous '11'.",
    "[INFO] 2021-06-29 12:18:43,163 dynamic_rendezvous: The node 'master1_21848_0' has joined round 4 of "
    "the rendezvous '11' as rank 0 in a world of size 2.",
    '[INFO] 2021-06-29 12:18:43,868 api: [default] Rendezvous complete for workers. Result:',
    '  restart_count=3',
    '  master_addr=master1',
    '  master_port=52866',
    '  group_rank=0',
    '  group_world_size=2',
    '  local_ranks=[0, 1]',
    '  role_ranks=[0, 1]',
    '  global_ranks=[0, 1]',
    '  role_world_sizes=[4, 4]',
    '  global_world_sizes=[4, 4]',
    '',
    '[INFO] 2021-06-29 12:18:43,868 api: [default] Starting worker group',
    '[INFO] 2021-06-29 12:18:43,869 __init__: Setting worker0 reply file to: /tmp/torchelastic_qi74idlt/1'
    '1_geuufdh6/attempt_3/0/error.json',
    '[INFO] 2021-06-29 12:18:43,869 __init__: Setting worker1 reply file to: /tmp/torchelastic_qi74idlt/1'
    '1_geuufdh6/attempt_3/1/error.json',
    '=> set cuda device = 0',
    'start ===***===',
    '=> set cuda device = 1',
    'start ===***===',
    'after dist init process group',
    '=> creating model: resnet18',
    'after dist init process group',
    '=> creating model: resnet18',
    '=> loading checkpoint file: /tmp/checkpoint.pth.tar',
    '=> loading checkpoint file: /tmp/checkpoint.pth.tar',
    '=> loaded checkpoint file: /tmp/checkpoint.pth.tar',
    '=> loaded checkpoint file: /tmp/checkpoint.pth.tar',
    '=> using checkpoint from rank: 0, max_epoch: 11',
    '=> using checkpoint from rank: 0, max_epoch: 11',
    '=> checkpoint broadcast size is: 93614415',
    '=> checkpoint broadcast size is: 93614415',
]


def test_an_agents_restart_for_a_new_node_ends_the_attempt_and_its_workers_start_again(tmp_path: Path) -> None:
    """The workers ran until `Detected 1 new nodes ...; will restart worker group` (12:18:07.438; their step 18816,
    printed as they stopped, theirs); the new ones from `Starting worker group` (12:18:43.868), not the agent's
    `Stopping worker group` line: two attempts, the first restarted."""
    con = console_connection(tmp_path, ELASTIC_SCALE_UP)
    rows = con.execute("select start_ns, end_ns, last_step, end_reason from attempts order by attempt").fetchall()
    restart = int(datetime(2021, 6, 29, 12, 18, 7, tzinfo=UTC).timestamp()) * 10**9 + 438 * 10**6
    started = int(datetime(2021, 6, 29, 12, 18, 43, tzinfo=UTC).timestamp()) * 10**9 + 868 * 10**6
    assert [r[1:] for r in rows[:1]] == [(restart, 18816, "restarted")] and rows[1][0] == started, rows


# An LSF job's output, whole (FredslundMagnus/DeepLearningProject outputs/Discount_0.70/Markdown/Discount_0.70_0.md,
# stored file id 23904928688): bash's word that an earlier run was killed (line 1, undated), then the resubmitted
# job's run until LSF's run-time limit
LSF_KILLED_THEN_RUNLIMIT = [
    '/zhome/ee/d/137643/.lsbatch/1604335277.8253410.shell: line 14: 94460 Killed                  python '
    'main.py $LSB_PROJECT_NAME',
    '',
    '------------------------------------------------------------',
    'Sender: LSF System <lsfadmin@n-62-11-15>',
    'Subject: Job 8253410: <Discount_0.70_0> in cluster <dcc> Exited',
    '',
    'Job <Discount_0.70_0> was submitted from host <n-62-27-21> by user <s183905> in cluster <dcc> at Mon'
    ' Nov  2 17:41:17 2020',
    'Job was executed on host(s) <n-62-11-15>, in queue <gpuv100>, as user <s183905> in cluster <dcc> at '
    'Mon Nov  2 17:41:19 2020',
    '</zhome/ee/d/137643> was used as the home directory.',
    '</zhome/ee/d/137643/Desktop/DeepAI/DeepLearningProject/Utils> was used as the working directory.',
    'Started at Mon Nov  2 17:41:19 2020',
    'Terminated at Mon Nov  2 17:41:43 2020',
    'Results reported at Mon Nov  2 17:41:43 2020',
    '',
    'Your job looked like:',
    '',
    '------------------------------------------------------------',
    '# LSBATCH: User input',
    '#!/bin/sh',
    '#BSUB -q hpc',
    '#BSUB -q gpuv100',
    '#BSUB -gpu "num=1:mode=exclusive_process"',
    '#BSUB -n 1',
    '#BSUB -R "rusage[mem=1G]"',
    '#BSUB -R "span[hosts=1]"',
    '#BSUB -W 10',
    '# end of BSUB options',
    'cd ..',
    'module -s load python3',
    'source ../project-env/bin/activate',
    '',
    'python main.py $LSB_PROJECT_NAME',
    '',
    '',
    '------------------------------------------------------------',
    '',
    'TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.',
    'Exited with exit code 137.',
    '',
    'Resource usage summary:',
    '',
    '    CPU time :                                   3.00 sec.',
    '    Max Memory :                                 1024 MB',
    '    Average Memory :                             717.67 MB',
    '    Total Requested Memory :                     1024.00 MB',
    '    Delta Memory :                               0.00 MB',
    '    Max Swap :                                   -',
    '    Max Processes :                              4',
    '    Max Threads :                                8',
    '    Run time :                                   117 sec.',
    '    Turnaround time :                            26 sec.',
    '',
    'The output (if any) is above this job summary.',
    '',
    'User defined signal 2',
    '',
    '------------------------------------------------------------',
    'Sender: LSF System <lsfadmin@n-62-11-16>',
    'Subject: Job 8253415: <Discount_0.70_0> in cluster <dcc> Exited',
    '',
    'Job <Discount_0.70_0> was submitted from host <n-62-27-21> by user <s183905> in cluster <dcc> at Mon'
    ' Nov  2 17:46:22 2020',
    'Job was executed on host(s) <n-62-11-16>, in queue <gpuv100>, as user <s183905> in cluster <dcc> at '
    'Mon Nov  2 17:46:24 2020',
    '</zhome/ee/d/137643> was used as the home directory.',
    '</zhome/ee/d/137643/Desktop/DeepAI/DeepLearningProject/Utils> was used as the working directory.',
    'Started at Mon Nov  2 17:46:24 2020',
    'Terminated at Mon Nov  2 17:56:40 2020',
    'Results reported at Mon Nov  2 17:56:40 2020',
    '',
    'Your job looked like:',
    '',
    '------------------------------------------------------------',
    '# LSBATCH: User input',
    '#!/bin/sh',
    '#BSUB -q hpc',
    '#BSUB -q gpuv100',
    '#BSUB -gpu "num=1:mode=exclusive_process"',
    '#BSUB -n 1',
    '#BSUB -R "rusage[mem=10G]"',
    '#BSUB -R "span[hosts=1]"',
    '#BSUB -W 10',
    '# end of BSUB options',
    'cd ..',
    'module -s load python3',
    'source ../project-env/bin/activate',
    '',
    'python main.py $LSB_PROJECT_NAME',
    '',
    '',
    '------------------------------------------------------------',
    '',
    'TERM_RUNLIMIT: job killed after reaching LSF run time limit.',
    'Exited with exit code 140.',
    '',
    'Resource usage summary:',
    '',
    '    CPU time :                                   581.00 sec.',
    '    Max Memory :                                 9868 MB',
    '    Average Memory :                             5793.50 MB',
    '    Total Requested Memory :                     10240.00 MB',
    '    Delta Memory :                               372.00 MB',
    '    Max Swap :                                   -',
    '    Max Processes :                              4',
    '    Max Threads :                                9',
    '    Run time :                                   655 sec.',
    '    Turnaround time :                            618 sec.',
    '',
    'The output (if any) is above this job summary.',
]


def test_the_last_attempts_failure_is_not_an_undated_one_of_an_earlier_attempt(tmp_path: Path) -> None:
    """The job's last attempt ended at LSF's `TERM_RUNLIMIT` (the time limit's advice), not at the undated
    `Killed` atop the file, which its next dated line places before the last attempt began."""
    con = console_connection(tmp_path, LSF_KILLED_THEN_RUNLIMIT)
    (title, advice) = con.execute("select title, advice from findings where title like '%ended in a failure%'").fetchone()
    assert "TERM_RUNLIMIT" in title and advice.startswith("the scheduler's time limit"), (title, advice)


# Caffe retraining LeNet, its iteration-400 report, then its test pass at iteration 500 (the README of a Caffe fork
# that adds a `compress` command, stored file id 21593585072, its block "The network is then retrained:", lines 14-21)
CAFFE_TEST_PASS = [
    'I0727 00:00:26.892253 1934443264 solver.cpp:228] Iteration 400, loss = 0.690224',
    'I0727 00:00:26.893460 1934443264 solver.cpp:244]     Train net output #0: loss = 0.690224 (* 1 = 0.6'
    '90224 loss)',
    'I0727 00:00:26.893476 1934443264 sgd_solver.cpp:106] Iteration 400, lr = 0.000971013',
    'I0727 00:00:33.199570 1934443264 solver.cpp:534] Iteration 500, Testing net (#0)',
    'I0727 00:00:36.463996 1934443264 solver.cpp:604]     Test net output #0: accuracy = 0.9163',
    'I0727 00:00:36.464031 1934443264 solver.cpp:604]     Test net output #1: loss = 0.69147 (* 1 = 0.691'
    '47 loss)',
    'I0727 00:00:36.573400 1934443264 solver.cpp:228] Iteration 500, loss = 0.784551',
    'I0727 00:00:36.573436 1934443264 solver.cpp:244]     Train net output #0: loss = 0.784551 (* 1 = 0.7'
    '84551 loss)',
]


def test_caffes_test_pass_begins_at_its_testing_net_line(tmp_path: Path) -> None:
    """`Iteration 500, Testing net (#0)` (00:00:33.199570) begins the test pass, its `Test net output` lines
    (00:00:36.464031) end it: 3.26 s of evaluation, not from the step's `Iteration 400, lr = ...` line before it."""
    con = console_connection(tmp_path, CAFFE_TEST_PASS)
    (evaluated,) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()
    assert evaluated == pytest.approx(36.464031 - 33.199570, abs=1e-6)


def test_a_time_of_day_alone_after_a_dated_line_counts_its_days_from_the_line_before() -> None:
    """A script's first record with its date, the next ones (every hour for 30 hours, Python's logging with
    `datefmt="%H:%M:%S"`) with the time of day alone: each on the day after the record before it where its
    clock went back, not within a day of the one dated line. The times are the records' own."""
    import logging

    from tracelens.parsers._lines import split_lines

    dated = logging.Formatter("%(asctime)s %(message)s")
    clock = logging.Formatter("%(asctime)s %(message)s", datefmt="%H:%M:%S")
    dated.converter = clock.converter = time.gmtime
    created = [_ns("2023-05-01 20:00:00") + hour * 3600 * 10**9 for hour in range(31)]
    text = ""
    for step, ns in enumerate(created):
        record = logging.makeLogRecord({"msg": f"step {step} loss {1 / (step + 1):.4f}", "created": ns / 1e9, "msecs": 0.0})
        text += (dated if step == 0 else clock).format(record) + "\n"
    lines = split_lines(text, mtime_ns=_ns("2023-05-03 03:00:00"))
    assert [line.ts_ns for line in lines] == created, text



# g2p-seq2seq on TensorFlow's seq2seq tutorial's loop (cmusphinx/g2p-seq2seq issue 33, the console in its description,
# lines 7-12): a restore, then `global step 400 learning rate 0.5000 step-time 2.78 perplexity 7.83`
TF_TRANSLATE = [
    'Reading model parameters from /tmp/translate.ckpt-200',
    'global step 400 learning rate 0.5000 step-time 2.78 perplexity 7.83',
    '  eval: bucket 0 perplexity 4.88',
    '  eval: bucket 1 perplexity 6.30',
    '  eval: bucket 2 perplexity 12.34',
    'global step 600 learning rate 0.5000 step-time 2.71 perplexity 4.34',
]


def test_the_tf_seq2seq_tutorials_global_step_lines_are_steps_with_their_time(tmp_path: Path) -> None:
    """`global step 400 ... step-time 2.78 ...` is step 400, 2.78 s a step (the mean since the line before), its
    evaluation's `eval: bucket 0 perplexity 4.88` lines no steps."""
    con = console_connection(tmp_path, TF_TRANSLATE)
    printed = [(int(text.split()[2]), float(text.split("step-time ")[1].split()[0]))
               for text in TF_TRANSLATE if text.startswith("global step ")]
    assert con.execute("select step, step_time_s from log_steps order by step").fetchall() == printed


# fairseq (Hydra) training WavPrompt (Hertin/WavPrompt issue 3, its description's log, lines 9-11): the first update
# raised, the trainer saved `crash.pt`
FAIRSEQ_CRASH_PT = [
    '[2022-05-18 20:16:19,246][fairseq.trainer][INFO] - begin training epoch 1',
    '[2022-05-18 20:16:19,247][fairseq_cli.train][INFO] - Start iterating over samples',
    '[2022-05-18 20:16:21,067][fairseq.trainer][INFO] - Saving checkpoint to /home/pengtl/WavPrompt/wavpr'
    'ompt/outputs/wavpromptlsp100rf8ntok0/crash.pt',
]


def test_fairseqs_save_to_crash_pt_is_a_failure(tmp_path: Path) -> None:
    """fairseq's trainer saves `crash.pt` when a step raises, then raises again: the attempt ended in a failure."""
    con = console_connection(tmp_path, FAIRSEQ_CRASH_PT)
    assert con.execute("select end_reason from attempts").fetchall() == [("crash",)]


# SpeechBrain's SLURP recipe relaunched (speechbrain issue 2031, a comment's log, lines 1-9): its checkpointer loads
# the last checkpoint before epoch 20
SPEECHBRAIN_RESUME = [
    '2023-06-08 19:35:22,114 - speechbrain.dataio.dataio - INFO - Skipping merging. Completed in previous'
    ' run.',
    '2023-06-08 19:35:22,207 - speechbrain.dataio.dataio - INFO - /data_home/SLU_path/slurp/results/lstm/'
    '1986/train-type=direct.csv is created.',
    '2023-06-08 19:35:22,729 - speechbrain.utils.parameter_transfer - DEBUG - Collecting files (or symlin'
    'ks) for pretraining in /data_home/SLU_path/slurp/results/lstm/1986/save/SLURP_tokenizer.',
    '2023-06-08 19:35:22,729 - speechbrain.pretrained.fetching - INFO - Fetch tokenizer_58_unigram.model:'
    ' Using existing file/symlink in /data_home/SLU_path/slurp/results/lstm/1986/save/SLURP_tokenizer/tokenizer.ckpt.',
    '2023-06-08 19:35:22,730 - speechbrain.utils.parameter_transfer - INFO - Loading pretrained files for'
    ': tokenizer',
    '2023-06-08 19:35:23,415 - speechbrain.core - INFO - Info: ckpt_interval_minutes arg from hparam file'
    ' is used',
    '2023-06-08 19:35:23,419 - speechbrain.core - INFO - 98.3M trainable parameters in SLU',
    '2023-06-08 19:35:23,420 - speechbrain.utils.checkpoints - INFO - Loading a checkpoint from /data_hom'
    'e/SLU_path/slurp/results/lstm/1986/save/CKPT+2023-06-08+17-58-43+00',
    '2023-06-08 19:35:23,979 - speechbrain.utils.epoch_loop - INFO - Going into epoch 20',
]


def test_speechbrains_loading_a_checkpoint_is_a_load(tmp_path: Path) -> None:
    """`speechbrain.utils.checkpoints - INFO - Loading a checkpoint from .../CKPT+2023-06-08+17-58-43+00`: a
    checkpoint load (the run resumed)."""
    con = console_connection(tmp_path, SPEECHBRAIN_RESUME)
    loads = con.execute("select line from log_events where kind like 'checkpoint_load%'").fetchall()
    assert loads == [(next(i for i, text in enumerate(SPEECHBRAIN_RESUME, 1) if "Loading a checkpoint" in text),)]


# `gcloud ai custom-jobs stream-logs` of a Vertex AI job (a thesis README's training logs, stored file id 63335018367,
# lines 2-3): each line's time with its UTC offset after a space
VERTEX_STREAM = [
    'INFO\t2026-02-22 04:04:56 -0500\tservice\tWaiting for job to be provisioned.',
    'INFO\t2026-02-22 04:04:56 -0500\tservice\tVertex AI is provisioning job running framework. First time u'
    'sage might take couple of minutes, and subsequent runs can be much faster.',
]


def test_a_utc_offset_after_a_space_is_the_times_offset() -> None:
    """`2026-02-22 04:04:56 -0500` is 09:04:56 UTC, not 04:04:56."""
    from tracelens.parsers._lines import split_lines

    lines = split_lines("\n".join(VERTEX_STREAM) + "\n")
    assert [line.ts_ns for line in lines] == [_ns("2026-02-22 09:04:56")] * 2


# The SageMaker SDK's job status lines as `fit(logs=True)` prints them: a BlazingText job that completed (a notebook's
# output cell, stored file id 34347994130: its first 5 lines and lines 80-81) and a PyTorch job that failed
# (aws/sagemaker-python-sdk issue 658, its description's log, lines 1-5)
SAGEMAKER_COMPLETED = [
    '2020-11-28 12:43:33 Starting - Starting the training job...',
    '2020-11-28 12:43:35 Starting - Launching requested ML instances......',
    '2020-11-28 12:44:56 Starting - Preparing the instances for training.........',
    '2020-11-28 12:46:21 Downloading - Downloading input data',
    '2020-11-28 12:46:21 Training - Downloading the training image.Arguments: train',
    '2020-11-28 12:47:55 Completed - Training job completed',
    'Training seconds: 220',
]
SAGEMAKER_FAILED = [
    'sagemaker-containers ERROR    ExecuteUserScriptError:',
    'Command "/usr/bin/python -m rnn --batch-size 256 --dropout 0 --epochs 2 --hidden 500, 500 --job-type'
    ' simple_fold_valid --l2 0 --lr 0.001 --num-hidden-rnn 2 --num-neuron-rnn 180 --optimizer Adam"',
    '2019-02-25 14:11:16 Uploading - Uploading generated training model',
    '2019-02-25 14:11:16 Failed - Training job failed',
    '',
]


@pytest.mark.parametrize("lines, end", [(SAGEMAKER_COMPLETED, "completed"), (SAGEMAKER_FAILED, "crash")])
def test_the_sagemaker_sdks_status_lines_say_how_the_job_ended(tmp_path: Path, lines: list[str], end: str) -> None:
    """`... Completed - Training job completed` a clean end, `... Failed - Training job failed` a failure: the
    console is read (no step line in it), its attempt ended so."""
    con = console_connection(tmp_path, lines, name="output.log")
    assert con.execute("select end_reason from attempts").fetchall() == [(end,)]


def test_a_k_fold_loops_trainers_in_one_process_are_no_restarts(tmp_path: Path) -> None:
    """sample_logs/kfold_lightning (recorded by record_kfold_lightning_job.sh): one process fitting three folds, a
    new Trainer and TensorBoardLogger each (the bar's `v_num=0`, `1`, `2`), each fold's steps counted from 1 again,
    no silence between them: three fits, each completed, no restart, no work lost or redone."""
    path = SAMPLE_LOGS / "kfold_lightning" / "console.log"
    text = path.read_text()
    assert sorted(set(re.findall(r"v_num=(\d+)", text))) == ["0", "1", "2"] and text.count(" done\n") == 3
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert {r for (r,) in con.execute("select end_reason from attempts").fetchall()} == {"completed"}
    lost = con.execute("select coalesce(sum(seconds), 0) from goodput_buckets "
                       "where bucket in ('lost_work', 'restart_downtime')").fetchone()[0]
    assert lost == 0


def test_a_load_line_with_no_time_of_its_own_gives_the_resumed_step(tmp_path: Path) -> None:
    """Megatron prints ` loading checkpoint from /nas/megatron_gpt/ at iteration 100` with no time; the
    file's dated lines come before it (DLRover's saver starting). The attempt resumed from iteration 100."""
    path = corpus_or_skip("logs", "megatron", "dlrover_issue977_flash_ckpt_load_resume.log")
    assert " loading checkpoint from /nas/megatron_gpt/ at iteration 100\n" in path.read_text()
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    assert store.connect().execute("select resumed_from_step from attempts").fetchall() == [(100,)]
