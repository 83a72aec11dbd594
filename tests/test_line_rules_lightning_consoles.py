"""Lightning's consoles as users paste them: lines quoted verbatim from public logs (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted
text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _ns, _read
from tracelens.parsers import ParseOptions, registry

# Lightning 1.6 training a keyword-spotting transformer (a README "Keyword Spotting with Transformers",
# index id 39489630266, its training log's first three epochs and its last, redrawn once more as the test
# began): ModelCheckpoint's line printed right after each epoch's last bar drawing, on the same line; the
# bar counts the epoch's validation batches too
KWS_GLUED_SAVES = [
    'Epoch 0: 100%|████████████████| 1558/1558 [01:13<00:00, 21.21it/s, loss=1.22, v_num=21, test_loss=1.'
    "140, test_acc=66.70]Epoch 0, global step 1402: 'test_acc' reached 66.71741 (best 66.71741), saving m"
    "odel to '/home/esguerra_s/data/speech_commands/checkpoints/resnet18-kws-best-acc.pt-v2.ckpt' as top "
    '1',
    'Epoch 1: 100%|███████████████| 1558/1558 [01:13<00:00, 21.17it/s, loss=0.905, v_num=21, test_loss=0.'
    "752, test_acc=77.60]Epoch 1, global step 2804: 'test_acc' reached 77.60828 (best 77.60828), saving m"
    "odel to '/home/esguerra_s/data/speech_commands/checkpoints/resnet18-kws-best-acc.pt-v2.ckpt' as top "
    '1',
    'Epoch 2: 100%|███████████████| 1558/1558 [01:13<00:00, 21.20it/s, loss=0.775, v_num=21, test_loss=0.'
    "625, test_acc=82.00]Epoch 2, global step 4206: 'test_acc' reached 81.95523 (best 81.95523), saving m"
    "odel to '/home/esguerra_s/data/speech_commands/checkpoints/resnet18-kws-best-acc.pt-v2.ckpt' as top "
    '1',
    'Epoch 29: 100%|███████████████| 1558/1558 [01:13<00:00, 21.16it/s, loss=0.15, v_num=21, test_loss=0.'
    "534, test_acc=86.00]Epoch 29, global step 42060: 'test_acc' was not in top 1",
    'Epoch 29: 100%|███████████████| 1558/1558 [01:13<00:00, 21.16it/s, loss=0.15, v_num=21, test_loss=0.'
    '534, test_acc=86.00]LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]',
]


def test_a_checkpoint_line_glued_to_the_bar_is_read_and_gives_the_optimizer_steps(tmp_path: Path) -> None:
    """`...| 1558/1558 [01:13<00:00, 21.21it/s, ...]Epoch 0, global step 1402: 'test_acc' reached
    ...`: the bar's 1558 hold the validation's batches; ModelCheckpoint's global step says each
    epoch makes 1402 steps, and each epoch's row is its last step."""
    _, steps, events = _read(tmp_path, KWS_GLUED_SAVES, parser_name="lightning")  # (the whole log is Lightning's)
    said = [int(m.group(1)) for t in KWS_GLUED_SAVES if (m := re.search(r"\]Epoch \d+, global step (\d+): ", t))]
    assert [s["step"] for s in steps] == said == [1402, 2804, 4206, 42060]
    assert [e["step"] for e in events if e["kind"].startswith("checkpoint_save")][:1] == [1402]


# A DiffCSP run's stderr, Lightning's bar off and its messages through python logging (a terminal
# transcript, index id 54690799780, its `tail -n 30 .../step4_train_stderr.log`: lines 1-3 and 24-27)
CHECKPOINT_LINES_ALONE = [
    "2026-04-27 12:33:34,209  INFO  Epoch 372, global step 1410313: 'val_loss' was not in top 1",
    "2026-04-27 12:38:14,491  INFO  Epoch 373, global step 1414094: 'val_loss' was not in top 1",
    "2026-04-27 12:42:53,724  INFO  Epoch 374, global step 1417875: 'val_loss' was not in top 1",
    "2026-04-27 14:21:24,698  INFO  Epoch 395, global step 1497276: 'val_loss' was not in top 1",
    '2026-04-27 14:26:06,593  INFO  Monitored metric val_loss did not improve in the last 30 records. Bes'
    't score: 0.730. Signaling Trainer to stop.',
    "2026-04-27 14:26:06,594  INFO  Epoch 396, global step 1501057: 'val_loss' was not in top 1",
    '2026-04-27 14:26:07,631  INFO  训练完成。',
]


def test_with_no_bar_modelcheckpoints_epoch_lines_are_the_steps_done(tmp_path: Path) -> None:
    """`Epoch 372, global step 1410313: 'val_loss' was not in top 1`, dated, and no bar anywhere:
    each is the global step done at that epoch's end, dated by its line; early stopping ends the
    run."""
    parser, steps, events = _read(tmp_path, CHECKPOINT_LINES_ALONE)
    assert parser == "lightning"
    said = [int(m.group(1)) for t in CHECKPOINT_LINES_ALONE if (m := re.search(r"global step (\d+): ", t))]
    assert [s["step"] for s in steps] == said
    # 12:33:34,209 to 12:38:14,491: 280.282 s between the first two
    assert (steps[1]["end_ns"] - steps[0]["end_ns"]) == 280_282 * 10**6
    assert [e["kind"] for e in events if e["kind"] == "attempt_end"] == ["attempt_end"]


