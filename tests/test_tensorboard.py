"""TensorBoard event files and Lightning's metrics.csv of the recorded jobs, against the
harness's own clock (`truth.txt`) and the jobs' consoles. Expectations come from the TRUTH lines,
from the consoles' printed values and from the files' raw TFRecord framing, never from tracelens.

Jobs (sample_logs/record_hf_default_tb_job.sh, record_lightning_ddp_job.sh):
- hf_trainer_default_tb: HF Trainer at its defaults, rank 1 raises at step 13, torchrun restarts,
  the workers resume from checkpoint-8 and finish 24 steps; one event file per attempt.
- lightning_ddp_bar / lightning_ddp_rich: Lightning DDP, 2 epochs x 15 steps, one event file.
"""

from __future__ import annotations

import ast
import gzip
import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

pytest.importorskip("tensorboard", reason="the tensorboard extra is not installed")

from tracelens.parsers.lightning_csv import LightningCsvParser
from tracelens.parsers.tensorboard import TensorBoardParser

HF_JOB = SAMPLE_LOGS / "hf_trainer_default_tb"
# lightning_ddp_restart: under torchrun, rank 1 raises at step 20, the restart resumes from the
# epoch-end checkpoint (step 15); each attempt's loggers write their own version_N
LIGHTNING_JOBS = [SAMPLE_LOGS / "lightning_ddp_bar", SAMPLE_LOGS / "lightning_ddp_rich", SAMPLE_LOGS / "lightning_ddp_restart"]
# A TensorBoard writer records a step's scalars right after the step (HF's on_log, Lightning's
# batch end): it is a clock, not an estimate. The harness stamps step_end just before: up to 16 ms
# in these recordings (HF computes and logs its metrics in between). HF's end-of-training summary
# at the last step comes 37 ms after it: the bound tells the two apart.
WRITE_DELAY_S = 0.025


def truth(job: Path) -> list[dict]:
    lines = (job / "truth.txt").read_text().splitlines()
    return [json.loads(line.split("TRUTH ", 1)[1]) for line in lines if line.startswith("TRUTH {")]


def truth_wall_s(job: Path) -> float:
    """The job's wall time by the harness: first process start to the end of training."""
    t = truth(job)
    return max(x["t"] for x in t if x["event"] == "attempt_end") - min(x["t"] for x in t if x["event"] == "attempt_start")


def step_ends(job: Path) -> dict[tuple[int, int], float]:
    return {(x["attempt"], x["step"]): x["t"] for x in truth(job) if x["event"] == "step_end" and x["rank"] == 0}


def event_files(job: Path) -> list[Path]:
    """One per writer, in the order the writers opened them (their names carry the time)."""
    return sorted(job.rglob("events.out.tfevents.*"), key=lambda p: int(p.name.split(".")[3]))


def tfrecord_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) byte offsets of each record, from the TFRecord framing: a little-endian
    uint64 length, its CRC (4 bytes), the data, the data's CRC (4 bytes)."""
    spans, offset = [], 0
    while offset + 12 <= len(data):
        (length,) = struct.unpack_from("<Q", data, offset)
        end = offset + 12 + length + 4
        if end > len(data):
            break
        spans.append((offset, end))
        offset = end
    return spans


# ------------------------------------------------------------------ reader vs TRUTH


def test_hf_event_files_date_every_step_of_each_attempt() -> None:
    ends = step_ends(HF_JOB)
    files = event_files(HF_JOB)
    assert len(files) == len({a for a, _ in ends}) == 2  # one writer per attempt
    wall = truth_wall_s(HF_JOB)
    for attempt, path in enumerate(files):
        result = TensorBoardParser().parse(path, ParseOptions())
        assert result.warnings == []
        rows = result.tables["log_steps"].to_pylist()
        expected = sorted(s for a, s in ends if a == attempt)
        assert [r["step"] for r in rows] == expected
        assert {r["time_source"] for r in rows} == {"record"}
        for r in rows:
            error = r["end_ns"] / 1e9 - ends[(attempt, r["step"])]
            assert abs(error) <= 0.02 * wall, (attempt, r["step"], error)
            assert 0 <= error < WRITE_DELAY_S, (attempt, r["step"], error)


