"""Line rules found on video and image generation, audio, science and elastic jobs' consoles (the sets of
public logs gathered for them): each block quotes its source and the lines, each test the figure read by
hand from them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import QueryConnection, console_connection
from tests.test_line_rules import _ns, _read
from tracelens.store import Store

# A diffusers DreamBooth LoRA run under accelerate on Windows (johnman3032/simple-lora-dreambooth-trainer, issue 2,
# its log's first 8 lines as the issue kept them): accelerate's logger writes its `%m/%d/%Y %H:%M:%S` line right
# after the `Steps:` bar's last drawing, which tqdm left open
DREAMBOOTH_SAVE = [
    ('Steps:  70%|██████████████████████████████████▍              | 608/864 [17:50<19:15,  4.51s/it, loss'
     '=0.0717, lr=0.0001]10/20/2023 15:57:47 - INFO - accelerate.accelerator - Saving current state to C:/'
     'Users/User_name/Documents/LORA/W Output\\checkpoint-608'),
    ('Model weights saved in C:/Users/User_name/Documents/LORA/W Output\\checkpoint-608\\pytorch_lora_weight'
     's.safetensors'),
    ('10/20/2023 15:57:48 - INFO - accelerate.checkpointing - Optimizer state saved in C:/Users/User_name/'
     'Documents/LORA/W Output\\checkpoint-608\\optimizer.bin'),
    ('10/20/2023 15:57:48 - INFO - accelerate.checkpointing - Scheduler state saved in C:/Users/User_name/'
     'Documents/LORA/W Output\\checkpoint-608\\scheduler.bin'),
    ('10/20/2023 15:57:48 - INFO - accelerate.checkpointing - Gradient scaler state saved in C:/Users/User'
     '_name/Documents/LORA/W Output\\checkpoint-608\\scaler.pt'),
    ('10/20/2023 15:57:48 - INFO - accelerate.checkpointing - Random states saved in C:/Users/User_name/Do'
     'cuments/LORA/W Output\\checkpoint-608\\random_states_0.pkl'),
    ('10/20/2023 15:57:48 - INFO - __main__ - Saved state to C:/Users/User_name/Documents/LORA/W Output\\ch'
     'eckpoint-608'),
    ('Steps:  74%|█████████████████████████████████████             | 640/864 [20:16<16:56,  4.54s/it, los'
     's=0.405, lr=0.0001]10/20/2023 16:00:14 - INFO - accelerate.accelerator - Saving current state to C:/'
     'Users/User_name/Documents/LORA/W Output\\checkpoint-640'),
]


def test_a_slashed_date_glued_after_a_bar_dates_its_line(tmp_path: Path) -> None:
    """`... 608/864 [17:50<19:15,  4.51s/it, ...]10/20/2023 15:57:47 - INFO - accelerate.accelerator - Saving current
    state to ...`: the save began at 15:57:47 (it had no time), and the run at least the bar's 17:50 before: its
    attempt starts then, step 608 in it (not at the line's date, which left the step out of its attempt)."""
    _, steps, events = _read(tmp_path, DREAMBOOTH_SAVE, parser_name="generic_log")
    saves = [(e["step"], e["ts_ns"]) for e in events if e["kind"] == "checkpoint_save_start"]
    assert saves == [(608, _ns("2023-10-20 15:57:47,0")), (640, _ns("2023-10-20 16:00:14,0"))]
    con = console_connection(tmp_path, DREAMBOOTH_SAVE)
    start, first, last = con.execute("select start_ns, first_step, last_step from attempts").fetchone()
    assert start == _ns("2023-10-20 15:57:47,0") - (17 * 60 + 50) * 10**9  # (as step 608's start: no start-up between)
    assert con.execute("select start_ns from log_steps where step = 608").fetchone() == (start,)
    assert (first, last) == (608, 640)


# torchrun's two workers under Lightning, rank 1's NCCL bootstrap refused (tcwalther/bugreport-mosaicml-streaming-lightning-
# torchrun @ 051881bc09ebf7f2bb2efb7c7f12feb22f55fbc2, README.md's second bash block, lines 2-7, 162 and 205-247 of it):
# the worker's traceback, then the agent's SIGTERM to the other worker and its own `failed (exitcode: 1)` a second later
TORCHRUN_REFUSED = [
    'W0516 10:48:17.790000 10143 torch/distributed/run.py:766]',
    'W0516 10:48:17.790000 10143 torch/distributed/run.py:766] *****************************************',
    ('W0516 10:48:17.790000 10143 torch/distributed/run.py:766] Setting OMP_NUM_THREADS environment variable for eac'
     'h process to be 1 in default, to avoid your system being overloaded, please further tune the variable for opti'
     'mal performance in your application as needed.'),
    'W0516 10:48:17.790000 10143 torch/distributed/run.py:766] *****************************************',
    ('[rank0]:[W516 10:48:21.037728976 ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 as device '
     'used by this process is currently unknown. This can potentially cause a hang if this rank to GPU mapping is in'
     'correct. You can pecify device_id in init_process_group() to force use of a particular device.'),
    ('[rank1]:[W516 10:48:21.038515993 ProcessGroupNCCL.cpp:4715] [PG ID 0 PG GUID 0 Rank 1]  using GPU 1 as device '
     'used by this process is currently unknown. This can potentially cause a hang if this rank to GPU mapping is in'
     'correct. You can pecify device_id in init_process_group() to force use of a particular device.'),
    ('[2025-05-16 10:49:23] vae-bc5a469e-2296-0:10209:10243 [1] misc/socket.cc:544 NCCL WARN socketPollConnect: conn'
     'ect returned Connection refused, exceeded error retry count (35)'),
    ('[rank1]: [rank1]:   File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/dis'
     'tributed_c10d.py", line 2714, in broadcast'),
    '[rank1]: [rank1]:     work = group.broadcast([tensor], opts)',
    '[rank1]: [rank1]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    ('[rank1]: [rank1]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCL'
     'Utils.cpp:77, remote process exited or there was a network error, NCCL version 2.26.2'),
    ('[rank1]: [rank1]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting p'
     'rematurely.'),
    '[rank1]: [rank1]: Last error:',
    '[rank1]: [rank1]: socketPollConnect: connect returned Connection refused, exceeded error retry count (35)',
    ('W0516 10:49:23.951000 10143 torch/distributed/elastic/multiprocessing/api.py:900] Sending process 10208 closin'
     'g signal SIGTERM'),
    ('/home/azureuser/.local/share/uv/python/cpython-3.11.12-linux-x86_64-gnu/lib/python3.11/multiprocessing/resourc'
     'e_tracker.py:254: UserWarning: resource_tracker: There appear to be 6 leaked shared_memory objects to clean up'
     ' at shutdown'),
    "  warnings.warn('resource_tracker: There appear to be %d '",
    ('E0516 10:49:24.165000 10143 torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: 1) local_r'
     'ank: 1 (pid: 10209) of binary: /home/azureuser/sky_workdir/.venv/bin/python'),
    'Traceback (most recent call last):',
    '  File "/home/azureuser/sky_workdir/.venv/bin/torchrun", line 10, in <module>',
    '    sys.exit(main())',
    '             ^^^^^^',
    ('  File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessi'
     'ng/errors/__init__.py", line 355, in wrapper'),
    '    return f(*args, **kwargs)',
    '           ^^^^^^^^^^^^^^^^^^',
    ('  File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/run.py", line 892, in'
     ' main'),
    '    run(args)',
    ('  File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/run.py", line 883, in'
     ' run'),
    '    elastic_launch(',
    ('  File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py", lin'
     'e 139, in __call__'),
    '    return launch_agent(self._config, self._entrypoint, list(args))',
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    ('  File "/home/azureuser/sky_workdir/.venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py", lin'
     'e 270, in launch_agent'),
    '    raise ChildFailedError(',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
    '============================================================',
    './train_mnist_streaming.py FAILED',
    '------------------------------------------------------------',
    'Failures:',
    '  <NO_OTHER_FAILURES>',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2025-05-16_10:49:23',
    '  host      : vae-bc5a469e-2296-0.internal.cloudapp.net',
    '  rank      : 1 (local_rank: 1)',
    '  exitcode  : 1 (pid: 10209)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '============================================================',
]


