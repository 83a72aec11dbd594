"""Medical-imaging, image-restoration and forecasting logs (a script's own epoch bar named for its loop, its early
stop with its reason, its fine-tuning's end word, BasicSR's end of training and the time it says it took, an epoch
CSV of a script's own names and of printed tensors): lines quoted verbatim from public files (each block's source
is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read


def _ns(at: datetime) -> int:
    """A UTC time as integer nanoseconds (no float rounding)."""
    return (int(at.replace(microsecond=0).timestamp()) * 10**6 + at.microsecond) * 1000


def _bracket_ns(text: str) -> int:
    """`[2025-11-20 02:33:29]` as UTC nanoseconds."""
    return int(datetime.strptime(text, "[%Y-%m-%d %H:%M:%S]").replace(tzinfo=UTC).timestamp()) * 10**9


# A Colab fine-tune of a MoCo-pretrained ResNet-50 on CheXpert: its tqdm bar an epoch named `Finetune Epoch N`, its
# summaries, its early stop and end words (zfrongillo12/python_dl_simclr@2c94c9eeea73dc584145f84795444bf405e6f37c,
# training_logs/baseline/tl_chexpert_multi_class_training_log_20251120_022134.log, lines 14-25 and 71-77)
CHEXPERT = [
    '[2025-11-20 02:21:34] Beginning finetuning training...',
    'Finetune Epoch 0: 100% 274/274 [00:49<00:00,  5.54it/s]',
    '[2025-11-20 02:22:29] Epoch 0: train_acc = 0.3371 | val_acc = 0.1761',
    '[2025-11-20 02:22:29] Epoch 0: train_loss = 2.4054 | val_loss = 2.4403',
    '[2025-11-20 02:22:29] New best model at epoch 1 with val_acc = 0.1761',
    ('[2025-11-20 02:22:29] Saved checkpoint: /content/drive/MyDrive/Colab Notebooks/7_Py_DL/FP/artifacts/'
     'CheXpert_Multiclass_resnet50_finetuned_model_epoch_1.pth'),
    'Finetune Epoch 1: 100% 274/274 [00:49<00:00,  5.54it/s]',
    '[2025-11-20 02:23:23] Epoch 1: train_acc = 0.3567 | val_acc = 0.1773',
    '[2025-11-20 02:23:23] Epoch 1: train_loss = 2.2748 | val_loss = 2.4223',
    '[2025-11-20 02:23:23] New best model at epoch 2 with val_acc = 0.1773',
    ('[2025-11-20 02:23:23] Saved checkpoint: /content/drive/MyDrive/Colab Notebooks/7_Py_DL/FP/artifacts/'
     'CheXpert_Multiclass_resnet50_finetuned_model_epoch_2.pth'),
    'Finetune Epoch 2: 100% 274/274 [00:49<00:00,  5.51it/s]',
    'Finetune Epoch 12: 100% 274/274 [00:50<00:00,  5.46it/s]',
    '[2025-11-20 02:33:29] Epoch 12: train_acc = 0.4603 | val_acc = 0.4137',
    '[2025-11-20 02:33:29] Epoch 12: train_loss = 1.7555 | val_loss = 1.9734',
    '[2025-11-20 02:33:29] No improvement in validation accuracy at epoch 13.',
    '[2025-11-20 02:33:29] Early stopping at epoch 12 due to no improvement in validation accuracy for 5 epochs.',
    '[2025-11-20 02:33:29] Finetuning complete.',
]


def test_a_scripts_bar_named_for_its_loop_is_no_lightning_bar_and_its_early_stop_with_its_reason_ends_the_run(
        tmp_path: Path) -> None:
    """`Finetune Epoch 0: 100% 274/274 [...]`, a word before the bar's `Epoch` (Lightning's bar opens with it): the
    file is no Lightning run's (it was read as one, its framework `lightning`); `Early stopping at epoch 12 due to no
    improvement ...` ends the run, completed, at that line's time (it was no end: `unknown`)."""
    name, steps, events = _read(tmp_path, CHEXPERT, name="training_log.log")
    assert name == "generic_log" and {s["framework"] for s in steps} == {"generic"}
    stop = next(n for n, t in enumerate(CHEXPERT, start=1) if "Early stopping at epoch 12 due to" in t)
    ends = [(e["line"], e["ts_ns"], e["detail"]) for e in events if e["kind"] == "attempt_end"]
    at = _bracket_ns(CHEXPERT[stop - 1][:21])
    assert ends == [(stop, at, "early stopping"), (stop + 1, at, None)]  # (and `Finetuning complete.`, below)
    (tmp_path / "c").mkdir()
    con = console_connection(tmp_path / "c", CHEXPERT, name="training_log.log")
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_a_fine_tunings_end_word_after_a_bracketed_date_and_with_its_full_stop_ends_the_run(tmp_path: Path) -> None:
    """`[2025-11-20 02:33:29] Finetuning complete.` alone (the early stop's line left out) ends the run: the
    fine-tuning's end word was read only at a line's start and with nothing after it."""
    lines = [t for t in CHEXPERT if "Early stopping" not in t]
    _, _, events = _read(tmp_path, lines, name="training_log.log")
    done = next(n for n, t in enumerate(lines, start=1) if t.endswith("Finetuning complete."))
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"] == [
        (done, _bracket_ns(lines[done - 1][:21]))]


# BasicSR's trainer (a Restormer fork): its start, its last MessageLogger lines, its save and validation, and its end of
# training with the time since its loop began (HzFrancesca/Restormer_LLIE@0c9a7dae73f82b8f7b1c1bc965f9d0bc599900f3,
# experiments_record/11_LowLight_DINORestormer_128_2_60k_sft/train_LowLight_DINORestormer_128_2_60k_sft_20260102_141819.log,
# lines 1684 and 1773-1778)
BASICSR_END = [
    '2026-01-02 14:18:26,693 INFO: Start training from epoch: 0, iter: 0',
    ('2026-01-02 17:44:39,666 INFO: [LowLi..][epoch:168, iter:  58,000, lr:(1.250e-05,)] [eta: 0:07:06, time (data): '
     '0.179 (0.001)] l_rec: 7.9043e-02 l_ssim: 7.8386e-02 l_per: 3.6453e+00 l_sem: 3.7790e-01 '),
    ('2026-01-02 17:48:02,844 INFO: [LowLi..][epoch:171, iter:  59,000, lr:(1.250e-05,)] [eta: 0:03:32, time (data): '
     '0.210 (0.000)] l_rec: 4.1214e-02 l_ssim: 1.3048e-01 l_per: 7.1865e+00 l_sem: 4.8531e-01 '),
    ('2026-01-02 17:51:29,800 INFO: [LowLi..][epoch:174, iter:  60,000, lr:(1.250e-05,)] [eta: 0:00:00, time (data): '
     '0.172 (0.001)] l_rec: 5.3890e-02 l_ssim: 9.5296e-02 l_per: 4.7686e+00 l_sem: 2.4309e-01 '),
    '2026-01-02 17:51:29,801 INFO: Saving models and training states.',
    '2026-01-02 17:52:03,567 INFO: Validation ValSet,\t\t # psnr: 21.1105',
    '2026-01-02 17:52:03,568 INFO: End of training. Time consumed: 3:33:36',
]


def test_basicsrs_end_of_training_after_its_loggers_level_ends_the_run_and_says_how_long_it_trained(tmp_path: Path) -> None:
    """`INFO: End of training. Time consumed: 3:33:36` (BasicSR's, Real-ESRGAN's, Restormer's, NAFNet's): the run's
    end, completed (it was `unknown`: the end word was read only alone on its line), having trained 3:33:36 (12,816
    s), its loop begun that long before the line: 14:18:27.568, a second after its `Start training` line."""
    con = console_connection(tmp_path, BASICSR_END, name="train_x.log")
    end = datetime(2026, 1, 2, 17, 52, 3, 568000, tzinfo=UTC)
    assert con.execute("select line, duration_s from log_events where kind = 'attempt_end'").fetchall() == [
        (len(BASICSR_END), 3 * 3600 + 33 * 60 + 36)]
    ((reason, start_ns, end_ns),) = con.execute("select end_reason, start_ns, end_ns from attempts").fetchall()
    assert reason == "completed" and end_ns == _ns(end)
    started = datetime(2026, 1, 2, 14, 18, 26, 693000, tzinfo=UTC)
    assert start_ns == _ns(started)  # (its start line, before the loop's start the end places)
    steps = con.execute("select step, step_time_s from log_steps order by line").fetchall()
    assert steps == [(int(m.group(1).replace(",", "")), float(m.group(2))) for t in BASICSR_END
                     if (m := re.search(r"iter: +([\d,]+), .*time \(data\): ([\d.]+) ", t))]


# reproduce-chexnet's per-epoch CSV (`csv.writer`, CRLF line ends), a script's own column names sorted by chance
# (jrzech/reproduce-chexnet@7b9d3559c5464fb723cdeb7ace558e910934269b, pretrained/log_train, lines 1-3), and a fork's,
# its losses the tensors printed (ydzhang12345/reproduce-chexnet@5e57cd4a793f624f5168a1cc90c4f0dd7045c8f8,
# ResNet101-results/log_train, lines 1-3)
CHEXNET_CSV = ("epoch,train_loss,val_loss\r\n1,0.1617817981930606,0.15396036125459883\r\n"
               "2,0.15078333777535938,0.14964735137129523\r\n")
CHEXNET_TENSORS = ("epoch,train_loss,val_loss\r\n1,\"tensor(0.0072, device='cuda:0')\",\"tensor(0.0009, device='cuda:0')\"\r\n"
                   "2,\"tensor(0.0017, device='cuda:0')\",\"tensor(0.0003, device='cuda:0')\"\r\n")


def _csv_steps(tmp_path: Path, text: str) -> tuple[str, list[tuple[int, float, str]]]:
    from tracelens.parsers import detect, registry
    from tracelens.parsers._io import read_head
    from tracelens.parsers.contract import ParseOptions

    path = tmp_path / "log_train"
    path.write_bytes(text.encode())
    parser = detect(path, read_head(path), registry())[0]
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    return parser.name, [(s["step"], s["loss"], s["framework"]) for s in steps]


def test_an_epoch_csv_of_a_scripts_own_names_is_no_keras_csv_loggers(tmp_path: Path) -> None:
    """`epoch,train_loss,val_loss`: its names sorted, as Keras' CSVLogger sorts its metrics, but no Keras name (its
    training loss is `loss`): a script's table, `generic` (it was labelled `keras`), each row its epoch and training loss."""
    assert _csv_steps(tmp_path, CHEXNET_CSV) == (
        "epoch_csv", [(1, 0.1617817981930606, "generic"), (2, 0.15078333777535938, "generic")])


# Keras' CSVLogger as a Keras 3 run writes it, its metrics in its logs' order (not sorted), from epoch 0
# (Balupurohit23/Book-genre-prediction-by-cover@40752fd3ee246de8d33b6bd5eb01173d30962253, log/train.log, lines 1-3)
KERAS_LOGS_ORDER = ("epoch,loss,accuracy,val_loss,val_accuracy\r\n"
                    "0,5.404398815972464,0.06919642857142858,620.0778477109711,0.08620689655172414\r\n"
                    "1,3.4482589278902327,0.10267857142857142,22.470970474440477,0.15732758620689655\r\n")


def test_keras_names_in_their_logs_order_from_epoch_0_are_keras_csv_loggers(tmp_path: Path) -> None:
    """`epoch,loss,accuracy,val_loss,val_accuracy` from epoch 0: Keras' own names (`loss`), in the order its logs hold
    them, its count from 0: CSVLogger's (it was labelled as a script's table, the names not being sorted)."""
    assert _csv_steps(tmp_path, KERAS_LOGS_ORDER) == (
        "epoch_csv", [(0, 5.404398815972464, "keras"), (1, 3.4482589278902327, "keras")])


def test_an_epoch_csvs_printed_tensors_are_their_figures(tmp_path: Path) -> None:
    """`"tensor(0.0072, device='cuda:0')"`, a loss tensor written as it prints, quoted (its comma inside the quotes):
    the figure it holds (the file was refused, its cells split at every comma and no number)."""
    assert _csv_steps(tmp_path, CHEXNET_TENSORS) == ("epoch_csv", [(1, 0.0072, "generic"), (2, 0.0017, "generic")])


# 3D-ResNets' `Logger` (tab-separated, CRLF) as a resumed run's per-batch table, its loss and accuracy the tensors
# printed (allenwang28/EE382V-Final@b106b999ddcc93a33a0ac99f72e6ab57f9b0616f, results/train_batch.log, lines 1-4)
RES3D_BATCHES = ("epoch\tbatch\titer\tloss\tacc\tlr\r\n"
                 "2\t1\t817\ttensor(3.1793, device='cuda:0')\ttensor(0.1667, device='cuda:0')\t0.1\r\n"
                 "2\t2\t818\ttensor(3.4593, device='cuda:0')\ttensor(0.1667, device='cuda:0')\t0.1\r\n"
                 "2\t3\t819\ttensor(3.3640, device='cuda:0')\ttensor(0., device='cuda:0')\t0.1\r\n")


def test_a_tab_separated_per_batch_table_is_read_a_row_an_iteration(tmp_path: Path) -> None:
    """`epoch<TAB>batch<TAB>iter<TAB>loss...`: a table of its own (it was refused: its cells were split at commas
    alone), each row the iteration it names (817, 818, 819: not its epoch, 2, three times), its loss the printed
    tensor's figure."""
    rows = [line.split("\t") for line in RES3D_BATCHES.split("\r\n")[1:-1]]
    figures = [re.match(r"tensor\(([\d.]+),", r[3]) for r in rows]
    expected = [(int(r[2]), float(f.group(1)), "generic") for r, f in zip(rows, figures, strict=True) if f is not None]
    assert _csv_steps(tmp_path, RES3D_BATCHES) == ("epoch_csv", expected)
    assert [step for step, _, _ in expected] == [817, 818, 819]


# mmaction2 1.x on MMEngine: the last training lines of a fine-tune, its save, and its EarlyStoppingHook's word as it
# stops the loop (tegrahn/projectds@c56b223ffbbf147ae9b23add97630d0a3223548c,
# Models/MMACTION/VideoMAEV2/Results/MAE_15_RFDS-_3343959.log, lines 1144-1147 and 1156)
MMENGINE_EARLY_STOP = [
    ('12/29 19:29:01 - mmengine - INFO - Epoch(train)  [27][340/349]  lr: 1.6738e-04  eta: 2:07:42  time: 0.1772  '
     'data_time: 0.0038  memory: 7652  grad_norm: 0.3117  loss: 0.6933  top1_acc: 0.3333  top5_acc: 1.0000  loss_cls: 0.6933'),
    '12/29 19:29:02 - mmengine - INFO - Exp name: MAE_15_RFDS_20241229_185615',
    ('12/29 19:29:02 - mmengine - INFO - Epoch(train)  [27][349/349]  lr: 1.6638e-04  eta: 2:07:40  time: 0.1724  '
     'data_time: 0.0038  memory: 7652  grad_norm: 0.2991  loss: 0.6926  top1_acc: 0.5000  top5_acc: 1.0000  loss_cls: 0.6926'),
    '12/29 19:29:02 - mmengine - INFO - Saving checkpoint at 27 epochs',
    '12/29 19:29:13 - mmengine - INFO - the monitored metric did not improve in the last 25 records. best score: 0.531. ',
]


def test_mmengines_early_stopping_hook_ends_the_run(tmp_path: Path) -> None:
    """`the monitored metric did not improve in the last 25 records. best score: 0.531.`: MMEngine's EarlyStoppingHook
    stops the loop, the run's end (it was none: `unknown`), at 19:29:13 on the 29th of December of the year its
    experiment's name says (2024)."""
    con = console_connection(tmp_path, MMENGINE_EARLY_STOP, name="MAE_15_RFDS-_3343959.log")
    assert con.execute("select line, detail from log_events where kind = 'attempt_end'").fetchall() == [
        (len(MMENGINE_EARLY_STOP), "early stopping")]
    ((reason, end_ns),) = con.execute("select end_reason, end_ns from attempts").fetchall()
    assert reason == "completed" and end_ns == _ns(datetime(2024, 12, 29, 19, 29, 13, tzinfo=UTC))


# PyMARL's runner through sacred's console capture (its logger's `[%(levelname)s %(asctime)s] %(name)s`, a time of day
# alone), across midnight: its progress lines, an interval's stats between them, its save into a folder named for the
# environment steps (Jonarain/dcg@12e48925fd07a1396407c850a8b9484e0433e25b, results/sacred/1/cout.txt, lines 1-3,
# 124-126, 151-154, 160-163 and 169)
PYMARL = [
    "[INFO 23:28:58] pymarl Running command 'my_main'",
    '[INFO 23:28:58] pymarl Started run with ID "1"',
    '[DEBUG 23:28:58] my_main Started',
    '[INFO 23:29:07] my_main t_env: 49 / 2050000',
    '[INFO 23:29:07] my_main Estimated time left: 23 minutes, 25 seconds. Time passed: 6 seconds',
    '[INFO 23:29:39] my_main Saving models to results/models/dcg__2021-03-04_23-28-58/49',
    '[INFO 23:48:26] my_main t_env: 30128 / 2050000',
    '[INFO 23:48:26] my_main Estimated time left: 22 hours, 5 minutes, 37 seconds. Time passed: 19 minutes, 26 seconds',
    '[INFO 23:49:06] my_main Updated target network',
    '[INFO 23:55:06] my_main Recent Stats | t_env:      40102 | Episode:      791',
    '[INFO 23:55:08] my_main t_env: 40157 / 2050000',
    '[INFO 23:55:08] my_main Estimated time left: 22 hours, 23 minutes, 6 seconds. Time passed: 26 minutes, 8 seconds',
    '[INFO 23:56:07] my_main Updated target network',
    '[INFO 00:02:26] my_main Recent Stats | t_env:      50148 | Episode:      974',
    '[INFO 00:02:28] my_main t_env: 50195 / 2050000',
]


def test_pymarls_progress_lines_are_its_steps_dated_by_its_loggers_time_of_day_across_midnight(tmp_path: Path) -> None:
    """`[INFO 23:29:07] my_main t_env: 49 / 2050000`: step 49 (the environment's steps run; the file was refused),
    dated by the time of day after the logger's level, 00:02:28 the next day's (33 min 21 s after the first line,
    not 23 h before it); `Saving models to .../49` a save at step 49; one attempt from 23:28:58 to 00:02:28."""
    con = console_connection(tmp_path, PYMARL, name="cout.txt")
    progress = [(n, int(m.group(2)), m.group(1)) for n, t in enumerate(PYMARL, start=1)
                if (m := re.match(r"\[INFO (\d\d:\d\d:\d\d)\] my_main t_env: (\d+) / 2050000$", t))]
    steps = con.execute("select line, step, end_ns from log_steps order by line").fetchall()
    assert [(line, step) for line, step, _ in steps] == [(n, s) for n, s, _ in progress] and len(steps) == 4
    day = 24 * 3600 * 10**9
    first = steps[0][2] - ((23 * 60 + 29) * 60 + 7) * 10**9  # (the first line's midnight, as the clock dates it)
    assert first % day == 0
    assert [end for _, _, end in steps] == [
        first + sum(int(x) * f for x, f in zip(at.split(":"), (3600, 60, 1), strict=True)) * 10**9
        + (day if at < "12" else 0) for _, _, at in progress]
    assert con.execute("select line, kind, step from log_events where kind like 'checkpoint%'").fetchall() == [
        (6, "checkpoint_save_start", 49)]
    ((start_ns, end_ns),) = con.execute("select start_ns, end_ns from attempts").fetchall()
    assert (end_ns - start_ns) / 1e9 == (24 * 3600 - (23 * 3600 + 28 * 60 + 58)) + 2 * 60 + 28


# Stable-Baselines3's PPO through W&B's console capture: its logger's tables, iterations 1 to 3 (rishabhg97/robust-cartpole@
# 4a8e53d1c05ee73bafdffa12705aa4543bdf4197, wandb/latest-run/files/output.log, lines 1-56)
SB3_PPO = [
    'Training PPO Model and saving: ppo_agent.zip',
    'Using cpu device',
    'Wrapping the env with a `Monitor` wrapper',
    'Wrapping the env in a DummyVecEnv.',
    '---------------------------------',
    '| rollout/           |          |',
    '|    ep_len_mean     | 22       |',
    '|    ep_rew_mean     | 22       |',
    '| time/              |          |',
    '|    fps             | 6662     |',
    '|    iterations      | 1        |',
    '|    time_elapsed    | 0        |',
    '|    total_timesteps | 2048     |',
    '---------------------------------',
    '-----------------------------------------',
    '| rollout/                |             |',
    '|    ep_len_mean          | 24.6        |',
    '|    ep_rew_mean          | 24.6        |',
    '| time/                   |             |',
    '|    fps                  | 4504        |',
    '|    iterations           | 2           |',
    '|    time_elapsed         | 0           |',
    '|    total_timesteps      | 4096        |',
    '| train/                  |             |',
    '|    approx_kl            | 0.008349779 |',
    '|    clip_fraction        | 0.0965      |',
    '|    clip_range           | 0.2         |',
    '|    entropy_loss         | -0.686      |',
    '|    explained_variance   | 0.00935     |',
    '|    learning_rate        | 0.0003      |',
    '|    loss                 | 8.36        |',
    '|    n_updates            | 10          |',
    '|    policy_gradient_loss | -0.0138     |',
    '|    value_loss           | 52.8        |',
    '-----------------------------------------',
    '-----------------------------------------',
    '| rollout/                |             |',
    '|    ep_len_mean          | 32.1        |',
    '|    ep_rew_mean          | 32.1        |',
    '| time/                   |             |',
    '|    fps                  | 4281        |',
    '|    iterations           | 3           |',
    '|    time_elapsed         | 1           |',
    '|    total_timesteps      | 6144        |',
    '| train/                  |             |',
    '|    approx_kl            | 0.011799855 |',
    '|    clip_fraction        | 0.0871      |',
    '|    clip_range           | 0.2         |',
    '|    entropy_loss         | -0.664      |',
    '|    explained_variance   | 0.0738      |',
    '|    learning_rate        | 0.0003      |',
    '|    loss                 | 11.6        |',
    '|    n_updates            | 20          |',
    '|    policy_gradient_loss | -0.0223     |',
    '|    value_loss           | 31.3        |',
    '-----------------------------------------',
]


def test_stable_baselines3s_iterations_are_timed_by_its_steps_over_its_rate(tmp_path: Path) -> None:
    """`time_elapsed` 0, 0, 1 (whole seconds: no step time, the spans too short for them) and `fps` 6662, 4504, 4281
    over `total_timesteps` 2048, 4096, 6144 (the second's steps twice the first's: every step this run's, as its rate
    counts them): learning's seconds are the steps over the rate (its truncation 1/fps of them, within the whole
    second), an iteration's time the growth of those (0.307 s, 0.602 s, 0.526 s)."""
    con = console_connection(tmp_path, SB3_PPO, name="output.log")
    fps: dict[int, int] = {}  # (iterations -> fps, total_timesteps), read off the quoted tables
    total: dict[int, int] = {}
    said: dict[str, int] = {}
    for text in SB3_PPO:
        if (m := re.match(r"\|\s+(fps|iterations|total_timesteps)\s+\| (\d+)\s+\|$", text)):
            said[m.group(1)] = int(m.group(2))
            if m.group(1) == "total_timesteps":
                fps[said["iterations"]], total[said["iterations"]] = said["fps"], said["total_timesteps"]
    assert sorted(fps) == [1, 2, 3]
    elapsed = {0: 0.0} | {k: total[k] / fps[k] for k in fps}
    steps = con.execute("select step, step_time_s from log_steps order by step").fetchall()
    assert [s for s, _ in steps] == [1, 2, 3]
    for step, took in steps:
        assert abs(took - (elapsed[step] - elapsed[step - 1])) <= elapsed[step] / 4000, (step, took)


# An SB3 SAC run's console (W&B's capture) that failed in `learn` as it reset its environment, before any table
# (Auto-Nav-Group/FRCEnv@2f8a72c643201cefddd84ea2c2e129b670e3244e, wandb/latest-run/files/output.log, lines 1-19)
SB3_CRASH = [
    'Using cpu device',
    'Wrapping the env with a `Monitor` wrapper',
    'Wrapping the env in a DummyVecEnv.',
    'Traceback (most recent call last):',
    '  File "/content/FRCEnv/test-sac.py", line 30, in <module>',
    '    model.learn(int(LEARNING_STEPS), callback=WandbCallback())',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/sac/sac.py", line 307, in learn',
    '    return super().learn(',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/common/off_policy_algorithm.py", line 314, in learn',
    '    total_timesteps, callback = self._setup_learn(',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/common/off_policy_algorithm.py", line 297, in _set'
        'up_learn',
    '    return super()._setup_learn(',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/common/base_class.py", line 423, in _setup_learn',
    '    self._last_obs = self.env.reset()  # type: ignore[assignment]',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/common/vec_env/dummy_vec_env.py", line 78, in reset',
    '    self._save_obs(env_idx, obs)',
    '  File "/usr/local/lib/python3.10/dist-packages/stable_baselines3/common/vec_env/dummy_vec_env.py", line 110, in _save_obs',
    '    self.buf_obs[key][env_idx] = obs[key]  # type: ignore[call-overload]',
    'ValueError: could not broadcast input array from shape (104,) into shape (112,)',
]


def test_a_traceback_through_stable_baselines3s_learn_is_a_failed_run(tmp_path: Path) -> None:
    """A traceback through `stable_baselines3/sac/sac.py", line 307, in learn` (its training loop), no table before it:
    a run that failed (the file was refused), its exception the failure's."""
    con = console_connection(tmp_path, SB3_CRASH, name="output.log")
    assert con.execute("select kind, detail from log_events").fetchall() == [("crash", SB3_CRASH[-1])]
    assert con.execute("select end_reason from attempts").fetchall() == [("crash",)]


