"""Line rules found on research trainers' consoles (neural rendering, speech, graph and federated learning, batch
jobs: the sets of public logs gathered for them): each block quotes its source and the lines, each test the figure
read by hand from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, console_connection
from tests.test_line_rules import _ns, _read

# ashawkey's Trainer (torch-ngp; stable-dreamfusion's and RAD-NeRF's copies) as three launches append to its workspace's
# log (GGGuni/3D-Urban-Map-Builder @ bc9e26017d34ec9139722d773b8972d098eb11c3, workspace/log_ngp.txt, lines 1-35): each
# launch's header names its local time, the epochs print no time; the first launch died in epoch 1, the second in epoch
# 7, the third resumed from epoch 6's checkpoint
NGP_LAUNCHES = [
    "[INFO] Trainer: ngp | 2023-05-10_19-36-00 | cuda | fp32 | workspace",
    "[INFO] #parameters: 12667040",
    "[INFO] Loading latest checkpoint ...",
    "[WARN] No checkpoint found, model randomly initialized.",
    "==> Start Training Epoch 1, lr=0.010000 ...",
    "[INFO] Trainer: ngp | 2023-05-10_19-38-57 | cuda | fp32 | workspace",
    "[INFO] #parameters: 12667040",
    "[INFO] Loading latest checkpoint ...",
    "[WARN] No checkpoint found, model randomly initialized.",
    "==> Start Training Epoch 1, lr=0.010000 ...",
    "==> Finished Epoch 1.",
    "==> Start Training Epoch 2, lr=0.009900 ...",
    "==> Finished Epoch 2.",
    "==> Start Training Epoch 3, lr=0.009801 ...",
    "==> Finished Epoch 3.",
    "==> Start Training Epoch 4, lr=0.009703 ...",
    "==> Finished Epoch 4.",
    "==> Start Training Epoch 5, lr=0.009606 ...",
    "==> Finished Epoch 5.",
    "==> Start Training Epoch 6, lr=0.009510 ...",
    "==> Finished Epoch 6.",
    "==> Start Training Epoch 7, lr=0.009415 ...",
    "[INFO] Trainer: ngp | 2023-05-10_19-40-43 | cuda | fp32 | workspace",
    "[INFO] #parameters: 12667040",
    "[INFO] Loading latest checkpoint ...",
    "[INFO] Latest checkpoint is workspace/checkpoints/ngp_ep0006.pth",
    "[INFO] loaded model.",
    "[INFO] load at epoch 6, global step 786",
    "[INFO] loaded optimizer.",
    "[INFO] loaded scheduler.",
    "[INFO] loaded scaler.",
    "==> Start Training Epoch 7, lr=0.009415 ...",
    "==> Finished Epoch 7.",
    "==> Start Training Epoch 8, lr=0.009320 ...",
    "==> Finished Epoch 8.",
]


def test_each_trainer_header_is_a_launch_at_its_time_and_each_finished_epoch_a_step(tmp_path: Path) -> None:
    """Three headers, three attempts, each from its header's time (no other line is dated); the epochs the second
    launch finished (1-6) are its steps, the third's (7, 8) its own; no epoch the first launch began is a step."""
    name, steps, _ = _read(tmp_path, NGP_LAUNCHES)
    assert name == "generic_log"
    assert [(row["line"], row["step"], row["end_ns"]) for row in steps] == [
        (11, 1, None), (13, 2, None), (15, 3, None), (17, 4, None), (19, 5, None), (21, 6, None), (33, 7, None),
        (35, 8, None)]
    con = console_connection(tmp_path, NGP_LAUNCHES)
    assert con.execute("select attempt, start_ns, first_step, last_step from attempts order by attempt").fetchall() == [
        (1, _ns("2023-05-10 19:36:00,0"), None, None),
        (2, _ns("2023-05-10 19:38:57,0"), 1, 6),
        (3, _ns("2023-05-10 19:40:43,0"), 7, 8),
    ]


