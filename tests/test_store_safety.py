"""A store never harms what is outside it, never stays locked by the dead, and readers always
see one committed state: stores received from others, kills, races and full disks."""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.store import MANIFEST, Store

TRACES = SAMPLE_LOGS / "ddp_gloo_2rank"


def _decoys(folder: Path) -> dict[str, bytes]:
    """A user's folder the store must never touch: files with names a store never writes,
    and one with the name of a fragment."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {"thesis.tex": b"\\documentclass{article}\n", "id_rsa": b"-----BEGIN KEY-----\n",
             "0123456789abcdef.0123456789abcd.parquet": b"not mine"}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


def _stale(store: Path) -> None:
    doc = json.loads((store / MANIFEST).read_text())
    doc["derived_version"] = "made-by-another-version"
    (store / MANIFEST).write_text(json.dumps(doc))


def _event_count(store: Path) -> int:
    code, out, err = run_cli("sql", str(store), "select count(*) as n from trace_events", "--format", "json")
    assert code == 0, err
    return int(json.loads(out)[0]["n"])


@pytest.mark.parametrize("folder", ["derived", "tables", "manifest"])
def test_a_read_through_a_linked_folder_deletes_nothing(tmp_path: Path, folder: str) -> None:
    store = tmp_path / "given.tlstore"
    Store.open(store).ingest([TRACES])
    events = _event_count(store)
    # The store a user received: one folder is a link to a folder of theirs that holds the
    # store's files and their own, and its views were made by another version.
    scratch = tmp_path / "scratch"
    shutil.move(store / folder, scratch)
    decoys = _decoys(scratch)
    (store / folder).symlink_to(scratch)
    _stale(store)
    manifest = (store / MANIFEST).read_bytes()

    assert _event_count(store) == events  # the read works (the views are computed afresh)
    assert {n: (scratch / n).read_bytes() for n in decoys} == decoys
    assert (store / MANIFEST).read_bytes() == manifest  # a read writes nothing


@pytest.mark.parametrize("folder", ["derived", "tables", "manifest"])
def test_an_ingest_refuses_to_write_through_a_link(tmp_path: Path, folder: str) -> None:
    store = tmp_path / "given.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS / "data_stall_gloo_2rank"])
    scratch = tmp_path / "scratch"
    shutil.move(store / folder, scratch)
    decoys = _decoys(scratch)
    (store / folder).symlink_to(scratch)
    before = sorted(p.name for p in scratch.rglob("*"))

    code, _, err = run_cli("ingest", str(TRACES), "-o", str(store), "-q")
    assert code == 1
    assert err.count("\n") == 1 and "symbolic link" in err and str(store / folder) in err, err
    assert {n: (scratch / n).read_bytes() for n in decoys} == decoys
    assert sorted(p.name for p in scratch.rglob("*")) == before


def test_a_linked_lock_file_is_not_truncated(tmp_path: Path) -> None:
    store = tmp_path / "given.tlstore"
    Store.open(store)
    victim = tmp_path / "notes.txt"
    victim.write_text("four years of notes\n")
    (store / ".lock").unlink(missing_ok=True)
    (store / ".lock").symlink_to(victim)
    code, _, err = run_cli("ingest", str(TRACES), "-o", str(store), "-q")
    assert code == 1 and "symbolic link" in err, err
    assert victim.read_text() == "four years of notes\n"


def test_garbage_collection_spares_files_the_store_did_not_write(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([TRACES])
    theirs = store / "tables" / "trace_events" / "README.txt"
    theirs.write_text("kept by the user\n")
    lookalike = store / "derived" / "notes.parquet"
    lookalike.write_bytes(b"user data")
    job = tmp_path / "job"
    shutil.copytree(TRACES, job)
    code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q")  # new paths: a commit and a collection
    assert code == 0, err
    assert theirs.read_text() == "kept by the user\n" and lookalike.read_bytes() == b"user data"


@pytest.mark.parametrize("where", ["head", "record"])
def test_a_manifest_naming_files_outside_the_store_is_refused(tmp_path: Path, where: str) -> None:
    """The head naming a segment elsewhere, a record (in a segment) naming a fragment elsewhere,
    and the one-document manifest of older stores doing the same: each refused in one line."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([TRACES])
    doc = json.loads((store / MANIFEST).read_text())
    segment = store / doc["segments"][-1]  # the ingest's commit
    if where == "head":
        doc["segments"].append("../../outside.parquet")
    rows = pq.read_table(segment)
    records = [json.loads(r) for r in rows.column("record").to_pylist()]
    if where == "record":
        next(r for r in records if r["fragments"])["fragments"]["trace_events"] = "../../outside.parquet"
        index = rows.schema.get_field_index("record")
        rows = rows.set_column(index, "record", pa.array([json.dumps(r) for r in records], pa.string()))
        pq.write_table(rows, segment)
    (store / MANIFEST).write_text(json.dumps(doc))
    code, _, err = run_cli("sql", str(store), "select 1")
    assert code == 1 and "outside the store" in err and len(err.strip().splitlines()) == 1, err


