"""Console-log lines as users have them, made regular: one logical line at a time, with the
launcher's rank prefix, ANSI colours and progress-bar carriage returns taken off, and the
line's own timestamp (if any) in ns since the epoch; and progress-bar readings (tqdm, rich)
read as clocks."""

from __future__ import annotations

import os
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache, partial
from itertools import accumulate, compress, islice, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from tracelens.errors import ParseError
from tracelens.parsers._io import GZIP_MAGIC, UTF16_BOMS, gc_paused, is_kernel_log, kernel_log, kernel_log_cut, read_bytes
from tracelens.parsers._nccl import NcclLines, nccl_candidates, nccl_lines

if TYPE_CHECKING:
    import polars as pl

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
# Launcher and scheduler prefixes, one combined pattern tried at the start of a line (and again
# on what follows, since they nest: srun's label around torchrun's): torchrun --tee
# "[default3]:", "[rank3]:"; mpirun/horovodrun "[1,3]<stdout>:", "[3] "; "[host:3]:"; srun
# --label "3: " (padded with spaces to the widest label); docker-compose "svc-1  | "; pdsh-style
# "host [stderr] "; Ray actors "(CommandActor pid=123) ", "(RayTrainWorker pid=1, ip=10.0.0.1) ";
# Determined "[2023-05-10T12:34:56.789Z] 1a2b3c4d || " (its time is the line's; a process's with its
# rank, "... 1a2b3c4d [rank=0] || "; the master's own with the container id blank) and "[rank=3] ".
# Longer bracketed numbers are counters, not ranks.
_PREFIX = re.compile(
    r"\[default(?P<r1>\d+)\]:"
    r"|\[rank(?P<r2>\d+)\]:[ ]?"
    r"|\[\d+,(?P<r3>\d+)\]<std(?:out|err)>:[ ]?"
    # horovodrun's own launcher: "[3]<stdout>:"
    r"|\[(?P<r12>\d{1,7})\]<std(?:out|err)>:[ ]?"
    # SageMaker's mpirun: "[1,mpirank:3,algo-1]<stdout>:"
    r"|\[\d{1,6},mpirank:(?P<r10>\d{1,7}),[\w.\-]{1,255}\]<std(?:out|err)>:[ ]?"
    r"|\[(?P<r4>\d{1,4})\] "
    r"|\[[\w.\-]{1,255}:(?P<r5>\d+)\]:[ ]?"
    # (not darknet's ` 10090: 1.26, 1.21 avg loss`, `8: -nan, -nan avg loss`)
    r"|[ ]{0,6}(?P<r6>\d{1,5}): (?![-+]?(?:[\d.]{1,30}|nan|inf), [-+]?[\w.]{1,30} avg)"
    r"|\[rank=(?P<r7>\d+)\]:? "  # (and a script's own, with a colon: "[rank=13]: step=99 memory ...")
    r"|\[GPU(?P<r11>\d{1,7})\] "  # PyTorch's DDP tutorial series prints its global rank so: "[GPU2] Epoch 0 | ..."
    r"|\[RANK (?P<r13>\d{1,7})\] "  # (and a copy of it so: "[RANK 3] Epoch 0 | ...")
    # PyTorch's distributed tutorial (`print('Rank ', dist.get_rank(), ', epoch ', epoch, ': ', loss)`), copied
    # into launchers' examples: "Rank  0 , epoch  9 :  0.2264"; only before its epoch
    r"|Rank {1,2}(?P<r16>\d{1,7}) {0,2}, (?=epoch )"
    # XTuner v1's logger, its rank before the line's time: "[XTuner][RANK 0][2026-09-17 17:33:31][INFO] Epoch 1 Step 1/13 ..."
    r"|\[XTuner\]\[RANK (?P<r17>\d{1,7})\](?=\[)"
    # Lightning's rank prefix of a message every rank logs: "[rank: 1] Monitored metric ..."; ParlAI's, padded: "[rank:  0] "
    r"|\[rank: {1,3}(?P<r14>\d{1,7})\] "
    r"|\[(?P<det>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?)\] (?:[0-9a-f]{6,64}| {6,64})"
    r"(?: \[rank=(?P<r15>\d{1,7})\])? \|\| "  # (a process's line names its rank: "... 5c902731 [rank=0] || ")
    # a container runtime's time, in Go's RFC 3339 with nanoseconds (`docker logs -t`, `kubectl logs
    # --timestamps`: "2024-07-02T13:49:41.054948450Z "; a node's CRI log file adds the stream and a
    # tag: "... stdout F "): seven to nine decimals, which no Python or JavaScript logger writes
    r"|(?P<cri>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7,9}(?:Z|[+-]\d\d:\d\d))(?: std(?:out|err) [FP])? "
    # Metaflow's, on its steps' tasks' lines: the time, then the run, the step, the task and its process
    # ("2025-10-30 17:04:03.375 [1761840227122170/train_model/4 (pid 79246)] Iter 10: Train loss 2.198, ...")
    r"|(?P<mf>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[\d{1,20}/[\w.\-]{1,255}/\d{1,12} \(pid \d{1,10}\)\] "
    # (SkyPilot's, on its tasks' lines: "(head, rank=0, pid=3808) ", "(worker1, rank=1, pid=2769,
    # ip=10.100.10.12) ", "(mnist-tpu-node pid=28961) "; its rank is the node's, not a process's)
    r"|\([A-Za-z_][\w\-]{0,100}(?:, rank=\d{1,7})?,? pid=\d{1,10}(?:, ip=[\d.]{1,40})?\) "
    # pdsh (DeepSpeed's multi-node launcher): the node's address; not `colossalai run`'s report
    # of a node's end ("127.0.0.1: success", read whole by the event scanner)
    r"|(?P<ip>(?:\d{1,3}\.){3}\d{1,3}): (?!(?:success|failure)\s*$)"
    # torchrun's `--role trainer` ("[trainer0]:", its role and local rank), and its templates that
    # add the global rank ("[trainer0|3]:", torchx's): the global rank where given
    r"|\[[A-Za-z_][A-Za-z_\-]{0,40}(?P<r8>\d{1,7})(?:\|(?P<r9>\d{1,7}))?\]:[ ]?"
)
# pdsh's node name ("worker-1: ", "localhost: "): a name with a digit, dot or dash (or localhost),
# only before what a launcher or logger opens its lines with (a bare word and a colon is as often
# a log's own "loss: ..."): "[rank3]:", "[default3]:", a dated "[2023-05-10 ...", glog's "[E0328 ..."
_HOST_PREFIX = re.compile(
    r"(?P<host>[A-Za-z][\w.\-]{0,63}): (?=\[(?:rank\d|default\d|\d{4}-\d\d-\d\d[ T]|[IWEF]\d{4} ))"
)
# DeePMD-kit's learning curve (`lcurve.out`), its header commented: "#  step      rmse_val    rmse_trn ...       lr"
DEEPMD_HEADER = re.compile(r"#\s{1,4}step\s{2,20}rmse_")
_PREFIX_OPENERS = frozenset("[( 0123456789")
# NeMo-Run's local executor before torchrun's tee prefix: its app and replica, "retraining/0
# [default0]:" (the rank is torchrun's); TorchX's local scheduler's, "dlrm_main/0 [1]:"
_APP_PREFIX = re.compile(r"[A-Za-z][\w.\-]{0,63}/\d{1,6} (?=\[(?:default|rank)?\d{1,7}\]:)")
_APP_RANK = re.compile(r"\[(\d{1,7})\]:")
# grep's name of the file a line is from, where it searched several (`grep "epoch" device*/train*.log`:
# "device0/train0.log:epoch: 1 step: 123384, ..."; `-n` adds the line's number, "train.log:12:", not a
# time's hour: "out.log:12:34:56 ...")
_GREP_PREFIX = re.compile(r"^[ ]{0,6}+/?(?:[\w.\-]{1,255}+/){0,16}+[\w.\-]{1,255}+(?<=\.log|\.txt|\.out|\.err)"
                          r"(?::\d{1,9}+(?=:\D))?:(?=\S)")
def _grep_hint(text: str) -> bool:
    """The line may open with grep's file name (`_GREP_PREFIX`): a log file's name and a colon in it."""
    return ".log:" in text or ".txt:" in text or ".out:" in text or ".err:" in text
# prefixes that open with a name: tried only when the line holds their separator
# (and a node and its task before its stream, as LUMI's srun labels them: "nid005143:0 out: ";
# docker-compose's service with its replica, "svc-1  | ", or its container's given name,
# "ray-training  | ")
_WORD_PREFIX = re.compile(
    r"(?<![\w.\-])[\w.\-]{1,255}+ \[std(?:out|err)\]:? |(?<![\w.\-])[\w.]{1,255}+(?:-[\w.]{1,255}+){0,8}-\d++[ ]{1,40}+\|[ ]"
    r"|(?<![\w.\-])[A-Za-z][\w.]{0,254}+(?:-[\w.]{1,255}+){1,8}+[ ]{1,40}+\|[ ]"
    r"|(?<![\w.\-])[A-Za-z][\w.\-]{0,63}+:\d{1,7}+ (?:out|err): "
)
# Google Cloud's job logs as `gcloud ai-platform jobs stream-logs` (and ML Engine's, Vertex AI's) print them: the
# entry's severity, its time with the zone's offset, the task that wrote it and the message, tab-separated
# ("INFO\t2018-02-06 17:09:57 +0100\tmaster-replica-0\t\tEpoch 1/20"; the service's own, "...\tservice\t\tJob completed
# successfully."). The chief ("master-replica-0", Vertex's first pool "workerpool0-0") is rank 0 and a worker
# ("worker-replica-N", "workerpool1-N") rank N + 1, as TF_CONFIG's cluster numbers them, where the line names no
# process's rank of its own (an srun or mpirun label within the task's lines wins; not torchrun's `[default1]:`, a rank
# within its node, which another node's lines share); the service, a parameter server or an evaluator names no rank.
_CLOUD_JOB_PREFIX = re.compile(
    r"(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL|ALERT|EMERGENCY)\t"
    r"(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? [+-]\d{4})\t"
    r"(?:(?:master-replica|workerpool0)-(?P<chief>\d{1,7})|(?:worker-replica|workerpool1)-(?P<worker>\d{1,7})"
    r"|[\w.\-]{1,255})\t\t?"
)
# FedML's loggers' program prefix, its process's rank (`args.rank`) in the server's and cross-silo clients' (none in a
# simulation's client): "[FedML-Server(0) @device-id-0] [Sun, 01 May 2022 14:59:28] [INFO] [__init__.py:30:init] ...",
# "[FedML-Client @device-id-0] [Mon, 21 Oct 2024 17:47:32] [INFO] ...", FedML 0.7's "FedML-Server(0) @device-id-0 - Thu,
# 28 Apr 2022 02:48:53 mlops_metrics.py[line:88] INFO ..." (the time after it the line's)
FEDML_PREFIX = re.compile(r"\[?FedML-(?:Server|Client)(?:\((?P<rank>\d{1,7})\))? @device-id-[\w.\-]{1,64}(?:\] | - )")
FEDML_OPENERS = frozenset({"[FedML-", "FedML-S", "FedML-C"})
_RANK_GROUPS = ("r1", "r2", "r3", "r10", "r12", "r4", "r5", "r6", "r7", "r11", "r13", "r14", "r9", "r8", "r15", "r16", "r17")
# horovodrun --timestamp-output (and mpirun's --timestamp-output with --tag-output): the time as
# `time.ctime()` writes it, right before the rank's tag: "Wed Dec  8 02:01:36 2021[1]<stdout>:"
_CTIME_PREFIX = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}(?P<d>\d{1,2}) "
    r"(?P<h>\d\d):(?P<m>\d\d):(?P<s>\d\d) (?P<y>\d{4})(?=\[\d{1,7}(?:,\d{1,7})?\]<std(?:out|err)>:)")
