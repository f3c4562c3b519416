"""Running a contest: the round robin's games on a local process pool or a Dask cluster, written as they end.

One loop serves every way of running (:func:`play_all`): it keeps a few
games in flight on a ``concurrent.futures`` executor and writes each game to
the record the moment it ends.  The executor is the local process pool
(``workers`` processes, all cores by default), a Dask cluster's
(``scheduler=``: its address, or a ``distributed.Client``; Dask's
``Client.get_executor`` has the same interface), or, with ``workers=1``,
this process, one game after another.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os

from .echo import echoed


class ContestError(RuntimeError):
    """The contest could not go on (the games finished so far are kept in its record)."""


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:                                  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class InProcess(cf.Executor):
    """An executor that runs each call in this process when it is submitted (``workers=1``)."""

    def submit(self, fn, /, *args, **kwargs):
        future = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


@contextlib.contextmanager
def executor(workers=None, scheduler=None):
    """``(executor, in_flight)``: where the games run, and how many to keep submitted at once.

    A pool gets two games a worker, so that none waits while the next game
    travels to it; this process gets one, so that each game is written
    before the next starts.

    Parameters
    ----------
    workers : int, optional
        Processes of the local pool; None for every core, 1 for this process.
    scheduler : str or distributed.Client, optional
        A Dask scheduler's address (``tcp://host:8786``) or a client; then
        ``workers`` is ignored and the cluster's threads count as workers.
    """
    if scheduler is not None:
        client, made = _client(scheduler)
        try:
            yield client.get_executor(pure=False), 2 * (sum(client.nthreads().values()) or 1)
        finally:
            if made:
                client.close()
        return
    workers = default_workers() if workers is None else workers
    if workers == 1:
        yield InProcess(), 1
        return
    pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
    try:
        yield pool, 2 * workers
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _client(scheduler):
    try:
        import distributed
    except ImportError:
        raise ContestError("a Dask scheduler needs the package distributed: pip install 'advsearch[contest]'") \
            from None
    if isinstance(scheduler, distributed.Client):
        return scheduler, False
    if not isinstance(scheduler, str) or not scheduler:
        raise ValueError(f"scheduler must be an address such as 'tcp://host:8786' or a distributed.Client, "
                         f"not {scheduler!r}")
    try:
        return distributed.Client(scheduler, timeout="10s"), True
    except (OSError, TimeoutError) as error:
        raise ContestError(f"no Dask scheduler answered at {scheduler} ({error})") from None


def play_all(pool, in_flight, fn, tasks, on_done):
    """Run ``fn(task)`` for every task on ``pool``, at most ``in_flight`` at once; ``on_done(result)`` each.

    Results are handed over in the order they finish.  On Ctrl-C, or if
    ``fn`` raises, the calls not started are cancelled and the ones running
    are awaited (they end at once on Ctrl-C: the workers are interrupted
    too); what had finished has been handed over.

    >>> done = []
    >>> play_all(InProcess(), 1, lambda x: x * x, [1, 2, 3], done.append)
    >>> done
    [1, 4, 9]
    """
    queue, running = iter(tasks), {}
    try:
        while True:
            while len(running) < max(1, in_flight):
                task = next(queue, None)
                if task is None:
                    break
                running[pool.submit(fn, task)] = task
            if not running:
                return
            finished, _ = cf.wait(list(running), return_when=cf.FIRST_COMPLETED)
            for future in finished:
                task = running.pop(future)
                try:
                    result = future.result()
                except KeyboardInterrupt:
                    raise
                except Exception as error:
                    raise ContestError(echoed(f"the referee failed on {getattr(task, 'id', task)!r}: "
                                              f"{type(error).__name__}: {error}")) from error
                on_done(result)
    finally:
        for future in running:
            future.cancel()
