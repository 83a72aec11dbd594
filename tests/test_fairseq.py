"""fairseq consoles, fast tier: single lines in the forms that fairseq's progress bars and
checkpoint code print (fairseq/logging/progress_bar.py, checkpoint_utils.py; each case cites the
format), through the step-line rule; and the step-time rule, which spans lines (the wall clock's
seconds between two step lines over the updates between), on a few lines each. Every expectation
is read off the lines themselves."""

from __future__ import annotations

import itertools
import json
import os
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection, corpus_or_skip
from tests.test_line_rules import _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.fairseq import FairseqParser, step_line


def _rows(tmp_path: Path, lines: list[str]) -> tuple[str, list[dict], list[dict]]:
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    result = parser.parse(path, ParseOptions())
    return parser.name, result.tables["log_steps"].to_pylist(), result.tables["log_events"].to_pylist()


def _step(line: str) -> int | None:
    read = step_line(line)
    return read[0] if read is not None else None


def test_simple_bar_line_is_numbered_by_its_updates() -> None:
    """SimpleProgressBar.log: '{prefix}:  {i:5d} / {size} {key=value, ...}' with prefix 'epoch
    {:03d}'. Batch 450 of the epoch is update 445 (num_updates=445): the update is the step."""
    line = ("epoch 001:    450 / 1891 loss=11.521, nll_loss=10.881, ppl=1886.05, wps=52922, ups=0.5, wpb=104928, "
            "bsz=5325, num_updates=445, lr=8.90889e-05, gnorm=1.543, clip=0%, oom=0, loss_scale=2.000, wall=882, "
            "train_wall=756")
    read = step_line(line)
    assert read is not None
    step, fields = read
    assert step == 445
    assert (fields["loss"], fields["lr"], fields["gnorm"], fields["wall"], fields["train_wall"]) == (
        11.521, 8.90889e-05, 1.543, 882, 756)


def test_simple_bar_line_under_the_logger_and_the_old_pipe() -> None:
    """Since 2020 under '%(asctime)s | %(levelname)s | %(name)s | ' (the name is the tag,
    train_inner); in 2019 after '| '."""
    assert _step("2020-07-17 07:11:02 | INFO | train_inner | epoch 001:   2800 / 160368 loss=9.255, "
                     "num_updates=2800, lr=2.8e-05, gnorm=3.23, train_wall=13, wall=1236") == 2800
    assert _step("| epoch 002:    100 / 1891 loss=9.1, num_updates=1990, wall=3500") == 1990


def test_without_num_updates_the_step_counts_the_epochs_batches() -> None:
    """Epoch 2, batch 100 of 1891: 1891 + 100."""
    assert _step("epoch 002:    100 / 1891 loss=9.1, wall=3500") == 1991


def test_json_bar_line() -> None:
    """JsonProgressBar.log: json.dumps of {"epoch": e, "update": round(e - 1 + (i + 1) / size, 3), and
    each stat as format_stat makes it (a string)}."""
    read = step_line('2021-03-01 10:00:00 | INFO | train_inner | {"epoch": 1, "update": 0.053, '
                             '"loss": "9.255", "num_updates": "100", "lr": "1e-05", "gnorm": "3.23", '
                             '"train_wall": "13", "wall": "30"}')
    assert read is not None
    step, fields = read
    assert step == 100
    assert (fields["loss"], fields["wall"]) == (9.255, 30)


@pytest.mark.parametrize("line", [
    "epoch 001 | valid on 'valid' subset | valid_loss 8.11425 | valid_nll_loss 6.8834 | num_updates 600",
    "epoch 001 | loss 11.2 | nll_loss 10.5 | num_updates 1891 | wall 3400",  # SimpleProgressBar.print: end of epoch
    '{"epoch": 1, "train_loss": "11.2", "train_num_updates": "1891", "train_wall": "3400"}',  # JsonProgressBar.print
    "epoch 001:   0%| | 39/11265 [01:55<9:15:41,  2.97s/it, loss=0.000, num_updates=0]",  # a tqdm redraw
])
def test_summaries_and_bar_redraws_are_no_step_lines(line: str) -> None:
    assert step_line(line) is None


