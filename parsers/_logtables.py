"""Row builders shared by the log parsers: they append plain dicts, this makes the tables."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from tracelens.enums import FAILURE_EVENT_KINDS, LogEventKind
from tracelens.parsers._lines import ABORTED_AT, iter_numbers
from tracelens.parsers._nccl import NcclScanner
from tracelens.parsers._numbers import half_unit, within_int64
from tracelens.schemas import LOG_EVENTS, LOG_STEPS

# Metric names as logs and metric files spell them -> log_steps column (one map for every parser
# that reads free-form metrics: generic key=value lines, JSON-lines records).
METRIC_KEYS = {
    "loss": "loss", "train_loss": "loss", "trn_loss": "loss", "total_loss": "loss", "lr": "lr", "learning_rate": "lr",
    # (DeiT's, MAE's, DINO's `log.txt`: `{"train_lr": ..., "train_loss": ..., "train_grad_norm": ..., "epoch": 3}`)
    "train_lr": "lr", "train_learning_rate": "lr", "grad_norm": "grad_norm", "train_grad_norm": "grad_norm",
    # (fairseq's and Megatron's short name, `gnorm`; not a bare `grad`, which may be a maximum's, `max grad 0.9`)
    "gnorm": "grad_norm",
    "step_time_s": "step_time_s", "step_time": "step_time_s", "time_per_step": "step_time_s",
    "step_time_seconds": "step_time_s", "step_time_sec": "step_time_s", "step_time_secs": "step_time_s",
    "data_time_s": "data_time_s", "data_time": "data_time_s", "data_s": "data_time_s", "data_loading_s": "data_time_s",
    "tokens": "tokens", "samples": "samples", "tps": "tokens_per_s", "tokens_per_s": "tokens_per_s",
    # (OLMo's `throughput/device/tokens_per_second=7,456`, the metric by its path's last part)
    "tokens_per_second": "tokens_per_s", "tokens_per_sec": "tokens_per_s",
    "tflops": "tflops", "mfu": "mfu",
    # (torchtitan's names, a unit in brackets, as its TensorBoard and W&B scalars and the consoles that print them
    # spell them: `time_metrics/end_to_end(s)`, the interval's mean step time; `throughput(tps)`; `mfu(%)`)
    "global_avg_loss": "loss", "end_to_end(s)": "step_time_s", "data_loading(s)": "data_time_s",
    "throughput(tps)": "tokens_per_s", "mfu(%)": "mfu",
}

# a loss's name that is an evaluation's (`val_loss`, `eval_loss_total`) or a loss scale's
_EVAL_LOSS = re.compile(r"(?:^|[_ ])(?:val|valid|validation|eval|test|dev)(?:$|[_ ])|loss_scal", re.I)
# a loss kept as a record, not the step's (`best_loss`, `min_val_loss`, `lowest_loss`)
_LOSS_RECORD = re.compile(r"(?:best|min|max|lowest|highest|prev|previous)(?:_|$)")
# a loss that is no finite number (a run that diverged: `Step: 397, Loss: inf`, `loss=nan`)
# (or after a space, as `iter_numbers` reads a finite one: nanoGPT's `iter 3010: loss nan, time 1019.95ms`)
_NONFINITE = re.compile(r"(?<![\w/.])(?P<key>[A-Za-z_][\w/.]{0,80})(?: is(?=:))?(?:\s{0,4}[:=]\s{0,4}|\s{1,4})"
                        r"(?P<value>[-+]?(?:nan|inf(?:inity)?))(?![\w.])", re.I)


def training_loss_key(key: str) -> bool:
    """A key that names a training loss: `loss`, `train_loss_total`, a GAN's `D_loss` and `Loss_G`
    (not an evaluation's, `val_loss`, `eval_loss_total`, nor a loss scale)."""
    return METRIC_KEYS.get(key) == "loss" or ("loss" in key and _EVAL_LOSS.search(key) is None)


def nonfinite_loss(text: str) -> bool:
    """The line gives a training loss that is no number (`nan`, `inf`): the step was taken, its
    loss diverged. Not a record's starting value (`best_loss=inf`, `min_loss: inf`)."""
    if "oss" not in text or not any(word in text for word in ("nan", "inf", "NaN", "Inf", "NAN", "INF")):
        return False
    return any(training_loss_key(key := m.group("key").lower()) and _LOSS_RECORD.match(key) is None
               for m in _NONFINITE.finditer(text))


# a traceback's closing line, its exception (`RuntimeError: ...`, `torch.OutOfMemoryError: CUDA out of
# memory`, `ray.exceptions.RayTaskError(NotImplementedError): ...`, a bare `NotImplementedError`, `Exception:`), at
# the line's start (`\A`: read with `match`; a search from every character of a long word would
# try each of its lengths there)
_EXCEPTION = re.compile(r"\A(?:[A-Za-z_]\w{0,80}\.){0,8}"
                        r"(?:[A-Za-z_]\w{0,80}(?:Error|Exception|Interrupt|Exit|Failure|Timeout)|Exception)"
                        r"(?:\([\w.]{1,200}\))?(?::|\s*$)")
# the lines that chain one exception to the next
APPENDED_LAUNCHES_MAX = 1000  # launches a file's lines say were appended to it, read so at most (each an attempt)
# launches a count gone back says, where there are this many or more and one for every `APPENDED_RESTART_ROWS` step rows or
# fewer: none, but two processes printing side by side
APPENDED_RESTARTS_MAX = 4
APPENDED_RESTART_ROWS = 4
CHAINED_SENTENCES = ("The above exception was the direct cause", "During handling of the above exception")
# (and torch.multiprocessing.spawn's before torch 1.8, its bare `Exception: ` then the process's own traceback)
_SPAWN_CHAINED = re.compile(r"-- Process \d{1,9} terminated with the following error:\s*$")
TRACEBACK_LINES = 400  # the most lines a traceback's frames take before its exception


# What a console-log parser fills: its steps and events, and the NCCL lines it meets.
LOG_TABLES = ("log_steps", "log_events", "nccl_comms", "nccl_warnings", "nccl_calls")


# Ray's wrapper of an exception a remote task or actor raised, its frames after it, then the exception
# itself: "ray.exceptions.RayTaskError(SafetensorError): ray::main_task() (pid=19799, ip=172.17.0.5)"
_RAY_WRAPPER = re.compile(r"(?:ray\.exceptions\.)?Ray(?:Task|Actor)Error\b")

# the silence before a process's first line printed again that makes it a relaunch's (`repeated_starts`): longer
# than any pause a running process's logger leaves between two lines of its start-up, shorter than a relaunch by hand
RELAUNCH_SILENCE_NS = 60 * 10**9
# the silence before a first line printed again with another line after it (a relaunch's configuration, other values)
# that makes it a relaunch's, where the run before said it ended: longer than a second phase of one process takes to
# begin after its first's end and an evaluation (a curriculum's `Starting training` again, 90 s later), shorter than
# a run started again by hand with another configuration
RELAUNCH_RECONFIGURED_SILENCE_NS = 30 * 60 * 10**9
# a line's time as loggers print it (a date and time, glog's head with its thread id, a time of day): what a line
# printed again by a relaunch differs in
_STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T,:]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?|\d{1,4}/\d\d/\d{2,4}[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?"
                    r"|^\[?[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{1,9} +\d{1,20}|\b\d\d:\d\d:\d\d(?:[.,]\d{1,9})?")
