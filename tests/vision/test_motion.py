"""A hand moving over the table costs the pieces it covers, not its whole area: pieces whose
own pixels did not change keep their reading, and every piece stays tracked."""

import cv2
import pytest

from companion.events import CardRemoved
from vision.hands import Hand
from vision.partial import PartialDecoder
from vision.pipeline import TableWatcher
from vision.reader import CardReader
from vision.refresh import RefreshJob
from vision.render import Camera, Degradation, layout_scene, render_scene

CAMERA = Camera(px_per_mm=1.75, tilt=0.14, k1=-0.035)
SLOTS = [(m, g, s) for m in range(2) for g in range(2) for s in range(4)]
PLACEMENTS = [(f"MU{i + 1:02d}", f"museum{m}", [g, s]) for i, (m, g, s) in enumerate(SLOTS)]


def frame(hand, seed):
    scene = layout_scene("musee", 2, PLACEMENTS, (), [hand] if hand else [], seed=1)
    return render_scene(
        scene, seed=seed, camera=CAMERA, degradation=Degradation(noise_sigma=2, jpeg_quality=90)
    ).image


def test_pieces_the_hand_does_not_touch_are_not_decoded_again():
    still = frame(None, 1)
    moving = [frame(Hand(90 + 25 * i, 120, -90, 1.0), 10 + i) for i in range(3)]
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    for i in range(4):
        watcher.process(still, i / 30)
    assert len(watcher.tracker.alive()) == len(PLACEMENTS)
    events, kept_near_hand = [], []
    for i, image in enumerate(moving):
        last = {c.text: c for c in watcher.last_seen.codes}
        events += watcher.process(image, (4 + i) / 30).events
        now = {c.text: c for c in watcher.last_seen.codes}
        # Cards of the museum the hand moves over, within the re-decoded area but untouched
        # by it, keep the very reading of the frame before (not decoded again).
        kept_near_hand.append({t for t in now if t <= "MU08" and last.get(t) is now[t]})
    assert watcher.partial_decodes == len(moving)
    assert all(len(kept) >= 4 for kept in kept_near_hand), kept_near_hand
    assert not any(isinstance(e, CardRemoved) for e in events)
    seen = {c.text for c in watcher.last_seen.codes}
    assert len(seen) >= len(PLACEMENTS) - 4  # only cards under the hand may be unread


def test_two_threads_read_what_one_reads_and_the_decode_runs_on_them():
    """The partial decode of a hand's area is cut in strips and token searches, run on the
    watcher's worker threads; the readings are the same as on one thread."""
    import threading

    class Recording(CardReader):
        def read(self, image, *args, **kwargs):
            threads.add(threading.current_thread().name)
            return super().read(image, *args, **kwargs)

    still = frame(None, 1)
    moving = [frame(Hand(60 + 60 * i, 150, -80, 1.6), 20 + i) for i in range(3)]
    readings = {}
    for workers in (1, 2):
        threads: set = set()
        watcher = TableWatcher(
            None,
            "musee",
            2,
            preview_width=0,
            workers=workers,
            reader=Recording(min_side_px=36, max_side_px=520),
        )
        for i in range(4):
            watcher.process(still, i / 30)
        threads.clear()
        readings[workers] = []
        for i, image in enumerate(moving):
            watcher.process(image, (4 + i) / 30)
            readings[workers].append(
                (
                    sorted(c.text for c in watcher.last_seen.codes),
                    sorted(m.id for m in watcher.last_seen.markers),
                )
            )
        assert watcher.partial_decodes == len(moving)
        watcher.close()
        if workers == 2:
            assert threads and all(name.startswith("table-decode") for name in threads)
    assert readings[1] == readings[2]


def test_tokens_are_found_by_their_size_as_the_full_search_finds_them():
    """While a hand moves, tokens are searched for with a detector that skips contours far
    from a token's size: on a table with tokens and a hand it finds the same markers."""
    from companion.games import find_game
    from vision.markers import detect_markers, detect_tokens
    from vision.samples import CAMERA as SAMPLE_CAMERA
    from vision.samples import staircase_tokens

    tokens = staircase_tokens(find_game("musee"))
    scene = layout_scene("musee", 2, PLACEMENTS, tokens, [Hand(200, 180, -90, 1.2)], seed=1)
    image = render_scene(
        scene, seed=2, camera=SAMPLE_CAMERA, degradation=Degradation(noise_sigma=3, jpeg_quality=85)
    ).image
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    watcher.see(image)  # calibrates: the token's size in pixels
    full = sorted(m.id for m in detect_markers(image))
    quick = sorted(m.id for m in detect_tokens(image, watcher.token_marker_px))
    tokens_seen = [i for i in full if i >= 50]
    assert len(tokens_seen) >= 15
    assert [i for i in quick if i >= 50] == tokens_seen