def test_step_time_is_the_wall_seconds_between_lines_over_the_updates(tmp_path: Path) -> None:
    """wall=882 at update 445, 973 at 495: 91 s over 50 updates, 1.82 s each. A validation run
    between 545 and 595 (its time is in the wall clock) leaves the next step's time NULL, and
    the checkpoint save after it is dated at its update (600)."""
    name, steps, events = _rows(tmp_path, [
        "| epoch 001:    450 / 1891 loss=11.5, num_updates=445, wall=882, train_wall=756",
        "| epoch 001:    500 / 1891 loss=11.3, num_updates=495, wall=973, train_wall=840",
        "| epoch 001:    550 / 1891 loss=11.1, num_updates=545, wall=1065, train_wall=925",
        "| epoch 001 | valid on 'valid' subset | valid_loss 8.11425 | num_updates 600",
        "| saved checkpoint checkpoints/checkpoint_1_600.pt (epoch 1 @ 600 updates, score 8.11) (writing took 2.3 seconds)",
        "| epoch 001:    650 / 1891 loss=10.9, num_updates=645, wall=1263, train_wall=1094",
        "| epoch 001:    700 / 1891 loss=10.8, num_updates=695, wall=1354, train_wall=1178",
    ])
    assert name == "fairseq"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (445, None), (495, 91 / 50), (545, 92 / 50), (645, None), (695, 91 / 50)]
    assert [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", 600)]


def test_a_wall_clock_that_goes_back_is_a_restart_not_a_step_time(tmp_path: Path) -> None:
    _, steps, _ = _rows(tmp_path, [
        "| epoch 001:    450 / 1891 loss=11.5, num_updates=445, wall=882",
        "| epoch 001:    500 / 1891 loss=11.3, num_updates=495, wall=973",
        "| epoch 001:    550 / 1891 loss=11.1, num_updates=545, wall=40",
    ])
    assert [s["step_time_s"] for s in steps] == [None, 91 / 50, None]


def test_a_real_console_s_step_lines_across_epochs() -> None:
    """MLPerf v0.6's NVIDIA Transformer result (corpus wild/mlperf/), fairseq's 2019 console
    between the :::MLL lines: step lines at updates 996, 2632 and 4269 (one an epoch, losses
    7.624, 4.688, 4.381), each later one after its epoch's summary ('| epoch 001 | loss 6.648 |
    ...') and the evaluation: no step time spans an epoch's end (the wall clock's seconds between
    two lines would hold the evaluation); each is its line's own rate, `ups=4.1` (updates a second)."""
    path = corpus_or_skip("wild", "mlperf", "v0.6_nvidia_dgx1_pytorch_transformer_mll_2019_result_0.txt")
    steps = FairseqParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (996, 7.624, 1 / 4.1), (2632, 4.688, 1 / 4.1), (4269, 4.381, 1 / 4.1)]


def test_stopping_at_max_update_is_the_last_update_done(tmp_path: Path) -> None:
    """A fairseq MoE run's JSON console (its step lines' other fields elided here): the last step
    line is update 20, then `Stopping training due to num_updates: 25 >= max_update: 25`: updates
    21-25 were done, the last at that line's time."""
    lines = [
        '2022-10-18 04:39:17 | INFO | train_inner | '
        '{"epoch": 1, "update": 0.027, "loss": "21.229", "num_updates": "10", "wall": "410"}',
        '2022-10-18 04:40:25 | INFO | train_inner | '
        '{"epoch": 1, "update": 0.046, "loss": "15.052", "num_updates": "20", "wall": "478"}',
        '2022-10-18 04:40:58 | INFO | fairseq_cli.train | Stopping training due to num_updates: 25 >= max_update: 25',
    ]
    name, steps, _ = _rows(tmp_path, lines)
    assert name == "fairseq"
    assert [s["step"] for s in steps] == [10, 20, 25]
    assert steps[-1]["end_ns"] == 1666068058 * 10**9  # 2022-10-18 04:40:58 UTC