# The same logger on Atari Breakout at 54 steps a second, 11 minutes in (ZeshiWu/ML-capstone-project-@
# 1e6c35724ac83ff5fc8c0b5d222b13216e5d9b69, sophie_breakout_results.md, lines 355-390)
SB3_SLOW = [
    '----------------------------------------',
    '| rollout/                |            |',
    '|    ep_len_mean          | 291        |',
    '|    ep_rew_mean          | 4.53       |',
    '| time/                   |            |',
    '|    fps                  | 54         |',
    '|    iterations           | 18         |',
    '|    time_elapsed         | 682        |',
    '|    total_timesteps      | 36864      |',
    '| train/                  |            |',
    '|    approx_kl            | 0.31118208 |',
    '|    clip_fraction        | 0.504      |',
    '|    clip_range           | 0.2        |',
    '|    entropy_loss         | -0.638     |',
    '|    explained_variance   | 0.844      |',
    '|    learning_rate        | 0.0003     |',
    '|    loss                 | -0.11      |',
    '|    n_updates            | 170        |',
    '|    policy_gradient_loss | -0.0841    |',
    '|    value_loss           | 0.0108     |',
    '----------------------------------------',
    '----------------------------------------',
    '| rollout/                |            |',
    '|    ep_len_mean          | 298        |',
    '|    ep_rew_mean          | 4.78       |',
    '| time/                   |            |',
    '|    fps                  | 54         |',
    '|    iterations           | 19         |',
    '|    time_elapsed         | 717        |',
    '|    total_timesteps      | 38912      |',
    '| train/                  |            |',
    '|    approx_kl            | 0.39606458 |',
    '|    clip_fraction        | 0.535      |',
    '|    clip_range           | 0.2        |',
    '|    entropy_loss         | -0.623     |',
    '|    explained_variance   | 0.838      |',
]


