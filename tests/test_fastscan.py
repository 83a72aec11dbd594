"""The C scanner (tracelens/_fastscan.c) against the pure-Python Kineto parser: on every real
trace the two give identical tables, warnings and status; on mangled input the scanner never
crashes and, whenever it accepts the bytes, still agrees with the Python path."""

from __future__ import annotations

import gzip
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, kineto_corpus_files
from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, ParseResult, kineto
from tracelens.parsers.kineto import KinetoParser

PARSER = KinetoParser()


@contextmanager
def _pure_python() -> Iterator[None]:
    os.environ["TRACELENS_PURE_PYTHON"] = "1"
    try:
        yield
    finally:
        del os.environ["TRACELENS_PURE_PYTHON"]


def _both(path: Path) -> tuple[ParseResult | str, ParseResult | str]:
    def run() -> ParseResult | str:
        try:
            return PARSER.parse(path, ParseOptions())
        except ParseError as exc:
            return f"ParseError: {exc}"

    fast = run()
    with _pure_python():
        pure = run()
    return fast, pure


def _assert_same(fast: ParseResult | str, pure: ParseResult | str) -> None:
    if isinstance(fast, str) or isinstance(pure, str):
        assert fast == pure
        return
    assert (fast.status, fast.warnings) == (pure.status, pure.warnings)
    assert fast.tables.keys() == pure.tables.keys()
    for name in fast.tables:
        assert fast.tables[name].schema == pure.tables[name].schema, name
        assert fast.tables[name].equals(pure.tables[name]), name


def _scanner_takes(path: Path) -> bool:
    """The scanner reads the whole document: it finds the event array exactly where msgspec's
    header decoder puts it, and reads it into the same columns as when given the array alone."""
    import pyarrow as pa

    data = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
    header = kineto._HEADER_DECODER.decode(data)
    assert kineto._fastscan is not None
    alone = kineto._fastscan.scan(header.traceEvents)
    document = kineto._fastscan.scan_document(data)
    if alone is None or document is None:
        return False
    columns, start, stop = document
    assert data[start:stop] == bytes(header.traceEvents)

    def flat(value: object) -> object:  # the column buffers as bytes, for comparison
        if isinstance(value, dict):
            return {k: flat(v) for k, v in value.items()}
        if isinstance(value, tuple):
            return tuple(flat(v) for v in value)
        return value if isinstance(value, int) else pa.py_buffer(value).to_pybytes()

    assert flat(columns) == flat(alone)
    return True


def test_the_scanner_is_built() -> None:
    """pip install builds it wherever a C compiler exists (CI's does): a silent fallback to the
    Python path would halve ingest speed unnoticed."""
    assert kineto._fastscan is not None


