"""HuggingFace Trainer console logs (and frameworks built on it: LLaMA-Factory, TRL, ...).

- `***** Running training *****` starts an attempt; its `Total optimization steps`,
  `Total train batch size` and `Continuing training from global step N` lines are read.
- Metric lines are Python dicts (`{'loss': 1.92, 'learning_rate': ..., 'epoch': 0.5}`),
  read with `ast.literal_eval` (typographic quotes normalised), eval dicts (`eval_loss`)
  end an evaluation, and the final `{'train_runtime': ...}` dict ends the attempt.
- Step: the training bar's N, else epoch x (total optimization steps / epochs) from the
  header, else the metric line's ordinal.
- Time: HF logger lines carry timestamps; dict lines do not. The training tqdm bar
  (`N/M [mm:ss<...]`, glued to the lines by carriage returns) gives the step and the time
  elapsed since the bar started, so each dict line is placed at header time + elapsed
  (an estimate: the bar shows whole seconds; a line through the neighbouring readings places
  each step within its second, see `refine_bar_elapsed`). Without a dated header the steps are
  stored without times.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from tracelens.parsers import Claim, ParseOptions, ParseResult
from tracelens.parsers._logtables import LOG_TABLES
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._evidence import console_format
from tracelens.parsers._lines import anchor_bar, refine_bar_elapsed, strip_prefix

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError

_HEADER = "***** Running training *****"
_EVAL_HEADER = re.compile(r"\*\*\*\*\* Running Evaluation \*\*\*\*\*")
_TOTAL_STEPS = re.compile(r"Total optimization steps = ([\d,]+)")
_BATCH = re.compile(r"Total train batch size \(w\. parallel, distributed & accumulation\) = ([\d,]+)")
_EPOCHS = re.compile(r"Num Epochs = ([\d,]+)")
_CONTINUE = re.compile(r"Continuing training from global step (\d+)")
_SAVE = re.compile(r"Saving model checkpoint to \S*?checkpoint-(\d+)")
_BAR = re.compile(r"(\d+)/(\d+) \[(?:(\d+):)?(\d+):(\d+)<")
_DICT = re.compile(r"\{'[^{}]*\}|\{[‘’][^{}]*\}")


def _elapsed(match: re.Match[str]) -> float:
    hours = int(match.group(3) or 0)
    return hours * 3600 + int(match.group(4)) * 60 + int(match.group(5))


def _literal(text: str) -> dict[str, Any] | None:
    text = text.replace("‘", "'").replace("’", "'")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


class HFTrainerParser:
    name = "hf_trainer"
    kind = "console_log"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        found = console_format(path)
        if found is not None:
            return Claim.CONTENT if found == self.name else Claim.NO
        text = head.decode("utf-8", "replace")
        if (_HEADER in text or "'train_runtime'" in text or "Saving model checkpoint to" in text
                or "Continuing training from global step" in text):
            return Claim.CONTENT
        dict_lines = sum(1 for raw in text.splitlines() if "{'loss'" in strip_prefix(raw)[1] or "{‘loss’" in raw)
        return Claim.CONTENT if dict_lines >= 2 else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "hf_trainer")
        header_ns: int | None = None  # when the current training bar started
        total_steps: int | None = None
        batch: float | None = None
        epochs: int | None = None
        bar_step: int | None = None
        bar_ns: int | None = None
        bar_elapsed = 0
        bar_rows: dict[tuple[int | None, int], list[tuple[int, int]]] = {}  # (rank, header time) -> [(row, elapsed)]
        readings: dict[tuple[int | None, int], list[tuple[int, int]]] = {}  # -> [(bar step, whole seconds)]
        dated: dict[tuple[int | None, int], list[tuple[int, int]]] = {}  # -> [(readings before, line time)]
        last_step = 0  # the last step this attempt logged (or resumed from)
        logged = 0
        for line in lines:
            text = line.text
            bar = _BAR.search(text)
            if header_ns is not None:
                # the bar's readings and the dated lines between them, in print order (a bar
                # glued before a logger line was printed first)
                key = (line.rank, header_ns)
                if bar and (total_steps is None or int(bar.group(2)) == total_steps):
                    readings.setdefault(key, []).append((int(bar.group(1)), int(_elapsed(bar))))
                if line.ts_ns and line.ts_ns > header_ns and _HEADER not in text:  # a new header starts a new bar
                    dated.setdefault(key, []).append((len(readings.get(key, ())), line.ts_ns))
            if _HEADER in text:
                header_ns, bar_step, bar_ns, total_steps, last_step = line.ts_ns, None, None, None, 0
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail="***** Running training *****", raw=text)
                continue
            if (m := _TOTAL_STEPS.search(text)) is not None:
                total_steps = int(m.group(1).replace(",", ""))
            if (m := _EPOCHS.search(text)) is not None:
                epochs = int(m.group(1).replace(",", ""))
            if (m := _BATCH.search(text)) is not None:
                batch = float(m.group(1).replace(",", ""))
            if (m := _CONTINUE.search(text)) is not None:
                last_step = int(m.group(1))
                rows.event(LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=int(m.group(1)), detail="continuing training", raw=text)
                continue
            if (m := _SAVE.search(text)) is not None:
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank,
                           ts_ns=line.ts_ns or bar_ns, step=int(m.group(1)), raw=text)
                continue
            if _EVAL_HEADER.search(text):
                rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns or bar_ns, raw=text)
                continue
            if bar and (total_steps is None or int(bar.group(2)) == total_steps):
                bar_step = int(bar.group(1))
                bar_elapsed = int(_elapsed(bar))
                bar_ns = header_ns + bar_elapsed * 10**9 if header_ns is not None else None
            for found in _DICT.finditer(text):
                record = _literal(found.group(0))
                if record is None:
                    continue
                when = line.ts_ns or bar_ns
                runtime = _num(record.get("train_runtime"))
                if "train_runtime" in record:
                    end = header_ns + int(runtime * 1e9) if header_ns is not None and runtime is not None and 0 <= runtime < 1e8 else when
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=end,
                               duration_s=runtime, detail="train_runtime", raw=text)
                elif any(k.startswith("eval_") for k in record):
                    rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=when,
                               duration_s=_num(record.get("eval_runtime")), raw=text)
                elif "loss" in record:
                    logged += 1
                    epoch = _num(record.get("epoch"))
                    if bar_step is not None:
                        # tqdm redraws at most every 0.1 s, so the bar can lag the metric line it
                        # follows: a metric line is at least one step past the previous one
                        step = max(bar_step, last_step + 1)
                    elif epoch is not None and total_steps and epochs:
                        step = round(epoch * total_steps / epochs)  # the header says how many steps an epoch has
                    else:
                        step = logged  # no bar, no header: the metric line's ordinal
                    last_step = step
                    if not line.ts_ns and bar_ns is not None and header_ns is not None:
                        bar_rows.setdefault((line.rank, header_ns), []).append((len(rows.steps), bar_elapsed))
                    rows.step(
                        line=line.number, rank=line.rank, step=step, end_ns=when,
                        time_source=("log_line" if line.ts_ns else "tqdm") if when is not None else None,
                        loss=_num(record.get("loss")), lr=_num(record.get("learning_rate")),
                        grad_norm=_num(record.get("grad_norm")), samples=batch,
                    )
            events.scan(line)
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no HF Trainer lines found", where="line 1")
        for key, placed in bar_rows.items():
            # a step's first reading is the closest to its end (tqdm redraws the bar later with
            # later times; metric dicts go to stdout and can land after a later reading)
            first: dict[int, int] = {}
            for step, elapsed in readings.get(key, []):
                first.setdefault(step, elapsed)
            points = [(rows.steps[i]["step"], first.get(rows.steps[i]["step"], e)) for i, e in placed]
            refined = refine_bar_elapsed(points)
            by_step = {step: seconds for (step, _), seconds in zip(points, refined, strict=True)}
            start_ns = anchor_bar(key[1], readings.get(key, []), by_step, dated.get(key, []))
            for (i, _), seconds in zip(placed, refined, strict=True):
                rows.steps[i]["end_ns"] = start_ns + int(seconds * 1e9)
        return log_result(rows, warning)


def _num(value: Any) -> float | None:
    """A finite number, whatever the dict held (strings included); None otherwise."""
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if number == number and abs(number) != float("inf") else None
