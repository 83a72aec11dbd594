"""Command-line interface: a thin click layer over the library. One module per command.

Errors carry their exit code (`tracelens.errors`); `run` turns each into one line on stderr
and that code: 0 ok, 1 bad input or data, 2 usage, 3 a `diff --fail-on` rule violated.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence

import click

from tracelens import __version__
from tracelens.cli import diff, ingest, report, sql
from tracelens.cli._common import CliState, verbose_option
from tracelens.errors import TracelensError
from tracelens.resources import query_threads

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="tracelens")
@verbose_option
def cli() -> None:
    """tracelens: where a training job's time and money went.

    Ingest console logs, PyTorch profiler traces and NCCL timings into one Parquet store,
    then query it with SQL or read the reports.
    """


for _module in (ingest, report, sql, diff):
    cli.add_command(verbose_option(_module.command))


def run(argv: Sequence[str] | None = None) -> int:
    """Run one command in this process and return its exit code; every error becomes one line
    on stderr (a traceback only with -v)."""
    state = CliState()
    try:
        query_threads()  # (a bad setting said before a command's work: an ingest would run before its first query)
        cli.main(args=list(argv) if argv is not None else None, prog_name="tracelens", standalone_mode=False, obj=state)
    except click.exceptions.Abort:
        click.echo("tracelens: aborted", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return 2 if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except TracelensError as exc:
        if state.verbose:
            traceback.print_exc()
        if not exc.reported:
            click.echo(f"tracelens: error: {exc}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("tracelens: interrupted", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line, traceback only with -v
        if state.verbose:
            traceback.print_exc()
        click.echo(f"tracelens: internal error: {type(exc).__name__}: {exc} (run with -v for the traceback)", err=True)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The `tracelens` program: `run` in a process of its own, which it may tune for ingest."""
    # numpy's OpenBLAS starts a thread per core that spins after use; tracelens does no linear
    # algebra, and on a small machine those spins take cycles from the parser threads (1.8 % of
    # an 8-trace ingest's CPU on 2 cores). Set before anything imports numpy; a user's setting
    # wins. Only here: a library caller's own numpy work keeps its BLAS threads.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # polars allocates through its own jemalloc, which by default keeps freed pages for seconds;
    # a parser worker frees a whole trace's columns at once and goes on to the next phase, so
    # they are handed back at once (peak of a 54 MB trace's ingest: 341 -> 305 MB, same time).
    os.environ.setdefault("_RJEM_MALLOC_CONF", "dirty_decay_ms:0,muzzy_decay_ms:0")
    # Arrow's C++ code (the Parquet writer, compute kernels) allocates from Arrow's default pool,
    # mimalloc in the wheels, which keeps what it frees per thread: writing one 54 MB trace's
    # events left 37 MB resident in the writing thread. The system allocator hands it back
    # (+15 MB while writing, nothing after). pyarrow.set_memory_pool does not reach that pool;
    # this variable, read when pyarrow first allocates, does.
    # All three are read when their library loads (so here, before any import of them; the
    # library itself sets nothing in a caller's environment), and a user's own setting wins.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    import tracelens.store

    # Forking parser workers is safe only in a process that has started no DuckDB or polars
    # threads yet, which holds for this process and not for a library caller's (or a test's).
    tracelens.store.FORK_IS_SAFE = True
    return run(sys.argv[1:] if argv is None else argv)
