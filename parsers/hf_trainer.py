"""HuggingFace Trainer console logs (and frameworks built on it: LLaMA-Factory, TRL, ...).

- `***** Running training *****` starts an attempt; its `Total optimization steps`,
  `Total train batch size` and `Continuing training from global step N` (transformers 5: `Resuming training
  from checkpoint with epoch 0 and global step N`) lines are read. The
  header is printed at INFO level only: a console at the default WARNING level has none.
- Metric lines are Python dicts (`{'loss': 1.92, 'learning_rate': ..., 'epoch': 0.5}`, values
  as numbers or as strings), read with `ast.literal_eval` (typographic quotes normalised), eval
  dicts (`eval_loss`) end an evaluation, and the final `{'train_runtime': ...}` dict ends the
  attempt. `TrainOutput(global_step=N, ...)` says how many steps the run made.
- Step of a metric dict: its own `step` key where it has one (TFTrainer's dicts; ms-swift's
  `'global_step/max_steps': '50/60'`), else the reading it was printed right after on its
  own line (a console that keeps no carriage return), else the
  training bar's reading that tqdm redrew right after writing the
  dict (tqdm.write clears the bar, prints the line, and redraws the bar with the step it is
  at). Those redraws follow a clear (a line of spaces) or the dict line itself; when there are
  as many of them as dicts, the k-th dict gets the k-th redraw, whatever stdout's buffering
  did to the order of the two streams. Else the reading printed right after the dict, else the
  reading before it (at least one step past the previous dict), else epoch x (total
  optimization steps / epochs) from the header, else, when the run's total is known and the
  dicts are evenly spaced up to it (the last one at the schedule's end), k x total / dicts,
  else epoch x the run's steps over the whole epochs its summary names (where the dicts' printed
  epochs are fine enough to name one step: `_epoch_length`), else the logging grid the `checkpoint-N`
  saves among the dicts show (`_save_grid`), else the metric line's ordinal.
  Each process's dicts are counted apart (a launcher's prefix names the process: each node of a
  pdsh launch prints the same dicts).
- The training bar's own readings are steps too: ProgressCallback moves it to `global_step` at
  each step's end, so a step it shows that no metric line has (between two logs, `logging_steps`
  apart, or after the last one when the run stopped) is a row with the bar's time and no metric.
- Time: HF logger lines carry timestamps; dict lines do not. The training tqdm bar prints the
  time elapsed since it started (whole seconds) and its rate, so each dict line is placed at
  the bar's start + elapsed (refined within the second by the neighbouring readings or the
  rate, see `refine_bar_elapsed`). The bar's start is anchored on the dated lines around it
  (the header, else the last dated line before its first reading, and the lines printed among
  its readings; see `anchor_bar`): time_source `tqdm`. With no dated line at all, the bar's
  last reading is taken to be when the file was last written (its mtime): `tqdm_mtime`, an
  estimate that is only as good as the file was left untouched since. Dated lines that print
  no year (torchrun's glog lines) in a file with no year anywhere take the mtime's year: the
  time of day is theirs, the date an estimate, so those bars are `tqdm_mtime` too. The bar's rate (a
  moving average, tqdm's default smoothing) is the step's reported time (`step_time_s`) where
  the bar's own clock agrees with it since an earlier reading, or since the bar's start for
  step 1 and for a bar read once at its end (see `_bar_rate`, `rate_agrees`: a resumed bar's
  rate is off for a while, and its first update jumps to the checkpoint's step). The steps the
  bar alone shows get its rate by the same rule, and so does a metric line's step that the bar
  reads where no reading was drawn beside the line (a bar drawn once, at the end, after the
  summary: the last step's time is its rate).
"""

from __future__ import annotations

import ast
import math
import re
import warnings
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise
from pathlib import Path
from typing import Any

from tracelens.enums import FAILURE_EVENT_KINDS, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import WATCHDOG, log_result, open_log
from tracelens.parsers._evidence import console_format
from tracelens.parsers._lines import (
    BarReading,
    Line,
    anchor_bar,
    bar_readings,
    file_mtime_ns,
    mtime_if_run_end,
    postfix_loss,
    rate_agrees,
    refine_bar_elapsed,
    strip_prefix,
    years_guessed,
)
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import LogRows, elapsed_step_times, hf_summary
from tracelens.parsers._numbers import duration_s, half_unit, loss_value, to_float, to_int
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult

_FAILURE_KINDS = frozenset(kind.value for kind in FAILURE_EVENT_KINDS)
_HEADER = "***** Running training *****"
# the Trainer's line as its loop ends (before the run's summary dict)
_COMPLETED = "Training completed. Do not forget to share your model"
_TRAIN_METRICS = "***** train metrics *****"
_EVAL_HEADER = re.compile(r"\*\*\*\*\* Running Evaluation \*\*\*\*\*")
# `trainer.log_metrics("eval", metrics)` after `trainer.evaluate()` (the example scripts: run_glue.py,
# run_clm.py): the evaluation's end, its runtime a row of the table, as `metrics_format` prints it
# (`  eval_runtime            = 0:00:01.60`)
_EVAL_METRICS = "***** eval metrics *****"
# Optuna's word on a trial `hyperparameter_search` ran (`[I 2025-03-29 15:32:36,385] Trial 8 pruned.`, `Trial 3
# finished with value: ...`): that run is over, the next one counts its steps from its own start; a pruned
# one printed no summary of its own
_OPTUNA_TRIAL = re.compile(r"^\[[IW] \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] Trial \d{1,9} (?P<how>finished|pruned)\b")
_EVAL_RUNTIME_ROW = re.compile(r"(?:^|\s)eval_runtime\s{0,80}= (\d{1,6}):(\d\d):(\d\d(?:\.\d{1,6})?)\s*$")
# PaddleNLP's Trainer logs an evaluation's metrics as `key: value` pairs, not a dict (`eval_loss:
# 5.451386451721191, eval_accuracy: 0.5625, eval_runtime: 1.8318, eval_samples_per_second: 87.344`)
_EVAL_RUNTIME_PAIRS = re.compile(r"(?:^|[\s,])eval_loss: [^,]{1,40}, .{0,400}?\beval_runtime: (\d{1,9}(?:\.\d{1,9})?)\b")
# (or Unsloth's banner in its place: `Num examples = 362 | Num Epochs = 15 | Total steps = 2,715`)
_TOTAL_STEPS = re.compile(r"Total optimization steps = ([\d,]{1,30})|\| Total steps = ([\d,]{1,30})")
_BATCH = re.compile(r"Total train batch size \(w\. parallel, distributed & accumulation\) = ([\d,]{1,30})")
_EPOCHS = re.compile(r"Num [Ee]pochs = ([\d,]{1,30})")  # (SetFit's header: `Num epochs = 50`)
_EXAMPLES = re.compile(r"Num examples = ([\d,]{1,30})")
# (transformers 5's header says it, `max_steps` or not: "  Num update steps per epoch = 512")
_UPDATES_PER_EPOCH = re.compile(r"Num update steps per epoch = ([\d,]{1,30})")
# the run's TrainingArguments as a script prints them (the examples' `Training/evaluation parameters
# TrainingArguments(`, a field a line, or all on one): the logging grid, every `logging_steps` steps and step 1 too where
# `logging_first_step`, where its strategy is steps
_LOGGING_ARG = re.compile(r"(?:^|[(,]\s{0,4})(?P<key>logging_steps|logging_first_step|logging_strategy|max_steps)="
                          r"(?P<value>\d{1,12}(?:\.0)?|True|False|IntervalStrategy\.[A-Z]{1,10}|'?[a-z]{1,10}'?)(?=,|\)|\s*$)")
# (Unsloth's banner's: `Total batch size = 8 | Total steps = 60`, `Total batch size (1 x 1 x 2) = 2`)
_UNSLOTH_BATCH = re.compile(r"\bTotal batch size(?: \([\dx ]{1,40}\))? = ([\d,]{1,30})")
# (transformers 5's: "  Resuming training from checkpoint with epoch 0 and global step 4")
_CONTINUE = re.compile(r"Continuing training from global step (\d{1,18})"
                       r"|Resuming training from checkpoint with epoch \d{1,18} and global step (\d{1,18})")
_SAVE = re.compile(r"Saving model checkpoint to \S*?checkpoint-(\d{1,18})")
# DeepSpeed's engine as it writes the Trainer's checkpoint's files, each file a line: "[Rank 0] Saving model checkpoint:
# /data1/.../checkpoint-50/global_step50/mp_rank_00_model_states.pt"
_DS_SAVE = re.compile(r"\] Saving model checkpoint: \S*?checkpoint-(\d{1,18})[\\/]global_step\d{1,18}[\\/]")
# the Trainer's warning as it saves into a checkpoint folder an earlier run left (printed at its
# default log level, where `Saving model checkpoint to` is not): "Checkpoint destination directory
# model\checkpoint-534 already exists and is non-empty. Saving will proceed but saved results may be invalid."
_SAVE_OVER = re.compile(r"Checkpoint destination directory \S*?checkpoint-(\d{1,18}) already exists and is non-empty\. "
                        r"Saving will proceed")
# Unsloth's tokenizer fix as the Trainer saves a checkpoint (printed at the default log level, where `Saving model
# checkpoint to` is not, often glued after the bar's drawing): "Unsloth: Restored added_tokens_decoder metadata in
# checkpoints/FT-Qwen2.5-Coder-0.5B/checkpoint-100/tokenizer_config.json."
_UNSLOTH_SAVE = re.compile(r"Unsloth: Restored added_tokens_decoder metadata in \S*?checkpoint-(\d{1,18})[\\/]")
_TRAIN_OUTPUT = re.compile(r"TrainOutput\(global_step=(\d{1,18})")
_DICT = re.compile(r"\{'[^{}]*\}|\{[‘’][^{}]*\}")


# The Trainer's log dict as `print` writes it, flat: quoted keys with no quote, backslash or
# control character in them, plain numbers. Read without `ast.literal_eval` (a parse and a
# compile a line, most of an HF console's reading); anything else goes to it. Numbers as
# Python's literals read them: an integer with no leading zero (long ones left to it), else a
# float.
_FLAT_DICT = re.compile(r"\{'[^'\\\x00-\x1f]*+': [-\d.eE+]{1,40}+(?:, '[^'\\\x00-\x1f]*+': [-\d.eE+]{1,40}+)*+\}")
_FLAT_ITEM = re.compile(r"'([^'\\\x00-\x1f]*)': ([-\d.eE+]+)")
_INT = re.compile(r"-?(?:0|[1-9]\d{0,17})")
_FLOAT = re.compile(r"-?(?:\d{1,40}+\.\d{0,40}+|\.\d{1,40}+|\d{1,40}+(?=[eE]))(?:[eE][-+]?\d{1,40}+)?")


def _flat_literal(text: str) -> dict[str, Any] | None:
    """`ast.literal_eval(text)` for a flat dict of numbers, None where that is not what it is."""
    out: dict[str, Any] = {}
    for key, number in _FLAT_ITEM.findall(text):
        if _INT.fullmatch(number):
            out[key] = int(number)
        elif _FLOAT.fullmatch(number):
            out[key] = float(number)
        else:
            return None
    return out


# a metric line's own loss (`{'loss': 6.15, ...`, `, 'loss': ...`), not a summary's `'train_loss'`
_LOSS_KEY = re.compile(r"[{,]\s{0,4}['‘]loss['’]:")


def _named_loss(record: dict[str, Any]) -> dict[str, Any]:
    """A training log whose loss has a name of its own (SetFit's `{'embedding_loss': 0.2744,
    'learning_rate': ..., 'epoch': 0.01}`): its one `*_loss` key, not an evaluation's, is the
    loss; else the record as it is."""
    if any(str(k).startswith(("eval_", "test_")) for k in record):
        return record  # (a summary names no learning rate: it never comes here)
    named = [k for k in record if isinstance(k, str) and k.endswith("_loss") and not k.startswith(("val_", "valid"))]
    # (one loss of its own name; several, `aux_loss` beside `lm_loss`, leave which is the total open)
    return {**record, "loss": record[named[0]]} if len(named) == 1 else record


_BAR_DATED = "_bar_dated"  # an event's mark, while parsing: a bar hung on the file's mtime dated it


def _eval(text: str) -> Any:
    """`ast.literal_eval`, silent: a log's string with a backslash before a letter (`'\\_'`) is
    no Python escape, and the compiler's warning about it would reach the user's terminal."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.literal_eval(text)


def _literal(text: str) -> dict[str, Any] | None:
    text = text.replace("‘", "'").replace("’", "'")
    if _FLAT_DICT.fullmatch(text) is not None and (flat := _flat_literal(text)) is not None:
        return flat
    try:
        value = _eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        # a float that is no literal: Python prints a NaN or infinite value as `nan`, `inf`
        # (`{'loss': 0.0, 'grad_norm': nan, ...}`, a run whose gradients blew up)
        if ("nan" not in text and "inf" not in text) or (marked := _NOT_FINITE.sub(r"'\1\2'", text)) == text:
            return None
        try:
            value = _eval(marked)
        except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
            return None
        if isinstance(value, dict):
            value = {k: float(v) if isinstance(v, str) and v in _NOT_FINITE_VALUES else v for k, v in value.items()}
    return value if isinstance(value, dict) else None


# a dict's value that is no literal: `nan`, `inf`, `-inf`
_NOT_FINITE = re.compile(r"(?<=: )(-?)(nan|inf)(?=[,}])")
_NOT_FINITE_VALUES = frozenset({"nan", "-nan", "inf", "-inf"})


@dataclass
class _Bar:
    """One run of the training bar: from a header (or its first reading) to the next."""

    header_ns: int | None  # the training header's time, else the last dated line before the bar
    header_logged: bool  # a header line started it
    resumed: bool = False  # its header said `Continuing training from global step N`
    moved: BarReading | None = None  # its first reading past 0 (`_first_moved`)
    moved_known: bool = False
    readings: list[BarReading] = field(default_factory=list)
    where: list[tuple[int, int | None]] = field(default_factory=list)  # each reading's (line number, rank)
    losses: list[float | None] = field(default_factory=list)  # each reading's loss in its postfix
    dated: list[tuple[int, int]] = field(default_factory=list)  # (readings printed before, line time)
    start_ns: int | None = None
    source: str | None = None
    seconds: dict[int, float] = field(default_factory=dict)  # step -> refined seconds since the start
    pauses: list[int] = field(default_factory=list)  # steps the run evaluated or saved after (sorted by `_clock`)
    training: bool = False  # a reading's description names training (`_TRAINING_BAR`)
    counts: list[int] = field(default_factory=list)  # each reading's count, in order (set by `_clock`)
    header_event: dict[str, Any] | None = None  # the start its header line made


def _trainer_header(text: str) -> bool:
    """Whether a `***** Running training *****` line is the Trainer's own: its message alone (transformers'
    default handler), or under its logger's name (`[INFO|trainer.py:2243] ... >> `, `INFO:transformers.trainer:`);
    not a script's that copies it under its own logger (`- INFO - __main__ - `, `get_logger("train")`)."""
    head = text[:text.find(_HEADER)]
    return not head.strip() or "trainer.py" in head or "transformers.trainer" in head