# FedML's server as its cross-silo example's last round ends (FedML-AI/FedML @ 1267a7eaa62e0dc5945b3b4d0daebea918e5819c,
# python/examples/cross_silo/mqtt_s3_fedavg_hierarchical_mnist_lr_example/README.md, the server's block under "Training
# Results", its lines 2-4 and 14-18): its loggers' prefix names the process's rank (`FedML-Server(0)`), the line's time
# after it, the shape of DeepSpeed's logger's lines but with no milliseconds
FEDML_SERVER = [
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:22] [INFO] [fedml_aggregator.py:230:test_on_server_for_all"
     "_clients] {'training_acc': 0.13014076284379866, 'training_loss': 2.290751568969198}"),
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:22] [INFO] [fedml_server_manager.py:166:handle_message_re"
     "ceive_model_from_client] aggregator.test exception: 'NoneType' object has no attribute 'report_server_training_"
     "metric'"),
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:22] [INFO] [fedml_aggregator.py:122:data_silo_selection] c"
     "lient_num_in_total = 1000, client_num_per_round = 2"),
    "[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:23] [INFO] [server_manager.py:144:finish] __finish server",
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:23] [INFO] [mqtt_s3_multi_clients_comm_manager.py:278:stop"
     "_receive_message] mqtt_s3.stop_receive_message: stopping..."),
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:23] [INFO] [mqtt_manager.py:98:on_disconnect] on_disconnect"
     " code=0"),
    ("[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:23] [INFO] [mqtt_s3_multi_clients_comm_manager.py:140:on_d"
     "isconnected] mqtt_s3.on_disconnected"),
    "[FedML-Server(0) @device-id-0] [Mon, 04 Jul 2022 06:20:23] [INFO] [server_manager.py:112:run] running",
]


def test_fedmls_prefix_names_the_rank_and_the_time_after_it_dates_the_line(tmp_path: Path) -> None:
    """The server's lines are rank 0's, dated 06:20:22 to 06:20:23 (its run from the first to the last); no
    DeepSpeed run (the reader of DeepSpeed's logger's lines took them, and dated none)."""
    name, _, events = _read(tmp_path, FEDML_SERVER)
    assert name == "generic_log"
    assert [(e["line"], e["kind"], e["rank"], e["ts_ns"]) for e in events] == [
        (1, "attempt_start", 0, _ns("2022-07-04 06:20:22,0")), (8, "last_line", 0, _ns("2022-07-04 06:20:23,0"))]


# A FedML simulation's client that logged no round, then wandb's word as the program exited with code 0 (a console
# gathered from the search index's file 23340178941, its repository not identified: the run's folder,
# /home/somya/thesis/fedgmm/sp_decentralized_mnist_lr_example; its lines 10-11, 255-261 and 263-275, its wandb bars'
# line 262 left out)
FEDML_CLIENT_WANDB = [
    ("[FedML-Client @device-id-0] [Mon, 21 Oct 2024 17:47:32] [INFO] [__init__.py:163:init] args.rank = 0, args.worker"
     "_num = 10"),
    ("[FedML-Client @device-id-0] [Mon, 21 Oct 2024 17:47:32] [INFO] [ml_engine_adapter.py:147:get_torch_device] args "
     "= <fedml.arguments.Arguments object at 0x7fab13b18890>, using_gpu = True, device_id = 1, device_type = gpu"),
    ("[FedML-Client @device-id-0] [Mon, 21 Oct 2024 18:03:32] [INFO] [fedavg_api.py:194:_setup_clients] ############se"
     "tup_clients (END)#############"),
    ("[FedML-Client @device-id-0] [Mon, 21 Oct 2024 18:04:55] [INFO] [fedavg_api.py:341:train] MSE on test ------------"
     "------------------>>>>>>>>>>>>>>>>>>"),
    "[FedML-Client @device-id-0] [Mon, 21 Oct 2024 18:04:55] [INFO] [fedavg_api.py:341:train]  ",
    "[FedML-Client @device-id-0] [Mon, 21 Oct 2024 18:04:55] [INFO] [fedavg_api.py:341:train] 0.3255299733246835",
    "[FedML-Client @device-id-0] [Mon, 21 Oct 2024 18:04:55] [INFO] [fedavg_api.py:341:train] ",
    "",
    "wandb: Waiting for W&B process to finish... (success).",
    "wandb: ",
    "wandb: Run history:",
    "wandb:             max_eval       ▁▁▂▂▂▂▂     ▆████      ▇▇▇▇▇▇▇▇▇▇█",
    "wandb: model_selection_step ▁▂▂▃▃▄▄▅▆▆▆▇█▁▁▂▃▃▄▄▅▅▆▆▇█▁▁▂▃▃▃▄▅▅▆▆▇▇█",
    "wandb:                  psi ▁▆▇▅▁▇▅▅▇▇▃▇▇█▆█▅▆█▅▆▅▅▇▇███████████████",
    "wandb:  selection_iteration ▁▁▂▂▃▃▃▄▄▅▅▆▆▁▂▂▃▃▃▄▄▅▅▁▁▂▂▃▃▄▄▅▅▅▆▆▇▇▇█",
    "wandb: ",
    "wandb: Run summary:",
    "wandb:             max_eval -0.00166",
    "wandb: model_selection_step 2999",
    "wandb:                  psi -0.00157",
    "wandb:  selection_iteration 149",
    "wandb: ",
]


