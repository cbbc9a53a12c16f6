"""Frame sources: the camera watchdog (with a fake capture), image folders, specs."""

import threading
import time

import cv2
import numpy as np
import pytest

from vision.images import ImageError, read_image
from vision.sources import (
    CameraSource,
    ImageFolderSource,
    SourceConfig,
    SourceError,
    open_source,
    orient,
)


class FakeCapture:
    """Delivers numbered frames until told to stop, then blocks (a frozen driver) or fails."""

    def __init__(self, mode: str = "ok", frozen_image: bool = False):
        self.mode = mode
        self.count = 0
        self.released = False
        self.frozen_image = frozen_image
        self.unblock = threading.Event()

    def isOpened(self):
        return True

    def read(self):
        if self.released:
            return False, None
        if self.mode == "block":
            self.unblock.wait(5)
            return False, None
        if self.mode == "fail":
            return False, None
        time.sleep(0.005)
        self.count += 1
        value = 7 if self.frozen_image else self.count % 250
        return True, np.full((24, 32, 3), value, np.uint8)

    def release(self):
        self.released = True
        self.unblock.set()


def wait_for(predicate, timeout=3.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


FAST = SourceConfig(stale_after_s=0.2, reconnect_min_s=0.05, reconnect_max_s=0.1)


def test_camera_keeps_only_the_latest_frame():
    capture = FakeCapture()
    source = CameraSource(0, FAST, capture_factory=lambda target, config: capture)
    try:
        assert wait_for(lambda: source.status().frames_read >= 5)
        time.sleep(0.05)
        frame = source.read()
        assert frame is not None and frame.index >= 5
        assert frame.index >= source.status().frames_read - 3  # newest, not the oldest queued
        assert source.status().online
    finally:
        source.close()


def test_watchdog_reports_a_blocked_camera_offline_and_reconnects():
    captures = [FakeCapture(), FakeCapture()]
    opened = []

    def factory(target, config):
        capture = captures[min(len(opened), 1)]
        capture.released = False  # reopening the same device
        opened.append(capture)
        return capture

    source = CameraSource(0, FAST, capture_factory=factory)
    try:
        assert wait_for(lambda: source.status().online)
        captures[0].mode = "block"  # the driver hangs inside read()
        captures[1].mode = "fail"  # and the camera does not come back at first
        assert wait_for(lambda: not source.status().online)
        status = source.status()
        assert "camera 0" in status.reason
        assert status.code in {"no_frames", "stopped", "open_failed"}  # said in both languages
        assert wait_for(lambda: source.status().last_frame_age_s > 0.3)
        assert "camera" in source.status().reason
        captures[1].mode = "ok"  # plugged back in: frames flow again without a restart
        assert wait_for(lambda: source.status().online)
        assert source.reconnects >= 1
        assert source.read() is not None
    finally:
        source.close()


def test_watchdog_notices_a_frozen_image():
    capture = FakeCapture(frozen_image=True)
    source = CameraSource(0, FAST, capture_factory=lambda target, config: capture)
    try:
        assert wait_for(lambda: source.status().frames_read > 0)
        # one status read for all three: with FAST timings a busy machine may already be
        # reconnecting by the time a second read is made
        assert wait_for(
            lambda: (lambda s: "frozen" in s.reason and not s.online and s.code == "frozen")(
                source.status()
            )
        )
    finally:
        source.close()


def test_camera_that_never_opens_is_offline_with_a_reason():
    class Closed(FakeCapture):
        def isOpened(self):
            return False

    source = CameraSource(3, FAST, capture_factory=lambda target, config: Closed())
    try:
        assert wait_for(lambda: "could not open camera 3" in source.status().reason)
        assert source.status().code == "open_failed"
        assert source.status().last_frame_age_s is None
        assert source.read() is None
    finally:
        source.close()


def test_image_folder_in_order_then_finished(tmp_path):
    for index, name in enumerate(["b.png", "a.png", "c.jpg"]):
        cv2.imwrite(str(tmp_path / name), np.full((40, 48, 3), 40 * index, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(f"images:{tmp_path}")
    names = []
    while (frame := source.read()) is not None:
        names.append(frame.name)
    assert names == ["a.png", "b.png", "c.jpg"]
    assert source.status().finished and not source.status().online
    assert source.status().code == "finished"


def test_image_folder_paced_as_if_from_a_camera(tmp_path):
    for index in range(3):
        cv2.imwrite(str(tmp_path / f"{index}.png"), np.zeros((32, 32, 3), np.uint8))
    now = [0.0]
    source = ImageFolderSource(tmp_path, SourceConfig(fps=2, loop=True), clock=lambda: now[0])
    assert source.read() is not None
    assert source.read() is None  # the next frame is due half a second later
    now[0] = 0.5
    frame = source.read()
    assert frame is not None and frame.t == pytest.approx(0.5)
    for step in range(2, 6):
        now[0] = step * 0.5
        assert source.read() is not None  # loops forever
    assert not source.status().finished


def test_flip_and_rotation():
    image = np.arange(6, dtype=np.uint8).reshape(2, 3, 1).repeat(3, axis=2)
    rotated = orient(image, SourceConfig(rotation=90))
    assert rotated.shape[:2] == (3, 2)
    flipped = orient(image, SourceConfig(flip="horizontal"))
    assert flipped[0, 0, 0] == image[0, 2, 0]


def test_bad_specs_and_files_give_one_line_errors(tmp_path):
    with pytest.raises(SourceError, match="must look like"):
        open_source("webcam")
    with pytest.raises(SourceError, match="unknown source kind"):
        open_source("floppy:A")
    with pytest.raises(SourceError, match="does not exist"):
        open_source(f"images:{tmp_path / 'nope'}")
    with pytest.raises(SourceError, match="rotation"):
        open_source(f"images:{tmp_path}?rotation=45")
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8 this is not really a jpeg")
    with pytest.raises(ImageError, match="not a readable image"):
        read_image(broken)


def test_video_file_frames_then_finished(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for index in range(5):
        writer.write(np.full((48, 64, 3), index * 40, np.uint8))
    writer.release()
    source = open_source(f"video:{path}?flip=vertical")
    frames = []
    while (frame := source.read()) is not None:
        frames.append(frame)
    assert len(frames) == 5 and frames[-1].t == pytest.approx(0.4)
    assert source.status().finished and "end of video" in source.status().reason


def test_driver_errors_are_logged_with_their_cause_and_the_camera_recovers(caplog):
    """No failure is swallowed: each is logged with its cause (the dashboard lists logged
    warnings), once while it repeats, and the source goes on."""

    class Exploding(FakeCapture):
        def read(self):
            if self.mode == "explode":
                raise RuntimeError("driver exploded")
            return super().read()

    capture = Exploding()

    def reopen(target, config):
        capture.released = False  # reopening the same device
        return capture

    source = CameraSource(0, FAST, capture_factory=reopen)
    try:
        assert wait_for(lambda: source.status().online)
        with caplog.at_level("DEBUG", logger="vision.sources"):
            capture.mode = "explode"
            assert wait_for(lambda: not source.status().online)
            assert wait_for(lambda: source.reconnects >= 2)
        failures = [r for r in caplog.records if "reading from the camera failed" in r.getMessage()]
        assert len(failures) >= 5 and "driver exploded" in str(failures[0].exc_info[1])
        assert [r.levelname for r in failures].count("WARNING") == 1  # the repeats at debug
        assert source.status().code == "stopped"
        capture.mode = "ok"  # the driver recovers: frames flow again
        assert wait_for(lambda: source.status().online)
    finally:
        source.close()


def test_a_camera_that_cannot_be_opened_logs_why(caplog):
    def broken(target, config):
        raise OSError("permission denied on /dev/video0")

    with caplog.at_level("WARNING", logger="vision.sources"):
        source = CameraSource(0, FAST, capture_factory=broken)
        try:
            assert wait_for(lambda: source.status().code == "open_failed")
            assert "permission denied" in source.status().reason
            assert wait_for(
                lambda: any("opening the camera failed" in r.getMessage() for r in caplog.records)
            )
        finally:
            source.close()


def test_the_watchdog_never_releases_a_capture_another_thread_is_reading():
    """Releasing a capture under a blocked read() crashes OpenCV: only its reader releases it."""
    released_while_reading = []

    class Guarded(FakeCapture):
        def __init__(self):
            super().__init__()
            self.reading = False

        def read(self):
            self.reading = True
            try:
                return super().read()
            finally:
                self.reading = False

        def release(self):
            if self.reading:
                released_while_reading.append(self)
            super().release()

    captures = []

    def factory(target, config):
        captures.append(Guarded())
        return captures[-1]

    source = CameraSource(0, FAST, capture_factory=factory)
    try:
        assert wait_for(lambda: source.status().online)
        captures[0].mode = "block"  # read() hangs; the watchdog must move on without it
        assert wait_for(lambda: len(captures) >= 2 and source.status().online)
        assert not captures[0].released  # still inside read(): nobody may release it
        captures[0].unblock.set()  # the read returns at last: its own thread releases it
        assert wait_for(lambda: captures[0].released)
        assert released_while_reading == []
    finally:
        source.close()


def test_reads_that_never_return_are_not_piled_up_forever():
    """Each abandoned read holds a connection: after three, the source says 'stuck' and waits
    for one to return before it opens another."""
    from vision.sources import MAX_ABANDONED_READS

    captures = []

    def factory(target, config):
        capture = FakeCapture()
        captures.append(capture)
        return capture

    source = CameraSource(0, FAST, capture_factory=factory)
    try:
        for _ in range(MAX_ABANDONED_READS):
            assert wait_for(lambda: source.status().online)
            opened = len(captures)
            captures[-1].mode = "block"  # this read hangs; the watchdog abandons it
            assert wait_for(
                lambda opened=opened: len(captures) > opened
            )  # and opens a new connection
        # The next hang finds three reads still blocked: no fourth connection.
        assert wait_for(lambda: source.status().online)
        captures[-1].mode = "block"
        assert wait_for(lambda: source.status().code == "stuck"), source.status()
        opened = len(captures)
        time.sleep(0.3)
        assert len(captures) == opened
        assert "does not answer" in source.status().reason
        for capture in captures:
            capture.unblock.set()  # the reads return at last
            capture.mode = "ok"
        assert wait_for(lambda: source.status().online)
    finally:
        source.close()


def test_the_watcher_decodes_on_its_own_thread_and_drops_frames_it_had_no_time_for():
    """The capture thread only grabs frames; the thread calling step() waits for the next one
    and decodes it. A frame that takes longer than the camera's period lets newer frames
    replace the ones in between (dropped and counted), never queue them."""
    from vision.contract import WatchStep
    from vision.pipeline import TableWatcher

    class SlowWatcher(TableWatcher):
        def process(self, image, t):
            processed.append((threading.current_thread().name, int(image[0, 0, 0])))
            time.sleep(0.04)  # about eight of the fake camera's frames
            return WatchStep()

    processed: list = []
    capture = FakeCapture()
    source = CameraSource(0, FAST, capture_factory=lambda target, config: capture)
    watcher = SlowWatcher(source, "musee", 2, preview_width=0)
    try:
        assert watcher.waits_for_frames
        started = time.monotonic()
        while len(processed) < 6 and time.monotonic() - started < 5:
            watcher.step()
    finally:
        watcher.close()
    assert len(processed) == 6
    assert {name for name, _ in processed} == {threading.current_thread().name}
    values = [value for _, value in processed]
    assert values == sorted(values) and len(set(values)) == len(values)  # newest, never twice
    # The fake camera's pixel value is its frame number: every frame between the first and
    # the last one processed was either processed or counted as dropped.
    assert watcher.frames_dropped == values[-1] - values[0] + 1 - len(values)
    # frames were skipped, not queued: how many depends on how often the capture thread ran
    # beside the slow one (about eight per frame alone, under two on a loaded machine)
    assert watcher.frames_dropped > 0


def test_waiting_for_a_frame_returns_as_soon_as_one_arrives_and_times_out_without():
    capture = FakeCapture()
    source = CameraSource(0, FAST, capture_factory=lambda target, config: capture)
    try:
        assert source.wait_for_frame(2.0)
        assert source.read() is not None
        started = time.monotonic()
        assert source.wait_for_frame(2.0)  # the next frame comes within ~5 ms
        assert time.monotonic() - started < 1.0
    finally:
        source.close()
    blocked = FakeCapture("block")
    source = CameraSource(0, FAST, capture_factory=lambda target, config: blocked)
    try:
        started = time.monotonic()
        assert not source.wait_for_frame(0.2)
        assert 0.15 < time.monotonic() - started < 1.5
    finally:
        source.close()
