"""Executors: who runs an ingest's parse tasks (tracelens.ingest.ParseTask).

Each takes the tasks and a `finish` callback, runs `run_task` on every task somewhere, and
hands each returned record to `finish` in the ingesting process, one at a time; `finish`
(the ingest's Committer) is the only one to touch the manifest. They differ only in where
the tasks run:

- `LocalExecutor`: this machine. Traces (parsers whose bulk runs without the GIL) in threads
  of this process, console logs (pure Python) in processes, small ingests serially;
- `RayExecutor`: one Ray task per file on a Ray cluster (a local one by default), each asking
  for its memory need as a Ray resource; the workers write into the store through a path
  every node sees (docs/scale.md).
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from tracelens import store as _store
from tracelens.enums import FileStatus
from tracelens.errors import DiskFullError, TracelensError, UsageError
from tracelens.ingest import ParseTask, run_task
from tracelens.store import FileRecord

PARALLEL_MIN_BYTES = 8 << 20  # below this a process pool costs more than it saves
EXECUTORS = ("local", "ray")

Finish = Callable[[FileRecord], None]


class Executor(Protocol):
    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        """Run every task; hand each record to `finish` in this process. Only DiskFullError
        (and an interrupt) stops it early."""


class SerialExecutor:
    """One file after the other, in this thread, in the order given."""

    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        for task in tasks:
            finish(run_task(task))


class ThreadExecutor:
    """Threads of this process, for parsers whose bulk runs without the GIL."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="tracelens-parse")
        try:
            results = [threads.submit(run_task, task) for task in tasks]
            for result in results:
                finish(result.result())  # run_task never raises on bad input
        finally:
            # Interrupted (Ctrl-C): files not started are dropped; each running thread finishes
            # its file (a C scan cannot be stopped midway), whose fragments no catalog names.
            threads.shutdown(wait=True, cancel_futures=True)


class ProcessExecutor:
    """Child processes of this one, for pure-Python parsers (which would serialise on the GIL)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        import multiprocessing

        # Forking a process whose DuckDB or polars thread pools have started can deadlock the
        # child (a lock held by a thread that does not exist there). The CLI forks when neither
        # has been loaded yet: the workers share its imported modules. Otherwise (a library
        # caller, or a detection that used polars on a log) the workers are spawned: fresh
        # interpreters that import the parser once each. Not a forkserver: its workers are not
        # this process's children, and it outlives a killed ingest with them.
        threaded = any(name in sys.modules for name in ("polars", "duckdb"))
        context = multiprocessing.get_context("fork" if _store.FORK_IS_SAFE and not threaded else "spawn")
        with ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_worker_started) as pool:
            futures: list[Future[FileRecord]] = [pool.submit(run_task, task) for task in tasks]
            for future, task in zip(futures, tasks, strict=True):
                try:
                    result = future.result()
                except DiskFullError:
                    raise
                except Exception as exc:  # a worker died (e.g. out of memory): report, keep going
                    result = task.record
                    result.status = FileStatus.FAILED.value
                    result.message = f"parser process failed: {type(exc).__name__}: {exc}"
                finish(result)


class LocalExecutor:
    """This machine: `workers` files at once (default: as many as usable CPUs, the files and
    the available memory allow, see tracelens.resources; `max_memory` caps the memory planned
    for). After `run`, `note` says when memory held the workers back."""

    def __init__(self, workers: int | None = None, max_memory: int | None = None) -> None:
        self.workers, self.max_memory = workers, max_memory
        self.note: str | None = None

    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        total = sum(task.size_bytes for task in tasks)
        if self.workers:
            n_workers = self.workers
        elif total < PARALLEL_MIN_BYTES or len(tasks) < 2:
            n_workers = 1
        else:
            n_workers, self.note = _plan_workers(tasks, self.max_memory)
        if n_workers <= 1 or total < PARALLEL_MIN_BYTES or len(tasks) < 2:
            SerialExecutor().run(tasks, finish)
            return
        # Largest first: the pool finishes together instead of waiting on one big straggler.
        ordered = sorted(tasks, key=lambda task: -task.size_bytes)
        # Parsers whose bulk runs without the GIL (the Kineto scanner, Arrow, numpy, DuckDB)
        # share one process: one copy of the libraries instead of one per worker (the 8-rank
        # bench: 441 MB peak RSS instead of 662, and no slower). Pure-Python parsers (logs)
        # would serialise on the GIL there: they get processes, before any thread has started
        # DuckDB or polars, which forking must not follow. Too few of them for a pool: threads.
        from tracelens.parsers import registry

        parsers = registry(ordered[0].options.profiles)
        threaded = [t for t in ordered if parsers[t.parser].threads_well]
        forked = [t for t in ordered if not parsers[t.parser].threads_well]
        if len(forked) >= 2 and sum(t.size_bytes for t in forked) >= PARALLEL_MIN_BYTES:
            ProcessExecutor(n_workers).run(forked, finish)
        else:
            threaded = sorted(threaded + forked, key=lambda task: -task.size_bytes)
        if len(threaded) < 2:
            SerialExecutor().run(threaded, finish)
            return
        ThreadExecutor(n_workers).run(threaded, finish)


def _plan_workers(tasks: Sequence[ParseTask], max_memory: int | None) -> tuple[int, str | None]:
    from tracelens.resources import available_memory, plan_workers, uncompressed_size, usable_cpus

    memory = available_memory()
    if max_memory is not None:
        memory = max_memory if memory is None else min(memory, max_memory)
    largest = max(uncompressed_size(Path(t.record.path), t.size_bytes) for t in tasks)
    return plan_workers(len(tasks), largest, usable_cpus(), memory)


def _worker_started() -> None:
    """First thing in a parser process: die with the process that started it. A killed ingest
    (kill -9, the OOM killer) would otherwise leave its workers blocked forever on a queue
    whose other end they themselves hold open."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return  # not Linux/glibc: workers end when their queue closes
    if os.getppid() == 1:
        os._exit(1)  # the parent died before the line above took effect


