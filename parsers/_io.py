"""Reading input bytes: plain or gzip, tolerant of a gzip stream cut short."""

from __future__ import annotations

import gc
import json
import mmap
import os
import re
import signal
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, cast

import msgspec
from isal import isal_zlib

from tracelens.errors import ParseError

GZIP_MAGIC = b"\x1f\x8b"
# The byte-order marks of UTF-16 text (little-endian first): what Windows PowerShell 5's `>` and
# `Out-File` write a redirected console as (`python train.py > train.log`). Such a file is read as
# its UTF-8 equivalent; its line numbers are the same, its byte offsets are the UTF-8 text's.
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# isal's stubs declare `error` as an instance; at run time it is the exception class.
_GZIP_ERRORS: tuple[type[Exception], ...] = (zlib.error, cast("type[Exception]", isal_zlib.error))


def decode_json(data: bytes | str) -> Any:
    """A JSON document: msgspec's strict decoder, else Python's, which also reads the NaN,
    Infinity and out-of-range numbers that Python's own `json.dumps` writes by default (HF's
    trainer_state.json after an fp16 overflow, metrics files of Python loggers). Values that are
    not finite numbers are the callers' to drop (parsers/_numbers.py). Raises msgspec's error
    when neither reads it (RecursionError: nested past both decoders' depth)."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError as strict:
        try:
            return json.loads(data)
        except (ValueError, RecursionError):
            raise strict from None


def json_object(data: bytes) -> dict[str, Any] | None:
    """A JSON object (`decode_json`), or None where the text is no JSON or no object (a line of a
    JSON-lines file: a record)."""
    try:
        value = decode_json(data)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # nested past msgspec's depth limit
        return None
    return value if isinstance(value, dict) else None


HEAD_BYTES = 65536  # what detection reads of a file
# a job's output as it is kept (not source code, a tokenizer's vocabulary, a JSON document, a README):
# the files a console reader may claim on weak evidence, or on what it finds past their head
LOG_SUFFIXES = frozenset({"", ".log", ".txt", ".out", ".err", ".stdout", ".stderr"})
# (and a batch scheduler's streams as PBS and Grid Engine name them, `train.o12345`, `train.e12345`, or a job
# script's `-o job.o -e job.e`)
_SCHEDULER_STREAM = re.compile(r"\.[eo]\d{0,12}")


# (and a log numbered, a rank's or a worker's or one rotated: PaddlePaddle's launcher's `log/workerlog.0`, detectron2's
# `log.txt.rank1`, a RotatingFileHandler's `train.log.1`: its name a log's before the number, not a word that ends in
# one, `catalog.1`, `dialog.3`)
_NUMBERED = re.compile(r"\.(?:rank)?\d{1,6}")
_NUMBERED_STEM = re.compile(r"(?:(?:worker|server|trainer|train|rank|node|job|run)[_-]?)?log|stdout|stderr")


def log_named(path: Path) -> bool:
    """The file is named as a job's output is kept (`LOG_SUFFIXES`, a scheduler's stream, a log numbered)."""
    suffix = path.suffix.lower()
    if _NUMBERED.fullmatch(suffix) is not None:
        stem = path.stem.lower()
        return _NUMBERED_STEM.fullmatch(stem) is not None or os.path.splitext(stem)[1] in LOG_SUFFIXES - {""}
    return suffix in LOG_SUFFIXES or _SCHEDULER_STREAM.fullmatch(suffix) is not None


def read_json_document(path: Path) -> tuple[Any, str | None]:
    """The whole file as one JSON document (`decode_json`) and the reading's warning (a cut gzip
    stream); ParseError, at byte 0, where it is not valid JSON or nests past the decoders' depth."""
    data, warning = read_bytes(path)
    try:
        return decode_json(data), warning
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise ParseError(str(path), f"not valid JSON ({exc})", where="byte 0") from None
    except RecursionError:  # containers nested past msgspec's depth limit
        raise ParseError(str(path), "nested deeper than a JSON decoder follows; not read", where="byte 0") from None