def _bar_at_total(rows: LogRows, bars: list[_Bar], total_steps: int) -> None:
    """The end of a run whose training bar reached the total optimization steps its header names
    (`***** Running training *****`, `Total optimization steps = 24`, no Trainer's own, `_trainer_header`:
    transformers' `*_no_trainer` example scripts and the loops made from them print no end of their
    own, their bar's last step the loop's; the Trainer always says when it ends)
    and which logged no end, nor a failure after that reading (a final save that failed), at that
    step's time."""
    header = next((i for i in range(len(bars) - 1, -1, -1) if bars[i].header_logged), None)
    started = max((e["line"] for e in rows.events if e["kind"] == LogEventKind.ATTEMPT_START.value
                   and e.get("detail") == "***** Running training *****"), default=None)
    if header is None or started is None or any(
            e["kind"] == LogEventKind.ATTEMPT_END.value and e["line"] > started for e in rows.events):
        return
    at = next(((number, rank) for bar in bars[header:] for reading, (number, rank) in zip(bar.readings, bar.where, strict=True)
               if reading.n == reading.total == total_steps), None)
    if at is None:
        return
    number, rank = at
    if any(e["kind"] in _FAILURE_KINDS and e["line"] >= number for e in rows.events):
        return
    ended = max((r["end_ns"] for r in rows.steps if r["line"] == number and r.get("end_ns") is not None), default=None)
    raw = ""
    if rows.clock is not None and rows.texts is not None and (k := bisect_left(rows.clock[0], number)) < len(rows.texts):
        raw = rows.texts[k]
    rows.event(LogEventKind.ATTEMPT_END, line=number, rank=rank, ts_ns=ended, raw=raw,
               detail="the training bar at the total optimization steps its header names")


@dataclass
class _Dict:
    index: int  # position in the file's lines
    line: Line
    record: dict[str, Any]
    before: tuple[int, BarReading] | None = None  # the last training-bar reading printed before it
    reading: tuple[int, BarReading] | None = None  # (bar, reading) that gives its step and time
    exact: bool = False  # the reading was drawn when the dict was written (not an earlier one)


