"""The periodic whole decode: every stage of the card reader over the whole frame, for what
the quick looks at changed parts miss.

It costs several frame periods, so from a live camera it runs beside the frames
(`WholeDecodeRefresher`): in a process of its own at the lowest scheduling priority (on a
thread it held Python's global lock for long stretches, and the frames processed meanwhile
took half as long again), or on a thread where no process can be used (a reader class that
cannot be sent to one). No frame waits for it; the watcher adds what it read on a later
frame where the pixels have not changed since (`new_pieces`).
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .changes import unchanged_cells
from .codes import Code, refine_corners
from .finder import Candidate
from .markers import MarkerDetection, detect_markers
from .reader import CardReader
from .tallies import StageTallies

log = logging.getLogger(__name__)


def decode_whole(
    reader: CardReader, gray: np.ndarray, hints: list[Candidate], changed: np.ndarray | None = None
):
    """The whole decode (codes, markers, stats and symbol size when counted apart): every
    stage of the reader, a brief look only where `changed` (thumbnail cells), given, moved."""

    def attention(quad: np.ndarray) -> str:
        return "read" if changed is not None and unchanged_cells(changed, quad) else "look"

    markers = detect_markers(gray)
    codes = refine_corners(
        gray, reader.read(gray, hints, attention=None if changed is None else attention)
    )
    return codes, markers, None, None


@dataclass
class RefreshJob:
    future: Future
    gray: np.ndarray  # the frame it decodes
    thumb: np.ndarray  # that frame's thumbnail (vision.changes)


class WholeDecodeRefresher:
    """One whole decode at a time beside the frames; `take()` hands back a finished one."""

    def __init__(self, reader: CardReader, in_process: bool = True):
        self.reader = reader
        self.in_process = in_process  # turned off for good when a process cannot be used
        self.job: RefreshJob | None = None
        self.process_pool: ProcessPoolExecutor | None = None
        self._thread_pool: ThreadPoolExecutor | None = None

    def start(self, gray, thumb, hints: list[Candidate], changed: np.ndarray) -> bool:
        """Decode the whole of this frame beside the frames; False if one still runs. Where
        a hand moves in this frame (`changed`, the thumbnail's changed cells) the reader
        looks only briefly: the frames' partial decodes follow the hand."""
        if self.job is not None:
            return False
        future = self._submit_to_process(gray, hints, changed)
        if future is None:
            if self._thread_pool is None:
                self._thread_pool = ThreadPoolExecutor(
                    1, thread_name_prefix="table-refresh", initializer=_yield_the_cpu
                )
            future = self._thread_pool.submit(decode_whole, self.reader, gray, hints, changed)
        self.job = RefreshJob(future, gray, thumb)
        return True

    def _submit_to_process(self, gray, hints, changed) -> Future | None:
        """None where no process can be used (`in_process` off, a reader that cannot be sent
        to one, or the process failed): a thread then."""
        if not self.in_process:
            return None
        try:
            if self.process_pool is None:
                pickle.dumps(self.reader)  # a reader class made inside a function cannot go
                self.process_pool = ProcessPoolExecutor(
                    1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_refresh_process,
                    initargs=(self.reader,),
                )
            return self.process_pool.submit(_decode_whole_in_process, gray, hints, changed)
        except Exception as exc:  # noqa: BLE001 - a thread does the same work
            log.warning("the whole decode runs on a thread, not in a process: %s", exc)
            self.in_process = False
            self._stop_process()
            return None

    def take(self) -> tuple[RefreshJob, list[Code], list[MarkerDetection]] | None:
        """The finished decode (its job, codes, markers), once; its passes are counted with
        the reader's. None while it runs, or when it failed (the next one runs anyway)."""
        if self.job is None or not self.job.future.done():
            return None
        job, self.job = self.job, None
        try:
            codes, markers, stats, symbol_side = job.future.result()
        except Exception as exc:  # noqa: BLE001 - a failed refresh loses nothing; the next runs
            log.warning("a whole decode beside the frames failed: %s", exc)
            return None
        if stats is not None:  # counted in the refresh process: the camera check shows them
            self.reader.stats.add(stats)
            self.reader.symbol_side = symbol_side or self.reader.symbol_side
        return job, codes, markers

    def close(self) -> None:
        if self._thread_pool is not None:
            self._thread_pool.shutdown(wait=True)
            self._thread_pool = None
        self._stop_process()
        self.job = None

    def _stop_process(self) -> None:
        if self.process_pool is not None:
            self.process_pool.shutdown(wait=True, cancel_futures=True)
            self.process_pool = None


def new_pieces(
    codes: list[Code],
    markers: list[MarkerDetection],
    last_codes: list[Code],
    last_markers: list[MarkerDetection],
    changed: np.ndarray,
    card_px: float,
) -> tuple[list[Code], list[MarkerDetection]]:
    """What a whole decode read that the last frame lacks, where the pixels have not changed
    since its frame (`changed`: a card moved since is not put back where it was)."""

    def near(a, b, distance: float) -> bool:
        return bool(np.linalg.norm(np.subtract(a, b)) < distance)

    new_codes = [
        c
        for c in codes
        if unchanged_cells(changed, c.corners)
        and not any(near(c.center, k.center, 0.5 * max(c.size_px, k.size_px)) for k in last_codes)
    ]
    new_markers = [
        m
        for m in markers
        if unchanged_cells(changed, m.corners)
        and not any(k.id == m.id and near(m.center, k.center, card_px / 4) for k in last_markers)
    ]
    return new_codes, new_markers


_process_reader: CardReader | None = None  # the refresh process's own copy of the reader


def _start_refresh_process(reader: CardReader) -> None:
    global _process_reader
    _process_reader = reader
    _yield_the_cpu()
    # A watcher whose program is killed (kill -9, a crash) never shuts this process down:
    # it ends itself when its parent is gone, rather than wait for work forever.
    parent = multiprocessing.parent_process()
    if parent is not None:

        def end_with_parent() -> None:
            multiprocessing.connection.wait([parent.sentinel])
            os._exit(0)

        threading.Thread(target=end_with_parent, name="end-with-parent", daemon=True).start()


def _decode_whole_in_process(gray: np.ndarray, hints: list[Candidate], changed: np.ndarray):
    reader = _process_reader
    assert reader is not None  # set when the process started (`_start_process`)
    reader.stats = StageTallies()  # this decode's counts go back with its result
    codes, markers, _, _ = decode_whole(reader, gray, hints, changed)
    return codes, markers, reader.stats, reader.symbol_side


def _yield_the_cpu() -> None:
    """Lowest scheduling priority for the calling thread (Linux: a thread's own nice value),
    so the periodic whole decode takes only CPU that the frames and the camera leave over."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):  # not Linux, or not allowed: the same priority then
        pass
