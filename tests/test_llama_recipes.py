"""llama-recipes / llama-cookbook consoles, fast tier: training-bar lines whose description is
the one train_utils.train sets (`f"Training Epoch: {epoch+1}/{num_epochs}, step {step}/{len(loader)}
completed (loss: {loss})"`), then tqdm's reading, through the description rule and the reader.
Every expectation is read off the lines themselves."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.llama_recipes import description


def _line(epoch: int, step: int, loss: float, bar: str) -> str:
    return f"Training Epoch: {epoch}/3, step {step}/36 completed (loss: {loss}):  {bar}"


def test_the_description_names_the_batch_not_the_bar_s_optimizer_step() -> None:
    """Batch 10 of epoch 1 while the bar shows optimizer step 3 of 9 (gradient accumulation 4);
    epoch 2, batch 5 is 36 + 5."""
    read = description(_line(1, 10, 0.52, " 33%|███      | 3/9 [03:17<06:31, 65.28s/it]"))
    assert read is not None and read[:2] == (10, 0.52) and read[2] is not None and read[2].elapsed_s == 197
    assert read[3] == 36 and read[2].total == 9
    read = description(_line(2, 5, 0.25, " 11%|█        | 1/9 [00:16<02:08, 16.0s/it]"))
    assert read is not None and read[:2] == (41, 0.25) and read[2] is not None and read[2].elapsed_s == 16
    # printed with print() as well in some forks: no reading
    assert description("Training Epoch: 1/3, step 10/36 completed (loss: 0.52)") == (10, 0.52, None, 36)


def test_step_times_are_the_bar_s_seconds_between_consecutive_batches(tmp_path: Path) -> None:
    """Batches 12, 13, 14 first drawn at 03:33, 03:49, 04:05: 16 s each after the first; the bar
    redrawn at 04:21 with batch 14's description again (its optimizer step done) is no row."""
    lines = [
        _line(1, 12, 0.31, " 33%|███      | 3/9 [03:33<06:31, 65.28s/it]"),
        _line(1, 13, 0.09, " 33%|███      | 3/9 [03:49<06:31, 65.28s/it]"),
        _line(1, 14, 0.24, " 33%|███      | 3/9 [04:05<06:31, 65.28s/it]"),
        _line(1, 14, 0.24, " 44%|████     | 4/9 [04:21<05:24, 64.93s/it]"),
    ]
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "llama_recipes"
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(12, 0.31, None), (13, 0.09, 16.0), (14, 0.24, 16.0)]


def test_a_bar_kept_at_its_last_drawing_alone_gives_its_rate(tmp_path: Path) -> None:
    """`kubectl logs` of a Kubeflow PyTorchJob's worker (github.com/thecloudgarage/eks-anywhere,
    bare-metal/kubeflow.md, its LOGS block, index id 32352491303): each local rank's bar at its last
    drawing alone. The bar counts the 64 batches (no gradient accumulation): batch 63 took its rate,
    12.56 s (13:23 over 64 batches is 12.55 s a batch: the clock holds it)."""
    lines = [
        "Training Epoch: 1/3, step 63/64 completed (loss: 1.088591456413269): 100%|\u2588\u2588\u2588\u2588\u2588\u2588"
        "\u2588\u2588\u2588\u2588| 64/64 [13:23<00:00, 12.56s/it]",
        "Training Epoch: 1/3, step 63/64 completed (loss: 1.0633320808410645): 100%|\u2588\u2588\u2588\u2588\u2588"
        "\u2588\u2588\u2588\u2588\u2588| 64/64 [13:23<00:00, 12.55s/it]",
    ]
    path = tmp_path / "worker-1.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    steps = registry()["llama_recipes"].parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(63, 1.088591456413269, 12.56)]


