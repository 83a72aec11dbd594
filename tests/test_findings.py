"""The findings view: every threshold documented in queries/marts/findings.sql is tested by
moving it across the value measured on a real sample (a finding appears, changes severity or
disappears exactly there), and each finding's evidence repeats the numbers of the view it
cites."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, console_connection
from tracelens.queries import view_definitions
from tracelens.store import Store


@pytest.fixture(scope="module")
def ddp(sample_store: Callable[[str], Path]) -> Store:
    return Store.open(sample_store("ddp_gloo_2rank"), create=False)


@pytest.fixture(scope="module")
def restart(sample_store: Callable[[str], Path]) -> Store:
    return Store.open(sample_store("restart_gloo_2rank"), create=False)


def _severity(con: Any, finding: str, rank: int | None = None) -> str | None:
    rows = con.execute("select severity, rank from findings where finding = ?", [finding]).fetchall()
    picked = [s for s, r in rows if rank is None or r == rank]
    return picked[0] if picked else None


def _set(con: Any, name: str, value: float) -> None:
    con.execute(f"SET VARIABLE {name} = {value!r}")


@pytest.mark.parametrize(("finding", "column", "high_var", "medium_var", "sample"), [
    ("data_loader", "data_stall_pct", "tracelens_data_stall_high_pct", "tracelens_data_stall_medium_pct", "ddp_gloo_2rank"),
    ("exposed_comm", "comm_exposed_pct", "tracelens_comm_high_pct", "tracelens_comm_medium_pct", "ddp_gloo_2rank"),
    ("host_overhead", "host_overhead_pct", None, "tracelens_host_overhead_pct", "ddp_gloo_2rank"),
    ("host_idle", "idle_pct", None, "tracelens_idle_pct", "ddp_gloo_2rank"),  # (CPU-only: the host's idle)
    ("gpu_idle", "idle_pct", None, "tracelens_idle_pct", "gpu_compiled_1rank"),  # (a CUDA job's trace)
])
def test_step_share_thresholds(sample_store: Callable[[str], Path], finding: str, column: str, high_var: str | None,
                               medium_var: str, sample: str) -> None:
    con = Store.open(sample_store(sample), create=False).connect()
    rank, value = con.execute(f"select rank, {column} from step_summary order by {column} desc limit 1").fetchone()
    if high_var:
        _set(con, high_var, value - 0.01)
        assert _severity(con, finding, rank) == "high"
        _set(con, high_var, value + 0.01)
    _set(con, medium_var, value - 0.01)
    assert _severity(con, finding, rank) == "medium"
    _set(con, medium_var, value + 0.01)
    assert _severity(con, finding, rank) is None
    # the evidence of a finding that fires: the same number as step_summary, rounded
    _set(con, medium_var, value - 0.01)
    evidence = con.execute("select string_agg(evidence, ' | ') from findings where finding = ? and rank = ?",
                           [finding, rank]).fetchone()[0]
    assert evidence is not None and f"{round(value, 1)}%" in evidence, evidence


def test_straggler_threshold(ddp: Any) -> None:
    con = ddp.connect()
    rows = con.execute("select rank, wait_caused_per_step_ns from stragglers").fetchall()
    assert rows
    rank, wait = rows[0]
    mean_step = con.execute("select avg(mean_step_ns) from step_summary").fetchone()[0]
    share = 100 * wait / mean_step
    _set(con, "tracelens_straggler_high_pct", share - 0.01)
    assert _severity(con, "straggler", rank) == "high"
    _set(con, "tracelens_straggler_high_pct", share + 0.01)
    assert _severity(con, "straggler", rank) == "medium"


def test_bucket_thresholds(restart: Any) -> None:
    con = restart.connect()
    pct = con.execute("select 100 * fraction from goodput_buckets where bucket = 'restart_downtime'").fetchone()[0]
    _set(con, "tracelens_bucket_high_pct", pct - 0.01)
    assert _severity(con, "restart_downtime") == "high"
    _set(con, "tracelens_bucket_high_pct", pct + 0.01)
    _set(con, "tracelens_bucket_medium_pct", pct - 0.01)
    assert _severity(con, "restart_downtime") == "medium"
    _set(con, "tracelens_bucket_medium_pct", pct + 0.01)
    assert _severity(con, "restart_downtime") == "low"
    # (a share below the low threshold, 0.1 % unless set, is no finding: milliseconds of a long job)
    _set(con, "tracelens_bucket_low_pct", pct + 0.01)
    assert _severity(con, "restart_downtime") is None


def test_lost_work_young_daly_figure_matches_the_harness_clock(restart: Store) -> None:
    """The Young/Daly interval sqrt(2 x save time x time between failures), recomputed from the
    harness's TRUTH lines: its checkpoint saves (start, end), its crashes, and the job's span
    from the first attempt's start to the last event."""
    import json

    log = (SAMPLE_LOGS / "restart_gloo_2rank" / "console.log").read_text()
    truth = [json.loads(m) for m in re.findall(r"TRUTH (\{.*\})", log)]
    saves = [e["end"] - e["start"] for e in truth if e["event"] == "checkpoint_save"]
    crashes = sum(1 for e in truth if e["event"] == "crash")
    times = [t for e in truth for t in (e.get("t"), e.get("start"), e.get("end")) if t is not None]
    assert saves and crashes == 1
    save_s, wall_s = sum(saves) / len(saves), max(times) - min(times)
    optimum_s = (2 * save_s * wall_s / crashes) ** 0.5
    evidence = restart.connect().execute("select evidence from findings where finding = 'lost_work'").fetchone()[0]
    said = re.search(r"sqrt\(2 x ([\d.]+) s per save x ([\d.]+) s between failures\) = ([\d.]+) s", evidence)
    assert said, evidence
    assert float(said.group(1)) == pytest.approx(save_s, rel=0.1)
    assert float(said.group(2)) == pytest.approx(wall_s, rel=0.01)
    assert float(said.group(3)) == pytest.approx(optimum_s, rel=0.05)


