"""tracelens: post-mortem goodput analysis for training jobs.

Library entry points: `tracelens.store.Store` (ingest files into a Parquet store) and
`tracelens.connect` (a DuckDB connection with every view of queries/ registered).
"""

from __future__ import annotations

import os
from typing import Any

# polars allocates through its own jemalloc, which by default keeps freed pages for seconds;
# a parser worker frees a whole trace's columns at once and goes on to the next phase, so
# they are handed back at once (peak of a 54 MB trace's ingest: 341 -> 305 MB, same time).
# Read when polars loads, so it must be set before; a user's own setting wins.
os.environ.setdefault("_RJEM_MALLOC_CONF", "dirty_decay_ms:0,muzzy_decay_ms:0")
# Arrow's C++ code (the Parquet writer, compute kernels) allocates from Arrow's default pool,
# mimalloc in the wheels, which keeps what it frees per thread: writing one 54 MB trace's
# events left 37 MB resident in the writing thread. The system allocator hands it back
# (+15 MB while writing, nothing after). pyarrow.set_memory_pool does not reach that pool;
# this variable, read when pyarrow first allocates, does. A user's own setting wins.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")

__version__ = "0.1.0"

__all__ = ["__version__", "connect"]


def connect(store_or_job: str) -> Any:
    """A DuckDB connection over a store (or a raw job folder, ingested into a cache first)."""
    from tracelens.store import open_for_query

    return open_for_query(store_or_job)
