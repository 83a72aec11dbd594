"""Checkpoint saves in the wild: lines quoted verbatim from public files (each block's source is cited above it), tiny
inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tests.test_wild_logs import TEXTUAL_INVERSION_CUT_SAVES

# diffusers' textual_inversion.py on 2 GPUs through `accelerate launch`, pasted in its user's notes
# (searobbersduck/AIGC_Note@23e6ab8, Diffusion/HuggingFace/Train/TextualInversion.md, its training log block): its
# saves (`TEXTUAL_INVERSION_CUT_SAVES`), then the trained pipeline written and the embeddings saved once more as the
# script ends (the block's lines 86-100)
TEXTUAL_INVERSION_END = [
    ('Downloading pytorch_model.bin: 100%|██████████████████████████████████████████████████████'
     '█████████████████████| 1.22G/1.22G [01:05<00:00, 18.6MB/s]'),
    ('Fetching 15 files: 100%|██████████████████████████████████████████████████████████████████'
     '██████████████████████████| 15/15 [01:07<00:00,  4.49s/it]'),
    ("{'requires_safety_checker'} was not found in config. Values will be initialized to default"
     ' values.                   | 4/15 [01:07<03:05, 16.84s/it]'),
    "{'prediction_type'} was not found in config. Values will be initialized to default values.",
    ('/home/rtx/workspace/anaconda3/envs/lavis/lib/python3.8/site-packages/transformers/models/c'
     'lip/feature_extraction_clip.py:28: FutureWarning: The clas'),
    ('s CLIPFeatureExtractor is deprecated and will be removed in version 5 of Transformers. Ple'
     'ase use CLIPImageProcessor instead.'),
    '  warnings.warn(',
    'Configuration saved in textual_inversion_cat/model_index.json',
    'Configuration saved in textual_inversion_cat/vae/config.json',
    'Model weights saved in textual_inversion_cat/vae/diffusion_pytorch_model.bin',
    'Configuration saved in textual_inversion_cat/unet/config.json',
    'Model weights saved in textual_inversion_cat/unet/diffusion_pytorch_model.bin',
    'Configuration saved in textual_inversion_cat/scheduler/scheduler_config.json',
    '03/13/2023 11:48:28 - INFO - __main__ - Saving embeddings',
    ('Steps: 100%|████████████████████████████████████████████████████████████████████████████| '
     '3000/3000 [59:47<00:00,  1.20s/it, loss=0.00332, lr=0.004]'),
]
TEXTUAL_INVERSION = TEXTUAL_INVERSION_CUT_SAVES + TEXTUAL_INVERSION_END


def _when(text: str) -> int:
    return int(datetime.strptime(text[:19], "%m/%d/%Y %H:%M:%S").replace(tzinfo=UTC).timestamp()) * 10**9


def test_textual_inversions_saving_embeddings_begins_a_save_and_the_last_one_after_training_is_the_runs_end(
        tmp_path: Path) -> None:
    """`__main__ - Saving embeddings` (the learned embeddings, all that textual inversion trains) begins a save; with
    Accelerate's `Saving current state to .../checkpoint-1500` on the next line in the same second, one save, of step
    1500 (it was that line's save alone); the last, 77 s after the run's last checkpoint, as the script ends, is a
    save too, and the run lasted until it (it ended at the checkpoint before)."""
    _, _, events = _read(tmp_path, TEXTUAL_INVERSION, name="log.txt")
    embeddings = [n for n, t in enumerate(TEXTUAL_INVERSION, start=1) if t.endswith("__main__ - Saving embeddings")]
    starts = [(e["line"], e["step"], e["ts_ns"]) for e in events if e["kind"] == "checkpoint_save_start"]
    assert starts == [(n, step, _when(TEXTUAL_INVERSION[n - 1]))
                      for n, step in zip(embeddings, (500, 1000, 1500, 2000, 3000, None), strict=True)]
    (tmp_path / "c").mkdir()
    con = console_connection(tmp_path / "c", TEXTUAL_INVERSION, name="log.txt")
    assert con.execute("select end_ns from attempts").fetchall() == [(_when(TEXTUAL_INVERSION[embeddings[-1] - 1]),)]


# A GRPO trainer of its own on PyTorch Monarch (Qwen on GSM8K, 8 learner ranks): two steps and the save between them
# (harishvs/rl_grpo_qwen_math@79f155d17c8864dbe900b076c9f306860f7deafd,
# docs/run-2026-04-09-monarch-run12/logs/training.log, lines 43-45)
MONARCH_GRPO = [
    ("step:19 | policy_loss=0.0006 | kl_divergence=0.7623 | mean_reward=0.4883 | clip_fraction=0.0055 | grad_norm=97.2344 | "
     "step_time_seconds=84.4124 | throughput_samples_per_sec=3.0327 | epoch=0"),
    "Checkpoint saved: /checkpoints/step_20",
    ("step:20 | policy_loss=-0.0000 | kl_divergence=0.0290 | mean_reward=0.5781 | clip_fraction=0.0043 | grad_norm=1.9766 | "
     "step_time_seconds=84.7049 | throughput_samples_per_sec=3.0223 | epoch=0"),
]


def test_a_saves_folder_named_by_its_step_with_an_underscore_names_the_saves_step(tmp_path: Path) -> None:
    """`Checkpoint saved: /checkpoints/step_20`: the save of step 20, as its folder says (it named none: only
    `step-N` folders were read)."""
    _, _, events = _read(tmp_path, MONARCH_GRPO, name="training.log")
    assert [(e["line"], e["kind"], e["step"]) for e in events] == [(2, "checkpoint_save_end", 20)]


# BioNeMo's Evo2 (NeMo 2: Lightning and Megatron-core) fine-tuned on one GPU with async checkpoint saves, a notebook's
# output cell (haydenjohnson94/HuangSeedFund_Evo2@fd13e53498154e033742066517b3d8487bd9391a, Train_Evo2_Mortierellaceae.md,
# the `!train_evo2 ... --ckpt-async-save` cell's output, its indentation removed): the restore of the weights it starts
# from and its load's time (lines 334-336), a step, a save's blocking part and its async writes scheduled (lines
# 620-625), the steps after and the next saves (lines 656-664)
NEMO2_ASYNC_SAVES = [
    ('[NeMo I 2025-06-18 21:56:38 nemo_logging:393] Doing selective restore from RestoreConfig(p'
     "ath='nemo2_evo2_1b_8k', adapter_path=None, load_model_state=True, load_optim_state=False, "
     'load_artifacts=True)'),
    ('[NeMo I 2025-06-18 21:56:38 nemo_logging:393] Using <megatron.core.dist_checkpointing.stra'
     'tegies.fully_parallel.FullyParallelLoadStrategyWrapper object at 0x7f1ef0331f40> dist-ckpt'
     ' load strategy.'),
    ('[NeMo I 2025-06-18 21:57:00 nemo_logging:393] Global Checkpoint Load : Rank : 0 : Start ti'
     'me : 1750308998.535s : Time spent in load_checkpoint: 22.456s'),
    ('Training epoch 0, iteration 4/9 | lr: 8e-05 | global_batch_size: 1 | global_step: 4 | redu'
     'ced_train_loss: 1.257 | train_step_timing in s: 0.3505 | consumed_samples: 5'),
    "Epoch 0, global step 4: 'val_loss' was not in top 5",
    ('[NeMo I 2025-06-18 21:57:04 nemo_logging:393] Using FullyParallelSaveStrategyWrapper(torch'
     '_dist, 1) dist-ckpt save strategy.'),
    ('[NeMo I 2025-06-18 21:57:05 nemo_logging:393] Global Checkpoint Save : Rank: 0 : Iteration'
     ': 4 : Start time: 1750309024.990s : Save duration: 0.217s'),
    ('[NeMo I 2025-06-18 21:57:12 nemo_logging:393] Scheduled async checkpoint save for /home/jo'
     'hnsh29/Evo2_Mortierellaceae/pretraining_mortierellaceae/evo2/checkpoints/evo2--val_loss=0.'
     '0000-epoch=0-consumed_samples=5.0-last.ckpt'),
    '[NeMo I 2025-06-18 21:57:12 nemo_logging:393] Async finalization time took 0.002 s',
    ('Training epoch 0, iteration 8/9 | lr: 3e-05 | global_batch_size: 1 | global_step: 8 | redu'
     'ced_train_loss: 1.257 | train_step_timing in s: 0.4168 | consumed_samples: 9 | val_loss: 1.264'),
    '[NeMo I 2025-06-18 21:57:16 nemo_logging:393] Async finalization time took 0.000 s',
    ('Training epoch 0, iteration 9/9 | lr: 3e-05 | global_batch_size: 1 | global_step: 9 | redu'
     'ced_train_loss: 1.292 | train_step_timing in s: 0.4083 | consumed_samples: 10 | val_loss: 1.264'),
    ("Epoch 0, global step 9: 'val_loss' reached 1.26396 (best 1.26396), saving model to '/home/"
     'johnsh29/Evo2_Mortierellaceae/pretraining_mortierellaceae/evo2/checkpoints/evo2--val_loss='
     "1.2640-epoch=0-consumed_samples=10.0.ckpt' as top 5"),
    ('[NeMo I 2025-06-18 21:57:20 nemo_logging:393] Global Checkpoint Save : Rank: 0 : Iteration'
     ': 9 : Start time: 1750309039.748s : Save duration: 0.476s'),
    ('[NeMo I 2025-06-18 21:57:20 nemo_logging:393] Scheduled async checkpoint save for /home/jo'
     'hnsh29/Evo2_Mortierellaceae/pretraining_mortierellaceae/evo2/checkpoints/evo2--val_loss=1.'
     '2640-epoch=0-consumed_samples=10.0.ckpt'),
    ('[NeMo I 2025-06-18 21:57:23 nemo_logging:393] Global Checkpoint Save : Rank: 0 : Iteration'
     ': 9 : Start time: 1750309040.832s : Save duration: 2.746s'),
    ('[NeMo I 2025-06-18 21:57:35 nemo_logging:393] Scheduled async checkpoint save for /home/jo'
     'hnsh29/Evo2_Mortierellaceae/pretraining_mortierellaceae/evo2/checkpoints/evo2--val_loss=1.'
     '2640-epoch=0-consumed_samples=10.0-last.ckpt'),
    '[NeMo I 2025-06-18 21:57:35 nemo_logging:393] Async finalization time took 0.001 s',
]


def test_nemo2s_global_checkpoint_lines_time_their_saves_the_starting_weights_load_is_none_and_async_scheduling_closes_none(
        tmp_path: Path) -> None:
    """`Global Checkpoint Save : Rank: 0 : Iteration: 4 : ... : Save duration: 0.217s` ends a save of step 4 that took
    0.217 s (its blocking part; the async writes go on behind the steps; none was read); the `Global Checkpoint Load
    : ... : Time spent in load_checkpoint: 22.456s` right after `Doing selective restore from RestoreConfig(...)` (the
    weights the fine-tuning starts from) is the run's start-up, no checkpoint load; the `Scheduled async checkpoint
    save` before a save closes on none of it: each save's time is its own seconds (within the line clock's second
    where its scheduling line begins it; it was 8 s, the async scheduling's line to the next save's end, across five
    steps)."""
    _, _, events = _read(tmp_path, NEMO2_ASYNC_SAVES, name="train_evo2.log")
    stated = [(int(m.group(1)), float(m.group(2))) for t in NEMO2_ASYNC_SAVES
              if (m := re.search(r"Global Checkpoint Save .*?Iteration: (\d+) .*?Save duration: ([\d.]+)s", t)) is not None]
    assert len(stated) == 3
    assert [(e["step"], e["duration_s"]) for e in events if e["kind"] == "checkpoint_save_end"] == stated
    assert [e for e in events if e["kind"].startswith("checkpoint_load")] == []
    (tmp_path / "c").mkdir()
    con = console_connection(tmp_path / "c", NEMO2_ASYNC_SAVES, name="train_evo2.log")
    saves = con.execute("select (end_ns - start_ns) / 1e9 from int_log_intervals where label = 'checkpoint_save' "
                        "order by start_ns").fetchall()
    assert len(saves) == 3
    assert [round(s, 3) for (s,) in saves[:2]] == [d for _, d in stated[:2]]
    assert abs(saves[2][0] - stated[2][1]) < 1


# tiny-shrek's character-level GPT pretraining on an L4, its own loop: steps every 50 iterations, an evaluation every
# 200, the model written where it improved (arsallls/tiny-shrek@4eda7b013eb4c2869143fa581cc9a267d5225af1,
# logs/pretrain.log, lines 9-12)
TINY_SHREK = [
    "iter    200 | loss 1.5749 | lr 6.00e-04 | 49s",
    "  eval 200: train 1.5510 | val 1.5317 | 2.2098 bpc",
    "  saved /content/drive/MyDrive/tiny-shrek/pretrain.pt",
    "iter    250 | loss 1.3781 | lr 6.00e-04 | 67s",
]


def test_saved_alone_before_a_weights_file_is_a_save_written(tmp_path: Path) -> None:
    """`  saved /content/drive/MyDrive/tiny-shrek/pretrain.pt`, the word alone before the file: a save written (none
    was read: 0 of the run's 16)."""
    _, _, events = _read(tmp_path, TINY_SHREK, name="pretrain.log", parser_name="generic_log")  # (its whole log is the reader's)
    assert [(e["line"], e["kind"]) for e in events if e["kind"].startswith("checkpoint")] == [(3, "checkpoint_save_end")]


# minGPT's chargpt.py on a CPU: its first iteration's line, its save (its samples printed before it not quoted), the
# iterations after (ccc-ai0/minGPT@0f3b9b25a689ffd6bb8532cafb80d9094562abbf, ccc/projects/chargpt/chargpt.md, the block
# under "## exp.txt", lines 30 and 77-79)
MINGPT_CHARGPT = [
    "iter_dt 0.00ms; iter 0: train loss 2.84515",
    "saving model",
    "iter_dt 7797.46ms; iter 2: train loss 2.60938",
    "iter_dt 5743.34ms; iter 4: train loss 2.49033",
]


def test_mingpts_saving_model_alone_on_its_line_begins_a_save(tmp_path: Path) -> None:
    """`saving model`, a line of its own (chargpt.py's word before its `torch.save`): a save begun (none was read: 0
    of the run's 30)."""
    _, _, events = _read(tmp_path, MINGPT_CHARGPT, name="chargpt.md", parser_name="generic_log")
    assert [(e["line"], e["kind"]) for e in events if e["kind"].startswith("checkpoint")] == [(2, "checkpoint_save_start")]
