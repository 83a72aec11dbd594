"""A console log read by every reader whose lines it holds, each row credited to the reader
(the framework) whose rule yielded it.

A console is rarely one framework's: Megatron-DeepSpeed prints DeepSpeed's engine lines (its
checkpoint saves among them) between Megatron's iteration lines, NeMo 2 prints Lightning's
`Trainer.fit` and ModelCheckpoint lines around Megatron-style step lines, DeepSpeed-Chat and
HF-on-DeepSpeed jobs print HF Trainer's header and checkpoint lines among DeepSpeed's. The reader
with the most step lines (`_evidence.console_format`) is the file's primary; every other reader
that the file's evidence (one combined search of the whole text) shows lines of reads it too,
and adds what the primary did not take:

- the events its own rules read (the lines every reader shares, launcher, failure, checkpoint
  and NCCL lines, are the primary's), from lines that yielded no row of the primary's and that
  are not an event the primary has (two lines of one checkpoint save, say: same kind, rank and
  step);
- its steps, only where the primary found none: two readers' steps are two views of the same
  steps (Megatron-DeepSpeed prints `iteration N` and `step=N` for the same optimizer steps, at
  different intervals), and mixing them would mix their intervals.

Rows keep
the `framework` of the reader that made them, so `log_steps.framework` and
`log_events.framework` say which lines yielded what.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from tracelens.errors import ParseError
from tracelens.parsers._io import LazyModule

if TYPE_CHECKING:
    import polars as pl
else:  # loaded when a console is first read: an ingest of traces alone never needs it (0.13 s, 30 MB)
    pl = LazyModule("polars")
from tracelens.parsers._events import LINE_CACHE, PICK_LINES, SHARED_LINES, early_training_time_ends
from tracelens.parsers._evidence import evidence
from tracelens.parsers._io import gc_paused
from tracelens.parsers._lines import Line, Lines
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

# reader name -> the evidence that its lines are in a file: step lines of its own, or this
# many of its marker lines (one DeepSpeed logger line or HF checkpoint line is a framework's
# own print; Lightning's markers include words that other tools' lines may mention once)
_SECONDARY_EVIDENCE: dict[str, tuple[str, int]] = {
    "megatron": ("m_megatron", 1),
    "hf_trainer": ("m_hf_trainer", 1),
    "deepspeed": ("m_deepspeed", 1),
    "lightning": ("m_lightning", 2),
}


def secondary_readers(path: Path, primary: str) -> list[str]:
    """The readers other than `primary` whose lines the file's evidence shows, in a fixed order."""
    counts = evidence(path)
    return [name for name, (marker, needed) in _SECONDARY_EVIDENCE.items()
            if name != primary and (counts[name] > 0 or counts[marker] >= needed)]


# The lines a second reader's own event rules read (checkpoint saves and loads, training
# headers, run summaries), by reader: where the primary has steps, a second reader is given only
# these (its steps would be dropped), so that reading a console with several readers costs
# little more than with one. Megatron's rules read steps only. tests/test_console.py checks that
# each reader, given only these lines, makes the events it makes from the whole file.
_EVENT_LINES = {
    "deepspeed": r"Checkpoint global_step|OVERFLOW! Rank ",
    "hf_trainer": (r"\*\*\*\*\* Running (?:training|Evaluation)|\*\*\*\*\* train metrics|TrainOutput\(|Continuing training"
                   r"|Resuming training from checkpoint with|Saving model checkpoint to |\{['‘]"),
    "lightning": r"global step |states from the checkpoint|`Trainer\.fit` stopped",
}
_ANY_EVENT_LINE = "|".join(f"(?:{pattern})" for pattern in _EVENT_LINES.values())


# The reader of step lines of no framework's own (`step N ... loss ...`): a console whose
# framework reader finds no step is read by it too (PaddleNLP's trainer prints HF's checkpoint
# lines, and its own `global_step: N` metric lines).
GENERIC = "generic_log"
# what a generic step line needs (a superset of `generic_log`'s counters), for polars' engine
GENERIC_STEP_HINT = (r"(?i:\b(?:step|iter|iteration)\b\s*[:=#]?\s*\d|(?:global_step|num_updates)\s*[:=]|epoch\W{0,6}\d"
                      r"|\bTrain:\s+\[?\d|completed step|\depoch:train:|^\d{1,15} \| loss |\bbatch\s*[:=#]?\s*\d+\s*/"
                      r"|\] \[\d+\] \w|per step time: \d)")
# the same, compiled for Python's engine (a reader asking whether a line may be one)
GENERIC_STEP_LINE = re.compile(GENERIC_STEP_HINT, re.M)