def test_every_threshold_variable_is_documented_and_tested() -> None:
    sql = dict(view_definitions())["findings"]
    header = sql.split("with thresholds as")[0]
    used = set(re.findall(r"getvariable\('(tracelens_\w+)'\)", sql))
    documented = set(re.findall(r"tracelens_\w+", header))
    tested = set(re.findall(r"tracelens_\w+", Path(__file__).read_text()))
    assert used == documented
    assert used <= tested


def test_slow_collective_threshold(tmp_path: Path) -> None:
    from tests.conftest import corpus_or_skip

    trace_dir = corpus_or_skip("kineto", "gpu", "nccl_parser_config")
    baseline = corpus_or_skip("nccl", "nccl-tests", "all_reduce_perf_2node_T4_efa_mpirun_with_nccl_info.log")
    store = Store.open(tmp_path / "bw.tlstore")
    store.ingest([trace_dir, baseline])
    con = store.connect()
    worst = con.execute("select min(median_efficiency) from collective_summary where median_efficiency is not null").fetchone()[0]
    _set(con, "tracelens_bandwidth_efficiency", worst + 0.001)
    rows = con.execute("select severity, title from findings where finding = 'slow_collective'").fetchall()
    assert rows and all(s == "medium" for s, _ in rows)
    assert any(f"{round(100 * worst)}% of the nccl-tests bus bandwidth" in t for _, t in rows)
    _set(con, "tracelens_bandwidth_efficiency", worst - 0.001)
    assert _severity(con, "slow_collective") is None


def test_launch_bound_advice_knows_the_job_already_replays_cuda_graphs(sample_store: Callable[[str], Path]) -> None:
    """The torch.compile("reduce-overhead") job launches CUDA graphs: its launch-bound finding
    says how many (counted here from the raw trace) and stops suggesting graphs; the eager
    NCCL job gets the generic advice."""
    import gzip
    import json

    compiled = SAMPLE_LOGS / "gpu_compiled_1rank"
    (trace,) = sorted((compiled / "traces").glob("*.pt.trace.json.gz"))
    raw = json.loads(gzip.decompress(trace.read_bytes()))
    launches = sum(1 for e in raw["traceEvents"] if e.get("ph") == "X" and e.get("name") == "cudaGraphLaunch")
    assert launches > 0
    advice = {}
    for job in ("gpu_compiled_1rank", "gpu_nccl_1rank"):
        ((evidence, advice[job]),) = Store.open(sample_store(job), create=False).connect().execute(
            "select evidence, advice from findings where finding = 'host_overhead'").fetchall()
        if job == "gpu_compiled_1rank":
            assert f"({launches} graph launches)" in evidence
        else:
            assert "graph launches" not in evidence
    assert advice["gpu_compiled_1rank"].startswith("kernels already replay from CUDA graphs")
    assert "CUDA graphs" in advice["gpu_nccl_1rank"] and not advice["gpu_nccl_1rank"].startswith("kernels already")


