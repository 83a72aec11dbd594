"""How many files an ingest parses at once: usable CPUs, and the memory the machine (or
its container) has left for the largest input."""

from __future__ import annotations

import gzip
from pathlib import Path

import psutil
import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, run_cli
from tracelens import resources
from tracelens.errors import UsageError
from tracelens.store import Store

MB = 1 << 20


@pytest.mark.parametrize("text,expected", [
    ("512M", 512 * 1024**2), ("4G", 4 * 1024**3), ("1.5GiB", int(1.5 * 1024**3)), ("800MB", 800 * 1024**2),
    ("1000000", 1_000_000), ("2k", 2048), ("1T", 1024**4),
])
def test_sizes_are_read_in_powers_of_1024(text: str, expected: int) -> None:
    assert resources.parse_size(text) == expected


@pytest.mark.parametrize("text", ["", "5Q", "G", "-1G", "1.2.3M"])
def test_a_bad_size_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError):
        resources.parse_size(text)


def test_available_memory_is_what_the_kernel_reports_here() -> None:
    """No cgroup limit binds on this machine (or CI's): MemAvailable, as psutil reads it."""
    got = resources.available_memory()
    assert got is not None
    assert got == pytest.approx(psutil.virtual_memory().available, rel=0.05)


@pytest.mark.parametrize("layout", ["v2", "v1"])
def test_a_cgroup_memory_limit_binds(tmp_path: Path, layout: str) -> None:
    """The room left under a container's memory limit, when it is less than MemAvailable."""
    meminfo = tmp_path / "meminfo"
    meminfo.write_text(Path("/proc/meminfo").read_text())
    root = tmp_path / "cgroup"
    level = root if layout == "v2" else root / "memory"
    level.mkdir(parents=True)
    limit_name, usage_name = ("memory.max", "memory.current") if layout == "v2" else (
        "memory.limit_in_bytes", "memory.usage_in_bytes")
    (level / limit_name).write_text(f"{1024 * MB}\n")
    (level / usage_name).write_text(f"{256 * MB}\n")
    assert resources.available_memory(cgroup_root=root, meminfo=meminfo) == 768 * MB
    (level / limit_name).write_text("max\n" if layout == "v2" else "9223372036854771712\n")  # no limit
    unlimited = resources.available_memory(cgroup_root=root, meminfo=meminfo)
    assert unlimited == pytest.approx(psutil.virtual_memory().available, rel=0.05)


def test_gzip_size_comes_from_its_trailer() -> None:
    trace = min((SAMPLE_LOGS / "gpu_gloo_2rank" / "traces").glob("*.json.gz"))
    assert resources.uncompressed_size(trace, trace.stat().st_size) == len(gzip.decompress(trace.read_bytes()))
    plain = SAMPLE_LOGS / "gpu_nccl_1rank" / "console.log"
    assert resources.uncompressed_size(plain, plain.stat().st_size) == plain.stat().st_size


# Expected by hand from the memory model (docs/performance.md, "Parallel parsing and memory";
# the ingesting process itself 160 MB): a parser 128 MB plus 4 bytes per byte of the largest decoded input.
@pytest.mark.parametrize(("files", "largest", "cpus", "memory", "expected", "said"), [
    (8, 54 * MB, 2, 24 << 30, 2, None),  # two CPUs bind: 160 + 2 x 344 MB fit in 24 GB
    (8, 54 * MB, 64, 2 << 30, 5, "5 files parsed at once instead of 8: each needs about 344 MB"),  # 1888 MB / 344
    (64, 2000 * MB, 64, 64 << 30, 8, "8 files parsed at once instead of 64: each needs about 8128 MB"),  # 65376 / 8128
    (3, 10 * MB, 16, None, 3, None),  # memory unknown: one per file, within the CPUs
    (5, 500 * MB, 8, 100 * MB, 1, "needs about 2128 MB to parse and 100 MB are available: one file at a time"),
    (1, 1 * MB, 4, 1 << 30, 1, None),  # one file
])
def test_planned_processes_fit_cpus_files_and_memory(
    files: int, largest: int, cpus: int, memory: int | None, expected: int, said: str | None,
) -> None:
    n, note = resources.plan_workers(files, largest, cpus, memory)
    assert n == expected
    if said is None:
        assert note is None
    else:
        assert note is not None and said in note, note


def test_ingest_plans_processes_for_the_memory_it_is_given(tmp_path: Path) -> None:
    """Two real GPU traces (decompressed, above the size where a pool is used) with room for
    one parser: the ingest says so and stores the same rows as with two."""
    sources = [corpus_or_skip("kineto", "gpu", "df_index_resolver", "df_index_resolver.json.gz"),
               corpus_or_skip("kineto", "gpu", "nccl_parser_config", "nccl_data.json.gz")]
    job = tmp_path / "job"
    job.mkdir()
    sizes = []
    for i, source in enumerate(sources):
        data = gzip.decompress(source.read_bytes())
        (job / f"rank{i}.json").write_bytes(data)
        sizes.append(len(data))
    per_worker = 128 * MB + 4 * max(sizes)  # the memory model, by hand (see above)
    budget = 160 * MB + per_worker + per_worker // 2  # one fits, two do not
    code, _, stderr = run_cli("ingest", str(job), "-o", str(tmp_path / "one.tlstore"), "--max-memory", str(budget),
                              "--job", "all")  # two unrelated jobs' traces (2022 and 2024), read as one
    assert code == 0, stderr
    assert "1 file parsed at once instead of 2" in stderr
    assert f"about {per_worker // MB} MB" in stderr
    reference = Store.open(tmp_path / "two.tlstore")
    reference.ingest([job], workers=2)
    query = "select file_id, count(*) from trace_events group by file_id order by file_id"
    assert (Store.open(tmp_path / "one.tlstore", create=False).connect().execute(query).fetchall()
            == reference.connect().execute(query).fetchall())