_MONTHS = {name: number for number, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
_MONTH_NAMES = "(?:" + "|".join(_MONTHS) + ")"  # (a pattern's alternation of them)
# A line number pasted in front of every line (`cat -n`, copied from a code viewer): "  12\t".
_PASTED_NUMBER = re.compile(r"[ ]{0,8}(\d{1,9})(?:\t|[ ]\|[ ]|:[ ]{0,2}\t)|\[(\d{1,9})\](?:[ ]|$)")
# ISO-like times: a space, `T`, (open_clip's `datefmt="%Y-%m-%d,%H:%M:%S"`) a comma or (Sockeye's
# `%Y-%m-%d:%H:%M:%S`) a colon between the date and the time
_ISO = re.compile(
    r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[ T,:](?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:[.,](?P<frac>\d{1,9}))?"
    # (its offset after a space, four digits alone: gcloud's `2026-02-22 04:04:56 -0500`)
    r"(?P<tz>Z|[+-]\d{2}:?\d{2}| [+-]\d{4}\b)?"
)
# (for polars, which reads no offset after a space: such lines are Python's to read)
_SPACED_OFFSET = r"\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})? [+-]\d{4}(?:\s|$)"
# Dates with slashes: `%Y/%m/%d %H:%M:%S`, and `%m/%d/%Y %H:%M:%S` (the `datefmt` of Python
# logging in Hugging Face's, diffusers' and accelerate's example scripts: `11/24/2026 20:26:33`),
# read month first unless the file's dates say day first (`split_lines`: a first field over 12); and NNI's trial logs',
# `%m/%d/%Y, %I:%M:%S %p`, a comma after the date, a 12-hour clock (`[01/14/2020, 05:59:53 AM] INFO ...`).
_SLASH = re.compile(
    r"(?:(?P<y>\d{4})/(?P<mo>\d{2})/(?P<d>\d{2})|(?P<first>\d{2})/(?P<second>\d{2})/(?P<year>\d{4}))"
    r"(?:[ T]|, )(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:[.,](?P<frac>\d{1,9}))?(?P<tz>Z|[+-]\d{2}:?\d{2})?"
)


class Line(NamedTuple):
    number: int  # 1-based line number in the file
    rank: int | None  # from the launcher prefix
    text: str  # without prefix and colours
    ts_ns: int | None  # the line's own timestamp
    # a progress bar was cleared just before this line (tqdm.write clears the bar, prints, and
    # redraws it: the redraw after a clear shows the state when the message was written)
    after_clear: bool = False
    # whether the line may hold a log event (see `mark_lines`); None: not looked at yet
    event_hint: bool | None = None
    # the timestamp printed no year and the file's dated lines gave none: the year is the file's
    # mtime's, which git and copies do not keep (an estimate of the date, not of the time of day)
    year_from_mtime: bool = False


class Lines(Sequence[Line]):
    """A log's lines, held as columns: a `Line` is made when it is asked for, so a reader that
    reads a few of a console's lines (`EventScanner.busy`'s) pays nothing for the others, and
    a 500 MB console is not 4 million tuples at once. With them, its NCCL_DEBUG lines read
    column-wise where `split_lines` could (`nccl`; see `_nccl.nccl_lines`); and, where it was
    given a hint and an NCCL guard, the positions of the lines that the hint marks or that are
    dated, less those NCCL lines (`marked`): the only ones that `EventScanner.busy` may hand on."""

    def __init__(self, numbers: list[int], ranks: list[int | None], texts: list[str], times: list[int | None],
                 clears: list[bool], hints: list[bool | None] | None = None, guessed: list[bool] | None = None) -> None:
        self.numbers, self.ranks, self.texts, self.times, self.clears = numbers, ranks, texts, times, clears
        self.hints, self.guessed = hints, guessed  # None: no hint looked for; no year guessed
        self.nccl: NcclLines | None = None
        self.marked: list[int] | None = None
        self.picked: list[int] | None = None  # the positions of the lines `split_lines`' `pick` occurs in
        self.services: frozenset[str] = frozenset()  # Docker Compose's services whose names opened lines (`service_names`)
        # each line number's line in the file, as an editor counts them (`FileLines`), at number - 1; None: the same
        self.file_lines: array[int] | None = None
        self.years_guessed = guessed is not None  # some lines' year is the file's mtime's (`Line.year_from_mtime`)

    def _columns(self) -> tuple[Iterable[Any], ...]:
        return (self.numbers, self.ranks, self.texts, self.times, self.clears,
                repeat(None) if self.hints is None else self.hints, repeat(False) if self.guessed is None else self.guessed)

    def __len__(self) -> int:
        return len(self.numbers)

    def __iter__(self) -> Iterator[Line]:
        return map(_new_line, zip(*self._columns(), strict=False))  # (the repeat() columns are endless)

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> list[Line]: ...
    def __getitem__(self, index: int | slice) -> Line | list[Line]:
        if isinstance(index, slice):
            return list(self.at(range(len(self))[index]))
        return _new_line((self.numbers[index], self.ranks[index], self.texts[index], self.times[index], self.clears[index],
                          None if self.hints is None else self.hints[index],
                          False if self.guessed is None else self.guessed[index]))

    def at(self, indices: Sequence[int]) -> Iterator[Line]:
        """The lines at `indices`, in that order, each made without a Python-level call."""
        return map(_new_line, zip(*(map(column.__getitem__, indices) if isinstance(column, list) else column
                                    for column in self._columns()), strict=False))


def years_guessed(lines: Sequence[Line]) -> bool:
    """Whether some line's year is the file's mtime's (`Line.year_from_mtime`): a flag of a
    `Lines`, a pass over any other sequence."""
    return lines.years_guessed if isinstance(lines, Lines) else any(line.year_from_mtime for line in lines)


class FileLines:
    """Each split line's line in its file, as a text editor numbers them (a line ends at a newline),
    where the two differ: `str.splitlines` also splits at a carriage return (each redraw of a
    progress bar is a line of its own) and at a few other separators. Fed a chunk of text at a
    time with its split lines; `numbers` is None while every split line is a line of the file,
    else each split line's, in order (4 bytes a line)."""

    def __init__(self) -> None:
        self.numbers: array[int] | None = None
        self.count = 0  # split lines so far
        self.newlines = 0  # newlines so far: the file's lines before the next chunk

    def add(self, text: str, pieces: Sequence[str]) -> None:
        newlines = text.count("\n")
        whole = newlines + (1 if text and not text.endswith("\n") else 0)  # (the last line may end with none)
        if self.numbers is None and len(pieces) == whole:
            self.count += len(pieces)
            self.newlines += newlines
            return
        if self.numbers is None:
            self.numbers = array("i", range(1, self.count + 1))
        # (a split line ending with a newline ends its file line; one ending with a carriage return does not)
        ends = accumulate(map(str.endswith, text.splitlines(True), repeat("\n")), initial=self.newlines + 1)
        self.numbers.extend(islice(ends, len(pieces)))
        self.count += len(pieces)
        self.newlines += newlines


def read_lines(path: Path, hint: str | None = None, nccl_guard: str | None = None,
               pick: str | None = None) -> tuple[Sequence[Line], str | None]:
    """Every logical line of a (possibly gzipped) log, and a warning if it was cut short."""
    file_lines = FileLines()
    physical, warning = read_text_lines(path, file_lines)
    with gc_paused():
        return _split_lines(physical, hint, file_mtime_ns(path), nccl_guard, pick, file_lines.numbers), warning


_CHUNK = 1 << 20


def read_text_lines(path: Path, file_lines: FileLines | None = None) -> tuple[list[str], str | None]:
    """`read_bytes(path)`'s content decoded as UTF-8 (invalid bytes replaced) and split with
    `str.splitlines`, a megabyte of lines at a time: an uncompressed file is never held whole
    as bytes or text, and one character past Latin-1 (an emoji, a bar's block) makes CPython
    store a text at 2 or 4 bytes a character only for its own chunk (a whole 500 MB log was a 2
    GB string). Chunks end just after a newline byte, which no UTF-8 sequence holds and no line
    break continues, so the lines are those of the whole text. `file_lines` is fed each chunk."""
    try:
        with open(path, "rb") as fh:
            opening = fh.read(256)
            if opening[:2] in (GZIP_MAGIC, *UTF16_BOMS) or is_kernel_log(opening):  # (read whole: inflated, or made UTF-8)
                data, warning = read_bytes(path, kernel=False)
                if is_kernel_log(data):
                    return _kernel_log_lines(data, file_lines, warning)
                return decode_lines(data, file_lines=file_lines), warning
            fh.seek(0)
            out: list[str] = []
            pending: list[bytes] = []  # a line longer than a chunk, in pieces
            while block := fh.read(_CHUNK):
                cut = block.rfind(b"\n") + 1
                if not cut:
                    pending.append(block)
                    continue
                head = b"".join((*pending, block[:cut])) if pending else block[:cut]
                pending = [block[cut:]] if cut < len(block) else []
                out += _split_chunk(_unescape(head).decode("utf-8", "replace"), file_lines)
            if pending:
                out += _split_chunk(_unescape(b"".join(pending)).decode("utf-8", "replace"), file_lines)
            return out, None
    except OSError as exc:
        raise ParseError(str(path), f"cannot read: {exc.strerror or exc}") from exc


_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")  # (where `str.splitlines` splits)


def _kernel_log_lines(data: bytes, file_lines: FileLines | None, warning: str | None) -> tuple[list[str], str | None]:
    """A notebook kernel's log's output (`_io.kernel_log`) split into its lines, as the console its kernel printed;
    each line's file line the one of the record its text ended in (a record's output may end in the middle of a line:
    a bar's drawing, a `print(..., end="")`), and a warning where its records end early (a truncated file: the lines
    before are read). Its records' times since the kernel started date no line. Each record's text is split once,
    the pieces of a line still open kept apart until it ends (a line printed over 100,000 records is joined once)."""
    out: list[str] = []
    numbers = array("i")
    pending: list[str] = []  # the pieces of the line still open
    after_cr = False  # the record before ended its text with a carriage return (a `\r\n` may be split between two)
    line = 1
    records, cut = kernel_log(data.decode("utf-8", "replace"))
    warning = warning or kernel_log_cut(cut)
    for printed, line in records:
        if after_cr and printed[:1] == "\n":
            printed = printed[1:]
        after_cr = False
        for piece in printed.splitlines(keepends=True):
            if piece[-1:] not in _LINE_BREAKS:
                pending.append(piece)  # (its text's last piece: the line still open)
                after_cr = False
                continue
            if pending:
                pending.append(piece)
                piece = "".join(pending)
                pending.clear()
            out.append(piece[:-2] if piece.endswith("\r\n") else piece[:-1])
            numbers.append(line)
            after_cr = piece.endswith("\r")
    if pending:  # (the output's last line, ended by no line break)
        out.append("".join(pending))
        numbers.append(line)
    if file_lines is not None:
        file_lines.numbers, file_lines.count = numbers, len(out)
    return out, warning


# Slurm's step daemon and srun write into the job's own stream: after a progress bar's last drawing, which ends with
# no newline, their line is glued to it (`... 7/2281 [24:51<132:37:16, 209.95s/it]slurmstepd: error: *** JOB 3178772
# ON c561-002 CANCELLED AT 2026-06-03T16:04:59 DUE TO TIME LIMIT ***`): split there as a bar's redraw is (the same
# file line), so that the drawing's step and the scheduler's word are each read
_GLUED_SCHEDULER = ("]slurmstepd: ", "]srun: ")


def _split_chunk(text: str, file_lines: FileLines | None) -> list[str]:
    for glued in _GLUED_SCHEDULER:
        if glued in text:
            text = text.replace(glued, f"]\r{glued[1:]}")
    pieces = text.splitlines()
    if file_lines is not None:
        file_lines.add(text, pieces)
    return pieces


def decode_lines(data: bytes, chunk: int = _CHUNK, file_lines: FileLines | None = None) -> list[str]:
    """`data.decode("utf-8", "replace").splitlines()`, a chunk of lines at a time (see
    `read_text_lines`)."""
    view = memoryview(data)
    out: list[str] = []
    start, size = 0, len(data)
    while start < size:
        end = size if start + chunk >= size else data.find(b"\n", start + chunk) + 1 or size
        piece = view[start:end]
        out += _split_chunk(_unescape(bytes(piece)).decode("utf-8", "replace")
                            if data.find(b"#0", start, end) >= 0 or data.find(b"^M", start, end) >= 0
                            else str(piece, "utf-8", "replace"), file_lines)
        start = end
    return out


# A log collector that writes control characters as `#` and three octal digits (rsyslog's escape,
# which CloudWatch's copy of a SageMaker job's output keeps: a bar's carriage return `#015`, its
# terminal codes `#033[K`): the characters they stand for, so that a bar's redraws are lines
# (a carriage return right after a launcher's prefix, `[1,mpirank:0,algo-1]<stderr>:#015  0%|...`, is the
# bar's own, drawn under that prefix: dropped, so that the bar keeps its rank)
_SYSLOG_ESCAPE = re.compile(rb"(?P<prefixed>(?<=:))?(?:#015(?![0-9])|#033(?=\[)|#011(?![0-9]))")
_SYSLOG_CHARS = {b"#015": b"\r", b"#033": b"\x1b", b"#011": b"\t"}


def _syslog_char(match: re.Match[bytes]) -> bytes:
    escape = match.group(0)
    return b"" if escape == b"#015" and match.group("prefixed") is not None else _SYSLOG_CHARS[escape]


# what shows a collector's escapes (a `#015` alone may be a worker's or a shard's number, `[node #015]`):
# a terminal code escaped, or an escaped carriage return before a bar's percentage
_SYSLOG_EVIDENCE = re.compile(rb"#033\[|#015 {0,3}\d{1,3}%")


def _unescape_syslog(data: bytes) -> bytes:
    """`data` with rsyslog's escapes of CR, ESC and TAB (`_SYSLOG_ESCAPE`) turned back, where it
    shows them (`_SYSLOG_EVIDENCE`)."""
    if b"#0" not in data or _SYSLOG_EVIDENCE.search(data) is None:
        return data
    return _SYSLOG_ESCAPE.sub(_syslog_char, data)


# A console copied out of a pager or an editor that shows a carriage return in caret notation
# (`cat -v`, `less`, vim): `^M` before each redraw of a bar, "0: ^M1|3251|Loss: 1.5955958366394043:
# 100%|██████████| 3251/3251 [2:07:13<00:00,  2.35s/it]" (torchtune under `srun -l`), "...
# [00:00<?, ?it/s]^MLoading checkpoint shards:   7%|▋ | 1/15 [00:06<01:30,  6.50s/it]^M...". One
# right after a launcher's label (srun's `0: `) is the bar's own, drawn under it: dropped, so that
# the bar keeps its rank.
_CARET_LABELED = re.compile(rb"(?m)^( {0,6}\d{1,6}: )\^M")
# what shows the notation (a `^M` alone may be a regex's or a shell's text): one before a bar's
# percentage, or right after a bar's rate (each pattern opening with a literal: a fast scan)
_CARET_BAR = re.compile(rb"\^M[^\n^]{0,200}?\d{1,3}%\|")


def _unescape(data: bytes) -> bytes:
    """`data` with the escapes of a log collector (`_unescape_syslog`) and the caret notation of a
    pager (`_CARET_LABELED`, then every other `^M`) turned back into the characters they stand for,
    where the data shows them."""
    data = _unescape_syslog(data)
    if b"^M" not in data or (b"it]^M" not in data and b"/s]^M" not in data and _CARET_BAR.search(data) is None):
        return data
    if b": ^M" in data:
        data = _CARET_LABELED.sub(rb"\1", data)
    return data.replace(b"^M", b"\r")


def split_lines(text: str, hint: str | None = None, mtime_ns: int | None = None,
                nccl_guard: str | None = None, pick: str | None = None) -> Sequence[Line]:
    """The logical lines of a log's text (see `Line`); with `hint` (a regex), each line's
    `event_hint` says whether it occurs in the line: one vectorised search over every line
    (polars' regex engine, linear time) instead of one Python search a line. With `nccl_guard`
    (a regex of the literals that readers' rules look for before the shared scanner's), the
    NCCL_DEBUG lines' fields are read column-wise too, where that gives what reading them line
    by line gives (the result's `nccl`, see `_nccl.nccl_lines`), and with both, the lines that
    `EventScanner.busy` may hand on are found (`Lines.marked`). With `pick` (a regex), the
    result's `picked` lists the lines it occurs in.

    The loop is the hot path of every console log (one pass over each line in Python): a line
    that cannot open with a prefix is taken as it is without a call, timestamps are looked for
    only where a date's dash and colon are, and the lines are built as columns, then made
    `Line`s in one C-level pass, with the garbage collector held off (`gc_paused`)."""
    file_lines = FileLines()
    with gc_paused():
        pieces = _split_chunk(text, file_lines)
        return _split_lines(pieces, hint, mtime_ns, nccl_guard, pick, file_lines.numbers)


def _split_lines(physical_lines: list[str], hint: str | None, mtime_ns: int | None, nccl_guard: str | None,
                 pick: str | None, file_lines: array[int] | None = None) -> Sequence[Line]:
    """`split_lines` of the text's `str.splitlines()` (which splits at \\r too: each redraw of
    a bar is a line of its own)."""
    import polars as pl

    start = 0
    while (start < len(physical_lines) and physical_lines[start].startswith("#")
           and DEEPMD_HEADER.match(physical_lines[start]) is None):
        start += 1  # provenance notes at the top of collected logs (not a table's commented header)
    if start and (commented := uncommented(physical_lines)) is not None:
        physical_lines, start = commented, 0
    if physical_lines[start:start + 1] and physical_lines[start][:1] == " " and (
            indented := dedented(physical_lines[start:])) is not None:
        physical_lines = physical_lines[:start] + indented  # (the notes above it as they are)
    if physical_lines[start:start + 1] and physical_lines[start].lstrip(" ")[:1] == ">" and (
            quoted := unquoted(physical_lines[start:])) is not None:
        physical_lines = physical_lines[:start] + quoted
    if (plain := without_logging_heads(physical_lines[start:] if start else physical_lines)) is not None:
        physical_lines = physical_lines[:start] + plain
    services: frozenset[str] = frozenset()
    if (composed := without_service_names(physical_lines[start:] if start else physical_lines)) is not None:
        physical_lines, services = physical_lines[:start] + composed[0], composed[1]
    pasted = _pasted_numbers(physical_lines)
    bodies = physical_lines[start:] if start else physical_lines  # made each line's body in place
    count = len(bodies)
    if not count:
        return []
    # Most lines are taken as they are: one vectorised pass finds those that may not be (a
    # prefix, colours, nothing but blanks), and only those go through Python.
    raw: pl.Series | None = None  # the lines in polars, reused for the second pass where few change
    ranks: list[int | None] = [None] * count
    if pasted:
        complex_lines: Iterable[int] = range(count)
    else:
        raw = pl.Series(bodies, dtype=pl.String)
        needs = _needs_python(raw)
        taken, digits, rests = _torchrun_prefixes(raw)
        if taken:
            needs, raw = needs.scatter(taken, False), raw.scatter(taken, rests)
            for i, rank_digits, rest in zip(taken, digits, rests, strict=True):
                ranks[i] = int(rank_digits)
                bodies[i] = rest
        complex_lines = needs.arg_true().to_list()
    changed: list[int] = []  # lines whose body is not the line itself
    numbers = list(range(start + 1, start + 1 + count))
    clears = [False] * count
    keep: list[bool] | None = None  # made when a line is left out
    prefix_times: list[tuple[int, int]] = []  # (line index, time) from a prefix that dates its lines
    nodes: list[str | None] | None = None  # the node a pdsh prefix names, of each line that has no rank
    cleared = False  # a bar was cleared and no line has been kept since
    previous = -1  # the last line looked at here: the lines between it and the next are kept as they are
    openers = _PREFIX_OPENERS
    for i in complex_lines:
        if cleared and i > previous + 1:
            clears[previous + 1] = True
            cleared = False
        previous = i
        segment = bodies[i]
        if pasted and (m := _PASTED_NUMBER.match(segment)) is not None:
            segment = segment[m.end():]
        if "\x1b" in segment:
            segment = _ANSI.sub("", segment)
        opener = segment[:1]
        if opener in openers:
            # what the prefixes that open so need, looked at before the regex: an indented
            # line can only be srun's label ("  3: ", up to 6 spaces and a digit); a bracket
            # and a digit (a logger's "[2023-05-10 ...", most often) only "[3] ", "[1,3]<std",
            # "[host:3]:" or Determined's "[2023-05-10T...] id || "
            if opener == " ":
                special = segment[:7].lstrip(" ")[:1].isdecimal() or _grep_hint(segment)
            elif opener == "[" and segment[1:2].isdecimal():
                special = "] " in segment[:7] or "]:" in segment or "]<std" in segment or " || " in segment
            else:
                special = True
        else:
            special = ("| " in segment[:300] or " [std" in segment[:300] or ": [" in segment[:70] or "]<std" in segment[:40]
                       or " out: " in segment[:80] or " err: " in segment[:80] or "]:" in segment[:90]
                       or (opener == "R" and segment[:5] == "Rank ") or _grep_hint(segment) or "\t" in segment[4:10]
                       or segment[:7] in FEDML_OPENERS)
        if special:
            rank, body, prefix_ns, node = _strip(segment)
            if node is not None and rank is None:
                if nodes is None:
                    nodes = [None] * count
                nodes[i] = node
        else:
            rank, body, prefix_ns = None, segment, None
        if not body or body.isspace():
            # tqdm clears its bar with spaces (the width of the last reading) before a write
            cleared = cleared or len(body) >= 8
            if keep is None:
                keep = [True] * count
            keep[i] = False
            continue
        if prefix_ns is not None:
            prefix_times.append((i, prefix_ns))
        ranks[i] = rank
        if body is not bodies[i]:
            changed.append(i)
            bodies[i] = body
        clears[i] = cleared
        cleared = False
    if cleared and previous + 1 < count:
        clears[previous + 1] = True
    if raw is not None:
        raw = raw.scatter(changed, [bodies[i] for i in changed]) if changed else raw
        if keep is not None:
            raw = raw.filter(pl.Series(keep, dtype=pl.Boolean))
    if keep is not None:
        if prefix_times:
            kept_before = list(accumulate(keep, initial=0))
            prefix_times = [(kept_before[i], ns) for i, ns in prefix_times]
        numbers, ranks = list(compress(numbers, keep)), list(compress(ranks, keep))
        bodies, clears = list(compress(bodies, keep)), list(compress(clears, keep))
        nodes = list(compress(nodes, keep)) if nodes is not None else None
    if not bodies:
        return []
    if nodes is not None and (node_ranks := _node_ranks(bodies, nodes)):
        for i, node in enumerate(nodes):
            if node is not None and (node_rank := node_ranks.get(node)) is not None:
                ranks[i] = node_rank
    # One vectorised pass says which lines may hold a date (what every ISO timestamp holds,
    # where `parse_timestamp` looks, `_leading`), a glog time, the hint: Python
    # reads only those.
    frame = pl.DataFrame({"body": raw if raw is not None else pl.Series(bodies, dtype=pl.String)})
    del raw
    nccl = nccl_candidates(frame, nccl_guard) if nccl_guard is not None else None
    head = pl.col("body").str.slice(0, _DATE_END_MAX)
    stamps = (frame.lazy().with_row_index("index").filter(head.str.contains(_DATE_HINT) | head.str.contains(_CTIME_HINT))
              .select("index", ascii=head.str.len_bytes() == head.str.len_chars(),
                      # (in an ASCII head a byte offset is a character's)
                      leading=(head.str.find(_ISO.pattern) < DATE_START_MAX)
                      & (~head.str.contains(_CLOCK_FIRST.pattern) | head.str.contains(_CLOCK_THEN_DATE.pattern)),
                      # (a line naming its software's date is Python's to read: `_leading`; so is a 12-hour clock's,
                      # and an offset after a space, which `_ISO_COLUMNS` does not read)
                      software=head.str.contains(_SOFTWARE_DATE.pattern) | head.str.contains(_MERIDIEM_HEAD)
                      | head.str.contains(_SPACED_OFFSET) | head.str.contains(_MINDSPORE_HINT)
                      | head.str.contains(_NAMED_MONTH_OPENS),
                      stamp=head.str.extract_groups(_ISO_COLUMNS))
              .unnest("stamp")
              .select("index", "tz", "leading", "second",
                      ns=pl.when(pl.col("software")).then(pl.lit(None, dtype=pl.Int64)).otherwise(_iso_ns()))
              .collect())
    # (and a line whose date is glued after a progress bar wider than its head, `_after_bar`: a
    # bar's lines first, a literal look, then the date's pattern past the head of those alone)
    barred = frame.with_row_index("index").filter(pl.col("body").str.contains("%|", literal=True))
    glued = (barred.filter(~pl.col("body").str.slice(0, _DATE_END_MAX).str.contains(_DATE_HINT)
                           & pl.col("body").str.slice(_DATE_END_MAX - 35).str.contains(_DATE_HINT))
             .get_column("index").to_list() if len(barred) else [])
    barred_lines = len(barred)
    del barred
    frame = frame.select(
        glog=pl.col("body").str.contains(_GLOG_HINT),
        clock=pl.col("body").str.contains(_CLOCK_TIME.pattern),
        wandb=pl.col("body").str.contains(_WANDB_RUN_DIR, literal=True),
        trainer=pl.col("body").str.contains(_TRAINER_HEADER_HINT, literal=True),
        elapsed=pl.col("body").str.contains(_ELAPSED_CLOCK),
        hint=pl.col("body").str.contains(hint) if hint is not None else pl.lit(None, dtype=pl.Boolean),
        pick=pl.col("body").str.contains(pick) if pick is not None else pl.lit(None, dtype=pl.Boolean),
    )  # (the bodies' copy in polars is let go here: a big log's text is the most memory held)
    # each dated line's time as polars reads it where that is Python's reading (`_iso_ns`), the
    # others' by `parse_timestamp`
    known = stamps.get_column("ns").is_not_null()
    times: list[int | None] = (pl.repeat(None, len(bodies), dtype=pl.Int64, eager=True)
                               .scatter(stamps.get_column("index").filter(known), stamps.get_column("ns").filter(known))
                               .to_list())
    stamp = parse_timestamp
    by_python = stamps.get_column("index").filter(~known).to_list()
    by_python += glued
    for i in by_python:
        times[i] = stamp(bodies[i])
    if day_first(bodies[i] for i in by_python):  # the file's slashed dates write the day first
        for i in by_python:
            times[i] = stamp(bodies[i], True)
    # A file whose line-leading timestamps name one UTC offset (`2023-09-05T11:49:58.225+08:00`)
    # beside ones that name none (`2023-09-05 11:47:44,649`, another logger of the same
    # processes): those are the same clock's local time, in that offset, not UTC (8 hours apart,
    # the steps would fall outside the run their start line began). Not where a prefix dates the
    # lines (a container runtime's clock, UTC, is the lines' own).
    # (the zones of the line-leading ISO stamps, whichever engine read their times)
    leading = stamps.get_column("leading").fill_null(False) & stamps.get_column("second").is_not_null()
    zones = stamps.get_column("tz").filter(leading)
    local = _one_offset_ns(zones) if not prefix_times else 0
    if local:
        for i in stamps.get_column("index").filter(stamps.get_column("tz").is_null() & known).to_list():
            times[i] -= local
        for i in by_python:
            if times[i] is not None and _naive(bodies[i]):
                times[i] -= local
    del stamps, known, zones, leading
    for i, prefix_ns in prefix_times:
        if times[i] is None:
            times[i] = prefix_ns
    first = next((ns for ns in times if ns is not None), None)
    year = _utc_year(first) if first is not None else None
    yearless = [i for i in frame.get_column("glog").arg_true().to_list() if times[i] is None and _yearless_match(bodies[i])]
    guessed: list[bool] | None = None
    if year is not None:
        # glog lines (torchrun's launcher: "E1122 03:42:27.010000 ...", c10d's "[W1122 ...]") and
        # detectron2's carry no year: take the year of the file's own dated lines.
        for i in yearless:
            times[i] = _glog_ns(bodies[i], year)
            if local and times[i] is not None:
                times[i] -= local  # (local time, as the naive lines above)
    elif yearless and (failed := _failure_time_ns(bodies)) is not None:
        # No line opens with a year, but torchelastic's failure report names one (`time      :
        # 2025-07-09_17:05:39`, when the worker failed): each line's date in its year, or in the
        # one before where it would fall after the failure (a run of late December that failed
        # in January)
        for i, ns in zip(yearless, _years_back(bodies, yearless, failed), strict=True):
            times[i] = ns
    elif yearless and (aborted := _aborted_at(bodies)):
        # No year anywhere, but glog's failure handler names the moment of a failure (PaddlePaddle's `*** Aborted at
        # 1680682174 (unix time) ...`): the years of the lines around each read from it
        for i, ns in zip(yearless, _years_around(bodies, yearless, aborted), strict=True):
            times[i] = ns
    elif yearless and mtime_ns is not None:
        # With no year anywhere, the file was last written after its last line: each line's
        # date in the mtime's year, or in the one before where it would fall after the mtime (a
        # log of late December read in January).
        guessed = [False] * len(bodies)
        for i, ns in zip(yearless, _years_back(bodies, yearless, mtime_ns), strict=True):
            times[i] = ns
            guessed[i] = True
    clocked = frame.get_column("clock").arg_true().to_list()
    if len(clocked) >= 2 and not frame.get_column("elapsed").any():
        # Lines that open with a time of day alone (a logger's `datefmt="%H:%M:%S"`: "08:11:21 [rank1][INFO] ..."),
        # not an elapsed counter (one past 24 hours says so); the other lines' dates give theirs
        # (`_days_near`), else, where no line names a date, the file's mtime does (`_days_back`): an
        # estimate as a missing year's, the time of day and the spacing the lines'
        dated = [i for i, ns in enumerate(times) if ns is not None]
        if dated:
            for i, ns in zip(clocked, _days_near(bodies, clocked, dated, times, local), strict=True):
                if ns is not None:
                    times[i] = ns
                    if guessed is not None:
                        guessed[i] = guessed[dated[max(bisect_right(dated, i) - 1, 0)]]
        elif mtime_ns is not None:
            guessed = [False] * len(bodies)
            for i, ns in zip(clocked, _days_back(bodies, clocked, mtime_ns), strict=True):
                if ns is not None:
                    times[i] = ns
                    guessed[i] = True
    if first is None and not barred_lines and all(ns is None for ns in times) and (
            started := frame.get_column("wandb").arg_true().to_list()):
        # No line names a date, but W&B's word at `wandb.init` names its run's folder after the local time it
        # began (`wandb: Run data is saved locally in .../wandb/run-20220710_163723-17r791a9`): that line's
        # time (not where progress bars are: their times would hang on the file's mtime, another clock)
        for i in started:
            if (run := _WANDB_RUN_TIME.search(bodies[i])) is not None:
                times[i] = _second_ns({**run.groupdict(), "tz": None})
    if first is None and not barred_lines and all(ns is None for ns in times) and (
            headed := frame.get_column("trainer").arg_true().to_list()):
        # No line names a date, but ashawkey's Trainer (torch-ngp's, stable-dreamfusion's, RAD-NeRF's and their forks')
        # opens each launch's log with its local time (`[INFO] Trainer: ngp | 2023-05-10_19-36-00 | cuda | fp32 |
        # workspace`): each header's time
        for i in headed:
            if (header := TRAINER_HEADER.match(bodies[i])) is not None:
                times[i] = _second_ns({**header.groupdict(), "tz": None})
    hits: list[bool | None] | None = frame.get_column("hint").to_list() if hint is not None else None
    nccl_read = nccl_lines(nccl, times) if nccl is not None else None
    marked = None
    if hint is not None and nccl_guard is not None:
        # (times past int64's range are kept: a dated line is a dated line)
        marks = frame.get_column("hint") | pl.Series([ns is not None for ns in times], dtype=pl.Boolean)
        if nccl_read is not None:
            marks = marks.scatter(nccl_read.indices(), False)
        marked = marks.arg_true().to_list()
    picked = frame.get_column("pick").arg_true().to_list() if pick is not None else None
    del frame
    lines = Lines(numbers, ranks, bodies, times, clears, hits, guessed)
    lines.nccl, lines.marked, lines.picked, lines.file_lines = nccl_read, marked, picked, file_lines
    lines.services = services
    return lines


def _one_offset_ns(zones: pl.Series) -> int:
    """The UTC offset in ns that every zoned line-leading timestamp of a file names, where they
    name one other than UTC (`+08:00`, `+0800`), on 3 lines or more (not one stray stamp), and
    some timestamps name none; else 0."""
    named = zones.drop_nulls()
    if len(named) < 3 or len(named) == len(zones):
        return 0
    distinct = named.str.replace(":", "", literal=True).unique().to_list()
    if len(distinct) != 1 or distinct[0] in ("Z", "+0000", "-0000"):
        return 0
    zone = distinct[0]
    sign = 1 if zone[0] == "+" else -1
    return sign * (int(zone[1:3]) * 3600 + int(zone[3:5]) * 60) * 1_000_000_000


def _naive(text: str) -> bool:
    """Whether the line's leading timestamp (ISO-like or slashed) names no zone."""
    match = _leading(_ISO, text) or (_leading(_SLASH, text) if "/" in text[:_DATE_END_MAX] else None)
    return match is not None and match.group("tz") is None


# torchelastic's failure report (ChildFailedError's "Root Cause (first observed failure):" block):
# `  time      : 2024-08-25_17:31:27`, when the worker failed (its own clock, as the log's lines)
FAILURE_TIME = re.compile(r"^\s{0,8}time\s{0,8}: (\d{4}-\d\d-\d\d)_(\d\d:\d\d:\d\d)\s*$")


# glog's failure signal handler (PaddlePaddle's, Caffe's): `*** Aborted at 1680682174 (unix time) try "date -d
# @1680682174" if you are using GNU date ***` (Paddle's in its `[TimeInfo: ...]`), the moment in seconds since the epoch
ABORTED_AT = re.compile(r"\*\*\* Aborted at (\d{9,11}) \(unix time\)")


def _failure_time_ns(bodies: Sequence[str]) -> int | None:
    """The time of the last torchelastic failure report in the lines (`FAILURE_TIME`), in ns as the
    log's own clock; None where there is none (or it names no real date)."""
    for body in reversed(bodies):
        if ("time" in body[:16] and (m := FAILURE_TIME.match(body)) is not None
                and (ns := parse_timestamp(f"{m.group(1)} {m.group(2)}")) is not None):
            return ns
    return None


# the most a host's local time is ahead of UTC (a glog line's time is local, its failure handler's UTC)
_ZONE_AHEAD_NS = 14 * 3600 * 10**9


def _aborted_at(bodies: Sequence[str]) -> list[tuple[int, int]]:
    """The line index and UTC time in ns of each of glog's failure handler's reports (`ABORTED_AT`), in order."""
    return [(i, int(aborted.group(1)) * 10**9) for i, body in enumerate(bodies)
            if "Aborted at " in body and (aborted := ABORTED_AT.search(body)) is not None]


def _years_around(bodies: Sequence[str], yearless: list[int], aborts: list[tuple[int, int]]) -> list[int | None]:
    """The yearless lines' times with their years read from the moments glog's failure handler names (a log appended
    to by several launches, each failing): the lines before each report, after the one before it, back from it
    (`_years_back`, the moment as late as the furthest zone's local time); those after the last on from it, each in
    the year, of the one before and the one after, that puts it nearest the line before it (a later launch, a
    New Year either side of UTC)."""
    out: list[int | None] = []
    k = 0
    for at, anchor_ns in aborts:
        stretch = []
        while k < len(yearless) and yearless[k] < at:
            stretch.append(yearless[k])
            k += 1
        if stretch:
            out += _years_back(bodies, stretch, anchor_ns + _ZONE_AHEAD_NS)
    previous = aborts[-1][1]
    year = datetime.fromtimestamp(previous / 1e9, tz=UTC).year
    for i in yearless[k:]:
        near = [ns for ns in (_glog_ns(bodies[i], y) for y in (year - 1, year, year + 1)) if ns is not None]
        ns = min(near, key=lambda t: abs(t - previous)) if near else None
        out.append(ns)
        if ns is not None:
            previous, year = ns, datetime.fromtimestamp(ns / 1e9, tz=UTC).year
    return out


def _utc_year(ns: int) -> int | None:
    """The year of a time in ns since the epoch; None past what `datetime` holds (a date of
    9999-12-31 in a zone west of UTC is in year 10000)."""
    try:
        return datetime.fromtimestamp(ns / 1e9, tz=UTC).year
    except (ValueError, OverflowError, OSError):
        return None


def _needs_python(raw: pl.Series) -> pl.Series:
    """Over the physical lines: True where the Python loop of `_split_lines` may make the line
    something else than itself (a superset: the loop decides). A line is kept as it is when it
    holds no escape, cannot open with a prefix and holds a visible ASCII character (so it is no
    blank line). One pattern (`_NEEDS_PYTHON`), one pass."""
    return raw.str.contains(_NEEDS_PYTHON)


def _torchrun_prefixes(raw: pl.Series) -> tuple[list[int], list[str], list[str]]:
    """Over the physical lines: those that open with torchrun's "[default3]:" or "[rank3]:"
    (the commonest launcher prefixes) and whose rest needs nothing of Python (`_NEEDS_PYTHON`):
    their positions, their ranks' digits and their rests, which is what `_strip` makes of them."""
    import polars as pl

    line = pl.col("line")
    found = (pl.DataFrame({"line": raw}).lazy().with_row_index("index")
             .with_columns(end=line.str.extract(_TORCHRUN, 0).str.len_chars())
             .filter(pl.col("end").is_not_null())
             .with_columns(rest=line.str.slice(pl.col("end")), digits=line.str.extract_groups(_TORCHRUN))
             .filter(~pl.col("rest").str.contains(_NEEDS_PYTHON))
             .select("index", pl.coalesce(pl.col("digits").struct.field("1"), pl.col("digits").struct.field("2")), "rest")
             .collect())
    index, digits, rests = (column.to_list() for column in found.iter_columns())
    return index, digits, rests


# `_PREFIX`'s first two forms, with ASCII digits and no more than `_strip` reads as a rank
_TORCHRUN = r"^\[(?:default([0-9]{1,9})\]:|rank([0-9]{1,9})\]: ?)"


# The loop's own tests for polars' engine, each widened where that is simpler (an ASCII digit or
# any non-ASCII character for what `isdecimal` accepts; "]:", "]<std" and " || " anywhere in the
# line; a prefix's name and digits as any run of its characters): an escape; a line opening with
# a container runtime's nanosecond time or grep's file name; a line opening with
# what a name-opened prefix needs before its separator ("svc-1  | ", "host [stderr] "), with an
# srun label ("3: "), "(" and a name before " pid=", up to six spaces and a digit, or a bracket
# and no digit; a bracket and a digit with "] " within its first seven characters; no visible
# ASCII character.
_NEEDS_PYTHON = (
    r"\x1b|\]:|\]<std| \|\| "
    r"|^(?:[\w.\-]*-\d+ +\| |[A-Za-z][\w.]*-[\w.\-]* +\| |[\w.\-]+ \[std|[0-9]\d{0,4}: |(?:[0-9]{1,3}\.){3}[0-9]{1,3}: "
    r"|\([^ ]*(?:, rank=[0-9]+)?,? pid=|[\w.\-]+: \[|[A-Za-z][\w.\-]*:[0-9]+ (?:out|err): "
    r"| {1,6}(?:[0-9]|[^\x00-\x7f])|\[(?:[^0-9]|$)|\[[0-9].{0,3}\] |[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}\.[0-9]{7}"
    r"| {0,6}[A-Za-z0-9_./\-]+\.(?:log|txt|out|err):|Rank {1,2}[0-9]|[A-Z]{4,9}\t[0-9]{4}-"
    r"|[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8}\.[0-9]{3} \[[0-9]+/|FedML-(?:Server|Client))"
    r"|^[^!-~]*$"
)


# What a line's timestamp needs, for polars' engine (`_ISO` and `_GLOG` then read the lines
# that have it): a superset of those patterns' matches, so no dated line is passed over.
_DATE_HINT = (r"(?:\d{4}-\d{2}-\d{2}[ T,:]|\):\d{4}-\d{2}-\d{2}-|(?:\d{4}/\d{2}/\d{2}|\d{2}/\d{2}/\d{4})(?:[ T]|, )"
              r"|^\[?[IWEF]\d{8} "
              rf"|\d{{4}}-{_MONTH_NAMES}-\d{{2}}[ T]|\d{{2}}-{_MONTH_NAMES}-\d{{4}}[ T]"
              r"|^\d{8}[ -]|^\d{2}-\d{2}-\d{2} |^\[\d{2}[/.]\d{2}[/.]\d{2} |(?:it/s|s/it)\]\[\d{2}/\d{2}/\d{2} "
              r"|^\[?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d "
              r"|^\[?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [ \d]\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
              r"|^\[?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? \d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} )"
              r"\d{2}:\d{2}:\d{2}")
# `date`'s time after a few words (`_CTIME_AFTER`), a pattern of its own: in `_DATE_HINT` it slows
# every line's test by its alternatives
_CTIME_HINT = (r"[ (](?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d"
               r"|[ \d]\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)) \d{2}:\d{2}:\d{2}")
# Times printed without a year, read with the year of the file's dated lines or of its mtime
# (`_yearless_ns`): glog's, detectron2's `[09/02 02:37:24 d2.utils.events]:` and `07/26 [22:43:08]`
_GLOG_HINT = (r"^\[?[IWEF] ?\d{4} \d{2}:\d{2}:\d{2}\.\d|^\[[IWEF]\d{3} \d{2}:\d{2}:\d{2}\.\d"
              r"|^\[\d{2}/\d{2} \d{2}:\d{2}:\d{2}[ \]]"
              r"|^(?:[^\w\s]{1,6} )?\d{2}/\d{2} \[\d{2}:\d{2}:\d{2}\]|^\d{2}/\d{2} \d{2}:\d{2}:\d{2} \["
              r"|^\[\d{4} \d{2}:\d{2}:\d{2} @|^\d{2} [A-Z][a-z]{2} \d{2}:\d{2} {2,8}[A-Z]"
              r"|^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d{2}-\d{2} \d{2}:\d{2}:\d{2}[. ]"
              r"|^\d{2}/\d{2} \d{2}:\d{2}:\d{2} [AP]M |^\[?\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?\]? "
              r"|\s\[\d{2}/\d{2} \d{2}:\d{2}:\d{2}\]\s{0,4}$")
# `_ISO` for polars, its date and time to the second in one group (the cache key of `parse_timestamp`
# less the zone)
_ISO_COLUMNS = (
    r"(?P<second>\d{4}-\d{2}-\d{2}[ T,:]\d{2}:\d{2}:\d{2})(?:[.,](?P<frac>\d{1,9}))?(?P<tz>Z|[+-]\d{2}:?\d{2})?"
)


@lru_cache(maxsize=1)
def _iso_ns() -> pl.Expr:
    """Over a dated line's head's `_ISO_COLUMNS` groups (`second`, `frac`, `tz`), whether the
    head is ASCII (`ascii`) and whether its first `_ISO` match starts within DATE_START_MAX
    characters (`leading`): the time in ns of that match, read by polars where it reads what
    `parse_timestamp` reads: an ASCII head (where `\\d` means the same to both engines), a year
    from 1700 to 2199 (inside int64 ns and chrono's calendar) and a second below 60 (chrono takes
    a leap second, `datetime` does not). Null elsewhere: Python reads those. Built once: building
    it cost more than running it on a short file."""
    import polars as pl

    second, frac, zone = pl.col("second"), pl.col("frac"), pl.col("tz")
    moment = (pl.concat_str(second.str.slice(0, 10), pl.lit(" "), second.str.slice(11))
              .str.strptime(pl.Datetime("us"), "%Y-%m-%d %H:%M:%S", strict=False))
    digits = zone.str.replace(":", "", literal=True)  # "+hhmm", "-hhmm"
    offset_s = (pl.when(zone.is_null() | (zone == "Z")).then(0)
                .otherwise(pl.when(zone.str.starts_with("-")).then(-1).otherwise(1)
                           * (digits.str.slice(1, 2).cast(pl.Int64) * 3600 + digits.str.slice(3, 2).cast(pl.Int64) * 60)))
    fraction = pl.when(frac.is_null()).then(0).otherwise(frac.str.pad_end(9, "0").cast(pl.Int64))
    usable = (pl.col("ascii") & second.str.slice(0, 4).is_between(pl.lit("1700"), pl.lit("2199"))
              & (second.str.slice(17, 2) < "60") & pl.col("leading"))
    return pl.when(usable).then((moment.dt.epoch("s") - offset_s) * 1_000_000_000 + fraction)


# a Line from its fields as one tuple, without a Python-level call (NamedTuple's __new__ is one)
_new_line = partial(tuple.__new__, Line)


def _may_hold_time(text: str) -> bool:
    """A cheap look for a date's dash pair before the regex runs (most lines hold none)."""
    head = text[:_DATE_END_MAX]
    return "-" in head and ":" in head


def _pasted_numbers(lines: list[str]) -> bool:
    """Whether the file's lines carry pasted line numbers: the first ten non-blank lines all do
    (the first may be cut, as an excerpt's is), and the numbers rise by one. A bracketed number
    ("[1745] ") is also how mpirun labels a rank: it counts as a line number only where it rises
    by one over every one of the first 200 lines (ranks come round again)."""
    numbers: list[int] = []
    bracketed = skipped = False
    for physical in lines[:200]:
        if not physical.strip():
            continue
        m = _PASTED_NUMBER.match(physical)
        if m is None:
            if numbers or skipped:
                return False
            skipped = True
            continue
        numbers.append(int(m.group(1) or m.group(2)))
        bracketed = bracketed or m.group(2) is not None
        if len(numbers) == 10 and not bracketed:
            break
    rising = len(numbers) >= 3 and all(b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False))
    return rising and (not bracketed or len(numbers) >= 10)


