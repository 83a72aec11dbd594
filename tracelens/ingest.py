"""How files get into a store: discover, detect, plan, execute, materialise per-file views.

The store (tracelens.store) knows its layout, manifest, commit, lock and garbage; this module
knows files. The two meet at one narrow interface:

- a `ParseTask` names one file, its parser and the store's location; `run_task` parses the
  file, writes its fragments and its per-file views straight into the store's folders and
  returns the file's record (fragments written, rows, status, warnings; a small file's rows
  ride back in the record instead, for the commit to pack with others'). It never touches the
  manifest and never raises on bad input, so any executor can run it anywhere the store's
  path is visible: a thread, a process, a Ray worker on another node (tracelens.executors);
- the `Committer`, in the ingesting process alone, takes each returned record, settles
  duplicates and unchanged files, and commits the manifest in batches (Store._commit).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import os
import re
import secrets
import shutil
import stat
import struct
import tempfile
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from tracelens import store as _store
from tracelens.enums import FileStatus
from tracelens.errors import DiskFullError, TracelensError, UsageError
from tracelens.safe_text import printable
from tracelens.schemas import PARTITION_BY, TABLES, conform
from tracelens.store import (
    _EMPTY_FILES_SQL,
    MANIFEST,
    FileRecord,
    IngestOutcome,
    ProgressCallback,
    Store,
    _sql_str,
    view_statements,
)

if TYPE_CHECKING:
    from tracelens.executors import Executor
    from tracelens.parsers import ParseOptions

COMMIT_EVERY_S = float(os.environ.get("TRACELENS_COMMIT_EVERY_S", "10"))  # batch commits on long ingests
# Small files' rows held by the committer before they are written as packs: its memory bound.
PACK_EVERY_BYTES = 64 << 20
LOG_KIND = "console_log"
SKIPPED_REASON = "not recognised: no parser reads a file of this name and first bytes"
_TOO_DEEP = "nested deeper than a decoder can follow (JSON or pickle containers inside containers, thousands deep); not read"


# ---------------------------------------------------------------------- the interface
@dataclass
class ParseTask:
    """One file to parse into the store at `root`. Picklable: it travels to processes and to
    Ray workers. `record` holds what discovery knew (path, size, mtime, kind, parser)."""

    root: str
    record: FileRecord
    parser: str
    options: ParseOptions
    token: str  # this ingest's: fragment names of two ingests never collide

    @property
    def size_bytes(self) -> int:
        return self.record.size_bytes


def run_task(task: ParseTask) -> FileRecord:
    """Run one parse task: the file's record, its fragments written. Never raises on bad input
    (only DiskFullError, which stops the whole ingest)."""
    return parse_file(task.root, task.record, task.parser, task.options, task.token)


# ---------------------------------------------------------------------- orchestration
def ingest(
    store: Store,
    inputs: Iterable[str | Path],
    *,
    rank: int | None = None,
    workers: int | None = None,
    progress: ProgressCallback | None = None,
    profiles: Iterable[str | Path] = (),
    log_format: str | None = None,
    max_memory: int | None = None,
    one_job: bool = False,
    job: str | None = None,
    executor: Executor | None = None,
    mirror: bool = False,
) -> IngestOutcome:
    """Store.ingest: see its docstring."""
    from tracelens.executors import LocalExecutor, chosen_executor
    from tracelens.parsers import ParseOptions, registry

    inputs = list(inputs)
    outcome = IngestOutcome()
    options = ParseOptions(rank=rank, profiles=tuple(os.path.abspath(p) for p in profiles))
    parsers = registry(options.profiles)
    forced = _forced_log_parser(parsers, log_format)
    if executor is None:
        executor = chosen_executor(workers=workers, max_memory=max_memory)
    with store.locked():
        store._write_empty_tables()
        if store.derived_version != _store.derived_version():
            refresh_derived(store)
        if mirror:
            _forget_vanished(store, inputs, outcome)
        todo, unknown, order = _plan(store, inputs, parsers, forced, outcome)
        checked = job != "all" and (job is not None or one_job)  # one job per store: decided once all is parsed
        token = secrets.token_hex(4)
        tasks = [ParseTask(str(store.root), rec, name, options, token) for rec, name in todo]
        committer = Committer(store, outcome, progress, sum(t.size_bytes for t in tasks), batch_commits=not checked)
        executor.run(tasks, committer.finish)
        if isinstance(executor, LocalExecutor) and executor.note:
            outcome.notes.append(executor.note)
        outcome.parsed.sort(key=lambda rec: order.get(rec.path, len(order)))
        if checked:
            from tracelens.jobs import keep_one_job

            store._pack(committer.pending)  # the job check reads every parsed file's rows
            try:
                keep_one_job(store, inputs, outcome, unknown, job=job, one_job=one_job)
            except BaseException:
                store._collect_garbage()  # a refused ingest leaves the store as it was: its packs go
                raise
        kept = {rec.path for rec in outcome.parsed} | {rec.path for rec in outcome.unchanged}
        final = {id(rec): rec for rec in outcome.parsed + committer.pending
                 if id(rec) not in committer.committed and rec.path in kept}
        committer.commit([*final.values(), *unknown])
        outcome.notes.extend(store._rank_collisions())  # (over every trace committed, this ingest's too)
        store._collect_garbage()
    return outcome


def _forget_vanished(store: Store, inputs: list[str | Path], outcome: IngestOutcome) -> None:
    """A mirror of its inputs (the cache of a raw folder) forgets the files stored from under
    them that are no longer there: a file deleted from the folder leaves its report. Only a path
    the system says does not exist is forgotten (a folder that cannot be read now keeps its
    files). A stored copy of a forgotten file's bytes (`duplicate`, no rows of its own) is
    forgotten too, so that this ingest parses it again. Their rows go with the next commit
    (their records gone from it, garbage collection takes the rest)."""
    roots = [os.path.abspath(p) for p in inputs]
    gone = [path for path in store.records
            if any(path == root or path.startswith(root.rstrip(os.sep) + os.sep) for root in roots) and _vanished(path)]
    for path in gone:
        del store.records[path]
    if not gone:
        return
    forgotten = set(gone)
    for path in [p for p, rec in store.records.items() if rec.duplicate_of in forgotten]:
        del store.records[path]  # (not counted: it is parsed again now)
    outcome.notes.append(f"{len(gone)} files read before are no longer there: left out, e.g. {printable(min(gone))}")


def _vanished(path: str) -> bool:
    """The system says the path does not exist (not: it cannot be looked at now)."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError:
        return False
    return False