def test_cpu_only_job_is_not_advised_cuda_graphs(ddp: Store) -> None:
    """Issue 15 (11): the gloo job on CPU (RECORDED.txt: no --device cuda; its traces hold no
    kernel) was told to use CUDA graphs for its host overhead."""
    import gzip
    import json

    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    assert "--device cuda" not in (job / "RECORDED.txt").read_text()
    for trace in (job / "traces").glob("*.pt.trace.json.gz"):
        assert not any(e.get("cat") == "kernel" for e in json.loads(gzip.decompress(trace.read_bytes()))["traceEvents"])
    rows = ddp.connect().execute("select title, advice from findings where finding = 'host_overhead'").fetchall()
    assert rows
    for title, advice in rows:
        assert "CUDA" not in advice and "launch" not in title, (title, advice)


def test_checkpoint_advice_does_not_ask_for_the_interval_the_job_has(restart: Any) -> None:
    """Issue 15 (11): restart_gloo_2rank checkpoints every 4 steps (RECORDED.txt --ckpt-every 4),
    at or below its Young/Daly optimum: moving "closer to the Young/Daly interval" is no advice."""
    recorded = re.search(r"--ckpt-every (\d+)", (SAMPLE_LOGS / "restart_gloo_2rank" / "RECORDED.txt").read_text())
    assert recorded
    every = int(recorded.group(1))
    con = restart.connect()
    evidence, advice = con.execute("select evidence, advice from findings where finding = 'lost_work'").fetchone()
    said = re.search(r"Young/Daly optimum of ~(\d+) steps", evidence)
    assert said, evidence
    optimum = int(said.group(1))
    assert f"checkpoint every {every} steps" in evidence and optimum <= 2 * every
    assert "closer to the Young/Daly interval" not in advice and f"({every} steps) is already" in advice


def test_a_save_every_rank_logs_is_one_save_of_the_interval(sample_store: Callable[[str], Path]) -> None:
    """unlabeled_restart_gloo_2rank: both ranks log each save with no rank in the line
    (`saving checkpoint at step 3` twice): the interval is still every 4 steps (RECORDED.txt
    --ckpt-every 4), not the 0 steps between a rank's line and the other's, and the cost of one
    save is the checkpoint time over the saves the harness made (its TRUTH lines), not over
    twice as many."""
    job = SAMPLE_LOGS / "unlabeled_restart_gloo_2rank"
    recorded = re.search(r"--ckpt-every (\d+)", (job / "RECORDED.txt").read_text())
    assert recorded
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "console.log").read_text().splitlines()
             if line.startswith("TRUTH ")]
    saves = {e["step"] for e in truth if e["event"] == "checkpoint_save"}
    con = Store.open(sample_store("unlabeled_restart_gloo_2rank"), create=False).connect()
    (evidence,) = con.execute("select evidence from findings where finding = 'lost_work'").fetchone()
    (seconds,) = con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_save'").fetchone()
    assert f"checkpoint every {recorded.group(1)} steps" in evidence, evidence
    said = re.search(r"sqrt\(2 x (\S+) s per save", evidence)
    assert said and float(said.group(1)) == pytest.approx(seconds / len(saves), rel=0.01), (evidence, seconds, saves)


