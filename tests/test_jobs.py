"""One job per store (issue 14, item 4): a folder holding several jobs is refused by the command
line with one message listing them; `--job` keeps one, and the store then holds what a store of
that job alone holds. Restarts of one job stay one job. The expectations come from the recorded
files themselves: each sample's RECORDED.txt (when it was recorded, the torchrun command and its
--nproc-per-node) and a walk of the folders.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.store import MANIFEST, Store

RESTART_JOBS = ["restart_gloo_2rank", "hang_restart_gloo_2rank", "hf_trainer_restart", "lightning_ddp_restart"]
# Recorded on different days (RECORDED.txt): 2026-11-22 and 2026-11-23.
EARLIER, LATER = "hf_trainer_restart", "lightning_ddp_restart"


def _recorded(job: str) -> dict[str, str]:
    """RECORDED.txt's `key: value` header lines."""
    text = (SAMPLE_LOGS / job / "RECORDED.txt").read_text()
    return dict(re.findall(r"^(\w[\w ]*): (.*)$", text, re.MULTILINE))


def _recorded_day(job: str) -> str:
    return _recorded(job)["recorded"][:10]


def _nproc(job: str) -> int:
    return int(re.search(r"--nproc-per-node[ =](\d+)", _recorded(job)["command"]).group(1))  # type: ignore[union-attr]


def _walked(folder: Path) -> list[str]:
    return sorted(os.path.join(d, f) for d, _, files in os.walk(folder) for f in files)


def _mixed(tmp_path: Path, *jobs: str) -> Path:
    """A folder holding copies of the given sample jobs, each in its own folder."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    for job in jobs:
        shutil.copytree(SAMPLE_LOGS / job, folder / job)
    return folder


def _job_lines(err: str) -> dict[str, str]:
    """The refusal's `job N (LABEL): ...` lines by label."""
    return {m.group(2): m.group(0) for m in re.finditer(r"^\s*job (\d+) \(([^)]*)\): .*$", err, re.MULTILINE)}


def _sql_json(target: Path, query: str, *args: str) -> list[dict[str, object]]:
    code, out, err = run_cli("sql", str(target), query, "--format", "json", "-q", *args)
    assert code == 0, err
    return json.loads(out)


def test_two_jobs_recorded_days_apart_are_refused_with_one_message(tmp_path: Path, two_jobs: Path) -> None:
    assert _recorded_day(EARLIER) != _recorded_day(LATER)  # the premise, from the recordings
    folder = two_jobs
    store = tmp_path / "s.tlstore"
    code, out, err = run_cli("ingest", str(folder), "-o", str(store))
    assert code == 1, err
    assert err.count("tracelens: error:") == 1 and "--job" in err and "Traceback" not in err
    lines = _job_lines(err)
    assert sorted(lines) == sorted([EARLIER, LATER]), err
    for number, job in enumerate([EARLIER, LATER], 1):  # numbered by start time
        line = lines[job]
        assert line.strip().startswith(f"job {number} ("), line
        assert _recorded_day(job) in line, line
        assert str(folder / job) in line  # a sample path
        files = len(_walked(folder / job))
        assert f" {files} files" in line, line
    assert f"world size {_nproc(EARLIER)}" in lines[EARLIER]  # from the traces' distributedInfo
    assert not store.exists()  # nothing stored, not even an empty store