class HFTrainerParser(LogReader):
    name = "hf_trainer"

    def detect(self, path: Path, head: bytes) -> Claim:
        found = console_format(path)
        if found is not None:
            return Claim.CONTENT if found == self.name else Claim.NO
        text = head.decode("utf-8", "replace")
        if (_HEADER in text or "'train_runtime'" in text or _TRAIN_METRICS in text
                or "Saving model checkpoint to" in text and _SAVE.search(text) is not None
                or "Continuing training from global step" in text or "Resuming training from checkpoint with" in text
                # (an example script's word on the checkpoint its Trainer will resume from, its run cut before the
                # Trainer's header: a tokenization's hang)
                or "Checkpoint detected, resuming training at " in text
                or "Training Loss" in text and (any(
                    _NOTEBOOK_HEADER.match(body := line.rstrip(" \\")) or _NOTEBOOK_EPOCH_HEADER.match(body)
                    for line in text.splitlines())
                    or ("<th>Step</th>" in text or "<th>Epoch</th>" in text) and "<th>Training Loss</th>" in text)):
            return Claim.CONTENT
        # (the Trainer's dicts name their epoch or learning rate; a Keras callback's `{'loss': 1.0,
        # 'auc': 0.47, 'batch': 0}` does not)
        dict_lines = sum(1 for raw in text.splitlines() if ("{'loss'" in strip_prefix(raw)[1] or "{‘loss’" in raw)
                         and ("epoch" in raw or "learning_rate" in raw))
        return Claim.CONTENT if dict_lines >= 2 else Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "hf_trainer")
        train_total = _training_total(lines)
        bars: list[_Bar] = []
        dicts: list[_Dict] = []
        # (bar, reading) drawn right after a write: after the bar's clear, or (a console that
        # kept only each line's last drawing) right after the written line
        cleared: list[tuple[int, BarReading]] = []
        adjacent: list[tuple[int, BarReading]] = []
        reading_at: dict[int, tuple[int, BarReading]] = {}  # line index -> its first training reading
        last_reading: tuple[int, BarReading] | None = None
        hung_ns: int | None = None  # the shortest a watchdog said a collective had hung since the bar's last reading
        total_steps: int | None = None
        batch: float | None = None
        epochs: int | None = None
        ds_lrs: list[tuple[str, int]] = []  # DeepSpeed's engine's step reports: (learning rate as printed, step)
        ds_lines: list[tuple[Line, int]] = []  # and their lines
        saved: list[tuple[int, int | None, int]] = []  # `checkpoint-N` saves: (line index, rank, N)
        by_max_steps = False  # the run's header will count the epochs `max_steps` began
        examples: int | None = None  # the header's `Num examples`
        updates_per_epoch: int | None = None  # the header's `Num update steps per epoch` (transformers 5)
        logging_args: dict[str, str] = {}  # the printed TrainingArguments' logging fields (`_LOGGING_ARG`)
        headers: list[int] = []  # the positions of the training headers' lines
        unsloth_total = False  # the total steps are Unsloth's banner's
        global_step: int | None = None
        last_dated: int | None = None
        previous_was_dict = False
        summarized_run = False  # the run since the last header printed its summary (dict or metrics table)
        eval_table: dict[str, Any] | None = None  # the eval metrics table read, its runtime row still to come
        train_output_end: dict[str, Any] | None = None  # the end a TrainOutput gave this run, where one did
        script = False  # a training header logged by the script itself
        own_loop = False  # the last training header is no Trainer's own (`_trainer_header`): a script's loop
        run_ends: list[int] = []  # the positions of the lines a sweep driver said a run ended on (`_OPTUNA_TRIAL`)
        shard_saves = _ShardSaves()  # transformers 5's saves at its default log level
        accelerate_state = False  # Accelerate's state printed (`Distributed environment: MULTI_GPU  Backend: ...`)
        # the header of the example scripts before the Trainer (transformers 2's `run_glue.py` and the CodeXGLUE scripts
        # copied from them: `Instantaneous batch size per GPU = 6`, where Accelerate's say `per device`)
        per_gpu = False
        swift = False  # ms-swift's logger's lines (`[INFO:swift] ...`): its trainer, the Trainer's subclass
        completed = False  # the Trainer said `Training completed.` since the last header
        replay = _Replay()  # the loss dicts printed since the last header, and a second process's copy of them
        for index, line in enumerate(lines):
            text = line.text
            if "Distributed environment: " in text:
                accelerate_state = True
            per_gpu = per_gpu or "Instantaneous batch size per GPU = " in text
            swift = swift or text.startswith("[INFO:swift] ")
            if "max_steps is given" in text:
                by_max_steps = True  # (the Trainer's word that `max_steps` overrides `num_train_epochs`)
            if _HEADER in text:
                script = script or " - __main__ - " in text  # (a script's own logger, not transformers.trainer's)
                own_loop = not _trainer_header(text)
                bars.append(_Bar(line.ts_ns, True))
                headers.append(index)
                total_steps = None
                summarized_run = False
                completed = False
                replay = _Replay()
                train_output_end = None
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail="***** Running training *****", raw=text)
                bars[-1].header_event = rows.events[-1]
                previous_was_dict = False
                continue
            readings = [r for r in bar_readings(text) if r.total is not None and r.total in train_total
                        and not _loading_bar(text, r)] if "[" in text else []
            for i, reading in enumerate(readings):
                bar = bars[-1] if bars else None
                if bar is None or (bar.readings and (reading.n < bar.readings[-1].n
                                                     or reading.elapsed_s < bar.readings[-1].elapsed_s
                                                     or (run_ends and bar.where[-1][0] < lines[run_ends[-1]].number))):
                    # the first reading, or a bar that starts over with no header: a new bar (a
                    # relaunch's dicts that repeat the run before's are its own); or one drawn after a
                    # sweep driver said the run ended (a trial's bar only its last frame shows,
                    # `24/24 [00:51<00:00, ...]`, after the trial before's `24/24 [00:51<...]`)
                    bar = _Bar(last_dated, False)
                    bars.append(bar)
                    replay = _Replay()
                bar.readings.append(reading)
                bar.training = bar.training or _TRAINING_BAR.match(text, 0, reading.start) is not None
                bar.where.append((line.number, line.rank))
                bar.losses.append(postfix_loss(text, reading))
                last_reading = (len(bars) - 1, reading)
                hung_ns = None
                shard_saves.arm(rows, reading)
                if i == 0:
                    reading_at[index] = last_reading
                    if line.after_clear:
                        cleared.append(last_reading)
                    elif previous_was_dict:
                        adjacent.append(last_reading)
            if "ran for " in text and (watchdog := WATCHDOG.search(text)) is not None:
                ran_ns = int(watchdog.group("ran")) * 1_000_000
                hung_ns = ran_ns if hung_ns is None else min(hung_ns, ran_ns)
            if line.ts_ns is not None:
                last_dated = line.ts_ns
                if bars:
                    # (after watchdogs' word that a collective ran N ms before it timed out, the bar's last step was
                    # drawn the shortest N before that at the latest (its process's among them: another's may have
                    # hung on an earlier collective): the line bounds the bar's start no later)
                    bars[-1].dated.append((len(bars[-1].readings), line.ts_ns - (hung_ns or 0)))
            if _WRITING_SHARDS in text and last_reading is not None and shard_saves.read(rows, line, last_reading):
                bars[last_reading[0]].pauses.append(last_reading[1].n)  # (saved after that step)
            previous_was_dict = False
            # each rule's own literal first: most lines hold none, and a substring check costs
            # a few ns where a regex search costs a microsecond
            if " = " in text:
                if "Total " in text and (m := _TOTAL_STEPS.search(text)) is not None:
                    total_steps = int((m.group(1) or m.group(2)).replace(",", ""))
                    unsloth_total = m.group(2) is not None
                if "Num " in text and (m := _EPOCHS.search(text)) is not None:
                    # (a run of `max_steps` over an iterable dataset prints `sys.maxsize`: no epoch
                    # count, left out in `_rows`; a run `max_steps` ends inside its last epoch
                    # prints the epochs begun, rounded up: no steps an epoch either)
                    epochs = None if by_max_steps else int(m.group(1).replace(",", ""))
                    by_max_steps = False
                if (("Total train batch size" in text and (m := _BATCH.search(text)) is not None)
                        or ("Total batch size" in text and (m := _UNSLOTH_BATCH.search(text)) is not None)):
                    batch = float(m.group(1).replace(",", ""))
                if examples is None and "Num examples = " in text and (m := _EXAMPLES.search(text)) is not None:
                    examples = int(m.group(1).replace(",", ""))  # (the training header's: an evaluation's comes later)
                if "Num update steps per epoch" in text and (m := _UPDATES_PER_EPOCH.search(text)) is not None:
                    updates_per_epoch = int(m.group(1).replace(",", "")) or None
            if ("logging_" in text or "max_steps=" in text) and "=" in text:
                for arg in _LOGGING_ARG.finditer(text):
                    logging_args.setdefault(arg.group("key"), arg.group("value").strip("'"))
            if "] Trial " in text and (trial := _OPTUNA_TRIAL.match(text)) is not None:
                run_ends.append(index)
                last_reading = None  # (the next trial's dicts are no step of this trial's bar)
                if trial.group("how") == "pruned":
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               detail="Optuna: the trial pruned", raw=text)
                continue
            if "TrainOutput(" in text and (m := _TRAIN_OUTPUT.search(text)) is not None:
                global_step = int(m.group(1))
                if not summarized_run and "'train_runtime'" in text:
                    # `trainer.train()`'s return value, as a notebook shows it, with no summary
                    # dict printed before it (its metrics repeat that dict where there is one)
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               detail="TrainOutput", raw=text)
                    summarized_run = True
                    train_output_end = rows.events[-1]
                continue
            if ("train_runtime" in text and ("'train_runtime'" in text or "‘train_runtime’" in text)
                    and not _LOSS_KEY.search(text)):
                summarized_run = True  # its summary dict ends the attempt (`_rows`)
                shard_saves.done = True  # (a save after it is the final model's, no checkpoint)
                if train_output_end is not None:
                    # (a logged TrainOutput that stderr wrote before stdout's dict: the dict's end)
                    rows.events[:] = [e for e in rows.events if e is not train_output_end]
                    train_output_end = None
            elif _TRAIN_METRICS in text and not summarized_run:
                # the run's metrics table (`trainer.log_metrics("train", ...)` in the example scripts
                # and LLaMA-Factory, after the final save) with no summary dict before it: its end
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail="train metrics", raw=text)
                summarized_run = True
                continue
            if ("Continuing training" in text or "Resuming training from" in text) and (m := _CONTINUE.search(text)) is not None:
                resumed_from = int(m.group(1) or m.group(2))
                rows.event(LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=resumed_from, detail="continuing training", raw=text)
                dicts.append(_Dict(index, line, {"_resumed_from": resumed_from}, last_reading))
                replay = _Replay()
                if bars:
                    bars[-1].resumed = True
                continue
            if ("Saving model checkpoint: " in text and (m := _DS_SAVE.search(text)) is not None
                    and (not saved or saved[-1][1:] != (line.rank, int(m.group(1))))):
                # DeepSpeed's engine writing the Trainer's checkpoint (its own save event the shared rules read):
                # the step it names, where the Trainer's own word on it is not logged (its default level)
                saved.append((index, line.rank, int(m.group(1))))
            if (("Saving model checkpoint to " in text and (m := _SAVE.search(text)) is not None)
                    or ("Checkpoint destination directory " in text and (m := _SAVE_OVER.search(text)) is not None)
                    or ("Restored added_tokens_decoder" in text and (m := _UNSLOTH_SAVE.search(text)) is not None)):
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank,
                           ts_ns=line.ts_ns, step=int(m.group(1)), raw=text)
                saved.append((index, line.rank, int(m.group(1))))
                if bars:
                    bars[-1].pauses.append(int(m.group(1)))
                continue
            if eval_table is not None and "eval_runtime" in text and (m := _EVAL_RUNTIME_ROW.search(text)) is not None:
                eval_table["duration_s"] = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
                eval_table = None
                continue
            if _EVAL_METRICS in text:
                rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                eval_table = rows.events[-1]  # (its runtime on a row below)
                continue
            if eval_table is not None and " = " not in text:
                eval_table = None  # (the table ended with no runtime row: each of its rows is `  key = value`)
            if "***** Running Evaluation" in text and _EVAL_HEADER.search(text):
                rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                continue
            if "eval_runtime: " in text and "{" not in text and (m := _EVAL_RUNTIME_PAIRS.search(text)) is not None:
                rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           duration_s=float(m.group(1)), raw=text)
                continue
            completed = completed or _COMPLETED in text
            if "{" in text:
                for start, written_dict in _dicts_in(text):
                    record = _literal(written_dict)
                    if record is not None and "loss" not in record and "learning_rate" in record:
                        record = _named_loss(record)
                    if record is None or not ("loss" in record or "train_runtime" in record
                                              or any(str(k).startswith("eval_") for k in record)):
                        continue
                    if completed and to_float(record.get("loss")) == 0 and to_float(record.get("learning_rate")) == 0:
                        # (LLaMA-Factory's callback logs a zero loss and learning rate as training
                        # ends: no step; the Trainer's own dicts may come after the word, kept in
                        # stdout's buffer)
                        continue
                    if "loss" in record and line.rank is None and replay.copied(written_dict, record):
                        continue  # another process's copy of the dicts (no launcher prefix tells them apart)
                    if dicts and _same_log(dicts[-1], index, line, record):
                        # LLaMA-Factory's callback logs each record before the Trainer prints its
                        # dict: one log, the dict's fuller figures kept
                        dicts[-1].record = {**dicts[-1].record, **record}
                        continue
                    d = _Dict(index, line, record, last_reading)
                    if last_reading is not None and any(str(k).startswith("eval_") for k in record):
                        bars[last_reading[0]].pauses.append(last_reading[1].n)  # (evaluated after that step)
                    if (readings and last_reading is not None and readings[-1].end <= start
                            and (readings[-1].seconds_per_item or 0.0) >= _EVERY_STEP_DRAWN_S):
                        # written right after a reading on its line (a console that keeps no
                        # carriage return: the bar was drawn, then the dict printed after it) of
                        # a bar slow enough that tqdm drew every step: that reading is its step's,
                        # not the next line's (a faster bar's last drawing may lag the step)
                        d.reading, d.exact = last_reading, True
                    else:
                        previous_was_dict = True
                    dicts.append(d)
            if "skipped=" in text and "] step=" in text and (ds := _DS_STEP.search(text)) is not None:
                ds_lrs.append((ds.group("lr"), int(ds.group("step"))))
                ds_lines.append((line, int(ds.group("step"))))
            events.scan(line)
        if run_ends:
            _trial_final_frames(dicts, reading_at, run_ends)
        written = [d for d in dicts if "_resumed_from" not in d.record and not d.exact]
        # (a reading a dict was glued to is that dict's, no other's redraw)
        glued = {id(d.reading[1]) for d in dicts if d.exact and d.reading is not None}
        redraws = [r for r in (cleared or adjacent) if id(r[1]) not in glued]
        if len(redraws) == len(written) and written:
            for d, reading in zip(written, redraws, strict=True):
                d.reading, d.exact = reading, True
        else:
            # redrawn right after the dict was written, else the last reading before it; unless
            # the dicts' epochs say each is the step drawn before it (a copy that kept one drawing
            # a step, each dict after its own: the next drawing is a later step's)
            after_of = {id(d): after for d in written
                        if (after := reading_at.get(d.index + 1)) is not None and after != d.before}
            if after_of and _epochs_fit(written, lambda d: d.before) and not _epochs_fit(
                    written, lambda d: after_of.get(id(d), d.before)):
                after_of = {}
            for d in written:
                if (after := after_of.get(id(d))) is not None:
                    d.reading, d.exact = after, True
                else:
                    d.reading = d.before
        mtime = file_mtime_ns(path)
        # dated lines without a year (glog) whose year is the mtime's: every anchor rests on it
        year_from_mtime = years_guessed(lines)
        span_s = sum(float(bar.readings[-1].elapsed_s) for bar in bars if bar.readings)
        for number, bar in enumerate(bars):
            _clock(bar, mtime_if_run_end(mtime, lines, span_s) if number == len(bars) - 1 else None)
            if bar.source == "tqdm" and year_from_mtime:
                bar.source = "tqdm_mtime"
        _bar_start(rows, bars, lines)
        for bar in bars:
            if bar.header_event is not None and bar.header_event["ts_ns"] is None and bar.start_ns is not None and bar.readings:
                # (a header with no time of its own: the training it heads began as its bar did, at step 0)
                bar.header_event["ts_ns"] = bar.start_ns
                bar.header_event[_BAR_DATED] = bar.source == "tqdm_mtime"
        for event, (number, reading), seconds in shard_saves.saves:
            bar = bars[number]
            if event["ts_ns"] is None and bar.start_ns is not None and reading.n in bar.seconds:
                # (after its step, as the training bar's clock dates that step's reading)
                event["ts_ns"] = bar.start_ns + int((bar.seconds[reading.n] + seconds) * 1e9)
                event[_BAR_DATED] = bar.source == "tqdm_mtime"
        # (the header's steps an epoch where its examples in batches of its size make as many: not a run that
        # `max_steps` ends inside an epoch, `Num Epochs = 1 | Total steps = 60` over 5,000 examples in batches of 8)
        epoch_checked = bool(total_steps and epochs and examples and batch
                             and abs(total_steps / epochs - math.ceil(examples / batch)) <= 1)
        if unsloth_total and not epoch_checked:
            epochs = None  # (Unsloth's banner counts the epochs begun, `max_steps` or not: no steps an epoch unchecked)
        unplaced, untold, ordinal = self._rows(rows, dicts, bars, total_steps, epochs, batch,
                                               global_step or (max(train_total) if train_total else None), ds_lrs,
                                               run_ends, saved, epoch_checked, updates_per_epoch, _printed_grid(logging_args),
                                               [*headers, *run_ends])
        _samples_since_last(rows, batch)
        if ds_lines:
            _deepspeed_steps(rows, ds_lines)
        if total_steps is not None and own_loop:
            _bar_at_total(rows, bars, total_steps)
        if not rows.steps:
            _notebook_rows(lines, rows)
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no HF Trainer lines found", where="line 1")
        if script and (accelerate_state or not (per_gpu or any("loss" in d.record for d in dicts))):
            # transformers' `*_no_trainer` examples (and scripts made from them): Accelerate's loop,
            # the Trainer's header copied under the script's logger, the state Accelerate prints
            # or no Trainer's loss dict (not the examples' loops before the Trainer, their header's `per GPU`: generic)
            for row in (*rows.steps, *rows.events):
                row["framework"] = "accelerate"
        elif script and per_gpu and not any("loss" in d.record for d in dicts):
            # (the examples' own loop before the Trainer, and the scripts copied from them: no framework's)
            for row in (*rows.steps, *rows.events):
                row["framework"] = "generic"
        elif swift:
            for row in (*rows.steps, *rows.events):
                row["framework"] = "ms_swift"
        # summaries a bar hung on the file's mtime dated (`_BAR_DATED`), where no step says so (its
        # steps undated): their date is an estimate, as a year taken from the mtime is (attempts.clock
        # `mtime_year`); where its steps say so, the run's clock is theirs (`mtime`)
        guessed = not any(row.get("time_source") == "tqdm_mtime" for row in rows.steps)
        for event in rows.events:
            if event.pop(_BAR_DATED, False) and guessed:
                event["year_from_mtime"] = True
        result = log_result(rows, warning)
        if unplaced:
            result.warnings.append(
                f"{unplaced} metric lines printed long after their steps (stdout kept in a buffer while the bar went "
                "to stderr) are left out: their printed epochs are too coarse to name their steps")
        if untold or ordinal:
            result.warnings.append(
                f"{untold or ordinal} metric lines name no step, and their epochs show that the log does not hold "
                "every one from the run's start (a tail, or lines cut out): "
                + ("left out, as a bar or a dict names the steps of others" if untold
                   else f"numbered 1 to {ordinal} in the order printed, not the run's steps"))
        return result

    @staticmethod
    def _rows(rows: Any, dicts: list[_Dict], bars: list[_Bar], total_steps: int | None, epochs: int | None,
              batch: float | None, run_total: int | None, ds_lrs: Sequence[tuple[str, int]] = (),
              run_ends: Sequence[int] = (), saved: Sequence[tuple[int, int | None, int]] = (),
              epoch_checked: bool = False, updates_per_epoch: int | None = None,
              printed_grid: tuple[int, bool, bool] | None = None, run_starts: Sequence[int] = ()) -> tuple[int, int, int]:
        """The dicts' rows (and the bars' steps between them); how many dicts were left out as
        printed out of place, and as counted where their count names no step (`_counted_from_start`)
        though others' steps are named; how many such are numbered by their count all the same,
        where no dict's step is named (their order and times are what the log says)."""
        if epochs and total_steps and epochs > total_steps:
            epochs = None  # (no epoch without a step: `Num Epochs = 9,223,372,036,854,775,807` is no count)
        losses = [d for d in dicts if "loss" in d.record]
        clocked: list[tuple[dict[str, Any], float, int]] = []  # (row, its dict's seconds since training began, line)
        # each metric line's place among its own process's (a launcher's prefix tells processes
        # apart: each node of a pdsh launch prints the same dicts)
        by_rank: dict[int | None, list[_Dict]] = {}
        for d in losses:
            by_rank.setdefault(d.line.rank, []).append(d)
        loss_number = {id(d): i for group in by_rank.values() for i, d in enumerate(group, start=1)}
        counted = {rank: _counted_from_start(group) for rank, group in by_rank.items()}
        untold = ordinal = 0  # dicts whose count is no step by their epochs: left out, numbered by it
        named = any(d.reading is not None or "step" in d.record or "global_step" in d.record for d in losses)
        gridded = {key: step for group in by_rank.values() for runs in [_resumed_runs(group, dicts)]
                   for number, run in enumerate(runs) for key, step in _logging_grid(
                       run, dicts, run_total, ends_run=number == len(runs) - 1).items()}
        save_steps = {key: step for rank, group in by_rank.items()
                      for key, step in _save_grid(group, [(index, step) for index, r, step in saved if r == rank]).items()}
        # a dict with no step of its own and no drawing beside it, whose learning rate DeepSpeed's
        # engine printed at one step only (`[Rank 0] step=10, skipped=0, lr=[0.0003333333333333334]`,
        # the same float): that step (a console that kept stdout, the Trainer's dicts and DeepSpeed's
        # lines, not stderr's bar)
        by_lr: dict[float, int | None] = {}
        for printed, ds_step in ds_lrs:
            if (value := to_float(printed)) is not None:
                by_lr[value] = ds_step if value not in by_lr else None
        # (one dict at that rate, and no drawing beside it: a constant rate names no step)
        dict_lrs = Counter(to_float(d.record.get("learning_rate")) for d in losses)
        lr_placed = {id(d): placed for d in losses if d.reading is None and "step" not in d.record
                     and "global_step" not in d.record and dict_lrs[lr := to_float(d.record.get("learning_rate"))] == 1
                     and (placed := by_lr.get(lr if lr is not None else -1.0)) is not None}
        anchored = {key: step for rank, group in by_rank.items()
                    for key, step in _anchored_steps(group, counted[rank], lr_placed).items()}
        per_epoch = _epoch_length(losses, dicts, run_total) if not (total_steps and epochs) else None
        header_per_epoch = updates_per_epoch or (_saves_per_epoch(by_rank, saved, total_steps / epochs)
                                                 or total_steps / epochs if total_steps and epochs else None)
        on_arguments = {key: step for group in by_rank.values() for key, step in _on_printed_grid(
            group, dicts, printed_grid, run_starts, rows.events, run_total or total_steps, header_per_epoch).items()}
        # steps an epoch to check a bar's placing against, however coarse the printed epochs (the
        # summary's: a header's `Num Epochs` is rounded up where `max_steps` ends the run inside
        # one), in a file of one run (one summary, however often printed, and one bar that drew:
        # each node of a multi-node run prints the header, a script may print the summary again);
        # and how far a placing may stray from a dict's epoch: its printing's half unit, both
        # ways, and a few steps of a bar's drawing lagging the step
        one_run = (len({str(d.record.get("train_runtime")) for d in dicts if hf_summary(d.record)}) == 1
                   and sum(1 for bar in bars if bar.readings) <= 1)
        coarse = _summary_epoch(dicts, run_total) if one_run else None
        if coarse is None and sum(1 for bar in bars if bar.readings) <= 1 and not any(hf_summary(d.record) for d in dicts):
            # (a run cut before its summary: its header's steps an epoch where its examples and batch size agree,
            # else what the dicts its bar placed say)
            coarse = (header_per_epoch if epoch_checked else None) or _placed_epoch(losses)
        stray = 2 * _epoch_half_unit(losses) * coarse + 5 if coarse else None
        # how many steps a dict's printed epoch may be off by: where more than a few, a dict out of
        # place is left out (said in a warning) rather than put at a step its epoch cannot name.
        # (The Trainer rounds the epoch to 2 decimals at most: `'epoch': 2.0` is 2.00, its zero not printed)
        placeable = coarse is not None and min(_epoch_half_unit(losses), 0.005) * coarse <= MAX_EPOCH_PLACING_ERROR
        buffered: set[int | None] = set()  # the readings (by id) that dicts printed out of place followed
        unplaced = 0  # dicts printed out of place whose epoch names no step closely enough
        last_steps: dict[int | None, int] = {}  # each process's last metric line's step
        counted_tokens = _TokenCounts()  # each process's run's count of tokens trained on, as its dicts print it
        drawn = {index: sorted(bar.seconds) for index, bar in enumerate(bars)}  # the steps each bar drew
        previous_reading: dict[int, BarReading] = {}  # bar -> its last reading a dict used
        logged: dict[tuple[int | None, int], set[int | None]] = {}  # (bar, step) -> the ranks whose metric line has it
        stale = Counter(id(d.reading[1]) for d in losses if d.reading is not None)  # reading -> the metric lines beside it
        # step -> (rank, row) of the metric lines with no reading of their own beside them
        untimed: dict[int, list[tuple[int | None, int]]] = {}
        ended = 0  # the run ends (`run_ends`) before the dicts looked at so far
        for d in dicts:
            record, line = d.record, d.line
            if ended < len(run_ends) and run_ends[ended] < d.index:
                while ended < len(run_ends) and run_ends[ended] < d.index:
                    ended += 1
                last_steps.clear()  # (a new run: its steps from its own start)
                counted_tokens.last.clear()
            if "_resumed_from" in record:
                last_steps[line.rank] = record["_resumed_from"]
                continue
            when, source, step_time = line.ts_ns, "log_line" if line.ts_ns is not None else None, None
            bar_step = None
            if d.reading is not None:
                bar, reading = bars[d.reading[0]], d.reading[1]
                bar_step = reading.n
                # the rate is checked against the bar's clock since an earlier reading: the
                # previous row's, else the bar's first reading of an earlier step (not its
                # start, which may hold a resumed run's jump); both, where they differ
                first = _earlier_reading(bar, reading)
                earlier = previous_reading.get(d.reading[0]) or first
                step_time = _bar_rate(bar, reading, earlier)
                if step_time is not None and first is not None and first is not earlier and _jumped(bar) and (
                        not _jump_forgotten(bar, first, reading)) and rate_agrees(bar.seconds, reading, first) is None:
                    # (and, on a bar that jumped at its first update, since that reading: a
                    # resumed bar's average is still catching up with its jump, by the bar's
                    # whole stretch, until its average forgets the jump; not on others, whose
                    # stretch holds evaluations and saves)
                    step_time = None
                previous_reading[d.reading[0]] = reading
            moved = False  # a metric line the reading beside it does not place (printed out of place)
            if d.reading is not None and line.ts_ns is None and "loss" not in record:
                bar = bars[d.reading[0]]
                if bar.start_ns is not None and d.reading[1].n in bar.seconds:
                    when, source = bar.start_ns + int(bar.seconds[d.reading[1].n] * 1e9), bar.source
            runtime = to_float(record.get("train_runtime"))
            # (the summaries a bar hung on the file's mtime dates are marked `_BAR_DATED`)
            bar_dated = when is not None and source == "tqdm_mtime"
            if hf_summary(record):
                header = next((b.header_ns for b in reversed(bars) if b.header_logged), None)
                end = header + int(runtime * 1e9) if header is not None and runtime is not None and 0 <= runtime < 1e8 else when
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=end,
                           duration_s=runtime, detail="train_runtime", raw=line.text)
                if header is None and end is not None and runtime is not None and 0 <= runtime < 1e8:
                    # no header: the runtime says when training started
                    rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank,
                               ts_ns=end - int(runtime * 1e9), detail="train_runtime before the end", raw=line.text)
                if bar_dated and end == when:  # (not where the header dates it)
                    for event in rows.events[-2:]:
                        if event["line"] == line.number:
                            event[_BAR_DATED] = True
                # (the run's summary: a metric line after it is a new run's, its steps counted from its own
                # start again: `hyperparameter_search`'s next trial in the same process)
                last_steps.pop(line.rank, None)
                counted_tokens.last.pop(line.rank, None)
            elif "loss" not in record:
                rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=when,
                           duration_s=to_float(record.get("eval_runtime")), raw=line.text)
                if bar_dated:
                    rows.events[-1][_BAR_DATED] = True
            else:
                epoch = to_float(record.get("epoch"))
                # (ms-swift's dicts name it `'global_step': 735`)
                logged_step = to_int(record.get("step", record.get("global_step")), text=False)
                if logged_step is None and isinstance(shown := record.get("global_step/max_steps"), str):
                    logged_step = to_int(shown.split("/", 1)[0])  # ms-swift's `'global_step/max_steps': '50/60'`
                if logged_step is not None and logged_step >= 0:
                    step = logged_step  # the dict says which step it is (TFTrainer and others print it)
                elif (by_rate := lr_placed.get(id(d))) is not None:
                    step = by_rate  # (DeepSpeed's report of its step at the same learning rate)
                elif d.reading is None and (on_printed := on_arguments.get(id(d))) is not None:
                    step = on_printed  # (the logging grid the run's printed arguments name)
                elif (placed := anchored.get(id(d))) is not None and not (
                        epoch is not None and coarse and stray is not None and abs(placed - epoch * coarse) > stray):
                    # (evenly between two dicts a reading placed, where the dict's epoch does not
                    # name another step: a paste with lines cut out between the two)
                    step, step_time = placed, None
                    if d.reading is not None and d.reading[1].n != step:
                        stale[id(d.reading[1])] = 0  # (its reading is an earlier step's: the bar's clock places it)
                elif bar_step is not None and not (
                        bar_step == 0 and d.reading is not None and stale[id(d.reading[1])] > 1) and not (
                        # (a finished bar's last drawing before dicts that no drawing of their own follows: their
                        # steps were before it (W&B's output.log keeps a bar's final drawing alone, in front of the
                        # lines written while it ran); the logging grid places them where their epochs show one)
                        not d.exact and d.reading is not None and d.reading[1].total is not None
                        and d.reading[1].n == d.reading[1].total and id(d) in gridded):
                    # (a reading at 0 beside several metric lines: a bar not drawn since it began,
                    # which places none of them)
                    # tqdm redraws at most every 0.1 s, so a reading printed before the dict can
                    # lag it: a metric line is at least one step past the previous one
                    step = bar_step if d.exact else max(bar_step, last_steps.get(line.rank, 0) + 1)
                    placing = id(d.reading[1]) if d.reading is not None else None
                    if epoch is not None and coarse and stray is not None and (
                            abs(step - epoch * coarse) > stray or placing in buffered):
                        # the dict was printed long after the step it logs: stdout kept in a buffer
                        # (`nohup python train.py > log`) while tqdm's bar went to stderr at once;
                        # the dict's epoch places it, and the others that reading would place
                        # (printed with it), and the bar's rate is no time of their steps
                        buffered.add(placing)
                        if not placeable:
                            unplaced += 1
                            continue
                        # (in the order printed: past the previous dict's step, and past step 0; on the
                        # logging grid where the dicts' epochs show one)
                        step = gridded.get(id(d), max(round(epoch * coarse), last_steps.get(line.rank, 0) + 1, 1))
                        step_time, moved = None, True
                elif (on_grid := gridded.get(id(d))) is not None:
                    step = on_grid  # (the logging grid their epochs show)
                elif epoch is not None and header_per_epoch:
                    step = round(epoch * header_per_epoch)  # the header says how many steps an epoch has
                elif epoch is not None and per_epoch is not None:
                    step = round(epoch * per_epoch)  # the summary says how many (`_epoch_length`)
                elif (on_saves := save_steps.get(id(d))) is not None:
                    step = on_saves  # (the logging grid the `checkpoint-N` saves among the dicts show)
                elif counted[line.rank] or not named:
                    step = loss_number[id(d)]  # no clue: the line's ordinal
                    ordinal += not counted[line.rank]
                else:
                    untold += 1
                    continue
                last_steps[line.rank] = step
                if d.reading is not None and line.ts_ns is None:
                    bar = bars[d.reading[0]]
                    seconds = bar.seconds.get(step)  # the step's own first reading
                    if seconds is None:
                        seconds = _between(bar.seconds, drawn[d.reading[0]], step)
                    if bar.start_ns is not None and seconds is not None:
                        when, source = bar.start_ns + int(seconds * 1e9), bar.source
                logged.setdefault((d.reading[0] if d.reading is not None else None, step), set()).add(line.rank)
                if d.reading is None or moved or (d.reading[1].n == 0 and stale[id(d.reading[1])] > 1):
                    untimed.setdefault(step, []).append((line.rank, len(rows.steps)))
                made = len(rows.steps)
                rows.step(
                    line=line.number, rank=line.rank, step=step, end_ns=when, time_source=source if when is not None else None,
                    loss=loss_value(record.get("loss")), lr=to_float(record.get("learning_rate")),
                    grad_norm=to_float(record.get("grad_norm")), samples=batch, step_time_s=step_time,
                    tokens=counted_tokens.since_last(line.rank, step, record),
                )
                if (len(rows.steps) > made and isinstance(since := record.get("elapsed_time"), str)
                        and (said := duration_s(since))):
                    clocked.append((rows.steps[-1], said[0], line.number))  # (ms-swift's `'elapsed_time': '1m 3s'`)
        # The training bar counts optimizer steps (ProgressCallback moves it to global_step at each
        # step's end): the steps it shows between metric lines (logging_steps apart) and after
        # the last one (a crash before the next log) were done, at the bar's time.
        # A bar's steps that a metric line of the same bar has are not repeated (a bar line with
        # no launcher prefix is the same process's as a metric line with one: tqdm writes the bar
        # to stderr, which srun labels and torchrun tees apart from stdout); a restarted run's bar
        # redoes steps of an earlier one.
        # Only a bar that metric lines were placed on, whose total the header gives, or whose count
        # a checkpoint save names: with no header to give the training bar's total, an evaluation
        # bar drawn more often could be taken for it, and each evaluation would count its batches
        # as steps again.
        carrying = {index for index, _ in logged if index is not None}
        # or a bar of the total the training header gives (`Total optimization steps = 250`: a
        # run cut before its first metric line, diffusers' scripts' `Steps:` bar, with its loss
        # in the bar's postfix)
        if total_steps is not None:
            carrying |= {index for index, bar in enumerate(bars) if any(r.total == total_steps for r in bar.readings)}
        # or a bar a training header started whose description names training (safe-rlhf's
        # `Training 1/3 epoch (loss 1.1828):   0%| | 115/39003 [09:28<53:15:37,  4.93s/it]`, no
        # total in its header)
        carrying |= {index for index, bar in enumerate(bars) if bar.header_logged and bar.training}
        # Where no metric line was placed on a bar (a run shorter than its logging interval writes
        # none), the reading its summary dict was drawn beside (`train_runtime`: tqdm redraws the
        # training bar right after it) is a step done, where its total is the run's steps by the
        # summary (`train_runtime` x `train_steps_per_second`, rounded to 3 decimals as printed); and
        # so is every reading of that bar drawn before it (one bar: its count never went back)
        if not carrying:
            for d in dicts:
                runtime = to_float(d.record.get("train_runtime"))
                rate = to_float(d.record.get("train_steps_per_second"))
                if d.reading is None or runtime is None or rate is None or not 0 < runtime < 1e8:
                    continue
                total = d.reading[1].total
                if total is not None and abs(runtime * rate - total) <= 0.5 + runtime * 0.0005:
                    carrying.add(d.reading[0])
        # or a bar that reads N where `checkpoint-N` is saved (glued to its reading, or the next
        # line): the step count of the saves is the training bar's
        saves = {e["line"]: e["step"] for e in rows.events
                 if e["kind"] == LogEventKind.CHECKPOINT_SAVE_START.value and e.get("step") is not None}
        if saves:
            carrying |= {index for index, bar in enumerate(bars)
                         if any(saves.get(number) == reading.n or saves.get(number + 1) == reading.n
                                for reading, (number, _) in zip(bar.readings, bar.where, strict=True))}
        for index, bar in enumerate(bars):
            if index not in carrying:
                continue
            # a step's loss is its last drawing's (diffusers' bar: update(1) draws the step with the
            # loss before it, set_postfix draws it again with its own)
            last_loss = {reading.n: loss for reading, loss in zip(bar.readings, bar.losses, strict=True)}
            # the bar's first reading ends the steps it counts since the bar began: a console whose
            # first drawing kept is `241/250 [04:53<00:10, 1.22s/it]` ran 241 steps in those 293 s
            # (the step rows' `start_ns`: their time over the step time, the steps it covers)
            opening = next((r for r in bar.readings if r.n > 0), None)
            for reading, (number, rank) in zip(bar.readings, bar.where, strict=True):
                ranks = logged.get((index, reading.n), set()) | logged.get((None, reading.n), set())
                if reading.n <= 0 or (ranks and (rank in ranks or rank is None or None in ranks)):
                    # a metric line has the step: the bar's rate is its step time where no reading
                    # was drawn beside the line (the summary's reading of a bar drawn only at its end)
                    # the same process's line, else one where either is unlabelled (tqdm writes to
                    # stderr, which a launcher may label apart from stdout)
                    lines_of = untimed.get(reading.n, ())
                    at = next((i for r, i in lines_of if r == rank), None)
                    if at is None:
                        at = next((i for r, i in lines_of if rank is None or r is None), None)
                    if reading.n > 0 and at is not None and rows.steps[at].get("step_time_s") is None and (
                            rate := _bar_rate(bar, reading, _earlier_reading(bar, reading))) is not None:
                        rows.steps[at]["step_time_s"] = rate  # (the step's first drawing's)
                    if (reading.n > 0 and at is not None and rows.steps[at].get("end_ns") is None and bar.start_ns is not None
                            and (seconds := bar.seconds.get(reading.n)) is not None):
                        # (and its time, where the line had none: a dict printed before the bar first drew)
                        rows.steps[at]["end_ns"] = bar.start_ns + int(seconds * 1e9)
                        rows.steps[at]["time_source"] = bar.source
                    continue
                logged.setdefault((index, reading.n), set()).add(rank)
                seconds = bar.seconds.get(reading.n)
                when = bar.start_ns + int(seconds * 1e9) if bar.start_ns is not None and seconds is not None else None
                # its rate, where the bar's clock agrees with it over the longest stretch it has
                # (from its first reading past the first update, as a metric line's)
                rate = _bar_rate(bar, reading, _earlier_reading(bar, reading))
                # (not where metric lines logged steps before it in the bar's run: a bar drawn only at its end,
                # `94/94 [03:03<00:00, 1.95s/it]` after ms-swift's dicts of steps 1..90, ends its last step alone)
                count = reading.n
                since = bar.start_ns if (reading is opening and when is not None and bar.source == "tqdm" and not any(
                    n < count for i, n in logged if i == index or i is None)) else None
                covered = 1 if since is None or seconds is None or not rate else min(reading.n, max(1, round(seconds / rate)))
                rows.step(line=number, rank=rank, step=reading.n, end_ns=when, start_ns=since,
                          time_source=bar.source if when is not None else None,
                          samples=batch * covered if batch is not None else None,
                          loss=last_loss.get(reading.n), step_time_s=rate)
        _before_first_drawing(rows, bars, carrying, drawn, untimed)
        elapsed_step_times(clocked, [(d.line.number, d.line.rank) for d in dicts
                                     if any(key.startswith("eval_") for key in d.record)])
        return unplaced, untold, ordinal


