"""One job per store: which job each input file belongs to, decided from what the parsed files say.

A folder can hold several jobs (a folder of experiments, two copies of a job recorded days
apart, the whole `sample_logs/`). Merged, they would read as one job with an hours-long attempt
history. `find_jobs` groups the files of one ingest into jobs; `Store.ingest(one_job=True)`
(the command line's default) refuses several with one message listing them, and
`Store.ingest(job=...)` (`--job`) keeps one. The rule (docs/store.md, "One job per store"):

- Each file has a clock span (the first and last epoch timestamp of its rows: trace events,
  dated log lines and steps, TensorBoard wall times, flight-recorder entries, NCCL warnings; a
  progress bar dated only by the file's mtime is no clock), a world size where it states one
  (a trace's distributedInfo, a launcher's or framework's printed world size) and a *run
  folder*: the nearest folder at or above it, below the input folder, that holds a log of its
  own (a console log, or any `.log`/`.out`/`.err` file), else the input folder itself; attempt
  folders (`attempt_1`, `version_2`, `restart-3`, ...) count as one, and torchrun's `--log-dir` tree
  (`<run id>_<random>/attempt_0/<local rank>/stdout.log`, a folder a launch) is its log dir's.
- In one run folder, files follow one another in time: a silence longer than JOB_GAP_NS (1 h)
  or another world size starts another job, unless the later file resumes the job (its training
  did not end, and the log loads a checkpoint before its first step row, a step past 1 and past
  the job's first, or before none: `Job.resumed_by`).
- Files of different run folders are one job where their clock spans overlap (within
  CLOCK_SLACK_NS where one side has no log of its own) and no world size disagrees: a console
  and the traces, TensorBoard runs and flight-recorder dumps written during it, per-node logs.
- Jobs still apart in time are one job (restarts) when at most JOB_GAP_NS separates them (or
  the later resumes it),
  their world sizes agree and they are not two run folders each with its own log: HF's
  `runs/<date>_<host>/` per process start is one job, two run folders each with a console two.
- Files without a clock go with the job of their run folder (when it holds one), else with the
  only job; else they are a job of their own (nothing dates them against the others). Files
  nothing was read from (not recognised, failed, empty) never make a job: they go with their
  folder's job (when it holds one), else with the only job, else with none.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracelens.enums import FAILURE_EVENT_KINDS, LogEventKind
from tracelens.errors import InputError, UsageError
from tracelens.safe_text import printable

# Longer than any silence a restart of one job leaves: PyTorch's collective timeout (10 min
# for NCCL since 2.2, 30 min for gloo and before) before a hung attempt dies, then the
# launcher's rendezvous (torchrun waits up to 15 min for the workers to join). A longer gap is
# another job (or a requeue that waited long: `--job all` keeps everything as one).
JOB_GAP_NS = 3600 * 10**9
# The longest a job waits between launches and still resumes from its checkpoint as the same job (`Job.resumed_by`): a
# spot instance's capacity back, a requeue's place in a busy queue, days; not a project picked up again months later.
RESUME_GAP_MAX_NS = 7 * 86_400 * 10**9
# Clocks of different hosts and sources (a log line's whole-second stamp, a bar anchored on the
# dated lines around it) disagree by seconds; two files this close in time overlap.
CLOCK_SLACK_NS = 120 * 10**9
# Timestamps before 2001-09-09 are not epoch clocks (a trace's relative or boot-time clock).
_EPOCH_MIN_NS = 10**18
_EPOCH_MAX_NS = 4102444800 * 10**9  # 2100-01-01
_CONSOLE_KINDS = frozenset({"console_log", "mlperf_log"})
_ATTEMPT_FOLDER = re.compile(r"^(attempt|restart|retry|requeue|version)[_-]?\d+$", re.IGNORECASE)
# the folder torchrun makes for one launch under its `--log-dir`: the rendezvous id, `_`, and tempfile's 8 characters
_TORCHRUN_RUN = re.compile(r"^[\w.-]{1,200}_[a-z0-9_]{8}$")
KEEP_ALL = "all"
_READ = frozenset({"ok", "truncated", "duplicate"})
_LOG_SUFFIXES = (".log", ".out", ".err")


@dataclass
class FileFacts:
    """What one input file says about the job it comes from."""

    path: str
    place: str  # the folder below the input it was found under ('' for a file given alone)
    kind: str | None = None
    first_ns: int | None = None
    last_ns: int | None = None
    world_size: int | None = None
    evidence: bool = True  # rows were read from it (not failed, not unrecognised, not empty)
    run_folder: bool = False  # its place holds a log file of its own
    first_step: int | None = None  # the step of its first step row (a log's)
    resumes: bool = False  # a log that loads a checkpoint before its first step row, or with none (`resumed_by`)
    completed: bool = False  # the last of its log's ends and failures is an end of training
    failed: bool = False  # the last of its log's ends and failures is a failure

    @property
    def timed(self) -> bool:
        return self.first_ns is not None and self.last_ns is not None


@dataclass
class Job:
    """One job found among the inputs: its files, clock span and world size."""

    number: int = 0
    label: str = ""
    first_ns: int | None = None
    last_ns: int | None = None
    world_size: int | None = None
    first_step: int | None = None
    completed: bool = False  # its latest file's training ended (`FileFacts.completed`)
    files: list[FileFacts] = field(default_factory=list)

    @property
    def places(self) -> set[str]:
        return {f.place for f in self.files}

    @property
    def run_folders(self) -> set[str]:
        return {f.place for f in self.files if f.run_folder}

    def other_run(self, other: Job) -> bool:
        """Both hold files of run folders (folders with their own log), and none in common."""
        mine, theirs = self.run_folders, other.run_folders
        return bool(mine and theirs and not mine & theirs)

    def add(self, other: Job | FileFacts) -> None:
        files = other.files if isinstance(other, Job) else [other]
        self.files.extend(files)
        for f in files:
            if f.timed:
                assert f.first_ns is not None and f.last_ns is not None
                self.first_ns = f.first_ns if self.first_ns is None else min(self.first_ns, f.first_ns)
                self.last_ns = f.last_ns if self.last_ns is None else max(self.last_ns, f.last_ns)
            if f.world_size is not None:
                self.world_size = f.world_size if self.world_size is None else max(self.world_size, f.world_size)
            if f.first_step is not None:
                self.first_step = f.first_step if self.first_step is None else min(self.first_step, f.first_step)
            if f.timed and f.last_ns == self.last_ns:
                self.completed = f.completed

    def agrees(self, other: Job | FileFacts) -> bool:
        return self.world_size is None or other.world_size is None or self.world_size == other.world_size

    def resumed_by(self, other: Job | FileFacts) -> bool:
        """`other` (later) goes on from this job's training however long after it: this job's training did
        not end (its latest file's last word is no end of training: stopped, failed or cut off) and
        `other`'s first file loads a checkpoint before its first step row, a step past this job's first, or
        before no step (a launch that failed as it loaded): a spot instance's or a requeued job's next
        launch, started from the last launch's checkpoint hours later (at most `RESUME_GAP_MAX_NS`). Not a
        run branched from a finished run's checkpoint (another learning rate from epoch 1), nor a new run
        from a checkpoint's weights, counting from 0 or 1, nor a log of a checkpoint loaded alone (an issue's
        paste)."""
        first = min((f for f in other.files if f.timed), key=lambda f: (f.first_ns, f.path), default=None) \
            if isinstance(other, Job) else other
        if first is None or not first.resumes or self.completed or (
                self.last_ns is not None and first.first_ns is not None and first.first_ns - self.last_ns > RESUME_GAP_MAX_NS):
            return False
        if first.first_step is None:
            return first.failed  # (a log that loaded a checkpoint and stopped with no step and no failure: not a launch's)
        return self.first_step is not None and first.first_step > max(self.first_step, 1)

    @property
    def paths(self) -> list[str]:
        return sorted(f.path for f in self.files)


def place_of(path: str, roots: Sequence[str], log_dirs: set[str]) -> str:
    """The run folder of a file: the nearest folder at or above it, below the input folder it
    was found under, that holds a log file of its own, else that input folder; attempt folders
    (`attempt_1`, `version_2`, ...) as one. A file given alone, or stored before: its folder."""
    root = max((r for r in roots if path.startswith(r.rstrip(os.sep) + os.sep)), key=len, default=None)
    if root is None:
        return os.path.dirname(path)
    root = root.rstrip(os.sep)
    folder = os.path.dirname(path)
    while folder not in log_dirs and len(folder) > len(root):
        folder = os.path.dirname(folder)
    if len(folder) <= len(root):
        return root
    parts = [(m.group(1).lower() + "_N" if (m := _ATTEMPT_FOLDER.match(part)) else part)
             for part in Path(os.path.relpath(folder, root)).parts]
    for k in range(len(parts) - 1, 0, -1):
        if parts[k] == "attempt_N" and k + 1 < len(parts) and parts[k + 1].isdigit() and _TORCHRUN_RUN.match(parts[k - 1]):
            # torchrun's `--log-dir` tree, `<log dir>/<run id>_<random>/attempt_N/<local rank>/stdout.log`: each launch
            # a run folder of its own, its local ranks' folders its processes': one place, the log dir
            parts = parts[:k - 1]
            break
    return os.path.join(root, *parts)


def find_jobs(facts: Iterable[FileFacts]) -> list[Job]:
    """Group files into jobs (the rule in this module's docstring), numbered by start time."""
    facts = list(facts)
    loose = [f for f in facts if not f.evidence]  # nothing read from them: they never make a job
    facts = [f for f in facts if f.evidence]
    # 1. Within a place, files in time order; a long silence or another world size: another job.
    segments: list[Job] = []
    by_place: dict[str, list[FileFacts]] = {}
    for f in facts:
        if f.timed:
            by_place.setdefault(f.place, []).append(f)
    for place in sorted(by_place):
        current: Job | None = None
        for f in sorted(by_place[place], key=lambda f: (f.first_ns, f.path)):
            assert f.first_ns is not None
            if (current is None or current.last_ns is None or not current.agrees(f)
                    or (f.first_ns > current.last_ns + JOB_GAP_NS and not current.resumed_by(f))):
                current = Job()
                segments.append(current)
            current.add(f)
    # 2. Across places: overlapping clock spans with agreeing world sizes are one job (a sweep
    #    in start order; only groups still open at a segment's start can overlap it).
    segments.sort(key=lambda j: (j.first_ns or 0, j.paths[0]))
    merged: list[Job] = []
    open_groups: list[Job] = []
    for seg in segments:
        assert seg.first_ns is not None
        open_groups = [g for g in open_groups if g.last_ns is not None and g.last_ns + CLOCK_SLACK_NS >= seg.first_ns]
        target = seg
        for group in list(open_groups):
            if group is target or group not in open_groups:
                continue
            if _overlap(group, target, 0 if group.other_run(target) else CLOCK_SLACK_NS) and group.agrees(target):
                group.add(target)
                if target is not seg:
                    open_groups.remove(target)
                    merged.remove(target)
                target = group
        if target is seg:
            merged.append(seg)
            open_groups.append(seg)
    segments = merged
    # 3. Apart in time: restarts of one job unless a long gap, another world size or two
    #    run folders (each with its own log).
    segments.sort(key=lambda j: (j.first_ns or 0, j.paths[0]))
    jobs: list[Job] = []
    for seg in segments:
        prev = jobs[-1] if jobs else None
        if (prev is not None and prev.last_ns is not None and seg.first_ns is not None
                and (seg.first_ns - prev.last_ns <= JOB_GAP_NS or prev.resumed_by(seg)) and prev.agrees(seg)
                and not prev.other_run(seg)):
            prev.add(seg)
        else:
            jobs.append(seg)
    # 4. Files without a clock: with the job of their place, else with the only job; else a
    #    job of their own per place (nothing dates them against the others).
    place_jobs: dict[str, list[Job]] = {}
    for job in jobs:
        for place in job.places:
            place_jobs.setdefault(place, []).append(job)
    undated: dict[str, Job] = {}
    for f in facts:
        if f.timed:
            continue
        owners = place_jobs.get(f.place, [])
        if len(owners) == 1:
            owners[0].add(f)
        elif len(jobs) == 1:
            jobs[0].add(f)
        else:  # no dated job in its folder, or several: nothing dates it against them
            undated.setdefault(f.place, Job()).add(f)
    jobs.extend(undated[p] for p in sorted(undated))
    if not jobs and loose:
        jobs.append(Job())
    place_jobs = {}
    for job in jobs:
        for place in job.places:
            place_jobs.setdefault(place, []).append(job)
    for f in loose:  # with the job of their place, else the only job; else in none
        owners = place_jobs.get(f.place, [])
        if len(owners) == 1:
            owners[0].add(f)
        elif len(jobs) == 1:
            jobs[0].add(f)
    _name(jobs)
    return jobs


def _overlap(a: Job, b: Job, slack: int) -> bool:
    if a.first_ns is None or b.first_ns is None or a.last_ns is None or b.last_ns is None:
        return False
    return a.first_ns <= b.last_ns + slack and b.first_ns <= a.last_ns + slack


def _name(jobs: list[Job]) -> None:
    """Number jobs 1.. and label each by the folder its files share (a date where two share one)."""
    for number, job in enumerate(jobs, 1):
        job.number = number
        places = sorted(job.places)
        common = os.path.commonpath(places) if len(places) > 1 else places[0]
        job.label = os.path.basename(common.rstrip(os.sep)) or common
        if job.label == ".":
            job.label = os.path.basename(os.path.dirname(common)) or "."
    base = {job.number: job.label for job in jobs}
    for width in (16, 19, None):  # the start minute, then second, then the number tells them apart
        counts: dict[str, int] = {}
        for job in jobs:
            counts[job.label] = counts.get(job.label, 0) + 1
        for job in jobs:
            if counts[job.label] > 1:
                when = _when(job.first_ns)[:width].replace(" ", "T") if width and job.first_ns is not None else None
                job.label = f"{base[job.number]}@{when}" if when else f"{base[job.number]}#{job.number}"


def _when(ns: int | None) -> str:
    if ns is None:
        return "no clock"
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).strftime("%Y-%m-%d %H:%M:%S")


