"""Line rules found on consoles of science and medicine (medical imaging, scientific ML, diffusion and contrastive
pretraining, notebooks' captured output: the sets of public logs gathered for them): each block quotes its source and
the lines, each test the figure read by hand from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, console_connection
from tests.test_line_rules import _ns, _read

# MONAI's brats_segmentation_3d tutorial's last epoch and its end, as a lab's README quotes them (MMIV-ML/ELMED219-2022 @
# 3bc05f3856319340166d9526c02c661113d6ac60, Lab4-BRATS/README.md, the block after "Training 300 epochs using ... RTX
# 6000"): the tutorial prints each epoch's seconds with no unit, then its end with the loop's seconds
MONAI_BRATS_END = [
    '   epoch 300 average loss: 0.1286',
    '   current epoch: 300 current mean dice: 0.7913 tc: 0.8398 wt: 0.9139 et: 0.6201',
    '   best mean dice: 0.7918 at epoch: 276',
    '   time consuming of epoch 300 is: 272.1563',
    '   CPU times: user 19h 52min 22s, sys: 1h 55min 29s, total: 21h 47min 51s',
    '   Wall time: 22h 27min 4s',
    '   ',
    '   train completed, best_metric: 0.7918 at epoch: 276, total time: 80824.40817975998.',
]


def test_monais_tutorial_times_its_epoch_and_says_its_end(tmp_path: Path) -> None:
    """`time consuming of epoch 300 is: 272.1563` is epoch 300's time (seconds), `best mean dice: ... at epoch: 276`
    names an earlier epoch (no epoch of its own), and `train completed, best_metric: ...` ends the run: a training's
    console, though only one epoch's line is in it."""
    name, steps, events = _read(tmp_path, MONAI_BRATS_END)
    assert name == "generic_log"
    assert [(row["line"], row["step"], row["step_time_s"], row["loss"]) for row in steps] == [(1, 300, 272.1563, 0.1286)]
    assert [(event["line"], event["kind"]) for event in events] == [(8, "attempt_end")]


# nnU-Net v2's trainer's log (eminorx/Liver-Lesion-Segmentation-using-nnU-Net @ 23ce611013aba3e5a25973f10c146d1343d1e0eb,
# training_log, its banner, lines 1-4, and its first epochs, lines 22-46)
NNUNET_V2_BANNER = [
    '',
    '#######################################################################',
    'Please cite the following paper when using nnU-Net:',
    ('Isensee, F., Jaeger, P. F., Kohl, S. A., Petersen, J., & Maier-Hein, K. H. (2021). nnU-Net: a s'
     'elf-configuring method for deep learning-based biomedical image segmentation. Nature methods, 1'
     '8(2), 203-211.'),
]
NNUNET_V2_EPOCHS = [
    '2026-04-19 22:08:48.806911:  ',
    '2026-04-19 22:08:48.807254: Epoch 0 ',
    '2026-04-19 22:08:48.807597: Current learning rate: 0.01 ',
    '2026-04-19 22:12:46.285215: train_loss -0.1335 ',
    '2026-04-19 22:12:46.285718: val_loss -0.3599 ',
    '2026-04-19 22:12:46.285914: Pseudo dice [np.float32(0.8703), np.float32(0.0)] ',
    '2026-04-19 22:12:46.286078: Epoch time: 237.48 s ',
    '2026-04-19 22:12:46.286294: Yayy! New best EMA pseudo Dice: 0.4350999891757965 ',
    '2026-04-19 22:12:48.142876:  ',
    '2026-04-19 22:12:48.143358: Epoch 1 ',
    '2026-04-19 22:12:48.143539: Current learning rate: 0.00996 ',
    '2026-04-19 22:15:10.940533: train_loss -0.3995 ',
    '2026-04-19 22:15:10.940899: val_loss -0.4553 ',
    '2026-04-19 22:15:10.941077: Pseudo dice [np.float32(0.8923), np.float32(0.0418)] ',
    '2026-04-19 22:15:10.941267: Epoch time: 142.8 s ',
    '2026-04-19 22:15:10.941406: Yayy! New best EMA pseudo Dice: 0.4383000135421753 ',
    '2026-04-19 22:15:13.309389:  ',
    '2026-04-19 22:15:13.309776: Epoch 2 ',
    '2026-04-19 22:15:13.309968: Current learning rate: 0.00993 ',
    '2026-04-19 22:17:35.306763: train_loss -0.5121 ',
    '2026-04-19 22:17:35.307090: val_loss -0.6369 ',
    '2026-04-19 22:17:35.307325: Pseudo dice [np.float32(0.8958), np.float32(0.6037)] ',
    '2026-04-19 22:17:35.307502: Epoch time: 142.0 s ',
    '2026-04-19 22:17:35.307634: Yayy! New best EMA pseudo Dice: 0.46950000524520874 ',
    '2026-04-19 22:17:37.671249:  ',
]
# nnU-Net v1's, the tail of a Slurm job's output a lab's guide quotes (DCAN-Labs/dcan-nn-unet @
# 1e82353ee63adf6c05cd997b523d95f330fe0729, doc/RunningOneFoldOfnnUNet.md, step 8's block, its indent removed)
NNUNET_V1_TAIL = [
    '-bash-4.2$ tail Train_501_0_nnUNet-4453620.out',
    '2021-06-21 08:13:03.053071: lr: 0.007941',
    '2021-06-21 08:13:03.054774: This epoch took 288.041806 s',
    '',
    '2021-06-21 08:13:03.056420: ',
    'epoch:  226',
    '2021-06-21 08:17:05.605214: train loss : -0.7531',
    '2021-06-21 08:17:47.605599: validation loss: -0.5259',
    ('2021-06-21 08:17:47.610551: Average global foreground Dice: [0.9093312319493183, 0.777597344046'
     '4092, 0.7883118618657827, 0.0, 0.7126153014567062, 0.7973344590588927, 0.8420865344015805, 0.77'
     '77127228359223, 0.7488627842185367, 0.6716956145265625, 0.8649476300372803, 0.8467684857515366,'
     ' 0.934550692204221, 0.7114458243135467, 0.7004558102755004, 0.790277366273902, 0.55912924608599'
     '21, 0.7497159825877642, 0.0, 0.5474940426603638, 0.9131458043005022, 0.7655945284606557, 0.7826'
     '127244463829, 0.0, 0.6828777534137347, 0.7603114516078773, 0.8524014006106162, 0.79014386378072'
     '38, 0.7500531958049559, 0.6916238951117923, 0.6961286767401325, 0.6749165965987686, 0.567971186'
     '3662318, 0.7697087281420936, 0.0, 0.5379228438037513, 0.0, 0.0, 0.729026368377782, 0.7074224625'
     '67093, 0.6848011695845101, 0.6818664571834657, 0.7402420587522865]'),
    ('2021-06-21 08:17:47.611751: (interpret this as an estimate for the Dice of the different classe'
     's. This is not exact.)'),
    '2021-06-21 08:17:48.132057: lr: 0.007932',
]


