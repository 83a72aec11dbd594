"""Megatron-LM and Megatron-DeepSpeed console logs.

Iteration lines are `|`-separated `name: value` fields (`name= value` in Megatron-DeepSpeed),
one line per log interval: `iteration 200/ 1000 | consumed samples: 800 | elapsed time per
iteration (ms): 430.0 | learning rate: ... | lm loss: ... | grad norm: ...`, with or without a
`[YYYY-MM-DD HH:MM:SS]` prefix and under any launcher prefix. An undated iteration line takes
the time of DeepSpeed's dated line of the same step printed just before it (Megatron-DeepSpeed:
`[Rank 0] step=200, ...`, `.../global_step=200, ...`). Consumed samples and tokens are
cumulative: a row's samples/tokens are the difference from the previous line (the interval's
work). Checkpoint, failure and restart lines are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import SKIPPED_STEPS, log_result, open_log, skipped_warning
from tracelens.parsers._evidence import console_format
from tracelens.parsers._lines import Line, head_bodies
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult

_ITERATION = re.compile(r"\biteration\s*[=:]?\s*(\d+)\s*/\s*(\d+)")
_TIMERS = re.compile(r"^\s*time \(ms\) \|.*\bbatch-generator:\s*(?P<ms>[\d.]+)")
# Megatron's timers of the phases between iterations, each logged after its phase: `    evaluate
# ......: (2052.52, 2052.52)`, `    save-checkpoint ......: (30421.34, 30421.36)` under `(min, max)
# time across ranks (ms):`, or a field of an older `time (ms) | ...` line (`save-checkpoint:
# 30421.34`); the longest rank's milliseconds
_PHASE_TIMER = re.compile(
    r"(?:^\s{0,16}|\| )(?P<phase>save-checkpoint|evaluate)\s{0,4}\.{0,80}:\s{0,4}(?:\((?:[\d.]{1,20}),\s{0,4})?"
    r"(?P<ms>[\d.]{1,20})")
# DeepSpeed's own lines of a step in Megatron-DeepSpeed, dated, printed at the step's end just
# before Megatron's undated iteration line of that step: `[Rank 0] step=200, skipped=4, ...` and
# the timer's `epoch=0/micro_step=200/global_step=200, RunningAvgSamplesPerSec=...`
_DS_STEP = re.compile(r"(?:\[Rank \d{1,7}\] step|/global_step)=(?P<step>\d{1,15})\b")
# how many lines before the iteration line DeepSpeed's line of its step may be
_DS_STEP_LINES = 4
# nanotron's logger's tag before its message: "[INFO|DP=0|PP=0|TP=0]: iteration: 1401 / 1500 | ..."
_NANOTRON_LOGGER = re.compile(r"\[[A-Z]{4,8}\|DP=\d{1,7}\|")
# (nanotron writes its figures human-readably: `time_per_iteration_ms: 8.79K`, `consumed_tokens: 480B`)
_FIELD = re.compile(
    r"^\s*+(?P<name>[A-Za-z][A-Za-z _/()\-]*+)[:=]\s*+(?P<value>[-+]?[\d.]++(?:[eE][-+]?\d++)?)(?P<unit>[KMBT])?\s*+$")
_UNITS = {None: 1.0, "K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


# the training loss, as Megatron ("lm loss"), NeMo ("reduced train loss") and others name it
_LOSS_FIELDS = ("lm loss", "reduced train loss", "train loss", "loss")


def _delta(total: float | None, previous: float | None) -> float | None:
    """Work done since the previous line; none across a restart (the counter went back)."""
    if total is None or previous is None or total < previous:
        return None
    return total - previous


def _norm(name: str) -> str:
    """Field names as Megatron's eras and forks spell them: `lm loss`, `lm-loss`, `lm_loss`."""
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


# Megatron's training script's dated milestones before its first iteration
_SETUP_MARKERS = ("[after dataloaders are built] datetime: ", "[before the start of training step] datetime: ",
                  "[after model, optimizer, and learning rate scheduler are built] datetime: ")


