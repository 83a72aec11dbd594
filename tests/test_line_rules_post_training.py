"""Post-training consoles (RLHF, PPO, DPO) as users paste them: lines quoted verbatim from public logs
(each block's source is cited above it), tiny inputs in, exact rows out, each expectation read off
the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _ns, _read
from tracelens.store import Store

# DeepSpeed-Chat step 3, PPO with an OPT-1.3b actor and an OPT-350m critic (microsoft/DeepSpeedExamples @
# 0eaa7961 : applications/DeepSpeed-Chat/training/step3_rlhf_finetuning/training_log_output/
# actor_opt-1.3b_critic_opt-350m_globalBatchSize64.log, lines 2-3, 12-23 and 54-60): each PPO step's line,
# then its time; the actor's and the critic's engines print `step=10` each
DSCHAT_PPO = [
    '***** Running training *****',
    'Beginning of Epoch 1/1, Total Generation Batches 477',
    '[2023-04-18 08:48:01,735] [INFO] [loss_scaler.py:188:update_scale] [deepspeed] OVERFLOW! Rank 0 Skip'
    'ping step. Attempted loss scale: 65536, but hysteresis is 2. Reducing hysteresis to 1',
    'epoch: 0|step: 0|ppo_ep: 1|act_loss: 0.2099609375|cri_loss: 0.12042236328125|unsuper_loss: 0.0',
    'average reward score: -0.67919921875',
    '-------------------------------------------------------------------------------------',
    '|E2E latency=7.99s |Gather latency=0.00s (0.00%) |Generate time=5.26s (65.81%) |Training time=2.52s '
    '(31.46%) |Others=0.22 (2.73%)|CurSamplesPerSec=8.01 |AvgSamplesPerSec=8.01',
    '[2023-04-18 08:48:05,282] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skip'
    'ping step. Attempted loss scale: 65536, reducing to 32768',
    '[2023-04-18 08:48:05,464] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skip'
    'ping step. Attempted loss scale: 65536, reducing to 32768',
    'epoch: 0|step: 1|ppo_ep: 1|act_loss: 0.296630859375|cri_loss: 0.1690673828125|unsuper_loss: 0.0',
    'average reward score: -0.0648193359375',
    '-------------------------------------------------------------------------------------',
    '|E2E latency=3.73s |Gather latency=0.00s (0.00%) |Generate time=2.78s (74.61%) |Training time=0.74s '
    '(19.84%) |Others=0.21 (5.55%)|CurSamplesPerSec=17.17 |AvgSamplesPerSec=10.92',
    '[2023-04-18 08:48:09,105] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skip'
    'ping step. Attempted loss scale: 32768, reducing to 16384',
    '[2023-04-18 08:48:36,035] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=4, lr=[5.79e-07,'
    ' 5.79e-07], mom=[(0.9, 0.95), (0.9, 0.95)]',
    '[2023-04-18 08:48:36,058] [INFO] [timer.py:199:stop] epoch=0/micro_step=10/global_step=10, RunningAv'
    'gSamplesPerSec=86.76512302357848, CurrSamplesPerSec=78.87912870644737, MemAllocated=10.77GB, MaxMemA'
    'llocated=20.55GB',
    '[2023-04-18 08:48:36,251] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=3, lr=[3.5000000'
    '000000004e-07, 3.5000000000000004e-07], mom=[(0.9, 0.95), (0.9, 0.95)]',
    'epoch: 0|step: 9|ppo_ep: 1|act_loss: 0.2998046875|cri_loss: 0.1658935546875|unsuper_loss: 0.0',
    'average reward score: -0.07635498046875',
    '-------------------------------------------------------------------------------------',
    '|E2E latency=3.88s |Gather latency=0.00s (0.00%) |Generate time=2.54s (65.36%) |Training time=1.12s '
    '(28.88%) |Others=0.22 (5.75%)|CurSamplesPerSec=16.50 |AvgSamplesPerSec=15.06',
]


def test_deepspeed_chats_ppo_steps_are_the_steps_and_their_e2e_latency_their_time(tmp_path: Path) -> None:
    """`epoch: 0|step: 1|ppo_ep: 1|act_loss: 0.2966...` then `|E2E latency=3.73s ...`: PPO step 1
    took 3.73 s; the steps are 0, 1 and 9, not the engines' `step=10` (two engines, one each)."""
    parser, steps, _ = _read(tmp_path, DSCHAT_PPO)
    assert parser == "deepspeed"
    assert [s["step"] for s in steps] == [int(m.group(1)) for t in DSCHAT_PPO if (m := re.match(r"epoch: 0\|step: (\d+)\|", t))]
    assert [s["step"] for s in steps] == [0, 1, 9]
    assert [s["step_time_s"] for s in steps] == [
        float(m.group(1)) for t in DSCHAT_PPO if (m := re.match(r"\|E2E latency=([\d.]+)s", t))] == [7.99, 3.73, 3.88]
    assert [s["loss"] for s in steps] == [0.2099609375, 0.296630859375, 0.2998046875]