@pytest.mark.parametrize("lines", [NNUNET_V2_BANNER + NNUNET_V2_EPOCHS, NNUNET_V2_EPOCHS, NNUNET_V1_TAIL],
                         ids=["v2 banner", "v2 pseudo dice", "v1 dice"])
def test_nnunets_epochs_are_labelled_nnunet(tmp_path: Path, lines: list[str]) -> None:
    """Its banner, or its words after each epoch's validation (`Pseudo dice [...]`, v1's `Average global foreground
    Dice: [...]`), name nnU-Net as the log's program: its epochs are nnU-Net's."""
    _, steps, _ = _read(tmp_path, lines)
    assert steps and {row["framework"] for row in steps} == {"nnunet"}
    if lines is not NNUNET_V1_TAIL:  # (the epochs' own `Epoch time: 237.48 s`, `142.8 s`, `142.0 s`)
        assert [(row["step"], row["step_time_s"]) for row in steps] == [(0, 237.48), (1, 142.8), (2, 142.0)]


# A Java network's epochs as its README quotes them (store file id 43446102500, its "Mac Book Pro" block, lines 1-13)
EPOCHS_IN_MS = [
    "Oracle JDK 1.8.0_20",
    "",
    "Read 60000 image(s)",
    "Epoch 0 took 10754ms to complete",
    "Epoch 1 took 10179ms to complete",
    "Epoch 2 took 10079ms to complete",
    "Epoch 3 took 10184ms to complete",
    "Epoch 4 took 10217ms to complete",
    "Epoch 5 took 10353ms to complete",
    "Epoch 6 took 10205ms to complete",
    "Epoch 7 took 10100ms to complete",
    "Epoch 8 took 10268ms to complete",
    "Epoch 9 took 10148ms to complete",
]
# A blog's comparison of two allocators, each a run of three epochs (store file id 45564265843, its first block)
EPOCHS_IN_MS_SPACED = [
    "# Custom Allocator",
    "Epoch 1 took 844 ms",
    "Epoch 2 took 843 ms",
    "Epoch 3 took 843 ms",
]


def test_an_epochs_time_in_milliseconds_is_its_step_time(tmp_path: Path) -> None:
    """`Epoch 0 took 10754ms to complete`, `Epoch 1 took 844 ms`: the epoch's seconds are the figure over 1000."""
    name, steps, _ = _read(tmp_path, EPOCHS_IN_MS)
    assert name == "generic_log"
    assert [(row["step"], row["step_time_s"]) for row in steps] == [(n, pytest.approx(ms / 1000)) for n, ms in enumerate(
        [10754, 10179, 10079, 10184, 10217, 10353, 10205, 10100, 10268, 10148])]
    (tmp_path / "spaced").mkdir()
    name, steps, _ = _read(tmp_path / "spaced", EPOCHS_IN_MS_SPACED)
    assert name == "generic_log"
    assert [(row["step"], row["step_time_s"]) for row in steps] == [(1, 0.844), (2, 0.843), (3, 0.843)]


