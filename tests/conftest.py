from __future__ import annotations

import collections
import gzip
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
SAMPLE_LOGS = ROOT / "sample_logs"

# Stores written by the tests skip fsync (tracelens.store._fsync_and_rename): a third of a small
# ingest's time here, and no test can tell it from a durable write (a killed ingest's writes
# survive in the page cache; only a machine crash loses them). Set before any store is made, and
# inherited by the commands the tests run in subprocesses.
os.environ.setdefault("TRACELENS_DURABLE", "0")
# What `tracelens.cli.main` sets for the program, for the test processes and the children they
# start other than through it: numpy's OpenBLAS threads spin at start-up (~0.1 CPU-s a process).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# The run's workers already take every core: a polars pool thread per core in each of them only
# contends (the console readers' columns here are a few lines; results do not depend on it).
os.environ.setdefault("POLARS_MAX_THREADS", "1")
# Where the environment forbids writing bytecode (PYTHONDONTWRITEBYTECODE, as on this project's
# machines), every interpreter the run starts (xdist's workers, the CLI subprocesses, spawned
# parser workers) would compile tracelens and the tests from source again: about 0.2 CPU-s each.
# The run keeps their bytecode in a folder of its own instead, made here (in the controller,
# before any worker starts) and removed when the run ends.
_RUN_PYCACHE: str | None = None
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None and "PYTHONPYCACHEPREFIX" not in os.environ:
    import tempfile

    _RUN_PYCACHE = os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="tracelens-tests-pycache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _RUN_PYCACHE is not None:
        import shutil

        shutil.rmtree(_RUN_PYCACHE, ignore_errors=True)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-goldens", action="store_true", help="Rewrite golden outputs from the current code.")


# pytest-xdist's `--dist loadgroup` groups no test under pytest 9 (its worker writes the group
# into `item._nodeid`, which pytest 9 does not read). Tests handed out one at a time alternate
# between workers and modules, and a worker makes a module's fixtures (a Ray cluster, decoded
# and parsed traces, stores) again each time it comes back to the module: so the unit of work
# is a module.
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under `--dist loadgroup`: every test of a module on one worker, the modules handed out
    in the order `pytest_collection_modifyitems` below gives them."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModuleScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return nodeid.split("::", 1)[0]

    config.option.loadscopereorder = False
    return ModuleScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules in the order workers should start them, longest first so that short ones even
    out the workers' ends: those of an `xdist_group` (the Ray tests, on processes of their own),
    then those holding a `slow` test, then by number of tests, most first."""
    counts = collections.Counter(item.path for item in items)
    grouped = {item.path for item in items if item.get_closest_marker("xdist_group") is not None}
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    first_seen = {path: i for i, path in reversed(list(enumerate(item.path for item in items)))}
    items.sort(key=lambda item: (item.path not in grouped, item.path not in slow, -counts[item.path],
                                 first_seen[item.path]))


def corpus_or_skip(*parts: str) -> Path:
    path = CORPUS.joinpath(*parts)
    if not CORPUS.exists():
        pytest.skip("../shared/corpus is absent")
    assert path.exists(), f"{path} is missing from the corpus"
    return path


def kineto_corpus_files() -> list[Path]:
    """Every Kineto trace of ../shared/corpus/kineto and sample_logs (empty when shared is absent)."""
    files: list[Path] = []
    if CORPUS.exists():
        for path in sorted((CORPUS / "kineto").rglob("*.json*")):
            if "hta_reference_outputs" not in path.parts:
                files.append(path)
    files += sorted(SAMPLE_LOGS.rglob("*.pt.trace.json*"))
    return files


def trace_event_spans(data: bytes) -> list[tuple[int, int, bool]]:
    """(start byte, end byte, is a complete X event with a `ts`) of every event of an intact
    Kineto trace, walked with the stdlib's raw_decode, independently of tracelens' parser."""
    import json

    text = data.decode("latin-1")  # one character per byte: offsets are byte offsets
    pos = text.index("[", text.index('"traceEvents"')) + 1
    decoder = json.JSONDecoder()
    spans: list[tuple[int, int, bool]] = []
    while True:
        while text[pos] in " \t\r\n,":
            pos += 1
        if text[pos] == "]":
            return spans
        event, end = decoder.raw_decode(text, pos)
        spans.append((pos, end, isinstance(event, dict) and event.get("ph") == "X" and "ts" in event))
        pos = end


def read_trace_bytes(path: Path) -> bytes:
    return gzip.open(path).read() if path.name.endswith(".gz") else path.read_bytes()


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACELENS_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


def _read_only_store(tmp_path_factory: pytest.TempPathFactory, name: str, inputs: list[Path], *, all_ok: bool = False) -> Path:
    """A store of `inputs` that the tests only read, ingested once per run: under pytest-xdist
    the first worker to ask makes it in the run's shared temporary folder, and the others wait
    for it and read it (a read writes nothing to a store). `all_ok`: no input may fail."""
    import fcntl
    import shutil

    from tracelens.store import Store

    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "read-only-stores"
    folder.mkdir(exist_ok=True)
    root, done = folder / f"{name}.tlstore", folder / f"{name}.done"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or its process dies
        if not done.exists():
            shutil.rmtree(root, ignore_errors=True)  # what a worker that failed making it left
            outcome = Store.open(root).ingest(inputs)
            assert not (all_ok and outcome.failed), [r.message for r in outcome.failed]
            done.touch()
    return root


@pytest.fixture(scope="session")
def corpus_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One store holding every Kineto trace of the corpus and of sample_logs/; read only."""
    files = kineto_corpus_files()
    if not files:
        pytest.skip("no traces available")
    return _read_only_store(tmp_path_factory, "corpus", files, all_ok=True)


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A store of one sample job (`sample_store("ddp_gloo_2rank")`), ingested once per run
    and shared: the tests that take it only read it."""

    def get(job: str) -> Path:
        return _read_only_store(tmp_path_factory, f"sample-{job}", [SAMPLE_LOGS / job])

    return get


@pytest.fixture(scope="session")
def all_samples_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample job in one store, as `tracelens ingest sample_logs --job all` makes it; read only."""
    return _read_only_store(tmp_path_factory, "all-samples", [SAMPLE_LOGS])


