"""Input parsers: one module per input format, one shared contract (`contract`), one registry.

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

import re
from pathlib import Path

from tracelens.parsers._io import HEAD_BYTES, log_named, utf16_as_utf8
from tracelens.parsers.composer import ComposerParser
from tracelens.parsers.console import ConsoleReader
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.parsers.deepspeed import DeepSpeedParser
from tracelens.parsers.dllogger import DLLoggerParser
from tracelens.parsers.epoch_csv import EpochCsvParser
from tracelens.parsers.fairseq import FairseqParser
from tracelens.parsers.flight_recorder import FlightRecorderParser
from tracelens.parsers.generic_log import GenericLogParser
from tracelens.parsers.hf_trainer import HFTrainerParser
from tracelens.parsers.hf_trainer_state import HFTrainerStateParser
from tracelens.parsers.json_metrics import JsonMetricsParser
from tracelens.parsers.jsonl_metrics import JsonlMetricsParser
from tracelens.parsers.keras import KerasParser
from tracelens.parsers.kineto import KinetoParser
from tracelens.parsers.lightning import LightningParser
from tracelens.parsers.lightning_csv import LightningCsvParser
from tracelens.parsers.llama_recipes import LlamaRecipesParser
from tracelens.parsers.megatron import MegatronParser
from tracelens.parsers.mlgp import MlgpParser
from tracelens.parsers.mlperf import MlperfParser
from tracelens.parsers.nccl_debug import NcclDebugParser
from tracelens.parsers.nccl_tests import NcclTestsParser
from tracelens.parsers.openmmlab import OpenMMLabParser
from tracelens.parsers.profile import ProfileParser, load_profile
from tracelens.parsers.straggler_reports import StragglerReportParser
from tracelens.parsers.tensorboard import TensorBoardParser
from tracelens.parsers.tensorboard_csv import TensorBoardCsvParser
from tracelens.parsers.tensorflow_log import TensorFlowLogParser
from tracelens.parsers.ultralytics import UltralyticsParser

__all__ = ["Claim", "ParseOptions", "ParseResult", "Parser", "detect", "detect_beyond_head", "registry"]


def registry(profiles: tuple[str, ...] = ()) -> dict[str, Parser]:
    """Every parser, by name: the user's profiles first (they win ties on the files they
    claim), then the built-in ones, specific formats before the generic log parser (order
    breaks ties between equal claims)."""
    # a console is read by its primary reader and by every other one whose lines it holds
    consoles: dict[str, Parser] = {p.name: p for p in (
        MegatronParser(), HFTrainerParser(), DeepSpeedParser(), LightningParser(), OpenMMLabParser(),
        TensorFlowLogParser(), FairseqParser(), UltralyticsParser(), ComposerParser(),
        LlamaRecipesParser(), KerasParser(), GenericLogParser())}
    parsers: list[Parser] = [ProfileParser(load_profile(Path(p))) for p in profiles]
    parsers += [
        KinetoParser(), FlightRecorderParser(), HFTrainerStateParser(), StragglerReportParser(), MlgpParser(),
        DLLoggerParser(), JsonlMetricsParser(), TensorBoardParser(), TensorBoardCsvParser(), LightningCsvParser(),
        EpochCsvParser(), JsonMetricsParser(),
        MlperfParser(), NcclTestsParser(),
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


# A console's preamble that detection looks past: a configuration and a network's printout may
# fill the head (Real-ESRGAN's log prints 820 lines before its first iteration); the console
# readers look at the lines after it, a window at a time, up to this far into the file
PREAMBLE_BYTES = 1 << 20
_WINDOW_LINES = 400
# the files looked at past their head: a job's output as it is kept (`log_named`), and of a
# window, one with a line a console's clock or bar dates
_CLOCKED = re.compile(rb"\d\d:\d\d:\d\d|\d%\||\d{1,6}/\d{1,6} \[")


def detect_beyond_head(path: Path, head: bytes, parsers: dict[str, Parser]) -> tuple[Parser | None, Claim]:
    """The console reader that claims a log-like text file (`log_named`) on its content past
    the head (`detect` found no claim in `head`): windows of the lines after the first
    `_WINDOW_LINES` that hold a clock or a bar (`_CLOCKED`), up to `PREAMBLE_BYTES`; (None,
    Claim.NO) for another file, a compressed or binary one, one the head held all of, or no claim."""
    if (not log_named(path) or head[:2] == b"\x1f\x8b" or b"\x00" in head
            or (len(head) < HEAD_BYTES and head.count(b"\n") <= _WINDOW_LINES)):
        return None, Claim.NO
    try:
        with open(path, "rb") as fh:
            data = fh.read(PREAMBLE_BYTES)
    except OSError:
        return None, Claim.NO
    data = utf16_as_utf8(data)
    if data[:2] == b"\x1f\x8b" or b"\x00" in data:
        return None, Claim.NO
    lines = data.split(b"\n")[:-1] if len(data) == PREAMBLE_BYTES else data.split(b"\n")  # (the read may cut the last)
    readers = [parser for parser in parsers.values() if isinstance(parser, ConsoleReader)]
    for start in range(_WINDOW_LINES, len(lines), _WINDOW_LINES):
        window = b"\n".join(lines[start:start + _WINDOW_LINES])
        if _CLOCKED.search(window) is None:
            continue  # (no dated line, no bar: the printout goes on)
        for reader in readers:
            if reader.detect(path, window) == Claim.CONTENT:
                return reader, Claim.CONTENT
    return None, Claim.NO