# a line that names its process's id where `_STAMP` leaves it (Kineto's `STAGE:2025-04-07 10:29:46 22264:22264
# ActivityProfilerController.cpp:314] Completed Stage: Warm Up`, at each profiled window; NCCL's `node1:22264:22264 [0]
# NCCL INFO ...`): printed again word for word, it is the same process's line, no relaunch's (`repeated_starts`)
_PROCESS_IDS = re.compile(r"(?<![\d:])\d{1,10}:\d{1,10} [\w.\-]{1,255}\.(?:cpp|cc|cu|c|h|hpp):\d{1,6}\]"
                          r"|(?<![\w.\-])[\w.\-]{1,255}:\d{1,10}:\d{1,10} \[\d{1,5}\]")
# a process's words that say how it stopped (`last_lines`): a failure, a restart, its end
_PROCESS_WORDS = frozenset({*(kind.value for kind in FAILURE_EVENT_KINDS), LogEventKind.RESTART.value,
                            LogEventKind.ATTEMPT_END.value})


# the longest a glog failure handler's moment may follow a log's last dated line and date the failure after it
ABORT_AFTER_LAST_NS = 30 * 60 * 1_000_000_000


@dataclass
class LogRows:
    framework: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    nccl: NcclScanner = field(default_factory=NcclScanner)  # NCCL_DEBUG lines in the log
    text_lines: set[int] = field(default_factory=set)  # non-blank line numbers of the file
    # lines dated without a year, given the file's mtime's (a reader that finds the year
    # elsewhere takes its line out): the steps they date are `log_line_mtime`
    mtime_year_lines: set[int] = field(default_factory=set)
    # rows that end their epoch (its summary, or its bar's drawing at the epoch's last batch): id(row) ->
    # (the epoch as printed, its batches); see `epoch_end`
    epoch_ends: dict[int, tuple[int, int]] = field(default_factory=dict)
    # rows drawn within their epoch, before its end: id(row) -> the epoch as printed; see `within_epoch`
    epoch_readings: dict[int, int] = field(default_factory=dict)
    # events at an epoch's end that name the epoch, not a step (Keras' ModelCheckpoint, `Epoch 1: val_loss
    # improved from inf to 0.52021, saving model to ...`): id(event) -> the epoch as printed; `log_result`
    # gives each the step of the row that ends that epoch, as the rows are numbered
    epoch_events: dict[int, int] = field(default_factory=dict)
    # the file's line numbers, their times (None: undated) and texts, in the file's order, where a
    # reader read lines: `date_undated_events` and `diverged_losses` read them
    clock: tuple[Sequence[int], Sequence[int | None]] | None = None
    texts: Sequence[str] | None = None
    ranks: Sequence[int | None] | None = None
    # line number -> the time its reader gave a line where that is not the shared lines' (mmengine's
    # dates with a year from its run's stamp, where the lines took the mtime's): the clock its rows use
    retimed: dict[int, int | None] = field(default_factory=dict)
    # each line number's line in the file as an editor counts them, at number - 1 (`Lines.file_lines`):
    # the rows' `file_line`; None: the same
    file_lines: Sequence[int] | None = None

    def unrecognised(self) -> int:
        """Non-blank lines that yielded no step, event or NCCL row: counted, not errors."""
        used = {r["line"] for r in self.steps} | {e["line"] for e in self.events if e["kind"] != LogEventKind.LAST_LINE}
        used |= {r["line"] for r in (*self.nccl.comms, *self.nccl.warnings, *self.nccl.calls)}
        return len(self.text_lines) - len(used & self.text_lines)  # (the smaller set walked)

    def step(self, *, line: int, rank: int | None, step: int, **values: Any) -> None:
        if within_int64(step) is None:
            return  # a step number no int64 holds is not a step (a mangled line)
        values = {k: within_int64(v) for k, v in values.items()}
        if "time_source" not in values and (values.get("end_ns") is not None or values.get("start_ns") is not None):
            values["time_source"] = "log_line"
        if values.get("time_source") == "log_line" and line in self.mtime_year_lines:
            values["time_source"] = "log_line_mtime"
        self.steps.append({"file_id": "", "rank": within_int64(rank), "step": step, "framework": self.framework, "line": line,
                           **values})

    def drop_steps(self, row_ids: set[int]) -> None:
        """The step rows of these ids (`id(row)`) are no steps: out of `steps`, and out of the epochs
        their marks said they ended or were read within."""
        self.steps[:] = [row for row in self.steps if id(row) not in row_ids]
        for row_id in row_ids:
            self.epoch_ends.pop(row_id, None)
            self.epoch_readings.pop(row_id, None)

    def epoch_end(self, row: dict[str, Any], epoch: int, batches: int) -> None:
        """`row` ends epoch `epoch` (as printed) of `batches` batches, its step time a batch's.
        Where every row of a rank ends an epoch, and there are two or more (a console that kept
        each epoch's summary alone, or its bar's last drawing), `log_result` numbers the rows by
        their epochs, each row's time the epoch's: such a log shows its epochs, not its batches."""
        self.epoch_ends[id(row)] = (epoch, batches)

    def within_epoch(self, row: dict[str, Any], epoch: int) -> None:
        """`row` is a reading within epoch `epoch` (as printed), before its end. Where a rank's rows
        are epochs' ends but for the readings of one last epoch after them all (a log that stops
        within an epoch), those readings are no rows: the log is still read by its epochs."""
        self.epoch_readings[id(row)] = epoch

    def event(
        self, kind: LogEventKind, *, line: int, rank: int | None, ts_ns: int | None, raw: str = "", **values: Any
    ) -> None:
        """One event row; `process=True` marks an attempt_start that a new process made (its first dated
        line, a launch: `last_lines` reads it), no column."""
        values = {k: within_int64(v) for k, v in values.items()}
        self.events.append(
            {"file_id": "", "rank": within_int64(rank), "ts_ns": within_int64(ts_ns), "kind": kind.value,
             "framework": self.framework, "line": line, "raw": raw[:500],
             "year_from_mtime": ts_ns is not None and line in self.mtime_year_lines, **values}
        )

    def start_at_bar_start(self, line: int, rank: int | None, start_ns: int) -> None:
        """A progress bar the file's first dated line came after (or dates: a line glued to the
        bar's reading), whose elapsed time says it began at `start_ns`: its process ran since then
        at least, the start of its attempt (`723/1602 [2:12:45<2:59:53, 12.28s/it]` before a
        scheduler's dated cancel: 2 h 12 min 45 s before it)."""
        detail = "the training bar's start, by its elapsed time"
        start = next((e for e in self.events if e["kind"] == LogEventKind.ATTEMPT_START.value and e["rank"] == rank), None)
        if start is None:
            self.event(LogEventKind.ATTEMPT_START, line=line, rank=rank, ts_ns=start_ns, detail=detail)
        elif start["ts_ns"] is not None and start["ts_ns"] > start_ns and start["line"] >= line:
            start.update(ts_ns=start_ns, detail=detail)  # (the process's first dated line came after it)

    def date_undated_events(self) -> None:
        """Each event on a line with no time of its own (a traceback, a launcher's undated exit
        line) gets `after_ns`: the time of its file's last dated line before it, the earliest it can
        have been logged. One merge of the events, in line order, with the file's lines."""
        if self.clock is None:
            return
        undated = sorted((e for e in self.events if e.get("ts_ns") is None), key=lambda e: e["line"])
        if not undated:
            return
        numbers, times = self.clock
        retimed = self.retimed
        last: int | None = None
        k = 0
        for number, ns in zip(numbers, times, strict=True):
            while k < len(undated) and undated[k]["line"] <= number:
                undated[k]["after_ns"] = last
                k += 1
            if k == len(undated):
                return
            if retimed and number in retimed:
                ns = retimed[number]
            if ns is not None and within_int64(ns) is not None:  # (a date past what the store holds: none)
                last = ns
        for event in undated[k:]:
            event["after_ns"] = last

    def date_aborted_failures(self) -> None:
        """A failure no line of its own dates, where glog's failure handler names its moment (PaddlePaddle's `[TimeInfo:
        *** Aborted at 1691153636 (unix time) ...]` in its error summary): the failure events between the file's dated
        line before that report and the next are at that moment, where it falls between the two, or, with no dated
        line after it, within `ABORT_AFTER_LAST_NS` of the one before (else the report's UTC and the lines' own clock,
        a local time, disagree: nothing is dated; no zone behind UTC is less than an hour behind it)."""
        if self.clock is None or self.texts is None:
            return
        failures = {kind.value for kind in FAILURE_EVENT_KINDS}
        undated = sorted((e for e in self.events if e.get("ts_ns") is None and e["kind"] in failures), key=lambda e: e["line"])
        if not undated:
            return
        numbers, times = self.clock
        lines = [e["line"] for e in undated]
        for at, text in enumerate(self.texts):
            if "Aborted at " not in text or (aborted := ABORTED_AT.search(text)) is None:
                continue
            moment = int(aborted.group(1)) * 1_000_000_000
            before = self.dated_before(at)
            after = next((j for j in range(at + 1, min(at + 400, len(times))) if times[j] is not None), None)
            since = times[before] if before is not None else None
            until = times[after] if after is not None else None
            if (before is None or since is None or moment < since or (until is not None and moment > until)
                    or (until is None and moment - since > ABORT_AFTER_LAST_NS)):
                continue
            low = bisect_right(lines, numbers[before])
            high = bisect_left(lines, numbers[after]) if after is not None else len(lines)
            for event in undated[low:high]:
                event["ts_ns"] = moment

    def dated_before(self, index: int) -> int | None:
        """The index (into `clock`) of the last dated line before `index`, within 400 lines; None for none."""
        assert self.clock is not None
        times = self.clock[1]
        return next((j for j in range(index - 1, max(index - 400, 0) - 1, -1) if times[j] is not None), None)

    def repeated_starts(self) -> None:
        """A process's first dated line (its start) that its rank prints again, word for word but for
        its time stamp and with the same next line after it, after a silence of `RELAUNCH_SILENCE_NS` or
        more since the file's dated line before it (another line than those two), is a relaunch's first
        line: the same script started again (`[Rank 0] Process 0/8 initialized on cuda:0` fifteen minutes
        after the last run's `ERROR ... Error during training step 0`, a failure no rule reads). Where the
        process before said it ended (an end of training or a failure logged since its start), steps
        follow and `RELAUNCH_RECONFIGURED_SILENCE_NS` or more of silence came before it, its next line
        may differ (a relaunch's configuration printed with other values: MACE's `MACE version: 0.3.6`,
        then `Configuration: Namespace(config=None, ...` and months later `Namespace(config='config/...`;
        not another script of the framework's, its banner the same, its configuration another and no
        step after it: PaddleRec's `infer.py` after its `trainer.py`; nor a second phase of one process,
        its `Starting training` again a minute after the first phase's end).
        Not a line repeated at once (each rank's copy of one line in a console with no rank prefix), nor a
        heartbeat's lines every hour. One vectorised look for the lines that end as a first line does,
        then those candidates in Python."""
        if self.clock is None or self.texts is None or self.ranks is None:
            return
        firsts = [e for e in self.events if e.get("process") and e.get("detail") == "first dated line of a process"
                  and e["ts_ns"] is not None]
        if not firsts:
            return
        import polars as pl

        numbers, times = self.clock
        starts = {(e["rank"], e["line"]) for e in self.events if e["kind"] == LogEventKind.ATTEMPT_START.value}
        ranks = self.ranks

        def following(k: int) -> int | None:
            """The index of the next dated line of line k's rank (within 50 lines)."""
            return next((j for j in range(k + 1, min(k + 51, len(numbers))) if times[j] is not None and ranks[j] == ranks[k]),
                        None)

        # a first line's end -> its rank, shape and the shape of its rank's next dated line: a relaunch prints its
        # start-up again, its first two lines in order (a heartbeat repeats one line; a launcher's line that each of
        # its workers prints again as it imports is followed by other lines)
        by_tail: dict[str, dict[tuple[int | None, str, str], int]] = {}  # tail -> (rank, shape, next shape) -> first index
        alone: dict[tuple[int | None, str], int] = {}  # (rank, shape) -> first index
        ended: dict[int | None, list[int]] = {}  # rank -> the lines of its ends, failures and restarts
        for e in self.events:
            if e["kind"] in _PROCESS_WORDS:
                ended.setdefault(e["rank"], []).append(e["line"])
        for said in ended.values():
            said.sort()

        last_step: dict[int | None, int] = {}  # rank -> the line of its last step row
        for row in self.steps:
            last_step[row["rank"]] = max(last_step.get(row["rank"], 0), row["line"])

        def ended_since_start(rank: int | None, line: int) -> bool:
            """The rank said it ended (or failed, or restarted) before `line`, since its last start before it."""
            began = max((at for r, at in starts if r == rank and at < line), default=0)
            said = ended.get(rank, [])
            i = bisect_right(said, began)
            return i < len(said) and said[i] < line

        for first in firsts:
            at = bisect_left(numbers, first["line"])
            if at == len(numbers) or numbers[at] != first["line"] or (after := following(at)) is None:
                continue
            text = self.texts[at]
            if _PROCESS_IDS.search(text) is not None:
                continue  # (its process's id in it: said again word for word, by the same process)
            tail = text.rstrip()[-24:]
            shape = _STAMP.sub("", text).strip()
            then = _STAMP.sub("", self.texts[after]).strip()
            if len(tail) >= 12 and len(shape) >= 16 and then != shape:  # (a line too short to name a script's start: none)
                known = by_tail.setdefault(tail, {})
                known[first["rank"], shape, then] = min(known.get((first["rank"], shape, then), at), at)
                alone[first["rank"], shape] = min(alone.get((first["rank"], shape), at), at)
        if not by_tail:
            return
        tails = pl.Series(self.texts, dtype=pl.String).str.strip_chars_end().str.slice(-24)
        for k in tails.is_in(list(by_tail)).arg_true().to_list():
            rank = ranks[k]
            if (rank, numbers[k]) in starts or (ns := times[k]) is None:
                continue
            known = by_tail.get(self.texts[k].rstrip()[-24:], {})
            if not known:
                continue
            last = self.dated_before(k)
            if last is None or ns - times[last] < RELAUNCH_SILENCE_NS or (after := following(k)) is None:
                continue
            pair = (_STAMP.sub("", self.texts[k]).strip(), _STAMP.sub("", self.texts[after]).strip())
            if _STAMP.sub("", self.texts[last]).strip() in pair:
                continue  # (the same lines back to back: a heartbeat's, `PULSE: ... is running for ...` every hour)
            if known.get((rank, *pair), k) >= k and not (
                    alone.get((rank, pair[0]), k) < k and ns - times[last] >= RELAUNCH_RECONFIGURED_SILENCE_NS
                    and ended_since_start(rank, numbers[k]) and last_step.get(rank, 0) > numbers[k]):
                continue
            self.event(LogEventKind.ATTEMPT_START, line=numbers[k], rank=rank, ts_ns=ns, raw=self.texts[k],
                       detail="a process's first line printed again after a silence: a relaunch", process=True)
            starts.add((rank, numbers[k]))
        self.events.sort(key=lambda e: e["line"])

    def last_lines(self) -> None:
        """A process that stopped without a word (no failure, restart or end of training logged
        since it started) was alive until its last dated line: where that line is later than its
        steps and events say, it is a `last_line` event (its attempt ends there, not at its last step:
        an evaluation, a save or a loop's lines it went on to print that no rule reads). A process
        is a rank's lines from one start of it (or of no rank) to the next; the lines of no rank
        around a rank's (a launcher's, whose workers print those) are no process of their own.
        One pass over the file's dated lines."""
        if self.clock is None or self.ranks is None:
            return
        starts: dict[int | None, list[int]] = {}
        said: dict[int | None, list[int]] = {}  # rank -> lines of a failure, restart or end
        for e in self.events:
            if e.get("process"):  # (a start the scanner says a new process made, not a header within one)
                starts.setdefault(e["rank"], []).append(e["line"])
            elif e["kind"] in _PROCESS_WORDS:
                said.setdefault(e["rank"], []).append(e["line"])
        if not starts:
            return
        shared_starts, shared_said = starts.get(None, []), said.get(None, [])
        bounds = {rank: sorted({*lines, *shared_starts}) for rank, lines in starts.items()}
        words = {rank: sorted({*said.get(rank, []), *shared_said}) for rank in bounds}
        # (rank, its process) -> the latest time a step or event of it gives
        read: dict[tuple[int | None, int], int] = {}
        for row in (*self.steps, *self.events):
            if (opened := bounds.get(row["rank"])) is not None and (process := bisect_right(opened, row["line"])):
                for when in (row.get("ts_ns"), row.get("end_ns"), row.get("start_ns")):
                    if when is not None and when > read.get((row["rank"], process), -1 << 63):
                        read[row["rank"], process] = when
        import polars as pl

        numbers, times = self.clock
        if self.retimed:
            times = [self.retimed.get(n, t) for n, t in zip(numbers, times, strict=True)]
        # the file's dated lines, in one frame: a rank's lines after its last start are one pass of polars
        dated = (pl.DataFrame({"number": numbers, "ns": times, "rank": self.ranks},
                              schema={"number": pl.Int64, "ns": pl.Int64, "rank": pl.Int64}, strict=False)
                 .filter(pl.col("ns").is_not_null()))
        unranked: list[int] = dated.filter(pl.col("rank").is_null()).get_column("number").to_list()  # in order
        # processes of no rank a rank's dated line falls in (a launcher's)
        ranked = ({bisect_right(shared_starts, n) for n in dated.filter(pl.col("rank").is_not_null()).get_column("number")}
                  if shared_starts else set())
        last: dict[tuple[int | None, int], tuple[int, int]] = {}  # (rank, its process) -> (line, ns)
        for key, opened in bounds.items():
            mine = dated.filter(pl.col("rank").is_null() if key is None else pl.col("rank") == key)
            if not len(mine):
                continue
            at_starts: pl.Series = mine.get_column("number").search_sorted(pl.Series(opened, dtype=pl.Int64), side="left")
            # (the last dated line before each next start, and before the file's end)
            ends = [*at_starts.to_list()[1:], len(mine)]
            for k, end in enumerate(ends, 1):
                if end > 0 and mine.item(end - 1, "number") >= opened[k - 1]:
                    last[key, k] = (mine.item(end - 1, "number"), mine.item(end - 1, "ns"))
        for (rank, process), (number, ns) in last.items():
            if ns <= read.get((rank, process), -1 << 63) or (rank is None and process in ranked):
                continue  # (no later than what its steps and events say: nothing more)
            opened, closed = bounds[rank], words[rank]
            begin, end = opened[process - 1], opened[process] if process < len(opened) else None
            after = bisect_right(unranked, number)
            if rank is not None and after < len(unranked) and (end is None or unranked[after] < end):
                # (a rank's own lines, then dated lines of no rank before its next start: its C++ warnings
                # under `[rank0]:` and its Python logging's with no prefix, one process's)
                continue
            at = bisect_left(closed, begin)
            if at < len(closed) and (end is None or closed[at] < end):
                continue
            self.event(LogEventKind.LAST_LINE, line=number, rank=rank, ts_ns=ns,
                       detail="its process's last dated line: it stopped without a word")

    def diverged_losses(self) -> None:
        """A step whose line gives its training loss as `nan` or `inf` (and no finite training loss
        beside it) and that no rule read a loss for has that loss: NaN, or the infinity (a run that
        diverged logs it; a number left out would hide it). A bisection per such step."""
        if self.clock is None or self.texts is None:
            return
        numbers, texts = self.clock[0], self.texts
        for row in self.steps:
            if row.get("loss") is not None:
                continue
            at = bisect_left(numbers, row["line"])
            if at == len(numbers) or numbers[at] != row["line"] or not nonfinite_loss(text := texts[at]):
                continue
            said = [m for m in _NONFINITE.finditer(text)
                    if training_loss_key(key := m.group("key").lower()) and _LOSS_RECORD.match(key) is None]
            # (the total where the line names one, else the first)
            found = next((m for m in said if METRIC_KEYS.get(m.group("key").lower()) == "loss"), said[0])
            # (a finite loss beside it: glued readings, each its own; but not the parts of a total that is
            # itself no number: mmdet's `loss_rpn_cls: 0.7337, ..., s0.loss_cls: nan, ..., loss: nan`)
            total = METRIC_KEYS.get(found.group("key").lower()) == "loss"
            if any(training_loss_key(k) and (not total or METRIC_KEYS.get(k) == "loss") for k, _ in iter_numbers(text)):
                continue
            row["loss"] = float(found.group("value").lower().replace("infinity", "inf"))

    def name_exceptions(self) -> None:
        """A crash that is a Python traceback's header gets, as its detail, the exception the
        traceback ends with (`RuntimeError: Found no NVIDIA driver on your system. ...`): its
        first line at the margin after the header, of the same rank, within TRACEBACK_LINES lines
        (with its message's first line where that is on the indented line below it);
        the last of a chain (`The above exception was the direct cause of ...`, `During handling of
        ...`). A bisection and at most that many lines a traceback."""
        if self.clock is None or self.texts is None:
            return
        numbers, texts, ranks = self.clock[0], self.texts, self.ranks
        for event in self.events:
            if event["kind"] != LogEventKind.CRASH.value or event.get("detail") is not None:
                continue
            if "Traceback (most recent call last)" not in event.get("raw", ""):
                continue  # (its header, or glued after a progress bar's last drawing)
            at = bisect_left(numbers, event["line"])
            found: str | None = None
            chained = False  # the chain's sentence was read: the next traceback is this one's
            for k in range(at + 1, min(at + 1 + TRACEBACK_LINES, len(texts))):
                if ranks is not None and event["rank"] is not None and ranks[k] not in (None, event["rank"]):
                    continue
                text = texts[k]
                if not text or text[0] in " \t" or text.startswith("> File \""):
                    continue  # (a frame; loguru marks the frame that raised with `> `)
                if found is not None and (text.startswith(CHAINED_SENTENCES) or (
                        text.startswith("-- Process ") and _SPAWN_CHAINED.match(text) is not None)):
                    found, chained = None, True  # (a chained one: the traceback goes on to the next exception)
                elif text.startswith("Traceback (most recent call last)") and chained:
                    chained = False
                elif found is None and _EXCEPTION.match(text) is not None:
                    found = text[:300].rstrip()
                    if found.rstrip().endswith(":"):
                        # (a message on the lines below it: multiprocessing's `RuntimeError: ` then `        An
                        # attempt has been made to start a new process before the ...`): its first line
                        said = next((t.strip() for t in texts[k + 1:k + 4] if t.strip()), None)
                        if said is not None and texts[k + 1][:1] in (" ", "\t"):
                            found = f"{found.rstrip()} {said}"[:300]
                elif found is not None and _RAY_WRAPPER.match(found) is not None and _EXCEPTION.match(text) is not None:
                    found = text[:300]  # (Ray's wrapper of a remote task's exception: the remote's own, after its frames)
                else:
                    break  # (past its exception; or a line at the margin that is none: the traceback was cut)
            if found is not None:
                event["detail"] = found

    def tables(self) -> dict[str, pa.Table]:
        if self.file_lines is not None:
            known = len(self.file_lines)
            for row in (*self.steps, *self.events):
                if (number := row["line"]) is not None and 0 < number <= known:
                    row["file_line"] = self.file_lines[number - 1]
        return {
            "log_steps": pa.Table.from_pylist(self.steps, schema=LOG_STEPS),
            "log_events": pa.Table.from_pylist(self.events, schema=LOG_EVENTS),
            **self.nccl.tables(),
        }


