"""TensorBoard event files (`events.out.tfevents.*`), as HF Trainer, Lightning, NeMo, Megatron,
torchtitan and any `SummaryWriter` leave them: every scalar carries the step it was logged at and
the wall time it was written, so the file dates the job's steps without its console.

Records are read with TensorBoard's own loader (`tensorboard.backend.event_processing.
event_file_loader.RawEventFileLoader`, the package's maintained TFRecord reader, CRC-checked) and
decoded with its `Event` proto (TF1/PyTorch `simple_value` and TF2 tensor scalars alike).
`tensorboard` is an optional extra (`pip install 'tracelens[tensorboard]'`); without it each event
file is one error line naming the package.

What becomes rows (`log_steps`, `log_events`):
- one step per run of consecutive scalars at the same step that holds a training scalar. Tags
  naming eval/validation/test, and files in a `validation/` folder (Keras' evaluation writer),
  are not steps: they are logged after an evaluation, at the step it followed. A step's `end_ns`
  is the earliest write time of its training scalars (loggers write right after the step; later
  scalars at the same step, such as an end-of-training summary, come later), `time_source`
  'record';
- metrics by tag name (`train/loss`, `lm loss`, `learning_rate`, `grad-norm`, `iteration-time`,
  ...) into the same columns as the console parsers;
- an `attempt_start` event where the writer opened the file (its `file_version` record): one
  writer per process, so a restarted job leaves one file per attempt;
- an `attempt_end` event at HF Trainer's end-of-training summary (`train_runtime`), written only
  when `train()` returns.

Lightning's loggers number steps from 0 (the optimizer steps done before the logged batch);
tracelens numbers a step by the count of optimizer steps once it is done, as HF, Megatron and
the progress bars do. Files a Lightning logger wrote (its `hparams.yaml` beside them, an `epoch`
scalar at every step) are shifted by one so that all inputs of a job agree.

The writer's rank is not in the file (HF and Lightning write from rank 0, Megatron from the last
rank): rows carry `--rank` when given, else NULL.
"""

from __future__ import annotations

import gzip
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import GZIP_MAGIC
from tracelens.parsers._logtables import METRIC_KEYS, LogRows
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

INSTALL_HINT = "reading TensorBoard event files needs the `tensorboard` package: pip install 'tracelens[tensorboard]'"

# The first record of every event file is {wall_time, file_version: "brain.Event:N"}.
_FILE_VERSION = b"brain.Event:"
_NAME = re.compile(r"events\.out\.tfevents\.(?P<time>\d+)(?:\.(?P<host>.+?)\.(?P<pid>\d+)\.\d+)?(?:\.[^.]+)*$")

# Metric names as writers spell them (last path component, lowercased, '-' and ' ' as '_'),
# beyond the console parsers' METRIC_KEYS.
TAG_METRICS = {
    **METRIC_KEYS,
    "lm_loss": "loss", "reduced_train_loss": "loss", "train_loss_step": "loss",
    "learning_rate": "lr", "grad_norm": "grad_norm", "iteration_time": "step_time_s",
    "train_step_timing_in_s": "step_time_s", "elapsed_time_per_iteration": "step_time_s",
}
_EVAL_WORDS = frozenset({"eval", "evaluation", "val", "valid", "validation", "test"})
# HF Trainer's end-of-training summary (`train/` + these), logged once when train() returns: a
# time for the end of training, and no step's metrics (train_loss is the mean over the run)
_HF_END_OF_TRAINING = "train_runtime"
_HF_SUMMARY = frozenset({_HF_END_OF_TRAINING, "train_samples_per_second", "train_steps_per_second", "total_flos", "train_loss"})
# Megatron writes each scalar twice: against the iteration and against consumed samples or tokens
# (`lm loss vs samples`); the second axis is no step
_OTHER_AXIS = re.compile(r" vs (?:samples|tokens|steps)$")


def metric_column(tag: str) -> str | None:
    """The log_steps column a scalar's tag fills, or None (not a known metric)."""
    name = tag.rsplit("/", 1)[-1].strip().lower().replace("-", "_").replace(" ", "_")
    if name.startswith("lr_"):
        return "lr"  # Lightning's LearningRateMonitor: lr-Adam, lr-SGD, ...
    return TAG_METRICS.get(name)


