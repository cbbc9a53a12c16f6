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
