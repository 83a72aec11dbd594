"""NCCL and collective timings: nccl-tests tables, NCCL_DEBUG logs, flight-recorder dumps, c10d
watchdog lines; the collective_bandwidth and hang_analysis views. Every expected number is read
from the input files themselves with independent code (plain regexes and the standard
library), or from what the recording harness printed, or from the reference answers shipped
with the dumps."""

from __future__ import annotations

import bisect
import json
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS, SAMPLE_LOGS, corpus_or_skip
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, detect
from tracelens.parsers._io import read_head
from tracelens.parsers.contract import Claim
from tracelens.parsers.flight_recorder import FlightRecorderParser
from tracelens.parsers.generic_log import GenericLogParser
from tracelens.parsers.nccl_debug import NcclDebugParser
from tracelens.parsers.nccl_tests import NcclTestsParser
from tracelens.store import Store

NCCL = CORPUS / "nccl"
FR = NCCL / "flight-recorder" / "nvrx_fr_traces"

# An nccl-tests data row, whatever its era: size count type [redop] [root] then 4 or 8 numbers
# (time algbw busbw error-or-#wrong, out-of-place then in-place).
_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+([a-z0-9_]+)\s+(?:[a-z]+\s+)?((?:[-\d.e+N/A]+\s*)+)$")
_PREFIX = re.compile(r"^(?:\[\d+,\d+\]<stdout>:|\d+: |\[\d+\] )")


def _table_rows(path: Path) -> list[tuple[int, list[str]]]:
    """(size, the numeric cells) of every complete table row, read with a plain regex."""
    rows = []
    for line in path.read_text().splitlines():
        body = _PREFIX.sub("", line)
        if body.lstrip().startswith("#"):
            continue
        m = _ROW.match(body)
        if m is None:
            continue
        cells = m.group(4).split()
        if len(cells) in (5, 9):
            cells = cells[1:]  # the root column
        if len(cells) in (4, 8):
            rows.append((int(m.group(1)), cells))
    return rows


def _nccl_tests_files() -> list[Path]:
    if not NCCL.exists():
        return []
    return sorted((NCCL / "nccl-tests").glob("*.log")) + [
        NCCL / "nccl-debug" / "aws_efa_eks_p4d_16rank_nccl_info_plus_all_reduce_perf.log"]


