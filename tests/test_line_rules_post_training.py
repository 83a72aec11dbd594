"""Post-training consoles (RLHF, PPO, DPO) as users paste them: lines quoted verbatim from public logs
(each block's source is cited above it), tiny inputs in, exact rows out, each expectation read off
the quoted text."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import console_connection
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
    length nobody measured because no event line dates its end, nor one shown as measured (it is
    at least that: the failure came some time after its last dated line)."""
    path = tmp_path / "verl.log"
    path.write_text("\n".join(VERL_CRASH) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    rows = store.connect().execute("select start_ns, end_ns, end_reason, length_s, length_at_least from attempts").fetchall()
    start, end = _ns("2025-03-10 22:25:38,610"), _ns("2025-03-10 22:48:08,0")
    assert rows == [(start, end, "crash", pytest.approx((end - start) / 1e9), True)]
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


# TRL's DPO trainer on an RTX 6000 Ada, 378 steps over 3 epochs, its console kept by a terminal session's transcript
# (a public repository's committed session text, stored file id 62757639325, its run's lines 9, 64, 66-79,
# 81-87, 89-95, 97-103, 105-111, 113-119, 121-127, 129-131, 133-134, 141 and 143: the run's dicts, its bar
# drawn only as each evaluation ended (the peft warning glued after it), and the script's clock; the
# `warnings.warn(` lines and the blank ones left out): the first six dicts print before the bar ever drew
TRL_DPO_BAR_AT_EVALS = [
    'Start time: 2026-02-19 14:37:17',
    '     Total training steps: ~378',
    '7. Starting DPO training...',
    '================================================================================',
    'Training in progress... Monitor with:',
    '  tensorboard --logdir=logs/dpo',
    '================================================================================',
    ('The tokenizer has new PAD/BOS/EOS tokens that differ from the model config and generation config. The model '
     "config and generation config were aligned accordingly, being updated with the tokenizer's values. Updated to"
     "kens: {'eos_token_id': 128009, 'pad_token_id': 128256}."),
    ("{'loss': 0.6931, 'grad_norm': 5.435215950012207, 'learning_rate': 0.0, 'rewards/chosen': 0.0, 'rewards/rejec"
     "ted': 0.0, 'rewards/accuracies': 0.0, 'rewards/margins': 0.0, 'logps/chosen': -268.03912353515625, 'logps/re"
     "jected': -1212.9830322265625, 'logits/chosen': -0.8508821725845337, 'logits/rejected': -0.7725358605384827, "
     "'epoch': 0.01}"),
    ("{'loss': 0.6921, 'grad_norm': 4.664521217346191, 'learning_rate': 1.1842105263157894e-06, 'rewards/chosen': "
     "0.004705479368567467, 'rewards/rejected': -0.001991505501791835, 'rewards/accuracies': 0.4791666567325592, '"
     "rewards/margins': 0.0066969855688512325, 'logps/chosen': -278.4517822265625, 'logps/rejected': -1122.0327148"
     "4375, 'logits/chosen': -0.8256779909133911, 'logits/rejected': -0.8039324283599854, 'epoch': 0.08}"),
    ("{'loss': 0.6917, 'grad_norm': 4.87371826171875, 'learning_rate': 2.5e-06, 'rewards/chosen': 0.00070030579809"
     "09944, 'rewards/rejected': -0.0062279305420815945, 'rewards/accuracies': 0.5062500238418579, 'rewards/margin"
     "s': 0.006928237620741129, 'logps/chosen': -281.8445739746094, 'logps/rejected': -1108.9632568359375, 'logits"
     "/chosen': -0.8771031498908997, 'logits/rejected': -0.8334973454475403, 'epoch': 0.16}"),
    ("{'loss': 0.6817, 'grad_norm': 5.921092510223389, 'learning_rate': 3.815789473684211e-06, 'rewards/chosen': -"
     "0.006767187267541885, 'rewards/rejected': -0.037065669894218445, 'rewards/accuracies': 0.6000000238418579, '"
     "rewards/margins': 0.03029848262667656, 'logps/chosen': -284.5753479003906, 'logps/rejected': -1158.954467773"
     "4375, 'logits/chosen': -0.8754054307937622, 'logits/rejected': -0.8192776441574097, 'epoch': 0.24}"),
    ("{'loss': 0.6198, 'grad_norm': 5.232926368713379, 'learning_rate': 4.99989327925842e-06, 'rewards/chosen': -0"
     ".014326110482215881, 'rewards/rejected': -0.19139519333839417, 'rewards/accuracies': 0.918749988079071, 'rew"
     "ards/margins': 0.1770690530538559, 'logps/chosen': -271.1361083984375, 'logps/rejected': -1124.1546630859375"
     ", 'logits/chosen': -0.8500684499740601, 'logits/rejected': -0.8182956576347351, 'epoch': 0.32}"),
    ("{'loss': 0.5204, 'grad_norm': 5.275223255157471, 'learning_rate': 4.987097811457015e-06, 'rewards/chosen': -"
     "0.05228179693222046, 'rewards/rejected': -0.5014872550964355, 'rewards/accuracies': 0.9937499761581421, 'rew"
     "ards/margins': 0.4492054581642151, 'logps/chosen': -293.12994384765625, 'logps/rejected': -1117.377197265625"
     ", 'logits/chosen': -0.8309270143508911, 'logits/rejected': -0.839804470539093, 'epoch': 0.4}"),
    ("{'eval_loss': 0.45051831007003784, 'eval_runtime': 139.5292, 'eval_samples_per_second': 1.656, 'eval_steps_p"
     "er_second': 1.656, 'eval_rewards/chosen': -0.07145508378744125, 'eval_rewards/rejected': -0.743606448173523,"
     " 'eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 0.6721512675285339, 'eval_logps/chosen': -276.14440"
     "91796875, 'eval_logps/rejected': -1125.7542724609375, 'eval_logits/chosen': -0.8385509848594666, 'eval_logit"
     "s/rejected': -0.8328644633293152, 'epoch': 0.4}"),
    (' 13%|████████████████▎                                                                                      '
     '                    | 50/378 [18:45<1:45:55, 19.38s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.367, 'grad_norm': 3.176828622817993, 'learning_rate': 4.953083302054247e-06, 'rewards/chosen': -0"
     ".11095581948757172, 'rewards/rejected': -1.1428985595703125, 'rewards/accuracies': 1.0, 'rewards/margins': 1"
     ".0319427251815796, 'logps/chosen': -291.72064208984375, 'logps/rejected': -1170.26220703125, 'logits/chosen'"
     ": -0.8543044924736023, 'logits/rejected': -0.8236872553825378, 'epoch': 0.48}"),
    ("{'loss': 0.2477, 'grad_norm': 0.3796491026878357, 'learning_rate': 4.898139950851163e-06, 'rewards/chosen': "
     "-0.22193293273448944, 'rewards/rejected': -2.2508797645568848, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.0289466381073, 'logps/chosen': -290.63397216796875, 'logps/rejected': -1133.155517578125, 'logits/chosen'"
     ": -0.8691785931587219, 'logits/rejected': -0.8405669927597046, 'epoch': 0.56}"),
    ("{'loss': 0.2237, 'grad_norm': 0.646033525466919, 'learning_rate': 4.822736515147748e-06, 'rewards/chosen': -"
     "0.3578072488307953, 'rewards/rejected': -3.681560516357422, 'rewards/accuracies': 1.0, 'rewards/margins': 3."
     "3237533569335938, 'logps/chosen': -273.7667541503906, 'logps/rejected': -1153.6563720703125, 'logits/chosen'"
     ": -0.8662118911743164, 'logits/rejected': -0.8712027668952942, 'epoch': 0.63}"),
    ("{'loss': 0.2169, 'grad_norm': 0.4195823073387146, 'learning_rate': 4.72751631047092e-06, 'rewards/chosen': -"
     "0.3465001583099365, 'rewards/rejected': -3.725513458251953, 'rewards/accuracies': 1.0, 'rewards/margins': 3."
     "379013776779175, 'logps/chosen': -275.5403747558594, 'logps/rejected': -1174.6434326171875, 'logits/chosen':"
     " -0.8578438758850098, 'logits/rejected': -0.8490829467773438, 'epoch': 0.71}"),
    ("{'loss': 0.2095, 'grad_norm': 0.266947865486145, 'learning_rate': 4.613291722033285e-06, 'rewards/chosen': -"
     "0.2778221666812897, 'rewards/rejected': -3.1944222450256348, 'rewards/accuracies': 1.0, 'rewards/margins': 2"
     ".916599750518799, 'logps/chosen': -290.67041015625, 'logps/rejected': -1160.9100341796875, 'logits/chosen': "
     "-0.8913270831108093, 'logits/rejected': -0.8398761749267578, 'epoch': 0.79}"),
    ("{'eval_loss': 0.2105039656162262, 'eval_runtime': 139.833, 'eval_samples_per_second': 1.652, 'eval_steps_per"
     "_second': 1.652, 'eval_rewards/chosen': -0.24744664132595062, 'eval_rewards/rejected': -3.00093412399292, 'e"
     "val_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.7534878253936768, 'eval_logps/chosen': -277.90432739"
     "25781, 'eval_logps/rejected': -1148.3275146484375, 'eval_logits/chosen': -0.8512395024299622, 'eval_logits/r"
     "ejected': -0.8482566475868225, 'epoch': 0.79}"),
    (' 26%|████████████████████████████████▎                                                                      '
     '                   | 100/378 [38:05<1:34:21, 20.37s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.2096, 'grad_norm': 0.11703674495220184, 'learning_rate': 4.481037273748935e-06, 'rewards/chosen':"
     " -0.2428143322467804, 'rewards/rejected': -3.024207830429077, 'rewards/accuracies': 1.0, 'rewards/margins': "
     "2.781393527984619, 'logps/chosen': -277.52728271484375, 'logps/rejected': -1165.879150390625, 'logits/chosen"
     "': -0.9161127209663391, 'logits/rejected': -0.8613139986991882, 'epoch': 0.87}"),
    ("{'loss': 0.2129, 'grad_norm': 0.17875458300113678, 'learning_rate': 4.3318813139390295e-06, 'rewards/chosen'"
     ": -0.28360289335250854, 'rewards/rejected': -3.161217212677002, 'rewards/accuracies': 1.0, 'rewards/margins'"
     ": 2.8776140213012695, 'logps/chosen': -285.1559753417969, 'logps/rejected': -1166.462158203125, 'logits/chos"
     "en': -0.8641725778579712, 'logits/rejected': -0.860181450843811, 'epoch': 0.95}"),
    ("{'loss': 0.2106, 'grad_norm': 0.19882267713546753, 'learning_rate': 4.167096388661754e-06, 'rewards/chosen':"
     " -0.26583272218704224, 'rewards/rejected': -3.291433811187744, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 3.0256006717681885, 'logps/chosen': -277.73699951171875, 'logps/rejected': -1156.276123046875, 'logits/chos"
     "en': -0.8654838800430298, 'logits/rejected': -0.8633484840393066, 'epoch': 1.03}"),
    ("{'loss': 0.2057, 'grad_norm': 0.24467970430850983, 'learning_rate': 3.9880883847980475e-06, 'rewards/chosen'"
     ": -0.2634744346141815, 'rewards/rejected': -3.184015989303589, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.920542001724243, 'logps/chosen': -288.70111083984375, 'logps/rejected': -1153.64697265625, 'logits/chosen"
     "': -0.8761059641838074, 'logits/rejected': -0.8412461280822754, 'epoch': 1.11}"),
    ("{'loss': 0.2094, 'grad_norm': 0.4070517122745514, 'learning_rate': 3.7963845355204303e-06, 'rewards/chosen':"
     " -0.23739516735076904, 'rewards/rejected': -3.132296085357666, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.8949007987976074, 'logps/chosen': -283.28009033203125, 'logps/rejected': -1161.447021484375, 'logits/chos"
     "en': -0.8660677075386047, 'logits/rejected': -0.8599354028701782, 'epoch': 1.19}"),
    ("{'eval_loss': 0.20609110593795776, 'eval_runtime': 139.4918, 'eval_samples_per_second': 1.656, 'eval_steps_p"
     "er_second': 1.656, 'eval_rewards/chosen': -0.23284530639648438, 'eval_rewards/rejected': -3.1693766117095947"
     ", 'eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.9365310668945312, 'eval_logps/chosen': -277.7583"
     "312988281, 'eval_logps/rejected': -1150.0120849609375, 'eval_logits/chosen': -0.8484442830085754, 'eval_logi"
     "ts/rejected': -0.8463464975357056, 'epoch': 1.19}"),
    (' 40%|████████████████████████████████████████████████▍                                                      '
     '                   | 150/378 [57:08<1:15:23, 19.84s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.2038, 'grad_norm': 0.2246094048023224, 'learning_rate': 3.5936203904780665e-06, 'rewards/chosen':"
     " -0.24693803489208221, 'rewards/rejected': -3.248340606689453, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 3.0014026165008545, 'logps/chosen': -282.1016540527344, 'logps/rejected': -1193.349365234375, 'logits/chose"
     "n': -0.8893740773200989, 'logits/rejected': -0.8350589871406555, 'epoch': 1.27}"),
    ("{'loss': 0.2064, 'grad_norm': 0.11243303120136261, 'learning_rate': 3.3815258618638316e-06, 'rewards/chosen'"
     ": -0.2131689041852951, 'rewards/rejected': -3.153407335281372, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.9402382373809814, 'logps/chosen': -284.30364990234375, 'logps/rejected': -1152.5938720703125, 'logits/cho"
     "sen': -0.8866187930107117, 'logits/rejected': -0.8642578125, 'epoch': 1.35}"),
    ("{'loss': 0.2027, 'grad_norm': 0.41855600476264954, 'learning_rate': 3.1619104654134397e-06, 'rewards/chosen'"
     ": -0.2232782542705536, 'rewards/rejected': -3.150416612625122, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.927138566970825, 'logps/chosen': -289.7554626464844, 'logps/rejected': -1165.382568359375, 'logits/chosen"
     "': -0.8806561231613159, 'logits/rejected': -0.8361564874649048, 'epoch': 1.43}"),
    ("{'loss': 0.2047, 'grad_norm': 0.18297384679317474, 'learning_rate': 2.9366478822551973e-06, 'rewards/chosen'"
     ": -0.20433564484119415, 'rewards/rejected': -3.1547534465789795, 'rewards/accuracies': 1.0, 'rewards/margins"
     "': 2.950417995452881, 'logps/chosen': -291.45703125, 'logps/rejected': -1159.5289306640625, 'logits/chosen':"
     " -0.8438757061958313, 'logits/rejected': -0.8340924382209778, 'epoch': 1.51}"),
    ("{'loss': 0.2022, 'grad_norm': 0.2264855057001114, 'learning_rate': 2.70765997332326e-06, 'rewards/chosen': -"
     "0.19961002469062805, 'rewards/rejected': -3.162527322769165, 'rewards/accuracies': 1.0, 'rewards/margins': 2"
     ".9629175662994385, 'logps/chosen': -283.17718505859375, 'logps/rejected': -1181.1881103515625, 'logits/chose"
     "n': -0.8401135206222534, 'logits/rejected': -0.816780686378479, 'epoch': 1.59}"),
    ("{'eval_loss': 0.20411157608032227, 'eval_runtime': 139.8474, 'eval_samples_per_second': 1.652, 'eval_steps_p"
     "er_second': 1.652, 'eval_rewards/chosen': -0.20360368490219116, 'eval_rewards/rejected': -3.198276996612549,"
     " 'eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.994673252105713, 'eval_logps/chosen': -277.465881"
     "34765625, 'eval_logps/rejected': -1150.301025390625, 'eval_logits/chosen': -0.8479764461517334, 'eval_logits"
     "/rejected': -0.8456019163131714, 'epoch': 1.59}"),
    (' 53%|███████████████████████████████████████████████████████████████▍                                       '
     '                 | 200/378 [1:16:24<1:03:51, 21.52s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.2071, 'grad_norm': 0.3079579770565033, 'learning_rate': 2.4769003827177735e-06, 'rewards/chosen':"
     " -0.21494939923286438, 'rewards/rejected': -3.1029162406921387, 'rewards/accuracies': 1.0, 'rewards/margins'"
     ": 2.8879668712615967, 'logps/chosen': -276.2473449707031, 'logps/rejected': -1118.4544677734375, 'logits/cho"
     "sen': -0.8821946978569031, 'logits/rejected': -0.880130410194397, 'epoch': 1.67}"),
    ("{'loss': 0.2054, 'grad_norm': 0.18963102996349335, 'learning_rate': 2.246337869902243e-06, 'rewards/chosen':"
     " -0.21225547790527344, 'rewards/rejected': -3.149505615234375, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.9372501373291016, 'logps/chosen': -283.364990234375, 'logps/rejected': -1145.602294921875, 'logits/chosen"
     "': -0.859058678150177, 'logits/rejected': -0.8172114491462708, 'epoch': 1.75}"),
    ("{'loss': 0.2041, 'grad_norm': 0.17976485192775726, 'learning_rate': 2.017939512941958e-06, 'rewards/chosen':"
     " -0.18524828553199768, 'rewards/rejected': -3.195648670196533, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 3.0104000568389893, 'logps/chosen': -283.73919677734375, 'logps/rejected': -1170.9613037109375, 'logits/cho"
     "sen': -0.8418729901313782, 'logits/rejected': -0.8592419624328613, 'epoch': 1.83}"),
    ("{'loss': 0.2031, 'grad_norm': 0.2572532892227173, 'learning_rate': 1.7936539260875125e-06, 'rewards/chosen':"
     " -0.1959567368030548, 'rewards/rejected': -3.143259048461914, 'rewards/accuracies': 1.0, 'rewards/margins': "
     "2.9473023414611816, 'logps/chosen': -281.08892822265625, 'logps/rejected': -1158.415283203125, 'logits/chose"
     "n': -0.8873235583305359, 'logits/rejected': -0.8227415084838867, 'epoch': 1.9}"),
    ("{'loss': 0.203, 'grad_norm': 0.18142272531986237, 'learning_rate': 1.5753946348850774e-06, 'rewards/chosen':"
     " -0.18448153138160706, 'rewards/rejected': -3.1219520568847656, 'rewards/accuracies': 1.0, 'rewards/margins'"
     ": 2.9374704360961914, 'logps/chosen': -287.49981689453125, 'logps/rejected': -1171.91455078125, 'logits/chos"
     "en': -0.8975360989570618, 'logits/rejected': -0.8588483929634094, 'epoch': 1.98}"),
    ("{'eval_loss': 0.203094944357872, 'eval_runtime': 140.1103, 'eval_samples_per_second': 1.649, 'eval_steps_per"
     "_second': 1.649, 'eval_rewards/chosen': -0.18852995336055756, 'eval_rewards/rejected': -3.1401185989379883, "
     "'eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.9515888690948486, 'eval_logps/chosen': -277.315155"
     "0292969, 'eval_logps/rejected': -1149.719482421875, 'eval_logits/chosen': -0.8475809693336487, 'eval_logits/"
     "rejected': -0.8444902300834656, 'epoch': 1.98}"),
    (' 66%|████████████████████████████████████████████████████████████████████████████████▋                      '
     '                   | 250/378 [1:35:27<43:16, 20.28s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.202, 'grad_norm': 0.21262137591838837, 'learning_rate': 1.3650237506511333e-06, 'rewards/chosen':"
     " -0.19041652977466583, 'rewards/rejected': -3.1302828788757324, 'rewards/accuracies': 1.0, 'rewards/margins'"
     ": 2.939866542816162, 'logps/chosen': -272.55865478515625, 'logps/rejected': -1159.6617431640625, 'logits/cho"
     "sen': -0.8513650894165039, 'logits/rejected': -0.8331783413887024, 'epoch': 2.06}"),
    ("{'loss': 0.204, 'grad_norm': 0.23506560921669006, 'learning_rate': 1.164336083595279e-06, 'rewards/chosen': "
     "-0.18297207355499268, 'rewards/rejected': -3.127826690673828, 'rewards/accuracies': 1.0, 'rewards/margins': "
     "2.944854974746704, 'logps/chosen': -282.16314697265625, 'logps/rejected': -1144.901611328125, 'logits/chosen"
     "': -0.8424584269523621, 'logits/rejected': -0.8404772877693176, 'epoch': 2.14}"),
    ("{'loss': 0.2036, 'grad_norm': 0.18733356893062592, 'learning_rate': 9.750438301323584e-07, 'rewards/chosen':"
     " -0.1739690750837326, 'rewards/rejected': -3.1131837368011475, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.9392142295837402, 'logps/chosen': -280.70745849609375, 'logps/rejected': -1135.454345703125, 'logits/chos"
     "en': -0.8894567489624023, 'logits/rejected': -0.8509662747383118, 'epoch': 2.22}"),
    ("{'loss': 0.2025, 'grad_norm': 0.1593935489654541, 'learning_rate': 7.987619650263462e-07, 'rewards/chosen': "
     "-0.19949255883693695, 'rewards/rejected': -3.146743059158325, 'rewards/accuracies': 1.0, 'rewards/margins': "
     "2.9472503662109375, 'logps/chosen': -293.6327819824219, 'logps/rejected': -1156.46240234375, 'logits/chosen'"
     ": -0.902775764465332, 'logits/rejected': -0.8350685238838196, 'epoch': 2.3}"),
    ("{'loss': 0.201, 'grad_norm': 0.13282594084739685, 'learning_rate': 6.369944629950933e-07, 'rewards/chosen': "
     "-0.1873139590024948, 'rewards/rejected': -3.188011884689331, 'rewards/accuracies': 1.0, 'rewards/margins': 3"
     ".0006978511810303, 'logps/chosen': -286.30133056640625, 'logps/rejected': -1197.5086669921875, 'logits/chose"
     "n': -0.8634839057922363, 'logits/rejected': -0.8553460836410522, 'epoch': 2.38}"),
    ("{'eval_loss': 0.2024695873260498, 'eval_runtime': 139.7273, 'eval_samples_per_second': 1.653, 'eval_steps_pe"
     "r_second': 1.653, 'eval_rewards/chosen': -0.1758195012807846, 'eval_rewards/rejected': -3.127288341522217, '"
     "eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.9514691829681396, 'eval_logps/chosen': -277.1880798"
     "339844, 'eval_logps/rejected': -1149.5911865234375, 'eval_logits/chosen': -0.8475152850151062, 'eval_logits/"
     "rejected': -0.8440425395965576, 'epoch': 2.38}"),
    (' 79%|████████████████████████████████████████████████████████████████████████████████████████████████▊      '
     '                   | 300/378 [1:54:45<27:09, 20.89s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.2022, 'grad_norm': 0.16503404080867767, 'learning_rate': 4.911214673283157e-07, 'rewards/chosen':"
     " -0.18960486352443695, 'rewards/rejected': -3.157150983810425, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.967545986175537, 'logps/chosen': -287.9609375, 'logps/rejected': -1185.0977783203125, 'logits/chosen': -0"
     ".8518121838569641, 'logits/rejected': -0.8326504826545715, 'epoch': 2.46}"),
    ("{'loss': 0.2032, 'grad_norm': 0.22348791360855103, 'learning_rate': 3.623875149916725e-07, 'rewards/chosen':"
     " -0.16671264171600342, 'rewards/rejected': -3.086684226989746, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.9199717044830322, 'logps/chosen': -279.0450744628906, 'logps/rejected': -1144.1839599609375, 'logits/chos"
     "en': -0.8613182306289673, 'logits/rejected': -0.8267722129821777, 'epoch': 2.54}"),
    ("{'loss': 0.2016, 'grad_norm': 0.15100157260894775, 'learning_rate': 2.5189091867618615e-07, 'rewards/chosen'"
     ": -0.1886512041091919, 'rewards/rejected': -3.0827724933624268, 'rewards/accuracies': 1.0, 'rewards/margins'"
     ": 2.8941211700439453, 'logps/chosen': -290.6129455566406, 'logps/rejected': -1172.217529296875, 'logits/chos"
     "en': -0.8655588030815125, 'logits/rejected': -0.8308278918266296, 'epoch': 2.62}"),
    ("{'loss': 0.202, 'grad_norm': 0.2572731077671051, 'learning_rate': 1.6057439638161891e-07, 'rewards/chosen': "
     "-0.1711210459470749, 'rewards/rejected': -3.1170144081115723, 'rewards/accuracies': 1.0, 'rewards/margins': "
     "2.9458932876586914, 'logps/chosen': -273.7915954589844, 'logps/rejected': -1144.9500732421875, 'logits/chose"
     "n': -0.8818972706794739, 'logits/rejected': -0.8574619293212891, 'epoch': 2.7}"),
    ("{'loss': 0.2032, 'grad_norm': 0.20950452983379364, 'learning_rate': 8.921702847888791e-08, 'rewards/chosen':"
     " -0.1731465756893158, 'rewards/rejected': -3.1257779598236084, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.952631711959839, 'logps/chosen': -293.57464599609375, 'logps/rejected': -1150.8486328125, 'logits/chosen'"
     ": -0.842270016670227, 'logits/rejected': -0.8424974679946899, 'epoch': 2.78}"),
    ("{'eval_loss': 0.20236662030220032, 'eval_runtime': 140.5282, 'eval_samples_per_second': 1.644, 'eval_steps_p"
     "er_second': 1.644, 'eval_rewards/chosen': -0.1718202531337738, 'eval_rewards/rejected': -3.1403305530548096,"
     " 'eval_rewards/accuracies': 1.0, 'eval_rewards/margins': 2.968510866165161, 'eval_logps/chosen': -277.148071"
     "2890625, 'eval_logps/rejected': -1149.7215576171875, 'eval_logits/chosen': -0.8474196791648865, 'eval_logits"
     "/rejected': -0.843899130821228, 'epoch': 2.78}"),
    (' 93%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
     '█████████▉         | 350/378 [2:13:59<09:22, 20.10s/it/usr/local/lib/python3.11/dist-packages/peft/utils/sav'
     'e_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been re'
     'sized during finetuning.'),
    ("{'loss': 0.2023, 'grad_norm': 0.1487279236316681, 'learning_rate': 3.8427610871041024e-08, 'rewards/chosen':"
     " -0.18082520365715027, 'rewards/rejected': -3.167919635772705, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.9870941638946533, 'logps/chosen': -286.5184326171875, 'logps/rejected': -1199.8094482421875, 'logits/chos"
     "en': -0.8783982992172241, 'logits/rejected': -0.8210810422897339, 'epoch': 2.86}"),
    ("{'loss': 0.202, 'grad_norm': 0.26850685477256775, 'learning_rate': 8.639460961263612e-09, 'rewards/chosen': "
     "-0.17585496604442596, 'rewards/rejected': -3.1444339752197266, 'rewards/accuracies': 1.0, 'rewards/margins':"
     " 2.968578815460205, 'logps/chosen': -278.85235595703125, 'logps/rejected': -1164.9400634765625, 'logits/chos"
     "en': -0.8710340261459351, 'logits/rejected': -0.86308354139328, 'epoch': 2.94}"),
    ('100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
     '███████████████████| 378/378 [2:23:19<00:00, 19.40s/it]/usr/local/lib/python3.11/dist-packages/peft/utils/sa'
     've_and_load.py:309: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been r'
     'esized during finetuning.'),
    ("{'train_runtime': 8609.8301, 'train_samples_per_second': 0.702, 'train_steps_per_second': 0.044, 'train_loss"
     "': 0.2686335002934491, 'epoch': 3.0}                   "),
    ('100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
     '███████████████████| 378/378 [2:23:29<00:00, 22.78s/it]'),
    'DPO TRAINING COMPLETE',
    'End time: 2026-02-19 17:01:12',
]


def test_dicts_on_the_logging_grid_with_the_first_step_logged(tmp_path: Path) -> None:
    """38 dicts over the summary's 378 steps in 3.0 epochs (126 an epoch): step 1 (`logging_first_step`,
    its epoch 0.01) and then every 10 steps to 370 (37 x 10 <= 378 < 38 x 10), each dict's epoch x 126
    within its printing (0.005 epoch, 0.63 step) and half a step of its step; not 1..6 for the dicts
    before the bar first drew, nor 71, 79, 89 where the epoch alone rounds to the wrong step."""
    _, steps, _ = _read(tmp_path, TRL_DPO_BAR_AT_EVALS)
    dicts = [s for s in steps if s["loss"] is not None]
    expected = [1] + [10 * i for i in range(1, 38)]
    epochs = [float(m.group(1)) for text in TRL_DPO_BAR_AT_EVALS if (m := re.search(r"'loss': [^}]*'epoch': ([\d.]+)", text))]
    assert all(abs(step - epoch * 126) <= 0.005 * 126 + 0.5 for step, epoch in zip(expected, epochs, strict=True))
    assert [s["step"] for s in dicts] == expected


def test_dicts_printed_before_the_bar_first_drew_are_on_its_clock(tmp_path: Path) -> None:
    """The bar's last drawing, `378/378 [2:23:29<...]` when the script's clock says 17:01:12, began it at
    14:37:43; the script started at 14:37:17: 26 s of start-up, not the 921 s until the first drawing
    (step 50, 18:45 into the bar) less a step's pace."""
    path = tmp_path / "dpo.log"
    path.write_text("\n".join(TRL_DPO_BAR_AT_EVALS) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    startup = con.execute("select seconds from goodput_buckets where bucket = 'startup'").fetchone()[0]
    began = _ns("2026-02-19 17:01:12", "%Y-%m-%d %H:%M:%S") - (2 * 3600 + 23 * 60 + 29) * 10**9
    assert startup == pytest.approx((began - _ns("2026-02-19 14:37:17", "%Y-%m-%d %H:%M:%S")) / 1e9, abs=1)


# verl's SFT trainer under torchrun on two GPUs, failing before its first step (a Chinese notes file on verl and
# ReTool errors, section "3. SFT错误", its code block's lines 14-17, 37-44, 48-49 and 63-78; stored file id
# 33225870585): torchrun's banner and its failure lines in glog form (no year), the year in its failure report
VERL_SFT_TORCHRUN = [
    ('W0731 10:49:55.044000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/run.py:792]'),
    ('W0731 10:49:55.044000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/run.py:792] *****************************************'),
    ('W0731 10:49:55.044000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid'
     ' your system being overloaded, please further tune the variable for optimal performance in your application '
     'as needed.'),
    ('W0731 10:49:55.044000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/run.py:792] *****************************************'),
    'Traceback (most recent call last):',
    ('  File "/media/wac/backup/john/johnson/RLDecisionAgent/verl/verl/trainer/fsdp_sft_trainer.py", line 801, in '
     'main'),
    '    run_sft(config)',
    ('  File "/media/wac/backup/john/johnson/RLDecisionAgent/verl/verl/trainer/fsdp_sft_trainer.py", line 794, in '
     'run_sft'),
    '    trainer.fit()',
    ('  File "/media/wac/backup/john/johnson/RLDecisionAgent/verl/verl/trainer/fsdp_sft_trainer.py", line 716, in '
     'fit'),
    '    start_epoch = global_step // self.steps_per_epoch',
    'ZeroDivisionError: integer division or modulo by zero',
    ('W0731 10:50:07.575000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/elastic/multiprocessing/api.py:897] Sending process 3248029 closing signal SIGTERM'),
    ('E0731 10:50:08.043000 3247964 /media/wac/backup/anaconda3/envs/gpt/lib/python3.10/site-packages/torch/distri'
     'buted/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 3248030) of binary: /home'
     '/wac/johnson/anaconda3/envs/gpt/bin/python'),
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
    '============================================================',
    'verl.trainer.fsdp_sft_trainer FAILED',
    '------------------------------------------------------------',
    'Failures:',
    '  <NO_OTHER_FAILURES>',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2025-07-31_10:50:07',
    '  host      : yaqiyun-SYS-4028GR-TR2',
    '  rank      : 1 (local_rank: 1)',
    '  exitcode  : 1 (pid: 3248030)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '============================================================',
]


# LLaMA-Factory's CLI running torchrun for two GPUs (github.com/chrisindris/LLaMA-Factory-LFS @
# 12e9e3f012be2854ca08994f7225d061ae2ed423 : fc10205-qwen2_5vl_lora_sft_SQA3D-11816576.out, lines 16-23)
LLAMAFACTORY_TORCHRUN = [
    '[INFO|2025-11-19 19:45:47] llamafactory.launcher:143 >> Initializing 2 distributed tasks at: 127.0.0.1:44779',
    'W1119 19:45:48.656000 2299632 site-packages/torch/distributed/run.py:792] ',
    'W1119 19:45:48.656000 2299632 site-packages/torch/distributed/run.py:792] *****************************************',
    ('W1119 19:45:48.656000 2299632 site-packages/torch/distributed/run.py:792] Setting OMP_NUM_THREADS en'
     'vironment variable for each process to be 1 in default, to avoid your system being overloaded, pleas'
     'e further tune the variable for optimal performance in your application as needed. '),
    'W1119 19:45:48.656000 2299632 site-packages/torch/distributed/run.py:792] *****************************************',
    '[2025-11-19 19:45:53,538] [INFO] [real_accelerator.py:254:get_accelerator] Setting ds_accelerator to cuda (auto detect)',
    '[2025-11-19 19:45:53,581] [INFO] [real_accelerator.py:254:get_accelerator] Setting ds_accelerator to cuda (auto detect)',
    ('/opt/conda/lib/python3.11/site-packages/jieba/_compat.py:18: UserWarning: pkg_resources is deprecate'
     'd as an API. See https://setuptools.pypa.io/en/latest/pkg_resources.html. The pkg_resources package '
     'is slated for removal as early as 2025-11-30. Refrain from using this package or pin to Setuptools<8'
     '1.'),
]


# XTuner v1's SFT trainer, its last step and its saves (github.com/0xfaner/xtuner-lab @
# 1382ba279f0246f7c9888f4b73a718cdd7dc78fa : experiments/000_tiny_sft/log.txt, lines 327-339)
XTUNER_V1_END = [
    ('[XTuner][RANK 0][2026-09-17 17:33:33][INFO] Epoch 1 Step 12/13 data_time: 0.0013 lr: 8.528312e-06 ti'
     'me: 0.1370 text_tokens: 4010 seqlen_tokens: 4096 img_tokens: 0.0 approximate_total_consumed_tokens: '
     '48088 reduced_llm_loss: 8.94813347, local_loss: 8.94813347 step_consumed_tokens: 4010.00000000, step'
     '_seqlen_tokens: 4096.00000000, step_consumed_img_tokens: 0.00000000, efficient_attn_ratio: 0.2721959'
     '4, img_efficient_attn_ratio: 0.00000000 local_base_loss: 8.9481 grad_norm: 5.92084122 max_memory: 5.'
     '35 GB reserved_memory: 7.43 GB tgs: 29270.1 seqlen_tgs: 29897.8 exp_tgs: 9354.9 eta: 0:00:00 '),
    ('[XTuner][RANK 0][2026-09-17 17:33:33][INFO] Epoch 1 Step 13/13 data_time: 0.0013 lr: 4.428866e-06 ti'
     'me: 0.1323 text_tokens: 4000 seqlen_tokens: 4096 img_tokens: 0.0 approximate_total_consumed_tokens: '
     '52088 reduced_llm_loss: 9.07830620, local_loss: 9.07830620 step_consumed_tokens: 4000.00000000, step'
     '_seqlen_tokens: 4096.00000000, step_consumed_img_tokens: 0.00000000, efficient_attn_ratio: 0.1077570'
     '9, img_efficient_attn_ratio: 0.00000000 local_base_loss: 9.0783 grad_norm: 5.50700521 max_memory: 5.'
     '35 GB reserved_memory: 7.43 GB tgs: 30229.4 seqlen_tgs: 30954.9 exp_tgs: 9835.5 eta: 0:00:00 '),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ("[transformers] Unrecognized keys in `rope_parameters` for 'rope_type'='default': {'long_factor', 'be"
     "ta_fast', 'high_freq_factor', 'beta_slow', 'short_factor', 'original_max_position_embeddings', 'trun"
     "cate', 'low_freq_factor', 'mscale', 'mscale_all_dim', 'factor', 'mrope_section'}"),
    ('[XTuner][RANK 0][2026-09-17 17:33:33][SUCCESS] [Saving HF to [model]/home/gugubai/workspace/xtuner-l'
     'ab/experiments/000_tiny_sft/work_dir/20260917173327/hf-13 cost] Elapsed time 0.18 seconds, peak gpu '
     'memory 3.8G'),
    ('[XTuner][RANK 0][2026-09-17 17:33:33][SUCCESS] [DCP Collect Model State Dict] Elapsed time 0.15 seco'
     'nds, peak gpu memory 2.6G'),
    ('[XTuner][RANK 0][2026-09-17 17:33:33][SUCCESS] [DCP Collect Optimizer State Dict] Elapsed time 0.29 '
     'seconds, peak gpu memory 2.6G'),
    ('[XTuner][RANK 0][2026-09-17 17:33:35][SUCCESS] [DCP save for /home/gugubai/workspace/xtuner-lab/expe'
     'riments/000_tiny_sft/work_dir/20260917173327/checkpoints/ckpt-step-13/weights] Elapsed time 1.16 sec'
     'onds, peak gpu memory 2.6G'),
    '[XTuner][RANK 0][2026-09-17 17:33:35][INFO] Training finished in 7.10 seconds',
]


# nanotron's trainer saving its checkpoint into a folder named by its step alone (github.com/xinyuwei-david/david-share
# @ 03eb58e2af776d717b865393c45faf9af75b5c24 : Deep-Learning/Nanotron/readme.md, its "Training process:" block's lines
# 84-88, index id 5870363580)
NANOTRON_SAVE = [
    ('08/31/2024 14:37:32 [INFO|DP=0|PP=0|TP=0]: iteration: 10 / 15 | consumed_tokens: 5.12K | elapsed_tim'
     'e_per_iteration_ms: 673 | tokens_per_sec: 761 | tokens_per_sec_per_gpu: 761 | global_batch_size: 2 |'
     ' lm_loss: 5.26 | lr: 0.000104 | model_tflops_per_gpu: 0.000131 | hardware_tflops_per_gpu: 0.000131 |'
     ' grad_norm: 2.93'),
    '08/31/2024 14:37:32 [WARNING|DP=0|PP=0|TP=0]: Saving checkpoint at checkpoints/10',
    ('Saving weights: 100%|███████████████████████████████████████████████████████████████████████████████'
     '██████████████████████████████████| 15/15 [00:00<00:00, 2484.58it/s]'),
    ('08/31/2024 14:37:32 [INFO|DP=0|PP=0|TP=0]: iteration: 11 / 15 | consumed_tokens: 5.63K | elapsed_tim'
     'e_per_iteration_ms: 11.1 | tokens_per_sec: 46.3K | tokens_per_sec_per_gpu: 46.3K | global_batch_size'
     ': 2 | lm_loss: 5.22 | lr: 7.26e-05 | model_tflops_per_gpu: 0.00796 | hardware_tflops_per_gpu: 0.0079'
     '6 | grad_norm: 3.21 | cuda_memory_allocated: 67.4M | cuda_max_memory_reserved: 520M | hd_total_memor'
     'y_tb: 2.13T | hd_used_memory_tb: 952G | hd_free_memory_tb: 1.18T'),
    ('08/31/2024 14:37:32 [INFO|DP=0|PP=0|TP=0]: iteration: 12 / 15 | consumed_tokens: 6.14K | elapsed_tim'
     'e_per_iteration_ms: 9.3 | tokens_per_sec: 55K | tokens_per_sec_per_gpu: 55K | global_batch_size: 2 |'
     ' lm_loss: 5.22 | lr: 4.65e-05 | model_tflops_per_gpu: 0.00947 | hardware_tflops_per_gpu: 0.00947 | g'
     'rad_norm: 3.24'),
]


def test_torchruns_banner_starts_the_attempt_and_its_report_gives_the_year(tmp_path: Path) -> None:
    """torchrun's `Setting OMP_NUM_THREADS ...` banner at 10:49:55.044 launched the workers: the
    attempt starts there; no line opens with a year, but the failure report's `time : 2025-07-31_10:50:07`
    names it: the glog lines are of 2025, not of the file's mtime's year (2033 here), and none is
    marked as an estimate. The attempt crashed at 10:50:07 and ran until the agent's `E0731 10:50:08.043000 ...
    failed (exitcode: 1)`, its last word of it, 12.999 s in."""
    path = tmp_path / "sft.log"
    path.write_text("\n".join(VERL_SFT_TORCHRUN) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    start, crashed = _ns("2025-07-31 10:49:55,044"), _ns("2025-07-31 10:50:08,043")
    assert con.execute("select start_ns, end_ns, end_reason, clock from attempts").fetchall() == [
        (start, crashed, "crash", "log")]
    assert con.execute("select count(*) from log_events where year_from_mtime").fetchone() == (0,)


def test_torchrun_run_by_a_launcher_that_just_started_is_the_same_launch(tmp_path: Path) -> None:
    """`llamafactory.launcher:143 >> Initializing 2 distributed tasks` at 19:45:47, torchrun's banner 1.66 s later,
    nothing between: one launch (read, two: the first ended `restarted` 1.7 s in, its process said to have stopped
    without a word)."""
    _, _, events = _read(tmp_path, LLAMAFACTORY_TORCHRUN)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 1)]
    # (its process's last dated line, the excerpt's DeepSpeed lines at 19:45:53, not the launcher's before the banner)
    assert [e["line"] for e in events if e["kind"] == "last_line"] == [7]


# TinyZero (verl's PPO) dying as it saves its step-400 checkpoint (TinyZero run notes, stored file id 3902241921, its
# "2. logs" block's lines 154-158, 170-172, 183 and 196-198): Ray's wrapper of the remote task's exception, twice,
# then the remote's own exception
TINYZERO_DISK_FULL = [
    ('(WorkerDict pid=20172) Saving actor checkpoint to checkpoints/TinyZero/countdown-qwen2.5-0.5b/actor/global_s'
     'tep_400'),
    ("Error executing job with overrides: ['data.train_files=/root/TinyZero/dataset/train.parquet', 'data.val_file"
     "s=/root/TinyZero/dataset/test.parquet', 'data.train_batch_size=32', 'data.val_batch_size=1312', 'data.max_pr"
     "ompt_length=256', 'data.max_response_length=256', 'actor_rollout_ref.model.path=/root/TinyZero/model/qwen250"
     "5B', 'actor_rollout_ref.actor.optim.lr=1e-6', 'actor_rollout_ref.actor.ppo_mini_batch_size=128', 'actor_roll"
     "out_ref.actor.ppo_micro_batch_size=4', 'actor_rollout_ref.rollout.log_prob_micro_batch_size=4', 'actor_rollo"
     "ut_ref.rollout.tensor_model_parallel_size=1', 'actor_rollout_ref.rollout.gpu_memory_utilization=0.35', 'acto"
     "r_rollout_ref.ref.log_prob_micro_batch_size=2', 'actor_rollout_ref.ref.log_prob_micro_batch_size=4', 'critic"
     ".model.enable_gradient_checkpointing=True', 'critic.optim.lr=1e-5', 'critic.model.path=/root/TinyZero/model/"
     "qwen2505B', 'critic.ppo_micro_batch_size=8', 'algorithm.kl_ctrl.kl_coef=0.001', 'trainer.logger=[console]', "
     "'+trainer.val_before_train=False', 'trainer.default_hdfs_dir=null', 'trainer.n_gpus_per_node=1', 'trainer.nn"
     "odes=1', 'trainer.save_freq=100', 'trainer.test_freq=100', 'trainer.project_name=TinyZero', 'trainer.experim"
     "ent_name=countdown-qwen2.5-0.5b', 'trainer.total_epochs=15']"),
    'Traceback (most recent call last):',
    '  File "/root/TinyZero/verl/trainer/main_ppo.py", line 103, in main',
    '    ray.get(main_task.remote(config))',
    'ray.exceptions.RayTaskError(SafetensorError): ray::main_task() (pid=19799, ip=172.17.0.5)',
    '  File "/root/TinyZero/verl/trainer/main_ppo.py", line 189, in main_task',
    '    trainer.fit()',
    ('ray.exceptions.RayTaskError(SafetensorError): ray::WorkerDict.actor_rollout_save_checkpoint() (pid=20172, ip'
     '=172.17.0.5, actor_id=83723df7bc47163c7d84fdc501000000, repr=<verl.single_controller.ray.base.WorkerDict obj'
     'ect at 0x7f858b0237a0>)'),
    '  File "/root/miniconda3/lib/python3.12/site-packages/safetensors/torch.py", line 286, in save_file',
    '    serialize_file(_flatten(tensors), filename, metadata=metadata)',
    ('safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 28, kind: StorageFull, message'
     ': "No space left on device" })'),
]


def test_rays_wrapped_exception_names_the_remotes_own_and_a_full_disk_says_so(tmp_path: Path) -> None:
    """The traceback ends with `RayTaskError(SafetensorError): ray::main_task() ...`, Ray's wrapper,
    then the remote's frames and its own `SafetensorError: ... "No space left on device"`: the failure
    is that one, and the advice is a full file system's, not "the failure at that line says why"."""
    _, _, events = _read(tmp_path, TINYZERO_DISK_FULL)
    assert [e["detail"] for e in events if e["kind"] == "crash"] == [TINYZERO_DISK_FULL[-1]]
    con = console_connection(tmp_path, TINYZERO_DISK_FULL, name="tinyzero.log")
    (advice,) = con.execute("select advice from findings where finding = 'job_failed'").fetchone()
    assert advice.startswith("a file system filled up")



# verl's GRPO on 16 GPUs under Ray losing a worker (a verl console of 2025-04-02, stored file id 52850222259, its
# tail's lines 1, 7, 22 and 42-81: its bar, its first step's line, then Ray's wrapper of the task's exception,
# the actor's death and Ray's word on its worker's exit)
VERL_ACTOR_DIED = [
    '\x1b[36m(TaskRunner pid=816970)\x1b[0m Training Progress:   0%|          | 0/1 [00:00<?, ?it/s]',
    '\x1b[36m(TaskRunner pid=816970)\x1b[0m Training from scratch',
    '\x1b[36m(TaskRunner pid=816970)\x1b[0m step:0 - val/test_score/openai/gsm8k:0.139',
    ('\x1b[33m(raylet)\x1b[0m A worker died or was killed while executing a task by an unexpected system error. To troub'
     'leshoot the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffff293c3837f623e9c250b15f6'
     'b01000000 Worker ID: fc7436e59638fd174340131b12775f5d035aac357a167cc01cd0e156 Node ID: ad099baa840f0800aa6c5'
     '39151436ee4a3534b58613bf7402a4cc5e3 Worker IP address: 127.0.0.1 Worker port: 39975 Worker PID: 827161 Worke'
     'r exit type: SYSTEM_ERROR Worker exit detail: Worker exits unexpectedly. Worker exits with an exit code None'
     '. The worker may have exceeded K8s pod memory limits.'),
    ("Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'data.train_files=/home/tiger/data/gsm8"
     "k/train.parquet', 'data.val_files=/home/tiger/data/gsm8k/test.parquet', 'data.train_batch_size=16', 'data.ma"
     "x_prompt_length=512', 'data.max_response_length=1024', 'data.filter_overlong_prompts=True', 'data.truncation"
     "=error', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B', 'actor_rollout_ref.actor.optim.lr=1e-6', 'actor_rol"
     "lout_ref.model.use_remove_padding=True', 'actor_rollout_ref.actor.ppo_mini_batch_size=16', 'actor_rollout_re"
     "f.actor.ppo_micro_batch_size_per_gpu=16', 'actor_rollout_ref.actor.use_kl_loss=True', 'actor_rollout_ref.act"
     "or.kl_loss_coef=0.001', 'actor_rollout_ref.actor.kl_loss_type=low_var_kl', 'actor_rollout_ref.model.enable_g"
     "radient_checkpointing=True', 'actor_rollout_ref.actor.fsdp_config.param_offload=True', 'actor_rollout_ref.ac"
     "tor.fsdp_config.optimizer_offload=True', 'actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=16', '"
     "actor_rollout_ref.rollout.tensor_model_parallel_size=4', 'actor_rollout_ref.rollout.name=vllm', 'actor_rollo"
     "ut_ref.rollout.gpu_memory_utilization=0.6', 'actor_rollout_ref.rollout.n=4', 'actor_rollout_ref.ref.log_prob"
     "_micro_batch_size_per_gpu=16', 'actor_rollout_ref.ref.fsdp_config.param_offload=True', 'algorithm.kl_ctrl.kl"
     "_coef=0.001', 'trainer.critic_warmup=0', 'trainer.logger=[console]', 'trainer.project_name=verl_grpo_example"
     "_gsm8k', 'trainer.experiment_name=qwen2_7b_function_rm', 'trainer.n_gpus_per_node=16', 'trainer.nnodes=1', '"
     "trainer.save_freq=-1', 'trainer.test_freq=5', 'trainer.total_epochs=1', 'trainer.total_training_steps=1']"),
    'Traceback (most recent call last):',
    '  File "/opt/tiger/verl/verl/trainer/main_ppo.py", line 54, in main',
    '    run_ppo(config)',
    '  File "/opt/tiger/verl/verl/trainer/main_ppo.py", line 72, in run_ppo',
    '    ray.get(runner.run.remote(config))',
    ('  File "/home/tiger/.local/lib/python3.11/site-packages/ray/_private/auto_init_hook.py", line 21, in auto_in'
     'it_wrapper'),
    '    return fn(*args, **kwargs)',
    '           ^^^^^^^^^^^^^^^^^^^',
    ('  File "/home/tiger/.local/lib/python3.11/site-packages/ray/_private/client_mode_hook.py", line 103, in wrap'
     'per'),
    '    return func(*args, **kwargs)',
    '           ^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/tiger/.local/lib/python3.11/site-packages/ray/_private/worker.py", line 2782, in get',
    '    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)',
    '                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/tiger/.local/lib/python3.11/site-packages/ray/_private/worker.py", line 929, in get_objects',
    '    raise value.as_instanceof_cause()',
    ('ray.exceptions.RayTaskError(ActorDiedError): \x1b[36mray::TaskRunner.run()\x1b[39m (pid=816970, ip=127.0.0.1, acto'
     'r_id=74b0772920072ea9352e79f901000000, repr=<main_ppo.TaskRunner object at 0x7f450cc6c310>)'),
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/opt/tiger/verl/verl/trainer/main_ppo.py", line 171, in run',
    '    trainer.fit()',
    '  File "/opt/tiger/verl/verl/trainer/ppo/ray_trainer.py", line 913, in fit',
    '    actor_output = self.actor_rollout_wg.update_actor(batch)',
    '                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/opt/tiger/verl/verl/single_controller/ray/base.py", line 42, in func',
    '    output = ray.get(output)',
    '             ^^^^^^^^^^^^^^^',
    '           ^^^^^^^^^^^^^^^^^^^',
    '           ^^^^^^^^^^^^^^^^^^^^^',
    '                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
    '\tclass_name: create_colocated_worker_cls.<locals>.WorkerDict',
    '\tactor_id: 293c3837f623e9c250b15f6b01000000',
    '\tpid: 827161',
    '\tname: AJHLaDWorkerDict_0:0',
    '\tnamespace: 4fe5d554-791f-4cca-bc48-517a7535b65f',
    '\tip: 127.0.0.1',
    ('The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Wo'
     'rker exits unexpectedly. Worker exits with an exit code None. The worker may have exceeded K8s pod memory li'
     'mits.'),
]


def test_a_ray_workers_death_is_the_failure_with_its_advice(tmp_path: Path) -> None:
    """`RayTaskError(ActorDiedError)` wraps `ActorDiedError: The actor died unexpectedly ...`, whose
    worker `may have exceeded K8s pod memory limits`: the failure is the actor's death, and the advice
    points at the memory that kills such workers, not at a line that says why."""
    con = console_connection(tmp_path, VERL_ACTOR_DIED)
    title, advice = con.execute("select title, advice from findings where finding = 'job_failed'").fetchone()
    assert title.endswith(VERL_ACTOR_DIED[3 + 74 - 42]) and "killed for memory" in advice


# LLaMA-Board's running_log.txt of a LoRA run on 2 GPUs (github.com/LzZzZx328/finetune_LLM @
# 8fa67155fc09b366f6dae425fbe9cbc372805fe9 : running_log.txt): its header, the metric dicts before its
# first two saves and its last (lines 176-188, 231-239, 317-325, 1950-1959; each line followed by a blank
# line, as the file has them, and the evaluation headers between the dict and the save)
_LF_SAVE = ("[INFO|{}] trainer.py:3801 >> Saving model checkpoint to saves/DeepSeek-LLM-7B-Chat/lora/"
            "train_2024-11-26-17-59-47/checkpoint-{}")
_LF_EVAL = ["[INFO|{}] trainer.py:4117 >> ", "***** Running Evaluation *****", "",
            "[INFO|{}] trainer.py:4119 >>   Num examples = 243", "", "[INFO|{}] trainer.py:4122 >>   Batch size = 1", ""]
LLAMABOARD_SAVES = [
    "[INFO|2024-11-26 22:07:15] trainer.py:2313 >> ***** Running training *****", "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2314 >>   Num examples = 2,182", "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2315 >>   Num Epochs = 1,000", "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2316 >>   Instantaneous batch size per device = 1", "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2319 >>   Total train batch size (w. parallel, distributed & accumulation) = 128",
    "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2320 >>   Gradient Accumulation steps = 64", "",
    "[INFO|2024-11-26 22:07:15] trainer.py:2321 >>   Total optimization steps = 17,000", "",
    *[line.format("2024-11-26 22:42:47") for line in
      ["[INFO|{}] logging.py:157 >> {{'loss': 1.9937, 'learning_rate': 5.0000e-05, 'epoch': 5.87}}", "", *_LF_EVAL]],
    _LF_SAVE.format("2024-11-26 22:43:00", 100), "",
    *[line.format("2024-11-26 23:19:31") for line in
      ["[INFO|{}] logging.py:157 >> {{'loss': 1.8334, 'learning_rate': 4.9996e-05, 'epoch': 11.73}}", "", *_LF_EVAL]],
    _LF_SAVE.format("2024-11-26 23:19:42", 200), "",
    *[line.format("2024-11-27 10:23:21") for line in
      ["[INFO|{}] logging.py:157 >> {{'loss': 0.0086, 'learning_rate': 4.8292e-05, 'epoch': 123.19}}", "", *_LF_EVAL]],
    _LF_SAVE.format("2024-11-27 10:23:32", 2100), "",
]


def test_dicts_with_no_step_take_the_steps_an_epoch_their_saves_measure(tmp_path: Path) -> None:
    """The header counts 17,000 / 1,000 = 17 whole steps an epoch; the dicts' epochs count 2,182 samples in
    batches of 128, 17.05 steps (123.19 x 17 = 2094, not the 2100 its save names). The Trainer logs, then
    saves, at a step both fall on: each dict here is at the step its save names."""
    parser, steps, events = _read(tmp_path, LLAMABOARD_SAVES)
    assert parser == "hf_trainer"
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_start"] == [100, 200, 2100]
    assert [(s["step"], s["loss"]) for s in steps if s["loss"] is not None] == [(100, 1.9937), (200, 1.8334), (2100, 0.0086)]


# DeepSpeed-Chat's PPO step on an Ascend NPU, failing as DeepSpeed builds its hybrid engine (github.com/wangshuai09/Notebook
# @ 3945fb1, its DeepSpeed-Chat adaptation notes, the block under "Step3 - RLHF": the traceback's first 11 lines and its
# last 3)
DSCHAT_ENGINE_FAILURE = [
    'Traceback (most recent call last):',
    ('  File "/home/wangshuai/downloads/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step3_rlhf_finetuning'
     '/main.py", line 660, in <module>'),
    '    main()',
    ('  File "/home/wangshuai/downloads/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step3_rlhf_finetuning'
     '/main.py", line 477, in main'),
    '    rlhf_engine = DeepSpeedRLHFEngine(',
    ('  File "/home/wangshuai/downloads/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step3_rlhf_finetuning'
     '/rlhf_engine.py", line 48, in __init__'),
    '    self.actor = self._init_actor(',
    ('  File "/home/wangshuai/downloads/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step3_rlhf_finetuning'
     '/rlhf_engine.py", line 126, in _init_actor'),
    '    actor_engine, *_ = deepspeed.initialize(model=actor_model,',
    '  File "/root/miniconda3/envs/torch_npu/lib/python3.9/site-packages/deepspeed/__init__.py", line 159, in initialize',
    '    engine = DeepSpeedHybridEngine(args=args,',
    'ValueError: This op had not been implemented on NPU backend.',
    ('/root/miniconda3/envs/torch_npu/lib/python3.9/tempfile.py:821: ResourceWarning: Implicitly cleaning up <Tempor'
     "aryDirectory '/tmp/tmpnry0bxq1'>"),
    '  _warnings.warn(warn_message, ResourceWarning)',
]


def test_a_traceback_through_deepspeeds_initialize_is_a_training_runs_failure(tmp_path: Path) -> None:
    """A console that holds only a traceback through `deepspeed.initialize` (its engine built for training)
    is a training run that failed before its first step: read, one crash, its exception."""
    parser, steps, events = _read(tmp_path, DSCHAT_ENGINE_FAILURE, name="step3.log")
    assert parser == "generic_log" and steps == []
    assert [e["detail"] for e in events if e["kind"] == "crash"] == [
        "ValueError: This op had not been implemented on NPU backend."]


def test_xtuner_v1s_rank_and_its_distributed_checkpoints_save(tmp_path: Path) -> None:
    """`[XTuner][RANK 0][2026-09-17 17:33:33][INFO] Epoch 1 Step 13/13 ... time: 0.1323 ...`: rank 0's step 13 at
    17:33:33, 0.1323 s; `[DCP save for .../ckpt-step-13/weights] Elapsed time 1.16 seconds` the save's end, 1.16 s
    (read: no rank, no save)."""
    _, steps, events = _read(tmp_path, XTUNER_V1_END)
    assert [(s["rank"], s["step"], s["step_time_s"], s["end_ns"]) for s in steps][-1] == (
        0, 13, 0.1323, _ns("2026-09-17 17:33:33", "%Y-%m-%d %H:%M:%S"))
    assert {s["rank"] for s in steps} == {0} and len(steps) == 2
    saved = [(e["rank"], e["line"], e["duration_s"]) for e in events if e["kind"] == "checkpoint_save_end"]
    assert saved == [(0, next(i for i, t in enumerate(XTUNER_V1_END, 1) if "[DCP save for " in t), 1.16)]


def test_a_checkpoint_folder_named_by_its_step_alone_gives_the_saves_step(tmp_path: Path) -> None:
    """`Saving checkpoint at checkpoints/10` after `iteration: 10 / 15`: the save of step 10 (read: no step)."""
    _, _, events = _read(tmp_path, NANOTRON_SAVE)
    saved = next(i for i, t in enumerate(NANOTRON_SAVE, 1) if "Saving checkpoint at checkpoints/" in t)
    assert [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        ("checkpoint_save_start", saved, int(NANOTRON_SAVE[saved - 1].rsplit("/", 1)[1]))]


# OpenR1's GRPO through TRL's GRPOTrainer and DeepSpeed on Ascend NPUs (a stored copy of vllm-project/vllm-ascend issue 116,
# index id 55827507157, its "FULL LOG" block's line 199, then its lines 348-359)
GRPO_DEEPSPEED = [
    '[2025-02-20 02:13:56,542] [INFO] [logging.py:128:log_dist] [Rank 0] step=0, skipped=0, '
    'lr=[0.0, 0.0], mom=[(0.9, 0.999), (0.9, 0.999)]',
    '[INFO|trainer.py:2407] 2025-02-20 02:13:56,547 >> ***** Running training *****',
    '[INFO|trainer.py:2408] 2025-02-20 02:13:56,547 >>   Num examples = 7,473',
    '[INFO|trainer.py:2409] 2025-02-20 02:13:56,547 >>   Num Epochs = 3',
    '[INFO|trainer.py:2410] 2025-02-20 02:13:56,547 >>   Instantaneous batch size per device = 1',
    '[INFO|trainer.py:2413] 2025-02-20 02:13:56,547 >>   Total train batch size (w. parallel, '
    'distributed & accumulation) = 14',
    '[INFO|trainer.py:2414] 2025-02-20 02:13:56,547 >>   Gradient Accumulation steps = 2',
    '[INFO|trainer.py:2415] 2025-02-20 02:13:56,547 >>   Total optimization steps = 11,208',
    '[INFO|trainer.py:2416] 2025-02-20 02:13:56,548 >>   Number of trainable parameters = 1,543,714,304',
    '[INFO|integration_utils.py:817] 2025-02-20 02:13:56,549 >> Automatic Weights & Biases logging e'
    'nabled, to disable set os.environ["WANDB_DISABLED"] = "true"',
    '  0%|          | 0/11208 [00:00<?, '
    '?it/s][rank0]:[W220 02:16:03.248159344 ToKernelNpu.cpp:133] Warning: Warning: Device do not sup'
    'port double dtype now, dtype cast repalce with float. (function operator())',
    "{'loss': 0.0, 'grad_norm': 8.59594440460205, 'learning_rate': 2.6761819803746656e-09, "
    "'rewards/accuracy_reward': 0.0, 'rewards/format_reward': 0.1428571492433548, "
    "'reward': 0.1428571492433548, 'reward_std': 1.069045066833496, "
    "'completion_length': 116.85715103149414, 'kl': 1.1324882507324219e-05, 'epoch': 0.0}",
    '  0%|          | 1/11208 [02:02<381:05:58, 122.42s/it]Traceback (most recent call last):',
]


def test_deepspeeds_report_as_its_engine_is_built_is_no_step_before_the_trainers_header(tmp_path: Path) -> None:
    """`[Rank 0] step=0, skipped=0, lr=[0.0, 0.0], ...` as DeepSpeed's engine is built, then the Trainer's header and its
    first step: one attempt of step 1 (the report was a step 0, the header after it a restart)."""
    _, steps, _ = _read(tmp_path, GRPO_DEEPSPEED)
    assert [s["step"] for s in steps] == [int(m[1]) for t in GRPO_DEEPSPEED if (m := re.search(r"\| (\d+)/11208 \[0", t))
                                         and int(m[1]) > 0]
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", GRPO_DEEPSPEED)
    assert con.execute("select attempt, first_step, last_step from attempts").fetchall() == [(1, 1, 1)]


# A custom SFT script with pre-training replay, its own end as its last line (Aleixein466/Vet-LLM-Prueba@
# 7197293d221e9847c832eab8326620f39269fe8f, logs/sft.log, lines 1-7)
SFT_DONE = [
    'params=17.62M base=checkpoints\\tiny-18m\\last.pt',
    'sft_train=238 replay_tokens=367289',
    '[sft] step=10 loss=5.766 (sft=11.426 pt=0.107)',
    '[sft] step=20 loss=4.287 (sft=8.469 pt=0.104)',
    '[sft] step=30 loss=3.096 (sft=6.093 pt=0.099)',
    '[sft] step=40 loss=2.974 (sft=5.834 pt=0.115)',
    'sft done -> checkpoints\\tiny-18m-sft\\last.pt',
]


def test_a_fine_tuning_phases_own_done_ends_its_run(tmp_path: Path) -> None:
    """`sft done -> checkpoints\\tiny-18m-sft\\last.pt` after its steps: the run ended, as it says (not a process that
    stopped without a word)."""
    _, steps, events = _read(tmp_path, SFT_DONE)
    assert [s["step"] for s in steps] == [int(t.split("step=")[1].split()[0]) for t in SFT_DONE if "step=" in t]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", SFT_DONE.index(next(t for t in SFT_DONE if t.startswith("sft done"))) + 1)]
