"""MLPerf training logs: `:::MLLOG {json}` lines from mlperf-logging (time_ms, event_type, key,
value, metadata), the 2019 form `:::MLL <unix seconds> key: {"value": ..., "metadata": ...}` and
the 2018 form of mlperf_compliance 0.5 (`:::MLPv0.5.0 ncf 1542308794.741 (NeuralCFexample.scala:70)
run_start`, a JSON value after `key: ` where there is one), under any launcher prefix.

- `init_start` / `init_stop`: start-up (init events); `run_start`: the timed run begins;
  `run_stop` ends the attempt (metadata status `success`, else a crash).
- `block_start` / `block_stop` (or `epoch_start` / `epoch_stop` when a log has no blocks): one
  log_steps row per training block, from its start to its stop. The 2018 form marks only an
  epoch's start (`train_epoch: 3`): the epoch runs to the first of its evaluation's start, the
  next epoch's start and the run's stop; epochs declared one after another with nothing between
  (a block's, at its start: the reference ResNet's) are one span named for the last; an epoch
  still open when a run begins again is dropped (a crash cut it, its end unknown); a `run_stop`
  with no value is a success. Where no `train_epoch` opens the training between two evaluations
  (Google's TPU ResNet declares epoch 0 alone, then evaluates every 4 epochs), that training, from
  an evaluation's stop to the next one's start, is a row named by the epoch its evaluation's
  `eval_accuracy` gives. The step number is the block's
  `samples_count` (lingvo-JAX's `train_samples_since_beginning`) at its stop, else its last epoch
  (`first_epoch_num` + `epoch_count` - 1 of its start; the stop's `first_epoch_num` where that is past the
  start's: NVIDIA's UNet3D names the epoch reached there, Composer the samples); samples are the block's
  samples. A block holding two or more epochs each timed by its own start and stop (paired by epoch, all
  stopped, in order) is read as those epochs (Graphcore's ResNet: one block of 44); a block of the epochs
  its run's epochs gave already (no `run_start` since) is none (Graphcore's offline validation's block).
- A log with no `init_start`/`run_start` (a tail) starts at its first record.
- Blocks follow one another: a `block_stop` whose start was never logged starts where the
  previous block stopped (or at `run_start`). A record printed twice (some harnesses echo
  their records again at the end, "Processing :::MLLOG ...") is read once.
- `eval_start` / `eval_stop`: evaluation; `tracked_stats` throughput is kept as reported.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import msgspec

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._evidence import evidence
from tracelens.parsers._io import gc_paused, read_bytes
from tracelens.parsers._lines import FileLines, strip_prefix
from tracelens.parsers._logtables import LOG_TABLES, LogRows
from tracelens.parsers._numbers import json_int
from tracelens.parsers.console import GENERIC_STEP_LINE
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

# The record's opening; its JSON runs from the brace to the end of the line (taken in code: a
# pattern running to the line's end from every marker is quadratic on a line of markers).
_MLLOG = re.compile(r":::MLL(?:OG)? (?=\{)")
# 2019 (mlperf_compliance): ":::MLL 1561426552.510 run_start: {"value": null, "metadata": {...}}"
_MLL_2019 = re.compile(r":::MLL (?P<s>\d{1,12}(?:\.\d{1,20})?) (?P<key>\w{1,100}): (?=\{)")
# 2018 (mlperf_compliance 0.5): ":::MLPv0.5.0 <benchmark> <unix seconds> (<file>:<line>) <key>", then
# ": <JSON value>" where the key has one
_MLP_2018 = re.compile(r":::MLPv0\.5\.\d \S{1,64} (?P<s>\d{1,12}(?:\.\d{1,20})?) \([^()]{0,300}\) (?P<key>\w{1,100})(?=: |$)")


def _ns(seconds: str) -> int:
    """`1542308878.805` (unix seconds as printed) in nanoseconds, exactly."""
    whole, _, fraction = seconds.partition(".")
    return int(whole) * 1_000_000_000 + int((fraction + "000000000")[:9])


# what ends a 2018 epoch that `train_epoch` opened, and what begins a run (a relaunch: an epoch still
# open is one a crash cut, its end unknown)
_EPOCH_ENDS_2018 = frozenset({"train_epoch", "eval_start", "run_stop", "run_final"})
_RUN_OPENS_2018 = frozenset({"run_clear_caches", "run_start"})  # (not the seed: TPU GNMT sets it in each graph it builds)
_EVENTS = {
    "init_start": LogEventKind.INIT_START, "init_stop": LogEventKind.INIT_END,
    "eval_start": LogEventKind.EVAL_START, "eval_stop": LogEventKind.EVAL_END,
    "run_start": LogEventKind.ATTEMPT_START,
}


class MlperfParser(Parser):
    name = "mlperf"
    kind = "mlperf_log"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        if b":::MLLOG {" in head or evidence(path)["mlperf"] >= 2:
            return Claim.CONTENT
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        with gc_paused():  # a row or more a line, nothing to collect (see gc_paused)
            return self._parse(path, options)

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        rows = LogRows("mlperf")
        warnings = [warning] if warning else []
        bad = 0
        records = 0
        # rank -> (line, start ns, samples at start, metadata) of its open block
        open_blocks: dict[int | None, tuple[int, int, float | None, dict[str, Any]]] = {}
        last_stop: dict[int | None, int] = {}  # rank -> when its previous block stopped (or its run started)
        blocks_seen = b'block_start' in data
        started_in_log = b"init_start" in data or b"run_start" in data
        seen: set[tuple[int | None, str]] = set()
        previous_key: dict[int | None, str] = {}  # rank -> its last 2018 record's key
        # the 2018 form's training between two evaluations where no `train_epoch` opens it (Google's
        # TPU ResNet declares epoch 0 alone): rank -> (line, start) since the evaluation's stop, then
        # (line, start, end) at the next one's start, named by that evaluation's `eval_accuracy` epoch
        training: set[int | None] = set()
        between: dict[int | None, tuple[int, int]] = {}
        unnamed: dict[int | None, tuple[int, int, int]] = {}

        # rank -> epoch -> (line, start ns) of the epochs open within its open block, and the epochs its open block ran
        open_epochs: dict[int | None, dict[int | None, tuple[int, int]]] = {}
        block_epochs: dict[int | None, list[tuple[int, int, int, int]]] = {}  # (stop's line, start ns, stop ns, epoch)
        epoch_steps: dict[int | None, int] = {}  # rank -> the last step its run's blocks' epochs gave (since its run_start)

        def close_block(rank: int | None, number: int, ts_ns: int, samples: float | None, meta: dict[str, Any]) -> None:
            _, start_ns, start_samples, start_meta = open_blocks.pop(rank, (number, last_stop.get(rank, ts_ns), None, {}))
            last_stop[rank] = ts_ns
            epochs = block_epochs.pop(rank, [])
            unfinished = open_epochs.pop(rank, {})
            if len(epochs) >= 2 and not unfinished and all(a[3] < b[3] for a, b in pairwise(epochs)):
                # the epochs the block ran, each timed by its own records, all of them stopped, in order: the steps
                # (Graphcore's ResNet: one block of its 44 epochs)
                for line, begun, ended, ran in epochs:
                    rows.step(line=line, rank=rank, step=ran, start_ns=begun, end_ns=ended, time_source="record",
                              step_time_s=(ended - begun) / 1e9)
                epoch_steps[rank] = epochs[-1][3]
                return
            first, said = json_int(start_meta.get("first_epoch_num")), json_int(meta.get("first_epoch_num"))
            count = json_int(start_meta.get("epoch_count", meta.get("epoch_count")))
            epoch = meta.get("epoch_num", start_meta.get("epoch_num"))
            named = first if first is not None else said  # (a stop whose start was not logged names its block alone)
            if samples is not None:
                step = int(samples)
            elif first is not None and said is not None and said > first:
                step = said  # the stop names the epoch the block reached (NVIDIA's UNet3D; Composer's, counted in samples)
            elif named is not None:
                step = named + count - 1 if count is not None else named  # the block's last epoch
            elif isinstance(epoch, (int, float)) and not isinstance(epoch, bool):
                step = int(epoch)
            else:
                step = len(rows.steps) + 1
            if samples is None and step <= epoch_steps.get(rank, -1):
                # a block of the epochs its run's epochs trained already: no training's (Graphcore's offline
                # validation's, `first_epoch_num` 1 and `epoch_count` 44 again after the 44 epochs)
                return
            block_samples = samples - start_samples if samples is not None and start_samples is not None else None
            rows.step(line=number, rank=rank, step=step, start_ns=start_ns, end_ns=ts_ns, time_source="record",
                      step_time_s=(ts_ns - start_ns) / 1e9, samples=block_samples)

        text = data.decode("utf-8", "replace")
        file_lines = FileLines()
        pieces = text.splitlines()
        file_lines.add(text, pieces)
        del text
        rows.file_lines = file_lines.numbers  # (a carriage return splits a line: a bar's redraws in the console)
        for number, raw in enumerate(pieces, start=1):
            if ":::ML" not in raw:  # (the body is a piece of the raw line)
                continue
            rank, body = strip_prefix(raw.strip())
            marker = body.find(":::ML")
            if marker < 0:
                continue
            body = body.rstrip()
            echo_key = (rank, body[marker:])
            if echo_key in seen:
                continue  # the same record echoed again
            seen.add(echo_key)
            record: Any
            if body.startswith(":::MLPv", marker):
                dated = _MLP_2018.match(body, marker)
                if dated is None:
                    continue
                record = {"key": dated.group("key"), "time_ms": float(dated.group("s")) * 1000, "_ns": _ns(dated.group("s"))}
                if dated.end() < len(body):  # ": " and a JSON value
                    try:
                        record["value"] = msgspec.json.decode(body[dated.end() + 2:])
                    except (msgspec.DecodeError, RecursionError):
                        record["value"] = body[dated.end() + 2:]  # (a value the harness did not quote: kept as text)
                value, key = record.get("value"), record["key"]
                if key == "run_stop":
                    # (the reference transformer's has no value: a success, as in the later forms)
                    said = value.get("success") if isinstance(value, dict) else value
                    failed = said is False or (isinstance(said, str) and said.lower() == "false")
                    record["metadata"] = {"status": "aborted" if failed else "success"}
                ts_ns = record["_ns"]
                epoch = value if isinstance(value, int) and not isinstance(value, bool) else None
                if key in _RUN_OPENS_2018 or key in ("run_stop", "run_final"):
                    training.discard(rank)
                    between.pop(rank, None)
                    unnamed.pop(rank, None)
                elif key in ("train_loop", "train_epoch"):
                    training.add(rank)
                if key == "eval_stop" and rank not in open_blocks and rank in training:
                    between[rank] = (number, ts_ns)  # training goes on after the evaluation, no epoch said yet
                elif key == "eval_start" and rank in between:
                    unnamed[rank] = (*between.pop(rank), ts_ns)  # to be named by its evaluation's epoch
                elif key == "eval_accuracy" and rank in unnamed and isinstance(value, dict) and (
                        isinstance(value.get("epoch"), int) and not isinstance(value.get("epoch"), bool)):
                    started_line, start_ns, end_ns = unnamed.pop(rank)
                    rows.step(line=started_line, rank=rank, step=value["epoch"], start_ns=start_ns, end_ns=end_ns,
                              time_source="record", step_time_s=(end_ns - start_ns) / 1e9)
                if key in _RUN_OPENS_2018:
                    open_blocks.pop(rank, None)  # an epoch a crash left open: its end is unknown
                elif key == "train_epoch" and epoch is not None and rank in open_blocks and (
                        previous_key.get(rank) == "train_epoch"):
                    # the epochs a block will run, declared at its start (the reference ResNet's run
                    # loop): one span from the first's start, named for the last
                    start = open_blocks[rank]
                    open_blocks[rank] = (start[0], start[1], None, {"epoch_num": epoch})
                    epoch = None
                elif rank in open_blocks and key in _EPOCH_ENDS_2018:
                    close_block(rank, number, ts_ns, None, {})
                if key == "train_epoch" and epoch is not None:
                    open_blocks[rank] = (number, ts_ns, None, {"epoch_num": epoch})
                    between.pop(rank, None)
                previous_key[rank] = key
            else:
                if not body.endswith("}"):
                    continue  # a record's JSON ends the line
                match = _MLLOG.search(body)
                old = _MLL_2019.search(body) if match is None else None
                if match is None and old is None:
                    continue
                payload = body[(match or old).end():]  # type: ignore[union-attr]
                try:
                    record = msgspec.json.decode(payload)
                except (msgspec.DecodeError, RecursionError):  # RecursionError: nested past msgspec's depth limit
                    bad += 1
                    continue
                if old is not None and isinstance(record, dict):
                    seconds = old.group("s")
                    record = {**record, "key": old.group("key"), "time_ms": float(seconds) * 1000, "_ns": _ns(seconds)}
            if not isinstance(record, dict) or not isinstance(record.get("time_ms"), (int, float)):
                bad += 1
                continue
            records += 1
            key = record.get("key") if isinstance(record.get("key"), str) else ""  # a mangled record names nothing
            ts_ns = record["_ns"] if "_ns" in record else int(record["time_ms"] * 1_000_000)
            if records == 1 and not started_in_log:
                # a log's tail: what it shows starts at its first record (a whole log opens with
                # submission records and a cache clear before its init_start)
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=rank, ts_ns=ts_ns, detail="first record", raw=body)
            raw_meta = record.get("metadata")
            meta: dict[str, Any] = raw_meta if isinstance(raw_meta, dict) else {}
            # (the samples trained on so far: `samples_count`; lingvo-JAX's `train_samples_since_beginning`, its blocks'
            # `first_epoch_num` 1 throughout a run counted in samples)
            samples = next((meta[name] for name in ("samples_count", "train_samples_since_beginning")
                            if isinstance(meta.get(name), (int, float)) and not isinstance(meta.get(name), bool)), None)
            if key == "run_start":
                last_stop[rank] = ts_ns
            if key in ("run_start", "init_start"):
                epoch_steps.pop(rank, None)
            if key in _EVENTS:
                # start and end share a detail ("init", "eval"): that is how they are paired
                rows.event(_EVENTS[key], line=number, rank=rank, ts_ns=ts_ns, detail=key.rsplit("_", 1)[0], raw=body)
                if key == "init_start":  # the job starts here; the timed run at run_start
                    rows.event(LogEventKind.ATTEMPT_START, line=number, rank=rank, ts_ns=ts_ns, detail="init", raw=body)
            elif key == "run_stop":
                status = str(meta.get("status", "success"))
                kind = LogEventKind.ATTEMPT_END if status == "success" else LogEventKind.CRASH
                rows.event(kind, line=number, rank=rank, ts_ns=ts_ns, detail=f"run_stop status={status}", raw=body)
            elif key in ("block_start", "epoch_start") and (key == "block_start" or not blocks_seen):
                open_blocks[rank] = (number, ts_ns, samples, meta)
                block_epochs.pop(rank, None)
            elif key == "epoch_start" and rank in open_blocks:
                open_epochs.setdefault(rank, {})[json_int(meta.get("epoch_num"))] = (number, ts_ns)
            elif key == "epoch_stop" and blocks_seen and open_epochs.get(rank):
                # (its start by its epoch: one may begin before the one before it stops)
                began = open_epochs[rank]
                epoch = json_int(meta.get("epoch_num"))
                if epoch is None and len(began) == 1:
                    epoch = next(iter(began))
                if epoch in began:
                    _, begun = began.pop(epoch)
                    if epoch is not None:
                        block_epochs.setdefault(rank, []).append((number, begun, ts_ns, epoch))
            elif key in ("block_stop", "epoch_stop") and (key == "block_stop" or not blocks_seen) and (
                    rank in open_blocks or rank in last_stop):
                close_block(rank, number, ts_ns, samples, meta)
        if not records:
            raise ParseError(str(path), "no :::MLLOG record could be read", where="line 1")
        if bad:
            warnings.append(f"{bad} :::MLLOG lines are not JSON records and were skipped")
        result = ParseResult(rows.tables(), FileStatus.TRUNCATED if warning else FileStatus.OK, warnings)
        if len(rows.steps) <= PROGRAM_STEPS_OVER_BLOCKS and GENERIC_STEP_LINE.search(
                _MLLOG_LINES.sub("", data.decode("utf-8", "replace"))):
            _add_program_steps(path, options, result)
        return result


# The records' blocks at most (its epochs: the DLRM reference's one `epoch_stop`) for the program's own step lines among
# them to be read as well; where those are more than the blocks, they are the steps (`_add_program_steps`)
PROGRAM_STEPS_OVER_BLOCKS = 4


# A benchmark's own step lines among its records, for a log whose records time no block (the
# DLRM reference's `Finished training it 16/150 of epoch 0, 439.65 ms/it, loss 0.561402`): the
# generic reader's, where a line outside the records may be one (`console.GENERIC_STEP_HINT`)
_MLLOG_LINES = re.compile(r"^.*:::ML[LP].*$", re.M)


def _add_program_steps(path: Path, options: ParseOptions, result: ParseResult) -> None:
    """The steps (and the events of its lines the records do not have) the generic reader finds
    in the log, credited to it: where they are more than the records' blocks, in their place (the
    DLRM reference's `Finished training it 100/33484 of epoch 0, 17.90 ms/it, ...` lines within
    its one epoch's `epoch_start` and `epoch_stop`: the block is their sum)."""
    from tracelens.parsers.console import merge  # (console imports every console reader)
    from tracelens.parsers.generic_log import GenericLogParser

    try:
        extra = GenericLogParser().parse(path, options)
    except ParseError:
        return
    blocks = result.tables["log_steps"]
    if blocks.num_rows and extra.tables["log_steps"].num_rows > blocks.num_rows:
        result.tables["log_steps"] = blocks.slice(0, 0)
    elif blocks.num_rows:
        return
    merge(result, extra)