# ------------------------------------------------------------------------------ nccl-tests
@pytest.mark.parametrize("path", _nccl_tests_files(), ids=lambda p: p.name)
def test_nccl_tests_rows_match_the_file(path: Path) -> None:
    result = NcclTestsParser().parse(path, ParseOptions())
    table = result.tables["nccl_tests"].to_pylist()
    expected = _table_rows(path)
    halves = sum(len(cells) // 4 for _, cells in expected)
    assert len(table) == halves
    out_of_place = [r for r in table if not r["in_place"]]
    assert [r["size_bytes"] for r in out_of_place] == [size for size, _ in expected]
    ms = "bytes" in path.read_text() and " res" in path.read_text()  # the NCCL 1.x table prints ms
    for row, (_, cells) in zip(out_of_place, expected, strict=True):
        assert row["time_us"] == pytest.approx(float(cells[0]) * (1000 if ms else 1))
        assert row["algbw_gbps"] == float(cells[1]) and row["busbw_gbps"] == float(cells[2])
        # algbw is size / time: the parsed size and time reproduce the printed algbw, within the
        # rounding of the printed time and algbw
        if row["time_us"] > 0 and row["algbw_gbps"] >= 1:
            decimals = len(cells[0].split(".")[1]) if "." in cells[0] else 0
            rel = 0.5 * 10**-decimals / float(cells[0]) + 0.005 / row["algbw_gbps"]
            assert row["size_bytes"] / (row["time_us"] * 1e3) == pytest.approx(row["algbw_gbps"], rel=rel * 1.01)


@pytest.mark.parametrize("path", [p for p in _nccl_tests_files() if re.search(r"Avg bus bandwidth\s*:\s*\d", p.read_text())],
                         ids=lambda p: p.name)
def test_nccl_tests_footer_average_is_the_mean_of_the_rows(path: Path) -> None:
    footer = float(re.search(r"Avg bus bandwidth\s*:\s*([\d.]+)", path.read_text()).group(1))  # type: ignore[union-attr]
    table = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert {r["avg_busbw_gbps"] for r in table} == {footer}
    mean = sum(r["busbw_gbps"] for r in table) / len(table)
    assert mean == pytest.approx(footer, abs=0.006)  # busbw cells are printed with 2 decimals


# nccl-tests' all_gather_perf on two A3 High nodes as dstack's docs show it, every `# ` dropped
# (dstackai/dstack @ 315ab5e9, examples/misc/a3high-clusters/README.md, its NCCL tests block's lines 4-21)
NCCL_TESTS_NO_HASH = [
    ('nThread 1 nGpus 1 minBytes 8388608 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 200 agg iters: 1 validat'
     'ion: 0 graph: 0'),
    '',
    '                                                              out-of-place                       in-place          ',
    '       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
    '     8388608        131072     float    none      -1    784.9   10.69   10.02      0    775.9   10.81   10.14      0',
    '    16777216        262144     float    none      -1   1010.3   16.61   15.57      0    999.3   16.79   15.74      0',
    '    33554432        524288     float    none      -1   1161.6   28.89   27.08      0   1152.9   29.10   27.28      0',
    '    67108864       1048576     float    none      -1   1432.6   46.84   43.92      0   1437.8   46.67   43.76      0',
    '   134217728       2097152     float    none      -1   2516.9   53.33   49.99      0   2491.7   53.87   50.50      0',
    '   268435456       4194304     float    none      -1   5066.8   52.98   49.67      0   5131.4   52.31   49.04      0',
    '   536870912       8388608     float    none      -1    10028   53.54   50.19      0    10149   52.90   49.60      0',
    '  1073741824      16777216     float    none      -1    20431   52.55   49.27      0    20214   53.12   49.80      0',
    '  2147483648      33554432     float    none      -1    40254   53.35   50.01      0    39923   53.79   50.43      0',
    '  4294967296      67108864     float    none      -1    80896   53.09   49.77      0    78875   54.45   51.05      0',
    '  8589934592     134217728     float    none      -1   160505   53.52   50.17      0   160117   53.65   50.29      0',
    'Out of bounds values : 0 OK',
    'Avg bus bandwidth    : 40.6043',
    '',
]


def test_nccl_tests_footer_without_its_hash_gives_the_average(tmp_path: Path) -> None:
    """`Avg bus bandwidth    : 40.6043` with no `# ` before it is the run's average still."""
    path = tmp_path / "nccl.log"
    path.write_text("\n".join(NCCL_TESTS_NO_HASH) + "\n", encoding="utf-8")
    footer = float(re.search(r"Avg bus bandwidth\s*:\s*([\d.]+)", path.read_text()).group(1))  # type: ignore[union-attr]
    table = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert len(table) == 2 * sum(1 for t in NCCL_TESTS_NO_HASH if re.match(r"\s+\d+\s+\d+\s+float ", t))
    assert {r["avg_busbw_gbps"] for r in table} == {footer}


def test_nccl_tests_header_gives_ranks_hosts_devices() -> None:
    path = corpus_or_skip("nccl", "nccl-debug", "aws_efa_eks_p4d_16rank_nccl_info_plus_all_reduce_perf.log")
    text = path.read_text()
    ranks = set(re.findall(r"#\s+Rank\s+(\d+) Pid", text))
    hosts = sorted(set(re.findall(r"#\s+Rank\s+\d+ Pid\s+\d+ on (\S+) device", text)))
    result = NcclTestsParser().parse(path, ParseOptions())
    row = result.tables["nccl_tests"].to_pylist()[0]
    assert row["n_ranks"] == len(ranks) == 16 and row["n_ranks_source"] == "header"
    assert row["hosts"] == ",".join(hosts) and row["devices"] == "A100-SXM4-40GB"
    assert row["op"] == "all_reduce" and row["nccl_version"] == re.search(r"NCCL version (\S+)", text).group(1)  # type: ignore[union-attr]
    # the NCCL INFO lines of the same file fill the NCCL tables: one communicator per process
    init = r"([\w.\-]+):(\d+):\d+ \[\d+\] NCCL INFO comm (0x[0-9a-f]+) rank \d+ nranks \d+ .*Init COMPLETE"
    inits = set(re.findall(init, text))
    comms = result.tables["nccl_comms"].to_pylist()
    assert {(c["host"], str(c["pid"]), c["comm"]) for c in comms if c["init_complete"]} == inits and inits


# An alltoall_perf run on 16 GB300 hosts (index id 51884305790): its device list cut short with `...`
# between rank 1 and rank 62, its smaller sizes left out
NCCL_TESTS_ELIDED_RANKS = [
    '# Collective test starting: alltoall_perf',
    '# nThread 1 nGpus 1 minBytes 524288 maxBytes 17179869184 step: 2(factor) warmup iters: 1 iters:'
    ' 50 agg iters: 1 validation: 1 graph: 0',
    '#',
    '# Using devices',
    '#  Rank  0 Group  0 Pid 585240 on   GPU-5705 device  0 [0008:06:00] NVIDIA GB300',
    '#  Rank  1 Group  0 Pid 585241 on   GPU-5705 device  1 [0009:06:00] NVIDIA GB300',
    '...',
    '#  Rank 62 Group  0 Pid 497099 on   GPU-6569 device  2 [0018:06:00] NVIDIA GB300',
    '#  Rank 63 Group  0 Pid 497101 on   GPU-6569 device  3 [0019:06:00] NVIDIA GB300',
    'NCCL version 2.28.7+cuda13.0',
    '#',
    '#                                                              out-of-place                    '
    '   in-place',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time  '
    ' algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  '
    '(GB/s)  (GB/s)',
    '# Truncated  smaller message sizes',
    '  8589934592      33554432     float    none      -1    13028  659.33  649.03      0    12953  '
    '663.18  652.82    N/A',
    ' 17179869184      67108864     float    none      -1    25357  677.51  666.92      0    25565  '
    '672.01  661.51    N/A',
    '# Out of bounds values : 0 OK',
    '# Avg bus bandwidth    : 370.718',
    '#',
    '# Collective test concluded: alltoall_perf',
]


def test_nccl_tests_device_list_with_lines_left_out_gives_its_highest_rank(tmp_path: Path) -> None:
    """`#  Rank 63 Group  0 ...` is the list's last line, 4 of them shown: 64 ranks (busbw / algbw =
    63/64 agrees), with a warning; it read 4, the lines shown."""
    path = tmp_path / "alltoall.log"
    path.write_text("\n".join(NCCL_TESTS_ELIDED_RANKS) + "\n", encoding="utf-8")
    highest = max(int(r) for r in re.findall(r"#\s+Rank\s+(\d+) ", path.read_text()))
    result = NcclTestsParser().parse(path, ParseOptions())
    table = result.tables["nccl_tests"].to_pylist()
    assert {(r["n_ranks"], r["n_ranks_source"]) for r in table} == {(highest + 1, "header")} == {(64, "header")}
    row = table[-1]
    assert row["busbw_gbps"] / row["algbw_gbps"] == pytest.approx(63 / 64, abs=0.001)
    assert any("names 4 ranks up to rank 63" in w for w in result.warnings)


def test_nccl_tests_rank_count_from_bus_factor() -> None:
    """No header: n from busbw / algbw = 2(n-1)/n; the file says 2 nodes x 8 GPUs."""
    path = corpus_or_skip("nccl", "nccl-tests", "all_reduce_perf_srun_p4de_and_p5_2node.log")
    table = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert {(r["run"], r["n_ranks"], r["n_ranks_source"]) for r in table} == {(0, 16, "busbw_ratio"), (1, 16, "busbw_ratio")}


def test_nccl_tests_alltoall_without_redop_and_error_column() -> None:
    path = corpus_or_skip("nccl", "nccl-tests", "tutel_issue172_alltoall_perf_2019_2022_format_error_col.log")
    table = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert {r["op"] for r in table} == {"all_to_all"} and {r["redop"] for r in table} == {""}
    first_in_place = next(r for r in table if r["in_place"])
    assert first_in_place["max_error"] == 1.0 and first_in_place["wrong"] is None and first_in_place["root"] is None


def test_nccl_tests_duplicate_header_of_a_non_mpi_build_is_reported() -> None:
    path = corpus_or_skip("nccl", "nccl-tests", "nccltests_issue107_2019_format_header_duplicate_mpi_nompi.log")
    result = NcclTestsParser().parse(path, ParseOptions())
    assert any("independent 1-rank tests" in w for w in result.warnings)


def test_nccl_tests_row_cut_by_nccl_lines_is_reassembled(tmp_path: Path) -> None:
    """The real interleaving of nccl#1453 (a row's start, NCCL lines, the rest of the row),
    completed with the row's second half so that the reassembly can be checked."""
    path = corpus_or_skip("nccl", "nccl-debug", "nccl_issue1453_tuning_lines_interleaved_with_nccltests.log")
    lines = path.read_text().splitlines()
    cut = next(i for i, line in enumerate(lines) if "8192          2048" in line)
    completed = lines[: cut + 3] + ["[0]     76.01    0.11    0.20      0     75.80    0.11    0.20      0"] + lines[cut + 3:]
    target = tmp_path / "interleaved.log"
    target.write_text("\n".join(completed) + "\n")
    parser, _ = detect(target, read_head(target))
    assert parser is not None and parser.name == "nccl_tests"
    table = parser.parse(target, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert [(r["size_bytes"], r["count"], r["root"], r["time_us"]) for r in table] == [
        (8192, 2048, -1, 76.01), (8192, 2048, -1, 75.80)]


# ------------------------------------------------------------------------------ NCCL_DEBUG
def test_nccl_debug_comms_calls_warnings() -> None:
    init = corpus_or_skip("nccl", "nccl-debug", "nccltests_issue29_init_complete_32ranks.log")
    comms = NcclDebugParser().parse(init, ParseOptions()).tables["nccl_comms"].to_pylist()
    expected = {(int(r), int(n)) for r, n in re.findall(r"rank (\d+) nranks (\d+) .*Init COMPLETE", init.read_text())}
    assert {(c["rank"], c["nranks"]) for c in comms} == expected and all(c["init_complete"] for c in comms)

    coll = corpus_or_skip("nccl", "nccl-debug", "coll_subsys_allreduce_opcount_16ranks_tpgds.log")
    tables = NcclDebugParser().parse(coll, ParseOptions()).tables
    calls = tables["nccl_calls"].to_pylist()
    raw = re.findall(r"AllReduce: opCount (\w+) .* count (\d+) datatype (\d+) op (\d+)", coll.read_text())
    assert len(calls) == len(raw)
    assert {(c["op"], c["op_count"], c["count"], c["dtype"], c["size_bytes"]) for c in calls} == {
        ("all_reduce", int(o, 16), int(n), "float32", int(n) * 4) for o, n, d, _ in raw if d == "7"}
    timing = re.search(r"Init timings - ncclCommInitRank: rank (\d+) nranks \d+ total ([\d.]+)", coll.read_text())
    assert timing is not None
    timed = [c for c in tables["nccl_comms"].to_pylist() if c["init_total_s"] is not None]
    assert [(c["rank"], c["init_total_s"]) for c in timed] == [(int(timing.group(1)), float(timing.group(2)))]

    warn = corpus_or_skip("nccl", "nccl-debug", "nccl_issue214_warn_mismatched_collective_and_init.log")
    warnings = NcclDebugParser().parse(warn, ParseOptions()).tables["nccl_warnings"].to_pylist()
    raw_warn = [m.groups() for line in warn.read_text().splitlines() if not line.startswith("#")
                and (m := re.search(r"(\S+) NCCL WARN (.*)", line))]
    assert [(w["source"], w["message"]) for w in warnings] == [(s, m.strip()) for s, m in raw_warn]

    wrapped = corpus_or_skip("nccl", "nccl-debug", "stas00_ib_completion_error_warn_backtrace.log")
    (only,) = NcclDebugParser().parse(wrapped, ParseOptions()).tables["nccl_warnings"].to_pylist()
    assert only["message"].endswith("vendor err 129 (Recv)")  # the terminal wrapped it over two lines


def test_nccl_debug_transports() -> None:
    path = corpus_or_skip("nccl", "nccl-debug", "nccl_issue429_channels_ib_gdrdma.log")
    comms = NcclDebugParser().parse(path, ParseOptions()).tables["nccl_comms"].to_pylist()
    seen = set()
    for c in comms:
        seen |= set((c["transports"] or "").split(","))
    vias = set(re.findall(r"via (NET/IB|P2P/direct pointer)", path.read_text()))
    assert vias <= seen and ("GDRDMA" in seen) == ("GDRDMA" in path.read_text())


# A 2-node run on AWS EFA under NCCL 2.23 (a ParallelCluster guide's expected output, index id 14361892511,
# rank 0's lines 78, 103-105, 124, 134 and 138): NCCL 2.7 and later print each channel's connections on the
# ring lines' opening, `Channel 00/0 : 1[0] -> 0[0] [receive] via NET/...`
NCCL_EFA_RANK0 = [
    'compute-gpu-st-distributed-ml-1:7614:7691 [0] NCCL INFO ncclCommInitRankConfig comm 0x573f9cb38'
    '2e0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1e0 commId 0x1ce724326e09a7e5 - Init START',
    'compute-gpu-st-distributed-ml-1:7614:7691 [0] NCCL INFO comm 0x573f9cb382e0 rank 0 nRanks 2 nNo'
    'des 2 localRanks 1 localRank 0 MNNVL 0',
    'compute-gpu-st-distributed-ml-1:7614:7691 [0] NCCL INFO Channel 00/02 : 0 1',
    'compute-gpu-st-distributed-ml-1:7614:7691 [0] NCCL INFO Channel 01/02 : 0 1',
    'compute-gpu-st-distributed-ml-1:7614:7691 [0] NCCL INFO ncclCommInitRankConfig comm 0x573f9cb38'
    '2e0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1e0 commId 0x1ce724326e09a7e5 - Init COMPLETE',
    'compute-gpu-st-distributed-ml-1:7614:7694 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] v'
    'ia NET/AWS Libfabric/0',
    'compute-gpu-st-distributed-ml-1:7614:7694 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via '
    'NET/AWS Libfabric/0',
]


def test_nccl_debug_channel_connections_are_transports_not_rings(tmp_path: Path) -> None:
    """`Channel 00/02 : 0 1` is one of 2 rings; `Channel 00/0 : 1[0] -> 0[0] [receive] via NET/AWS
    Libfabric/0` a connection: its transport, not a ring count of 0 (it read 0 rings, no transport)."""
    path = tmp_path / "nccl.log"
    path.write_text("\n".join(NCCL_EFA_RANK0) + "\n", encoding="utf-8")
    rings = {int(m.group(1)) for t in NCCL_EFA_RANK0 if (m := re.search(r"Channel \d+/(\d+) :(?:\s+\d+)+$", t))}
    vias = {m.group(1) for t in NCCL_EFA_RANK0 if (m := re.search(r" via (NET/[^/]+)/\d+$", t))}
    (comm,) = NcclDebugParser().parse(path, ParseOptions()).tables["nccl_comms"].to_pylist()
    assert (comm["n_rings"], set(comm["transports"].split(","))) == (rings.pop(), vias) == (2, {"NET/AWS Libfabric"})


# ------------------------------------------------------------------------------ flight recorder
def _reference(scenario: str) -> dict[str, str]:
    text = (FR / "reference_outputs" / f"{scenario}_reference.txt").read_text().splitlines()
    header = [h.strip() for h in text[0].split("|")]
    values = [v.strip() for v in text[1].split("|")]
    return dict(zip(header, values, strict=True))


def _fr_store(tmp_path: Path, *inputs: Path) -> Store:
    store = Store.open(tmp_path / "fr.tlstore")
    outcome = store.ingest(list(inputs))
    assert not outcome.failed, [r.message for r in outcome.failed]
    return store


@pytest.mark.parametrize("scenario", ["gpu_error_1st", "lock_gil_1st"])
def test_hang_analysis_reproduces_the_reference_answer(scenario: str, tmp_path: Path) -> None:
    corpus_or_skip("nccl", "flight-recorder", "nvrx_fr_traces", scenario)
    ref = _reference(scenario)
    con = _fr_store(tmp_path, FR / scenario).connect()
    row = con.execute("select pg_name, pg_desc, profiling_name, input_sizes, input_dtypes, missing_ranks "
                  "from hang_analysis where hang_order = 1").fetchone()
    assert row is not None
    pg_name, pg_desc, profiling_name, input_sizes, dtypes, missing = row
    assert pg_name == ref["PGID"]
    assert pg_desc == ref["Process Group Desc"].split(",")[0]
    assert profiling_name == ref["Op Type"]
    assert "x".join(map(str, json.loads(input_sizes)[0])) == ref["Size"]
    assert dtypes == ref["Dtype"]
    assert missing == [int(r) for r in ref["Missing Ranks"].split(",")]


def test_hang_suspects_are_the_injected_fault_ranks(tmp_path: Path) -> None:
    log = corpus_or_skip("nccl", "flight-recorder", "nvrx_fr_traces", "gpu_error_1st", "fault_injection.log")
    faults = sorted(json.loads(re.search(r"Fault ranks: (\[[\d, ]+\])", log.read_text()).group(1)))  # type: ignore[union-attr]
    con = _fr_store(tmp_path, FR / "gpu_error_1st").connect()
    top = con.execute(f"select rank from hang_suspects where suspect_order <= {len(faults)} order by rank").fetchall()
    assert [r for (r,) in top] == faults


def test_hang_suspects_without_reference_are_the_ranks_that_stopped_recording(tmp_path: Path) -> None:
    """lock_gil_2nd has no reference answer: the ranks whose GIL was locked recorded nothing in
    their last window (empty entry lists, read with the standard library's pickle opcode walker
    below) while every other rank went on; tracelens must name them, with evidence."""
    scenario = "lock_gil_2nd"
    folder = corpus_or_skip("nccl", "flight-recorder", "nvrx_fr_traces", scenario)
    import pickletools

    empty = []
    for dump in sorted(folder.glob("_dump_*"), key=lambda p: int(p.name.rsplit("_", 1)[1])):
        ops = [op.name for op, _, _ in pickletools.genops(dump.read_bytes())]
        keys = [arg for op, arg, _ in pickletools.genops(dump.read_bytes()) if op.name == "BINUNICODE"]
        if "record_id" not in keys:  # no entry at all in this dump
            empty.append(int(dump.name.rsplit("_", 1)[1]))
        assert "GLOBAL" not in ops and "STACK_GLOBAL" not in ops
    con = _fr_store(tmp_path, folder).connect()
    top = con.execute(f"select rank, evidence from hang_suspects where suspect_order <= {len(empty)} order by rank").fetchall()
    assert [r for r, _ in top] == empty
    first = con.execute("select verdict, evidence from hang_analysis where hang_order = 1").fetchone()
    assert first is not None and first[0] == "missing_ranks" and "never issued collective" in first[1]


class _PlainOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> object:
        raise pickle.UnpicklingError(f"{module}.{name}")


def test_hang_suspects_without_reference_are_the_ranks_that_fell_behind(tmp_path: Path) -> None:
    """gpu_error_2nd has no reference answer. Independently of the sequence-number bookkeeping
    tracelens uses (pg_status), count per rank the process groups in which its newest recorded
    collective is older than its peers' newest: the ranks that fell behind in the most groups
    are the ones a hang analysis must name first."""
    folder = corpus_or_skip("nccl", "flight-recorder", "nvrx_fr_traces", "gpu_error_2nd")
    newest: dict[str, dict[int, int]] = {}
    for dump in folder.glob("_dump_*"):
        rank = int(dump.name.rsplit("_", 1)[1])
        with dump.open("rb") as fh:
            data = _PlainOnly(fh).load()
        for e in data["entries"]:
            if not e["is_p2p"]:
                group = newest.setdefault(e["process_group"][0], {})
                group[rank] = max(group.get(rank, -1), e["collective_seq_id"])
    behind: dict[int, int] = {}
    for ranks in newest.values():
        top = max(ranks.values())
        for rank, seq in ranks.items():
            if seq < top:
                behind[rank] = behind.get(rank, 0) + 1
    most = max(behind.values())
    expected = sorted(r for r, n in behind.items() if n == most)
    con = _fr_store(tmp_path, folder).connect()
    top = con.execute(f"select rank from hang_suspects where suspect_order <= {len(expected)} order by rank").fetchall()
    assert [r for (r,) in top] == expected


def _truth(folder: Path) -> dict[str, object]:
    lines = [line.split("TRUTH ", 1)[1] for line in (folder / "console.log").read_text().splitlines() if "TRUTH " in line]
    assert len(lines) == 1
    decoded: dict[str, Any] = json.loads(lines[0])
    return decoded


def test_gloo_skip_hang_finds_the_rank_that_skipped(tmp_path: Path) -> None:
    folder = SAMPLE_LOGS / "fr_gloo_skip_4rank"
    truth = _truth(folder)
    con = _fr_store(tmp_path, folder).connect()
    row = con.execute("select pg_desc, verdict, divergent_seq, missing_ranks, op, frames from hang_analysis "
                  "where hang_order = 1").fetchone()
    assert row is not None
    assert row[:5] == (truth["pg"], "missing_ranks", truth["seq"], [truth["rank"]], truth["op"])
    assert "fr_hang.py" in row[5]  # the Python frames of the collective the others are stuck in
    # the rank that skipped is somewhere else: its latest recorded op, on its pair group
    (last,) = con.execute("select missing_rank_last_ops from hang_analysis where hang_order = 1").fetchone()
    assert [op["rank"] for op in last] == [truth["rank"]] and last[0]["pg_name"] != "0"


def test_gloo_mismatch_finds_the_different_op(tmp_path: Path) -> None:
    folder = SAMPLE_LOGS / "fr_gloo_mismatch_4rank"
    truth = _truth(folder)
    con = _fr_store(tmp_path, folder).connect()
    rows = con.execute("select pg_desc, collective_seq_id, mismatch, odd_ranks, variants from collective_mismatches").fetchall()
    assert len(rows) == 1
    pg_desc, seq, kind, odd, variants = rows[0]
    assert (pg_desc, seq, kind, odd) == (truth["pg"], truth["seq"], "op", [truth["rank"]])
    by_rank = {v["rank"]: v["profiling_name"].split(":")[1] for v in variants}
    assert by_rank.pop(truth["rank"]) == truth["op"] and set(by_rank.values()) == {truth["others_op"]}
    suspects = con.execute("select rank from hang_suspects").fetchall()
    assert suspects == [(truth["rank"],)]


def test_pickle_and_json_dumps_hold_the_same_entries() -> None:
    folder = SAMPLE_LOGS / "fr_gloo_skip_4rank"
    parser = FlightRecorderParser()
    for rank in range(4):
        from_pickle = parser.parse(folder / f"fr_trace_rank_{rank}", ParseOptions()).tables
        from_json = parser.parse(folder / f"fr_trace_rank_{rank}.json", ParseOptions()).tables
        drop = ["frames"]  # the JSON form carries no Python frames
        assert from_pickle["fr_entries"].drop(drop).to_pylist() == from_json["fr_entries"].drop(drop).to_pylist()
        assert (from_pickle["fr_pg_status"].drop(["fr_version", "comm_lib_version"]).to_pylist()
                == from_json["fr_pg_status"].drop(["fr_version", "comm_lib_version"]).to_pylist())


def test_gpu_job_nccl_flight_recorder_timing_and_debug_lines(tmp_path: Path) -> None:
    """The NCCL job recorded on an H100 (record_gpu_jobs.sh): NCCL_DEBUG=INFO lines in the
    console log, and the NCCL flight recorder dumped with TORCH_NCCL_ENABLE_TIMING=1."""
    job = SAMPLE_LOGS / "gpu_nccl_1rank"
    dumps = job / "flight_recorder"
    parser = FlightRecorderParser()
    from_pickle = parser.parse(dumps / "fr_trace_rank_0", ParseOptions()).tables["fr_entries"]
    from_json = parser.parse(dumps / "fr_trace_rank_0.json", ParseOptions()).tables["fr_entries"]
    assert from_pickle.drop(["frames"]).to_pylist() == from_json.drop(["frames"]).to_pylist()
    raw = json.loads((dumps / "fr_trace_rank_0.json").read_text())["entries"]
    entries = from_json.to_pylist()
    assert [(e["collective_seq_id"], e["profiling_name"], e["duration_ms"]) for e in entries] == [
        (r["collective_seq_id"], r["profiling_name"], r["duration_ms"]) for r in raw]
    assert all(r["duration_ms"] > 0 for r in raw)

    con = _fr_store(tmp_path, job).connect()
    # timed entries of one rank: nothing crosses a link, so no bandwidth at all (issue 15: an
    # all_reduce at 0 GB/s and a 14.7 MB broadcast at 666 GB/s were shown before)
    rows = con.execute("select op, size_bytes, time_ns, n_ranks, busbw_gbps, no_bandwidth_reason from collective_bandwidth "
                       "where source = 'flight_recorder'").fetchall()
    timed = sorted((r["profiling_name"].removeprefix("nccl:"), round(r["duration_ms"] * 1e6)) for r in raw)
    assert sorted((op, t) for op, _, t, *_ in rows) == timed
    for _op, _size, _time_ns, n, busbw, reason in rows:
        assert n == 1 and busbw is None and reason == "one rank: nothing crosses a link"

    log = (job / "console.log").read_text()
    calls = con.execute("select op, count, dtype, size_bytes, nranks from nccl_calls order by line").fetchall()
    raw_calls = re.findall(r"NCCL INFO (\w+): opCount \w+ .* count (\d+) datatype (\d+) .*\[nranks=(\d+)\]", log)
    assert len(calls) == len(raw_calls) > 0
    assert {(c[1], c[4]) for c in calls} == {(int(n), int(r)) for _, n, _, r in raw_calls}
    init = re.search(r"rank (\d+) nranks (\d+) cudaDev (\d+) nvmlDev \d+ busId (\w+) commId (0x[0-9a-f]+) - Init COMPLETE", log)
    total = re.search(r"Init timings - \w+: rank \d+ nranks \d+ total ([\d.]+)", log)
    version = re.search(r"NCCL INFO NCCL version (\S+)", log)
    assert init and total and version
    (comm,) = con.execute("select rank, nranks, cuda_dev, bus_id, comm_id, init_complete, init_total_s, nccl_version "
                          "from nccl_comms").fetchall()
    assert comm == (int(init.group(1)), int(init.group(2)), int(init.group(3)), init.group(4), init.group(5), True,
                    float(total.group(1)), version.group(1))


class _RunsACommand:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (subprocess.call, (["touch", str(self.marker)],))


def test_hostile_pickle_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    evil = tmp_path / "nccl_trace_rank_0"
    evil.write_bytes(pickle.dumps({"version": "2.9", "pg_status": {}, "entries": [_RunsACommand(marker)]}))
    with pytest.raises(ParseError, match="unsafe pickle"):
        FlightRecorderParser().parse(evil, ParseOptions())
    assert not marker.exists()
    # through the CLI: one line naming the file, exit code 1, the other dump still ingested
    good = SAMPLE_LOGS / "fr_gloo_skip_4rank" / "fr_trace_rank_1"
    proc = subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(evil), str(good), "-o", str(tmp_path / "s.tlstore")],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and not marker.exists()
    errors = [line for line in proc.stderr.splitlines() if str(evil) in line]
    assert len(errors) == 1 and "unsafe pickle" in errors[0]
    rows = Store.open(tmp_path / "s.tlstore").connect().execute("select count(*) from fr_entries").fetchone()
    assert rows is not None and rows[0] > 0


def test_pickle_of_non_plain_types_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "dump_0"
    path.write_bytes(pickle.dumps({"version": "2.9", "entries": [], "pg_status": {"0": {1, 2}}}))
    with pytest.raises(ParseError, match="refused a set"):
        FlightRecorderParser().parse(path, ParseOptions())


# ------------------------------------------------------------------------------ watchdog lines
def _watchdog_files() -> list[Path]:
    return sorted((NCCL / "c10d-watchdog").glob("*.log")) if NCCL.exists() else []


@pytest.mark.parametrize("path", _watchdog_files(), ids=lambda p: p.name)
def test_watchdog_timeouts_one_per_rank_and_sequence(path: Path) -> None:
    """Every "Watchdog caught" line yields its (rank, SeqNum), once however often it is repeated,
    with the op and "ran for" of the line; the rank is the one the message names."""
    assert _timeouts_found(path) == _timeouts_in(path.read_text())


def _timeouts_in(text: str) -> dict[tuple[int | None, str], tuple[str, int]]:
    """(rank, SeqNum) -> (op, ran-for ms) of every whole "Watchdog caught" line of `text`."""
    expected: dict[tuple[int | None, str], tuple[str, int]] = {}
    for line in text.splitlines():
        m = re.search(r"Watchdog caught collective operation timeout: "
                      r"WorkNCCL\(SeqNum=(\d+), OpType=(\w+).*?\) ran for (\d+) milli", line)
        if m:
            named = re.search(r"\[(?:PG [^\]]*?)?Rank (\d+)\]", line) or re.match(r"\[(?:default|rank)(\d+)\]:", line)
            expected.setdefault((int(named.group(1)) if named else None, m.group(1)), (m.group(2), int(m.group(3))))
    return expected


def _timeouts_found(path: Path) -> dict[tuple[int | None, str], tuple[str, int]]:
    events = [e for e in GenericLogParser().parse(path, ParseOptions()).tables["log_events"].to_pylist()
              if e["kind"] == "collective_timeout" and e["duration_s"] is not None]
    got = {(e["rank"], re.search(r"SeqNum=(\d+)", e["detail"]).group(1)): (e["detail"].split()[0], round(e["duration_s"] * 1000))  # type: ignore[union-attr]
           for e in events}
    assert len(events) == len(got)
    return got


def _wrapped(text: str, width: int) -> str:
    """`text` as a terminal `width` columns wide shows it: each longer line cut into pieces."""
    return "".join(
        "".join(line[i:i + width] + "\n" for i in range(0, len(line), width)) if line else "\n"
        for line in text.splitlines()
    )


@pytest.mark.parametrize("width", [50, 60, 80, 100, 120, 140, 160])
@pytest.mark.parametrize("path", [p for p in _watchdog_files() if _timeouts_in(p.read_text())], ids=lambda p: p.name)
def test_watchdog_lines_cut_by_a_terminals_wrap_are_read_whole(path: Path, width: int, tmp_path: Path) -> None:
    """A log pasted from a terminal of fixed width: every physical line longer than the width
    cut into pieces of that width (GitHub issues hold such pastes, "OpTy" / "pe=BROADCAST"); its
    timeouts are those of the log as written, and the file is still recognised."""
    text = path.read_text()
    wrapped = _wrapped(text, width)
    assert wrapped != text.replace("\r\n", "\n")  # some line is longer than the width
    cut = tmp_path / path.name
    cut.write_text(wrapped)
    assert GenericLogParser().detect(cut, wrapped.encode()[:65536]) != Claim.NO
    assert _timeouts_found(cut) == _timeouts_in(text)


def test_an_ingested_wrapped_watchdog_log_stores_each_timeout_once(tmp_path: Path) -> None:
    """Through the whole ingest (detection, the console reader, the store): the stored timeouts
    are the log's as written, each once, with its op and ran-for."""
    path = corpus_or_skip("nccl", "c10d-watchdog", "pytorch_issue118369_multiple_seqnums_pt21.log")
    text = path.read_text()
    expected = _timeouts_in(text)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / path.name).write_text(_wrapped(text, 100))
    Store.open(tmp_path / "s.tlstore").ingest([tmp_path / "in"])
    rows = Store.open(tmp_path / "s.tlstore").connect(only={"log_events"}).execute(
        "select rank, detail, duration_s from log_events where kind = 'collective_timeout'").fetchall()
    got = {(rank, re.search(r"SeqNum=(\d+)", detail).group(1)): (detail.split()[0], round(duration_s * 1000))  # type: ignore[union-attr]
           for rank, detail, duration_s in rows}
    assert len(rows) == len(got) and got == expected