# The Zero to Mastery PyTorch course's `train.py` as its notebook ran it (mrdbourke/pytorch-deep-learning @
# 00418907c87a53bf7bf83c0de8a49336f9d76b6a, going_modular/05_pytorch_going_modular_script_mode.ipynb, the stdout of the
# cell run 25th): its `utils.save_model` says where it writes the model, a colon after its `to`
COURSE_SAVE = [
    ('  0%|                                                     | 0/5 [00:00<?, ?it/s]Epoch: 1 | trai'
     'n_loss: 1.1131 | train_acc: 0.2852 | test_loss: 1.1138 | test_acc: 0.2604'),
    (' 20%|█████████                                    | 1/5 [00:01<00:04,  1.06s/it]Epoch: 2 | trai'
     'n_loss: 1.0851 | train_acc: 0.4102 | test_loss: 1.1238 | test_acc: 0.1979'),
    (' 40%|██████████████████                           | 2/5 [00:01<00:02,  1.20it/s]Epoch: 3 | trai'
     'n_loss: 1.0837 | train_acc: 0.4141 | test_loss: 1.1459 | test_acc: 0.1979'),
    (' 60%|███████████████████████████                  | 3/5 [00:02<00:01,  1.33it/s]Epoch: 4 | trai'
     'n_loss: 1.1104 | train_acc: 0.2930 | test_loss: 1.1318 | test_acc: 0.1979'),
    (' 80%|████████████████████████████████████         | 4/5 [00:03<00:00,  1.40it/s]Epoch: 5 | trai'
     'n_loss: 1.0833 | train_acc: 0.2930 | test_loss: 1.0883 | test_acc: 0.3712'),
    '100%|█████████████████████████████████████████████| 5/5 [00:03<00:00,  1.35it/s]',
    '[INFO] Saving model to: models/05_going_modular_script_mode_tinyvgg_model.pth',
]


def test_a_save_said_with_a_colon_after_its_to_is_a_save(tmp_path: Path) -> None:
    _, steps, events = _read(tmp_path, COURSE_SAVE)
    assert [row["step"] for row in steps] == [1, 2, 3, 4, 5]
    assert [(event["line"], event["kind"]) for event in events] == [(7, "checkpoint_save_start")]


# timm's train.py's first lines of an ImageNet run (fabfish/Monarch-README @ 1ce7c5a174768c07f44bca1345820992fdd0b752,
# vitae-monarch.txt, lines 1-3)
TIMM_DATA_WAITS = [
    ('Train: 0 [   0/10009 (  0%)]  Loss:  6.929471 (6.9295)  Time: 24.915s,    5.14/s  (24.915s,    '
     '5.14/s)  LR: 1.000e-06  Data: 19.697 (19.697)'),
    ('Train: 0 [  50/10009 (  0%)]  Loss:  6.950544 (6.9632)  Time: 0.718s,  178.28/s  (2.337s,   54.'
     '76/s)  LR: 1.000e-06  Data: 0.023 (1.559)'),
    ('Train: 0 [ 100/10009 (  1%)]  Loss:  6.966492 (6.9588)  Time: 0.726s,  176.23/s  (2.141s,   59.'
     '77/s)  LR: 1.000e-06  Data: 0.030 (1.405)'),
]


def test_timms_data_field_is_the_batchs_wait_for_data(tmp_path: Path) -> None:
    """`Data: 19.697 (19.697)`: the logged batch waited 19.697 s for its data (the running mean after it)."""
    _, steps, _ = _read(tmp_path, TIMM_DATA_WAITS)
    assert [(row["step"], row["step_time_s"], row["data_time_s"]) for row in steps] == [
        (0, 24.915, 19.697), (50, 0.718, 0.023), (100, 0.726, 0.030)]


# open_clip's first steps of a ViT-L-14 run a benchmark's description quotes (FZJ-JSC/jubench-mmoclip @
# 9d8d8cc4d66199a257d3e96b2092cfecba9b0578, DESCRIPTION.md, the "Verification" block): each line printed as its step
# ends, its `Batch (t)` the step's time
OPENCLIP_FIRST_STEPS = [
    ('2023-04-21,12:03:13 | INFO | Train Epoch: 0 [  16384/3200000 (1%)] Data (t): 90.938 Batch (t): '
     '137.606, 119.065/s, 3.72078/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.'
     '7031) Loss: 9.7031 (9.7031)'),
    ('2023-04-21,12:03:20 | INFO | Train Epoch: 0 [  32768/3200000 (1%)] Data (t): 0.029 Batch (t): 6'
     '.655, 2461.78/s, 76.9308/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.703'
     '1) Loss: 9.7031 (9.7031)'),
    ('2023-04-21,12:03:26 | INFO | Train Epoch: 0 [  49152/3200000 (2%)] Data (t): 0.034 Batch (t): 6'
     '.466, 2533.71/s, 79.1783/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.703'
     '1) Loss: 9.7031 (9.7031)'),
]


def test_a_first_step_on_the_first_dated_line_ran_before_it(tmp_path: Path) -> None:
    """The run's first dated line is its first step's, which took 137.606 s: the run was running 137.606 s before it."""
    _, steps, _ = _read(tmp_path, OPENCLIP_FIRST_STEPS)
    assert {row["framework"] for row in steps} == {"open_clip"}
    con = console_connection(tmp_path, OPENCLIP_FIRST_STEPS)
    (start, end), = con.execute("select start_ns, end_ns from attempts").fetchall()
    assert start == _ns("2023-04-21 12:03:13,0") - 137_606_000_000 and end == _ns("2023-04-21 12:03:26,0")


