"""tracelens: post-mortem goodput analysis for training jobs.

Library entry points: `tracelens.store.Store` (ingest files into a Parquet store) and
`tracelens.connect` (a DuckDB connection with every view of queries/ registered).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "connect"]


def connect(store_or_job: str) -> Any:
    """A DuckDB connection over a store (or a raw job folder, ingested into a cache first)."""
    from tracelens.store import open_for_query

    return open_for_query(store_or_job)
