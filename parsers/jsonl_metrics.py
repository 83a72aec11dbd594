"""JSON-lines metrics: one JSON object per line with a step and a time, as metric loggers write
them (`{"step": 12, "time": 1795320317.68, "loss": 2.31, "tokens": 4096, ...}`; wandb-style
`_step` / `_timestamp` too). Times are POSIX seconds (or ISO 8601 strings); metric keys are read
like the generic console parser's (loss, lr, grad_norm, tokens, samples, step_time_s, tps,
tflops, mfu).

Fine-tuning frameworks' own files carry the time since training began instead of a clock:
ms-swift's `logging.jsonl` (`"global_step/max_steps": "12/438"`, `"elapsed_time": "1m 42s"`)
and LLaMA-Factory's `trainer_log.jsonl` (`"current_steps": 12`, `"total_steps": 768`,
`"elapsed_time": "0:01:42"`). Such a file dates no step; a step's time is the elapsed time
between two records over the steps between them, to the one second the field is printed to (where
a record also has a clock, the clock times it); an evaluation's record at the step of the last
training record restarts that clock after it.
A record with the Trainer's `train_runtime` and no `loss` is the run's end (a step's record carries it
too under `include_num_input_tokens_seen`); so is LLaMA-Factory's last record where it gives its
progress alone at the last step (its callback writes the summary log so, keeping no `train_runtime`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import json_object, read_bytes
from tracelens.parsers._lines import parse_timestamp
from tracelens.parsers._logtables import (
    APPENDED_LAUNCHES_MAX,
    APPENDED_RESTART_ROWS,
    APPENDED_RESTARTS_MAX,
    LOG_TABLES,
    METRIC_KEYS,
    LogRows,
    hf_summary,
)
from tracelens.parsers._numbers import duration_s, json_int, to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_STEP_KEYS = ("step", "_step", "global_step", "iteration", "iter", "current_steps")
_ITERATION_KEYS = ("iter", "iteration")
_TIME_KEYS = ("time", "timestamp", "_timestamp", "ts", "wall_time", "time_s")
_METRICS = METRIC_KEYS
_SWIFT_STEP = "global_step/max_steps"  # ms-swift: "12/438"
_ELAPSED_KEYS = ("elapsed_time",)
# what LLaMA-Factory's trainer_log.jsonl records of a log: a record with none of them is its
# progress alone (the Trainer's summary log at the end: its callback keeps no train_runtime)
_LLAMAFACTORY_LOGGED = ("loss", "eval_loss", "predict_loss", "reward", "accuracy")
# whole seconds: a gap under this between two records times their steps more than 10 % off
_ELAPSED_GAP_MIN_S = 10.0  # seconds since training began: a number, "1:02:03", "1 day, 1:02:03", "1h 2m 3s"


def _step_of(record: dict[str, Any]) -> int | None:
    step = next((record[k] for k in _STEP_KEYS if json_int(record.get(k)) is not None), None)
    if step is None and isinstance(swift := record.get(_SWIFT_STEP), str):
        done, _, total = swift.partition("/")
        if done.isdecimal() and total.isdecimal() and len(done) < 19:
            step = int(done)
    # a whole epoch number where nothing finer is counted: the epoch is the step (DeiT's, MAE's,
    # DINO's `log.txt`: `{"train_lr": ..., "train_loss": ..., "epoch": 3, ...}`)
    return step if step is not None else json_int(record.get("epoch"))


def _mmcv(record: dict[str, Any]) -> bool:
    """mmcv's `*.log.json` record: `{"mode": "train", "epoch": 1, "iter": 50, ..., "time": 0.84}`,
    `time` the mean seconds per iteration over the logging interval, `iter` counted within the
    epoch by an epoch-based runner."""
    return (isinstance(record.get("mode"), str) and json_int(record.get("epoch")) is not None
            and json_int(record.get("iter")) is not None)


def _elapsed_s(value: Any) -> float | None:
    """Seconds since training began, as the frameworks print them (None if not such a field)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) if 0 <= value < 1e9 else None
    if not isinstance(value, str) or not (said := duration_s(value)):
        return None
    return said[0]


def _iteration_clock(record: dict[str, Any]) -> bool:
    """A record whose `time` is the seconds of an iteration: beside its `data_time`, a figure no
    clock (`_time_ns`) reads (mmcv's `*.log.json`, mmengine's `scalars.json`, detectron2's
    `metrics.json`: `{"data_time": 0.0088, "iteration": 19, "time": 0.342, "total_loss": ...}`)."""
    seconds = to_float(record.get("time"), text=False)
    return "data_time" in record and seconds is not None and 0 <= seconds < _MAX_STEP_S