# DiT's train.py on a one-epoch run, its log.txt whole (Longzz0824/Critical-Multitask-Batch-Sizes-in-Diffusion-Models @
# 86a73d1f0b3491ef1b70548d250b3f2a95bb3f3e, results/000-DiT-S-2/log.txt): one step line before its end
DIT_ONE_LOG_LINE = [
    '[\x1b[34m2024-12-23 11:21:49\x1b[0m] Experiment directory created at results/000-DiT-S-2',
    '[\x1b[34m2024-12-23 11:21:50\x1b[0m] DiT Parameters: 32,963,360',
    '[\x1b[34m2024-12-23 11:21:51\x1b[0m] Dataset contains 50,000 images (features)',
    '[\x1b[34m2024-12-23 11:21:51\x1b[0m] Training for 1 epochs...',
    '[\x1b[34m2024-12-23 11:21:51\x1b[0m] Beginning epoch 0...',
    '[\x1b[34m2024-12-23 11:23:57\x1b[0m] (step=0000100) Train Loss: 0.4643, Train Steps/Sec: 0.79',
    '[\x1b[34m2024-12-23 11:25:55\x1b[0m] Done!',
]


def test_one_dit_step_line_makes_a_dit_log(tmp_path: Path) -> None:
    """DiT's line's shape is DiT's alone: one is enough; its step time is 1 / `Train Steps/Sec`, and `Done!` its end."""
    name, steps, events = _read(tmp_path, DIT_ONE_LOG_LINE)
    assert name == "generic_log"
    assert [(row["step"], row["framework"]) for row in steps] == [(100, "dit")]
    assert steps[0]["step_time_s"] == pytest.approx(1 / 0.79)
    assert (7, "attempt_end") in [(event["line"], event["kind"]) for event in events]


# DiT's train.py at its save of step 6000 (yaramohamadi/DomainGuidance @ 116c0f29f7049e22130b33ec39cb0b7cce92fab2,
# results/000-DiT-XL-2/log.txt, lines 84-88): the checkpoint's file named by the step, `f"{train_steps:07d}.pt"`
DIT_SAVE = [
    '[\x1b[34m2025-04-26 11:21:46\x1b[0m] (step=0005900) Train Loss: 0.1598, Train Steps/Sec: 1.46',
    '[\x1b[34m2025-04-26 11:22:45\x1b[0m] Beginning epoch 21...',
    '[\x1b[34m2025-04-26 11:22:55\x1b[0m] (step=0006000) Train Loss: 0.1655, Train Steps/Sec: 1.45',
    ('[\x1b[34m2025-04-26 11:23:09\x1b[0m] Saved checkpoint to /projets/Ymohammadi/DomainGuidance/results//'
     '000-DiT-XL-2/checkpoints/0006000.pt'),
    '[\x1b[34m2025-04-26 11:24:17\x1b[0m] (step=0006100) Train Loss: 0.1566, Train Steps/Sec: 1.23',
]


def test_dits_checkpoint_file_names_its_step(tmp_path: Path) -> None:
    _, steps, events = _read(tmp_path, DIT_SAVE)
    assert [row["step"] for row in steps] == [5900, 6000, 6100]
    assert [(event["line"], event["kind"], event["step"]) for event in events if event["kind"].startswith("checkpoint")] == [
        (4, "checkpoint_save_end", 6000)]


# Modulus Sym's solver as a toolchain's examples quote it (NVIDIA/modulus-toolchain @
# 734432feb79d6a3214f7053afb0daf310b938ea4, spec/Examples.md, the first output block, its lines 33-38)
MODULUS_SYM_STEPS = [
    '[04:11:02] - model metalNN.pth not found',
    '[04:11:10] - [step:          0] record constraint batch time:  1.203e+00s',
    '[04:11:10] - [step:          0] saved checkpoint to /tests/test_dir',
    '[04:11:10] - [step:          0] loss:  5.780e+00',
    '[04:11:12] - Attempting cuda graph building, this may take a bit...',
    '[04:11:16] - [step:        100] loss:  1.486e-02, time/iteration:  5.445e+01 ms',
]


def test_modulus_syms_steps_are_labelled_modulus_sym(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, MODULUS_SYM_STEPS)
    assert [(row["step"], row["step_time_s"], row["framework"]) for row in steps] == [
        (0, None, "modulus_sym"), (100, pytest.approx(0.05445), "modulus_sym")]


