"""Inputs an attacker or an unlucky user hands over: special files, odd names, empty twins.
Each is one clear line naming the file, and the good files given with it are still stored."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, read_trace_bytes, run_cli

GOOD_LOG = SAMPLE_LOGS / "data_stall_gloo_2rank" / "console.log"


def _cli(*args: str | bytes, timeout: float = 60) -> tuple[int, str, str]:
    """In a process of its own: for the tests about what reaches a real stdout, or where the input
    could hang, recurse or crash the process (the others use the in-process `run_cli`)."""
    proc = subprocess.run([sys.executable, "-m", "tracelens", *args], capture_output=True, timeout=timeout)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def _stored_paths(store: Path) -> list[str]:
    code, out, err = run_cli("sql", str(store), "select path from files where status = 'ok' order by 1", "--format", "json")
    assert code == 0, err
    return [row["path"] for row in json.loads(out)]


def test_a_fifo_and_a_link_to_dev_zero_do_not_hang_the_ingest(tmp_path: Path) -> None:
    good = tmp_path / "good.log"
    shutil.copy(GOOD_LOG, good)
    fifo = tmp_path / "fifo.log"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.log"
    zero.symlink_to("/dev/zero")
    store = tmp_path / "s.tlstore"
    code, _, err = _cli("ingest", str(good), str(fifo), str(zero), "-o", str(store), "-q", timeout=60)
    assert code == 1
    assert err.splitlines() == [
        f"error: {fifo}: not a regular file (a FIFO); not read",
        f"error: {zero}: not a regular file (a character device); not read",
    ]
    assert _stored_paths(store) == [str(good)]


def test_a_file_name_that_is_not_utf8_is_stored_and_printed_losslessly(tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    name = os.fsdecode(b"caf\xe9.log")  # Latin-1 bytes, as an old file system holds them
    shutil.copy(GOOD_LOG, job / name)
    store = tmp_path / "s.tlstore"
    code, _, err = _cli("ingest", str(job), "-o", str(store), "-q")
    assert code == 0, err
    assert _stored_paths(store) == [f"{job}/caf\\xe9.log"]  # the byte, shown as an escape


def test_a_newline_in_a_file_name_cannot_forge_an_error_line(tmp_path: Path) -> None:
    forged = tmp_path / "x\nerror: everything.log"
    forged.write_text("nothing any parser reads\n")
    code, _, err = run_cli("ingest", str(forged), "-o", str(tmp_path / "s.tlstore"), "-q")
    assert code == 1
    assert err.splitlines() == [f"error: {tmp_path}/x\\x0aerror: everything.log: not a recognised input format"]


def test_empty_files_are_each_reported_never_duplicates_of_each_other(tmp_path: Path) -> None:
    names = ["a.pt.trace.json", "b.pt.trace.json", "trainer_state.json"]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    code, _, err = run_cli("ingest", *(str(tmp_path / n) for n in names), "-o", str(tmp_path / "s.tlstore"), "-q")
    assert code == 1
    lines = err.splitlines()
    assert len(lines) == 3 and all(line.startswith("error: ") for line in lines), lines
    assert [line.split(": ")[1].split(":")[0] for line in lines] == [str(tmp_path / n) for n in names]
    assert "same bytes" not in err


def test_a_second_copy_of_a_failed_file_is_reported_on_its_own(tmp_path: Path) -> None:
    for name in ("one.pt.trace.json", "two.pt.trace.json"):
        (tmp_path / name).write_text('{"traceEvents": [{"ph": "X", "name"')  # the same damage twice
    code, _, err = run_cli("ingest", str(tmp_path), "-o", str(tmp_path / "s.tlstore"), "-q")
    assert "same bytes" not in err and "duplicate" not in err
    assert sum(line.startswith(("error:", "truncated:")) for line in err.splitlines()) == 2, err


def test_a_trace_whose_views_outgrow_the_default_memory_is_kept_whole(tmp_path: Path) -> None:
    trace = sorted((SAMPLE_LOGS / "gpu_gloo_2rank" / "traces").glob("*.json*"))[0]
    views = "select (select count(*) from step_breakdown), (select count(*) from gpu_time_breakdown), " \
            "(select sum(compute_ns + comm_exposed_ns + idle_ns) from step_breakdown)"
    results = []
    for limit in ("256MB", "2MB"):  # 2 MB: far less than this trace's views need, as 256 MB is for 3M events
        store = tmp_path / f"{limit}.tlstore"
        proc = subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(trace), "-o", str(store)],
                              capture_output=True, text=True, env={**os.environ, "TRACELENS_PRECOMPUTE_MEMORY": limit})
        assert proc.returncode == 0, proc.stderr
        results.append((proc.stderr, run_cli("sql", str(store), views, "--format", "csv")[1]))
    assert results[0][0] == "" and "needed more than 2MB" in results[1][0]
    assert results[0][1] == results[1][1] and results[0][1].count("\n") == 2


def test_sql_reads_timestamps_with_zones_and_downloads_no_extension(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    assert run_cli("ingest", str(GOOD_LOG), "-o", str(store), "-q")[0] == 0
    code, out, err = run_cli("sql", str(store), "select now() as t", "--format", "json")
    assert code == 0 and err == "", err
    assert json.loads(out)[0]["t"].startswith(str(__import__("datetime").date.today().year))
    code, out, err = run_cli("sql", str(store), "select * from read_json_auto('https://127.0.0.1:9/x.json')")
    assert code == 1 and "requires the extension httpfs" in err and len(err.splitlines()) == 1, err


def test_a_gzip_bomb_is_refused_early_and_the_other_files_are_stored(tmp_path: Path) -> None:
    import gzip
    bomb = tmp_path / "rank0.pt.trace.json.gz"
    inflated = 400 << 20  # a trace's opening, then 400 MiB of blanks: about 1000:1
    with gzip.open(bomb, "wb", compresslevel=9) as fh:
        fh.write(b'{"traceEvents": [')
        for _ in range(inflated >> 20):
            fh.write(b" " * (1 << 20))
    good = tmp_path / "console.log"
    shutil.copy(GOOD_LOG, good)
    # Each ingest runs under a process of its own that reports its children's peak memory; the same ingest
    # without the bomb gives the baseline (the interpreter and its libraries: ~200 MB, more on some machines).
    measure = ("import resource, subprocess, sys; p = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
               "sys.stderr.write(p.stderr); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); "
               "sys.exit(p.returncode)")

    def ingest(*files: Path, store: str) -> tuple[int, str, int]:
        proc = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "tracelens", "ingest",
                               *map(str, files), "-o", str(tmp_path / store), "-q"], capture_output=True, text=True)
        return proc.returncode, proc.stderr, int(proc.stdout.split()[-1])

    code, err, peak_kb = ingest(bomb, good, store="s.tlstore")
    assert code == 1 and len(err.splitlines()) == 1, err
    assert err.startswith(f"error: {bomb}:compressed byte ") and "gzip bomb" in err, err
    assert _stored_paths(tmp_path / "s.tlstore") == [str(good)]
    base_code, base_err, base_kb = ingest(good, store="base.tlstore")
    assert base_code == 0, base_err
    assert (peak_kb - base_kb) * 1024 < inflated / 4, f"the bomb was inflated: {peak_kb} KiB against {base_kb} KiB"


REAL_DUMP = SAMPLE_LOGS / "fr_gloo_mismatch_4rank" / "fr_trace_rank_0"


def _hostile_pickles() -> dict[str, bytes]:
    import pickle

    cycle: list[object] = []
    cycle.append(cycle)
    dag: list[object] = []
    for _ in range(80):  # each link holds the next twice: 2**80 leaves as a tree
        dag = [dag, dag]
    line = "x" * (1 << 20)
    return {
        "cycle": pickle.dumps({"entries": cycle}, protocol=2),
        "dag": pickle.dumps({"entries": [{"frames": dag}]}, protocol=2),
        "memo": pickle.dumps({"entries": [{"profiling_name": line}] * 50_000}, protocol=2),  # 50 GB as rows
        "deep": b"\x80\x02" + b"]" * 5000 + b"." ,
    }


def test_hostile_pickles_are_refused_in_linear_time(tmp_path: Path) -> None:
    import time

    dumps = _hostile_pickles()
    assert len(dumps["cycle"]) < 40 and len(dumps["dag"]) < 2000 and len(dumps["memo"]) < 2 << 20
    for name, data in dumps.items():
        path = tmp_path / f"fr_{name}_rank_0"
        path.write_bytes(data)
        started = time.monotonic()
        code, _, err = _cli("ingest", str(path), "-o", str(tmp_path / f"{name}.tlstore"), "-q", timeout=60)
        assert time.monotonic() - started < 20, name
        assert code == 1 and len(err.splitlines()) == 1 and err.startswith(f"error: {path}:"), (name, err)
        assert "internal error" not in err, (name, err)


def test_integers_beyond_a_column_are_emptied_and_the_rest_kept(tmp_path: Path) -> None:
    import pickle

    from tracelens.parsers.flight_recorder import safe_loads

    dump = safe_loads(REAL_DUMP.read_bytes())
    entries = len(dump["entries"])
    dump["entries"][0]["pg_id"] = 1 << 40  # an int32 column
    dump["entries"][1]["collective_seq_id"] = 1 << 70  # beyond int64
    path = tmp_path / "fr_trace_rank_4294967296"  # a rank that does not fit 32 bits
    path.write_bytes(pickle.dumps(dump, protocol=2))
    store = tmp_path / "s.tlstore"
    code, _, err = run_cli("ingest", str(path), "-o", str(store))
    assert code == 0, err
    assert "2 integer values beyond their column's range left empty" in err
    code, out, err = run_cli("sql", str(store), "select count(*) as n, count(pg_id) as pg, count(rank) as r from fr_entries",
                             "--format", "json")
    assert json.loads(out) == [{"n": entries, "pg": entries - 1, "r": 0}], err


def test_nan_and_inf_in_an_nccl_tests_row_leave_those_values_empty_and_keep_the_table(tmp_path: Path) -> None:
    from tests.conftest import corpus_or_skip

    source = corpus_or_skip("nccl", "nccl-tests", "nccl_issue1435_all_gather_bf16_none_large_sizes.log")
    lines = source.read_text().splitlines(keepends=True)
    rows = [i for i, line in enumerate(lines) if line.split()[2:3] == ["bfloat16"]]
    # size count type redop root | time algbw busbw #wrong | time algbw busbw #wrong
    fastest = max(rows, key=lambda i: float(lines[i].split()[10]))  # the row the rank count is read from
    tokens = lines[fastest].split()
    tokens[11] = "nan"  # its in-place busbw
    lines[fastest] = "  ".join(tokens) + "\n"
    other = next(i for i in rows if i != fastest)
    tokens = lines[other].split()
    tokens[7] = "inf"  # another row's out-of-place busbw
    lines[other] = "  ".join(tokens) + "\n"
    path = tmp_path / "all_gather_perf.log"
    path.write_text("".join(lines))
    store = tmp_path / "s.tlstore"
    code, _, err = run_cli("ingest", str(path), "-o", str(store))
    assert code == 0, err
    assert "2 values printed as nan or inf left empty" in err
    code, out, err = run_cli("sql", str(store), "select count(*) as n, count(busbw_gbps) as bus, count(algbw_gbps) as alg "
                             "from nccl_tests", "--format", "json")
    assert json.loads(out) == [{"n": 2 * len(rows), "bus": 2 * len(rows) - 2, "alg": 2 * len(rows)}], err


def test_escapes_and_link_syntax_in_names_never_reach_the_terminal_or_markdown_raw(tmp_path: Path) -> None:
    import gzip

    trace = sorted((SAMPLE_LOGS / "ddp_gloo_2rank" / "traces").glob("*.json.gz"))[0]
    with gzip.open(trace) as fh:
        text = fh.read().decode()
    hostile = "\\u001b]0;owned\\u0007\\u001b]52;c;ZXZpbA==\\u0007[click](https://127.0.0.1/x)\\u202egnp.exe"
    # The most frequent operator gets the hostile name, so that every report section shows it.
    names = __import__("collections").Counter(__import__("re").findall(r'"name": "(aten::[a-z_]+)"', text))
    top = names.most_common(1)[0][0]
    job = tmp_path / "job"
    job.mkdir()
    (job / trace.name.removesuffix(".gz")).write_text(text.replace(f'"name": "{top}"', f'"name": "{hostile}"'))
    outputs = {fmt: run_cli("report", str(job), "--format", fmt)[1] for fmt in ("text", "md")}
    outputs["sql"] = run_cli("sql", str(job), "select name, count(*) as n from trace_events group by 1 order by 2 desc")[1]
    for fmt, out in outputs.items():
        assert out, fmt
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, fmt
        assert "\\x1b]0;owned" in out or fmt == "md", fmt  # shown, as an escape
    assert "[click](" not in outputs["md"] and "\\[click\\]" in outputs["md"]


SECRETS = {
    "HF_TOKEN=": "hf_" + "Q" * 34,
    "WANDB_API_KEY=": "0123456789abcdef" * 2 + "01234567",
    "AWS_SECRET_ACCESS_KEY=": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
}


def test_credentials_in_log_lines_are_never_stored(tmp_path: Path) -> None:
    import duckdb

    lines = (SAMPLE_LOGS / "hf_trainer_restart" / "console.log").read_text().splitlines(keepends=True)
    # A process's first dated line (kept whole as its attempt's start) echoes the environment.
    first = next(i for i, line in enumerate(lines) if "Generate config" in line)
    leak = " ".join(name + value for name, value in SECRETS.items())
    lines[first] = lines[first].rstrip("\n") + f" (environment: {leak} tokens=512)\n"
    job = tmp_path / "job"
    job.mkdir()
    (job / "console.log").write_text("".join(lines))
    store = tmp_path / "s.tlstore"
    code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q")
    assert code == 0, err
    code, out, _ = run_cli("sql", str(store), "select raw from log_events where raw like '%environment:%'", "--format", "csv")
    assert "HF_TOKEN=<redacted>" in out and "tokens=512" in out, out  # the line is kept, its secrets not
    stored = ""
    for fragment in store.rglob("*.parquet"):
        relation = duckdb.sql(f"select * from read_parquet('{fragment}')")
        assert relation is not None
        stored += str(relation.fetchall())
    stored += (store / "store.json").read_text()
    assert "environment:" in stored
    for value in SECRETS.values():
        assert value not in stored


def test_deeply_nested_json_is_one_error_line_per_file(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    files = {
        "rank0.pt.trace.json": '{"traceEvents": ' + deep + "}",
        "trainer_state.json": '{"log_history": ' + deep + "}",
        "metrics.jsonl": '{"step": ' + deep + "}\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    good = tmp_path / "console.log"
    shutil.copy(GOOD_LOG, good)
    store = tmp_path / "s.tlstore"
    code, _, err = _cli("ingest", *(str(tmp_path / n) for n in files), str(good), "-o", str(store), "-q")
    assert code == 1
    lines = err.splitlines()
    # each line names its file (and, where the reader says it, the byte offset: `path:byte 0: ...`)
    assert [re.sub(r":byte \d+$", "", line.split(": ")[1]) for line in lines] == [str(tmp_path / n) for n in files], err
    # the trace and trainer_state.json are their formats, damaged; a JSON-lines file whose one line is
    # no metrics record is no metrics file (detection reads it as such, see the test below)
    assert ["nested deeper" in line for line in lines] == [True, True, False] and "internal" not in err, err
    assert lines[2].endswith("not a recognised input format"), err
    assert _stored_paths(store) == [str(good)]


def test_the_html_report_under_an_address_space_limit_degrades_with_one_warning(tmp_path: Path) -> None:
    import resource

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))  # as `ulimit -v` on an HPC login node

    env = {**os.environ, "TRACELENS_CACHE_DIR": str(tmp_path / "cache")}  # no Vega bundle made yet

    def report(out: Path, limit: bool) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tracelens", "report", str(SAMPLE_LOGS / "ddp_gloo_2rank"), "-o", str(out)],
                              capture_output=True, text=True, env=env, preexec_fn=limited if limit else None, timeout=300)

    first = report(tmp_path / "limited.html", limit=True)
    assert first.returncode == 0, first.stderr[-2000:]
    warnings = [line for line in first.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "no charts" in warnings[0], first.stderr
    page = (tmp_path / "limited.html").read_text()
    assert "vegaEmbed(" not in page and "no charts" in page and "step" in page.lower()
    assert report(tmp_path / "free.html", limit=False).returncode == 0  # makes the bundle, kept in the cache
    again = report(tmp_path / "again.html", limit=True)
    assert again.returncode == 0 and "warning" not in again.stderr
    assert "vegaEmbed(" in (tmp_path / "again.html").read_text()


def test_a_trace_rewritten_while_it_is_read_never_kills_the_ingest(tmp_path: Path) -> None:
    import gzip
    import threading
    import time

    from tests.conftest import corpus_or_skip

    with gzip.open(corpus_or_skip("kineto", "gpu", "df_index_resolver", "df_index_resolver.json.gz")) as fh:
        data = fh.read()
    target = tmp_path / "rank0.pt.trace.json"
    outcomes = []
    for delay in (0.05, 0.15, 0.3, 0.5, 0.8, 1.2):
        target.write_bytes(data)

        def rewrite(delay: float = delay) -> None:  # as rsync --inplace does: cut the file, then write it again
            time.sleep(delay)
            with open(target, "r+b") as fh:
                fh.truncate(len(data) // 3)
                fh.seek(0, os.SEEK_END)
                fh.write(data[len(data) // 3:])

        writer = threading.Thread(target=rewrite)
        writer.start()
        proc = subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(target), "-o", str(tmp_path / f"{delay}.tlstore"),
                               "-q"], capture_output=True, text=True, timeout=120)
        writer.join()
        outcomes.append((delay, proc.returncode, proc.stderr.strip()[-300:]))
    assert all(code in (0, 1) and "internal error" not in err for _, code, err in outcomes), outcomes


def test_unreadable_files_and_folders_are_each_one_error_line_and_the_rest_is_stored(tmp_path: Path) -> None:
    import pytest

    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        pytest.skip("needs root to run the ingest as another user (setpriv)")
    work = Path(__import__("tempfile").mkdtemp(prefix="tl-perm-"))  # pytest's tmp_path is root's alone
    try:
        work.chmod(0o777)
        job = work / "job"
        (job / "private").mkdir(parents=True)
        for target in (job / "console.log", job / "theirs.log", job / "private" / "console.log"):
            shutil.copy(GOOD_LOG, target)
        (job / "theirs.log").write_text(GOOD_LOG.read_text() + "another run\n")
        (job / "theirs.log").chmod(0o600)
        (job / "private").chmod(0o700)
        job.chmod(0o755)
        env = {**os.environ, "TRACELENS_CACHE_DIR": str(work / "cache")}
        as_nobody = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-m", "tracelens"]
        for inputs in ([str(job)], [str(job / "console.log"), str(job / "theirs.log")]):
            store = work / f"s{len(inputs)}.tlstore"
            proc = subprocess.run([*as_nobody, "ingest", *inputs, "-o", str(store), "-q"], capture_output=True,
                                  text=True, env=env, cwd=work)
            assert proc.returncode == 1, proc.stderr
            expected = {f"error: {job / 'theirs.log'}: cannot read: Permission denied"}
            if len(inputs) == 1:
                expected.add(f"error: {job / 'private'}: cannot list this folder: Permission denied")
            assert set(proc.stderr.splitlines()) == expected, proc.stderr
            assert _stored_paths(store) == [str(job / "console.log")]
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(work)], check=False)
        shutil.rmtree(work, ignore_errors=True)


def test_the_read_lease_is_given_back_when_a_parse_ends_even_on_error(tmp_path: Path) -> None:
    import gzip

    import pytest

    from tracelens.errors import ParseError
    from tracelens.parsers import ParseOptions
    from tracelens.parsers.kineto import KinetoParser

    trace = sorted((SAMPLE_LOGS / "ddp_gloo_2rank" / "traces").glob("*.json.gz"))[0]
    with gzip.open(trace) as fh:
        data = fh.read()
    for content, fails in ((data, False), (data[: data.index(b'"traceEvents"') + 20], True)):
        target = tmp_path / "rank0.pt.trace.json"
        target.write_bytes(content)
        try:
            KinetoParser().parse(target, ParseOptions())
        except ParseError:
            assert fails
        # A writer of the file (this process or another) is not kept waiting for the kernel's
        # lease-break time (45 s): the lease went with the parse.
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))
        except BlockingIOError:
            pytest.fail("the parse left a read lease on the file")


def test_jsonl_detection_of_deeply_nested_lines_is_a_plain_no() -> None:
    """Found by the fuzz harness: a line nested past msgspec's depth limit raised RecursionError
    out of detect() (the store turned it into an error line; a parser must not raise it)."""
    from tracelens.parsers import Claim
    from tracelens.parsers.jsonl_metrics import JsonlMetricsParser

    head = b'{"step": 1, "a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"
    assert JsonlMetricsParser().detect(Path("metrics.jsonl"), head) == Claim.NO


DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize("case", ["trainer_state", "mlgp", "mlperf", "lightning_epoch", "idle_watchdog", "mpi_rank",
                                  "nccl_tests_size", "kineto_device_mem"])
def test_found_by_the_long_fuzz_run_each_is_a_parse_error_or_salvaged(tmp_path: Path, case: str) -> None:
    """A real file with one part made hostile (the long fuzz run's findings): a parser raises
    ParseError or salvages the rest, never RecursionError or ValueError (trainer_state.json and
    an ml-goodput-measurement line nested past msgspec's depth limit, an MLPerf `:::MLLOG`
    payload likewise, a Lightning bar whose epoch number has more digits than int() converts)."""
    from tracelens.errors import ParseError
    from tracelens.parsers import ParseOptions, registry

    corpus = SAMPLE_LOGS.parent.parent / "shared" / "corpus"
    if case == "trainer_state":
        source = SAMPLE_LOGS / "hf_trainer_state" / "trainer_state.json"
        data = source.read_bytes().replace(b'"log_history": [', b'"log_history": [' + DEEP + b",", 1)
        parser = "hf_trainer_state"
    elif case == "mlgp":
        source = corpus_or_skip("logs", "goodput_mlgp", "synthetic_events_with_restart.jsonl")
        lines = source.read_bytes().splitlines(keepends=True)
        data = b"".join(lines[:3]) + b'{"a": ' + DEEP + b"}\n" + b"".join(lines[3:])
        parser = "mlgp"
    elif case == "mlperf":
        if not corpus.exists():
            pytest.skip("../shared is absent")
        source = corpus / "logs" / "mlperf" / "llama2_70b_lora_asus_result_0.log"
        lines = source.read_bytes().splitlines(keepends=True)
        data = b"".join(lines[:5]) + b':::MLLOG {"namespace": ' + DEEP + b"}\n" + b"".join(lines[5:])
        parser = "mlperf"
    elif case == "lightning_epoch":
        source = SAMPLE_LOGS / "lightning_ddp_bar" / "console.log"
        data = source.read_bytes().replace(b"Epoch 0:", b"Epoch " + b"7" * 6000 + b":", 1)
        parser = "lightning"
    elif case == "idle_watchdog":  # a hang of more seconds than a float holds: no time to place it at
        source = corpus / "logs" / "torchtitan" / "aurora_ezpz_silent_hang_failover_restart.log"
        data = (source.read_bytes().replace(b"no output for 1800.0s", b"no output for " + b"9" * 26_000 + b"s", 1)
                if source.exists() else b"")
        parser = "generic_log"
    elif case == "kineto_device_mem":  # a device's memory past the int64 column
        import gzip

        source = next((SAMPLE_LOGS / "gpu_nccl_1rank" / "traces").glob("*.pt.trace.json.gz"))
        data = re.sub(rb'"totalGlobalMem": *\d+', b'"totalGlobalMem": ' + b"9" * 30, gzip.decompress(source.read_bytes()),
                      count=1)
        parser = "kineto"
    elif case == "nccl_tests_size":  # a size past the int64 column
        source = corpus / "nccl" / "nccl-tests" / "all_reduce_perf_2node_p5_efa_8B-16G.log"
        data = (re.sub(rb"(<stdout>:\s+)8(\s+2\s+float)", rb"\g<1>" + b"9" * 25 + rb"\2", source.read_bytes(), count=1)
                if source.exists() else b"")
        parser = "nccl_tests"
    else:  # Open MPI's rank tag with more digits than int() converts
        source = corpus / "nccl" / "nccl-debug" / "aws_efa_eks_p4d_16rank_nccl_info_plus_all_reduce_perf.log"
        data = source.read_bytes().replace(b"[1,0]<stdout>:", b"[1," + b"5" * 6000 + b"]<stdout>:", 1) if source.exists() else b""
        parser = "nccl_tests"
    if not source.exists():
        pytest.skip("../shared is absent")
    path = tmp_path / source.name.removesuffix(".gz")
    path.write_bytes(data)
    try:
        result = registry()[parser].parse(path, ParseOptions())
    except ParseError as exc:
        assert case == "trainer_state" and "nested deeper" in str(exc), exc
        return
    assert case != "trainer_state"
    clean = registry()[parser].parse(source, ParseOptions())
    if case == "lightning_epoch":  # the one reading lost, the bar's other steps kept
        assert 0 < result.tables["log_steps"].num_rows <= clean.tables["log_steps"].num_rows
    elif case == "kineto_device_mem":  # that one figure unknown, every event kept
        assert result.tables["devices"].column("total_global_mem_bytes").to_pylist() == [None]
        assert result.tables["trace_events"].num_rows == clean.tables["trace_events"].num_rows
    elif case == "nccl_tests_size":  # that row skipped (both halves), every other kept
        assert result.tables["nccl_tests"].num_rows == clean.tables["nccl_tests"].num_rows - 2
    elif case in ("idle_watchdog", "mpi_rank"):  # the one line read differently, every other as before
        assert 0 < sum(d.num_rows for d in result.tables.values()) <= sum(d.num_rows for d in clean.tables.values()) + 1
    else:  # the hostile line is no record: every other line read as in the file without it
        assert {t: d.num_rows for t, d in result.tables.items()} == {t: d.num_rows for t, d in clean.tables.items()}


def test_a_long_console_whose_relaunch_nothing_dates_is_read_in_linear_time(tmp_path: Path) -> None:
    """nanoGPT's undated `iter N: loss ...` lines, 50,000 of them, a launcher's dated failure report,
    then a relaunch counting from 0 again (50,000 more): each undated step is checked against the
    steps before its last dated line. Done as a join of every step with every earlier one, that
    took minutes (267 s and 20 GB at 100,000 a side, a quarter of that at this size); as one window and equality
    joins, seconds. The attempts are read in line order: two, the first crashed."""
    import time

    path = tmp_path / "train.log"
    with path.open("w") as f:
        f.write("2024-01-01 10:00:00,000 INFO starting training\n")
        for i in range(50_000):
            f.write(f"iter {i}: loss {2 + i % 1000 / 1000:.4f}, time 95.12ms, mfu 40.00%\n")
        f.write("E0101 12:00:00.000000 667 torch/distributed/elastic/multiprocessing/api.py:986] failed "
                "(exitcode: 1) local_rank: 0 (pid: 674) of binary: /usr/bin/python3\n")
        for i in range(50_000):
            f.write(f"iter {i}: loss {2 + i % 1000 / 1000:.4f}, time 95.12ms, mfu 40.00%\n")
    started = time.monotonic()
    code, out, err = _cli("sql", str(path), "select first_step, last_step, end_reason from attempts order by attempt",
                          "--format", "json", timeout=120)
    assert time.monotonic() - started < 30, err
    assert code == 0, err
    assert [tuple(r.values()) for r in json.loads(out)] == [(0, 49_999, "crash"), (0, 49_999, "unknown")]


def _profiler_steps(trace: Path) -> int:
    """ProfilerStep#N spans in a trace, counted from its JSON with the stdlib."""
    events = json.loads(read_trace_bytes(trace))["traceEvents"]
    return len({e["name"] for e in events if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")
                and e.get("cat") in ("user_annotation", "cpu_op")})


def test_a_trace_kept_both_gzipped_and_not_is_stored_once(tmp_path: Path) -> None:
    """`gzip -k` leaves the trace beside its .gz: one trace, whose steps must not count twice,
    whichever of the two was stored first."""
    traces = sorted((SAMPLE_LOGS / "ddp_gloo_2rank" / "traces").glob("*.json.gz"))
    job = tmp_path / "job"
    job.mkdir()
    for trace in traces:
        shutil.copy(trace, job / trace.name)
        (job / trace.name.removesuffix(".gz")).write_bytes(read_trace_bytes(trace))
    expected = [_profiler_steps(trace) for trace in traces]
    assert expected == [6, 6]  # (what the raw traces hold: counted twice, 12 a rank)
    for order in ("together", "plain first", "gzipped first"):
        store = tmp_path / f"{order}.tlstore"
        if order == "together":
            code, _, err = run_cli("ingest", str(job), "-o", str(store))
        else:
            first, second = (".json", ".json.gz") if order == "plain first" else (".json.gz", ".json")
            code, _, err = run_cli("ingest", *(str(p) for p in sorted(job.glob("*" + first))), "-o", str(store), "-q")
            assert code == 0, err
            code, _, err = run_cli("ingest", *(str(p) for p in sorted(job.glob("*" + second))), "-o", str(store))
        assert code == 0, err
        notes = [line for line in err.splitlines() if line.startswith("note: ")]
        assert len(notes) == 2 and all(": same content as " in line for line in notes), (order, err)
        code, out, err = run_cli("sql", str(store), "select rank, steps from step_summary order by rank", "--format", "csv")
        assert code == 0, err
        assert out.splitlines()[1:] == [f"{rank},{steps}" for rank, steps in enumerate(expected)], order


def test_two_traces_claiming_one_rank_at_once_are_said(tmp_path: Path) -> None:
    """A rank's trace and a cut copy of it (a job killed while a copy was made): different
    contents, one rank over the same time, which the report would count twice: one warning."""
    trace = sorted((SAMPLE_LOGS / "ddp_gloo_2rank" / "traces").glob("rank0*.json.gz"))[0]
    shutil.copy(trace, tmp_path / trace.name)
    data = read_trace_bytes(trace)
    (tmp_path / "copy.pt.trace.json").write_bytes(data[: len(data) // 2])
    code, _, err = run_cli("ingest", str(tmp_path), "-o", str(tmp_path / "s.tlstore"))
    assert code == 0, err
    assert [line for line in err.splitlines() if line.startswith("warning: rank")] == [
        f"warning: rank 0 is claimed by two traces over overlapping time: {tmp_path / 'copy.pt.trace.json'} and "
        f"{tmp_path / trace.name} (both kept)"]


def test_a_console_of_traceback_headers_is_named_in_linear_time() -> None:
    """200,000 `Traceback (most recent call last):` lines in a row, each a crash: each header's
    search for its exception stops at the next header (no chain's sentence joins them), not 400
    lines on (80 million lines read: about a minute)."""
    import time

    from tracelens.enums import LogEventKind
    from tracelens.parsers._logtables import LogRows

    n = 200_000
    rows = LogRows("generic")
    rows.clock = (list(range(1, n + 1)), [None] * n)
    rows.texts = ["Traceback (most recent call last):"] * n
    rows.ranks = [None] * n
    for line in range(1, n + 1):
        rows.event(LogEventKind.CRASH, line=line, rank=None, ts_ns=None, raw="Traceback (most recent call last):")
    started = time.monotonic()
    rows.name_exceptions()
    assert time.monotonic() - started < 10
    assert all(e.get("detail") is None for e in rows.events)


def test_a_deepspeed_timer_rate_that_is_no_figure_is_no_rate(tmp_path: Path) -> None:
    """DeepSpeed's timer line with its rate mangled to `CurrSamplesPerSec=1+9.10360295001638` (the long fuzz run's
    finding: its `[\\d.eE+-]+` holds it, `float()` raised ValueError): that step has no samples figure, the rest is
    read; the same line as written gives the step its samples."""
    from tracelens.parsers import ParseOptions, registry

    source = corpus_or_skip("logs", "deepspeed", "helloDS_bert_fp16_overflow_skips_ckpt_every10.log")
    path = tmp_path / "train.log"
    for rate, expect_samples in ((b"139.10360295001638", True), (b"1+9.10360295001638", False)):
        path.write_bytes(source.read_bytes().replace(b"CurrSamplesPerSec=139.10360295001638", b"CurrSamplesPerSec=" + rate, 1))
        steps = registry()["deepspeed"].parse(path, ParseOptions()).tables["log_steps"].to_pylist()
        step20 = next(row for row in steps if row["step"] == 20)
        assert (step20["samples"] is not None) is expect_samples
