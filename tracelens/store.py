"""The store: a directory of Parquet fragments plus a manifest.

Layout::

    job.tlstore/
      store.json                  the manifest's head: schema version, generation, its segments
      manifest/records.<gen>.<tok>.parquet   segments: the records a commit changed (a log)
      views.sql                   setup script for the stock duckdb CLI / Python (relative paths)
      tables/<table>/_empty.parquet                          zero rows, the declared schema
      tables/<table>/rank=<r>/<file_id>.<token>.parquet      partitioned tables
      tables/<table>/<file_id>.<token>.parquet               the others, one file's rows
      tables/<table>/pack-<n>-<tok>.parquet                  the rows of n small files
      derived/<view>/<file_id>.<token>.parquet               a per-file view's rows for one large file
      derived/<view>/pack-<n>-<tok>.parquet                  ... and for n files, where those rows are few
      .lock                       held (a POSIX lock: the writing process's own) while an ingest writes
      .readers                    shared flock of every process reading the store

The manifest is a log: each commit writes one segment holding the records it changed (and a
tombstone for each file it dropped), then replaces the small head that names the segments. A
commit's cost follows what changed, not the size of the store; when the segments hold twice
the live records, or too many of them, a commit folds them into one. The `files` view reads
the segments, the latest row of each path.

Small files (a per-rank log) do not get fragments of their own: the parse task hands their
rows back with the record, and the commit writes the rows of all the small files it commits
into one pack per table. A pack's name says how many files it was written with; when fewer
live records name it (a file replaced or dropped), the commit rewrites it with their rows
alone, and packs of similar sizes are merged, so a table has a few packs, not one fragment
per file. The same holds for the per-file views' results (a trace's steps, collectives and
categories: a few hundred rows from a trace of millions of events): a 1,024-rank job's views
then read a few packs, not 1,024 fragments each.

Consistency: fragments, packs and segments are written under fresh names and fsynced; the
head is then replaced atomically, and that rename is the only commit point. Readers build their views from
the manifest, never from a directory listing, so a fragment left by a killed ingest is never
read; the next ingest deletes it and parses that file again. Ingest commits in batches, so a
long ingest killed late keeps what it had committed. Garbage collection skips its turn while
any process reads the store, so a reader sees the state it opened until it is done.

Safety: a store may come from someone else. Reading one writes nothing; an ingest refuses a
store whose folders or lock are symbolic links; garbage collection deletes only regular files
named as the store names its own; a manifest naming a file outside the store is refused.
Credentials in every table but the profiler events are redacted before rows are written.

Identity: a file is known by its absolute path; its content is known by sha256. The same
path with the same bytes is skipped; the same path with new bytes replaces its rows; the same
bytes under a second path are stored once (the second record says `duplicate`).

How files get into a store (discovery, detection, parse tasks, executors, the committer that
calls `_commit`): tracelens.ingest and tracelens.executors; docs/scale.md.
"""

from __future__ import annotations

import contextlib
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
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from tracelens.enums import FileStatus
from tracelens.errors import DiskFullError, StoreLockedError, TracelensError, UsageError
from tracelens.resources import query_threads
from tracelens.safe_text import printable, redact
from tracelens.schemas import FILES, PARTITION_BY, SCHEMA_VERSION, TABLES

if TYPE_CHECKING:
    from tracelens.executors import Executor

