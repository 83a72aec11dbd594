"""Federated servers' rounds (Flower, NVIDIA FLARE, FedAvg research code) and Horovod's synthetic benchmark:
lines quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows
out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_line_rules import _ns, _read
from tracelens.parsers import ParseOptions, registry

# Flower's ServerApp simulation (flwr >= 1.13), no dates (github.com/adap/flower @
# 2769eec501634db2ae494dcd11fb63fa281bbb29 : examples/flower-simulation-step-by-step-pytorch/README.md, "The output you
# should expect" block, lines 10-45 of its 61)
FLOWER_SERVERAPP = [
    'INFO :      Starting Flower ServerApp, config: num_rounds=3, no round_timeout',
    'INFO :',
    'INFO :      [INIT]',
    'INFO :      Using initial global parameters provided by strategy',
    'INFO :      Starting evaluation of initial global parameters',
    "INFO :      initial parameters (loss, other metrics): 2.3028839167695456, {'cen_accuracy': 0.0937}",
    'INFO :',
    'INFO :      [ROUND 1]',
    'INFO :      configure_fit: strategy sampled 5 clients (out of 10)',
    'INFO :      aggregate_fit: received 5 results and 0 failures',
    "INFO :      fit progress: (1, 2.0274660648248446, {'cen_accuracy': 0.3238}, 5.769022958003916)",
    'INFO :      configure_evaluate: strategy sampled 10 clients (out of 10)',
    'INFO :      aggregate_evaluate: received 10 results and 0 failures',
    'INFO :',
    'INFO :      [ROUND 2]',
    'INFO :      configure_fit: strategy sampled 5 clients (out of 10)',
    'INFO :      aggregate_fit: received 5 results and 0 failures',
    "INFO :      fit progress: (2, 0.7511614774362728, {'cen_accuracy': 0.6926}, 11.233382292004535)",
    'INFO :      configure_evaluate: strategy sampled 10 clients (out of 10)',
    'INFO :      aggregate_evaluate: received 10 results and 0 failures',
    'INFO :',
    'INFO :      [ROUND 3]',
    'INFO :      configure_fit: strategy sampled 5 clients (out of 10)',
    'INFO :      aggregate_fit: received 5 results and 0 failures',
    "INFO :      fit progress: (3, 0.5243101176172019, {'cen_accuracy': 0.8035}, 13.289899208000861)",
    'INFO :      configure_evaluate: strategy sampled 10 clients (out of 10)',
    'INFO :      aggregate_evaluate: received 10 results and 0 failures',
    'INFO :',
    'INFO :      [SUMMARY]',
    'INFO :      Run finished 3 round(s) in 13.60s',
    'INFO :          History (loss, distributed):',
    'INFO :                  round 1: 2.0251417029128924',
    'INFO :                  round 2: 0.7533456925429649',
    'INFO :                  round 3: 0.5141592433326874',
    'INFO :          History (loss, centralized):',
    'INFO :                  round 0: 2.3028839167695456',
]

# A flwr 1.7 gRPC server at its DEBUG level (a Flower tutorial README, index id 13220834206, the server's log block)
FLOWER_GRPC = [
    ('INFO flwr 2024-03-19 07:42:22,936 | app.py:163 | Starting Flower server, config: ServerConfig(nu'
     'm_rounds=3, round_timeout=None)'),
    'INFO flwr 2024-03-19 07:42:22,946 | app.py:176 | Flower ECE: gRPC server running (3 rounds), SSL is disabled',
    'INFO flwr 2024-03-19 07:42:22,946 | server.py:89 | Initializing global parameters',
    'INFO flwr 2024-03-19 07:42:22,946 | server.py:276 | Requesting initial parameters from one random client',
    'INFO flwr 2024-03-19 07:42:31,709 | server.py:280 | Received initial parameters from one random client',
    'INFO flwr 2024-03-19 07:42:31,709 | server.py:91 | Evaluating initial parameters',
    'INFO flwr 2024-03-19 07:42:31,709 | server.py:104 | FL starting',
    'DEBUG flwr 2024-03-19 07:42:34,109 | server.py:222 | fit_round 1: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:37,331 | server.py:236 | fit_round 1 received 2 results and 0 failures',
    'WARNING flwr 2024-03-19 07:42:37,332 | fedavg.py:250 | No fit_metrics_aggregation_fn provided',
    'DEBUG flwr 2024-03-19 07:42:37,332 | server.py:173 | evaluate_round 1: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:37,565 | server.py:187 | evaluate_round 1 received 2 results and 0 failures',
    'DEBUG flwr 2024-03-19 07:42:37,565 | server.py:222 | fit_round 2: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:40,705 | server.py:236 | fit_round 2 received 2 results and 0 failures',
    'DEBUG flwr 2024-03-19 07:42:40,706 | server.py:173 | evaluate_round 2: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:40,941 | server.py:187 | evaluate_round 2 received 2 results and 0 failures',
    'DEBUG flwr 2024-03-19 07:42:40,941 | server.py:222 | fit_round 3: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:44,148 | server.py:236 | fit_round 3 received 2 results and 0 failures',
    'DEBUG flwr 2024-03-19 07:42:44,149 | server.py:173 | evaluate_round 3: strategy sampled 2 clients (out of 2)',
    'DEBUG flwr 2024-03-19 07:42:44,380 | server.py:187 | evaluate_round 3 received 2 results and 0 failures',
    'INFO flwr 2024-03-19 07:42:44,380 | server.py:153 | FL finished in 12.671216374990763',
    ('INFO flwr 2024-03-19 07:42:44,380 | app.py:226 | app_fit: losses_distributed [(1, 61.26287841796'
     '875), (2, 24.538291931152344), (3, 10.658092975616455)]'),
    'INFO flwr 2024-03-19 07:42:44,380 | app.py:227 | app_fit: metrics_distributed_fit {}',
    ("INFO flwr 2024-03-19 07:42:44,381 | app.py:228 | app_fit: metrics_distributed {'accuracy': [(1, "
     '0.825), (2, 0.93875), (3, 0.966875)]}'),
    'INFO flwr 2024-03-19 07:42:44,381 | app.py:229 | app_fit: losses_centralized []',
    'INFO flwr 2024-03-19 07:42:44,381 | app.py:230 | app_fit: metrics_centralized {}',
]

# NVIDIA FLARE's hello-pt example in its simulator: the server and two sites in one console (its README's "# output"
# block, index id 38069799095, lines 10-94 of its 94)
NVFLARE_FEDAVG = [
    '2025-08-09 18:36:51,758 - INFO - loading initial model from persistor',
    ('2025-08-09 18:36:51,758 - INFO - Both source_ckpt_file_full_name and ckpt_preload_path are not p'
     'rovided. Using the default model weights initialized on the persistor side.'),
    '2025-08-09 18:36:51,759 - INFO - ',
    '--------------------------------------------------------------------------------',
    '                                Round 0 started.                                ',
    '--------------------------------------------------------------------------------',
    '',
    "2025-08-09 18:36:51,759 - INFO - Sampled clients: ['site-1', 'site-2']",
    "2025-08-09 18:36:51,760 - INFO - Sending task train to ['site-1', 'site-2']",
    ('2025-08-09 18:36:55,498 - INFO - start task run() with full path: /tmp/nvflare/simulation/hello-'
     'pt/site-1/simulate_job/app_site-1/custom/client.py'),
    ('2025-08-09 18:36:55,502 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_a91c1f47-5bd9-4699-b570-f0551e406569.npz'),
    ('2025-08-09 18:36:55,505 - INFO - start task run() with full path: /tmp/nvflare/simulation/hello-'
     'pt/site-2/simulate_job/app_site-2/custom/client.py'),
    ('2025-08-09 18:36:55,509 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_8ddbad42-3f27-4491-afcf-f038bb3adf77.npz'),
    '2025-08-09 18:36:55,584 - INFO - execute for task (train)',
    '2025-08-09 18:36:55,585 - INFO - send data to peer',
    '2025-08-09 18:36:55,585 - INFO - sending payload to peer',
    '2025-08-09 18:36:55,586 - INFO - Waiting for result from peer',
    '2025-08-09 18:36:55,657 - INFO - execute for task (train)',
    '2025-08-09 18:36:55,658 - INFO - send data to peer',
    '2025-08-09 18:36:55,658 - INFO - sending payload to peer',
    '2025-08-09 18:36:55,659 - INFO - Waiting for result from peer',
    '2025-08-09 18:36:56,646 - INFO - Files already downloaded and verified',
    '2025-08-09 18:36:56,660 - INFO - Files already downloaded and verified',
    '2025-08-09 18:36:57,097 - INFO - site = site-1, current_round=0',
    '2025-08-09 18:36:57,098 - INFO - site = site-2, current_round=0',
    '2025-08-09 18:36:57,505 - INFO - site=site-1, Epoch: 0/2, Iteration: 0, Loss: 4.821970065434774e-05',
    '2025-08-09 18:36:57,531 - INFO - site=site-2, Epoch: 0/2, Iteration: 0, Loss: 4.755312701066335e-05',
    '2025-08-09 18:37:06,999 - INFO - site=site-1, Epoch: 0/2, Iteration: 3000, Loss: 0.10494570057094098',
    '2025-08-09 18:37:07,055 - INFO - site=site-2, Epoch: 0/2, Iteration: 3000, Loss: 0.10441589770093561',
    '2025-08-09 18:37:07,397 - INFO - site=site-1, Epoch: 1/2, Iteration: 0, Loss: 2.5529302656650544e-05',
    '2025-08-09 18:37:07,453 - INFO - site=site-2, Epoch: 1/2, Iteration: 0, Loss: 2.9990196228027343e-05',
    '2025-08-09 18:37:16,856 - INFO - site=site-1, Epoch: 1/2, Iteration: 3000, Loss: 0.08704691271235546',
    '2025-08-09 18:37:16,909 - INFO - site=site-2, Epoch: 1/2, Iteration: 3000, Loss: 0.08581113628298044',
    '2025-08-09 18:37:17,251 - INFO - Finished Training for site-1',
    '2025-08-09 18:37:17,252 - INFO - site: site-1, sending model to server.',
    '2025-08-09 18:37:17,300 - INFO - Finished Training for site-2',
    '2025-08-09 18:37:17,302 - INFO - site: site-2, sending model to server.',
    ('2025-08-09 18:37:17,623 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_c0af9186-1ae3-42d6-8819-7d23676cea94.npz'),
    ('2025-08-09 18:37:17,714 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_af01d59a-bc27-4b53-a5e3-c24e5cf160df.npz'),
    '2025-08-09 18:37:18,051 - INFO - aggregating 2 update(s) at round 0',
    '2025-08-09 18:37:18,053 - INFO - Start persist model on server.',
    '2025-08-09 18:37:18,055 - INFO - End persist model on server.',
    '2025-08-09 18:37:18,056 - INFO - ',
    '--------------------------------------------------------------------------------',
    '                                Round 1 started.                                ',
    '--------------------------------------------------------------------------------',
    '',
    "2025-08-09 18:37:18,056 - INFO - Sampled clients: ['site-1', 'site-2']",
    "2025-08-09 18:37:18,057 - INFO - Sending task train to ['site-1', 'site-2']",
    ('2025-08-09 18:37:19,862 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_8f4ff13f-9ac6-40f1-b053-408f835d8e41.npz'),
    '2025-08-09 18:37:19,983 - INFO - execute for task (train)',
    '2025-08-09 18:37:19,984 - INFO - send data to peer',
    '2025-08-09 18:37:19,984 - INFO - sending payload to peer',
    '2025-08-09 18:37:19,984 - INFO - Waiting for result from peer',
    ('2025-08-09 18:37:20,019 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_00fe5d07-7802-4fff-b44f-74048970464c.npz'),
    '2025-08-09 18:37:20,137 - INFO - execute for task (train)',
    '2025-08-09 18:37:20,138 - INFO - send data to peer',
    '2025-08-09 18:37:20,138 - INFO - sending payload to peer',
    '2025-08-09 18:37:20,138 - INFO - Waiting for result from peer',
    '2025-08-09 18:37:20,256 - INFO - site = site-1, current_round=1',
    '2025-08-09 18:37:20,266 - INFO - site=site-1, Epoch: 0/2, Iteration: 0, Loss: 2.7689563731352487e-05',
    '2025-08-09 18:37:20,306 - INFO - site = site-2, current_round=1',
    '2025-08-09 18:37:20,318 - INFO - site=site-2, Epoch: 0/2, Iteration: 0, Loss: 2.8927244246006012e-05',
    '2025-08-09 18:37:36,577 - INFO - site=site-1, Epoch: 0/2, Iteration: 3000, Loss: 0.08340640442073345',
    '2025-08-09 18:37:36,971 - INFO - site=site-1, Epoch: 1/2, Iteration: 0, Loss: 2.2170931100845337e-05',
    '2025-08-09 18:37:38,679 - INFO - site=site-2, Epoch: 0/2, Iteration: 3000, Loss: 0.08276068011609217',
    '2025-08-09 18:37:39,308 - INFO - site=site-2, Epoch: 1/2, Iteration: 0, Loss: 3.102670609951019e-05',
    '2025-08-09 18:37:46,149 - INFO - site=site-1, Epoch: 1/2, Iteration: 3000, Loss: 0.07720229349657894',
    '2025-08-09 18:37:46,531 - INFO - Finished Training for site-1',
    '2025-08-09 18:37:46,533 - INFO - site: site-1, sending model to server.',
    ('2025-08-09 18:37:47,020 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_1d4143bf-96e6-430c-87dc-65be9cd88087.npz'),
    '2025-08-09 18:37:47,166 - WARNING - validation metric not existing in site-1',
    '2025-08-09 18:37:54,165 - INFO - site=site-2, Epoch: 1/2, Iteration: 3000, Loss: 0.07727636773263415',
    '2025-08-09 18:37:54,778 - INFO - Finished Training for site-2',
    '2025-08-09 18:37:54,781 - INFO - site: site-2, sending model to server.',
    ('2025-08-09 18:37:55,183 - INFO - NP: dumping 10 arrays to file /tmp/nvflare/datums/NumpyArrayDec'
     'omposer_b2e0ac0a-e2e9-474d-8633-37d28be306db.npz'),
    '2025-08-09 18:37:55,344 - WARNING - validation metric not existing in site-2',
    '2025-08-09 18:37:55,519 - INFO - aggregating 2 update(s) at round 1',
    '2025-08-09 18:37:55,521 - INFO - Start persist model on server.',
    '2025-08-09 18:37:55,523 - INFO - End persist model on server.',
    '2025-08-09 18:37:55,523 - INFO - ',
    '================================================================================',
    '                                Finished FedAvg.                                ',
    '================================================================================',
    '',
]

# FedAvg research code (shaoxiongji/federated-learning's `main_fed.py` print, FLAME's notes README, index id
# 40669931176, the "#result:" block from line 21 to its `...`)
FEDAVG_ROUNDS = [
    'Files already downloaded and verified',
    'Files already downloaded and verified',
    'Round   0, Average loss 1.928',
    'Main accuracy: 10.00',
    'Backdoor accuracy: 0.00',
    'client 0.0 --attack--',
    'Round   1, Average loss 1.818',
    'Main accuracy: 10.00',
    'Backdoor accuracy: 100.00',
    'client 1.0 --attack--',
    'Round   2, Average loss 1.743',
    'Main accuracy: 14.35',
    'Backdoor accuracy: 0.00',
    'client 2.0 --attack--',
    'Round   3, Average loss 1.697',
    '...',
]

# BytePS' copy of Horovod's synthetic benchmark under `bpslaunch` on 4 V100s (a BytePS notes README, index id
# 61066930836, its last block's first invocation)
BYTEPS_BENCHMARK = [
    ('root@VM-0-3-ubuntu:/usr/local/byteps/example/pytorch# bpslaunch python3 /usr/local/byteps/exampl'
     'e/pytorch/benchmark_cross_barrier_byteps.py --model resnet50 --batch-size 32 --num-iters 20'),
    'BytePS launching worker',
    '',
    '09:59:30.932 cross_barrier.py:48 INFO: CrossBarrier is enabled.',
    '09:59:30.950 cross_barrier.py:48 INFO: CrossBarrier is enabled.',
    '09:59:30.987 cross_barrier.py:48 INFO: CrossBarrier is enabled.',
    '09:59:31.346 cross_barrier.py:48 INFO: CrossBarrier is enabled.',
    'Model: resnet50',
    'Batch size: 32',
    'Number of GPUs: 4',
    'Running warmup...',
    'Running benchmark...',
    'Iter #0: 253.9 img/sec per GPU',
    'Iter #1: 254.1 img/sec per GPU',
    'Iter #2: 255.9 img/sec per GPU',
    'Iter #3: 225.2 img/sec per GPU',
    'Iter #4: 263.3 img/sec per GPU',
    'Iter #5: 223.6 img/sec per GPU',
    'Iter #6: 259.8 img/sec per GPU',
    'Iter #7: 265.5 img/sec per GPU',
    'Iter #8: 268.7 img/sec per GPU',
    'Iter #9: 228.7 img/sec per GPU',
    'Iter #10: 258.3 img/sec per GPU',
    'Iter #11: 260.8 img/sec per GPU',
    'Iter #12: 261.7 img/sec per GPU',
    'Iter #13: 271.0 img/sec per GPU',
    'Iter #14: 283.7 img/sec per GPU',
    'Iter #15: 265.5 img/sec per GPU',
    'Iter #16: 253.7 img/sec per GPU',
    'Iter #17: 235.6 img/sec per GPU',
    'Iter #18: 288.1 img/sec per GPU',
    '10:00:05.041 cross_barrier.py:88 INFO: training finished!',
    '10:00:05.041 cross_barrier.py:88 INFO: training finished!',
    '10:00:05.041 cross_barrier.py:88 INFO: training finished!',
    '10:00:05.041 cross_barrier.py:88 INFO: training finished!',
    'Iter #19: 271.9 img/sec per GPU',
    'Img/sec per GPU: 257.4 +-33.6',
    'Total img/sec on 4 GPU(s): 1029.8 +-134.3',
]


def _line(lines: list[str], needle: str) -> int:
    return next(i + 1 for i, text in enumerate(lines) if needle in text)


def test_flowers_fit_progress_is_its_round_timed_by_its_clock_since_the_rounds_began(tmp_path: Path) -> None:
    """`fit progress: (2, 0.75..., {...}, 11.233...)`: round 2, its loss, 11.233 - 5.769 s since round 1's line (round
    1 its whole 5.769 s: the clock starts as the rounds do); `Run finished 3 round(s) in 13.60s` ends the run; the
    History's `round 1: 2.025...` lines are no rounds."""
    parser, steps, events = _read(tmp_path, FLOWER_SERVERAPP)
    assert parser == "generic_log"
    printed = [(int(m[1]), float(m[2]), float(m[3])) for t in FLOWER_SERVERAPP
               if (m := re.search(r"fit progress: \((\d+), ([\d.]+), \{.*\}, ([\d.]+)\)", t))]
    assert [(s["step"], s["loss"]) for s in steps] == [(step, loss) for step, loss, _ in printed]
    clocks = [0.0] + [clock for _, _, clock in printed]
    for row, before, after in zip(steps, clocks[:-1], clocks[1:], strict=True):
        assert abs(row["step_time_s"] - (after - before)) < 1e-9
    assert {s["framework"] for s in steps} == {"flower"}
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", _line(FLOWER_SERVERAPP, "Run finished 3 round(s)"))]


