"""The console readers' fast paths (issue 14's speed) give what reading every line gives.

Two shortcuts decide, for all lines at once, what Python need not look at: `split_lines` takes a
line as it is when one vectorised pattern says no prefix, colour or blank can be in it, and
`EventScanner.busy` hands the DeepSpeed and Megatron readers only the lines that a rule of
theirs or of the shared scanner can read. Each is checked against the same reading with the
shortcut turned off (every line through the Python loop, every line to the reader), on every
real console of the corpus and the samples, and for the splitter on generated texts made of the
pieces its rules look at."""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS, corpus_or_skip
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, _events, _lines, _nccl
from tracelens.parsers._lines import Line, parse_timestamp, split_lines
from tracelens.parsers.deepspeed import DeepSpeedParser
from tracelens.parsers.generic_log import GenericLogParser
from tracelens.parsers.megatron import MegatronParser


def _consoles() -> list[Path]:
    found = sorted(SAMPLE_LOGS.glob("*/console.log"))
    for folder in (CORPUS / "wild", CORPUS / "logs"):
        if folder.exists():
            found += sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".log", ".out", ".txt"))
    return found


def _every_line_through_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """split_lines with its vectorised test answering "maybe" for every line, and no prefix
    taken off in polars."""
    import polars as pl

    monkeypatch.setattr(_lines, "_needs_python", lambda raw: pl.Series([True] * len(raw)))
    monkeypatch.setattr(_lines, "_torchrun_prefixes", lambda raw: ([], [], []))


def _fields(lines: list[Line]) -> list[tuple[Any, ...]]:
    return [tuple(line) for line in lines]


# the pieces the splitter's rules look at: prefixes of every launcher, their near misses, colours,
# blanks of every kind, dates, glog times, pasted numbers, digits that are not ASCII
_PIECES = [
    "[", "]", " ", "  ", "      ", "0", "3", "12", ":", "|", "| ", " [std", "out", "err", "<stdout>", "]:", "] ",
    " || ", "(", "pid=1", ")", "\x1b[31m", "\x1b]0;t\x07", "a", "host", "default", "rank", "=", ",", "é", "５", "٣",
    "\t", "\u00a0", "\u3000", "\x1f", "\x0b", "2023-05-10 12:34:56", "T", ".123", "Z", "+01:00", "I1122 03:42:27.010000 ",
    "[W1122 03:42:27.0 ", "NCCL", "step=3", "Traceback (most", "svc-1", "x [stdout] ", "#", "1a2b3c4d",
]


# every launcher prefix the splitter knows, as the launchers print them, and near misses
_PREFIXES = [
    "[default3]:", "[rank3]:", "[rank3]: ", "[1,3]<stdout>:", "[1,3]<stderr>: ", "[3] ", "[12345] ", "[host:3]:",
    "[10.0.0.1:3]: ", "  3: ", "12: ", "       3: ", "[rank=3] ", "[2023-05-10T12:34:56.789Z] 1a2b3c4d || ",
    "(RayTrainWorker pid=1, ip=10.0.0.1) ", "(CommandActor pid=123) ", "svc-1  | ", "host [stderr] ", "node-2 [stdout]: ",
    "[2023-05-10 12:34:56,250] ", "[12]", "[1,3]:", "  x: ", "[٣] ", " ５: ", "[default1234567890]:", "[rank٣]:",
]


def _generated_texts(count: int) -> Iterator[str]:
    rnd = random.Random(14)
    for _ in range(count):
        lines = ["".join(rnd.choice(_PREFIXES) for _ in range(rnd.choice([0, 0, 1, 1, 2])))
                 + "".join(rnd.choice(_PIECES) for _ in range(rnd.randint(0, 8))) for _ in range(rnd.randint(1, 12))]
        if rnd.random() < 0.3:  # line numbers pasted in front of every line
            lines = [rnd.choice(["", " ", "   "]) + str(i + 1) + rnd.choice(["\t", " | ", ":\t"]) + line
                     for i, line in enumerate(lines)]
        yield rnd.choice(["\n", "\r\n", "\r"]).join(lines)