MANIFEST = "store.json"  # the head: names the segments of the record log
SEGMENTS = "manifest"
VIEWS_SQL = "views.sql"
LOCK = ".lock"
READERS = ".readers"  # readers hold a shared flock on it; garbage collection needs it exclusive
STORE_DIRS = ("manifest", "tables", "derived")
# A commit folds the log into one segment past this many segments (or when the segments hold
# twice the live records): opening a store reads every segment.
MAX_SEGMENTS = 32
# A small file's rows (their Arrow size) travel back with its record and go into a pack.
INLINE_MAX_BYTES = 2 << 20
FORMAT = "tracelens-store"
FORK_IS_SAFE = False  # set by the CLI, whose process has started no DuckDB/polars threads


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
    # A small file's rows, not yet written: the commit packs them (tracelens.store, "Small files").
    tables: dict[str, pa.Table] = field(default_factory=dict, compare=False, repr=False)


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
        self.segments: list[str] = []  # the record log, oldest first, relative to the root
        self.segment_rows = 0  # rows in the segments (live records, older versions, tombstones)
        self.committed: set[str] = set(records)  # paths the committed manifest holds
        self.created = False  # made by this Store.open (not found, nor made by a concurrent one)

    def _adopt(self, fresh: Store) -> None:
        """Take on the committed state another process wrote since this object read it."""
        self.records, self.generation = fresh.records, fresh.generation
        self.derived_version = fresh.derived_version
        self.segments, self.segment_rows, self.committed = fresh.segments, fresh.segment_rows, fresh.committed

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
        made = False
        try:
            store = cls(building, {}, 0)
            store._write_empty_tables()
            _touch(building / READERS)
            store._commit([])  # an empty store is a store: it opens, and its views work
            try:
                existed = root.exists()
                if existed:
                    root.rmdir()  # empty (checked above)
                os.rename(building, root)
                made = not existed  # a user's empty folder is theirs, not made here
            except OSError as exc:
                # Another process created it first: use theirs.
                if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST) or not manifest.exists():
                    raise
        finally:
            if building.exists():
                shutil.rmtree(building, ignore_errors=True)  # ours alone; rmtree follows no links
        store = cls._load(root)
        store.created = made
        return store

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
        records: dict[str, FileRecord] = {}
        segments: list[str] = []
        rows = 0
        try:
            for rel in doc.get("segments", []):
                _check_inside(root, rel, (SEGMENTS,))
                segments.append(rel)
            for rel in segments:
                try:
                    segment = pq.read_table(root / rel, columns=["removed", "record"])
                except (OSError, pa.ArrowException) as exc:
                    raise TracelensError(f"{root / rel}: unreadable manifest segment ({exc})") from None
                rows += segment.num_rows
                for removed, raw in zip(segment.column("removed").to_pylist(), segment.column("record").to_pylist(),
                                        strict=True):
                    rec = _record_from(root, json.loads(raw))
                    if removed:
                        records.pop(rec.path, None)
                    else:
                        records[rec.path] = rec
        except (TypeError, AttributeError, ValueError) as exc:
            raise TracelensError(f"{root / MANIFEST}: malformed store manifest ({exc})") from exc
        store = cls(root, records, int(doc.get("generation", 0)))
        store.derived_version = doc.get("derived_version")
        store.segments, store.segment_rows = segments, rows
        return store

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
        executor: Executor | None = None,
        mirror: bool = False,
    ) -> IngestOutcome:
        """Parse new or changed input files into the store; idempotent and atomic.

        `workers` files parsed at once (default: as many as usable CPUs, input files and the
        available memory allow, see tracelens.resources; traces in threads, logs in processes,
        see tracelens.executors.LocalExecutor); `max_memory` (bytes) caps the memory the
        default plans for. `executor` runs the parse tasks elsewhere (e.g.
        tracelens.executors.RayExecutor); default: the one chosen with
        tracelens.executors.use_executor, else this machine.
        `one_job` refuses inputs holding several jobs (InputError, nothing committed); `job`
        (a number or label, or "all") keeps one of them: see tracelens.jobs. `mirror`: the
        store holds what the inputs hold now, the files stored from under them that are gone
        from there left out (a raw folder's cache); otherwise a store keeps what it read.
        How files are found, parsed and committed: tracelens.ingest."""
        from tracelens.ingest import ingest

        return ingest(self, inputs, rank=rank, workers=workers, progress=progress, profiles=profiles,
                      log_format=log_format, max_memory=max_memory, one_job=one_job, job=job, executor=executor,
                      mirror=mirror)

    def _discard(self, rec: FileRecord) -> None:
        """Drop the rows of a record no commit will name: its own fragments are deleted; in a
        pack (shared with other files) its rows stay until the commit rewrites the pack."""
        for rel in rec.fragments.values():
            if not _is_pack(rel):
                (self.root / rel).unlink(missing_ok=True)
        rec.fragments, rec.tables = {}, {}

    def _rank_collisions(self) -> list[str]:
        """Two trace files claiming one rank over overlapping time: both kept, one warning."""
        import duckdb

        traces = {rec.file_id: rec.fragments["trace_meta"] for rec in self.records.values() if "trace_meta" in rec.fragments}
        if len(traces) < 2:
            return []
        # (a pack holds the rows of many files, and until it is rewritten those of files since dropped)
        metas = sorted({self.root / rel for rel in traces.values()})
        con = duckdb.connect()
        rows = con.execute(
            """
            with m as (select * from read_parquet(?) where file_id in (select unnest(?)))
            select a.rank, a.path, b.path from m a join m b
              on a.rank = b.rank and a.path < b.path
             and a.start_ns < b.end_ns and b.start_ns < a.end_ns
            order by 1, 2, 3
            """,
            [[str(p) for p in metas], list(traces)],
        ).fetchall()
        return [f"rank {r} is claimed by two traces over overlapping time: {a} and {b} (both kept)" for r, a, b in rows]

    # ------------------------------------------------------------------ commit
    def _commit(self, changed: list[FileRecord]) -> None:
        """Make `changed` part of the store, and forget the paths no longer in `records`: their
        small files' rows packed, one segment of the record log written, then the head
        replaced atomically (the commit point)."""
        self._pack(changed)
        for rec in changed:
            self.records[rec.path] = rec
        rows = {rec.path: rec for rec in changed}
        rows.update(self._repack())
        dropped = sorted(self.committed - self.records.keys())
        self.generation += 1
        fold = (not self.segments or len(self.segments) >= MAX_SEGMENTS
                or self.segment_rows + len(rows) + len(dropped) > 2 * len(self.records) + 1000)
        if fold:
            segment = self._write_segment(list(self.records.values()), [])
            segments, self.segment_rows = [segment], len(self.records)
        elif rows or dropped:
            segments = [*self.segments, self._write_segment(list(rows.values()), dropped)]
            self.segment_rows += len(rows) + len(dropped)
        else:
            segments = list(self.segments)
        doc = {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "derived_version": derived_version(),
            "generation": self.generation,
            "segments": segments,
        }
        _atomic_write_bytes(json.dumps(doc, indent=1).encode(), self.root / MANIFEST)
        self.segments, self.committed = segments, set(self.records)
        self.derived_version = derived_version()
        _atomic_write_bytes(self.views_sql(relative=True, script=True).encode(), self.root / VIEWS_SQL)

    def _write_segment(self, records: list[FileRecord], dropped: list[str]) -> str:
        """One segment of the record log: each record in full (`record`, JSON) and as its row of
        `files`, and a tombstone for each dropped path; its path relative to the root."""
        records = sorted(records, key=lambda r: r.path)
        files = self._files_rows(records)
        tombstones = [FileRecord(path=path) for path in dropped]
        files = pa.concat_tables([files, self._files_rows(tombstones)])
        everything = records + tombstones
        extra = {
            "key": pa.array([_path_key(r.path) for r in everything], pa.string()),
            "seq": pa.array([self.generation] * len(everything), pa.int64()),
            "removed": pa.array([False] * len(records) + [True] * len(tombstones), pa.bool_()),
            "record": pa.array([json.dumps(_record_doc(r), ensure_ascii=True) for r in everything], pa.string()),
        }
        for name, column in extra.items():
            files = files.append_column(name, column)
        rel = f"{SEGMENTS}/records.{self.generation}.{secrets.token_hex(3)}.parquet"
        _atomic_write_parquet(files, self.root / rel)
        return rel

    def _pack(self, records: Iterable[FileRecord]) -> None:
        """Write the rows small files handed back (`FileRecord.tables`) as one pack per table,
        under fresh names (no committed record names them yet), and point the records at them."""
        holders: dict[str, list[FileRecord]] = {}
        for rec in records:
            for table in rec.tables:
                holders.setdefault(table, []).append(rec)
        for table, recs in holders.items():
            if table in TABLES:
                data = pa.concat_tables([rec.tables[table].cast(TABLES[table]) for rec in recs])
                if table not in NOT_REDACTED:
                    data = redacted(data)
            else:  # a per-file view's rows (derived/): its SQL fixes their types
                data = pa.concat_tables([rec.tables[table] for rec in recs], promote_options="default")
            rel = _write_pack(self.root, table, len({rec.file_id for rec in recs}), data)
            for rec in recs:
                rec.fragments[table] = rel
        for recs in holders.values():
            for rec in recs:
                rec.tables = {}

    def _repack(self) -> dict[str, FileRecord]:
        """Keep the packs true and few: a pack holding rows of files no live record names any
        more (replaced, dropped) is rewritten with the others' rows, or left to the garbage; the
        packs of a table holding as many files to within a factor of two are merged (so a table
        holds at most log2(files) packs, and each row is rewritten at most as often). The
        records whose pack changed."""
        import pyarrow.compute as pc

        holders: dict[str, list[FileRecord]] = {}
        packed: dict[str, bool] = {}  # a pass over every record's fragments: each name matched once
        for rec in self.records.values():
            for rel in rec.fragments.values():
                is_pack = packed.get(rel)
                if is_pack is None:
                    is_pack = packed[rel] = _is_pack(rel)
                if is_pack:
                    holders.setdefault(rel, []).append(rec)
        by_table: dict[str, list[str]] = {}
        for rel in holders:
            by_table.setdefault(PurePosixPath(rel).parts[1], []).append(rel)
        moved: dict[str, FileRecord] = {}
        for table, packs in by_table.items():
            live = {rel: {rec.file_id for rec in holders[rel]} for rel in packs}
            stale = {rel for rel in packs if len(live[rel]) < _pack_files(rel)}
            # Packs whose live files have the same bit length are merged into one, again until
            # no two remain: at most one pack per power of two.
            merged = [([rel], len(live[rel])) for rel in packs]
            while True:
                tiers: dict[int, list[tuple[list[str], int]]] = {}
                for group, size in merged:
                    tiers.setdefault(size.bit_length(), []).append((group, size))
                if all(len(members) < 2 for members in tiers.values()):
                    break
                merged = [(sum((g for g, _ in members), []), sum(n for _, n in members)) for members in tiers.values()]
            groups = [group for group, _ in merged if len(group) > 1 or group[0] in stale]
            for group in groups:
                ids = set().union(*(live[rel] for rel in group))
                data = pa.concat_tables([pq.read_table(self.root / rel) for rel in group])
                data = data.filter(pc.is_in(data.column("file_id"), pa.array(sorted(ids), pa.string())))
                rel = _write_pack(self.root, table, len(ids), data)
                for old in group:
                    for rec in holders[old]:
                        rec.fragments[table] = rel
                        moved[rec.path] = rec
        return moved

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
            live.update(self.segments)
            for name in os.listdir(self.root):  # the head and views.sql of a writer killed mid-write
                path = self.root / name
                if _OWN_TOP_TMP.match(name) and stat.S_ISREG(os.lstat(path).st_mode):
                    path.unlink(missing_ok=True)
            for sub in STORE_DIRS:
                top = self.root / sub
                try:
                    if not stat.S_ISDIR(os.lstat(top).st_mode):
                        continue
                except FileNotFoundError:  # a store without one of them (no ingest has written a segment yet)
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

    def files_table(self) -> pa.Table:
        return self._files_rows(sorted(self.records.values(), key=lambda r: r.path))

    @staticmethod
    def _files_rows(records: list[FileRecord]) -> pa.Table:
        """The `files` rows of these records: names and messages made printable and redacted."""
        rows = [_record_doc(r) for r in records]
        for row in rows:
            row.pop("fragments")
            for key in ("path", "message", "duplicate_of"):
                if row[key] is not None:
                    row[key] = printable(row[key])
            if row["message"] is not None:
                row["message"] = redact(row["message"])
            row["warnings"] = [redact(printable(w)) for w in row["warnings"]]
        return pa.Table.from_pylist(rows, schema=FILES)

    def fragments(self, table: str, *, derived: bool = False, index: dict[str, set[str]] | None = None) -> list[str]:
        """Relative paths of a table's (or precomputed view's) fragments, the empty template first.
        `index`: every table's fragments (`_fragment_index`), for a caller listing many tables."""
        frags = [self._template("derived" if derived else "tables", table)]
        if index is None:
            index = {table: {rec.fragments[table] for rec in self.records.values() if table in rec.fragments}}
        return frags + sorted(index.get(table, ()))

    def _fragment_index(self) -> dict[str, set[str]]:
        """Each table's (and precomputed view's) fragments, from one pass over the records."""
        index: dict[str, set[str]] = {}
        for rec in self.records.values():
            for table, rel in rec.fragments.items():
                index.setdefault(table, set()).add(rel)
        return index

    def views_sql(self, *, relative: bool, precomputed: bool = True, script: bool = False, checks: bool = True,
                  only: set[str] | None = None) -> str:
        """CREATE VIEW statements for the stored tables and every view of queries/ (see
        `view_statements`), as one text. A `script` (the store's views.sql, for the stock duckdb
        CLI and Python) also does what `connect` does when it opens: computes the per-connection
        views once, and keeps DuckDB's progress bar out of the query output."""
        header = (
            "-- tracelens store views. From the store directory: duckdb -init views.sql\n"
            "-- From elsewhere: SET file_search_path='<store dir>'; then run this file.\n"
        )
        statements = self.view_statements(relative=relative, precomputed=precomputed, checks=checks, only=only)
        if not script:
            return header + "\n".join(statement for _, statement in statements) + "\n"
        once = computed_once()
        lines = [header + "SET enable_progress_bar = false;"]
        for name, statement in statements:
            if name in once:
                lines.extend(f"{sql};" for sql in once_statements(name, statement))
            else:
                lines.append(statement)
        return "\n".join(lines) + "\n"

    def view_statements(self, *, relative: bool, precomputed: bool = True, checks: bool = True,
                        only: set[str] | None = None) -> list[tuple[str, str]]:
        """(view name, CREATE VIEW statement) for the stored tables and every view of queries/, in
        dependency order.

        Views marked `-- materialize: per_file` were computed for each trace at ingest; with
        `precomputed` they read those results, otherwise they run their SQL (needed when a
        session variable such as the step marker changes what they compute). Without `checks`
        the zero-row checks of queries/checks/ are left out (binding each costs ~0.1 s at every
        connection; a report reads none). `only` names the views and tables to define (with what
        they read), instead of all.
        """
        from tracelens.queries import materialized_views, report_views

        def path(rel: str) -> str:
            return rel if relative else str(self.root / rel)

        files_sql = _files_sql([path(rel) for rel in self.segments]) if self.segments else _EMPTY_FILES_SQL
        index = self._fragment_index()
        tables = {t: [path(f) for f in self.fragments(t, index=index)] for t in TABLES}
        derived = (
            {v: [path(f) for f in self.fragments(v, derived=True, index=index)] for v in materialized_views()}
            if precomputed else {}
        )
        if only is None and not checks:
            only = report_views()
        return view_statements(tables, files_sql, derived, only)

    def connect(
        self,
        *,
        step_marker: str | None = None,
        gpus: float | None = None,
        gpu_hour_cost: float | None = None,
        flops_per_token: float | None = None,
        peak_tflops: float | None = None,
        checks: bool = True,
        only: set[str] | None = None,
    ) -> Any:
        """An in-memory DuckDB connection with every view registered.

        `step_marker` names a span (e.g. a user `record_function("train_step")`) to use as
        the step instead of ProfilerStep#N; the views read it from a session variable.
        `checks=False` leaves out the zero-row checks (queries/checks/), for a faster open;
        `only` defines just the views and tables it names and what they read (a query's names:
        the views computed once per connection that it does not read are then not computed).
        """
        import duckdb

        _read_lock(self.root)
        if self.generation != _manifest_generation(self.root):  # an ingest committed since: read that
            self._adopt(Store._load(self.root))
        # Views precomputed by other SQL (another tracelens made them) are not read: their SQL runs.
        fresh_derived = self.derived_version == derived_version()
        config = query_config()
        con = duckdb.connect(config=config)
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
        statements = self.view_statements(relative=False, precomputed=fresh_derived and not step_marker,
                                          checks=checks, only=only)
        small = self.small()
        if small:  # tiny statements: a second thread only costs their scheduling (~12 % of the open's CPU)
            con.execute("SET threads = 1")
        open_views(con, statements, eager=small)
        if small:  # (back to the connection's own setting)
            con.execute(f"SET threads = {config['threads']}" if "threads" in config else "RESET threads")
        return con

    def small(self) -> bool:
        """At most EAGER_VIEWS_MAX_ROWS rows: a connection computes its views where it defines them."""
        return sum(rec.rows for rec in self.records.values()) <= EAGER_VIEWS_MAX_ROWS


