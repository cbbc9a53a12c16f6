"""Tracker hysteresis: appear after k of n, survive a hand, moves, duplicates, unknowns, backs."""

from companion.catalogue import Catalogue, Piece, load_catalogue
from companion.events import CardAdded, CardMoved, CardRemoved, FrameEnd
from companion.model import Text
from vision.tracker import Detection, Tracker

FPS = 10


def run(tracker, frames, start=0):
    """frames: list of detection lists, one per frame at 10 fps; returns (frame, event) pairs."""
    out = []
    for index, detections in enumerate(frames, start):
        for event in tracker.update(detections, index / FPS):
            out.append((index, event))
    return out


def card(payload, x=100.0, y=100.0, region="museum0", slot=(0, 0)):
    return Detection(payload, x, y, region, slot)


def with_back():
    base = load_catalogue("musee")
    back = Piece("MUBACK", "back", Text("back", "背面"), "back", {})
    return Catalogue("musee", list(base.pieces) + [back], base.card_size_mm)


def test_card_appears_after_k_of_n_frames_and_not_from_one_glimpse():
    tracker = Tracker(load_catalogue("musee"))
    glimpse = run(tracker, [[card("MU05")], [], [], [], [], []])
    assert not [e for _, e in glimpse if isinstance(e, CardAdded)]
    events = run(tracker, [[card("MU05")], [], [card("MU05")], [card("MU05")]], start=10)
    added = [(i, e) for i, e in events if isinstance(e, CardAdded)]
    assert len(added) == 1 and added[0][0] == 13
    assert added[0][1].where.region == "museum0" and added[0][1].where.slot == (0, 0)
    frame_ends = [e for i, e in events if isinstance(e, FrameEnd) and i == 13]
    assert frame_ends and frame_ends[0].alive == {added[0][1].track_id}


def test_hand_over_the_cards_for_two_seconds_changes_nothing():
    tracker = Tracker(load_catalogue("musee"))
    cards = [card("MU01"), card("MU02", 200, 100, slot=(0, 1))]
    before = run(tracker, [cards] * 5)
    assert sum(isinstance(e, CardAdded) for _, e in before) == 2
    hand = run(tracker, [[]] * 20 + [cards] * 5, start=5)  # 2 s with nothing read
    assert not [e for _, e in hand if not isinstance(e, FrameEnd)]
    gone = run(tracker, [[cards[0]]] * 40, start=30)
    removed = [(i, e) for i, e in gone if isinstance(e, CardRemoved)]
    assert [e.payload for _, e in removed] == ["MU02"]
    assert removed[0][0] >= 29 + 3 * FPS  # last seen at frame 29: only after the timeout


def test_move_is_reported_once_it_settles():
    tracker = Tracker(load_catalogue("musee"))
    run(tracker, [[card("MU07", slot=(1, 2))]] * 5)
    events = run(tracker, [[card("MU07", 300, 300, slot=(2, 4))]] * 5, start=5)
    moved = [e for _, e in events if isinstance(e, CardMoved)]
    assert len(moved) == 1
    assert moved[0].previous.slot == (1, 2) and moved[0].where.slot == (2, 4)
    # A single misplaced reading is noise, not a move.
    noise = run(
        tracker,
        [[card("MU07", 500, 300, slot=(0, 5))]] + [[card("MU07", 300, 300, slot=(2, 4))]] * 4,
        start=10,
    )
    assert not [e for _, e in noise if isinstance(e, CardMoved)]


def test_duplicate_print_is_a_warning_not_an_event():
    tracker = Tracker(load_catalogue("musee"))
    events = run(tracker, [[card("MU09"), card("MU09", 400, 100, slot=(0, 4))]] * 5)
    added = [e for _, e in events if isinstance(e, CardAdded)]
    assert len(added) == 1 and added[0].where.slot == (0, 0)
    assert any("duplicate print" in w and "MU09" in w for w in tracker.warnings)


def test_unknown_payload_is_ignored_with_a_warning():
    tracker = Tracker(load_catalogue("musee"))
    events = run(tracker, [[card("CC001"), card("MU03")]] * 5)
    assert [e.payload for _, e in events if isinstance(e, CardAdded)] == ["MU03"]
    assert any("CC001" in w and "unknown" in w for w in tracker.warnings)


def test_face_down_cards_share_a_back_and_are_tracked_by_position():
    tracker = Tracker(with_back())
    backs = [card("MUBACK", 100, 100, None, None), card("MUBACK", 300, 100, None, None)]
    events = run(tracker, [backs] * 5)
    added = [e for _, e in events if isinstance(e, CardAdded)]
    assert len(added) == 2 and all(e.face_down and e.payload == "MUBACK" for e in added)
    assert len({e.track_id for e in added}) == 2
    assert not any("duplicate" in w for w in tracker.warnings)


def test_pieces_settle_in_the_order_they_appeared():
    tracker = Tracker(load_catalogue("musee"))
    a, b = card("MU01"), card("MU02", 200, 100, slot=(0, 1))
    # MU01 is laid first but glare hides it for two frames; MU02 comes a frame later.
    events = run(tracker, [[a], [b], [b], [a, b], [a, b]])
    added = [(i, e.payload) for i, e in events if isinstance(e, CardAdded)]
    assert [p for _, p in added] == ["MU01", "MU02"]
    assert added[1][0] == 4  # MU02 was ready at frame 3 but waited for MU01
    # A glimpse that never settles holds nothing up for long.
    tracker = Tracker(load_catalogue("musee"))
    events = run(tracker, [[a], [b], [b], [b], [b], [b], [b]])
    assert [(i, e.payload) for i, e in events if isinstance(e, CardAdded)] == [(5, "MU02")]


def test_a_card_read_now_and_then_does_not_hold_back_the_pieces_after_it():
    """Each piece settles on its own evidence: MU01 is read one frame in three (never 3 of
    5, never unseen for 5), MU02 and MU03 every frame from the next ones. They wait for MU01
    only as long as a card read late takes to catch up (n - k frames), then settle in the
    order they appeared; before, they waited until MU01 faded, here for ever."""
    tracker = Tracker(load_catalogue("musee"))
    a = card("MU01")
    b, c = card("MU02", 200, 100, slot=(0, 1)), card("MU03", 300, 100, slot=(0, 2))
    frames = [
        ([a] if i % 3 == 0 else []) + ([b] if i >= 1 else []) + ([c] if i >= 2 else [])
        for i in range(30)
    ]
    events = run(tracker, frames)
    added = [(i, e.payload) for i, e in events if isinstance(e, CardAdded)]
    # MU02 ready at frame 3, MU03 at frame 4; both have waited n - k = 2 frames at frame 5/6.
    assert added == [(5, "MU02"), (6, "MU03")]