# A line of an evaluation between training's step lines (consoles that print no start or end of
# one): its message opens with an evaluation's word, at the line's start or after a logger's head
# (OpenNMT's `[... INFO] Validation perplexity: 208.73`, PaddleDetection's `ppdet.engine INFO: Eval iter:
# 100`, DeiT's `Test:  [ 0/53]  eta: ...`, PaddleOCR's `eval model:: 100%|...`, DARTS' `05/31 03:20:16 PM
# valid 000 ...` after its 12-hour clock), or it says it is evaluating
# (`***** Running Evaluation *****`, PaddleDetection's `Accumulating evaluatation results...`), or it is
# mmcv's progress bar of a test loop (`[>>>>>>>>>>] 25/25, 0.8 task/s, elapsed: 33s, ETA:     0s`); not a
# field of a training line (`Train loss: 0.41 | Val loss: 0.52`) nor a mention of the validation data
# (`Loading validation data`). For polars' engine
# (or in brackets, as a tag: Marian's `[2019-03-01 23:38:01] [valid] Ep. 2 : Up. 5000 : cross-entropy : 238.73 : new best`)
_EVAL_LINE = (r"(?:^|\] | - |[A-Z]{4,8}: |\d [AP]M )(?:\[(?i:eval|valid|val|validation|test)\]|"
              r"(?i:eval(?:uat[a-z]*)?|validat[a-z]*|valid|val|test(?:ing)?)(?:[\s:(\[]|$))"
              # (after a logger's level alone, the word in full: FuxiCTR's `P2000453 INFO Evaluation @epoch 1 - batch 50:`;
              # not OpenPCDet's `INFO  val samples: 81`, its data's size)
              r"|\bINFO {1,2}(?i:evaluat[a-z]*|validat[a-z]*)(?:[\s:(\[]|$)"
              r"|(?i:\bevaluating\b|running evaluation|running validation|accumulating evaluat|gathering evaluation metrics)"
              # (clu's metric writer as an evaluation's results are written: `logging_writer.py:48] [2000] eval_accuracy=0.40`)
              r"|\] \[\d{1,12}\] (?:eval|valid|validation|test)_\w{1,60}="
              # (an epoch's validation on a line of its own: icefall's `[train.py:444] Epoch 1, validation loss=0.1629`)
              r"|\] Epoch \d{1,6}, (?:validation|valid) loss="
              # (Caffe's solver as it tests its net, then the net's outputs: `solver.cpp:337] Iteration 60000, Testing
              # net (#0)`, `solver.cpp:404]     Test net output #0: accuracy = 0.496`)
              r"|\] Iteration \d{1,12}, Testing net \(#\d{1,3}\)|\]\s{1,8}Test net output #\d"
              r"|\] \d{1,9}/\d{1,9}, [\d.]{1,12} task/s, elapsed: \d"
              # (AlgoPerf's results of an evaluation, its runner's and its metrics writer's: `submission_runner.py:516]
              # Time since start: 86.46s, \tStep: 1, \t{...}`, `logging_writer.py:48] [1] accumulated_eval_time=75.1196, ...`)
              r"|\] Time since start: \d{1,9}(?:\.\d{1,9})?s,\s{1,8}Step: \d|\] \[\d{1,15}\] accumulated_eval_time=\d")