def _samples_since_last(rows: LogRows, batch: float | None) -> None:
    """A step row of one batch's samples counts the batches of the steps since its rank's row of the step before it
    that has one, as the goodput's spans read a row's count: the total batch times the steps between (a console that
    kept a bar's readings at steps 2 and 100 only: 98 batches at step 100), whatever order the rows were printed in (an
    Unsloth console's dicts buffered after its bar)."""
    if batch is None:
        return
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        by_rank.setdefault(row["rank"], []).append(row)
    for ranked in by_rank.values():
        ranked.sort(key=lambda step_row: step_row["step"])
        for before, row in pairwise(ranked):
            if row.get("samples") == batch and row["step"] > before["step"] + 1:
                row["samples"] = batch * (row["step"] - before["step"])


def _before_first_drawing(rows: LogRows, bars: list[_Bar], carrying: set[int], drawn: dict[int, list[int]],
                          untimed: dict[int, list[tuple[int | None, int]]]) -> None:
    """The metric lines printed before the training bar first drew (a console that kept the
    bar's drawings only from a later one, each evaluation's): their steps are placed on that
    bar's clock, the first bar that carries steps and first drew after them, between its start
    (count 0) and its first drawing, else between two of its drawings (`_between`); not on a bar its
    header says a resumed run began at a later count, nor where no drawing comes after them. The
    run's first step began as its bar did."""
    order = sorted((bars[i].where[0][0], i) for i in carrying if bars[i].where)  # (first drawing's line, bar)
    for step, entries in untimed.items():
        for _, at in entries:
            row = rows.steps[at]
            if row.get("end_ns") is not None or step <= 0:
                continue
            k = bisect_right(order, (row["line"], len(bars)))
            if k == len(order):
                continue
            index = order[k][1]
            bar, steps_drawn = bars[index], drawn[index]
            if bar.start_ns is None or bar.resumed or not steps_drawn:
                continue
            first = steps_drawn[0]
            seconds = bar.seconds[first] * step / first if step <= first else _between(bar.seconds, steps_drawn, step)
            if seconds is None:
                continue
            row["end_ns"], row["time_source"] = bar.start_ns + int(seconds * 1e9), bar.source
            if step == 1:
                row["start_ns"] = bar.start_ns


