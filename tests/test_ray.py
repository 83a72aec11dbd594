"""Ingest on Ray: a real cluster made on this machine (a head that runs no task and two worker
nodes of one CPU each), the store written by its workers through the shared path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.schemas import TABLES
from tracelens.store import Store

ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

# Under pytest-xdist these tests share one worker: one Ray cluster at a time on this machine.
pytestmark = pytest.mark.xdist_group("ray")

_SMALL: dict[str, Any] = {"num_cpus": 1, "object_store_memory": 100 << 20, "memory": 3 << 30}


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    # A node is declared dead after 3 missed health checks a second apart (Ray's default: 5, 3 s
    # apart, each waiting 10 s): the killed-node test's retries start seconds sooner.
    made = Cluster(initialize_head=True,
                   head_node_args={"num_cpus": 0, "object_store_memory": 100 << 20, "include_dashboard": False,
                                   "_system_config": {"health_check_period_ms": 1000, "health_check_timeout_ms": 1000,
                                                      "health_check_failure_threshold": 3}})
    try:
        for _ in range(2):
            made.add_node(**_SMALL)
        made.wait_for_nodes()
        ray.init(address=made.address, logging_level="ERROR", log_to_driver=False)
        yield made
    finally:
        ray.shutdown()
        made.shutdown()


def _job(tmp_path: Path) -> Path:
    """Real GPU traces (threaded locally) and real console logs (processes locally)."""
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "gpu_gloo_2rank", job / "gpu")
    shutil.copytree(SAMPLE_LOGS / "hf_trainer_restart", job / "hf")
    return job


def _contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every stored table and precomputed view, rows sorted; only the ingest's clock left out."""
    from tracelens.queries import materialized_views

    con = Store.open(path, create=False).connect()
    out = {}
    for name in ["files", *TABLES, *materialized_views()]:
        columns = [c for c, *_ in con.execute(f"describe {name}").fetchall() if c != "ingested_at_ns"]
        out[name] = sorted(con.execute(f"select {', '.join(columns)} from {name}").fetchall(), key=repr)
    con.close()
    return out


def _not_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A parse in the driver fails the test: the files must be parsed by Ray's workers (which
    import tracelens afresh, without this patch)."""
    import tracelens.ingest

    def refuse(*_: Any) -> None:
        raise AssertionError("a file was parsed in the driver, not on a Ray worker")

    monkeypatch.setattr(tracelens.ingest, "parse_file", refuse)


def test_a_ray_ingest_stores_what_a_local_ingest_stores(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tracelens.executors import RayExecutor

    job = _job(tmp_path)
    local = Store.open(tmp_path / "local.tlstore").ingest([job])
    _not_in_this_process(monkeypatch)
    remote = Store.open(tmp_path / "ray.tlstore").ingest([job], executor=RayExecutor(cluster.address))
    assert [(r.path, r.status, r.rows) for r in remote.parsed] == [(r.path, r.status, r.rows) for r in local.parsed]
    kinds = {r.kind for r in remote.parsed}
    assert "kineto_trace" in kinds and "console_log" in kinds, kinds
    contents = _contents(tmp_path / "ray.tlstore")
    assert contents == _contents(tmp_path / "local.tlstore")
    assert len(contents["trace_events"]) > 1000 and len(contents["log_steps"]) > 10


def test_a_file_that_fails_on_a_worker_gives_the_local_error_line(cluster: Cluster, tmp_path: Path) -> None:
    bad = tmp_path / "run" / "trainer_state.json"
    bad.parent.mkdir()
    bad.write_text('{"log_history": 5, "global_step": 3}')  # a trainer_state.json with no history
    shutil.copy(SAMPLE_LOGS / "hf_trainer_restart" / "console.log", bad.parent / "console.log")
    # The local ingest in this process; the Ray one in a driver process of its own.
    local = run_cli("ingest", str(bad.parent), "-o", str(tmp_path / "local.tlstore"), "-q")
    ray_run = subprocess.run(
        [sys.executable, "-m", "tracelens", "ingest", str(bad.parent), "-o", str(tmp_path / "ray.tlstore"),
         "-q", "--executor", "ray", "--ray-address", cluster.address],
        capture_output=True, text=True, timeout=300,
    )
    assert local[0] == ray_run.returncode == 1
    assert local[2] == ray_run.stderr, ray_run.stderr
    lines = ray_run.stderr.splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "log_history" in lines[0], lines


def test_without_ray_installed_the_ray_executor_is_one_line(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['ray'] = None\n"  # what an install without the extra sees
        "from tracelens.cli import main\n"
        f"sys.exit(main(['ingest', {str(SAMPLE_LOGS / 'hf_trainer_restart')!r}, '-o', {str(tmp_path / 's')!r}, "
        "'--executor', 'ray', '-q']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.splitlines() == ["tracelens: error: --executor ray needs Ray: pip install 'tracelens[ray]'"]
    assert not (tmp_path / "s").exists()


def _node_running_a_parse(cluster: Cluster) -> Any:
    """A worker node of the cluster with a parse task running on it now, or None: a Ray worker
    process titled `ray::run_task` whose parent is that node's raylet."""
    raylets = {node.all_processes["raylet"][0].process.pid: node for node in cluster.worker_nodes}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if title.startswith(b"ray::run_task") and parent in raylets:
            return raylets[parent]
    return None


