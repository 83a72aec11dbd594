"""NCCL_DEBUG lines (`host:pid:tid [dev] [file:line] NCCL INFO|WARN|TRACE message`), wherever
they appear: in NCCL logs, in nccl-tests output, in a training job's console log. One scanner
turns them into the `nccl_comms`, `nccl_warnings` and `nccl_calls` tables."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from tracelens.schemas import NCCL_CALLS, NCCL_COMMS, NCCL_WARNINGS

if TYPE_CHECKING:
    import polars as pl

# The time field appears in TRACE builds ("host:pid:tid [dev] 12.345 func:line NCCL TRACE").
# The host is tried only where a run of name characters starts, and each field is taken
# possessively: a search stays linear in the line's length (a plain `[\w.\-]+:` retried at
# every offset of a long word was quadratic: 16 kB took seconds).
NCCL_LINE = re.compile(
    r"(?<![\w.\-])(?P<host>[\w.\-]++):(?P<pid>\d++):(?P<tid>\d++) \[(?P<dev>\d++)\](?: [\d.]++)?"
    r"(?: (?P<src>[\w/.\-]+:\d++))? NCCL (?P<level>INFO|WARN|TRACE|ERROR) ?(?P<msg>.*)$"
)
_FIELDS = ("host", "pid", "tid", "dev", "src", "level", "msg")
# `NCCL_LINE` for polars' engine, which has neither look-behind nor possessive runs: the host
# opens the text or follows a character no host holds, and each greedy run is followed by a
# character outside it, so it ends where the possessive one does. On ASCII text, where `\w` and
# `\d` mean the same to both engines, the two find the same match with the same groups.
_NCCL_LINE_COLUMNS = (
    r"(?:^|[^\w.\-])(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\](?: [\d.]+)?"
    r"(?: (?P<src>[\w/.\-]+:\d+))? NCCL (?P<level>INFO|WARN|TRACE|ERROR) ?(?P<msg>.*)$"
)
# What `NCCL_LINE` reads before " NCCL ", to the end of a line's head (the text before its first
# " NCCL "): that part of the pattern holds no " NCCL " (its spaces open a bracket, a digit run
# or a source file name followed by ":digits"), so where a match opens in the head, it ends the
# head; a console's lines have few distinct heads (one per process and thread).
_NCCL_HEAD = (
    r"(?:^|[^\w.\-])(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\](?: [\d.]+)?"
    r"(?: (?P<src>[\w/.\-]+:\d+))?$"
)
_LEVELS = ("INFO", "WARN", "TRACE", "ERROR")
_PY_ASCII_SPACE = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"  # what str.strip() takes off an ASCII text
_VERSION = re.compile(r"[NR]CCL version (?P<v>\d+\.\d+\.\d+[\w.+\-]*)")
_COMM = re.compile(
    r"\bcomm (?P<comm>0x[0-9a-f]+) rank (?P<rank>\d+) n[Rr]anks (?P<nranks>\d+)"
    r"(?: nNodes (?P<nnodes>\d+) localRanks (?P<local>\d+))?"
    r"(?:.*?\bbusId (?P<bus>[0-9a-fA-F:.x]+))?(?:.*?\bcommId (?P<commid>0x[0-9a-f]+))?"
    r"(?P<complete>.*- Init COMPLETE)?"
)
_TIMINGS = re.compile(
    r"Init timings(?: - \w+)?: rank (?P<rank>\d+) nranks (?P<nranks>\d+) total (?P<total>[\d.]+) \((?P<parts>[^)]*)\)"
)
_CHANNELS = re.compile(r"^(?P<n>\d+) coll channels")
# a ring's members (`Channel 00/02 :    0   1`), not a connection NCCL 2.7 and later print on the same
# opening (`Channel 00/0 : 1[0] -> 0[0] [receive] via NET/AWS Libfabric/0`: a transport)
_RING = re.compile(r"^Channel \d+/(?P<n>\d+) :(?:[ \t]+\d+)+[ \t]*$")
_TREES = re.compile(r"^Trees((?: \[\d+\] \S+)+)")
_VIA = re.compile(r"\bvia (?P<via>[A-Za-z0-9]+(?:/[\w ]+?)*)(?:$|\s\[|\s*,)")
_CALL = re.compile(
    r"^(?P<op>\w+): opCount (?P<opcount>[0-9a-f]+) sendbuff \S+ recvbuff \S+ count (?P<count>\d+) "
    r"datatype (?P<dtype>\d+) op (?P<redop>\d+) root (?P<root>-?\d+) comm (?P<comm>0x[0-9a-f]+)"
    r"(?: \[nranks=(?P<nranks>\d+)\])?(?: stream (?P<stream>0x[0-9a-f]+))?"
)
# ncclDataType_t and ncclRedOp_t, as numbered since NCCL 2.0 (bfloat16 = 9 since 2.10).
DTYPES = {0: ("int8", 1), 1: ("uint8", 1), 2: ("int32", 4), 3: ("uint32", 4), 4: ("int64", 8), 5: ("uint64", 8),
          6: ("float16", 2), 7: ("float32", 4), 8: ("float64", 8), 9: ("bfloat16", 2), 10: ("fp8_e4m3", 1),
          11: ("fp8_e5m2", 1)}
REDOPS = {0: "sum", 1: "prod", 2: "max", 3: "min", 4: "avg"}
_OPS = {"AllReduce": "all_reduce", "AllGather": "all_gather", "ReduceScatter": "reduce_scatter",
        "Broadcast": "broadcast", "Reduce": "reduce", "Send": "send", "Recv": "recv", "AllToAll": "all_to_all",
        "Gather": "gather", "Scatter": "scatter"}


def transport(via: str) -> list[str]:
    """'NET/IB/0/GDRDMA' -> ['NET/IB', 'GDRDMA']; 'P2P/IPC/read' -> ['P2P/IPC']; 'SHM/direct/direct' -> ['SHM']."""
    parts = via.split("/")
    head = parts[0]
    out = [head if head == "SHM" or len(parts) == 1 else f"{head}/{parts[1]}"]
    if "GDRDMA" in parts[1:]:
        out.append("GDRDMA")
    return out


# a message's end from the character before its first "via " -> the transports it names (None:
# no `_VIA` match); a log names a handful of paths, over and over
_TRANSPORTS: dict[str, tuple[str, ...] | None] = {}


def _transports(msg: str, at: int) -> tuple[str, ...] | None:
    """`transport()` of what `_VIA` finds in `msg`, whose first "via " is at `at`: no match can
    open before it, and its `\\b` looks at the character before, so the search on the message's
    end from there finds what the search on the whole message finds (each distinct end once)."""
    end = msg[at - 1:] if at else msg
    known = _TRANSPORTS.get(end, ())
    if known == ():
        if len(_TRANSPORTS) > 10_000:
            _TRANSPORTS.clear()
        via = _VIA.search(end)
        known = _TRANSPORTS[end] = tuple(transport(via.group("via").strip())) if via is not None else None
    return known


@dataclass(frozen=True)
class NcclLines:
    """A console's NCCL_DEBUG lines read column-wise: each one's position among the console's
    lines (`index`, ascending) and its `NCCL_LINE` groups, one column each; and, in line order
    among them, the other lines that name NCCL's version (`host` null, their text in `text`)."""

    fields: pl.DataFrame

    def indices(self) -> list[int]:
        """The positions of the NCCL_DEBUG lines."""
        import polars as pl

        return self.fields.filter(pl.col("host").is_not_null()).get_column("index").to_list()


