"""TensorFlow training consoles: Estimator (and any `tf.train.LoggingTensorHook`), TF-slim's
training loop and the TF2 Object Detection API's, through python logging (`INFO:tensorflow:`)
or absl (glog lines, `I0912 11:40:27.956218 139735407601536 model_lib_v2.py:652] `, dated
without a year: the year of the file's dated lines, else of its modification time).

- LoggingTensorHook (Estimator's default logs `loss` and the global `step` every
  `log_step_count_steps`, 100): `loss = 0.5, step = 100 (31.2 sec)`, its tags sorted, each
  `tag = value`; the seconds are those since its previous line, so the step time is them over
  the steps between the two lines (the first line has none).
- TF-slim `train_step`: `global step 5: loss = 62.5264 (20.205 sec/step)`, that step's own time.
- Object Detection API (model_lib_v2): `Step 100 per-step time 0.813s loss=1.396` (the loss in
  later releases; earlier ones print the losses as a dict on the following lines, whose
  `'Loss/total_loss'` is the loss), the last iteration's time per step.
- StepCounterHook's `global_step/sec: 3.2` (a rate over its interval, no step number) gives the
  step time of the next step line that has none; or of the hook line just before it that has
  none, where that line's seconds are a whole number of steps at the rate (TPUEstimator's
  `loss = 6.45, step = 19000 (1816.160 sec)`, then `global_step/sec: 0.550612`: one interval).
- A line printed twice (python logging and absl both on, or two handlers) is one row: the same
  step again on the next line of that rank adds what the first lacked (its date); so is any other
  message said again on the next line (a save, a restore, the end: one event, dated by its absl copy).
- Model Garden's Keras `TimeHistory` callback: `TimeHistory: 9.62 seconds, 4.16 examples/second between
  steps 20 and 30`, step 30, the seconds over the steps between (glued after a Keras bar's drawing,
  as a console shows it, it is read where it is).
- Estimator's evaluation, `Starting to evaluate.` to `Finished evaluation at ...` (or `Saving dict for
  global step N`), is an evaluation: the step lines its batches print between are no training steps.
- `Saving checkpoints for N into ...` is a checkpoint save at step N, `Restoring parameters
  from .../model.ckpt-N` a load, Estimator's `Loss for final step: ...` the end of training; a
  restore after that end with no failure or start since is the same process's next `train()` or
  `evaluate()` call (a train-and-evaluate loop): no load, and that end is no end of the run;
  `Skipping training since max_steps has already saved.` a launch's clean end with no step;
  failures, restarts and NCCL lines are read as in every console log.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import ParseOptions, ParseResult

_NUM = r"[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?|nan|inf|-inf"
# LoggingTensorHook: "tag = value" pairs joined by ", ", the step among them
_HOOK_STEP = re.compile(r"(?<![\w/.])step = (?P<step>\d{1,15})(?=,|\s|$)")
_HOOK_LOSS = re.compile(rf"(?<![\w/.])loss = (?P<loss>{_NUM})(?=,|\s|$)")
_HOOK_SECONDS = re.compile(r" \((?P<s>\d{1,9}(?:\.\d{1,20})?) sec\)\s*$")
_SLIM = re.compile(rf"global step (?P<step>\d{{1,15}}): loss = (?P<loss>{_NUM}) \((?P<s>\d{{1,9}}(?:\.\d{{1,9}})?) sec/step\)")
_OD = re.compile(rf"\bStep (?P<step>\d{{1,15}}) per-step time (?P<s>\d{{1,9}}(?:\.\d{{1,9}})?)s(?: loss=(?P<loss>{_NUM}))?")
# Model Garden's Keras `TimeHistory` callback (official/utils/misc/keras_utils.py), every `log_steps`:
# `TimeHistory: 9.62 seconds, 4.16 examples/second between steps 20 and 30`, the global step at its end
# (its figures may be elided, `xx seconds`: the line's date still times it)
_TIME_HISTORY = re.compile(r"\bTimeHistory: (?P<s>\d{1,9}(?:\.\d{1,9})?|\S{1,20}) seconds, \S{1,30} examples/second "
                           r"between steps (?P<a>\d{1,15}) and (?P<b>\d{1,15})\b")
_OD_TOTAL_LOSS = re.compile(rf"'Loss/total_loss': (?P<loss>{_NUM})")
_RATE = re.compile(r"global_step/sec: (?P<rate>\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,4})?)")
_SAVE = re.compile(r"Saving checkpoints? for (?P<step>\d{1,15}) into ")
_RESTORE = re.compile(r"Restoring parameters from \S*?-(?P<step>\d{1,15})\s*$")
_FINAL = "Loss for final step: "
# Estimator's `train()` on a model directory whose checkpoint is at `max_steps` already: the launch returns at once,
# clean, with no step ("Skipping training since max_steps has already saved.")
_SKIPPED = "Skipping training since max_steps has already saved."
# Estimator's `evaluate()`: "Starting to evaluate." until "Finished evaluation at 2019-11-26-15:05:30" (or its
# "Saving dict for global step N: ..."): the step lines between are its batches', no training steps
# A message said twice on consecutive lines, by python logging (`INFO:tensorflow:Saving checkpoints for 100 into
# ...`) and by absl (`I0608 08:29:03.374245 140662724548416 basic_session_run_hooks.py:606] Saving checkpoints ...`),
# in either order, or by two handlers alike: one message (TensorFlow 1.14 and later print each once to each)
_PYTHON_TAG = re.compile(r"^(?:INFO|WARNING|ERROR|DEBUG|CRITICAL|FATAL):tensorflow:")
_ABSL_TAG = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{1,9}\s{1,8}\d{1,20} [\w.-]{1,200}:\d{1,7}\] ")
_EVAL_STARTS = "Starting to evaluate."
_EVAL_ENDS = ("Finished evaluation at ", "Saving dict for global step ")
# what a new process logs (a failure ended the last one, a start began this one; not the file's first
# dated line alone: `Starting evaluation at 2020-02-07T14:21:07Z` in a console with no other date)
_NEW_PROCESS = frozenset({LogEventKind.ATTEMPT_START.value, LogEventKind.CRASH.value, LogEventKind.OOM.value,
                          LogEventKind.RESTART.value, LogEventKind.HANG.value})


def _new_process_since(rows: LogRows, since: int, rank: int | None) -> bool:
    """Whether an event of `rank`'s (or of none) logged since the first `since` says a new process
    began (`_NEW_PROCESS`)."""
    return any(e["kind"] in _NEW_PROCESS and e.get("detail") != "first dated line of a process"
               and e["rank"] in (rank, None) for e in rows.events[since:])


def step_line(text: str) -> tuple[str, int, dict[str, float]] | None:
    """A step line's rule (`hook`, `slim`, `od`, `history`), step and values (`step_time_s` as printed: for
    `hook` the seconds since the previous line, to be divided by the steps between); None for
    any other line."""
    values: dict[str, float] = {}
    if "step = " in text and (step := _HOOK_STEP.search(text)) is not None:
        if (loss := _HOOK_LOSS.search(text)) is not None:
            values["loss"] = float(loss.group("loss"))
        if (seconds := _HOOK_SECONDS.search(text)) is not None:
            values["step_time_s"] = float(seconds.group("s"))
        return "hook", int(step.group("step")), values
    if "global step " in text and (slim := _SLIM.search(text)) is not None:
        return "slim", int(slim.group("step")), {"loss": float(slim.group("loss")), "step_time_s": float(slim.group("s"))}
    if "per-step time " in text and (od := _OD.search(text)) is not None:
        values["step_time_s"] = float(od.group("s"))
        if od.group("loss") is not None:
            values["loss"] = float(od.group("loss"))
        return "od", int(od.group("step")), values
    if "TimeHistory: " in text and (history := _TIME_HISTORY.search(text)) is not None:
        first, last = int(history.group("a")), int(history.group("b"))
        if last <= first:
            return None
        took = to_float(history.group("s"))  # (None for elided figures, `xx seconds`)
        return "history", last, {"step_time_s": took / (last - first)} if took is not None and math.isfinite(took) else {}
    return None


class TensorFlowLogParser(LogReader):
    name = "tensorflow"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "tensorflow")
        last: dict[int | None, dict[str, Any]] = {}  # rank -> its last step row
        hook_step: dict[int | None, int] = {}  # rank -> the step of its last LoggingTensorHook line
        rate: float | None = None  # the last global_step/sec not yet given to a step
        # rank -> its last step row with no time, from a hook line whose seconds are known
        unmeasured: dict[int | None, tuple[dict[str, Any], float]] = {}
        # rank -> (its Estimator's last `Loss for final step` end, the events logged before it): a
        # checkpoint restored after it with no failure or start since is the same process's next
        # `train()` (or `evaluate()`) call in a train-and-evaluate loop, no relaunch's load, and
        # that end no end of the run
        ended: dict[int | None, tuple[dict[str, Any], int]] = {}
        # ranks whose restores are their own loop's -> the events logged before their last restore
        looping: dict[int | None, int] = {}
        loop_ends: list[dict[str, Any]] = []  # the ends of those calls (the last, with no step after it, ends the run)
        evaluating: set[int | None] = set()  # ranks within an Estimator's evaluation
        # the last line's (number, rank, its tag's kind and the tag, message)
        said: tuple[int, int | None, bool, str, str] | None = None
        for line in lines:
            text = line.text
            tag = python = _PYTHON_TAG.match(text)
            if tag is None:
                tag = _ABSL_TAG.match(text)
            # (the other logger's copy, or the very line again: two absl lines of one message at two times are two)
            twin = (tag is not None and said is not None and said[0] == line.number - 1 and said[1] == line.rank
                    and said[4] == text[tag.end():] and (said[2] != (python is not None) or said[3] == tag.group()))
            said = None if tag is None or twin else (line.number, line.rank, python is not None, tag.group(),
                                                     text[tag.end():])
            kinds: set[str] = set()  # of the events its first copy made (dated by this copy where they had no date)
            if twin:
                for event in reversed(rows.events):
                    if event["line"] != line.number - 1:
                        break
                    kinds.add(event["kind"])
                    if event["ts_ns"] is None:
                        event["ts_ns"] = line.ts_ns
            before = len(rows.events)
            consumed = events.scan(line)
            if kinds and len(rows.events) > before:  # (what this copy's date alone says, its process's first dated line, stays)
                rows.events[before:] = [event for event in rows.events[before:] if event["kind"] not in kinds]
            if consumed or (twin and (_EVAL_STARTS in text or any(end in text for end in _EVAL_ENDS))):
                continue  # (an evaluation's start or end said again: its first copy's)
            if _EVAL_STARTS in text and text.rstrip().endswith(_EVAL_STARTS):
                evaluating.add(line.rank)
                rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                continue
            if line.rank in evaluating:
                if any(end in text for end in _EVAL_ENDS):
                    evaluating.discard(line.rank)
                    rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                    continue
                if not (("loss = " in text and "step = " in text) or "global_step/sec: " in text):
                    continue  # (its batches' step lines are no training steps)
                # (training's own hook line: the evaluation's end was not logged, an excerpt's cut or another
                # process's lines: training goes on)
                evaluating.discard(line.rank)
            read = step_line(text) if "step" in text or "Step " in text else None
            if read is None and twin:
                continue
            if read is None:
                if "global_step/sec: " in text and (found := _RATE.search(text)) is not None:
                    value = float(found.group("rate"))
                    rate = 1.0 / value if value > 0 else None
                    untimed = unmeasured.pop(line.rank, None)
                    interval = untimed[1] * value if untimed is not None else math.nan  # the steps at this rate
                    if rate is not None and untimed is not None and line.number - untimed[0]["line"] <= 4 and (
                            math.isfinite(interval) and (steps := round(interval)) >= 1
                            and abs(interval - steps) <= 0.05 + 1e-4 * steps):
                        # the rate of the interval the step line before timed (its seconds are a whole
                        # number of steps at this rate: TPUEstimator's `loss = 6.45, step = 19000
                        # (1816.160 sec)`, then `global_step/sec: 0.550612`, 1000 steps a loop)
                        untimed[0]["step_time_s"] = rate
                        rate = None
                elif "'Loss/total_loss': " in text and (total := _OD_TOTAL_LOSS.search(text)) is not None:
                    row = last.get(line.rank)
                    if row is not None and row.get("loss") is None:
                        row["loss"] = float(total.group("loss"))
                elif "Saving checkpoint" in text and (save := _SAVE.search(text)) is not None:
                    rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               step=int(save.group("step")), raw=text)
                elif "Restoring parameters from " in text and (restore := _RESTORE.search(text)) is not None:
                    if (end := ended.pop(line.rank, None)) is not None and not _new_process_since(rows, end[1], line.rank):
                        looping[line.rank] = len(rows.events)
                        loop_ends.append(end[0])
                    elif line.rank in looping and _new_process_since(rows, looping[line.rank], line.rank):
                        del looping[line.rank]
                    elif line.rank in looping:
                        looping[line.rank] = len(rows.events)
                    if line.rank not in looping:
                        rows.event(LogEventKind.CHECKPOINT_LOAD_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                                   step=int(restore.group("step")), raw=text)
                elif _FINAL in text:
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail="Estimator: loss for final step")
                    ended[line.rank] = (rows.events[-1], len(rows.events))
                elif _SKIPPED in text:
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail="Estimator: no step to train, max_steps saved already")
                continue
            rule, step, values = read
            row = last.get(line.rank)
            if row is not None and row["step"] == step:
                # the same line again from a second handler: it may carry the date the first lacked
                if row.get("end_ns") is None and line.ts_ns is not None:
                    row["end_ns"], row["time_source"] = line.ts_ns, "log_line_mtime" if line.year_from_mtime else "log_line"
                continue
            if rule == "hook":
                previous = hook_step.get(line.rank)
                hook_step[line.rank] = step
                seconds = values.pop("step_time_s", None)
                if seconds is not None and previous is not None and step > previous:
                    values["step_time_s"] = seconds / (step - previous)
            if "step_time_s" not in values and rate is not None:
                values["step_time_s"] = rate
            rate = None
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
            last[line.rank] = rows.steps[-1]
            unmeasured.pop(line.rank, None)
            if rule == "hook" and seconds is not None and "step_time_s" not in values:
                unmeasured[line.rank] = (rows.steps[-1], seconds)
        if not rows.steps and not rows.events:
            # (a job's log of an Estimator's last evaluation, its export and its end, its step lines cut: its events alone)
            raise ParseError(str(path), "no TensorFlow training step line found", where="line 1")
        if loop_ends:
            last_step: dict[int | None, int] = {}  # rank -> the line of its last step
            for row in rows.steps:
                last_step[row["rank"]] = max(row["line"], last_step.get(row["rank"], 0))
            dropped = {id(end) for end in loop_ends if end["line"] < last_step.get(end["rank"], 0)}
            rows.events[:] = [e for e in rows.events if id(e) not in dropped]
        if not any("tensorflow" in line.text or "_hooks.py" in line.text or "sec)" in line.text
                   or "sec/step" in line.text or "global_step/sec" in line.text or "TimeHistory: " in line.text
                   for line in lines):
            # the hook's `loss = 2.2984, step = 0` alone, with nothing of TensorFlow's around it (no
            # `INFO:tensorflow:` tag, no seconds): a script's own print in its format (DLRover's
            # examples'), no TensorFlow's
            for row in rows.steps:
                row["framework"] = "generic"
        return log_result(rows, warning)
