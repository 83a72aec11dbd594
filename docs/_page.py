"""What every docs generator does with its page: rewrite it, or with --check say it is stale."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(page: Path, text: str, generator: str, argv: list[str]) -> int:
    """Write `text` to `page`; with `--check` in `argv`, exit code 1 if the page differs."""
    if "--check" in argv:
        if not page.exists() or page.read_text(encoding="utf-8") != text:
            print(f"{page} is stale: run python docs/{generator}", file=sys.stderr)
            return 1
        return 0
    page.write_text(text, encoding="utf-8")
    print(f"Wrote {page}")
    return 0