@pytest.fixture(scope="module")
def two_jobs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding EARLIER and LATER; the tests that take it only read it."""
    return _mixed(tmp_path_factory.mktemp("jobs"), EARLIER, LATER)


@pytest.fixture(scope="module")
def alone_stores(tmp_path_factory: pytest.TempPathFactory, two_jobs: Path) -> Callable[[str], Path]:
    """A store of one job of `two_jobs`, ingested from its folder alone, once per job."""
    stores: dict[str, Path] = {}

    def get(job: str) -> Path:
        if job not in stores:
            store = tmp_path_factory.mktemp("alone") / f"{job}.tlstore"
            code, _, err = run_cli("ingest", str(two_jobs / job), "-o", str(store))
            assert code == 0, err
            stores[job] = store
        return stores[job]

    return get


_SAME_IN_BOTH = (
    "select path, sha256, kind, parser, status, rows from files order by path",
    "select * exclude (file_id) from log_steps order by all",
    "select * exclude (file_id) from log_events order by all",
    "select * exclude (file_id, path) from trace_meta order by all",
    "select count(*) as n, sum(dur_ns) as d from trace_events",
    "select bucket, seconds from goodput_buckets order by bucket",
    "select * from attempts order by all",
)


def _answers(store: Path) -> list[list[tuple[object, ...]]]:
    con = Store.open(store, create=False).connect()
    return [con.execute(query).fetchall() for query in _SAME_IN_BOTH]


@pytest.mark.parametrize(("choice", "job"), [("1", EARLIER), ("2", LATER), (LATER, LATER)])
def test_job_option_keeps_one_job_as_a_store_of_that_job_alone(
    tmp_path: Path, two_jobs: Path, alone_stores: Callable[[str], Path], choice: str, job: str,
) -> None:
    folder = two_jobs
    chosen = tmp_path / "chosen.tlstore"
    code, _, err = run_cli("ingest", str(folder), "-o", str(chosen), "--job", choice)
    assert code == 0, err
    other = LATER if job == EARLIER else EARLIER
    assert "left out" in err and str(folder / other) in err  # said, with a path of the other job
    chosen_answers, alone_answers = _answers(chosen), _answers(alone_stores(job))
    for query, got, expected in zip(_SAME_IN_BOTH, chosen_answers, alone_answers, strict=True):
        assert got == expected, query
    assert [row[0] for row in chosen_answers[0]] == _walked(folder / job)  # unread files listed too


def test_each_restart_job_alone_is_one_job(tmp_path: Path) -> None:
    """Restarts (torchrun relaunches seconds apart, a TensorBoard folder per process start, a
    hang then a restart) stay one job: the command line ingests every file."""
    for job in RESTART_JOBS:
        store = tmp_path / f"{job}.tlstore"
        code, _, err = run_cli("ingest", str(SAMPLE_LOGS / job), "-o", str(store), "-q")
        assert code == 0, (job, err)
        paths = [r["path"] for r in _sql_json(store, "select path from files order by path")]
        assert paths == _walked(SAMPLE_LOGS / job), job
    code, _, err = run_cli("ingest", str(SAMPLE_LOGS / job), "-o", str(tmp_path / "two.tlstore"), "--job", "2")
    assert code == 2 and "no such job" in err and f"job 1 ({job})" in err  # one job: there is no second


def test_per_process_tensorboard_folders_are_one_job(tmp_path: Path) -> None:
    """HF writes runs/<date>_<host>/ per process start and Lightning tb/version_N/: the attempts
    of one restarted job, even without the console (recorded with a restart: RECORDED.txt)."""
    for folder in (SAMPLE_LOGS / "hf_trainer_default_tb" / "runs", SAMPLE_LOGS / "lightning_ddp_restart" / "tb"):
        runs = [p for p in folder.iterdir() if p.is_dir()]
        assert len(runs) == 2  # the premise: two process starts
        code, _, err = run_cli("ingest", str(folder), "-o", str(tmp_path / f"{folder.parent.name}.tlstore"), "-q")
        assert code == 0, err


def test_world_sizes_split_jobs_recorded_seconds_apart(tmp_path: Path) -> None:
    """Two jobs' traces in one flat folder, recorded seconds apart on one machine: their world
    sizes (torchrun --nproc-per-node 1 and 2) tell them apart."""
    one, two = "gpu_nccl_1rank", "gpu_gloo_2rank"
    assert (_nproc(one), _nproc(two)) == (1, 2)
    folder = tmp_path / "traces"
    folder.mkdir()
    for job in (one, two):
        for trace in (SAMPLE_LOGS / job / "traces").iterdir():
            shutil.copy2(trace, folder / trace.name)
    code, _, err = run_cli("ingest", str(folder), "-o", str(tmp_path / "s.tlstore"))
    assert code == 1, err
    lines = list(_job_lines(err).values())
    assert len(lines) == 2, err
    assert any("world size 1, 1 file," in line for line in lines) and any("world size 2, 2 files," in line for line in lines), err


def test_the_whole_sample_folder_is_refused(tmp_path: Path) -> None:
    """sample_logs/: jobs recorded over two days, each in its own folder with its own console."""
    store = tmp_path / "s.tlstore"
    code, _, err = run_cli("ingest", str(SAMPLE_LOGS), "-o", str(store))
    assert code == 1, err
    labels = set(_job_lines(err))
    assert set(RESTART_JOBS) <= labels, err
    assert not store.exists()


def test_a_refused_ingest_leaves_an_existing_store_as_it_was(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    assert run_cli("ingest", str(SAMPLE_LOGS / EARLIER), "-o", str(store), "-q")[0] == 0
    manifest = (store / MANIFEST).read_bytes()
    fragments = sorted(str(p) for p in store.rglob("*.parquet"))
    code, _, err = run_cli("ingest", str(SAMPLE_LOGS / LATER), "-o", str(store))
    assert code == 1 and sorted(_job_lines(err)) == sorted([EARLIER, LATER]), err
    assert (store / MANIFEST).read_bytes() == manifest
    assert sorted(str(p) for p in store.rglob("*.parquet")) == fragments


def test_report_and_sql_on_a_raw_folder_refuse_or_take_job(
    tmp_path: Path, two_jobs: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRACELENS_CACHE_DIR", str(tmp_path / "cache"))
    folder = two_jobs
    code, out, err = run_cli("report", str(folder), "--section", "goodput")
    assert code == 1 and out == "" and sorted(_job_lines(err)) == sorted([EARLIER, LATER]), err
    code, _, err = run_cli("sql", str(folder), "select 1")
    assert code == 1 and "--job" in err
    rows = _sql_json(folder, "select path from files order by path", "--job", EARLIER)
    assert [r["path"] for r in rows] == _walked(folder / EARLIER)
    code, out, err = run_cli("report", str(folder), "--job", "2", "--section", "attempts", "-q")
    assert code == 0, err
    code, _, err = run_cli("sql", str(folder), "select 1", "--job", "3")
    assert code == 2 and "no such job" in err
    store = tmp_path / "s.tlstore"
    assert run_cli("ingest", str(folder / EARLIER), "-o", str(store), "-q")[0] == 0
    code, _, err = run_cli("sql", str(store), "select 1", "--job", "1")  # a store is read as it is
    assert code == 2 and "store" in err


def test_job_all_and_the_library_keep_every_file(tmp_path: Path, two_jobs: Path) -> None:
    """`--job all` reads everything as one job; the library merges unless asked (one_job=True)."""
    folder = two_jobs
    code, _, err = run_cli("ingest", str(folder), "-o", str(tmp_path / "all.tlstore"), "--job", "all", "-q")
    assert code == 0, err
    assert [r["path"] for r in _sql_json(tmp_path / "all.tlstore", "select path from files order by path")] == _walked(folder)
    outcome = Store.open(tmp_path / "lib.tlstore").ingest([folder])
    assert len(outcome.parsed) + len(outcome.skipped) == len(_walked(folder))
    from tracelens.jobs import SeveralJobsError

    with pytest.raises(SeveralJobsError):
        Store.open(tmp_path / "lib2.tlstore").ingest([folder], one_job=True)


def test_a_file_both_jobs_hold_stays_with_the_chosen_one(tmp_path: Path) -> None:
    """lightning_ddp_bar and lightning_ddp_rich, recorded a minute apart, wrote byte-identical
    metrics.csv files: the store keeps one copy and marks the other a duplicate. Choosing the
    job whose copy was the duplicate still stores its rows, as a store of that job alone does."""
    bar, rich = "lightning_ddp_bar", "lightning_ddp_rich"
    csv = Path("csv") / "version_0" / "metrics.csv"
    assert (SAMPLE_LOGS / bar / csv).read_bytes() == (SAMPLE_LOGS / rich / csv).read_bytes()  # the premise
    folder = _mixed(tmp_path, bar, rich)
    code, _, err = run_cli("ingest", str(folder), "-o", str(tmp_path / "r.tlstore"))
    assert code == 1 and sorted(_job_lines(err)) == [bar, rich], err
    chosen, alone = tmp_path / "chosen.tlstore", tmp_path / "alone.tlstore"
    for job in (bar, rich):
        shutil.rmtree(chosen, ignore_errors=True)
        shutil.rmtree(alone, ignore_errors=True)
        assert run_cli("ingest", str(folder), "-o", str(chosen), "--job", job, "-q")[0] == 0
        assert run_cli("ingest", str(folder / job), "-o", str(alone), "-q")[0] == 0
        files = "select path, sha256, status, rows, duplicate_of from files order by path"
        assert _sql_json(chosen, files) == _sql_json(alone, files)
        query = "select * exclude (file_id) from log_steps order by all"
        assert _sql_json(chosen, query) == _sql_json(alone, query)


def test_a_torchrun_log_dir_tree_is_one_place() -> None:
    """torchrun's `--log-dir` writes `<log dir>/<run id>_<random>/attempt_<N>/<local rank>/{stdout,stderr}.log`
    (sample_logs has none; the layout as torchrun 2.13 wrote it here for `--log-dir /tmp/rec49/tlogs
    --redirects 3 --max-restarts 1`: `2035fa9a-5602-419f-a620-314786ac533b_5l0j9twz/attempt_0/0/stdout.log`,
    `.../attempt_1/1/stderr.log`): every process of every attempt and launch in it is one run folder,
    the log dir, not one a local rank (files with no clock would be a job a folder)."""
    from tracelens.jobs import place_of

    root = "/data/job"
    files = [f"{root}/tlogs/2035fa9a-5602-419f-a620-314786ac533b_5l0j9twz/attempt_{a}/{r}/{s}.log"
             for a in (0, 1) for r in (0, 1) for s in ("stdout", "stderr")]
    files.append(f"{root}/tlogs/606ed3b8-914d-4194-a54d-25efe5a6afa7_5bufatp6/attempt_0/2/stderr.log")
    log_dirs = {os.path.dirname(f) for f in files}
    assert {place_of(f, [root], log_dirs) for f in files} == {f"{root}/tlogs"}
    # (a folder named by a number under no attempt folder of torchrun's stays its own)
    assert place_of(f"{root}/runs/0/train.log", [root], {f"{root}/runs/0"}) == f"{root}/runs/0"


# A ResNet-50 run on AWS spot instances, three launches: each later one's log starts from the checkpoint of the
# launch before, hours after it stopped (github.com/Adityak204/era_v3_session9_assignment @
# 4939f03e881df11d42ba56bb924dc5e4f09df984, README.md: the three blocks under "## Training logs"; lines 88-123,
# 371-405 and 568-589 of the file, each block's 36th-71st, 1st-35th and 1st-22nd lines: "Spot instance stopped at
# epoch 18. The training was resumed from epoch 19.", then at epoch 33, resumed from 34)
_SPOT_LAUNCH_1 = [
    '2024-12-30 19:26:57 | INFO | Starting training',
    '2024-12-30 19:27:09 | INFO | Validation metrics - Loss: 52.9518, Accuracy: 0.0000',
    '2024-12-30 19:27:09 | INFO | Validation metrics - Loss: 52.6007, Accuracy: 0.0000',
    '2024-12-30 19:27:09 | INFO | Validation metrics - Loss: 52.4139, Accuracy: 0.0000',
    '2024-12-30 19:27:14 | INFO | ',
    '==================== Epoch 0 ====================',
    '2024-12-30 19:27:14 | INFO | ',
    '==================== Epoch 0 ====================',
    '2024-12-30 19:27:14 | INFO | ',
    '==================== Epoch 0 ====================',
    '2024-12-30 19:43:24 | INFO | New best validation accuracy: 4.5508. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch00-acc4.5508.ckpt',
    '2024-12-30 19:43:24 | INFO | New best validation accuracy: 4.6418. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch00-acc4.6418.ckpt',
    '2024-12-30 19:43:24 | INFO | New best validation accuracy: 4.4458. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch00-acc4.4458.ckpt',
    '2024-12-30 19:43:24 | INFO | Validation metrics - Loss: 5.6285, Accuracy: 4.5508',
    '2024-12-30 19:43:24 | INFO | Validation metrics - Loss: 5.6539, Accuracy: 4.4458',
    '2024-12-30 19:43:24 | INFO | Validation metrics - Loss: 5.6396, Accuracy: 4.6418',
    '2024-12-30 19:43:24 | INFO | Training metrics - Loss: 6.3321, Accuracy: 1.7064, LR: 0.006401',
    '2024-12-30 19:43:24 | INFO | Training metrics - Loss: 6.3311, Accuracy: 1.7248, LR: 0.006401',
    '2024-12-30 19:43:24 | INFO | Training metrics - Loss: 6.3305, Accuracy: 1.6954, LR: 0.006401',
    '2024-12-30 19:43:24 | INFO | ',
    '==================== Epoch 1 ====================',
    '2024-12-30 19:43:24 | INFO | ',
    '==================== Epoch 1 ====================',
    '2024-12-30 19:43:24 | INFO | ',
    '==================== Epoch 1 ====================',
    '2024-12-30 19:58:52 | INFO | New best validation accuracy: 9.5322. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch01-acc9.5322.ckpt',
    '2024-12-30 19:58:52 | INFO | New best validation accuracy: 9.5429. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch01-acc9.5429.ckpt',
    '2024-12-30 19:58:52 | INFO | New best validation accuracy: 9.0214. Saved checkpoint to /ho'
    'me/ec2-user/ebs/volumes/era_session9/resnet50-epoch01-acc9.0214.ckpt',
    '2024-12-30 19:58:52 | INFO | Validation metrics - Loss: 4.9919, Accuracy: 9.5429',
    '2024-12-30 19:58:52 | INFO | Validation metrics - Loss: 4.9676, Accuracy: 9.5322',
    '2024-12-30 19:58:52 | INFO | Validation metrics - Loss: 5.0144, Accuracy: 9.0214',
    '2024-12-30 19:58:52 | INFO | Training metrics - Loss: 5.3372, Accuracy: 6.8533, LR: 0.006881',
    '2024-12-30 19:58:52 | INFO | Training metrics - Loss: 5.3355, Accuracy: 6.8170, LR: 0.006881',
    '2024-12-30 19:58:52 | INFO | Training metrics - Loss: 5.3333, Accuracy: 6.8002, LR: 0.006881',
    '2024-12-30 19:58:52 | INFO | ',
    '==================== Epoch 2 ====================',
]
_SPOT_LAUNCH_2 = [
    '2024-12-31 03:44:31 | INFO | Starting training',
    '2024-12-31 03:44:31 | INFO | Resuming training from checkpoint: /home/ec2-user/ebs/volumes'
    '/era_session9/resnet50-epoch18-acc53.7369.ckpt',
    '2024-12-31 03:44:38 | INFO | ',
    '==================== Epoch 19 ====================',
    '2024-12-31 03:44:38 | INFO | ',
    '==================== Epoch 19 ====================',
    '2024-12-31 03:44:38 | INFO | ',
    '==================== Epoch 19 ====================',
    '2024-12-31 04:00:01 | INFO | New best validation accuracy: 53.7891. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch19-acc53.7891.ckpt',
    '2024-12-31 04:00:01 | INFO | New best validation accuracy: 53.0839. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch19-acc53.0839.ckpt',
    '2024-12-31 04:00:01 | INFO | New best validation accuracy: 52.8830. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch19-acc52.8830.ckpt',
    '2024-12-31 04:00:01 | INFO | Validation metrics - Loss: 1.9732, Accuracy: 53.7891',
    '2024-12-31 04:00:01 | INFO | Validation metrics - Loss: 2.0226, Accuracy: 53.0839',
    '2024-12-31 04:00:01 | INFO | Validation metrics - Loss: 1.9979, Accuracy: 52.8830',
    '2024-12-31 04:00:01 | INFO | Training metrics - Loss: 2.0741, Accuracy: 53.1357, LR: 0.061798',
    '2024-12-31 04:00:01 | INFO | Training metrics - Loss: 2.0917, Accuracy: 52.7249, LR: 0.061798',
    '2024-12-31 04:00:01 | INFO | Training metrics - Loss: 2.0853, Accuracy: 52.8417, LR: 0.061798',
    '2024-12-31 04:00:01 | INFO | ',
    '==================== Epoch 20 ====================',
    '2024-12-31 04:00:01 | INFO | ',
    '==================== Epoch 20 ====================',
    '2024-12-31 04:00:01 | INFO | ',
    '==================== Epoch 20 ====================',
    '2024-12-31 04:15:18 | INFO | New best validation accuracy: 57.6561. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch20-acc57.6561.ckpt',
    '2024-12-31 04:15:18 | INFO | New best validation accuracy: 57.3452. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch20-acc57.3452.ckpt',
    '2024-12-31 04:15:18 | INFO | New best validation accuracy: 56.6293. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch20-acc56.6293.ckpt',
    '2024-12-31 04:15:18 | INFO | Validation metrics - Loss: 1.7853, Accuracy: 57.6561',
    '2024-12-31 04:15:18 | INFO | Validation metrics - Loss: 1.8357, Accuracy: 56.6293',
    '2024-12-31 04:15:18 | INFO | Validation metrics - Loss: 1.8013, Accuracy: 57.3452',
    '2024-12-31 04:15:18 | INFO | Training metrics - Loss: 2.0624, Accuracy: 53.2954, LR: 0.066574',
    '2024-12-31 04:15:18 | INFO | Training metrics - Loss: 2.0594, Accuracy: 53.3749, LR: 0.066574',
    '2024-12-31 04:15:18 | INFO | Training metrics - Loss: 2.0538, Accuracy: 53.4419, LR: 0.066574',
    '2024-12-31 04:15:19 | INFO | ',
    '==================== Epoch 21 ====================',
    '2024-12-31 04:15:19 | INFO | ',
]
_SPOT_LAUNCH_3 = [
    '2024-12-31 09:14:20 | INFO | Resuming training from checkpoint: /home/ec2-user/ebs/volumes'
    '/era_session9/resnet50-epoch33-acc59.0611.ckpt',
    '2024-12-31 09:14:27 | INFO | ',
    '==================== Epoch 34 ====================',
    '2024-12-31 09:14:27 | INFO | ',
    '==================== Epoch 34 ====================',
    '2024-12-31 09:14:27 | INFO | ',
    '==================== Epoch 34 ====================',
    '2024-12-31 09:30:02 | INFO | New best validation accuracy: 57.5478. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch34-acc57.5478.ckpt',
    '2024-12-31 09:30:02 | INFO | New best validation accuracy: 57.4780. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch34-acc57.4780.ckpt',
    '2024-12-31 09:30:02 | INFO | New best validation accuracy: 57.5305. Saved checkpoint to /h'
    'ome/ec2-user/ebs/volumes/era_session9/resnet50-epoch34-acc57.5305.ckpt',
    '2024-12-31 09:30:02 | INFO | Validation metrics - Loss: 1.8058, Accuracy: 57.5478',
    '2024-12-31 09:30:02 | INFO | Validation metrics - Loss: 1.7764, Accuracy: 57.4780',
    '2024-12-31 09:30:02 | INFO | Validation metrics - Loss: 1.7724, Accuracy: 57.5305',
    '2024-12-31 09:30:02 | INFO | Training metrics - Loss: 1.8466, Accuracy: 57.5003, LR: 0.130571',
    '2024-12-31 09:30:02 | INFO | Training metrics - Loss: 1.8412, Accuracy: 57.6840, LR: 0.130571',
    '2024-12-31 09:30:02 | INFO | Training metrics - Loss: 1.8378, Accuracy: 57.6496, LR: 0.130571',
    '2024-12-31 09:30:02 | INFO | ',
    '==================== Epoch 35 ====================',
    '2024-12-31 09:30:02 | INFO | ',
    '==================== Epoch 35 ====================',
    '2024-12-31 09:30:02 | INFO | ',
    '==================== Epoch 35 ====================',
]

_RESUMING = "Resuming training from checkpoint: "


def _spot_launches(tmp_path: Path, *, resumed: bool) -> Path:
    folder = tmp_path / "spot"
    folder.mkdir()
    for n, lines in enumerate((_SPOT_LAUNCH_1, _SPOT_LAUNCH_2, _SPOT_LAUNCH_3), 1):
        kept = [line for line in lines if resumed or _RESUMING not in line]
        (folder / f"training_launch{n}.log").write_text("\n".join(kept) + "\n")
    return folder


def test_launches_resumed_from_the_last_checkpoint_hours_later_are_one_job(tmp_path: Path) -> None:
    """A spot job's launches 3.4 and 1.6 hours apart (the blocks' stamps: 19:58:52 -> 03:44:31, 04:30:44 -> 09:14:20),
    the later two each resuming from the checkpoint before their first epoch: one job of three attempts, each from the
    epoch its blocks' first header names. The same blocks without the two resume lines: three jobs, refused."""
    store = tmp_path / "resumed.tlstore"
    code, _, err = run_cli("ingest", str(_spot_launches(tmp_path, resumed=True)), "-o", str(store), "-q")
    assert code == 0, err
    rows = _sql_json(store, "select attempt, first_step from attempts order by attempt")
    assert [(r["attempt"], r["first_step"]) for r in rows] == [(1, 0), (2, 19), (3, 34)]
    other = tmp_path / "fresh"
    other.mkdir()
    code, _, err = run_cli("ingest", str(_spot_launches(other, resumed=False)), "-o", str(other / "s.tlstore"), "-q")
    assert code == 1 and len(_job_lines(err)) == 3, err


