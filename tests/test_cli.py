"""The command line: exit codes, one-line errors, output files, the on-the-fly cache."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli, run_cli_process


def _job_with_bad_files(tmp_path: Path) -> Path:
    job = tmp_path / "job"
    job.mkdir()
    for trace in sorted((SAMPLE_LOGS / "hf_trainer_restart").rglob("*.pt.trace.json.gz")):  # one job's traces
        shutil.copy(trace, job / trace.name)
    (job / "garbage.pt.trace.json").write_bytes(b"\x00\x01not json at all")
    (job / "empty.pt.trace.json").write_bytes(b"")
    (job / "notes.txt").write_text("not an input\n")
    return job


def test_bad_files_give_one_line_each_and_exit_1_while_good_files_ingest(tmp_path: Path) -> None:
    job = _job_with_bad_files(tmp_path)
    code, out, err = run_cli("ingest", str(job), "-o", str(tmp_path / "s.tlstore"))
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 2
    assert any("garbage.pt.trace.json" in e for e in errors)
    assert any("empty.pt.trace.json" in e and "empty file" in e for e in errors)
    assert "Traceback" not in err
    code, out, _ = run_cli("sql", str(tmp_path / "s.tlstore"), "select count(distinct rank) from trace_events", "--format", "csv")
    assert code == 0 and out.splitlines()[1] == "2"


def test_garbage_error_names_the_byte_offset(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pt.trace.json"
    bad.write_bytes(b'{"traceEvents": [ {"ph": "X", oops')
    code, _, err = run_cli("ingest", str(bad), "-o", str(tmp_path / "s.tlstore"))
    assert code == 1
    line = err.strip().splitlines()[0]
    assert str(bad) in line and "byte" in line


def test_explicit_unknown_file_is_an_error_but_walked_one_is_skipped(tmp_path: Path) -> None:
    note = tmp_path / "notes.txt"
    note.write_text("hello\n")
    code, _, err = run_cli("ingest", str(note), "-o", str(tmp_path / "a.tlstore"))
    assert code == 1 and "not a recognised input format" in err
    folder = tmp_path / "folder"
    folder.mkdir()
    shutil.copy(note, folder / "notes.txt")
    code, out, err = run_cli("ingest", str(folder), "-o", str(tmp_path / "b.tlstore"))
    assert code == 0 and "1 not recognised (skipped)" in out


def test_truncated_trace_warns_and_exits_0(tmp_path: Path) -> None:
    import gzip

    trace = sorted(SAMPLE_LOGS.rglob("*.pt.trace.json.gz"))[0]
    data = gzip.decompress(trace.read_bytes())
    cut = tmp_path / "rank0.pt.trace.json"
    cut.write_bytes(data[: len(data) // 2])
    code, out, err = run_cli("ingest", str(cut), "-o", str(tmp_path / "s.tlstore"))
    assert code == 0
    assert err.startswith("truncated: ") and str(cut) in err
    code, out, _ = run_cli("sql", str(tmp_path / "s.tlstore"), "select status from files", "--format", "json")
    assert json.loads(out) == [{"status": "truncated"}]


def test_sql_on_a_raw_job_uses_a_cache(tmp_path: Path) -> None:
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    query = "select path, ingested_at_ns from files order by path"
    code, first, err = run_cli("sql", str(job), query, "--format", "csv")
    assert code == 0, err
    code, second, _ = run_cli("sql", str(job), query, "--format", "csv")
    assert first == second  # nothing was parsed again
    rows = list(csv.DictReader(io.StringIO(first)))
    assert sorted(r["path"] for r in rows) == sorted(str(p) for p in job.rglob("*") if p.is_file())  # the unread ones too


def test_a_raw_job_s_cache_forgets_a_file_deleted_from_it(tmp_path: Path) -> None:
    """The cache of a raw folder holds what the folder holds now: a file deleted from it (a
    stray log of another job, say) leaves the report and its rows the views; an explicit
    store keeps what it read."""
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    files = sorted(str(p) for p in job.rglob("*") if p.is_file())
    log = next(p for p in files if p.endswith(".log"))
    query = "select path from files order by path"
    code, out, err = run_cli("sql", str(job), query, "--format", "csv")
    assert code == 0, err
    assert [r["path"] for r in csv.DictReader(io.StringIO(out))] == files
    code, out, err = run_cli("sql", str(job), "select count(*) as n from log_steps", "--format", "csv")
    assert code == 0 and int(next(csv.DictReader(io.StringIO(out)))["n"]) > 0, err
    code, _, err = run_cli("ingest", str(job), "-o", str(tmp_path / "kept.tlstore"), "-q")
    assert code == 0, err
    Path(log).unlink()
    code, out, err = run_cli("sql", str(job), query, "--format", "csv")
    assert code == 0, err
    assert [r["path"] for r in csv.DictReader(io.StringIO(out))] == [p for p in files if p != log]
    code, out, err = run_cli("sql", str(job), "select count(*) as n from log_steps", "--format", "csv")
    assert code == 0 and int(next(csv.DictReader(io.StringIO(out)))["n"]) == 0, err  # the traces log no step
    code, _, err = run_cli("ingest", str(job), "-o", str(tmp_path / "kept.tlstore"), "-q")
    assert code == 0, err
    code, out, err = run_cli("sql", str(tmp_path / "kept.tlstore"), query, "--format", "csv")
    assert [r["path"] for r in csv.DictReader(io.StringIO(out))] == files


def test_a_raw_job_s_cache_keeps_a_copy_of_a_deleted_file(tmp_path: Path) -> None:
    """A folder holding a console and a copy of it (stored once, the copy `duplicate`): deleting
    the first leaves the copy's steps in the cache, as many as the console had."""
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    shutil.copyfile(job / "console.log", job / "zcopy.log")
    query = "select count(*) as n from log_steps"
    code, out, err = run_cli("sql", str(job), query, "--format", "csv")
    assert code == 0, err
    steps = int(next(csv.DictReader(io.StringIO(out)))["n"])
    assert steps > 0
    code, out, err = run_cli("sql", str(job), "select path, status from files order by path", "--format", "csv")
    assert ("duplicate" in out) and code == 0, err
    (job / "console.log").unlink()
    code, out, err = run_cli("sql", str(job), query, "--format", "csv")
    assert code == 0, err
    assert int(next(csv.DictReader(io.StringIO(out)))["n"]) == steps

