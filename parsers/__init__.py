"""Input parsers: one module per input format, one shared contract, one registry.

A parser turns one input file into named Arrow tables whose schemas are declared in
`tracelens.schemas`. `detect` looks at the file name and the first bytes, except the console-log
readers: a log's head says little (a thousand lines of `bash -x`, launcher lines before any
step), so they decide on the evidence of the whole text, searched once with one combined
pattern and shared between them (`_evidence.console_format`); a console that holds several
frameworks' lines is read by each of their readers (`console.ConsoleReader`). `parse` reads the
whole file. Parsers never print: they return warnings, and raise
`tracelens.errors.ParseError` (naming the file and the line or byte offset) when nothing can
be salvaged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Protocol

import pyarrow as pa

from tracelens.enums import FileStatus


class Claim(IntEnum):
    """How sure a parser is that a file is its format."""

    NO = 0
    NAME = 1  # the file name says so (e.g. *.pt.trace.json); parse errors are reported
    CONTENT = 2  # the first bytes say so


@dataclass(frozen=True)
class ParseOptions:
    """Options a user can force from the command line."""

    rank: int | None = None  # used when a trace does not say which rank wrote it
    profiles: tuple[str, ...] = ()  # user profile files (TOML) for log formats tracelens does not know


@dataclass
class ParseResult:
    """What one file yields: tables by name, its status, and warnings for the user."""

    tables: dict[str, pa.Table]
    status: FileStatus = FileStatus.OK
    warnings: list[str] = field(default_factory=list)
    unrecognised_lines: int | None = None  # text inputs: non-blank lines that yielded nothing

    @property
    def rows(self) -> int:
        return sum(t.num_rows for t in self.tables.values())


class Parser(Protocol):
    name: str  # registry key, e.g. "kineto"
    kind: str  # what the file is, e.g. "kineto_trace" (files.kind)
    tables: tuple[str, ...]  # tables this parser fills

    def detect(self, path: Path, head: bytes) -> Claim: ...

    def parse(self, path: Path, options: ParseOptions) -> ParseResult: ...


def registry(profiles: tuple[str, ...] = ()) -> dict[str, Parser]:
    """Every parser, by name: the user's profiles first (they win ties on the files they
    claim), then the built-in ones. Imported lazily so that `tracelens --help` stays fast."""
    from tracelens.parsers.deepspeed import DeepSpeedParser
    from tracelens.parsers.flight_recorder import FlightRecorderParser
    from tracelens.parsers.generic_log import GenericLogParser
    from tracelens.parsers.hf_trainer import HFTrainerParser
    from tracelens.parsers.hf_trainer_state import HFTrainerStateParser
    from tracelens.parsers.jsonl_metrics import JsonlMetricsParser
    from tracelens.parsers.kineto import KinetoParser
    from tracelens.parsers.lightning import LightningParser
    from tracelens.parsers.megatron import MegatronParser
    from tracelens.parsers.mlgp import MlgpParser
    from tracelens.parsers.mlperf import MlperfParser
    from tracelens.parsers.nccl_debug import NcclDebugParser
    from tracelens.parsers.nccl_tests import NcclTestsParser
    from tracelens.parsers.straggler_reports import StragglerReportParser
    from tracelens.parsers.lightning_csv import LightningCsvParser
    from tracelens.parsers.tensorboard import TensorBoardParser

    # Order breaks ties between equal claims: specific formats before the generic log parser.
    from tracelens.parsers.profile import ProfileParser, load_profile

    from tracelens.parsers.console import ConsoleReader

    # a console is read by its primary reader and by every other one whose lines it holds
    consoles: dict[str, Parser] = {p.name: p for p in (
        MegatronParser(), HFTrainerParser(), DeepSpeedParser(), LightningParser(), GenericLogParser())}
    parsers: list[Parser] = [ProfileParser(load_profile(Path(p))) for p in profiles]
    parsers += [
        KinetoParser(), FlightRecorderParser(), HFTrainerStateParser(), StragglerReportParser(), MlgpParser(),
        JsonlMetricsParser(), TensorBoardParser(), LightningCsvParser(), MlperfParser(), NcclTestsParser(),
        *(ConsoleReader(reader, consoles) for reader in consoles.values()), NcclDebugParser(),
    ]
    return {p.name: p for p in parsers}


def detect(path: Path, head: bytes, parsers: dict[str, Parser] | None = None) -> tuple[Parser | None, Claim]:
    """The parser with the strongest claim on a file, or (None, Claim.NO)."""
    best: tuple[Parser | None, Claim] = (None, Claim.NO)
    for parser in (parsers or registry()).values():
        claim = parser.detect(path, head)
        if claim == Claim.CONTENT:
            return parser, claim  # nothing claims more, and earlier parsers win ties
        if claim > best[1]:
            best = (parser, claim)
    return best
