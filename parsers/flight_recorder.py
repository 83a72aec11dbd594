"""PyTorch flight-recorder dumps (`TORCH_NCCL_TRACE_BUFFER_SIZE` / `TORCH_FR_BUFFER_SIZE`): the
pickle torch writes on a watchdog timeout (`_dump_fr_trace`, versions 2.x) and the JSON form
(`_dump_fr_trace_json`). One dump per rank; the rank comes from the file name
(`<prefix><rank>`, e.g. `nccl_trace_rank_3`, `_dump_12`, `fr_trace_rank_0.json`) or `--rank`.

A dump is a pickle from another machine. It is decoded by `SafeUnpickler`, which resolves no
class or function at all (so nothing can be imported or called while loading), and the result
is then checked to hold only dict/list/tuple/str/int/float/bool/None.
"""

from __future__ import annotations

import io
import json
import math
import pickle
import pickletools
import re
from pathlib import Path
from typing import Any

import msgspec
import pyarrow as pa

from tracelens.enums import FileStatus, RankSource
from tracelens.errors import ParseError
from tracelens.parsers._io import read_bytes
from tracelens.parsers._numbers import to_float, to_int
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.schemas import FR_ENTRIES, FR_PG_STATUS

_ALLOWED = (dict, list, tuple, str, int, float, bool, type(None))
_RANK_IN_NAME = re.compile(r"(\d+)(?:\.(?:json|pkl|pickle|bin))?$")
# bytes per element, by the dtype names torch writes (c10::ScalarType names)
DTYPE_BYTES = {
    "Float": 4, "Double": 8, "Half": 2, "BFloat16": 2, "Int": 4, "Long": 8, "Short": 2, "Char": 1,
    "Byte": 1, "Bool": 1, "ComplexFloat": 8, "ComplexDouble": 16, "Float8_e4m3fn": 1, "Float8_e5m2": 1,
    "Float8_e4m3fnuz": 1, "Float8_e5m2fnuz": 1, "UInt16": 2, "UInt32": 4, "UInt64": 8,
}


class UnsafePickleError(pickle.UnpicklingError):
    """The pickle asks for something other than plain containers and scalars."""


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that builds only what the pickle opcodes build by themselves (dicts, lists,
    tuples, strings, numbers, booleans, None): every request for a class or a function, which
    is how a pickle runs code, is refused."""

    def find_class(self, module: str, name: str) -> Any:
        raise UnsafePickleError(f"refused to load {module}.{name}: a flight-recorder dump holds only plain data")

    def persistent_load(self, pid: Any) -> Any:
        raise UnsafePickleError("refused a persistent reference: a flight-recorder dump holds only plain data")


MAX_DEPTH = 64  # real dumps nest five or six levels
MAX_EXPANSION = 64  # the decoded data, every shared reference counted as a copy, vs the pickle's size


def safe_loads(data: bytes) -> Any:
    """Decode a pickle of plain data; UnsafePickleError for anything else, and for plain data
    that would cost more than its bytes suggest to walk (see `_check_plain`)."""
    _check_memo_indices(data)
    obj = SafeUnpickler(io.BytesIO(data)).load()
    _check_plain(obj, budget=MAX_EXPANSION * len(data) + (16 << 20))
    return obj


def _check_memo_indices(data: bytes) -> None:
    """Refuse a memo index past the pickle's size before the C unpickler reads it: it sizes its
    memo array to the largest index it is given and zeroes the new part, so five mutated bytes
    (`r` LONG_BINPUT and a 4-byte index) cost up to 32 GB and minutes (found by the fuzz
    harness). A pickle numbers its memo entries from 0, one per opcode at most, so a real
    index is below its size. The scan stops where the opcodes stop parsing: so does the load."""
    limit = len(data)
    try:
        for opcode, arg, pos in pickletools.genops(data):
            if opcode.name in ("LONG_BINPUT", "PUT") and isinstance(arg, int) and arg > limit:
                raise UnsafePickleError(f"memo index {arg} at byte {pos} is past the pickle's {limit} bytes")
    except UnsafePickleError:
        raise
    except Exception:  # malformed opcodes: the unpickler stops there too, with its own error
        return


def _check_plain(obj: Any, budget: int) -> None:
    """Refuse what is not plain data, and plain data whose walk would not end or would blow up.

    A pickle's memo lets a few bytes refer to one container many times: a list holding
    itself never ends a walk, and a chain of lists each holding the next twice doubles at
    every link. Each container is visited once, post-order, and its size as a tree (what
    converting it to rows or JSON costs: shared parts counted at every use) is summed from its
    children's; a cycle, nesting past MAX_DEPTH, or a tree size past `budget` is refused. Time
    and memory are linear in the number of distinct objects."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    # (object, depth, children expanded yet)
    stack: list[tuple[Any, int, bool]] = [(obj, 0, False)]
    while stack:
        item, depth, expanded = stack.pop()
        if not isinstance(item, _ALLOWED):
            raise UnsafePickleError(f"refused a {type(item).__name__}: a flight-recorder dump holds only plain data")
        if not isinstance(item, (dict, list, tuple)):
            continue
        key = id(item)
        children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
        if expanded:
            on_path.discard(key)
            total = 1
            for child in children:
                total += sizes.get(id(child), 0) if isinstance(child, (dict, list, tuple)) else _leaf_size(child)
            if total > budget:
                raise UnsafePickleError(f"refused: shared references expand it past {budget} units (a memo bomb?)")
            sizes[key] = total
            continue
        if key in sizes:
            continue  # shared, already sized
        if key in on_path:
            raise UnsafePickleError("refused a container that holds itself: a flight-recorder dump has no cycles")
        if depth >= MAX_DEPTH:
            raise UnsafePickleError(f"refused: nested deeper than {MAX_DEPTH} levels")
        on_path.add(key)
        stack.append((item, depth, True))
        for child in children:
            if isinstance(child, (dict, list, tuple)) and id(child) in sizes:
                continue
            stack.append((child, depth + 1, False))