class MegatronParser(LogReader):
    name = "megatron"

    def detect(self, path: Path, head: bytes) -> Claim:
        found = console_format(path)
        if found is not None:
            return Claim.CONTENT if found == self.name else Claim.NO
        for body in head_bodies(head):
            if _ITERATION.search(body) and "|" in body and "consumed" in body.replace("_", " "):
                return Claim.CONTENT
            if body.startswith(_SETUP_MARKERS):
                return Claim.CONTENT  # Megatron's setup timers, before its first iteration (a run that died there)
        return Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "megatron", busy=True)
        previous: dict[int | None, tuple[float | None, float | None]] = {}  # rank -> (samples, tokens) consumed
        clock: int | None = None  # the end of the last phase since the last dated iteration line (see _timed_phase)
        ds_step: tuple[int, int, int] | None = None  # (line number, step, time) of DeepSpeed's last dated step line
        skipped: dict[int | None, tuple[int, int]] = {}  # rank -> (DeepSpeed's last step, the steps skipped by then)
        for line in events.busy(lines):  # its rules' literals are in the pattern that `busy` reads
            if line.ts_ns is not None and "step=" in line.text and (said := _DS_STEP.search(line.text)) is not None:
                ds_step = (line.number, int(said.group("step")), line.ts_ns)
                if "skipped=" in line.text and (count := SKIPPED_STEPS.search(line.text)) is not None:
                    skipped[line.rank] = (int(count.group("step")), int(count.group("skipped")))
            if events.scan(line):
                continue
            timed = _PHASE_TIMER.search(line.text) if ("save-checkpoint" in line.text or "evaluate" in line.text) else None
            if timed is not None and (ms := to_float(timed.group("ms"))) is not None:
                clock = self._timed_phase(rows, line, timed.group("phase"), ms, clock)
                if "time (ms)" not in line.text:
                    continue
            timers = _TIMERS.search(line.text) if "time (ms)" in line.text else None
            if timers is not None and rows.steps and rows.steps[-1]["rank"] == line.rank:
                # "time (ms) | forward-compute: ... | batch-generator: 1.23": per iteration, averaged
                # over the interval; the data loader's share of the step
                rows.steps[-1]["data_time_s"] = float(timers.group("ms")) / 1000
                continue
            if "|" not in line.text or "iteration" not in line.text:
                continue
            match = _ITERATION.search(line.text)
            if not match:
                continue
            fields: dict[str, float] = {}
            rounded: set[str] = set()  # the fields written with a unit (3 significant digits: no counter to subtract)
            for part in line.text[match.end():].split("|"):
                field = _FIELD.match(part)
                if field:
                    name = _norm(field.group("name").rstrip())
                    try:
                        fields[name] = float(field.group("value")) * _UNITS[field.group("unit")]
                    except ValueError:
                        continue
                    if field.group("unit"):
                        rounded.add(name)
            step_ms = fields.get("elapsed time per iteration (ms)", fields.get("elapsed time per iteration ms",
                                                                             fields.get("time per iteration ms")))
            # NeMo 2 prints the step's own time ("train_step_timing in s"), Megatron the interval's mean
            step_s = fields.get("elapsed time per iteration (s)", fields.get("train step timing in s"))
            step_time = step_s if step_s is not None else (step_ms / 1000 if step_ms is not None else None)
            samples, tokens = (fields.get(name) if name not in rounded else None
                               for name in ("consumed samples", "consumed tokens"))
            # NeMo 2's `Training epoch 2, iteration 7/999 | ... | global_step: 45 |`: the iteration
            # counts the epoch's batches, the global step the run's
            global_step = fields.get("global step")
            step = int(global_step) if global_step is not None and global_step.is_integer() else int(match.group(1))
            # (a rank's first line at the run's first iteration: its counters count from 0, that iteration's own work)
            last_samples, last_tokens = previous.get(line.rank, (0.0, 0.0) if step == 1 and global_step is None else (None, None))
            previous[line.rank] = (samples, tokens)
            end_ns = line.ts_ns
            if end_ns is None and ds_step is not None and ds_step[1] == step and line.number - ds_step[0] <= _DS_STEP_LINES:
                end_ns = ds_step[2]  # the undated iteration line of a step DeepSpeed dated a line before
            clock = end_ns
            rows.step(
                line=line.number, rank=line.rank, step=step, end_ns=end_ns,
                step_time_s=step_time,
                samples=_delta(samples, last_samples),
                tokens=_delta(tokens, last_tokens),
                loss=next((fields[k] for k in _LOSS_FIELDS if k in fields), None),
                lr=fields.get("learning rate", fields.get("lr")), grad_norm=fields.get("grad norm"),
                # (Megatron's `throughput per GPU (TFLOP/s/GPU)`, NeMo 2's `TFLOPS_per_GPU` of its FLOPs callback)
                tflops=fields.get("throughput per gpu (tflop/s/gpu)", fields.get("model tflops per gpu",
                                                                               fields.get("tflops per gpu"))),
            )
            if "|DP=" in line.text[:120] and rows.steps and rows.steps[-1]["line"] == line.number and (
                    _NANOTRON_LOGGER.search(line.text, 0, 120) is not None):
                rows.steps[-1]["framework"] = "nanotron"  # Megatron's line, as nanotron's logger writes it
            elif global_step is not None and rows.steps and rows.steps[-1]["line"] == line.number:
                # NeMo 2's progress printer, a callback of its Lightning trainer (`nemo.lightning`), as
                # NeMo 1's Lightning bar is Lightning's
                rows.steps[-1]["framework"] = "lightning"
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no iteration lines found", where="line 1")
        result = log_result(rows, warning)
        if (counted := skipped_warning(skipped)) is not None:
            result.warnings.append(counted)
        return result

    @staticmethod
    def _timed_phase(rows: LogRows, line: Line, phase: str, ms: float, clock: int | None) -> int | None:
        """An evaluation or a checkpoint save, from the timer Megatron logs after it. Megatron
        runs them after an iteration's log line, one after the other: each ends its duration after
        the one before (the clock, from the iteration line's time). A save's `successfully saved
        checkpoint from iteration N` line (rank 0's, where the timers are the last rank's) before
        its timer is that save: the timer gives it its time. A timer with no line naming its
        iteration names none (a save need not fall on a logged iteration). Returns the clock."""
        end = line.ts_ns if line.ts_ns is not None else (clock + int(ms * 1e6) if clock is not None else None)
        if phase == "evaluate":
            rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=end, duration_s=ms / 1000,
                       raw=line.text, detail="evaluate timer")
            return end
        said = None
        for event in reversed(rows.events):
            if event["kind"] == LogEventKind.CHECKPOINT_SAVE_END.value:
                said = event if event.get("duration_s") is None else None
                break
            if event.get("detail") in ("evaluate timer", "save-checkpoint timer"):
                break  # a phase timed since: that save's line was no part of this one
        if said is not None:
            said["duration_s"] = ms / 1000
            said["ts_ns"] = said.get("ts_ns") or end
        else:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=end,
                       duration_s=ms / 1000, raw=line.text, detail="save-checkpoint timer")
        return end