def _between(seconds: dict[int, float], drawn: list[int], step: int) -> float | None:
    """A step the bar did not draw, placed on its clock between the readings it drew before and
    after it (the bar runs at a steady pace between two drawings); None where the bar drew none
    after it (it stopped before the step ended) or none before."""
    at = bisect_right(drawn, step)
    if at == 0 or at == len(drawn):
        return None
    low, high = drawn[at - 1], drawn[at]
    return seconds[low] + (seconds[high] - seconds[low]) * (step - low) / (high - low)


# tqdm redraws at most every `mininterval` (0.1 s): a bar of at least that many seconds a step
# drew every step
_EVERY_STEP_DRAWN_S = 0.1
# the most steps a metric line's printed epoch (its rounding, either way) may leave its step
# uncertain by, for a line printed out of place to be placed by it
MAX_EPOCH_PLACING_ERROR = 2.5
PLACED_EPOCH_CANDIDATES = 32  # the dicts whose steps over epochs `_placed_epoch` tries, besides the median


def _same_log(before: _Dict, index: int, line: Line, record: dict[str, Any]) -> bool:
    """Whether a metric dict repeats the one before it, on its line or the next, of the same
    process, with other keys: the same loss (as rounded to 4 decimals) and epoch (LLaMA-Factory's LogCallback
    record `{'loss': 0.3529, 'learning_rate': 1.3058e-06, 'epoch': 8.73, 'throughput': 1840.48}`
    and the Trainer's `{'loss': 0.3529, 'grad_norm': 1.5703..., 'epoch': 8.73, ...}` after it). Two
    dicts of the same keys are two logs (GRPO's loss is 0.0 at every step) unless one comes
    through a logger and the other bare, every value the same as far as the shorter prints it
    (LLaMA-Factory 0.5's `... - INFO - llmtuner.extras.callbacks - {'loss': 0.7704, 'learning_rate':
    8.8100e-06, 'epoch': 2.59}`, then the Trainer's `{'loss': 0.7704, 'learning_rate':
    8.810015400790994e-06, 'epoch': 2.59}`: `_echoed`)."""
    if (index - before.index > 1 or before.line.rank != line.rank or "loss" not in record or "loss" not in before.record
            or (set(record) == set(before.record) and not _echoed(before.line.text, before.record, line.text, record))):
        return False
    loss, earlier = to_float(record.get("loss")), to_float(before.record.get("loss"))
    epoch, earlier_epoch = to_float(record.get("epoch")), to_float(before.record.get("epoch"))
    return (loss is not None and earlier is not None and abs(loss - earlier) <= 5e-5
            and epoch is not None and earlier_epoch is not None and abs(epoch - earlier_epoch) <= 5e-3)


def _echoed(text: str, record: dict[str, Any], other_text: str, other: dict[str, Any]) -> bool:
    """Whether two dicts of the same keys are one log printed twice: one after a logger's prefix
    (its level named before the dict), the other not, and each value the other's as far as the
    rounder one prints it."""
    if (_LOGGED.search(text, 0, max(text.find("{"), 0)) is None) == (
            _LOGGED.search(other_text, 0, max(other_text.find("{"), 0)) is None):
        return False
    for key, value in record.items():
        a, b = to_float(value), to_float(other.get(key))
        if a is None or b is None:
            if value != other.get(key):
                return False
        elif abs(a - b) > max(half_unit(repr(a)), half_unit(repr(b))) * (1 + 1e-9):
            return False
    return True


# a logger's prefix before a dict: its level (`02/09/2024 15:48:56 - INFO - llmtuner.extras.callbacks -
# {...}`, `[info] `), glog's (`I0209 15:48:56.123 callbacks.py:12] `), a `|`-separated one (loguru's)
_LOGGED = re.compile(r"(?i:\b(?:info|debug|warning|warn)\b)|^[IWEF]\d{4} |\s\|\s")


def _bar_rate(bar: _Bar, reading: BarReading, earlier: BarReading | None) -> float | None:
    """The seconds a step the reading's rate shows, where the bar's clock agrees with it since
    `earlier`; with no earlier reading, since the bar's start, where the bar cannot have jumped
    there: a bar under a training header that says no `Continuing training`, step 1 (its own
    time), or the bar's last step (a bar read once, at its end, by a console that keeps no
    carriage return). Any other first reading may be a resumed run's first update, which jumps
    from 0 to the checkpoint's step in one step's time, its rate agreeing with the clock by
    construction."""
    if earlier is None and reading.n != 1 and reading.n != reading.total and (bar.resumed or not bar.header_logged):
        return None
    base = earlier.n if earlier is not None else 0
    first, end = bisect_left(bar.pauses, base), bisect_left(bar.pauses, reading.n)  # the pauses in [base, n)
    recent = bisect_left(bar.pauses, max(base, reading.n - _PAUSE_MEMORY), first, end)
    if any(_still_averaged(bar, step, reading) for step in bar.pauses[recent:end]):
        # an evaluation or a save tqdm's moving average still holds: the rate is no step's time
        # (the bar's clock over the stretch holds the pause too, and would agree with it)
        return None
    if end > first:
        # a pause the average has forgotten is in the clock alone: the clock is read from the first
        # reading past the last one, where there is one before this reading
        paused = bar.pauses[end - 1]
        after = _first_after(bar, paused)
        if after is not None and after.n < reading.n:
            earlier = after
        elif (redrawn := _last_drawing(bar, paused)) is not None and reading.n in bar.seconds and (
                redrawn.elapsed_s > bar.seconds.get(paused, redrawn.elapsed_s)):
            # none: the pause's own count drawn again after it (a console that keeps each drawing
            # another line's print pushed out: `8000/8250 [5:20:04<...` before the evaluation,
            # `8000/8250 [5:22:48<...` after it), where the clock starts again (whole seconds)
            return rate_agrees({paused: float(redrawn.elapsed_s), reading.n: bar.seconds[reading.n]}, reading, redrawn)
    return rate_agrees(bar.seconds, reading, earlier)


def _last_drawing(bar: _Bar, step: int) -> BarReading | None:
    """The bar's last reading of `step` (its counts never go back: a search)."""
    at = bisect_right(bar.counts, step) - 1
    return bar.readings[at] if at >= 0 and bar.counts[at] == step else None


def _first_after(bar: _Bar, step: int) -> BarReading | None:
    """The bar's first reading past `step` (its counts never go back: a search)."""
    at = bisect_right(bar.counts, step)
    return bar.readings[at] if at < len(bar.readings) else None


# tqdm's moving average (smoothing 0.3) gives the latest redraw 0.3 of its weight and keeps 0.7
# of its past at each redraw, a redraw at most every 0.1 s (its mininterval) and at most one a
# step; a pause it still holds may move the rate by a hundredth of a step at most (the estimate
# is rough: tqdm averages its seconds and its counts apart, and corrects the average's start)
_SMOOTHING = 0.3
_REDRAW_S = 0.1
_PAUSE_SHARE = 0.01
_AVERAGE_FORGETS = 20  # (redraws after which any pause's weight is under 0.1%)
# steps after which no pause matters: its weight, 0.3 x 0.7^60 < 1e-9, would take a pause of 10^7
# steps' seconds to move the rate by a hundredth of a step
_PAUSE_MEMORY = 60


def _still_averaged(bar: _Bar, pause: int, reading: BarReading) -> bool:
    """Whether the rate the reading shows still averages in the pause after step `pause` by more
    than `_PAUSE_SHARE` of a step: the pause's seconds (the bar's clock from the step to the first
    reading after it, less the steps' own at the rate) times its weight left after the redraws
    since (the steps since, or the seconds since over tqdm's shortest redraw interval, whichever
    is fewer); with no clock to size the pause, fewer than `_AVERAGE_FORGETS` redraws."""
    redraws = float(reading.n - pause)
    if (since := bar.seconds.get(pause)) is not None and (now := bar.seconds.get(reading.n)) is not None:
        redraws = min(redraws, (now - since) / _REDRAW_S)
    after = _first_after(bar, pause)
    rate = reading.seconds_per_item
    if since is None or after is None or rate is None:
        return redraws < _AVERAGE_FORGETS
    pause_s = max(0.0, bar.seconds[after.n] - since - (after.n - pause) * rate)
    return pause_s * _SMOOTHING * (1 - _SMOOTHING) ** redraws > _PAUSE_SHARE * rate


def _jump_forgotten(bar: _Bar, first: BarReading, reading: BarReading) -> bool:
    """Whether the rate the reading shows no longer averages in a jump of the bar's whole count at
    its first reading `first` (a resumed run's first update) by more than `_PAUSE_SHARE` of a step:
    the jump's counts times their weight left after the redraws since (as `_still_averaged`)."""
    redraws = float(reading.n - first.n)
    if (since := bar.seconds.get(first.n)) is not None and (now := bar.seconds.get(reading.n)) is not None:
        redraws = min(redraws, (now - since) / _REDRAW_S)
    return first.n * _SMOOTHING * (1 - _SMOOTHING) ** redraws <= _PAUSE_SHARE


def _earlier_reading(bar: _Bar, reading: BarReading) -> BarReading | None:
    """The bar's first reading of an earlier step than `reading`'s, past the bar's first update
    (a resumed run's bar jumps from 0 to the checkpoint's step in it): the longest stretch of
    the bar's clock to check the rate with. A bar's counts never go back (a count that does
    starts a new bar), so it is the bar's first reading past 0, where that is of an earlier step."""
    first = _first_moved(bar)
    return first if first is not None and first.n < reading.n else None


def _first_moved(bar: _Bar) -> BarReading | None:
    """The bar's first reading past 0 (found once a bar)."""
    if not bar.moved_known:
        bar.moved = next((r for r in bar.readings if r.n > 0), None)
        bar.moved_known = True
    return bar.moved


def _jumped(bar: _Bar) -> bool:
    """The bar's first update moved it past step 1: a resumed run's jump to its checkpoint's
    step (or a bar drawn first after several steps: either way its early average is no step's)."""
    first = _first_moved(bar)
    return first is not None and first.n > 1


# The Trainer's notebook progress (NotebookProgressCallback) as text, copied out of a rendered
# notebook: its bar's caption (` [60/60 09:26, Epoch 1/2]`, while running ` [ 45/100 05:00 < 06:06,
# 0.15 it/s, Epoch 0.9/2]`) and its table of logged steps, tab-separated (`Step<TAB>Training
# Loss<TAB>Validation Loss`, then `10<TAB>2.361331<TAB>2.238496`, a cell's padding kept in some
# copies; `No log` where none was logged). Some copies align the cells with spaces (`Step   Training
# Loss`, `500    0.544700`) or end each line with Markdown's hard break (`50       1.557800 \`).
_NOTEBOOK_HEADER = re.compile(r"^\s{0,8}Step(?:\t| {1,16})Training Loss(?:\t| {2}|$)")
_NOTEBOOK_ROW = re.compile(
    r"^\s{0,8}(?P<step>\d{1,15})(?:\t {0,16}| {1,24})(?:(?P<loss>[-+]?\d{1,30}(?:\.\d{1,30})?(?:[eE][-+]?\d{1,4})?)|No log)"
    r"(?:\t| {2}|$)")
_NOTEBOOK_BAR = re.compile(r"^\s{0,8}\[\s{0,8}(?P<n>\d{1,15})/(?P<total>\d{1,15}) (?:(?P<h>\d{1,6}):)?(?P<m>\d{1,2}):(?P<s>\d{2})"
                           r"(?P<left> < [\d:]{1,16})?(?:, [\d.]{1,16} it/s)?, Epoch (?P<epoch>[\d.]{1,16})/\d{1,9}\]")
# DeepSpeed's engine's report every `steps_per_print` steps: "[Rank 0] step=10, skipped=0, lr=[0.00033], mom=..."
_DS_STEP = re.compile(r"\bstep=(?P<step>\d{1,15}), skipped=\d{1,15}, lr=\[(?P<lr>[^\],]{1,40})[\],]")
# the table of a run that evaluates each epoch: `Epoch<TAB>Training Loss<TAB>Validation Loss`, a row an epoch
_NOTEBOOK_EPOCH_HEADER = re.compile(r"^\s{0,8}Epoch(?:\t| {1,16})Training Loss(?:\t| {2}|$)")