# DeepXDE's console on one training call (a guide to DeepXDE on Hygon's DCU, store file id 35562837039, its block after
# "在DCU环境下:"; the repository that holds it could not be named)
DEEPXDE_ONE_CALL = [
    'Using backend: pytorch',
    'Other available backends: tensorflow.compat.v1, tensorflow, jax, paddle.',
    'paddle supports more examples now and is recommended.',
    ' ',
    'Compiling model...',
    "'compile' took 0.000217 s",
    '',
    'Training model...',
    '',
    'Step      Train loss    Test loss     Test metric   ',
    '0         [2.60e-01]    [2.22e-01]    [1.03e+00]    ',
    '1000      [1.89e-04]    [2.01e-04]    [3.10e-02]    ',
    '2000      [6.77e-05]    [9.32e-05]    [2.11e-02]    ',
    '3000      [2.36e-05]    [5.11e-05]    [1.56e-02]    ',
    '4000      [7.66e-06]    [3.25e-05]    [1.25e-02]    ',
    '5000      [1.96e-05]    [4.07e-05]    [1.40e-02]    ',
    '6000      [6.76e-07]    [2.00e-05]    [9.79e-03]    ',
    '7000      [3.06e-07]    [1.94e-05]    [9.63e-03]    ',
    '8000      [1.24e-07]    [1.84e-05]    [9.38e-03]    ',
    '9000      [6.23e-08]    [1.78e-05]    [9.23e-03]    ',
    '10000     [3.49e-06]    [2.27e-05]    [1.04e-02]    ',
    '',
    'Best model at step 9000:',
    '  train loss: 6.23e-08',
    '  test loss: 1.78e-05',
    '  test metric: [9.23e-03]',
    '',
    "'train' took 23.917568 s",
]
# DeepXDE's Lotka-Volterra example in a notebook's output, Adam's call, then L-BFGS's in the same process (store file id
# 10304684355, its output block of the compile and train cell; the repository could not be named)
DEEPXDE_TWO_CALLS = [
    'Compiling model...',
    "'compile' took 0.000191 s",
    '',
    'Training model...',
    '',
    'Step      Train loss              Test loss               Test metric',
    '0         [4.10e+02, 1.08e+00]    [4.11e+02, 1.08e+00]    []  ',
    '1000      [3.96e+00, 4.76e-01]    [3.83e+00, 4.70e-01]    []  ',
    '2000      [2.40e+00, 5.95e-01]    [2.29e+00, 5.84e-01]    []  ',
    '3000      [1.97e+00, 6.28e-01]    [1.86e+00, 6.14e-01]    []  ',
    '4000      [1.54e+00, 6.25e-01]    [1.45e+00, 6.07e-01]    []  ',
    '5000      [1.11e+00, 5.47e-01]    [1.04e+00, 5.30e-01]    []  ',
    '6000      [6.77e-01, 4.15e-01]    [6.34e-01, 4.00e-01]    []  ',
    '7000      [3.69e-01, 2.93e-01]    [3.48e-01, 2.82e-01]    []  ',
    '8000      [1.95e-01, 2.58e-01]    [1.86e-01, 2.49e-01]    []  ',
    '9000      [1.30e-01, 1.83e-01]    [1.26e-01, 1.77e-01]    []  ',
    '10000     [9.91e-02, 1.29e-01]    [9.80e-02, 1.26e-01]    []  ',
    '11000     [6.84e-02, 1.05e-01]    [6.82e-02, 1.03e-01]    []  ',
    '12000     [7.37e-02, 9.98e-02]    [7.37e-02, 9.83e-02]    []  ',
    '13000     [7.53e-02, 8.21e-02]    [7.53e-02, 8.10e-02]    []  ',
    '14000     [8.45e-02, 7.50e-02]    [8.45e-02, 7.42e-02]    []  ',
    '15000     [4.40e-02, 8.34e-02]    [4.40e-02, 8.29e-02]    []  ',
    '16000     [4.54e-02, 6.93e-02]    [4.54e-02, 6.89e-02]    []  ',
    '17000     [5.54e-02, 6.92e-02]    [5.54e-02, 6.90e-02]    []  ',
    '18000     [4.21e-02, 6.04e-02]    [4.21e-02, 6.03e-02]    []  ',
    '19000     [4.00e-02, 5.85e-02]    [4.01e-02, 5.84e-02]    []  ',
    '20000     [5.87e-02, 5.93e-02]    [5.87e-02, 5.92e-02]    []  ',
    '',
    'Best model at step 19000:',
    '  train loss: 9.85e-02',
    '  test loss: 9.84e-02',
    '  test metric: []',
    '',
    "'train' took 206.869015 s",
    '',
    'Compiling model...',
    "'compile' took 0.000165 s",
    '',
    'Training model...',
    '',
    'Step      Train loss              Test loss               Test metric',
    '20000     [5.87e-02, 5.93e-02]    [5.87e-02, 5.92e-02]    []  ',
    '21000     [1.83e-02, 3.42e-02]    [1.83e-02, 3.42e-02]    []  ',
    '22000     [2.37e-03, 2.60e-03]    [2.37e-03, 2.60e-03]    []  ',
    '23000     [5.70e-04, 4.87e-04]    [5.71e-04, 4.87e-04]    []  ',
    '24000     [1.61e-04, 1.66e-04]    [1.61e-04, 1.66e-04]    []  ',
    '25000     [6.54e-05, 1.10e-04]    [6.52e-05, 1.10e-04]    []  ',
    '26000     [2.92e-05, 6.47e-05]    [2.92e-05, 6.48e-05]    []  ',
    '27000     [1.80e-05, 5.02e-05]    [1.80e-05, 5.02e-05]    []  ',
    '28000     [1.71e-05, 3.72e-05]    [1.72e-05, 3.73e-05]    []  ',
    '29000     [1.60e-05, 2.56e-05]    [1.61e-05, 2.56e-05]    []  ',
    '30000     [1.56e-05, 1.88e-05]    [1.57e-05, 1.87e-05]    []  ',
    '31000     [1.40e-05, 1.47e-05]    [1.41e-05, 1.47e-05]    []  ',
    '32000     [1.22e-05, 1.22e-05]    [1.22e-05, 1.22e-05]    []  ',
    '33000     [8.93e-06, 1.09e-05]    [8.95e-06, 1.09e-05]    []  ',
    '34000     [8.69e-06, 1.08e-05]    [8.70e-06, 1.08e-05]    []  ',
    '35000     [8.68e-06, 1.08e-05]    [8.70e-06, 1.08e-05]    []  ',
    '',
    'Best model at step 35000:',
    '  train loss: 1.95e-05',
    '  test loss: 1.95e-05',
    '  test metric: []',
    '',
    "'train' took 193.750694 s",
    '',
    ('Saving loss history to /Users/markasch/Dropbox/3Teaching/Assim/Assim_ML_2023_Caraga/02course-ad'
     'vanced/02Examples/01_SciML/DDE/loss.dat ...'),
    ('Saving training data to /Users/markasch/Dropbox/3Teaching/Assim/Assim_ML_2023_Caraga/02course-a'
     'dvanced/02Examples/01_SciML/DDE/train.dat ...'),
    ('Saving test data to /Users/markasch/Dropbox/3Teaching/Assim/Assim_ML_2023_Caraga/02course-advan'
     'ced/02Examples/01_SciML/DDE/test.dat ...'),
]