def _framework(record: dict[str, Any]) -> str:
    if "iteration" in record and "eta_seconds" in record:
        return "detectron2"
    if "iter" in record and "step" in record and "data_time" in record:
        return "mmengine"
    if _SWIFT_STEP in record:
        return "ms_swift"
    if "current_steps" in record and "total_steps" in record:
        return "llamafactory"
    return "mmcv" if _mmcv(record) else "generic"  # (a script's own records: MAE's and DeiT's `log.txt`)


_YEAR_2000_S = 946_684_800
_MAX_STEP_S = 1e6  # a step's seconds past this (11 days) is no step's time
# what makes a record a training step's, where an evaluation's record names its step too
_TRAINING = ("loss", "lr", "grad_norm", "tokens", "samples", "tokens_per_s", "step_time_s")


def _time_ns(value: Any) -> int | None:
    # seconds, ms, us or ns since the epoch (told apart by magnitude: today is 1.7e9 s, 1.7e12 ms,
    # 1.7e15 us, 1.7e18 ns); a figure that would be a moment before 2000 in its band is no clock
    # (mmcv's `"time": 0.84` is seconds per iteration), and past int64's nanoseconds (or inf) it
    # dates nothing
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 9e18:
        for scale, upper in ((1e9, 1e11), (1e6, 1e14), (1e3, 1e17), (1.0, 9e18)):
            if value < upper:
                return round(value * scale) if value * scale >= _YEAR_2000_S * 1e9 else None
    if isinstance(value, str):
        return parse_timestamp(value)
    return None


