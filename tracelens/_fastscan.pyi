from typing import Any

def scan(buffer: bytes | bytearray | memoryview, release: bool = False) -> dict[str, Any] | None:
    """A Kineto event array's complete and instant events as columns, or None where the
    Python parser must decode the array itself (see _fastscan.c). release=True hands the
    pages already read back to the kernel as it goes: only for a read-only file mapping."""

def scan_document(buffer: Any, release: bool = False) -> tuple[dict[str, Any], int, int] | None:
    """A whole trace document: its top-level "traceEvents" array scanned as scan() does and
    found at buffer[start:stop], every other value checked; None where the general decoder
    must run (not an object, no or two "traceEvents" keys, an escaped key, malformed or cut
    short, or events scan() leaves to Python)."""