def test_a_line_cut_before_its_updates_among_lines_that_print_them_is_no_step(tmp_path: Path) -> None:
    """fairseq issue 3334 (its log as posted, cut mid-line): `| epoch 006:   1000 / 2934 ...,
    num_updates=15671, ...` then `| epoch 006:   2000 / 2934 loss=4.138, nll_loss=2.487,
    ppl=5.61, wps=20122,`: the second line's update is not printed, and the epoch's batches
    (5 x 2934 + 2000 = 16670) count something else than the updates its neighbour prints
    (update 15671 at batch 5 x 2934 + 1000 = 15670): it is no step."""
    name, steps, _ = _rows(tmp_path, [
        "| epoch 006:   1000 / 2934 loss=4.144, nll_loss=2.493, ppl=5.63, wps=20122, ups=0, wpb=52204.242, bsz=1757.914, "
        "num_updates=15671, lr=0.000505221, gnorm=0.324, clip=0.000, oom=0.000, wall=2661, train_wall=40119",
        "| epoch 006:   2000 / 2934 loss=4.138, nll_loss=2.487, ppl=5.61, wps=20122,",
    ])
    assert name == "fairseq"
    assert [s["step"] for s in steps] == [15671]


def test_a_line_cut_inside_its_updates_value_is_no_step(tmp_path: Path) -> None:
    """The same issue's step line, and a copy of it cut inside its `num_updates` value (`...,
    num_updates=156`: fairseq prints `lr`, `gnorm`, ... after it, so a value that ends the line
    was cut): update 156 would be a step counter going back (a restart); it is no step."""
    line = ("| epoch 006:   1000 / 2934 loss=4.144, nll_loss=2.493, ppl=5.63, wps=20122, ups=0, wpb=52204.242, bsz=1757.914, "
            "num_updates=15671, lr=0.000505221, gnorm=0.324, clip=0.000, oom=0.000, wall=2661, train_wall=40119")
    cut = line[: line.index("num_updates=") + len("num_updates=156")]
    _, steps, _ = _rows(tmp_path, [line, cut])
    assert [s["step"] for s in steps] == [15671]


# metaseq (fairseq's fork that trained OPT) behind Slurm's prefix: its JSON bar with no `update` key
# (github.com/facebookresearch/metaseq/pull/507, a comment's log)
METASEQ = [
    ('slurm_procid 0 : 2022-11-11 14:05:27 | INFO | train_inner | {"epoch": 1, "actv_norm": "0.035", "po'
     's_norm": "0.192", "tok_norm": "0.271", "emb_norm": "0.034", "docsperex": "2.64", "loss": "15.878",'
     ' "ppl": "60214.8", "wps": "0", "ups": "0", "wpb": "1.04858e+06", "bsz": "512", "num_updates": "1",'
     ' "lr": "2.80112e-07", "gnorm": "16.981", "clip": "100", "train_wall": "12", "cuda_gb_allocated": "'
     '19.7", "cuda_gb_reserved": "41.1", "cuda_gb_free": "59.6", "wall": "73"}'),
    ('slurm_procid 0 : 2022-11-11 14:05:29 | INFO | train_inner | {"epoch": 1, "actv_norm": "0.035", "po'
     's_norm": "0.192", "tok_norm": "0.271", "emb_norm": "0.034", "docsperex": "2.83", "loss": "15.864",'
     ' "ppl": "59660.5", "wps": "739601", "ups": "0.71", "wpb": "1.04858e+06", "bsz": "512", "num_update'
     's": "2", "lr": "5.60224e-07", "gnorm": "16.783", "clip": "100", "train_wall": "1", "cuda_gb_alloca'
     'ted": "19.9", "cuda_gb_reserved": "51.6", "cuda_gb_free": "59.4", "wall": "75"}'),
]


