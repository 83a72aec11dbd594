"""nccl-tests output (all_reduce_perf, all_gather_perf, alltoall_perf, ...), every format era:

- NCCL 1.x tests: `bytes N type op time algbw busbw res` (time in ms, `res` = max error);
- 2019-2022: `size count type redop time algbw busbw error` (time in us), redop empty for alltoall;
- 2022 onwards: `size count type redop root time algbw busbw #wrong`.

Each row has an out-of-place and usually an in-place half; a row becomes two table rows
(`in_place` false/true). Launcher prefixes (`[1,0]<stdout>:`, `0: `, `[0] `) are taken off;
NCCL_DEBUG lines interleaved with the table, even glued into the middle of a row, go to the NCCL
tables and the row is put back together. The header gives the ranks, hosts and devices (a
header printed by every process of a non-MPI build is detected); the footer's "Avg bus
bandwidth" is kept with each run as a check.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import read_bytes
from tracelens.parsers._lines import _ANSI, strip_prefix
from tracelens.parsers._nccl import NCCL_LINE, NcclScanner
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.schemas import NCCL_TESTS

# binary name (or file name) -> op; nccl-tests names its binaries <op>_perf
OPS = {
    "all_reduce": "all_reduce", "allreduce": "all_reduce", "all_gather": "all_gather", "allgather": "all_gather",
    "reduce_scatter": "reduce_scatter", "reducescatter": "reduce_scatter", "alltoall": "all_to_all",
    "all_to_all": "all_to_all", "broadcast": "broadcast", "reduce": "reduce", "sendrecv": "sendrecv",
    "gather": "gather", "scatter": "scatter", "hypercube": "hypercube",
}
_BINARY = re.compile(r"\b(" + "|".join(sorted(OPS, key=len, reverse=True)) + r")_perf(?:_mpi)?\b")

# nccl-tests' version line names the NCCL it ran with as NCCL_VERSION_CODE (`# nccl-tests version
# 2.17.9 nccl-headers=22902 nccl-library=22902`): where no `NCCL version` line says it
_LIBRARY = re.compile(r"\bnccl-library=(\d{4,6})\b")


def _version_of(code: int) -> str:
    """NCCL_VERSION_CODE as a version: major x 10000 + minor x 100 + patch from 2.9 on (22902 is
    2.29.2), major x 1000 + minor x 100 + patch before (2708 is 2.7.8)."""
    if code >= 20900:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"
_NAME_OP = re.compile(r"(?:^|[^a-z])(" + "|".join(sorted(OPS, key=len, reverse=True)) + r")(?:[^a-z]|$)")
_THREADS = re.compile(r"^#\s*nThread\s+\d+\s+nGpus\s+\d+")
_RANK = re.compile(
    r"^#\s+Rank\s+(?P<rank>\d+)(?:\s+Group\s+\d+)?\s+Pid\s+(?P<pid>\d+)\s+on\s+(?P<host>\S+)"
    r"\s+device\s+\d+\s+\[[^\]]*\](?:\s+(?P<name>\S.*?))?\s*$"  # (rccl-tests may print no device name)
)
_COLUMNS = re.compile(r"^#\s+(?:size|bytes)\s+(?:count|N)\s+type\b(?P<rest>.*)$")
# (its `# ` dropped where a page shows the output without it: dstack's docs, `Avg bus bandwidth    : 40.6043`)
_AVG = re.compile(r"^(?:#\s*)?Avg bus bandwidth\s*:\s*(?P<v>[\d.eE+\-]+|nan|inf)", re.I)
_TYPES = ("float", "half", "double", "bfloat16", "int8", "uint8", "int32", "uint32", "int64", "uint64",
          "char", "int", "fp8_e4m3", "fp8_e5m2", "f8e4m3", "f8e5m2", "float8e4m3", "float8e5m2")
_ROW_START = re.compile(r"^\s*\d+\s+\d+\s+(?:" + "|".join(_TYPES) + r")\b")
_VALUE = re.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$|^N/A$|^nan$|^-?inf$", re.I)



@dataclass
class _Run:
    """One result table and the header above it."""

    index: int
    op: str | None = None
    time_unit_ms: bool = False  # NCCL 1.x tests print milliseconds
    ranks: dict[int, tuple[str, str | None]] = field(default_factory=dict)  # rank -> (host, device name)
    rank_lines: int = 0
    headers: int = 0  # "# nThread" lines: more than one with the same ranks = independent 1-rank jobs
    rows: list[dict[str, Any]] = field(default_factory=list)
    avg_busbw: float | None = None


class NcclTestsParser(Parser):
    name = "nccl_tests"
    kind = "nccl_tests"
    tables = ("nccl_tests", "nccl_comms", "nccl_warnings", "nccl_calls")

    def detect(self, path: Path, head: bytes) -> Claim:
        text = _ANSI.sub("", head.decode("utf-8", "replace"))
        rows = nccl_lines = 0
        for raw in text.splitlines()[:2000]:
            _, body = strip_prefix(raw)
            if _COLUMNS.match(body.strip()) or _THREADS.match(body.strip()):
                return Claim.CONTENT
            if _ROW_START.match(body) and len(body.split()) >= 5:
                rows += 1
            elif NCCL_LINE.search(body):
                nccl_lines += 1
        # two table rows, or one cut short by the NCCL lines printed into it
        return Claim.CONTENT if rows >= 2 or (rows and nccl_lines) else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        if not data.strip():
            raise ParseError(str(path), "empty file")
        text = data.decode("utf-8", "replace")
        nccl = NcclScanner()
        warnings: list[str] = [warning] if warning else []
        file_op = _op_from_name(path.name)
        runs: list[_Run] = [_Run(0)]
        pending: list[str] = []  # tokens of a row cut by an interleaved line
        pending_line = 0
        binary_op: str | None = None
        unparsed = 0
        nonfinite = 0
        library: str | None = None  # the version the header's `nccl-library=` code names
        for number, physical in enumerate(text.splitlines(), start=1):
            clean = _ANSI.sub("", physical)
            for segment in _segments(clean):
                rank, body = strip_prefix(segment)
                if nccl.feed(number, body, rank):  # also reads version lines and wrapped warnings
                    continue
                stripped = body.strip()
                if not stripped:
                    continue
                run = runs[-1]
                if library is None and "nccl-library=" in stripped and (code := _LIBRARY.search(stripped)) is not None:
                    library = _version_of(int(code.group(1)))
                if (b := _BINARY.search(stripped)) is not None:
                    binary_op = OPS[b.group(1)]
                if _THREADS.match(stripped):
                    if run.rows:  # a new test in the same file
                        run = _Run(len(runs))
                        runs.append(run)
                    run.headers += 1
                    continue
                if (r := _RANK.match(stripped)) is not None:
                    run.rank_lines += 1
                    run.ranks[int(r.group("rank"))] = (r.group("host"), r.group("name"))
                    continue
                if _COLUMNS.match(stripped) is not None:
                    if run.rows:
                        run = _Run(len(runs), ranks=dict(run.ranks))
                        runs.append(run)
                    run.time_unit_ms = stripped.split()[1] == "bytes"
                    pending = []
                    continue
                if (a := _AVG.match(stripped)) is not None:
                    run.avg_busbw = to_float(a.group("v"))
                    continue
                if stripped.startswith("#"):
                    continue
                tokens = stripped.split()
                if _ROW_START.match(stripped):
                    if pending:
                        unparsed += 1
                    pending, pending_line = tokens, number
                elif pending and all(_VALUE.match(t) for t in tokens):
                    pending = pending + tokens  # the rest of a row an NCCL line cut in two
                else:
                    continue
                row = _row(pending, run.time_unit_ms)
                if row is not None:
                    nonfinite += sum(1 for t in pending[3:] if t.lower().lstrip("+-") in ("nan", "inf"))
                    run.op = run.op or binary_op
                    for half in row:
                        half["line"] = pending_line
                        run.rows.append(half)
                    pending = []
        if pending:
            unparsed += 1
        if nonfinite:
            warnings.append(f"{nonfinite} values printed as nan or inf left empty")
        out: list[dict[str, Any]] = []
        for run in runs:
            if run.headers > 1 and run.ranks and run.rank_lines > len(run.ranks):
                warnings.append(
                    f"run {run.index}: the header was printed {run.headers} times, listing the same "
                    f"{len(run.ranks)} rank(s) each time: the processes ran as independent {len(run.ranks)}-rank "
                    "tests (nccl-tests built without MPI=1?)")
            if not run.rows:
                continue
            op = run.op or binary_op or file_op
            # the ranks the device list names, up to its highest (a list with lines left out, `...`
            # between `Rank  1` and `Rank 62`, still ran 64)
            listed = max(run.ranks) + 1 if run.ranks else 0
            if listed > len(run.ranks):
                warnings.append(f"run {run.index}: the device list names {len(run.ranks)} ranks up to rank {listed - 1}: "
                                f"{listed} ranks, the lines of the others left out")
            if op is None and run.ranks and (op := _op_from_ratio(run.rows, listed)) is not None:
                warnings.append(f"run {run.index}: the collective is not named (no <op>_perf in the output or the file "
                                f"name): {op}, from its reduction and its busbw / algbw over {listed} ranks")
            elif op is None and not run.ranks and (op := _all_reduce_from_ratio(run.rows)) is not None:
                warnings.append(f"run {run.index}: the collective is not named (no <op>_perf in the output or the file "
                                f"name) and no rank is listed: {op}, from its reduction and its busbw / algbw above 1")
            elif op is None:
                warnings.append(f"run {run.index}: the collective is not named (no <op>_perf in the output or the file "
                                "name): op left empty")
            n_ranks, source = (listed, "header") if run.ranks else _ranks_from_ratio(op, run.rows)
            hosts = ",".join(sorted({h for h, _ in run.ranks.values()})) or None
            devices = ",".join(sorted({d for _, d in run.ranks.values() if d})) or None
            for half in run.rows:
                half.update(file_id="", run=run.index, op=op, n_ranks=n_ranks, n_ranks_source=source, hosts=hosts,
                            devices=devices, nccl_version=nccl.version or library, avg_busbw_gbps=run.avg_busbw)
                out.append(half)
        if unparsed:
            warnings.append(f"{unparsed} table rows were incomplete (cut short) and were skipped")
        if not out and not nccl.lines:
            if not any(run.headers or run.ranks for run in runs):
                raise ParseError(str(path), "no nccl-tests result row found", where="line 1")
            warnings.append("an nccl-tests header without a result table (the output ends before it)")
        tables = {"nccl_tests": pa.Table.from_pylist(out, schema=NCCL_TESTS), **nccl.tables()}
        return ParseResult(tables, FileStatus.TRUNCATED if warning else FileStatus.OK, warnings)


def _segments(line: str) -> list[str]:
    """A physical line, split where an NCCL line (or a launcher prefix before one) was glued on."""
    match = NCCL_LINE.search(line)
    if match is None or match.start() == 0:
        return [line]
    start = match.start()
    before = line[:start]
    prefix = re.search(r"(?:\[\d+(?:,\d+)?\](?:<std(?:out|err)>:)?\s?)$", before)  # "[0] " glued before it
    if prefix is not None and prefix.start() > 0:
        start = prefix.start()
    elif prefix is not None:
        return [line]
    return [line[:start], line[start:]]


def _row(tokens: list[str], time_ms: bool) -> list[dict[str, Any]] | None:
    """The out-of-place and in-place halves of a table row; None while it is incomplete."""
    try:
        size, count = int(tokens[0]), int(tokens[1])
    except (ValueError, IndexError):
        return None
    if not (0 <= size < 2**63 and 0 <= count < 2**63):
        return None  # past the int64 columns: no row nccl-tests prints
    dtype = tokens[2]
    i = 3
    redop = ""
    if i < len(tokens) and not _VALUE.match(tokens[i]):
        redop = tokens[i]
        i += 1
    rest = tokens[i:]
    if not all(_VALUE.match(t) for t in rest):
        return None
    root: int | None = None
    if len(rest) in (5, 9):  # a root column (2022+)
        try:
            root = int(rest[0])
        except ValueError:
            return None
        if not -(2**31) <= root < 2**31:
            return None
        rest = rest[1:]
    if len(rest) not in (4, 8):
        return None
    halves = []
    for in_place, group in ((False, rest[:4]), (True, rest[4:8])):
        if not group:
            continue
        time = to_float(group[0])
        last = group[3]
        wrong = int(last) if root is not None and last.isdigit() and len(last) < 19 else None
        error = to_float(last) if root is None else None
        halves.append({
            "size_bytes": size, "count": count, "dtype": dtype, "redop": redop, "root": root, "in_place": in_place,
            "time_us": time * 1000 if time is not None and time_ms else time,
            "algbw_gbps": to_float(group[1]), "busbw_gbps": to_float(group[2]), "wrong": wrong, "max_error": error,
        })
    return halves


def _op_from_name(name: str) -> str | None:
    match = _NAME_OP.search(name.lower().replace("-", "_"))
    return OPS[match.group(1)] if match else None


def _op_from_ratio(rows: list[dict[str, Any]], n: int) -> str | None:
    """The collective of a table whose rows reduce (a redop, not `none`) over every rank (root
    -1, or no root column: the tables before 2.4's nccl-tests had none), over 3 ranks or more:
    all_reduce where busbw / algbw is 2(n-1)/n, reduce_scatter where it is (n-1)/n, sendrecv where it is
    1 (of the collectives that reduce over every rank only sendrecv's `sum -1` rows keep the ratio at 1
    over 3 ranks or more: reduce's names its root, broadcast's reduces nothing); None where the
    figures cannot tell them apart (all_reduce's ratio over 2 ranks is 1 too)."""
    if n < 3 or any(r["redop"] in ("", "none") or r["root"] not in (-1, None) for r in rows):
        return None  # (over 2 ranks all_reduce's 2(n-1)/n is 1, sendrecv's ratio too)
    best = max((r for r in rows if (r["algbw_gbps"] or 0) > 0 and r["busbw_gbps"]), key=lambda r: r["algbw_gbps"], default=None)
    if best is None or best["algbw_gbps"] < 1:  # (two decimals: a smaller figure is too coarse for the ratio)
        return None
    ratio = best["busbw_gbps"] / best["algbw_gbps"]
    for op, factor in (("all_reduce", 2 * (n - 1) / n), ("reduce_scatter", (n - 1) / n), ("sendrecv", 1.0)):
        if abs(ratio - factor) <= 0.02 * factor:
            return op
    return None


def _all_reduce_from_ratio(rows: list[dict[str, Any]]) -> str | None:
    """all_reduce for a table with no rank listed (a headerless excerpt) whose rows reduce over
    every rank with busbw / algbw at 2(n-1)/n for a whole n of at least 3 (4/3 or more): of
    nccl-tests' collectives only all_reduce's factor is above 1 (reduce's, broadcast's and
    sendrecv's are 1, the others' (n-1)/n); else None."""
    if not rows or any(r["redop"] in ("", "none") or r["root"] not in (-1, None) for r in rows):
        return None
    best = max((r for r in rows if (r["algbw_gbps"] or 0) > 0 and r["busbw_gbps"]), key=lambda r: r["algbw_gbps"], default=None)
    if best is None or best["algbw_gbps"] < 1:  # (two decimals: a smaller figure is too coarse for the ratio)
        return None
    ratio = best["busbw_gbps"] / best["algbw_gbps"]
    if not 4 / 3 * 0.98 <= ratio < 2:
        return None
    n = 2 / (2 - ratio)
    return "all_reduce" if n >= 2.5 and abs(2 * (round(n) - 1) / round(n) - ratio) <= 0.02 * ratio else None


def _ranks_from_ratio(op: str | None, rows: list[dict[str, Any]]) -> tuple[int | None, str | None]:
    """n from busbw / algbw: 2(n-1)/n for all_reduce, (n-1)/n for all_gather, reduce_scatter, all_to_all."""
    if op not in ("all_reduce", "all_gather", "reduce_scatter", "all_to_all"):
        return None, None
    # Each row's figures are rounded (to 2 decimals): n = factor / (factor - ratio) over the
    # ratios its rounding allows is a range, and the rows' ranges together must hold one whole n
    # (over many ranks the ratio nears the factor and the rounding leaves n open: no guess)
    factor = 2.0 if op == "all_reduce" else 1.0
    low, high = 2.0, float("inf")
    for r in rows:
        algbw, busbw = r["algbw_gbps"] or 0, r["busbw_gbps"] or 0
        if algbw <= 0.005 or busbw <= 0.005:
            continue
        most = (busbw + 0.005) / (algbw - 0.005)
        least = (busbw - 0.005) / (algbw + 0.005)
        if least >= factor:
            return None, None  # (no n gives this ratio)
        low = max(low, factor / (factor - least))
        high = min(high, factor / (factor - most) if most < factor else float("inf"))
    whole = math.ceil(low - 1e-9)
    if high == float("inf") or whole > high + 1e-9 or whole + 1 <= high + 1e-9:
        return None, None
    return whole, "busbw_ratio"
