"""Numbers from inputs: the one set of coercions every parser uses.

Inputs carry anything where a number is expected: strings ("1.5e-3", "N/A"), booleans, NaN and
infinities (a timer that failed, an overflow), integers no int64 column holds. A figure that is
not a finite number, or an integer that does not fit its column, is None: it is missing, never
a wrong value that a sum or a ratio takes in.
"""

from __future__ import annotations

import math
import re
from typing import Any

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def to_float(value: Any, *, text: bool = True) -> float | None:
    """A finite float: an int or a float (a bool is no number), or with `text` a string that
    reads as one; None for anything else, NaN, infinities and ints beyond a float's range."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            result = float(value)
        except OverflowError:
            return None
    elif text and isinstance(value, str):
        try:
            result = float(value)
        except ValueError:
            return None
    else:
        return None
    return result if math.isfinite(result) else None


# A scalar tensor as PyTorch prints it, its figure first: `tensor(0.0072, device='cuda:0')`, `tensor(2.5)`
_TENSOR = re.compile(r"tensor\((?P<f>[-+]?(?:\d{1,40}(?:\.\d{0,40})?|\.\d{1,40})(?:[eE][-+]?\d{1,4})?)(?:,[^()]{0,200})?\)")


def printed_float(text: str) -> float | None:
    """`to_float` of a string, or of a scalar tensor's printed form (a script that wrote a loss
    tensor, not its `.item()`: `tensor(0.0072, device='cuda:0')`)."""
    text = text.strip()
    if text[:7] == "tensor(" and (tensor := _TENSOR.fullmatch(text)) is not None:
        return to_float(tensor.group("f"))
    return to_float(text)


def to_int(value: Any, *, text: bool = True, bounded: bool = True) -> int | None:
    """An int64: an int (not a bool), a float with no fractional part, or with `text` a string
    that reads as either ("12", "12.0", "1e3"); None for anything else and, when `bounded`,
    beyond int64 (a parser that counts such values for its warning takes them unbounded)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        result = value
    elif isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            return None
        result = int(value)
    elif text and isinstance(value, str):
        try:
            result = int(value)
        except ValueError:
            as_float = to_float(value)
            if as_float is None or not as_float.is_integer():
                return None
            result = int(as_float)
    else:
        return None
    return result if not bounded or INT64_MIN <= result <= INT64_MAX else None


def json_int(value: Any) -> int | None:
    """An int64 as a JSON document writes a count: an int, not a bool and not a float (`"epoch":
    1.0` is HF's fraction of the run, no epoch's number); None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool) and INT64_MIN <= value <= INT64_MAX:
        return value
    return None


def loss_value(value: Any) -> float | None:
    """A training loss as logged: `to_float`'s number, and NaN or an infinity kept (a run that
    diverged logs `nan`: a fact about the step, not a gap in the log)."""
    if isinstance(value, float) and not math.isfinite(value):
        return value
    if isinstance(value, str) and value.strip().lower().lstrip("+-") in ("nan", "inf", "infinity"):
        return float(value.strip().lower().replace("infinity", "inf"))
    return to_float(value)


def within_int64(value: Any) -> Any:
    """The value as it is, except an int no int64 column holds, which becomes None (a row's
    fields are checked once, whatever their types)."""
    if isinstance(value, int) and not isinstance(value, bool) and not INT64_MIN <= value <= INT64_MAX:
        return None
    return value


def half_unit(figure: str) -> float:
    """Half the unit of a printed figure's last digit, its rounding (`23.530`: 0.0005, `8.81e-06`:
    5e-09)."""
    mantissa, _, exponent = figure.lower().partition("e")
    # (an exponent past a float's range is clamped to it: `1e+400` is printed, not computed)
    return 0.5 * 10.0 ** max(-320, min(308, int(exponent or 0) - len(mantissa.partition(".")[2])))


# A duration as programs print it: a clock (`0:00:39.848754`, `1 day, 1:02:03`), or unit fields, the largest
# first, each once, with or without spaces between (ms-swift's `1h 7m 30s`, CatBoost's `1m 8s` and `207ms`,
# pytorch-cifar's `1m28s` and `5s148ms`)
_DURATION_CLOCK = re.compile(r"(?:(\d{1,6}) days?, )?(\d{1,9}):([0-5]\d):([0-5]\d(?:\.\d{1,9})?)")
_DURATION_FIELDS = re.compile(r"(?:\d{1,9}(?:\.\d{1,9})?(?:ms|us|[dDhms]) ?){1,6}")
_DURATION_FIELD = re.compile(r"(\d{1,9}(?:\.\d{1,9})?)(ms|us|[dDhms])")
_DURATION_UNITS = ("d", "h", "m", "s", "ms", "us")  # largest first
_DURATION_UNIT_S = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0, "ms": 1e-3, "us": 1e-6}


def duration_s(text: str) -> tuple[float, float] | None:
    """The seconds a printed duration says and the rounding of its last figure (half its unit: `15.2s`
    0.05 s, `1m 8s` 0.5 s); None for any other text."""
    text = text.strip()
    if (clock := _DURATION_CLOCK.fullmatch(text)) is not None:
        days, hours, minutes, seconds = clock.groups()
        return int(days or 0) * 86400 + int(hours) * 3600 + int(minutes) * 60 + float(seconds), half_unit(seconds)
    if _DURATION_FIELDS.fullmatch(text) is None:
        return None
    fields = [(figure, unit.lower() if unit == "D" else unit) for figure, unit in _DURATION_FIELD.findall(text)]
    order = [_DURATION_UNITS.index(unit) for _, unit in fields]
    if order != sorted(set(order)):  # (each unit once, the largest first)
        return None
    figure, unit = fields[-1]
    return sum(float(f) * _DURATION_UNIT_S[u] for f, u in fields), half_unit(figure) * _DURATION_UNIT_S[unit]