def test_deepxdes_training_call_times_its_steps_and_ends_the_run(tmp_path: Path) -> None:
    """`'train' took 23.917568 s` after the call's table (steps 0-10000): each step 23.917568 / 10000 s on average (the
    table's first row is where the call began), and the call returned: the run's end."""
    _, steps, events = _read(tmp_path, DEEPXDE_ONE_CALL)
    assert [row["step"] for row in steps] == list(range(0, 10001, 1000))
    assert [row["step_time_s"] for row in steps] == [None] + [pytest.approx(23.917568 / 10000)] * 10
    assert [(event["line"], event["kind"]) for event in events] == [(28, "attempt_end")]


def test_deepxdes_second_training_call_is_no_launch(tmp_path: Path) -> None:
    """L-BFGS's call after Adam's (`Compiling model...` again, its table opening at step 20000, where Adam's ended): one
    launch; each call's steps timed by its own `'train' took` (206.869015 s over 20000 steps, 193.750694 s over 15000),
    and the run ends at the second's, not the first's."""
    _, steps, events = _read(tmp_path, DEEPXDE_TWO_CALLS)
    timed = {(row["line"], row["step"]): row["step_time_s"] for row in steps}
    assert timed[(27, 20000)] == pytest.approx(206.869015 / 20000)
    assert timed[(57, 35000)] == pytest.approx(193.750694 / 15000)
    assert [(event["line"], event["kind"]) for event in events] == [(64, "attempt_end")]
    con = console_connection(tmp_path, DEEPXDE_TWO_CALLS)
    assert con.execute("select attempt, first_step, last_step, end_reason from attempts").fetchall() == [
        (1, 0, 35000, "completed")]


# wordplay's trainer (saforem2/wordplay, nanoGPT's loop) saving at step 100 of a course's homework run (drapi222/ai-science-
# training-series @ 5ea6190f480c333a3db47f19a39f9a78d1e2796c, 06_parallel_training/2024_11_05_KevinHomework_README.md, the
# training output's block, its lines 282-286)
WORDPLAY_SAVE = [
    ('[2024-11-09 20:01:12.298617][INFO][trainer.py:762] - Saving checkpoint to: /home/kevinfang/outp'
     'uts/runs/pytorch/DDP/2024-11-09/19-59-16'),
    ('[2024-11-09 20:01:12.300452][INFO][trainer.py:763] - Saving model to: /home/kevinfang/outputs/r'
     'uns/pytorch/DDP/2024-11-09/19-59-16/model.pth'),
    ('[2024-11-09 20:01:14.594824][INFO][configs.py:141] - Appending /home/kevinfang/outputs/runs/pyt'
     'orch/DDP/2024-11-09/19-59-16 to /home/kevinfang/wordplay/src/ckpts/checkpoints.log'),
    ('[2024-11-09 20:01:17.644079][INFO][trainer.py:892] - step=110 loss=2.42379 dt=0.312501 dtf=0.00'
     '6564 dtb=0.0186594 sps=25.5999 sps_per_gpu=3.19999 tps=1.67772e+06 tps_per_gpu=209715 mfu=44.60'
     '83'),
    ('[2024-11-09 20:01:20.748919][INFO][trainer.py:892] - step=120 loss=2.42399 dt=0.307758 dtf=0.00'
     '625625 dtb=0.0159084 sps=25.9944 sps_per_gpu=3.2493 tps=1.70357e+06 tps_per_gpu=212946 mfu=44.4'
     '014'),
]


def test_a_save_said_again_by_its_writer_a_moment_later_is_one_save(tmp_path: Path) -> None:
    """`Saving checkpoint to: DIR`, then `Saving model to: DIR/model.pth` 1.8 ms later on the next line: one save."""
    _, _, events = _read(tmp_path, WORDPLAY_SAVE)
    assert [(event["line"], event["kind"]) for event in events if event["kind"].startswith("checkpoint")] == [
        (1, "checkpoint_save_start")]