def nccl_candidates(frame: pl.DataFrame, guard: str) -> pl.DataFrame:
    """Of a frame of line bodies (column `body`), the lines that may be NCCL lines or name NCCL's
    version (each with its index, whether it is ASCII, whether it holds `guard`, the groups of
    `NCCL_LINE`'s match, and the text of a line that names the version but is no NCCL line):
    what `nccl_lines` decides on once the lines' times are known.

    A line whose head (see `_NCCL_HEAD`) matches and whose rest opens with a level has the
    match that opens in its head: its fields are its head's, read once for each distinct head,
    the level and the rest. The others (a match further on, or none) are matched whole."""
    import polars as pl

    body = pl.col("body")
    version = body.str.contains("CCL version ", literal=True)
    lines = (frame.lazy().with_row_index("index")
             .filter(body.str.contains(" NCCL ", literal=True) | version)
             .with_columns(parts=body.str.splitn(" NCCL ", 2))
             .unnest("parts")
             .rename({"field_0": "head", "field_1": "rest"})
             .collect())
    heads = (lines.lazy().select(pl.col("head").unique())
             .with_columns(fields=pl.col("head").str.extract_groups(_NCCL_HEAD)).unnest("fields"))
    level = pl.coalesce(*(pl.when(pl.col("rest").str.starts_with(name)).then(pl.lit(name)) for name in _LEVELS))
    by_head = (lines.lazy().join(heads, on="head", how="left", maintain_order="left")
               .with_columns(level=pl.when(pl.col("host").is_not_null()).then(level)))
    from_head = (by_head.filter(pl.col("level").is_not_null())
                 .with_columns(msg=pl.col("rest").str.slice(pl.col("level").str.len_chars())))
    whole = (by_head.filter(pl.col("level").is_null()).drop(*_FIELDS[:-1])
             .with_columns(fields=body.str.extract_groups(_NCCL_LINE_COLUMNS)).unnest("fields"))
    return (pl.concat([from_head.select("index", "body", *_FIELDS), whole.select("index", "body", *_FIELDS)])
            .sort("index")
            .select("index", *_FIELDS, ascii=body.str.len_bytes() == body.str.len_chars(),
                    guard=body.str.contains(guard), version=version,
                    text=pl.when(version & pl.col("host").is_null()).then(body))
            .collect())


