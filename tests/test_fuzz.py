"""One fuzz harness over every parser and the CLI (issue 16, "Fuzzing").

Real inputs of every kind (sample_logs/ and ../shared/corpus/) are mutated by hypothesis:
truncation, bit flips, splices of two real files, NUL blocks, deep nesting, long lines and odd
encodings (latin-1, UTF-16, invalid UTF-8, lone surrogates). Each case runs the registry's
detection (`read_head` + `detect`) and the chosen parser's `parse` in-process under a time
budget, and these properties hold:

- no traceback: a parser raises `ParseError` or nothing; any other exception is a bug;
- no hang: each case finishes within its budget (TRACELENS_FUZZ_BUDGET_S, default 5 s);
- no valid event lost before a damage point: a Kineto trace cut, NUL-blanked or bit-flipped at
  byte k keeps at least the complete X events whose bytes end before k, counted independently
  by walking the intact trace with the stdlib's `json.JSONDecoder.raw_decode`;
- no whole-ingest abort: a folder of mutated files of every kind through `python -m tracelens
  ingest` exits 0 or 1 with one `error:` line per failed file, the same files that failed
  in-process, and never an internal error.

The short run (the test suite's) is deterministic (derandomized, no example database). The
long run is the same tests with more examples, see docs/testing.md:

    TRACELENS_FUZZ_EXAMPLES=10000 TRACELENS_FUZZ_COLLECT=fuzz-failures.jsonl \\
        nice -n 19 python -m pytest tests/test_fuzz.py -q

With TRACELENS_FUZZ_COLLECT set, failures are appended to that file (with the recipe that
rebuilds the input) and the search goes on; the test fails at the end if any was found.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS, SAMPLE_LOGS, trace_event_spans
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, ParseResult, detect, registry
from tracelens.parsers._io import read_head

EXAMPLES = int(os.environ.get("TRACELENS_FUZZ_EXAMPLES", "0"))  # 0: the short run
LONG = EXAMPLES > 0
BUDGET_S = float(os.environ.get("TRACELENS_FUZZ_BUDGET_S", "5"))
COLLECT = os.environ.get("TRACELENS_FUZZ_COLLECT")  # long run: record failures and go on
STATS = os.environ.get("TRACELENS_FUZZ_STATS")  # long run: per-kind figures (JSON lines)
# Ingests of a folder of one mutated file per kind (each a subprocess, about 1-3 s).
CLI_EXAMPLES = int(os.environ.get("TRACELENS_FUZZ_CLI_EXAMPLES", str(max(2, EXAMPLES // 50))))
# Sizes of the inserted runs: the short run stays small so that it stays fast.
MAX_NEST = 200_000 if LONG else 20_000
MAX_LONG_LINE = 4 << 20 if LONG else 200_000

REGISTRY = registry()


def _corpus(pattern: str) -> list[Path]:
    return sorted(CORPUS.glob(pattern)) if CORPUS.exists() else []


def _sample(pattern: str) -> list[Path]:
    return sorted(SAMPLE_LOGS.glob(pattern))


# Input kinds and their real sources. A kind's files are mutated and spliced with each other.
KINDS: dict[str, list[Path]] = {
    "kineto_json": _corpus("nccl/kineto/*.json") + _corpus("wild/kineto/param_dlrm_8rank_nccl/worker0_*.json"),
    "kineto_gz": _sample("*/traces/*.pt.trace.json.gz")[:2] + _corpus("kineto/cpu_torch213/single_nw2/*.json.gz")[:1]
    + _corpus("kineto/gpu/trace_filter/sampled_rank-1.json.gz"),
    "fr_pickle": _sample("fr_gloo_*/fr_trace_rank_[0-9]") + _sample("hang_restart_gloo_2rank/fr/fr_trace_rank_1")
    + _corpus("nccl/flight-recorder/nvrx_fr_traces/gpu_error_2nd/_dump_1[0-1]"),
    "fr_json": _sample("fr_gloo_*/fr_trace_rank_[0-9].json"),
    "nccl_tests": _corpus("nccl/nccl-tests/*.log"),
    "nccl_debug": _corpus("nccl/nccl-debug/*.log"),
    "hf_trainer_log": _sample("hf_trainer_*/console.log") + _corpus("logs/hf_trainer/*.log") + _corpus("wild/hf_trainer/*.log"),
    "lightning_log": _sample("lightning_ddp_*/console.log") + _corpus("logs/lightning/*.log") + _corpus("logs/nemo/*.log"),
    "megatron_log": _corpus("logs/megatron/*.log"),
    "deepspeed_log": _corpus("logs/deepspeed/*.log"),
    "mlperf_log": _corpus("logs/mlperf/*.log") + _corpus("wild/mlperf/v0.6_*.txt"),
    "torchtitan_log": _corpus("logs/torchtitan/*.log"),
    "generic_log": _sample("*_gloo_2rank/console.log") + _corpus("logs/torchelastic/*.log")
    + _corpus("nccl/c10d-watchdog/*.log")[:4] + _corpus("logs/straggler/*.log"),
    "trainer_state": _sample("hf_trainer_*/trainer_state.json"),
    "jsonl_metrics": _sample("jsonl_metrics_*/metrics.jsonl") + _corpus("logs/goodput_mlgp/*.jsonl")
    + _corpus("nccl/inspector/*.jsonl"),
    "tensorboard": (_sample("*/tb/version_*/events.out.tfevents.*")
                    + _sample("hf_trainer_default_tb/runs/*/events.out.tfevents.*")),
    "metrics_csv": _sample("lightning_ddp_*/csv/version_*/metrics.csv") + _sample("keras_csvlogger/training.log"),
    "metrics_json": _sample("sacred_metrics/metrics.json"),
}
KINDS = {kind: paths for kind, paths in KINDS.items() if paths}
KINETO_KINDS = ("kineto_json", "kineto_gz")


def _decompressed(path: Path) -> bytes:
    return gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()


_CACHE: dict[Path, bytes] = {}


def source_bytes(path: Path) -> bytes:
    """The source's content: decompressed for gzip (mutations act on what the parser reads)."""
    if path not in _CACHE:
        _CACHE[path] = _decompressed(path)
    return _CACHE[path]


