"""PyTorch-native trainers (torchtune, torchtitan and its forks) and the launchers that run them:
lines quoted verbatim from public logs (each block's source is cited above it), tiny inputs in,
exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read

# torchtune's full fine-tuning recipe on two GPUs under a Kubeflow TrainJob, one epoch of 1625 steps
# (github.com/kubeflow/website @ d2942cac8510dc4bebfa723bb1a63f0d4b3c59fa : content/en/docs/components/trainer/
# user-guides/builtin-trainer/torchtune.md, the "Training Node" output block, its lines 21-27)
TORCHTUNE_LAST_EPOCH = [
    "1|1625|Loss: 1.5839784145355225: 100%|██████████| 1625/1625 [21:54<00:00,  1.23it/s]INFO:torchtune.utils._logging:"
    "Saving checkpoint. This may take some time. Retrieving full model state dict...",
    "INFO:torchtune.utils._logging:Getting full model state dict took 1.69 secs",
    "INFO:torchtune.utils._logging:Model checkpoint of size 2.30 GiB saved to /workspace/output/epoch_0/model-00001-of-"
    "00001.safetensors",
    "INFO:torchtune.utils._logging:Saving final epoch checkpoint.",
    "INFO:torchtune.utils._logging:The full model checkpoint, including all weights and configurations, has been saved "
    "successfully.You can now use this checkpoint for further training or inference.",
    "INFO:torchtune.utils._logging:Saving checkpoint took 6.64 secs",
    "1|1625|Loss: 1.5839784145355225: 100%|██████████| 1625/1625 [22:01<00:00,  1.23it/s]",
]

# A torchtitan fork's console on Aurora (its own logger prints torchtitan's metrics by their scalar names,
# each unit in brackets), 12 ranks (github.com/saforem2/mmm @ 1d81b4a4d45f43c650501a3383f50e3fbd272efc :
# docs/torch-on-aurora.md, the "- Output:" block, its step=1 and step=10 lines, the block's indentation kept)
TORCHTITAN_UNITS_IN_BRACKETS = [
    "    [2025-02-04 16:41:22][I][mmm/train:493:__main__] step=1 global_avg_loss=8.214795 global_max_loss=8.254231 "
    "throughput(tps)=112.507887 mfu(%)=1.976745 end_to_end(s)=7.281267 data_loading(s)=1.644477 data_loading(%)=2.258504",
    "    [2025-02-04 16:45:57][I][mmm/train:493:__main__] step=10 global_avg_loss=6.886052 global_max_loss=8.090250 "
    "throughput(tps)=268.175160 mfu(%)=4.711792 end_to_end(s)=27.492479 data_loading(s)=0.007497 data_loading(%)=0.024541",
]

# `colossalai run` whose command failed at once on its one host, the shell's error before its own (github.com/
# HanweiZeng/Train-ResNet-on-CIFAR-10-from-Scratch-with-ColossalAI @ 83b5386cf19c9c00fa010739dce6859bcd707fd7 :
# README.md, lines 34-35)
COLOSSALAI_RUN_FAILED = [
    "/bin/bash: line 0: export: `=/usr/bin/supervisord': not a valid identifier Error: failed to run torchrun "
    "--nproc_per_node=1 --nnodes=1 --node_rank=0 --master_addr=127.0.0.1 --master_port=29500 train.py -c ./ckpt-fp32 on "
    "127.0.0.1, is localhost: True, exception: Encountered a bad command exit code!",
    "...",
]


def test_torchtunes_final_epoch_checkpoint_ends_its_training(tmp_path: Path) -> None:
    """`Saving final epoch checkpoint.`: torchtune's checkpointer says it only at the last epoch's save
    (the run's end had been unknown); its save's start and end around it stay saves."""
    _, steps, events = _read(tmp_path, TORCHTUNE_LAST_EPOCH)
    assert sorted((e["line"], e["kind"]) for e in events) == [
        (1, "checkpoint_save_start"), (4, "attempt_end"), (6, "checkpoint_save_end")]
    assert {s["step"] for s in steps} == {1625}
    con = console_connection(tmp_path, TORCHTUNE_LAST_EPOCH)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_torchtitan_metric_names_with_their_unit_in_brackets(tmp_path: Path) -> None:
    """`end_to_end(s)=7.281267`, `data_loading(s)=1.644477`, `throughput(tps)=112.507887`, `mfu(%)=1.976745`,
    `global_avg_loss=8.214795`: torchtitan's scalars by name, the step's mean time, data-loading time, token
    rate, MFU and loss (all had been NULL: a bracket ended the line's reading)."""
    _, steps, _ = _read(tmp_path, TORCHTITAN_UNITS_IN_BRACKETS)
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["tokens_per_s"], s["mfu"], s["loss"]) for s in steps] == [
        (1, 7.281267, 1.644477, 112.507887, 1.976745, 8.214795),
        (10, 27.492479, 0.007497, 268.175160, 4.711792, 6.886052),
    ]


def test_colossalai_runs_failed_command_is_a_crash(tmp_path: Path) -> None:
    """`Error: failed to run torchrun ... on 127.0.0.1, is localhost: True, exception: Encountered a bad command
    exit code!`: the launch failed (the file had not been recognised at all)."""
    _, _, events = _read(tmp_path, COLOSSALAI_RUN_FAILED)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 1)]