def test_watchdog_progress_lines_join_their_timeout() -> None:
    path = corpus_or_skip("nccl", "c10d-watchdog", "basicsr_issue737_allreduce_timeout_pt27_pg_guid.log")
    work = re.findall(r"Rank (\d+)\] Exception .*? at work: (\d+), last enqueued NCCL work: (\d+), "
                      r"last completed NCCL work: (\d+)",
                      path.read_text())
    events = {e["rank"]: e for e in GenericLogParser().parse(path, ParseOptions()).tables["log_events"].to_pylist()}
    for rank, seq, enqueued, completed in work:
        detail = events[int(rank)]["detail"]
        assert f"SeqNum={seq}" in detail and f"last_enqueued={enqueued} last_completed={completed}" in detail
        assert "pg=0(default_pg)" in detail


# ------------------------------------------------------------------------------ bandwidth
def test_collective_bandwidth_against_the_nccl_tests_curve(tmp_path: Path) -> None:
    trace_dir = corpus_or_skip("kineto", "gpu", "nccl_parser_config")
    baseline = corpus_or_skip("nccl", "nccl-tests", "all_reduce_perf_2node_T4_efa_mpirun_with_nccl_info.log")
    con = _fr_store(tmp_path, trace_dir, baseline).connect()
    curve = sorted({size: float(cells[0]) for size, cells in _table_rows(baseline) if size > 0}.items())
    sizes = [s for s, _ in curve]
    rows = con.execute("select op, size_bytes, n_ranks, time_ns, busbw_gbps, expected_ns, efficiency, excess_ns "
                   "from collective_bandwidth where op = 'all_reduce'").fetchall()
    assert rows
    for _op, size, n, time_ns, busbw, expected_ns, efficiency, excess in rows:
        assert n == 2
        assert busbw == pytest.approx(size / time_ns * 2 * (n - 1) / n)
        i = bisect.bisect_left(sizes, size)
        if i < len(sizes) and sizes[i] == size:
            want_us = curve[i][1]
        elif i == 0:
            want_us = curve[0][1]
        elif i == len(sizes):
            want_us = size / (sizes[-1] / curve[-1][1])  # the last measured algbw (bytes/us)
        else:
            (s0, t0), (s1, t1) = curve[i - 1], curve[i]
            want_us = t0 + (t1 - t0) * (size - s0) / (s1 - s0)
        assert expected_ns == pytest.approx(want_us * 1e3, abs=1)
        assert efficiency == pytest.approx(want_us * 1e3 / time_ns, rel=1e-6)
        assert excess == max(time_ns - expected_ns, 0)


