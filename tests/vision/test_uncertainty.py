"""Confidence shown, never guessed: a reading the tracker has not settled is listed for the
dashboard to mark (and, once it has lasted, to ask about), and never scored."""

from __future__ import annotations

from companion.catalogue import load_catalogue
from companion.events import CardAdded, CardMoved
from vision.tracker import Detection, Tracker
from vision.uncertainty import uncertain_readings

FPS = 4.0


def at(payload: str, slot=(2, 2), region="museum1") -> Detection:
    return Detection(payload, 500.0 + 70 * slot[1], 100.0 + 120 * slot[0], region, slot)


def run(tracker: Tracker, frames: list[list[Detection]], start: int = 0):
    events, readings = [], []
    for index, detections in enumerate(frames, start=start):
        t = index / FPS
        events += tracker.update(detections, t)
        readings.append(uncertain_readings(tracker, t))
    return events, readings


def test_a_card_read_in_one_frame_of_three_is_marked_and_asked_about_never_scored():
    tracker = Tracker(load_catalogue("musee"))
    frames = [[at("MU07")] if i % 3 == 0 else [] for i in range(13)]  # 3.25 s, 1 in 3 read
    events, readings = run(tracker, frames)
    assert not [e for e in events if isinstance(e, CardAdded)], "never scored"
    assert readings[3] == [], "under a second: a card being laid is not marked yet"
    (first,) = readings[4]
    assert first["payload"] == "MU07" and first["region"] == "museum1"
    assert first["slot"] == [2, 2] and first["why"] == "not_counted"
    assert first["read_in"] < first["needed"] == 3 and first["of_frames"] == 5
    assert first["ask"] is False
    (later,) = readings[12]
    assert later["ask"] is True and later["unsettled_s"] == 3.0


def test_a_card_read_clearly_settles_and_is_never_marked():
    tracker = Tracker(load_catalogue("musee"))
    events, readings = run(tracker, [[at("MU07")]] * 10)
    assert [e.payload for e in events if isinstance(e, CardAdded)] == ["MU07"]
    assert all(r == [] for r in readings)


def test_a_counted_card_glimpsed_elsewhere_is_marked_as_moving_until_it_settles():
    tracker = Tracker(load_catalogue("musee"))
    run(tracker, [[at("MU07")]] * 4)
    elsewhere = at("MU07", slot=(0, 1))
    glimpses = [[elsewhere] if i % 3 == 0 else [] for i in range(12)]  # a hand over it
    events, readings = run(tracker, glimpses, start=4)
    assert not [e for e in events if isinstance(e, CardMoved)]
    moving = [r for frame in readings for r in frame]
    assert moving and {r["why"] for r in moving} == {"moving"}
    assert {tuple(r["slot"]) for r in moving} == {(0, 1)}


def test_a_code_off_the_layout_or_unknown_is_not_marked():
    tracker = Tracker(load_catalogue("musee"))
    outside = Detection("MU07", 5.0, 5.0, None, None)
    unknown = at("ZZ99")
    _, readings = run(tracker, [[outside, unknown] if i % 3 == 0 else [] for i in range(10)])
    assert all(r == [] for r in readings)


def test_a_piece_read_clearly_but_waiting_behind_an_unsure_one_is_not_marked():
    """Pieces settle in the order they appeared: MUT01C, read in every frame, waits a moment
    (n - k frames) for the card seen just before it, then settles on its own evidence. It is
    never in doubt, so it is never marked, neither while waiting nor after."""
    tracker = Tracker(load_catalogue("musee"))
    token = Detection("MUT01C", 100.0, 180.0, "museum0-tokens", (0, 0), marker=1)
    frames = [[at("MU07"), token] if i % 3 == 0 else [token] for i in range(10)]
    events, readings = run(tracker, frames)
    assert {r["payload"] for r in readings[-1]} == {"MU07"}
    assert all("MUT01C" not in {r["payload"] for r in frame} for frame in readings)
    assert [e.payload for e in events if isinstance(e, CardAdded)] == ["MUT01C"]