def _plan(
    store: Store, inputs: list[str | Path], parsers: dict[str, Any], forced: Any, outcome: IngestOutcome,
) -> tuple[list[tuple[FileRecord, str]], list[FileRecord], dict[str, int]]:
    """Discover and detect: the files to parse (record with path/size/mtime, parser name), the
    walked files no parser claims (recorded for the inputs section), and the order the inputs
    were found in (said back in it). Failures and unchanged files go into `outcome`."""
    from tracelens.parsers import detect, detect_beyond_head
    from tracelens.parsers._io import read_head

    todo: list[tuple[FileRecord, str]] = []
    unreadable: list[tuple[str, str]] = []
    order: dict[str, int] = {}
    unknown: list[FileRecord] = []
    for path, explicit in discover(inputs, exclude=store.root, unreadable=unreadable):
        key = str(path)
        order.setdefault(key, len(order))
        try:
            st = path.stat()
        except OSError as exc:
            outcome.parsed.append(_failed(key, f"cannot read: {exc.strerror or exc}"))
            continue
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block the read, /dev/zero never end it
            outcome.parsed.append(_failed(key, f"not a regular file ({_file_type(st.st_mode)}); not read"))
            continue
        try:
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError as exc:  # unreadable (permissions): said, in a folder as on the command line
            outcome.parsed.append(_failed(key, f"cannot read: {exc.strerror or exc}"))
            continue
        old = store.records.get(key)
        if (
            old is not None
            and old.size_bytes == st.st_size
            and old.mtime_ns == st.st_mtime_ns
            and old.status not in (FileStatus.FAILED.value, FileStatus.UNKNOWN.value)  # a --profile may read it now
            and (forced is None or old.kind != LOG_KIND or old.parser == forced.name)
        ):
            outcome.unchanged.append(old)
            continue
        try:
            head = read_head(path)
            parser, claim = detect(path, head, parsers)
            if parser is None:
                parser, claim = detect_beyond_head(path, head, parsers)  # a console whose head is all preamble
        except TracelensError as exc:  # one file's problem, not the ingest's
            failed = _failed(key, str(exc))
            failed.message = str(exc) if str(exc).startswith(key) else failed.message
            outcome.parsed.append(failed)
            continue
        except RecursionError:
            outcome.parsed.append(_failed(key, _TOO_DEEP))
            continue
        except Exception as exc:
            problem = f"internal error recognising its format ({type(exc).__name__}: {exc}); please report it"
            outcome.parsed.append(_failed(key, problem))
            continue
        if forced is not None and (
            (parser is not None and parser.kind == LOG_KIND)
            or (parser is None and (explicit or path.suffix.lower() in (".log", ".txt", ".out", ".err")))
        ):
            parser = forced  # --log-format: every console log is read as this format
        if parser is None:
            if explicit:
                rec = _failed(key, "not a recognised input format")
                rec.size_bytes, rec.mtime_ns = st.st_size, st.st_mtime_ns
                outcome.parsed.append(rec)
                continue
            outcome.skipped.append(key)
            same = old is not None and (old.size_bytes, old.mtime_ns) == (st.st_size, st.st_mtime_ns)
            if old is None or old.status != FileStatus.UNKNOWN.value or not same:
                unknown.append(FileRecord(path=key, size_bytes=st.st_size, mtime_ns=st.st_mtime_ns,
                                          status=FileStatus.UNKNOWN.value, message=SKIPPED_REASON,
                                          ingested_at_ns=time.time_ns()))
            continue
        rec = FileRecord(path=key, size_bytes=st.st_size, mtime_ns=st.st_mtime_ns, kind=parser.kind, parser=parser.name)
        todo.append((rec, parser.name))  # hashed by the worker, which reads the bytes anyway
    outcome.parsed.extend(_failed(folder, reason) for folder, reason in unreadable)
    return todo, unknown, order