def test_every_nccl_corpus_file_in_a_known_format_parses(tmp_path: Path) -> None:
    if not NCCL.exists():
        pytest.skip("../shared/corpus is absent")
    store = Store.open(tmp_path / "all.tlstore")
    outcome = store.ingest([NCCL])
    assert not outcome.failed, [r.message for r in outcome.failed]
    parsed = {Path(r.path).relative_to(NCCL).parts[0] for r in outcome.parsed}
    assert {"nccl-tests", "nccl-debug", "flight-recorder", "c10d-watchdog"} <= parsed


def test_hang_in_a_restarted_job_is_restart_downtime_with_its_suspect(tmp_path: Path) -> None:
    """sample_logs/hang_restart_gloo_2rank: rank 1 stops issuing collectives at step 9; rank 0
    times out in that step's all_reduce; torchrun restarts both. Logs and flight-recorder dumps
    together: the hang lies in restart_downtime, and the attempt names rank 1."""
    folder = SAMPLE_LOGS / "hang_restart_gloo_2rank"
    truth = [json.loads(line.split("TRUTH ", 1)[1]) for line in (folder / "console.log").read_text().splitlines()
             if "TRUTH " in line]
    hang = next(t for t in truth if t["event"] == "hang_start")
    failed = next(t for t in truth if t["event"] == "collective_failed")
    restart = next(t for t in truth if t["event"] == "attempt_start" and t["attempt"] == 1)
    last_step_end = max(t["t"] for t in truth if t["event"] == "step_end" and t["attempt"] == 0)
    con = _fr_store(tmp_path, folder).connect()
    first = con.execute("select end_reason, hang_start_ns, hang_s, hang_suspect_ranks from attempts where attempt = 1").fetchone()
    assert first is not None
    end_reason, hang_start_ns, hang_s, suspects = first
    assert end_reason == "crash" and suspects == [hang["rank"]]
    # the stuck collective began after the hung rank stopped and before the other rank gave up
    assert hang["t"] <= hang_start_ns / 1e9 <= failed["t"]
    assert failed["t"] - hang["t"] <= hang_s + 0.01 and hang_s <= restart["t"] - hang["t"]
    wall = con.execute("select wall_s from goodput").fetchone()[0]
    downtime = con.execute("select seconds from goodput_buckets where bucket = 'restart_downtime'").fetchone()[0]
    # from the last sign of life (the hung rank's own log line, before its step-9 work) to the restart
    assert downtime == pytest.approx(restart["t"] - hang["t"], abs=0.005 * wall)
    assert downtime > restart["t"] - failed["t"] and last_step_end < hang["t"] + 0.2
    finding = con.execute("select title from findings where finding = 'hang'").fetchone()
    assert finding is not None and finding[0].endswith(f"suspect rank {hang['rank']}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_flight_recorder_json_fuzz(tmp_path: Path, data: st.DataObject) -> None:
    """The JSON form of a real dump, mutated (bytes changed, cut): a ParseError or a result, never a crash."""
    sample = bytearray((SAMPLE_LOGS / "fr_gloo_mismatch_4rank" / "fr_trace_rank_1.json").read_bytes())
    for _ in range(data.draw(st.integers(0, 6))):
        sample[data.draw(st.integers(0, len(sample) - 1))] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(1, len(sample)))
    path = tmp_path / "fr_trace_rank_1.json"
    path.write_bytes(bytes(sample[:cut]))
    try:
        FlightRecorderParser().parse(path, ParseOptions())
    except ParseError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)