def test_hf_event_losses_are_the_console_dicts() -> None:
    """The console prints each logged dict (`{'loss': 6.1591, ...}`, 4 decimals) in order:
    attempt 0's 12 steps, then attempt 1's 16; the event files hold the same values."""
    text = (HF_JOB / "console.log").read_text().replace("\r", "\n")
    dicts = [ast.literal_eval(m) for m in re.findall(r"^\{'loss': .*\}$", text, flags=re.M)]
    got = []
    for path in event_files(HF_JOB):
        got += TensorBoardParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert len(got) == len(dicts) == 28
    for row, printed in zip(got, dicts, strict=True):
        assert row["loss"] == pytest.approx(printed["loss"], abs=5e-5)
        assert row["grad_norm"] == pytest.approx(printed["grad_norm"], rel=1e-6)
        assert row["lr"] == pytest.approx(printed["learning_rate"], rel=1e-6)


def test_hf_end_of_training_summary_is_the_attempt_end() -> None:
    t = truth(HF_JOB)
    end = next(x["t"] for x in t if x["event"] == "attempt_end")
    events = [TensorBoardParser().parse(p, ParseOptions()).tables["log_events"].to_pylist() for p in event_files(HF_JOB)]
    assert [e["kind"] for e in events[0]] == ["attempt_start"]  # the crashed attempt never ends its training
    assert [e["kind"] for e in events[1]] == ["attempt_start", "attempt_end"]
    assert abs(events[1][1]["ts_ns"] / 1e9 - end) < WRITE_DELAY_S
    # each writer opens when training begins: after its process started, before its first step
    starts = {x["attempt"]: x["t"] for x in t if x["event"] == "attempt_start"}
    first_step = {a: min(v for (b, _), v in step_ends(HF_JOB).items() if b == a) for a in starts}
    for attempt, rows in enumerate(events):
        assert starts[attempt] <= rows[0]["ts_ns"] / 1e9 <= first_step[attempt]


@pytest.mark.parametrize("job", LIGHTNING_JOBS, ids=lambda p: p.name)
def test_lightning_event_steps_are_the_optimizer_steps_done(job: Path) -> None:
    """Lightning writes step 0 for the first batch; tracelens calls it step 1 (one optimizer step
    done), as the harness and the bar count. A reader that kept Lightning's numbers would date
    every step at its predecessor's end, 0.5 s early. One event file per attempt."""
    ends = step_ends(job)
    files = event_files(job)
    assert len(files) == len({a for a, _ in ends})
    wall = truth_wall_s(job)
    for attempt, path in enumerate(files):
        rows = TensorBoardParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
        assert [r["step"] for r in rows] == sorted(s for a, s in ends if a == attempt)
        for r in rows:
            error = r["end_ns"] / 1e9 - ends[(attempt, r["step"])]
            assert abs(error) <= 0.02 * wall and 0 <= error < WRITE_DELAY_S, (attempt, r["step"], error)


@pytest.mark.parametrize("job", LIGHTNING_JOBS, ids=lambda p: p.name)
def test_lightning_metrics_csv_steps_and_losses(job: Path) -> None:
    """metrics.csv has no clock: its steps are TRUTH's, its losses those the event file of the
    same logger version holds (float32 there), and the validation rows (val_loss only) are no
    steps."""
    ends = step_ends(job)
    csv_files = sorted(job.rglob("metrics.csv"))  # csv/version_0, version_1, ...: one per attempt
    assert len(csv_files) == len({a for a, _ in ends})
    for attempt, (csv_path, events) in enumerate(zip(csv_files, event_files(job), strict=True)):
        result = LightningCsvParser().parse(csv_path, ParseOptions())
        assert result.warnings == []
        rows = result.tables["log_steps"].to_pylist()
        assert [r["step"] for r in rows] == sorted(s for a, s in ends if a == attempt)
        assert all(r["end_ns"] is None and r["time_source"] is None for r in rows)
        tb = TensorBoardParser().parse(events, ParseOptions()).tables["log_steps"].to_pylist()
        assert [r["loss"] for r in rows] == pytest.approx([r["loss"] for r in tb], rel=1e-6)