# Megatron-LM's iterations as an issue quotes them from the middle of a run (NVIDIA/Megatron-LM issue 756, "Training
# Mixtral 8x7B on 16 x H100 only achieves low throughput of 130 TFLOPS", its first three iteration lines): the first line
# the excerpt kept is iteration 43's, its own time 5444.9 ms
MEGATRON_MID_RUN = [
    (' [2024-04-06 02:59:36] iteration       43/     100 | consumed samples:         5504 | elapsed t'
     'ime per iteration (ms): 5444.9 | throughput per GPU (TFLOP/s/GPU): 239.8 | learning rate: 8.600'
     '000E-06 | global batch size:   128 | lm loss: 1.825991E+00 | load_balancing_loss: 1.019746E+00 '
     '| loss scale: 1.0 | grad norm: 1.426 | num zeros: 0.0 | number of skipped iterations:   0 | num'
     'ber of nan iterations:   0 |'),
    (' [2024-04-06 02:59:41] iteration       44/     100 | consumed samples:         5632 | elapsed t'
     'ime per iteration (ms): 5533.8 | throughput per GPU (TFLOP/s/GPU): 236.0 | learning rate: 8.800'
     '000E-06 | global batch size:   128 | lm loss: 1.875063E+00 | load_balancing_loss: 1.020033E+00 '
     '| loss scale: 1.0 | grad norm: 1.327 | num zeros: 0.0 | number of skipped iterations:   0 | num'
     'ber of nan iterations:   0 |'),
    (' [2024-04-06 02:59:47] iteration       45/     100 | consumed samples:         5760 | elapsed t'
     'ime per iteration (ms): 5718.6 | throughput per GPU (TFLOP/s/GPU): 228.4 | learning rate: 9.000'
     '000E-06 | global batch size:   128 | lm loss: 1.834162E+00 | load_balancing_loss: 1.018004E+00 '
     '| loss scale: 1.0 | grad norm: 1.611 | num zeros: 0.0 | number of skipped iterations:   0 | num'
     'ber of nan iterations:   0 |'),
]


def test_an_excerpts_first_step_ran_for_its_own_time_before_its_line(tmp_path: Path) -> None:
    """Iteration 43 ends on the excerpt's first dated line, having run 5.4449 s (its line's own time): the attempt was
    running from 5.4449 s before it, and those seconds are iteration 43's, productive (they were left to `other`, the
    step's start held to its own line)."""
    con = console_connection(tmp_path, MEGATRON_MID_RUN)
    (start,), = con.execute("select start_ns from attempts").fetchall()
    assert start == _ns("2024-04-06 02:59:36,0") - 5_444_900_000
    first = con.execute("select step, end_ns - start_ns from int_log_intervals where label = 'productive' order by start_ns"
                        " limit 1").fetchall()
    assert first == [(43, 5_444_900_000)]


# matgl's tutorial of training an M3GNet potential with Lightning, its notebook exported to markdown (materialsvirtuallab/
# matgl, docs/tutorials/Training a M3GNet Potential with PyTorch Lightning.md, its first `trainer.fit` output block, the
# indent removed; store file id 43825219567, the version's commit not resolved): the progress widget's last frame shown
# again after `Trainer.fit` stopped
MATGL_FIT = [
    'GPU available: False, used: False',
    'TPU available: False, using: 0 TPU cores',
    'IPU available: False, using: 0 IPUs',
    'HPU available: False, using: 0 HPUs',
    '',
    '  | Name  | Type              | Params',
    '--------------------------------------------',
    '0 | mae   | MeanAbsoluteError | 0',
    '1 | rmse  | MeanSquaredError  | 0',
    '2 | model | Potential         | 282 K',
    '--------------------------------------------',
    '282 K     Trainable params',
    '0         Non-trainable params',
    '282 K     Total params',
    '1.130     Total estimated model params size (MB)',
    '',
    '',
    ('Epoch 0: 100%|██████████| 163/163 [00:39<00:00,  4.16it/s, v_num=1, val_Total_Loss=0.815, val_E'
     'nergy_MAE=0.674, val_Force_MAE=0.289, val_Stress_MAE=0.000, val_Site_Wise_MAE=0.000, val_Energy'
     '_RMSE=0.730, val_Force_RMSE=0.419, val_Stress_RMSE=0.000, val_Site_Wise_RMSE=0.000, train_Total'
     '_Loss=21.60, train_Energy_MAE=2.500, train_Force_MAE=0.349, train_Stress_MAE=0.000, train_Site_'
     'Wise_MAE=0.000, train_Energy_RMSE=2.660, train_Force_RMSE=0.487, train_Stress_RMSE=0.000, train'
     '_Site_Wise_RMSE=0.000]'),
    '',
    '`Trainer.fit` stopped: `max_epochs=1` reached.',
    '',
    '',
    ('Epoch 0: 100%|██████████| 163/163 [00:40<00:00,  3.99it/s, v_num=1, val_Total_Loss=0.815, val_E'
     'nergy_MAE=0.674, val_Force_MAE=0.289, val_Stress_MAE=0.000, val_Site_Wise_MAE=0.000, val_Energy'
     '_RMSE=0.730, val_Force_RMSE=0.419, val_Stress_RMSE=0.000, val_Site_Wise_RMSE=0.000, train_Total'
     '_Loss=21.60, train_Energy_MAE=2.500, train_Force_MAE=0.349, train_Stress_MAE=0.000, train_Site_'
     'Wise_MAE=0.000, train_Energy_RMSE=2.660, train_Force_RMSE=0.487, train_Stress_RMSE=0.000, train'
     '_Site_Wise_RMSE=0.000]'),
]