def test_nccl_tests_header_names_the_nccl_library(tmp_path: Path) -> None:
    """nccl-tests 2.17.9 on 16 GH200s (NRIS' "NCCL on Olivia" page, its all_reduce block) prints no
    `NCCL version` line; its header's `nccl-library=22902` is NCCL_VERSION_CODE 2.29.2
    (2 x 10000 + 29 x 100 + 2)."""
    from tracelens.parsers.nccl_tests import NcclTestsParser

    lines = [
        '# nccl-tests version 2.17.9 nccl-headers=22902 nccl-library=22902',
        '# Collective test starting: all_reduce_perf',
        '# nThread 1 nGpus 1 minBytes 1 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 '
        'validation: 1 graph: 0',
        '#',
        '# Using devices',
        '#  Rank  0 Group  0 Pid 206828 on   gpu-1-43 device  0 [0009:01:00] NVIDIA GH200 120GB',
        '#  Rank  1 Group  0 Pid 206829 on   gpu-1-43 device  1 [0019:01:00] NVIDIA GH200 120GB',
        '#',
        '#                                                              out-of-place                       in-place          ',
        '#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong ',
        '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         ',
        '           1             1      int8     sum      -1    24.41    0.00    0.00       0    21.26    0.00    0.00       0',
        '           2             2      int8     sum      -1    28.02    0.00    0.00       0    21.18    0.00    0.00       0',
    ]
    path = tmp_path / "all_reduce.log"
    path.write_text("\n".join(lines) + "\n")
    rows = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert {r["nccl_version"] for r in rows} == {"2.29.2"}
    assert [r["size_bytes"] for r in rows if not r["in_place"]] == [1, 2]