def test_output_file_needs_force(tmp_path: Path, all_samples_store: Path) -> None:
    store = all_samples_store
    out = tmp_path / "ranks.json"
    code, _, err = run_cli("sql", str(store), "select distinct rank from trace_events order by 1", "-o", str(out))
    assert code == 0 and err.strip() == f"Wrote {out}"
    assert json.loads(out.read_text()) == [{"rank": 0}, {"rank": 1}]
    code, _, err = run_cli("sql", str(store), "select 1", "-o", str(out))
    assert code == 2 and "--force" in err
    code, _, _ = run_cli("sql", str(store), "select 1 as one", "-o", str(out), "--force")
    assert code == 0 and json.loads(out.read_text()) == [{"one": 1}]


def test_sql_computes_only_the_views_the_query_reads(sample_store: Callable[[str], Path]) -> None:
    """A query of a stored table computes none of the views a connection computes once when it
    opens (they cost seconds on a big store); a query of a view computes those it reads."""
    store = str(sample_store("restart_gloo_2rank"))
    computed = ("(select list(table_name order by table_name) from duckdb_tables() "
                "where table_name like '_connection_%' and table_name <> '_connection_files') as computed")
    code, out, _ = run_cli("sql", store, f"select (select count(*) from log_events) as n, {computed}", "--format", "json")
    assert code == 0
    [row] = json.loads(out)
    assert row["n"] > 0 and row["computed"] is None
    code, out, _ = run_cli("sql", store, f"select (select count(*) from attempts) as n, {computed}", "--format", "json")
    [row] = json.loads(out)
    assert row["n"] == 2 and "_connection_attempts" in row["computed"] and "_connection_goodput" not in row["computed"]