def _notebook_rows(lines: Sequence[Line], rows: Any) -> None:
    """The notebook progress table's rows as steps (`_NOTEBOOK_ROW` under `_NOTEBOOK_HEADER`), each
    with its training loss and, where the bar's caption (`_NOTEBOOK_BAR`) says how long its steps
    took, their mean time (the caption's elapsed time over its count: the table dates no step).
    The caption's count is a step done too, where its table's rows stop short of it (the table
    holds the logged steps: ` [189/189 09:20, Epoch 3/3]` over rows to 175); a caption at its total,
    with no time left, the run's end. A row a table of the same run showed before, every cell the
    same, is that table drawn again (a copy of the cell's output as it ran, then as it ended), not
    the step again."""
    mean: float | None = None
    table = False
    caption: tuple[Line, int] | None = None  # the last caption's line and count
    last_row = 0
    shown: dict[int, str] = {}  # step -> its row as a table of this run showed it
    last_line = 0  # the line of the last table row
    ended: tuple[Line, str] | None = None  # the last caption drawn as training ended
    per_epoch = 1  # steps a table row (1: a table of steps; an epoch's steps: a table of epochs)
    caption_epoch = ""  # the last caption's epoch as printed (`9`, `2.40`)
    caption_running = False  # the last caption has time left (` < 02:40`): drawn while training ran

    def counted() -> None:
        if caption is not None and caption[1] > last_row:
            line, n = caption
            # (at its table's last row, after the steps the table shows: the caption is drawn above them)
            rows.step(line=max(line.number, last_line), rank=line.rank, step=n, end_ns=None,
                      **({"step_time_s": mean} if mean is not None else {}))

    for line in _html_table_lines(lines):
        text = line.text.rstrip()  # (a copied table's cells may end in blanks)
        if text.endswith("\\"):
            text = text[:-1].rstrip()  # a Markdown hard break
        if "Epoch " in text and (bar := _NOTEBOOK_BAR.match(text)) is not None and int(bar.group("n")) > 0:
            counted()
            if bar.group("n") == bar.group("total") and bar.group("left") is None:
                ended = (line, text)
            elapsed = int(bar.group("h") or 0) * 3600 + int(bar.group("m")) * 60 + int(bar.group("s"))
            mean = elapsed / int(bar.group("n"))
            if caption is not None and int(bar.group("n")) < caption[1]:
                shown.clear()  # (a caption that counts less: another run's table)
            caption, last_row = (line, int(bar.group("n"))), 0
            caption_epoch, caption_running = bar.group("epoch"), bar.group("left") is not None
            continue
        if _NOTEBOOK_HEADER.match(text):
            table, per_epoch = True, 1
            continue
        if "Epoch" in text and _NOTEBOOK_EPOCH_HEADER.match(text):
            # a row an epoch: its step is the epoch's last, the caption's count over its epoch (`[ 63/105
            # 04:36 < 03:10, 0.22 it/s, Epoch 9/15]`: 7 a step; `[1200/1200 10:00, Epoch 2.40/3]` of a
            # run `max_steps` ended: 500), where that is a whole number of steps to the epoch's printing;
            # else no step
            # (a caption drawn while training runs counts the step in progress: `global_step + 1`)
            per_epoch = 0 if caption is None else (_steps_an_epoch(caption[1], caption_epoch) or (
                _steps_an_epoch(caption[1] - 1, caption_epoch) if caption_running else 0))
            table = per_epoch > 0
            continue
        if table and (row := _NOTEBOOK_ROW.match(text)) is not None:
            step = int(row.group("step")) * per_epoch
            last_line = line.number
            if shown.get(step) == " ".join(text.split()):
                last_row = max(last_row, step)
                continue  # the table drawn again (a later copy of the cell's output): a step shown before
            shown[step] = " ".join(text.split())
            values: dict[str, float] = {}
            if row.group("loss") is not None:
                values["loss"] = float(row.group("loss"))
            if mean is not None:
                values["step_time_s"] = mean
            last_row = max(last_row, step)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=None, **values)
        else:
            table = False
    counted()
    if ended is not None and not any(e["kind"] == LogEventKind.ATTEMPT_END.value for e in rows.events):
        # the caption drawn as training ends, its count the run's steps (` [2844/2844 18:59:53, Epoch
        # 3/3]`, no time left): the run ended there, where nothing else (`TrainOutput(...)`) says so
        rows.event(LogEventKind.ATTEMPT_END, line=ended[0].number, rank=ended[0].rank, ts_ns=None,
                   detail="the notebook bar's caption at its total", raw=ended[1])


def _steps_an_epoch(count: int, epoch: str) -> int:
    """Steps an epoch by a notebook caption's count at its printed epoch (`63` at `9`, a whole
    epoch printed whole: 7), where only one whole number of steps is within the epoch's printing
    (`30` at `1.50`: 20; `1200` at `2.40`, 499 to 501, is none); else 0."""
    value = to_float(epoch)
    if value is None or value < 1:
        return 0
    half = half_unit(epoch) if "." in epoch else 0.0
    low, high = math.ceil(count / (value + half) - 1e-9), math.floor(count / (value - half) + 1e-9)
    return low if low == high and low > 0 else 0


_HTML_CELL = re.compile(r"^\s{0,16}<t([hd])>([^<]{0,200})</t[hd]>\s*$")
_HTML_TABLE_TAG = re.compile(r"^\s{0,16}</?(?:thead|tbody|tr)\b[^<>]{0,200}>\s*$")


def _html_table_lines(lines: Sequence[Line]) -> Iterator[Line]:
    """`lines`, with the notebook table as HTML (the notebook's own output, kept so by nbconvert's
    Markdown: `<th>Step</th>`, `<th>Training Loss</th>`, then a `<tr>` of `<td>500</td>`,
    `<td>0.838500</td>` a row) read as its text copy: a line of its header's cells, tab-separated, at
    its first cell's line, and a line a row at its first cell's (other lines as they are)."""
    cells: list[str] = []
    first: Line | None = None
    for line in lines:
        text = line.text
        if "<t" in text and (cell := _HTML_CELL.match(text)) is not None:
            first = first or line
            cells.append(cell.group(2).strip())
            continue  # (a row's cells, one a line: the row is yielded at the line after them)
        if cells and first is not None:
            yield first._replace(text="\t".join(cells))
            cells, first = [], None
        if "<" in text and _HTML_TABLE_TAG.match(text) is not None:
            continue  # (`<tr>`, `</thead>`, `<tbody>`: the table's markup, no line of it)
        yield line
    if cells and first is not None:
        yield first._replace(text="\t".join(cells))


def _dicts_in(text: str) -> Iterator[tuple[int, str]]:
    """The dicts written on a line, each with where it starts; and a summary dict cut short (a
    paste or a file that ends mid-line: `{'train_runtime': 306.9394, ..., 'train_loss': `) up to
    its last whole figure, closed (the run's summary, its figures as far as they go)."""
    end = 0
    for found in _DICT.finditer(text):
        yield found.start(), found.group(0)
        end = found.end()
    cut = text.find("{'train_runtime': ", end)
    if cut >= 0 and "}" not in text[cut:] and (whole := text.rfind(", '", cut)) > cut:
        yield cut, text[cut:whole] + "}"  # (up to its last figure followed by another key: a whole one)


# the units a training bar counts in: tqdm's own (`2.19it/s`, `1.21s/it`), or none yet (`?it/s`);
# a bar of other items is a dataset's (`Map: 100%| 1500/1500 [00:00<00:00, 15960.79 examples/s]`)
_STEP_UNITS = frozenset({"", "it"})
# A bar its description names as loading or fetching, counted in tqdm's own items too: a model's
# checkpoint shards (transformers' `Loading checkpoint shards: 100%|...| 33/33 [00:41<00:00,  1.26s/it]`,
# drawn by every process before training), the Hub's files, a dataset's files or shards
_LOADING_BAR = re.compile(r"(?:Loading (?:safetensors )?checkpoint shards|Downloading shards|Fetching \d{1,6} files"
                          r"|Writing model shards|Resolving data files|Loading weights|Loading dataset shards"
                          r"|Downloading data files|Extracting data files|Generating \w{1,20} split)"
                          r":\s{0,4}\d{1,3}%\|[^|\r\n]{0,400}\|\s{0,4}$")


# transformers 5's bar while `save_pretrained` writes the model's weights, the one sign of a checkpoint
# save at the Trainer's default log level: `Writing model shards: 100%|██████████| 4/4 [01:23<00:00, 20.9s/it]`
_WRITING_SHARDS = "Writing model shards:"


_PROCESS_BREAKS = frozenset({LogEventKind.ATTEMPT_START.value, LogEventKind.RESTART.value, *FAILURE_EVENT_KINDS})


@dataclass
class _ShardSaves:
    """The saves the bars of the model's weights written showed: (the save's end event, the training
    bar's reading drawn before it, the seconds the weights took). A finished bar is a save where a
    training reading of a new count, or the bar's own start (`0/1`), was drawn since the last save (a
    closing frame drawn again is the same save), and neither the run's summary (after it: the final
    `save_model()`, no checkpoint) nor a failure or a process's start came after the last training
    reading (no step of that process's)."""

    saves: list[tuple[dict[str, Any], tuple[int, BarReading], float]] = field(default_factory=list)
    armed: bool = False
    done: bool = False  # the run's summary, a failure or a start since the last training reading
    seen: int = 0  # the events looked at for a failure or start
    drawn: int | None = None  # the count of the last training reading

    def arm(self, rows: LogRows, reading: BarReading) -> None:
        """A training reading drawn: a new count arms it (not a redraw of the same, as the bar's closing
        frames after the run's summary)."""
        if reading.n != self.drawn:
            self.armed, self.done, self.seen, self.drawn = True, False, len(rows.events), reading.n

    def read(self, rows: LogRows, line: Line, before: tuple[int, BarReading]) -> bool:
        """Whether the line shows a checkpoint save finished, read as such: at the step the training bar
        last drew where it draws every step (a step over tqdm's 0.1 s between drawings: a faster bar's
        last drawing may be steps behind, the save's step unknown), dated by the line's own time, else
        later by the training bar's clock (that reading, plus the weights' writing). Its duration
        unknown: the bar times the weights alone, the optimizer's state written after them has no bar
        (3.5 s of a save whose weights took 1 s)."""
        if any(e["kind"] in _PROCESS_BREAKS for e in rows.events[self.seen:]):
            self.done = True
        self.seen = len(rows.events)
        at = line.text.find(_WRITING_SHARDS)
        readings = [r for r in bar_readings(line.text[at:]) if r.total is not None] if at >= 0 else []
        self.armed = self.armed or any(r.n < (r.total or 0) for r in readings)
        finished = [r for r in readings if r.n == r.total and r.n > 0]
        if not finished or not self.armed or self.done:
            return False
        self.armed = False
        # the weights' time: the whole seconds the bar shows, refined by its rate (`1/1 [00:00<00:00,  1.04it/s]`)
        last = finished[-1]
        seconds = float(last.elapsed_s)
        if last.seconds_per_item is not None:
            seconds = min(max(last.n * last.seconds_per_item, last.elapsed_s), last.elapsed_s + 1.0)
        every_step = (before[1].seconds_per_item or 0.0) >= _EVERY_STEP_DRAWN_S and before[1].n > 0
        rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                   step=before[1].n if every_step else None,
                   detail=f"the model's weights written in {seconds:.3g} s (its optimizer's state not timed)",
                   raw=line.text)
        self.saves.append((rows.events[-1], before, seconds))
        return True


@dataclass
class _TokenCounts:
    """The tokens a metric line's steps trained on, from the running count its dict prints (TRL's
    `num_tokens`, the Trainer's `num_input_tokens_seen`; all ranks): since the process's metric line
    before in the same run, where the step and the count went forward. A run's first line has none: a
    count may start past 0 (GRPO's `num_tokens` is the Trainer's, which a resume's checkpoint keeps;
    SFT's counts since its trainer began, which a sweep's trials share), and so may a relaunch's."""

    last: dict[int | None, tuple[str, float, int]] = field(default_factory=dict)  # rank -> (key, count, step)

    def since_last(self, rank: int | None, step: int, record: dict[str, Any]) -> float | None:
        key = "num_tokens" if "num_tokens" in record else "num_input_tokens_seen" if "num_input_tokens_seen" in record else None
        count = to_float(record.get(key)) if key is not None else None
        if key is None or count is None or count < 0:
            return None
        before = self.last.get(rank)
        self.last[rank] = (key, count, step)
        if before is not None and before[0] == key and step > before[2] and count >= before[1]:
            return count - before[1]
        return None


def _loading_bar(text: str, reading: BarReading) -> bool:
    """Whether the reading is of a bar whose description says it loads (`_LOADING_BAR`): no step."""
    return "%|" in text and _LOADING_BAR.search(text, max(0, reading.start - 480), reading.start) is not None


# A bar's description that names training (`Training 1/3 epoch (loss 1.1828):`, `Train:`), not an
# evaluation's or a loader's
_TRAINING_BAR = re.compile(r"\s{0,8}Train(?:ing)?\b(?![^%|]{0,80}\b(?:[Ee]val|[Vv]alid|[Tt]est|[Ll]oad))")


def _training_total(lines: Sequence[Line]) -> set[int]:
    """The training bar's total: the header's `Total optimization steps`, else the total the
    most training loss dicts were printed after (the bar's reading on the dict's line, `| 10/50
    [00:17<01:06,  1.67s/it]{'loss': 0.69, ...}`, else the last reading before it: the Trainer
    logs at a training step, its bar drawn up to it, short of its end; a finished bar, a
    dataset's `Map: 100%| 1500/1500`, is no bar a run's metric lines follow), else the total the
    most bar readings show (of tqdm's own items: not a dataset's `examples/s`), else none. Not
    the most readings first: at the Trainer's default log
    level nothing names the total, and an evaluation set's bar drawn each evaluation can show
    more readings than the training bar between two metric lines."""
    header: set[int] = set()
    totals: Counter[int] = Counter()
    carrying: Counter[int] = Counter()  # (the totals of the readings the training dicts follow)
    last: int | None = None  # the total of the latest reading short of its end
    for line in lines:
        text = line.text
        if "Total " in text and (m := _TOTAL_STEPS.search(text)) is not None:
            header.add(int((m.group(1) or m.group(2)).replace(",", "")))
            continue
        at = max(text.find("'loss': "), text.find('"loss": '))
        if "[" in text and "/" in text:
            for reading in bar_readings(text[:at] if at > 0 else text):
                if _loading_bar(text, reading):
                    continue
                if reading.total is not None and reading.unit in _STEP_UNITS:
                    totals[reading.total] += 1
                    last = reading.total if reading.n < reading.total else None
                elif reading.unit not in _STEP_UNITS:
                    last = None  # (a dataset's bar drawn since)
        if at >= 0 and last is not None:
            carrying[last] += 1
        if at > 0 and "[" in text[at:]:
            for reading in bar_readings(text[at:]):
                if reading.total is not None and reading.unit in _STEP_UNITS:
                    totals[reading.total] += 1
                    last = reading.total if reading.n < reading.total else None
                elif reading.unit not in _STEP_UNITS:
                    last = None
    if header:
        return header
    counts = carrying or totals
    if not counts:
        return set()
    best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    return {best[0]}


