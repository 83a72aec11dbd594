"""Lightning's consoles as users paste them: lines quoted verbatim from public logs (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted
text."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_line_rules import _read

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