def test_a_query_spills_to_the_temporary_folder_not_the_working_directory(sample_store: Callable[[str], Path]) -> None:
    """DuckDB's default spill folder is `.tmp` in the working directory, which a killed query
    leaves behind in the user's checkout."""
    import tempfile

    code, out, _ = run_cli("sql", str(sample_store("ddp_gloo_2rank")), "select current_setting('temp_directory') as d",
                           "--format", "json")
    assert code == 0
    assert Path(json.loads(out)[0]["d"]).parent == Path(tempfile.gettempdir())


def test_bad_sql_is_one_line(all_samples_store: Path) -> None:
    code, _, err = run_cli("sql", str(all_samples_store), "select nope from trace_events")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "query failed" in err


@pytest.mark.parametrize("where", ["before", "after"])
def test_verbose_shows_the_traceback_before_or_after_the_command(all_samples_store: Path, where: str) -> None:
    command = ["sql", str(all_samples_store), "select nope from trace_events"]
    code, _, err = run_cli(*(["-v", *command] if where == "before" else [*command, "-v"]))
    assert code == 1 and "Traceback (most recent call last)" in err, err
    assert err.splitlines()[-1].startswith("tracelens: error: query failed"), err


def test_an_exit_code_does_not_carry_over_to_the_next_command(tmp_path: Path, all_samples_store: Path) -> None:
    """Exit codes travel on the exceptions: a command whose files failed and which then stopped
    on an error leaves nothing behind for the next command run in the same process."""
    job = tmp_path / "job"
    job.mkdir()
    (job / "garbage.pt.trace.json").write_bytes(b"\x00\x01not json at all")
    code, _, err = run_cli("report", str(job), "-q")
    assert code == 1 and "garbage.pt.trace.json" in err, err
    code, out, err = run_cli("sql", str(all_samples_store), "select 1 as one", "--format", "csv")
    assert (code, out, err) == (0, "one\n1\n", "")


def test_a_violated_rule_exits_3_and_failed_files_add_no_line(tmp_path: Path) -> None:
    """--fail-on: exit 3 and one `violated:` line per rule; the files that failed were each
    reported once, with no summary line after them."""
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    (job / "garbage.pt.trace.json").write_bytes(b"\x00\x01not json at all")
    other = SAMPLE_LOGS / "data_stall_gloo_2rank"  # another job: its wall time differs
    code, _, err = run_cli("diff", str(job), str(other), "--fail-on", "wall_s>-100%", "-q")
    assert code == 3, err
    assert [line.split(":")[0] for line in err.splitlines()] == ["error", "violated"], err
    code, _, err = run_cli("diff", str(job), str(other), "-q")
    assert code == 1 and [line.split(":")[0] for line in err.splitlines()] == ["error"], err


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    code, _, err = run_cli("ingest", str(SAMPLE_LOGS))
    assert code == 2
    code, _, err = run_cli("sql", str(tmp_path / "missing"), "select 1")
    assert code == 2 and "no such file" in err


def test_python_dash_m_and_version() -> None:
    code, out, _ = run_cli_process("--version")
    assert code == 0 and out.startswith("tracelens, version")


def _annotations(job: Path) -> dict[int, dict[str, int]]:
    """rank -> user annotation span name -> count, read from the raw trace JSON."""
    import gzip
    from collections import Counter

    out: dict[int, dict[str, int]] = {}
    for path in sorted((job / "traces").glob("*.pt.trace.json.gz")):
        doc = json.loads(gzip.decompress(path.read_bytes()))
        names = Counter(e["name"] for e in doc["traceEvents"] if e.get("ph") == "X" and e.get("cat") == "user_annotation")
        out[doc["distributedInfo"]["rank"]] = dict(names)
    return out


def test_unknown_step_marker_is_a_usage_error_naming_the_spans(tmp_path: Path) -> None:
    """Defect 6 of issue 15: `--step-marker nosuchspan` made each profiled window one step and
    changed every figure, exit 0. Now exit 2 and the annotation spans the traces hold."""
    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    spans = _annotations(job)
    for command in (["report", str(job)], ["sql", str(job), "select count(*) from int_steps"]):
        code, out, err = run_cli(*command, "--step-marker", "nosuchspan", "-q")
        assert code == 2 and out == "", err
        assert len(err.strip().splitlines()) == 1 and "nosuchspan" in err
        # every user annotation but the profiler's own steps and gloo's collectives
        assert all(name in err for name in spans[0] if not name.startswith(("ProfilerStep#", "gloo:"))), err
    # a span that exists marks the steps: one per span on each rank
    name = "DistributedDataParallel.forward"
    code, out, err = run_cli("sql", str(job), "select rank, count(*) from int_steps group by rank order by rank",
                             "--step-marker", name, "--format", "csv", "-q")
    assert code == 0, err
    assert [tuple(map(int, r)) for r in list(csv.reader(io.StringIO(out)))[1:]] == [(r, spans[r][name]) for r in sorted(spans)]