_GRID_CANDIDATES = 10_000  # the most spacings `_logging_grid` tries for one count of dicts


def _printed_grid(args: dict[str, str]) -> tuple[int, bool, bool] | None:
    """The logging grid the printed TrainingArguments name (`_LOGGING_ARG`): every K steps, and step 1 too where
    `logging_first_step`, and whether `max_steps` ends the run (the header's epochs then rounded up: no steps an epoch);
    None where they name none, or a strategy other than steps (an epoch's, none)."""
    strategy = args.get("logging_strategy", "steps").lower().removeprefix("intervalstrategy.")
    if strategy != "steps" or (steps := to_float(args.get("logging_steps"))) is None or steps < 1 or steps != int(steps):
        return None
    return int(steps), args.get("logging_first_step") == "True", (to_float(args.get("max_steps")) or 0) > 0


def _on_printed_grid(losses: list[_Dict], dicts: list[_Dict], grid: tuple[int, bool, bool] | None, starts: Sequence[int],
                     events: Sequence[dict[str, Any]], total: int | None, per_epoch: float | None) -> dict[int, int]:
    """Steps of one process's metric dicts (by `id`) on the logging grid its printed arguments name (`_printed_grid`),
    the i-th of its run at K x i (step 1 first where it logs the first step), counted from each run's start (a training
    header or a sweep's trial, `starts`, line positions; a run's summary): where the run resumed from no checkpoint (no
    load logged before its dicts, no `Continuing training`), no line was cut out among them (an excerpt's `...`), and
    every dict falls where the grid puts it: its own step, the reading drawn with it (no later than its step, past the
    step before), its printed epoch (times the header's steps an epoch, to within K), the run's total (no step past
    it); none where one does not (another run's arguments, an excerpt's dicts)."""
    if grid is None or not losses or any("_resumed_from" in d.record for d in dicts if d.line.rank == losses[0].line.rank):
        return {}
    first_line, last_line = losses[0].line.number, losses[-1].line.number
    if any((e["kind"] in ("checkpoint_load_start", "checkpoint_load_end") and e["line"] < last_line)
           or (e["kind"] == "elision" and first_line < e["line"] < last_line) for e in events):
        return {}
    every, first, by_max_steps = grid
    # (an epoch printed to its rounding: two decimals of an epoch of 5,000 steps leave 25 either way)
    slack = every + (_epoch_half_unit(losses) * per_epoch if per_epoch is not None else 0.0)
    if by_max_steps:
        per_epoch = None  # (`max_steps` ends the run within an epoch: the header's epochs, rounded up, give no steps an epoch)
    # (counted from each run's start: a summary ends a run, a header or a sweep's trial begins one)
    ends = sorted([*starts, *(d.index for d in dicts if hf_summary(d.record) and d.line.rank == losses[0].line.rank)])
    placed: dict[int, int] = {}
    i = 0
    for previous, d in zip([None, *losses], losses, strict=False):
        if previous is not None and bisect_right(ends, d.index) > bisect_right(ends, previous.index):
            i = 0
        placed[id(d)] = step = 1 if first and i == 0 else every * (i if first else i + 1)
        i += 1
        named = to_int(d.record.get("step", d.record.get("global_step")), text=False)
        epoch = to_float(d.record.get("epoch"))
        if ((named is not None and named != step) or (total is not None and step > total)
                or (d.reading is not None and not step - every < d.reading[1].n <= step)
                or (per_epoch is not None and epoch is not None and abs(epoch * per_epoch - step) > slack)):
            return {}
    return placed


def _resumed_runs(losses: list[_Dict], dicts: list[_Dict]) -> list[list[_Dict]]:
    """One process's metric dicts split where a resumed run begins (its `Continuing training from global step R`):
    each run's dicts on a grid of their own."""
    resumes = sorted(d.index for d in dicts if "_resumed_from" in d.record and losses and d.line.rank == losses[0].line.rank)
    runs: list[list[_Dict]] = [[]]
    for d in losses:
        if resumes and runs[-1] and any(runs[-1][-1].index < at < d.index for at in resumes):
            runs.append([])
        runs[-1].append(d)
    return runs