def test_the_last_attempt_runs_until_its_last_failure_line(tmp_path: Path) -> None:
    """The job ends at the agent's `E0516 10:49:24.165000 ... failed (exitcode: 1)`, its last dated line, not at the
    worker's first failure (`[2025-05-16 10:49:23] ... NCCL WARN ...`): the processes ran until the agent saw them go."""
    con = console_connection(tmp_path, TORCHRUN_REFUSED)
    assert con.execute("select count(*), max(end_reason) from attempts").fetchone() == (1, "crash")
    start, end = con.execute("select start_ns, end_ns from attempts").fetchone()
    assert start == _ns("2025-05-16 10:48:17,790000")
    assert end == _ns("2025-05-16 10:49:24,165000")


# diffusion-pipe's LTX-2 LoRA run under DeepSpeed's pipeline engine (tdrussell/diffusion-pipe, issue 531, the log's first
# 15 lines as the issue kept them): the engine's `steps: N loss: ... iter time (s): ...` after its `step=N` line
DIFFUSION_PIPE_NAN = [
    'steps: 16 loss: 0.7332 iter time (s): 3.181 samples/sec: 0.314',
    '[2026-07-30 09:16:29,681] [INFO] [logging.py:123:log_dist] [Rank 0] step=17, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 17 loss: 0.5994 iter time (s): 3.162 samples/sec: 0.316',
    '[2026-07-30 09:16:32,952] [INFO] [logging.py:123:log_dist] [Rank 0] step=18, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 18 loss: nan iter time (s): 3.235 samples/sec: 0.309',
    '[2026-07-30 09:16:36,093] [INFO] [logging.py:123:log_dist] [Rank 0] step=19, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 19 loss: nan iter time (s): 3.104 samples/sec: 0.322',
    '[2026-07-30 09:16:39,237] [INFO] [logging.py:123:log_dist] [Rank 0] step=20, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 20 loss: nan iter time (s): 3.108 samples/sec: 0.322',
    '[2026-07-30 09:16:42,384] [INFO] [logging.py:123:log_dist] [Rank 0] step=21, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 21 loss: nan iter time (s): 3.108 samples/sec: 0.322',
    '[2026-07-30 09:16:45,523] [INFO] [logging.py:123:log_dist] [Rank 0] step=22, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 22 loss: nan iter time (s): 3.102 samples/sec: 0.322',
    '[2026-07-30 09:16:48,668] [INFO] [logging.py:123:log_dist] [Rank 0] step=23, skipped=0, lr=[1e-06], mom=[0.0]',
    'steps: 23 loss: nan iter time (s): 3.106 samples/sec: 0.322',
]


