"""Checkpoint saves in the wild: lines quoted verbatim from public files (each block's source is cited above it), tiny
inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read

# diffusers' textual_inversion.py on 2 GPUs through `accelerate launch`, pasted in its user's notes
# (searobbersduck/AIGC_Note@23e6ab8, Diffusion/HuggingFace/Train/TextualInversion.md, its training log block): a save
# at step 1500 (its embeddings', then Accelerate's state), the run's last save at step 3000, the trained pipeline
# written and the embeddings saved once more as the script ends (the block's lines 62-69 and 78-100)
TEXTUAL_INVERSION = [
    ('Steps:  50%|██████████████████████████████████████▌                                      |'
     ' 1500/3000 [29:22<29:20,  1.17s/it, loss=0.0948, lr=0.004]'),
    '03/13/2023 11:18:02 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:18:02 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-1500'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-1500/pytorch_model.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-1500/optimizer.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-1500/scheduler.bin'),
    ('03/13/2023 11:18:03 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-1500/random_states_0.pkl'),
    '03/13/2023 11:18:03 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-1500',
    ('Steps: 100%|█████████████████████████████████████████████████████████████████████████████|'
     ' 3000/3000 [58:30<00:00,  1.18s/it, loss=0.0188, lr=0.004]'),
    '03/13/2023 11:47:10 - INFO - __main__ - Saving embeddings',
    ('03/13/2023 11:47:10 - INFO - accelerate.accelerator - Saving current state to textual_inve'
     'rsion_cat/checkpoint-3000'),
    ('03/13/2023 11:47:10 - INFO - accelerate.checkpointing - Model weights saved in textual_inv'
     'ersion_cat/checkpoint-3000/pytorch_model.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Optimizer state saved in textual_i'
     'nversion_cat/checkpoint-3000/optimizer.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Scheduler state saved in textual_i'
     'nversion_cat/checkpoint-3000/scheduler.bin'),
    ('03/13/2023 11:47:11 - INFO - accelerate.checkpointing - Random states saved in textual_inv'
     'ersion_cat/checkpoint-3000/random_states_0.pkl'),
    '03/13/2023 11:47:11 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-3000',
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
                      for n, step in zip(embeddings, (1500, 3000, None), strict=True)]
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