def test_the_periodic_whole_decode_waits_for_a_frame_without_motion():
    """A whole-frame decode costs several frame periods; while a hand moves in every frame it
    waits (the hand's area is decoded anyway) and runs on the next still frame (when that
    differs from the frame last decoded whole: here a hand rested on the mat's margin then)."""
    still = frame(None, 1)
    moving = [frame(Hand(90 + 25 * i, 120, -90, 1.0), 10 + i) for i in range(3)]
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    for i in range(4):
        watcher.process(frame(Hand(900, 440, -90, 1.0), 1), i / 30)
    assert watcher.full_decodes == 1
    sweep = (moving + moving[-2:0:-1]) * 15  # 60 frames, each differing from the one before
    for i, image in enumerate(sweep):
        watcher.process(image, (4 + i) / 30)
    assert watcher.full_decodes == 1 and watcher.partial_decodes == len(sweep)
    watcher.process(still, 2.0)  # the hand has gone: changed, so a partial decode
    watcher.process(still, 2.1)  # nothing changed, and a whole decode is overdue
    assert watcher.full_decodes == 2
    assert len(watcher.tracker.alive()) == len(PLACEMENTS)
    for i in range(
        2 * watcher.settings.full_decode_every
    ):  # the same pixels are not decoded whole again
        watcher.process(still, 2.2 + i / 30)
    assert watcher.full_decodes == 2
    for i in range(95):  # motion for longer than three whole-decode periods: it goes ahead
        watcher.process(sweep[i % len(sweep)], 3 + i / 30)
    assert watcher.full_decodes == 3


def _scene_frame(placements, hands, seed):
    scene = layout_scene("musee", 2, placements, (), list(hands), seed=1)
    return render_scene(
        scene, seed=seed, camera=CAMERA, degradation=Degradation(noise_sigma=2, jpeg_quality=90)
    ).image


def test_a_covered_card_is_not_tried_again_on_the_same_pixels():
    """A hand resting on a card while another moves beside it: the covered card gets a brief
    look while it changes, every quick stage once it is still, and then no decode at all
    while its pixels stay the same; it stays tracked throughout."""
    from calibration.layouts import load_layout

    verdicts: list[list[tuple[str, tuple]]] = []

    class Recording(PartialDecoder):
        def _read_strip(self, gray, strip, hints, nearby, attention, looked, card_px):
            def recorded(quad):  # frame pixels
                look = attention(quad)
                verdicts[-1].append((look, tuple(float(v) for v in quad.mean(axis=0))))
                return look

            return super()._read_strip(gray, strip, hints, nearby, recorded, looked, card_px)

    layout = load_layout("musee", 2)
    x, y = layout.region("museum0").slot([1, 1]).center_mm
    resting = Hand(x, y + 40, -90, 1.0)  # covers MU06's code
    watcher = TableWatcher(None, "musee", 2, preview_width=0, workers=1)
    watcher.partial = Recording(watcher.reader, workers=1)
    for i in range(4):
        verdicts.append([])
        watcher.process(frame(None, 1), i / 30)
    assert "MU06" in {c.text for c in watcher.last_seen.codes}
    card = next(c for c in watcher.last_seen.codes if c.text == "MU06")
    near_card = []
    for i in range(5):  # the resting hand stays; the other sweeps along beside it
        verdicts.append([])
        image = _scene_frame(PLACEMENTS, [resting, Hand(x + 70 + 12 * i, y - 30, -60, 0.9)], 30)
        watcher.process(image, (4 + i) / 30)
        near_card.append(
            {
                look
                for look, centre in verdicts[-1]
                if cv2.pointPolygonTest(card.corners.reshape(-1, 1, 2), centre, False) >= 0
            }
        )
    assert "MU06" not in {c.text for c in watcher.last_seen.codes}  # really covered
    assert watcher.partial_decodes == 5
    assert "look" in near_card[0]  # the hand came down on it: a brief look
    assert "read" in near_card[1]  # still now: every quick stage, once
    assert all(seen <= {"skip"} for seen in near_card[2:]), near_card  # same pixels: no decode
    assert "MU06" in {watcher.tracker.tracks[t].payload for t in watcher.tracker.alive()}