def test_a_pipeline_engines_nan_loss_is_kept(tmp_path: Path) -> None:
    """`steps: 18 loss: nan iter time (s): 3.235 ...` and every step after: the losses are NaN (they were left empty,
    so no finding said that the run diverged at step 18)."""
    _, steps, _ = _read(tmp_path, DIFFUSION_PIPE_NAN)
    losses = {s["step"]: s["loss"] for s in steps}
    assert losses[16] == 0.7332 and losses[17] == 0.5994
    assert sorted(k for k, v in losses.items() if v != v) == list(range(18, 24))  # (NaN alone is not equal to itself)
    con = console_connection(tmp_path, DIFFUSION_PIPE_NAN)
    assert con.execute("select severity from findings where finding = 'loss_nonfinite'").fetchall() == [("high",)]


# so-vits-svc 3's trainer on one GPU (AustingDong/CatGPT @ 75ae76ec21f74b4e225caa5eec452ea28592e116, logs/32k/train.log,
# lines 100-160): a line every 20 steps, about two minutes apart, then 34 minutes between steps 1020 and 1040
SOVITS_STALL = [
    '2023-09-16 19:36:37,851\t32k\tINFO\t====> Epoch: 20',
    '2023-09-16 19:37:26,744\t32k\tINFO\tTrain Epoch: 21 [0%]',
    ('2023-09-16 19:37:26,747\t32k\tINFO\t[2.401930332183838, 2.431462287902832, 12.16551685333252, 20.060096740722656,'
     ' 0.8406672477722168, 720, 9.975029665246193e-05]'),
    '2023-09-16 19:38:28,235\t32k\tINFO\tTrain Epoch: 21 [56%]',
    ('2023-09-16 19:38:28,240\t32k\tINFO\t[2.3791027069091797, 2.2785091400146484, 11.212882995605469, 19.3950729370117'
     '2, 0.8952475786209106, 740, 9.975029665246193e-05]'),
    '2023-09-16 19:39:17,457\t32k\tINFO\t====> Epoch: 21',
    '2023-09-16 19:40:20,182\t32k\tINFO\tTrain Epoch: 22 [11%]',
    ('2023-09-16 19:40:20,186\t32k\tINFO\t[2.3268284797668457, 2.2368712425231934, 12.75511360168457, 17.54457092285156'
     '2, 0.9703038334846497, 760, 9.973782786538036e-05]'),
    '2023-09-16 19:41:21,883\t32k\tINFO\tTrain Epoch: 22 [67%]',
    ('2023-09-16 19:41:21,886\t32k\tINFO\t[2.4101529121398926, 2.273806095123291, 13.166149139404297, 19.27219581604004'
     ', 1.0577735900878906, 780, 9.973782786538036e-05]'),
    '2023-09-16 19:41:57,904\t32k\tINFO\t====> Epoch: 22',
    '2023-09-16 19:43:12,796\t32k\tINFO\tTrain Epoch: 23 [22%]',
    ('2023-09-16 19:43:12,801\t32k\tINFO\t[2.4212050437927246, 2.2559313774108887, 12.06661319732666, 17.66081809997558'
     '6, 1.0760250091552734, 800, 9.972536063689719e-05]'),
    '2023-09-16 19:44:01,918\t32k\tINFO\tTrain Epoch: 23 [78%]',
    ('2023-09-16 19:44:01,922\t32k\tINFO\t[2.370936155319214, 2.4711666107177734, 13.902735710144043, 19.79627609252929'
     '7, 0.9234237670898438, 820, 9.972536063689719e-05]'),
    '2023-09-16 19:44:24,221\t32k\tINFO\t====> Epoch: 23',
    '2023-09-16 19:45:50,003\t32k\tINFO\tTrain Epoch: 24 [33%]',
    ('2023-09-16 19:45:50,007\t32k\tINFO\t[2.5576086044311523, 2.0112507343292236, 10.063411712646484, 16.9047050476074'
     '22, 0.9954560399055481, 840, 9.971289496681757e-05]'),
    '2023-09-16 19:47:01,615\t32k\tINFO\tTrain Epoch: 24 [89%]',
    ('2023-09-16 19:47:01,619\t32k\tINFO\t[2.483128309249878, 2.5532374382019043, 10.63209342956543, 16.661666870117188'
     ', 0.9096496105194092, 860, 9.971289496681757e-05]'),
    '2023-09-16 19:47:09,923\t32k\tINFO\t====> Epoch: 24',
    '2023-09-16 19:48:40,437\t32k\tINFO\tTrain Epoch: 25 [44%]',
    ('2023-09-16 19:48:40,441\t32k\tINFO\t[2.4278182983398438, 2.310427188873291, 10.20778751373291, 16.531160354614258'
     ', 1.1374555826187134, 880, 9.970043085494672e-05]'),
    '2023-09-16 19:49:41,313\t32k\tINFO\t====> Epoch: 25',
    '2023-09-16 19:50:28,129\t32k\tINFO\tTrain Epoch: 26 [0%]',
    ('2023-09-16 19:50:28,134\t32k\tINFO\t[2.469637870788574, 2.5204379558563232, 12.404333114624023, 19.62798500061035'
     ', 1.0575097799301147, 900, 9.968796830108985e-05]'),
    '2023-09-16 19:51:27,508\t32k\tINFO\tTrain Epoch: 26 [56%]',
    ('2023-09-16 19:51:27,514\t32k\tINFO\t[2.4157450199127197, 2.5774893760681152, 10.435491561889648, 18.1864871978759'
     '77, 0.8751903176307678, 920, 9.968796830108985e-05]'),
    '2023-09-16 19:52:18,037\t32k\tINFO\t====> Epoch: 26',
    '2023-09-16 19:53:19,420\t32k\tINFO\tTrain Epoch: 27 [11%]',
    ('2023-09-16 19:53:19,425\t32k\tINFO\t[2.3640682697296143, 2.3764545917510986, 12.386446952819824, 17.6352710723876'
     '95, 1.0562939643859863, 940, 9.967550730505221e-05]'),
    '2023-09-16 19:54:21,324\t32k\tINFO\tTrain Epoch: 27 [67%]',
    ('2023-09-16 19:54:21,328\t32k\tINFO\t[2.482426166534424, 2.2875022888183594, 11.424423217773438, 17.66464805603027'
     '3, 0.7100325226783752, 960, 9.967550730505221e-05]'),
    '2023-09-16 19:54:53,268\t32k\tINFO\t====> Epoch: 27',
    '2023-09-16 19:56:04,078\t32k\tINFO\tTrain Epoch: 28 [22%]',
    ('2023-09-16 19:56:04,082\t32k\tINFO\t[2.3800852298736572, 2.3575737476348877, 10.89510440826416, 18.38106536865234'
     '4, 1.0222392082214355, 980, 9.966304786663908e-05]'),
    '2023-09-16 19:56:57,417\t32k\tINFO\tTrain Epoch: 28 [78%]',
    ('2023-09-16 19:56:57,422\t32k\tINFO\t[2.4219048023223877, 2.2654004096984863, 9.891412734985352, 17.64169883728027'
     '3, 1.0566277503967285, 1000, 9.966304786663908e-05]'),
    '2023-09-16 19:57:05,148\t32k\tINFO\tSaving model and optimizer state at iteration 28 to ./logs\\32k\\G_1000.pth',
    '2023-09-16 19:57:05,806\t32k\tINFO\tSaving model and optimizer state at iteration 28 to ./logs\\32k\\D_1000.pth',
    '2023-09-16 19:57:31,084\t32k\tINFO\t====> Epoch: 28',
    '2023-09-16 19:59:03,328\t32k\tINFO\tTrain Epoch: 29 [33%]',
    ('2023-09-16 19:59:03,332\t32k\tINFO\t[2.4437255859375, 2.1874403953552246, 10.282402038574219, 15.858973503112793,'
     ' 0.9288459420204163, 1020, 9.965058998565574e-05]'),
    '2023-09-16 20:33:28,223\t32k\tINFO\tTrain Epoch: 29 [89%]',
    ('2023-09-16 20:33:28,226\t32k\tINFO\t[2.4451770782470703, 2.250109910964966, 13.370859146118164, 18.89321136474609'
     '4, 0.5302987694740295, 1040, 9.965058998565574e-05]'),
    '2023-09-16 20:33:35,465\t32k\tINFO\t====> Epoch: 29',
    '2023-09-16 20:35:08,661\t32k\tINFO\tTrain Epoch: 30 [44%]',
    ('2023-09-16 20:35:08,666\t32k\tINFO\t[2.389033317565918, 2.3443164825439453, 15.502449035644531, 20.63103866577148'
     '4, 0.9254726767539978, 1060, 9.963813366190753e-05]'),
    '2023-09-16 20:36:16,859\t32k\tINFO\t====> Epoch: 30',
    '2023-09-16 20:37:08,107\t32k\tINFO\tTrain Epoch: 31 [0%]',
    ('2023-09-16 20:37:08,111\t32k\tINFO\t[2.552232265472412, 2.540696144104004, 10.794126510620117, 18.01924705505371,'
     ' 0.7008826732635498, 1080, 9.962567889519979e-05]'),
    '2023-09-16 20:38:05,143\t32k\tINFO\tTrain Epoch: 31 [56%]',
    ('2023-09-16 20:38:05,146\t32k\tINFO\t[2.4823198318481445, 2.379178047180176, 11.699453353881836, 19.11458206176757'
     '8, 0.7509512305259705, 1100, 9.962567889519979e-05]'),
    '2023-09-16 20:38:48,366\t32k\tINFO\t====> Epoch: 31',
    '2023-09-16 20:39:47,658\t32k\tINFO\tTrain Epoch: 32 [11%]',
    ('2023-09-16 20:39:47,663\t32k\tINFO\t[2.435300588607788, 2.1453049182891846, 11.364524841308594, 19.16089057922363'
     '3, 0.7472439408302307, 1120, 9.961322568533789e-05]'),
    '2023-09-16 20:40:50,655\t32k\tINFO\tTrain Epoch: 32 [67%]',
    ('2023-09-16 20:40:50,660\t32k\tINFO\t[2.3772192001342773, 2.314288854598999, 10.95584774017334, 17.263315200805664'
     ', 0.9158449172973633, 1140, 9.961322568533789e-05]'),
    '2023-09-16 20:41:27,207\t32k\tINFO\t====> Epoch: 32',
    '2023-09-16 20:42:40,295\t32k\tINFO\tTrain Epoch: 33 [22%]',
    ('2023-09-16 20:42:40,299\t32k\tINFO\t[2.3665568828582764, 2.4662325382232666, 11.726611137390137, 18.3977355957031'
     '25, 0.937218964099884, 1160, 9.960077403212722e-05]'),
]