# RCCL 2.18.3 under rccl-tests on two MI100s, NCCL_DEBUG=INFO (ROCm/rccl issue 1129, visionscaper's
# "Additional info 2" comment, lines 16-20 and 28-29 of its log): RCCL prints its version on a line
# of its own, `RCCL version ...`, where NCCL prints `NCCL INFO NCCL version ...`
RCCL_INIT = [
    "deep-visionscaper3:38629:38629 [1] NCCL INFO ROCr version 1.1",
    "deep-visionscaper3:38629:38629 [1] NCCL INFO Dmabuf feature disabled without NCCL_ENABLE_DMABUF_SUPPORT=1",
    "RCCL version 2.18.3+hip6.0 HEAD:2f6d59e+",
    "deep-visionscaper3:38629:38635 [1] NCCL INFO Setting hipLimitStackSize to 512 maxLocalSizeBytes 0",
    "deep-visionscaper3:38629:38635 [1] NCCL INFO Failed to open libibverbs.so[.1]",
    "deep-visionscaper3:38629:38635 [1] NCCL INFO comm 0x121b210 rank 1 nranks 2 cudaDev 1 busId 3000 "
    "commId 0xd5377226347d7d43 - Init START",
    "deep-visionscaper3:38629:38634 [0] NCCL INFO comm 0x15cd470 rank 0 nranks 2 cudaDev 0 busId 2f000 "
    "commId 0xd5377226347d7d43 - Init START",
]