# an evaluation line that says it begins (not its results)
_EVAL_BEGINS = re.compile(r"\bTesting net \(#\d|\b[Rr]unning (?:[Ee]valuation|[Vv]alidation)\b"
                          r"|\b[Ss]tart(?:ing)? (?:to )?[Ee]valuat|^\s{0,8}[Ee]valuating\b|(?:\] |: | - )Evaluating\b(?!:)")
# the most lines between two evaluation lines of one evaluation (its arguments', its batches' lines),
# and between an evaluation's line with no time and the dated line that bounds it
_EVAL_GAP_LINES = 8


# whole seconds between two readings of a clock since training began, at least, to time their steps within 10 %
ELAPSED_GAP_MIN_S = 10.0


def elapsed_step_times(clocked: Sequence[tuple[dict[str, Any], float, int]], resets: Sequence[tuple[int, int | None]] = (),
                       min_gap_s: float = ELAPSED_GAP_MIN_S) -> None:
    """Step times from a clock since training began that rows' lines print (row, its seconds, its line; Monodepth2's
    `time elapsed: 00h23m14s`, ms-swift's `'elapsed_time': '1m 3s'`), once the rows' steps are the run's: a row's the
    seconds since its rank's reading before over the steps between, where that is `min_gap_s` or more and the row has
    no time of its own (else since the reading before that, and so on: a row too close to the last reading timed
    leaves the clock there); a rank's first none; a clock or count gone back starts over, and so does a line in `resets`
    (line, rank: an evaluation's, whose time is no step's)."""
    marks = sorted([(line, 1, row["rank"], row, seconds) for row, seconds, line in clocked]
                   + [(line, 0, rank, None, 0.0) for line, rank in resets], key=lambda mark: (mark[0], mark[1]))
    last: dict[int | None, tuple[int, float] | None] = {}
    for _, _, rank, row, seconds in marks:
        if row is None:
            last[rank] = None
            continue
        before = last.get(rank)
        if before is None:
            last[rank] = (row["step"], seconds)
            continue
        timed = row["step"] > before[0] and seconds - before[1] >= min_gap_s and row.get("step_time_s") is None
        if timed:
            row["step_time_s"] = (seconds - before[1]) / (row["step"] - before[0])
        # (a row closer to the reading the clock counts from than `min_gap_s` leaves it there: the steps are timed
        # over both, a log printed every few seconds on a whole-second clock)
        if timed or row.get("step_time_s") is not None or row["step"] <= before[0] or seconds < before[1]:
            last[rank] = (row["step"], seconds)