# verl's PPO console (KotoHanon/VERL-Maze @ 9f727804 : verl_demo.log, lines 246-247): vLLM's logger behind
# Ray's worker prefix, its time with no year (`%m-%d %H:%M:%S`)
VERL_VLLM = [
    "\x1b[36m(WorkerDict pid=19740)\x1b[0m INFO 03-10 22:48:08 config.py:1005] Chunked prefill is enabled with max_n"
    "um_batched_tokens=8192.",
    "\x1b[36m(WorkerDict pid=19740)\x1b[0m WARNING 03-10 22:48:08 config.py:380] To see benefits of async output proc"
    "essing, enable CUDA graph. Since, enforce-eager is enabled, async output processor cannot be used",
]


def test_vllms_yearless_time_dates_its_line(tmp_path: Path) -> None:
    """`INFO 03-10 22:48:08 config.py:1005]`: the process's first dated line is at 22:48:08 on
    March 10 of the file's mtime's year (2033: nothing else in the file names one)."""
    _, _, events = _read(tmp_path, VERL_VLLM, parser_name="generic_log")
    assert [(e["kind"], e["ts_ns"], e["year_from_mtime"]) for e in events] == [
        ("attempt_start", _ns("2033-03-10 22:48:08,0"), True)]


# the same console's first lines (Ray's own logger, dated with the year), its vLLM lines, and its end:
# the reward function raised before PPO's first step (lines 2, 246-247, 264-265 and 290-292: Hydra's
# report, then the traceback)
VERL_CRASH = [
    "2025-03-10 22:25:38,610\tINFO worker.py:1841 -- Started a local Ray instance.",
    *VERL_VLLM,
    ("Error executing job with overrides: ['data.train_files=/root/data/maze/train.parquet', 'data.val_fil"
     "es=/root/data/maze/test.parquet', 'data.train_batch_size=256', 'data.max_prompt_length=512', 'data.m"
     "ax_response_length=256', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-1.5B-Instruct', 'actor_rollout_r"
     "ef.actor.optim.lr=1e-6', 'actor_rollout_ref.actor.ppo_mini_batch_size=64', 'actor_rollout_ref.actor."
     "ppo_micro_batch_size_per_gpu=4', 'actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=8', 'a"
     "ctor_rollout_ref.rollout.tensor_model_parallel_size=1', 'actor_rollout_ref.rollout.gpu_memory_utiliz"
     "ation=0.4', 'actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu=4', 'critic.optim.lr=1e-5', 'cr"
     "itic.model.path=Qwen/Qwen2.5-1.5B-Instruct', 'critic.ppo_micro_batch_size_per_gpu=4', 'algorithm.kl_"
     "ctrl.kl_coef=0.001', 'trainer.logger=[console]', '+trainer.val_before_train=False', 'trainer.default"
     "_hdfs_dir=null', 'trainer.n_gpus_per_node=1', 'trainer.nnodes=1', 'trainer.save_freq=10', 'trainer.t"
     "est_freq=10', 'trainer.total_epochs=15']"),
    "Traceback (most recent call last):",
    '  File "/root/LLM-Reasoning-Maze/verl/verl/utils/reward_score/__init__.py", line 37, in _default_compute_score',
    "    raise NotImplementedError",
    "NotImplementedError",
]


def test_an_undated_traceback_ends_its_attempt_no_earlier_than_the_last_dated_line(tmp_path: Path) -> None:
    """Ray started at 22:25:38.610, vLLM still logged at 22:48:08, then the traceback (no time of its
    own): the attempt crashed, and ran at least from 22:25:38.610 to 22:48:08, 1349.39 s: not a
    length nobody measured because no event line dates its end."""
    path = tmp_path / "verl.log"
    path.write_text("\n".join(VERL_CRASH) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    rows = store.connect().execute("select start_ns, end_ns, end_reason, length_s from attempts").fetchall()
    start, end = _ns("2025-03-10 22:25:38,610"), _ns("2025-03-10 22:48:08,0")
    assert rows == [(start, end, "crash", pytest.approx((end - start) / 1e9))]
    assert (end - start) / 1e9 == pytest.approx(1349.39)


# torchtune's LoRA fine-tuning of Llama 3 70B under `srun -l`, the tail of its output as its README shows it
# (aws-samples/awsome-distributed-training @ a38b86b2d7e2436bfaafa042552de675f3e353cc :
# 3.test_cases/torchtune/slurm/tutorials/e2e-llama3-70b-model-development.md, its fourth code block: its first
# two and its last lines): the bar's carriage return in caret notation, `^M` (two characters), after srun's label
TORCHTUNE_CARET_BAR = [
    "==> logs/convert-checkpoint_560.out <==",
    "0: INFO:torchtune.utils.logging:Model checkpoint of size 4.97 GB saved to "
    "/fsx/models/torchtitan-torchtune/meta-llama/Meta-Llama-3-70B-tuned/hf_model_0024_0.pt",
    "0: ^M1|3251|Loss: 1.5955958366394043: 100%|██████████| 3251/3251 [2:07:13<00:00,  2.35s/it]",
]


def test_a_bar_after_a_carriage_return_in_caret_notation_is_read(tmp_path: Path) -> None:
    """`^M` is how a pager shows a carriage return: the bar after it is a reading of rank 0 (srun's
    label before it), step 3251 at the 2.35 s a step it prints; the file is a console at all."""
    _, steps, _ = _read(tmp_path, TORCHTUNE_CARET_BAR)  # (a reader claims it: `_read` asserts one does)
    assert [(s["step"], s["rank"], s["step_time_s"]) for s in steps] == [(3251, 0, 2.35)]