def _logging_grid(losses: list[_Dict], dicts: list[_Dict], run_total: int | None, ends_run: bool = True) -> dict[int, int]:
    """Steps of one process's metric dicts (by `id`) where they are the Trainer's logging grid and
    nothing else places them: HF logs every `logging_steps` (K) steps, and step 1 too where
    `logging_first_step` is set, so the last of n dicts on the grid is at K x n <= N < K x (n + 1)
    for a run of N steps (a run resumed at step R logs at the multiples of K past R, the last at most N; a run a
    failure cut short, `ends_run` false, only at most N), which
    leaves at most one K (a few where n is small: the one whose grid the
    printed epochs miss least, then the widest). Only where every dict
    prints the epoch that its step gives, to its printing's half unit and half a step, by the steps
    an epoch the summary says (`_summary_epoch`); without that, only where K x n = N and the last
    dict is at the run's last step (its learning rate 0, a decayed schedule's end, or its epoch the
    summary's). Dicts a reading drawn with them places must be where the grid puts them, unless the
    epochs are printed fine enough to name each one's place on it."""
    if not losses or not run_total:
        return {}
    # (a resumed run's dicts, after its `Continuing training from global step R`: the grid's steps past R, over the N - R
    # steps it ran)
    resumed = next((d.record["_resumed_from"] for d in reversed(dicts) if "_resumed_from" in d.record
                    and d.index < losses[0].index and d.line.rank == losses[0].line.rank), 0)
    ran = run_total - resumed
    if ran <= 0:
        return {}
    span = _summary_epoch_span(dicts, run_total)
    per_epoch = span[0] if span is not None else None
    # (to the epochs' printing and half a step; a run that stopped within an epoch knows the steps an
    # epoch only to its summary's printing: that error at the last dict's epoch)
    slack = (_epoch_half_unit(losses) * span[0] + 0.5
             + span[1] * span[0] * max((to_float(d.record.get("epoch")) or 0.0 for d in losses), default=0.0)
             if span is not None else None)
    last = losses[-1].record
    summary = next((d.record for d in dicts if hf_summary(d.record)), None)
    at_end = to_float(last.get("learning_rate")) == 0.0 or (
        summary is not None and to_float(summary.get("epoch")) is not None
        and to_float(summary.get("epoch")) == to_float(last.get("epoch")))
    best: tuple[float, int, list[int]] | None = None  # (the largest miss of an epoch, -spacing, steps) of the best fit
    # (where the last dict prints its epoch, the spacing its step allows: a few candidates, not
    # every one a run of N steps and n dicts allows, N / n of them for one dict)
    last_epoch = to_float(last.get("epoch"))
    for first in (0, 1) if not resumed else (0,):
        n = len(losses) - first
        if n <= 0:
            continue
        # (a run resumed past step R, or one a failure cut short, `ends_run` false: only K x (n - 1) < N - R bounds it)
        low, high = (ran // (n + 1) + 1, ran // n) if ends_run and not resumed else (1, ran // max(n - 1, 1))
        if slack is not None and per_epoch is not None and last_epoch is not None:
            low = max(low, math.floor((last_epoch * per_epoch - resumed - slack) / n))
            high = min(high, math.ceil((last_epoch * per_epoch - resumed + slack) / n))
        # (epochs too coarse to pin the spacing among thousands: only the one that ends at the run's end)
        spacings = range(low, high + 1) if high - low <= _GRID_CANDIDATES else (
            [ran // n] if ran % n == 0 else [])
        for every in spacings:
            if first and every < 2:
                continue
            # (the Trainer logs where its global step is a multiple of K: after a resume at R, from the first past R)
            steps = [1] * first + [every * (resumed // every + i) for i in range(1, n + 1)]
            if steps[-1] > run_total or (ends_run and resumed and run_total >= steps[-1] + every):
                continue  # (past the run's steps, or a run that ended short of its last multiple of K)
            # (epochs printed finer than half the spacing name each dict's place on the grid: a
            # reading drawn with a dict that disagrees was drawn after it, the next step's)
            named = slack is not None and slack < every / 2
            if slack is None:
                miss = 0.0 if not first and every * n == ran and at_end else math.inf
            else:
                miss = max((abs(step - epoch * per_epoch) for d, step in zip(losses, steps, strict=True)
                            if (epoch := to_float(d.record.get("epoch"))) is not None), default=0.0)
                miss = miss if miss <= slack else math.inf
            if miss < math.inf and (named or all(d.reading[1].n == step for d, step in zip(losses, steps, strict=True)
                                                 if d.exact and d.reading is not None)) and (
                    best is None or (miss, -every) < best[:2]):
                best = (miss, -every, steps)
    return {id(d): step for d, step in zip(losses, best[2], strict=True)} if best is not None else {}


class _Replay:
    """The loss dicts of one run printed with no launcher prefix, and whether a dict is a second
    process's copy of them: the series gone back (a dict printed before to its last digit, at an
    epoch below the last one's), then each next dict the next one printed. A process's own dicts
    may repeat one another (a run at chance prints `'loss': 0.6931` again at the same rounded
    epoch): equal or later epochs are never a copy."""

    __slots__ = ("at", "epoch", "seen", "texts")

    def __init__(self) -> None:
        self.texts: list[str] = []  # the run's own dicts, in order
        self.seen: dict[str, int] = {}  # dict text -> its first place in `texts`
        self.epoch: float | None = None  # the last own dict's epoch
        self.at: int | None = None  # while a copy is read: the place of the dict it should show next

    def copied(self, text: str, record: dict[str, Any]) -> bool:
        """Whether the dict `text` is a copy (else it is kept as the run's own)."""
        if self.at is not None and self.at < len(self.texts) and self.texts[self.at] == text:
            self.at += 1
            return True
        epoch = to_float(record.get("epoch"))
        first = self.seen.get(text)
        if first is not None and epoch is not None and self.epoch is not None and epoch < self.epoch:
            self.at = first + 1
            return True
        self.at = None
        self.seen.setdefault(text, len(self.texts))
        self.texts.append(text)
        self.epoch = epoch if epoch is not None else self.epoch
        return False


def _deepspeed_steps(rows: Any, reports: list[tuple[Line, int]]) -> None:
    """DeepSpeed's engine's reports (`[Rank 0] step=40, skipped=0, lr=[...]`, every `steps_per_print`
    steps) in the Trainer's console: steps done when their line was logged. A step a metric line
    already has takes the report's time where it has none; another is a row of its own (but step 0, the
    report the engine prints as it is built, before the Trainer's header, where the Trainer's rows count the
    steps: no step was done, and its row before the header made a restart of it)."""
    by_step: dict[tuple[int | None, int], dict[str, Any]] = {}
    for row in rows.steps:
        by_step.setdefault((row["rank"], row["step"]), row)
        by_step.setdefault((None, row["step"]), row)
    # the rows in line order, the highest step up to each and the lowest from each on: a report
    # between rows that count past it or short of it names no step of theirs (dicts numbered in
    # the order printed, their steps unknown), and is left out
    ordered = sorted(rows.steps, key=lambda row: row["line"])
    lines_at = [row["line"] for row in ordered]
    highest = list(accumulate((row["step"] for row in ordered), max))
    lowest = list(accumulate((row["step"] for row in reversed(ordered)), min))[::-1]
    for line, step in reports:
        row = by_step.get((line.rank, step)) or by_step.get((None, step))
        if row is None and step == 0 and ordered:
            continue  # (the engine's report as it is built, `step=0, skipped=0, lr=[0.0, 0.0]`: no step done)
        if row is None:
            at = bisect_left(lines_at, line.number)
            if (at > 0 and highest[at - 1] >= step) or (at < len(ordered) and lowest[at] <= step):
                continue
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns,
                      time_source="log_line" if line.ts_ns is not None else None)
            if rows.steps and rows.steps[-1]["step"] == step:
                by_step[(line.rank, step)] = rows.steps[-1]
        elif row.get("end_ns") is None and line.ts_ns is not None:
            row["end_ns"], row["time_source"] = line.ts_ns, "log_line"


def _anchored_steps(losses: list[_Dict], from_start: bool, placed_by: dict[int, int] | None = None) -> dict[int, int]:
    """Steps of one process's metric dicts that no reading of their own places, evenly between
    two that a reading drawn with them does (`_Dict.exact`; the run's start, step 0, counts as
    one before the first where the dicts are counted from it): a console that keeps one drawing
    of the bar per other line printed (each evaluation's) shows the bar at every K-th dict only.
    Only where the steps between the two split evenly, a whole number of steps apart (the
    Trainer logs every `logging_steps`), no dict between names its own step, and neither of the
    two shares its step with the placed dict next to it (one of those is misplaced: a reading
    redrawn after a dict whose own drawing a copy lost). Dicts `placed_by` DeepSpeed's learning
    rate (`_DS_STEP`) are anchors too, and the dicts with no drawing before and after them go on at
    the spacing next to them. By `id`."""
    anchors = [(0, 0)] if from_start else []
    anchors += [(i, d.reading[1].n if d.exact and d.reading is not None else (placed_by or {})[id(d)])
                for i, d in enumerate(losses, start=1)
                if "step" not in d.record and "global_step" not in d.record
                and ((d.exact and d.reading is not None) or id(d) in (placed_by or {}))]
    placed: dict[int, int] = {}
    spacings: list[tuple[int, int, int, int, int]] = []  # (i_a, s_a, i_b, s_b, steps apart) of each segment spaced
    for at in range(len(anchors) - 1):
        (i_a, s_a), (i_b, s_b) = anchors[at], anchors[at + 1]
        gap = i_b - i_a
        # (from the run's start, two dicts between at least: `logging_first_step` logs step 1 too)
        if gap < (3 if i_a == 0 else 2) or s_b <= s_a or (s_b - s_a) % gap or (at > 0 and anchors[at - 1][1] == s_a) or (
                at + 2 < len(anchors) and anchors[at + 2][1] == s_b):
            continue
        every = (s_b - s_a) // gap
        between = losses[i_a:i_b - 1]  # (the dicts numbered i_a + 1 .. i_b - 1)
        if any("step" in d.record or "global_step" in d.record for d in between):
            continue
        for k, d in enumerate(between, start=1):
            placed[id(d)] = s_a + k * every
        spacings.append((i_a, s_a, i_b, s_b, every))
    if placed_by and spacings:
        # dicts with no drawing before the first and after the last placed by DeepSpeed's learning
        # rate go on at the spacing next to them (no bar to place them: its stream was not kept)
        i_a, s_a, _, _, every = spacings[0]
        # (the first anchor that is a dict's: not the run's start, where its segment had too few
        # dicts to be spaced)
        if anchors[0] == (i_a, s_a) or (from_start and anchors[1:2] == [(i_a, s_a)]):
            for j in range(i_a - 1, 0, -1):
                d = losses[j - 1]
                if d.reading is not None or "step" in d.record or "global_step" in d.record or s_a - (i_a - j) * every <= 0:
                    break
                placed[id(d)] = s_a - (i_a - j) * every
        _, _, i_b, s_b, every = spacings[-1]
        if anchors[-1] == (i_b, s_b):
            for j in range(i_b + 1, len(losses) + 1):
                d = losses[j - 1]
                if d.reading is not None or "step" in d.record or "global_step" in d.record:
                    break
                placed[id(d)] = s_b + (j - i_b) * every
    return placed


def _counted_from_start(losses: list[_Dict]) -> bool:
    """Whether one process's metric dicts can be its logged steps counted from the run's start:
    the i-th of K dicts, `logging_steps` apart from the start, is at epoch i x (the last's epoch) /
    K, to two printed epochs' rounding and one interval (`logging_first_step` logs step 1 too), and
    the first no further from the start than from the second. A log's tail (its first dict at epoch
    0.46; a terminal's last screen, `'epoch': 0.99` then `'epoch': 1.0`), or one with lines cut out
    (epoch 0.09, then 1.0), is not; dicts that print no epoch say nothing against it."""
    epochs = [to_float(d.record.get("epoch")) for d in losses]
    last = epochs[-1] if epochs else None
    if last is None or not all(e is not None for e in epochs):
        return True
    each = last / len(epochs)
    rounding = 2 * _epoch_half_unit(losses)
    slack = rounding + each
    if len(epochs) >= 2 and epochs[0] > epochs[1] - epochs[0] + rounding:
        return False
    return all(abs(e - i * each) <= slack for i, e in enumerate(epochs, start=1) if e is not None)


def _epoch_length(losses: list[_Dict], dicts: list[_Dict], run_total: int | None) -> float | None:
    """Steps an epoch, where no header says (the Trainer's default log level), and only where the
    dicts' printed epochs (`'epoch': 0.26`) are fine enough to name one step (their last digit's
    half unit under half a step; or, for dicts each logged at an epoch's end, `'epoch': '1'`, under
    a whole step: a whole epoch's step is a whole number of steps, the only one so close):
    `_summary_epoch`."""
    per_epoch = _summary_epoch(dicts, run_total) if losses else None
    if per_epoch is None:
        return None
    half = _epoch_half_unit(losses)
    whole = per_epoch.is_integer() and all((e := to_float(d.record.get("epoch"))) is not None and e.is_integer() for d in losses)
    return per_epoch if half * per_epoch < (1.0 if whole else 0.5) else None


def _placed_epoch(losses: list[_Dict]) -> float | None:
    """Steps an epoch by the metric lines a reading drawn with them places (`_Dict.exact`): their
    step over their printed epoch (the Trainer's epoch is its step over the steps an epoch), the
    one that more than half of them, two at least, agree with to half a step and their epochs'
    printing (a dict whose bar's drawing a copy lost takes the next one's: it disagrees), where
    that printing names one step; None otherwise."""
    placed = [(d.reading[1].n, epoch) for d in losses if d.exact and d.reading is not None
              and (epoch := to_float(d.record.get("epoch"))) is not None and epoch > 0 and d.reading[1].n > 0]
    half = _epoch_half_unit(losses)
    best, agreeing = None, 0
    ratios = [n / epoch for n, epoch in placed]
    # (candidates: the median and the first few dicts' own, each counted against all: linear in the dicts)
    candidates = sorted({*ratios[:PLACED_EPOCH_CANDIDATES], *sorted(ratios)[len(ratios) // 2:len(ratios) // 2 + 1]})
    for ratio in candidates:
        count = sum(1 for n, epoch in placed if abs(n - epoch * ratio) <= 0.5 + half * ratio)
        if count > agreeing:
            best, agreeing = ratio, count
    # (and only where the epochs are printed fine enough to name one step: coarser ones let a wrong
    # count agree with most dicts)
    return best if best is not None and agreeing >= 2 and 2 * agreeing > len(placed) and half * best < 0.5 else None


def _summary_epoch(dicts: list[_Dict], run_total: int | None) -> float | None:
    """Steps an epoch: the run's steps over the epochs its summary dict says it ran
    (`{'train_runtime': 394.25, ..., 'train_steps_per_second': 0.297, ..., 'epoch': 3.0}`), whole
    epochs, the total confirmed by the summary (runtime x steps a second, to its printed rounding)."""
    span = _summary_epoch_span(dicts, run_total)
    return span[0] if span is not None and span[1] == 0.0 else None


def _summary_epoch_span(dicts: list[_Dict], run_total: int | None) -> tuple[float, float] | None:
    """`_summary_epoch`, and for a run that stopped within an epoch (`max_steps`: `'epoch': 0.39`), the steps
    an epoch its printed epoch gives, with their relative error (half its last digit over it; 0 for whole epochs)."""
    summary = next((d.record for d in dicts if hf_summary(d.record)), None)
    if summary is None or not run_total:
        return None
    epochs, runtime, rate = (to_float(summary.get(k)) for k in ("epoch", "train_runtime", "train_steps_per_second"))
    if (epochs is None or runtime is None or rate is None or epochs <= 0
            or not 0 < runtime < 1e8 or abs(runtime * rate - run_total) > 0.5 + runtime * 0.0005):
        return None
    if epochs.is_integer():
        return run_total / epochs, 0.0
    printed = summary.get("epoch")
    text = printed if isinstance(printed, str) else repr(printed)
    if "e" in text or "." not in text:
        return None
    return run_total / epochs, half_unit(text) / epochs


_FOUR_DIGITS = re.compile(r"\d{1,4}(?:\.\d{1,4})?")  # an epoch as `.4g` prints it without an exponent (at most 4 digits)


def _trial_final_frames(dicts: list[_Dict], reading_at: dict[int, tuple[int, BarReading]], run_ends: list[int]) -> None:
    """A sweep's trial whose console kept only its bar's final frame, after its dicts (a terminal's
    copy: `{'loss': 3.2, ..., 'epoch': 1.0}`, the summary dict, `24/24 [00:51<00:00, 2.14s/it]`, then
    Optuna's `Trial 1 finished`): its last loss dict, with no reading before it in its trial and at
    the epoch the trial's summary ends on, was logged at the trial's last step, that frame's. (Not one
    at an earlier epoch, nor another dict that prints the same rounded epoch: the frame is one step's.)
    One pass over the trials, the dicts and the readings in line order."""
    frames = sorted(reading_at)
    by_index = sorted(dicts, key=lambda d: d.index)
    low, k, f = -1, 0, 0
    for high in run_ends:
        trial: list[_Dict] = []
        while k < len(by_index) and by_index[k].index < high:
            if by_index[k].index > low:
                trial.append(by_index[k])
            k += 1
        last_frame = None
        while f < len(frames) and frames[f] < high:
            if frames[f] > low:
                last_frame = frames[f]
            f += 1
        low = high
        summary = next((d for d in trial if hf_summary(d.record)), None)
        if last_frame is None or summary is None or (final_epoch := to_float(summary.record.get("epoch"))) is None:
            continue
        final = reading_at[last_frame]
        if final[1].total is None or final[1].n != final[1].total:
            continue
        losses = [d for d in trial if d.index < last_frame and "loss" in d.record]
        if losses and losses[-1].before is None and to_float(losses[-1].record.get("epoch")) == final_epoch:
            losses[-1].before = final


def _epochs_fit(dicts: list[_Dict], placing: Any) -> bool:
    """Whether the steps `placing` gives the loss dicts (a reading each, or None) agree with their printed
    epochs, the steps an epoch the same for all (the median of step over epoch, each within its
    epoch's printing and a step): three placed dicts with an epoch at least, else no say (False)."""
    pairs = [(reading[1].n, epoch) for d in dicts if "loss" in d.record and (reading := placing(d)) is not None
             and (epoch := to_float(d.record.get("epoch"))) is not None and epoch > 0 and reading[1].n > 0]
    if len(pairs) < 3:
        return False
    per_epoch = sorted(n / epoch for n, epoch in pairs)[len(pairs) // 2]
    half = _epoch_half_unit(dicts)
    return all(abs(n - epoch * per_epoch) <= half * per_epoch + 1 for n, epoch in pairs)


def _save_grid(losses: list[_Dict], saves: list[tuple[int, int]]) -> dict[int, int]:
    """Steps of one process's metric dicts (by `id`) by the `checkpoint-N` saves among them (`saves`: line index,
    N), where nothing else places them: the Trainer logs, then saves, at a step both fall on, every `logging_steps`
    (K) steps (and step 1 first where `logging_first_step` is set), so the dicts on its grid before the save of step
    N are N / K. K is a whole number two saves or more agree on; the dicts then at K, 2K, ... (a DeepSpeed-launched
    Trainer's stdout at its default log level: six dicts, then `checkpoint-50`, five more, `checkpoint-100`: step 1,
    then every 10, not 1 to 49 in their order); none where no such K fits every save."""
    if len({step for _, step in saves}) < 2 or any(step <= 0 for _, step in saves):
        return {}
    indexes = [d.index for d in losses]
    for first in (0, 1):  # (with step 1 logged first, or not)
        counts = [(bisect_left(indexes, index) - first, step) for index, step in saves]
        if any(count <= 0 for count, _ in counts) or counts[0][1] % counts[0][0]:
            continue
        every = counts[0][1] // counts[0][0]
        # (every save on the grid but the last, which may fall between two logs: the run's final save at its last
        # step; and one save with as many logs before it as the grid's spacing at least, else a few logs before
        # each save fit a wider grid too: 2 logs then checkpoint-24 fits every 12 as well as every 10)
        if (every > 1 and all(count * every == step for count, step in counts[:-1])
                and counts[-1][0] * every <= counts[-1][1] < (counts[-1][0] + 1) * every
                and max(count for count, _ in counts) >= every):
            return {id(d): 1 if j < first else (j - first + 1) * every for j, d in enumerate(losses)}
    return {}


def _saves_per_epoch(by_rank: dict[int | None, list[_Dict]], saved: Sequence[tuple[int, int | None, int]],
                     whole: float) -> float | None:
    """Steps an epoch as the `checkpoint-N` saves measure it, where the header's count (`whole`:
    total optimization steps / epochs, whole steps an epoch) is not the epochs' own: the Trainer
    logs, then saves, at a step both fall on, so the metric dict before a save is at its step N.
    The header counts an epoch's whole optimization steps; the epochs a dict prints may count
    its samples (`Num examples = 2,182` in batches of 128: 17.05 steps an epoch, not the header's 17,
    which misplaces step 2100 by 6). The largest epoch's save gives it, where every save's dict
    agrees with it to the epoch's printing and half a step, and it is within one step of the
    header's; None where no two saves say so. `by_rank`: each process's loss dicts, in line order."""
    pairs: list[tuple[float, int]] = []
    indexes = {rank: [d.index for d in group] for rank, group in by_rank.items()}
    for index, rank, step in saved:
        group = by_rank.get(rank, [])
        before = bisect_left(indexes.get(rank, []), index) - 1  # (the dict printed last before the save)
        epoch = to_float(group[before].record.get("epoch")) if before >= 0 else None
        if epoch is not None and epoch > 0 and step > 0:
            pairs.append((epoch, step))
    if len({step for _, step in pairs}) < 2:
        return None
    epoch, step = max(pairs)
    rate = step / epoch
    half = _epoch_half_unit([d for group in by_rank.values() for d in group])
    if not whole <= rate <= whole + 1 or any(abs(e * rate - n) > half * rate + 0.5 for e, n in pairs):
        return None
    return rate


def _epoch_half_unit(losses: list[_Dict]) -> float:
    """Half the last printed digit of the dicts' epochs (`'epoch': 0.26`: 0.005), in epochs (1.0
    where none prints a fraction); of the strings recent transformers prints, to 4 significant
    digits (`f"{value:.4g}"`: `'epoch': '0.1225'`, `'epoch': '1'` for 1.000), that digit's."""
    printed = (str(d.record["epoch"]) for d in losses if isinstance(d.record.get("epoch"), float))
    halves = [half_unit(text) for text in printed if "e" not in text and "." in text]
    for d in losses:
        text = d.record.get("epoch")
        if isinstance(text, str) and _FOUR_DIGITS.fullmatch(text) and (value := float(text)) > 0:
            halves.append(0.5 * 10.0 ** (math.floor(math.log10(value)) - 3))
    return min(halves, default=1.0)


def _bar_start(rows: LogRows, bars: list[_Bar], lines: Sequence[Line]) -> None:
    """The file's first training bar, which no logged header started and which a dated line
    after it dates, began before the file's first dated line (its elapsed time at that line says
    by how much: axolotl's `1124/1124 [2:48:45<00:00, ...][2025-11-06 11:25:06,763] ... Saving`): its
    process ran since then at least, an attempt's start."""
    bar = next((b for b in bars if b.readings), None)
    first_dated = next((line.ts_ns for line in lines if line.ts_ns is not None), None)
    if (bar is None or bar.header_logged or bar.source != "tqdm" or bar.start_ns is None or first_dated is None
            or bar.start_ns >= first_dated or not bar.where):
        return
    number, rank = bar.where[0]
    rows.start_at_bar_start(number, rank, bar.start_ns)


def _clock(bar: _Bar, mtime_ns: int | None) -> None:
    """The bar's start and each step's refined seconds since it (see the module docstring)."""
    first: dict[int, BarReading] = {}
    for reading in bar.readings:
        first.setdefault(reading.n, reading)  # a step's first reading is the closest to its end
    points = [(n, r.elapsed_s) for n, r in first.items()]
    refined = refine_bar_elapsed(points, rates=[r.seconds_per_item for r in first.values()])
    bar.seconds = {n: seconds for (n, _), seconds in zip(points, refined, strict=True)}
    bar.counts = [r.n for r in bar.readings]
    bar.pauses.sort()
    readings = [(r.n, r.elapsed_s) for r in bar.readings]
    last = bar.readings[-1] if bar.readings else None
    start = anchor_bar(bar.header_ns, readings, bar.seconds, bar.dated,
                       after_beats_before=not bar.header_logged and last is not None and last.n == last.total)
    if start is not None:
        bar.start_ns, bar.source = start, "tqdm"
    elif mtime_ns is not None and bar.readings:
        last = bar.readings[-1]
        bar.start_ns = mtime_ns - int(bar.seconds.get(last.n, last.elapsed_s) * 1e9)
        bar.source = "tqdm_mtime"
