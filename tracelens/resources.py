"""How much of the machine an ingest may use: CPUs and memory, container limits included.

An ingest parses one file per usable CPU at once (traces in threads of one process, logs in
processes; see Store._parse_all), each parser holding one input file's work at a time, so
its peak memory is about (parsers x the largest file's cost). On a many-core host with large
traces that product can exceed the memory there is, and a container's limit is usually far
below what the host reports. The number of parallel parsers is therefore the smallest of:
usable CPUs (affinity and cgroup CPU quota), files, and how many parsers the available
memory (MemAvailable, a cgroup memory limit, or --max-memory) holds.
"""

from __future__ import annotations

import math
import os
import re
import struct
from pathlib import Path

from tracelens.errors import UsageError

# A parser's cost, measured with bench/ingest.py (one 53.7 MB GPU trace, -j 1): about 105 MB
# of imported libraries plus 3.7 bytes per byte of JSON at its peak (the decoded columns,
# their Parquet encoding, the per-file views). Rounded up. Parser threads share one copy of
# the libraries, so for traces this overestimates: the plan errs on the safe side.
WORKER_BASE_BYTES = 128 << 20
WORKER_BYTES_PER_INPUT_BYTE = 4
PARENT_BYTES = 160 << 20  # the ingesting process itself (catalog, detection, imports)
GZIP_RATIO_GUESS = 10  # where a gzip trailer cannot tell the size (inputs over 4 GiB)

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """'512M', '4G', '1.5GiB', '800MB', '1000000' -> bytes (powers of 1024, as free(1) uses)."""
    match = _SIZE.match(text)
    if match is None:
        raise UsageError(f"not a size: {text!r} (e.g. 512M, 4G, 1.5GiB)")
    number, unit = float(match.group(1)), match.group(2).lower()
    return int(number * 1024 ** " kmgt".index(unit or " "))


def usable_cpus() -> int:
    """CPUs this process may run on: its affinity mask, capped by a cgroup CPU quota."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    quota = _cgroup_cpu_quota()
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def available_memory(cgroup_root: Path = Path("/sys/fs/cgroup"), meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """Bytes this process can still use: the smaller of the kernel's MemAvailable and the
    room left under its cgroup's memory limit (v2 memory.max, v1 limit_in_bytes). None where
    neither is known (not Linux)."""
    candidates = []
    try:
        match = re.search(r"^MemAvailable:\s+(\d+) kB", meminfo.read_text(), re.MULTILINE)
        if match:
            candidates.append(int(match.group(1)) * 1024)
    except OSError:
        pass
    hierarchies = (
        (cgroup_root, _own_cgroup(cgroup_root, ""), "memory.max", "memory.current"),
        (cgroup_root / "memory", _own_cgroup(cgroup_root / "memory", "memory"), "memory.limit_in_bytes", "memory.usage_in_bytes"),
    )
    for mount, own, limit_name, usage_name in hierarchies:
        # A limit set on any ancestor binds too: the room left is the least over the path.
        parts = Path(own).parts if own else ()
        for depth in range(len(parts), -1, -1):
            level = mount.joinpath(*parts[:depth])
            limit = _read_int(level / limit_name)
            if limit is None or limit >= 1 << 60:  # "max", or v1's "no limit" (a page-rounded 2**63)
                continue
            candidates.append(max(0, limit - (_read_int(level / usage_name) or 0)))
    return min(candidates) if candidates else None


def uncompressed_size(path: Path, size: int) -> int:
    """The bytes a parser will decode: a gzip file's trailer holds its size modulo 2**32."""
    if not path.name.lower().endswith(".gz") or size < 18:
        return size
    try:
        with open(path, "rb") as fh:
            if fh.read(2) != b"\x1f\x8b":
                return size
            fh.seek(-4, os.SEEK_END)
            (isize,) = struct.unpack("<I", fh.read(4))
    except OSError:
        return size
    # The trailer holds the size modulo 4 GiB: exact for one member under 4 GiB, a wrapped
    # value past it. A parser inflates at most inflate_limit(size) bytes; where that could
    # exceed 4 GiB, the trailer cannot be trusted to bound it.
    from tracelens.parsers._io import inflate_limit

    bound = inflate_limit(size)
    if bound >= 1 << 32:
        return max(isize, size * GZIP_RATIO_GUESS)
    return isize if size <= isize <= bound else min(bound, size * GZIP_RATIO_GUESS)


def worker_bytes(largest_input: int) -> int:
    """Estimated peak of one parser working on the largest input."""
    return WORKER_BASE_BYTES + WORKER_BYTES_PER_INPUT_BYTE * largest_input


def plan_workers(files: int, largest_input: int, cpus: int, memory: int | None) -> tuple[int, str | None]:
    """(parallel parsers, a note for the user when memory, not CPUs, set the number)."""
    wanted = max(1, min(cpus, files))
    if memory is None:
        return wanted, None
    per_worker = worker_bytes(largest_input)
    fit = max(0, memory - PARENT_BYTES) // per_worker
    if fit >= wanted:
        return wanted, None
    mb = 1 << 20
    if fit == 0:
        return 1, (f"the largest input ({largest_input // mb} MB decoded) needs about {per_worker // mb} MB to parse "
                   f"and {memory // mb} MB are available: one file at a time, which may run short of memory")
    return int(fit), (f"{fit} file{'s' if fit > 1 else ''} parsed at once instead of {wanted}: each needs about "
                      f"{per_worker // mb} MB for the largest input ({largest_input // mb} MB decoded) "
                      f"and {memory // mb} MB are available")


def _own_cgroup(mount: Path, controller: str) -> str:
    """This process's cgroup under `mount`, relative to it: the unified (v2) hierarchy for
    controller "", else the v1 hierarchy holding that controller. Empty (the mount's root)
    where the path is not visible there, as inside a container's cgroup namespace."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return ""
    for line in lines:
        _, controllers, path = (line.split(":", 2) + ["", ""])[:3]
        if (controller == "" and controllers == "") or controller in controllers.split(","):
            own = path.strip().lstrip("/")
            return own if own and (mount / own).is_dir() else ""
    return ""


def _cgroup_cpu_quota(cgroup_root: Path = Path("/sys/fs/cgroup")) -> float | None:
    try:
        quota, period = (cgroup_root / _own_cgroup(cgroup_root, "") / "cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    v1 = cgroup_root / "cpu" / _own_cgroup(cgroup_root / "cpu", "cpu")
    quota_us = _read_int(v1 / "cpu.cfs_quota_us")  # -1: no quota (not digits: None)
    period_us = _read_int(v1 / "cpu.cfs_period_us")
    if quota_us is None or period_us is None or quota_us <= 0 or period_us <= 0:
        return None
    return quota_us / period_us


def _read_int(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def query_threads() -> int | None:
    """The DuckDB threads `TRACELENS_THREADS` gives a query's connection (a shared machine's share), at most the CPUs
    this process may run on; None where it is unset or empty (DuckDB's own: one a core). A value that is no whole
    number from 1 is a usage error (`tracelens.cli` checks it before any command's work)."""
    threads = os.environ.get("TRACELENS_THREADS", "").strip()
    if not threads:
        return None
    if not (threads.isascii() and threads.isdigit() and int(threads) > 0):
        raise UsageError(f"TRACELENS_THREADS={threads!r}: not a number of threads (a whole number from 1; more than "
                         "the CPUs this process may use are those)")
    return min(int(threads), usable_cpus())