# NeMo-Multimodal's Stable Diffusion on Slurm (its README, index id 5057992768, the launcher's `.out`
# tail): the model logs `global_step` after its optimizer step, and the bar redraws step 2 before its
# postfix caught up
NEMO_SD_BARS = [
    'Epoch 0:   0%|          | 1/605 [01:58<19:52:10, 118.43s/it, loss=1, v_num=, reduced_train_loss=1.00'
    '0, lr=8.19e-9, global_step=1.000, consumed_samples=8192.0]',
    'Epoch 0:   0%|          | 2/605 [02:02<10:14:49, 61.18s/it, loss=1, v_num=, reduced_train_loss=1.000'
    ', lr=8.19e-9, global_step=1.000, consumed_samples=8192.0] ',
    'Epoch 0:   0%|          | 2/605 [02:02<10:14:49, 61.18s/it, loss=1, v_num=, reduced_train_loss=1.000'
    ', lr=1.64e-8, global_step=2.000, consumed_samples=16384.0]',
]


def test_a_nemo_bar_whose_global_step_agrees_with_its_count_is_that_step(tmp_path: Path) -> None:
    """`1/605 [...] global_step=1.000, consumed_samples=8192.0`: one step done (8192 samples, one
    batch of 8192), step 1; `2/605` drawn with `global_step=1.000` then `2.000` is step 2, once."""
    _, steps, _ = _read(tmp_path, NEMO_SD_BARS, parser_name="lightning")
    counts = sorted({int(m.group(1)) for t in NEMO_SD_BARS if (m := re.search(r"\| (\d+)/605 \[", t))})
    assert [s["step"] for s in steps] == counts == [1, 2]


# walk-jump on Slurm with one training batch an epoch, so no bar line (PLBFischer/walk-jump-fork @
# b1fc8d75, its file `e`: lines 35-36, 54-55 and 66-75): wandb's run summary after the fit names the
# epoch, and is wandb's table, not the script's own step line
CHECKPOINT_LINES_THEN_WANDB_SUMMARY = [
    "Epoch 0, global step 1: 'val_loss' reached 0.33322 (best 0.33322), saving model to 'checkpoints/epo"
    "ch=0-step=1-val_loss=0.3332.ckpt' as top 1",
    "Epoch 1, global step 2: 'val_loss' reached 0.22187 (best 0.22187), saving model to 'checkpoints/epo"
    "ch=1-step=2-val_loss=0.2219.ckpt' as top 2",
    "Epoch 19, global step 20: 'val_loss' reached 0.05727 (best 0.05727), saving model to 'checkpoints/e"
    "poch=19-step=20-val_loss=0.0573-v1.ckpt' as top 20",
    "`Trainer.fit` stopped: `max_epochs=20` reached.",
    "wandb: Run history:",
    "wandb:                 epoch ▁▁▂▂▂▃▃▄▄▄▅▅▅▆▆▇▇▇██",
    "wandb:   trainer/global_step ▁▁▂▂▂▃▃▄▄▄▅▅▅▆▆▇▇▇██",
    "wandb:              val_loss █▅▄▄▃▃▃▂▂▂▂▁▁▁▁▁▁▁▁▁",
    "wandb: ",
    "wandb: Run summary:",
    "wandb:                 epoch 19",
    "wandb:   trainer/global_step 19",
    "wandb:              val_loss 0.05727",
]


def test_wandbs_run_summary_is_not_a_scripts_own_step_line(tmp_path: Path) -> None:
    """`wandb:                 epoch 19` in wandb's summary table does not hide ModelCheckpoint's
    `Epoch 19, global step 20: ...` lines: they are the steps 1, 2 and 20."""
    parser, steps, _ = _read(tmp_path, CHECKPOINT_LINES_THEN_WANDB_SUMMARY)
    assert parser == "lightning"
    said = [int(m.group(1)) for t in CHECKPOINT_LINES_THEN_WANDB_SUMMARY if (m := re.search(r"global step (\d+): ", t))]
    assert [s["step"] for s in steps] == said == [1, 2, 20]


# A VQA run resumed on Colab, Lightning 2 (a notebook's notes, index id 54335246320, the block's lines
# 1-5 and 10-11): the script's own word on the learning rate names an epoch, and each ModelCheckpoint line
# comes twice, through two loggers
CHECKPOINT_LINES_TWICE_AFTER_A_SCRIPT_LINE = [
    '📉 LR changed → 4.10e-04 at epoch 1',
    "INFO: Epoch 1, global step 296: 'val_loss' reached 2.92768 (best 2.92768), saving model to '/content"
    "/experiment/model/VisualQuestionAnswering_best.ckpt' as top 1",
    "INFO:lightning.pytorch.utilities.rank_zero:Epoch 1, global step 296: 'val_loss' reached 2.92768 (bes"
    "t 2.92768), saving model to '/content/experiment/model/VisualQuestionAnswering_best.ckpt' as top 1",
    "INFO: Epoch 2, global step 489: 'val_loss' reached 2.81889 (best 2.81889), saving model to '/content"
    "/experiment/model/VisualQuestionAnswering_best.ckpt' as top 1",
    "INFO:lightning.pytorch.utilities.rank_zero:Epoch 2, global step 489: 'val_loss' reached 2.81889 (bes"
    "t 2.81889), saving model to '/content/experiment/model/VisualQuestionAnswering_best.ckpt' as top 1",
    "INFO: Epoch 5, global step 1068: 'val_loss' was not in top 1",
    "INFO:lightning.pytorch.utilities.rank_zero:Epoch 5, global step 1068: 'val_loss' was not in top 1",
]

