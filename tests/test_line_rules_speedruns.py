"""Speed-run and benchmark-record logs in the wild: lines quoted verbatim from public files (each block's source is
cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _absl_s, _read

# A modded-nanogpt port to an 8 GB laptop GPU: its count padded, bars between its fields, its training clock in seconds
# (hemantrb17/modded-nanogpt-rtx4070@66a974d51a29d895a9fcf3fcfd2458c31048a741, records/rtx_4070_laptop/training_log.txt,
# lines 8-14)
RTX4070 = [
    "Starting training...",
    "step:   0/3250 | val_loss:10.8258 | train_time:0.0s | step_avg:nanms | peak_vram:1043MB",
    "step:   1/3250 | train_time:38.6s | step_avg:38593.6ms | peak_vram:3073MB",
    "step:   2/3250 | train_time:40.6s | step_avg:20323.2ms | peak_vram:3840MB",
    "step:   3/3250 | train_time:42.7s | step_avg:14219.7ms | peak_vram:3840MB",
    "step:   4/3250 | train_time:44.7s | step_avg:11173.0ms | peak_vram:3840MB",
    "step:   5/3250 | train_time:46.7s | step_avg:9346.4ms | peak_vram:3840MB",
]


def test_a_modded_nanogpt_forks_padded_barred_lines_with_a_clock_in_seconds_are_its_steps(tmp_path: Path) -> None:
    """`step:   1/3250 | train_time:38.6s | step_avg:...` (the count padded, `|` between the fields, the seconds of
    training so far): step 1 to 5, each timed by the clock's difference (none was read: 0 steps); the evaluation's
    `step:   0/3250 | val_loss:...` is none, as the speedrun's own."""
    _, steps, _ = _read(tmp_path, RTX4070, name="training_log.txt")
    clock = [(int(m.group(1)), float(m.group(2))) for t in RTX4070
             if (m := re.match(r"step:\s+(\d+)/3250 \| train_time:([\d.]+)s \| step_avg", t)) and "val_loss" not in t]
    want = [(clock[0][0], None)] + [(b, tb - ta) for (_, ta), (b, tb) in zip(clock, clock[1:], strict=False)]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(n, pytest.approx(t) if t else None) for n, t in want]
    assert {s["framework"] for s in steps} == {"modded_nanogpt"}