class Committer:
    """The only writer of the manifest during an ingest: takes each parsed file's record as
    its task returns, and commits them in batches (every COMMIT_EVERY_S) so that a long ingest
    killed late keeps what it had committed."""

    def __init__(self, store: Store, outcome: IngestOutcome, progress: ProgressCallback | None, total: int,
                 *, batch_commits: bool) -> None:
        self.store, self.outcome, self.progress, self.total = store, outcome, progress, total
        self.batch_commits = batch_commits
        self.done = 0
        self.pending: list[FileRecord] = []
        self.last_commit = time.monotonic()
        self.batch: dict[str, FileRecord] = {}  # sha256 -> first record of this run with those bytes
        self.held = 0  # bytes of small files' rows in `pending`, not yet packed
        self.committed: set[int] = set()  # ids of the records committed so far
        # sha256 -> the store's records with those bytes when the ingest began: a lookup per
        # parsed file, where a scan of every record made an ingest quadratic in its files.
        self.stored: dict[str, list[FileRecord]] = {}
        for rec in store.records.values():
            if rec.sha256:
                self.stored.setdefault(rec.sha256, []).append(rec)
        self.copies = CompressedCopies(store)

    def finish(self, rec: FileRecord) -> None:
        store, outcome = self.store, self.outcome
        self.done += rec.size_bytes
        old = store.records.get(rec.path)
        if (rec.sha256 and old is not None and old.sha256 == rec.sha256 and old.status != FileStatus.FAILED.value
                and old.parser == rec.parser):
            store._discard(rec)  # touched, not changed: keep what the store has
            old.mtime_ns = rec.mtime_ns
            outcome.unchanged.append(old)
            self.pending.append(old)
            return
        stored = rec.sha256 and rec.status != FileStatus.FAILED.value and rec.size_bytes > 0
        twin = (self._same_content(rec) or self.batch.get(rec.sha256) or self.copies.twin(rec)) if stored else None
        if twin is not None and twin.parser == rec.parser:
            store._discard(rec)
            rec.status, rec.duplicate_of, rec.rows, rec.warnings = FileStatus.DUPLICATE.value, twin.path, 0, []
        elif stored:
            self.batch[rec.sha256] = rec
            self.copies.add(rec)
        outcome.parsed.append(rec)
        self.pending.append(rec)
        self.held += sum(table.nbytes for table in rec.tables.values())
        if self.progress:
            self.progress(self.done, self.total, rec.path)
        if self.batch_commits and (time.monotonic() - self.last_commit > COMMIT_EVERY_S or self.held > PACK_EVERY_BYTES):
            self.commit(self.pending)
            self.pending.clear()
            self.last_commit = time.monotonic()
            self.held = 0
        elif self.held > PACK_EVERY_BYTES:  # committed at the end, once the job is known: packed now
            self.store._pack(self.pending)
            self.held = 0

    def commit(self, records: list[FileRecord]) -> None:
        self.store._commit(records)
        self.committed.update(id(rec) for rec in records)

    def _same_content(self, new: FileRecord) -> FileRecord | None:
        """A stored file (not failed, not itself a duplicate) with the same bytes and parser."""
        for rec in self.stored.get(new.sha256, ()):
            if (self.store.records.get(rec.path) is rec  # not replaced since
                    and rec.path != new.path and rec.parser == new.parser
                    and rec.status not in (FileStatus.DUPLICATE.value, FileStatus.FAILED.value)):
                return rec
        return None