def test_a_run_with_no_step_that_wandb_saw_exit_cleanly_completed(tmp_path: Path) -> None:
    """No round, no failure; wandb's summary as the program exited (`(success)`): one attempt, 17:47:32 to its last
    dated line 18:04:55 (1,043 s), completed, not a run that stopped without a word."""
    con = console_connection(tmp_path, FEDML_CLIENT_WANDB)
    assert con.execute("select start_ns, end_ns, end_reason from attempts").fetchall() == [
        (_ns("2024-10-21 17:47:32,0"), _ns("2024-10-21 18:04:55,0"), "completed")]


# A Flower server under its ECE gRPC server, its strategy saving each round's aggregate as Flower's docs show
# (zafaryabZhcet/DesignnTest, README.md as the search index holds it (its file 38043646678, one of the file's five versions
# there, the newest commit listed 1f0d21bc3d0d6218cf1f6e0d4415fa24d36e4aba), the server's block under "Server's best
# result", its lines 42-51)
FLOWER_ROUNDS = [
    "INFO :      [ROUND 5]",
    "INFO :      configure_fit: strategy sampled 10 clients (out of 10)",
    "INFO :      aggregate_fit: received 10 results and 0 failures",
    "Saving round 5 aggregated weights...",
    "clients weights info:  {}",
    "INFO :      configure_evaluate: strategy sampled 10 clients (out of 10)",
    "INFO :      aggregate_evaluate: received 10 results and 0 failures",
    "INFO :      ",
    "INFO :      [SUMMARY]",
    "INFO :      Run finished 5 rounds in 22.28s",
]


def test_flowers_round_save_and_its_run_finished_in_rounds(tmp_path: Path) -> None:
    """Round 5's aggregate saved (a save at step 5), and the server's `Run finished 5 rounds`: its run's end."""
    _, steps, events = _read(tmp_path, FLOWER_ROUNDS)
    assert [row["step"] for row in steps] == [5]
    assert [(e["line"], e["kind"], e.get("step")) for e in events
            if e["kind"] in ("checkpoint_save_start", "attempt_end")] == [
        (4, "checkpoint_save_start", 5), (10, "attempt_end", None)]