# AlgoPerf's leaderboard log of a self-tuning Lion submission on its ogbg workload, 4 GPUs under torchrun, absl's glog
# lines (mlcommons/submissions_algorithms@34f592876cab7fd5f0be844582c46f6c8d928ea0,
# logs/self_tuning/lion/study_0/ogbg_pytorch/ogbg_pytorch_04-06-2026-21-28-02.log): its first step, its first
# evaluation and the steps after it (lines 107-127); two steps 500 apart, an evaluation, the next step (lines 364-373);
# its last steps, its last evaluation and the runner's final score (lines 567-575)
ALGOPERF = [
    ('I0406 21:28:30.301754 140276584478464 logging_writer.py:48] [0] global_step=0, grad_norm=1'
     '.86955, loss=0.734837'),
    'I0406 21:28:30.343752 140300641264832 submission.py:218] 0) loss = 0.735, grad_norm = 1.870',
    'I0406 21:28:30.753857 140300641264832 spec.py:333] Evaluating on the training split.',
    ('I0406 21:28:30.758702 140300641264832 dataset_info.py:707] Load dataset info from /data/og'
     'bg/ogbg_molpcba/0.1.3'),
    ('I0406 21:28:30.762161 140300641264832 reader.py:262] Creating a tf.data.Dataset reading 8 '
     'files located in folders: /data/ogbg/ogbg_molpcba/0.1.3.'),
    ('I0406 21:28:30.826143 140300641264832 logging_logger.py:49] Constructing tf.data.Dataset o'
     'gbg_molpcba for split train, from /data/ogbg/ogbg_molpcba/0.1.3'),
    'I0406 21:29:08.540498 140300641264832 spec.py:346] Evaluating on the validation split.',
    ('I0406 21:29:08.542854 140300641264832 dataset_info.py:707] Load dataset info from /data/og'
     'bg/ogbg_molpcba/0.1.3'),
    ('I0406 21:29:08.546108 140300641264832 reader.py:262] Creating a tf.data.Dataset reading 1 '
     'files located in folders: /data/ogbg/ogbg_molpcba/0.1.3.'),
    ('I0406 21:29:08.607275 140300641264832 logging_logger.py:49] Constructing tf.data.Dataset o'
     'gbg_molpcba for split validation, from /data/ogbg/ogbg_molpcba/0.1.3'),
    'I0406 21:29:27.215747 140300641264832 spec.py:363] Evaluating on the test split.',
    ('I0406 21:29:27.217972 140300641264832 dataset_info.py:707] Load dataset info from /data/og'
     'bg/ogbg_molpcba/0.1.3'),
    ('I0406 21:29:27.221191 140300641264832 reader.py:262] Creating a tf.data.Dataset reading 1 '
     'files located in folders: /data/ogbg/ogbg_molpcba/0.1.3.'),
    ('I0406 21:29:27.280232 140300641264832 logging_logger.py:49] Constructing tf.data.Dataset o'
     'gbg_molpcba for split test, from /data/ogbg/ogbg_molpcba/0.1.3'),
    ('I0406 21:29:45.873589 140300641264832 submission_runner.py:516] Time since start: 86.46s, '
     "\tStep: 1, \t{'train/accuracy': 0.520178065168115, 'train/loss': 0.7340809274618363, 'train/"
     "mean_average_precision': 0.020681481670804712, 'validation/accuracy': 0.5209850814609387, "
     "'validation/loss': 0.7328428885266238, 'validation/mean_average_precision': 0.023876675762"
     "026633, 'validation/num_examples': 43793, 'test/accuracy': 0.5190258658955779, 'test/loss'"
     ": 0.7331224483865506, 'test/mean_average_precision': 0.02707025324649488, 'test/num_exampl"
     "es': 43793, 'score': 10.930009841918945, 'total_duration': 86.45853304862976, 'accumulated"
     "_submission_time': 10.930009841918945, 'accumulated_eval_time': 75.11961722373962, 'accumu"
     "lated_logging_time': 0}"),
    ('I0406 21:29:45.909247 140265880467200 logging_writer.py:48] [1] accumulated_eval_time=75.1'
     '196, accumulated_logging_time=0, accumulated_submission_time=10.93, global_step=1, preempt'
     'ion_count=0, score=10.93, test/accuracy=0.519026, test/loss=0.733122, test/mean_average_pr'
     'ecision=0.0270703, test/num_examples=43793, total_duration=86.4585, train/accuracy=0.52017'
     '8, train/loss=0.734081, train/mean_average_precision=0.0206815, validation/accuracy=0.5209'
     '85, validation/loss=0.732843, validation/mean_average_precision=0.0238767, validation/num_'
     'examples=43793'),
    ('I0406 21:29:46.624395 140265888859904 logging_writer.py:48] [1] global_step=1, grad_norm=1'
     '.87035, loss=0.734703'),
    'I0406 21:29:46.627444 140300641264832 submission.py:218] 1) loss = 0.735, grad_norm = 1.870',
    ('I0406 21:29:46.872750 140265880467200 logging_writer.py:48] [2] global_step=2, grad_norm=1'
     '.88589, loss=0.732424'),
    'I0406 21:29:46.875991 140300641264832 submission.py:218] 2) loss = 0.732, grad_norm = 1.886',
    'I0406 21:29:47.118235 140265888859904 logging_writer.py:48] [3] global_step=3, grad_norm=1.86722, loss=0.7348',
    ('I0406 21:57:38.309416 140265888859904 logging_writer.py:48] [7000] global_step=7000, grad_'
     'norm=0.0167092, loss=0.0433323'),
    'I0406 21:57:38.312502 140300641264832 submission.py:218] 7000) loss = 0.043, grad_norm = 0.017',
    ('I0406 21:59:31.927901 140265880467200 logging_writer.py:48] [7500] global_step=7500, grad_'
     'norm=0.0155483, loss=0.0425521'),
    'I0406 21:59:31.931303 140300641264832 submission.py:218] 7500) loss = 0.043, grad_norm = 0.016',
    'I0406 22:01:26.431054 140300641264832 spec.py:333] Evaluating on the training split.',
    'I0406 22:01:52.421303 140300641264832 spec.py:346] Evaluating on the validation split.',
    'I0406 22:01:54.417230 140300641264832 spec.py:363] Evaluating on the test split.',
    ('I0406 22:01:56.456656 140300641264832 submission_runner.py:516] Time since start: 2017.04s'
     ", \tStep: 7998, \t{'train/accuracy': 0.9885319986107025, 'train/loss': 0.039366155158554066,"
     " 'train/mean_average_precision': 0.2044839360562521, 'validation/accuracy': 0.985632706477"
     "5816, 'validation/loss': 0.049167769682063656, 'validation/mean_average_precision': 0.1759"
     "4219574586276, 'validation/num_examples': 43793, 'test/accuracy': 0.9846964259091893, 'tes"
     "t/loss': 0.05185697985515132, 'test/mean_average_precision': 0.1765432871998511, 'test/num"
     "_examples': 43793, 'score': 1815.6109366416931, 'total_duration': 2017.0416502952576, 'acc"
     "umulated_submission_time': 1815.6109366416931, 'accumulated_eval_time': 195.35765671730042"
     ", 'accumulated_logging_time': 0.17742395401000977}"),
    ('I0406 22:01:56.510826 140265888859904 logging_writer.py:48] [7998] accumulated_eval_time=1'
     '95.358, accumulated_logging_time=0.177424, accumulated_submission_time=1815.61, global_ste'
     'p=7998, preemption_count=0, score=1815.61, test/accuracy=0.984696, test/loss=0.051857, tes'
     't/mean_average_precision=0.176543, test/num_examples=43793, total_duration=2017.04, train/'
     'accuracy=0.988532, train/loss=0.0393662, train/mean_average_precision=0.204484, validation'
     '/accuracy=0.985633, validation/loss=0.0491678, validation/mean_average_precision=0.175942,'
     ' validation/num_examples=43793'),
    ('I0406 22:01:57.663723 140265880467200 logging_writer.py:48] [8000] global_step=8000, grad_'
     'norm=0.0178952, loss=0.0456729'),
    ('I0407 00:00:31.182089 140265880467200 logging_writer.py:48] [39000] global_step=39000, gra'
     'd_norm=0.0598699, loss=0.0320653'),
    'I0407 00:00:31.185225 140300641264832 submission.py:218] 39000) loss = 0.032, grad_norm = 0.060',
    'I0407 00:01:49.932947 140300641264832 spec.py:333] Evaluating on the training split.',
    'I0407 00:02:14.598441 140300641264832 spec.py:346] Evaluating on the validation split.',
    'I0407 00:02:16.554854 140300641264832 spec.py:363] Evaluating on the test split.',
    ('I0407 00:02:18.589560 140300641264832 submission_runner.py:516] Time since start: 9239.17s'
     ", \tStep: 39376, \t{'train/accuracy': 0.9920100920180059, 'train/loss': 0.02619144709151679,"
     " 'train/mean_average_precision': 0.5004222705678567, 'validation/accuracy': 0.987016503268"
     "5044, 'validation/loss': 0.043698383522182964, 'validation/mean_average_precision': 0.2830"
     "14990979593, 'validation/num_examples': 43793, 'test/accuracy': 0.9862605591628981, 'test/"
     "loss': 0.0463169135226774, 'test/mean_average_precision': 0.2710090623064008, 'test/num_ex"
     "amples': 43793, 'score': 8582.123725652695, 'total_duration': 9239.174527168274, 'accumula"
     "ted_submission_time': 8582.123725652695, 'accumulated_eval_time': 629.6173708438873, 'accu"
     "mulated_logging_time': 0.9516189098358154}"),
    ('I0407 00:02:18.641598 140265888859904 logging_writer.py:48] [39376] accumulated_eval_time='
     '629.617, accumulated_logging_time=0.951619, accumulated_submission_time=8582.12, global_st'
     'ep=39376, preemption_count=0, score=8582.12, test/accuracy=0.986261, test/loss=0.0463169, '
     'test/mean_average_precision=0.271009, test/num_examples=43793, total_duration=9239.17, tra'
     'in/accuracy=0.99201, train/loss=0.0261914, train/mean_average_precision=0.500422, validati'
     'on/accuracy=0.987017, validation/loss=0.0436984, validation/mean_average_precision=0.28301'
     '5, validation/num_examples=43793'),
    ('I0407 00:02:19.093502 140265880467200 logging_writer.py:48] [39376] global_step=39376, pre'
     'emption_count=0, score=8582.12'),
    'I0407 00:02:19.188216 140300641264832 submission_runner.py:857] Final ogbg score: 8582.123725652695',
]


