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


def _valid_utf8(text: str) -> str:
    """Bytes that were not UTF-8 as `\\xNN`, other lone surrogates as `\\udNNN`."""
    try:
        raw = text.encode("utf-8", "surrogateescape")  # how os.fsdecode smuggled a name's bytes
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "backslashreplace")
    return raw.decode("utf-8", "backslashreplace")


def printable(text: str) -> str:
    """`text` on one line, valid UTF-8: bytes that were not UTF-8 as `\\xNN`, other lone
    surrogates as `\\udNNN`, control and bidi-control characters as escapes."""
    return _UNSAFE.sub(_escape, _valid_utf8(text))


# What `terminal_safe` keeps: the line breaks and tabs of multi-line text.
_UNSAFE_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """Multi-line text safe for a terminal, Markdown or a browser: as `printable`, but line
    breaks and tabs are kept."""
    return _UNSAFE_IN_TEXT.sub(_escape, _valid_utf8(text))


# Credentials that logs and dumps carry (environment printouts, launch commands, URLs):
# replaced before anything is stored. Each is RE2-compatible (Arrow runs them, in linear time).
SECRET_PATTERNS: tuple[tuple[str, str], ...] = (
    # NAME=value and NAME: value where the name says it is a secret (HF_TOKEN, WANDB_API_KEY,
    # AWS_SECRET_ACCESS_KEY, DB_PASSWORD, ...): the name ends with the word, so that metrics
    # such as `tokens=` or `max_tokens:` are left alone
    (r"(?i)\b([A-Z0-9_.\-]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH))"
     r"(['\"]?\s*[=:]\s*['\"]?)[^\s'\",;}\]]+", r"\1\2<redacted>"),
    (r"\bhf_[A-Za-z0-9]{30,}", "<redacted>"),  # Hugging Face tokens
    (r"\bsk-[A-Za-z0-9_\-]{20,}", "<redacted>"),  # OpenAI-style keys
    (r"\bgh[pousr]_[A-Za-z0-9]{30,}", "<redacted>"),  # GitHub tokens
    (r"\bxox[abprs]-[A-Za-z0-9\-]{10,}", "<redacted>"),  # Slack tokens
    (r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", "<redacted>"),  # AWS access key ids
    (r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/\-]{16,}=*", r"\1 <redacted>"),  # HTTP authorization
    (r"://[^/\s:@]+:[^/\s@]+@", "://<redacted>@"),  # user:password in URLs
)


def redact(text: str) -> str:
    """`text` with every credential SECRET_PATTERNS knows replaced by `<redacted>`."""
    for pattern, replacement in SECRET_PATTERNS:
        text = re.sub(pattern, replacement, text)
    return text
