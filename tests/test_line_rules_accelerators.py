"""Training on accelerators other than NVIDIA's, under their own launchers: lines quoted verbatim
from public logs (each block's source is cited above it), tiny inputs in, exact rows out, each
expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read

# CosmicTagger on four Graphcore IPUs under poprun, mpirun's `--tag-output` before each replica's line
# (github.com/BruceRayWilsonAtANL/CosmicTagger @ 27569f8bb48715c8b51da2a6f0ece2409235b423 : bfloat16_2x10_4.log,
# lines 1, 39, 42, 360, 363, 364, 379 and 384; the step lines cut after their loss)
POPRUN_FOUR_REPLICAS = [
    "18:25:13.317 777907 POPRUN [I] V-IPU server address picked up from 'vipu': 10.1.3.101:8090",
    "[1,0]<stdout>:2023-02-03 18:25:20,020 - INFO - Dumping launch arguments.",
    "[1,3]<stdout>:2023-02-03 18:25:20,021 - INFO - Dumping launch arguments.",
    "[1,0]<stdout>:2023-02-03 18:27:30,484 - INFO - train Step 8 metrics: Average/Non_Bkg_Accuracy: 0.116, Average/mIoU: "
    "0.000897, loss: 3.84 (0.16 Img/s / 0.014 IOs / 0.039 (Step)(s))",
    "[1,3]<stdout>:2023-02-03 18:27:41,639 - INFO - train Step 8 metrics: Average/Non_Bkg_Accuracy: 0.129, Average/mIoU: "
    "0.00105, loss: 3.85 (0.13 Img/s / 0.05 IOs / 0.067 (Step)(s))",
    "[1,0]<stdout>:2023-02-03 18:27:43,328 - INFO - train Step 9 metrics: Average/Non_Bkg_Accuracy: 0.205, Average/mIoU: "
    "0.00115, loss: 3.82 (0.16 Img/s / 0.014 IOs / 0.038 (Step)(s))",
    "[1,3]<stdout>:2023-02-03 18:27:55,094 - INFO - train Step 9 metrics: Average/Non_Bkg_Accuracy: 0.173, Average/mIoU: "
    "0.00181, loss: 3.72 (0.15 Img/s / 0.025 IOs / 0.05 (Step)(s))",
    "18:27:55.894 777907 POPRUN [I] mpirun (PID 779009) terminated with exit code 0",
]


def test_poprun_says_mpirun_exited_with_code_0_the_run_completed(tmp_path: Path) -> None:
    """`POPRUN [I] mpirun (PID 779009) terminated with exit code 0`: every replica's process is gone and
    none failed, the run's clean end (its end had been unknown); another code is a failure."""
    _, _, events = _read(tmp_path, POPRUN_FOUR_REPLICAS, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", 8)]
    failed = [*POPRUN_FOUR_REPLICAS[:-1], POPRUN_FOUR_REPLICAS[-1].replace("code 0", "code 1")]
    _, _, events = _read(tmp_path, failed, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("crash", 8)]
    con = console_connection(tmp_path, POPRUN_FOUR_REPLICAS)
    start, end, reason = con.execute("select start_ns, end_ns, end_reason from attempts").fetchall()[0]
    # (the first line's time of day on the replicas' date)
    assert (start, end, reason) == (_ns("2023-02-03 18:25:13,317"), _ns("2023-02-03 18:27:55,894"), "completed")


def test_an_attempt_with_no_end_line_ran_until_its_last_replicas_last_step(tmp_path: Path) -> None:
    """Replica 3 logs its step 9 12 s after replica 0 (the reference rank) logs its own: the attempt
    ran until then, not until replica 0's (it had ended 11.8 s early)."""
    con = console_connection(tmp_path, POPRUN_FOUR_REPLICAS[:-1])
    end, reason = con.execute("select end_ns, end_reason from attempts").fetchall()[0]
    assert (end, reason) == (_ns("2023-02-03 18:27:55,094"), "unknown")