def test_a_bar_drawn_again_after_the_runs_end_was_drawn_before_it(tmp_path: Path) -> None:
    """Step 163's frame on line 18, `Trainer.fit` stopped on line 20, the same frame again on line 23 after two blank
    lines: the widget's closing frame, no training after the end; the run completed (it was read as a step after the
    end: the end unknown)."""
    assert [number for number, text in enumerate(MATGL_FIT, 1) if "163/163" in text] == [18, 23]
    assert [number for number, text in enumerate(MATGL_FIT, 1) if not text.strip() and 20 < number < 23] == [21, 22]
    con = console_connection(tmp_path, MATGL_FIT)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


# torch_xla's ImageNet example on a TPU v5e slice under GKE, as its docs quote the job's log (pytorch/xla @
# 45ba54227ed7b68db86f3364f8393216518a77b4, docs/kubernetes.md, the `kubectl logs job/torch-xla-tpu-2x4` block, its
# lines 8-21)
XLA_GKE = [
    'Epoch 1 train begin 23:10:22',
    '|| Training Device=xla:0/3 Epoch=1 Step=0 Loss=6.89059 Rate=4.64 GlobalRate=4.64 Time=23:10:54',
    ' Training Device=xla:0/0 Epoch=1 Step=0 Loss=6.89059 Rate=3.97 GlobalRate=3.97 Time=23:10:54',
    '| Training Device=xla:0/1 Epoch=1 Step=0 Loss=6.89059 Rate=4.13 GlobalRate=4.13 Time=23:10:54',
    '| Training Device=xla:0/2 Epoch=1 Step=0 Loss=6.89059 Rate=3.99 GlobalRate=3.99 Time=23:10:54',
    '...\\',
    ('| Training Device=xla:0/3 Epoch=1 Step=1000 Loss=0.00139 Rate=1343.24 GlobalRate=864.39 Time=23'
     ':12:54'),
    ('| Training Device=xla:0/2 Epoch=1 Step=1000 Loss=0.00139 Rate=1343.23 GlobalRate=839.12 Time=23'
     ':12:54'),
    'Epoch 1 train end 23:13:07',
    '| Test Device=xla:0/1 Step=0 Epoch=1 Time=23:13:11',
    '| Test Device=xla:0/3 Step=0 Epoch=1 Time=23:13:11',
    '...',
    'Epoch 1 test end 23:13:16, Accuracy=100.00',
    'Max Accuracy: 100.00%',
]


def test_torch_xlas_training_updates_are_labelled_torch_xla(tmp_path: Path) -> None:
    """Each process's `| Training Device=xla:0/N Epoch=1 Step=S ...` is its step, labelled torch_xla."""
    _, steps, _ = _read(tmp_path, XLA_GKE)
    assert [(row["rank"], row["step"], row["framework"]) for row in steps] == [
        (3, 0, "torch_xla"), (0, 0, "torch_xla"), (1, 0, "torch_xla"), (2, 0, "torch_xla"), (3, 1000, "torch_xla"),
        (2, 1000, "torch_xla")]


# PSENet's TensorFlow trainer on an Ascend NPU, its log's first line (Ascend/modelzoo @
# b3bf370e88b77a809bb4c57681a5f7d3eba75b96, contrib/Research/cv/psenet/psenet_tf_hw81087854/npu_training.log, line 1)
PSENET_NPU_STEP = [
    ('I1211 22:14:32.907633 139837186770880 npu_train.py:169] Step 000610, model loss 0.9774, total l'
     'oss 1.2546, 0.20 seconds/step, 40.39 examples/second'),
]


def test_seconds_a_step_spelt_out_are_the_steps_time(tmp_path: Path) -> None:
    """`0.20 seconds/step` (EAST's and PSENet's trainers' unit, spelt out): the step's time, 0.20 s."""
    _, steps, _ = _read(tmp_path, PSENET_NPU_STEP, parser_name="generic_log")
    assert [(row["step"], row["step_time_s"], row["loss"]) for row in steps] == [(610, 0.20, 0.9774)]


def test_a_deepxde_relaunch_after_a_silent_kill_is_a_launch(tmp_path: Path) -> None:
    """sample_logs/deepxde_relaunch (record_deepxde_relaunch_job.sh): a launch SIGKILLed after its first iteration, its
    table's step 0 alone, then a relaunch appended that repeats it, Adam's call and then L-BFGS's: no call returned
    before the repeat, so it is a launch (two attempts), while L-BFGS's table opening at Adam's last step after Adam's
    `'train' took` is the same process; each call's rows timed by its own return over the steps it spanned."""
    text = (SAMPLE_LOGS / "deepxde_relaunch" / "console.log").read_text()
    took = [float(t) for t in re.findall(r"^'train' took ([\d.]+) s$", text, re.M)]
    tables = [[int(n) for n in re.findall(r"^(\d+) +\[", block, re.M)] for block in text.split("Training model...")[1:]]
    assert len(took) == 2 and [len(table) for table in tables] == [1, 7, 2] and tables[0] == [0]
    con = console_connection(tmp_path, text.splitlines())
    assert con.execute("select attempt, first_step, last_step, end_reason from attempts order by attempt").fetchall() == [
        (1, 0, 0, "restarted"), (2, 0, tables[2][-1], "completed")]
    timed = con.execute("select step, step_time_s from log_steps where step_time_s is not null order by line").fetchall()
    assert timed == [(step, pytest.approx(took[0] / tables[1][-1])) for step in tables[1][1:]] + [
        (tables[2][-1], pytest.approx(took[1] / (tables[2][-1] - tables[2][0])))]
