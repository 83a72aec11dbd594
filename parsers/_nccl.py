"""NCCL_DEBUG lines (`host:pid:tid [dev] [file:line] NCCL INFO|WARN|TRACE message`), wherever
they appear: in NCCL logs, in nccl-tests output, in a training job's console log. One scanner
turns them into the `nccl_comms`, `nccl_warnings` and `nccl_calls` tables."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from tracelens.schemas import NCCL_CALLS, NCCL_COMMS, NCCL_WARNINGS

# The time field appears in TRACE builds ("host:pid:tid [dev] 12.345 func:line NCCL TRACE").
# The host is tried only where a run of name characters starts, and each field is taken
# possessively: a search stays linear in the line's length (a plain `[\w.\-]+:` retried at
# every offset of a long word was quadratic: 16 kB took seconds).
NCCL_LINE = re.compile(
    r"(?<![\w.\-])(?P<host>[\w.\-]++):(?P<pid>\d++):(?P<tid>\d++) \[(?P<dev>\d++)\](?: [\d.]++)?"
    r"(?: (?P<src>[\w/.\-]+:\d++))? NCCL (?P<level>INFO|WARN|TRACE|ERROR) ?(?P<msg>.*)$"
)
_FIELDS = ("host", "pid", "tid", "dev", "src", "level", "msg")
_VERSION = re.compile(r"NCCL version (?P<v>\d+\.\d+\.\d+[\w.+\-]*)")
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
_RING = re.compile(r"^Channel \d+/(?P<n>\d+) :")
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
            if self.version is None and "NCCL version " in text and (v := _VERSION.search(text)):
                self.version = v.group("v")  # nccl-tests prints "NCCL version X" on its own
            return False
        self.last_warning = None
        self.lines += 1
        host, pid_digits, tid, dev_digits, source, level, msg = match.group(*_FIELDS)
        pid, dev, msg = int(pid_digits), int(dev_digits), msg.strip()
        if level in ("WARN", "ERROR"):
            row = {"file_id": "", "host": host, "pid": pid, "tid": int(tid), "cuda_dev": dev,
                   "rank": rank, "ts_ns": ts_ns, "source": source, "message": msg[:2000], "line": number}
            self.warnings.append(row)
            self.last_warning = row
            return True
        key = (host, pid, dev)
        # each rule behind a literal it needs: most lines are a channel's or a transport's
        if "NCCL version " in msg and (v := _VERSION.search(msg)) is not None:
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
                return True
            comm_done = self.last_comm.get(key)
            if comm_done is not None and comm_done["init_complete"] and ch is not None:
                self._attach(key, comm_done)  # "N coll channels" is printed after Init COMPLETE by newer NCCL
        return True

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
