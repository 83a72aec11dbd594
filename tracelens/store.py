"""The store: a directory of Parquet fragments, one per input file and table, plus a manifest.

Layout::

    job.tlstore/
      store.json                  manifest: schema version, generation, one record per input file
      views.sql                   setup script for the stock duckdb CLI / Python (relative paths)
      catalog/files.<gen>.parquet the `files` table of this generation
      tables/<table>/_empty.parquet                          zero rows, the declared schema
      tables/<table>/rank=<r>/<file_id>.<token>.parquet      partitioned tables
      tables/<table>/<file_id>.<token>.parquet               the others
      .lock                       held (a POSIX lock: the writing process's own) while an ingest writes
      .readers                    shared flock of every process reading the store

Consistency: fragments are written under fresh names and fsynced; the manifest is then
replaced atomically, and that rename is the only commit point. Readers build their views from
the manifest, never from a directory listing, so a fragment left by a killed ingest is never
read; the next ingest deletes it and parses that file again. Ingest commits in batches, so a
long ingest killed late keeps what it had committed. Garbage collection skips its turn while
any process reads the store, so a reader sees the state it opened until it is done.

Safety: a store may come from someone else. Reading one writes nothing; an ingest refuses a
store whose folders or lock are symbolic links; garbage collection deletes only regular files
named as the store names its own; a manifest naming a file outside the store is refused.

Identity: a file is known by its absolute path; its content is known by sha256. The same
path with the same bytes is skipped; the same path with new bytes replaces its rows; the same
bytes under a second path are stored once (the second record says `duplicate`).
"""

from __future__ import annotations

import dataclasses
import errno
import fcntl
import functools
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from tracelens.enums import FileStatus
from tracelens.errors import DiskFullError, StoreLockedError, TracelensError, UsageError
from tracelens.safe_text import printable, redact
from tracelens.schemas import FILES, PARTITION_BY, SCHEMA_VERSION, TABLES, conform

if TYPE_CHECKING:
    from tracelens.parsers import ParseOptions

MANIFEST = "store.json"
VIEWS_SQL = "views.sql"
LOCK = ".lock"
READERS = ".readers"  # readers hold a shared flock on it; garbage collection needs it exclusive
STORE_DIRS = ("catalog", "tables", "derived")
FORMAT = "tracelens-store"
COMMIT_EVERY_S = float(os.environ.get("TRACELENS_COMMIT_EVERY_S", "10"))  # batch commits on long ingests
FORK_IS_SAFE = False  # set by the CLI, whose process has started no DuckDB/polars threads
PARALLEL_MIN_BYTES = 8 << 20  # below this a process pool costs more than it saves


@dataclass
class FileRecord:
    """One input file as the store knows it (a row of `files`)."""

    path: str
    file_id: str = ""
    size_bytes: int = 0
    mtime_ns: int = 0
    sha256: str = ""
    kind: str | None = None
    parser: str | None = None
    rows: int = 0
    status: str = FileStatus.OK.value
    message: str | None = None
    warnings: list[str] = field(default_factory=list)
    duplicate_of: str | None = None
    ingested_at_ns: int = 0
    unrecognised_lines: int | None = None  # text inputs: non-blank lines no parser rule read
    fragments: dict[str, str] = field(default_factory=dict)  # table -> path relative to the store


@dataclass
class IngestOutcome:
    """What one ingest did, for the CLI to report."""

    parsed: list[FileRecord] = field(default_factory=list)
    unchanged: list[FileRecord] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # walked files no parser claims
    notes: list[str] = field(default_factory=list)  # store-level warnings (rank collisions, ...)

    @property
    def failed(self) -> list[FileRecord]:
        return [r for r in self.parsed if r.status == FileStatus.FAILED.value]


ProgressCallback = Callable[[int, int, str], None]  # done bytes, total bytes, current path