def test_flowers_dated_fit_rounds_are_its_rounds_and_fl_finished_ends_it(tmp_path: Path) -> None:
    """flwr 1.7 at its DEBUG level: `fit_round 2 received 2 results and 0 failures` ends round 2 at its line's time
    (the file was refused: no step, launch or failure line); `FL finished in 12.67...` ends the run."""
    _, steps, events = _read(tmp_path, FLOWER_GRPC)
    received = [(i + 1, int(m[2]), _ns(m[1])) for i, t in enumerate(FLOWER_GRPC)
                if (m := re.search(r"flwr (\S+ \S+) \| server\.py:\d+ \| fit_round (\d+) received", t))]
    assert [(s["line"], s["step"], s["end_ns"]) for s in steps] == received
    assert [s["step"] for s in steps] == [1, 2, 3]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", _line(FLOWER_GRPC, "FL finished in "))]


def test_nvflares_rounds_are_the_jobs_steps_and_its_sites_loops_no_restarts(tmp_path: Path) -> None:
    """Two sites' local loops interleaved in the simulator's console (`site=site-1, Epoch: 0/2, Iteration: 3000`,
    each counted from 0 again every round) are no steps and no restarts: the server's rounds are, each ended by
    `aggregating 2 update(s) at round N`; `Start/End persist model on server.` is a save; `Finished FedAvg.` (in
    its banner's box) ends the run, and nothing before it does."""
    _, steps, events = _read(tmp_path, NVFLARE_FEDAVG)
    aggregated = [(i + 1, int(m[2]), _ns(m[1])) for i, t in enumerate(NVFLARE_FEDAVG)
                  if (m := re.search(r"^(\S+ \S+) - INFO - aggregating 2 update\(s\) at round (\d+)$", t))]
    assert [(s["line"], s["step"], s["end_ns"]) for s in steps] == aggregated
    assert len(aggregated) == 2
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        (kind, i + 1) for i, t in enumerate(NVFLARE_FEDAVG) for word, kind in (
            ("Start persist model on server.", "checkpoint_save_start"), ("End persist model on server.", "checkpoint_save_end"))
        if t.endswith(word)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash", "restart")] == [
        ("attempt_end", _line(NVFLARE_FEDAVG, "Finished FedAvg."))]