def nccl_lines(candidates: pl.DataFrame, times: Sequence[int | None]) -> NcclLines | None:
    """The console's NCCL lines for `NcclScanner.feed_columns`, when reading them apart from the
    other lines gives what `feed` gives, line by line, in the readers' loop; else None.

    That holds when the column-wise match finds every line that `NCCL_LINE` matches (every
    candidate is ASCII); when no NCCL line is dated (a dated line may start an attempt,
    `EventScanner.scan`); and when neither an NCCL line nor a line naming NCCL's version holds a
    literal of a reader's rule applied before the scanner's (`guard` of `nccl_candidates`).
    The lines naming the version that are no NCCL line go with the NCCL lines, in line order
    (`feed` keeps the first version seen); read again by `feed` in the loop, they change
    nothing. `times` are the lines' times, by line index."""
    import polars as pl

    if candidates.is_empty():
        return None
    matched = pl.col("host").is_not_null()
    kept = candidates.filter(matched | pl.col("version"))
    if kept.is_empty() or not candidates.get_column("ascii").all() or kept.get_column("guard").any():
        return None
    if any(times[i] is not None for i in kept.filter(matched).get_column("index").to_list()):
        return None
    return NcclLines(kept.select("index", *_FIELDS, "text"))


@dataclass
class _Pending:
    rings: int | None = None
    trees: int | None = None
    channels: int | None = None
    transports: set[str] = field(default_factory=set)