# NeMo ASR on Colab, Lightning 1.6 (HW12 transducer notes, index id 10868917542, its lines 20-24, 29-30
# and 35-36): the checkpoints' file names hold `epoch=49`
CHECKPOINT_LINES_NAMING_EPOCH_FILES = [
    'Validation: 0it [00:00, ?it/s]',
    "Epoch 9, global step 600: 'val_wer' reached 0.43855 (best 0.43855), saving model to '/content/gdrive"
    '/MyDrive/HW12/experiments/Transducer-Model/2022-07-29_06-56-24/checkpoints/Transducer-Model--val_wer'
    "=0.4386-epoch=9.ckpt' as top 3",
    'Validation: 0it [00:00, ?it/s]',
    "Epoch 19, global step 1200: 'val_wer' reached 0.22898 (best 0.22898), saving model to '/content/gdri"
    've/MyDrive/HW12/experiments/Transducer-Model/2022-07-29_06-56-24/checkpoints/Transducer-Model--val_w'
    "er=0.2290-epoch=19.ckpt' as top 3",
    "Epoch 49, global step 3000: 'val_wer' reached 0.08668 (best 0.08668), saving model to '/content/gdri"
    've/MyDrive/HW12/experiments/Transducer-Model/2022-07-29_06-56-24/checkpoints/Transducer-Model--val_w'
    "er=0.0867-epoch=49.ckpt' as top 3",
    'Restoring states from the checkpoint path at /content/gdrive/MyDrive/HW12/experiments/Transducer-Mod'
    'el/2022-07-29_06-56-24/checkpoints/Transducer-Model--val_wer=0.0867-epoch=49.ckpt',
    'Restored all states from the checkpoint file at /content/gdrive/MyDrive/HW12/experiments/Transducer-'
    'Model/2022-07-29_06-56-24/checkpoints/Transducer-Model--val_wer=0.0867-epoch=49.ckpt',
]


def test_a_line_that_only_names_an_epoch_does_not_hide_the_checkpoint_steps(tmp_path: Path) -> None:
    """`LR changed → 4.10e-04 at epoch 1` and a file name `...-epoch=49.ckpt` are no step lines:
    ModelCheckpoint's global steps are the steps (each once, though printed by two loggers)."""
    for lines in (CHECKPOINT_LINES_TWICE_AFTER_A_SCRIPT_LINE, CHECKPOINT_LINES_NAMING_EPOCH_FILES):
        _, steps, _ = _read(tmp_path, lines, parser_name="lightning")
        said = sorted({int(m.group(1)) for t in lines if (m := re.search(r"global step (\d+): ", t))})
        assert [s["step"] for s in steps] == said
    assert said == [600, 1200, 3000]


# AutoMM (Lightning 1.x) on one T4 (an AutoM3L petfinder run of 2025-03-01, index id 1100784587, its
# lines 45-48 as the terminal's carriage returns leave them): a validation at each half epoch, its
# ModelCheckpoint line glued into the bar's cut postfix (`v_num=Epoch 0, global step 51: ...`); the
# bar's 2015 count batches, the 103 steps come from accumulating them
CHECKPOINTS_GLUED_INTO_THE_POSTFIX = [
    'Epoch 0:  50%|██████████████████████████████████████████████████▍                                   '
    "               | 1007/2015 [04:03<04:03,  4.14it/s, loss=nan, v_num=Epoch 0, global step 51: 'val_ac"
    "curacy' reached 0.02055 (best 0.02055), saving model to '/home/ubuntu/autom3l/autom3l_code/output/pe"
    "tfinder_k1_llm_20250301_184150/epoch=0-step=51.ckpt' as top 3",
    'Epoch 0: 100%|██████████████████████████████████████████████████████████████████████████████████████'
    "██████████████▉| 2014/2015 [08:13<00:00,  4.08it/s, loss=nan, v_num=Epoch 0, global step 103: 'val_a"
    "ccuracy' reached 0.02055 (best 0.02055), saving model to '/home/ubuntu/autom3l/autom3l_code/output/p"
    "etfinder_k1_llm_20250301_184150/epoch=0-step=103.ckpt' as top 3",
    'Epoch 0: 100%|██████████████████████████████████████████████████████████████████████████████████████'
    '███████████████| 2015/2015 [08:24<00:00,  3.99it/s, loss=nan, v_num=]`Trainer.fit` stopped: `max_epo'
    'chs=1` reached.',
    'Epoch 0: 100%|██████████████████████████████████████████████████████████████████████████████████████'
    '███████████████| 2015/2015 [08:24<00:00,  3.99it/s, loss=nan, v_num=]',
]


def test_a_checkpoint_glued_into_the_postfix_names_its_readings_step(tmp_path: Path) -> None:
    """`1007/2015 [04:03<...` glued to `global step 51` and `2014/2015 [08:13<...` to `global
    step 103`: the bar counts no steps this reader can convert, so the readings are the steps 51
    and 103, the second (08:13 - 04:03) / (103 - 51) s a step; the 2015th batch names no step."""
    _, steps, events = _read(tmp_path, CHECKPOINTS_GLUED_INTO_THE_POSTFIX, parser_name="lightning")
    said = [int(m.group(1)) for t in CHECKPOINTS_GLUED_INTO_THE_POSTFIX if (m := re.search(r"global step (\d+): ", t))]
    assert [s["step"] for s in steps] == said == [51, 103]
    assert steps[1]["step_time_s"] == pytest.approx((8 * 60 + 13 - (4 * 60 + 3)) / (103 - 51), abs=0.02)
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_end"] == [51, 103]
    # the reading dropped (2015/2015, after the last save) is said
    warnings = registry()["lightning"].parse(tmp_path / "console.log", ParseOptions()).warnings
    assert any("1 progress-bar readings are not steps" in w for w in warnings)


