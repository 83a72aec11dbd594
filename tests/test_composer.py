"""MosaicML Composer consoles, fast tier: blocks in the form its ConsoleLogger prints
(composer/loggers/console_logger.py: the progress string, ':' and one '\\n\\t {prefix}{name}:
{value}' per metric, floats as '{:.4f}'), through the progress rule and the reader. Every
expectation is read off the lines themselves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.composer import progress_step


def _block(progress: str, metrics: dict[str, float]) -> list[str]:
    """What log_to_console prints for one batch."""
    return (progress + ":" + "".join(f"\n\t Train {name}: {value:.4f}" for name, value in metrics.items())).split("\n")


def _rows(tmp_path: Path, lines: list[str]) -> tuple[str, list[dict]]:
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    return parser.name, parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def test_progress_lines() -> None:
    """_get_progress_string: '[epoch={e}][batch={b}/{N}]' (training in epochs: the batch within
    the epoch) or '[{unit}={n}/{max}]'. Epoch 3, batch 5 of 20: 2 x 20 + 5."""
    assert progress_step("[epoch=3][batch=5/20]:") == 45
    assert progress_step("[batch=10/100]:") == 10
    assert progress_step("[epoch=1][batch=7]:") == 7  # a loader with no length
    assert progress_step("[Eval batch=3/10] Eval on eval data") is None
    assert progress_step("[token=4096/100000]:") is None


def test_blocks_give_steps_their_loss_and_the_training_time_between_them(tmp_path: Path) -> None:
    """time/train (hours) 0.0050 at batch 1 and 0.0280 at batch 10: (0.0280 - 0.0050) x 3600 s
    over 9 batches = 9.2 s a batch; batch 1 has no time before it and no rate."""
    lines = [
        *_block("[batch=1/20]", {"loss/train/total": 10.5, "time/train": 0.0050, "time/total": 0.0050}),
        *_block("[batch=10/20]", {"loss/train/total": 7.25, "time/train": 0.0280, "time/total": 0.0280}),
    ]
    name, steps = _rows(tmp_path, lines)
    assert name == "composer"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 10.5), (10, 7.25)]
    assert steps[0]["step_time_s"] is None
    assert steps[1]["step_time_s"] == pytest.approx((0.0280 - 0.0050) * 3600 / 9)


def test_without_a_training_time_the_window_rate_gives_the_step_time(tmp_path: Path) -> None:
    """No time/train (SpeedMonitor left out) but throughput/batches_per_sec 0.125: 8 s a batch."""
    _, steps = _rows(tmp_path, [
        *_block("[epoch=1][batch=4/8]", {"loss/train/total": 3.0}),
        *_block("[epoch=2][batch=4/8]", {"loss/train/total": 2.5, "throughput/batches_per_sec": 0.125}),
    ])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(4, None), (12, 8.0)]



# Composer <= 0.12's ConsoleLogger, a line a metric (mosaicml/examples, a version of the ResNet-50
# ImageNet README, stored-index file 865232138: its console block, whole)
COMPOSER_PER_METRIC_LINES = [
    '[epoch=0][batch=16/625]: wall_clock/train: 17.1607',
    '[epoch=0][batch=16/625]: wall_clock/val: 10.9666',
    '[epoch=0][batch=16/625]: wall_clock/total: 28.1273',
    '[epoch=0][batch=16/625]: lr-DecoupledSGDW/group0: 0.0061',
    '[epoch=0][batch=16/625]: trainer/global_step: 16',
    '[epoch=0][batch=16/625]: trainer/batch_idx: 16',
    '[epoch=0][batch=16/625]: memory/alloc_requests: 38424',
    '[epoch=0][batch=16/625]: memory/free_requests: 37690',
    '[epoch=0][batch=16/625]: memory/allocated_mem: 6059054353408',
    '[epoch=0][batch=16/625]: memory/active_mem: 1030876672',
    '[epoch=0][batch=16/625]: memory/inactive_mem: 663622144',
    '[epoch=0][batch=16/625]: memory/reserved_mem: 28137488384',
    '[epoch=0][batch=16/625]: memory/alloc_retries: 3',
    '[epoch=0][batch=16/625]: trainer/grad_accum: 2',
    '[epoch=0][batch=16/625]: loss/train/total: 7.1292',
    '[epoch=0][batch=16/625]: metrics/train/MulticlassAccuracy: 0.0005',
    '[epoch=0][batch=17/625]: wall_clock/train: 17.8836',
    '[epoch=0][batch=17/625]: wall_clock/val: 10.9666',
    '[epoch=0][batch=17/625]: wall_clock/total: 28.8502',
    '[epoch=0][batch=17/625]: lr-DecoupledSGDW/group0: 0.0066',
    '[epoch=0][batch=17/625]: trainer/global_step: 17',
    '[epoch=0][batch=17/625]: trainer/batch_idx: 17',
    '[epoch=0][batch=17/625]: memory/alloc_requests: 40239',
    '[epoch=0][batch=17/625]: memory/free_requests: 39497',
    '[epoch=0][batch=17/625]: memory/allocated_mem: 6278452575744',
    '[epoch=0][batch=17/625]: memory/active_mem: 1030880768',
    '[epoch=0][batch=17/625]: memory/inactive_mem: 663618048',
    '[epoch=0][batch=17/625]: memory/reserved_mem: 28137488384',
    '[epoch=0][batch=17/625]: memory/alloc_retries: 3',
    '[epoch=0][batch=17/625]: trainer/grad_accum: 2',
    '[epoch=0][batch=17/625]: loss/train/total: 7.1243',
    '[epoch=0][batch=17/625]: metrics/train/MulticlassAccuracy: 0.0010',
    ('train          Epoch   0:    3%|▋                        | 17/625 [00:17<07:23,  1.37ba/s, loss/trai'
     'n/total=7.1292]'),
]


def test_composer_0_12_lines_of_one_metric_each_are_one_step_a_progress(tmp_path: Path) -> None:
    """`[epoch=0][batch=16/625]: trainer/global_step: 16` and the progress's other metric lines are
    one step, the global step it names, its loss `loss/train/total`, its time the growth of
    `wall_clock/train` (seconds) since the block before."""
    name, rows = _rows(tmp_path, COMPOSER_PER_METRIC_LINES)
    assert name == "composer"
    # (read off the lines: `trainer/global_step: 16` and `17`, `loss/train/total: 7.1292` and `7.1243`,
    # `wall_clock/train: 17.1607` and `17.8836`)
    assert [(r["step"], r["loss"]) for r in rows] == [(16, 7.1292), (17, 7.1243)]
    assert rows[0]["step_time_s"] is None
    assert rows[1]["step_time_s"] == pytest.approx(17.8836 - 17.1607)
