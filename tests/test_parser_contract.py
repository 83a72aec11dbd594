"""Every registered parser on empty, garbage, truncated and wrong-format input: a ParseError
naming the file, or a salvaged result; never another exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, read_trace_bytes
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, ParseResult, registry

PARSERS = sorted(registry().values(), key=lambda p: p.name)


def _sample_for(parser_name: str) -> bytes:
    if parser_name == "kineto":
        return read_trace_bytes(sorted(SAMPLE_LOGS.rglob("*.pt.trace.json.gz"))[0])
    if parser_name == "generic_log":
        return (SAMPLE_LOGS / "ddp_gloo_2rank" / "console.log").read_bytes()
    if parser_name == "hf_trainer":
        return corpus_or_skip("logs", "hf_trainer", "llamafactory_dpo_full_run_ckpt_save_metrics.log").read_bytes()
    if parser_name == "megatron":
        return corpus_or_skip("logs", "megatron", "gpt2_tp2_fp16_ckpt_save_eval.log").read_bytes()
    if parser_name == "mlgp":
        return corpus_or_skip("logs", "goodput_mlgp", "synthetic_events_with_restart.jsonl").read_bytes()
    if parser_name == "flight_recorder":
        return (SAMPLE_LOGS / "fr_gloo_skip_4rank" / "fr_trace_rank_0").read_bytes()
    if parser_name == "nccl_tests":
        return corpus_or_skip("nccl", "nccl-debug", "aws_efa_eks_p4d_16rank_nccl_info_plus_all_reduce_perf.log").read_bytes()
    if parser_name == "nccl_debug":
        return corpus_or_skip("nccl", "nccl-debug", "nccl_issue429_channels_ib_gdrdma.log").read_bytes()
    if parser_name == "straggler_report":
        return corpus_or_skip("logs", "straggler", "xtuner_pr1790_data_bound_slowest_ranks.log").read_bytes()
    if parser_name == "jsonl_metrics":
        return (SAMPLE_LOGS / "jsonl_metrics_gloo_2rank" / "metrics.jsonl").read_bytes()
    if parser_name == "hf_trainer_state":
        return (SAMPLE_LOGS / "hf_trainer_state" / "trainer_state.json").read_bytes()
    if parser_name == "deepspeed":
        return corpus_or_skip("logs", "deepspeed", "helloDS_bert_fp16_overflow_skips_ckpt_every10.log").read_bytes()
    if parser_name == "lightning":
        return corpus_or_skip("logs", "nemo", "nemo1_ptl_progressbar_variants.log").read_bytes()
    if parser_name == "mlperf":
        return corpus_or_skip("logs", "mlperf", "llama2_70b_lora_asus_result_0.log").read_bytes()
    if parser_name == "tensorboard":
        return next((SAMPLE_LOGS / "hf_trainer_default_tb" / "runs").rglob("events.out.tfevents.*")).read_bytes()
    if parser_name == "json_metrics":
        return (SAMPLE_LOGS / "sacred_metrics" / "metrics.json").read_bytes()
    if parser_name == "tensorboard_csv":
        return next((SAMPLE_LOGS / "tensorboard_csv_export").glob("*.csv")).read_bytes()
    if parser_name == "epoch_csv":
        return (SAMPLE_LOGS / "keras_csvlogger" / "training.log").read_bytes()
    if parser_name == "lightning_csv":
        return (SAMPLE_LOGS / "lightning_ddp_bar" / "csv" / "version_0" / "metrics.csv").read_bytes()
    if parser_name == "openmmlab":
        return (SAMPLE_LOGS / "mmengine_restart" / "console.log").read_bytes()
    if parser_name == "ultralytics":
        return (SAMPLE_LOGS / "ultralytics_resume" / "console.log").read_bytes()
    if parser_name == "keras":
        return (SAMPLE_LOGS / "keras_fit" / "console.log").read_bytes()
    if parser_name == "fairseq":
        return corpus_or_skip("wild", "mlperf", "v0.6_nvidia_dgx1_pytorch_transformer_mll_2019_result_0.txt").read_bytes()
    if parser_name == "dllogger":
        # (no DLLogger to record with here, nor a file of it in the corpus: the public records tests/test_dllogger.py quotes)
        from tests.test_dllogger import BERT_OVERFLOWS, EVALUATION_ONLY, IMAGENET_EPOCHS

        return "\n".join([*BERT_OVERFLOWS, *IMAGENET_EPOCHS, *EVALUATION_ONLY, ""]).encode()
    if parser_name in ("tensorflow", "composer", "llama_recipes"):
        # no real console of theirs in the repository or the corpus: another framework's (wrong-format input)
        return (SAMPLE_LOGS / "mmengine_restart" / "console.log").read_bytes()
    raise AssertionError(f"add a sample input for parser {parser_name}")


def _run(parser, path: Path) -> ParseResult | None:  # type: ignore[no-untyped-def]
    try:
        return parser.parse(path, ParseOptions())
    except ParseError as exc:
        assert str(path) in str(exc)
        assert "\n" not in str(exc)
        return None


BAD_INPUTS = {
    "empty": b"",
    "whitespace": b"  \n\t\n",
    "garbage": os.urandom(4096),
    "text": b"this is not a trace\n" * 50,
    "json_list": b"[1, 2, 3]",
    "json_object": b'{"hello": "world"}',
    "wrong_types": b'{"traceEvents": [{"ph": "X", "ts": "soon", "dur": [], "name": 5, "pid": {}, "args": 3}]}',
    "gzip_header_only": b"\x1f\x8b\x08\x00\x00\x00\x00\x00",
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.name)
def test_bad_input_never_crashes(parser, case: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"input{'.gz' if case.startswith('gzip') else ''}"
    path.write_bytes(BAD_INPUTS[case])
    _run(parser, path)


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.name)
def test_truncated_sample_never_crashes(parser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = _sample_for(parser.name)
    for i, cut in enumerate(range(1, len(data), max(1, len(data) // 37))):
        path = tmp_path / f"cut{i}"
        path.write_bytes(data[:cut])
        _run(parser, path)


def test_a_dated_line_of_year_19_bounds_no_undated_event(tmp_path: Path) -> None:
    """The fairseq sample with its shell trace's `++ echo 'STARTING TIMING RUN AT 2019-...` year mutated
    to 0019 (the case the mutation test below drew): a time outside what the store holds dates no
    undated event after it; the file parses (it crashed writing that time as the events' `after_ns`)."""
    sample = _sample_for("fairseq")[:20000]
    at = sample.index(b"++ echo 'STARTING TIMING RUN AT 2019-06-25") + len(b"++ echo 'STARTING TIMING RUN AT ")
    path = tmp_path / "mutated"
    path.write_bytes(sample[:at] + b"0" + sample[at + 1:])
    result = _run(registry()["fairseq"], path)
    assert result is not None
    after = result.tables["log_events"].column("after_ns").to_pylist()
    assert after and all(ns is None or ns > 0 for ns in after)


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_sample_never_crashes(parser, tmp_path: Path, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    sample = bytearray(_sample_for(parser.name)[:20000])
    for _ in range(data.draw(st.integers(1, 8))):
        pos = data.draw(st.integers(0, len(sample) - 1))
        sample[pos] = data.draw(st.integers(0, 255))
    path = tmp_path / "mutated"
    path.write_bytes(bytes(sample))
    _run(parser, path)


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.name)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.binary(min_size=0, max_size=3000))
def test_random_bytes_never_crash(parser, tmp_path: Path, blob: bytes) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "random"
    path.write_bytes(blob)
    _run(parser, path)


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.name)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_lines_never_crash(parser, tmp_path: Path, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    """Real lines deleted, repeated, swapped, cut, or with a token replaced by another line's."""
    lines = _sample_for(parser.name)[:30000].split(b"\n")
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "repeat", "swap", "cut", "token"]))
        if action == "delete" and len(lines) > 1:
            del lines[i]
        elif action == "repeat":
            lines.insert(i, lines[i])
        elif action == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "cut":
            lines[i] = lines[i][: data.draw(st.integers(0, max(0, len(lines[i]))))]
        else:
            tokens = lines[i].split(b" ")
            donor = lines[data.draw(st.integers(0, len(lines) - 1))].split(b" ")
            tokens[data.draw(st.integers(0, len(tokens) - 1))] = donor[data.draw(st.integers(0, len(donor) - 1))]
            lines[i] = b" ".join(tokens)
    path = tmp_path / "mutated_lines"
    path.write_bytes(b"\n".join(lines))
    _run(parser, path)


def test_a_parse_error_quoting_the_inputs_line_breaks_is_one_line() -> None:
    """A library's message may quote the input's bytes (the unpickler's `could not convert string to
    float: '](}(hX` and the line break after it, found by the mutation test above): the error is still
    one line naming the file and offset."""
    from tracelens.errors import ParseError

    error = ParseError("/x/fr_dump", "unreadable flight-recorder pickle (ValueError: could not convert string to "
                       "float: '](}(hX\n')", where="byte 0")
    assert "\n" not in str(error) and str(error).startswith("/x/fr_dump:byte 0: unreadable flight-recorder pickle")