def _session_processes(sid: int) -> list[int]:
    """Live processes of one session (the killed ingest's parser workers, if any survive)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


def _log_job(tmp_path: Path) -> Path:
    """Two console logs large enough to be parsed in worker processes (real lines, repeated):
    together a tenth over the size below which an ingest parses in its own process."""
    from tracelens.executors import PARALLEL_MIN_BYTES

    job = tmp_path / "logs"
    job.mkdir()
    text = (SAMPLE_LOGS / "hf_trainer_restart" / "console.log").read_text()
    copies = math.ceil(1.1 * PARALLEL_MIN_BYTES / 2 / len(text.encode()))
    for rank in range(2):
        (job / f"rank{rank}.log").write_text(text * copies + f"rank {rank} done\n")
    return job


@pytest.mark.slow
def test_workers_die_with_a_killed_ingest_and_the_store_is_not_left_locked(tmp_path: Path) -> None:
    job = _log_job(tmp_path)
    store = tmp_path / "s.tlstore"
    Store.open(store)
    for delay in (0.1, 0.5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tracelens", "ingest", str(job), "-o", str(store), "-q", "-j", "2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        started = time.monotonic()
        while len(_session_processes(proc.pid)) < 3 and time.monotonic() - started < 30:
            time.sleep(0.05)  # the ingest and its two parser processes
        assert len(_session_processes(proc.pid)) >= 3, "the ingest had no worker processes to orphan"
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)  # the parent alone, as the OOM killer does
        proc.wait()
        deadline = time.monotonic() + 10
        while _session_processes(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        survivors = _session_processes(proc.pid)
        for pid in survivors:
            os.kill(pid, signal.SIGKILL)
        assert survivors == [], "parser workers outlived their ingest"
    code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q")
    assert code == 0, err


def test_a_lock_left_by_a_dead_process_is_recovered(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    Store.open(store)
    # A process that takes the lock and leaves children holding everything it had open.
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import os, sys, time\n"
         "from tracelens.store import Store\n"
         f"s = Store.open({str(store)!r})\n"
         "with s.locked():\n"
         "    if os.fork() == 0:\n"
         "        time.sleep(30); os._exit(0)\n"
         "    print('locked', flush=True); time.sleep(30)\n"],
        stdout=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
        code, _, err = run_cli("ingest", str(TRACES), "-o", str(store), "-q")
        assert code == 0, err
    finally:
        os.killpg(holder.pid, signal.SIGKILL)


def test_two_ingests_creating_one_store_both_finish_cleanly(tmp_path: Path) -> None:
    for attempt in range(3):
        store = tmp_path / f"new{attempt}.tlstore"
        procs = [
            subprocess.Popen([sys.executable, "-m", "tracelens", "ingest", str(TRACES), "-o", str(store), "-q"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for _ in range(2)
        ]
        results = [(p.wait(), p.stderr.read() if p.stderr else "") for p in procs]
        for code, err in results:
            assert "internal error" not in err, err
            assert code == 0 or "another tracelens ingest" in err, err
        assert any(code == 0 for code, _ in results)
        assert [p.name for p in tmp_path.iterdir() if ".creating-" in p.name] == []
        assert _event_count(store) > 0


def test_a_reader_keeps_its_committed_state_while_an_ingest_replaces_files(tmp_path: Path) -> None:
    job = tmp_path / "job"
    shutil.copytree(TRACES / "traces", job)
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([job])
    con = Store.open(store, create=False).connect()
    before = con.execute("select count(*) from trace_events").fetchone()
    # Another process changes the job: one trace replaced by the other rank's bytes.
    first, second = sorted(job.iterdir())
    shutil.copy(second, first)
    os.utime(first, ns=(time.time_ns(), time.time_ns() + 10**9))
    code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q")
    assert code == 0, err
    assert con.execute("select count(*) from trace_events").fetchone() == before
    con.close()


def _mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if proc.returncode != 0:
        pytest.skip("cannot mount a small file system here (needs root)")


def test_a_full_disk_is_named_and_the_store_keeps_its_last_commit(tmp_path: Path) -> None:
    disk = tmp_path / "small"
    _mount_tmpfs(disk, "1m")
    try:
        store = disk / "s.tlstore"
        code, _, err = run_cli("ingest", str(SAMPLE_LOGS / "data_stall_gloo_2rank"), "-o", str(store), "-q")
        assert code == 0, err
        committed = (store / MANIFEST).read_bytes()
        free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
        (disk / "filler").write_bytes(b"\0" * max(0, free - 48 * 1024))  # leave 48 kB: less than the traces need
        code, _, err = run_cli("ingest", str(TRACES), "-o", str(store), "-q")
        assert code == 1
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "internal error" not in err, err
        assert "no space left" in err.lower() and str(store) in err, err
        assert (store / MANIFEST).read_bytes() == committed
        code, out, err = run_cli("sql", str(store), "select count(*) as n from files", "--format", "json")
        walked = sum(1 for p in (SAMPLE_LOGS / "data_stall_gloo_2rank").rglob("*") if p.is_file())  # the first commit's
        assert code == 0 and json.loads(out) == [{"n": walked}], err
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_logs_parsed_in_worker_processes_finish(tmp_path: Path) -> None:
    """Recognising a log uses polars in the ingesting process; workers forked after that
    deadlocked. Two large logs (different bytes), parsed in two processes, end as one does."""
    job = _log_job(tmp_path)
    results = []
    for jobs in ("1", "2"):
        store = tmp_path / f"j{jobs}.tlstore"
        if jobs == "1":  # the reference: one process, this one
            code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q", "-j", jobs)
            assert code == 0, err
        else:  # the CLI's own process, which forks its parser workers
            proc = subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(job), "-o", str(store), "-q", "-j", jobs],
                                  capture_output=True, text=True, timeout=120)
            assert proc.returncode == 0, proc.stderr
        code, out, err = run_cli("sql", str(store), "select count(*) from log_steps", "--format", "csv")
        results.append(out)
    assert results[0] == results[1] and int(results[0].split()[-1]) > 0