def describe(job: Job) -> str:
    """One line: number, label, clock span (UTC), world size, files and a sample path."""
    if job.first_ns is None or job.last_ns is None:
        span = "no clock"
    else:
        end = _when(job.last_ns)
        start = _when(job.first_ns)
        span = f"{start} to {end[11:] if end[:10] == start[:10] else end} UTC"
    ws = f"world size {job.world_size}" if job.world_size is not None else "world size not stated"
    n = len(job.files)
    read = sorted((f.kind not in _CONSOLE_KINDS, f.path) for f in job.files if f.evidence)
    sample = read[0][1] if read else job.paths[0]
    return f"job {job.number} ({printable(job.label)}): {span}, {ws}, {n} file{'s' if n != 1 else ''}, e.g. {printable(sample)}"


def choose(jobs: list[Job], job: str) -> Job:
    """The job `--job` names: its number in the listing or its label."""
    text = str(job).strip()
    if text.isdigit() and 1 <= int(text) <= len(jobs):
        return jobs[int(text) - 1]
    for candidate in jobs:
        if candidate.label == text:
            return candidate
    raise UsageError(f"--job {printable(text)}: no such job among the inputs; the jobs found:\n"
                     + "\n".join("  " + describe(j) for j in jobs))


class SeveralJobsError(InputError):
    """The inputs hold several jobs and none was chosen (exit code 1)."""


