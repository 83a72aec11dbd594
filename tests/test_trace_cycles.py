"""A rank's profiler cycles are numbered over the whole store (int_traces), not file by file
at ingest: a trace that starts earlier, ingested later, takes cycle 0 and moves the other on."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.conftest import corpus_or_skip
from tracelens.store import Store


def _first_ts_us(path: Path) -> float:
    """The earliest complete event's `ts` in the trace, read with the stdlib."""
    with gzip.open(path) as fh:
        events = json.load(fh)["traceEvents"]
    return min(e["ts"] for e in events if e.get("ph") == "X" and "ts" in e)


def test_a_trace_ingested_later_renumbers_the_cycles_of_its_rank(tmp_path: Path) -> None:
    folder = corpus_or_skip("kineto", "cpu_torch213", "ddp_gloo")
    traces = sorted(folder.glob("rank0.*.json.gz"), key=_first_ts_us)
    assert len(traces) == 2
    earlier, later = traces
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([later], workers=1)
    store.ingest([earlier], workers=1)
    con = Store.open(tmp_path / "s.tlstore", create=False).connect(checks=False)
    cycles = dict(con.execute("select path, cycle from int_traces where rank = 0").fetchall())
    assert cycles == {str(earlier): 0, str(later): 1}
    # collectives and step_breakdown carry the same numbering
    by_file = dict(con.execute("select path, file_id from int_traces").fetchall())
    for view in ("collectives", "step_breakdown"):
        rows = con.execute(f"select distinct file_id, cycle from {view} where rank = 0").fetchall()
        assert sorted(rows) == sorted((by_file[p], c) for p, c in cycles.items()), view