def _step_lines(lines: list[str]) -> list[tuple[int, int]]:
    """(step, ns) of the trainer's `[losses..., step, lr]` lines, by the raw text."""
    found = []
    for text in lines:
        stamp, _, _, message = text.split("\t")
        if message.startswith("["):
            found.append((int(message.strip("[]").split(", ")[-2]), _ns(stamp)))
    return found


def test_a_stall_between_step_lines_is_no_productive_time(tmp_path: Path) -> None:
    """The 2065 s between steps 1020 and 1040 (the others 53-131 s) were counted as training: a stall, its time
    beyond any usual interval's is `other`, and the finding names it (goodput had been 99.7 %)."""
    steps = _step_lines(SOVITS_STALL)
    gaps = {step: ns - before for (_, before), (step, ns) in zip(steps, steps[1:], strict=False)}
    stall = gaps.pop(1040)
    assert stall == 2_064_894_000_000
    con = console_connection(tmp_path, SOVITS_STALL)
    other = con.execute("select seconds from goodput_buckets where bucket = 'other'").fetchone()[0]
    # (whatever the allowance, no more than 4 of the longest other interval: the rest is the stall's)
    assert other >= (stall - 4 * max(gaps.values())) / 1e9
    assert con.execute("select step from int_log_stalls").fetchall() == [(1040,)]
    title = con.execute("select title from findings where finding = 'other'").fetchone()[0]
    assert "far longer than their steps' usual time" in title and "step 1040 took 2065 s" in title