def test_fedavgs_round_with_its_average_loss_is_a_step(tmp_path: Path) -> None:
    """`Round   1, Average loss 1.818`: round 1, its loss (the file was refused); the banner's `Global Rounds: 200`
    and the accuracy lines are none."""
    _, steps, _ = _read(tmp_path, FEDAVG_ROUNDS)
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [
        (int(m[1]), float(m[2]), "fedavg") for t in FEDAVG_ROUNDS if (m := re.match(r"Round +(\d+), Average loss ([\d.]+)$", t))]
    assert len(steps) == 4


def test_horovods_benchmark_iteration_is_its_batches_over_its_rate(tmp_path: Path) -> None:
    """`Iter #3: 225.2 img/sec per GPU` with `Batch size: 32`: iteration 3, 10 batches (the scripts' default, said in a
    warning) of 32 images over 225.2 images a second; with `--num-batches-per-iter 5` on the command line, 5 (the
    file was refused: a throughput is no known step metric)."""
    _, steps, _ = _read(tmp_path, BYTEPS_BENCHMARK)
    rates = [(int(m[1]), float(m[2])) for t in BYTEPS_BENCHMARK if (m := re.match(r"Iter #(\d+): ([\d.]+) img/sec", t))]
    assert [s["step"] for s in steps] == [step for step, _ in rates] == list(range(20))
    for row, (_, rate) in zip(steps, rates, strict=True):
        assert abs(row["step_time_s"] - 32 * 10 / rate) < 1e-9
    command = "--num-iters 20"
    given = [t.replace(command, command + " --num-batches-per-iter 5") for t in BYTEPS_BENCHMARK]
    _, steps, _ = _read(tmp_path, given)
    for row, (_, rate) in zip(steps, rates, strict=True):
        assert abs(row["step_time_s"] - 32 * 5 / rate) < 1e-9
    # (the rates read back from the step times: their mean the benchmark's own summary, `Img/sec per GPU: 257.4 +-33.6`)
    summary = next(float(m[1]) for t in BYTEPS_BENCHMARK if (m := re.match(r"Img/sec per GPU: ([\d.]+) ", t)))
    assert abs(sum(32 * 5 / row["step_time_s"] for row in steps) / len(steps) - summary) < 0.05
    for lines, warned in ((BYTEPS_BENCHMARK, True), (given, False)):
        (tmp_path / "benchmark.log").write_text("\n".join(lines) + "\n")
        warnings = registry()["generic_log"].parse(tmp_path / "benchmark.log", ParseOptions()).warnings
        assert any("--num-batches-per-iter" in w for w in warnings) is warned


