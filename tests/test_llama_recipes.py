"""llama-recipes / llama-cookbook consoles, fast tier: training-bar lines whose description is
the one train_utils.train sets (`f"Training Epoch: {epoch+1}/{num_epochs}, step {step}/{len(loader)}
completed (loss: {loss})"`), then tqdm's reading, through the description rule and the reader.
Every expectation is read off the lines themselves."""

from __future__ import annotations

import os
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