def is_eval_tag(tag: str) -> bool:
    """Tags logged by an evaluation (`eval/loss`, `val_loss`, `validation/accuracy`, ...)."""
    words = re.split(r"[/_\-. ]+", tag.lower())
    return any(w in _EVAL_WORDS for w in words)


@dataclass
class _Step:
    step: int
    record: int  # 1-based record number of its first scalar: the row's `line`
    end_ns: int | None = None  # earliest write of its scalars
    values: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class _TensorBoard:
    loader: Any  # RawEventFileLoader
    event_pb2: Any
    tensor_util: Any
    op_error: type[Exception]  # the reader's I/O errors (TensorFlow's OpError, or its stub's)


def _load_tensorboard() -> _TensorBoard:
    # Imported per parse: `tracelens --help` and the other parsers never pay for TensorBoard.
    from tensorboard.backend.event_processing.event_file_loader import RawEventFileLoader
    from tensorboard.compat import tf
    from tensorboard.compat.proto import event_pb2
    from tensorboard.util import tensor_util

    return _TensorBoard(RawEventFileLoader, event_pb2, tensor_util, tf.errors.OpError)


class TensorBoardParser(Parser):
    name = "tensorboard"
    kind = "tensorboard_events"
    tables = ("log_steps", "log_events")

    def detect(self, path: Path, head: bytes) -> Claim:
        if _FILE_VERSION in head[:64]:
            return Claim.CONTENT
        return Claim.NAME if "tfevents" in path.name else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        try:
            tb = _load_tensorboard()
        except ImportError:
            raise ParseError(str(path), INSTALL_HINT) from None
        with _plain_copy(path) as (plain, gzip_warning):
            rows, kept, bad, consumed = _read(_records(plain, tb), path, options, tb)
            size = plain.stat().st_size
        warnings = [gzip_warning] if gzip_warning else []
        damaged = consumed < size
        if kept == 0 and damaged:
            raise ParseError(str(path), "no readable TensorBoard record (damaged or not an event file)", where="byte 0")
        if damaged:
            warnings.append(
                f"event file damaged at byte {consumed} of {size} (a record cut short or failing its CRC): "
                f"kept the {kept} records before it"
            )
        if bad:
            warnings.append(f"{bad} records are not TensorBoard events and were skipped")
        status = FileStatus.TRUNCATED if damaged or gzip_warning else FileStatus.OK
        return ParseResult(rows.tables(), status, warnings)


def _records(path: Path, tb: _TensorBoard) -> Iterator[bytes]:
    try:
        yield from tb.loader(str(path)).Load()
    except (tb.op_error, OSError, MemoryError, OverflowError, ValueError):
        # a record header claiming more bytes than exist or than memory holds: the file ends there
        return