def read_head(path: Path, size: int = HEAD_BYTES) -> bytes:
    """The first `size` bytes of the (decompressed, UTF-16 to UTF-8) file; b'' when unreadable. A
    notebook kernel's log (`kernel_log`) is its output's first bytes."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(size if not _is_gzip_name(path) else 1 << 20)
            if raw[:2] in UTF16_BOMS:
                raw += fh.read(size)  # (up to `size` characters, then as UTF-8)
            elif is_kernel_log(raw):
                raw += fh.read(4 * size)  # (its records' JSON around the output: a few times its length)
                if not kernel_log(raw.decode("utf-8", "replace"))[0]:
                    raw += fh.read(KERNEL_RECORD_MAX)  # (a first record longer than that: a whole one, up to this)
    except OSError:
        return b""
    if raw[:2] == GZIP_MAGIC:
        try:
            raw = isal_zlib.decompressobj(wbits=31).decompress(raw, 2 * size)
        except _GZIP_ERRORS:
            return b""
    raw = utf16_as_utf8(raw)
    if is_kernel_log(raw):
        raw = "".join(text for text, _ in kernel_log(raw.decode("utf-8", "replace"))[0]).encode("utf-8")
    return raw[:size]


# A Kaggle notebook kernel's log as `kaggle kernels output` and the kernel's page save it: a JSON list of what the
# kernel's streams printed, an object a line, `[{"stream_name":"stdout","time":1.424748883,"data":"[boot] ...\n"}`
# then `,{"stream_name":"stderr",...}` (`time` the seconds since the kernel started)
KERNEL_RECORD_MAX = 16 << 20  # the longest first record of a kernel's log detection reads to
_KERNEL_LOG_OPENING = re.compile(rb'\s{0,64}\[\s{0,8}\{"stream_name"\s{0,4}:')


def is_kernel_log(head: bytes) -> bool:
    """Whether the bytes open as a notebook kernel's log (`_KERNEL_LOG_OPENING`)."""
    return head[:1] in b"[ \t\r\n" and _KERNEL_LOG_OPENING.match(head) is not None


def kernel_log_cut(cut: int | None) -> str | None:
    """The warning for a kernel's log whose records end at line `cut` (`kernel_log`), None where they all read."""
    if cut is None:
        return None
    return f"line {cut}: its kernel log's records end there (not a whole record); the output before it is read"


def kernel_log(text: str) -> tuple[list[tuple[str, int]], int | None]:
    """A notebook kernel's log's output: each record's `data` and the file's line its record opens on (1-based), in
    order, up to the first record that does not read as one; and that record's line where one did not (a truncated
    file; the cut end of a log's head), else None."""
    decoder = json.JSONDecoder(strict=False)
    records: list[tuple[str, int]] = []
    at = text.find("{")
    line = text.count("\n", 0, at) + 1
    while at >= 0:
        try:
            record, end = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            return records, line
        if not isinstance(record, dict) or not isinstance(data := record.get("data"), str):
            return records, line
        records.append((data, line))
        following = text.find("{", end)
        line += text.count("\n", at, following if following >= 0 else len(text))
        at = following
    return records, None


def utf16_as_utf8(data: bytes) -> bytes:
    """UTF-16 text that opens with its byte-order mark (`UTF16_BOMS`) as UTF-8 (the mark dropped,
    a code unit cut off at the end or a lone surrogate replaced); any other data as it is."""
    if data[:2] not in UTF16_BOMS:
        return data
    return data[:len(data) & ~1].decode("utf-16", "replace").encode("utf-8")


def _is_gzip_name(path: Path) -> bool:
    return path.name.endswith(".gz")


def read_bytes(path: Path, kernel: bool = True) -> tuple[bytes, str | None]:
    """The whole decompressed content, and a warning when a gzip stream ended early; a notebook kernel's log
    (`kernel_log`) as its output, what the readers of bytes read (`kernel` False: its records, for `_lines` to number
    its lines by).

    A gzip file cut mid-stream (a job killed while writing) yields everything that
    decompresses; the caller then salvages the complete records from that prefix.
    """
    data, warning = _read_bytes(path)
    if kernel and is_kernel_log(data[:256]):
        records, cut = kernel_log(data.decode("utf-8", "replace"))
        data = "".join(text for text, _ in records).encode("utf-8")
        warning = warning or kernel_log_cut(cut)
    return data, warning