class JsonlMetricsParser(Parser):
    name = "jsonl_metrics"
    kind = "metrics_jsonl"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        lines = [line for line in head.splitlines()[:20] if line.strip()]
        if not lines or not lines[0].lstrip().startswith(b"{"):
            return Claim.NO
        good = 0
        for line in lines[:-1] or lines:  # the last line of a head may be cut
            record = json_object(line)
            if record is None:
                return Claim.NO
            if _step_of(record) is not None and (any(to_float(record.get(k), text=False) is not None for k in _METRICS) or (
                    ("total_steps" in record or _SWIFT_STEP in record)
                    and any(_elapsed_s(record.get(k)) is not None for k in _ELAPSED_KEYS))):
                good += 1  # a step and a metric, or a framework's step of its total and the time since the start
        return Claim.CONTENT if good else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        rows = LogRows("generic")
        started: set[int | None] = set()
        previous: dict[int | None, tuple[int, float]] = {}  # rank -> (step, elapsed s) of its last record
        within: dict[int | None, tuple[int, int, int]] = {}  # rank -> mmcv's (epoch, last iteration, iterations before the epoch)
        estimated = False
        counts_iterations = False  # a record so far named its iteration: one that does not is an evaluation's
        bad = 0
        trained: dict[int | None, tuple[int, frozenset[str]]] = {}  # rank -> (step, keys) of its last undated training record
        launched: list[tuple[int, int | None]] = []  # (line, rank) of the records that began a launch appended
        training_records = 0
        pending: dict[str, Any] | None = None  # LLaMA-Factory's progress record at its last step, held
        closing: tuple[int, int | None, float | None] = (0, None, None)
        for number, raw in enumerate(data.splitlines(), start=1):
            if not raw.strip():
                continue
            record = json_object(raw)
            if record is None:
                bad += 1
                continue
            step = _step_of(record)
            ts = next((t for k in _TIME_KEYS if (t := _time_ns(record.get(k))) is not None), None)
            if step is None:
                continue
            if any(k in record for k in _ITERATION_KEYS):
                counts_iterations = True
            elif counts_iterations:
                continue  # mmengine's evaluation record, `{"accuracy/top1": 43.1, ..., "step": 1}` (its epoch)
            values = {column: value for key, column in _METRICS.items()
                      if (value := to_float(record.get(key), text=False)) is not None}
            if _iteration_clock(record):
                values["step_time_s"] = to_float(record["time"], text=False)
            if counts_iterations and not values and not _mmcv(record):
                continue  # detectron2's evaluation record, `{"bbox/AP": 41.2, ..., "iteration": 299}`
            if _mmcv(record):
                if record["mode"] != "train":
                    continue  # a validation's metrics, at the iteration it followed
                epoch, step = record["epoch"], record["iter"]
                at = within.get(json_int(record.get("rank")))
                before = at[2] if at is not None else 0
                if at is not None and epoch > at[0] and step <= at[1]:
                    before += at[1]  # counted within epochs: this epoch starts after the last iteration logged
                    estimated = True
                within[json_int(record.get("rank"))] = (epoch, step, before)
                step += before
                values.pop("step_time_s", None)
                if (seconds := to_float(record.get("time"), text=False)) is not None and 0 <= seconds < _MAX_STEP_S:
                    values["step_time_s"] = seconds
                ts = None
            if not rows.steps:
                rows.framework = _framework(record)
            if hf_summary(record):
                # the Trainer's summary: its train_loss is the run's mean, no step's (not a step's record
                # that `include_num_input_tokens_seen` gives `train_runtime` too)
                values = {}
            rank = json_int(record.get("rank"))
            if any(k in values for k in _TRAINING) and ts is None and not hf_summary(record):
                # (an undated file its script opens to append, DeiT's, MAE's and ConvNeXt's `log.txt`: a training record
                # whose count went back, or that says its step again in the same shape, is a launch's, the file's run
                # begun again or resumed from an earlier checkpoint; not a record of the same step's other figures)
                shape = frozenset(record)
                if rank in trained and (step < trained[rank][0] or (step == trained[rank][0] and shape == trained[rank][1])):
                    launched.append((number, rank))
                trained[rank] = (step, shape)
                training_records += 1
            elapsed = next((e for k in _ELAPSED_KEYS if (e := _elapsed_s(record.get(k))) is not None), None)
            if elapsed is not None:
                last = previous.get(rank)
                # (LLaMA-Factory's records between logged losses say its progress alone)
                training = any(k in values for k in _TRAINING) or (
                    "current_steps" in record and not any(k.startswith("eval_") for k in record))
                # (a record its clock dates has its steps timed by that clock, to the microsecond)
                timed = (training and last is not None and step > last[0] and elapsed - last[1] >= _ELAPSED_GAP_MIN_S
                         and "step_time_s" not in values and ts is None)
                if timed and last is not None:
                    values["step_time_s"] = (elapsed - last[1]) / (step - last[0])
                if (last is None or not training or timed or "step_time_s" in values or ts is not None
                        or elapsed < last[1] or step < last[0]):
                    # a later record (an evaluation's, at its step or after it) restarts the clock after it; a
                    # training record closer to the one the clock counts from than its rounding allows (LLaMA-Factory's
                    # every 5 steps, 5-7 s apart on a whole-second clock) leaves it there, the steps timed over both
                    previous[rank] = (step, elapsed)
            if hf_summary(record):
                runtime = to_float(record.get("train_runtime"), text=False)
                rows.event(LogEventKind.ATTEMPT_END, line=number, rank=rank, ts_ns=ts, duration_s=runtime,
                           detail="train_runtime")
            if ts is not None and rank not in started:
                # the job (as this file sees it) starts when its first step does
                started.add(rank)
                begin = ts - round(values["step_time_s"] * 1e9) if "step_time_s" in values else ts
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=rank, ts_ns=begin, detail="first record")
            if pending is not None:
                rows.step(**pending)
                pending = None
            step_row = {"line": number, "rank": rank, "step": step, "end_ns": ts,
                        "time_source": "record" if ts is not None else None, **values}
            if ("current_steps" in record and json_int(record.get("total_steps")) == step
                    and not any(k in record for k in _LLAMAFACTORY_LOGGED)):
                # LLaMA-Factory's record of its progress alone at the last step: the file's last is
                # the Trainer's summary log (below); one followed by others is a step's
                pending, closing = step_row, (number, rank, elapsed)
                continue
            rows.step(**step_row)
        if len(launched) <= APPENDED_LAUNCHES_MAX and not (
                len(launched) >= APPENDED_RESTARTS_MAX and len(launched) * APPENDED_RESTART_ROWS > training_records):
            # (not where a count goes back every few records: two processes appending side by side)
            for number, rank in launched:
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=rank, ts_ns=None,
                           detail="its count went back: a launch appended to the file", process=True)
        if pending is not None:
            # the run's end: training completed (its elapsed time, the time it trained); its step
            # is a step only where no record before it logged that step
            number, rank, elapsed = closing
            rows.event(LogEventKind.ATTEMPT_END, line=number, rank=rank, ts_ns=pending["end_ns"], duration_s=elapsed,
                       detail="the summary's elapsed_time")
            if pending["step"] > max((r["step"] for r in rows.steps if r["rank"] == rank), default=-1):
                rows.step(**pending)
        if not rows.steps:
            raise ParseError(str(path), "no JSON line with a step", where="line 1")
        return records_result(rows, warning, f"{bad} lines are not JSON objects and were skipped" if bad else None,
                              estimated)


def records_result(rows: LogRows, cut: str | None, skipped: str | None, estimated: bool) -> ParseResult:
    """A records file's tables and warnings: the file cut short (`cut`), the lines skipped, iterations counted within
    epochs (numbered on, an estimate)."""
    warnings = [w for w in (cut, skipped) if w]
    if estimated:
        warnings.append("iterations are counted within epochs: each epoch's steps are numbered on from the last "
                        "iteration the epoch before logged (its true length, up to one logging interval more, "
                        "is not printed)")
    return ParseResult(rows.tables(), FileStatus.TRUNCATED if cut else FileStatus.OK, warnings)
