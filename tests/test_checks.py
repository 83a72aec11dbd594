"""The zero-row checks of queries/checks/ on every sample job and every job of the wild corpus,
and, for each check, proof that it catches the defect it was written for: the check's SQL run
against a connection where a view is put back as it was before the fix (or is given the
figures of the defect) returns rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS, recompute_connection_views
from tracelens.queries import check_names
from tracelens.store import store_for

WILD = CORPUS / "wild"


def _jobs() -> list[Path]:
    """Each folder of sample_logs/, each file (or trace folder) of ../shared/corpus/wild/*/."""
    jobs = sorted(p for p in SAMPLE_LOGS.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))  # (not __pycache__)
    if WILD.exists():
        for family in sorted(p for p in WILD.iterdir() if p.is_dir()):
            jobs += sorted(family.iterdir())
    return jobs


def _job_id(path: Path) -> str:
    return str(path.relative_to(SAMPLE_LOGS if path.is_relative_to(SAMPLE_LOGS) else WILD))


@pytest.mark.parametrize("job", _jobs(), ids=_job_id)
def test_every_check_returns_zero_rows_on_every_job(job: Path) -> None:
    store, _ = store_for(job)
    con = store.connect()
    failed = {}
    for name in check_names():
        rows = con.execute(f"select * from {name}").fetchall()
        if rows:
            failed[name] = rows[:3]
    assert failed == {}


def test_the_wild_corpus_is_covered() -> None:
    if not WILD.exists():
        pytest.skip("../shared/corpus/wild is absent")
    assert len([j for j in _jobs() if WILD in j.parents]) >= 15


def _connect(job: str, **settings: Any) -> Any:
    store, _ = store_for(SAMPLE_LOGS / job)
    return store.connect(**settings)


def _replace(con: Any, view: str, select: str, *, recompute: bool = True) -> None:
    """Put `view` back as the defect had it: `select` reads the fixed view as `{view}_fixed`.
    Views that read `view` bind by name at query time, so they read the substitute; those the
    connection computed when it opened are computed again (unless the test checks `view` alone)."""
    con.execute(f"ALTER VIEW {view} RENAME TO {view}_fixed")
    con.execute(f"CREATE VIEW {view} AS {select}")
    if recompute:
        recompute_connection_views(con)


def _rows(con: Any, check: str) -> list[tuple[Any, ...]]:
    return con.execute(f"select * from {check}").fetchall()


# Before the fix (defect 1): throughput was tokens / time stepping, waits for data included,
# and every non-productive bucket cost throughput x seconds / wall.
OLD_GOODPUT = "select * replace (tokens_total / stepping_s as throughput_tokens_per_s, null as fractions_note, " \
    "(tokens_useful / wall_s) / (tokens_total / stepping_s) as token_goodput_fraction) from goodput_fixed"
OLD_ATTRIBUTION = "select a.* replace (case when a.bucket <> 'productive' then g.throughput_tokens_per_s * a.seconds / " \
    "g.wall_s end as tokens_per_s_lost) from goodput_attribution_fixed a, goodput g"


def test_tokens_checks_fail_on_the_old_throughput() -> None:
    con = _connect("data_stall_gloo_2rank")
    for check in ("check_tokens_lost_sum", "check_goodput_fractions_agree"):
        assert _rows(con, check) == [], check
    _replace(con, "goodput", OLD_GOODPUT)
    _replace(con, "goodput_attribution", OLD_ATTRIBUTION)
    (through, good, lost, gap), = _rows(con, "check_tokens_lost_sum")
    # the figures: rows of 4,719 + 2,604 tokens/s lost against a gap of 8,031 - 3,312 (to 0.5 %:
    # the first step's start-up since measured against the steps right after it, not the median alone)
    assert (through, good, lost, gap) == pytest.approx((8031, 3312, 4719 + 2604, 8031 - 3312), rel=0.005)
    (time_fraction, token_fraction, note), = _rows(con, "check_goodput_fractions_agree")
    assert abs(100 * time_fraction - 8.8) <= 0.1 and round(100 * token_fraction) == 41 and note is None


def test_goodput_within_throughput_fails_when_goodput_exceeds_it() -> None:
    con = _connect("restart_gloo_2rank")
    assert _rows(con, "check_goodput_within_throughput") == []
    _replace(con, "goodput", "select * replace (goodput_tokens_per_s / 2 as throughput_tokens_per_s) from goodput_fixed")
    assert len(_rows(con, "check_goodput_within_throughput")) == 1


def test_wall_covers_stepping_fails_when_stepping_outlasts_the_job() -> None:
    con = _connect("restart_gloo_2rank")
    assert _rows(con, "check_wall_covers_stepping") == []
    _replace(con, "goodput", "select * replace (stepping_s / 2 as wall_s) from goodput_fixed")
    assert len(_rows(con, "check_wall_covers_stepping")) == 1


def test_no_negative_figures_fails_on_negative_gpus() -> None:
    # defect 7: --gpus -3 gave negative GPU-hours (the CLI now refuses it; the view would not)
    con = _connect("ddp_gloo_2rank", gpus=-3)
    bad = {what for _, what, _ in _rows(con, "check_no_negative_figures")}
    assert {"gpus", "total_gpu_hours", "productive.gpu_hours"} <= bad


def test_inputs_cover_files_fails_when_a_file_vanishes() -> None:
    # defect 8: a file of the job missing from the report's inputs
    con = _connect("gpu_nccl_1rank")
    assert _rows(con, "check_inputs_cover_files") == []
    _replace(con, "inputs", "select * from inputs_fixed where path not like '%console.log'")
    assert [r[0].rsplit("/", 1)[-1] for r in _rows(con, "check_inputs_cover_files")] == ["console.log"]


def test_bandwidth_check_fails_on_one_rank_bandwidth() -> None:
    """Defect 5: gpu_nccl_1rank (torchrun --nproc-per-node 1, RECORDED.txt) showed all_reduce at
    0 GB/s and a 14.7 MB broadcast at 666 GB/s: over one rank nothing crosses a link."""
    import re

    job = SAMPLE_LOGS / "gpu_nccl_1rank"
    assert re.search(r"--nproc-per-node 1\b", (job / "RECORDED.txt").read_text())
    con = _connect("gpu_nccl_1rank")
    rows = con.execute("select n_ranks, median_busbw_gbps, no_bandwidth_reason from collective_summary").fetchall()
    assert rows and all(r == (1, None, "one rank: nothing crosses a link") for r in rows)
    assert _rows(con, "check_bandwidth_multi_rank") == []
    _replace(con, "collective_bandwidth", "select * replace (size_bytes / time_ns as busbw_gbps, "
             "size_bytes / time_ns as algbw_gbps) from collective_bandwidth_fixed")
    assert len(_rows(con, "check_bandwidth_multi_rank")) == 2 * len(rows)  # per instance and per size


def test_step_series_check_fails_when_attempts_are_merged() -> None:
    """Defect 2: with no column telling the attempts apart, hf_trainer_restart had two rows per
    (rank, step)."""
    con = _connect("hf_trainer_restart")
    assert _rows(con, "check_step_series_unique") == []
    _replace(con, "step_series", "select * replace (1 as attempt, 0 as cycle) from step_series_fixed")
    assert sorted((r[0], r[3], r[4]) for r in _rows(con, "check_step_series_unique")) == [
        (0, 3, 2), (0, 4, 2), (1, 3, 2), (1, 4, 2)]


def test_fractions_that_differ_say_why() -> None:
    """The time and token goodput fractions agree unless redone steps logged another number of
    tokens per second than productive ones; then fractions_note says so, and
    check_goodput_fractions_agree still passes. restart_gloo_2rank redoes step 8 (the first
    attempt's copy is lost work): given 20x its tokens, the lost work's rate differs."""
    con = _connect("restart_gloo_2rank")
    first_end = con.execute("select end_ns from attempts where attempt = 1").fetchone()[0]
    _replace(con, "int_log_steps", f"select * replace (case when step = 8 and t_ns <= {first_end:d} then tokens * 20 "
             "else tokens end as tokens) from int_log_steps_fixed")
    fraction, token_fraction, note = con.execute(
        "select goodput_fraction, token_goodput_fraction, fractions_note from goodput").fetchone()
    assert abs(token_fraction - fraction) > 0.01 and note.startswith("redone steps ran at another rate")
    assert _rows(con, "check_goodput_fractions_agree") == [] and _rows(con, "check_tokens_lost_sum") == []
    # the first attempt's steps log no tokens but its lost step 8, whose count follows lines that
    # count none (its span unknown): the throughput is the second attempt's lines' rate, and the
    # time with no count is taken at it, so the fractions agree; the coverage says how much
    con = _connect("restart_gloo_2rank")
    full = con.execute("select tokens_coverage from goodput").fetchone()[0]
    _replace(con, "int_log_steps", f"select * replace (case when t_ns <= {first_end:d} and step <> 8 then null else tokens end "
             "as tokens) from int_log_steps_fixed")
    fraction, token_fraction, note, coverage = con.execute(
        "select goodput_fraction, token_goodput_fraction, fractions_note, tokens_coverage from goodput").fetchone()
    assert full == pytest.approx(1.0) and coverage < 0.9
    assert abs(token_fraction - fraction) <= 0.01 and note is None
    assert _rows(con, "check_goodput_fractions_agree") == [] and _rows(con, "check_tokens_lost_sum") == []


def test_mart_grain_fails_on_a_duplicated_key() -> None:
    """A mart with two rows for one key value: every sum over it counts that key twice."""
    con = _connect("hf_trainer_restart")  # two attempts, profiled steps
    assert _rows(con, "check_mart_grain") == []
    steps = con.execute("select count(*) from step_breakdown").fetchone()[0]
    _replace(con, "step_breakdown", "select * from step_breakdown_fixed union all select * from step_breakdown_fixed",
             recompute=False)
    _replace(con, "attempts", "select * from attempts_fixed union all select * from attempts_fixed where attempt = 2",
             recompute=False)
    got = _rows(con, "check_mart_grain")
    assert sorted((v, n) for v, _, n in got if v == "attempts") == [("attempts", 2)]
    assert len([r for r in got if r[0] == "step_breakdown"]) == steps > 0
    assert all(n == 2 for v, _, n in got if v == "step_breakdown")