def _read_bytes(path: Path) -> tuple[bytes, str | None]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ParseError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    if raw[:2] != GZIP_MAGIC:
        return utf16_as_utf8(raw), None
    decomp = isal_zlib.decompressobj(wbits=31)
    limit = inflate_limit(len(raw))
    try:
        out = decomp.decompress(raw, limit + 1)  # one buffer, never past the limit
    except _GZIP_ERRORS as exc:
        # Corrupt in the middle: fall back to zlib, which hands out what it got before the error.
        salvaged, warning = _salvage_gzip(path, raw, exc)
        return utf16_as_utf8(salvaged), warning
    if len(out) > limit:
        raise ParseError(
            str(path), f"inflates to more than {limit >> 20} MiB, over {MAX_GZIP_RATIO} times its compressed size "
            "(real traces and logs compress at most ~30:1): not read as a possible gzip bomb",
            where=f"compressed byte {len(raw) - len(decomp.unconsumed_tail)}",
        )
    if not decomp.eof:
        return utf16_as_utf8(out), f"gzip stream ends early after {len(raw)} compressed bytes ({len(out)} decompressed)"
    return utf16_as_utf8(out), None


MAX_GZIP_RATIO = 64  # the corpus's real traces and logs compress 5:1 to 30:1; zlib can reach ~1000:1


def inflate_limit(compressed: int) -> int:
    """The most bytes a gzip input of `compressed` bytes is inflated to before it is refused."""
    return MAX_GZIP_RATIO * compressed + (1 << 20)


def _salvage_gzip(path: Path, raw: bytes, exc: Exception) -> tuple[bytes, str | None]:
    decomp = zlib.decompressobj(wbits=31)
    chunks: list[bytes] = []
    step = 1 << 16
    for offset in range(0, len(raw), step):
        try:
            chunks.append(decomp.decompress(raw[offset : offset + step]))
        except zlib.error:
            if not chunks:
                raise ParseError(str(path), f"not a valid gzip stream ({exc})", where=f"byte {offset}") from exc
            got = b"".join(chunks)
            return got, f"gzip stream corrupt near compressed byte {offset}; kept {len(got)} decompressed bytes"
    return b"".join(chunks), None


def map_bytes(path: Path) -> tuple[bytes | mmap.mmap, str | None]:
    """Like `read_bytes`, but an uncompressed file is memory-mapped rather than read: its pages
    are the page cache's, and a parser can hand back the ones it is done with (see `Pager`).

    A mapped file cut shorter while it is read (a writer still writing, `rsync --inplace`)
    kills the reader with SIGBUS. So a file is mapped only under a read lease, which the kernel
    grants only while no process has it open for writing, and which makes a writer's open or
    truncate wait (up to /proc/sys/fs/lease-break-time, 45 s by default) until the mapping is
    gone; the lease lives as long as the mapping. A file with a writer, or one this process
    may not lease (not its owner), is read into memory instead."""
    if _is_gzip_name(path):
        return read_bytes(path)
    try:
        with open(path, "rb") as fh:
            if fh.read(2) in (GZIP_MAGIC, *UTF16_BOMS) or not _lease(fh.fileno()):
                return read_bytes(path)
            mapping = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            # Kept to give the lease back when the parse is done (Pager.close), even where a
            # view keeps the mapping itself alive until it is collected: a writer of the file
            # (this process too) would otherwise wait out the kernel's lease-break time.
            _LEASES[id(mapping)] = os.dup(fh.fileno())
            return mapping, None
    except ValueError:  # an empty file cannot be mapped
        return b"", None
    except OSError:
        return read_bytes(path)  # raises the one-line error


_LEASES: dict[int, int] = {}  # id of a leased mapping -> a descriptor of its file


def release_lease(mapping: object) -> None:
    """Give back the read lease taken for `mapping` (see map_bytes); nothing if none."""
    fd = _LEASES.pop(id(mapping), None)
    if fd is None:
        return
    import fcntl

    try:
        fcntl.fcntl(fd, getattr(fcntl, "F_SETLEASE", 1024), fcntl.F_UNLCK)
    except OSError:
        pass
    finally:
        os.close(fd)


