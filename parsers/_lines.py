"""Console-log lines as users have them, made regular: one logical line at a time, with the
launcher's rank prefix, ANSI colours and progress-bar carriage returns taken off, and the
line's own timestamp (if any) in ns since the epoch."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from tracelens.parsers._io import read_bytes

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
# Launcher prefixes: torchrun --tee "[default3]:", "[rank3]:", srun "3: ", mpirun "[1,3]<stdout>:",
# "[host:3]:"; docker-compose "svc-1  | " (no rank).
_PREFIXES = (
    re.compile(r"^\[default(?P<rank>\d+)\]:"),
    re.compile(r"^\[rank(?P<rank>\d+)\]:\s?"),
    re.compile(r"^\[\d+,(?P<rank>\d+)\]<std(?:out|err)>:\s?"),
    re.compile(r"^\[(?P<rank>\d{1,4})\] "),  # mpirun "[3] " (longer numbers are counters, not ranks)
    re.compile(r"^\[[\w.\-]+:(?P<rank>\d+)\]:\s?"),
    re.compile(r"^(?P<rank>\d{1,5}): "),
    re.compile(r"^[\w.\-]+-\d+\s+\|\s"),
)
_ISO = re.compile(
    r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[ T](?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:[.,](?P<frac>\d{1,9}))?"
    r"(?P<tz>Z|[+-]\d{2}:?\d{2})?"
)


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line number in the file
    rank: int | None  # from the launcher prefix
    text: str  # without prefix and colours
    ts_ns: int | None  # the line's own timestamp


def read_lines(path: Path) -> tuple[list[Line], str | None]:
    """Every logical line of a (possibly gzipped) log, and a warning if it was cut short."""
    data, warning = read_bytes(path)
    text = data.decode("utf-8", "replace")
    lines: list[Line] = []
    yearless: list[int] = []  # indexes of lines whose timestamp (glog) has no year
    year: int | None = None
    in_header = True
    for number, physical in enumerate(text.splitlines(), start=1):
        if in_header and physical.startswith("#"):
            continue  # provenance notes at the top of collected logs
        in_header = False
        clean = _ANSI.sub("", physical)
        # A progress bar redraws itself with \r; each redraw (and the log line glued after the
        # last one) is a line of its own.
        for segment in clean.split("\r"):
            if segment.strip():
                rank, body = strip_prefix(segment)
                ts = parse_timestamp(body)
                if ts is None and _GLOG.match(body):
                    yearless.append(len(lines))
                elif ts is not None and year is None:
                    year = datetime.fromtimestamp(ts / 1e9, tz=timezone.utc).year
                lines.append(Line(number, rank, body, ts))
    if year is not None:
        # glog lines (torchrun's launcher: "E1122 03:42:27.010000 ...") carry no year: take the
        # year of the file's own dated lines.
        for i in yearless:
            lines[i] = Line(lines[i].number, lines[i].rank, lines[i].text, _glog_ns(lines[i].text, year))
    return lines, warning


def head_bodies(head: bytes, limit: int = 2000) -> Iterator[str]:
    """The first `limit` lines of a file's head, each without its launcher prefix: what the
    log parsers' detect() look at."""
    for raw in head.decode("utf-8", "replace").splitlines()[:limit]:
        yield strip_prefix(raw.strip())[1]


def strip_prefix(text: str) -> tuple[int | None, str]:
    for pattern in _PREFIXES:
        match = pattern.match(text)
        if match:
            rank = match.groupdict().get("rank")
            return (int(rank) if rank is not None else None), text[match.end():]
    return None, text


_GLOG = re.compile(r"^\[?[IWEF] ?(?P<mo>\d{2})(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})\.(?P<frac>\d{1,9})\s")


def _glog_ns(text: str, year: int) -> int | None:
    match = _GLOG.match(text)
    if not match:
        return None
    g = match.groupdict()
    try:
        moment = datetime(year, int(g["mo"]), int(g["d"]), int(g["h"]), int(g["mi"]), int(g["s"]), tzinfo=timezone.utc)
    except ValueError:
        return None
    return int(moment.timestamp()) * 1_000_000_000 + int(g["frac"].ljust(9, "0")[:9])


