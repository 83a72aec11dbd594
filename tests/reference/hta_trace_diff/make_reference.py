"""Record what HTA's TraceDiff (PyPI traceinsight 0.6.1) computes on the corpus pair
../shared/corpus/kineto/gpu/trace_diff/ (control vs test), for tests/test_diff.py.

    HTA_DISABLE_NS_ROUNDING=1 bench/.hta-venv/bin/python tests/reference/hta_trace_diff/make_reference.py

Writes tests/reference/hta_trace_diff/hta_0.6.1_trace_diff.json: for each side, HTA's
iterations (ProfilerStep numbers) and its get_ops_summary over every iteration of the trace's
rank (counts and total duration per (cat, name), with HTA's short name); and
TraceDiff.compare_traces over every iteration, GPU kernels and CPU events apart, grouped by
HTA's short name (template and function arguments removed), as its own DataFrames hold them.
Durations are HTA's, in microseconds; HTA rounds timestamps to whole microseconds unless
HTA_DISABLE_NS_ROUNDING=1, so the recording sets it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAIR = HERE.parents[2].parent / "shared" / "corpus" / "kineto" / "gpu" / "trace_diff"


def main() -> None:
    if os.environ.get("HTA_DISABLE_NS_ROUNDING") != "1":
        sys.exit("set HTA_DISABLE_NS_ROUNDING=1: the reference keeps nanoseconds")
    from importlib.metadata import version

    from hta.trace_diff import DeviceType, LabeledTrace, TraceDiff

    sides = {name: LabeledTrace(label=name, trace_dir=str(PAIR / name)) for name in ("control", "test")}
    doc: dict = {
        "tool": f"traceinsight {version('traceinsight')} (HTA)",
        "env": {"HTA_DISABLE_NS_ROUNDING": "1"},
        "pair": "shared/corpus/kineto/gpu/trace_diff (control, test)",
        "sides": {},
        "compare_traces": {},
    }
    for name, trace in sides.items():
        iterations = trace.iterations()
        ops = trace.extract_ops(rank=trace.ranks(), iteration=iterations, device_type=DeviceType.ALL)
        summary = trace.get_ops_summary(ops)[["cat", "name", "short_name", "counts", "total_duration"]]
        summary = summary.sort_values(["cat", "name"], kind="stable")  # HTA's row order follows its symbol ids
        doc["sides"][name] = {
            "ranks": trace.ranks(),
            "iterations": iterations,
            "ops_summary": json.loads(summary.to_json(orient="records")),
        }
    for device in (DeviceType.GPU, DeviceType.CPU):
        comp = TraceDiff.compare_traces(
            sides["control"], sides["test"],
            control_rank=sides["control"].ranks(), test_rank=sides["test"].ranks(),
            control_iteration=sides["control"].iterations(), test_iteration=sides["test"].iterations(),
            device_type=device, use_short_name=True,
        )
        comp = comp.reset_index().rename(columns={"index": "short_name"}).sort_values("short_name", kind="stable")
        doc["compare_traces"][device.name] = json.loads(comp.to_json(orient="records"))
    target = HERE / "hta_0.6.1_trace_diff.json"
    target.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