def test_stable_baselines3s_rate_never_widens_what_its_whole_seconds_say(tmp_path: Path) -> None:
    """At `fps` 54 and 38912 steps the rate allows 707.5 to 720.6 s, the whole seconds 717 to 718: learning's seconds
    are what both allow (iteration 19's time 717-718 less 682-683 s: 34 to 36 s; its rate's midpoint alone made it
    37.6 s, the two readings' ranges apart)."""
    con = console_connection(tmp_path, SB3_SLOW, name="output.log")
    said = [int(m.group(1)) for t in SB3_SLOW if (m := re.match(r"\|\s+time_elapsed\s+\| (\d+)\s+\|$", t))]
    assert said == [682, 717]
    ((took,),) = con.execute("select step_time_s from log_steps where step = 19").fetchall()
    assert said[1] - said[0] - 1 <= took <= said[1] - said[0] + 1


# YOLOX's trainer fine-tuning on Windows: its epoch's start, its `after_train`'s word (a `finally:`), loguru's
# error line and the traceback's frames and exception (future880419/Edge-AI@92b949677822e8e9462f076378078ab6f1f87c04,
# YOLOX_outputs/yolox_s/train_log.txt, lines 847-850, the traceback's frame lines of 852-973, and 974)
YOLOX_DONE_THEN_ERROR = [
    '2022-05-18 16:25:55.205 | INFO     | yolox.core.trainer:before_epoch:203 - ---> start train epoch1',
    '2022-05-18 16:25:57.739 | INFO     | yolox.core.trainer:after_train:196 - Training of experiment is done and the bes'
        't AP is 0.00',
    "2022-05-18 16:25:57.739 | ERROR    | yolox.core.launch:launch:98 - An error has been caught in function 'launch', pr"
        "ocess 'MainProcess' (12700), thread 'MainThread' (13332):",
    'Traceback (most recent call last):',
    '  File "tools/train.py", line 140, in <module>',
    '  File "tools/train.py", line 117, in main',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\core\\trainer.py", line 76, in train',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\core\\trainer.py", line 85, in train_in_epoch',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\core\\trainer.py", line 91, in train_in_iter',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\core\\trainer.py", line 105, in train_one_iter',
    '  File "C:\\Users\\zxb8902\\anaconda3\\envs\\Yolox_3.7\\lib\\site-packages\\torch\\nn\\modules\\module.py", line 889'
        ', in _call_impl',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\models\\yolox.py", line 35, in forward',
    '  File "C:\\Users\\zxb8902\\anaconda3\\envs\\Yolox_3.7\\lib\\site-packages\\torch\\nn\\modules\\module.py", line 889'
        ', in _call_impl',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\models\\yolo_head.py", line 203, in forward',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\models\\yolo_head.py", line 322, in get_losses',
    '  File "C:\\Users\\zxb8902\\anaconda3\\envs\\Yolox_3.7\\lib\\site-packages\\torch\\autograd\\grad_mode.py", line 27,'
        ' in decorate_context',
    '  File "c:\\arthur\\crouse\\edge ai\\fianl\\code\\yolox\\yolox\\models\\yolo_head.py", line 478, in get_assignments',
    'RuntimeError: Class values must be smaller than num_classes.',
]


