"""Reading input bytes: plain or gzip, tolerant of a gzip stream cut short."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import cast

from isal import isal_zlib

from tracelens.errors import ParseError

GZIP_MAGIC = b"\x1f\x8b"
# isal's stubs declare `error` as an instance; at run time it is the exception class.
_GZIP_ERRORS: tuple[type[Exception], ...] = (zlib.error, cast("type[Exception]", isal_zlib.error))


def read_head(path: Path, size: int = 65536) -> bytes:
    """The first `size` bytes of the (decompressed) file; b'' when unreadable."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(size if not _is_gzip_name(path) else 1 << 20)
    except OSError:
        return b""
    if raw[:2] == GZIP_MAGIC:
        try:
            return isal_zlib.decompressobj(wbits=31).decompress(raw, size)
        except _GZIP_ERRORS:
            return b""
    return raw[:size]


def _is_gzip_name(path: Path) -> bool:
    return path.name.endswith(".gz")


def read_bytes(path: Path) -> tuple[bytes, str | None]:
    """The whole decompressed content, and a warning when a gzip stream ended early.

    A gzip file cut mid-stream (a job killed while writing) yields everything that
    decompresses; the caller then salvages the complete records from that prefix.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ParseError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    if raw[:2] != GZIP_MAGIC:
        return raw, None
    decomp = isal_zlib.decompressobj(wbits=31)
    try:
        out = decomp.decompress(raw)
    except _GZIP_ERRORS as exc:
        # Corrupt in the middle: fall back to zlib, which hands out what it got before the error.
        return _salvage_gzip(path, raw, exc)
    if not decomp.eof:
        return out, f"gzip stream ends early after {len(raw)} compressed bytes ({len(out)} decompressed)"
    return out, None


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