def test_a_drawing_whose_postfix_was_wrapped_away_is_no_step(tmp_path: Path) -> None:
    """NeMo-RLHF's reward-model run copied from a terminal that wrapped its lines (searobbersduck/
    AIGC_Note @ 0dc726ad, LLM/NemoFramework/Nemo-RLHF-handson.md, its last output block's lines 7-14):
    the bar's steps are its postfix's `global_step` + 1; the drawing at `21918/60082` lost its
    `global_step=14617.0` to the next line, and its batch count is no step (it read as step 21918
    between 2175 and 14626: a restart)."""
    lines = [
        ('Epoch 0:   5%| | 3225/60082 [1:20:11<23:33:44,  1.49s/it, loss=0.722, v_num=u5g0, reduced_train_loss=0.719, train_'
         'accuracy=0.000, global_step=2174.0, rewards_Epoch 0:   5%| | 3226/60082 [1:'),
        ('20:13<23:33:51,  1.49s/it, loss=0.722, v_num=u5g0, reduced_train_loss=0.719, train_accuracy=0.000, global_step=217'
         '4.0, rewards_Epoch Epoch 0:  36%|▎| 21918/60082 [8:58:54<15:38:21,  1.48s/i'),
        ('t, loss=0.68, v_num=u5g0, reduced_train_loss=0.824, train_accuracy=0.250, global_step=14617.0, rewards_chwandb: ER'
         'ROR Error while calling W&B API: graphql: panic occurred: runtime error: in'),
        'valid memory address or nil pointer dereference (<Response [500]>)',
        ('Epoch 0:  36%|▎| 21926/60082 [8:59:10<15:38:16,  1.48s/it, loss=0.699, v_num=u5g0, reduced_train_loss=0.484, train'
         '_accuracy=1.000, global_step=14625.0, rewards_cwandb: ERROR Error while cal'),
        ('ling W&B API: graphql: panic occurred: runtime error: invalid memory address or nil pointer dereference (<Response'
         ' [500]>)'),
        ('Epoch 0:  36%|▎| 21928/60082 [8:59:14<15:38:15,  1.48s/it, loss=0.667, v_num=u5g0, reduced_train_loss=0.457, train'
         '_accuracy=1.000, global_step=14627.0, rewards_cwandb: ERROR Error while cal'),
        ('ling W&B API: graphql: panic occurred: runtime error: invalid memory address or nil pointer dereference (<Response'
         ' [500]>)'),
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "lightning"
    # each drawing with its global_step on its own line, inside its bracket
    shown = [int(float(m)) + 1 for text in lines for m in re.findall(r"\d+/60082 \[[^\]]*?global_step=(\d+\.\d)", text)]
    assert sorted({s["step"] for s in steps}) == sorted(set(shown))


# A Lightning 2.x run under Hydra whose W&B service panicked at a NaN metric (github.com/Mjvolk3/torchcell @
# 92a01c2, notes/delta.issues.2024.04.16.md, its console block's lines 12, 19, 50-58, 193, 216-221, 243-247,
# 309 and 314): two dated lines, epoch 0's bar, epoch 1's bar and no dated line after them, the traceback
# glued to its step 11's drawing, then the bar drawn once more as the process exited
EPOCH_AFTER_DATED = [
    "[2024-04-16 22:43:26,402][__main__][INFO] - cuda",
    ('[2024-04-16 22:43:59,319][torchcell.datamodules.cell][INFO] - Loading cached indices from /scratch/bbub/mjvolk3/torchc'
     'ell/data/torchcell/experiments/smf-dmf-tmf_1e02/data_module_cache/cached_indices.json'),
    "Training: |          | 0/? [00:00<?, ?it/s]",
    "Training:   0%|          | 0/39 [00:00<?, ?it/s]",
    "Epoch 0:   0%|          | 0/39 [00:00<?, ?it/s] ",
    "",
    "Epoch 0:   3%|▎         | 1/39 [00:07<04:53,  0.13it/s]",
    "Epoch 0:   3%|▎         | 1/39 [00:07<04:53,  0.13it/s, v_num=k1rk]",
    "",
    "Epoch 0:   5%|▌         | 2/39 [00:08<02:29,  0.25it/s, v_num=k1rk]",
    "Epoch 0:   5%|▌         | 2/39 [00:08<02:29,  0.25it/s, v_num=k1rk]",
    "Epoch 0: 100%|██████████| 39/39 [00:23<00:00,  1.69it/s, v_num=k1rk]",
    "Epoch 1:   3%|▎         | 1/39 [00:00<00:26,  1.46it/s, v_num=k1rk]",
    "",
    "Epoch 1:   5%|▌         | 2/39 [00:00<00:15,  2.42it/s, v_num=k1rk]",
    "Epoch 1:   5%|▌         | 2/39 [00:00<00:15,  2.42it/s, v_num=k1rk]",
    "",
    "Epoch 1:   8%|▊         | 3/39 [00:01<00:13,  2.62it/s, v_num=k1rk]",
    "Epoch 1:  26%|██▌       | 10/39 [00:01<00:05,  5.61it/s, v_num=k1rk]",
    "",
    "Epoch 1:  28%|██▊       | 11/39 [00:01<00:04,  6.04it/s, v_num=k1rk]",
    "Epoch 1:  28%|██▊       | 11/39 [00:01<00:04,  6.04it/s, v_num=k1rk]Error executing job with overrides: []",
    "Traceback (most recent call last):",
    "BrokenPipeError: [Errno 32] Broken pipe",
    "Epoch 1:  28%|██▊       | 11/39 [00:04<00:11,  2.51it/s, v_num=k1rk]",
]


def test_an_epochs_bar_after_a_dated_one_is_placed_after_it_not_at_the_mtime(tmp_path: Path) -> None:
    """Epoch 1's bar has no dated line of its own: it starts where epoch 0's ended (`[00:23<`
    after its start, which the dated lines anchor), not at the file's mtime (the copy's, here
    2033: the run's last epoch read as going on nine years after its first). Its step 11, drawn
    again after the traceback (`11/39 [00:04<`: tqdm's bar closed as the process exits), is logged
    at its first drawing, before the failure: no step after the crash (which kept the attempt
    from ending in it)."""
    parser, steps, events = _read(tmp_path, EPOCH_AFTER_DATED)
    assert parser == "lightning"
    per_epoch = 39
    by_step = {row["step"]: row for row in steps}
    last_of_0, first_of_1 = by_step[per_epoch], by_step[per_epoch + 1]
    anchor = _ns("2024-04-16 22:43:59,319")
    # epoch 0's last reading is 23 whole seconds after its start, at or after the last dated line
    assert anchor + 23e9 <= last_of_0["end_ns"] < anchor + 25e9
    # epoch 1's first step, `1/39 [00:00<`, within a second of where epoch 0 ended
    assert 0 <= first_of_1["end_ns"] - last_of_0["end_ns"] < 1e9
    crash = next(e for e in events if e["kind"] == "crash")
    drawn = [n for n, t in enumerate(EPOCH_AFTER_DATED, 1) if t.startswith("Epoch 1:") and "| 11/39 [" in t]
    glued = next(n for n in drawn if "Error executing job" in EPOCH_AFTER_DATED[n - 1])
    assert len(drawn) == 3 and crash["line"] == glued + 1 < drawn[-1]
    assert by_step[per_epoch + 11]["line"] == drawn[0]
    assert max(row["line"] for row in steps) < crash["line"]


# Lightning 2.3's RichProgressBar with max_epochs=-1 (a README of PI2NLI, index id 44493781509, its
# training log's first two epochs): the bar's total epochs is max_epochs - 1, `-2`
RICH_NO_EPOCH_LIMIT = [
    "Epoch 0/-2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 191/191 0:01:23 • 0:00:00 2.26it/s v_num: 3szp "
    "train_step_loss: 0.400 Metric val_f1 improved. New best score: 0.931",
    "Epoch 1/-2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 191/191 0:01:24 • 0:00:00 2.24it/s v_num: 3szp "
    "train_step_loss: 0.266 Epoch 1",
]


def test_a_rich_bar_with_no_epoch_limit_is_a_lightning_bar(tmp_path: Path) -> None:
    """`Epoch 0/-2 ━━━ 191/191 0:01:23 • 0:00:00 2.26it/s`: epoch 0's and epoch 1's last batches, 191
    of 191 each: steps 191 and 382, each read by the Lightning reader (it was read as an epoch count)."""
    _, steps, _ = _read(tmp_path, RICH_NO_EPOCH_LIMIT)
    assert [(s["step"], s["framework"]) for s in steps] == [(191, "lightning"), (382, "lightning")]


# autogluon's MultiModalPredictor (Lightning 1.x) in its docs (github.com/autogluon/autogluon @
# 30ccfdbf474fe84cb92485d88104ea0c07fa6740 : docs/tutorials/multimodal/object_detection/
# detection_fast_finetune_coco.md, the output block; Apache-2.0): each bar's reading with ModelCheckpoint's
# line glued to it, validating twice an epoch
AUTOGLUON_GLUED_SAVES = [
    ("Epoch 0:  98%|████████████████████████████████████████████████████████████████████████████"
     "██████████████▏ | 50/51 [00:15<00:00,  3.19it/s, loss=766, v_num=Epoch 0, global step 40: "
     "'val_direct_loss' reached 555.37537 (best 555.37537), saving model to '/media/code/autoglu"
     "on/examples/automm/object_detection/AutogluonModels/ag-20221104_185342/epoch=0-step=40.ckp"
     "t' as top 1"),
    ("Epoch 1:  49%|█████████████████████████████████████████████                               "
     "                | 25/51 [00:08<00:08,  3.01it/s, loss=588, v_num=Epoch 1, global step 61: "
     "'val_direct_loss' reached 499.56232 (best 499.56232), saving model to '/media/code/autoglu"
     "on/examples/automm/object_detection/AutogluonModels/ag-20221104_185342/epoch=1-step=61.ckp"
     "t' as top 1"),
    ("Epoch 1:  98%|████████████████████████████████████████████████████████████████████████████"
     "██████████████▏ | 50/51 [00:15<00:00,  3.17it/s, loss=554, v_num=Epoch 1, global step 81: "
     "'val_direct_loss' reached 481.33121 (best 481.33121), saving model to '/media/code/autoglu"
     "on/examples/automm/object_detection/AutogluonModels/ag-20221104_185342/epoch=1-step=81.ckp"
     "t' as top 1"),
    ("Epoch 2:  49%|█████████████████████████████████████████████                               "
     "                | 25/51 [00:08<00:08,  2.99it/s, loss=539, v_num=Epoch 2, global step 102:"
     " 'val_direct_loss' reached 460.25449 (best 460.25449), saving model to '/media/code/autogl"
     "uon/examples/automm/object_detection/AutogluonModels/ag-20221104_185342/epoch=2-step=102.c"
     "kpt' as top 1"),
    ("Epoch 2:  98%|████████████████████████████████████████████████████████████████████████████"
     "██████████████▏ | 50/51 [00:15<00:00,  3.15it/s, loss=539, v_num=Epoch 2, global step 122:"
     " 'val_direct_loss' was not in top 1                                                       "
     "                                          "),
    ("Epoch 3:  49%|█████████████████████████████████████████████                               "
     "                | 25/51 [00:08<00:08,  2.96it/s, loss=533, v_num=Epoch 3, global step 143:"
     " 'val_direct_loss' was not in top 1                                                       "
     "                                          "),
    ("Epoch 3:  88%|████████████████████████████████████████████████████████████████████████████"
     "█████▏          | 45/51 [00:14<00:01,  3.17it/s, loss=508, v_num=]"),
]


def test_glued_saves_name_the_steps_of_a_bar_that_counts_validation_batches(tmp_path: Path) -> None:
    """The bar counts 51 batches an epoch, validation's among them; the saves glued to its readings name the
    optimizer's steps (`global step 61`): the readings are those steps, not 1 x 51 + 25 = 76, each at the
    bar's rate. The last reading, `45/51` of epoch 3, names none: its step is not known."""
    _, steps, _ = _read(tmp_path, AUTOGLUON_GLUED_SAVES, name="fit.log")
    named = [int(m) for line in AUTOGLUON_GLUED_SAVES for m in re.findall(r"global step (\d+):", line)]
    assert named == [40, 61, 81, 102, 122, 143]
    assert [s["step"] for s in steps] == named
    # (each a training batch's time, as the bar's rate prints it to within its moving average; not the time
    # between two saves over the steps between, which holds a validation)
    rates = [float(m) for line in AUTOGLUON_GLUED_SAVES[:6] for m in re.findall(r"([\d.]+)it/s", line)]
    assert [s["step_time_s"] for s in steps] == [pytest.approx(1 / rate, rel=0.1) for rate in rates]


# latent-diffusion's textual inversion (Lightning) under Unweave, one epoch's bar drawings glued into one line: the copy
# lost the carriage returns and the terminal cut each drawing at its width (github.com/johndpope/starters,
# textual-inversion/README.md, stored file id 4168284461, lines 59 and 68 of the stored copy's block at 48-71)
LDM_GLUED_DRAWINGS = [
    "Global seed set to 23",
    (
        'Epoch 46:   1%|▏         | 1/76 [00:00<00:47,  1.58it/s, loss=0.202, v_num=0, train/loss_simple_'
        'step=0.167, train/loss_vlb_step=0.000563, train/loss_step=0.167, global_step=3449.0, train/Epoch'
        ' 46:   1%|▏         | 1/76 [00:00<00:47,  1.58it/s, loss=0.21, v_num=0, train/loss_simple_step=0'
        '.257, train/loss_vlb_step=0.0568, train/loss_step=0.257, global_step=3450.0, train/losEpoch 46: '
        '  3%|▎         | 2/76 [00:00<00:35,  2.08it/s, loss=0.21, v_num=0, train/loss_simple_step=0.257,'
        ' train/loss_vlb_step=0.0568, train/loss_step=0.257, global_step=3450.0, train/losEpoch 46:   3%|'
        '▎         | 2/76 [00:00<00:35,  2.08it/s, loss=0.201, v_num=0, train/loss_simple_step=0.115, tra'
        'in/loss_vlb_step=0.00043, train/loss_step=0.115, global_step=3451.0, train/lEpoch 46:   4%|▍    '
        '     | 3/76 [00:01<00:31,  2.33it/s, loss=0.201, v_num=0, train/loss_simple_step=0.115, train/lo'
        'ss_vlb_step=0.00043, train/loss_step=0.115, global_step=3451.0, train/lEpoch 46:   4%|▍         '
        '| 3/76 [00:01<00:31,  2.33it/s, loss=0.196, v_num=0, train/loss_simple_step=0.120, train/loss_vl'
        'b_step=0.000615, train/loss_step=0.120, global_step=3452.0, train/Epoch 46:   5%|▌         | 4/7'
        '6 [00:01<00:29,  2.47it/s, loss=0.196, v_num=0, train/loss_simple_step=0.120, train/loss_vlb_ste'
        'p=0.000615, train/loss_step=0.120, global_step=3452.0, train/Epoch 46:   5%|▌         | 4/76 [00'
        ':01<00:29,  2.47it/s, loss=0.186, v_num=0, train/loss_simple_step=0.163, train/loss_vlb_step=0.0'
        '00609, train/loss_step=0.163, global_step=3453.0, train/Epoch 46:   7%|▋         | 5/76 [00:01<0'
        '0:27,  2.56it/s, loss=0.186, v_num=0, train/loss_simple_step=0.163, train/loss_vlb_step=0.000609'
        ', train/loss_step=0.163, global_step=3453.0, train/Epoch 46:   7%|▋         | 5/76 [00:01<00:27,'
        '  2.56it/s, loss=0.198, v_num=0, train/loss_simple_step=0.359, train/loss_vlb_step=0.00504, trai'
        'n/loss_step=0.359, global_step=3454.0, train/lEpoch 46:   8%|▊         | 6/76 [00:02<00:26,  2.6'
        '3it/s, loss=0.198, v_num=0, train/loss_simple_step=0.359, train/loss_vlb_step=0.00504, train/los'
        's_step=0.359, global_step=3454.0, train/lEpoch 46:   8%|▊         | 6/76 [00:02<00:26,  2.62it/s'
        ', loss=0.199, v_num=0, train/loss_simple_step=0.282, train/loss_vlb_step=0.00227, train/loss_ste'
        'p=0.282, global_step=3455.0, train/lEpoch 46:   9%|▉         | 7/76 [00:02<00:25,  2.68it/s, los'
        's=0.199, v_num=0, train/loss_simple_step=0.282, train/loss_vlb_step=0.00227, train/loss_step=0.2'
        '82, global_step=3455.0, train/lEpoch 46:   9%|▉         | 7/76 [00:02<00:25,  2.68it/s, loss=0.2'
        '08, v_num=0, train/loss_simple_step=0.348, train/loss_vlb_step=0.00496, train/loss_step=0.348, g'
        'lobal_step=3456.0, train/lEpoch 46:  11%|█         | 8/76 [00:02<00:25,  2.72it/s, loss=0.208, v'
        '_num=0, train/loss_simple_step=0.348, train/loss_vlb_step=0.00496, train/loss_step=0.348, global'
        '_step=3456.0, train/lEpoch 46:  11%|█         | 8/76 [00:02<00:25,  2.72it/s, loss=0.208, v_num='
        '0, train/loss_simple_step=0.174, train/loss_vlb_step=0.000594, train/loss_step=0.174, global_ste'
        'p=3457.0, train/Epoch 46:  12%|█▏        | 9/76 [00:03<00:24,  2.75it/s, loss=0.208, v_num=0, tr'
        'ain/loss_simple_step=0.174, train/loss_vlb_step=0.000594, train/loss_step=0.174, global_step=345'
        '7.0, train/Epoch 46:  12%|█▏        | 9/76 [00:03<00:24,  2.75it/s, loss=0.201, v_num=0, train/l'
        'oss_simple_step=0.0818, train/loss_vlb_step=0.000285, train/loss_step=0.0818, global_step=3458.0'
        ', traiEpoch 46:  13%|█▎        | 10/76 [00:03<00:23,  2.77it/s, loss=0.201, v_num=0, train/loss_'
        'simple_step=0.0818, train/loss_vlb_step=0.000285, train/loss_step=0.0818, global_step=3458.0, tr'
        'aEpoch 46:  13%|█▎        | 10/76 [00:03<00:23,  2.77it/s, loss=0.218, v_num=0, train/loss_simpl'
        'e_step=0.475, train/loss_vlb_step=0.00408, train/loss_step=0.475, global_step=3459.0, train/Epoc'
        'h 46:  14%|█▍        | 11/76 [00:03<00:23,  2.79it/s, loss=0.218, v_num=0, train/loss_simple_ste'
        'p=0.475, train/loss_vlb_step=0.00408, train/loss_step=0.475, global_step=3459.0, train/Epoch 46:'
        '  14%|█▍        | 11/76 [00:03<00:23,  2.79it/s, loss=0.218, v_num=0, train/loss_simple_step=0.2'
        '13, train/loss_vlb_step=0.000999, train/loss_step=0.213, global_step=3460.0, train'
    ),
]


def test_bar_drawings_glued_into_one_line_are_each_read(tmp_path: Path) -> None:
    """22 drawings of `Epoch 46` on one line, each cut at 187 characters (no closing `]`): batches 1 to
    11 of 76, each drawn twice (the count, then its postfix). Each batch is a step: 11 of them, taken
    in [00:03] of the bar's clock (3 to 4 s: 0.27 to 0.37 s a batch; tqdm's rate at the 11th, 2.79 it/s,
    is 0.36 s), not one step at the first drawing's 1.58 it/s (0.63 s)."""
    name, steps, _ = _read(tmp_path, LDM_GLUED_DRAWINGS)
    assert name == "lightning"
    assert len({s["step"] for s in steps}) >= 11
    times = sorted(s["step_time_s"] for s in steps if s["step_time_s"] is not None)
    assert 3.0 / 11 <= times[len(times) // 2] <= 4.0 / 11


# PyTorch Lightning 1.3's main bar over an epoch's training batches and its validation's (108), its `Validating:`
# bar drawn beside it as the validation runs, under SLURM until its time ran out (trevorjung02/Temporal@
# 9f471804bc156f786006a25e59a198bd49fb78fd, slurm-6033515.out, lines 236-260; the stored file's bars apart by
# newlines as the index shows them)
PL13_VALIDATING = [
    'Epoch 0:  85%|████████▌ | 92/108 [00:06<00:01, 13.66it/s, loss=12.5, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Epoch 0:  86%|████████▌ | 93/108 [00:06<00:01, 13.68it/s, loss=12.5, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Epoch 0:  86%|████████▌ | 93/108 [00:06<00:01, 13.68it/s, loss=12.4, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Epoch 0:  87%|████████▋ | 94/108 [00:06<00:01, 13.43it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Epoch 0:  88%|████████▊ | 95/108 [00:07<00:00, 13.55it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating: 0it [00:00, ?it/s]\x1b[A',
    'Validating:   0%|          | 0/14 [00:00<?, ?it/s]\x1b[A',
    'Validating:   7%|▋         | 1/14 [00:02<00:29,  2.27s/it]\x1b[A',
    'Validating:  14%|█▍        | 2/14 [00:03<00:20,  1.69s/it]\x1b[A',
    'Epoch 0:  90%|████████▉ | 97/108 [00:10<00:01,  9.17it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating:  21%|██▏       | 3/14 [00:04<00:16,  1.52s/it]\x1b[A',
    'Validating:  29%|██▊       | 4/14 [00:06<00:14,  1.43s/it]\x1b[A',
    'Epoch 0:  92%|█████████▏| 99/108 [00:13<00:01,  7.52it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating:  36%|███▌      | 5/14 [00:07<00:12,  1.38s/it]\x1b[A',
    'Validating:  43%|████▎     | 6/14 [00:08<00:10,  1.36s/it]\x1b[A',
    'Epoch 0:  94%|█████████▎| 101/108 [00:15<00:01,  6.40it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating:  50%|█████     | 7/14 [00:10<00:09,  1.34s/it]\x1b[A',
    'Validating:  57%|█████▋    | 8/14 [00:11<00:07,  1.33s/it]\x1b[A',
    'Epoch 0:  95%|█████████▌| 103/108 [00:18<00:00,  5.60it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating:  64%|██████▍   | 9/14 [00:12<00:06,  1.32s/it]\x1b[A',
    'Validating:  71%|███████▏  | 10/14 [00:13<00:05,  1.31s/it]\x1b[A',
    'Epoch 0:  97%|█████████▋| 105/108 [00:21<00:00,  5.00it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
    'Validating:  79%|███████▊  | 11/14 [00:15<00:03,  1.31s/it]\x1b[A',
    'Validating:  86%|████████▌ | 12/14 [00:16<00:02,  1.31s/it]\x1b[A',
    'Epoch 0:  99%|█████████▉| 107/108 [00:23<00:00,  4.53it/s, loss=12.3, v_num=1hqf, em_score=0.000, f1_score=0.000]',
]


def test_lightning_1x_main_bar_counts_its_validation_after_its_training_and_those_are_no_steps(tmp_path: Path) -> None:
    """`Epoch 0: ... 95/108`, then `Validating: ... 0/14`, and the main bar goes on (97, 99, ..., 107) while it draws:
    its 108 are 94 training batches and 14 validation batches, so the counts past 94 are the validation's."""
    _, steps, _ = _read(tmp_path, PL13_VALIDATING)
    main = [int(m.group(1)) for t in PL13_VALIDATING if (m := re.search(r"Epoch 0: .*?\| (\d+)/108 ", t))]
    validation = {int(m.group(1)) for t in PL13_VALIDATING if (m := re.search(r"Validating: .*?\| \d+/(\d+) ", t))}
    assert validation == {14} and max(main) > 108 - 14
    assert [s["step"] for s in steps] == sorted({n for n in main if n <= 108 - 14})


# A Lightning callback's own logger over a resumed ImageNet run: each epoch's start, its validation's line, then its
# training's (yashwantram97/ERA-V4-Mini-Capstone@bbea10a78d70ee440952c04290a5366e254c6ab4, logs/training-62-90.log,
# lines 283-289)
CALLBACK_EPOCHS = [
    '2025-11-02 00:55:50 |     INFO | on_train_epoch_start:364 | 🔄 EPOCH 62/90 - Starting...',
    '2025-11-02 01:00:08 |     INFO | on_validation_epoch_end:413 | 📊 EPOCH 62 VAL   - Loss: 1.4579, Acc: 65.78%, F1: N/A',
    '2025-11-02 01:00:08 |     INFO | on_train_epoch_end:383 | 📈 EPOCH 62 TRAIN - Loss: 2.3013, Acc: 63.48%, F1: N/A',
    '2025-11-02 01:00:16 |     INFO | on_train_epoch_start:364 | 🔄 EPOCH 63/90 - Starting...',
    '2025-11-02 01:04:45 |     INFO | on_validation_epoch_end:413 | 📊 EPOCH 63 VAL   - Loss: 1.5589, Acc: 64.70%, F1: N/A',
    '2025-11-02 01:04:46 |     INFO | on_train_epoch_end:383 | 📈 EPOCH 63 TRAIN - Loss: 2.2880, Acc: 63.73%, F1: N/A',
    '2025-11-02 01:04:51 |     INFO | on_train_epoch_start:364 | 🔄 EPOCH 64/90 - Starting...',
]


def test_an_epochs_validation_line_before_its_training_line_gives_no_training_loss(tmp_path: Path) -> None:
    """`EPOCH 62 VAL   - Loss: 1.4579`, then `EPOCH 62 TRAIN - Loss: 2.3013`: epoch 62's training loss is 2.3013."""
    _, steps, _ = _read(tmp_path, CALLBACK_EPOCHS)
    trained = [(int(m.group(1)), float(m.group(2))) for t in CALLBACK_EPOCHS
               if (m := re.search(r"EPOCH (\d+) TRAIN - Loss: ([\d.]+)", t))]
    assert [(s["step"], s["loss"]) for s in steps] == trained == [(62, 2.3013), (63, 2.288)]
