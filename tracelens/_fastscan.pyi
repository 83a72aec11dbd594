from typing import Any

def scan(buffer: bytes | bytearray | memoryview, release: bool = False) -> dict[str, Any] | None:
    """A Kineto event array's complete and instant events as columns, or None where the
    Python parser must decode the array itself (see _fastscan.c). release=True hands the
    pages already read back to the kernel as it goes: only for a read-only file mapping."""
