"""Collective sizes of CPU (gloo) traces: gloo spans carry no collective args, only the shapes
PyTorch recorded for their inputs; int_collectives reads those shapes from the args' text.
Expected values come from the raw trace JSON, decoded here with the standard library."""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.store import Store

# Bytes per element of the dtypes PyTorch writes in "Input type" (torch.float32 is 'float').
_SIZES = {"float": 4, "double": 8, "half": 2, "bfloat16": 2, "int": 4, "long": 8}


def _recorded_gloo_spans(trace: Path) -> list[tuple[str, str, int, int]]:
    """(op, dtype, elements, bytes) of every gloo span of the trace that recorded its shapes."""
    with gzip.open(trace, "rt") as fh:
        events = json.load(fh)["traceEvents"]
    out = []
    for event in events:
        args = event.get("args") or {}
        if event.get("ph") != "X" or not str(event.get("name", "")).startswith("gloo:") or "Input Dims" not in args:
            continue
        dtype = args["Input type"][0]
        elements = math.prod(args["Input Dims"][0])
        out.append((event["name"].split(":", 1)[1].lower(), dtype, elements, elements * _SIZES[dtype]))
    return sorted(out)


@pytest.mark.parametrize("job", ["ddp_gloo_2rank", "gpu_gloo_2rank"])
def test_gloo_collectives_take_their_size_from_the_recorded_shapes(
    sample_store: Callable[[str], Path], job: str
) -> None:
    con = Store.open(sample_store(job), create=False).connect(checks=False)
    traces = sorted((SAMPLE_LOGS / job / "traces").glob("*.pt.trace.json.gz"))
    assert len(traces) == 2
    for trace in traces:
        expected = _recorded_gloo_spans(trace)
        assert expected, trace
        stored = con.execute(
            "select c.op, c.dtype, c.in_nelems, c.bytes from int_collectives c join stg_traces t using (file_id) "
            "where t.path = ? and c.pg = 'gloo' and c.dtype is not null order by all",
            [str(trace)],
        ).fetchall()
        assert stored == expected, trace