def test_metaseq_json_lines_under_train_inner(tmp_path: Path) -> None:
    """`| train_inner | {"epoch": 1, "actv_norm": ..., "num_updates": "1", ..., "wall": "73"}`: fairseq's
    JSON step line, numbered by its updates; its time 1 / its `ups` (0.71: 1.408 s), not the wall clock's 2 s
    between the lines (`73` to `75`, whole seconds: 1 to 3 s for one update)."""
    name, steps, _ = _rows(tmp_path, METASEQ)
    records = [json.loads(line.split("| train_inner | ", 1)[1]) for line in METASEQ]
    assert name == "fairseq"
    assert [(s["step"], s["loss"]) for s in steps] == [(int(r["num_updates"]), float(r["loss"])) for r in records]
    (a, b) = records
    assert float(b["wall"]) - float(a["wall"]) < 10
    assert steps[1]["step_time_s"] == 1 / float(b["ups"])



# A fairseq NAT model's training on 8 GPUs, resumed, as its repository keeps its train log (stored file id
# 21068969228, an excerpt's lines 27-37): an epoch's step lines (`wall=0` on each: the clock was not kept across
# the resume), its validation and its save, each begun and ended in fairseq_cli.train's own words
FAIRSEQ_EPOCH_END = [
    '2023-06-13 17:30:21 | INFO | fairseq.trainer | begin training epoch 143',
    ('2023-06-13 17:31:08 | INFO | train_inner | epoch 143:     85 / 282 loss=3.147, nll_loss=1.236, glat_accu=0.5'
     '18, glat_context_p=0.473, word_ins=3.028, length=3.071, ppl=8.86, wps=72384.3, ups=1.21, wpb=59997.9, bsz=21'
     '86.3, num_updates=40100, lr=0.000157917, gnorm=0.489, clip=0, loss_scale=32768, train_wall=48, wall=0'),
    ('2023-06-13 17:31:54 | INFO | train_inner | epoch 143:    185 / 282 loss=3.153, nll_loss=1.243, glat_accu=0.5'
     '08, glat_context_p=0.473, word_ins=3.034, length=3.068, ppl=8.89, wps=132396, ups=2.18, wpb=60718.4, bsz=214'
     '1.4, num_updates=40200, lr=0.00015772, gnorm=0.483, clip=0, loss_scale=32768, train_wall=46, wall=0'),
    '2023-06-13 17:32:38 | INFO | fairseq_cli.train | begin validation on "valid" subset',
    ("2023-06-13 17:32:41 | INFO | valid | epoch 143 | valid on 'valid' subset | loss 12.677 | nll_loss 11.546 | w"
     'ord_ins 12.459 | length 4.375 | ppl 6550.94 | bleu 29.52 | wps 88225 | wpb 21176.3 | bsz 666.3 | num_updates'
     ' 40297 | best_bleu 30.53'),
    '2023-06-13 17:32:41 | INFO | fairseq_cli.train | begin save checkpoint',
    ('2023-06-13 17:32:53 | INFO | fairseq.checkpoint_utils | saved checkpoint /opt/data/private/friends/tzc/check'
     'point/checkpoints_syntax_nat/nat59/checkpoint143.pt (epoch 143 @ 40297 updates, score 29.52) (writing took 1'
     '2.236636321991682 seconds)'),
    '2023-06-13 17:32:53 | INFO | fairseq_cli.train | end of epoch 143 (average epoch stats below)',
    ('2023-06-13 17:32:53 | INFO | train | epoch 143 | loss 3.14 | nll_loss 1.23 | glat_accu 0.5 | glat_context_p '
     '0.473 | word_ins 3.023 | length 3.065 | ppl 8.82 | wps 106814 | ups 1.77 | wpb 60411 | bsz 2157.9 | num_upda'
     'tes 40297 | lr 0.00015753 | gnorm 0.485 | clip 0 | loss_scale 32768 | train_wall 260 | wall 0'),
    '2023-06-13 17:32:54 | INFO | fairseq.trainer | begin training epoch 144',
    ('2023-06-13 17:33:01 | INFO | train_inner | epoch 144:      3 / 282 loss=3.14, nll_loss=1.23, glat_accu=0.495'
     ', glat_context_p=0.473, word_ins=3.023, length=3.076, ppl=8.82, wps=89307.1, ups=1.49, wpb=60051.3, bsz=2117'
     '.5, num_updates=40300, lr=0.000157524, gnorm=0.491, clip=0, loss_scale=32768, train_wall=45, wall=0'),
]