def head_bodies(head: bytes, limit: int = 2000) -> Iterator[str]:
    """The first `limit` lines of a file's head, each without its launcher prefix (and, in a log
    whose every line is commented out, its `# `): what the log parsers' detect() look at."""
    lines = _unescape(head).decode("utf-8", "replace").splitlines()[:limit]
    if lines[:1] and lines[0].startswith("#"):
        lines = uncommented(lines) or lines
    if lines[:1] and lines[0].lstrip(" ")[:1] == ">":
        lines = unquoted(lines) or lines
    lines = without_logging_heads(lines) or lines
    lines = (without_service_names(lines) or (lines, None))[0]
    for raw in lines:
        if "\t" in raw[4:10] and (cloud := _CLOUD_JOB_PREFIX.match(raw)) is not None:
            # (the time a cloud job's prefix dates its message with, kept before it: a dated line, as its logger wrote it)
            yield f"{cloud.group('time')} {strip_prefix(raw[cloud.end():].strip())[1]}"
        else:
            yield strip_prefix(raw.strip())[1]


def uncommented(lines: list[str]) -> list[str] | None:
    """A log pasted as comments, every non-blank line opening with `#` (a console's output kept
    in a script or a notebook cell: `# I0306 06:18:07.047491 ... compilation_cache.py:213]
    ...`), without its `# `; None where a line is not so commented (a log under a few lines of
    notes)."""
    if not any(line.startswith("#") for line in lines) or not all(line.startswith("#") for line in lines if line.strip()):
        return None
    # (knitr's and reprex's output markers too: `## epoch 0 ...`, `#> epoch 0  | loss: 0.42906 | ...`)
    return [line[_COMMENT_MARK.match(line).end():] if line.startswith("#") else line for line in lines]  # type: ignore[union-attr]