def test_impossible_numbers_and_outputs_are_refused_before_any_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect 7 of issue 15: --gpus -3 gave negative GPU-hours; -o existing.html was refused
    only after the report was built (the job is ingested into a cache first: nothing must be
    written there either); -o /proc/x.html was an internal error; -o r.pdf wrote text."""
    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    cache = tmp_path / "cache"
    monkeypatch.setenv("TRACELENS_CACHE_DIR", str(cache))
    existing = tmp_path / "existing.html"
    existing.write_text("keep me")
    cases = [
        (["--gpus", "-3"], "--gpus"), (["--gpus", "0"], "--gpus"), (["--gpu-hour-cost", "-1"], "--gpu-hour-cost"),
        (["--peak-tflops", "0"], "--peak-tflops"), (["-o", str(existing)], "exists"),
        (["-o", "/proc/x.html"], "/proc/x.html"), (["-o", str(tmp_path / "r.pdf")], ".pdf"),
    ]
    for args, said in cases:
        code, out, err = run_cli("report", str(job), *args)
        assert code == 2 and out == "" and said in err and "internal error" not in err, (args, err)
    assert existing.read_text() == "keep me" and not (tmp_path / "r.pdf").exists()
    assert not cache.exists() or not any(cache.iterdir())  # refused before the ingest
    code, _, err = run_cli("sql", str(job), "select 1", "-o", str(tmp_path / "q.pdf"))
    assert code == 2 and ".pdf" in err
    code, _, err = run_cli("report", str(job), "-o", str(tmp_path / "r.pdf"), "--format", "md")
    assert code == 0 and (tmp_path / "r.pdf").read_text().startswith("#")


def test_help_examples_keep_their_lines() -> None:
    """Defect 11 of issue 15: click rewrapped the examples of --help into one paragraph. Each
    example line of a command's docstring is a line of its --help."""
    import tracelens.cli.report
    import tracelens.cli.sql

    for module, name in ((tracelens.cli.report, "report"), (tracelens.cli.sql, "sql")):
        examples = [line.strip() for line in (module.__doc__ or "").splitlines() if line.strip().startswith("tracelens ")]
        code, out, _ = run_cli(name, "--help")
        assert code == 0 and examples
        lines = [line.strip() for line in out.splitlines()]
        assert all(example in lines for example in examples), out


def test_progress_bar_is_labelled_at_once_and_fits_a_narrow_terminal() -> None:
    """Issue 15 (11): the bar showed "0/? bytes" with no label until the first file, and its
    unit wrapped onto a second line on a narrow terminal."""
    from rich.console import Console

    from tracelens.cli._common import fmt_size, progress_bar

    for width in (40, 60, 120):
        out = io.StringIO()
        console = Console(file=out, width=width, force_terminal=True, color_system=None, legacy_windows=False)
        bar = progress_bar(console)
        task = bar.add_task("looking for files", total=None, size="")
        with console.capture() as capture:
            console.print(bar.make_tasks_table(bar.tasks))
        lines = [line for line in capture.get().splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("ingesting") and "?" not in lines[0], lines
        name = "rank0.1795314817766335616.pt.trace.json.gz"
        bar.update(task, completed=3_400_000, total=12_800_000, description=name, size=fmt_size(3_400_000, 12_800_000))
        with console.capture() as capture:
            console.print(bar.make_tasks_table(bar.tasks))
        lines = [line for line in capture.get().splitlines() if line.strip()]
        assert len(lines) == 1 and len(lines[0]) <= width, lines
        assert "3.4/12.8 MB" in lines[0]