def test_a_resume_joins_only_a_job_whose_training_did_not_end() -> None:
    """Facts of three logs in one folder, days apart (hand-built, the fast tier): a launch that stopped at step 20 without
    a word, then one that loaded a checkpoint and failed before its first step, then one that loaded it and went on
    from step 21: one job (not a load alone, nor a resume a month later). The same after a run that said its training
    ended (a finished run, then runs branched from its checkpoint at step 11 with other settings): three jobs."""
    from tracelens.jobs import FileFacts, find_jobs

    day = 86_400 * 10**9

    def log(n: int, first_step: int | None, resumes: bool, completed: bool, failed: bool = False) -> FileFacts:
        return FileFacts(path=f"/r/launch{n}.log", place="/r", kind="console_log", first_ns=n * day,
                         last_ns=n * day + 3600 * 10**9, run_folder=True, first_step=first_step, resumes=resumes,
                         completed=completed, failed=failed)

    relaunched = [log(1, 1, False, False), log(2, None, True, False, failed=True), log(3, 21, True, False)]
    assert [len(job.files) for job in find_jobs(relaunched)] == [3]
    branched = [log(1, 1, False, True), log(2, 11, True, True), log(3, 11, True, False)]
    assert [len(job.files) for job in find_jobs(branched)] == [1, 1, 1]
    # a checkpoint's load alone (no step, no failure: an issue's paste), or a resume weeks later: no launch of the job
    assert [len(job.files) for job in find_jobs([log(1, 1, False, False), log(2, None, True, False)])] == [1, 1]
    assert [len(job.files) for job in find_jobs([log(1, 1, False, False), log(30, 21, True, False)])] == [1, 1]