def _read(records: Iterator[bytes], path: Path, options: ParseOptions, tb: _TensorBoard) -> tuple[LogRows, int, int, int]:
    from google.protobuf.message import DecodeError

    rows = LogRows("tensorboard")
    lightning = (path.parent / "hparams.yaml").is_file()  # Lightning's loggers write it beside the events
    # Keras' TensorBoard callback writes evaluation metrics with their own writer, in a sibling
    # `validation/` folder, under tags such as `epoch_loss`: none of that file is training
    evaluation_writer = path.parent.name.lower() in ("validation", "val", "eval")
    pid = _pid_from_name(path.name)
    steps: list[_Step] = []
    epoch_tags: set[int] = set()  # steps carrying Lightning's per-step `epoch` scalar
    ends: list[tuple[int, int, int | None, str, float]] = []  # HF's `train_runtime`: (step, record, time, detail, s)
    loss_steps: Counter[int] = Counter()  # how many `train/loss` HF logged at each step
    kept = bad = consumed = 0
    for number, raw in enumerate(records, start=1):
        consumed += len(raw) + 16  # TFRecord framing: length (8) + its CRC (4) + data + CRC (4)
        try:
            event = tb.event_pb2.Event.FromString(raw)
        except (DecodeError, ValueError, TypeError):
            bad += 1
            continue
        kept += 1
        wall_ns = _wall_ns(event.wall_time)
        if event.HasField("file_version"):
            if evaluation_writer:
                continue  # opened at the first evaluation, mid-attempt: not a process start
            detail = f"TensorBoard writer opened ({event.file_version}{f', pid {pid}' if pid else ''})"
            rows.event(LogEventKind.ATTEMPT_START, line=number, rank=options.rank, ts_ns=wall_ns, detail=detail)
            continue
        if not event.HasField("summary"):
            continue
        for value in event.summary.value:
            scalar = _scalar(value, tb.tensor_util)
            if scalar is None:
                continue  # histograms, images, text: no step metric
            tag = value.tag
            if tag.startswith("train/") and tag[6:] in _HF_SUMMARY:
                # HF's end-of-training summary, logged once when train() returns (below: not one beside a
                # logged loss, as `include_num_input_tokens_seen` puts `train_runtime` in each log)
                if tag[6:] == _HF_END_OF_TRAINING:
                    ends.append((event.step, number, wall_ns, f"{tag} = {scalar:g} s", scalar))
                continue
            if tag == "train/loss":
                loss_steps[event.step] += 1
            if tag == "epoch":
                epoch_tags.add(event.step)
                continue
            if evaluation_writer or is_eval_tag(tag) or _OTHER_AXIS.search(tag):
                continue
            if not steps or steps[-1].step != event.step:
                steps.append(_Step(step=event.step, record=number))
            current = steps[-1]
            if wall_ns is not None and (current.end_ns is None or wall_ns < current.end_ns):
                current.end_ns = wall_ns
            column = metric_column(tag)
            if column is not None and column not in current.values:
                current.values[column] = scalar
    # (where the logs carry it, a `train_runtime` beside a loss before the last one: at a step, as many
    # `train_runtime` as `train/loss` are those logs'; one more, logged after them, the summary)
    per_log = any(loss_steps[step] for step, *_ in ends[:-1])
    for step, number, wall_ns, detail, seconds in ends:
        if per_log and loss_steps[step] > 0:
            loss_steps[step] -= 1
        else:
            rows.event(LogEventKind.ATTEMPT_END, line=number, rank=options.rank, ts_ns=wall_ns, detail=detail,
                       duration_s=seconds)
    shift = 1 if lightning and steps and all(s.step in epoch_tags for s in steps) else 0
    for s in steps:
        rows.step(line=s.record, rank=options.rank, step=s.step + shift, end_ns=s.end_ns,
                  time_source="record" if s.end_ns is not None else None, **s.values)
    return rows, kept, bad, consumed


def _scalar(value: Any, tensor_util: Any) -> float | None:
    """A summary value's number when it is a scalar: TF1 and PyTorch writers' `simple_value`, or
    TF2's one-element tensor of the scalars plugin. (TensorBoard's `data_compat` turns the first
    into the second; read directly, the common case costs no tensor round trip.)"""
    kind = value.WhichOneof("value")
    if kind == "simple_value":
        number = float(value.simple_value)
    elif kind == "tensor" and value.metadata.plugin_data.plugin_name == "scalars":
        try:
            array = tensor_util.make_ndarray(value.tensor)
        except (ValueError, TypeError, KeyError):
            return None
        if array.size != 1 or array.dtype.kind not in "fiub":
            return None
        number = float(array.reshape(-1)[0])
    else:
        return None  # histograms, images, audio, text, custom plugins
    return number if number == number and abs(number) != float("inf") else None


def _wall_ns(seconds: float) -> int | None:
    return round(seconds * 1e9) if 0 < seconds < 1e11 else None


def _pid_from_name(name: str) -> int | None:
    match = _NAME.search(name)
    return int(match["pid"]) if match and match["pid"] else None


class _plain_copy:
    """The event file as a plain file path: TensorBoard's reader reads no gzip, so a gzipped file
    (`events.out.tfevents.*.gz`, as archives keep them) is decompressed to a temporary copy."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmp: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> tuple[Path, str | None]:
        try:
            with open(self.path, "rb") as fh:
                magic = fh.read(2)
        except OSError as exc:
            raise ParseError(str(self.path), f"cannot read: {exc.strerror or exc}") from None
        if magic != GZIP_MAGIC:
            return self.path, None
        self.tmp = tempfile.TemporaryDirectory(prefix="tracelens-tfevents-")
        plain = Path(self.tmp.name) / self.path.name.removesuffix(".gz")
        warning = None
        with gzip.open(self.path, "rb") as src, open(plain, "wb") as dst:
            try:
                shutil.copyfileobj(src, dst)
            except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
                warning = f"gzip stream ends early or is corrupt ({exc}); read what decompressed"
        return plain, warning

    def __exit__(self, *exc: object) -> None:
        if self.tmp is not None:
            self.tmp.cleanup()