def _lease(fd: int) -> bool:
    """Take a read lease on `fd` (see map_bytes); False where none can be had."""
    import fcntl

    setlease = getattr(fcntl, "F_SETLEASE", None)
    setsig = getattr(fcntl, "F_SETSIG", None)
    if setlease is None or setsig is None:
        return False
    try:
        # The kernel tells the holder a writer is waiting with a signal, SIGIO by default,
        # whose default action ends the process: SIGURG's is to ignore it.
        fcntl.fcntl(fd, setsig, signal.SIGURG)
        fcntl.fcntl(fd, setlease, fcntl.F_RDLCK)
    except OSError:
        return False
    return True


class Pager:
    """Hands back the pages of a memory-mapped input a parser has finished with.

    Pages of a mapping a process has read stay in its resident set until unmapped; decoding a
    trace walks it once, so each piece is dropped (MADV_DONTNEED: the kernel reads it again
    from the page cache if it is touched again) and the resident part stays about one piece.
    """

    def __init__(self, data: bytes | mmap.mmap) -> None:
        self.mapping = data if isinstance(data, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED") else None
        self.offset = 0
        self.released = 0
        self.inside = True

    def within(self, region: Any) -> None:
        """Offsets given to `release` are from now on within `region`, a buffer inside the mapping."""
        if self.mapping is not None:
            import numpy as np

            start = np.frombuffer(memoryview(region), dtype=np.uint8).ctypes.data
            self.offset = start - np.frombuffer(self.mapping, dtype=np.uint8).ctypes.data
            self.inside = 0 <= self.offset <= len(self.mapping)  # a salvaged or re-encoded copy is not

    @property
    def file_backed(self) -> bool:
        """The region lies in the read-only file mapping: its pages may be dropped and read again."""
        return self.mapping is not None and self.inside

    def release(self, upto: int | None = None) -> None:
        """Drop the pages before `upto` (an offset in the region; None: the whole mapping)."""
        if self.mapping is None or (upto is not None and not self.inside):
            return
        end = len(self.mapping) if upto is None else (self.offset + upto) // mmap.PAGESIZE * mmap.PAGESIZE
        start = 0 if upto is None else self.released
        if end > start:
            self.mapping.madvise(mmap.MADV_DONTNEED, start, end - start)
            self.released = max(self.released, end) if upto is not None else 0

    def close(self) -> None:
        if self.mapping is not None:
            release_lease(self.mapping)
            with suppress(BufferError):  # a view is still alive: the mapping goes with it
                self.mapping.close()


class LazyModule:
    """A module imported on first attribute access, so that a process holds a library only
    once something uses it: polars (33 MB resident, 0.13 s to import) loads only where the
    Kineto parser's pure-Python fallback meets odd integer args; pyarrow.compute and numpy
    once a trace is parsed."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: Any = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            import importlib

            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)



_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while any thread is inside: parsers that make
    hundreds of thousands of short-lived acyclic objects only pay for its passes. Counted, so
    that files parsed in parallel threads turn it back on when the last one leaves, and only
    if it was on before the first came in."""
    global _gc_pausers, _gc_was_enabled
    with _gc_lock:
        if _gc_pausers == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pausers += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_enabled:
                gc.enable()


class ColumnsTurn:
    """Parser threads take turns at holding a whole file's columns in memory.

    The store parses and writes each file inside `scope()`; a parser calls `take()` once its
    file's bulk is read into columns and it starts building the tables, and the turn is given
    back when the scope ends, with the tables on disk. Meanwhile the other threads scan, hash,
    or compute their per-file views, so their memory peaks do not add up (8 traces of 54 MB on
    2 threads: peak RSS 278 -> 261 MB, median of 5, same time; a turn taken before the scan as
    well saved 3 MB more but cost 12 % of the time). Outside a scope (a parser called directly)
    `take()` does nothing; separate processes each have their own turn."""

    _lock = threading.Lock()
    _state = threading.local()

    @classmethod
    @contextmanager
    def scope(cls) -> Iterator[None]:
        cls._state.scoped, cls._state.held = True, False
        try:
            yield
        finally:
            cls._state.scoped = False
            if cls._state.held:
                cls._state.held = False
                cls._lock.release()

    @classmethod
    def take(cls) -> None:
        if getattr(cls._state, "scoped", False) and not cls._state.held:
            cls._lock.acquire()
            cls._state.held = True
