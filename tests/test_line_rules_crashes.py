"""Training runs that failed in the middle, in the wild: lines quoted verbatim from public files (each block's source
is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

from tests.test_line_rules import _read
from tracelens.parsers._io import log_named

# TransFuse trained on ISIC by a course project, its README's `Training:` block: one step line, then the optimizer's
# step failing (marcochen11/EECS545_Final_Proj, README.md as the look-up index stores it, id 23935424235; the index
# names no commit for that version)
TRANSFUSE = [
    "iteration 302 : loss : 0.322042, loss_ce: 0.121768",
    "Traceback (most recent call last):",
    '  File "/home/marco/Documents/TransFuse/train_isic.py", line 148, in <module>',
    "    best_loss = train(train_loader, model, optimizer, epoch, best_loss, opt, epoch)",
    '  File "/home/marco/Documents/TransFuse/train_isic.py", line 53, in train',
    "    optimizer.step()",
    '  File "/home/marco/anaconda3/lib/python3.9/site-packages/torch/optim/optimizer.py", line 89, in wrapper',
    "    return func(*args, **kwargs)",
    '  File "/home/marco/anaconda3/lib/python3.9/site-packages/torch/autograd/grad_mode.py", line 27, in decorate_context',
    "    return func(*args, **kwargs)",
    '  File "/home/marco/anaconda3/lib/python3.9/site-packages/torch/optim/adam.py", line 108, in step',
    "    F.adam(params_with_grad,",
    '  File "/home/marco/anaconda3/lib/python3.9/site-packages/torch/optim/_functional.py", line 96, in adam',
    "    param.addcdiv_(exp_avg, denom, value=-step_size)",
    "RuntimeError: value cannot be converted to type float without overflow: (1.04646e-05,-3.40017e-06)",
]


def test_one_step_line_then_a_traceback_through_the_optimizers_step_is_a_training_run_that_failed(
        tmp_path: Path) -> None:
    """A traceback through `torch/optim/adam.py", line 108, in step` (an optimizer's step: training alone) after one
    step line: the file is a training run's (it was refused, `not a recognised input format`, one step line too few
    and no date, training word or `train*.log` name), its step 302 and its failure at the traceback."""
    name, steps, events = _read(tmp_path, TRANSFUSE, name="transfuse_isic.log")
    assert name == "generic_log"
    assert [(s["line"], s["step"]) for s in steps] == [(1, 302)]
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 2)]


# PaddlePaddle's launcher keeps each worker's output in `log/workerlog.N`: an iBOT port's worker 0 that failed in its
# first epoch (github.com/PommesPeter/IBOT-Paddle @ 51cd3040d410050ef252a1a18aef2936447f05ac : log/workerlog.0, lines
# 360-390)
PADDLE_WORKERLOG = [
    'Data loaded: there are 34745 images.',
    'Student and Teacher are built: they are both vit_small network.',
    'Loss, optimizer and schedulers ready.',
    'Starting IBOT training!',
    'W0405 09:44:50.598479 2853026 reducer.cc:633] There is no parameter in the device involved'
    ' in the backward calculation. If there are parameters on other devices involved in the bac'
    'kward, then a serious error will occur here.',
    'Traceback (most recent call last):',
    '  File "main_ibot.py", line 475, in <module>',
    '    train_ibot(args)',
    '  File "main_ibot.py", line 327, in train_ibot',
    '    train_stats = train_one_epoch(',
    '  File "main_ibot.py", line 408, in train_one_epoch',
    '    student_local_cls = student(images[args.global_crops_number:])[0] if len(images) > arg'
    's.global_crops_number else None',
    '  File "/home/xiejunlin/miniconda3/envs/torch/lib/python3.8/site-packages/paddle/fluid/dyg'
    'raph/layers.py", line 1012, in __call__',
    '    return self.forward(*inputs, **kwargs)',
    '  File "/home/xiejunlin/miniconda3/envs/torch/lib/python3.8/site-packages/paddle/fluid/dyg'
    'raph/parallel.py", line 774, in forward',
    '    outputs = self._layers(*inputs, **kwargs)',
    '  File "/home/xiejunlin/miniconda3/envs/torch/lib/python3.8/site-packages/paddle/fluid/dyg'
    'raph/layers.py", line 1012, in __call__',
    '    return self.forward(*inputs, **kwargs)',
    '  File "/home/xiejunlin/workspace/IBOT-Paddle/models/ibot.py", line 84, in forward',
    '    _out = self.backbone(inp_x, **kwargs)',
    '  File "/home/xiejunlin/miniconda3/envs/torch/lib/python3.8/site-packages/paddle/fluid/dyg'
    'raph/layers.py", line 1012, in __call__',
    '    return self.forward(*inputs, **kwargs)',
    '  File "/home/xiejunlin/workspace/IBOT-Paddle/models/ibot.py", line 208, in forward',
    '    x = self.forward_features(x, mask, return_all_tokens=self.return_all_tokens)',
    '  File "/home/xiejunlin/workspace/IBOT-Paddle/models/ibot.py", line 174, in forward_features',
    '    x = self.patch_embed(x)',
    '  File "/home/xiejunlin/miniconda3/envs/torch/lib/python3.8/site-packages/paddle/fluid/dyg'
    'raph/layers.py", line 1012, in __call__',
    '    return self.forward(*inputs, **kwargs)',
    '  File "/home/xiejunlin/workspace/IBOT-Paddle/models/vision_transformer.py", line 198, in forward',
    '    assert H == self.img_size[0] and W == self.img_size[1], \\',
    "AssertionError: Input image size (96*96) doesn't match model (224*224).",
]


def test_a_workers_numbered_log_is_read_as_a_log(tmp_path: Path) -> None:
    """`workerlog.0` (a log's name, numbered) is read as a console: its traceback through `train_one_epoch` after
    `Starting IBOT training!` is the run's crash (the file was skipped as no format known); `model.0`, `catalog.1` are no
    log's names."""
    parser, _, events = _read(tmp_path, PADDLE_WORKERLOG, name="workerlog.0")
    assert parser == "generic_log"
    traceback = next(n for n, t in enumerate(PADDLE_WORKERLOG, start=1) if t.startswith("Traceback (most recent"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", traceback)]
    assert log_named(Path("log.txt.rank1")) and log_named(Path("train.log.1")) and log_named(Path("stderr.0"))
    assert not any(log_named(Path(name)) for name in ("model.0", "catalog.1", "dialog.3", "changelog.1", "logits.0"))