def test_lightning_bar_prints_the_loss_of_the_same_step() -> None:
    """Independent of both readers' numbering: the TQDM bar's `k/15 [...] train_loss=X` line of
    epoch e shows the loss of global step 15*e + k, which metrics.csv must call that step."""
    job = SAMPLE_LOGS / "lightning_ddp_bar"
    text = (job / "console.log").read_text().replace("\r", "\n")
    bar = {}
    for epoch, k, loss in re.findall(r"^Epoch (\d+): .*?\| (\d+)/15 \[[^\]]*train_loss=([\d.]+)[,\]]", text, flags=re.M):
        if int(k) > 0:  # a bar at k is printed twice: before the step's loss is known, then after
            bar[15 * int(epoch) + int(k)] = float(loss)
    (csv_path,) = job.rglob("metrics.csv")
    rows = LightningCsvParser().parse(csv_path, ParseOptions()).tables["log_steps"].to_pylist()
    assert len(bar) == 30
    for r in rows:
        assert r["loss"] == pytest.approx(bar[r["step"]], rel=5e-3), r["step"]  # the bar prints 3 digits


def test_hf_trainer_state_of_the_resumed_job() -> None:
    """checkpoint-24's log_history: steps 1-8 from attempt 0 (in the checkpoint it resumed
    from), 9-24 from attempt 1, each once, with the console's losses of those attempts."""
    text = (HF_JOB / "console.log").read_text().replace("\r", "\n")
    printed = [ast.literal_eval(m)["loss"] for m in re.findall(r"^\{'loss': .*\}$", text, flags=re.M)]
    expected = printed[:8] + printed[12:]  # attempt 0: steps 1-12; attempt 1: steps 9-24
    parser, _ = detect(HF_JOB / "trainer_state.json", read_head(HF_JOB / "trainer_state.json"))
    assert parser is not None and parser.name == "hf_trainer_state"
    rows = parser.parse(HF_JOB / "trainer_state.json", ParseOptions()).tables["log_steps"].to_pylist()
    assert [r["step"] for r in rows] == list(range(1, 25))
    assert [r["loss"] for r in rows] == pytest.approx(expected, abs=5e-5)


# ------------------------------------------------------------------ TensorBoard alone, through the store


def test_hf_job_from_its_event_files_alone(tmp_path: Path) -> None:
    """Attempts, the resumed step, the redone steps, productive and lost time by the harness's
    clock, from the event files only (they cannot see a process's start before its writer, nor
    the step a crash cut short, so startup and downtime are not compared)."""
    t = truth(HF_JOB)
    ends = step_ends(HF_JOB)
    starts = {(x["attempt"], x["step"]): x["t"] for x in t if x["event"] == "step_start" and x["rank"] == 0}
    wall = truth_wall_s(HF_JOB)
    store = Store.open(tmp_path / "tb.tlstore")
    store.ingest(event_files(HF_JOB))
    con = store.connect()
    attempts = con.execute(
        "select attempt, first_step, last_step, resumed_from_step, end_reason from attempts order by attempt").fetchall()
    ckpt = max(x["step"] for x in t if x["event"] == "checkpoint_saved" and x["attempt"] == 0)
    assert [(a, f, last) for a, f, last, _, _ in attempts] == [
        (a + 1, min(s for b, s in ends if b == a), max(s for b, s in ends if b == a)) for a in (0, 1)
    ]
    assert attempts[1][3] == ckpt
    assert attempts[1][4] == "completed"
    redone = sorted(s for a, s in ends if a == 0 and (1, s) in ends)
    lost = con.execute("select distinct step from int_log_intervals where label = 'lost_work' order by step").fetchall()
    assert [s for (s,) in lost] == redone == [9, 10, 11, 12]
    end = next(x["t"] for x in t if x["event"] == "attempt_end")
    got_end = con.execute("select end_ns from attempts where attempt = 2").fetchone()[0] / 1e9
    assert got_end == pytest.approx(end, abs=0.02 * wall)
    durations = {k: ends[k] - starts[k] for k in ends}
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    productive = sum(d for (a, s), d in durations.items() if not (a == 0 and s in redone))
    assert buckets["productive"] == pytest.approx(productive, abs=0.02 * wall)
    assert buckets["lost_work"] == pytest.approx(sum(durations[(0, s)] for s in redone), abs=0.02 * wall)


# ------------------------------------------------------------------ damaged, compressed, missing extra


def _parse_bytes(tmp_path: Path, name: str, data: bytes) -> tuple[list[int], list[str]]:
    path = tmp_path / name
    path.write_bytes(data)
    result = TensorBoardParser().parse(path, ParseOptions())
    return [r["step"] for r in result.tables["log_steps"].to_pylist()], result.warnings