# seconds either side of a step line's own second whose lines time it, where a whole-second clock dates several a second
COARSE_CLOCK_WINDOW_S = 5


def coarse_clock_step_times(rows: LogRows) -> None:
    """Step times where a rank's step lines print several to one second of a whole-second clock (MindSpore's
    MaxwellNet, 20-odd epochs a second under `%a, %d %b %Y %H:%M:%S`): two lines' times say nothing of the steps
    between them, a second apart or none, but the lines around a row do: its time the seconds from the first line
    within `COARSE_CLOCK_WINDOW_S` before its own second to the last within as many after, over the steps between,
    where they span 2 s or more (a second's rounding then at most half of it). Only for a rank whose every dated row
    is whole seconds and at least half of whose consecutive rows share a second; not across a count that goes back
    (a relaunch), an event's line (a save's, an evaluation's: its pause is no step's) or two rows 2 s or more apart
    (a pause the log does not name); never over a time a row has of its own."""
    marks = sorted({event["line"] for event in rows.events})
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        if row.get("end_ns") is not None:
            by_rank.setdefault(row["rank"], []).append(row)
    for dated in by_rank.values():
        if len(dated) < 3 or any(row["end_ns"] % 1_000_000_000 for row in dated):
            continue
        dated.sort(key=lambda row: row["line"])
        if 2 * sum(a["end_ns"] == b["end_ns"] for a, b in zip(dated, dated[1:], strict=False)) < len(dated) - 1:
            continue
        start = 0
        for end in range(1, len(dated) + 1):
            if end < len(dated) and (dated[end]["step"] > dated[end - 1]["step"]
                                     and 0 <= dated[end]["end_ns"] - dated[end - 1]["end_ns"] < 2_000_000_000
                                     and bisect_right(marks, dated[end]["line"]) == bisect_right(marks, dated[end - 1]["line"])):
                continue
            seconds = [row["end_ns"] // 1_000_000_000 for row in dated[start:end]]
            lo = hi = 0
            for i, row in enumerate(dated[start:end]):
                while seconds[lo] < seconds[i] - COARSE_CLOCK_WINDOW_S:
                    lo += 1
                while hi + 1 < len(seconds) and seconds[hi + 1] <= seconds[i] + COARSE_CLOCK_WINDOW_S:
                    hi += 1
                span, steps = seconds[hi] - seconds[lo], dated[start + hi]["step"] - dated[start + lo]["step"]
                if span >= 2 and steps > 0 and row.get("step_time_s") is None and row.get("start_ns") is None:
                    row["step_time_s"] = span / steps
            start = end


def running_mean_step_times(rows: LogRows) -> None:
    """No step time where a rank's printed one is a running mean (keithito's Tacotron and its forks, `Step 3 [15.016
    sec/step, loss=...]`; BasicSR's AvgTimer): from its first step on, a mean's n-th reading times n, less the one
    before times n - 1, is the n-th step's own time, which the dated lines show where nothing else was logged between
    the two steps (`Step 1 [29.459 sec/step` at 22:24:21.346, `Step 2 [15.588 sec/step` at 22:24:23.063: 2 x 15.588 -
    29.459 = 1.717 s, the lines' gap). Over a rank's first `RUNNING_MEAN_CHECKED` consecutive steps, on a clock finer
    than a second, to the print's and the clock's rounding: where that holds for three pairs or more and at least
    half of those checked, each giving a positive time, and the printed time alone never does, the rank's printed
    times are none (its dated lines time its steps)."""
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        if row.get("step_time_s") is not None and row.get("end_ns") is not None:
            by_rank.setdefault(row["rank"], []).append(row)
    for rank_rows in by_rank.values():
        if len(rank_rows) < 4:
            continue
        rank_rows.sort(key=lambda row: row["line"])
        first = rank_rows[:RUNNING_MEAN_CHECKED + 1]
        clock_s = 1e-6 if any(row["end_ns"] % 1_000_000 for row in first) else (
            1e-3 if any(row["end_ns"] % 1_000_000_000 for row in first) else None)
        if clock_s is None:
            continue  # (whole seconds: a gap of 0, 1 or 2 s says nothing of a step's second)
        mean_like = own = checked = 0
        for n in range(1, len(first)):
            before, row = first[n - 1], first[n]
            if row["step"] != before["step"] + 1:
                break
            checked += 1
            gap = (row["end_ns"] - before["end_ns"]) / 1e9
            unaveraged = row["step_time_s"] * (n + 1) - before["step_time_s"] * n
            tolerance = (2 * n + 1) * max(half_unit(repr(row["step_time_s"])), half_unit(repr(before["step_time_s"]))) \
                + 2 * clock_s
            as_mean = unaveraged > 0 and abs(unaveraged - gap) <= tolerance
            as_own = abs(row["step_time_s"] - gap) <= tolerance
            mean_like += as_mean and not as_own
            own += as_own and not as_mean
        if mean_like >= 3 and 2 * mean_like >= checked and not own:
            for row in rank_rows:
                row["step_time_s"] = None


# the first consecutive steps of a rank whose printed times `running_mean_step_times` checks (the tolerance grows with
# the step's place: a mean's rounding times n)
RUNNING_MEAN_CHECKED = 10


def next_dated_line_ends(rows: LogRows) -> None:
    """Ends for a rank's step rows where none has a time of its own (a training loop's `print`, undated) but dated
    lines of another writer come between them (DeepSpeed's engine `[Rank 0] step=10, ...` every 10 steps under
    DeepSpeed-Chat's PPO lines; NNI's `Intermediate result` after each epoch's line): a row followed by such a line
    before the next row's line ended by then, the first of them its end (`time_source` `next_dated_line`), and the
    rows between two so dated share the time between them as any log's steps between its dated lines do. Only a
    row the next step's row follows (the line after a row logged every n steps may come n - 1 steps late: VITS'
    epoch lines after its every 200th step's); not a line that carries an event or lies past one (a save, a
    relaunch: no step's end), nor one dated by the file's mtime; not the last row (no next line bounds it); where
    two rows or more of the rank are so dated."""
    if rows.clock is None or not rows.steps:
        return
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        by_rank.setdefault(row["rank"], []).append(row)
    undated = {rank: rank_rows for rank, rank_rows in by_rank.items() if len(rank_rows) >= 3 and not any(
        row.get(k) is not None for row in rank_rows for k in ("end_ns", "start_ns", "step_time_s"))}
    if not undated:
        return
    numbers, clock_times = rows.clock
    line_ranks = rows.ranks
    marks = sorted({event["line"] for event in rows.events})
    dated: dict[int | None, list[tuple[int, int]]] = {}  # rank (None: no rank's) -> (line, time) of its dated lines
    for i, (number, ns) in enumerate(zip(numbers, clock_times, strict=True)):
        if rows.retimed and number in rows.retimed:
            ns = rows.retimed[number]
        if ns is not None and number not in rows.mtime_year_lines and within_int64(ns) is not None:
            dated.setdefault(line_ranks[i] if line_ranks is not None else None, []).append((number, ns))
    if not dated:
        return
    anyones = dated.get(None, [])
    anyones_lines = [line for line, _ in anyones]
    for rank, rank_rows in undated.items():
        own = dated.get(rank, []) if rank is not None else []
        own_lines = [line for line, _ in own]
        rank_rows.sort(key=lambda row: row["line"])
        ends: list[tuple[dict[str, Any], int]] = []
        for row, following in zip(rank_rows, rank_rows[1:], strict=False):
            if following["step"] != row["step"] + 1:
                continue  # (a count that goes back; or rows every n steps: the line after may be n - 1 steps late)
            candidates = [lines_of[k] for lines_of, lines in ((own, own_lines), (anyones, anyones_lines))
                          if (k := bisect_right(lines, row["line"])) < len(lines)]
            if not candidates:
                continue
            line, ns = min(candidates)
            if line >= following["line"]:
                continue
            event_at = bisect_left(marks, row["line"] + 1)
            if event_at < len(marks) and marks[event_at] <= line:
                continue  # an event's line, or one past it
            ends.append((row, ns))
        if len(ends) < 2:
            continue
        for row, ns in ends:
            row["end_ns"] = ns
            row["time_source"] = "next_dated_line"


def mark_evaluations(rows: LogRows) -> None:
    """The evaluations between step lines, each an EVAL_START and an EVAL_END: a run of evaluation
    lines (`_EVAL_LINE`), each within `_EVAL_GAP_LINES` of the one before, that no step or event line
    splits. It began at its first line's time; or, after a step line, at the dated line right
    before it (the evaluation's set-up: OpenNMT's `Loading dataset from data/data.valid.0.pt`; not an
    undated bar's training before it); or, its first line undated (a bar's), at the dated line
    before that, after the step. It ended at its last line's time, or at the first dated line after
    it where only undated lines (its bar's) lie between (AllenNLP's `Validating`, its bar, its metrics
    table; mmcv's test bar, then its AP table). One vectorised search over the file's lines; the runs
    in one pass over the lines found."""
    if rows.clock is None or rows.texts is None or not rows.steps:
        return
    import polars as pl

    hits = pl.Series(rows.texts, dtype=pl.String).str.contains(_EVAL_LINE).arg_true().to_list()
    if not hits:
        return
    numbers, clock_times = rows.clock
    # (a reader that dated a line anew, a year its own lines gave it: that time)
    times = [rows.retimed.get(n, t) for n, t in zip(numbers, clock_times, strict=True)] if rows.retimed else clock_times
    step_lines = sorted({row["line"] for row in rows.steps})
    step_set = set(step_lines)
    boundaries = sorted({*step_lines, *(e["line"] for e in rows.events)})
    runs: list[list[int]] = []  # [first index, last index, boundaries before]
    for i in hits:
        before = bisect_right(boundaries, numbers[i])
        if before and boundaries[before - 1] == numbers[i]:
            continue  # (a step's or an event's own line)
        if runs and runs[-1][2] == before and i - runs[-1][1] <= _EVAL_GAP_LINES + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i, before])
    for first, last, _ in runs:
        steps_before = bisect_right(step_lines, numbers[first])
        after_step = step_lines[steps_before - 1] if steps_before else None
        start = times[first]
        back = first - 1
        # (a dated first line that says the evaluation begins, Caffe's `Iteration 500, Testing net (#0)`, is its start:
        # the lines before it are the step's own report, `Iteration 400, lr = 0.01`)
        begins = start is not None and _EVAL_BEGINS.search(rows.texts[first]) is not None
        while (back >= 0 and first - back <= _EVAL_GAP_LINES and after_step is not None and numbers[back] >= after_step
               and (start is None or back == first - 1) and not begins):
            if times[back] is not None:
                start = times[back]
                break
            back -= 1
        end = times[last]
        ahead = last + 1
        while ahead < len(times) and ahead - last <= _EVAL_GAP_LINES and times[ahead] is None and numbers[ahead] not in step_set:
            ahead += 1
        # (a last line that announces what follows, FuxiCTR's `Evaluation @epoch 1 - batch 50:`: the results' line ends it)
        announces = first == last and rows.texts[last].rstrip().endswith(":")  # (a header alone)
        if ((end is None or ahead > last + 1 or announces) and ahead < len(times) and ahead - last <= _EVAL_GAP_LINES
                and numbers[ahead] not in step_set):
            end = times[ahead]
        if end is not None and start is not None and end > start:
            rows.event(LogEventKind.EVAL_START, line=numbers[first], rank=None, ts_ns=start,
                       detail="evaluation lines between steps")
            rows.event(LogEventKind.EVAL_END, line=numbers[last], rank=None, ts_ns=end,
                       detail="evaluation lines between steps")


def hf_summary(record: dict[str, Any]) -> bool:
    """Whether an HF Trainer record (a console's dict, a metrics file's line) is the run's summary
    (`{'train_runtime': 394.2, ..., 'train_loss': 2.1, 'epoch': 3.0}`), not a metric line that carries
    the speed since the run's start (`include_num_input_tokens_seen` adds `train_runtime` and
    `train_tokens_per_second` to each: `{'loss': '6.155', ..., 'train_runtime': ...}`)."""
    return "train_runtime" in record and "loss" not in record
