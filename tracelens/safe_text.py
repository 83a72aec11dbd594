"""Text from inputs made safe to print on one line and to store as UTF-8.

File names need not be UTF-8 (Python hands their stray bytes over as lone surrogates), and
names, messages and log text may hold control characters: a newline would split or forge an
`error:` line, an escape sequence would reach the user's terminal, a bidi override would
show text in another order than it is. Each is written as a visible escape instead.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, and the Unicode bidi embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` on one line, valid UTF-8: bytes that were not UTF-8 as `\\xNN`, other lone
    surrogates as `\\udNNN`, control and bidi-control characters as escapes."""
    try:
        raw = text.encode("utf-8", "surrogateescape")  # how os.fsdecode smuggled the name's bytes
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "backslashreplace")
    return _UNSAFE.sub(_escape, raw.decode("utf-8", "backslashreplace"))


# What `terminal_safe` keeps: the line breaks and tabs of multi-line text.
_UNSAFE_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """Multi-line text safe for a terminal, Markdown or a browser: as `printable`, but line
    breaks and tabs are kept."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "backslashreplace")
    return _UNSAFE_IN_TEXT.sub(_escape, raw.decode("utf-8", "backslashreplace"))