_COMMENT_MARK = re.compile(r"#[#>]? ?")


def unquoted(lines: list[str]) -> list[str] | None:
    """A log pasted as a Markdown quote, every non-blank line opening with `> ` after up to 3 blanks (`> 938/938
    [=====...] - 413s 436ms/step - loss: 0.4964`), without it; None where a line is not so quoted (nor where one opens
    with `>>`, a program's own mark: `>>> Epoch 2: ...`)."""
    if not lines or not all(_QUOTE_MARK.match(line) is not None for line in lines if line.strip()):
        return None
    return [line[mark.end():] if (mark := _QUOTE_MARK.match(line)) is not None else line for line in lines]


_QUOTE_MARK = re.compile(r" {0,3}>(?: |$)")  # (up to 3 blanks before it: a quote in a list item)


def without_logging_heads(lines: list[str]) -> list[str] | None:
    """A log that Python's logging wrote in its default format (`logging.basicConfig(filename=..., level=...)`:
    `%(levelname)s:%(name)s:%(message)s`), a script's own lines through the root logger or its own
    (`INFO:root:Epoch 0 loss: 0.744`, `INFO:__main__:...`) among libraries' (`DEBUG:urllib3.connectionpool:...`,
    kept as they are), without that head; None where none of its first `LOGGING_HEAD_LINES` lines has it."""
    if not any(line.startswith(_LOGGING_LEVELS) and _LOGGING_HEAD.match(line) is not None for line in lines[:LOGGING_HEAD_LINES]):
        return None
    return [line[head.end():] if line.startswith(_LOGGING_LEVELS) and (head := _LOGGING_HEAD.match(line)) is not None
            else line for line in lines]


# (DEBUG and INFO alone: a WARNING's or ERROR's head stays, which says what the line is, `WARNING:root:Skipping bad batch:
# Traceback (most recent call last):`, a traceback a logger prints as a warning)
_LOGGING_HEAD = re.compile(r"(?:DEBUG|INFO):(?:root|__main__):")
_LOGGING_LEVELS = ("DEBUG:", "INFO:")
LOGGING_HEAD_LINES = 50


# Docker Compose's console (`docker compose up`, `docker-compose logs`): each line a service's container wrote opens
# with its name padded to the widest one's and a bar (`mltrain     | Epoch 1/5`, v1's `proj_trainer_1  | `, v2's
# `trainer-1  | `), its own lines name the services it attaches to (`Attaching to mlback, mltrain, mlfront`). A name
# with a dash is a prefix wherever it opens a line (`_WORD_PREFIX`); another is one where the file shows the layout:
# lines of the first `SERVICE_HEAD_LINES` open with it, the bar in one column, and its compose line named it or such
# lines are half of them (not a table of a script's own, `loss      | 0.51`, nor a logger's level, `INFO     | `).
_SERVICE_HEAD = re.compile(r"([A-Za-z][\w.\-]{0,63}) +\|(?: |$)")
_ATTACHING = re.compile(r"Attaching to ([\w.\-]{1,64}(?:, [\w.\-]{1,64}){0,63})\s*$")
_LOG_LEVELS = frozenset({"TRACE", "DEBUG", "INFO", "SUCCESS", "WARN", "WARNING", "ERROR", "CRITICAL", "FATAL"})
SERVICE_HEAD_LINES = 200