# A store of at most this many rows computes every view where it is defined, not only those
# marked `materialize: per_connection`: on so few rows computing a view costs less than binding
# it again inside each view and query that reads it (the 2-rank sample: opening and the
# report's reads 0.57 s, 0.45 s computed at once; the 8-trace bench store, 1.2M rows: 0.71 s,
# 1.19 s with every view computed at once).
EAGER_VIEWS_MAX_ROWS = 100_000


def names_read(query: str) -> set[str] | None:
    """The views and stored tables `query` names, for a connection that defines only those and
    what they read (`Store.connect(only=...)`): `select count(*) from trace_events` then computes
    none of the views a connection computes when it opens. None (every view) where the query
    names none of them (`show tables`, `duckdb_views()`) or does not parse (DuckDB then says why)."""
    import duckdb

    from tracelens.queries import sources

    try:
        names = duckdb.get_table_names(query, qualified=False)
    except duckdb.Error:
        return None
    known = {name for name in names if name in sources() or name in TABLES or name == "files"}
    return known or None


def query_config() -> dict[str, Any]:
    """DuckDB settings of a connection that reads a store: the user's own DuckDB, but it
    fetches nothing (no extension downloaded or loaded behind a query's back: a store's views
    need none), and what a large query spills goes to the system's temporary folder, not to
    DuckDB's default `.tmp` in the user's working directory (which a killed query leaves behind)."""
    import tempfile

    config: dict[str, Any] = {"autoinstall_known_extensions": False, "autoload_known_extensions": False,
                              "temp_directory": os.path.join(tempfile.gettempdir(), f"tracelens-duckdb-{os.getuid()}")}
    if (threads := query_threads()) is not None:
        config["threads"] = threads
    return config