# torchelastic 0.2 on AKS after a simulated Azure spot-VM eviction, 2021-05-21 (github.com/lenisha/TorchElastic_Lab @
# 370f7abfb1fec2ae1a8581c9beac687f60a8fabb, Step4-SimulateStop.md, the whole block under "Validate the job"; it ends
# mid-line): the agent's worker group failed with a bare `Exception:`, the agent restarted it, it loaded its checkpoint
TORCHELASTIC_EVICTION = [
    '[ERROR] 2021-05-21 23:18:16,219 local_elastic_agent: [default] Worker group failed',
    'Traceback (most recent call last):',
    '  File "/opt/conda/lib/python3.7/site-packages/torchelastic/agent/server/local_elastic_agent.py", li'
    'ne 190, in _monitor_workers  ',
    '    if self._process_context.join(timeout=-1):',
    '  File "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 119, in join',
    '    raise Exception(msg)',
    'Exception:',
    '',
    '[INFO] 2021-05-21 23:18:16,220 api: [default] Worker group FAILED. 3/3 attempts left; will restart worker group',
    '[INFO] 2021-05-21 23:18:16,220 api: [default] Stopping worker group',
    "[INFO] 2021-05-21 23:18:16,220 api: [default] Rendezvous'ing worker group",
    'INFO 2021-05-21 23:18:16,220 Attempting to join next rendezvous',
    'INFO 2021-05-21 23:18:16,259 Added self to waiting list. Rendezvous full state: {"status": "final", '
    '"version": "9", "participants": [0, 1], "keep_alives": ["/torchelastic/p2p/run_imagenet/rdzv/v_9/ran'
    'k_0", "/torchelastic/p2p/run_imagenet/rdzv/v_9/rank_1"], "num_workers_waiting": 1}',
    'INFO 2021-05-21 23:18:16,261 Keep-alive key /torchelastic/p2p/run_imagenet/rdzv/v_9/rank_1 is not renewed.',
    '',
    'INFO 2021-05-21 23:18:16,264 Previously existing rendezvous state changed. Will re-try joining.',
    'INFO 2021-05-21 23:18:16,264 Attempting to join next rendezvous',
    "INFO 2021-05-21 23:18:16,285 New rendezvous state created: {'status': 'joinable', 'version': '10', 'participants': []}",
    "INFO 2021-05-21 23:18:16,327 Joined rendezvous version 10 as rank 0. Full state: {'status': 'joinabl"
    "e', 'version': '10', 'participants': [0]}",
    'INFO 2021-05-21 23:18:16,328 Rank 0 is responsible for join last call.',
    'INFO 2021-05-21 23:18:46,390 Rank 0 finished join last call.',
    'INFO 2021-05-21 23:18:46,390 Waiting for remaining peers.',
    'INFO 2021-05-21 23:18:46,391 All peers arrived. Confirming membership.',
    'INFO 2021-05-21 23:18:46,487 Waiting for confirmations from all peers.',
    "INFO 2021-05-21 23:18:46,489 Rendezvous version 10 is complete. Final state: {'status': 'final', 've"
    "rsion': '10', 'participants': [0], 'keep_alives': ['/torchelastic/p2p/run_imagenet/rdzv/v_10/rank_0'"
    "], 'num_workers_waiting': 0}",
    'INFO 2021-05-21 23:18:46,489 Creating EtcdStore as the c10d::Store implementation',
    '[INFO] 2021-05-21 23:18:46,501 api: [default] Rendezvous complete for workers.',
    'Result:',
    '        restart_count=1',
    '        group_rank=0',
    '        group_world_size=1',
    '        rank stride=1',
    '        assigned global_ranks=[0]',
    '        master_addr=imagenet-worker-0',
    '        master_port=53357',
    '',
    '[INFO] 2021-05-21 23:18:46,502 api: [default] Starting worker group',
    '=> set cuda device = 0',
    '=> creating model: resnet18',
    '=> loading checkpoint file: /mnt/blob/data/checkpoint.pth.tar',
    '=> loaded checkpoint file: /mnt/blob/data/checkpoint.pth.tar',
    '=> using checkpoint from rank: 0, max_epoch: 1',
    '=> checkpoint broadcast size is: 93588276',
    '=> done broadcasting checkpoint',
    '=> done restoring from previous checkpoint',
    '=> start_epoch: 2, best_acc1: 1.1699999570846558',
    'Epoch: [2][   0/1563]   Time  2.800 ( 2.800)    Data  0.127 ( 0.127)    Loss 3.9720e+00 (3.9720e+00)'
    '    Acc@1  20.31 ( 20.31)   Acc@5  37.50 ( 37.50)',
    'Epoch: [2][  10/1563]   Time  0.473 ( 0.692)    Data  0.099 ( 0.110)    Loss 4.1394e+00 (4.0961e+00)'
    '    Acc@1  15.62 ( 12.64)   Acc@5  35.94 ( 33.10)',
    'Epoch: [2][  20/1563]   Time  0.481 ( 0.597)    Data  0.112 ( 0.114)    Loss 4.3410e+00 (4.1251e+00)'
    '    Acc@1   4.69 ( 12.05)   Acc@5  23.44 ( 31.85)',
    'Epoch: [2][  30/1563]   Tim',
]


def test_a_failure_the_job_was_relaunched_after_is_named_with_its_exception(tmp_path: Path) -> None:
    """An attempt before the last that failed, then relaunched: a finding of its own names the
    exception its traceback ends with (a bare `Exception:` is one), where the job's last attempt
    did not fail (no job_failed), and scores the restart's downtime: from the failure to the
    relaunch's first dated line."""
    con = console_connection(tmp_path, TORCHELASTIC_EVICTION)
    header = TORCHELASTIC_EVICTION.index("Traceback (most recent call last):") + 1
    exception = next(t for t in TORCHELASTIC_EVICTION[header:] if t and t[0] not in " \t")
    assert exception == "Exception:"
    rows = con.execute("select severity, score, title, evidence from findings "
                       "where finding in ('attempt_failed', 'job_failed')").fetchall()
    assert len(rows) == 1, rows
    severity, score, title, evidence = rows[0]
    assert severity == "medium"
    assert title == f"attempt 1 ended in a failure, then the job was relaunched: {exception}"
    assert evidence.endswith(f"console.log line {header}: a traceback that ends with {exception} (table log_events)")
    # (the failure at 23:18:16,219, the relaunch's first dated line at 23:18:46,390: the agent's rendezvous between)
    assert score == pytest.approx(46.390 - 16.219, abs=0.01)