def test_a_validation_and_a_save_are_timed_from_their_begin_lines(tmp_path: Path) -> None:
    """`begin validation on "valid" subset` at 17:32:38, its summary at 17:32:41: 3 s of evaluation;
    `begin save checkpoint` at 17:32:41, `saved checkpoint ... (writing took 12.236... seconds)` at
    17:32:53: 12 s of saving. A step's time is its line's `ups` (updates a second), not the `wall=0`
    difference (0 s)."""
    con = console_connection(tmp_path, FAIRSEQ_EPOCH_END)
    buckets = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    assert (buckets["eval"], buckets["checkpoint_save"]) == (3.0, 12.0)
    took = float(re.search(r"writing took ([\d.]+) seconds", "".join(FAIRSEQ_EPOCH_END)).group(1))  # type: ignore[union-attr]
    assert con.execute("select duration_s from log_events where kind = 'checkpoint_save_end'").fetchall() == [(took,)]
    assert [t for (t,) in con.execute("select step_time_s from log_steps order by line").fetchall()] == [
        pytest.approx(1 / 1.21), pytest.approx(1 / 2.18), pytest.approx(1 / 1.49)]


# fairseq examples/fully_sharded_data_parallel/README.md, its 13B run on 8 V100s in the JSON log format (stored
# file id 5554320): its last step, the validation and the end
FAIRSEQ_JSON_VALIDATION = [
    ('2021-03-08 18:11:01 | INFO | train_inner | {"epoch": 1, "update": 0.011, "loss": "16.794", "ppl": "1'
     '13647", "wps": "3230", "ups": "0.02", "wpb": "131072", "bsz": "64", "num_updates": "8", "lr": "4e-05'
     '", "gnorm": "5.616", "loss_scale": "1", "train_wall": "41", "gb_free": "9.3", "wall": "411"}'),
    ('2021-03-08 18:11:39 | INFO | train_inner | {"epoch": 1, "update": 0.012, "loss": "16.706", "ppl": "1'
     '06938", "wps": "3384", "ups": "0.03", "wpb": "131072", "bsz": "64", "num_updates": "9", "lr": "2e-05'
     '", "gnorm": "5.318", "loss_scale": "1", "train_wall": "39", "gb_free": "9.3", "wall": "450"}'),
    ('2021-03-08 18:12:19 | INFO | train_inner | {"epoch": 1, "update": 0.013, "loss": "16.548", "ppl": "9'
     '5796.2", "wps": "3274.4", "ups": "0.02", "wpb": "131072", "bsz": "64", "num_updates": "10", "lr": "0'
     '", "gnorm": "5.22", "loss_scale": "1", "train_wall": "40", "gb_free": "9.3", "wall": "490"}'),
    '2021-03-08 18:12:19 | INFO | fairseq_cli.train | Stopping training due to num_updates: 10 >= max_update: 10',
    '2021-03-08 18:12:19 | INFO | fairseq_cli.train | begin validation on "valid" subset',
    ('2021-03-08 18:12:45 | INFO | valid | {"epoch": 1, "valid_loss": "16.624", "valid_ppl": "101000", "va'
     'lid_wps": "10855.9", "valid_wpb": "123202", "valid_bsz": "60.5", "valid_num_updates": "10"}'),
    '2021-03-08 18:12:45 | INFO | fairseq_cli.train | end of epoch 1 (average epoch stats below)',
    ('2021-03-08 18:12:45 | INFO | train | {"epoch": 1, "train_loss": "18.114", "train_ppl": "283776", "tr'
     'ain_wps": "2567.8", "train_ups": "0.02", "train_wpb": "131072", "train_bsz": "64", "train_num_update'
     's": "10", "train_lr": "0", "train_gnorm": "29.562", "train_loss_scale": "1", "train_train_wall": "48'
     '0", "train_gb_free": "9.3", "train_wall": "516"}'),
    '2021-03-08 18:12:45 | INFO | fairseq_cli.train | done training in 509.9 seconds',
]