def refusal(jobs: list[Job], roots: Sequence[str]) -> InputError:
    where = ", ".join(printable(r) for r in roots[:3]) + (", ..." if len(roots) > 3 else "")
    lines = [f"{where}: the inputs hold {len(jobs)} jobs, and a store holds one "
             f"(their clocks are hours apart, or their world sizes or run folders differ); "
             f"choose one with --job N or --job LABEL (--job all keeps everything as one job):"]
    lines += ["  " + describe(j) for j in jobs]
    return SeveralJobsError("\n".join(lines))


# ---------------------------------------------------------------------- facts from a store
def file_facts(root: Path, records: Iterable[Any], roots: Sequence[str], others: Iterable[str] = ()) -> list[FileFacts]:
    """Facts of the given store records (tracelens.store.FileRecord), read from their fragments;
    a duplicate takes its twin's clock and world size. `others`: paths of the other files found
    (no parser claims them), for the run folders (a `.log` no parser reads is still a log)."""
    records = list(records)
    log_dirs = {os.path.dirname(r.path) for r in records if r.kind in _CONSOLE_KINDS and r.rows > 0}
    log_dirs |= {os.path.dirname(p) for p in [r.path for r in records if r.kind is None] + list(others)
                 if p.lower().endswith(_LOG_SUFFIXES)}
    by_id: dict[str, list[Any]] = {}
    tables: dict[str, list[str]] = {}
    for rec in records:
        if rec.file_id and rec.fragments:
            by_id.setdefault(rec.file_id, []).append(rec)
        for table, rel in rec.fragments.items():
            tables.setdefault(table, []).append(str(root / rel))
    tables = {table: sorted(set(paths)) for table, paths in tables.items()}  # a pack holds many files' rows
    spans: dict[str, tuple[int | None, int | None]] = {}
    sizes: dict[str, int] = {}
    firsts: dict[str, tuple[int | None, bool, bool, bool]] = {}  # file_id -> first step, `resumes`, `completed`, `failed`
    if tables:
        import duckdb

        con = duckdb.connect()
        parts = []
        ws_parts = []
        params: list[Any] = []
        ws_params: list[Any] = []

        def source(table: str, lo: str, hi: str, where: str = "true") -> None:
            if table in tables:
                parts.append(f"select file_id, {lo} as lo, {hi} as hi from read_parquet(?) where {where}")
                params.append(tables[table])

        source("trace_meta", "start_ns", "end_ns")
        source("log_steps", "coalesce(start_ns, end_ns)", "coalesce(end_ns, start_ns)",
               "coalesce(time_source, '') not in ('tqdm_mtime', 'log_line_mtime')")  # dates guessed from the mtime
        source("log_events", "ts_ns", "ts_ns", "not coalesce(year_from_mtime, false)")
        source("nccl_warnings", "ts_ns", "ts_ns")
        source("fr_entries", "coalesce(time_created_ns, time_started_ns, time_completed_ns)",
               "coalesce(time_completed_ns, time_started_ns, time_created_ns)")
        if parts:
            sql = (
                "with t as (" + " union all ".join(parts) + ") select file_id, min(lo), max(hi) from t "
                "where lo between ? and ? and hi between ? and ? group by file_id"
            )
            for file_id, lo, hi in con.execute(sql, params + [_EPOCH_MIN_NS, _EPOCH_MAX_NS] * 2).fetchall():
                spans[file_id] = (lo, hi)
        if "trace_meta" in tables:
            ws_parts.append("select file_id, world_size as n from read_parquet(?)")
            ws_params.append(tables["trace_meta"])
        if "log_events" in tables:
            ws_parts.append("select file_id, try_cast(regexp_extract(detail, 'world_size=(\\d+)', 1) as integer) as n "
                            "from read_parquet(?) where kind = 'launch_config'")
            ws_params.append(tables["log_events"])
        if ws_parts:
            sql = "select file_id, max(n) from (" + " union all ".join(ws_parts) + ") where n > 0 group by file_id"
            sizes = dict(con.execute(sql, ws_params).fetchall())
        if "log_events" in tables:  # each log's first step row, its first checkpoint load and its last end or failure
            ends = ", ".join(f"'{kind}'" for kind in sorted({*FAILURE_EVENT_KINDS, LogEventKind.RESTART,
                                                              LogEventKind.ATTEMPT_END}))
            steps = ("select file_id, arg_min(step, line) as step, min(line) as line from read_parquet(?) "
                     "where step is not null group by file_id" if "log_steps" in tables
                     else "select null::varchar as file_id, null::bigint as step, null::bigint as line")
            failures = ", ".join(f"'{kind}'" for kind in sorted(FAILURE_EVENT_KINDS))
            sql = (f"select file_id, s.step, e.loaded is not null and (s.line is null or e.loaded < s.line), "
                   f"coalesce(e.ended = '{LogEventKind.ATTEMPT_END}', false), coalesce(e.ended in ({failures}), false) "
                   f"from ({steps}) s full join ("
                   "select file_id, min(line) filter (where kind in ('checkpoint_load_start', 'checkpoint_load_end')) "
                   f"as loaded, arg_max(kind, line) filter (where kind in ({ends})) as ended "
                   "from read_parquet(?) group by file_id) e using (file_id)")
            step_params = ([tables["log_steps"]] if "log_steps" in tables else []) + [tables["log_events"]]
            for file_id, step, resumes, completed, failed in con.execute(sql, step_params).fetchall():
                firsts[file_id] = (step, bool(resumes), bool(completed), bool(failed))
        elif "log_steps" in tables:
            sql = "select file_id, arg_min(step, line) from read_parquet(?) where step is not null group by file_id"
            firsts = {file_id: (step, False, False, False)
                      for file_id, step in con.execute(sql, [tables["log_steps"]]).fetchall()}
        con.close()
    by_path = {rec.path: rec for rec in records}
    run_places = {place_of(os.path.join(d, "-"), roots, log_dirs) for d in log_dirs}
    facts = []
    for rec in records:
        source_rec = rec
        if not rec.fragments and rec.duplicate_of and rec.duplicate_of in by_path:
            source_rec = by_path[rec.duplicate_of]
        lo, hi = spans.get(source_rec.file_id, (None, None)) if source_rec.fragments else (None, None)
        evidence = bool(source_rec.fragments) and source_rec.rows > 0 and source_rec.status in _READ
        place = place_of(rec.path, roots, log_dirs)
        step, resumes, completed, failed = firsts.get(source_rec.file_id, (None, False, False, False)) if (
            source_rec.fragments) else (None, False, False, False)
        facts.append(FileFacts(path=rec.path, place=place, kind=rec.kind, first_ns=lo, last_ns=hi,
                               world_size=sizes.get(source_rec.file_id) if source_rec.fragments else None,
                               evidence=evidence, run_folder=place in run_places, first_step=step, resumes=resumes,
                               completed=completed, failed=failed))
    return facts