def test_each_relaunched_attempts_failure_is_its_own_finding(restart: Store) -> None:
    """sample_logs/restart_gloo_2rank: the harness injected one failure (its TRUTH crash line), torchrun
    relaunched the job and it completed. The finding names the traceback of the failed rank, its
    line and its exception as the console prints them."""
    log = (SAMPLE_LOGS / "restart_gloo_2rank" / "console.log").read_text().split("\n")
    crash = next(json.loads(m.group(1)) for line in log if (m := re.search(r"TRUTH (\{.*\})", line))
                 and '"crash"' in line)
    prefix = f"[rank{crash['rank']}]: "
    header = next(i for i, line in enumerate(log, 1) if line.endswith(prefix + "Traceback (most recent call last):"))
    exception = next(line.split(prefix, 1)[1] for line in log[header:] if prefix + "RuntimeError: " in line)
    assert f"at step {crash['step']}" in exception
    rows = restart.connect().execute("select title, evidence from findings where finding = 'attempt_failed'").fetchall()
    assert rows == [(f"attempt 1 ended in a failure, then the job was relaunched: {exception}",
                     f"{SAMPLE_LOGS / 'restart_gloo_2rank' / 'console.log'} line {header}: a traceback that ends with "
                     f"{exception} (table log_events)")]


def test_evidence_names_the_line_a_text_editor_shows(sample_store: Callable[[str], Path]) -> None:
    """sample_logs/lightning_ddp_restart: the failed rank's traceback opens on a line that Lightning's
    bar redrew dozens of times before it (each redraw after a carriage return). The evidence names
    that line as an editor numbers the file's lines (at newlines), not as the reader split them."""
    with open(SAMPLE_LOGS / "lightning_ddp_restart" / "console.log", encoding="utf-8", newline="") as raw:
        console = raw.read()  # (its carriage returns kept)
    rank = re.search(r"RuntimeError: injected failure on rank (\d+)", console).group(1)  # type: ignore[union-attr]
    opening = f"[rank{rank}]: Traceback (most recent call last):"
    line = next(n for n, text in enumerate(console.split("\n"), 1) if opening in text)
    split = next(n for n, text in enumerate(console.splitlines(), 1) if opening in text)
    assert split > line  # (the redraws before it: what numbered it apart)
    con = Store.open(sample_store("lightning_ddp_restart"), create=False).connect()
    (evidence,) = con.execute("select evidence from findings where finding = 'attempt_failed'").fetchone()
    assert f"console.log line {line}: a traceback that ends with RuntimeError: injected failure on rank {rank}" in evidence


# torchelastic 0.2's agent on Kubernetes (FrameworkController), 2020-07-31: a worker's NCCL error, then the
# agent's own traceback through torch.multiprocessing.spawn (torch < 1.8): its bare `Exception: `, then
# "-- Process 0 terminated with the following error:" and the traceback of what that process raised
# (github.com/microsoft/frameworkcontroller @ 35e22e2e3b28a960997e337ab2d5825ac60a0918,
# example/framework/scenario/pytorch/elastic/README.md, the log block of step 6, its first 36 lines)
FRAMEWORKCONTROLLER_NCCL_ERROR = [
    '......',
    'Epoch: [1][180/782]\tTime  1.186 ( 1.230)\tData  0.095 ( 0.179)\tLoss 4.2262e+00 (4.3819e+00)\tAcc@'
    '1   9.38 (  9.12)\tAcc@5  34.38 ( 25.57)',
    'Epoch: [1][190/782]\tTime  1.580 ( 1.230)\tData  0.782 ( 0.180)\tLoss 3.9395e+00 (4.3789e+00)\tAcc@'
    '1   9.38 (  9.18)\tAcc@5  34.38 ( 25.59)',
    'Traceback (most recent call last):',
    '  File "/workspace/examples/imagenet/main.py", line 603, in <module>',
    '    main()',
    '  File "/workspace/examples/imagenet/main.py", line 188, in main',
    '    train(train_loader, model, criterion, optimizer, epoch, device_id, print_freq)',
    '  File "/workspace/examples/imagenet/main.py", line 471, in train',
    '    loss.backward()',
    '  File "/opt/conda/lib/python3.7/site-packages/torch/tensor.py", line 198, in backward',
    '    torch.autograd.backward(self, gradient, retain_graph, create_graph)',
    '  File "/opt/conda/lib/python3.7/site-packages/torch/autograd/__init__.py", line 100, in backward',
    '    allow_unreachable=True)  # allow_unreachable flag',
    'RuntimeError: NCCL error: unhandled system error, NCCL version 2.4.8',
    '[ERROR] 2020-07-31 07:15:34,783 local_elastic_agent: [default] Worker group failed',
    'Traceback (most recent call last):',
    '  File "/opt/conda/lib/python3.7/site-packages/torchelastic/agent/server/local_elastic_agent.py'
    '", line 190, in _monitor_workers',
    '    if self._process_context.join(timeout=-1):',
    '  File "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 119, in join',
    '    raise Exception(msg)',
    'Exception: ',
    '',
    '-- Process 0 terminated with the following error:',
    'Traceback (most recent call last):',
    '  File "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py", line 20, in _wrap',
    '    fn(i, *args)',
    '  File "/opt/conda/lib/python3.7/site-packages/torchelastic/agent/server/local_elastic_agent.py", line 79, in _wrap',
    '    ret = fn(*args)',
    '  File "/opt/conda/lib/python3.7/site-packages/torchelastic/distributed/launch.py", line 392, in wrapper_fn',
    '    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
    "subprocess.CalledProcessError: Command '['/opt/conda/bin/python', '-u', '/workspace/examples/im"
    "agenet/main.py', '--arch=resnet18', '--batch-size=32', '--epochs=2', '/workspace/data/tiny-imag"
    "enet-200']' returned non-zero exit status 1.",
    '',
    '[INFO] 2020-07-31 07:15:34,785 api: [default] Worker group FAILED. 3/3 attempts left; will restart worker group',
    '[INFO] 2020-07-31 07:15:34,785 api: [default] Stopping worker group',
    "[INFO] 2020-07-31 07:15:34,785 api: [default] Rendezvous'ing worker group",
]