def _split_both_ways(texts: Iterable[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    mtime = 1_700_000_000 * 10**9
    fast = [_fields(split_lines(text, _events._LINE_HINT, mtime)) for text in texts]
    with monkeypatch.context() as patch:
        _every_line_through_python(patch)
        slow = [_fields(split_lines(text, _events._LINE_HINT, mtime)) for text in texts]
    return fast, slow


def test_lines_taken_as_they_are_are_what_the_line_by_line_reading_makes_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = list(_generated_texts(1500))
    fast, slow = _split_both_ways(texts, monkeypatch)
    differing = [text for text, a, b in zip(texts, fast, slow, strict=True) if a != b]
    assert not differing, differing[:3]


def test_real_consoles_split_the_same_with_and_without_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    consoles = _consoles()
    assert consoles
    texts = [path.read_bytes().decode("utf-8", "replace") for path in consoles]
    fast, slow = _split_both_ways(texts, monkeypatch)
    assert [str(p) for p, a, b in zip(consoles, fast, slow, strict=True) if a != b] == []


def _outcome(parser: Any, path: Path) -> tuple[Any, ...]:
    try:
        result = parser.parse(path, ParseOptions())
    except ParseError as error:
        return ("error", str(error))
    tables = {}
    for name, table in sorted(result.tables.items()):
        sink = io.BytesIO()
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        tables[name] = sink.getvalue()
    return (str(result.status), result.warnings, result.unrecognised_lines, tables)


def _every_line(self: _events.EventScanner, lines: Iterable[Line]) -> Iterator[Line]:
    yield from lines


@pytest.mark.parametrize("parser", [DeepSpeedParser(), MegatronParser()], ids=lambda p: p.name)
def test_readers_given_only_busy_lines_read_what_they_read_from_every_line(
        parser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus_or_skip("logs")  # the readers' own consoles are the corpus's
    consoles = _consoles()
    fast = [_outcome(parser, path) for path in consoles]
    monkeypatch.setattr(_events.EventScanner, "busy", _every_line)
    slow = [_outcome(parser, path) for path in consoles]
    assert [str(p) for p, a, b in zip(consoles, fast, slow, strict=True) if a != b] == []
    assert any(outcome[0] != "error" and outcome[2] is not None for outcome in fast)  # some console is the reader's


def test_a_first_date_past_the_year_9999_is_read_not_a_crash(tmp_path: Path) -> None:
    """9999-12-31 23:59:59 at UTC-05:30 is in the year 10000, which `datetime` cannot hold: the
    file's year is unknown, and its glog lines take their year from the file's mtime."""
    text = ("9999-12-31 23:59:59-0530 step 1 loss 2.0\n"
            "9999-12-31 23:59:59-0530 step 2 loss 1.0\n"
            "I1122 03:42:27.010000 1 launch.py:1] a glog line\n")
    mtime = int(datetime(2026, 11, 24, tzinfo=UTC).timestamp()) * 10**9
    first, _, glog = split_lines(text, None, mtime)
    utc = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
    assert first.ts_ns == (int(utc.timestamp()) + 5 * 3600 + 30 * 60) * 10**9
    assert glog.year_from_mtime
    assert glog.ts_ns == int(datetime(2026, 11, 22, 3, 42, 27, 10_000, tzinfo=UTC).timestamp() * 10**6) * 1000
    path = tmp_path / "far_future.log"
    path.write_text(text)
    result = GenericLogParser().parse(path, ParseOptions())
    assert result.tables["log_steps"].num_rows == 2


# NCCL lines as the corpus prints them, and near misses of every field: a host run that a name
# character precedes, a second " NCCL " after a head that is no NCCL head, a level glued to the
# message, a TRACE time and source file, no message at all
_NCCL_PIECES = [
    "r6i4n5:41698:41698 [3] NCCL INFO ", "vm:447:447 [0] NCCL INFO ", "a:b:1:2 [3] NCCL TRACE ", "h:1:2 [0] 12.5 f.c:3 NCCL ",
    "x h.a-b:1:2 [0] NCCL WARN ", "h:1:2 [0] NCCL ", "NCCL ", "INFO", "WARN", "ERROR", "TRACEx", "NCCL version 2.7.8+cuda10.2",
    "Channel 00/02 :    0   1", "comm 0x55d4 rank 0 nranks 2", " via P2P/IPC", ":", "[", "]", " ", "7", "-", ".",
]


def _nccl_texts() -> list[str]:
    lines: list[str] = []
    for path in _consoles():
        lines += [line for line in path.read_bytes().decode("utf-8", "replace").splitlines() if "NCCL" in line]
    rnd = random.Random(17)
    lines += ["".join(rnd.choice(_NCCL_PIECES) for _ in range(rnd.randint(1, 5))) for _ in range(3000)]
    return lines


def test_nccl_fields_read_column_wise_are_the_line_patterns_groups() -> None:
    """Each NCCL line's fields as polars reads them, all lines at once (`nccl_candidates`), are
    the groups of Python's `NCCL_LINE` on that line, and a line it does not match has none."""
    import polars as pl

    texts = _nccl_texts()
    assert sum(" NCCL " in text for text in texts) > 1000
    read = _nccl.nccl_candidates(pl.DataFrame({"body": pl.Series(texts, dtype=pl.String)}), "OVERFLOW")
    wrong = []
    for index, *fields in read.select("index", *_nccl._FIELDS).iter_rows():
        match = _nccl.NCCL_LINE.search(texts[index])
        expected = match.group(*_nccl._FIELDS) if match is not None else (None,) * 7
        # (the message is taken stripped: the space after the level is the pattern's or the message's)
        if (*fields[:6], (fields[6] or "").strip()) != (*expected[:6], (expected[6] or "").strip()):
            wrong.append((texts[index], fields, expected))
    assert read.height == sum(" NCCL " in text or "NCCL version " in text for text in texts)
    assert not wrong, wrong[:3]


def _bigscience_variants() -> dict[str, str]:
    """A real Megatron-DeepSpeed console with NCCL lines, and the same console cut and marked so
    that each condition of `nccl_lines` is met or not: cut at its first NCCL line with that
    line dated (a dated NCCL line may start an attempt); one NCCL line holding the DeepSpeed
    reader's checkpoint literal (its rule reads the line before the scanner does)."""
    path = CORPUS / "wild" / "scheduler" / "bigscience_2021_meg_ds_zero_n16_slurm_time_limit.out"
    if not path.exists():
        pytest.skip("corpus absent")
    lines = path.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if " NCCL " in line)
    dated = ["2021-05-27 21:31:55,934 " + lines[first], *lines[first + 1:]]
    marked = [*lines[:first], lines[first] + " Checkpoint global_step5 is about to be saved!", *lines[first + 1:]]
    return {"as_is": "\n".join(lines), "cut_dated": "\n".join(dated), "checkpoint_literal": "\n".join(marked)}


@pytest.mark.parametrize("parser", [DeepSpeedParser(), MegatronParser()], ids=lambda p: p.name)
def test_nccl_lines_read_apart_read_what_the_scanner_reads_line_by_line(
        parser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variants = _bigscience_variants()
    paths = {}
    for name, text in variants.items():
        paths[name] = tmp_path / f"{name}.out"
        paths[name].write_text(text + "\n")
    read = {name: _lines.read_lines(path, _events._LINE_HINT, _events._BEFORE_SCAN_PATTERN)[0]
            for name, path in paths.items()}
    # the column-wise reading is taken where it may be, and only there
    assert {name: isinstance(lines, _lines.Lines) and lines.nccl is not None for name, lines in read.items()} == {
        "as_is": True, "cut_dated": False, "checkpoint_literal": False}
    fast = {name: _outcome(parser, path) for name, path in paths.items()}
    monkeypatch.setattr(_events.EventScanner, "busy", _every_line)  # every line to the reader and the scanner
    slow = {name: _outcome(parser, path) for name, path in paths.items()}
    assert [name for name in variants if fast[name] != slow[name]] == []
    assert fast["as_is"][0] != "error"


def test_times_read_by_polars_are_what_parse_timestamp_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """`split_lines` times a dated line by polars' reading of its date where that is Python's
    (`_iso_ns`); the same lines with every date read by `parse_timestamp` (polars' reading
    turned off) get the same times: real consoles, generated texts with dates, zones, fractions
    and digits that are not ASCII, dates no calendar has, years at both ends of what `datetime`
    holds, leap seconds, and the bench's dates of every form."""
    texts = [path.read_bytes().decode("utf-8", "replace") for path in _consoles()] + list(_generated_texts(1500))
    dates = itertools.product(("2023", "2024", "9999", "0000", "0001", "1677", "2262"), ("01", "02", "13"),
                              ("28", "29", "30"), (" ", "T"), ("00", "24"), ("09", "60"),
                              ("", ",5", ".123456789123"), ("", "Z", "+05:30", "-0800", "+1400"))
    texts.append("\n".join(f"{y}-{mo}-{d}{sep}{h}:07:{s}{frac}{zone} step {i} loss 1.0"
                           for i, (y, mo, d, sep, h, s, frac, zone) in enumerate(dates)))
    fast = [[line.ts_ns for line in split_lines(text, _events._LINE_HINT)] for text in texts]
    monkeypatch.setattr(_lines, "_iso_ns", lambda: pl.lit(None, dtype=pl.Int64))
    slow = [[line.ts_ns for line in split_lines(text, _events._LINE_HINT)] for text in texts]
    assert [text[:200] for text, a, b in zip(texts, fast, slow, strict=True) if a != b] == []
    assert sum(ts is not None for times in fast for ts in times) > 1000


def test_lines_read_a_chunk_at_a_time_are_the_whole_texts_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`read_text_lines` decodes a file a chunk at a time; with chunks of a few bytes (so that
    chunks end inside multi-byte characters, between a carriage return and its newline, inside
    invalid sequences, and lines run over several chunks), plain and gzipped, its lines are
    Python's `splitlines()` of the whole file decoded at once: the real consoles, and bytes
    that stress each of those."""
    import gzip

    monkeypatch.setattr(_lines, "_CHUNK", 5)
    stress = ("é✓𝔘 step 1\r\nloss ▏▏ 2\r\rtail\x85next\u2028sep\n".encode() + b"\xff\xe2\x9c\n\xf0\x9d\n"
              + b"x" * 23 + b"\r" + b"\n" * 3)
    sources = [path.read_bytes() for path in _consoles()[:12]] + [stress, stress[:-1], b"", b"\n", b"no newline"]
    for i, data in enumerate(sources):
        expected = data.decode("utf-8", "replace").splitlines()
        plain, packed = tmp_path / f"{i}.log", tmp_path / f"{i}.log.gz"
        plain.write_bytes(data)
        packed.write_bytes(gzip.compress(data))
        assert _lines.read_text_lines(plain) == (expected, None), i
        assert _lines.read_text_lines(packed) == (expected, None), i
        assert _lines.decode_lines(data, 3) == expected, i


def test_lines_held_as_columns_index_slice_and_pick_as_a_list_does(tmp_path: Path) -> None:
    """`Lines` makes each `Line` when asked: indexing (negative too), slicing and `at` give what
    the same operations give on the list of its lines (Python's list as the reference)."""
    path = SAMPLE_LOGS / "lightning_ddp_uneven" / "console.log"
    lines, _ = _lines.read_lines(path, _events._LINE_HINT)
    assert isinstance(lines, _lines.Lines) and len(lines) > 20
    every = list(lines)
    assert [lines[i] for i in range(-len(lines), len(lines))] == every[-len(lines):] + every
    for cut in (slice(None), slice(3, 9), slice(None, None, -2), slice(-5, None), slice(100_000, None)):
        assert lines[cut] == every[cut]
    picks = [0, 7, 3, 3, len(lines) - 1]
    assert list(lines.at(picks)) == [every[i] for i in picks]


def _literal_eval_dict(text: str) -> dict[str, Any] | None:
    """What HF Trainer's reader made of a log dict before its fast path: Python's own reading;
    where that refuses a non-finite float as Python prints it (`'loss': nan`, a real dict of the
    corpus), JSON's reading of the same dict with JSON's names for those values."""
    import ast
    import json
    import re

    text = text.replace("‘", "'").replace("’", "'")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        if "'" not in text or '"' in text or re.search(r": -?(?:nan|inf)[,}]", text) is None:
            return None
        names = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}
        as_json = re.sub(r"(?<=: )(-?(?:nan|inf))(?=[,}])", lambda m: names[m.group(1)], text.replace("'", '"'))
        try:
            value = json.loads(as_json)
        except ValueError:
            return None
    return value if isinstance(value, dict) else None


def _typed(value: dict[str, Any] | None) -> object:
    return None if value is None else [(k, type(v).__name__, repr(v)) for k, v in value.items()]


def test_hf_log_dicts_read_without_literal_eval_are_what_literal_eval_reads() -> None:
    from tracelens.parsers import hf_trainer

    corpus_or_skip("wild")  # (most of the dicts are the corpus's)
    dicts = [m.group(0) for path in _consoles() for line in path.read_text("utf-8", "replace").splitlines()
             for m in hf_trainer._DICT.finditer(line)]
    assert sum(hf_trainer._FLAT_DICT.fullmatch(d) is not None for d in dicts) >= 100  # the fast path is taken
    # and the numbers and keys its rules leave to `literal_eval`, placed in the real dicts' values
    numbers = ["0", "-0", "007", "01.5", "1.", ".5", "-.5", "1e5", "1E-5", "00e5", "1e", "+1", "--1", "1e999",
               "123456789012345678", "1234567890123456789012", "1.2.3", "1_0", "0x1", "nan", "5e-324"]
    keys = ["", "a b", "é", "a\x00b", "a\\nb", "a\tb"]
    rng = random.Random(14)
    for text in rng.sample(dicts, min(200, len(dicts))):
        dicts.append(text.replace("'", f"'{rng.choice(keys)}", 1))
        dicts.append(_with_first_value(text, rng.choice(numbers)))
    for text in dicts:
        assert _typed(hf_trainer._literal(text)) == _typed(_literal_eval_dict(text)), text


def _with_first_value(text: str, number: str) -> str:
    """The dict with its first value replaced by `number`."""
    at = text.find("': ")
    if at < 0:
        return text
    end = at + 3
    while end < len(text) and text[end] not in ",}":
        end += 1
    return text[: at + 3] + number + text[end:]


def test_dates_with_slashes_are_read_month_first_unless_the_file_writes_the_day_first() -> None:
    """`%m/%d/%Y %H:%M:%S` (Python logging's datefmt in Hugging Face's example scripts) and
    `%Y/%m/%d %H:%M:%S`; a file whose first field goes past 12 writes the day first, and then
    all its dates are read so. Expectations: `datetime` on the written fields."""
    from datetime import UTC, datetime

    def ns(year: int, month: int, day: int, hour: int, minute: int, second: int) -> int:
        return int(datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()) * 10**9

    assert parse_timestamp("11/24/2026 20:26:33 INFO gloo_train: step 3") == ns(2026, 11, 24, 20, 26, 33)
    assert parse_timestamp("[2024/01/24 02:47:35.250] step 3") == ns(2024, 1, 24, 2, 47, 35) + 250_000_000
    assert parse_timestamp("05/11/2026 20:26:33 step 3") == ns(2026, 5, 11, 20, 26, 33)
    assert parse_timestamp("13/31/2026 20:26:33 step 3") is None  # no month 13, no day 31 first
    us = "05/11/2026 23:59:59 - INFO - step 1 loss 2.0\n05/12/2026 00:00:00 - INFO - step 2 loss 1.9\n"
    assert [line.ts_ns for line in split_lines(us, _events._LINE_HINT)] == [ns(2026, 5, 11, 23, 59, 59),
                                                                          ns(2026, 5, 12, 0, 0, 0)]
    eu = "12/11/2026 23:59:59 - INFO - step 1 loss 2.0\n13/11/2026 00:00:00 - INFO - step 2 loss 1.9\n"
    assert [line.ts_ns for line in split_lines(eu, _events._LINE_HINT)] == [ns(2026, 11, 12, 23, 59, 59),
                                                                          ns(2026, 11, 13, 0, 0, 0)]
