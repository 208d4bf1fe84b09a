"""Spread one job over many machines: a :class:`concurrent.futures.Executor` on Ray.

Odds (:mod:`straights.odds`) and frequency tables (:mod:`straights.frequencies`)
split their work into independent chunks and accept any ``Executor``; this
one runs each chunk as a Ray task, so a Ray cluster shares a single job.
Install the extra with ``pip install 'straights[ray]'``.

For example (with a Ray cluster running)::

    from straights.odds import holdem_odds
    from straights.scale import RayExecutor

    with RayExecutor(address="auto") as ex:
        holdem_odds(["Ah Kh", "Qs Qd"], executor=ex).players[0].equity   # 0.4621…

Without ``address`` a local Ray instance is started (and stopped on
``shutdown`` / leaving the ``with`` block).  Dask users can pass
``distributed.Client(...).get_executor()`` instead: it is an ``Executor`` too.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, TypeVar

from straights.extras import require

__all__ = ["RayExecutor"]

T = TypeVar("T")


class RayExecutor(Executor):
    """Each ``submit`` becomes one Ray task; its result comes back as a ``Future``.

    ``address`` is passed to ``ray.init`` (``"auto"`` joins a running cluster);
    other keyword arguments too (``num_cpus=…``).  If Ray is already
    initialised it is used as it is and left running.
    """

    def __init__(self, address: str | None = None, **init_kwargs: Any) -> None:
        require("ray", "RayExecutor")
        import ray

        self._ray = ray
        self._started = False
        #: This process's descendants before Ray started (they are not Ray's).
        self._before: set[int] = set()
        if not ray.is_initialized():
            init_kwargs.setdefault("include_dashboard", False)
            init_kwargs.setdefault("log_to_driver", False)
            self._before = set(_descendants(os.getpid()))
            ray.init(address=address, **init_kwargs)
            self._started = True
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task (``fn`` must be importable by workers)."""
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        future: Future[T] = remote.remote(*args, **kwargs).future()
        return future

    def stop_now(self) -> None:
        """Kill the processes of the local Ray instance this executor started (its
        GCS, raylet and workers: the descendants of this process that were not there
        before Ray started) at once — for Ctrl-C, when the process is about to exit.
        Ray's own shutdown takes seconds and its exit hook would wait for the dead
        processes, so the hook is removed: call this only when the process ends next.
        Joined to a cluster, nothing is killed."""
        import atexit

        if not self._started:
            return
        atexit.unregister(self._ray.shutdown)
        for pid in _descendants(os.getpid()):
            if pid in self._before:
                continue
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        self._started = False

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the local Ray instance if this executor started it."""
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
            self._started = False


def _descendants(root: int) -> list[int]:
    """The processes descended from ``root``, children first (from ``/proc``; none
    where there is no ``/proc``)."""
    children: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):  # gone meanwhile
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
