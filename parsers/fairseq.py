"""fairseq training consoles (`fairseq-train` and the toolkits built on it).

- Step lines, one per `--log-interval` updates, in the forms of its progress bars
  (fairseq/logging/progress_bar.py): the simple bar's `epoch 001:    100 / 1000 loss=9.255,
  ..., num_updates=100, lr=..., gnorm=..., train_wall=13, wall=1236` (`{prefix}:  {i:5d} /
  {size} {key=value, ...}`; under the logger's `2020-07-17 07:11:02 | INFO | train_inner | `
  since 2020, after a `| ` in the 2019 releases) and the JSON bar's `{"epoch": 1, "update":
  1.002, "loss": "9.255", ..., "num_updates": "100", ..., "wall": "1236"}` (metaseq's, OPT's fork, under
  `| train_inner | ` with no `update`). End-of-epoch and
  validation summaries (`epoch 001 | loss 6.648 | ... | wall 390`, `epoch 001 | valid on 'valid'
  subset | ...`, JSON keys prefixed `train_`, `valid_`) are no steps; the tqdm bar's redraws are
  not read.
- The step is `num_updates` (optimizer updates; the bar's counter is batches of the epoch,
  more than the updates with `--update-freq` or skipped overflow steps); without it, the
  epoch's batches before plus the counter, in a log that never prints it (a line cut before its
  `num_updates` among lines that print theirs is no step).
- `wall` is the seconds since training started (an elapsed clock; `train_wall` the part spent
  in training steps), both rounded to whole seconds. A row's step time is the wall seconds
  since the previous step line over the updates between where that is 10 s or more (its
  rounding a tenth at most), else 1 / the line's `ups` (the interval's updates a second, to two
  decimals; not a whole one, fairseq 0.9's rounding of the epoch's mean) where it has one, and NULL where an epoch's end, a
  validation run or a checkpoint save came between them (their time is in the wall clock, not in the steps) or
  the clock went back (a restart). A line's own date, when it has one, dates the step.
- `Stopping training due to num_updates: N >= max_update: N`: update N, done after the last
  step line (a row with no metric, at that line's time).
- Checkpoint saves (`saved checkpoint ... (epoch 1 @ 600 updates, ...)`) and loads are dated at
  their update; failures, restarts and NCCL lines are read as in every console log.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._logreader import LogReader
from tracelens.parsers.contract import ParseOptions, ParseResult

# the simple bar's line, after the epoch prefix: "epoch 001:    450 / 1891 key=value, ..."
SIMPLE = re.compile(r"\bepoch (?P<epoch>\d{1,9}):[ ]{1,12}(?P<i>\d{1,12}) / (?P<n>\d{1,12}) (?=\w)")
_PAIR = re.compile(
    r"(?<![\w.])(?P<key>[A-Za-z_]\w{0,60})=(?P<value>[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?)(?=,|\s|$)"
)
# SimpleProgressBar.print at an epoch's end: "{prefix} | {key value | ...}"
_SUMMARY = re.compile(r"\bepoch \d{1,9} \| (?!valid on )")
# (metaseq's, fairseq's fork for OPT, under the `train_inner` logger: `{"epoch": 1, "actv_norm": "0.035", ...,
# "num_updates": "1", ...}`, no `update`)
_JSON = re.compile(r"\{\"epoch\": \d{1,9}, \"update\": |(?<=\| train_inner \| )\{\"epoch\": \d{1,9}, \"")
_COLUMNS = {"loss": "loss", "lr": "lr", "gnorm": "grad_norm"}
_CHECKPOINT_KINDS = frozenset(kind.value for kind in (
    LogEventKind.CHECKPOINT_SAVE_START, LogEventKind.CHECKPOINT_SAVE_END,
    LogEventKind.CHECKPOINT_LOAD_START, LogEventKind.CHECKPOINT_LOAD_END))
_UPDATES = re.compile(r"@ (?P<n>\d{1,15}) updates")
# the save's own word on its write: "saved checkpoint .../checkpoint143.pt (epoch 143 @ 40297 updates, score 29.52)
# (writing took 12.236632347106934 seconds)"
_WRITING_TOOK = re.compile(r"\(writing took (?P<s>\d{1,9}(?:\.\d{1,20})?) seconds\)")
# fairseq_cli.train as a validation or a save begins: 'begin validation on "valid" subset', 'begin save checkpoint'
# (its hydra log format's: '[2022-04-08 18:57:25,754][fairseq_cli.train][INFO] - begin validation on "valid" subset')
_BEGIN = re.compile(r'(?:\| fairseq_cli\.train \||\[fairseq_cli\.train\]\[INFO\] -) begin '
                    r'(?P<what>validation on "[^"]{1,80}" subset|save checkpoint)\s*$')
# an epoch's summary in the JSON formats, the updates done when it ended: `[train][INFO] - {"epoch": 10, ...,
# "train_num_updates": "4791", ...}` (the updates since the last step line were done)
_EPOCH_UPDATES = re.compile(r'"train_num_updates": "?(?P<n>\d{1,15})"?[,}]')
# the trainer's word once it wrote a checkpoint, before checkpoint_utils' "Saved checkpoint <path> (...)" on the
# same save: "Finished saving checkpoint to checkpoints/checkpoint_best.pt"
_FINISHED_SAVING = re.compile(r"\bFinished saving checkpoint to (?P<path>\S{1,4000})\s*$")
_SAVED = re.compile(r"\b[Ss]aved checkpoint (?P<path>\S{1,4000}) \(")
_SPAN_DETAIL = "fairseq_cli.train"
# fairseq_cli.train at the update that reached --max-update: "Stopping training due to
# num_updates: 25 >= max_update: 25" (the steps since the last step line were done)
_STOPPING = re.compile(r"Stopping training due to num_updates: (?P<n>\d{1,15}) >= max_update")


def step_line(text: str) -> tuple[int, dict[str, float]] | None:
    """A step line's update number and its numbers by fairseq's names (`loss`, `lr`, `gnorm`,
    `wall`, `train_wall`, `num_updates`, ...); None for any other line."""
    if "epoch " in text and (simple := SIMPLE.search(text)) is not None:
        fields: dict[str, float] = {}
        end = len(text.rstrip())
        for pair in _PAIR.finditer(text, simple.end()):
            if pair.group("key") == "num_updates" and pair.end() >= end:
                continue  # the line's last field, where fairseq prints more after it: cut in its value
            try:
                fields.setdefault(pair.group("key"), float(pair.group("value")))
            except ValueError:
                continue
        updates = fields.get("num_updates")
        if updates is not None:
            return int(updates), fields
        return (int(simple.group("epoch")) - 1) * int(simple.group("n")) + int(simple.group("i")), fields
    if '{"epoch": ' in text and (start := _JSON.search(text)) is not None:
        try:
            record = json.JSONDecoder().raw_decode(text, start.start())[0]
        except ValueError:
            return None
        fields = {}
        for key, value in record.items():
            try:
                fields[key] = float(value)
            except (TypeError, ValueError):
                continue
        updates = fields.get("num_updates")
        if updates is None or not 0 <= updates < 1e15:
            return None
        return int(updates), fields
    return None



_WALL_PRECISE_S = 10  # the wall clock's seconds between two step lines from which its whole-second rounding is a tenth

class FairseqParser(LogReader):
    name = "fairseq"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "fairseq")
        # rank -> (update, wall) of its last step line, and whether an eval or save came after it
        previous: dict[int | None, tuple[int, float | None]] = {}
        interrupted: set[int | None] = set()
        counted: set[int | None] = set()  # ranks whose step lines print their updates
        validating: set[int | None] = set()  # ranks whose `begin validation` awaits its summary
        written: dict[int | None, tuple[str, dict[str, Any]]] = {}  # rank -> the trainer's last "Finished saving" end
        preparing: dict[int | None, int] = {}  # rank -> the update of its "Preparing to save checkpoint ... @ N updates"
        for line in lines:
            before = len(rows.events)
            if events.scan(line):
                interrupted.add(line.rank)
                continue
            text = line.text
            saves = [e for e in rows.events[before:] if e["kind"] in _CHECKPOINT_KINDS]
            if saves:
                self._at_update(saves, text)
                if (named := preparing.pop(line.rank, None)) is not None:
                    for event in saves:
                        if event["kind"] == LogEventKind.CHECKPOINT_SAVE_START.value and event.get("step") is None:
                            event["step"] = named  # (the update checkpoint_utils named as it prepared the save)
                finished = _FINISHED_SAVING.search(text) if "Finished saving checkpoint to " in text else None
                saved = _SAVED.search(text) if "aved checkpoint " in text else None
                if finished is not None:
                    written[line.rank] = (finished.group("path"), saves[-1])
                elif saved is not None and (earlier := written.pop(line.rank, None)) is not None and (
                        earlier[0] == saved.group("path") and earlier[1] in rows.events):
                    # (one save: the trainer's word on its write, then checkpoint_utils' on the save, its copies
                    # included: the later one ends it)
                    rows.events.remove(earlier[1])
                if "writing took" in text and (took := _WRITING_TOOK.search(text)) is not None:
                    for event in saves:
                        if event["kind"] == LogEventKind.CHECKPOINT_SAVE_END.value and event.get("duration_s") is None:
                            event["duration_s"] = float(took.group("s"))  # (its own word on the write)
                interrupted.add(line.rank)
                continue
            if "Preparing to save checkpoint" in text and (prepared := _UPDATES.search(text)) is not None:
                # checkpoint_utils as it begins a save ("Preparing to save checkpoint for epoch 1 @ 479 updates"):
                # the trainer's `Saving checkpoint to ...` next names no update
                preparing[line.rank] = int(prepared.group("n"))
                continue
            if "begin " in text and (begun := _BEGIN.search(text)) is not None:
                # fairseq_cli.train's word as it starts a validation or a save (its end: the validation's
                # summary, `valid on '...' subset`, the save's `saved checkpoint ...`)
                # (a save's start pairs with the shared rules' end of it, which names no detail)
                if begun.group("what").startswith("validation"):
                    rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail=_SPAN_DETAIL)
                    validating.add(line.rank)
                else:
                    rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                interrupted.add(line.rank)
                continue
            if " | valid on " in text or "valid_loss" in text or _SUMMARY.search(text) is not None:
                # (its JSON log format's: `| valid | {"epoch": 1, "valid_loss": "16.624", ...}`)
                if (" | valid on " in text or ((" | valid | " in text or "[valid][INFO] - " in text) and "valid_loss" in text)
                        and line.rank in validating):
                    validating.discard(line.rank)
                    rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail=_SPAN_DETAIL)
                interrupted.add(line.rank)  # an epoch's end and the validation after it
                continue
            if "train_num_updates" in text and (done := _EPOCH_UPDATES.search(text)) is not None:
                last = previous.get(line.rank)
                if last is not None and int(done.group("n")) > last[0]:
                    previous[line.rank] = (int(done.group("n")), None)
                    rows.step(line=line.number, rank=line.rank, step=int(done.group("n")), end_ns=line.ts_ns)
                interrupted.add(line.rank)
                continue
            if "Stopping training" in text and (stop := _STOPPING.search(text)) is not None:
                last = previous.get(line.rank)
                if last is None or int(stop.group("n")) > last[0]:
                    previous[line.rank] = (int(stop.group("n")), None)
                    rows.step(line=line.number, rank=line.rank, step=int(stop.group("n")), end_ns=line.ts_ns)
                continue
            read = step_line(text) if ("epoch " in text or '"epoch"' in text) else None
            if read is None:
                continue
            step, fields = read
            if "num_updates" in fields:
                counted.add(line.rank)
            elif line.rank in counted:
                continue  # its updates not printed (a line cut short) where the others print theirs: no step
            values: dict[str, Any] = {column: fields[key] for key, column in _COLUMNS.items() if key in fields}
            wall = fields.get("wall")
            last = previous.get(line.rank)
            ups = fields.get("ups")
            if (last is not None and wall is not None and last[1] is not None and step > last[0]
                    and wall > last[1] and line.rank not in interrupted
                    and (wall - last[1] >= _WALL_PRECISE_S or ups is None or ups <= 0 or ups.is_integer())):
                values["step_time_s"] = (wall - last[1]) / (step - last[0])
            elif ups is not None and ups > 0:
                # (the interval's updates a second, where the wall clock says none or its whole seconds too coarsely:
                # a log every update, `"ups": "0.85"` a second or two apart on `wall`)
                values["step_time_s"] = 1 / ups
            previous[line.rank] = (step, wall)
            interrupted.discard(line.rank)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
        if not rows.steps:
            raise ParseError(str(path), "no fairseq training step line found", where="line 1")
        return log_result(rows, warning)

    @staticmethod
    def _at_update(new_events: list[dict[str, Any]], text: str) -> None:
        """fairseq names a checkpoint's update ("epoch 1 @ 600 updates"), not a step."""
        found = _UPDATES.search(text) if " updates" in text else None
        if found is not None:
            for event in new_events:
                if event.get("step") is None:
                    event["step"] = int(found.group("n"))