def _records_steps(data: bytes) -> list[tuple[int, int, int | None]]:
    """(start, end, step of a training scalar or None) per record, decoded here with the
    TensorBoard protobuf directly."""
    from tensorboard.compat.proto import event_pb2

    out = []
    for start, end in tfrecord_spans(data):
        event = event_pb2.Event.FromString(data[start + 12 : end - 4])
        scalar = event.HasField("summary") and any(v.HasField("simple_value") for v in event.summary.value)
        out.append((start, end, event.step if scalar else None))
    return out


def test_event_file_cut_short_keeps_the_records_before(tmp_path: Path) -> None:
    data = event_files(HF_JOB)[0].read_bytes()
    records = _records_steps(data)
    assert records[-1][1] == len(data)  # the framing accounts for every byte
    k = len(records) // 2
    cut = (records[k][0] + records[k][1]) // 2  # inside record k
    steps, warnings = _parse_bytes(tmp_path, "events.out.tfevents.1.cut.1.0", data[:cut])
    assert steps == sorted({s for _, _, s in records[:k] if s is not None})
    assert len(warnings) == 1 and f"damaged at byte {records[k][0]} of {cut}" in warnings[0], warnings


def test_event_file_with_a_bad_crc_keeps_the_records_before(tmp_path: Path) -> None:
    data = bytearray(event_files(HF_JOB)[1].read_bytes())
    records = _records_steps(bytes(data))
    k = 2 * len(records) // 3
    data[records[k][0] + 14] ^= 0xFF  # a byte of record k's data: its CRC no longer matches
    steps, warnings = _parse_bytes(tmp_path, "events.out.tfevents.1.crc.1.0", bytes(data))
    assert steps == sorted({s for _, _, s in records[:k] if s is not None})
    assert len(warnings) == 1 and f"damaged at byte {records[k][0]} of {len(data)}" in warnings[0], warnings


def test_not_an_event_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "events.out.tfevents.123.host.1.0"
    path.write_bytes(b"this is not a TFRecord file\n" * 10)
    with pytest.raises(ParseError) as err:
        TensorBoardParser().parse(path, ParseOptions())
    assert str(path) in str(err.value) and "\n" not in str(err.value)


def test_gzipped_event_file_reads_the_same(tmp_path: Path) -> None:
    path = event_files(HF_JOB)[1]
    packed = tmp_path / (path.name + ".gz")
    packed.write_bytes(gzip.compress(path.read_bytes()))
    parser, _ = detect(packed, read_head(packed))
    assert parser is not None and parser.name == "tensorboard"
    plain = TensorBoardParser().parse(path, ParseOptions()).tables["log_steps"]
    assert TensorBoardParser().parse(packed, ParseOptions()).tables["log_steps"].equals(plain)


def test_missing_tensorboard_extra_is_one_error_line(tmp_path: Path) -> None:
    """Without the `tensorboard` package an event file fails with one line naming the package;
    the job's other files are still ingested (exit code 1, no traceback)."""
    job = tmp_path / "job"
    job.mkdir()
    (job / event_files(HF_JOB)[0].name).write_bytes(event_files(HF_JOB)[0].read_bytes())
    (job / "trainer_state.json").write_bytes((HF_JOB / "trainer_state.json").read_bytes())
    code = (
        "import sys; sys.modules['tensorboard'] = None\n"  # import tensorboard -> ImportError
        "from tracelens.cli import main\n"
        f"sys.argv = ['tracelens', 'ingest', {str(job)!r}, '-o', {str(tmp_path / 's.tlstore')!r}]\n"
        "sys.exit(main())\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [line for line in proc.stderr.splitlines() if "tfevents" in line]
    assert len(lines) == 1 and "pip install 'tracelens[tensorboard]'" in lines[0], proc.stderr
    statuses = Store.open(tmp_path / "s.tlstore", create=False).connect().execute(
        "select parser, status from files where parser is not null"
    ).fetchall()
    assert ("hf_trainer_state", "ok") in statuses  # the job's other file was still ingested


def test_metrics_csv_cut_mid_row(tmp_path: Path) -> None:
    data = (SAMPLE_LOGS / "lightning_ddp_bar" / "csv" / "version_0" / "metrics.csv").read_bytes()
    lines = data.splitlines(keepends=True)
    path = tmp_path / "metrics.csv"
    path.write_bytes(b"".join(lines[:6]) + lines[6][:3])  # header, 5 rows, "0,5" of the 6th
    result = LightningCsvParser().parse(path, ParseOptions())
    assert [r["step"] for r in result.tables["log_steps"].to_pylist()] == [1, 2, 3, 4, 5]
    assert len(result.warnings) == 1 and "skipped" in result.warnings[0]


def test_recorded_files_go_to_these_readers() -> None:
    parsers = registry()
    for job in [HF_JOB, *LIGHTNING_JOBS]:
        for path in event_files(job):
            assert detect(path, read_head(path), parsers)[0] is parsers["tensorboard"]
        for path in job.rglob("metrics.csv"):
            assert detect(path, read_head(path), parsers)[0] is parsers["lightning_csv"]
        # the harness's clock is no input
        assert detect(job / "truth.txt", read_head(job / "truth.txt"), parsers)[0] is None


def test_evaluation_scalars_at_their_own_step_are_no_step(tmp_path: Path) -> None:
    """Written with TensorBoard's own EventFileWriter and summary API: training logged at steps
    2 and 4 (TF1-style simple_value, as PyTorch's SummaryWriter writes), an evaluation at step 3
    (TF2-style tensor scalars, as `tf.summary.scalar` writes). Only 2 and 4 are steps; the
    tensor scalar is read too."""
    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.plugins.scalar import summary_v2
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    writer = EventFileWriter(str(tmp_path))
    wall = 1_795_000_000.0
    for step, summary in [
        (2, summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag="train/loss", simple_value=2.5)])),
        (3, summary_v2.scalar_pb("eval/loss", 2.75)),
        (4, summary_v2.scalar_pb("train/loss", 2.25)),
    ]:
        writer.add_event(event_pb2.Event(wall_time=wall + step, step=step, summary=summary))
    writer.close()
    (path,) = tmp_path.glob("events.out.tfevents.*")
    rows = TensorBoardParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(r["step"], r["end_ns"], r["loss"]) for r in rows] == [
        (2, int((wall + 2) * 1e9), 2.5), (4, int((wall + 4) * 1e9), 2.25)
    ]


