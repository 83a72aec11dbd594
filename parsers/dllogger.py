"""NVIDIA DLLogger's JSON stream (`dllogger.JSONStreamBackend`): the `nvlog.json`, `dllogger.json` or
`raport.json` that NVIDIA's DeepLearningExamples and NGC containers write beside their consoles, one
record a line after `DLLL ` (`{"timestamp": "1609396063.212942", "datetime": ..., "elapsedtime":
"750.117722", "type": "LOG", "step": [4, 100], "data": {"train.loss": 3.107, ...}}`).

- `timestamp` is the record's POSIX time (its `datetime` is the same moment in the writer's local
  time, no zone: not read); `elapsedtime` the seconds since the logger was set up, as the process
  started: the attempt starts then, and a record whose `elapsedtime` went back is a new process
  appending to the file.
- `step` is `"PARAMETER"` (the run's settings), a list of counts, or empty (a summary). Two counts
  are an epoch, then the iteration: BERT's pretraining counts its optimizer steps over the run
  (`[0, 35]`), the image classifiers their iterations within each epoch (`[4, 100]` after `[3,
  1200]`): a count that goes back as the epoch moves on is numbered on from the last iteration the
  epoch before logged (a warning says so: the epoch's true length is not logged; a resumed process
  numbers on the same way). Three counts, the second no more than the third, are FastPitch's and
  HiFi-GAN's `(epoch, iter, num_iters)`: each epoch numbered on after the `num_iters` of the one before.
  Other counts are read as their last. One count is an epoch's summary, the step where the file logs no
  iterations. A record that names no training figure (an evaluation's `val.top1`) is no step.
- A step's records one after another are one row (the classifiers split one logging in two; Tacotron2
  logs its iteration's time after its loss, seconds later), but a record that only repeats figures the
  step has (BERT's records of an update skipped after an fp16 overflow, the loss scale lowered between
  them) is none: the updates that followed its first logging were skipped, their time part of the next
  step's. A process that appends to the file (its `elapsedtime` back) logs its steps anew.
- Figures by the last part of their name, after their subset's (`train.loss`, FastPitch's `train_loss`,
  `train_took`, `train_lrate`, `step_loss`, `lr`, `learning_rate`, `train.data_time`; not an evaluation's);
  a step's time is its `iter_time` (Tacotron2's `train_iter_time`, FastPitch's `took`), else the
  classifiers' `compute_time` plus `data_time`, each the interval's mean per iteration.
- An empty step after its process's last step is the script's summary as its training ended: the run's end.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import json_object, read_bytes
from tracelens.parsers._logtables import LOG_TABLES, METRIC_KEYS, LogRows
from tracelens.parsers._numbers import json_int, to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.parsers.jsonl_metrics import records_result

_PREFIX = b"DLLL "
# the last part of a figure's name -> log_steps column, beyond METRIC_KEYS (BERT's `step_loss`, the
# step's own, beside its running `average_loss`; Tacotron2's `train_iter_time`, its iteration's seconds)
_KEYS = {**METRIC_KEYS, "step_loss": "loss", "iter_time": "step_time_s", "train_iter_time": "step_time_s",
         "iteration_time": "step_time_s", "took": "step_time_s", "lrate": "lr"}
_EVALUATION = frozenset({"val", "valid", "validation", "eval", "test", "dev"})  # a subset's name before a figure's
# a figure of training (its name's first part, where it has one, `train`)
_TRAINING_COLUMNS = frozenset({"loss", "lr", "grad_norm", "step_time_s", "data_time_s", "tokens_per_s"})
_ELAPSED_MAX_S = 1e9  # seconds since a logger began past this (31 years) are no process's


def _seconds_ns(value: Any) -> int | None:
    """POSIX seconds as DLLogger writes them (a string, `"1609396063.212942"`) in integer ns."""
    text = value if isinstance(value, str) else None
    if text is None:
        number = to_float(value, text=False)
        return round(number * 1e9) if number is not None and 9e8 < number < 9e9 else None
    whole, _, fraction = text.strip().partition(".")
    if not whole.isdecimal() or len(whole) != 10 or (fraction and not fraction.isdecimal()):
        return None
    return int(whole) * 1_000_000_000 + int((fraction + "000000000")[:9])


def _figures(data: dict[str, Any]) -> dict[str, float]:
    """The training figures of a record's data, by log_steps column: names after their subset's (`train.loss`,
    FastPitch's `train_loss`, `train_took`), not an evaluation's (`val.loss`, `val_loss`)."""
    out: dict[str, float] = {}
    compute = None
    for name, value in data.items():
        first, _, last = name.rpartition(".")
        if first and first.rsplit(".", 1)[-1] != "train":
            continue
        subset, _, rest = last.partition("_")
        if subset in _EVALUATION and rest:
            continue
        base = rest if subset == "train" and rest and last not in _KEYS else last
        figure = to_float(value, text=False)
        if base == "compute_time":
            compute = figure
        elif (column := _KEYS.get(base)) is not None and figure is not None:
            out.setdefault(column, figure)
    if "step_time_s" not in out and compute is not None and math.isfinite(total := compute + out.get("data_time_s", 0.0)):
        out["step_time_s"] = total
    return out


def _record(raw: bytes) -> dict[str, Any] | None:
    if not raw.startswith(_PREFIX):
        return None
    return json_object(raw[len(_PREFIX):])


class DLLoggerParser(Parser):
    name = "dllogger"
    kind = "metrics_jsonl"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        first = next((line for line in head.splitlines() if line.strip()), b"")
        return Claim.CONTENT if first.startswith(_PREFIX + b"{") else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        records: list[tuple[int, int | None, float | None, Any, dict[str, Any]]] = []
        bad = 0
        for number, raw in enumerate(data.splitlines(), start=1):
            if not raw.strip():
                continue
            record = _record(raw.strip())
            if record is None:
                bad += 1
                continue
            if record.get("type") != "LOG" or not isinstance(record.get("data"), dict):
                continue  # (a METADATA record: a figure's unit and format)
            elapsed = to_float(record.get("elapsedtime"))
            if elapsed is not None and not 0 <= elapsed < _ELAPSED_MAX_S:
                elapsed = None  # (no process's seconds since its logger began)
            records.append((number, _seconds_ns(record.get("timestamp")), elapsed, record.get("step"), record["data"]))
        if not records:
            raise ParseError(str(path), "no DLLogger record (`DLLL {...}` with type LOG)", where="line 1")
        steps = [[json_int(c) for c in step] if isinstance(step, list) else [] for *_, step, _ in records]
        iterations = any(len(c) >= 2 and None not in c for c in steps)
        # each record's process's last step record (a process's summary after it is its end; a process appending to
        # the file begins where `elapsedtime` goes back)
        last_step_at: list[int] = []
        segment_start, latest, last_seen = 0, -1, None
        for index, (_, _, elapsed, _, _) in enumerate(records):
            if elapsed is not None and last_seen is not None and elapsed < last_seen:
                last_step_at += [latest] * (index - segment_start)
                segment_start, latest = index, -1
            if elapsed is not None:
                last_seen = elapsed
            if len(steps[index]) >= 2 and None not in steps[index]:
                latest = index
        last_step_at += [latest] * (len(records) - segment_start)
        rows = LogRows("dllogger")
        last_elapsed: float | None = None
        # each epoch's steps before it (its first iteration's number less its count), and its last iteration logged
        # or (with three counts) its iterations: kept across processes (a resumed one numbers on)
        offsets: dict[int, int] = {}
        lengths: dict[int, int] = {}
        estimated = False
        current: dict[str, Any] | None = None  # the step row being filled: its key, its figures' names
        logged: set[int] = set()  # the steps its process logged
        # the process's last record, and whether it logged its end, by when its steps and events say it ran
        last: tuple[int, int] | None = None
        ended, read = False, -1

        def stopped() -> None:
            # a process that logged no end was alive until its last record (an evaluation's, its settings)
            if last is not None and not ended and last[1] > read:
                rows.event(LogEventKind.LAST_LINE, line=last[0], rank=None, ts_ns=last[1],
                           detail="its process's last record: it stopped without a word")

        for index, (number, ts, elapsed, step, figures) in enumerate(records):
            if elapsed is not None and ts is not None and (last_elapsed is None or elapsed < last_elapsed):
                # the logger set up as a process started: the first record's, or a process appending to the file
                if current is not None:
                    rows.step(**current["row"], **current["values"])
                stopped()
                start = ts - round(elapsed * 1e9)
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=None, ts_ns=start,
                           detail="DLLogger's start", process=last_elapsed is not None)
                ended, read, current, logged = False, start, None, set()
            if elapsed is not None:
                last_elapsed = elapsed
            if ts is not None:
                last = (number, ts)
            if step == [] and (rows.steps or current is not None) and index > last_step_at[index]:
                rows.event(LogEventKind.ATTEMPT_END, line=number, rank=None, ts_ns=ts,
                           detail="DLLogger's summary after the training")
                ended = True
                continue
            counts = steps[index]
            if not counts or None in counts or (len(counts) == 1) == iterations:
                continue  # (the settings, a summary, an epoch's record beside iterations)
            values = _figures(figures)
            if not _TRAINING_COLUMNS & values.keys():
                continue
            key = tuple(counts)
            if current is not None and current["key"] == key:
                if values.keys() <= current["names"]:
                    continue  # the step's figures logged again: an update skipped after an overflow (BERT's)
                # (the step's other figures: the classifiers' second record, Tacotron2's `train_iter_time` after its
                # backward pass and update, seconds after its loss)
                current["names"] |= values.keys()
                current["values"].update({k: v for k, v in values.items() if k not in current["values"]})
                continue
            if current is not None:
                rows.step(**current["row"], **current["values"])
                current = None
            epoch, at = counts[0], counts[-1]
            # (epoch, iteration, iterations of the epoch): FastPitch's and HiFi-GAN's, each epoch after the ones before
            per_epoch = len(counts) == 3 and 0 <= counts[1] <= counts[2]
            if len(counts) == 2 or per_epoch:
                at = counts[1]
                if epoch not in offsets:
                    prior = max((e for e in offsets if e < epoch), default=None)
                    if prior is None:
                        offsets[epoch] = 0
                    elif per_epoch:
                        offsets[epoch] = offsets[prior] + lengths[prior]
                    elif at <= lengths[prior]:
                        # counted within epochs: this one's numbered on from the last iteration the one before logged
                        offsets[epoch] = offsets[prior] + lengths[prior]
                        estimated = True
                    else:
                        offsets[epoch] = offsets[prior]
                lengths[epoch] = counts[2] if per_epoch else max(lengths.get(epoch, at), at)
                at += offsets[epoch]
            if at in logged:
                continue  # (the same step again after another, in one process: a record out of order)
            logged.add(at)
            read = max(read, ts if ts is not None else read)
            current = {"key": key, "names": set(values), "values": dict(values),
                       "row": {"line": number, "rank": None, "step": at, "end_ns": ts,
                               "time_source": "record" if ts is not None else None}}
        if current is not None:
            rows.step(**current["row"], **current["values"])
        stopped()
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no DLLogger record with a training step", where="line 1")
        return records_result(rows, warning, f"{bad} lines are no DLLogger records (`DLLL {{...}}`) and were skipped"
                              if bad else None, estimated)
