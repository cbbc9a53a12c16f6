"""Keeping frames (vision/recorder.py) and judging a replay against the confirmed table
(vision/replay_bench.py), on small made-up frames and tables."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision.contract import Frame, SourceStatus
from vision.recorder import FrameRecorder
from vision.replay_bench import Replayed, compare


class Frames:
    """A source of numbered grey frames at `step_s` seconds of frame time."""

    def __init__(self, count: int, step_s: float, size=(120, 160)):
        self.count, self.step_s, self.size, self.index = count, step_s, size, 0
        self.closed = False

    def read(self):
        if self.index >= self.count:
            return None
        image = np.full((*self.size, 3), 200, np.uint8)
        frame = Frame(image, self.index * self.step_s, self.index)
        self.index += 1
        return frame

    def status(self):
        return SourceStatus(self.index < self.count, "", 0.0, self.index)

    def close(self):
        self.closed = True


def test_frames_are_kept_at_the_chosen_rate_and_every_frame_passes_on(tmp_path):
    saved = []
    recorder = FrameRecorder(Frames(30, 0.1), tmp_path, fps=2.0, on_saved=saved.append)
    passed = [recorder.read() for _ in range(30)]
    assert all(frame is not None for frame in passed)
    # 3 s of frames at 10 a second, one kept every 0.5 s (0.1 + 0.4 is not 0.5 in floats)
    assert saved == list(range(6)) and [f["source_index"] for f in recorder.frames] == [
        0,
        5,
        10,
        15,
        20,
        25,
    ]
    assert sorted(p.name for p in tmp_path.glob("*.jpg"))[:2] == ["000000.jpg", "000001.jpg"]
    recorder.close()
    assert recorder.inner.closed


def test_a_camera_method_the_watcher_asks_for_is_the_cameras_own(tmp_path):
    class Camera(Frames):
        def wait_for_frame(self, timeout):
            return "waited"

    recorder = FrameRecorder(Camera(1, 0.1), tmp_path)
    assert recorder.wait_for_frame(0.1) == "waited"
    assert not hasattr(FrameRecorder(Frames(1, 0.1), tmp_path / "b"), "wait_for_frame")


def test_keeping_the_mat_only_blacks_out_and_crops_away_what_lies_beside_it(tmp_path):
    outline = {"now": None}
    source = Frames(4, 1.0, size=(200, 300))
    recorder = FrameRecorder(
        source, tmp_path, fps=1.0, mat_only=True, mat_outline=lambda: outline["now"]
    )
    recorder.read()  # the mat is not found yet: nothing is kept
    assert recorder.withheld == 1 and recorder.saved == 0
    outline["now"] = np.array([[100, 50], [260, 60], [250, 170], [110, 160]], float)
    recorder.read()
    recorder.read()
    assert recorder.saved == 2
    kept = cv2.imread(str(tmp_path / "000000.jpg"))
    x0, y0 = recorder.frames[0]["crop"]
    assert 90 < x0 < 100 and 40 < y0 < 50, "the box of the outline grown a little"
    assert kept.shape[0] < 140 and kept.shape[1] < 185
    assert kept[kept.shape[0] // 2, kept.shape[1] // 2].min() > 180, "the mat stays as it was"
    assert kept[0, 0].max() < 20 and kept[-1, -1].max() < 20, "beside the mat: black"
    second = cv2.imread(str(tmp_path / "000001.jpg"))
    assert second.shape == kept.shape, "one size while the mat stays put"


def test_keeping_frames_needs_a_rate_and_the_mat_needs_its_outline(tmp_path):
    with pytest.raises(ValueError, match="more than 0"):
        FrameRecorder(Frames(1, 1), tmp_path, fps=0)
    with pytest.raises(ValueError, match="outline"):
        FrameRecorder(Frames(1, 1), tmp_path, mat_only=True)


@dataclass(frozen=True)
class Table:
    frame: int
    moves: int
    pieces: tuple


def card(payload, region, slot):
    return (payload, region, slot, "card")


def replayed(tables: list[dict], sightings: dict) -> Replayed:
    """`tables`: per frame, payload -> (region, slot) as the reader settled it."""
    return Replayed(
        times=[i * 0.25 for i in range(len(tables))],
        tables=[{(*place, payload) for payload, place in t.items()} for t in tables],
        sightings=sightings,
        cpu_ms=[10.0] * len(tables),
    )


A, B = ("museum0", (0, 0)), ("museum0", (0, 1))


def test_the_replay_is_judged_piece_by_piece_against_each_confirmed_table():
    frames = (
        [{}] * 2
        + [{"MU01": A}] * 6  # MU01 settled at frame 2, seen from frame 0: 0.5 s
        + [{"MU01": A, "MU09": B}] * 6  # the players said MU02 lies at B
        + [{"MU01": B, "MU40": ("museum1", (2, 2))}] * 6
    )
    confirmed = [
        Table(3, 1, (card("MU01", *A),)),
        Table(8, 2, (card("MU01", *A), card("MU02", *B))),
        Table(14, 2, (card("MU01", *A), card("MU02", *B))),
    ]
    sightings = {("MU01", "museum0", (0, 0)): [0, 1, 2, 3], ("MU09", "museum0", (0, 1)): [8]}
    report = compare(replayed(frames, sightings), confirmed)
    assert report["confirmed_tables"] == 3 and report["pieces_compared"] == 5
    assert report["pieces_right"] == 2 and report["tables_exact"] == 1
    assert report["findings_text"] == [
        "frame 8: museum0 0/1: read MU09, confirmed MU02",
        "frame 14: MU01 confirmed at museum0 0/0, read at museum0 0/1",
        "frame 14: museum0 0/1: MU02 confirmed, nothing read",  # MU01 lies there
        "frame 14: museum1 2/2: read MU40, the players had none",
    ]
    assert (report["misread"], report["misplaced"], report["missed"], report["extra"]) == (
        1,
        1,
        1,
        1,
    )
    assert report["correction_needed_at_frames"] == [8, 14]
    assert report["settle_s"]["max"] == 0.5 and report["never_settled"] == ["MU02 at frame 8"]


def test_a_piece_the_reader_settles_before_the_players_confirm_it_is_not_extra():
    frames = [{"MU01": A}] * 3 + [{"MU01": A, "MU02": B}] * 6
    confirmed = [
        Table(0, 1, (card("MU01", *A),)),
        Table(5, 2, (card("MU01", *A), card("MU02", *B))),
    ]
    report = compare(replayed(frames, {}), confirmed)
    assert report["extra"] == 0 and report["tables_exact"] == 2


def test_a_slow_reader_gets_a_few_frames_when_moves_come_every_frame():
    """At 1 frame a second a move each frame: the reader settles each card two frames late
    (3 of 5 frames), which is right, not a miss."""
    frames = [{}, {}, {"MU01": A}, {"MU01": A}, {"MU01": A, "MU02": B}] + [
        {"MU01": A, "MU02": B}
    ] * 5
    confirmed = [
        Table(0, 1, (card("MU01", *A),)),
        Table(1, 2, (card("MU01", *A), card("MU02", *B))),
    ]
    report = compare(replayed(frames, {}), confirmed)
    assert report["pieces_right"] == report["pieces_compared"] == 3


def test_face_down_cards_sharing_one_code_and_pieces_sharing_a_place_are_each_judged():
    pieces = [
        ("row-red", (0,), "CCBACK"),
        ("row-blue", (0,), "CCBACK"),
        ("path", (0,), "MYHRED"),
        ("path", (0,), "MYHBLUE"),
    ]
    tables = [set(pieces)] * 6
    confirmed = [Table(0, 1, tuple(card(p, region, slot) for region, slot, p in pieces))]
    report = compare(Replayed([i * 1.0 for i in range(6)], tables, {}, [1.0] * 6), confirmed)
    assert report["pieces_right"] == report["pieces_compared"] == 4
    assert report["findings"] == []


def test_stopping_keeps_the_last_frame_the_rate_skipped(tmp_path):
    """At 2 frames a second of a 4-a-second source the frame in which the last card lies
    settled (and the hand has gone) may be skipped: stopping keeps it."""
    recorder = FrameRecorder(Frames(4, 0.25), tmp_path, fps=2.0)
    for _ in range(4):
        recorder.read()
    assert [f["source_index"] for f in recorder.frames] == [0, 2]
    recorder.finish()
    assert [f["source_index"] for f in recorder.frames] == [0, 2, 3]
    recorder.finish()  # once only
    assert recorder.saved == 3 and len(list(tmp_path.glob("*.jpg"))) == 3


def test_stopping_right_after_a_kept_frame_keeps_nothing_more(tmp_path):
    recorder = FrameRecorder(Frames(3, 0.5), tmp_path, fps=2.0)
    for _ in range(3):
        recorder.read()
    recorder.finish()
    assert [f["source_index"] for f in recorder.frames] == [0, 1, 2]


def test_an_image_folder_holds_its_last_picture_when_asked(tmp_path):
    from vision.sources import ImageFolderSource, SourceConfig

    for index, grey in enumerate((10, 200)):
        cv2.imwrite(str(tmp_path / f"{index:06d}.png"), np.full((240, 320, 3), grey, np.uint8))
    source = ImageFolderSource(tmp_path, SourceConfig(hold_last=3))
    frames = []
    while (frame := source.read()) is not None:
        frames.append(frame)
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 200, 200, 200, 200]
    assert frames[-1].t > frames[1].t and source.status().finished
    assert source.status().frames_read == 2, "a held picture is no new one"
    plain = ImageFolderSource(tmp_path)
    assert [plain.read() is not None for _ in range(3)] == [True, True, False]


def test_two_tables_at_one_frame_need_one_correction_listed_once():
    """A card and a declaration after it at the recording's frame 4: a piece the reader
    missed there is one finding at one frame, not two."""
    frames = [{}] * 3 + [{"MU01": A}] * 5
    confirmed = [
        Table(1, 1, (card("MU01", *A),)),
        Table(4, 2, (card("MU01", *A), card("MU09", *B))),
        Table(4, 3, (card("MU01", *A), card("MU09", *B))),
    ]
    report = compare(replayed(frames, {}), confirmed)
    assert report["correction_needed_at_frames"] == [4]
    assert report["findings_text"] == ["frame 4: museum0 0/1: MU09 confirmed, nothing read"]
    assert report["missed"] == 1


def test_a_piece_settled_just_after_its_window_is_late_not_a_correction():
    """MU02 confirmed at frame 2 and settled by the reader at frame 9, after the window
    (frames 2-6) but within the lag after it: a settle delay."""
    frames = [{"MU01": A}] * 9 + [{"MU01": A, "MU02": B}] * 3
    confirmed = [
        Table(0, 1, (card("MU01", *A),)),
        Table(2, 2, (card("MU01", *A), card("MU02", *B))),
    ]
    sightings = {("MU01", *A): [0], ("MU02", *B): [7, 8, 9]}
    report = compare(replayed(frames, sightings), confirmed, lag=4)
    assert report["settled_late"] == [] and report["pieces_right"] == 3, "window reaches 11"
    confirmed.append(Table(5, 3, (card("MU01", *A), card("MU02", *B))))
    report = compare(replayed(frames, sightings), confirmed, lag=4)
    # the window of frame 2 is now frames 2-6; MU02 settles at 9, within 4 frames after it
    assert report["settled_late"] == ["MU02 at frame 2"]
    assert report["correction_needed_at_frames"] == [] and report["missed"] == 0
    assert report["never_settled"] == [] and report["settle_s"]["max"] == 0.5