def test_a_json_logs_validation_record_ends_the_validation(tmp_path: Path) -> None:
    """`begin validation on "valid" subset` at 18:12:19, then the JSON format's `| valid | {"epoch": 1,
    "valid_loss": ...}` at 18:12:45: 26 s of evaluation (it was time with nothing logged)."""
    con = console_connection(tmp_path, FAIRSEQ_JSON_VALIDATION)
    kinds = con.execute("select kind from log_events where kind like 'eval%' order by line").fetchall()
    assert [k for (k,) in kinds] == ["eval_start", "eval_end"]
    (seconds,) = con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()
    assert seconds == 26


# fairseq's hydra log of a wav2vec 2.0 pre-training (github.com/kehanlu/Mandarin-Wav2Vec2 @
# 9824c4320cd1cc46fdbbeef50e691bb8606d75d2 : hydra_train.log, lines 287-298): epoch 1's last two
# train_inner lines, its validation, its save and its summary
FAIRSEQ_HYDRA_EPOCH_END = [
    ("[2022-04-08 18:48:05,372][train_inner][INFO] - {\"epoch\": 1, \"update\": 0.416, \"loss\": \"9.276\", \"ntoke"
     "ns\": \"116171\", \"nsentences\": \"336.18\", \"prob_perplexity\": \"389.474\", \"code_perplexity\": \"377.731\", \""
     "temp\": \"1.999\", \"loss_0\": \"6.679\", \"loss_1\": \"0.056\", \"loss_2\": \"2.54\", \"accuracy\": \"0.01168\", \"wps\""
     ": \"58056.1\", \"ups\": \"0.5\", \"wpb\": \"116171\", \"bsz\": \"336.2\", \"num_updates\": \"200\", \"lr\": \"3.125e-06\","
     " \"gnorm\": \"1.421\", \"loss_scale\": \"128\", \"train_wall\": \"404\", \"gb_free\": \"23.1\", \"wall\": \"425\"}"),
    ("[2022-04-08 18:54:45,183][train_inner][INFO] - {\"epoch\": 1, \"update\": 0.832, \"loss\": \"6.961\", \"ntoke"
     "ns\": \"116185\", \"nsentences\": \"337.305\", \"prob_perplexity\": \"535.014\", \"code_perplexity\": \"522.584\", "
     "\"temp\": \"1.997\", \"loss_0\": \"6.651\", \"loss_1\": \"0.024\", \"loss_2\": \"0.286\", \"accuracy\": \"0.01312\", \"wp"
     "s\": \"58120\", \"ups\": \"0.5\", \"wpb\": \"116185\", \"bsz\": \"337.3\", \"num_updates\": \"400\", \"lr\": \"6.25e-06\", "
     "\"gnorm\": \"0.144\", \"loss_scale\": \"256\", \"train_wall\": \"399\", \"gb_free\": \"23.2\", \"wall\": \"825\"}"),
    ("[2022-04-08 18:55:11,305][fairseq.trainer][INFO] - NOTE: gradient overflow detected, ignoring gradie"
     "nt, setting loss scale to: 128.0"),
    ("[2022-04-08 18:56:27,095][fairseq.trainer][INFO] - NOTE: gradient overflow detected, ignoring gradie"
     "nt, setting loss scale to: 64.0"),
    "[2022-04-08 18:57:25,754][fairseq_cli.train][INFO] - begin validation on \"valid\" subset",
    ("[2022-04-08 18:58:04,035][valid][INFO] - {\"epoch\": 1, \"valid_loss\": \"6.389\", \"valid_ntokens\": \"14470"
     ".6\", \"valid_nsentences\": \"42.0256\", \"valid_prob_perplexity\": \"193.268\", \"valid_code_perplexity\": \"18"
     "4.825\", \"valid_temp\": \"1.995\", \"valid_loss_0\": \"6.216\", \"valid_loss_1\": \"0.101\", \"valid_loss_2\": \"0."
     "072\", \"valid_accuracy\": \"0.02587\", \"valid_wps\": \"169012\", \"valid_wpb\": \"14470.6\", \"valid_bsz\": \"42\","
     " \"valid_num_updates\": \"479\"}"),
    ("[2022-04-08 18:58:04,037][fairseq.checkpoint_utils][INFO] - Preparing to save checkpoint for epoch 1"
     " @ 479 updates"),
    ("[2022-04-08 18:58:04,038][fairseq.trainer][INFO] - Saving checkpoint to checkpoints/checkpoint_best."
     "pt"),
    ("[2022-04-08 18:58:05,804][fairseq.trainer][INFO] - Finished saving checkpoint to checkpoints/checkpo"
     "int_best.pt"),
    ("[2022-04-08 18:58:06,785][fairseq.checkpoint_utils][INFO] - Saved checkpoint checkpoints/checkpoint_"
     "best.pt (epoch 1 @ 479 updates, score 6.389) (writing took 2.748121090233326 seconds)"),
    "[2022-04-08 18:58:06,786][fairseq_cli.train][INFO] - end of epoch 1 (average epoch stats below)",
    ("[2022-04-08 18:58:06,786][train][INFO] - {\"epoch\": 1, \"train_loss\": \"7.864\", \"train_ntokens\": \"11596"
     "1\", \"train_nsentences\": \"336.031\", \"train_prob_perplexity\": \"448.89\", \"train_code_perplexity\": \"436."
     "897\", \"train_temp\": \"1.998\", \"train_loss_0\": \"6.625\", \"train_loss_1\": \"0.043\", \"train_loss_2\": \"1.19"
     "6\", \"train_accuracy\": \"0.01377\", \"train_wps\": \"55450.7\", \"train_ups\": \"0.48\", \"train_wpb\": \"115961\","
     " \"train_bsz\": \"336\", \"train_num_updates\": \"479\", \"train_lr\": \"7.48437e-06\", \"train_gnorm\": \"0.712\", "
     "\"train_loss_scale\": \"64\", \"train_train_wall\": \"964\", \"train_gb_free\": \"23.5\", \"train_wall\": \"1026\"}"),
]