def computed_once() -> frozenset[str]:
    """The views a connection computes once, when it opens: those marked `-- materialize:
    per_connection`, and `files` (the latest row of each path)."""
    from tracelens.queries import connection_views

    return frozenset({"files", *connection_views()})


def compute_once(name: str, source: str | None = None, *, temp: bool = True) -> tuple[str, str]:
    """The two statements that compute view `name` once into a table and make the view read
    that table: the views bound after it then plan over a small table instead of re-planning
    the whole chain under it at every reference. `source` is the query computed (by default the
    view as defined); `temp=False` keeps the table in the current catalog (two stores attached
    to one connection each keep their own)."""
    table = f"_connection_{name}"
    return (f"CREATE OR REPLACE {'TEMP ' if temp else ''}TABLE {table} AS {source or f'SELECT * FROM {name}'}",
            f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM {table}")


def open_views(con: Any, statements: list[tuple[str, str]], *, temp: bool = True,
               once: frozenset[str] | None = None, eager: bool = False,
               reads: dict[str, frozenset[str]] | None = None) -> None:
    """Run `statements` ((view name, CREATE VIEW) in dependency order) on `con`; each view of
    `once` (by default `computed_once()`) is computed where it is defined (`once_statements`).
    `eager`: every other view that another view of the connection reads (not a stored table's)
    is computed there too, where its rows cannot change within the connection: not one that
    reads a session variable (a `SET VARIABLE` after the connection opens moves it;
    docs/methods.md, Settings), nor one that reads such a view. A view nothing else reads (a
    mart a query reads once, a view only precomputed views read) stays a view.
    One that fails to compute stays a view, so that its error is said where it is read, as
    without. `reads`: view -> the views it reads (by default queries/' declared inputs)."""
    import duckdb

    from tracelens.queries import dependencies

    once = computed_once() if once is None else once
    reads = dependencies() if reads is None else reads
    stored_names = {name for name, statement in statements
                    if statement.startswith(f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM read_parquet(")}
    # Views that a view of this connection reads (not one stored, precomputed from Parquet):
    # computing one that nothing here reads only adds a table's write to the query that reads it.
    read_here = {read for name, _ in statements if name not in stored_names for read in reads.get(name, ())}
    moving: set[str] = set()  # views whose rows a variable set later can change
    for name, statement in statements:
        stored = name in stored_names  # precomputed
        if name not in once and name not in TABLES and (
                "getvariable(" in statement or (not stored and reads.get(name, frozenset()) & moving)):
            moving.add(name)
        if name in once:
            for sql in once_statements(name, statement, temp=temp):
                con.execute(sql)
        elif eager and name not in TABLES and name not in moving and name in read_here:
            try:
                for sql in once_statements(name, statement, temp=temp):
                    con.execute(sql)
            except duckdb.Error:
                con.execute(statement)
        else:
            con.execute(statement)


def once_statements(name: str, statement: str, *, temp: bool = True) -> tuple[str, str]:
    """`compute_once` for the view `statement` creates: its query computed straight into the
    table (binding it as a view first, then again to copy it, cost as much again)."""
    prefix = f"CREATE OR REPLACE VIEW {name} AS"
    if not statement.startswith(prefix):
        raise ValueError(f"not the CREATE VIEW statement of {name}: {statement[:80]!r}")
    return compute_once(name, statement[len(prefix):].strip().rstrip(";"), temp=temp)


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
    from tracelens.queries import sources, view_definitions

    definitions = view_definitions(None if only is None else only & sources().keys())
    if only is not None:  # a view over Parquet reads the files' footers when it is created: only what is read
        code = "\n".join(re.sub(r"--[^\n]*", "", sql) for _, sql in definitions)
        tables = {t: paths for t, paths in tables.items() if t in only or re.search(rf"\b{t}\b", code)}
    statements = [("files", f"CREATE OR REPLACE VIEW files AS {files_sql};")]
    for table, paths in tables.items():
        listed = ", ".join(map(_sql_str, paths))
        statements.append((table, f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet([{listed}]);"))
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
    {"file_id", "rank", "pid", "tid", "thread_name", "stream", "device", "category", "kind", "parent_kind", "name",
     "coll_name", "coll_dtype", "pg_name", "pg_desc", "pg_ranks", "path", "status", "series", "scope"}
)


def write_fragment(root: Path, table: str, file_id: str, tag: str, data: pa.Table) -> str:
    """Write one file's rows of `table` into the store at `root` under a fresh name (which
    no manifest names until the file's record is committed); its path relative to `root`."""
    rel = _fragment_path(table, file_id, tag, data)
    _atomic_write_parquet(data, root / rel)
    return rel


def write_parquet(table: pa.Table, target: Path) -> None:
    """Write `table` to `target` as the store writes its fragments: atomically, fsynced."""
    _atomic_write_parquet(table, target)


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
    if os.environ.get("TRACELENS_DURABLE") == "0":
        # The test suite's setting (docs/testing.md): what a killed process wrote survives in
        # the page cache, so only a machine's crash tells an fsynced store from this one.
        os.replace(tmp, target)
        return
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


# ---------------------------------------------------------------------- safety
# Names the store gives its own files (fragments, packs, manifest segments, their temporary
# copies): garbage collection deletes nothing else, whatever a folder holds.
_OWN_NAMES = (r"[0-9a-f]{16}\.[0-9a-f]{14}\.parquet"
              r"|records\.\d+\.[0-9a-f]{6}\.parquet|pack-\d+-[0-9a-f]{12}\.parquet")
# The templates (_empty.parquet) themselves are never garbage.
_OWN_FILE = re.compile(rf"^(?:{_OWN_NAMES}|\.(?:{_OWN_NAMES}|_empty\.parquet)\.\d+\.tmp)$")
_OWN_TOP_TMP = re.compile(rf"^\.(?:{re.escape(MANIFEST)}|{re.escape(VIEWS_SQL)})\.\d+\.tmp$")
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
        with contextlib.suppress(OSError, TracelensError):  # no writable cache: the next store works it out again
            _atomic_write_bytes(target.read_bytes(), cached / f"{view}.parquet")
    con.close()


def _sql_str(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _files_sql(segments: list[str]) -> str:
    """The `files` table from the record log: the latest row of each path, unless a tombstone."""
    columns = ", ".join(FILES.names)
    listed = ", ".join(map(_sql_str, segments))
    return (f"SELECT {columns} FROM (SELECT *, row_number() OVER (PARTITION BY key ORDER BY seq DESC) AS _latest "
            f"FROM read_parquet([{listed}])) WHERE _latest = 1 AND NOT removed ORDER BY path")


def _path_key(path: str) -> str:
    # Paths are bytes that need not be UTF-8 (surrogate escapes); their digest is a string.
    return hashlib.sha1(os.fsencode(path)).hexdigest()


def _record_doc(rec: FileRecord) -> dict[str, Any]:
    """A record as the manifest keeps it (its unwritten rows left out)."""
    doc = {f.name: getattr(rec, f.name) for f in dataclasses.fields(FileRecord) if f.name != "tables"}
    doc["warnings"], doc["fragments"] = list(rec.warnings), dict(rec.fragments)
    return doc


_RECORD_FIELDS = frozenset(f.name for f in dataclasses.fields(FileRecord)) - {"tables"}


def _record_from(root: Path, raw: dict[str, Any]) -> FileRecord:
    """A record read from a manifest, its fragments checked to lie inside the store."""
    rec = FileRecord(**{k: v for k, v in raw.items() if k in _RECORD_FIELDS})
    if not isinstance(rec.path, str) or not isinstance(rec.fragments, dict):
        raise TypeError(f"a record of {type(rec.path).__name__} path and {type(rec.fragments).__name__} fragments")
    for rel in rec.fragments.values():
        _check_inside(root, rel, ("tables", "derived"))
    return rec


_PACK = re.compile(r"pack-(\d+)-[0-9a-f]{12}\.parquet")


def _is_pack(rel: str) -> bool:
    return _PACK.fullmatch(rel, rel.rfind("/") + 1) is not None  # called per record and table at each commit


def _pack_files(rel: str) -> int:
    """How many files' rows a pack was written with (its name says)."""
    match = _PACK.fullmatch(rel, rel.rfind("/") + 1)
    return int(match.group(1)) if match else 0


def _write_pack(root: Path, table: str, files: int, data: pa.Table) -> str:
    """A pack of `table`'s rows (a per-file view's, under derived/) from `files` files."""
    rel = f"{'tables' if table in TABLES else 'derived'}/{table}/pack-{files}-{secrets.token_hex(6)}.parquet"
    _atomic_write_parquet(data, root / rel)
    return rel


# Tables of profiler events: operator and kernel names and shapes, millions of rows. Every
# other table (log lines, launcher and NCCL text, dump fields, trace metadata) has its text
# columns redacted before it is written.
NOT_REDACTED = frozenset({"trace_events", "trace_instants", "trace_counters"})


def redacted(data: pa.Table) -> pa.Table:
    """Credentials in text columns replaced by `<redacted>` (tracelens.safe_text.SECRET_PATTERNS)."""
    import pyarrow.compute as pc

    from tracelens.safe_text import SECRET_PATTERNS

    for i, fld in enumerate(data.schema):
        if fld.name == "file_id" or not (pa.types.is_string(fld.type) or pa.types.is_large_string(fld.type)
                                         or pa.types.is_string_view(fld.type)):
            continue
        column = data.column(i).combine_chunks()
        if pa.types.is_string_view(column.type):  # Arrow's regex kernels read plain strings
            column, fld = column.cast(pa.string()), fld.with_type(pa.string())
        # Few values hold a credential: one pass of all patterns at once finds them, and only
        # those go through the replacements (each a pass of its own).
        mask = pc.fill_null(pc.match_substring_regex(column, pattern=_any_secret()), False)
        if not pc.any(mask).as_py():
            continue
        subset = column.filter(mask)
        for pattern, replacement in SECRET_PATTERNS:
            subset = pc.replace_substring_regex(subset, pattern=pattern, replacement=replacement)
        data = data.set_column(i, fld, pc.replace_with_mask(column, mask, subset))
    return data


@functools.cache
def _any_secret() -> str:
    from tracelens.safe_text import SECRET_PATTERNS

    return "|".join(f"(?i:{p[4:]})" if p.startswith("(?i)") else f"(?:{p})" for p, _ in SECRET_PATTERNS)


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
    outcome = store.ingest([path], progress=progress, profiles=profiles, log_format=log_format, one_job=one_job, job=job,
                           mirror=True)
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