def test_yoloxs_word_that_training_is_done_then_its_error_is_a_crash(tmp_path: Path) -> None:
    """`Training of experiment is done and the best AP is 0.00` (YOLOX's `after_train`, run in a `finally:`), then
    `An error has been caught in function 'launch'` and the traceback through `train_one_iter`: the attempt ended in
    that failure, not completed (it was `completed`: the end word stood, the failure after it an afterthought)."""
    con = console_connection(tmp_path, YOLOX_DONE_THEN_ERROR, name="train_log.txt")
    assert con.execute("select kind from log_events where kind in ('attempt_end', 'crash')").fetchall() == [("crash",)]
    assert con.execute("select end_reason from attempts").fetchall() == [("crash",)]


# A RepVGG run in Jittor on CIFAR-100, the script's own table of its epochs: its seconds, a printed form of them, the
# time each row was written and the framework's name among the numbers (github.com/NeikuiColacat/RepVGG-Jittor-CIFAR100
# @ 4c822e44f1244be82c5aa670f16dccad93a4f528 : logs/jittor_A0_cifar/jittor_RepVGG_Jittor_A0_cifar_training_log.csv,
# lines 1-4)
JITTOR_DATED_EPOCHS = (
    "epoch,train_loss,train_acc,val_loss,top1_acc,top5_acc,epoch_time_seconds,epoch_time_formatted,avg_gpu_percent,"
    "avg_cpu_percent,avg_gpu_memory_used_gb,avg_cpu_memory_percent,learning_rate,timestamp,framework\r\n"
    "0,4.9168,0.99,4.823,0.98,5.64,28.99,0m 28s,1.0,19.85,2.5,21.55,0.020000,2025-07-11 04:13:15,jittor\r\n"
    "1,4.644,2.08,4.502,3.68,13.13,13.95,0m 13s,96.57,17.63,5.39,24.73,0.040000,2025-07-11 04:13:31,jittor\r\n"
    "2,4.4901,3.22,4.3671,4.84,19.03,14.06,0m 14s,98.43,17.77,5.39,24.77,0.060000,2025-07-11 04:13:45,jittor\r\n")


def test_an_epoch_csvs_own_seconds_and_dates_among_words(tmp_path: Path) -> None:
    """`epoch_time_seconds` 28.99 beside `0m 28s`, a `timestamp` and `jittor`: each epoch's time (the file was refused:
    cells that are no numbers); its rows stay undated (dated, an epoch's row would mix with the console's steps of the
    same job, another count)."""
    from tracelens.parsers import detect, registry
    from tracelens.parsers._io import read_head
    from tracelens.parsers.contract import ParseOptions

    path = tmp_path / "training_log.csv"
    path.write_bytes(JITTOR_DATED_EPOCHS.encode())
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "epoch_csv"
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["step_time_s"], s["end_ns"]) for s in steps] == [
        (0, 4.9168, 28.99, None), (1, 4.644, 13.95, None), (2, 4.4901, 14.06, None)]