@dataclass
class NcclScanner:
    """Feed it every line; it keeps the NCCL ones. `tables()` at the end."""

    comms: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    versions: dict[tuple[str, int], str] = field(default_factory=dict)  # (host, pid) -> version
    pending: dict[tuple[str, int, int], _Pending] = field(default_factory=dict)  # per (host, pid, dev)
    by_comm: dict[tuple[str, int, str], dict[str, Any]] = field(default_factory=dict)
    last_comm: dict[tuple[str, int, int], dict[str, Any]] = field(default_factory=dict)
    last_warning: dict[str, Any] | None = None
    version: str | None = None  # the first version line seen, with or without a prefix
    lines: int = 0  # NCCL lines read

    def feed(self, number: int, text: str, rank: int | None = None, ts_ns: int | None = None) -> bool:
        """Read one line; True when it was an NCCL line."""
        match = NCCL_LINE.search(text) if " NCCL " in text else None  # the pattern's one literal
        if match is None:
            if self.last_warning is not None and text[:1].isalnum() and "NCCL" not in text:
                self.last_warning["message"] += " " + text.strip()  # a WARN hard-wrapped by the terminal
            self.last_warning = None
            if self.version is None and "CCL version " in text and (v := _VERSION.search(text)):
                self.version = v.group("v")  # nccl-tests prints "NCCL version X" on its own
            return False
        self.feed_fields(number, rank, ts_ns, *match.group(*_FIELDS))
        return True

    def feed_columns(self, nccl: NcclLines, numbers: Sequence[int], ranks: Sequence[int | None]) -> None:
        """Read the NCCL lines of a console whose fields were read column-wise (`nccl_lines`),
        in their order: what `feed` does with each. `numbers` and `ranks` are those of the
        console's lines, by position.

        Most NCCL lines only note a channel count, a tree or a transport of their process and
        device, kept until its communicator's init completes (`_Pending`). Between two lines
        that do more (a communicator, a call, a version, a warning, a channel summary: read by
        `feed_fields`), those notes are gathered in polars: for each (host, pid, device) in the
        order they first appear, the last ring count, the last tree count and the transports,
        which is what reading them one by one leaves."""
        import polars as pl

        msg = pl.col("msg").str.strip_chars(_PY_ASCII_SPACE)
        at = msg.str.find("via ", literal=True)
        pid, dev = pl.col("pid").cast(pl.Int64, strict=False), pl.col("dev").cast(pl.Int64, strict=False)
        # a line `feed_fields` reads: one a rule before the notes may read (each one's literal),
        # a warning, a line whose notes polars cannot read as Python does (numbers past int64;
        # the separators that Python's `\s` holds and polars' does not)
        barrier = (pl.col("host").is_null() | pl.col("level").is_in(["WARN", "ERROR"]) | pid.is_null() | dev.is_null()
                   | msg.str.contains("NCCL version |: opCount |comm 0x|Init timings| coll channels|[\x1c-\x1f]"))
        frame = (nccl.fields.lazy()
                 .with_columns(barrier=barrier, pid_n=pid, dev_n=dev,
                               ring=msg.str.extract(r"^Channel \d+/(\d+) :(?:[ \t]+\d+)+[ \t]*$", 1),
                               trees=msg.str.extract(r"^Trees((?: \[\d+\] \S+)+)", 1).str.count_matches("[", literal=True),
                               end=pl.when(at > 0).then(msg.str.slice(at - 1)).when(at == 0).then(msg))
                 .with_columns(segment=pl.col("barrier").cum_sum())
                 .collect())
        notes = (frame.lazy().filter(~pl.col("barrier"))
                 .with_columns(trees=pl.when(pl.col("ring").is_null()).then(pl.col("trees")),
                               end=pl.when(pl.col("ring").is_null() & pl.col("trees").is_null()).then(pl.col("end")))
                 .group_by("segment", "host", "pid_n", "dev_n", maintain_order=True)
                 .agg(pl.len().alias("count"), pl.col("ring").drop_nulls().last(), pl.col("trees").drop_nulls().last(),
                      pl.col("end").drop_nulls().unique())
                 .collect())
        barriers = frame.filter(pl.col("barrier")).select("segment", "index", *_FIELDS, "text")
        by_segment: dict[int, list[tuple[Any, ...]]] = {}
        for row in zip(*(column.to_list() for column in notes.iter_columns()), strict=True):
            by_segment.setdefault(row[0], []).append(row[1:])
        self._note(by_segment.pop(0, ()))
        columns = (column.to_list() for column in barriers.iter_columns())
        for segment, index, host, pid_digits, tid, dev_digits, source, level, msg_text, text in zip(*columns, strict=True):
            if host is not None:
                self.feed_fields(numbers[index], ranks[index], None, host, pid_digits, tid, dev_digits, source, level, msg_text)
            elif self.version is None and (v := _VERSION.search(text)):
                self.version = v.group("v")
            self._note(by_segment.pop(segment, ()))

    def _note(self, notes: Iterable[tuple[Any, ...]]) -> None:
        """What the note lines of one stretch between two read lines leave, gathered by
        (host, pid, device) in `feed_columns`."""
        for host, pid, dev, count, ring, trees, ends in notes:
            key = (host, pid, dev)
            pending = self.pending.get(key)
            if pending is None:
                pending = self.pending[key] = _Pending()
            if ring is not None:
                pending.rings = int(ring)
            if trees is not None:
                pending.trees = trees
            for end in ends:
                if (named := _transports(end, 0)) is not None:
                    pending.transports.update(named)
            self.lines += count
            self.last_warning = None

    def feed_fields(self, number: int, rank: int | None, ts_ns: int | None, host: str, pid_digits: str, tid: str,
                    dev_digits: str, source: str | None, level: str, msg: str) -> None:
        """Read one NCCL line, given the fields of its `NCCL_LINE` match."""
        self.last_warning = None
        self.lines += 1
        pid, dev, msg = int(pid_digits), int(dev_digits), msg.strip()
        if level in ("WARN", "ERROR"):
            row = {"file_id": "", "host": host, "pid": pid, "tid": int(tid), "cuda_dev": dev,
                   "rank": rank, "ts_ns": ts_ns, "source": source, "message": msg[:2000], "line": number}
            self.warnings.append(row)
            self.last_warning = row
            return
        key = (host, pid, dev)
        # each rule behind a literal it needs: most lines are a channel's or a transport's
        if "CCL version " in msg and (v := _VERSION.search(msg)) is not None:
            self.versions[(host, pid)] = v.group("v")
            self.version = self.version or v.group("v")
        elif ": opCount " in msg and (c := _CALL.match(msg)) is not None:
            dtype_name, width = DTYPES.get(int(c.group("dtype")), (c.group("dtype"), None))
            count = int(c.group("count"))
            self.calls.append({
                "file_id": "", "host": host, "pid": pid, "cuda_dev": dev,
                "op": _OPS.get(c.group("op"), c.group("op")), "op_count": int(c.group("opcount"), 16),
                "count": count, "dtype": dtype_name, "size_bytes": count * width if width else None,
                "redop": REDOPS.get(int(c.group("redop")), c.group("redop")), "root": int(c.group("root")),
                "comm": c.group("comm"), "nranks": int(c.group("nranks")) if c.group("nranks") else None,
                "stream": c.group("stream"), "line": number,
            })
        elif "comm 0x" in msg and (c := _COMM.search(msg)) is not None:
            comm = self._comm(host, pid, dev, c.group("comm"), number)
            for column, group in (("rank", "rank"), ("nranks", "nranks"), ("nnodes", "nnodes"), ("local_ranks", "local")):
                if c.group(group) is not None:
                    comm[column] = int(c.group(group))
            comm["bus_id"] = c.group("bus") or comm["bus_id"]
            comm["comm_id"] = c.group("commid") or comm["comm_id"]
            if c.group("complete"):
                comm["init_complete"] = True
                comm["line"] = number
                self._attach(key, comm)
        elif "Init timings" in msg and (t := _TIMINGS.search(msg)) is not None:
            last = self.last_comm.get(key)
            if last is None or last["rank"] != int(t.group("rank")):
                last = self._comm(host, pid, dev, None, number)
                last["rank"], last["nranks"] = int(t.group("rank")), int(t.group("nranks"))
            comm = last
            comm["init_total_s"] = float(t.group("total"))
            parts = {}
            for item in t.group("parts").split(","):
                name, _, value = item.strip().partition(" ")
                try:
                    parts[name] = float(value)
                except ValueError:
                    continue
            comm["init_timings"] = json.dumps(parts)
        else:
            pending = self.pending.get(key)
            if pending is None:
                pending = self.pending[key] = _Pending()
            ch = _CHANNELS.match(msg) if " coll channels" in msg else None
            if ch is not None:
                pending.channels = int(ch.group("n"))
            elif msg.startswith("Channel ") and (ring := _RING.match(msg)) is not None:
                pending.rings = int(ring.group("n"))
            elif msg.startswith("Trees") and (trees := _TREES.match(msg)) is not None:
                pending.trees = trees.group(1).count("[")
            elif (at := msg.find("via ")) >= 0 and (named := _transports(msg, at)) is not None:
                pending.transports.update(named)
            else:
                return
            comm_done = self.last_comm.get(key)
            if comm_done is not None and comm_done["init_complete"] and ch is not None:
                self._attach(key, comm_done)  # "N coll channels" is printed after Init COMPLETE by newer NCCL

    def _comm(self, host: str, pid: int, dev: int, address: str | None, number: int) -> dict[str, Any]:
        key = (host, pid, address or f"?{dev}:{len(self.comms)}")
        comm = self.by_comm.get(key)
        if comm is None:
            comm = {"file_id": "", "host": host, "pid": pid, "cuda_dev": dev, "comm": address, "comm_id": None,
                    "rank": None, "nranks": None, "nnodes": None, "local_ranks": None, "bus_id": None,
                    "nccl_version": None, "init_complete": False, "init_total_s": None, "init_timings": None,
                    "coll_channels": None, "n_rings": None, "n_trees": None, "transports": None, "line": number}
            self.by_comm[key] = comm
            self.comms.append(comm)
        self.last_comm[(host, pid, dev)] = comm
        return comm

    def _attach(self, key: tuple[str, int, int], comm: dict[str, Any]) -> None:
        pending = self.pending.pop(key, None)
        if pending is None:
            return
        comm["n_rings"] = pending.rings if pending.rings is not None else comm["n_rings"]
        comm["n_trees"] = pending.trees if pending.trees is not None else comm["n_trees"]
        comm["coll_channels"] = pending.channels if pending.channels is not None else comm["coll_channels"]
        if pending.transports:
            known = set(comm["transports"].split(",")) if comm["transports"] else set()
            comm["transports"] = ",".join(sorted(known | pending.transports))

    def tables(self) -> dict[str, pa.Table]:
        for (host, pid, dev), pending in list(self.pending.items()):
            if pending.rings is None and pending.trees is None and pending.channels is None and not pending.transports:
                continue
            comm = self.last_comm.get((host, pid, dev)) or self._comm(host, pid, dev, None, 0)
            self._attach((host, pid, dev), comm)
        for comm in self.comms:
            comm["nccl_version"] = self.versions.get((comm["host"], comm["pid"]), self.version)
        return {
            "nccl_comms": pa.Table.from_pylist(self.comms, schema=NCCL_COMMS),
            "nccl_warnings": pa.Table.from_pylist(self.warnings, schema=NCCL_WARNINGS),
            "nccl_calls": pa.Table.from_pylist(self.calls, schema=NCCL_CALLS),
        }

    @property
    def rows(self) -> int:
        return len(self.comms) + len(self.warnings) + len(self.calls)