def test_a_spawned_process_s_traceback_under_a_bare_exception_names_the_failure(tmp_path: Path) -> None:
    """The agent's traceback ends with spawn's bare `Exception: `; the process's own traceback after
    "-- Process 0 terminated with the following error:" says what failed: its exception is the crash's."""
    con = console_connection(tmp_path, FRAMEWORKCONTROLLER_NCCL_ERROR)
    agent = FRAMEWORKCONTROLLER_NCCL_ERROR.index("[ERROR] 2020-07-31 07:15:34,783 local_elastic_agent: "
                                                 "[default] Worker group failed") + 2
    raised = next(t for t in FRAMEWORKCONTROLLER_NCCL_ERROR if t.startswith("subprocess.CalledProcessError: "))
    details = dict(con.execute("select line, detail from log_events where kind = 'crash'").fetchall())
    assert details[agent] == raised[:300]


# PaddleDetection's YOLOv5s on Baidu AI Studio, a notebook's output indented under its command, stopped with
# Ctrl-C in epoch 2 (github.com/Sharpiless/PaddleDetection-Yolov5 @ 20cd7399400e7cf9ce47fa0fa9dfaf346a4c23e4,
# README.md, the 40 output lines under `!python tools/train.py -c configs/yolov5/yolov5s_CSPdarknet_roadsign.yml --eval`)
PADDLEDET_CTRL_C = [
    '    /opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.p'
    'y:125: DeprecationWarning: `np.object` is a deprecated alias for the builtin `object`. To silen'
    'ce this warning, use `object` by itself. Doing this will not modify any behavior and is safe. ',
    '    Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/'
    '1.20.0-notes.html#deprecations',
    '      if data.dtype == np.object:',
    '    [07/15 10:17:41] ppdet.utils.download WARNING: Config annotation dataset/roadsign_voc/train'
    '.txt is not a file, dataset config is not valid',
    '    [07/15 10:17:41] ppdet.utils.download INFO: Dataset /home/aistudio/work/dataset/roadsign_vo'
    'c is not valid for reason above, try searching /home/aistudio/.cache/paddle/dataset or download'
    'ing dataset...',
    '    [07/15 10:17:41] ppdet.utils.download INFO: Found /home/aistudio/.cache/paddle/dataset/roadsign_voc/annotations',
    '    [07/15 10:17:41] ppdet.utils.download INFO: Found /home/aistudio/.cache/paddle/dataset/roadsign_voc/images',
    '    [07/15 10:17:41] reader WARNING: Shared memory size is less than 1G, disable shared_memory in DataLoader',
    '    [07/15 10:17:42] ppdet.utils.checkpoint INFO: Finish loading model weights: output.pdparams',
    '    [07/15 10:17:51] ppdet.engine INFO: Epoch: [0] [ 0/87] learning_rate: 0.000033 loss_xy: 0.7'
    '52040 loss_wh: 0.698217 loss_iou: 2.634957 loss_obj: 11.301561 loss_cls: 1.041652 loss: 16.4284'
    '29 eta: 8:28:32 batch_cost: 8.7679 data_cost: 0.9061 ips: 0.9124 images/s',
    '    [07/15 10:19:42] ppdet.engine INFO: Epoch: [0] [20/87] learning_rate: 0.000047 loss_xy: 0.5'
    '29626 loss_wh: 0.569290 loss_iou: 2.436198 loss_obj: 8.576855 loss_cls: 1.023474 loss: 13.31703'
    '1 eta: 5:29:28 batch_cost: 5.5608 data_cost: 0.0002 ips: 1.4386 images/s',
    '    [07/15 10:21:42] ppdet.engine INFO: Epoch: [0] [40/87] learning_rate: 0.000060 loss_xy: 0.5'
    '00230 loss_wh: 0.502719 loss_iou: 2.226187 loss_obj: 4.208471 loss_cls: 0.890207 loss: 8.235611'
    ' eta: 5:35:40 batch_cost: 6.0032 data_cost: 0.0003 ips: 1.3326 images/s',
    '    [07/15 10:23:23] ppdet.engine INFO: Epoch: [0] [60/87] learning_rate: 0.000073 loss_xy: 0.5'
    '19860 loss_wh: 0.599364 loss_iou: 2.455585 loss_obj: 3.626266 loss_cls: 1.031202 loss: 8.345335'
    ' eta: 5:18:38 batch_cost: 5.0474 data_cost: 0.0003 ips: 1.5850 images/s',
    '    [07/15 10:25:13] ppdet.engine INFO: Epoch: [0] [80/87] learning_rate: 0.000087 loss_xy: 0.5'
    '68008 loss_wh: 0.618775 loss_iou: 2.583227 loss_obj: 3.632595 loss_cls: 0.863238 loss: 7.575019'
    ' eta: 5:15:29 batch_cost: 5.4984 data_cost: 0.0002 ips: 1.4550 images/s',
    '    [07/15 10:25:47] ppdet.utils.checkpoint INFO: Save checkpoint: output/yolov5s_CSPdarknet_roadsign',
    '    [07/15 10:25:47] ppdet.utils.download WARNING: Config annotation dataset/roadsign_voc/valid'
    '.txt is not a file, dataset config is not valid',
    '    [07/15 10:25:47] ppdet.utils.download INFO: Dataset /home/aistudio/work/dataset/roadsign_vo'
    'c is not valid for reason above, try searching /home/aistudio/.cache/paddle/dataset or download'
    'ing dataset...',
    '    [07/15 10:25:47] ppdet.utils.download INFO: Found /home/aistudio/.cache/paddle/dataset/roadsign_voc/annotations',
    '    [07/15 10:25:47] ppdet.utils.download INFO: Found /home/aistudio/.cache/paddle/dataset/roadsign_voc/images',
    '    [07/15 10:25:48] ppdet.engine INFO: Eval iter: 0',
    '    [07/15 10:26:09] ppdet.engine INFO: Eval iter: 100',
    '    [07/15 10:26:25] ppdet.metrics.metrics INFO: Accumulating evaluatation results...',
    '    [07/15 10:26:25] ppdet.metrics.metrics INFO: mAP(0.50, integral) = 85.84%',
    '    [07/15 10:26:25] ppdet.engine INFO: Total sample number: 176, averge FPS: 4.751870228058035',
    '    [07/15 10:26:25] ppdet.engine INFO: Best test bbox ap is 0.858.',
    '    [07/15 10:26:25] ppdet.utils.checkpoint INFO: Save checkpoint: output/yolov5s_CSPdarknet_roadsign',
    '    [07/15 10:26:35] ppdet.engine INFO: Epoch: [1] [ 0/87] learning_rate: 0.000091 loss_xy: 0.5'
    '67437 loss_wh: 0.623783 loss_iou: 2.511684 loss_obj: 3.314124 loss_cls: 0.949793 loss: 7.338743'
    ' eta: 5:16:15 batch_cost: 6.2481 data_cost: 0.0003 ips: 1.2804 images/s',
    '    [07/15 10:28:39] ppdet.engine INFO: Epoch: [1] [20/87] learning_rate: 0.000100 loss_xy: 0.5'
    '83728 loss_wh: 0.708465 loss_iou: 2.704193 loss_obj: 3.461134 loss_cls: 1.127932 loss: 9.057523'
    ' eta: 5:20:59 batch_cost: 6.2270 data_cost: 0.0003 ips: 1.2847 images/s',
    '    [07/15 10:30:28] ppdet.engine INFO: Epoch: [1] [40/87] learning_rate: 0.000100 loss_xy: 0.5'
    '76615 loss_wh: 0.655194 loss_iou: 2.566234 loss_obj: 2.921384 loss_cls: 1.010778 loss: 7.844104'
    ' eta: 5:16:43 batch_cost: 5.4392 data_cost: 0.0003 ips: 1.4708 images/s',
    '    [07/15 10:32:34] ppdet.engine INFO: Epoch: [1] [60/87] learning_rate: 0.000100 loss_xy: 0.5'
    '83071 loss_wh: 0.726098 loss_iou: 2.730413 loss_obj: 3.053501 loss_cls: 0.991524 loss: 8.496977'
    ' eta: 5:19:40 batch_cost: 6.3128 data_cost: 0.0003 ips: 1.2673 images/s',
    '    [07/15 10:34:31] ppdet.engine INFO: Epoch: [1] [80/87] learning_rate: 0.000100 loss_xy: 0.6'
    '06061 loss_wh: 0.652358 loss_iou: 2.841094 loss_obj: 3.237591 loss_cls: 1.084277 loss: 8.605825'
    ' eta: 5:18:16 batch_cost: 5.8318 data_cost: 0.0003 ips: 1.3718 images/s',
    '    [07/15 10:34:59] ppdet.utils.checkpoint INFO: Save checkpoint: output/yolov5s_CSPdarknet_roadsign',
    '    [07/15 10:35:00] ppdet.engine INFO: Eval iter: 0',
    '    [07/15 10:35:19] ppdet.engine INFO: Eval iter: 100',
    '    [07/15 10:35:33] ppdet.metrics.metrics INFO: Accumulating evaluatation results...',
    '    [07/15 10:35:33] ppdet.metrics.metrics INFO: mAP(0.50, integral) = 85.30%',
    '    [07/15 10:35:33] ppdet.engine INFO: Total sample number: 176, averge FPS: 5.151774310709877',
    '    [07/15 10:35:33] ppdet.engine INFO: Best test bbox ap is 0.858.',
    '    [07/15 10:35:46] ppdet.engine INFO: Epoch: [2] [ 0/87] learning_rate: 0.000100 loss_xy: 0.5'
    '37015 loss_wh: 0.587401 loss_iou: 2.352699 loss_obj: 3.121367 loss_cls: 1.012583 loss: 7.857001'
    ' eta: 5:17:11 batch_cost: 5.8271 data_cost: 0.0003 ips: 1.3729 images/s',
    '    ^C',
]