class CompressedCopies:
    """Finds a file that holds what another holds compressed (`rank0.json` beside the
    `rank0.json.gz` made from it): different bytes, the same content, which stored twice would
    count each of its steps twice. A gzip file's trailer gives its content's CRC-32 and size
    (mod 2**32) at no cost; a plain file's CRC-32 is computed (once) only when its size, parser
    and rows are those of a gzip file's. The twin must have been read by the same parser into as
    many rows (a CRC-32 collision alone never drops a file), and a stored twin must be
    unchanged on disk (checked on a match only). Each lookup costs the files that match it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # (content size, parser, rows, CRC-32) -> gzip records; (size, parser, rows) -> plain
        # records whose CRC-32 is not computed yet; (size, parser, rows, CRC-32) -> those computed
        self.gzipped: dict[tuple[int, str | None, int, int], list[FileRecord]] = {}
        self.plain: dict[tuple[int, str | None, int], list[FileRecord]] = {}
        self.plain_crc: dict[tuple[int, str | None, int, int], list[FileRecord]] = {}
        self.gzip_sizes: set[tuple[int, str | None, int]] = set()  # the (content size, parser, rows) of gzipped
        self.crcs: dict[str, int | None] = {}  # path -> CRC-32 of a plain file (None: unreadable)
        self.trailers: dict[str, tuple[int, int] | None] = {}  # path -> a gzip file's (CRC-32, size)
        self.stored: set[int] = set()  # ids of the store's records (checked on disk when matched)
        self.loaded = False

    def _load(self) -> None:
        """The store's own files (when first needed: a gzip trailer read per stored `.gz`)."""
        self.loaded = True
        for rec in self.store.records.values():
            if rec.status in (FileStatus.OK.value, FileStatus.TRUNCATED.value) and rec.rows:
                self.stored.add(id(rec))
                self.add(rec)

    def add(self, rec: FileRecord) -> None:
        if not rec.rows:
            return
        if rec.path.endswith(".gz"):
            if (key := self._trailer(rec.path)) is not None:
                self.gzipped.setdefault((key[1], rec.parser, rec.rows, key[0]), []).append(rec)
                self.gzip_sizes.add((key[1], rec.parser, rec.rows))
        else:
            self.plain.setdefault((rec.size_bytes % (1 << 32), rec.parser, rec.rows), []).append(rec)

    def twin(self, rec: FileRecord) -> FileRecord | None:
        if not rec.rows or rec.status not in (FileStatus.OK.value, FileStatus.TRUNCATED.value):
            return None
        if not self.loaded:
            self._load()

        def same(other: FileRecord) -> bool:
            return (other.path != rec.path and self.store.records.get(other.path, other) is other
                    and (id(other) not in self.stored or _unchanged(other)))

        if rec.path.endswith(".gz"):
            if (key := self._trailer(rec.path)) is None:
                return None
            size_key = (key[1], rec.parser, rec.rows)
            for other in self.plain.pop(size_key, ()):  # their CRC-32s, once
                if (crc := self._crc(other.path)) is not None:
                    self.plain_crc.setdefault((*size_key, crc), []).append(other)
            return next((other for other in self.plain_crc.get((*size_key, key[0]), ()) if same(other)), None)
        size_key = (rec.size_bytes % (1 << 32), rec.parser, rec.rows)
        if size_key not in self.gzip_sizes or (crc := self._crc(rec.path)) is None:
            return None
        return next((other for other in self.gzipped.get((*size_key, crc), ()) if same(other)), None)

    def _trailer(self, path: str) -> tuple[int, int] | None:
        if path not in self.trailers:
            self.trailers[path] = _gzip_trailer(path)
        return self.trailers[path]

    def _crc(self, path: str) -> int | None:
        if path not in self.crcs:
            try:
                crc = 0
                with open(path, "rb") as fh:
                    while chunk := fh.read(1 << 20):
                        crc = zlib.crc32(chunk, crc)
                self.crcs[path] = crc
            except OSError:
                self.crcs[path] = None
        return self.crcs[path]