# ESPnet2's trainer, a run with `accum_grad` 4 (yhkim-ETRI/a1004 @ 329602f21190c088b902601e48a8834c2825aa12,
# ESPnet-train.md, the indented block after "Output looks like:", its lines 1-4): its lines count mini-batches (90 a
# line), its `train_time` is an update's, 4 mini-batches'
ESPNET_ACCUM = [
    '[hostname] 2026-04-23 04:59:09,396 (trainer:318) INFO: 1/30epoch started',
    ('[hostname] 2026-04-23 04:59:25,764 (trainer:793) INFO: 1epoch:train:1-90batch: iter_time=0.003, forward_time=0'
     '.095, loss_ctc=557.480, loss_att=223.114, acc=4.043e-04, loss=80.856, backward_time=0.041, grad_norm=530.879, '
     'clip=100.000, loss_scale=1.000, optim_step_time=0.010, optim0_lr0=6.250e-07, train_time=0.734'),
    ('[hostname] 2026-04-23 04:59:37,331 (trainer:793) INFO: 1epoch:train:91-180batch: iter_time=4.780e-04, forward_'
     'time=0.055, loss_ctc=515.555, loss_att=220.957, acc=4.963e-04, loss=77.334, backward_time=0.032, grad_norm=616'
     '.627, clip=100.000, loss_scale=1.000, optim_step_time=0.003, optim0_lr0=1.750e-06, train_time=0.512'),
    ('[hostname] 2026-04-23 04:59:48,778 (trainer:793) INFO: 1epoch:train:181-270batch: iter_time=1.797e-04, forward'
     '_time=0.055, loss_ctc=413.005, loss_att=214.631, acc=4.955e-04, loss=68.536, backward_time=0.032, grad_norm=55'
     '7.550, clip=100.000, loss_scale=1.000, optim_step_time=0.003, optim0_lr0=2.875e-06, train_time=0.508'),
]
# and one with `accum_grad` 1 (pkyoung/a1003 @ dd7198d5e0499b83b9146098fc97d7ac6a003e83, ESPnet-train.md, the indented
# block after "Output looks like:", its lines 1-4): `train_time` a mini-batch's
ESPNET_ONE = [
    '[hostname] 2023-10-27 13:29:13,321 (trainer:298) INFO: 1/30epoch started',
    ('[hostname] 2023-10-27 13:37:46,484 (trainer:753) INFO: 1epoch:train:1-4025batch: iter_time=1.924e-04, forward_'
     'time=0.040, loss_ctc=174.564, loss_att=145.106, acc=0.235, loss=153.944, backward_time=0.049, grad_norm=156.44'
     '2, clip=100.000, loss_scale=1.000, optim_step_time=0.015, optim0_lr0=1.007e-05, train_time=0.127'),
    ('[hostname] 2023-10-27 13:46:05,691 (trainer:753) INFO: 1epoch:train:4026-8050batch: iter_time=1.180e-04, forwa'
     'rd_time=0.038, loss_ctc=144.091, loss_att=107.210, acc=0.317, loss=118.274, backward_time=0.047, grad_norm=101'
     '.564, clip=100.000, loss_scale=1.000, optim_step_time=0.014, optim0_lr0=3.019e-05, train_time=0.124'),
    ('[hostname] 2023-10-27 13:54:00,278 (trainer:753) INFO: 1epoch:train:8051-12075batch: iter_time=2.779e-04, forw'
     'ard_time=0.038, loss_ctc=141.743, loss_att=100.691, acc=0.336, loss=113.007, backward_time=0.043, grad_norm=10'
     '5.291, clip=100.000, loss_scale=1.000, optim_step_time=0.013, optim0_lr0=5.032e-05, train_time=0.118'),
]


def test_espnets_train_time_is_an_updates_and_its_lines_count_mini_batches(tmp_path: Path) -> None:
    """a1004: 90 mini-batches from 04:59:25.764 to 04:59:37.331 and on to 04:59:48.778, 0.1285 s and 0.1272 s a
    mini-batch by the clock, where `train_time` says 0.512 and 0.508 (4 mini-batches'): the steps' time is the clock's
    (not 4x it); a1003: 4025 from 13:37:46.484 to 13:46:05.691, 0.1240 s, `train_time=0.124` as printed."""
    _, steps, _ = _read(tmp_path, ESPNET_ACCUM)
    clock = [(_ns("2026-04-23 04:59:37,331") - _ns("2026-04-23 04:59:25,764")) / 90e9,
             (_ns("2026-04-23 04:59:48,778") - _ns("2026-04-23 04:59:37,331")) / 90e9]
    assert [row["step"] for row in steps] == [90, 180, 270]
    assert [row["step_time_s"] for row in steps[1:]] == [pytest.approx(t, rel=0.01) for t in clock]
    _, steps, _ = _read(tmp_path, ESPNET_ONE, name="one.log")
    assert [row["step_time_s"] for row in steps[1:]] == [
        pytest.approx((_ns("2023-10-27 13:46:05,691") - _ns("2023-10-27 13:37:46,484")) / 4025e9, rel=0.01),
        pytest.approx((_ns("2023-10-27 13:54:00,278") - _ns("2023-10-27 13:46:05,691")) / 4025e9, rel=0.01)]


