"""--executor and --ray-address: where the commands that ingest run their parse tasks."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def executor_options(func: F) -> F:
    """--executor local|ray and --ray-address. The command itself never sees them: every
    ingest it starts (of its inputs, or of a raw job folder into the cache) runs on the
    chosen executor (tracelens.executors.use_executor)."""

    @functools.wraps(func)
    def command(*args: Any, executor: str, ray_address: str | None, **kwargs: Any) -> Any:
        from tracelens.executors import use_executor

        with use_executor(executor, ray_address):
            return func(*args, **kwargs)

    command = click.option(
        "--ray-address", default=None, metavar="ADDRESS",
        help="With --executor ray: the Ray cluster to run on (e.g. 10.0.0.1:6379, or 'auto' for the one "
             "started on this node); default: a Ray started on this machine for this command. The store "
             "must be on a file system every node sees (docs/scale.md).",
    )(command)
    command = click.option(
        "--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True,
        help="Where files are parsed: this machine (threads for traces, processes for logs), or one Ray "
             "task per file (needs pip install 'tracelens[ray]').",
    )(command)
    return command  # type: ignore[return-value]