@pytest.mark.parametrize("path", kineto_corpus_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scanner_and_python_parser_agree_on_every_real_trace(path: Path) -> None:
    fast, pure = _both(path)
    _assert_same(fast, pure)


def test_the_scanner_reads_every_real_trace() -> None:
    """It declines only what could come out differently (malformed input, odd types, more
    than three decimals, a document it cannot walk): no real trace of the corpus or the samples."""
    declined = [p.name for p in kineto_corpus_files() if not _scanner_takes(p)]
    assert declined == []


@pytest.mark.parametrize("pure", [False, True], ids=["scanner", "python"])
def test_instant_timestamps_keep_their_nanoseconds(pure: bool) -> None:
    """Absolute microseconds with three decimals (1712195495519689.047) do not fit a float:
    instant events kept them to 0.25 us until both paths read them as decimals."""
    import json
    from decimal import Decimal

    path = corpus_or_skip("kineto", "gpu", "ns_resolution_trace", "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz")
    doc = json.loads(gzip.decompress(path.read_bytes()), parse_float=Decimal)
    base = doc.get("baseTimeNanoseconds") or 0
    expected = sorted(int(Decimal(e["ts"]) * 1000) + base for e in doc["traceEvents"]
                      if e.get("ph") in ("i", "I") and e.get("ts") is not None)
    assert expected and any(t % 1000 for t in expected)
    if pure:
        with _pure_python():
            result = PARSER.parse(path, ParseOptions())
    else:
        result = PARSER.parse(path, ParseOptions())
    assert sorted(result.tables["trace_instants"].column("ts_ns").to_pylist()) == expected


def _sample_bytes() -> bytes:
    trace = min((SAMPLE_LOGS / "gpu_nccl_1rank" / "traces").glob("*.pt.trace.json.gz"))
    data = gzip.decompress(trace.read_bytes())
    # the first few hundred events keep each example fast; the cut is at an event boundary
    cut = data.find(b"\n  },", 60_000)
    return data[: cut + 4] + b"]}" if cut > 0 else data


SAMPLE = _sample_bytes()
MUTATIONS = [b'"', b"\\", b"{", b"}", b"[", b"]", b",", b":", b"-", b".", b"e", b"0", b"9", b"\x00", b"\xc3",
             b"\xff", b'"X"', b'"i"', b"null", b"true", b"1e400", b"\\u00e9", b"\\ud800", b" ", b"\n"]


@pytest.mark.parametrize(("escape", "kept"), [(b"\\ud800", False), (b"\\udc00", False), (b"\\ud83d\\ude00", True)])
def test_a_lone_surrogate_escape_in_an_events_args_is_refused_by_both_paths(
        tmp_path: Path, escape: bytes, kept: bool) -> None:
    """A `\\ud800` escape with no low surrogate after it, inside an event's args string (a case
    the fuzz test above drew): the Python path's decoder refuses the event and says so, and the
    scanner agrees where it once kept the event; a surrogate pair is a character both keep."""
    at = SAMPLE.index(b'"Input type": ["') + len(b'"Input type": ["')
    target = tmp_path / "rank0.pt.trace.json"
    target.write_bytes(SAMPLE[:at] + escape + SAMPLE[at:])
    fast, pure = _both(target)
    _assert_same(fast, pure)
    assert not isinstance(pure, str)
    assert (pure.status == FileStatus.OK) is kept


def test_a_number_past_a_doubles_range_in_an_event_the_scanner_skips_is_the_python_parsers_to_refuse(
        tmp_path: Path) -> None:
    """A flow event's timestamp mangled to `4485661781e400596` (a case the fuzz test below drew): msgspec refuses the
    number, so the Python path refuses that event and says so; the scanner, which skips flow events, hands the file
    to the Python path rather than keep it silently (it returned OK, no warning)."""
    flow = SAMPLE.index(b'"ph": "f"')
    at = SAMPLE.index(b'"ts": ', flow) + len(b'"ts": ')
    target = tmp_path / "rank0.pt.trace.json"
    stop = SAMPLE.index(b",", at)  # (its number, `4485661780733.596`, as `4485661781e400596`: five bytes replaced)
    target.write_bytes(SAMPLE[:at] + SAMPLE[at:stop][:10] + b"e400" + SAMPLE[at:stop][-3:] + SAMPLE[stop:])
    fast, pure = _both(target)
    _assert_same(fast, pure)
    assert not isinstance(pure, str) and pure.status == FileStatus.TRUNCATED


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_scanner_survives_mangled_traces_and_agrees_when_it_accepts(tmp_path_factory: pytest.TempPathFactory,
                                                                    data: st.DataObject) -> None:
    raw = bytearray(SAMPLE)
    for _ in range(data.draw(st.integers(1, 4))):
        if not raw:
            break
        at = data.draw(st.integers(0, len(raw) - 1))
        what = data.draw(st.sampled_from(["insert", "replace", "delete", "truncate"]))
        piece = data.draw(st.sampled_from(MUTATIONS))
        if what == "insert":
            raw[at:at] = piece
        elif what == "replace":
            raw[at:at + len(piece)] = piece
        elif what == "delete":
            del raw[at:at + data.draw(st.integers(1, 40))]
        else:
            del raw[at:]
    kineto._fastscan.scan(bytes(raw))  # never crashes, whatever the bytes
    kineto._fastscan.scan_document(bytes(raw))
    target = tmp_path_factory.mktemp("fuzz") / "mangled.pt.trace.json"
    target.write_bytes(bytes(raw))
    fast, pure = _both(target)
    _assert_same(fast, pure)


def test_a_large_uncompressed_trace_agrees_while_its_pages_are_handed_back(tmp_path: Path) -> None:
    """An uncompressed trace is memory-mapped and the scanner drops the pages it has read
    every 8 MB; the events it leaves to Python are read again from those pages afterwards."""
    source = corpus_or_skip("kineto", "gpu", "df_index_resolver", "df_index_resolver.json.gz")
    target = tmp_path / "rank0.json"
    target.write_bytes(gzip.decompress(source.read_bytes()))
    assert target.stat().st_size > 4 * (8 << 20)
    assert _scanner_takes(target)
    fast, pure = _both(target)
    _assert_same(fast, pure)


def test_a_lone_surrogate_escape_is_declined_not_reported_as_out_of_memory(tmp_path: Path) -> None:
    """Found by the fuzz test above once the scanner read whole documents: a name with a lone
    surrogate escape made the scan report MemoryError. It declines instead, and the file gets
    the Python path's result (here msgspec's error, the same with or without the scanner)."""
    at = SAMPLE.index(b'"name": "', SAMPLE.index(b'"traceEvents"')) + len(b'"name": "')  # an event's name
    mangled = SAMPLE[:at] + b"\\ud800" + SAMPLE[at:]
    assert kineto._fastscan is not None
    assert kineto._fastscan.scan_document(mangled) is None
    target = tmp_path / "surrogate.pt.trace.json"
    target.write_bytes(mangled)
    fast, pure = _both(target)
    _assert_same(fast, pure)


def _mangled_time(field: bytes, value: bytes | None) -> bytes:
    """SAMPLE with the first complete event's `field` given `value`, or, with None, its
    decimal point lost (a thousand times too large)."""
    at = SAMPLE.index(field, SAMPLE.index(b'"ph": "X"')) + len(field)
    end = SAMPLE.index(b",", at)
    if value is None:
        dot = SAMPLE.index(b".", at, end)
        return SAMPLE[:dot] + SAMPLE[dot + 1:]
    return SAMPLE[:at] + value + SAMPLE[end:]


@pytest.mark.parametrize(("field", "value"), [(b'"ts": ', None), (b'"dur": ', b"4500000000000000.5")],
                         ids=["ts_without_its_point", "dur_of_142_years"])
def test_a_time_beyond_any_clock_is_dropped_alike_by_both_paths(tmp_path: Path, field: bytes, value: bytes | None) -> None:
    """One event's time or duration past 4e15 us (year 2096): the scanner's rows drop it as the
    Python path does, with the same warning, and the other events are the same."""
    target = tmp_path / "rank0.pt.trace.json"
    target.write_bytes(_mangled_time(field, value))
    assert _scanner_takes(target)
    fast, pure = _both(target)
    _assert_same(fast, pure)
    assert not isinstance(fast, str)
    assert "1 events with a time or duration beyond any real clock (over 4e+15 µs) dropped" in fast.warnings
