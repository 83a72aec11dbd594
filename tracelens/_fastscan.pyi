from typing import Any

def scan(buffer: bytes | bytearray | memoryview, /) -> dict[str, Any] | None:
    """A Kineto event array's complete and instant events as columns, or None where the
    Python parser must decode the array itself (see _fastscan.c)."""