# DGL's GraphSAGE example on ogbn-products (NoakLiu/GraphSnapShot @ a5c2eb64e7e7eebba1be2328ec7e9e14980d78a4,
# examples/dgl/acceleration_tests_dgl/Tests_ogbn-products_arxiv/GraphSAGE/README.md, lines 12-26): each epoch's line
# with its own time (no colon after `Time`), then `Testing...` and its layer-wise inference's bars (141 blocks each)
DGL_EPOCHS = [
    'Epoch 00000 | Loss 1.3169 | Accuracy 0.8565 | Time 65.8777',
    'Epoch 00001 | Loss 0.5923 | Accuracy 0.8757 | Time 65.4350',
    'Epoch 00002 | Loss 0.4947 | Accuracy 0.8853 | Time 65.4841',
    'Epoch 00003 | Loss 0.4488 | Accuracy 0.8899 | Time 65.7051',
    'Epoch 00004 | Loss 0.4224 | Accuracy 0.8940 | Time 65.3821',
    'Epoch 00005 | Loss 0.4031 | Accuracy 0.8972 | Time 64.2957',
    'Epoch 00006 | Loss 0.3936 | Accuracy 0.8941 | Time 64.7204',
    'Epoch 00007 | Loss 0.3811 | Accuracy 0.8965 | Time 64.1804',
    'Epoch 00008 | Loss 0.3723 | Accuracy 0.8994 | Time 64.4474',
    'Epoch 00009 | Loss 0.3667 | Accuracy 0.8995 | Time 64.9689',
    'Testing...',
    "100%|" + "█" * 141 + "| 598/598 [00:22<00:00, 26.66it/s]",
    "100%|" + "█" * 141 + "| 598/598 [00:34<00:00, 17.32it/s]",
    "100%|" + "█" * 141 + "| 598/598 [00:24<00:00, 24.63it/s]",
    "Test accuracy 0.7666",
]


def test_an_epochs_time_after_a_bar_and_the_bars_after_testing_are_no_training(tmp_path: Path) -> None:
    """The ten epochs are the steps 0-9, each its line's `Time` (65.8777 s, ...), its loss; the bars after `Testing...`
    are the test's (not steps 598 and 1196 in place of the epochs)."""
    _, steps, _ = _read(tmp_path, DGL_EPOCHS)
    matches = [re.match(r"Epoch (\d+) \| Loss ([\d.]+) \| Accuracy [\d.]+ \| Time ([\d.]+)$", text) for text in DGL_EPOCHS[:10]]
    expected = [(int(m[1]), float(m[2]), float(m[3])) for m in matches if m is not None]
    assert len(expected) == 10
    assert [(row["step"], row["loss"], row["step_time_s"]) for row in steps] == expected


# The Udacity deep RL course's loop as an IQN agent learns CartPole (0xsamgreen/IQN-and-Extensions @
# 606a4335bd83f00b2c55d761554accb02bd3aeb4, training.log: its first line, then its records of episodes 1-3 and 98-102;
# the `\r` before each record as its `print('\rEpisode ...', end="")` writes them, the 100th said again with a newline)
UDACITY_EPISODES = [
    "Using  cpu",
    ("\rEpisode 1\tFrame 20 \tAverage100 Score: 20.00\rEpisode 2\tFrame 46 \tAverage100 Score: 23.00\rEpisode 3\tFrame 92 "
     "\tAverage100 Score: 30.67"
     "\rEpisode 98\tFrame 2404 \tAverage100 Score: 24.53\rEpisode 99\tFrame 2434 \tAverage100 Score: 24.59\rEpisode 100\t"
     "Frame 2457 \tAverage100 Score: 24.57\rEpisode 100\tFrame 2457\tAverage100 Score: 24.57"),
    "\rEpisode 101\tFrame 2481 \tAverage100 Score: 24.61\rEpisode 102\tFrame 2511 \tAverage100 Score: 24.65",
]


def test_an_rl_loops_episode_records_are_its_steps_each_once(tmp_path: Path) -> None:
    """Episodes 1-3 and 98-102, each a step once (the 100th's two records one step), no time."""
    name, steps, _ = _read(tmp_path, UDACITY_EPISODES)
    assert name == "generic_log"
    assert [(row["step"], row.get("step_time_s")) for row in steps] == [
        (1, None), (2, None), (3, None), (98, None), (99, None), (100, None), (101, None), (102, None)]


# GraphGym's trainer's logging.log of one run, its epochs' figures kept in files of their own (xnhp/GraphGym-thesis @
# 6d6cd641059fc5e1777065dad073e8696eec1bcd, run/feature-importance/results/config-gnn-basic-both/1/logging.log, whole)
GRAPHGYM_RUN = [
    'GPU Mem: [37]',
    'GPU Prob: [1.]',
    'Random select GPU, select GPU 0 with mem: 37',
    'Load: 10.75s, Before split: 10.79s, Split: 0.0009987s, After split: 5.261s',
    'Num parameters: 283138',
    'Start from epoch 0',
    'Check point saved: results\\config-gnn-basic-both\\1/ckpt/99.ckpt',
    'Check point saved: results\\config-gnn-basic-both\\1/ckpt/199.ckpt',
    'Task done, results saved in results\\config-gnn-basic-both\\1',
    'Results aggregated across runs saved in results\\config-gnn-basic-both\\agg',
]