class Store:
    """A tracelens store directory. Create or open with `Store.open(path)`."""

    def __init__(self, root: Path, records: dict[str, FileRecord], generation: int) -> None:
        self.root = root
        self.records = records
        self.generation = generation
        self.derived_version: str | None = None  # of the precomputed views on disk
        self.catalog = ""  # the committed `files` table, relative to the root

    def _adopt(self, fresh: Store) -> None:
        """Take on the committed state another process wrote since this object read it."""
        self.records, self.generation = fresh.records, fresh.generation
        self.derived_version, self.catalog = fresh.derived_version, fresh.catalog

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, root: str | Path, *, create: bool = True) -> Store:
        """The store at `root`. `create=False` opens an existing store to read it: nothing is
        written, and this process holds the store's reader lock from then on (see `_read_lock`).
        Otherwise the store is created if absent, for an ingest to write."""
        root = Path(os.path.abspath(root))
        manifest = root / MANIFEST
        if not create:
            if not manifest.exists():
                raise UsageError(f"{root}: not a tracelens store (no {MANIFEST})")
            _read_lock(root)  # before the manifest is read: what it names stays until we are done
            return cls._load(root)
        if manifest.exists():
            return cls._load(root)
        if root.exists() and any(root.iterdir()):
            raise UsageError(f"{root}: exists and is not a tracelens store; choose a new path")
        # Built beside its final place and renamed into it: a creation killed halfway leaves
        # no half-made store behind, only a hidden temporary directory.
        root.parent.mkdir(parents=True, exist_ok=True)
        building = root.parent / f".{root.name}.creating-{os.getpid()}-{secrets.token_hex(3)}"
        building.mkdir()
        try:
            store = cls(building, {}, 0)
            store._write_empty_tables()
            _touch(building / READERS)
            store._commit([])  # an empty store is a store: it opens, and its views work
            try:
                if root.exists():
                    root.rmdir()  # empty (checked above)
                os.rename(building, root)
            except OSError as exc:
                # Another process created it first: use theirs.
                if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST) or not manifest.exists():
                    raise
        finally:
            if building.exists():
                shutil.rmtree(building, ignore_errors=True)  # ours alone; rmtree follows no links
        return cls._load(root)

    @classmethod
    def _load(cls, root: Path) -> Store:
        """The committed state in the manifest; reads only."""
        try:
            doc = json.loads((root / MANIFEST).read_text())
        except (OSError, ValueError) as exc:
            raise TracelensError(f"{root / MANIFEST}: unreadable store manifest: {exc}") from exc
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise UsageError(f"{root}: not a tracelens store")
        version = doc.get("schema_version")
        if version != SCHEMA_VERSION:
            raise TracelensError(
                f"{root}: store schema version {version}, this tracelens writes {SCHEMA_VERSION}; "
                "ingest the inputs into a new store"
            )
        names = {f.name for f in dataclasses.fields(FileRecord)}
        records = {}
        try:
            for raw in doc.get("files", []):
                rec = FileRecord(**{k: v for k, v in raw.items() if k in names})
                for rel in rec.fragments.values():
                    _check_inside(root, rel, ("tables", "derived"))
                records[rec.path] = rec
            if doc.get("catalog"):
                _check_inside(root, str(doc["catalog"]), ("catalog",))
        except (TypeError, AttributeError) as exc:
            raise TracelensError(f"{root / MANIFEST}: malformed store manifest ({exc})") from exc
        store = cls(root, records, int(doc.get("generation", 0)))
        store.derived_version = doc.get("derived_version")
        store.catalog = str(doc.get("catalog") or "")
        return store

    def _refresh_derived(self) -> None:
        """Recompute every file's precomputed views: the SQL of queries/ changed since they were
        made (a newer tracelens). The base tables are kept; nothing is parsed again. Only an
        ingest does this, holding the lock; a reader runs the views' SQL instead."""
        from tracelens.queries import materialized_views

        views = set(materialized_views())
        for view in views:
            (self.root / "derived" / view / "_empty.parquet").unlink(missing_ok=True)
        self._write_empty_tables()
        token = secrets.token_hex(4)
        for rec in self.records.values():
            if not rec.fragments:
                continue
            rec.fragments = {k: v for k, v in rec.fragments.items() if k not in views}
            _precompute(self.root, rec, token)
        self._commit([])

    def _write_empty_tables(self) -> None:
        _write_templates(self.root)

    def _template(self, kind: str, name: str) -> str:
        """The zero-row template of a table (`kind` "tables") or precomputed view ("derived"):
        the store's own, or, for a store that lacks it (a reader writes nothing into a store),
        the copy kept in the user's cache."""
        rel = f"{kind}/{name}/_empty.parquet"
        own = self.root / rel
        try:
            if stat.S_ISREG(os.lstat(own).st_mode):
                return rel
        except OSError:
            pass
        shared = cache_dir() / "templates" / f"{SCHEMA_VERSION}-{derived_version()}-{_tables_digest()}"
        if not (shared / rel).exists():
            _write_templates(shared)
        return str(shared / rel)

    # ------------------------------------------------------------------ locking
    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store's write lock. A POSIX record lock: it belongs to this process alone
        (parser processes forked from it do not inherit it) and dies with it, so a killed
        ingest never leaves the store locked, whatever its children do."""
        key = str(self.root)
        with _HELD_GUARD:
            if key in _HELD:
                raise StoreLockedError(f"{self.root}: this process is already writing this store")
            _HELD.add(key)
        fd = -1
        try:
            _check_no_links(self.root)
            try:
                fd = _open_nofollow(self.root / LOCK, os.O_RDWR | os.O_CREAT)
            except PermissionError:
                raise TracelensError(f"{self.root}: the store is read-only here; it can be read, not ingested into") from None
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno not in (errno.EACCES, errno.EAGAIN):
                    raise
                holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
                raise StoreLockedError(
                    f"{self.root}: another tracelens ingest (pid {holder}) is writing this store; "
                    "wait for it to finish and run again"
                ) from None
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
            # The manifest may have moved on while we waited for the lock.
            if (self.root / MANIFEST).exists():
                self._adopt(Store._load(self.root))
            _touch(self.root / READERS)  # stores made before readers took a lock lack it
            yield
        finally:
            if fd >= 0:
                os.close(fd)  # releases the lock
            with _HELD_GUARD:
                _HELD.discard(key)

    # ------------------------------------------------------------------ ingest
    def ingest(
        self,
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
    ) -> IngestOutcome:
        """Parse new or changed input files into the store; idempotent and atomic.

        `workers` files parsed at once (default: as many as usable CPUs, input files and the
        available memory allow, see tracelens.resources; traces in threads, logs in processes,
        see _parse_all); `max_memory` (bytes) caps the memory the default plans for.
        `one_job` refuses inputs holding several jobs (InputError, nothing committed); `job`
        (a number or label, or "all") keeps one of them: see tracelens.jobs."""
        from tracelens.parsers import ParseOptions, detect, registry
        from tracelens.parsers._io import read_head

        outcome = IngestOutcome()
        options = ParseOptions(rank=rank, profiles=tuple(os.path.abspath(p) for p in profiles))
        parsers = registry(options.profiles)
        forced = _forced_log_parser(parsers, log_format)
        with self.locked():
            self._write_empty_tables()
            if self.derived_version != derived_version():
                self._refresh_derived()
            todo: list[tuple[FileRecord, str]] = []  # record (path/size/mtime/sha filled), parser name
            unreadable: list[tuple[str, str]] = []
            order: dict[str, int] = {}  # said back in the order the inputs were found
            unknown: list[FileRecord] = []  # walked, claimed by no parser: recorded for the inputs section
            for path, explicit in _discover(inputs, exclude=self.root, unreadable=unreadable):
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
                old = self.records.get(key)
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
                    parser, claim = detect(path, read_head(path), parsers)
                except TracelensError as exc:  # one file's problem, not the ingest's
                    failed = _failed(key, str(exc))
                    failed.message = str(exc) if str(exc).startswith(key) else failed.message
                    outcome.parsed.append(failed)
                    continue
                except RecursionError:
                    outcome.parsed.append(_failed(key, _TOO_DEEP))
                    continue
                except Exception as exc:
                    outcome.parsed.append(_failed(key, f"internal error recognising its format ({type(exc).__name__}: {exc}); please report it"))
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
                    if old is None or old.status != FileStatus.UNKNOWN.value or (old.size_bytes, old.mtime_ns) != (st.st_size, st.st_mtime_ns):
                        unknown.append(FileRecord(path=key, size_bytes=st.st_size, mtime_ns=st.st_mtime_ns, status=FileStatus.UNKNOWN.value,
                                                  message=SKIPPED_REASON, ingested_at_ns=time.time_ns()))
                    continue
                rec = FileRecord(
                    path=key, size_bytes=st.st_size, mtime_ns=st.st_mtime_ns, kind=parser.kind, parser=parser.name
                )
                todo.append((rec, parser.name))  # hashed by the worker, which reads the bytes anyway
            outcome.parsed.extend(_failed(folder, reason) for folder, reason in unreadable)
            checked = job not in (None, "all") or one_job  # one job per store: decided once all is parsed
            self._parse_all(todo, options, workers, progress, outcome, max_memory, batch_commits=not checked)
            outcome.parsed.sort(key=lambda rec: order.get(rec.path, len(order)))
            if checked:
                from tracelens.jobs import keep_one_job

                keep_one_job(self, inputs, outcome, unknown, job=job, one_job=one_job)
            outcome.notes.extend(self._rank_collisions())
            self._commit(outcome.parsed + unknown)
            self._collect_garbage()
        return outcome

    def _same_content(self, new: FileRecord) -> FileRecord | None:
        """A stored file (not failed, not itself a duplicate) with the same bytes and parser."""
        for rec in self.records.values():
            if (rec.sha256 == new.sha256 and rec.path != new.path and rec.parser == new.parser
                    and rec.status not in (FileStatus.DUPLICATE.value, FileStatus.FAILED.value)):
                return rec
        return None

    def _parse_all(
        self,
        todo: list[tuple[FileRecord, str]],
        options: ParseOptions,
        workers: int | None,
        progress: ProgressCallback | None,
        outcome: IngestOutcome,
        max_memory: int | None = None,
        batch_commits: bool = True,
    ) -> None:
        total = sum(rec.size_bytes for rec, _ in todo)
        done = 0
        token = secrets.token_hex(4)
        pending: list[FileRecord] = []
        last_commit = time.monotonic()

        batch: dict[str, FileRecord] = {}  # sha256 -> first record of this run with those bytes

        def finish(rec: FileRecord) -> None:
            nonlocal done, last_commit
            done += rec.size_bytes
            old = self.records.get(rec.path)
            if (rec.sha256 and old is not None and old.sha256 == rec.sha256 and old.status != FileStatus.FAILED.value
                    and old.parser == rec.parser):
                self._discard(rec)  # touched, not changed: keep what the store has
                old.mtime_ns = rec.mtime_ns
                outcome.unchanged.append(old)
                pending.append(old)
                return
            stored = rec.sha256 and rec.status != FileStatus.FAILED.value and rec.size_bytes > 0
            twin = (self._same_content(rec) or batch.get(rec.sha256)) if stored else None
            if twin is not None and twin.parser == rec.parser:
                self._discard(rec)
                rec.status, rec.duplicate_of, rec.rows, rec.warnings = FileStatus.DUPLICATE.value, twin.path, 0, []
            elif stored:
                batch[rec.sha256] = rec
            outcome.parsed.append(rec)
            pending.append(rec)
            if progress:
                progress(done, total, rec.path)
            if batch_commits and time.monotonic() - last_commit > COMMIT_EVERY_S:
                self._commit(pending)
                pending.clear()
                last_commit = time.monotonic()

        if workers:
            n_workers = workers
        elif total < PARALLEL_MIN_BYTES or len(todo) < 2:
            n_workers = 1
        else:
            n_workers, note = _plan_workers(todo, max_memory)
            if note:
                outcome.notes.append(note)
        if n_workers <= 1 or total < PARALLEL_MIN_BYTES or len(todo) < 2:
            for rec, parser_name in todo:
                finish(parse_file(str(self.root), rec, parser_name, options, token))
            return
        # Largest first: the pool finishes together instead of waiting on one big straggler.
        todo = sorted(todo, key=lambda item: -item[0].size_bytes)
        # Parsers whose bulk runs without the GIL (the Kineto scanner, Arrow, numpy, DuckDB)
        # share one process: one copy of the libraries instead of one per worker (the 8-rank
        # bench: 441 MB peak RSS instead of 662, and no slower). Pure-Python parsers (logs)
        # would serialise on the GIL there: they get processes, before any thread has started
        # DuckDB or polars, which forking must not follow. Too few of them for a pool: threads.
        from tracelens.parsers import registry

        parser_objects = registry(options.profiles)
        threaded = [item for item in todo if getattr(parser_objects[item[1]], "threads_well", False)]
        forked = [item for item in todo if not getattr(parser_objects[item[1]], "threads_well", False)]
        if len(forked) >= 2 and sum(rec.size_bytes for rec, _ in forked) >= PARALLEL_MIN_BYTES:
            self._parse_in_processes(forked, options, token, n_workers, finish)
        else:
            threaded = sorted(threaded + forked, key=lambda item: -item[0].size_bytes)
        if len(threaded) < 2:
            for rec, parser_name in threaded:
                finish(parse_file(str(self.root), rec, parser_name, options, token))
            return
        threads = ThreadPoolExecutor(max_workers=n_workers, thread_name_prefix="tracelens-parse")
        try:
            results = [threads.submit(parse_file, str(self.root), rec, name, options, token) for rec, name in threaded]
            for result in results:
                finish(result.result())  # parse_file never raises
        finally:
            # Interrupted (Ctrl-C): files not started are dropped; each running thread finishes
            # its file (a C scan cannot be stopped midway), whose fragments no catalog names.
            threads.shutdown(wait=True, cancel_futures=True)

    def _parse_in_processes(
        self, todo: list[tuple[FileRecord, str]], options: ParseOptions, token: str, n_workers: int,
        finish: Callable[[FileRecord], None],
    ) -> None:
        import multiprocessing

        # Forking a process whose DuckDB or polars thread pools have started can deadlock the
        # child (a lock held by a thread that does not exist there). The CLI forks when neither
        # has been loaded yet: the workers share its imported modules. Otherwise (a library
        # caller, or a detection that used polars on a log) the workers are spawned: fresh
        # interpreters that import the parser once each. Not a forkserver: its workers are not
        # this process's children, and it outlives a killed ingest with them.
        threaded = any(name in sys.modules for name in ("polars", "duckdb"))
        context = multiprocessing.get_context("fork" if FORK_IS_SAFE and not threaded else "spawn")
        with ProcessPoolExecutor(max_workers=n_workers, mp_context=context, initializer=_worker_started) as pool:
            futures: list[Future[FileRecord]] = [
                pool.submit(parse_file, str(self.root), rec, name, options, token) for rec, name in todo
            ]
            for future, (rec, _) in zip(futures, todo, strict=True):
                try:
                    result = future.result()
                except DiskFullError:
                    raise
                except Exception as exc:  # a worker died (e.g. out of memory): report, keep going
                    result = rec
                    result.status = FileStatus.FAILED.value
                    result.message = f"parser process failed: {type(exc).__name__}: {exc}"
                finish(result)

    def _discard(self, rec: FileRecord) -> None:
        for rel in rec.fragments.values():
            (self.root / rel).unlink(missing_ok=True)
        rec.fragments = {}

    def _rank_collisions(self) -> list[str]:
        """Two trace files claiming one rank over overlapping time: both kept, one warning."""
        import duckdb

        metas = [
            self.root / rec.fragments["trace_meta"]
            for rec in self.records.values()
            if "trace_meta" in rec.fragments
        ]
        if len(metas) < 2:
            return []
        con = duckdb.connect()
        rows = con.execute(
            """
            with m as (select * from read_parquet(?))
            select a.rank, a.path, b.path from m a join m b
              on a.rank = b.rank and a.file_id < b.file_id
             and a.start_ns < b.end_ns and b.start_ns < a.end_ns
            order by 1, 2, 3
            """,
            [[str(p) for p in metas]],
        ).fetchall()
        return [f"rank {r} is claimed by two traces over overlapping time: {a} and {b} (both kept)" for r, a, b in rows]

    # ------------------------------------------------------------------ commit
    def _commit(self, changed: list[FileRecord]) -> None:
        """Make `changed` part of the store: one atomic manifest replacement."""
        for rec in changed:
            self.records[rec.path] = rec
        self.generation += 1
        catalog_rel = f"catalog/files.{self.generation}.{secrets.token_hex(3)}.parquet"
        _atomic_write_parquet(self.files_table(), self.root / catalog_rel)
        doc = {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "derived_version": derived_version(),
            "generation": self.generation,
            "catalog": catalog_rel,
            "files": [dataclasses.asdict(r) for r in sorted(self.records.values(), key=lambda r: r.path)],
        }
        _atomic_write_bytes(json.dumps(doc, indent=1).encode(), self.root / MANIFEST)
        self.derived_version, self.catalog = derived_version(), catalog_rel
        _atomic_write_bytes(self.views_sql(relative=True, script=True).encode(), self.root / VIEWS_SQL)

    def _collect_garbage(self) -> None:
        """Delete what no committed record refers to (left by a killed or older ingest).

        Only regular files named as this store names its own, found without following any
        link. Temporary files of dead writers go at once (the caller holds the write lock, and no
        reader ever reads one); unreferenced fragments not while another process reads the store
        (its manifest may name them): they wait for the next ingest."""
        try:
            fd = _open_nofollow(self.root / READERS, os.O_RDONLY)
        except OSError:
            fd = -1
        try:
            try:
                if fd >= 0:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                unread = fd >= 0
            except OSError:
                unread = False  # a reader is using the store
            live = {rel for rec in self.records.values() for rel in rec.fragments.values()}
            live.add(self.catalog_path())
            for sub in STORE_DIRS:
                top = self.root / sub
                if not stat.S_ISDIR(os.lstat(top).st_mode):
                    continue
                for dirpath, _, filenames in os.walk(top, followlinks=False):
                    for name in filenames:
                        if not _OWN_FILE.match(name) or not (unread or name.endswith(".tmp")):
                            continue
                        path = Path(dirpath) / name
                        rel = path.relative_to(self.root).as_posix()
                        if rel in live or not stat.S_ISREG(os.lstat(path).st_mode):
                            continue
                        path.unlink(missing_ok=True)
        finally:
            if fd >= 0:
                os.close(fd)

    # ------------------------------------------------------------------ reading
    def catalog_path(self) -> str:
        return self.catalog

    def files_table(self) -> pa.Table:
        rows = [dataclasses.asdict(r) for r in sorted(self.records.values(), key=lambda r: r.path)]
        for row in rows:
            row.pop("fragments")
            for key in ("path", "message", "duplicate_of"):
                if row[key] is not None:
                    row[key] = printable(row[key])
            if row["message"] is not None:
                row["message"] = redact(row["message"])
            row["warnings"] = [redact(printable(w)) for w in row["warnings"]]
        return pa.Table.from_pylist(rows, schema=FILES)

    def fragments(self, table: str, *, derived: bool = False) -> list[str]:
        """Relative paths of a table's (or precomputed view's) fragments, the empty template first."""
        frags = [self._template("derived" if derived else "tables", table)]
        frags += sorted(rec.fragments[table] for rec in self.records.values() if table in rec.fragments)
        return frags

    def views_sql(self, *, relative: bool, precomputed: bool = True, script: bool = False, checks: bool = True) -> str:
        """CREATE VIEW statements for the stored tables and every view of queries/.

        Views marked `-- materialize: per_file` were computed for each trace at ingest; with
        `precomputed` they read those results, otherwise they run their SQL (needed when a
        session variable such as the step marker changes what they compute). A `script` (the
        store's views.sql, for the stock duckdb CLI and Python) also does what `connect` does
        when it opens: computes the per-connection views once, and keeps DuckDB's progress bar
        out of the query output. Without `checks` the zero-row checks of queries/checks/ are left
        out (binding each costs ~0.1 s at every connection; a report reads none).
        """
        from tracelens.queries import connection_views, materialized_views, report_views

        def path(rel: str) -> str:
            return rel if relative else str(self.root / rel)

        catalog = self.catalog_path()
        files_sql = f"SELECT * FROM read_parquet({_sql_str(path(catalog))})" if catalog else _EMPTY_FILES_SQL
        tables = {t: [path(f) for f in self.fragments(t)] for t in TABLES}
        derived = (
            {v: [path(f) for f in self.fragments(v, derived=True)] for v in materialized_views()} if precomputed else {}
        )
        header = (
            "-- tracelens store views. From the store directory: duckdb -init views.sql\n"
            "-- From elsewhere: SET file_search_path='<store dir>'; then run this file.\n"
        )
        only = None if checks else report_views()
        if not script:
            return header + build_views_sql(tables, files_sql, derived, only)
        once = set(connection_views())
        lines = [header + "SET enable_progress_bar = false;"]
        for name, statement in view_statements(tables, files_sql, derived, only):
            lines.append(statement)
            if name in once:
                lines.append(f"CREATE OR REPLACE TEMP TABLE _connection_{name} AS SELECT * FROM {name};")
                lines.append(f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM _connection_{name};")
        return "\n".join(lines) + "\n"

    def connect(
        self,
        *,
        step_marker: str | None = None,
        gpus: float | None = None,
        gpu_hour_cost: float | None = None,
        flops_per_token: float | None = None,
        peak_tflops: float | None = None,
        checks: bool = True,
    ) -> Any:
        """An in-memory DuckDB connection with every view registered.

        `step_marker` names a span (e.g. a user `record_function("train_step")`) to use as
        the step instead of ProfilerStep#N; the views read it from a session variable.
        `checks=False` leaves out the zero-row checks (queries/checks/), for a faster open.
        """
        import duckdb

        _read_lock(self.root)
        if self.generation != _manifest_generation(self.root):  # an ingest committed since: read that
            self._adopt(Store._load(self.root))
        # Views precomputed by other SQL (another tracelens made them) are not read: their SQL runs.
        fresh_derived = self.derived_version == derived_version()
        # The user's own DuckDB, but it fetches nothing: no extension is downloaded or loaded
        # behind a query's back (a store's views need none).
        con = duckdb.connect(config={"autoinstall_known_extensions": False, "autoload_known_extensions": False})
        # Variables first: the views materialized below read them.
        if step_marker:
            con.execute("SET VARIABLE tracelens_step_marker = ?", [step_marker])
        if gpus is not None:
            con.execute("SET VARIABLE tracelens_gpus = ?", [float(gpus)])
        if gpu_hour_cost is not None:
            con.execute("SET VARIABLE tracelens_gpu_hour_cost = ?", [float(gpu_hour_cost)])
        if flops_per_token is not None:
            con.execute("SET VARIABLE tracelens_flops_per_token = ?", [float(flops_per_token)])
        if peak_tflops is not None:
            con.execute("SET VARIABLE tracelens_peak_tflops = ?", [float(peak_tflops)])
        from tracelens.queries import connection_views

        once = set(connection_views())
        sql = self.views_sql(relative=False, precomputed=fresh_derived and not step_marker, checks=checks)
        for statement in con.extract_statements(sql):
            con.execute(statement)
            match = _CREATE_VIEW.match(statement.query)
            if match is not None and match.group(1) in once:
                # Computed once, now; the views created after it bind to the result, which also
                # keeps their planning cheap.
                view = match.group(1)
                con.execute(f"CREATE TEMP TABLE _connection_{view} AS SELECT * FROM {view}")
                con.execute(f"CREATE OR REPLACE VIEW {view} AS SELECT * FROM _connection_{view}")
        return con


def _plan_workers(todo: list[tuple[FileRecord, str]], max_memory: int | None) -> tuple[int, str | None]:
    from tracelens.resources import available_memory, plan_workers, uncompressed_size, usable_cpus

    memory = available_memory()
    if max_memory is not None:
        memory = max_memory if memory is None else min(memory, max_memory)
    largest = max(uncompressed_size(Path(rec.path), rec.size_bytes) for rec, _ in todo)
    return plan_workers(len(todo), largest, usable_cpus(), memory)


# ---------------------------------------------------------------------- worker side
def parse_file(root: str, rec: FileRecord, parser_name: str, options: Any, token: str) -> FileRecord:
    """Parse one file, write its fragments and its per-file views (in a parser thread or
    process). Never raises on bad input."""
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
    except DiskFullError:
        raise
    except Exception as exc:  # the trace is stored; only its precomputed views are missing
        if "No space left on device" in str(exc):  # DuckDB's own writes
            raise DiskFullError(f"{root}: no space left on device; the store keeps what it had committed: "
                                "free space there and run again") from None
        for rel in rec.fragments.values():
            (Path(root) / rel).unlink(missing_ok=True)
        rec.fragments = {}
        rec.status = FileStatus.FAILED.value
        rec.message = f"{rec.path}: internal error computing its views ({type(exc).__name__}: {exc}); please report it"
    return rec


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
    for table in list(tables):
        data = conform(tables.pop(table), TABLES[table])  # each table freed once written
        if table not in _NOT_REDACTED:
            data = _redacted(data)
        data = data.set_column(0, "file_id", pa.repeat(pa.scalar(rec.file_id, pa.string()), data.num_rows))
        rel = _fragment_path(table, rec.file_id, f"{token}{hashlib.sha1(os.fsencode(rec.path)).hexdigest()[:6]}", data)
        _atomic_write_parquet(data, store_root / rel)
        rec.fragments[table] = rel
        del data


# Tables of profiler events: operator and kernel names and shapes, millions of rows. Every
# other table (log lines, launcher and NCCL text, dump fields, trace metadata) has its text
# columns redacted before it is written.
_NOT_REDACTED = frozenset({"trace_events", "trace_instants", "trace_counters"})


def _redacted(data: pa.Table) -> pa.Table:
    """Credentials in text columns replaced by `<redacted>` (tracelens.safe_text.SECRET_PATTERNS)."""
    import pyarrow.compute as pc

    from tracelens.safe_text import SECRET_PATTERNS

    for i, fld in enumerate(data.schema):
        if fld.name == "file_id" or not (pa.types.is_string(fld.type) or pa.types.is_large_string(fld.type)):
            continue
        column = data.column(i)
        for pattern, replacement in SECRET_PATTERNS:
            column = pc.replace_substring_regex(column, pattern=pattern, replacement=replacement)
        data = data.set_column(i, fld, column)
    return data


def _release_memory() -> None:
    """Hand the parse's freed heap back to the system before the next phase (glibc keeps it
    otherwise, and a worker's resident memory would stay at its parse peak)."""
    import ctypes
    import gc

    gc.collect(1)  # the parse's objects are young; a full collection walks every module's too (~10 ms)
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc


# DuckDB's buffer pool for a file's precomputed views: it keeps what it reads cached up to its
# limit (80 % of RAM by default), which would make each worker's memory grow with the machine.
PRECOMPUTE_MEMORY = os.environ.get("TRACELENS_PRECOMPUTE_MEMORY", "256MB")


def derived_version() -> str:
    """A digest of the per-file views' SQL: precomputed results made by other SQL are stale."""
    from tracelens.queries import materialized_views, view_definitions

    text = "\0".join(sql for _, sql in view_definitions(only=set(materialized_views())))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def _tables_digest() -> str:
    """A digest of the declared table schemas: the per-file views' output types follow them."""
    text = "\0".join(f"{name}:{schema}" for name, schema in sorted(TABLES.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


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
    suffix = f"{rec.file_id}.{token}{hashlib.sha1(os.fsencode(rec.path)).hexdigest()[:6]}.parquet"
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
               suffix: str, memory_limit: str) -> None:
    import duckdb

    # One thread: one worker per core already. Past its limit DuckDB spills what it can to a
    # temporary folder of its own.
    spill = tempfile.mkdtemp(prefix="tracelens-views-")
    con = duckdb.connect(config={"threads": 1, "memory_limit": memory_limit, "temp_directory": spill})
    try:
        # Each stored view is computed as soon as it is defined, and its result stands in for
        # it from then on: a view defined later is bound against that table, not its SQL.
        for name, statement in view_statements(tables, files_sql, {}, only=views):
            con.execute(statement)
            if name in views:
                con.execute(f"CREATE TEMP TABLE _done_{name} AS SELECT * FROM {name}")
                con.execute(f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM _done_{name}")
                rel = f"derived/{name}/{suffix}"
                _atomic_write_parquet(con.sql(f"SELECT * FROM _done_{name}").to_arrow_table(), store_root / rel)
                rec.fragments[name] = rel
    finally:
        con.close()
        shutil.rmtree(spill, ignore_errors=True)


_CREATE_VIEW = re.compile(r"\s*CREATE OR REPLACE VIEW (\w+) AS", re.I)

_EMPTY_FILES_SQL = (
    "SELECT * FROM (SELECT NULL::VARCHAR AS file_id, NULL::VARCHAR AS path, NULL::BIGINT AS size_bytes, "
    "NULL::BIGINT AS mtime_ns, NULL::VARCHAR AS sha256, NULL::VARCHAR AS kind, NULL::VARCHAR AS parser, "
    "NULL::BIGINT AS rows, NULL::VARCHAR AS status, NULL::VARCHAR AS message, NULL::VARCHAR[] AS warnings, "
    "NULL::VARCHAR AS duplicate_of, NULL::BIGINT AS ingested_at_ns, NULL::BIGINT AS unrecognised_lines) WHERE false"
)


def build_views_sql(
    tables: dict[str, list[str]], files_sql: str, precomputed: dict[str, list[str]], only: set[str] | None = None
) -> str:
    """The views: stored tables from their Parquet files, then every view of queries/ (or
    those in `only` and what they read), each from its precomputed fragments (when given)
    or from its SQL."""
    return "\n".join(sql for _, sql in view_statements(tables, files_sql, precomputed, only)) + "\n"


def view_statements(
    tables: dict[str, list[str]], files_sql: str, precomputed: dict[str, list[str]], only: set[str] | None = None
) -> list[tuple[str, str]]:
    """build_views_sql's CREATE VIEW statements, one (view name, statement) each, in
    dependency order."""
    from tracelens.queries import view_definitions

    definitions = view_definitions(only)
    if only is not None:  # a view over Parquet reads the files' footers when it is created: only what is read
        code = "\n".join(re.sub(r"--[^\n]*", "", sql) for _, sql in definitions)
        tables = {t: paths for t, paths in tables.items() if re.search(rf"\b{t}\b", code)}
    statements = [("files", f"CREATE OR REPLACE VIEW files AS {files_sql};")]
    for table, paths in tables.items():
        statements.append((table, f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet([{', '.join(map(_sql_str, paths))}]);"))
    for name, sql in definitions:
        if name in precomputed:
            listed = ", ".join(map(_sql_str, precomputed[name]))
            statements.append((name, f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM read_parquet([{listed}]);"))
        else:
            statements.append((name, f"CREATE OR REPLACE VIEW {name} AS\n{sql.strip().rstrip(';')}\n;"))
    return statements


def _fragment_path(table: str, file_id: str, token: str, data: pa.Table) -> str:
    part = PARTITION_BY.get(table)
    name = f"{file_id}.{token}.parquet"
    if part and data.num_rows:
        values = data.column(part).unique().to_pylist()
        value = values[0] if len(values) == 1 else "mixed"
        return f"tables/{table}/{part}={value}/{name}"
    return f"tables/{table}/{name}"


# Low-cardinality columns: dictionary-encoded. Others (args text, timestamps) would only pay
# for a dictionary attempt that Parquet then abandons.
_DICTIONARY_COLUMNS = frozenset(
    {"file_id", "rank", "pid", "tid", "thread_name", "stream", "device", "category", "kind", "name",
     "coll_name", "coll_dtype", "pg_name", "pg_desc", "pg_ranks", "path", "status", "series", "scope"}
)


def _atomic_write_parquet(table: pa.Table, target: Path) -> None:
    dictionary = [f.name for f in table.schema if f.name in _DICTIONARY_COLUMNS]
    with _writing(target) as tmp:
        pq.write_table(
            table, tmp, compression="zstd", compression_level=1, row_group_size=256_000, use_dictionary=dictionary
        )


def _atomic_write_bytes(data: bytes, target: Path) -> None:
    with _writing(target) as tmp:
        tmp.write_bytes(data)


@contextmanager
def _writing(target: Path) -> Iterator[Path]:
    """A temporary name beside `target` to write to; fsynced and renamed into place after.
    A full disk becomes one error naming where, with the temporary file removed."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        yield tmp
        _fsync_and_rename(tmp, target)
    except OSError as exc:
        if not _is_disk_full(exc):
            raise
        tmp.unlink(missing_ok=True)
        raise DiskFullError(
            f"{target.parent}: no space left on device ({exc.strerror or 'disk full'}); "
            "the store keeps what it had committed: free space there and run again"
        ) from None


def _is_disk_full(exc: OSError) -> bool:
    # Arrow's writer raises OSError without errno, naming the cause in its text.
    return exc.errno in (errno.ENOSPC, errno.EDQUOT) or any(
        text in str(exc) for text in ("No space left on device", "Disk quota exceeded")
    )


def _fsync_and_rename(tmp: Path, target: Path) -> None:
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, target)
    dfd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


LOG_KIND = "console_log"


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


_TOO_DEEP = "nested deeper than a decoder can follow (JSON or pickle containers inside containers, thousands deep); not read"


SKIPPED_REASON = "not recognised: no parser reads a file of this name and first bytes"


def _failed(path: str, message: str) -> FileRecord:
    return FileRecord(path=path, status=FileStatus.FAILED.value, message=f"{path}: {message}", ingested_at_ns=time.time_ns())


def _discover(
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

        def refused(exc: OSError) -> None:
            if unreadable is not None:
                unreadable.append((str(exc.filename or path), f"cannot list this folder: {exc.strerror or exc}"))

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


# ---------------------------------------------------------------------- safety
# Names the store gives its own files (fragments, catalogs, their temporary copies): garbage
# collection deletes nothing else, whatever a folder holds.
_OWN_FILE = re.compile(
    r"^(?:[0-9a-f]{16}\.[0-9a-f]{14}\.parquet|files\.\d+\.[0-9a-f]{6}\.parquet"
    r"|\.(?:[0-9a-f]{16}\.[0-9a-f]{14}\.parquet|files\.\d+\.[0-9a-f]{6}\.parquet|_empty\.parquet)\.\d+\.tmp)$"
)  # the templates (_empty.parquet) themselves are never garbage
_HELD: set[str] = set()  # stores this process holds the write lock of (POSIX locks do not exclude threads)
_HELD_GUARD = threading.Lock()
_READERS: dict[str, int] = {}  # store root -> this process's reader-lock descriptor


def _open_nofollow(path: Path, flags: int) -> int:
    """A descriptor for `path`, which must not be a symbolic link (O_NOFOLLOW; ELOOP if it is)."""
    try:
        return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise TracelensError(f"{path}: is a symbolic link; tracelens follows no link in a store") from None
        raise


def _touch(path: Path) -> None:
    os.close(_open_nofollow(path, os.O_RDONLY | os.O_CREAT))


def _check_no_links(root: Path) -> None:
    """Refuse to write into a store whose own folders lead elsewhere: a store received from
    someone else could otherwise make an ingest write or delete files outside it."""
    for name in (*STORE_DIRS, LOCK, READERS, MANIFEST, VIEWS_SQL):
        top = root / name
        try:
            mode = os.lstat(top).st_mode
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(mode):
            raise TracelensError(f"{top}: is a symbolic link; tracelens writes into no store through links")
        if name in STORE_DIRS and stat.S_ISDIR(mode):
            for dirpath, dirnames, _ in os.walk(top, followlinks=False):
                for sub in dirnames:
                    if os.path.islink(os.path.join(dirpath, sub)):
                        raise TracelensError(
                            f"{os.path.join(dirpath, sub)}: is a symbolic link; tracelens writes into no store through links"
                        )


def _check_inside(root: Path, rel: str, tops: tuple[str, ...]) -> None:
    """A path the manifest names must be a plain relative path inside one of the store's folders."""
    parts = PurePosixPath(rel).parts
    if (not isinstance(rel, str) or PurePosixPath(rel).is_absolute() or len(parts) < 2 or parts[0] not in tops
            or any(part in ("", ".", "..") for part in parts) or "\\" in rel):
        raise TracelensError(f"{root / MANIFEST}: names a file outside the store ({rel!r}); refusing to read it")


def _read_lock(root: Path) -> None:
    """Hold a shared lock on the store's readers file for the rest of this process: garbage
    collection waits for no reader, it skips its turn, so the files a reader's manifest names
    stay until the reader is gone. Taken before the manifest is read. A store without the file
    (made by an older tracelens, or not writable) is read without it."""
    key = str(root)
    if key in _READERS:
        return
    try:
        fd = _open_nofollow(root / READERS, os.O_RDONLY)
    except (OSError, TracelensError):
        return
    fcntl.flock(fd, fcntl.LOCK_SH)  # waits out a collection in progress (short)
    _READERS[key] = fd


def _manifest_generation(root: Path) -> int | None:
    try:
        return int(json.loads((root / MANIFEST).read_text()).get("generation", 0))
    except (OSError, ValueError, AttributeError, TypeError):
        return None


def _write_templates(root: Path) -> None:
    """Write the zero-row templates of every table and precomputed view under `root`
    (a store, or a cache folder laid out like one) where they are missing."""
    for table, schema in TABLES.items():
        target = root / "tables" / table / "_empty.parquet"
        if not target.exists():
            _atomic_write_parquet(schema.empty_table(), target)
    from tracelens.queries import materialized_views

    missing = [v for v in materialized_views() if not (root / "derived" / v / "_empty.parquet").exists()]
    if not missing:
        return
    # The schema of a precomputed view is whatever its SQL yields on empty tables. Working
    # it out takes DuckDB ~0.2 s, so the result is kept per version of the views' SQL in
    # the user's cache and copied into each new store.
    cached = cache_dir() / "empty-derived" / f"{SCHEMA_VERSION}-{derived_version()}-{_tables_digest()}"
    todo = []
    for view in missing:
        target = root / "derived" / view / "_empty.parquet"
        try:
            data = (cached / f"{view}.parquet").read_bytes()
            pq.read_schema(pa.BufferReader(data))  # a cut-off copy is recomputed, not used
        except (OSError, pa.ArrowException):
            todo.append(view)
            continue
        _atomic_write_bytes(data, target)
    if not todo:
        return
    import duckdb

    con = duckdb.connect(config={"threads": 1})  # no worker threads: the CLI forks later
    tables = {t: [str(root / "tables" / t / "_empty.parquet")] for t in TABLES}
    con.execute(build_views_sql(tables, _EMPTY_FILES_SQL, {}, only=set(todo)))
    for view in todo:
        target = root / "derived" / view / "_empty.parquet"
        _atomic_write_parquet(con.sql(f"SELECT * FROM {view} LIMIT 0").to_arrow_table(), target)
        try:
            _atomic_write_bytes(target.read_bytes(), cached / f"{view}.parquet")
        except (OSError, TracelensError):
            pass  # no writable cache: the next store works it out again
    con.close()


def _worker_started() -> None:
    """First thing in a parser process: die with the process that started it. A killed ingest
    (kill -9, the OOM killer) would otherwise leave its workers blocked forever on a queue
    whose other end they themselves hold open."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return  # not Linux/glibc: workers end when their queue closes
    if os.getppid() == 1:
        os._exit(1)  # the parent died before the line above took effect


def _sql_str(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


# ---------------------------------------------------------------------- query entry points
def cache_dir() -> Path:
    base = os.environ.get("TRACELENS_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tracelens"
    )
    return Path(base)


def store_for(
    target: str | Path, *, progress: ProgressCallback | None = None, profiles: Iterable[str | Path] = (),
    log_format: str | None = None, one_job: bool = False, job: str | None = None,
) -> tuple[Store, IngestOutcome | None]:
    """A store for a store directory, or for a raw job folder/file (ingested into a cache).

    The cache is keyed by the job's absolute path (and `job`) and refreshed incrementally:
    unchanged files are recognised by size and mtime and not parsed again. `one_job` and `job`
    as in Store.ingest; a store directory is read as it is.
    """
    path = Path(os.path.abspath(target))
    if (path / MANIFEST).exists():
        if job is not None:
            raise UsageError(f"{path}: --job picks a job of a raw folder; this is a store (it holds what was ingested)")
        return Store.open(path, create=False), None
    if not path.exists():
        raise UsageError(f"{path}: no such file or directory")
    # The schema version is part of the key: a cache written by another tracelens is not reused.
    profiles = tuple(profiles)
    digest = hashlib.sha256(f"{path}\0{SCHEMA_VERSION}\0{log_format or ''}".encode() + (f"\0job={job}".encode() if job else b""))
    digest.update(_parsers_digest().encode())  # another version of the parsers: another cache
    for profile in profiles:  # another profile reads the files differently: another cache
        digest.update(Path(profile).read_bytes() if Path(profile).is_file() else str(profile).encode())
    key = digest.hexdigest()[:16]
    store = Store.open(cache_dir() / f"{path.name}-{key}.tlstore")
    outcome = store.ingest([path], progress=progress, profiles=profiles, log_format=log_format, one_job=one_job, job=job)
    return store, outcome


def _parsers_digest() -> str:
    """A digest of the parsers' source: a cache made by other parsers is not reused."""
    from importlib import resources

    digest = hashlib.sha256()
    root = resources.files("tracelens.parsers")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            digest.update(entry.name.encode() + b"\0" + entry.read_bytes())
    return digest.hexdigest()[:16]


def open_for_query(target: str | Path) -> Any:
    store, _ = store_for(target)
    return store.connect()