def test_algoperfs_evaluation_records_are_no_steps_its_evaluations_begin_at_their_word_and_its_final_score_ends_it(
        tmp_path: Path) -> None:
    """AlgoPerf's evaluation records (`submission_runner.py:516] Time since start: ..., Step: 1, {'train/loss': ...,
    'validation/loss': ...}` and `[1] accumulated_eval_time=..., test/loss=...`) are no steps: the steps are its
    metrics writer's `[N] global_step=N, grad_norm=..., loss=...` lines, each once with its loss (step 1 was three
    rows, two with an evaluation's loss, and its repeat read as the count going back: a restart, 75 s of lost
    work), and the final evaluation's step past the last of those, the step the run reached, with no loss; an
    evaluation begins at `spec.py:333] Evaluating on the training split.` (it began at the step line
    before it, 114 s of training read as evaluation) and ends with its results; `Final ogbg score: ...` ends the run
    (it was `unknown`)."""
    _, steps, events = _read(tmp_path, ALGOPERF, name="ogbg_pytorch_04-06-2026-21-28-02.log")
    trained = [(int(m.group(1)), float(m.group(2))) for t in ALGOPERF
               if (m := re.search(r"logging_writer\.py:48\] \[\d+\] global_step=(\d+), grad_norm=[\d.]+, loss=([\d.]+)$", t))]
    final = [int(m.group(1)) for t in ALGOPERF if (m := re.search(r"\] Time since start: [\d.]+s,\s+Step: (\d+),", t))][-1]
    assert [(s["step"], s["loss"]) for s in steps] == [*trained, (final, None)]  # (the step the run reached: 39376)
    evals = [(e["kind"], e["ts_ns"]) for e in events if e["kind"] in ("eval_start", "eval_end")]
    begins = [_absl_s(t) for t in ALGOPERF if t.endswith("] Evaluating on the training split.")]
    results = [_absl_s(t) for t in ALGOPERF if "] accumulated_eval_time=" in t]
    assert [kind for kind, _ in evals] == ["eval_start", "eval_end"] * 3
    spans = [(end - start) / 1e9 for (_, start), (_, end) in zip(evals[::2], evals[1::2], strict=True)]
    assert spans == [pytest.approx(b - a, abs=1e-6) for a, b in zip(begins, results, strict=True)]
    final = next(n for n, t in enumerate(ALGOPERF, start=1) if "] Final ogbg score: " in t)
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [final]