# ---------------------------------------------------------------- mutations

# An operation is a tuple: (name, *arguments); `apply_ops` replays them, so that a failure's
# recipe (the source, the operations) rebuilds its input exactly.
Op = tuple[Any, ...]
ENCODINGS = ("latin-1", "utf-16", "utf-16-be", "utf-8-sig", "cp1252")
BAD_UTF8 = (b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\x80\x80\x80")
NESTS = (b"[", b'{"a":', b"[{", b'{"traceEvents":[', b"(", b"]")


def apply_op(data: bytes, op: Op) -> bytes:
    name = op[0]
    n = len(data)
    if name == "truncate":
        return data[: op[1]]
    if name == "bitflip":
        out = bytearray(data)
        for pos, bit in op[1]:
            if pos < n:
                out[pos] ^= 1 << bit
        return bytes(out)
    if name == "splice":  # data[:i] + other[j:]
        _, other, i, j = op
        return data[:i] + source_bytes(Path(other))[j:]
    if name == "nul_block":  # overwrite (a crash with delayed allocation) or insert
        _, at, size, insert = op
        return data[:at] + b"\0" * size + data[at if insert else at + size :]
    if name == "nest":
        _, at, unit, count = op
        return data[:at] + unit * count + data[at:]
    if name == "long_line":  # a run with no newline: one byte repeated, or a chunk of the file
        _, at, chunk_at, chunk_len, size = op
        chunk = data[chunk_at : chunk_at + chunk_len].replace(b"\n", b" ") or b"x"
        return data[:at] + (chunk * (size // len(chunk) + 1))[:size] + data[at:]
    if name == "encode":
        return data.decode("utf-8", "surrogateescape").encode(op[1], "replace")
    if name == "bad_utf8":
        _, at, seq = op
        return data[:at] + seq + data[at:]
    if name == "lone_surrogate":  # a JSON escape of half a pair, where a string's text starts
        _, at = op
        quote = data.find(b'"', at)
        if quote < 0:
            return data + b'"\\ud800"'
        return data[: quote + 1] + b"\\udc80\\ud83d" + data[quote + 1 :]
    raise AssertionError(op)


def apply_ops(data: bytes, ops: list[Op]) -> bytes:
    for op in ops:
        data = apply_op(data, op)
    return data


@st.composite
def op_for(draw: st.DrawFn, data: bytes, kind: str) -> Op:
    n = len(data)
    pos = st.integers(0, max(0, n))
    name = draw(st.sampled_from(
        ["truncate", "bitflip", "splice", "nul_block", "nest", "long_line", "encode", "bad_utf8", "lone_surrogate"]
    ))
    if name == "truncate":
        return ("truncate", draw(pos))
    if name == "bitflip":
        flips = draw(st.lists(st.tuples(st.integers(0, max(0, n - 1)), st.integers(0, 7)), min_size=1, max_size=8))
        return ("bitflip", tuple(flips))
    if name == "splice":
        # Another file of the same kind most of the time, else any kind's.
        pool = KINDS[kind] if draw(st.integers(0, 3)) else [p for paths in KINDS.values() for p in paths]
        other = draw(st.sampled_from(pool))
        return ("splice", str(other), draw(pos), draw(st.integers(0, len(source_bytes(other)))))
    if name == "nul_block":
        return ("nul_block", draw(pos), draw(st.sampled_from([1, 7, 512, 4096, 65536])), draw(st.booleans()))
    if name == "nest":
        return ("nest", draw(pos), draw(st.sampled_from(NESTS)), draw(st.integers(1, MAX_NEST)))
    if name == "long_line":
        return ("long_line", draw(pos), draw(pos), draw(st.integers(1, 200)), draw(st.integers(1, MAX_LONG_LINE)))
    if name == "encode":
        return ("encode", draw(st.sampled_from(ENCODINGS)))
    if name == "bad_utf8":
        return ("bad_utf8", draw(pos), draw(st.sampled_from(BAD_UTF8)))
    return ("lone_surrogate", draw(pos))


@dataclass
class Case:
    kind: str
    source: Path
    ops: list[Op]
    gzip_raw: bool = False  # gz kinds: ops act on the compressed bytes, not the content

    @property
    def recipe(self) -> str:
        raw = " (on the compressed bytes)" if self.gzip_raw else ""
        return f"{self.source}{raw}: {self.ops!r}"

    def build(self) -> bytes:
        if self.gzip_raw:
            return apply_ops(self.source.read_bytes(), self.ops)
        content = apply_ops(source_bytes(self.source), self.ops)
        # mtime=0: the same case writes the same bytes every time.
        return gzip.compress(content, compresslevel=1, mtime=0) if self.source.name.endswith(".gz") else content


@st.composite
def cases(draw: st.DrawFn, kind: str) -> Case:
    source = draw(st.sampled_from(KINDS[kind]))
    gzip_raw = source.name.endswith(".gz") and draw(st.integers(0, 3)) == 0
    data = source.read_bytes() if gzip_raw else source_bytes(source)
    ops: list[Op] = []
    for _ in range(draw(st.integers(1, 3))):
        op = draw(op_for(data, kind))
        ops.append(op)
        data = apply_op(data, op)
    return Case(kind, source, ops, gzip_raw)


# ---------------------------------------------------------------- running one case


class OverBudget(BaseException):
    """Raised by the alarm: a BaseException, so a parser's `except Exception` cannot swallow it."""


WALL_BACKSTOP_S = float(os.environ.get("TRACELENS_FUZZ_WALL_S", "60"))


@contextmanager
def budget(seconds: float) -> Iterator[None]:
    """The case's CPU time is held to `seconds` (a loaded machine does not make a fast parser look
    hung), and its wall time to a backstop (a parser that blocks without computing, on a lock or a
    read, is caught too): a watchdog thread reads the process's clocks and signals the main thread
    (a real signal: it interrupts a blocked read). Not a CPU timer (ITIMER_PROF): under one, this
    project's VMs ran the parsers markedly slower."""
    reason = [""]
    done, main = threading.Event(), threading.get_ident()

    def _over(signum: int, frame: Any) -> None:
        if not done.is_set():  # (a signal sent as the case ended: its CPU check afterwards says so)
            raise OverBudget(reason[0])

    cpu_start, wall_start = time.process_time(), time.monotonic()

    def _watch() -> None:
        # each limit signalled once: the backstop still fires where the first was swallowed
        sent: set[str] = set()
        while not done.wait(0.02):
            if "cpu" not in sent and time.process_time() - cpu_start > seconds:
                sent.add("cpu")
                reason[0] = f"over the {seconds:g} s CPU budget"
            elif "wall" not in sent and time.monotonic() - wall_start > WALL_BACKSTOP_S:
                sent.add("wall")
                reason[0] = f"over the {WALL_BACKSTOP_S:g} s wall-clock backstop"
            else:
                continue
            signal.pthread_kill(main, signal.SIGUSR1)

    previous = signal.signal(signal.SIGUSR1, _over)
    watchdog = threading.Thread(target=_watch, daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        while True:  # the watchdog stopped before the handler goes, whatever raises meanwhile
            try:
                done.set()
                watchdog.join()
                break
            except OverBudget:
                continue
        signal.signal(signal.SIGUSR1, previous)


@dataclass
class Outcome:
    parser: str | None
    result: ParseResult | None = None
    error: ParseError | None = None
    seconds: float = 0.0


def run_in_process(path: Path) -> Outcome:
    """Detection and parse as the store runs them; exceptions other than ParseError propagate."""
    start, cpu_start = time.perf_counter(), time.process_time()
    with budget(BUDGET_S):
        try:  # detection may read the whole file (console logs): its ParseError is the file's error line
            parser, _ = detect(path, read_head(path), REGISTRY)
        except ParseError as exc:
            parser, outcome = None, Outcome(None, error=exc)
        else:
            outcome = Outcome(parser.name if parser else None)
        if parser is not None:
            try:
                outcome.result = parser.parse(path, ParseOptions())
            except ParseError as exc:
                outcome.error = exc
    outcome.seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    if cpu > BUDGET_S or outcome.seconds > WALL_BACKSTOP_S:  # C code the signals could not interrupt
        raise OverBudget(f"took {cpu:.1f} s CPU, {outcome.seconds:.1f} s wall, over the {BUDGET_S:g} s budget")
    if outcome.error is not None:
        message = str(outcome.error)
        assert message.startswith(str(path)), f"a ParseError must name its file: {message!r}"
        assert "\n" not in message, f"a ParseError is one line: {message!r}"
    return outcome


# ---------------------------------------------------------------- the Kineto property


def event_spans(content: bytes) -> list[tuple[int, int]]:
    """(start, end) byte offsets of the complete X events (with a `ts`) of an intact trace."""
    return [(start, end) for start, end, complete in trace_event_spans(content) if complete]


_SPANS: dict[Path, list[tuple[int, int]]] = {}


def damage_point(case: Case) -> int | None:
    """The first byte a single truncation, NUL block or bit flip changed; None when the case
    is another mutation (those may move or re-encode the bytes before the damage)."""
    if case.kind not in KINETO_KINDS or case.gzip_raw or len(case.ops) != 1:
        return None
    op = case.ops[0]
    if op[0] in ("truncate", "nul_block"):
        return int(op[1])
    if op[0] == "bitflip":
        return min(pos for pos, _ in op[1])
    return None


def events_before(case: Case, k: int) -> int:
    if case.source not in _SPANS:
        _SPANS[case.source] = event_spans(source_bytes(case.source))
    return sum(1 for _, end in _SPANS[case.source] if end <= k)


# ---------------------------------------------------------------- checking and recording


@dataclass
class Stats:
    cases: int = 0
    parsed: int = 0
    parse_errors: int = 0
    undetected: int = 0
    failures: int = 0
    slowest_s: float = 0.0
    by_parser: dict[str, int] = field(default_factory=dict)


STATS_BY_KIND: dict[str, Stats] = {}
_SEEN: set[str] = set()


def record_failure(case: Case, problem: str) -> None:
    """Long run: append the failure (once per distinct problem) and go on; else fail now."""
    if not COLLECT:
        pytest.fail(f"{problem}\nrecipe: {case.recipe}", pytrace=False)
    STATS_BY_KIND[case.kind].failures += 1
    key = f"{case.kind}|{problem.splitlines()[0][:200]}"
    if key in _SEEN:
        return
    _SEEN.add(key)
    with open(COLLECT, "a") as fh:
        fh.write(json.dumps({"kind": case.kind, "problem": problem, "recipe": case.recipe}) + "\n")


def check_case(case: Case, path: Path, fresh: bool = True) -> Outcome | None:
    """Write the case to `path` and check it; None when it failed (and was recorded)."""
    stats = STATS_BY_KIND.setdefault(case.kind, Stats())
    stats.cases += 1
    if fresh:
        # A fresh folder per case: the console-log readers cache a file's evidence by (path, size,
        # mtime), and two cases of one size written within the file system's clock tick would share it.
        path = path.parent / f"case{stats.cases}" / path.name
        path.parent.mkdir()
    path.write_bytes(case.build())
    try:
        return _check(case, path, stats)
    finally:
        if fresh:  # the recipe rebuilds it; a long run would fill the disk
            path.unlink()
            path.parent.rmdir()


def _check(case: Case, path: Path, stats: Stats) -> Outcome | None:
    try:
        outcome = run_in_process(path)
    except OverBudget as exc:
        record_failure(case, f"hang: {exc}")
        return None
    except Exception as exc:  # a traceback: the bug this harness looks for
        where = traceback.extract_tb(exc.__traceback__)[-1]
        record_failure(case, f"{type(exc).__name__}: {str(exc)[:300]} at {Path(where.filename).name}:{where.lineno}\n"
                             + "".join(traceback.format_exception(exc))[-3000:])
        return None
    stats.slowest_s = max(stats.slowest_s, outcome.seconds)
    if stats.cases % 1000 == 0:
        _write_stats(case.kind)  # progress of a long run
    if outcome.error is not None:
        stats.parse_errors += 1
    elif outcome.parser is None:
        stats.undetected += 1
    else:
        stats.parsed += 1
    stats.by_parser[str(outcome.parser)] = stats.by_parser.get(str(outcome.parser), 0) + 1
    k = damage_point(case)
    if k is not None:
        expected = events_before(case, k)
        got = 0
        if outcome.parser == "kineto" and outcome.result is not None:
            got = outcome.result.tables["trace_events"].num_rows
        if got < expected:
            why = outcome.error or f"read by {outcome.parser}" if outcome.result is None or outcome.parser != "kineto" else ""
            record_failure(case, f"events lost before the damage at byte {k}: {got} < {expected} {why}".strip())
    return outcome


def _settings(examples: int) -> Callable[[Any], Any]:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        print_blob=False,
        suppress_health_check=list(HealthCheck),
    )


def _write_stats(kind: str) -> None:
    if STATS and kind in STATS_BY_KIND:
        with open(STATS, "a") as fh:
            fh.write(json.dumps({"kind": kind, "at": time.strftime("%H:%M:%S"), **STATS_BY_KIND[kind].__dict__}) + "\n")


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_mutated_inputs_parse_or_fail_cleanly(kind: str, tmp_path: Path) -> None:
    """Every mutation of every kind: detection and parse raise nothing but ParseError, within
    the budget, and a damaged Kineto trace keeps its complete events before the damage."""
    @_settings(EXAMPLES or 12)
    @given(case=cases(kind))
    def run(case: Case) -> None:
        check_case(case, tmp_path / case.source.name)  # the real file name: detection reads names too

    started = time.perf_counter()
    run()
    STATS_BY_KIND.setdefault(kind, Stats())
    _write_stats(kind)
    if COLLECT and STATS_BY_KIND[kind].failures:
        pytest.fail(f"{STATS_BY_KIND[kind].failures} failing cases in {time.perf_counter() - started:.0f} s; see {COLLECT}")


@st.composite
def damage_cases(draw: st.DrawFn, kind: str) -> Case:
    """One truncation, NUL block or bit flip of a Kineto trace: the cases the lost-events
    property applies to (the general mix holds few of them)."""
    source = draw(st.sampled_from(KINDS[kind]))
    n = len(source_bytes(source))
    at = draw(st.integers(0, n))
    op = draw(st.sampled_from([
        ("truncate", at), ("nul_block", at, draw(st.sampled_from([1, 512, 4096])), draw(st.booleans())),
        ("bitflip", ((min(at, n - 1), draw(st.integers(0, 7))),)),
    ]))
    return Case(kind, source, [op])


@pytest.mark.parametrize("kind", [k for k in KINETO_KINDS if k in KINDS])
def test_damaged_kineto_traces_keep_the_events_before_the_damage(kind: str, tmp_path: Path) -> None:
    @_settings(EXAMPLES or 15)
    @given(case=damage_cases(kind))
    def run(case: Case) -> None:
        assert damage_point(case) is not None
        check_case(case, tmp_path / case.source.name)

    run()
    if COLLECT and STATS_BY_KIND[kind].failures:
        pytest.fail(f"{STATS_BY_KIND[kind].failures} failing cases; see {COLLECT}")


def test_the_kineto_property_can_fire(tmp_path: Path) -> None:
    """The intact sources parse to exactly the events the walker counts, and a cut keeps at
    least those before it: the count the fuzz property compares with is a real one."""
    for source in KINDS.get("kineto_json", [])[:2] + KINDS.get("kineto_gz", [])[:1]:
        case = Case("kineto_json", source, [])
        path = tmp_path / source.name
        path.write_bytes(case.build())
        outcome = run_in_process(path)
        assert outcome.parser == "kineto" and outcome.result is not None
        spans = event_spans(source_bytes(source))
        assert outcome.result.tables["trace_events"].num_rows == len(spans) > 0
        cut = Case("kineto_json", source, [("truncate", spans[len(spans) // 2][1] + 1)])
        path.write_bytes(cut.build())
        assert 0 < events_before(cut, cut.ops[0][1]) <= run_in_process(path).result.tables["trace_events"].num_rows  # type: ignore[union-attr]


@_settings(CLI_EXAMPLES)
@given(data=st.data())
def test_a_folder_of_mutated_files_is_one_ingest_with_one_error_line_per_failed_file(data: st.DataObject) -> None:
    """One mutated file of every kind through `python -m tracelens ingest` in a subprocess: exit
    code 0 or 1, one `error:` line per file that failed in-process and no other, never an
    internal error or a traceback, and within the budget for all of them."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "job"
        folder.mkdir()
        files: dict[Path, Case] = {}
        for i, kind in enumerate(sorted(KINDS)):
            case = data.draw(cases(kind), label=kind)
            sub = folder / f"{i:02d}"
            sub.mkdir()
            path = sub / case.source.name
            files[path] = case
        expected_errors = set()
        for path, case in files.items():
            outcome = check_case(case, path, fresh=False)
            if outcome is None:
                return  # already recorded: the in-process run is the better reproducer
            if outcome.parser is None or outcome.error is not None:
                expected_errors.add(str(path))
        store = Path(tmp) / "s.tlstore"
        started = time.perf_counter()
        try:
            proc = subprocess.run(
                # --job all: the files come from many jobs on purpose (one ingest, not one job)
                [sys.executable, "-m", "tracelens", "ingest", *map(str, files), "-o", str(store), "-q", "-j", "2",
                 "--job", "all"],
                capture_output=True, timeout=BUDGET_S * len(files) + 60,
            )
        except subprocess.TimeoutExpired:
            record_failure(next(iter(files.values())), f"hang: ingest of {len(files)} mutated files ran past its budget; "
                           + "; ".join(c.recipe for c in files.values()))
            return
        err = proc.stderr.decode("utf-8", "replace")
        lines = err.splitlines()
        named = [next((str(p) for p in files if line.startswith(f"error: {p}")), None) for line in lines]
        problems = []
        if proc.returncode not in (0, 1):
            problems.append(f"exit code {proc.returncode}")
        if "internal" in err or "Traceback" in err:
            problems.append("an internal error")
        if any(not line.startswith("error: ") for line in lines) or None in named:
            problems.append("a stderr line that is not one file's error")
        if len(set(named)) != len(named):
            problems.append("a file named twice")
        if set(filter(None, named)) != expected_errors:
            problems.append(f"failed files differ from in-process: {sorted(set(filter(None, named)) ^ expected_errors)}")
        if (proc.returncode == 1) != bool(expected_errors):
            problems.append(f"exit code {proc.returncode} with {len(expected_errors)} failed files")
        if problems:
            record_failure(next(iter(files.values())), f"ingest: {', '.join(problems)} ({time.perf_counter() - started:.1f} s)\n"
                           + err[-3000:] + "\nrecipes:\n" + "\n".join(f"{p}: {c.recipe}" for p, c in files.items()))


# ---------------------------------------------------------------- regressions found by the fuzzer


@pytest.mark.parametrize("pure_python", ["", "1"])
@pytest.mark.parametrize("tail", [b",", b",\n  ", b", "])
def test_a_cut_just_after_an_events_comma_keeps_that_event(tail: bytes, pure_python: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzzer: a trace cut between `},` and the next `{` lost its last whole
    event (the salvage closed the array as `},]`, which failed, and skipped the event)."""
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", pure_python)
    source = next(iter(KINDS["kineto_json"]), None) if "kineto_json" in KINDS else None
    if source is None:
        pytest.skip("../shared/corpus is absent")
    data = source_bytes(source)
    spans = event_spans(data)
    end = spans[2][1]
    assert data[end: end + 1] == b","
    path = tmp_path / source.name
    path.write_bytes(data[:end] + tail)
    result = KINETO.parse(path, ParseOptions())
    assert result.tables["trace_events"].num_rows == 3
    assert not any("corrupt events skipped" in w for w in result.warnings), result.warnings


KINETO = REGISTRY["kineto"]


@pytest.mark.parametrize("pure_python", ["", "1"])
def test_an_event_nested_past_the_decoders_depth_costs_only_that_event(pure_python: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzzer: `[` x 100000 inside one event made msgspec raise RecursionError,
    which escaped the salvage and lost the whole trace; now that event is skipped as corrupt."""
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", pure_python)
    if "kineto_json" not in KINDS:
        pytest.skip("../shared/corpus is absent")
    source = KINDS["kineto_json"][0]
    data = source_bytes(source)
    spans = event_spans(data)
    start, _ = spans[len(spans) // 2]
    at = data.index(b'"ts"', start)
    path = tmp_path / source.name
    path.write_bytes(data[:at] + b'"deep": ' + b"[" * 100_000 + data[at:])
    result = KINETO.parse(path, ParseOptions())
    assert result.tables["trace_events"].num_rows == len(spans) - 1
    assert any("corrupt events skipped" in w for w in result.warnings), result.warnings


def test_a_flight_recorder_json_dump_nested_past_the_decoders_depth_is_a_parse_error(tmp_path: Path) -> None:
    """Found by the fuzzer: a JSON dump with `{"a":` x 5000 inside raised RecursionError."""
    source = SAMPLE_LOGS / "fr_gloo_skip_4rank" / "fr_trace_rank_1.json"
    data = source.read_bytes()
    path = tmp_path / source.name
    path.write_bytes(data[:1969] + b'{"a":' * 5000 + data[1969:])
    with pytest.raises(ParseError, match="nested deeper"):
        REGISTRY["flight_recorder"].parse(path, ParseOptions())


def test_a_pickle_memo_index_past_its_size_is_refused_at_once(tmp_path: Path) -> None:
    """Found by the fuzzer: text inserted into a dump made `r` + 4 bytes a LONG_BINPUT of index
    1164272481; the C unpickler grew its memo array to that size (GBs zeroed, minutes)."""
    source = SAMPLE_LOGS / "fr_gloo_skip_4rank" / "fr_trace_rank_0"
    case = Case("fr_pickle", source, [("nest", 201, b'{"traceEvents":[', 50)])  # took over 15 s before the fix
    path = tmp_path / source.name
    path.write_bytes(case.build())
    outcome = run_in_process(path)  # within the budget, else OverBudget
    assert outcome.parser == "flight_recorder"
    assert outcome.error is not None and "memo index" in str(outcome.error)


@pytest.mark.parametrize("pure_python", ["", "1"])
@pytest.mark.parametrize("damage", ["flip_last_byte", "nul_over_the_end", "nuls_appended"])
def test_damage_after_the_last_event_keeps_it(damage: str, pure_python: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the fuzzer: a bit flip in the trace's closing `}`, or NULs over or after the
    array's end, lost the last event (its piece ran into the damage and was skipped whole)."""
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", pure_python)
    if "kineto_json" not in KINDS:
        pytest.skip("../shared/corpus is absent")
    source = KINDS["kineto_json"][1]
    data = source_bytes(source)
    n = len(data.rstrip())
    op: Op = {"flip_last_byte": ("bitflip", ((n - 1, 0),)), "nul_over_the_end": ("nul_block", n - 1, 512, False),
              "nuls_appended": ("nul_block", len(data), 4096, True)}[damage]
    path = tmp_path / source.name
    path.write_bytes(apply_op(data, op))
    result = KINETO.parse(path, ParseOptions())
    assert result.tables["trace_events"].num_rows == len(event_spans(data))