def test_an_address_where_no_ray_listens_is_one_line_and_no_store(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.run(
        [sys.executable, "-m", "tracelens", "ingest", str(SAMPLE_LOGS / "hf_trainer_restart"), "-o", str(tmp_path / "s"),
         "-q", "--executor", "ray", "--ray-address", f"127.0.0.1:{port}"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [f"tracelens: error: --ray-address 127.0.0.1:{port}: no Ray cluster answers there "
                                        "(Connection refused)"], proc.stderr
    assert not (tmp_path / "s").exists()


def test_a_worker_node_killed_mid_ingest_loses_and_duplicates_nothing(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    import time

    from tracelens.executors import RayExecutor

    job = _job(tmp_path)
    Store.open(tmp_path / "local.tlstore").ingest([job])
    killed: list[Any] = []
    finished = threading.Event()

    def kill_a_node_while_it_parses() -> None:
        while not finished.is_set():
            node = _node_running_a_parse(cluster)
            if node is not None:
                cluster.remove_node(node, allow_graceful=False)  # as a machine that loses power
                killed.append(node)
                return
            time.sleep(0.01)

    _not_in_this_process(monkeypatch)
    killer = threading.Thread(target=kill_a_node_while_it_parses, daemon=True)
    killer.start()
    try:
        outcome = Store.open(tmp_path / "ray.tlstore").ingest([job], executor=RayExecutor(cluster.address))
    finally:
        finished.set()
        killer.join()
        cluster.add_node(**_SMALL)  # the module's cluster keeps two workers
        cluster.wait_for_nodes()
    assert killed, "no node was seen parsing, none was killed"
    assert [r.status for r in outcome.parsed] == ["ok"] * len(outcome.parsed), [r.message for r in outcome.parsed]
    assert _contents(tmp_path / "ray.tlstore") == _contents(tmp_path / "local.tlstore")
    # Nothing but what the manifest names: a killed attempt's fragments were overwritten by its retry.
    store = Store.open(tmp_path / "ray.tlstore", create=False)
    named = {rel for rec in store.records.values() for rel in rec.fragments.values()}
    on_disk = {p.relative_to(store.root).as_posix() for top in ("tables", "derived") for p in (store.root / top).rglob("*")
               if p.is_file() and not p.name.startswith("_empty")}
    assert on_disk == named


def test_ctrl_c_cancels_the_ray_ingest_and_leaves_the_store_as_it_was(cluster: Cluster, tmp_path: Path) -> None:
    import signal
    import time

    from tests.conftest import corpus_or_skip

    job = _job(tmp_path)
    shutil.copy(corpus_or_skip("kineto", "gpu", "df_index_resolver", "df_index_resolver.json.gz"), job / "big.json.gz")
    store = tmp_path / "s.tlstore"
    Store.open(store)
    committed = (store / "store.json").read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tracelens", "ingest", str(job), "-o", str(store), "-q",
         "--executor", "ray", "--ray-address", cluster.address],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TRACELENS_COMMIT_EVERY_S": "600"},  # no batch commit: only the final one could write
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        written = [p for p in (store / "tables").rglob("*.parquet") if not p.name.startswith("_empty")]
        if written:  # a worker has written into the store: the ingest is under way
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the ingest ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert (store / "store.json").read_bytes() == committed, "the interrupted ingest committed"
    assert Store.open(store, create=False).records == {}
    # As a local Ctrl-C. Ray's core worker now and then aborts the interrupted driver on a check of
    # its own ("An unexpected system state has occurred", task_manager.cc; 1 run in 4 here): the
    # store is left as it was all the same (above) and the next ingest finishes (below).
    ray_aborted = proc.returncode != 0 and "An unexpected system state has occurred" in err
    assert ray_aborted or (proc.returncode == 130 and err.strip() == "tracelens: aborted"), (proc.returncode, err)
    # The lock went with the process, and the next ingest finishes the work (no leftovers read).
    Store.open(store).ingest([job])
    local = tmp_path / "local.tlstore"
    Store.open(local).ingest([job])
    assert _contents(store) == _contents(local)


def test_sql_and_report_on_a_raw_folder_ingest_on_ray(cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--executor ray` on sql and report: each command's ingest of the raw folder into its
    cache runs on the cluster (each connects to it as a driver), and the answers are the local ones."""
    from ray._private.state import jobs

    job = tmp_path / "hf"
    shutil.copytree(SAMPLE_LOGS / "hf_trainer_restart", job)  # one job: its traces and its log
    commands = {
        "sql": ["sql", str(job), "select kind, status, count(*) as n, sum(rows) as rows from files group by all order by all",
                "--format", "csv"],
        "report": ["report", str(job), "--format", "json", "--section", "steps"],
    }
    answers = {}
    drivers = len(jobs())
    for executor in ("local", "ray"):
        extra = ["--executor", "ray", "--ray-address", cluster.address] if executor == "ray" else []
        for name, argv in commands.items():
            cache = tmp_path / f"cache-{executor}-{name}"  # each command ingests afresh
            if executor == "local":  # in this process, which is no Ray driver of its own
                monkeypatch.setenv("TRACELENS_CACHE_DIR", str(cache))
                code, out, err = run_cli(*argv, "-q")
            else:  # a driver process of its own
                proc = subprocess.run([sys.executable, "-m", "tracelens", *argv, "-q", *extra], capture_output=True,
                                      text=True, timeout=300, env={**os.environ, "TRACELENS_CACHE_DIR": str(cache)})
                code, out, err = proc.returncode, proc.stdout, proc.stderr
            assert code == 0, err
            (store,) = cache.glob("*.tlstore")
            answers[executor, name] = (out, _contents(store))
    assert len(jobs()) - drivers == 2, "sql and report did not each ingest on the cluster"
    assert answers["ray", "sql"] == answers["local", "sql"] and answers["ray", "report"] == answers["local", "report"]
    assert "kineto_trace" in answers["ray", "sql"][0] and "console_log" in answers["ray", "sql"][0]