def test_fairseq_hydra_validation_save_and_epoch_summary(tmp_path: Path) -> None:
    """In the hydra format (`[time][fairseq_cli.train][INFO] - begin validation on "valid" subset`,
    `[time][valid][INFO] - {...}`): a validation from its begin to its summary; the save from `Saving
    checkpoint to` (at the update `Preparing to save checkpoint for epoch 1 @ 479 updates` named before it) to
    checkpoint_utils' `Saved checkpoint <path> (epoch 1 @ 479 updates, ...) (writing took
    2.748... seconds)`, one save though the trainer said `Finished saving checkpoint to <path>` first; the
    epoch's summary (`"train_num_updates": "479"`) the updates done, past the last train_inner line's."""
    _, steps, events = _read(tmp_path, FAIRSEQ_HYDRA_EPOCH_END, name="hydra_train.log")
    assert [s["step"] for s in steps][-1] == 479
    got = [(e["kind"], e["line"], e["step"], e["duration_s"]) for e in events if e["kind"] != "attempt_start"]
    assert got == [("eval_start", 5, None, None), ("eval_end", 6, None, None),
                   ("checkpoint_save_start", 8, 479, None), ("checkpoint_save_end", 10, 479, 2.748121090233326)]


# A wav2vec 2.0 fine-tune under fairseq's hydra, resumed at update 52, logging every update, its lines dated to the
# millisecond (Open-Speech-EkStep/vakyansh-wav2vec2-experimentation@e576a9ae63ae029425c39e489fff58e705c963a4,
# tests/finetuning/outputs/2021-04-30/07-14-45/hydra_train.log, lines 286-289)
HYDRA_EVERY_UPDATE = [
    '[2021-04-30 07:15:07,695][train_inner][INFO] - {"epoch": 2, "update": 1.018, "loss": "2022.2", "ntokens": "8885", "n'
        'sentences": "174", "nll_loss": "39.602", "wps": "0", "ups": "0", "wpb": "8885", "bsz": "174", "num_updates": "53", "'
        'lr": "1.81175e-06", "gnorm": "477.721", "loss_scale": "4", "train_wall": "2", "gb_free": "12.3", "wall": "10"}',
    '[2021-04-30 07:15:08,876][train_inner][INFO] - {"epoch": 2, "update": 1.035, "loss": "1754.15", "ntokens": "8330", "'
        'nsentences": "195", "nll_loss": "41.063", "wps": "7068.7", "ups": "0.85", "wpb": "8330", "bsz": "195", "num_updates"'
        ': "54", "lr": "1.8365e-06", "gnorm": "405.12", "loss_scale": "4", "train_wall": "1", "gb_free": "12.1", "wall": "11"'
        '}',
    '[2021-04-30 07:15:10,079][train_inner][INFO] - {"epoch": 2, "update": 1.053, "loss": "1868.25", "ntokens": "8665", "'
        'nsentences": "182", "nll_loss": "39.241", "wps": "7210.8", "ups": "0.83", "wpb": "8665", "bsz": "182", "num_updates"'
        ': "55", "lr": "1.86125e-06", "gnorm": "444.198", "loss_scale": "4", "train_wall": "1", "gb_free": "12.1", "wall": "1'
        '2"}',
    '[2021-04-30 07:15:11,214][train_inner][INFO] - {"epoch": 2, "update": 1.07, "loss": "2059.4", "ntokens": "8987", "ns'
        'entences": "172", "nll_loss": "39.414", "wps": "7936.6", "ups": "0.88", "wpb": "8987", "bsz": "172", "num_updates": '
        '"56", "lr": "1.886e-06", "gnorm": "466.002", "loss_scale": "4", "train_wall": "1", "gb_free": "12.1", "wall": "14"}',
]


def test_a_log_every_update_takes_its_time_from_ups_not_the_whole_second_wall(tmp_path: Path) -> None:
    """`"ups": "0.85"` a line, `"wall"` 1 or 2 s apart in whole seconds: each update's time is 1 / ups (1.176 s),
    as the lines' own millisecond dates say (07:15:07,695 to 07:15:08,876: 1.181 s), not the wall clock's 1 or 2."""
    name, steps, _ = _rows(tmp_path, HYDRA_EVERY_UPDATE)
    records = [json.loads(line.split("[INFO] - ", 1)[1]) for line in HYDRA_EVERY_UPDATE]
    dated = [datetime.strptime(line[1:24], "%Y-%m-%d %H:%M:%S,%f") for line in HYDRA_EVERY_UPDATE]
    assert name == "fairseq" and [s["step"] for s in steps] == [int(r["num_updates"]) for r in records]
    assert [s["step_time_s"] for s in steps[1:]] == [1 / float(r["ups"]) for r in records[1:]]
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(dated)]
    assert all(abs(s["step_time_s"] - gap) < 0.05 for s, gap in zip(steps[1:], gaps, strict=True))
    assert {int(b["wall"]) - int(a["wall"]) for a, b in itertools.pairwise(records)} <= {1, 2}