def test_a_run_stopped_with_ctrl_c_is_no_failure_of_its_own(tmp_path: Path) -> None:
    """The terminal's echo of Ctrl-C, `^C` alone on the console's last line: the job was stopped by
    hand, as a KeyboardInterrupt says (medium), not a failure to fix (high)."""
    assert PADDLEDET_CTRL_C[-1].strip() == "^C"
    con = console_connection(tmp_path, PADDLEDET_CTRL_C)
    rows = con.execute("select severity, advice from findings where finding = 'job_failed'").fetchall()
    assert rows == [("medium", "stopped by hand (Ctrl-C): no failure of the job's own")]


def test_a_cpu_only_traces_time_between_operators_is_the_hosts_idle_not_a_devices(
        sample_store: Callable[[str], Path]) -> None:
    """sample_logs/cpu_host_idle: a CPU-only training loop building each batch in plain Python between its
    operators. Each profiled step's idle time (no operator, collective or data loading recorded) holds at least the
    Python the harness timed with its own clock (less 5 %: the batch's final `torch.tensor` is an operator), and
    the finding says the host was idle (`host_idle`), not a device (there is none: it said `gpu_idle`, "device
    idle", "nothing running on the device")."""
    harness = json.loads((SAMPLE_LOGS / "cpu_host_idle" / "harness.json").read_text())
    python_s = {row["step"]: row["python_batch_s"] for row in harness["steps"] if row["step"] >= harness["profiled_from_step"]}
    con = Store.open(sample_store("cpu_host_idle"), create=False).connect()
    rows = con.execute("select step, idle_ns, step_ns, device_type from step_breakdown order by step").fetchall()
    assert [step for step, *_ in rows] == sorted(python_s)
    for step, idle_ns, step_ns, device in rows:
        assert device == "cpu"
        assert 0.95 * python_s[step] * 1e9 <= idle_ns <= step_ns, (step, idle_ns, python_s[step])
    found = con.execute("select finding, rank, title from findings where finding in ('host_idle', 'gpu_idle')").fetchall()
    assert [(f, r) for f, r, _ in found] == [("host_idle", 0)]
    assert found[0][2].startswith("host idle between operators on rank 0: ")