def _fit(rows: list[dict[str, Any]], schema: pa.Schema) -> int:
    """Empty the integers a column cannot hold (a dump's counters are C++ integers of any
    width; a hostile one may hold anything); how many were emptied."""
    bounds = {f.name: (-(1 << (f.type.bit_width - 1)), 1 << (f.type.bit_width - 1))
              for f in schema if pa.types.is_signed_integer(f.type)}
    dropped = 0
    for row in rows:
        for name, (low, high) in bounds.items():
            value = row.get(name)
            if isinstance(value, int) and not low <= value < high:
                row[name] = None
                dropped += 1
    return dropped


def _leaf_size(value: Any) -> int:
    return 1 + len(value) // 8 if isinstance(value, str) else 1




def base_op(profiling_name: str) -> str:
    """nccl:_all_gather_base -> all_gather, gloo:all_reduce -> all_reduce, nccl:send 3->2 -> send."""
    op = profiling_name.split(":", 1)[-1].split(" ", 1)[0].strip("_")
    for suffix in ("_base", "_coalesced", "_into_tensor", "_tensor"):
        if op.endswith(suffix) and op != suffix.strip("_"):
            op = op[: -len(suffix)]
    return op.strip("_")


def _numel(sizes: Any) -> int | None:
    if not isinstance(sizes, list):
        return None
    total = 0
    for shape in sizes:
        if not isinstance(shape, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
            return None
        total += math.prod(shape)
    return total


def _bytes(sizes: Any, dtypes: Any) -> int | None:
    if not isinstance(sizes, list) or not isinstance(dtypes, list) or len(sizes) != len(dtypes):
        return None
    total = 0
    for shape, dtype in zip(sizes, dtypes, strict=True):
        n, width = _numel([shape]), DTYPE_BYTES.get(dtype) if isinstance(dtype, str) else None
        if n is None or width is None:
            return None
        total += n * width
    return total


def _frames(frames: Any) -> str | None:
    if not isinstance(frames, list) or not frames:
        return None
    out = []
    for frame in frames:
        if isinstance(frame, dict):
            out.append(f"{frame.get('name', '?')} at {frame.get('filename', '?')}:{frame.get('line', '?')}")
    return "\n".join(out) or None


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


def _ranks(text: Any) -> list[int] | None:
    if isinstance(text, list):
        values = text
    elif isinstance(text, str):
        try:
            values = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested past the decoder's depth
            return None
    else:
        return None
    if not isinstance(values, list) or not values or not all(isinstance(v, int) for v in values):
        return None
    return values



def _int(value: Any) -> int | None:
    """An integer field of a dump: beyond every column it may reach are kept here, so that
    `_fit` counts them in its warning as it empties them."""
    return to_int(value, bounded=False)

class FlightRecorderParser(Parser):
    name = "flight_recorder"
    kind = "flight_recorder_dump"
    tables = ("fr_entries", "fr_pg_status")

    def detect(self, path: Path, head: bytes) -> Claim:
        if head[:1] == b"\x80" and (b"pg_status" in head or b"pg_config" in head or b"entries" in head[:64]):
            return Claim.CONTENT  # a pickle (protocol 2+) of a dict whose first keys are the dump's
        stripped = head.lstrip()[:4096]
        if stripped[:1] == b"{" and (b'"pg_status"' in stripped or b'"collective_seq_id"' in stripped):
            return Claim.CONTENT
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        if not data:
            raise ParseError(str(path), "empty file")
        dump = self._decode(path, data)
        if not isinstance(dump, dict) or not isinstance(dump.get("entries", []), list):
            raise ParseError(str(path), "not a flight-recorder dump (no entries list)", where="byte 0")
        warnings = [warning] if warning else []
        match = _RANK_IN_NAME.search(path.name)
        if match is not None and int(match.group(1)) < 1 << 31:
            rank: int | None = int(match.group(1))
            rank_source = RankSource.FILE_NAME.value
        elif options.rank is not None:
            rank, rank_source = options.rank, RankSource.CLI.value
        else:
            rank, rank_source = None, None
            warnings.append("no rank in the file name (<prefix><rank>) and no --rank: rank left empty")
        entries, names = self._entries(dump.get("entries") or [], rank)
        status = self._pg_status(dump, rank, rank_source, names, entries)
        dropped = _fit(entries, FR_ENTRIES) + _fit(status, FR_PG_STATUS)
        if dropped:
            warnings.append(f"{dropped} integer values beyond their column's range left empty")
        return ParseResult(
            {"fr_entries": pa.Table.from_pylist(entries, schema=FR_ENTRIES),
             "fr_pg_status": pa.Table.from_pylist(status, schema=FR_PG_STATUS)},
            FileStatus.TRUNCATED if warning else FileStatus.OK,
            warnings,
        )

    @staticmethod
    def _decode(path: Path, data: bytes) -> Any:
        if data[:1] == b"\x80":
            try:
                return safe_loads(data)
            except UnsafePickleError as exc:
                raise ParseError(str(path), f"unsafe pickle: {exc}", where="byte 0") from None
            except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, KeyError,
                    AttributeError, OverflowError, MemoryError, RecursionError, UnicodeDecodeError) as exc:
                raise ParseError(str(path), f"unreadable flight-recorder pickle ({type(exc).__name__}: {exc})",
                                 where=f"byte {len(data)}" if isinstance(exc, EOFError) else "byte 0") from None
        try:
            return msgspec.json.decode(data)
        except (msgspec.DecodeError, UnicodeDecodeError) as exc:
            raise ParseError(str(path), f"unreadable flight-recorder JSON ({exc})", where="byte 0") from None
        except RecursionError:  # msgspec's depth limit: containers nested thousands deep
            raise ParseError(str(path), "unreadable flight-recorder JSON (containers nested deeper than the decoder "
                             "follows)", where="byte 0") from None

    @staticmethod
    def _entries(raw: list[Any], rank: int | None) -> tuple[list[dict[str, Any]], dict[int, tuple[str, str | None]]]:
        rows: list[dict[str, Any]] = []
        names: dict[int, tuple[str, str | None]] = {}  # local pg id -> (global name, desc)
        for e in raw:
            if not isinstance(e, dict):
                continue
            pg_id = _int(e.get("pg_id"))
            group = e.get("process_group")
            pg_name = pg_desc = None
            if isinstance(group, (list, tuple)) and group:
                pg_name = str(group[0])
                pg_desc = str(group[1]) if len(group) > 1 and group[1] is not None else None
                if pg_id is not None:
                    names.setdefault(pg_id, (pg_name, pg_desc))
            profiling = e.get("profiling_name")
            profiling = profiling if isinstance(profiling, str) else None
            in_sizes, out_sizes = e.get("input_sizes"), e.get("output_sizes")
            in_dtypes, out_dtypes = e.get("input_dtypes"), e.get("output_dtypes")
            rows.append({
                "file_id": "", "rank": rank, "pg_id": pg_id, "pg_name": pg_name, "pg_desc": pg_desc,
                "collective_seq_id": _int(e.get("collective_seq_id")), "p2p_seq_id": _int(e.get("p2p_seq_id")),
                "op_id": _int(e.get("op_id")), "record_id": _int(e.get("record_id")),
                "profiling_name": profiling, "op": base_op(profiling) if profiling else None,
                "is_p2p": e.get("is_p2p") if isinstance(e.get("is_p2p"), bool) else None,
                "state": e.get("state") if isinstance(e.get("state"), str) else None,
                "retired": e.get("retired") if isinstance(e.get("retired"), bool) else None,
                # the JSON form writes 0 where the pickle has None: no such moment
                "time_created_ns": _int(e.get("time_created_ns")) or None,
                "time_started_ns": _int(e.get("time_discovered_started_ns")) or None,
                "time_completed_ns": _int(e.get("time_discovered_completed_ns")) or None,
                "duration_ms": to_float(e.get("duration_ms")), "timeout_ms": _int(e.get("timeout_ms")),
                "input_sizes": _json(in_sizes), "output_sizes": _json(out_sizes),
                "input_dtypes": ",".join(map(str, in_dtypes)) if isinstance(in_dtypes, list) else None,
                "output_dtypes": ",".join(map(str, out_dtypes)) if isinstance(out_dtypes, list) else None,
                "input_numel": _numel(in_sizes), "output_numel": _numel(out_sizes),
                "input_bytes": _bytes(in_sizes, in_dtypes), "output_bytes": _bytes(out_sizes, out_dtypes),
                "frames": _frames(e.get("frames")),
                "thread_name": e.get("thread_name") if isinstance(e.get("thread_name"), str) else None,
            })
        return rows, names

    @staticmethod
    def _pg_status(
        dump: dict[str, Any], rank: int | None, rank_source: str | None,
        names: dict[int, tuple[str, str | None]], entries: list[dict[str, Any]],
    ) -> list[dict[str, Any]]:
        raw_status = dump.get("pg_status")
        status = raw_status if isinstance(raw_status, dict) else {}
        raw_config = dump.get("pg_config")
        config = ({str(k): v for k, v in raw_config.items() if k != "" and isinstance(v, dict)}
                  if isinstance(raw_config, dict) else {})
        local_ids = sorted(i for i in (_int(k) for k in status) if i is not None)
        # Groups are created in the same order on every rank: a rank's local ids, sorted, line up
        # with the global names of the groups it belongs to, sorted. Used only where the dump's own
        # entries agree with it, for groups that have no entry in this dump.
        by_order: dict[int, str] = {}
        numeric_names = sorted((n for n in config if n.isdigit()), key=int)
        if len(numeric_names) == len(config) == len(local_ids):
            candidate = dict(zip(local_ids, numeric_names, strict=True))
            if all(candidate.get(i) == name for i, (name, _) in names.items()):
                by_order = candidate
        counts: dict[int, int] = {}
        for e in entries:
            if e["pg_id"] is not None:
                counts[e["pg_id"]] = counts.get(e["pg_id"], 0) + 1
        version = dump.get("version")
        lib = dump.get("comm_lib_version", dump.get("nccl_version"))
        rows = []
        for key, value in status.items():
            pg_id = _int(key)
            if pg_id is None or not isinstance(value, dict):
                continue
            name, desc = names.get(pg_id, (None, None))
            source = "entries" if name is not None else None
            if name is None and pg_id in by_order:
                name, source = by_order[pg_id], "creation_order"
            cfg = config.get(name) if name is not None else None
            if cfg is not None and desc is None and isinstance(cfg.get("desc"), str):
                desc = cfg["desc"]
            rows.append({
                "file_id": "", "rank": rank, "rank_source": rank_source,
                "fr_version": str(version) if version is not None else None,
                "comm_lib_version": str(lib) if lib else None,
                "pg_id": pg_id, "pg_name": name, "pg_name_source": source, "pg_desc": desc,
                "pg_ranks": _ranks(cfg.get("ranks")) if cfg else None,
                "last_enqueued": _int(value.get("last_enqueued_collective")),
                "last_started": _int(value.get("last_started_collective")),
                "last_completed": _int(value.get("last_completed_collective")),
                "n_entries": counts.get(pg_id, 0),
            })
        return rows