def test_a_loops_regular_slow_steps_are_no_stall(sample_store: Any) -> None:
    """Every fourth step 5x slower (sample_logs/lightning_ddp_uneven: `--slow-every 4 --slow-sleep 1.5`, 0.3 s
    steps): the loop's own pattern, no stall; its steps' time stays productive."""
    con = QueryConnection(Store.open(sample_store("lightning_ddp_uneven")))
    assert con.execute("select count(*) from int_log_stalls").fetchone() == (0,)


# PointNet++'s semantic segmentation trainer (yanx27/Pointnet_Pointnet2_pytorch @ c28e1b648c3af55dd7e9988043323ed31f6d0472,
# log/sem_seg/pointnet2_sem_seg/logs/pointnet2_sem_seg.txt, lines 1-13 and 118-145): each launch logs its arguments,
# `Namespace(..., epoch=128, ...)`, then numbers its epochs from 1; its saves say `Saving at <path>.pth`
POINTNET_RELAUNCH = [
    '2021-03-20 23:41:43,195 - Model - INFO - PARAMETER ...',
    ("2021-03-20 23:41:43,195 - Model - INFO - Namespace(batch_size=16, decay_rate=0.0001, epoch=128, gpu='0', learn"
     "ing_rate=0.001, log_dir='pointnet2_sem_seg', lr_decay=0.7, model='pointnet2_sem_seg', npoint=4096, optimizer='"
     "Adam', step_size=10, test_area=5)"),
    '2021-03-21 01:22:39,196 - Model - INFO - The number of training data is: 47623',
    '2021-03-21 01:22:39,197 - Model - INFO - The number of test data is: 19191',
    '2021-03-21 01:22:39,263 - Model - INFO - No existing model, starting training from scratch...',
    '2021-03-21 01:22:39,266 - Model - INFO - **** Epoch 1 (1/128) ****',
    '2021-03-21 01:22:39,267 - Model - INFO - Learning rate:0.001000',
    '2021-03-21 02:50:07,309 - Model - INFO - Training mean loss: 0.817511',
    '2021-03-21 02:50:07,309 - Model - INFO - Training accuracy: 0.766915',
    '2021-03-21 02:50:07,310 - Model - INFO - Save model...',
    '2021-03-21 02:50:07,310 - Model - INFO - Saving at log/sem_seg/pointnet2_sem_seg/checkpoints/model.pth',
    '2021-03-21 02:50:07,356 - Model - INFO - Saving model....',
    '2021-03-21 02:50:07,992 - Model - INFO - ---- EPOCH 001 EVALUATION ----',
    'class sofa           weight: 0.020, IoU: 0.527 ',
    'class bookcase       weight: 0.003, IoU: 0.580 ',
    'class board          weight: 0.109, IoU: 0.407 ',
    'class clutter        weight: 0.011, IoU: 0.394 ',
    '',
    '2021-03-21 10:36:57,805 - Model - INFO - Eval mean loss: 0.741349',
    '2021-03-21 10:36:57,805 - Model - INFO - Eval accuracy: 0.810367',
    '2021-03-21 10:36:57,805 - Model - INFO - Save model...',
    '2021-03-21 10:36:57,805 - Model - INFO - Saving at log/sem_seg/pointnet2_sem_seg/checkpoints/best_model.pth',
    '2021-03-21 10:36:57,864 - Model - INFO - Saving model....',
    '2021-03-21 10:36:57,864 - Model - INFO - Best mIoU: 0.513180',
    '2021-03-21 10:36:57,865 - Model - INFO - **** Epoch 5 (5/128) ****',
    '2021-03-21 10:36:57,865 - Model - INFO - Learning rate:0.001000',
    '2021-03-21 12:06:38,858 - Model - INFO - PARAMETER ...',
    ("2021-03-21 12:06:38,858 - Model - INFO - Namespace(batch_size=16, decay_rate=0.0001, epoch=128, gpu='0', learn"
     "ing_rate=0.001, log_dir='pointnet2_sem_seg', lr_decay=0.7, model='pointnet2_sem_seg', npoint=4096, optimizer='"
     "Adam', step_size=10, test_area=5)"),
    '2021-03-21 15:23:18,178 - Model - INFO - The number of training data is: 47623',
    '2021-03-21 15:23:18,183 - Model - INFO - The number of test data is: 19191',
    '2021-03-21 15:23:18,541 - Model - INFO - Use pretrain model',
    '2021-03-21 15:23:18,542 - Model - INFO - **** Epoch 1 (4/128) ****',
    '2021-03-21 15:23:18,543 - Model - INFO - Learning rate:0.001000',
    '2021-03-21 16:03:43,563 - Model - INFO - Training mean loss: 0.374252',
    '2021-03-21 16:03:43,564 - Model - INFO - Training accuracy: 0.881541',
    '2021-03-21 16:03:44,232 - Model - INFO - ---- EPOCH 001 EVALUATION ----',
    '2021-03-21 16:40:26,927 - Model - INFO - eval mean loss: 0.770434',
    '2021-03-21 16:40:26,928 - Model - INFO - eval point avg class IoU: 0.494568',
    '2021-03-21 16:40:26,928 - Model - INFO - eval point accuracy: 0.805591',
    '2021-03-21 16:40:26,928 - Model - INFO - eval point avg class acc: 0.622874',
    '2021-03-21 16:40:26,929 - Model - INFO - ------- IoU --------',
]


def test_an_argparse_dump_names_no_epoch_and_saving_at_a_path_is_a_save(tmp_path: Path) -> None:
    """`INFO - Namespace(batch_size=16, decay_rate=0.0001, epoch=128, ...)` had been epoch 128 (and the second launch's
    the epoch before's last line): a counter back from 128 to 1, four attempts for the log's two launches; `Saving at
    ....pth` is a save (none was read)."""
    _, steps, events = _read(tmp_path, POINTNET_RELAUNCH, parser_name="generic_log")
    assert 128 not in {s["step"] for s in steps}
    saves = [e["line"] for e in events if e["kind"] == "checkpoint_save_start"]
    assert saves == [n for n, t in enumerate(POINTNET_RELAUNCH, 1) if " - Saving at " in t]
    con = console_connection(tmp_path, POINTNET_RELAUNCH)
    launches = [n for n, t in enumerate(POINTNET_RELAUNCH, 1) if t.endswith("INFO - PARAMETER ...")]
    assert len(launches) == 2
    assert con.execute("select count(*) from attempts").fetchone() == (2,)
