"""Training runs that failed in the middle, in the wild: lines quoted verbatim from public files (each block's source
is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

from tests.test_line_rules import _read

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