def service_names(lines: list[str]) -> tuple[frozenset[str], int]:
    """The names of the Docker Compose services whose containers' lines `lines` holds, where the file
    shows compose's layout (above), and the column of their bar; empty where it shows none."""
    columns: dict[int, set[str]] = {}
    counts: dict[int, int] = {}
    attached: set[str] = set()
    written = 0
    for line in lines[:SERVICE_HEAD_LINES]:
        if not line or line.isspace():
            continue
        written += 1
        if line[:1] == "A" and (attaching := _ATTACHING.match(line)) is not None:
            attached.update(attaching.group(1).split(", "))
        elif "|" in line[:70] and (head := _SERVICE_HEAD.match(line)) is not None and head.group(1) not in _LOG_LEVELS:
            column = head.end() - (2 if head.group(0).endswith(" ") else 1)
            columns.setdefault(column, set()).add(head.group(1))
            counts[column] = counts.get(column, 0) + 1
    if not counts:
        return frozenset(), 0
    column = max(counts, key=counts.__getitem__)
    names = columns[column]
    if counts[column] < 3 or not (names & attached or 2 * counts[column] >= written):
        return frozenset(), 0
    return frozenset(names), column


def without_service_names(lines: list[str]) -> tuple[list[str], frozenset[str]] | None:
    """`lines` without the compose services' names and bars that open them (`service_names`), and
    those names; None where the file shows no compose layout."""
    names, column = service_names(lines)
    if not names:
        return None
    stripped = []
    for line in lines:
        if "|" in line[column:column + 1] and (head := _SERVICE_HEAD.match(line)) is not None and (
                head.group(1) in names and line[column] == "|"):
            line = line[head.end():]
        stripped.append(line)
    return stripped, names


# the least indentation of a log pasted as an indented block (Markdown's code block, a note's
# quote) that is taken off its lines: less may be the log's own (a bar's `  5%|`)
PASTED_INDENT_MIN = 3


def dedented(lines: list[str]) -> list[str] | None:
    """A log pasted as an indented block, every non-blank line opening with at least
    `PASTED_INDENT_MIN` spaces (`    [rank0]:2025-02-13 11:33:45,521 - root - INFO - step: 10 ...`
    under a note's heading), without the indentation they share; None where a line is not so
    indented."""
    indent = None
    for line in lines:
        if line.strip():
            width = len(line) - len(line.lstrip(" "))
            if width < PASTED_INDENT_MIN:
                return None
            indent = width if indent is None else min(indent, width)
    return [line[indent:] for line in lines] if indent is not None else None


def strip_prefix(text: str) -> tuple[int | None, str]:
    """The launcher's rank (None when the prefix names none) and the line without prefixes."""
    rank, body, _, _ = _strip(text)
    return rank, body


_CATBOOST_HEAD = re.compile(r"\d{1,12}:[\t ]{1,8}(?:learn|test\d{0,3}|best): ")  # (CatBoost's iteration, its first field)


def _strip(text: str) -> tuple[int | None, str, int | None, str | None]:
    """The line's rank (from its prefixes), its body, the time a prefix dates it with, and the
    node a pdsh prefix names (its address or host name)."""
    rank: int | None = None
    ts: int | None = None
    node: str | None = None
    replica: int | None = None  # a cloud job's task's rank (`_CLOUD_JOB_PREFIX`): the line's where no process names one
    from_node = False  # the rank came from torchrun's `[defaultN]:`, a rank within its node
    for _ in range(3):  # prefixes nest (srun around torchrun around Determined)
        if _grep_hint(text) and (grep := _GREP_PREFIX.match(text)) is not None:
            text = text[grep.end():]
            continue
        if text[:7] in FEDML_OPENERS and (fedml := FEDML_PREFIX.match(text)) is not None:
            if rank is None and fedml.group("rank") is not None:
                rank = int(fedml.group("rank"))
            text = text[fedml.end():]
            continue
        if text[:1] in _PREFIX_OPENERS or text[:5] == "Rank ":
            if text[:1].isdigit() and "remaining: " in text and _CATBOOST_HEAD.match(text) is not None:
                break  # (CatBoost's iteration line, its tabs turned to spaces: `0:      test: 0.7258 ... total: 46.9ms`)
            match = _PREFIX.match(text)
        elif "]:" in text[:90] and (app := _APP_PREFIX.match(text)) is not None:
            text = text[app.end():]
            if (local := _APP_RANK.match(text)) is not None:  # (TorchX's: the rank with no role name)
                rank, text = int(local.group(1)), text[local.end():]
            continue
        elif "\t" in text[4:10] and (cloud := _CLOUD_JOB_PREFIX.match(text)) is not None:
            ts = parse_timestamp(cloud.group("time"))
            if (chief := cloud.group("chief")) is not None:
                replica = int(chief)
            elif (worker := cloud.group("worker")) is not None:
                replica = int(worker) + 1
            text = text[cloud.end():]
            continue
        elif "]<std" in text[:40] and (ctime := _CTIME_PREFIX.match(text)) is not None:
            try:
                moment = datetime(int(ctime.group("y")), _MONTHS[ctime.group("mon")], int(ctime.group("d")),
                                  int(ctime.group("h")), int(ctime.group("m")), int(ctime.group("s")), tzinfo=UTC)
                ts = int(moment.timestamp()) * 1_000_000_000
            except ValueError:
                pass  # (no such day: the tag is read all the same)
            text = text[ctime.end():]
            continue
        elif "| " in text[:300] or " [std" in text[:300] or " out: " in text[:80] or " err: " in text[:80]:
            match = _WORD_PREFIX.match(text)
            if match is not None and match.end():
                text = text[match.end():]
                continue
        elif ": [" in text[:70] and (host := _HOST_PREFIX.match(text)) is not None and (
                host.group("host") == "localhost" or any(c in host.group("host") for c in "0123456789.-")):
            node = node or host.group("host")
            text = text[host.end():]
            continue
        else:
            break
        if match is None or match.end() == 0:
            break
        groups = match.groupdict()
        if rank is None:
            for name in _RANK_GROUPS:
                if groups[name] is not None:
                    digits = groups[name]
                    rank = int(digits) if len(digits) <= 9 else None  # no launcher numbers ranks past 10^9
                    from_node = name == "r1"
                    break
        if groups["det"] is not None or groups["cri"] is not None or groups["mf"] is not None:
            ts = parse_timestamp(groups["det"] or groups["cri"] or groups["mf"])
        node = node or groups["ip"]
        text = text[match.end():]
    if replica is not None and from_node:
        # (torchrun's rank within its node, inside a cloud job's task: another node's `[default0]:` is another process;
        # the task's rank tells the nodes apart, its processes' lines one rank's)
        return replica, text, ts, node
    return (rank if rank is not None else replica), text, ts, node


# DeepSpeed's launcher on each node (pdsh prefixes its lines with the node): the global ranks it
# placed on every node, "global_rank_mapping=defaultdict(<class 'list'>, {'10.0.143.177': [0],
# '10.0.128.14': [1]})", and, where that line is missing, the node's own "nnodes=2,
# num_local_procs=1, node_rank=1" (one process a node: the node's rank is its process's)
_RANK_MAPPING = re.compile(r"global_rank_mapping=(?:defaultdict\(<class 'list'>, )?\{(?P<body>[^{}]{0,100000})\}")
_MAPPING_ENTRY = re.compile(r"'(?P<node>[^']{1,255})': \[(?P<ranks>[\d, ]{0,100000})\]")
_NODE_RANK = re.compile(r"num_local_procs=1, node_rank=(?P<rank>\d{1,7})\b")


def _node_ranks(bodies: Sequence[str], nodes: Sequence[str | None]) -> dict[str, int]:
    """Each pdsh node's rank where it runs one process: the global rank DeepSpeed's launcher
    placed on it, from the first `global_rank_mapping` line; with no mapping line, the
    `node_rank` a node of one process printed. Nodes of several processes (a line could be any
    of theirs) and nodes neither names are left out."""
    ranks: dict[str, int] = {}
    for body, node in zip(bodies, nodes, strict=True):
        if node is None or "_rank" not in body:
            continue
        if (mapping := _RANK_MAPPING.search(body)) is not None:
            placed = {}
            for entry in _MAPPING_ENTRY.finditer(mapping.group("body")):
                numbers = [int(n) for n in entry.group("ranks").replace(",", " ").split()]
                if len(numbers) == 1:  # (a node of several processes does not say which printed a line)
                    placed[entry.group("node")] = numbers[0]
            return placed
        elif (own := _NODE_RANK.search(body)) is not None:
            ranks.setdefault(node, int(own.group("rank")))
    return ranks


# glog's head with the year (DINOv2's logger: `%(levelname).1s%(asctime)s` with `%Y%m%d %H:%M:%S`,
# "I20250104 12:12:42 90 dinov2 helpers.py:102] ...")
# A line opening with a logger's date in two other forms: `%Y%m%d %H:%M:%S` (RandLA-Net's and other point-cloud code's
# `20220508 15:22:16 INFO: ...`; Face_Pytorch's `%Y%m%d-%H:%M:%S`, `20181228-17:35:50 Saving checkpoint: 5000`), and
# KAIR's and mmsr's (ESRGAN's, EDVR's) `%y-%m-%d %H:%M:%S` with its milliseconds and its logger's tail after them
# (`20-05-18 19:30:33.056 : ...`, `21-05-24 03:02:40.728 - INFO: ...`; not a two-digit year's other orders, `%d-%m-%y`,
# without such a tail)
_DATE_PACKED = re.compile(r"(?P<y>(?:19|20)\d{2})(?P<mo>0[1-9]|1[0-2])(?P<d>[0-3]\d)[ -]"
                          r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-5]\d)(?:[.,](?P<frac>\d{1,9}))?(?![\d:])")
# rich's logging handler's time as it opens each line (`log_time_format="[%x %X]"`, the C locale's month first):
# "[06/25/24 12:25:53] WARNING  Anomalib currently does not support multi-gpu training. ...     config.py:262"; and with
# dots, the CS224N projects' starter loggers' `[%m.%d.%y %H:%M:%S]` ("[04.25.21 23:43:14] Evaluating at step 50048...")
_RICH_TIME = re.compile(r"\[(?P<first>[0-3]\d)(?P<sep>[/.])(?P<second>[0-3]\d)(?P=sep)(?P<yy>\d{2}) "
                        r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-5]\d)(?P<frac>)\]")
# (or glued after a progress bar's drawing its line did not end: Lightning's validation bar, then the epoch's line,
# "Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 15:14:28] INFO   Epoch 0: ...")
_RICH_AFTER_BAR = re.compile(r"(?:it/s|s/it)\](?=\[[0-3]\d/[0-3]\d/\d{2} )")


def _rich_time(text: str) -> re.Match[str] | None:
    """rich's `[%x %X]` at the line's start, or right after a bar's drawing glued before it."""
    if text[:1] == "[":
        return _RICH_TIME.match(text)
    if "]" in text[:_RICH_GLUED_MAX] and (bar := _RICH_AFTER_BAR.search(text, 0, _RICH_GLUED_MAX)) is not None:
        return _RICH_TIME.match(text, bar.end())
    return None


_RICH_GLUED_MAX = 400  # the widest bar drawing a rich time is looked for after
_DATE_KAIR = re.compile(r"(?P<yy>\d{2})-(?P<mo>0[1-9]|1[0-2])-(?P<d>[0-3]\d) "
                        r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-5]\d)\.(?P<frac>\d{3})"
                        r"(?: : | - (?:DEBUG|INFO|WARNING|ERROR|CRITICAL): )")
_GLOG_YEAR = re.compile(r"\[?[IWEF](?P<y>\d{4})(?P<mo>\d{2})(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
                        r"(?:\.(?P<frac>\d{1,9}))?(?P<tz>)\s")
# (PyTorch's c10 logger, bracketed, writes the month unpadded: "[W427 10:31:58.108805957 socket.cpp:759] [c10d] ...")
_GLOG = re.compile(r"^(?:\[?[IWEF] ?(?P<mo>\d{2})|\[[IWEF](?P<m1>\d))(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
                   r"\.(?P<frac>\d{1,9})\s")
# detectron2's logger (`[%m/%d %H:%M:%S %(name)s]:`): month first, whole seconds
_MONTH_DAY = re.compile(r"^\[(?P<mo>\d{2})/(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})[ \]]")


# Python logging's `datefmt="%m/%d [%H:%M:%S]"` (Stanford CRFM's mistral, prismatic/OpenVLA):
# "|=>> 07/26 [22:43:08] - mistral - INFO :: ...", after a short marker or none
_MONTH_DAY_BRACKET = re.compile(
    r"^(?:[^\w\s]{1,6} )?(?P<mo>\d{2})/(?P<d>\d{2}) \[(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})\]")


# nanotron's logger with a date of no year, before its bracket: "12/21 01:39:51 [INFO|DP=0|TP=0|lrdn0007]: ..."
_MONTH_DAY_PLAIN = re.compile(r"^(?P<mo>\d{2})/(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) (?=\[)")
# DARTS' logger (`datefmt="%m/%d %I:%M:%S %p"`, copied by the NAS code after it): "05/31 03:17:18 PM train 000 ..."
_MONTH_DAY_MERIDIEM = re.compile(r"^(?P<mo>\d{2})/(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) (?P<m>[AP])M ")


# tensorpack's logger (`[%(asctime)s @%(filename)s:%(lineno)d]`, datefmt `%m%d %H:%M:%S`), copied
# by many research codebases: "[1119 21:10:27 @base.py:219] Epoch 67 (global_step 10000) finished"
_TENSORPACK_DATE = re.compile(r"^\[(?P<mo>\d{2})(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) @")