def test_a_bare_round_finished_line_is_no_flare_round(tmp_path: Path) -> None:
    """FLARE's round ends only after its workflow's identity: the same console with its server's `aggregating 2 update(s)
    at round N` lines said as a script's bare `Round N finished.` has no server's rounds, and its sites' lines stay steps
    (a bare `- Round 0 finished.` made every other step of a log vanish)."""
    bare = [re.sub(r"aggregating 2 update\(s\) at round (\d+)", r"Round \1 finished.", t) for t in NVFLARE_FEDAVG]
    _, steps, _ = _read(tmp_path, bare)
    sites = [t for t in NVFLARE_FEDAVG if re.search(r"site=site-\d, Epoch: \d/2, Iteration: \d+, Loss: ", t)]
    assert len(steps) == len(sites) == 16
    assert {s["framework"] for s in steps} != {"nvflare"}


def test_a_round_whose_lines_count_epochs_is_no_federated_round(tmp_path: Path) -> None:
    """`Round   0, Average loss 1.928` is a round's step; with an epoch counted after the round on the line (an outer loop's
    round, `Round   0, Epoch 1, Average loss 1.928`) it is none of the round rule's."""
    counted = [t.replace(", Average loss", ", Epoch 1, Average loss") for t in FEDAVG_ROUNDS]
    _, steps, _ = _read(tmp_path, counted, parser_name="generic_log")
    assert "fedavg" not in {s["framework"] for s in steps}
