"""Line rules on lines quoted verbatim from public training logs (the source of each is cited):
tiny inputs in, exact rows out. Each expectation is read off the quoted text itself."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import bar_readings


def _read(tmp_path: Path, lines: list[str], name: str = "console.log",
          parser_name: str | None = None, newline: str = "\n") -> tuple[str, list[dict], list[dict]]:
    """The lines written to a file (each ended by `newline`) and parsed by the parser detection
    picks (or `parser_name`)."""
    path = tmp_path / name
    path.write_bytes((newline.join(lines) + newline).encode("utf-8"))
    os.utime(path, (2_000_000_000, 2_000_000_000))  # a copy's time, years after these jobs ran
    parser = registry()[parser_name] if parser_name else detect(path, read_head(path), registry())[0]
    assert parser is not None
    result = parser.parse(path, ParseOptions())
    events = result.tables["log_events"].to_pylist() if "log_events" in result.tables else []  # (a metrics table has none)
    return parser.name, result.tables["log_steps"].to_pylist(), events


def _ns(text: str, form: str = "%Y-%m-%d %H:%M:%S,%f") -> int:
    moment = datetime.strptime(text, form).replace(tzinfo=UTC)
    return int(moment.replace(microsecond=0).timestamp()) * 10**9 + moment.microsecond * 1000


def _absl_s(text: str) -> float:
    """An absl or glog line's header (`I0608 08:33:21.636284 ...`) as seconds since its month began (the day counted,
    so two lines either side of a midnight keep their distance)."""
    clock = re.match(r"[IWEF]\d\d(\d\d) (\d\d):(\d\d):(\d\d\.\d+) ", text)
    assert clock is not None
    return int(clock[1]) * 86400 + int(clock[2]) * 3600 + int(clock[3]) * 60 + float(clock[4])


def test_an_hf_dict_that_names_its_step_is_that_step(tmp_path: Path) -> None:
    """TFTrainer prints the step in its metric dicts (huggingface/transformers PR 6998): the
    steps are 10, 20, 30, not the dicts' ordinals from an epoch formula."""
    lines = [
        "***** Running training *****",
        "  Num examples = 24000",
        "  Num Epochs = 3",
        "  Instantaneous batch size per device = 32",
        "  Total train batch size (w. parallel, distributed & accumulation) = 128",
        "  Gradient Accumulation steps = 1",
        "  Steps per epoch = 188",
        "  Total optimization steps = 564",
        "{'loss': 18.6387, 'learning_rate': 4.9113474e-05, 'epoch': 0.05851063829787234, 'step': 10}",
        "{'loss': 14.222743, 'learning_rate': 4.822695e-05, 'epoch': 0.11170212765957446, 'step': 20}",
        "{'loss': 12.079448, 'learning_rate': 4.734042e-05, 'epoch': 0.16489361702127658, 'step': 30}",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"]) for s in steps] == [(10, 18.6387), (20, 14.222743), (30, 12.079448)]


def test_a_run_shorter_than_its_logging_interval_steps_by_the_bar_its_summary_counts(tmp_path: Path) -> None:
    """An HF Trainer run at its default level, its bar written to a file (no blocks), of 8 steps:
    no metric line (its logging interval is 500), only the summary dict (denizyuret/peft-debug's
    train.out). 11.2237 s x 0.713 steps/s = 8.0: the bar of 8 is the training's, its 8/8 a step
    done; the bar of 2 (the checkpoint shards loading) is not."""
    lines = [
        "Loading checkpoint shards: 100% 2/2 [00:07<00:00,  3.54s/it]",
        "Training adapter1",
        "  0% 0/8 [00:00<?, ?it/s]You're using a LlamaTokenizerFast tokenizer.",
        "{'train_runtime': 11.2237, 'train_samples_per_second': 0.713, 'train_steps_per_second': 0.713, "
        "'train_loss': 1.527357816696167, 'epoch': 1.0}",
        "100% 8/8 [00:11<00:00,  1.40s/it]",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [s["step"] for s in steps] == [8]
    assert [e["kind"] for e in events if e["kind"] == "attempt_end"] == ["attempt_end"]


def test_verls_step_line_is_a_step_with_its_policy_loss_and_time(tmp_path: Path) -> None:
    """veRL's console metrics under Ray's actor prefix (TinyZero's PPO notes): one line, the
    step among its timings; its policy loss `actor/pg_loss` (not the critic's `vf_loss` before
    it) and its step's `timing_s/step` (not another phase's `timing_s/gen`), labelled veRL."""
    lines = [
        "(main_task pid=19799) epoch 0, step 2",
        "(main_task pid=19799) No equation found",
        '(main_task pid=19799) step:2 - global_seqlen/min:10372.000 - global_seqlen/max:10372.000 - global_se'
        'qlen/minmax_diff:0.000 - global_seqlen/balanced_min:10372.000 - global_seqlen/balanced_max:10372.000'
        ' - global_seqlen/mean:10372.000 - critic/kl:-0.001 - critic/kl_coeff:0.001 - critic/vf_loss:24.428 -'
        ' critic/vf_clipfrac:0.000 - critic/vpred_mean:6.461 - critic/grad_norm:554.065 - mfu/critic:0.000 - '
        'critic/lr:0.000 - actor/entropy_loss:1.213 - actor/pg_loss:0.018 - actor/pg_clipfrac:0.000 - actor/p'
        'po_kl:0.000 - actor/grad_norm:1.000 - mfu/actor:0.000 - actor/lr:0.000 - critic/score/mean:0.025 - c'
        'ritic/score/max:0.100 - critic/score/min:0.000 - critic/rewards/mean:0.025 - critic/rewards/max:0.10'
        '1 - critic/rewards/min:-0.002 - critic/advantages/mean:-0.000 - critic/advantages/max:5.966 - critic'
        '/advantages/min:-4.406 - critic/returns/mean:0.019 - critic/returns/max:0.102 - critic/returns/min:-'
        '0.002 - critic/values/mean:6.469 - critic/values/max:18.500 - critic/values/min:-9.875 - critic/vf_e'
        'xplained_var:-4866.827 - response_length/mean:180.938 - response_length/max:256.000 - response_lengt'
        'h/min:48.000 - response_length/clip_ratio:0.375 - prompt_length/mean:143.188 - prompt_length/max:146'
        '.000 - prompt_length/min:140.000 - prompt_length/clip_ratio:0.000 - timing_s/gen:5.093 - timing_s/re'
        'f:0.534 - timing_s/values:0.244 - timing_s/adv:0.041 - timing_s/update_critic:1.283 - timing_s/updat'
        'e_actor:1.791 - timing_s/step:8.991 - timing_per_token_ms/ref:0.051 - timing_per_token_ms/adv:0.004 '
        '- timing_per_token_ms/update_actor:0.173 - timing_per_token_ms/update_critic:0.124 - timing_per_toke'
        'n_ms/gen:0.880 - timing_per_token_ms/values:0.024',
        "(main_task pid=19799) epoch 0, step 3",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [(2, 0.018, 8.991, "verl")]


def test_the_bar_of_the_headers_total_is_the_training_bar_its_postfix_the_loss(tmp_path: Path) -> None:
    """A diffusers DreamBooth LoRA script under accelerate (a Modal walkthrough, index id
    37918265018) prints the Trainer's header with `Total optimization steps = 250` and no metric
    line: its `Steps:` bar of 250 is the training bar; its drawings glued by carriage returns
    each a step, the loss the last drawing of the step shows (update(1) draws 241 with the loss
    before it, 0.577; set_postfix draws it again with its own, 0.622)."""
    lines = [
        '08/23/2024 02:05:33 - INFO - __main__ - ***** Running training *****',
        '08/23/2024 02:05:33 - INFO - __main__ -   Total optimization steps = 250',
        'Steps:  96%|█████████▋| 241/250 [04:53<00:10,  1.22s/it, loss=0.577, lr=0.0004]Steps:  96%|█████████'
        '▋| 241/250 [04:53<00:10,  1.22s/it, loss=0.622, lr=0.0004]Steps:  97%|█████████▋| 242/250 [04:54<00:'
        '09,  1.22s/it, loss=0.622, lr=0.0004]Steps:  97%|█████████▋| 242/250 [04:54<00:09,  1.22s/it, loss=0'
        '.728, lr=0.0004]',
        'Steps: 100%|██████████| 250/250 [05:08<00:00,  1.23s/it, loss=0.647, lr=0.0004]',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"]) for s in steps] == [(241, 0.622), (242, 0.728), (250, 0.647)]


def test_a_bar_glued_to_dated_lines_is_dated_by_them_not_by_the_file_time(tmp_path: Path) -> None:
    """An HF job at INFO level (huggingface/transformers issue 15401): each bar reading is glued
    to a dated `Saving model checkpoint` line, and dated lines follow. The bar's clock rests on
    those dates; the step the dict logs (printed just before the 2000 reading, 570 s into the
    bar) lands where the line glued to that reading says, 2022-01-28 23:55:44.792 (the bar's
    reading is in whole seconds: within 2 s), not at the copy's file time."""
    bar_1500 = (" 10%|" + "█" * 15 + "▉" + " " * 141 + "| 1500/14754 [07:07<1:02:41,  3.52it/s][INFO|trainer.py:2103] "
                "2022-01-28 23:53:21,517 >> Saving model checkpoint to /tmp/debug_squad/checkpoint-1500")
    bar_2000 = (" 14%|" + "█" * 21 + "▎" + " " * 135 + "| 2000/14754 [09:30<1:00:17,  3.53it/s][INFO|trainer.py:2103] "
                "2022-01-28 23:55:44,792 >> Saving model")
    lines = [
        bar_1500,
        "[INFO|configuration_utils.py:430] 2022-01-28 23:53:21,518 >> Configuration saved in "
        "/tmp/debug_squad/checkpoint-1500/config.json",
        "[INFO|modeling_utils.py:1074] 2022-01-28 23:53:22,005 >> Model weights saved in "
        "/tmp/debug_squad/checkpoint-1500/pytorch_model.bin",
        "[INFO|tokenization_utils_base.py:2074] 2022-01-28 23:53:22,006 >> tokenizer config file saved in "
        "/tmp/debug_squad/checkpoint-1500/tokenizer_config.json",
        "[INFO|tokenization_utils_base.py:2080] 2022-01-28 23:53:22,006 >> Special tokens file saved in "
        "/tmp/debug_squad/checkpoint-1500/special_tokens_map.json",
        "{'loss': 1.3288, 'learning_rate': 2.593330622204148e-05, 'epoch': 0.27}" + " " * 130,
        bar_2000,
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert sorted(s["step"] for s in steps) == [1500, 2000]  # the bar's readings are steps done
    steps = [s for s in steps if s["loss"] is not None]
    assert [s["step"] for s in steps] == [2000]
    assert steps[0]["time_source"] == "tqdm"
    assert abs(steps[0]["end_ns"] - _ns("2022-01-28 23:55:44,792")) <= 2e9


def test_a_bar_of_an_iterable_with_no_length_is_read(tmp_path: Path) -> None:
    """NeMo's bar over an iterable dataset (NVIDIA-NeMo issue 11900): `614/?`, 23:53 elapsed."""
    bar = ("Epoch 0: :   0%|          | 614/? [23:53<00:00, v_num=, reduced_train_loss=, global_step=, "
           "consumed_samples=, train_step_timing in s=, val_loss=]")
    (reading,) = bar_readings(bar)
    assert (reading.n, reading.total, reading.elapsed_s) == (614, None, 23 * 60 + 53)
    name, steps, _ = _read(tmp_path, [bar])
    assert name == "lightning"
    assert [s["step"] for s in steps] == [614]


def test_a_bar_with_no_total_and_no_percentage_is_lightnings(tmp_path: Path) -> None:
    """Lightning 2.x under Ray Train (a Ray example's output, index id 13840264971; an iterable
    dataset): `Epoch 0: |          | 1/? [...]`, the bar's empty block column right after the epoch."""
    lines = [
        "Epoch 0: |          | 1/? [00:20<00:00,  0.05it/s, v_num=0, train_loss=14.60]",
        "Epoch 0: |          | 2/? [00:36<00:00,  0.06it/s, v_num=0, train_loss=13.90]",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "lightning"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 14.6), (2, 13.9)]


def test_a_colab_bar_drawn_without_its_blocks_is_read(tmp_path: Path) -> None:
    """Colab draws tqdm without the block column (rhasspy/piper issue 746): `100% 2/2 [...]`."""
    lines = [
        "Epoch 5999: 100% 2/2 [00:03<00:00,  1.92s/it, v_num=2, step=7440.0]`Trainer.fit` stopped: `max_epochs=6000` reached.",
        "Epoch 5999: 100% 2/2 [00:03<00:00,  1.92s/it, v_num=2, step=7440.0]",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "lightning"
    assert [s["step"] for s in steps] == [5999 * 2 + 2]  # the batches of 6000 epochs of 2
    assert [e["kind"] for e in events] == ["attempt_end"]


def test_a_shells_killed_line_is_a_crash(tmp_path: Path) -> None:
    """The shell's `Killed` after the last bar (LambdaLabsML/examples issue 41): the kernel
    killed the process (SIGKILL), a crash, not the run's end."""
    lines = [
        "Epoch 0: 100%|█| 209/209 [06:12<00:00,  1.78s/it, loss=0.0685, v_num=0, train/loss_simple_step=0.0223, "
        "train/loss_vlb_step=8.78e-5, train/loss_step=0.0223, global_step=208.0]",
        "Summoning checkpoint.",
        "Killed",
    ]
    name, _, events = _read(tmp_path, lines)
    assert name == "lightning"
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 3)]


def test_bracketed_line_numbers_pasted_from_a_viewer_are_no_rank(tmp_path: Path) -> None:
    """An excerpt copied with its viewer's line numbers (hiyouga/LlamaFactory issue 8261), the
    first line cut: `[1745]` counts lines, it is no mpirun rank label."""
    lines = [
        "1743] {'loss': 3.5534, 'grad_norm': 1.4142135381698608, 'learning_rate': 2.0454545454545457e-06, 'epoch': 0.01}",
        '[1744] ',
        '[1745]   1%|          | 10/1752 [00:29<1:22:01,  2.83s/it]',
        '[1746]   1%|          | 11/1752 [00:31<1:21:50,  2.82s/it]',
        '[1747]   1%|          | 12/1752 [00:34<1:20:50,  2.79s/it]',
        '[1748]   1%|          | 13/1752 [00:37<1:20:49,  2.79s/it]',
        '[1749]   1%|          | 14/1752 [00:39<1:18:17,  2.70s/it]',
        '[1750]   1%|          | 15/1752 [00:42<1:18:30,  2.71s/it]',
        '[1751]   1%|          | 16/1752 [00:45<1:19:17,  2.74s/it]',
        '[1752]   1%|          | 17/1752 [00:48<1:19:22,  2.74s/it]',
        '[1753]   1%|          | 18/1752 [00:51<1:19:26,  2.75s/it]',
        '[1754]   1%|          | 19/1752 [00:54<1:22:59,  2.87s/it]',
        '[1755]   1%|          | 20/1752 [00:57<1:22:40,  2.86s/it]',
        '[1756]                                                    ',
        "[1757] {'loss': 0.0, 'grad_norm': 1.4142135381698608, 'learning_rate': 4.3181818181818185e-06, 'epoch': 0.01}",
        '[1758] ',
        '[1759]   1%|          | 20/1752 [00:57<1:22:40,  2.86s/it]',
        '[1760]   1%|          | 21/1752 [00:59<1:21:32,  2.83s/it]',
        '[1761]   1%|▏         | 22/1752 [01:02<1:21:36,  2.83s/it]',
        '[1762]   1%|▏         | 23/1752 [01:05<1:23:14,  2.89s/it]',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert {s["rank"] for s in steps} == {None}
    logged = [(s["step"], s["loss"]) for s in steps if s["loss"] is not None]
    assert logged == [(10, 3.5534), (20, 0.0)]  # the bar's step after each dict
    assert sorted(s["step"] for s in steps) == list(range(10, 24))  # and every step the bar shows done


def test_comma_separated_metrics_and_a_total_loss_make_a_step_line(tmp_path: Path) -> None:
    """YOLOX's loguru lines (Megvii-BaseDetection/YOLOX issue 830): `iter: N` with metrics
    separated by commas, the loss named `total_loss`; `epoch: 8/40, iter: 1340/1816` is iteration
    1340 of epoch 8, counted from 1 (YOLOX's trainer prints epoch + 1): step 7 x 1816 + 1340. A
    value followed by a comma was not read
    (the comma was taken for a thousands separator), so no metric was found and the log was not
    recognised at all."""
    lines = [
        "2021-10-18 20:51:36 | INFO     | yolox.core.trainer:246 - epoch: 8/40, iter: 1340/1816, mem: 34235Mb, "
        "iter_time: 1.270s, data_time: 0.548s, total_loss: 98.0, iou_loss: 4.6, l1_loss: 0.0, conf_loss: 92.7, "
        "cls_loss: 0.7, lr: 9.417e-03, size: 640, ETA: 1 day, 0:02:28",
        "2021-10-18 20:51:50 | INFO     | yolox.core.trainer:246 - epoch: 8/40, iter: 1350/1816, mem: 34235Mb, "
        "iter_time: 1.353s, data_time: 0.722s, total_loss: 48.8, iou_loss: 4.9, l1_loss: 0.0, conf_loss: 43.5, "
        "cls_loss: 0.3, lr: 9.416e-03, size: 416, ETA: 1 day, 0:02:08",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["end_ns"]) for s in steps] == [
        (7 * 1816 + 1340, 98.0, 9.417e-03, _ns("2021-10-18 20:51:36,000")),
        (7 * 1816 + 1350, 48.8, 9.416e-03, _ns("2021-10-18 20:51:50,000")),
    ]


def test_megatrons_after_training_is_done_line_ends_the_attempt(tmp_path: Path) -> None:
    """Megatron-LM prints `[after training is done] datetime: ...` when its training loop
    returns (`print_datetime` in megatron/training/training.py); a 5-iteration Megatron-core
    pretraining run in a public write-up (NeMo's getting-started, code index). The line was not
    read: the attempt ended `unknown` though the run finished."""
    iteration = (" [2024-08-01 09:44:{s}] iteration        {n}/       5 | consumed samples:          {c} | elapsed time "
                 "per iteration (ms): {ms} | throughput per GPU (TFLOP/s/GPU): 1.0 | learning rate: 6.000000E-05 | "
                 "global batch size:    32 | loss scale: 2147483648.0 | number of skipped iterations:   1 | "
                 "number of nan iterations:   0 |")
    lines = [
        "training ...",
        "[before the start of training step] datetime: 2024-08-01 09:44:51",
        iteration.format(s="55", n=1, c="32", ms="3902.7"),
        iteration.format(s="56", n=2, c="64", ms="689.4"),
        iteration.format(s="56", n=3, c="96", ms="645.4"),
        iteration.format(s="57", n=4, c="128", ms="613.5"),
        iteration.format(s="58", n=5, c="160", ms="624.4"),
        "[after training is done] datetime: 2024-08-01 09:44:58",
        "0.02user 0.00system 0:28.09elapsed 0%CPU (0avgtext+0avgdata 30816maxresident)k",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "megatron"
    assert [s["step"] for s in steps] == [1, 2, 3, 4, 5]
    ends = [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"]
    assert ends == [(8, _ns("2024-08-01 09:44:58,000"))]


def test_a_log_of_aborts_and_a_node_failure_is_a_console_with_those_crashes(tmp_path: Path) -> None:
    """Several ranks of a PyTorch 1.12 job abort on an uncaught c10::CUDAError raised in NCCL's
    work-cleanup thread, two of them interleaved on one line, then srun reports the node's
    failure (huggingface/m4-logs @ 7a31dce, tr_141-hanging/..._num_workers_02/README.md). No
    line matched a rule: the file was refused as no recognised format."""
    lines = [
        "terminate called after throwing an instance of 'terminate called after throwing an instance of 'c10::CUDAError'",
        "c10::CUDAError'",
        "  what():  CUDA error: unknown error",
        "Exception raised from query at ../aten/src/ATen/cuda/CUDAEvent.h:91 (most recent call first):",
        "frame #3: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x221 (0x147b9b82fcf1 in /gpfswork/rech/cnw/commun/"
        "conda/shared-m4-2023-02-28/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)",
        "",
        "terminate called after throwing an instance of 'c10::CUDAError'",
        "  what():  CUDA error: unknown error",
        "",
        "srun: error: Node failure on jean-zay-iam49",
        "srun: Job step aborted: Waiting up to 62 seconds for job step to finish.",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert steps == []
    assert [(e["kind"], e["line"], e["detail"]) for e in events] == [
        ("crash", 1, "uncaught C++ exception c10::CUDAError: the process aborted"),
        ("crash", 7, "uncaught C++ exception c10::CUDAError: the process aborted"),
        ("crash", 10, "scheduler: srun: error: Node failure on jean-zay-iam49"),
    ]


def test_a_dated_line_after_the_end_of_an_undated_hf_run_starts_no_attempt(tmp_path: Path) -> None:
    """A TRL/HF Trainer run (AAssets/Qwen3-0.6B-Alpaca-LoRA @ da06be4, train.log: lines of its
    end): its bars and dicts carry no time; the only dated line is PyTorch's exit warning
    under rank 0's prefix, after the train_runtime dict. That line is the process exiting, not a
    new process: one attempt, completed (it was followed by a second, `unknown`, attempt)."""
    lines = [
        '100%|█████████▉| 4840/4854 [2:15:39<00:24,  1.73s/it]100%|█████████▉| 4841/4854 [2:15:41<0'
        '0:22,  1.74s/it]100%|█████████▉| 4842/4854 [2:15:42<00:19,  1.65s/it]100%|█████████▉| 4843'
        '/4854 [2:15:44<00:17,  1.57s/it]100%|█████████▉| 4844/4854 [2:15:46<00:16,  1.64s/it]100%|'
        '█████████▉| 4845/4854 [2:15:47<00:15,  1.70s/it]100%|█████████▉| 4846/4854 [2:15:49<00:13,'
        '  1.65s/it]100%|█████████▉| 4847/4854 [2:15:50<00:11,  1.61s/it]100%|█████████▉| 4848/4854'
        ' [2:15:52<00:09,  1.65s/it]100%|█████████▉| 4849/4854 [2:15:54<00:07,  1.56s/it]100%|█████'
        '████▉| 4850/4854 [2:15:55<00:06,  1.66s/it]                                               '
        "      {'loss': 1.1103, 'grad_norm': 0.3612020015716553, 'learning_rate': 1.030078285949732"
        "3e-07, 'entropy': 1.1891025722026825, 'num_tokens': 26168723.0, 'mean_token_accuracy': 0.7"
        "053373277187347, 'epoch': 3.0}",
        '100%|█████████▉| 4850/4854 [2:15:55<00:06,  1.66s/it]100%|█████████▉| 4851/4854 [2:15:57<0'
        '0:05,  1.75s/it]100%|█████████▉| 4852/4854 [2:15:59<00:03,  1.68s/it]100%|█████████▉| 4853'
        '/4854 [2:16:00<00:01,  1.62s/it]100%|██████████| 4854/4854 [2:16:01<00:00,  1.39s/it]训练完成！'
        '模型已保存至 ./qwen3-alpaca-lora',
        "                                                     {'train_runtime': 8163.4703, 'train_s"
        "amples_per_second': 19.021, 'train_steps_per_second': 0.595, 'train_loss': 1.1134260636963"
        "47, 'entropy': 1.232901998928615, 'num_tokens': 26185644.0, 'mean_token_accuracy': 0.70751"
        "96334293911, 'epoch': 3.0}",
        '100%|██████████| 4854/4854 [2:16:02<00:00,  1.39s/it]100%|██████████| 4854/4854 [2:16:02<0'
        '0:00,  1.68s/it]',
        '训练完成！模型已保存至 ./qwen3-alpaca-lora',
        '[rank0]:[W1206 09:29:31.197940985 ProcessGroupNCCL.cpp:1524] Warning: WARNING: destroy_pro'
        'cess_group() was not called before program exit, which can leak resources. For more info, '
        'please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())',
    ]
    _, steps, events = _read(tmp_path, lines)
    assert max(s["step"] for s in steps) == 4854
    # (the script's own `训练完成！` ("training complete!") on a line of its own, 5, is its end too; the
    # same words glued after the bar's `]` on line 2 are no message of their own)
    read = [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_start", "attempt_end")]
    assert sorted(read, key=lambda kind_line: (kind_line[1], kind_line[0])) == [
        ("attempt_end", 3), ("attempt_start", 3), ("attempt_end", 5)]


def test_checkpoint_lines_with_a_word_between_or_saved_after(tmp_path: Path) -> None:
    """OLMo's trainer (AntonioLopardo/OLMo @ f2d9024, training.log): "Saving unsharded
    checkpoint..." then "Unsharded checkpoint saved to ..." (neither was read: a word between
    "saving" and "checkpoint", "saved" after it)."""
    lines = [
        '2025-12-12 12:10:14.932\tquick-rain-shines-fin-03:0\tolmo.train:1304\tINFO\tSaving unsharded c'
        'heckpoint...',
        '2025-12-12 12:10:15.438\tquick-rain-shines-fin-03:0\tolmo.checkpoint:796\tINFO\tSaving model s'
        'tate...',
        '2025-12-12 12:10:25.607\tquick-rain-shines-fin-03:0\tolmo.checkpoint:811\tINFO\tSaving optim s'
        'tate...',
        '2025-12-12 12:10:45.568\tquick-rain-shines-fin-03:0\tolmo.checkpoint:669\tINFO\tSaving trainer'
        ' state...',
        '2025-12-12 12:10:45.570\tquick-rain-shines-fin-03:0\tolmo.checkpoint:607\tINFO\tSaving config.'
        '..',
        '2025-12-12 12:10:46.969\tquick-rain-shines-fin-03:0\tolmo.train:1306\tINFO\tUnsharded checkpoi'
        'nt saved to /home/vec_norm/OLMo/checkpoints/OLMo-1B-0724-continue/step1000-unsharded',
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 1), ("checkpoint_save_end", 6)]


def test_ultralytics_epochs_completed_line_ends_the_attempt(tmp_path: Path) -> None:
    """YOLOv8's closing "100 epochs completed in 2.883 hours." (zjykzj/YOLO11Face @ 97a37e0,
    yolo8face/docs/detect_train.md, its first shell block): the run finished; it was not read."""
    lines = [
        '# python3 yolo8face_train.py --model yolov8n.pt --data ./yolo8face/cfg/datasets/widerface.'
        'yaml --epochs 100 --imgsz 640 --device 0',
        '...',
        '...',
        '...',
        '      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size',
        '     99/100      18.3G      1.268     0.5815     0.9499        204        640: 100%|██████'
        '████| 805/805 [01:30<00:00,  8.92it',
        '                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): '
        '100%|██████████| 101/101 [00:11<00:',
        '                   all       3225      39675      0.842      0.586      0.668      0.366',
        '',
        '      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size',
        '    100/100      20.5G      1.269     0.5813     0.9481         63        640: 100%|██████'
        '████| 805/805 [01:32<00:00,  8.74it',
        '                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): '
        '100%|██████████| 101/101 [00:11<00:',
        '                   all       3225      39675      0.842      0.587      0.668      0.367',
        '',
        '100 epochs completed in 2.883 hours.',
        'Optimizer stripped from /data/zj/YOLO8Face/runs/detect/train3/weights/last.pt, 6.2MB',
        'Optimizer stripped from /data/zj/YOLO8Face/runs/detect/train3/weights/best.pt, 6.2MB',
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 15)]


def test_pdsh_node_prefixes_are_taken_off(tmp_path: Path) -> None:
    """A two-node Megatron-DeepSpeed job launched by DeepSpeed's pdsh runner (stark-sim/
    megatron-deepspeed-lock-clock @ b872e98, .context/dual8_tp4pp1dp2_smoke_nohup_20260328.log):
    every line opens with the node's name or address ("localhost: ", "192.168.205.202: "). The
    DeepSpeed reader claimed the file and then found no line of its own: the whole file failed,
    and with it the watchdog timeout of rank 0 and the abort that followed."""
    lines = [
        '192.168.205.202: [rank7]:[E328 16:29:30.257068416 ProcessGroupNCCL.cpp:1575] [PG ID 0 PG G'
        'UID 0(default_pg) Rank 7] ProcessGroupNCCL preparing to dump debug info. Include stack tra'
        'ce: 1',
        'localhost: [rank0]:[E328 16:30:29.896785346 ProcessGroupNCCL.cpp:744] [Rank 0] Some NCCL o'
        'perations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subseq'
        'uent GPU operations might run on corrupted/incomplete data.',
        'localhost: [rank0]:[E328 16:30:29.896877978 ProcessGroupNCCL.cpp:758] [Rank 0] To avoid da'
        'ta inconsistency, we are taking the entire process down.',
        'localhost: [rank0]:[E328 16:30:29.897961633 ProcessGroupNCCL.cpp:2057] [PG ID 1 PG GUID 1 '
        'Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught '
        'collective operation timeout: WorkNCCL(SeqNum=2, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, '
        'Timeout(ms)=600000) ran for 600034 milliseconds before timing out.',
        'localhost: ',
        "localhost: terminate called after throwing an instance of 'c10::DistBackendError'",
        'localhost: [rank0]:[E328 16:30:29.898264263 ProcessGroupNCCL.cpp:744] [Rank 0] Some NCCL o'
        'perations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subseq'
        'uent GPU operations might run on corrupted/incomplete data.',
        'localhost: [rank0]:[E328 16:30:29.898278107 ProcessGroupNCCL.cpp:758] [Rank 0] To avoid da'
        'ta inconsistency, we are taking the entire process down.',
        'localhost:   what():  [PG ID 1 PG GUID 1 Rank 0] Process group watchdog thread terminated '
        'with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, '
        'OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600034 milliseconds b'
        'efore timing out.',
        'localhost: [2026-03-28 16:30:33,312] [INFO] [launch.py:335:sigkill_handler] Killing subpro'
        'cess 774323',
        "localhost: [2026-03-28 16:30:33,917] [ERROR] [launch.py:341:sigkill_handler] ['/usr/bin/py"
        "thon3', '-u', 'pretrain_gpt.py', '--local_rank=3', '--tensor-model-parallel-size', '4', '-"
        "-pipeline-model-parallel-size', '1', '--num-layers', '28', '--hidden-size', '3584', '--ffn"
        "-hidden-size', '18944', '--num-attention-heads', '28', '--num-key-value-heads', '4', '--mi"
        "cro-batch-size', '1', '--global-batch-size', '8', '--seq-length', '2048', '--max-position-"
        "embeddings', '2048', '--train-iters', '2', '--data-path', '/home/sd/Megatron-DeepSpeed/dat"
        "a/chinese_wiki_megatron_text_document', '--data-impl', 'mmap', '--tokenizer-type', 'HFToke"
        "nizer', '--tokenizer-model', '/home/sd/Megatron-DeepSpeed/.context/qwen25_tokenizer_flat',"
        " '--split', '98,2,0', '--distributed-backend', 'nccl', '--lr', '1e-5', '--lr-decay-style',"
        " 'cosine', '--min-lr', '1e-6', '--weight-decay', '0.01', '--clip-grad', '1.0', '--lr-warmu"
        "p-iters', '1', '--optimizer', 'adam', '--adam-beta1', '0.9', '--adam-beta2', '0.95', '--ad"
        "am-eps', '1e-8', '--log-interval', '1', '--save-interval', '0', '--eval-interval', '100', "
        "'--eval-iters', '1', '--no-query-key-layer-scaling', '--attention-dropout', '0', '--hidden"
        "-dropout', '0', '--use-rotary-position-embeddings', '--untie-embeddings-and-output-weights"
        "', '--swiglu', '--normalization', 'rmsnorm', '--disable-bias-linear', '--no-position-embed"
        "ding', '--no-masked-softmax-fusion', '--no-bias-gelu-fusion', '--no-bias-dropout-fusion', "
        "'--recompute-granularity', 'full', '--recompute-method', 'uniform', '--deepspeed-activatio"
        "n-checkpointing', '--zero-stage=1', '--deepspeed_config=/home/sd/Megatron-DeepSpeed/.conte"
        "xt/dsconfig_dual8_tp4pp1dp2_smoke990_20260328.json', '--deepspeed', '--experiment-run-id',"
        " 'dual8_tp4pp1dp2_smoke990_20260328_161716_DGX2-1', '--experiment-name', 'dual8_tp4pp1dp2_"
        "smoke990', '--experiment-root-dir', '/home/sd/Megatron-DeepSpeed/experiments', '--bf16'] e"
        'xits with return code = -6',
        'pdsh@DGX2-1: localhost: ssh exited with exit code 250',
    ]
    name, _, events = _read(tmp_path, lines)
    assert name == "deepspeed"
    # (the c10 logger's `[E328 16:30:29.897961633 ...]`, its month unpadded, dates the failure: the launcher's
    # teardown at 16:30:33.312 after it is that failure's end, no second one)
    assert [(e["kind"], e["rank"], e["line"]) for e in events if e["kind"] in ("collective_timeout", "crash")] == [
        ("collective_timeout", 0, 4), ("crash", None, 6)]
    crash = next(e for e in events if e["kind"] == "crash")
    assert crash["after_ns"] == _ns("2026-03-28 16:30:29,897961", "%Y-%m-%d %H:%M:%S,%f") + 633
    timeout = next(e for e in events if e["kind"] == "collective_timeout")
    assert timeout["detail"].startswith("ALLREDUCE SeqNum=2 NumelIn=1 Timeout(ms)=600000")


def test_nanogpt_undated_iteration_lines_keep_the_time_they_report(tmp_path: Path) -> None:
    """nanoGPT prints no date (ChenZihua-cn/nanoGPT, train.log): its `iter N: loss X, time Yms`
    lines are steps with the time they report and no clock; its eval line (`step 0: train
    loss`) reports no time and is no step row, and the time of the iteration after it (10.3 s)
    is the evaluation's as well: no time of step 0's; its -100 % MFU (not yet measured) is no MFU."""
    lines = [
        "using fused AdamW: False",
        "step 0: train loss 4.2367, val loss 4.2475",
        "iter 0: loss 4.2709, time 10268.08ms, mfu -100.00%",
        "iter 5: loss 4.2082, time 1431.27ms, mfu 0.01%",
        "iter 10: loss 4.1039, time 1434.03ms, mfu 0.01%",
        "saving checkpoint to out-kirin",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["mfu"], s["end_ns"]) for s in steps] == [
        (0, 4.2709, None, None, None), (5, 4.2082, 1.43127, 0.01, None), (10, 4.1039, 1.43403, 0.01, None)]
    assert [e["kind"] for e in events] == ["checkpoint_save_start"]
    # a bare time in ms is the step's only as a field of its own, not another time's
    from tracelens.parsers.generic_log import _step_values

    assert _step_values(": loss 2.3, data time 5.2ms, time 120.0ms")["step_time_s"] == 0.12
    assert "step_time_s" not in _step_values(" | elapsed time 123456ms")


def test_detectron2_lines_dated_without_a_year_and_their_iteration_time(tmp_path: Path) -> None:
    """detectron2's logger prints `[09/02 02:37:24 d2.utils.events]` (month/day, no year;
    Richard-cpu2333/tx2dl, models/log/R50-FPN_log.py). With no year anywhere, the year is the
    file's mtime's (2033-05-18 here), the one before where the date would fall after it:
    2032. `time:` beside `data_time:` is the iteration's time. `Total training time` ends the
    attempt."""
    lines = [
        "[09/02 02:37:00 d2.engine.train_loop]: Starting training from iteration 0",
        "[09/02 02:37:24 d2.utils.events]:  eta: 0:05:22  iter: 19  total_loss: 1.986  loss_cls: 0.595  loss_box_reg: "
        "0.549  loss_mask: 0.697  loss_rpn_cls: 0.03067  loss_rpn_loc: 0.01108  time: 1.1678  data_time: 0.0222  lr: "
        "1.6068e-05  max_mem: 2725M",
        "[09/02 02:37:48 d2.utils.events]:  eta: 0:05:14  iter: 39  total_loss: 1.872  loss_cls: 0.5049  loss_box_reg: "
        "0.6145  loss_mask: 0.6069  loss_rpn_cls: 0.03091  loss_rpn_loc: 0.008448  time: 1.2048  data_time: 0.0108  lr: "
        "3.2718e-05  max_mem: 2849M",
        "[09/02 02:43:17 d2.engine.hooks]: Overall training speed: 298 iterations in 0:06:13 (1.2533 s / it)",
        "[09/02 02:43:17 d2.engine.hooks]: Total training time: 0:06:14 (0:00:01 on hooks)",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"

    day = "2032-09-02 {},000"
    assert [(s["step"], s["end_ns"], s["step_time_s"], s["data_time_s"], s["loss"], s["time_source"]) for s in steps] == [
        (19, _ns(day.format("02:37:24")), 1.1678, 0.0222, 1.986, "log_line_mtime"),
        (39, _ns(day.format("02:37:48")), 1.2048, 0.0108, 1.872, "log_line_mtime")]
    assert [(e["kind"], e["ts_ns"]) for e in events] == [
        ("attempt_start", _ns(day.format("02:37:00"))), ("attempt_end", _ns(day.format("02:43:17")))]
    # detectron2 prints its training time in a `finally:` after a failure too: no clean end there
    crashed = [*lines[:3], "[09/02 02:37:50 d2.engine.train_loop]: Exception during training:",
               "Traceback (most recent call last):", "RuntimeError: CUDA out of memory.", lines[-1]]
    _, _, events = _read(tmp_path, crashed, "crashed.log")
    assert "attempt_end" not in [e["kind"] for e in events]


def test_a_batch_counted_within_its_epoch_is_a_step_that_goes_on_across_epochs(tmp_path: Path) -> None:
    """MiniMind (tclh123/minimind, pretrain.log) counts batches within the epoch,
    `Epoch:[0/20](20700/41914)`: the step is epoch x 41914 + batch. Its undated print copy of a
    line is a row with no time (the views that need a time pass it over)."""
    lines = [
        "2025-01-28 13:58:05,148 __main__ INFO Epoch:[0/20](20600/41914) loss:2.702 lr:0.0001997 epoch_Time:51.0min:",
        "2025-01-28 13:58:19,352 __main__ INFO Epoch:[0/20](20700/41914) loss:2.596 lr:0.0001997 epoch_Time:50.0min:",
        "Epoch:[0/20](20700/41914) loss:2.596 lr:0.0001997 epoch_Time:50.0min:",
        "2025-01-28 13:58:33,787 __main__ INFO Epoch:[0/20](20800/41914) loss:2.505 lr:0.0001997 epoch_Time:50.0min:",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["end_ns"], s["loss"]) for s in steps] == [
        (20600, _ns("2025-01-28 13:58:05,148"), 2.702), (20700, _ns("2025-01-28 13:58:19,352"), 2.596),
        (20700, None, 2.596), (20800, _ns("2025-01-28 13:58:33,787"), 2.505)]
    # a later epoch's batches come after the first's (the same line's counter, epoch 1)
    _, steps, _ = _read(tmp_path, [lines[0], lines[1].replace("Epoch:[0/20](20700", "Epoch:[1/20](100")], "later.log")
    assert [s["step"] for s in steps] == [20600, 41914 + 100]
    # pytorch/examples' MNIST line counts samples, not batches: no step counter
    from tracelens.parsers.generic_log import _step_counter

    assert _step_counter("Train Epoch: 1 [640/60000 (1%)]\tLoss: 2.297453") is None


def test_olmo_step_records_with_their_metrics_on_the_lines_below(tmp_path: Path) -> None:
    """OLMo's trainer (AntonioLopardo/OLMo, training.log) prints a dated `[step=996/15000,epoch=0]`
    and its metrics indented below, one a line: each record is a step at its first line's time."""
    record = [
        "    optim/total_grad_norm=0.2615",
        "    train/CrossEntropyLoss=2.962",
        "    train/Perplexity=19.33",
        "    throughput/total_tokens=2,088,763,392",
        "    throughput/device/tokens_per_second=67,561",
    ]
    lines = [
        "2025-12-12 12:09:59.412\tquick-rain-shines-fin-03:0\tolmo.train:979\tINFO\t[step=996/15000,epoch=0]",
        *record,
        "2025-12-12 12:10:03.290\tquick-rain-shines-fin-03:0\tolmo.train:979\tINFO\t[step=997/15000,epoch=0]",
        "    optim/total_grad_norm=0.2534",
        "    train/CrossEntropyLoss=3.052",
        "    train/Perplexity=21.16",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"

    assert [(s["step"], s["end_ns"], s["loss"], s["grad_norm"]) for s in steps] == [
        (996, _ns("2025-12-12 12:09:59,412"), 2.962, 0.2615), (997, _ns("2025-12-12 12:10:03,290"), 3.052, 0.2534)]
    # a diverged step's NaN metrics are still its record; a dated line that merely ends with a
    # step number (an evaluation's header, its metrics indented below) starts none
    nan_record = [lines[0], "    optim/total_grad_norm=nan", "    train/CrossEntropyLoss=nan", lines[1 + len(record)]]
    _, steps, _ = _read(tmp_path, [*nan_record, *lines[1 + len(record):]], "nan.log")
    assert [s["step"] for s in steps] == [996, 997] and steps[0]["grad_norm"] != steps[0]["grad_norm"]  # NaN
    from tracelens.parsers.generic_log import _record_head, _step_counter

    header = "2025-12-12 12:10:03.290 INFO Running evaluation at step 50:"
    counter = _step_counter(header)
    assert counter is not None and not _record_head(header, counter)


def test_the_runs_training_time_line_ends_the_attempt(tmp_path: Path) -> None:
    """A script's closing `Training time: 6.89 min` (Tianshi-Xu/assignment5-alignment, sft.log)
    ends the attempt; an epoch's training time does not."""
    lines = [
        "2025-09-16 21:30:06,896 - train - INFO - Step 125 loss: 33.18623352050781 token_entropy: 0.7948970198631287",
        "2025-09-16 21:30:08,448 - train - INFO - Step 127 loss: 95.2259521484375 token_entropy: 0.7870236039161682",
        "2025-09-16 21:30:43,935 - train - INFO - Best acc: 0.546",
        "2025-09-16 21:30:43,935 - train - INFO - Training time: 6.891515485445658 min",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["ts_ns"]) for e in events] == [
        ("attempt_start", _ns("2025-09-16 21:30:06,896")), ("attempt_end", _ns("2025-09-16 21:30:43,935"))]
    _, _, events = _read(tmp_path, [*lines[:3], lines[3].replace("Training time", "Epoch 3 training time")], "epoch.log")
    # (no end said: the process was alive until its last dated line, 35 s after its last step's)
    assert [(e["kind"], e["ts_ns"]) for e in events] == [
        ("attempt_start", _ns("2025-09-16 21:30:06,896")), ("last_line", _ns("2025-09-16 21:30:43,935"))]


def test_a_ranks_lines_followed_by_lines_of_no_rank_are_no_process_that_stopped() -> None:
    """`LogRows.last_lines` on tiny hand-built rows: rank 0's two C++ warnings (`[rank0]:[W...]`), then the
    script's own lines with no prefix until the file's end: one process's output, so rank 0's
    last warning is no `last_line` (it made a run that never restarted look like one that stopped, then
    a new attempt at the script's `Training starts`); a rank whose lines end while no line of no rank
    follows before its next start still gets one."""
    from tracelens.enums import LogEventKind
    from tracelens.parsers._logtables import LogRows

    def rows(ranks: list[int | None]) -> LogRows:
        made = LogRows("generic_log")
        made.clock = ([1, 2, 3, 4, 5], [100, 200, 300, 400, 500])
        made.ranks = ranks
        made.event(LogEventKind.ATTEMPT_START, line=1, rank=None, ts_ns=100, process=True)
        made.event(LogEventKind.ATTEMPT_START, line=2, rank=0, ts_ns=200, process=True)
        made.last_lines()
        return made

    assert [e for e in rows([None, 0, 0, None, None]).events if e["kind"] == "last_line"] == []
    ended = [(e["rank"], e["line"], e["ts_ns"]) for e in rows([None, 0, 0, 1, 1]).events if e["kind"] == "last_line"]
    assert ended == [(0, 3, 300)]