def _gzip_trailer(path: str) -> tuple[int, int] | None:
    """(CRC-32, size mod 2**32) of a gzip file's content, from its last member's trailer (RFC
    1952: a file of several members gives its last member's, which no whole plain file matches
    unless it holds just that member's content); None when it is no gzip file or unreadable."""
    try:
        with open(path, "rb") as fh:
            if fh.read(2) != b"\x1f\x8b":
                return None
            fh.seek(-8, os.SEEK_END)
            trailer = fh.read(8)
    except OSError:
        return None
    if len(trailer) != 8:
        return None
    crc, size = struct.unpack("<II", trailer)
    return crc, size


def _unchanged(rec: FileRecord) -> bool:
    """The file at a stored record's path is the one it read (same size and modification time)."""
    try:
        st = os.stat(rec.path)
    except OSError:
        return False
    return st.st_size == rec.size_bytes and st.st_mtime_ns == rec.mtime_ns


def refresh_derived(store: Store) -> None:
    """Recompute every file's precomputed views: the SQL of queries/ changed since they were
    made (a newer tracelens). The base tables are kept; nothing is parsed again. Only an
    ingest does this, holding the lock; a reader runs the views' SQL instead."""
    from tracelens.queries import materialized_views

    views = set(materialized_views())
    for view in views:
        (store.root / "derived" / view / "_empty.parquet").unlink(missing_ok=True)
    store._write_empty_tables()
    token = secrets.token_hex(4)
    refreshed = []
    for rec in store.records.values():
        if not rec.fragments:
            continue
        rec.fragments = {k: v for k, v in rec.fragments.items() if k not in views}
        _precompute(store.root, rec, token)
        refreshed.append(rec)
    store._commit(refreshed)


# ---------------------------------------------------------------------- discovery
def discover(
    inputs: Iterable[str | Path], exclude: Path, unreadable: list[tuple[str, str]] | None = None
) -> Iterator[tuple[Path, bool]]:
    """(absolute path, given explicitly) for every file under the inputs, in a stable order.
    Folders that cannot be listed are added to `unreadable` as (path, reason): skipped, never
    silently. Links to folders are followed, each folder once (a link loop ends)."""
    seen: set[Path] = set()
    for item in inputs:
        path = Path(os.path.abspath(item))
        if not path.is_dir():
            if path not in seen:
                seen.add(path)
                yield path, True
            continue
        found: list[Path] = []
        visited: set[tuple[int, int]] = set()

        def refused(exc: OSError, top: Path = path) -> None:
            if unreadable is not None:
                unreadable.append((str(exc.filename or top), f"cannot list this folder: {exc.strerror or exc}"))

        for dirpath, dirnames, filenames in os.walk(path, onerror=refused, followlinks=True):
            try:
                st = os.stat(dirpath)
            except OSError:
                dirnames[:] = []
                continue
            base = Path(dirpath)
            if (st.st_dev, st.st_ino) in visited or base == exclude or exclude in base.parents:
                dirnames[:] = []
                continue
            visited.add((st.st_dev, st.st_ino))
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            found.extend(base / name for name in filenames if not name.startswith("."))
        for sub in sorted(found):
            if sub.is_file() and sub not in seen and not _is_store_path(sub):
                seen.add(sub)
                yield sub, False


def _is_store_path(path: Path) -> bool:
    return any((parent / MANIFEST).exists() and parent.suffix == ".tlstore" for parent in path.parents)


def _forced_log_parser(parsers: dict[str, Any], name: str | None) -> Any:
    """The parser --log-format names (a console-log parser), or None; a UsageError otherwise."""
    if name is None:
        return None
    logs = sorted(n for n, p in parsers.items() if p.kind == LOG_KIND)
    if name not in logs:
        raise UsageError(f"--log-format {name}: not a console-log format; one of: {', '.join(logs)}")
    return parsers[name]


