"""Record what HTA (PyPI traceinsight 0.6.1) computes on the GPU sample jobs' traces.

    HTA_DISABLE_NS_ROUNDING=1 <python with traceinsight==0.6.1> sample_logs/record_hta_reference.py

Writes sample_logs/<job>/hta_0.6.1_reference.json for each GPU job: HTA's temporal breakdown
and communication/computation overlap per rank, as its own DataFrames hold them (records).
The tests compare tracelens's gpu_time_breakdown with these numbers. HTA rounds timestamps to
whole microseconds unless HTA_DISABLE_NS_ROUNDING=1, so the recording sets it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
JOBS = ("gpu_nccl_1rank", "gpu_gloo_2rank", "gpu_compiled_1rank")


def main() -> None:
    if os.environ.get("HTA_DISABLE_NS_ROUNDING") != "1":
        sys.exit("set HTA_DISABLE_NS_ROUNDING=1: the reference keeps nanoseconds")
    from importlib.metadata import version

    from hta.trace_analysis import TraceAnalysis

    for job in JOBS:
        analyzer = TraceAnalysis(trace_dir=str(HERE / job / "traces"))
        temporal = analyzer.get_temporal_breakdown(visualize=False)
        overlap = analyzer.get_comm_comp_overlap(visualize=False)
        doc = {
            "tool": f"traceinsight {version('traceinsight')} (HTA)",
            "env": {"HTA_DISABLE_NS_ROUNDING": "1"},
            "temporal_breakdown": json.loads(temporal.to_json(orient="records")),
            "comm_comp_overlap": json.loads(overlap.to_json(orient="records")),
        }
        target = HERE / job / "hta_0.6.1_reference.json"
        target.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
