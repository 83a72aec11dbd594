"""What the CSV metric readers share (`lightning_csv`, `epoch_csv`): the file's text, its rows
read past a malformed one, and the result with the rows that did not fit said once."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import read_bytes
from tracelens.parsers._logtables import LogRows
from tracelens.parsers.contract import ParseResult


def csv_rows(path: Path, delimiter: str = ",") -> tuple[list[list[str] | None], str | None]:
    """The file's CSV rows (None for one the csv module cannot read: a NUL byte, a quote left
    open) and the reading's warning (a cut gzip stream); ParseError where it is not UTF-8."""
    data, warning = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(str(path), f"not UTF-8 text ({exc.reason})", where=f"byte {exc.start}") from None
    return _records(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)), warning


def _records(reader: Iterator[list[str]]) -> list[list[str] | None]:
    out: list[list[str] | None] = []
    while True:
        try:
            out.append(next(reader))
        except StopIteration:
            return out
        except csv.Error:
            out.append(None)  # skip the row, keep reading


def steps_result(rows: LogRows, columns: int, bad: int, warning: str | None) -> ParseResult:
    """The steps read, with the rows that did not match the header's `columns` counted in a warning."""
    warnings = [warning] if warning else []
    if bad:
        warnings.append(f"{bad} rows do not match the header's {columns} columns and were skipped")
    status = FileStatus.TRUNCATED if warning or bad else FileStatus.OK
    return ParseResult({"log_steps": rows.tables()["log_steps"]}, status, warnings)