class ConsoleReader(Parser):
    """One console reader (the primary), with the others the file's lines call for."""

    def __init__(self, primary: Parser, readers: Mapping[str, Parser]) -> None:
        self.primary = primary
        self.readers = readers  # every console reader by name; the primary among them
        self.name = primary.name
        self.kind = primary.kind
        self.tables = primary.tables

    def detect(self, path: Path, head: bytes) -> Claim:
        return self.primary.detect(path, head)

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        # the collector held off until the cached lines are let go: between two readers it
        # would walk every line of the file to find nothing to free (see gc_paused)
        with gc_paused():
            return self._parse(path, options)

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        others = secondary = secondary_readers(path, self.name)
        fallback = self.name != GENERIC and GENERIC in self.readers
        if not others and not fallback:
            return self.primary.parse(path, options)
        cache: dict[str, tuple[Sequence[Line], str | None]] = {}
        token = LINE_CACHE.set(cache)
        picking = PICK_LINES.set(_ANY_EVENT_LINE)
        try:
            try:
                result = self.primary.parse(path, options)
            except ParseError:
                if not fallback:
                    raise
                # the framework's marks, but none of the lines its reader reads: the generic
                # reader's reading of them, where it has one (else the framework reader's error)
                result = self._generic_or(path, options)
                if result is None:
                    raise
                return result
            lines, warning = cache[str(path)]
            has_steps = result.tables["log_steps"].num_rows > 0
            if not has_steps and fallback:
                others = [*others, GENERIC]  # the generic step lines, where the framework's reader found none
            bodies = lines.texts if isinstance(lines, Lines) else [line.text for line in lines]
            # the lines any second reader may be given, found with the splitting's passes (else all)
            picked = lines.picked if isinstance(lines, Lines) and lines.picked is not None else range(len(lines))
            texts = pl.Series(list(map(bodies.__getitem__, picked)), dtype=pl.String) if has_steps else None
            for name in others:
                if name == GENERIC and GENERIC not in secondary:
                    # only the lines that may be its step lines: a console of millions of lines
                    # with no step is not read twice
                    chosen = pl.Series(bodies, dtype=pl.String).str.contains(GENERIC_STEP_HINT).arg_true().to_list()
                    if not chosen:
                        continue
                    cache[str(path)] = (list(lines.at(chosen)) if isinstance(lines, Lines)
                                        else [lines[i] for i in chosen]), warning
                elif texts is not None:
                    if name not in _EVENT_LINES:
                        continue  # it would read steps only, and the primary has them
                    chosen = [picked[i] for i in texts.str.contains(_EVENT_LINES[name]).arg_true().to_list()]
                    given = list(lines.at(chosen)) if isinstance(lines, Lines) else [lines[i] for i in chosen]
                    if not given:
                        continue
                    cache[str(path)] = given, warning
                else:
                    cache[str(path)] = lines, warning
                shared = SHARED_LINES.set(False)  # the primary read the shared lines
                try:
                    extra = self.readers[name].parse(path, options)
                except ParseError:
                    continue  # its marker lines were there, but none it reads
                finally:
                    SHARED_LINES.reset(shared)
                merge(result, extra)
            if GENERIC in others:
                drop_early_training_time_ends(result)  # steps another reader added may come after them
        finally:
            PICK_LINES.reset(picking)
            LINE_CACHE.reset(token)
        return result


    def _generic_or(self, path: Path, options: ParseOptions) -> ParseResult | None:
        try:
            return self.readers[GENERIC].parse(path, options)
        except ParseError:
            return None


def drop_early_training_time_ends(result: ParseResult) -> None:
    """`_events.early_training_time_ends` over the merged tables: the steps another reader added
    may come after a training-time line the primary took for the end."""
    events, steps = result.tables.get("log_events"), result.tables.get("log_steps")
    if events is None or steps is None or not steps.num_rows or not events.num_rows:
        return
    early = early_training_time_ends(
        zip(steps.column("rank").to_pylist(), steps.column("line").to_pylist(), steps.column("step").to_pylist(),
            strict=True),
        list(zip(events.column("detail").to_pylist(), events.column("rank").to_pylist(),
                 events.column("line").to_pylist(), strict=True)))
    if any(early):
        result.tables["log_events"] = events.filter(pa.array([not drop for drop in early], pa.bool_()))


def _lines(tables: Mapping[str, pa.Table]) -> set[int]:
    used: set[int] = set()
    for table in tables.values():
        if "line" in table.column_names:
            used.update(v for v in table.column("line").to_pylist() if v is not None)
    return used


def _event_key(kind: str, rank: int | None, step: int | None, ts_ns: int | None, line: int) -> tuple[object, ...]:
    """What makes two readers' events the same event: two lines of one checkpoint save (DeepSpeed's
    `Checkpoint global_step500 is about to be saved` and HF's `Saving model checkpoint to
    .../checkpoint-500`) name its step; undated ones without a step are told apart by line."""
    if step is not None:
        return kind, rank, "step", step
    if ts_ns is not None:
        return kind, rank, "ts", ts_ns
    return kind, rank, "line", line


def merge(result: ParseResult, extra: ParseResult) -> None:
    """Add to `result` (the primary's) what `extra` (another reader's) read that it did not:
    events from lines the primary yielded nothing from and that are not an event it has, steps
    where it has none."""
    used = _lines(result.tables)
    added: set[int] = set()
    events, extra_events = result.tables.get("log_events"), extra.tables.get("log_events")
    if events is not None and extra_events is not None and extra_events.num_rows:
        columns = ("kind", "rank", "step", "ts_ns", "line")
        known = {_event_key(*row) for row in zip(*(events.column(c).to_pylist() for c in columns), strict=True)}
        keep = []
        for row in zip(*(extra_events.column(c).to_pylist() for c in columns), strict=True):
            key = _event_key(*row)
            fresh_event = row[-1] not in used and key not in known
            keep.append(fresh_event)
            if fresh_event:
                known.add(key)
        fresh = extra_events.filter(pa.array(keep, pa.bool_()))
        if fresh.num_rows:
            result.tables["log_events"] = pa.concat_tables([events, fresh.cast(events.schema)])
            added.update(fresh.column("line").to_pylist())
    steps, extra_steps = result.tables.get("log_steps"), extra.tables.get("log_steps")
    if steps is not None and extra_steps is not None and extra_steps.num_rows:
        fresh = extra_steps if not steps.num_rows else extra_steps.slice(0, 0)
        if fresh.num_rows:
            result.tables["log_steps"] = pa.concat_tables([steps, fresh.cast(steps.schema)])
            added.update(fresh.column("line").to_pylist())
    if added:
        result.warnings.extend(w for w in extra.warnings if w not in result.warnings)
    new_lines = added - used
    if result.unrecognised_lines is not None and new_lines:
        result.unrecognised_lines = max(0, result.unrecognised_lines - len(new_lines))
