"""Truncated traces keep exactly their complete events; the count is derived independently
by walking the traceEvents array with the stdlib's raw_decode until the first incomplete event."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, read_trace_bytes, trace_event_spans
from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions
from tracelens.parsers.kineto import KinetoParser


def complete_events_in_prefix(prefix: bytes) -> tuple[int, int]:
    """(complete X events, complete events of any phase) in a cut-off trace."""
    text = prefix.decode("utf-8", "replace")
    return _complete_events(text, text.index("[", text.index('"traceEvents"')) + 1)


def _complete_events(text: str, start: int) -> tuple[int, int]:
    """(complete X events, complete events of any phase) of an event array from `start` on."""
    decoder = json.JSONDecoder()
    pos, n_x, n_all = start, 0, 0
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        try:
            event, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            return n_x, n_all
        n_all += 1
        n_x += event.get("ph") == "X" and "ts" in event


def _sources() -> list[Path]:
    paths = sorted(SAMPLE_LOGS.rglob("*.pt.trace.json.gz"))[:1]
    try:
        paths.append(corpus_or_skip("kineto", "gpu", "nccl_parser_config", "nccl_data.json.gz"))
        paths.append(corpus_or_skip("kineto", "gpu", "trace_filter", "sampled_rank-1.json.gz"))
    except pytest.skip.Exception:
        pass
    return paths


@pytest.mark.parametrize("fraction", [0.07, 0.33, 0.5, 0.81, 0.999])
@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name[:30])
def test_cut_json_keeps_every_complete_event(source: Path, fraction: float, tmp_path: Path) -> None:
    data = read_trace_bytes(source)
    cut = data[: int(len(data) * fraction)]
    target = tmp_path / "cut.pt.trace.json"
    target.write_bytes(cut)
    expected_x, _ = complete_events_in_prefix(cut)
    result = KinetoParser().parse(target, ParseOptions())
    assert result.status == FileStatus.TRUNCATED
    assert any("truncated" in w for w in result.warnings)
    assert result.tables["trace_events"].num_rows == expected_x
    assert result.tables["trace_meta"].column("truncated").to_pylist() == [True]


@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name[:30])
def test_cut_gzip_stream_is_salvaged(source: Path, tmp_path: Path) -> None:
    data = read_trace_bytes(source)
    compressed = gzip.compress(data)
    cut = compressed[: len(compressed) // 2]
    target = tmp_path / "cut.pt.trace.json.gz"
    target.write_bytes(cut)
    import zlib

    prefix = zlib.decompressobj(wbits=31).decompress(cut)
    expected_x, _ = complete_events_in_prefix(prefix)
    result = KinetoParser().parse(target, ParseOptions())
    assert result.status == FileStatus.TRUNCATED
    assert any("gzip" in w for w in result.warnings)
    assert result.tables["trace_events"].num_rows == expected_x


def test_cut_before_any_event_is_an_error(tmp_path: Path) -> None:
    source = _sources()[0]
    data = read_trace_bytes(source)
    target = tmp_path / "head.pt.trace.json"
    target.write_bytes(data[: data.index(b'"traceEvents"') + 20])
    with pytest.raises(ParseError) as info:
        KinetoParser().parse(target, ParseOptions())
    assert str(target) in str(info.value)


@pytest.mark.parametrize("damage", ["nul_block", "nan_token", "infinity_token"])
@pytest.mark.parametrize("fraction", [0.05, 0.5, 0.8])
def test_damage_in_the_middle_keeps_the_events_around_it(damage: str, fraction: float, tmp_path: Path) -> None:
    data = read_trace_bytes(_sources()[0])
    spans = trace_event_spans(data)
    # The damage lands inside the event found at `fraction` of the file.
    start, end, _ = next(span for span in spans if span[0] >= len(data) * fraction)
    if damage == "nul_block":
        at, size = start + (end - start) // 2, 512  # as a crash with delayed allocation leaves
        damaged = data[:at] + b"\0" * size + data[at + size:]
    else:
        token = b"NaN" if damage == "nan_token" else b"Infinity"
        at, size = data.index(b'"ts":', start) + 5, 0  # a value printed by a float formatter
        damaged = data[:at] + token + b", \"was\": " + data[at:]
    target = tmp_path / "damaged.pt.trace.json"
    target.write_bytes(damaged)
    hit = {i for i, (s, e, _) in enumerate(spans) if s < at + max(size, 1) and e > at}
    expected = sum(x for i, (_, _, x) in enumerate(spans) if i not in hit)
    result = KinetoParser().parse(target, ParseOptions())
    assert result.status == FileStatus.TRUNCATED
    assert result.tables["trace_events"].num_rows == expected, (len(hit), result.warnings)


@pytest.mark.parametrize("pure_python", ["", "1"])
def test_garbage_timestamps_are_left_out_of_the_trace_and_said(pure_python: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", pure_python)
    doc = json.loads(read_trace_bytes(_sources()[0]))
    complete = [e for e in doc["traceEvents"] if e.get("ph") == "X" and "ts" in e]
    untouched = complete[:100] + complete[104:]
    day_us = 86_400e6
    complete[100]["ts"] += 50 * day_us  # a clock 50 days off
    complete[101]["ts"] -= 50 * day_us
    complete[102]["ts"] = 1e17  # past what int64 nanoseconds hold
    complete[103]["dur"] = 9e15
    target = tmp_path / "garbage.pt.trace.json"
    target.write_text(json.dumps(doc))
    result = KinetoParser().parse(target, ParseOptions())
    assert result.tables["trace_events"].num_rows == len(untouched)
    meta = result.tables["trace_meta"].to_pylist()[0]
    span_us = max(e["ts"] + e.get("dur", 0) for e in untouched) - min(e["ts"] for e in untouched)
    assert abs((meta["end_ns"] - meta["start_ns"]) / 1000 - span_us) < 1.0
    assert any("1 h away from the rest" in w for w in result.warnings), result.warnings
    assert any("beyond any real clock" in w for w in result.warnings), result.warnings


LEGACY = SAMPLE_LOGS / "legacy_profiler" / "trace.json"


def _x_events_of_array(prefix: bytes) -> int:
    """Complete X events of a bare JSON array of events, cut anywhere (an independent reader)."""
    text = prefix.decode("utf-8", "replace")
    return _complete_events(text, text.index("[") + 1)[0]


def test_the_legacy_profilers_bare_event_array_is_read() -> None:
    """PyTorch's legacy autograd profiler (record_legacy_profiler_trace.py) exports a bare JSON
    array of events, no `traceEvents` object and no categories: each of its X events is a row,
    named as in the file, its `aten::` operators CPU operators."""
    events = json.loads(LEGACY.read_text())
    result = KinetoParser().parse(LEGACY, ParseOptions())
    assert result.status == FileStatus.OK
    names = result.tables["trace_events"].column("name").to_pylist()
    assert sorted(names) == sorted(e["name"] for e in events if e["ph"] == "X")
    # its events carry no category: its ATen operators are CPU operators all the same
    kinds = dict(zip(names, result.tables["trace_events"].column("kind").to_pylist(), strict=True))
    assert {kinds[e["name"]] for e in events if e["name"].startswith("aten::")} == {"cpu_op"}


@pytest.mark.parametrize("fraction", [0.2, 0.5, 0.93])
def test_a_bare_event_array_cut_anywhere_keeps_its_complete_events(fraction: float, tmp_path: Path) -> None:
    """The array form's closing `]` is optional (a tracer may stop at any time): the same trace
    cut keeps every complete event, with a warning that the array is not closed."""
    data = LEGACY.read_bytes()
    cut = data[: int(len(data) * fraction)]
    target = tmp_path / "cut.json"
    target.write_bytes(cut)
    result = KinetoParser().parse(target, ParseOptions())
    assert result.tables["trace_events"].num_rows == _x_events_of_array(cut) > 0
    assert any("no closing" in w for w in result.warnings)


def test_a_json_list_that_is_no_trace_is_an_error_not_an_empty_trace(tmp_path: Path) -> None:
    """A JSON list of records under a trace's name (a tiny malformed input): one error naming
    the file and the reason, not an empty trace that reads as a profiled rank with no events."""
    target = tmp_path / "trace_scores.json"
    target.write_text('[{"path": "a.log", "verdict": "ok"}, {"path": "b.log", "verdict": "partial"}]\n')
    with pytest.raises(ParseError, match="no trace event"):
        KinetoParser().parse(target, ParseOptions())