# ---------------------------------------------------------------------- the ingest hook
def keep_one_job(store: Any, inputs: Iterable[str | Path], outcome: Any, unknown: list[Any], *,
                 job: str | None, one_job: bool) -> None:
    """Called by Store.ingest after parsing, before its commit. With several jobs among the
    store's files after this ingest: refuse (`one_job`, no `job`), discarding what this ingest
    wrote, or keep the job `job` names and leave the others' files out of the commit (their
    records, stored before or parsed now, go; `outcome.notes` says so). `job="all"` or neither
    option: everything is kept, as one job."""
    if job == KEEP_ALL or (job is None and not one_job):
        return
    roots = [os.path.abspath(p) for p in inputs]
    walked = list(outcome.parsed) + list(outcome.unchanged) + list(unknown)
    walked_paths = {r.path for r in walked}
    stored = [r for path, r in store.records.items() if path not in walked_paths]
    records = walked + stored
    jobs = find_jobs(file_facts(store.root, records, roots, outcome.skipped))
    try:
        chosen = choose(jobs, job) if job is not None and jobs else None  # a --job naming no job is a mistake
    except UsageError:
        _discard_new(store, outcome)
        raise
    if len(jobs) <= 1:
        return
    if chosen is None:
        _discard_new(store, outcome)
        raise refusal(jobs, roots)
    keep = {f.path for f in chosen.files}
    dropped = {r.path: r for r in records if r.path not in keep}
    transferred: set[str] = set()
    for rec in records:  # a kept copy of a dropped file takes over its rows
        if rec.path in keep and not rec.fragments and rec.duplicate_of in dropped:
            twin = dropped[rec.duplicate_of]
            rec.fragments, rec.rows, rec.status = dict(twin.fragments), twin.rows, twin.status
            rec.warnings, rec.unrecognised_lines, rec.duplicate_of = list(twin.warnings), twin.unrecognised_lines, None
            transferred.add(twin.path)
    for rec in outcome.parsed:
        if rec.path in dropped and rec.path not in transferred:
            store._discard(rec)
    outcome.parsed[:] = [r for r in outcome.parsed if r.path in keep]
    outcome.unchanged[:] = [r for r in outcome.unchanged if r.path in keep]
    unknown[:] = [r for r in unknown if r.path in keep]
    outcome.skipped[:] = [p for p in outcome.skipped if p in keep]
    removed = 0
    for path in dropped:  # stored before (this path's older version too): out of the next commit
        removed += store.records.pop(path, None) is not None
    if dropped:
        others = ", ".join(f"{j.number} ({printable(j.label)})" for j in jobs if j is not chosen)
        sample = printable(min(dropped, key=lambda p: (not dropped[p].rows, p)))
        outcome.notes.append(
            f"--job {printable(str(job))}: kept job {chosen.number} ({printable(chosen.label)}), {len(keep)} files; "
            f"left out {len(dropped)} files of the other jobs {others}"
            + (f" ({removed} of them removed from the store)" if removed else " (not ingested)") + f", e.g. {sample}")


def _discard_new(store: Any, outcome: Any) -> None:
    """Delete the fragments this ingest wrote: a refused ingest leaves the store as it was."""
    for rec in outcome.parsed:
        if rec.fragments and store.records.get(rec.path) is not rec:
            store._discard(rec)