def test_a_validation_writers_file_holds_no_step(tmp_path: Path) -> None:
    """Keras' TensorBoard callback keeps one writer for training and one for evaluation, in
    sibling `train/` and `validation/` folders, both with tags like `epoch_loss`. Written here
    with TensorBoard's own EventFileWriter in that layout: the validation file yields no step and
    no attempt start (its writer opens at the first evaluation, mid-run)."""
    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    files = {}
    for folder in ("train", "validation"):
        writer = EventFileWriter(str(tmp_path / folder))
        writer.add_event(event_pb2.Event(
            wall_time=1_795_000_010.0, step=1,
            summary=summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag="epoch_loss", simple_value=0.5)]),
        ))
        writer.close()
        (files[folder],) = (tmp_path / folder).glob("events.out.tfevents.*")
    train = TensorBoardParser().parse(files["train"], ParseOptions()).tables
    validation = TensorBoardParser().parse(files["validation"], ParseOptions()).tables
    assert [r["step"] for r in train["log_steps"].to_pylist()] == [1]
    assert [e["kind"] for e in train["log_events"].to_pylist()] == ["attempt_start"]
    assert validation["log_steps"].num_rows == 0 and validation["log_events"].num_rows == 0


def test_megatron_scalars_against_samples_are_no_steps(tmp_path: Path) -> None:
    """Megatron's training_log writes each scalar against the iteration and again against the
    consumed samples (`writer.add_scalar('lm loss vs samples', loss, consumed_train_samples)`).
    Written here in that order with TensorBoard's own EventFileWriter (global batch 512): the
    steps are the iterations; the sample counts are no steps."""
    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    writer = EventFileWriter(str(tmp_path))
    for iteration, loss in [(10, 7.5), (20, 6.25)]:
        for tag, step, value in [
            ("learning-rate", iteration, 1e-4), ("learning-rate vs samples", 512 * iteration, 1e-4),
            ("lm loss", iteration, loss), ("lm loss vs samples", 512 * iteration, loss),
            ("grad-norm", iteration, 1.5), ("grad-norm vs samples", 512 * iteration, 1.5),
        ]:
            writer.add_event(event_pb2.Event(
                wall_time=1_795_000_000.0 + iteration, step=step,
                summary=summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag=tag, simple_value=value)]),
            ))
    writer.close()
    (path,) = tmp_path.glob("events.out.tfevents.*")
    rows = TensorBoardParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(r["step"], r["loss"], r["grad_norm"]) for r in rows] == [(10, 7.5, 1.5), (20, 6.25, 1.5)]
    assert rows[0]["lr"] == pytest.approx(1e-4)