class QueryConnection:
    """A store's connection for a test that only queries it, as `tracelens sql` makes one: each
    query's connection defines the views and tables it names and what they read (the views a
    connection computes as it opens, those alone), made again, with the names of the queries
    before, where a query names one it lacks. A full connection (`Store.connect()`) for anything
    else asked of it, and where a query names none (`show tables`)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._names: set[str] = set()
        self._con: Any = None
        self._full = False

    def execute(self, query: str, parameters: Any = None) -> Any:
        from tracelens.store import names_read

        named = names_read(query)
        if named is None:
            self._connect_all()
        elif not self._full and (self._con is None or not named <= self._names):
            self._names |= named
            self._con = self._store.connect(only=self._names)
        return self._con.execute(query) if parameters is None else self._con.execute(query, parameters)

    def _connect_all(self) -> None:
        if not self._full:
            self._con, self._full = self._store.connect(), True

    def __getattr__(self, name: str) -> Any:
        self._connect_all()
        return getattr(self._con, name)


def console_connection(tmp_path: Path, lines: list[str], name: str = "console.log") -> Any:
    """The lines as a console (each ended by a newline), ingested into a fresh store under
    `tmp_path`: a connection to that store that the test queries (`QueryConnection`)."""
    from tracelens.store import Store

    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    return QueryConnection(store)


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run one CLI command in this process, as `tracelens` would: (exit code, stdout, stderr).

    In-process: a test that is not about the process itself pays no interpreter start-up and
    imports (1-3 s a call on a busy machine). Parser workers are spawned, not forked, here
    (`tracelens.store.FORK_IS_SAFE` stays False in a process that has run DuckDB)."""
    import contextlib
    import io

    from tracelens.cli import run

    stdout, stderr = io.StringIO(), io.StringIO()
    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "120"
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = run(list(args))
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    return code, stdout.getvalue(), stderr.getvalue()


def run_cli_process(*args: str) -> tuple[int, str, str]:
    """Run the CLI in a subprocess (`python -m tracelens`), for tests about the process:
    (exit code, stdout, stderr)."""
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "tracelens", *args], capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"}
    )
    return proc.returncode, proc.stdout, proc.stderr


def recompute_connection_views(con: Any) -> None:
    """Compute again, in dependency order, the views a connection computed once when it opened
    (`materialize: per_connection`, and on a small store every view it could: see
    `tracelens.store.open_views`): for a test that has put a substitute in place of a view
    they read, after the connection opened."""
    from tracelens.queries import sources, view_definitions
    from tracelens.store import compute_once

    once = {name.removeprefix("_connection_") for (name,) in con.execute(
        "select table_name from duckdb_tables() where temporary and starts_with(table_name, '_connection_')").fetchall()}
    for name, sql in view_definitions(only=once & sources().keys()):
        if name in once:
            con.execute(compute_once(name, sql.strip().rstrip(";"))[0])  # the view already reads that table