def test_graphgyms_checkpoints_and_its_task_done_are_a_runs_saves_and_end(tmp_path: Path) -> None:
    """Two saves (lines 7, 8: epochs 99 and 199's files) and the run's end at `Task done` (line 9): a run's log, no
    unknown format."""
    name, _, events = _read(tmp_path, GRAPHGYM_RUN)
    assert name == "generic_log"
    assert [(e["line"], e["kind"]) for e in events] == [
        (7, "checkpoint_save_end"), (8, "checkpoint_save_end"), (9, "attempt_end")]


# A forecasting model's training log, every tenth epoch named (erikdengerud/GPTime-Series @
# 619f8f983bd6d0bdb9cba4e34d5dc8afbec0cc88, job.out, lines 21-30): the scheduler's word that it lowered the learning
# rate printed at every twentieth epoch's end, just before that epoch's own line
GPTIME_EPOCHS = [
    '2021-08-08 15:24:33,421 - GPTime.model.train - INFO - Epoch 10    [Avg. Loss, Loss]: [10.4449, 7.1693], 0',
    '2021-08-08 15:25:46,734 - GPTime.model.train - INFO - Changed learning rate. Current lr = 0.0005',
    '2021-08-08 15:25:46,734 - GPTime.model.train - INFO - Epoch 20    [Avg. Loss, Loss]: [7.0434, 6.9223], 0',
    '2021-08-08 15:26:59,983 - GPTime.model.train - INFO - Epoch 30    [Avg. Loss, Loss]: [6.6625, 6.6573], 0',
    '2021-08-08 15:28:13,220 - GPTime.model.train - INFO - Changed learning rate. Current lr = 0.00025',
    '2021-08-08 15:28:13,221 - GPTime.model.train - INFO - Epoch 40    [Avg. Loss, Loss]: [6.5950, 6.5977], 0',
    '2021-08-08 15:29:26,435 - GPTime.model.train - INFO - Epoch 50    [Avg. Loss, Loss]: [6.4055, 6.3881], 0',
    '2021-08-08 15:30:39,788 - GPTime.model.train - INFO - Changed learning rate. Current lr = 0.000125',
    '2021-08-08 15:30:39,788 - GPTime.model.train - INFO - Epoch 60    [Avg. Loss, Loss]: [6.3848, 6.3948], 0',
    '2021-08-08 15:31:53,086 - GPTime.model.train - INFO - Epoch 70    [Avg. Loss, Loss]: [6.2566, 6.2746], 0',
]


def test_a_dated_line_at_the_next_named_epochs_moment_is_that_epochs_not_the_one_before(tmp_path: Path) -> None:
    """Epoch 10 ends at its own line, 15:24:33.421 (not at the learning rate's line 73 s on, at epoch 20's moment),
    epoch 30 at 15:26:59.983: each named epoch at its own line."""
    _, steps, _ = _read(tmp_path, GPTIME_EPOCHS)
    own = [(int(m[2]), i + 1, _ns(m[1])) for i, text in enumerate(GPTIME_EPOCHS)
           if (m := re.match(r"(\S+ \S+) - GPTime\.model\.train - INFO - Epoch (\d+) ", text))]
    assert [(row["step"], row["line"], row["end_ns"]) for row in steps] == own


# FedML 0.7's server prefix, its time after a dash (a FedML example's README as the search index holds it, its file
# 3037299018, the repository not named there: the server console's first two lines)
FEDML_07 = [
    ("FedML-Server(0) @device-id-0 - Thu, 28 Apr 2022 02:48:53 mlops_metrics.py[line:88] INFO report_aggregated_model_info. "
     "message_json = {'run_id': '189', 'round_idx': 2, 'global_aggregated_model_s3_address': None}"),
    "FedML-Server(0) @device-id-0 - Thu, 28 Apr 2022 02:49:22 mqtt_s3_comm_manager.py[line:164] INFO --------------------------",
]


def test_fedml_07s_prefix_and_the_time_after_its_dash(tmp_path: Path) -> None:
    """Rank 0's lines, 02:48:53 and 02:49:22: its run from the first to the last."""
    name, _, events = _read(tmp_path, FEDML_07)
    assert name == "generic_log"
    assert [(e["line"], e["kind"], e["rank"], e["ts_ns"]) for e in events] == [
        (1, "attempt_start", 0, _ns("2022-04-28 02:48:53,0")), (2, "last_line", 0, _ns("2022-04-28 02:49:22,0"))]


