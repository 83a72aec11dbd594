"""Fine-tuning frameworks' own JSON-lines logs, on quoted real records: each file's steps and
the time between them read from its elapsed-time field, and a record that copies the Trainer's
log_history keeps the file JSON lines."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_line_rules import _read

# ms-swift's logging.jsonl of a Qwen3-8B LoRA run (github.com/lgc-FINANCE/DeepClima-R1 @
# d79478ab3016a2d4f02dd780d1ce92fe50c859de : logging.jsonl, lines 10-13 and 49-51 of 51)
SWIFT_STEPS = [
        ('{"loss": 0.1126359, "grad_norm": 3.18957353, "learning_rate": 8.994e-05, "token_acc": 0.95, "epoch":'
         ' 0.20589076, "global_step/max_steps": "90/438", "percentage": "20.55%", "elapsed_time": "7m 34s", "r'
         'emaining_time": "29m 16s", "memory(GiB)": 16.51, "train_speed(iter/s)": 0.19809}'),
        ('{"loss": 0.16255112, "grad_norm": 1.31140614, "learning_rate": 8.768e-05, "token_acc": 0.928125, "ep'
         'och": 0.22876752, "global_step/max_steps": "100/438", "percentage": "22.83%", "elapsed_time": "8m 24'
         's", "remaining_time": "28m 23s", "memory(GiB)": 16.51, "train_speed(iter/s)": 0.198369}'),
        ('{"eval_loss": 0.15809415, "eval_runtime": 148.4461, "eval_samples_per_second": 13.379, "eval_steps_p'
         'er_second": 13.379, "eval_token_acc": 0.9284995, "epoch": 0.22876752, "global_step/max_steps": "100/'
         '438", "percentage": "22.83%", "elapsed_time": "10m 52s", "remaining_time": "36m 45s", "memory(GiB)":'
         ' 16.51, "train_speed(iter/s)": 0.153241}'),
        ('{"loss": 0.1891808, "grad_norm": 2.66828418, "learning_rate": 8.523e-05, "token_acc": 0.925, "epoch"'
         ': 0.25164427, "global_step/max_steps": "110/438", "percentage": "25.11%", "elapsed_time": "11m 43s",'
         ' "remaining_time": "34m 58s", "memory(GiB)": 16.51, "train_speed(iter/s)": 0.156283}'),
]
SWIFT_END = [
        ('{"eval_loss": 0.12936011, "eval_runtime": 149.668, "eval_samples_per_second": 13.269, "eval_steps_pe'
         'r_second": 13.269, "eval_token_acc": 0.94637462, "epoch": 1.0, "global_step/max_steps": "438/438", "'
         'percentage": "100.00%", "elapsed_time": "49m 19s", "remaining_time": "0s", "memory(GiB)": 16.56, "tr'
         'ain_speed(iter/s)": 0.148018}'),
        ('{"train_runtime": 2959.8245, "train_samples_per_second": 2.363, "train_steps_per_second": 0.148, "to'
         'tal_flos": 9.157509569779507e+16, "train_loss": 0.28420261, "epoch": 1.0, "global_step/max_steps": "'
         '438/438", "percentage": "100.00%", "elapsed_time": "49m 19s", "remaining_time": "0s", "memory(GiB)":'
         ' 16.56, "train_speed(iter/s)": 0.147982}'),
        ('{"train_dataset": "287.505147±102.300820, min=63.000000, max=1005.000000, size=6994", "val_dataset":'
         ' "286.898288±101.851815, min=112.000000, max=969.000000, size=1986", "model_parameter_info": "PeftMo'
         'delForCausalLM: 8212.5588M Params (21.8235M Trainable [0.2657%]), 0.0001M Buffers.", "last_model_che'
         'ckpoint": "/openbayes/input/input1/finetune_outputs_r1_0528_qwen3_8b/v0-20260124-040114/checkpoint-4'
         '38", "best_model_checkpoint": "/openbayes/input/input1/finetune_outputs_r1_0528_qwen3_8b/v0-20260124'
         '-040114/checkpoint-400", "best_metric": 0.12932175, "global_step": 438, "log_history": [{"loss": 20.'
         '53074073791504, "grad_norm": 52.22467041015625, "learning_rate": 9.999871385577755e-05, "token_acc":'
         ' 0.0, "epoch": 0.002287675150128682, "step": 1}, {"loss": 3.9474500020345054, "grad_norm": 2.0992825'
         '031280518, "learning_rate": 9.987144015627809e-05, "token_acc": 0.5520833333333334, "epoch": 0.02287'
         '675150128682, "step": 10}, {"loss": 0.23745524883270264, "grad_norm": 3.9188127517700195, "learning_'
         'rate": 9.948642173044905e-05, "token_acc": 0.88125, "epoch": 0.04575350300257364, "step": 20}, {"los'
         's": 0.2744978189468384, "grad_norm": 3.444265127182007, "learning_rate": 9.88469246388591e-05, "toke'
         'n_acc": 0.890625, "epoch": 0.06863025450386046, "step": 30}, {"loss": 0.2235708475112915, "grad_norm'
         '": 1.8926498889923096, "learning_rate": 9.79562374273544e-05, "token_acc": 0.8875, "epoch": 0.091507'
         '00600514727, "step": 40}, {"loss": 0.2486494541168213, "grad_norm": 4.967857837677002, "learning_rat'
         'e": 9.681894036028365e-05, "token_acc": 0.89375, "epoch": 0.11438375750643409, "step": 50}, {"loss":'
         ' 0.2109673261642456, "grad_norm": 2.8692078590393066, "learning_rate": 9.544088186697515e-05, "token'
         '_acc": 0.9125, "epoch": 0.1372605090077209, "step": 60}, {"loss": 0.15803130865097045, "grad_norm": '
         '1.1083389520645142, "learning_rate": 9.382914846681047e-05, "token_acc": 0.928125, "epoch": 0.160137'
         '26050900773, "step": 70}, {"loss": 0.16781989336013795, "grad_norm": 1.4785754680633545, "learning_r'
         'ate": 9.19920283275515e-05, "token_acc": 0.925, "epoch": 0.18301401201029455, "step": 80}, {"loss": '
         '0.1126358985900879, "grad_norm": 3.1895735263824463, "learning_rate": 8.993896864431826e-05, "token_'
         'acc": 0.95, "epoch": 0.20589076351158137, "step": 90}, {"loss": 0.16255111694335939, "grad_norm": 1.'
         '311406135559082, "learning_rate": 8.76805270583919e-05, "token_acc": 0.928125, "epoch": 0.2287675150'
         '1286818, "step": 100}, {"eval_loss": 0.1580941528081894, "eval_runtime": 148.4461, "eval_samples_per'
         '_second": 13.379, "eval_steps_per_second": 13.379, "eval_token_acc": 0.9284994964753273, "epoch": 0.'
         '22876751501286818, "step": 100}, {"loss": 0.1891808032989502, "grad_norm": 2.6682841777801514, "lear'
         'ning_rate": 8.522831736566607e-05, "token_acc": 0.925, "epoch": 0.251644266514155, "step": 110}, {"l'
         'oss": 0.13977115154266356, "grad_norm": 2.14064621925354, "learning_rate": 8.259494979393563e-05, "t'
         'oken_acc": 0.93125, "epoch": 0.2745210180154418, "step": 120}, {"loss": 0.12029837369918824, "grad_n'
         'orm": 3.848020553588867, "learning_rate": 7.97939661561399e-05, "token_acc": 0.95, "epoch": 0.297397'
         '76951672864, "step": 130}, {"loss": 0.17650880813598632, "grad_norm": 1.9378141164779663, "learning_'
         'rate": 7.68397702130286e-05, "token_acc": 0.9375, "epoch": 0.32027452101801546, "step": 140}, {"loss'
         '": 0.1635184407234192, "grad_norm": 2.0344271659851074, "learning_rate": 7.374755360335253e-05, "tok'
         'en_acc": 0.93125, "epoch": 0.3431512725193023, "step": 150}, {"loss": 0.1306794762611389, "grad_norm'
         '": 1.4447118043899536, "learning_rate": 7.053321772247545e-05, "token_acc": 0.9625, "epoch": 0.36602'
         '80240205891, "step": 160}, {"loss": 0.15100735425949097, "grad_norm": 5.035830020904541, "learning_r'
         'ate": 6.721329195113801e-05, "token_acc": 0.94375, "epoch": 0.3889047755218759, "step": 170}, {"loss'
         '": 0.2260215997695923, "grad_norm": 3.4045960903167725, "learning_rate": 6.380484865487347e-05, "tok'
         'en_acc": 0.915625, "epoch": 0.41178152702316273, "step": 180}, {"loss": 0.14568426609039306, "grad_n'
         'orm": 1.4544163942337036, "learning_rate": 6.032541539118187e-05, "token_acc": 0.925, "epoch": 0.434'
         '65827852444955, "step": 190}, {"loss": 0.13349841833114623, "grad_norm": 1.8736698627471924, "learni'
         'ng_rate": 5.679288477592815e-05, "token_acc": 0.94375, "epoch": 0.45753503002573637, "step": 200}, {'
         '"eval_loss": 0.14690524339675903, "eval_runtime": 150.2526, "eval_samples_per_second": 13.218, "eval'
         '_steps_per_second": 13.218, "eval_token_acc": 0.9408358509566969, "epoch": 0.45753503002573637, "ste'
         'p": 200}, {"loss": 0.15155742168426514, "grad_norm": 1.2647486925125122, "learning_rate": 5.32254224'
         '72465824e-05, "token_acc": 0.94375, "epoch": 0.4804117815270232, "step": 210}, {"loss": 0.2098403930'
         '6640626, "grad_norm": 2.9115355014801025, "learning_rate": 4.9641373776643616e-05, "token_acc": 0.89'
         '375, "epoch": 0.50328853302831, "step": 220}, {"loss": 0.14501556158065795, "grad_norm": 1.265008330'
         '3451538, "learning_rate": 4.605916927807057e-05, "token_acc": 0.93125, "epoch": 0.5261652845295968, '
         '"step": 230}, {"loss": 0.16473534107208251, "grad_norm": 2.7214508056640625, "learning_rate": 4.2497'
         '23008276737e-05, "token_acc": 0.93125, "epoch": 0.5490420360308836, "step": 240}, {"loss": 0.1678103'
         '804588318, "grad_norm": 2.348257064819336, "learning_rate": 3.89738730845858e-05, "token_acc": 0.931'
         '25, "epoch": 0.5719187875321704, "step": 250}, {"loss": 0.17198245525360106, "grad_norm": 1.79131543'
         '63632202, "learning_rate": 3.550721677252839e-05, "token_acc": 0.921875, "epoch": 0.5947955390334573'
         ', "step": 260}, {"loss": 0.1264552116394043, "grad_norm": 2.0828781127929688, "learning_rate": 3.211'
         '5088058343725e-05, "token_acc": 0.934375, "epoch": 0.617672290534744, "step": 270}, {"loss": 0.11633'
         '197069168091, "grad_norm": 2.035753011703491, "learning_rate": 2.8814930603527068e-05, "token_acc": '
         '0.95625, "epoch": 0.6405490420360309, "step": 280}, {"loss": 0.14597679376602174, "grad_norm": 1.478'
         '1373739242554, "learning_rate": 2.5623715117144336e-05, "token_acc": 0.934375, "epoch": 0.6634257935'
         '373177, "step": 290}, {"loss": 0.14754106998443603, "grad_norm": 1.4524227380752563, "learning_rate"'
         ': 2.2557852085764053e-05, "token_acc": 0.9375, "epoch": 0.6863025450386046, "step": 300}, {"eval_los'
         's": 0.13665771484375, "eval_runtime": 149.8171, "eval_samples_per_second": 13.256, "eval_steps_per_s'
         'econd": 13.256, "eval_token_acc": 0.93932527693857, "epoch": 0.6863025450386046, "step": 300}, {"los'
         's": 0.15099625587463378, "grad_norm": 1.821704387664795, "learning_rate": 1.963310738427367e-05, "to'
         'ken_acc": 0.946875, "epoch": 0.7091792965398913, "step": 310}, {"loss": 0.15256226062774658, "grad_n'
         'orm": 1.1487815380096436, "learning_rate": 1.6864521201543197e-05, "token_acc": 0.934375, "epoch": 0'
         '.7320560480411782, "step": 320}, {"loss": 0.15840020179748535, "grad_norm": 1.0522993803024292, "lea'
         'rning_rate": 1.4266330697851954e-05, "token_acc": 0.94375, "epoch": 0.754932799542465, "step": 330},'
         ' {"loss": 0.10778670310974121, "grad_norm": 0.9506863951683044, "learning_rate": 1.1851896791804507e'
         '-05, "token_acc": 0.953125, "epoch": 0.7778095510437518, "step": 340}, {"loss": 0.11972253322601319,'
         ' "grad_norm": 1.0394089221954346, "learning_rate": 9.633635453226376e-06, "token_acc": 0.953125, "ep'
         'och": 0.8006863025450386, "step": 350}, {"loss": 0.12600152492523192, "grad_norm": 0.458532214164733'
         '9, "learning_rate": 7.6229538553584556e-06, "token_acc": 0.946875, "epoch": 0.8235630540463255, "ste'
         'p": 360}, {"loss": 0.14285500049591066, "grad_norm": 1.3011234998703003, "learning_rate": 5.83019171'
         '4680577e-06, "token_acc": 0.940625, "epoch": 0.8464398055476122, "step": 370}, {"loss": 0.1683816313'
         '7435913, "grad_norm": 0.590656578540802, "learning_rate": 4.26456812001822e-06, "token_acc": 0.92187'
         '5, "epoch": 0.8693165570488991, "step": 380}, {"loss": 0.17321476936340333, "grad_norm": 0.985672175'
         '8842468, "learning_rate": 2.934134124357646e-06, "token_acc": 0.93125, "epoch": 0.8921933085501859, '
         '"step": 390}, {"loss": 0.14898773431777954, "grad_norm": 2.006941080093384, "learning_rate": 1.84573'
         '13431614498e-06, "token_acc": 0.940625, "epoch": 0.9150700600514727, "step": 400}, {"eval_loss": 0.1'
         '2932175397872925, "eval_runtime": 149.676, "eval_samples_per_second": 13.269, "eval_steps_per_second'
         '": 13.269, "eval_token_acc": 0.9453675730110775, "epoch": 0.9150700600514727, "step": 400}, {"loss":'
         ' 0.08834664821624756, "grad_norm": 0.3347867429256439, "learning_rate": 1.004956772087895e-06, "toke'
         'n_acc": 0.965625, "epoch": 0.9379468115527595, "step": 410}, {"loss": 0.1341778039932251, "grad_norm'
         '": 2.3953280448913574, "learning_rate": 4.1613400503550114e-07, "token_acc": 0.940625, "epoch": 0.96'
         '08235630540464, "step": 420}, {"loss": 0.154768168926239, "grad_norm": 1.4361709356307983, "learning'
         '_rate": 8.229100052074556e-08, "token_acc": 0.934375, "epoch": 0.9837003145553331, "step": 430}, {"e'
         'val_loss": 0.1293601095676422, "eval_runtime": 149.668, "eval_samples_per_second": 13.269, "eval_ste'
         'ps_per_second": 13.269, "eval_token_acc": 0.9463746223564955, "epoch": 1.0, "step": 438}, {"train_ru'
         'ntime": 2959.8245, "train_samples_per_second": 2.363, "train_steps_per_second": 0.148, "total_flos":'
         ' 9.157509569779507e+16, "train_loss": 0.28420260807150577, "epoch": 1.0, "step": 438}], "memory": 16'
         '.5625}'),
]
# LLaMA-Factory's trainer_log.jsonl holding only its final record (github.com/aa-n/Qwen3_Lora @
# 30c874c5617aa800abf0c84c70bc2a6587634903 : trainer_log.jsonl, the whole file)
LLAMAFACTORY = [
        ('{"current_steps": 768, "total_steps": 768, "epoch": 2.9965936739659367, "percentage": 100.0, "elapse'
         'd_time": "1:39:39", "remaining_time": "0:00:00", "throughput": 4129.18, "total_tokens": 24689312}'),
]


def test_ms_swift_records_are_steps_timed_by_their_elapsed_time(tmp_path: Path) -> None:
    parser, steps, events = _read(tmp_path, SWIFT_STEPS + SWIFT_END, name="logging.jsonl")
    assert parser == "jsonl_metrics"  # not trainer_state.json: its last record copies the log_history
    assert {s["framework"] for s in steps} == {"ms_swift"}
    train = [s for s in steps if s["loss"] is not None]
    assert [s["step"] for s in train] == [90, 100, 110]
    assert [s["loss"] for s in train] == [0.1126359, 0.16255112, 0.1891808]
    by_step = {s["step"]: s["step_time_s"] for s in train}
    assert by_step[90] is None  # the first record read: nothing before it to time it from
    assert by_step[100] == (8 * 60 + 24 - (7 * 60 + 34)) / 10  # "8m 24s" - "7m 34s" over 10 steps
    # after the evaluation's record at step 100 ("10m 52s"), not across the evaluation's 148 s
    assert by_step[110] == (11 * 60 + 43 - (10 * 60 + 52)) / 10
    # the evaluation at step 438 (`"elapsed_time": "49m 19s"`, after its 150 s) times no step
    assert {s["step_time_s"] for s in steps if s["step"] == 438} == {None}
    ends = [e for e in events if e["kind"] == "attempt_end"]
    assert [(e["line"], e["duration_s"]) for e in ends] == [(6, 2959.8245)]  # the train_runtime record
    assert all(s["end_ns"] is None for s in steps)  # elapsed times date nothing


# LLaMA-Factory's trainer_log.jsonl of a completed run, its last three records (github.com/Yvonne530/
# HealthAI-OPPO-2026 @ 6d4b26904e09a2e60d75aa4cfd098e4718a84a31 : trainer_log.jsonl, lines 8-10 of 10)
LLAMAFACTORY_END = [
    ('{"current_steps": 8, "total_steps": 9, "loss": 2.3997, "lr": 1.4644660940672627e-05, "epoch": 2.6956521739130435, '
     '"percentage": 88.89, "elapsed_time": "0:05:01", "remaining_time": "0:00:37"}'),
    ('{"current_steps": 9, "total_steps": 9, "loss": 2.3993, "lr": 3.8060233744356633e-06, "epoch": 3.0, "percentage": '
     '100.0, "elapsed_time": "0:05:35", "remaining_time": "0:00:00"}'),
    ('{"current_steps": 9, "total_steps": 9, "epoch": 3.0, "percentage": 100.0, "elapsed_time": "0:05:37", '
     '"remaining_time": "0:00:00"}'),
]


def test_llamafactory_final_record_alone_is_its_last_step_and_the_end(tmp_path: Path) -> None:
    """Its callback writes the Trainer's summary log as its progress alone (no loss): the run's end, after
    1:39:39 of training; the file has no record of step 768 but it."""
    parser, steps, events = _read(tmp_path, LLAMAFACTORY, name="trainer_log.jsonl")
    assert parser == "jsonl_metrics"
    assert [(s["framework"], s["step"], s["step_time_s"]) for s in steps] == [("llamafactory", 768, None)]
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events] == [("attempt_end", 1, 3600 + 39 * 60 + 39)]


def test_llamafactory_summary_record_after_its_last_step_is_the_end_not_a_step(tmp_path: Path) -> None:
    """The summary's record repeats step 9, which the record before logged with its loss: steps 8 and 9
    once each, and the end (5 min 37 s of training)."""
    _, steps, events = _read(tmp_path, LLAMAFACTORY_END, name="trainer_log.jsonl")
    assert [(s["step"], s["loss"]) for s in steps] == [(8, 2.3997), (9, 2.3993)]
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events] == [("attempt_end", 3, 5 * 60 + 37)]


# MAE's pretraining log.txt of a resumed run, the whole file (github.com/matteorossil/mae_ssl @
# 511cfd75f2e479e2c68a2628ad672a657eb24735 : output_dir/log.txt)
MAE_RESUMED = [
    '{"train_lr": 1.3323210643431116e-05, "train_loss": 0.02419143170118332, "epoch": 281}',
    '{"train_lr": 1.3305077680450133e-05, "train_loss": 0.027349738404154778, "epoch": 282}',
    '{"train_lr": 1.3286886018727517e-05, "train_loss": 0.019684655591845512, "epoch": 283}',
    '{"train_lr": 1.3268635852676117e-05, "train_loss": 0.02072853222489357, "epoch": 284}',
    '{"train_lr": 1.3250327377334004e-05, "train_loss": 0.02659517154097557, "epoch": 285}',
    '{"train_lr": 1.32319607883624e-05, "train_loss": 0.02273397147655487, "epoch": 286}',
    '{"train_lr": 1.3213536282043587e-05, "train_loss": 0.020773451775312424, "epoch": 287}',
]
# mmcv 1.3.16's TextLoggerHook records (github.com/TrellixVulnTeam/enseg_1S4Q @
# 67ad440b943c41588978e63edbc6887529d8f6f3 : configs/ugev2/work_dirs/autoencoder_L2/20220105_170742.log.json,
# lines 2-3 of 3; line 1 is the run's environment and config)
MMCV_RECORDS = [
    ('{"mode": "train", "epoch": 1, "iter": 5, "lr": {"rec": 0.0009964028796628352}, "memory": 6007, "data'
     '_time": 0.3646, "rec.low.loss_PixelLoss_L2": 1.44718, "rec.light.loss_PixelLoss_L2": 1.49681, "loss"'
     ': 2.94399, "time": 1.43627}'),
    ('{"mode": "train", "epoch": 1, "iter": 10, "lr": {"rec": 0.000991904446571432}, "memory": 6007, "data'
     '_time": 0.12213, "rec.low.loss_PixelLoss_L2": 0.89953, "rec.light.loss_PixelLoss_L2": 0.88313, "loss'
     '": 1.78266, "time": 0.8731}'),
]


def test_an_epoch_number_with_nothing_finer_is_the_step(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, MAE_RESUMED, name="log.txt")
    assert parser == "jsonl_metrics"
    assert [s["step"] for s in steps] == list(range(281, 288))
    assert [s["loss"] for s in steps][:2] == [0.02419143170118332, 0.027349738404154778]  # train_loss as printed
    assert all(s["step_time_s"] is None and s["end_ns"] is None for s in steps)  # the file has no time


def test_mmcv_time_is_seconds_an_iteration_not_a_moment(tmp_path: Path) -> None:
    """`"time": 1.43627` would be 1.4 s after 1970 read as a clock."""
    parser, steps, _ = _read(tmp_path, MMCV_RECORDS, name="20220105_170742.log.json")
    assert parser == "jsonl_metrics"
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["loss"], s["end_ns"]) for s in steps] == [
        (5, 1.43627, 0.3646, 2.94399, None), (10, 0.8731, 0.12213, 1.78266, None)]


# A Tencent ad-recommendation model's step log (github.com/GPT-AGI/Tencent_rec @ edda7c2, logs/train.log, lines
# 13-16): each record has its clock (`time`) and the whole seconds since training began (`elapsed_time`)
CLOCKED_ELAPSED = [
    '{"global_step": 12, "loss": 1.3118336200714111, "epoch": 2, "time": 1754068215.4475765, "elapsed_time": "'
    '00:00:14", "eta": "00:00:09", "progress_pct": 61.9, "steps_per_sec": 0.88}',
    '{"global_step": 13, "loss": 1.2609527111053467, "epoch": 2, "time": 1754068215.5432763, "elapsed_time": "'
    '00:00:14", "eta": "00:00:07", "progress_pct": 66.67, "steps_per_sec": 0.94}',
    '{"global_step": 14, "loss": 2.59089994430542, "epoch": 3, "time": 1754068225.0665376, "elapsed_time": "00'
    ':00:24", "eta": "00:00:09", "progress_pct": 71.43, "steps_per_sec": 0.61}',
    '{"global_step": 15, "loss": 2.210367441177368, "epoch": 3, "time": 1754068225.686532, "elapsed_time": "00'
    ':00:25", "eta": "00:00:07", "progress_pct": 76.19, "steps_per_sec": 0.64}',
]


def test_a_record_with_a_clock_is_timed_by_it_not_by_its_whole_elapsed_seconds(tmp_path: Path) -> None:
    """Step 14 is 9.52 s after step 13 by their clocks (`time`), 10 s by their `elapsed_time`
    (00:00:14, then 00:00:24): the clock dates each step and no whole-second step time is made."""
    _, steps, _ = _read(tmp_path, CLOCKED_ELAPSED, name="train.log")
    clocks = [json.loads(t)["time"] for t in CLOCKED_ELAPSED]
    assert [(s["end_ns"], s["step_time_s"]) for s in steps] == [(round(c * 1e9), None) for c in clocks]