def test_rccl_prints_its_version_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "rccl.log"
    path.write_text("\n".join(RCCL_INIT) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    assert not store.ingest([path]).failed
    versions = store.connect().execute("select distinct nccl_version from nccl_comms").fetchall()
    printed = re.search(r"^RCCL version (\S+)", RCCL_INIT[2])
    assert printed is not None and versions == [(printed.group(1),)] == [("2.18.3+hip6.0",)]


def test_watchdog_timeouts_of_ranks_in_different_collectives_name_each_rank(tmp_path: Path) -> None:
    """NCCL issue 1409: rank 7 times out in a BROADCAST and rank 3 in an ALLREDUCE at the same
    sequence number, a desync; the finding named the first line's collective alone."""
    path = corpus_or_skip("nccl", "c10d-watchdog", "nccl_issue1409_desync_broadcast_vs_allreduce_same_seq.log")
    waits = set(re.findall(r"\[Rank (\d+)\] Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(\d+), "
                           r"OpType=(\w+)", path.read_text()))
    assert len({seq for _, seq, _ in waits}) == 1 and len({op for _, _, op in waits}) == 2
    Store.open(tmp_path / "s.tlstore").ingest([path])
    (title, evidence), = Store.open(tmp_path / "s.tlstore").connect().execute(
        "select title, evidence from findings where finding = 'collective_timeout'").fetchall()
    assert title == f"c10d watchdog timeouts: {len(waits)} ranks wait in different collectives"
    for rank, seq, op in waits:
        assert f"rank {rank} in {op} SeqNum={seq} " in evidence
    assert f"at one sequence number ({waits.pop()[1]}) the ranks issued different operations: a desync" in evidence


# nccl-tests' sendrecv_perf over RoCE between two H100 nodes, 4 GPUs a process, 8 ranks; the file never names its
# test (CCI-MOC/roce-testing@24e67d1710d81d0d9a2b6ebb7689edad88af8750, RHELAI/3_nccl_tests/logs/sendrecv_roce_4gpu.log,
# lines 1-11, 103-106, 120-132 and 137-138; the NCCL INFO lines between left out)
SENDRECV_UNNAMED = [
    '# nThread 1 nGpus 4 minBytes 1073741824 maxBytes 27950841856 step: 2147483648(bytes) warmup iters: 5 iters: 20 agg i'
        'ters: 1 validation: 1 graph: 0',
    '#',
    '# Using devices',
    '#  Rank  0 Group  0 Pid 574629 on MOC-R4PCC04U37 device  0 [0000:06:00] NVIDIA H100 80GB HBM3',
    '#  Rank  1 Group  0 Pid 574629 on MOC-R4PCC04U37 device  1 [0000:26:00] NVIDIA H100 80GB HBM3',
    '#  Rank  2 Group  0 Pid 574629 on MOC-R4PCC04U37 device  2 [0000:a6:00] NVIDIA H100 80GB HBM3',
    '#  Rank  3 Group  0 Pid 574629 on MOC-R4PCC04U37 device  3 [0000:c6:00] NVIDIA H100 80GB HBM3',
    '#  Rank  4 Group  0 Pid 753027 on MOC-R4PCC04U35 device  0 [0000:06:00] NVIDIA H100 80GB HBM3',
    '#  Rank  5 Group  0 Pid 753027 on MOC-R4PCC04U35 device  1 [0000:26:00] NVIDIA H100 80GB HBM3',
    '#  Rank  6 Group  0 Pid 753027 on MOC-R4PCC04U35 device  2 [0000:a6:00] NVIDIA H100 80GB HBM3',
    '#  Rank  7 Group  0 Pid 753027 on MOC-R4PCC04U35 device  3 [0000:c6:00] NVIDIA H100 80GB HBM3',
    '#',
    '#                                                              out-of-place                       in-place          ',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
    '  1073741824     268435456     float     sum      -1   191953    5.59    5.59      0   190953    5.62    5.62    N/A',
    '  3221225472     805306368     float     sum      -1   557878    5.77    5.77      0   557761    5.78    5.78    N/A',
    '  5368709120    1342177280     float     sum      -1   926234    5.80    5.80      0   948827    5.66    5.66    N/A',
    '  7516192768    1879048192     float     sum      -1  1296782    5.80    5.80      0  1291612    5.82    5.82    N/A',
    '  9663676416    2415919104     float     sum      -1  1659101    5.82    5.82      0  1659115    5.82    5.82    N/A',
    ' 11811160064    2952790016     float     sum      -1  2025826    5.83    5.83      0  2024793    5.83    5.83    N/A',
    ' 13958643712    3489660928     float     sum      -1  2391151    5.84    5.84      0  2391502    5.84    5.84    N/A',
    ' 16106127360    4026531840     float     sum      -1  2758249    5.84    5.84      0  2755503    5.85    5.85    N/A',
    ' 18253611008    4563402752     float     sum      -1  3124089    5.84    5.84      0  3122601    5.85    5.85    N/A',
    ' 20401094656    5100273664     float     sum      -1  3490819    5.84    5.84      0  3488824    5.85    5.85    N/A',
    ' 22548578304    5637144576     float     sum      -1  3855140    5.85    5.85      0  3854158    5.85    5.85    N/A',
    ' 24696061952    6174015488     float     sum      -1  4223296    5.85    5.85      0  4221307    5.85    5.85    N/A',
    ' 26843545600    6710886400     float     sum      -1  4586620    5.85    5.85      0  4582552    5.86    5.86    N/A',
    '# Out of bounds values : 0 OK',
    '# Avg bus bandwidth    : 5.80752 ',
]


def test_a_table_that_reduces_over_every_rank_at_a_ratio_of_one_is_sendrecvs(tmp_path: Path) -> None:
    """`sum      -1` rows (a reduction over every rank), busbw equal to algbw (`5.59    5.59`) over 8 ranks: of
    nccl-tests' collectives only sendrecv keeps that ratio at 1 there (all_reduce's is 2 x 7/8, reduce_scatter's 7/8,
    reduce names its root, broadcast reduces nothing), though no line names the test."""
    path = tmp_path / "nccl_run.log"
    path.write_text("\n".join(SENDRECV_UNNAMED) + "\n")
    rows = NcclTestsParser().parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    ranks = sum(1 for t in SENDRECV_UNNAMED if t.startswith("#  Rank "))
    table = [t.split() for t in SENDRECV_UNNAMED if " float " in t and not t.startswith("#")]
    assert ranks == 8 and table and all(r[3] == "sum" and r[4] == "-1" and r[6] == r[7] for r in table)
    assert len(rows) == 2 * len(table) and {r["op"] for r in rows} == {"sendrecv"} and {r["n_ranks"] for r in rows} == {8}