class QuickReadsMissMU09(CardReader):
    """The quick reads of changed parts never see MU09; only a whole decode reads it. (At
    module level, so the refresh process can make one.)"""

    def read(self, image, hints=(), thorough=True, known=(), attention=None):
        found = super().read(image, hints, thorough, known, attention)
        return found if thorough else [c for c in found if c.text != "MU09"]


@pytest.mark.parametrize("where", ["process", "thread"])
def test_the_periodic_whole_decode_of_a_live_camera_runs_beside_the_frames(where):
    """From a live camera the whole decode runs beside the frames (in a process of its own,
    or on a thread where no process can be used): no frame waits for it, what it reads is
    added where the pixels have not changed since its frame, its passes are counted for the
    camera check, and a card moved in the meantime is not put back where it was."""
    without = [p for p in PLACEMENTS if p[0] != "MU09"]
    moved = [p if p[0] != "MU09" else ("MU09", "museum1", [1, 3]) for p in PLACEMENTS]

    def live_watcher():
        watcher = TableWatcher(
            None,
            "musee",
            2,
            preview_width=0,
            workers=1,
            reader=QuickReadsMissMU09(min_side_px=36, max_side_px=520),
            refresh_beside=True,  # as for a live camera (CameraSource)
            refresh_in_process=where == "process",
        )
        return watcher

    empty, placed, elsewhere = (_scene_frame(p, (), 5) for p in (without, PLACEMENTS, moved))
    watcher = live_watcher()
    t = 0.0
    for image in [empty] * 3 + [placed] * (watcher.settings.full_decode_every + 1):
        watcher.process(image, t)
        t += 1 / 30
    assert watcher.full_decodes == 1  # the first frame only: never a whole decode in line
    assert "MU09" not in {c.text for c in watcher.last_seen.codes}
    assert watcher.refresher.job is not None  # started on the last (still) frame
    assert (watcher.refresher.process_pool is not None) == (where == "process")
    tried_before = watcher.reader.stats["crop"][1]
    watcher.refresher.job.future.result(timeout=60)  # let it finish before the next frame comes
    watcher.process(placed, t)
    assert "MU09" in {c.text for c in watcher.last_seen.codes}
    assert watcher.background_refreshes == 1
    assert watcher.reader.stats["crop"][1] > tried_before  # its passes are counted here
    watcher.close()

    # The same again, but MU09 moves to another slot before the refresh's result is taken.
    watcher = live_watcher()
    for image in [empty] * 3 + [placed] * (watcher.settings.full_decode_every + 1):
        watcher.process(image, t)
        t += 1 / 30
    refresh, watcher.refresher.job = watcher.refresher.job, None
    refresh.future.result(timeout=60)
    for _ in range(2):  # frames go by while the refresh runs; MU09 is moved in the first
        watcher.process(elsewhere, t)
        t += 1 / 30
    watcher.refresher.job = refresh  # now its result is taken
    watcher.process(elsewhere, t)
    assert watcher.background_refreshes == 1
    assert "MU09" not in {c.text for c in watcher.last_seen.codes}  # not put back where it was
    watcher.close()


def test_a_starved_whole_decode_beside_the_frames_is_never_forced_in_line():
    """On a busy machine the whole decode beside the frames (lowest priority) may take
    seconds; the frames go on with partial decodes meanwhile instead of decoding whole in
    line (which holds a frame up for a tenth of a second or more)."""
    from concurrent.futures import Future

    still = frame(None, 1)
    moving = [frame(Hand(90 + 25 * i, 120, -90, 1.0), 10 + i) for i in range(3)]
    watcher = TableWatcher(None, "musee", 2, preview_width=0, workers=1, refresh_beside=True)
    watcher.process(still, 0.0)
    assert watcher.full_decodes == 1
    never_done = Future()  # a refresh that never gets the CPU
    watcher.refresher.job = RefreshJob(never_done, None, None)
    frames = ((moving + moving[-2:0:-1]) * 30)[
        : 4 * watcher.settings.full_decode_every * watcher.settings.full_decode_wait
    ]
    for i, image in enumerate(frames + [still] * 40):
        watcher.process(image, (1 + i) / 30)
    assert watcher.full_decodes == 1  # still only the first frame's
    assert watcher.refresher.job.future is never_done
    never_done.cancel()
    watcher.close()