# ---------------------------------------------------------------------- Ray
RAY_HINT = "--executor ray needs Ray: pip install 'tracelens[ray]'"


def import_ray() -> Any:
    """The ray module, imported only when asked for (it adds about a second to start-up)."""
    try:
        import ray
    except ImportError:
        raise TracelensError(RAY_HINT) from None
    return ray


class RayExecutor:
    """One Ray task per file on the cluster at `address` (None: a Ray started here, on this
    machine's usable CPUs, and stopped after). Each task asks for one CPU and its memory need
    (tracelens.resources.worker_bytes of its decoded size, capped at the largest node's) as
    Ray resources, so a node runs no more files at once than its memory holds. At most
    `max_in_flight` tasks are submitted and not yet returned (default: two per CPU of the
    cluster), so the driver's memory does not grow with the number of files. A task whose
    worker or node dies is retried elsewhere `max_retries` times: its fragment names are
    fixed by the ingest, so a retry overwrites what the lost attempt wrote, never adds to it.

    Records reach `finish` in submission order (largest file first, as the local executor
    runs them), so which of two identical files is kept as the original does not depend on
    which worker was faster."""

    def __init__(self, address: str | None = None, *, max_in_flight: int | None = None, max_retries: int = 3) -> None:
        self.address, self.max_in_flight, self.max_retries = address, max_in_flight, max_retries

    def run(self, tasks: Sequence[ParseTask], finish: Finish) -> None:
        if not tasks:
            return  # nothing changed: no cluster to start or join
        ray = import_ray()
        started = not ray.is_initialized()
        if started:
            self._connect(ray)
        try:
            self._run(ray, tasks, finish)
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> None:
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        if self.address:
            # Ray retries an address where nothing listens for minutes, printing as it goes.
            problem = _unreachable(self.address)
            if problem:
                raise TracelensError(f"--ray-address {self.address}: no Ray cluster answers there ({problem})")
        try:
            if self.address:
                ray.init(address=self.address, **quiet)
            else:
                from tracelens.resources import usable_cpus

                # "local": a Ray of this command's own, never one it finds running here.
                ray.init(address="local", num_cpus=usable_cpus(), include_dashboard=False, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"--ray-address {self.address}" if self.address else "a local Ray"
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise TracelensError(f"{where}: cannot start or join a Ray cluster ({first})") from None

    def _run(self, ray: Any, tasks: Sequence[ParseTask], finish: Finish) -> None:
        from tracelens.resources import uncompressed_size, worker_bytes

        nodes = [n for n in ray.nodes() if n.get("Alive")]
        largest_node = max((int(n.get("Resources", {}).get("memory", 0)) for n in nodes), default=0)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        limit = self.max_in_flight or max(2, 2 * cpus)
        remote = ray.remote(run_task)
        ordered = sorted(tasks, key=lambda task: -task.size_bytes)

        def submit(task: ParseTask) -> Any:
            need = worker_bytes(uncompressed_size(Path(task.record.path), task.size_bytes))
            if largest_node:
                need = min(need, largest_node)  # more than any node has would never be scheduled
            return remote.options(num_cpus=1, memory=need, max_retries=self.max_retries,
                                  retry_exceptions=False).remote(task)

        pending: dict[Any, int] = {}  # in flight: object ref -> index in `ordered`
        returned: dict[int, FileRecord] = {}  # returned early, waiting for their turn
        submitted = handed = 0
        try:
            while handed < len(ordered):
                while submitted < len(ordered) and len(pending) < limit:
                    pending[submit(ordered[submitted])] = submitted
                    submitted += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    index = pending.pop(ref)
                    returned[index] = self._result(ray, ref, ordered[index])
                while handed in returned:
                    finish(returned.pop(handed))
                    handed += 1
        except BaseException:
            # Ctrl-C, a full disk, a lost driver: stop what runs; its fragments are named by no
            # manifest and go at the next ingest's garbage collection.
            # Only the tasks still running: cancelling one that has just returned races Ray's
            # own bookkeeping of it.
            running = list(pending)
            with contextlib.suppress(Exception):
                _, running = ray.wait(running, num_returns=len(running), timeout=0)
            for ref in running:
                ray.cancel(ref, force=True)
            raise

    @staticmethod
    def _result(ray: Any, ref: Any, task: ParseTask) -> FileRecord:
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = exc.cause if isinstance(exc.cause, BaseException) else exc
            if isinstance(cause, DiskFullError):
                raise DiskFullError(str(cause)) from None
            problem = f"{type(cause).__name__}: {_first_line(cause)}"
        except ray.exceptions.RayError as exc:  # its worker or node died, retries spent
            problem = f"{type(exc).__name__}: {_first_line(exc)}"
        rec = task.record
        rec.status = FileStatus.FAILED.value
        rec.message = f"{rec.path}: parser worker failed ({problem})"
        return rec


def _unreachable(address: str, timeout_s: float = 10) -> str | None:
    """Why nothing can answer at a Ray address (HOST:PORT, or ray://HOST:PORT), or None.
    "auto" (the cluster started on this node) is left to Ray."""
    import socket

    if address == "auto":
        return None
    host, sep, port = address.split("://", 1)[-1].rpartition(":")
    if not sep or not host or not port.isdigit():
        return "not HOST:PORT"
    try:
        socket.create_connection((host, int(port)), timeout=timeout_s).close()
    except OSError as exc:
        return exc.strerror or str(exc) or type(exc).__name__
    return None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else "no message"


# ---------------------------------------------------------------------- the command line's choice
_CHOICE: contextvars.ContextVar[tuple[str, str | None]] = contextvars.ContextVar("tracelens_executor", default=("local", None))


@contextmanager
def use_executor(name: str, address: str | None = None) -> Iterator[None]:
    """Ingests started inside (directly, or by `report` and `sql` on a raw job folder) run on
    this executor: "local", or "ray" at `address`."""
    if name not in EXECUTORS:
        raise UsageError(f"--executor {name}: one of {', '.join(EXECUTORS)}")
    if address and name != "ray":
        raise UsageError("--ray-address needs --executor ray")
    if name == "ray":
        import_ray()  # missing: said before any work
    token = _CHOICE.set((name, address))
    try:
        yield
    finally:
        _CHOICE.reset(token)


def chosen_executor(*, workers: int | None = None, max_memory: int | None = None) -> Executor:
    """The executor `use_executor` chose (default: local), for an ingest of `workers` files at
    once (Ray: tasks in flight) within `max_memory` (local only)."""
    name, address = _CHOICE.get()
    if name == "ray":
        return RayExecutor(address, max_in_flight=workers)
    return LocalExecutor(workers, max_memory)