def parse_timestamp(text: str) -> int | None:
    """The first ISO-like timestamp in the line (naive times are taken as UTC)."""
    match = _ISO.search(text[:80])
    if not match:
        return None
    g = match.groupdict()
    try:
        moment = datetime(int(g["y"]), int(g["mo"]), int(g["d"]), int(g["h"]), int(g["mi"]), int(g["s"]), tzinfo=timezone.utc)
    except ValueError:
        return None
    ns = int(moment.timestamp()) * 1_000_000_000
    if g["frac"]:
        ns += int(g["frac"].ljust(9, "0")[:9])
    tz = g["tz"]
    if tz and tz != "Z":
        sign = 1 if tz[0] == "+" else -1
        digits = tz[1:].replace(":", "")
        ns -= sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60) * 1_000_000_000
    return ns


def iter_numbers(text: str) -> Iterator[tuple[str, float]]:
    """`key value`, `key=value` and `key: value` pairs with numeric values (1,234.5 included)."""
    for match in _KEY_VALUE.finditer(text):
        try:
            yield match.group("key").lower(), float(match.group("value").replace(",", ""))
        except ValueError:
            continue


_KEY_VALUE = re.compile(
    r"(?P<key>[A-Za-z_][\w/.]*)\s*(?:[:=]\s*|\s+)"
    r"(?P<value>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?)(?![\w.,])"
)


def refine_bar_elapsed(points: list[tuple[int, int]], window: int = 4) -> list[float]:
    """Sub-second times for a progress bar's readings.

    tqdm prints the time since the bar started truncated to whole seconds, so a reading of
    `e` means the step ended in [e, e + 1). Steps of a run are regular, so a straight line
    through the neighbouring readings (step -> e + 0.5, `window` readings either side) places
    each step within that second; the estimate is kept inside its own reading's second and
    never before the previous step's. `points` are (step, whole seconds) in log order; the
    result is seconds since the bar started, one per point.
    """
    refined: list[float] = []
    for i, (step, elapsed) in enumerate(points):
        near = points[max(0, i - window): i + window + 1]
        xs = [float(s) for s, _ in near]
        ys = [e + 0.5 for _, e in near]
        mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
        spread = sum((x - mean_x) ** 2 for x in xs)
        if len(near) >= 3 and spread > 0:
            slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
            estimate = mean_y + slope * (step - mean_x)
        else:
            estimate = elapsed + 0.5
        estimate = min(max(estimate, float(elapsed)), elapsed + 0.999)
        if refined:
            estimate = max(estimate, refined[-1])
        refined.append(estimate)
    return refined


def anchor_bar(header_ns: int, readings: list[tuple[int, int]], refined: dict[int, float],
               dated: list[tuple[int, int]]) -> int:
    """When a progress bar started, from the dated lines printed among its readings.

    The bar starts after its header line (`header_ns`). A dated line at T printed after a
    reading of e whole seconds and before one of e' seconds bounds the start to
    (T - e' - 1, T - e]. Within those bounds the start is T - (the refined time of the reading
    before T) for the dated line printed closest after a step's end (a checkpoint save follows
    its step at once), among lines with readings at most 2 s apart on both sides (a line after
    the bar's last reading, e.g. after a crash, may come long after any step); with none, the
    header's time. `readings` are the bar's
    (step, whole seconds) in print order, `refined` the refined seconds per step, `dated`
    (readings printed before the line, T in ns). The readings and the dated lines must come
    from one stream (tqdm and logging both write to stderr; print() goes elsewhere).
    """
    low, high = header_ns, None
    estimate = None
    for before, ts_ns in dated:
        bracketed = 1 <= before < len(readings) and readings[before][1] - readings[before - 1][1] <= 2
        if before >= 1:
            step, elapsed = readings[before - 1]
            bound = ts_ns - elapsed * 10**9
            high = bound if high is None else min(high, bound)
            if step in refined and bracketed:  # printed between two readings close in time: near a step's end
                guess = ts_ns - int(refined[step] * 1e9)
                estimate = guess if estimate is None else min(estimate, guess)
        if before < len(readings):
            low = max(low, ts_ns - (readings[before][1] + 1) * 10**9 + 1)
    if estimate is None or (high is not None and low > high):
        return header_ns
    return min(max(estimate, low), high if high is not None else estimate)