def _file_type(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a special file"


def _failed(path: str, message: str) -> FileRecord:
    return FileRecord(path=path, status=FileStatus.FAILED.value, message=f"{path}: {message}", ingested_at_ns=time.time_ns())


# ---------------------------------------------------------------------- the parse task
def parse_file(root: str, rec: FileRecord, parser_name: str, options: Any, token: str) -> FileRecord:
    """Parse one file, write its fragments and its per-file views (in a parser thread, process
    or Ray worker). Never raises on bad input."""
    path = Path(rec.path)
    rec.ingested_at_ns = time.time_ns()
    # The system allocator hands freed buffers back at once; Arrow's default pool keeps them,
    # which would make a worker's memory grow with its largest file's garbage, not its data.
    pa.set_memory_pool(pa.system_memory_pool())
    try:
        rec.sha256 = _sha256(path)
    except OSError as exc:
        rec.status, rec.message = FileStatus.FAILED.value, f"{rec.path}: cannot read: {exc.strerror or exc}"
        return rec
    rec.file_id = rec.sha256[:16]
    from tracelens.parsers._io import ColumnsTurn

    with ColumnsTurn.scope():  # parser threads take turns between their columns and their writes
        _parse_and_write(root, rec, parser_name, options, token)
    if rec.status == FileStatus.FAILED.value:
        return rec
    _release_memory()
    try:
        _precompute(Path(root), rec, token)
        _pack_view_inputs(rec, Path(root))
    except DiskFullError:
        raise
    except Exception as exc:  # the trace is stored; only its precomputed views are missing
        if "No space left on device" in str(exc):  # DuckDB's own writes
            raise DiskFullError(f"{root}: no space left on device; the store keeps what it had committed: "
                                "free space there and run again") from None
        for rel in rec.fragments.values():
            (Path(root) / rel).unlink(missing_ok=True)
        rec.fragments, rec.tables = {}, {}
        rec.status = FileStatus.FAILED.value
        rec.message = f"{rec.path}: internal error computing its views ({type(exc).__name__}: {exc}); please report it"
    return rec


def _fragment_tag(rec: FileRecord, token: str) -> str:
    # The path's digest too: two paths with the same bytes (one kept as a duplicate) parsed in
    # one ingest write distinct fragments.
    return f"{token}{hashlib.sha1(os.fsencode(rec.path)).hexdigest()[:6]}"


def _parse_and_write(root: str, rec: FileRecord, parser_name: str, options: Any, token: str) -> None:
    """parse_file's parse and table writes: fills rec (status, rows, fragments; or FAILED)."""
    from tracelens.errors import ParseError
    from tracelens.parsers import registry

    path = Path(rec.path)
    try:
        result = registry(options.profiles)[parser_name].parse(path, options)
    except ParseError as exc:
        rec.status, rec.message = FileStatus.FAILED.value, str(exc)
        return
    except MemoryError:
        rec.status, rec.message = FileStatus.FAILED.value, f"{rec.path}: out of memory while parsing"
        return
    except RecursionError:
        rec.status, rec.message = FileStatus.FAILED.value, f"{rec.path}: {_TOO_DEEP}"
        return
    except Exception as exc:  # a parser bug must not take the ingest down; it is reported per file
        rec.status = FileStatus.FAILED.value
        rec.message = f"{rec.path}: internal parser error ({type(exc).__name__}: {exc}); please report it"
        return
    rec.status, rec.warnings = result.status.value, list(result.warnings)
    rec.rows = result.rows
    rec.unrecognised_lines = result.unrecognised_lines
    store_root = Path(root)
    tables = result.tables
    del result
    # A small file's rows go back with its record and into a pack with other small files'
    # (one fragment per file and table made a store of 50,000 logs 250,000 files, and its
    # views unusable); so do a large file's small tables (a trace's metadata, devices and
    # process groups beside its millions of events). The partitioned tables keep fragments;
    # the small tables the per-file views read are written for them, then packed as well
    # (`_pack_view_inputs`).
    small = sum(table.nbytes for table in tables.values()) <= _store.INLINE_MAX_BYTES
    for table in list(tables):
        data = conform(tables.pop(table), TABLES[table])  # each table freed once written
        data = data.set_column(0, "file_id", pa.repeat(pa.scalar(rec.file_id, pa.string()), data.num_rows))
        if table not in PARTITION_BY and (small or data.nbytes <= SMALL_TABLE_BYTES):
            rec.tables[table] = data  # redacted when packed
            if table not in _precompute_inputs():
                continue
        if table not in _store.NOT_REDACTED:
            data = _store.redacted(data)
        rec.fragments[table] = _store.write_fragment(store_root, table, rec.file_id, _fragment_tag(rec, token), data)
        del data


# A large file's table this small goes into a pack like a small file's rows.
SMALL_TABLE_BYTES = 256 << 10


def _pack_view_inputs(rec: FileRecord, root: Path) -> None:
    """The small tables written for the per-file views to read (a trace's metadata), now that
    they are computed, go into a pack with the other files' rows: their fragments are dropped
    (never committed: nothing reads them)."""
    for table in rec.tables.keys() & rec.fragments.keys():
        (root / rec.fragments.pop(table)).unlink(missing_ok=True)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _release_memory() -> None:
    """Hand the parse's freed heap back to the system before the next phase (glibc keeps it
    otherwise, and a worker's resident memory would stay at its parse peak)."""
    import ctypes
    import gc

    gc.collect(1)  # the parse's objects are young; a full collection walks every module's too (~10 ms)
    with contextlib.suppress(OSError, AttributeError):  # not glibc
        ctypes.CDLL("libc.so.6").malloc_trim(0)


# ---------------------------------------------------------------------- per-file views
# DuckDB's buffer pool for a file's precomputed views: it keeps what it reads cached up to its
# limit (80 % of RAM by default), which would make each worker's memory grow with the machine.
PRECOMPUTE_MEMORY = os.environ.get("TRACELENS_PRECOMPUTE_MEMORY", "256MB")


@functools.cache
def _precompute_inputs() -> frozenset[str]:
    """The base tables the per-file views read (directly or through other views)."""
    from tracelens.queries import materialized_views, view_definitions

    words: set[str] = set()
    for _, sql in view_definitions(only=set(materialized_views())):
        words |= set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", sql)))
    return frozenset(words & set(TABLES))


def _precompute(store_root: Path, rec: FileRecord, token: str) -> None:
    """Run the per-file views over this file alone and store their results as fragments.
    A file that wrote none of the tables they read (a log, an NCCL dump) has no rows in any of
    them: nothing to run (a DuckDB connection and its views cost ~0.1 s per file)."""
    import duckdb

    from tracelens.queries import materialized_views

    if not _precompute_inputs() & rec.fragments.keys():
        return

    tables = {
        t: [str(store_root / rec.fragments.get(t, f"tables/{t}/_empty.parquet"))] for t in TABLES
    }
    files_sql = f"{_EMPTY_FILES_SQL} UNION ALL BY NAME SELECT {_sql_str(rec.file_id)} AS file_id, 'ok' AS status"
    views = set(materialized_views())
    suffix = f"{rec.file_id}.{_fragment_tag(rec, token)}.parquet"
    if rec.rows <= SHARED_VIEWS_MAX_ROWS:
        try:
            _run_views(store_root, rec, tables, files_sql, views, suffix, None)
            return
        except duckdb.OutOfMemoryException:
            pass  # the kept database's limit is shared by the threads: this file alone may fit in it
    try:
        _run_views(store_root, rec, tables, files_sql, views, suffix, PRECOMPUTE_MEMORY)
    except duckdb.OutOfMemoryException:
        # A trace of millions of events: its views get what memory there is (they spill past it).
        from tracelens.resources import available_memory

        room = int((available_memory() or 4 << 30) * 0.6)
        limit = f"{max(room, 1 << 30) >> 20}MB"
        _run_views(store_root, rec, tables, files_sql, views, suffix, limit)
        rec.warnings.append(f"its views needed more than {PRECOMPUTE_MEMORY} of memory; computed within {limit}")


def _run_views(store_root: Path, rec: FileRecord, tables: dict[str, list[str]], files_sql: str, views: set[str],
               suffix: str, memory_limit: str | None) -> None:
    """Compute the per-file views of `rec`: on a cursor of the process's kept database
    (`memory_limit` None), or on a database of their own within `memory_limit`."""
    import duckdb

    # One thread: one worker per core already. Past its limit DuckDB spills what it can to a
    # temporary folder of its own. A small trace's views run on a cursor of a database kept by
    # the process (their views and tables the cursor's own, temporary): making a database costs
    # ~14 ms, most of a small trace's views. A large trace's get a database of their own, closed
    # after: one kept from file to file holds on to what DuckDB's allocator freed (+45 MB at the
    # peak of the 8 x 54 MB bench ingest).
    if memory_limit is None:
        con, spill = _views_cursor(), None
    else:
        spill = tempfile.mkdtemp(prefix="tracelens-views-")
        con = duckdb.connect(config={"threads": 1, "memory_limit": memory_limit, "temp_directory": spill})
    try:
        con.execute(f"CREATE OR REPLACE TEMP VIEW files AS {files_sql};")
        for table in _view_tables():
            listed = ", ".join(map(_sql_str, tables[table]))
            # (a view recomputed for a stored file reads its trace_meta from a pack, with other
            # files' rows: the views join it to the file's events and `files`, which hold this
            # file alone; tests/test_trace_packs.py checks the recomputed rows)
            con.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM read_parquet([{listed}]);")
        # Each stored view, and each view that two of them read, is computed as soon as it is
        # defined, and its result stands in for it from then on: a view defined later is bound
        # against that table, not its SQL.
        for name, statement in _view_statements():
            done = name in views or name in _shared_views()
            for sql in _store.once_statements(name, statement) if done else (statement,):
                con.execute(_temporary(sql))
            if name in views:
                rows = con.sql(f"SELECT * FROM {name}").to_arrow_table()
                if rows.nbytes <= _store.INLINE_MAX_BYTES:  # packed with other files' at commit (store: "Small files")
                    rec.tables[name] = rows
                    continue
                rel = f"derived/{name}/{suffix}"
                _store.write_parquet(rows, store_root / rel)
                rec.fragments[name] = rel
    finally:
        con.close()
        if spill is not None:
            shutil.rmtree(spill, ignore_errors=True)


# A trace of at most this many rows has its views computed on the process's kept database.
SHARED_VIEWS_MAX_ROWS = 50_000


def _temporary(sql: str) -> str:
    """A CREATE VIEW as a CREATE TEMP VIEW: the connection's own, gone with it."""
    prefix = "CREATE OR REPLACE VIEW"
    return f"CREATE OR REPLACE TEMP VIEW{sql[len(prefix):]}" if sql.startswith(prefix) else sql


_VIEWS_DB_LOCK = threading.Lock()
_VIEWS_DB: dict[int, Any] = {}


def _views_cursor() -> Any:
    """A new cursor of `_views_database()` (made under its lock: parser threads ask at once)."""
    database = _views_database()
    with _VIEWS_DB_LOCK:
        return database.cursor()


def _views_database() -> Any:
    """The in-memory DuckDB database this process computes small traces' views on (a cursor
    each): one thread, PRECOMPUTE_MEMORY for all its cursors at once (a file that does not fit
    beside the others is computed again on a database of its own), and a spill folder that
    DuckDB makes only if it spills and removes when the database closes (at exit). One per
    process id: a database does not survive a fork."""
    import duckdb

    with _VIEWS_DB_LOCK:
        if os.getpid() not in _VIEWS_DB:
            spill = os.path.join(tempfile.gettempdir(), f"tracelens-views-{os.getpid()}-{secrets.token_hex(4)}")
            con = duckdb.connect(config={"threads": 1, "memory_limit": PRECOMPUTE_MEMORY, "temp_directory": spill})
            atexit.register(con.close)
            _VIEWS_DB[os.getpid()] = con
        return _VIEWS_DB[os.getpid()]


@functools.cache
def _view_plan() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The stored tables the per-file views read, and the views' CREATE statements in
    dependency order: the same for every file, written out once per process (~10 ms)."""
    from tracelens.queries import materialized_views

    placeholder = {t: [f"tables/{t}/_empty.parquet"] for t in TABLES}
    statements = view_statements(placeholder, _EMPTY_FILES_SQL, {}, only=set(materialized_views()))
    tables = tuple(name for name, _ in statements if name in TABLES)
    return tables, tuple((name, sql) for name, sql in statements if name != "files" and name not in TABLES)


def _view_tables() -> tuple[str, ...]:
    return _view_plan()[0]


def _view_statements() -> tuple[tuple[str, str], ...]:
    return _view_plan()[1]


@functools.cache
def _shared_views() -> frozenset[str]:
    """Intermediate views that two or more per-file views read (int_launches, stg_traces):
    computed once per file rather than once per reader."""
    from tracelens.queries import dependencies

    names = [name for name, _ in _view_statements()]
    return frozenset(view for view in names if sum(view in dependencies()[other] for other in names) >= 2)
