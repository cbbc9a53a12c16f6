"""A hand moving over the table costs the pieces it covers, not its whole area: pieces whose
own pixels did not change keep their reading, and every piece stays tracked."""

from companion.events import CardRemoved
from vision.pipeline import TableWatcher
from vision.render import Camera, Degradation, Hand, layout_scene, render_scene

CAMERA = Camera(px_per_mm=1.75, tilt=0.14, k1=-0.035)
SLOTS = [(m, g, s) for m in range(2) for g in range(2) for s in range(4)]
PLACEMENTS = [(f"MU{i + 1:02d}", f"museum{m}", [g, s]) for i, (m, g, s) in enumerate(SLOTS)]


def frame(hand, seed):
    scene = layout_scene("musee", 2, PLACEMENTS, (), [hand] if hand else [], seed=1)
    return render_scene(scene, seed=seed, camera=CAMERA,
                        degradation=Degradation(noise_sigma=2, jpeg_quality=90)).image


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

    from vision.decode import CardReader

    class Recording(CardReader):
        def read(self, image, *args, **kwargs):
            threads.add(threading.current_thread().name)
            return super().read(image, *args, **kwargs)

    still = frame(None, 1)
    moving = [frame(Hand(60 + 60 * i, 150, -80, 1.6), 20 + i) for i in range(3)]
    readings = {}
    for workers in (1, 2):
        threads: set = set()
        watcher = TableWatcher(None, "musee", 2, preview_width=0, workers=workers,
                               reader=Recording(min_side_px=36, max_side_px=520))
        for i in range(4):
            watcher.process(still, i / 30)
        threads.clear()
        readings[workers] = []
        for i, image in enumerate(moving):
            watcher.process(image, (4 + i) / 30)
            readings[workers].append(
                (sorted(c.text for c in watcher.last_seen.codes),
                 sorted(m.id for m in watcher.last_seen.markers)))
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
    from vision.samples import CAMERA as SAMPLE_CAMERA, staircase_tokens

    tokens = staircase_tokens(find_game("musee"))
    scene = layout_scene("musee", 2, PLACEMENTS, tokens, [Hand(200, 180, -90, 1.2)], seed=1)
    image = render_scene(scene, seed=2, camera=SAMPLE_CAMERA,
                         degradation=Degradation(noise_sigma=3, jpeg_quality=85)).image
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    watcher.see(image)  # calibrates: the token's size in pixels
    full = sorted(m.id for m in detect_markers(image))
    quick = sorted(m.id for m in detect_tokens(image, watcher.token_marker_px))
    tokens_seen = [i for i in full if i >= 50]
    assert len(tokens_seen) >= 15
    assert [i for i in quick if i >= 50] == tokens_seen


def test_the_periodic_whole_decode_waits_for_a_frame_without_motion():
    """A whole-frame decode costs several frame periods; while a hand moves in every frame it
    waits (the hand's area is decoded anyway) and runs on the next still frame."""
    still = frame(None, 1)
    moving = [frame(Hand(90 + 25 * i, 120, -90, 1.0), 10 + i) for i in range(3)]
    watcher = TableWatcher(None, "musee", 2, preview_width=0)
    for i in range(4):
        watcher.process(still, i / 30)
    assert watcher.full_decodes == 1
    sweep = (moving + moving[-2:0:-1]) * 15  # 60 frames, each differing from the one before
    for i, image in enumerate(sweep):
        watcher.process(image, (4 + i) / 30)
    assert watcher.full_decodes == 1 and watcher.partial_decodes == len(sweep)
    watcher.process(still, 2.0)  # the hand has gone: changed, so a partial decode
    watcher.process(still, 2.1)  # nothing changed, and a whole decode is overdue
    assert watcher.full_decodes == 2
    assert len(watcher.tracker.alive()) == len(PLACEMENTS)
    for i in range(95):  # motion for longer than three whole-decode periods: it goes ahead
        watcher.process(sweep[i % len(sweep)], 3 + i / 30)
    assert watcher.full_decodes == 3