# RecBole's logger (`%(asctime)-15s %(levelname)s  %(message)s`, datefmt `%d %b %H:%M`: to the minute):
# "17 Jul 14:49    INFO  epoch 0 training [time: 2.99s, train loss: 74.7694]"
_DAY_MONTH_MINUTE = re.compile(r"^(?P<d>\d{2}) (?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                               r"(?P<h>\d{2}):(?P<mi>\d{2}) {2,8}(?=(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) )")


# vLLM's logger (`%(levelname)s %(asctime)s [%(filename)s:%(lineno)d]`, datefmt `%m-%d %H:%M:%S`; before
# 0.7 without the bracket's opening), in RL trainers' consoles behind Ray's worker prefix:
# "INFO 03-10 22:48:08 config.py:1005] Chunked prefill is enabled ..."
_LEVEL_MONTH_DAY = re.compile(r"^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<mo>\d{2})-(?P<d>\d{2}) "
                              r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:\.(?P<frac>\d{1,9}))? (?=\[?[\w.\-]{1,255}:\d{1,7}\])")


# Python logging's `datefmt='%m-%d %H:%M:%S'` at the line's start, before its level or logger (PyG scripts:
# "09-02 20:39:12 - INFO - __main__ - Epoch: 0, Loss: 1.60"), bracketed or not, to the millisecond or not
_MONTH_DAY_DASH = re.compile(r"^\[?(?P<mo>\d{2})-(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
                             r"(?:[.,](?P<frac>\d{1,6}))?\]?(?= )")


# 3D Gaussian Splatting's train.py (`safe_state`, and its many forks) ends each line it prints with the time, day
# first: "[ITER 7000] Saving Gaussians [05/06 12:35:00]"
_DAY_MONTH_TRAILING = re.compile(r"\s\[(?P<d>\d{2})/(?P<mo>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})\]\s{0,4}$")


def _yearless_match(text: str) -> re.Match[str] | None:
    """The time at the start of a line that prints no year (`_GLOG`, `_MONTH_DAY`,
    `_MONTH_DAY_BRACKET`, `_MONTH_DAY_PLAIN`, `_MONTH_DAY_MERIDIEM`, `_TENSORPACK_DATE`, `_DAY_MONTH_MINUTE`,
    `_LEVEL_MONTH_DAY`, `_MONTH_DAY_DASH`), or at its end (`_DAY_MONTH_TRAILING`)."""
    return (_GLOG.match(text) or _MONTH_DAY.match(text) or _MONTH_DAY_BRACKET.match(text) or _MONTH_DAY_PLAIN.match(text)
            or _MONTH_DAY_MERIDIEM.match(text)
            or _TENSORPACK_DATE.match(text) or _DAY_MONTH_MINUTE.match(text) or _LEVEL_MONTH_DAY.match(text)
            or _MONTH_DAY_DASH.match(text)
            or (_DAY_MONTH_TRAILING.search(text, max(0, len(text) - 24)) if text[-1:] in "] \t" else None))


def _years_back(bodies: Sequence[str], yearless: list[int], bound_ns: int) -> list[int | None]:
    """The yearless lines' times (`_yearless_match`), their years read back from `bound_ns`, a
    time after them all: the last line's is the bound's year, or the one before where it would
    fall over ten days after the bound; each line before takes the year of the line after it, or
    the one before where its date would fall over a day after that line's (a run across New Year:
    its December lines, then its January ones). One pass, from the last line."""
    out: list[int | None] = [None] * len(yearless)
    year = datetime.fromtimestamp(bound_ns / 1e9, tz=UTC).year
    later = bound_ns + 86_400 * 10**9 * 10  # (the last line's date may be up to ten days past the bound)
    for k in range(len(yearless) - 1, -1, -1):
        text = bodies[yearless[k]]
        ns = _glog_ns(text, year)
        if ns is not None and ns > later:
            year -= 1
            ns = _glog_ns(text, year)
        if ns is not None:
            out[k] = ns
            later = ns + 86_400 * 10**9
    return out


# a time of day alone at the start of a line (`_CLOCK_FIRST`), read for its fields; a 12-hour clock's with its AM/PM;
# (a logger's level before it in its brackets: PyMARL's `[%(levelname)s %(asctime)s]`, `[INFO 01:52:32] my_main ...`)
_CLOCK_TIME = re.compile(r"^(?:\[(?:INFO|DEBUG|WARNING|ERROR|CRITICAL) )?"
                         r"\[?(?P<h>[01]\d|2[0-3]):(?P<mi>[0-5]\d):(?P<s>[0-5]\d|60)(?:[.,](?P<frac>\d{1,9}))?\]?"
                         # (or a dash and the logger's name: scGPT's `%(asctime)s-%(name)s-%(levelname)s-...` with
                         # `datefmt="%H:%M:%S"`, "02:36:28-scGPT-INFO-eval_and_save: ...")
                         r"(?: ?(?P<m>[AaPp])[Mm]\b)?(?:\s|-[A-Za-z])")
_DAY_NS = 86_400 * 10**9
# a counter of the hours, minutes and seconds since a start that runs past a day (`25:13:02 | step ...`): no time of day
_ELAPSED_CLOCK = r"^\[?(?:2[4-9]|[3-9]\d|\d{3,4}):[0-5]\d:[0-5]\d"
# W&B's line at `wandb.init`, its run's folder named after the local time the run began
_WANDB_RUN_DIR = "wandb: Run data is saved locally in "
_WANDB_RUN_TIME = re.compile(r"(?<=^wandb: Run data is saved locally in )\S{0,2000}?[/\\]run-(?P<y>\d{4})(?P<mo>\d\d)(?P<d>\d\d)_"
                             r"(?P<h>\d\d)(?P<mi>\d\d)(?P<s>\d\d)-\w{1,64}\s*$")
# ashawkey's Trainer's header as a launch opens its log (`time.strftime("%Y-%m-%d_%H-%M-%S")`, local time): "[INFO]
# Trainer: ngp | 2023-05-10_19-36-00 | cuda | fp32 | workspace" (its name, the time, the device, the precision, the
# workspace)
_TRAINER_HEADER_HINT = "] Trainer: "
TRAINER_HEADER = re.compile(r"\[INFO\] Trainer: [^|\n]{1,200} \| (?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d)_(?P<h>\d\d)-(?P<mi>\d\d)-"
                            r"(?P<s>\d\d) \| ")
# how far a time of day may go back before the next line is a new day's: lines of several processes
# interleave out of order by seconds, never by minutes
_CLOCK_BACK_NS = 5 * 60 * 10**9


def _time_of_day_ns(text: str) -> int | None:
    """The time of day a line opens with (`_CLOCK_TIME`), in ns since midnight; None where it has none."""
    match = _CLOCK_TIME.match(text)
    if match is None:
        return None
    if (hour := _hour_of_day(int(match.group("h")), match.group("m"))) is None:
        return None
    return ((hour * 60 + int(match.group("mi"))) * 60 + int(match.group("s"))) * 10**9 + int(
        (match.group("frac") or "0").ljust(9, "0")[:9])


def _hour_of_day(hour: int, half: str | None) -> int | None:
    """A clock's hour on a 24-hour day: a 12-hour clock's with its half of the day (`A`/`P`, 12 AM
    is midnight), None for an hour that clock has not; a 24-hour clock's (no half) as it is."""
    if not half:
        return hour
    return hour % 12 + (12 if half in "Pp" else 0) if 1 <= hour <= 12 else None


def _next_on_clock(latest: int, own: int) -> int:
    """A time of day (`own`, ns since midnight) on the earliest day that puts it no more than
    `_CLOCK_BACK_NS` before `latest`: past midnight where the clock goes back, the day before where a
    line printed late by another process comes after one past midnight."""
    day = latest - latest % _DAY_NS
    return next(day + k * _DAY_NS + own for k in (-1, 0, 1, 2) if day + k * _DAY_NS + own >= latest - _CLOCK_BACK_NS)


def _days_back(bodies: Sequence[str], clocked: list[int], bound_ns: int) -> list[int | None]:
    """The times of the lines that open with a time of day alone (`_CLOCK_TIME`): one pass forward
    places each line after the latest so far (`_next_on_clock`), then the last line is placed on the
    day of `bound_ns`, a time after them all, or the day before where it would fall after it."""
    offsets: list[int | None] = []
    latest: int | None = None
    for i in clocked:
        ns = _time_of_day_ns(bodies[i])
        if ns is not None and latest is not None:
            ns = _next_on_clock(latest, ns)
        if ns is not None:
            latest = ns if latest is None else max(latest, ns)
        offsets.append(ns)
    last = next((ns for ns in reversed(offsets) if ns is not None), None)
    if last is None:
        return offsets
    end = bound_ns - bound_ns % _DAY_NS + last % _DAY_NS
    if end > bound_ns:
        end -= _DAY_NS
    base = end - last
    return [None if ns is None else base + ns for ns in offsets]


def _days_near(bodies: Sequence[str], clocked: list[int], dated: list[int], times: list[int | None],
               local_ns: int) -> list[int | None]:
    """The times of the lines that open with a time of day alone, in a file whose other lines name
    their date: in line order, each after the latest time since the last dated line (that line's, or a
    clock line's placed after it: `_next_on_clock`); those before the first dated line on the day that
    puts them nearest it. A line a prefix dated
    already keeps its time; the clock is the naive lines' (`local_ns` their file's UTC offset)."""
    out: list[int | None] = []
    latest: int | None = None
    d = 0
    for i in clocked:
        while d < len(dated) and dated[d] < i:
            if (ns := times[dated[d]]) is not None:
                latest = ns  # (a dated line's own time: the clock lines after it count from it)
            d += 1
        own = _time_of_day_ns(bodies[i])
        if own is None or times[i] is not None:
            out.append(None)
            continue
        own -= local_ns
        if latest is None:
            near = times[dated[d]] if d < len(dated) else None
            if near is None:
                out.append(None)
                continue
            day = near - near % _DAY_NS
            out.append(min((day + k * _DAY_NS + own for k in (-1, 0, 1)), key=lambda c: abs(c - near)))
            continue
        placed = _next_on_clock(latest, own)
        latest = max(latest, placed)
        out.append(placed)
    return out


def _glog_ns(text: str, year: int) -> int | None:
    """The line's yearless time (`_yearless_match`) in `year`; None where it has none or names
    no day of that year."""
    match = _yearless_match(text)
    if not match:
        return None
    g = match.groupdict()
    try:
        month = _MONTHS[g["mon"]] if g.get("mon") else int(g["mo"] or g["m1"]) if "m1" in g else int(g["mo"])
        if (hour := _hour_of_day(int(g["h"]), g.get("m"))) is None:
            return None
        moment = datetime(year, month, int(g["d"]), hour, int(g["mi"]), int(g.get("s") or 0), tzinfo=UTC)
    except ValueError:
        return None
    return int(moment.timestamp()) * 1_000_000_000 + int((g.get("frac") or "0").ljust(9, "0")[:9])


# A line's date starts within its first 80 characters (after a prefix: a level, a logger's name,
# a progress bar the line was glued to, "... 1.17it/s]2024-04-03 09:39:54,427 - ..."); it may end
# past them: the longest, a date, time, nanoseconds and zone, is 35 characters.
# A line opening with the time as `date` prints it in the C locale (`Mon Nov  5 10:30:59 PST 2018: Job 31182239
# starting on sh-06-34`, a job script's `echo "$(date): ..."`) or as `time.ctime()` does (`Wed Dec 21 00:12:27
# 2022 ...`): a zone named by its abbreviation (PST, CET: not one offset the world over) is read as the
# file's naive times are, a numeric one or UTC/GMT as such
_WEEKDAYS = frozenset(("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"))
# (and where the locale writes the day before the month, en_GB's: a job script's `echo "Job started at $(date)"` on a
# British cluster, `Job started at Mon 30 Jun 18:17:55 BST 2025`, `Tue  1 Jul 11:00:04 BST 2025`)
_CTIME_LEADING = re.compile(
    r"\[?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:(?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}(?P<d>\d{1,2})"
    r"| ?(?P<d2>\d{1,2}) (?P<mon2>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)) "
    r"(?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)(?:\.(?P<frac>\d{1,9}))?(?: (?:UTC|GMT|(?P<tz>[+-]\d{4})|[A-Z]{2,5}))? (?P<y>\d{4})\b")
# Python logging's date as RFC 2822 writes it (`datefmt='%a, %d %b %Y %H:%M:%S'`, the logging cookbook's, which many
# scripts copy: `Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO ...`), and an e-mail's `Date:` with
# its zone; and without its comma (`datefmt='%a %d %b %Y %H:%M:%S'`, RecBole's logger: `Fri 15 May 2026 18:49:30 INFO
# epoch 0 training [time: 731.33s, train loss: 7172.8819]`)
_RFC2822_LEADING = re.compile(
    r"\[?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? (?P<d>\d{1,2}) (?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
    r"(?P<y>\d{4}) (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)(?:[.,](?P<frac>\d{1,9}))?(?: (?:UTC|GMT|(?P<tz>[+-]\d{4})))?\b")
# (or after a few words: a job script's `echo "Job started on $(date)"`, a SLURM prolog's `Job started on
# Thu Jan  8 15:06:16 GMT 2026`)
# (or in parentheses: pix2pix's and CycleGAN's Visualizer as each launch opens its loss log, `time.strftime("%c")`:
# `================ Training Loss (Thu Sep  1 21:31:13 2022) ================`)
# MindSpore's logger, its date and time joined by a dash right after its process field: `[WARNING]
# ME(735:139656560391808,MainProcess):2022-12-20-14:46:24.718.205 [mindspore/train/model.py:1078] ...` (the
# milliseconds, then the microseconds); nowhere else (a folder named `2022-12-20-14:46:24` is no line's date)
_MINDSPORE_STAMP = re.compile(r"\):(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})-(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
                              r"\.(?P<frac>\d{3})(?:\.(?P<us>\d{3}))?\b")
_MINDSPORE_HINT = r"\):\d{4}-\d{2}-\d{2}-\d{2}:"  # (such a line is Python's to read: its stamp before a date in its message)
_CTIME_AFTER = re.compile(r"(?<=[\s(])" + _CTIME_LEADING.pattern.removeprefix(r"\[?"))
# Python logging's date with its month's name between the year and the day (`datefmt="%Y-%b-%d %H:%M:%S"`: "[2025-Mar-13
# 13:56:50] INFO: ...") or after the day (`%d-%b-%Y %H:%M:%S`: "13-Mar-2025 13:56:50")
_NAMED_MONTH = re.compile(
    rf"(?<![\w-])(?:(?P<y>\d{{4}})-(?P<mon>{_MONTH_NAMES})-(?P<d>\d{{2}})"
    rf"|(?P<d2>\d{{2}})-(?P<mon2>{_MONTH_NAMES})-(?P<y2>\d{{4}}))"
    r"[ T](?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:[.,](?P<frac>\d{1,9}))?(?P<tz>Z|[+-]\d{2}:?\d{2}| [+-]\d{4}\b)?(?![\d:])")
# (the line's own date where it opens the line: read before any other date a message holds; for polars, such a line is
# Python's to read)
_NAMED_MONTH_FIRST = re.compile(r"[\[ ]{0,2}(?=\d)")
_NAMED_MONTH_OPENS = rf"^[\[ ]{{0,2}}(?:\d{{4}}-{_MONTH_NAMES}-\d{{2}}|\d{{2}}-{_MONTH_NAMES}-\d{{4}})[ T]"
DATE_START_MAX = 80
_DATE_END_MAX = DATE_START_MAX + 35


# a date a line names as its software's (`DEEPMD INFO    source commit at:     2023-03-16 12:33:24 +0800`,
# a build's, a commit's, a kernel's): no moment of the run's
# a time of a 12-hour clock's, its half of the day after it (`04:15:41 PM`, `12:45:48pm`)
_MERIDIEM = re.compile(r" ?[AaPp][Mm]\b")
_MERIDIEM_HEAD = r"\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})? ?[AaPp][Mm]\b"
_SOFTWARE_DATE = re.compile(r"(?i:(?:commit|built|build|compiled)(?: at| on| date| time)?):\s{0,40}\d{4}-\d\d-\d\d"
                            # a time to come the line names, no clock's (SpikingJelly's examples' estimate of their end:
                            # `escape time = 2022-05-25 21:31:54`; an `ETA: 2024-...`)
                            r"|(?i:\b(?:escape time|eta|estimated (?:finish|end|completion)(?: time)?))"
                            r"\s{0,4}[:=]\s{0,4}\d{4}-\d\d-\d\d"
                            # a kernel's build as `uname -v` and Python's `platform.version()` say it (AutoGluon's
                            # System Info: `Platform Version:   #1 SMP Wed Sep 15 17:27:09 CST 2021`)
                            r"|#\d{1,6}\S{0,40} (?:SMP|PREEMPT)\b[\w ]{0,40}? (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) "
                            # (and `uname -a`'s, a job script's first line: `Linux gpu01 5.15.0-91-generic #101-Ubuntu SMP
                            # Tue Nov 14 13:30:08 UTC 2023 x86_64 ...`; macOS's: `Darwin Kernel Version 21.6.0: Mon Feb 19
                            # 20:24:34 PST 2024; root:xnu-...`)
                            r"|\bDarwin Kernel Version [\d.]{1,20}: ")


def _month_day(match: re.Match[str]) -> dict[str, Any]:
    """A `date`-like match's fields, its month's number and its day in either order (`_CTIME_LEADING`)."""
    fields = match.groupdict()
    if fields.get("mon") is None and fields.get("mon2") is not None:
        fields.update(mon=fields["mon2"], d=fields["d2"])
    return {**fields, "mo": _MONTHS[fields["mon"]]}


def _leading(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """`pattern`'s first match in `text` where it starts within DATE_START_MAX characters (not a
    date the line names as its software's, `_SOFTWARE_DATE`)."""
    match = pattern.search(text, 0, _DATE_END_MAX)
    if match is None or match.start() >= DATE_START_MAX:
        return None
    if match.start() > 5 and (":" in (before := text[max(0, match.start() - 42):match.start()]) or "=" in before
                              or "#" in before) and (
            _SOFTWARE_DATE.search(text, max(0, match.start() - 60), match.start() + 10) is not None):
        return None
    return match


# a line opening with a time of day and no date (openpi's logger, `15:52:07.711 [I] ...`): a date
# further on is its message's (`Preserving Checkpoint[step=10000 | time=2025-11-14 09:24:02...]`)
# (not a date right after it: a console piped through `ts '[%H:%M:%S]'`, `[14:53:12] 2024-04-26 14:53:12,101 ...`)
_CLOCK_FIRST = re.compile(r"^\[?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?\]?(?:\s|-[A-Za-z])")
_CLOCK_THEN_DATE = re.compile(r"^\[?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?\]?\s{1,4}\[?\d{4}-\d{2}-\d{2}[ T]")


def _after_bar(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """`pattern`'s first match within DATE_START_MAX characters after the rate of the line's last
    progress-bar drawing: a logger's dated line glued after a bar as wide as its terminal (kohya's
    sd-scripts under rich: `steps:  50%|███...███▌   | 81/162 [07:26<07:26,  5.51s/it,
    avr_loss=0.08692026-04-03 11:43:01 INFO     epoch is incremented. ...`)."""
    rate = max(text.rfind("s/it"), text.rfind("it/s"))
    if rate < 0:
        return None
    match = pattern.search(text, rate, rate + _DATE_END_MAX)
    # (the glued line's own date, right after the bar or a logger's bracketed head, `...3.61s/it][INFO|
    # trainer.py:2329] 2024-06-01 14:49:04,894 >>`: not one in its message after a space, a scheduler's
    # `...s/it]slurmstepd: error: *** JOB 42210 ... CANCELLED AT 2022-04-14T16:17:16 ...`)
    if match is None or match.start() - rate >= DATE_START_MAX:
        return None
    if text[match.start() - 1].isspace() and text[text.rfind("]", rate, match.start()) + 1:match.start()].strip():
        return None
    return match


def parse_timestamp(text: str, day_first: bool = False) -> int | None:
    """The first ISO-like timestamp in the line (naive times are taken as UTC); failing one, a
    date with slashes (`_SLASH`), `day_first` where the file writes the day before the month; a
    line opening with `date`'s or `time.ctime()`'s time (`_CTIME_LEADING`), or RFC 2822's
    (`_RFC2822_LEADING`); a date glued after a progress bar wider than where a date is looked for
    (`_after_bar`). None for a line that opens with a time of day alone (`_CLOCK_FIRST`)."""
    if (text[2:3] == ":" or text[3:4] == ":") and _CLOCK_FIRST.match(text) is not None and (
            _CLOCK_THEN_DATE.match(text) is None):
        return None
    # (a date that names its month where the line opens: the line's, whatever date its message holds)
    if ("-" in text[2:6] and (opened := _NAMED_MONTH_FIRST.match(text)) is not None
            and (named := _NAMED_MONTH.match(text, opened.end())) is not None):
        return _named_month_ns(text, named)
    if "):" in text[:DATE_START_MAX] and (mindspore := _leading(_MINDSPORE_STAMP, text)) is not None:
        ns = _match_ns(mindspore, mindspore.group(0)[2:21], lambda: {**mindspore.groupdict(), "tz": None})
        return ns + int(mindspore.group("us")) * 1000 if ns is not None and mindspore.group("us") else ns
    match = _leading(_ISO, text)
    if not match and "%|" in text[:DATE_START_MAX] and len(text) > _DATE_END_MAX:
        match = _after_bar(_ISO, text)
    if not match:
        if text[:1] in "IWEF[" and (glog := _GLOG_YEAR.match(text)) is not None:
            return _match_ns(glog, text[glog.start("y"):glog.end("s")], glog.groupdict)
        if text[:4].lstrip("[")[:3] in _WEEKDAYS and ((ctime := _CTIME_LEADING.match(text)) is not None
                                                      or (ctime := _RFC2822_LEADING.match(text)) is not None):
            return _match_ns(ctime, ctime.group(0), lambda: _month_day(ctime))
        if (later := _leading(_CTIME_AFTER, text)) is not None:
            return _match_ns(later, later.group(0), lambda: _month_day(later))
        if (rich := _rich_time(text)) is not None:
            month_first = not day_first and int(rich.group("first")) <= 12  # (a day past 12 first: the day first)
            return _match_ns(rich, f"r{month_first:d}{rich.group(0)}", lambda: {
                **rich.groupdict(), "tz": None, "frac": None, "y": f"20{rich.group('yy')}",
                "mo": rich.group("first" if month_first else "second"), "d": rich.group("second" if month_first else "first")})
        if text[:1].isdigit() and ((packed := _DATE_PACKED.match(text)) is not None
                                   or (packed := _DATE_KAIR.match(text)) is not None):
            return _match_ns(packed, "p" + packed.group(0)[:17], lambda: {
                **packed.groupdict(), "tz": None, "y": packed.groupdict().get("y") or f"20{packed.group('yy')}"})
        if "/" in text[:_DATE_END_MAX] and (slashed := _slash_timestamp(text, day_first)) is not None:
            return slashed
        if "%|" in text[:DATE_START_MAX] and len(text) > _DATE_END_MAX and (glued := _after_bar(_SLASH, text)) is not None:
            return _slash_timestamp(text, day_first, glued)
        # (a date that names its month within the line's head, no other date before it)
        return _named_month_ns(text, named) if "-" in text[:_DATE_END_MAX] and (
            named := _leading(_NAMED_MONTH, text)) is not None else None
    # a log's lines share their seconds: each distinct second (and zone) is converted once
    key = text[match.start():match.end("s")] + (match.group("tz") or "")
    return _meridiem(text, match, _match_ns(match, key, match.groupdict))


def _named_month_ns(text: str, named: re.Match[str]) -> int | None:
    """A `_NAMED_MONTH` date's time (its zone, and its half of the day where a 12-hour clock's)."""
    return _meridiem(text, named, _match_ns(named, "n" + text[named.start():named.end("s")] + (named.group("tz") or ""),
                                            lambda: {**_month_day(named), "y": named.group("y") or named.group("y2")}))


def _meridiem(text: str, match: re.Match[str], ns: int | None) -> int | None:
    """A 12-hour clock's time (`2024-11-12 04:15:41 PM - INFO - ...`): 12 AM is midnight, 1 PM to 11 PM
    after noon; a time with no half of the day after it as it is."""
    if ns is None or (half := text[match.end():match.end() + 3].strip().upper()) not in ("AM", "PM") or (
            _MERIDIEM.match(text, match.end()) is None or not 1 <= (hour := int(match.group("h"))) <= 12):
        return ns
    return ns + ((12 if half == "PM" and hour != 12 else 0) - (12 if half == "AM" and hour == 12 else 0)) * 3_600_000_000_000


def _slash_timestamp(text: str, day_first: bool, match: re.Match[str] | None = None) -> int | None:
    """A `_SLASH` date's time: the line's leading one, or `match` (one glued after a progress bar,
    `_after_bar`: accelerate's default `%m/%d/%Y %H:%M:%S` after diffusers' `Steps:` bar)."""
    match = match or _leading(_SLASH, text)
    if not match:
        return None

    def fields() -> dict[str, Any]:
        g = match.groupdict()
        if g["y"] is None:
            day, month = (g["first"], g["second"]) if day_first else (g["second"], g["first"])
            g = {**g, "y": g["year"], "mo": month, "d": day}
        return g

    return _meridiem(text, match, _match_ns(match, f"{day_first:d}{text[match.start():match.end('s')]}{match.group('tz') or ''}",
                                            fields))


def _match_ns(match: re.Match[str], key: str, fields: Callable[[], dict[str, Any]]) -> int | None:
    """A timestamp match's time in ns: its second from the cache under `key` (computed from
    `fields()` once), plus its fraction."""
    ns = _SECONDS.get(key, -1)
    if ns == -1:
        ns = _SECONDS[key] = _second_ns(fields())
        if len(_SECONDS) > 100_000:
            _SECONDS.clear()
    if ns is None:
        return None
    frac = match.group("frac")
    return ns + int(frac.ljust(9, "0")[:9]) if frac else ns


def day_first(texts: Iterable[str]) -> bool:
    """Whether the `first/second/year` dates among these lines write the day first: one whose
    first field is over 12 (no month) says so (rich's `[13/07/24 00:00:00]` too); where none is past 12
    in either field, the field that changes more often from one date to the next is the day (a
    job's days go by before its months: rich's `[03/07/24 14:42:40]` ... `[05/07/24 02:38:10]`, the
    3rd to the 5th of July), the month first where neither does."""
    changes = [0, 0]  # how often the first field, the second, changed from the date before
    last: tuple[str, str] | None = None
    for text in texts:
        if "/" not in text[:_RICH_GLUED_MAX] and text[3:4] != ".":  # (and rich's form with dots, `_RICH_TIME`)
            continue
        m = _leading(_SLASH, text) if "/" in text[:_DATE_END_MAX] else None
        pair = ((m.group("first"), m.group("second")) if m is not None and m.group("first") is not None
                else (rich.group("first"), rich.group("second")) if (rich := _rich_time(text)) is not None else None)
        if pair is None:
            continue
        if int(pair[0]) > 12:
            return True
        if int(pair[1]) > 12:
            changes[1] += 1 << 20  # (a day past 12 second: the month first, whatever the changes)
        if last is not None:
            changes[0] += pair[0] != last[0]
            changes[1] += pair[1] != last[1]
        last = pair
    return changes[0] > changes[1]


_SECONDS: dict[str, int | None] = {}  # a date to the second (and zone) as written -> its ns since the epoch (None: no date)


def _second_ns(g: dict[str, Any]) -> int | None:
    try:
        moment = datetime(int(g["y"]), int(g["mo"]), int(g["d"]), int(g["h"]), int(g["mi"]), int(g["s"]), tzinfo=UTC)
    except (ValueError, OverflowError):
        return None
    ns = int(moment.timestamp()) * 1_000_000_000
    tz = g["tz"].lstrip() if g["tz"] else None
    if tz and tz != "Z":
        sign = 1 if tz[0] == "+" else -1
        digits = tz[1:].replace(":", "")
        if int(digits[:2]) <= 14 and int(digits[2:]) < 60:  # (no offset: `+9999`)
            ns -= sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60) * 1_000_000_000
    return ns


def iter_numbers(text: str) -> Iterator[tuple[str, float]]:
    """`key value`, `key=value` and `key: value` pairs with numeric values (1,234.5 included); a
    dict's quoted key and value too (`'loss': '5.4'`); a loss's name and value as two fields of a
    comma-separated line (`_LOSS_FIELD_PAIR`)."""
    named_loss = False
    for match in _KEY_VALUE.finditer(text):
        try:
            key = match.group("key").lower()
            yield key, float(match.group("value").replace(",", ""))
        except ValueError:
            continue
        named_loss = named_loss or "loss" in key
    if not named_loss and "oss" in text and ", " in text:  # (only where no loss came as a pair above)
        for match in _LOSS_FIELD_PAIR.finditer(text):
            yield match.group("key").lower(), float(match.group("value"))


# a loss's name and its value as two fields of a comma-separated line (howdrox/MRI-Analysis's `epoch 1, phase train,
# step 10, loss_train, 0.838`): a field that names a loss, then one that is a number alone
_LOSS_FIELD_PAIR = re.compile(r"(?:^|, )(?P<key>(?=[A-Za-z_])\w{0,40}?[Ll]oss\w{0,40}), (?P<value>[-+]?\d{1,20}(?:\.\d{1,20})?"
                              r"(?:[eE][-+]?\d{1,3})?)(?=,|\s*$)")
_KEY_VALUE = re.compile(
    # (a dict's quoted key, and its value quoted too: PaddleDetection's `'loss': '5.409677'`, a script's `{'loss': 0.52}`)
    # (and PaddlePaddle's tutorials' `loss is: 2.504774796962738, acc is: 0.07`, its verb before the colon)
    # (a name may carry its unit in brackets, as torchtitan names its metrics, `end_to_end(s)=7.281267`)
    r"(?<![\w/.])(?P<key>[A-Za-z_][\w/.]*+(?:\([a-z%]{1,5}\))?)['\"]?(?: is(?=:))?(?:\s*[:=]\s*|\s+)['\"]?"
    # (a NumPy 2 scalar's repr, as verl prints its metrics: `actor/pg_loss:np.float64(-0.0011657940221994068)`)
    r"(?:np\.(?:float|u?int)(?:16|32|64)\()?"
    # (a sentence's full stop after the value is no part of it: `Train loss: 0.3334. Valid loss: 0.3517`)
    r"(?P<value>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?)(?!\w|\.\w|,\d)"
)


# ---------------------------------------------------------------- progress bars as clocks

@dataclass(frozen=True)
class BarReading:
    """One drawing of a progress bar: `n` done (of `total` when the bar knows it), `elapsed_s`
    whole seconds since the bar started, and the seconds per item the bar shows (its rate)."""

    n: int
    total: int | None
    elapsed_s: int
    seconds_per_item: float | None
    start: int  # where the reading starts and ends in the line
    end: int
    # half a unit of the rate's last printed digit, in seconds per item (tqdm prints 2 decimals)
    rate_error: float = 0.0
    unit: str = ""  # the item its rate counts (`it` for `2.19it/s` and `1.21s/it`, `examples`), "" with no rate


# tqdm: " 2%|▏   | 18/1136 [00:08<08:31,  2.19it/s]", an iterable with no length
# "10000it [25:24,  6.56it/s]", a custom unit "37batch [00:02, 15.1batch/s]", "s/it" when slow,
# "[1:02:03<?, ?it/s]" before the first rate; rate scaled "1.2kit/s". The elapsed time is
# followed by the time left or the rate (or the line's end, where it was cut): a bracketed
# clock time after a date ("07/26 [22:43:08]", Python logging's `%m/%d [%H:%M:%S]`) or a PCI
# address after a number ("5 [0000:85:00]", NCCL's) is no reading.
_TQDM = re.compile(
    r"(?P<n>\d{1,15})(?:/(?:(?P<total>\d{1,15})|\?)|[A-Za-z]{0,20}) \["
    r"(?:(?P<h>\d{1,6}):)?(?P<m>\d{2}):(?P<s>\d{2})(?=[<,]|$)(?:<(?:\?|(?:\d{1,6}:)?\d{2}:\d{2}))?"
    r"(?:,\s{0,8}(?:(?:\?|(?P<rate>\d{1,12}(?:\.\d{1,20})?)(?P<scale>[kMGT]?))(?P<unit>[A-Za-z]{0,20}/s|s/[A-Za-z]{1,20})"
    # (a unit with a space before it, the `datasets` library's `126.32 examples/s`, `? examples/s`,
    # `1.67s/ examples`: its items named, no step's rate)
    r"|(?:\d{1,12}(?:\.\d{1,20})?[kMGT]?|\?) (?P<spaced>[A-Za-z]{1,20})/s|\d{1,12}(?:\.\d{1,20})?s/ (?P<slow>[A-Za-z]{1,20})))?"
)
# rich (Lightning's RichProgressBar): "193/193 0:08:27 • 0:00:00 0.40it/s"
_RICH = re.compile(
    r"(?P<n>\d{1,15})/(?P<total>\d{1,15}) (?P<h>\d{1,6}):(?P<m>\d{2}):(?P<s>\d{2}) • (?:-:--:--|\d{1,6}:\d{2}:\d{2})"
    r"(?: (?P<rate>\d{1,12}(?:\.\d{1,20})?)(?P<scale>[kMGT]?)(?P<unit>[A-Za-z]{0,20}/s|s/[A-Za-z]{0,20}))?"
)
_TQDM_ELAPSED = re.compile(r" \[(?:\d{1,6}:)?\d{2}:\d{2}")  # in every tqdm reading
_SCALE = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


def postfix_loss(text: str, reading: BarReading) -> float | None:
    """The loss a bar's postfix shows after its rate (diffusers' scripts' `Steps:  96%|...| 241/250
    [04:53<00:10,  1.22s/it, loss=0.577, lr=0.0004]`, kohya's sd-scripts' running mean `avr_loss=0.0725`,
    3D Gaussian Splatting's `Loss=0.0299219`): the step's own, as the loop set it."""
    if "oss=" not in text[reading.end:reading.end + 200]:
        return None
    close = text.find("]", reading.end, reading.end + 400)
    # (up to and with the bracket: the loss may be the postfix's last item)
    found = _POSTFIX_LOSS.search(text, reading.end, close + 1 if close >= 0 else reading.end + 400)
    return float(found.group("v")) if found is not None else None


# (`nan` where the run diverged; diffusers' text-to-image script names it `step_loss`)
_POSTFIX_LOSS = re.compile(r", (?:step_|avr_)?[Ll]oss=(?P<v>[-+]?\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,4})?|nan|[-+]?inf)"
                           r"(?=[,\]])")


def bar_readings(text: str) -> list[BarReading]:
    """Every progress-bar reading in a line (a line can hold several redraws glued together)."""
    return list(_bar_readings(text))


# Before its " [" a tqdm reading holds at most "<15 digits>/<15 digits>" or "<15 digits><20 letters>",
# after it at most ~90 characters (elapsed, remaining, rate and unit, each bounded).
_TQDM_BEFORE, _TQDM_AFTER = 36, 160


def _tqdm_matches(text: str) -> Iterator[re.Match[str]]:
    """_TQDM.finditer(text), the same matches, tried only around each " [mm:ss" (a literal the
    engine finds at memory speed): the full pattern at every digit of a long line of numbers
    cost 1.5 s a 3 MB line."""
    done = 0  # end of the last match: matches do not overlap
    for elapsed in _TQDM_ELAPSED.finditer(text):
        at = elapsed.start()
        if at < done:
            continue
        m = _TQDM.search(text, max(done, at - _TQDM_BEFORE), at + _TQDM_AFTER)
        if m is not None and m.start() <= at < m.end():
            done = m.end()
            yield m


@lru_cache(maxsize=8)  # a parser asks for a line's readings in more than one pass: a long line is read once
def _bar_readings(text: str) -> tuple[BarReading, ...]:
    # what each form needs, looked for first (most lines with a bracket are no bar): tqdm's
    # " [mm:ss" (a literal opening that the regex engine finds fast, where the full pattern is
    # tried at every digit), rich's " • "
    tqdm = " [" in text and _TQDM_ELAPSED.search(text) is not None
    rich = " • " in text
    if not tqdm and not rich:
        return ()
    out = []
    for pattern in ((_TQDM,) if tqdm else ()) + ((_RICH,) if rich else ()):
        for m in (_tqdm_matches(text) if pattern is _TQDM else pattern.finditer(text)):
            rate = seconds_per_item = None
            rate_error = 0.0
            item = (m.group("spaced") or m.group("slow") or "") if pattern is _TQDM else ""
            if m.group("rate"):
                printed = m.group("rate")
                scale = _SCALE[m.group("scale")]
                rate = float(printed) * scale
                half = 0.5 * 10.0 ** -(len(printed) - printed.index(".") - 1 if "." in printed else 0) * scale
                unit = m.group("unit")
                item = unit[2:] if unit.startswith("s/") else unit[:-2]
                if rate > 0:
                    seconds_per_item = rate if unit.startswith("s/") else 1.0 / rate
                    rate_error = half if unit.startswith("s/") else half / rate**2
            elapsed = int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + int(m.group("s"))
            total = int(m.group("total")) if m.group("total") else None
            out.append(BarReading(int(m.group("n")), total, elapsed, seconds_per_item, m.start(), m.end(), rate_error, item))
    out.sort(key=lambda r: r.start)
    return tuple(out)


def refine_bar_elapsed(points: list[tuple[int, int]], window: int = 4,
                       rates: list[float | None] | None = None, mean_rate: bool = False) -> list[float]:
    """Sub-second times for a progress bar's readings.

    tqdm prints the time since the bar started truncated to whole seconds, so a reading of
    `e` means the step ended in [e, e + 1). Where the bar's rate is its mean since the start
    (`mean_rate`, see `rate_is_mean`), step x seconds per step is that time to the rate's
    precision. Else steps of a run are regular, so a straight line
    through the neighbouring readings (step -> e + 0.5, `window` readings either side) places
    each step within that second. Where the neighbours all show the same second (a fast run: a
    dozen steps in one second), the bar's rate places it instead: step x seconds per step. The
    estimate is kept inside its own reading's second and never before the previous step's.
    `points` are (step, whole seconds) in log order, `rates` the seconds per step each reading
    shows (or None); the result is seconds since the bar started, one per point.
    """
    refined: list[float] = []
    for i, (step, elapsed) in enumerate(points):
        near = points[max(0, i - window): i + window + 1]
        xs = [float(s) for s, _ in near]
        ys = [e + 0.5 for _, e in near]
        mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
        spread = sum((x - mean_x) ** 2 for x in xs)
        rate = rates[i] if rates is not None else None
        if mean_rate and rate is not None:
            estimate = step * rate
        elif len(near) >= 3 and spread > 0 and len(set(ys)) > 1:
            slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
            estimate = mean_y + slope * (step - mean_x)
        elif rate is not None:
            estimate = step * rate
        elif step == 0:
            estimate = 0.0  # the bar's first drawing, at its start
        else:
            estimate = elapsed + 0.5
        estimate = min(max(estimate, float(elapsed)), elapsed + 0.999)
        if refined:
            estimate = max(estimate, refined[-1])
        refined.append(estimate)
    return refined


def anchor_bar(header_ns: int | None, readings: list[tuple[int, int]], refined: dict[int, float],
               dated: list[tuple[int, int]], *, after_beats_before: bool = False) -> int | None:
    """When a progress bar started, from the dated lines printed among its readings.

    The bar starts after its header line (`header_ns`: the training header, else the last
    dated line before its first reading; None when there is none). A dated line at T printed
    after a reading of e whole seconds and before one of e' seconds bounds the start to
    (T - e' - 1, T - e]. Within those bounds the start is T - (the refined time of the reading
    before T) for the dated line printed closest after a step's end (a checkpoint save follows
    its step at once), among lines with readings at most 2 s apart on both sides (a line after
    the bar's last reading, e.g. after a crash, may come long after any step); with none, the
    header's time; with no header either, the latest start the lines after the bar allow (the
    first line after the last reading taken to follow that step at once), else the latest start
    any dated line after a reading allows; None when no dated line says anything. With
    `after_beats_before` (a bar run to its end whose `header_ns` is no header, only a line logged
    before it: a launcher's failure report, then a relaunched process's start-up), the first line
    after its last reading beats that line (a process's exit warning follows the end of training
    at once; its start-up took an unknown time). `readings` are
    the bar's (step, whole seconds) in print order, `refined` the refined seconds per step,
    `dated` (readings printed before the line, T in ns). The readings and the dated lines must
    come from one stream (tqdm and logging both write to stderr; print() goes elsewhere).
    """
    low, high = header_ns, None
    soft: int | None = None
    estimate = None
    after_last = None
    for before, ts_ns in dated:
        bracketed = 1 <= before < len(readings) and readings[before][1] - readings[before - 1][1] <= 2
        if before >= 1:
            step, elapsed = readings[before - 1]
            bound = ts_ns - elapsed * 10**9
            high = bound if high is None else min(high, bound)
            if step in refined and bracketed:  # printed between two readings close in time: near a step's end
                guess = ts_ns - int(refined[step] * 1e9)
                estimate = guess if estimate is None else min(estimate, guess)
            if before == len(readings) and after_last is None and step in refined:
                after_last = ts_ns - int(refined[step] * 1e9)
        if before < len(readings):
            step, elapsed = readings[before]
            bound = ts_ns - (elapsed + 1) * 10**9 + 1
            low = bound if low is None else max(low, bound)
            if step in refined:
                # (and, where the strict bounds allow it, no earlier than puts the next reading's step, at its refined
                # time, before the line: an estimate of a second's fraction, no bound)
                soft = ts_ns - int(refined[step] * 1e9) if soft is None else max(soft, ts_ns - int(refined[step] * 1e9))
    if estimate is None and after_beats_before and after_last is not None:
        estimate = after_last
    if header_ns is None and estimate is None:
        # no header and no line close to a step's end: the first line after the last reading, else
        # the latest start any line allows (a dated line printed after a reading is taken to follow
        # it at once). A file's own dates always beat its modification time.
        estimate = after_last if after_last is not None else high
    if high is not None and low is not None and low > high:
        return header_ns
    if estimate is None:
        # (the header's time, but no earlier than the lines among the readings allow: a model's load
        # between the header and the bar, the ranks' warnings at its first step saying when it began)
        estimate = header_ns
    if estimate is None:
        return None
    if low is not None:
        estimate = max(estimate, low)
    if soft is not None:
        estimate = max(estimate, soft if high is None else min(soft, high))
    return min(estimate, high) if high is not None else estimate


def rate_is_mean(readings: Iterable[BarReading]) -> bool:
    """Whether a bar's rate is its mean since it started, at every reading that shows one.

    tqdm with `smoothing=0` (Lightning's training bar) prints n / t, t the unrounded time whose
    whole seconds it prints as elapsed: n x seconds per item then falls within that second, to
    the rate's printed precision. tqdm's default moving average (HF Trainer's bar) and rich's
    speed column follow the recent steps, and leave it at the first step slower or faster than
    the mean. A bar whose readings all fall within their first second passes either way: the
    two are then alike."""
    shown = False
    for r in readings:
        if r.seconds_per_item is None or r.n <= 0:
            continue
        slack = r.n * r.rate_error + 1e-9
        if not r.elapsed_s - slack <= r.n * r.seconds_per_item < r.elapsed_s + 1 + slack:
            return False
        shown = True
    return shown


def span_mean(seconds: dict[int, float], resolution: dict[int, float], reading: BarReading,
              base: BarReading | None, limit: float = 0.1) -> float | None:
    """The mean seconds per step between an earlier reading `base` (None: the bar's start, step
    0) and `reading`, from the bar's own clock (`seconds`: refined seconds since the start by
    step; `resolution`: how far each may be off), where that clock can tell it: the two
    readings' uncertainty spread over the steps between them at most `limit` of the mean. A
    bar over 614 steps in 23:53 says 2.33 s a step; one step in the same second says nothing."""
    base_n, base_s, base_error = (base.n, seconds.get(base.n), resolution.get(base.n, 1.0)) if base is not None else (0, 0.0, 0.0)
    end_s = seconds.get(reading.n)
    if base_s is None or end_s is None or reading.n <= base_n:
        return None
    steps = reading.n - base_n
    mean = (end_s - base_s) / steps
    error = (resolution.get(reading.n, 1.0) + base_error) / steps
    return mean if mean > 0 and error <= limit * mean else None


RATE_BAND = 1.5  # how far a bar's rate may stand from its clock's seconds a step, either way


def rate_agrees(seconds: dict[int, float], reading: BarReading, base: BarReading | None) -> float | None:
    """The seconds per step a reading's rate shows, when the bar's own clock agrees with it.

    tqdm's rate is a moving average that a jump throws off for many readings (a resumed run's
    bar starts at the checkpoint's step: the first update counts every restored step as done at
    once), so it is checked against the clock's own seconds per step since an earlier reading
    `base` (None: the bar's start, step 0): within half again either way, over at least two
    whole seconds of the bar's clock (its resolution). `seconds` are the refined seconds since
    the bar started, by step."""
    rate = reading.seconds_per_item
    if rate is None or reading.n not in seconds:
        return None
    base_n, base_elapsed, base_s = (base.n, base.elapsed_s, seconds.get(base.n)) if base is not None else (0, 0, 0.0)
    if base_s is None or reading.n <= base_n or reading.elapsed_s - base_elapsed < 2:
        return None
    measured = (seconds[reading.n] - base_s) / (reading.n - base_n)
    return rate if measured / RATE_BAND <= rate <= measured * RATE_BAND else None


def clock_held_rate(rate: float | None, reading: BarReading, before: tuple[int, int] | None,
                    since: tuple[int, int] | None = None) -> float | None:
    """A bar's rate as a step's time, unless the bar's clock since its previous new count
    `before` (count, elapsed seconds) says the rate is still held up by an earlier, longer step:
    tqdm's rate is a moving average, which a long first step (a start-up, a compilation) keeps
    high for many readings (torchtune's `2/1367 [05:03<..., 131.58s/it]` 39 s after `1/1367
    [04:24<..., 264.86s/it]`). Where the rate is over half again the clock's seconds a step (to
    its whole second), those seconds are the step's time, or none under two seconds. A rate under
    the clock's is kept (a pause between two readings, an evaluation's, is no step's time), as is
    the first reading of a bar, or of a new one (its count or clock back). Where `since` (count, elapsed
    seconds) is the bar's first reading and its clock has run `RATE_SPAN_S` or more since then, the rate is held up
    too where it stands over `RATE_LAG_BAND` times the clock's seconds a step since then (to its whole second), after
    a start whose first reading's steps took over twice as long: a slow start's stall weighs on tqdm's average for a
    dozen readings after it (R2-Gaussian's `40/100 [00:23<00:24,
    2.40it/s]`, 0.42 s a step, 16 s after a 17 s start, its clock 2 s for every 10 steps)."""
    if rate is None or before is None or reading.n <= before[0] or reading.elapsed_s < before[1]:
        return rate
    steps, elapsed = reading.n - before[0], reading.elapsed_s - before[1]
    held = rate > (elapsed + 1) / steps * RATE_BAND
    if (not held and since is not None and since[0] > 0 and reading.n > since[0] and since[0] < before[0]
            and (span := reading.elapsed_s - since[1]) >= RATE_SPAN_S):
        mean = (span + 1) / (reading.n - since[0])
        # (only after a slow start, the first reading's steps over twice as slow as those since: a run slowing down
        # later moves the rate ahead of the clock's mean as it should)
        held = since[1] / since[0] > 2 * mean and rate > mean * RATE_LAG_BAND
    if not held:
        return rate
    return elapsed / steps if elapsed >= 2 else None


RATE_SPAN_S = 6  # the bar's clock since its first reading over which a lagging rate is told (a second's rounding a sixth)
RATE_LAG_BAND = 1.25  # how far over that clock's seconds a step the rate may stand


def file_mtime_ns(path: Path) -> int | None:
    """When the file was last written: the last clock left to a log with no dated line."""
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


MTIME_SLACK_S = 86_400  # the most a file's last write may follow its run's last dated line and its bars' time


def mtime_if_run_end(mtime_ns: int | None, lines: Sequence[Line], span_s: float) -> int | None:
    """The file's mtime as its bars' end, unless its own dated lines (not dates whose year is the mtime's)
    say the run was long over by then: the last of them, plus the bars' `span_s`, plus a day, before it
    (a copy written years later: a 2022 run's console saved in 2026 is no run of 2026)."""
    if mtime_ns is None:
        return None
    if years_guessed(lines):
        return mtime_ns
    last = max((line.ts_ns for line in lines if line.ts_ns is not None), default=None)
    if last is not None and mtime_ns > last + int((span_s + MTIME_SLACK_S) * 1e9):
        return None
    return mtime_ns