def test_peft_saves_each_epochs_bar_rate_and_the_results_that_end_the_run(tmp_path: Path) -> None:
    """llama-recipes' LoRA fine-tuning of Llama-2-7B on one V100 in an HPC user guide (index id
    23196781992, its expected output's last 47 lines): each epoch's bar kept at its last drawing, its
    rate the step's time (the first drawing of its epoch's bar in the log); `we are about to save the
    PEFT modules` and `PEFT modules are saved in ... directory` a save's start and end, each epoch;
    `Key: avg_train_prep, Value: ...`, printed once `train` returned, the run's end."""
    lines = [
        ('    Training Epoch: 1/3, step 387/388 completed (loss: 1.7123626470565796): 100%|███████████████| 388/388 [3:34:24'
         '<00:00, 33.16s/it]'),
        '    Max CUDA memory allocated was 21 GB',
        '    Max CUDA memory reserved was 24 GB',
        '    Peak active CUDA memory was 21 GB',
        '    Cuda Malloc retires : 0',
        '    CPU Total Peak Memory consumed during the train (max): 2 GB',
        ('    evaluating Epoch: 100%|█████████████████████████████████████████████████████████████████████████| 84/84 [04:29'
         '<00:00,  3.21s/it]'),
        "     eval_ppl=tensor(5.2620, device='cuda:0') eval_epoch_loss=tensor(1.6605, device='cuda:0')",
        '    we are about to save the PEFT modules',
        '    PEFT modules are saved in /dev/shm/PEFT/model/ directory',
        '    best eval loss on epoch 1 is 1.660506010055542',
        '    Epoch 1: train_perplexity=5.3824, train_epoch_loss=1.6831, epoch time 12864.613309495151s',
        ('    Training Epoch: 2/3, step 387/388 completed (loss: 1.6909533739089966): 100%|███████████████| 388/388 [3:33:44'
         '<00:00, 33.05s/it]'),
        '    Max CUDA memory allocated was 21 GB',
        '    Max CUDA memory reserved was 24 GB',
        '    Peak active CUDA memory was 21 GB',
        '    Cuda Malloc retires : 0',
        '    CPU Total Peak Memory consumed during the train (max): 2 GB',
        ('    evaluating Epoch: 100%|█████████████████████████████████████████████████████████████████████████| 84/84 [04:29'
         '<00:00,  3.20s/it]'),
        "     eval_ppl=tensor(5.2127, device='cuda:0') eval_epoch_loss=tensor(1.6511, device='cuda:0')",
        '    we are about to save the PEFT modules',
        '    PEFT modules are saved in /dev/shm/PEFT/model/ directory',
        '    best eval loss on epoch 2 is 1.6511057615280151',
        '    Epoch 2: train_perplexity=5.1402, train_epoch_loss=1.6371, epoch time 12824.521782848984s',
        ('    Training Epoch: 3/3, step 11/388 completed (loss: 1.5718340873718262):   3%|▌                | 12/388 [06:36<3'
         ':26:57, 33.03s/it]'),
        ('    Training Epoch: 3/3, step 387/388 completed (loss: 1.6727845668792725): 100%|███████████████| 388/388 [3:33:37'
         '<00:00, 33.03s/it]'),
        '    Max CUDA memory allocated was 21 GB',
        '    Max CUDA memory reserved was 24 GB',
        '    Peak active CUDA memory was 21 GB',
        '    Cuda Malloc retires : 0',
        '    CPU Total Peak Memory consumed during the train (max): 2 GB',
        ('    evaluating Epoch: 100%|███████████████████████████████████████████████████████████████████████████████████████'
         '██████████████████████████████████████████████████████████████████████████████████████████████████████████| 84/84 '
         '[04:28<00:00,  3.20s/it]'),
        "     eval_ppl=tensor(5.1962, device='cuda:0') eval_epoch_loss=tensor(1.6479, device='cuda:0')",
        '    we are about to save the PEFT modules',
        '    PEFT modules are saved in /dev/shm/PEFT/model/ directory',
        '    best eval loss on epoch 3 is 1.647936224937439',
        '    Epoch 3: train_perplexity=5.0411, train_epoch_loss=1.6176, epoch time 12817.443107374012s',
        '    Key: avg_train_prep, Value: 5.1879143714904785',
        '    Key: avg_train_loss, Value: 1.6459529399871826',
        '    Key: avg_eval_prep, Value: 5.223653316497803',
        '    Key: avg_eval_loss, Value: 1.6531827449798584',
        '    Key: avg_epoch_time, Value: 12835.526066572716',
        '    Key: avg_checkpoint_time, Value: 0.040507279336452484',
        '',
        '    real    659m9.844s',
        '    user    349m26.981s',
        '    sys     351m6.738s',
    ]
    path = tmp_path / "finetune.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "llama_recipes"
    tables = parser.parse(path, ParseOptions()).tables
    steps, events = tables["log_steps"].to_pylist(), tables["log_events"].to_pylist()
    first_drawings: dict[int, tuple[int, float]] = {}
    for text in lines:
        if (m := re.search(r"Training Epoch: (\d)/3, step (\d+)/388 .*\| \d+/388 \[[\d:<]+, ([\d.]+)s/it\]", text)):
            first_drawings.setdefault(int(m.group(1)), ((int(m.group(1)) - 1) * 388 + int(m.group(2)), float(m.group(3))))
    timed = {(s["step"], s["step_time_s"]) for s in steps if s["step_time_s"] is not None}
    assert timed == set(first_drawings.values()) and len(timed) == 3
    saves = [("checkpoint_save_start" if "about to save" in t else "checkpoint_save_end", n)
             for n, t in enumerate(lines, 1) if "PEFT modules" in t]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == saves and len(saves) == 6
    results = next(n for n, t in enumerate(lines, 1) if t.strip().startswith("Key: avg_train_prep"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", results)]