def test_wandbs_summaries_before_a_runs_last_dated_line_end_no_run_that_logged_no_step(tmp_path: Path) -> None:
    """Three wandb runs in one process (sample_logs/wandb_folds_offline, recorded here), no step line: the process
    logged on after each summary but the last until `all folds done`, and wandb printed none after that line: its
    run ran until that line, how it ended not said (not completed at the first summary, 3 s in)."""
    console = SAMPLE_LOGS / "wandb_folds_offline" / "console.log"
    lines = console.read_text(encoding="utf-8").splitlines()
    dated = [(i + 1, _ns(text[:23])) for i, text in enumerate(lines) if re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} ", text)]
    assert sum(text == "wandb: Run summary:" for text in lines) == 3 and dated[-1][0] > max(
        i + 1 for i, text in enumerate(lines) if text == "wandb: Run summary:")
    _, steps, events = _read(tmp_path, lines, parser_name="generic_log")
    assert steps == []
    assert [(e["line"], e["kind"], e["ts_ns"]) for e in events] == [
        (dated[0][0], "attempt_start", dated[0][1]), (dated[-1][0], "last_line", dated[-1][1])]


# PaddleOCR's trainer set up and hung or was stopped before its first step line (Partykub/sagemaker_thai-ocr,
# TASK4_LOCAL_TRAINING_TROUBLESHOOTING_REPORT.md as the search index holds it (its file 43342452876), the block under
# "Active Training Session", whole)
PADDLEOCR_SETUP = [
    "[2025/07/30 18:09:12] ppocr INFO: train with paddle 3.1.0 and device Place(cpu)",
    "[2025/07/30 18:09:12] ppocr INFO: train dataloader has 109 iters",
    "[2025/07/30 18:09:12] ppocr INFO: valid dataloader has 28 iters",
    "[2025/07/30 18:09:12] ppocr INFO: train from scratch",
    ("[2025/07/30 18:09:12] ppocr INFO: During the training process, after the 0th iteration, an evaluation is run every "
     "2000 iterations"),
]


def test_paddleocrs_training_set_up_alone_is_a_runs_log(tmp_path: Path) -> None:
    """A training's set-up (its `train dataloader has 109 iters`) and no step: a run's log (not an unknown format), one
    attempt from 18:09:12."""
    name, steps, _ = _read(tmp_path, PADDLEOCR_SETUP)
    assert name == "generic_log" and steps == []
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", PADDLEOCR_SETUP)
    assert con.execute("select start_ns from attempts").fetchall() == [(_ns("2025-07-30 18:09:12,0"),)]



# A hand-written PyTorch loop's epochs as blocks of indented figures, its early-stopping code's word before each save
# (FlavioVentu/MPA_2024_2025 @ deeb8bba646188d4a845658ec6d7559ac748faa9, train.md, the bash block's lines 1-21)
EPOCH_BLOCKS_SAVES = [
    'Model loaded on cpu',
    'Applying transforms to training and validation sets...',
    'Starting training...',
    'Starting validation for epoch 1...',
    '- Epoch 1',
    '        Time elapsed: 170.3606 seconds,',
    '        Train Loss: 0.5483,',
    '        Train Accuracy: 75.22%,',
    '        Val Loss: 0.4321,',
    '        Val Accuracy: 86.38%',
    'Validation loss improved, saving model...',
    'Starting validation for epoch 2...',
    '- Epoch 2',
    '        Time elapsed: 127.9636 seconds,',
    '        Train Loss: 0.3955,',
    '        Train Accuracy: 87.75%,',
    '        Val Loss: 0.3438,',
    '        Val Accuracy: 88.78%',
    'Validation loss improved, saving model...',
    'Starting validation for epoch 3...',
    '- Epoch 3',
]


def test_a_validation_losss_improvement_said_before_a_save_is_a_save(tmp_path: Path) -> None:
    """`Validation loss improved, saving model...` after epochs 1 and 2 (lines 11 and 19): two saves."""
    _, _, events = _read(tmp_path, EPOCH_BLOCKS_SAVES)
    said = [i + 1 for i, text in enumerate(EPOCH_BLOCKS_SAVES) if text == "Validation loss improved, saving model..."]
    assert len(said) == 2 and [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == said
