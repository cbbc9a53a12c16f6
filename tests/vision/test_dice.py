"""The dice reader on dice rendered here: right values, and unsure means None, never a guess."""

import cv2
import numpy as np
import pytest

from vision.dice import COLOURS, find_dice
from vision.dice_render import render_die
from vision.pips import CANON, LAYOUTS, count_pips


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("value", range(1, 7))
def test_reads_every_face_of_every_colour_at_a_good_size(colour, value):
    rng = np.random.default_rng(value * 10 + COLOURS.index(colour))
    image, centre = render_die(value, colour, 36, rng, blur=0.6, noise=3, jpeg=85)
    found = find_dice(image)
    assert len(found) == 1
    die = found[0]
    assert die.colour == colour
    assert die.payload == f"DIE{colour.upper()}"
    assert die.value == value
    assert abs(die.x - centre[0]) < 4 and abs(die.y - centre[1]) < 4


def test_mostly_reads_small_blurred_dice_and_never_guesses_wrong():
    rng = np.random.default_rng(2024)
    right = wrong = 0
    for i in range(120):
        value = int(rng.integers(1, 7))
        image, _ = render_die(value, COLOURS[i % 4], 24, rng, blur=1.0, noise=4, jpeg=80)
        found = find_dice(image)
        assert len(found) == 1
        if found[0].value is not None:
            right += found[0].value == value
            wrong += found[0].value != value
    assert wrong == 0
    assert right >= 100


def test_a_face_with_a_smudge_is_not_read():
    rng = np.random.default_rng(5)
    image, centre = render_die(4, "red", 40, rng)
    x, y = int(centre[0]), int(centre[1])
    cv2.line(image, (x - 12, y - 3), (x + 12, y + 5), (250, 250, 250), 3)  # glare streak
    found = find_dice(image)
    assert len(found) == 1 and found[0].value is None


def test_glare_streaks_never_turn_into_a_wrong_value():
    rng = np.random.default_rng(77)
    wrong = 0
    for i in range(60):
        value, face = int(rng.integers(1, 7)), float(rng.uniform(22, 40))
        image, centre = render_die(
            value, COLOURS[i % 4], face, rng, blur=float(rng.uniform(0, 1.5))
        )
        angle = rng.uniform(0, np.pi)
        half = face * rng.uniform(0.3, 0.45)
        dx, dy = half * np.cos(angle), half * np.sin(angle)
        x, y = centre[0] + rng.uniform(-3, 3), centre[1] + rng.uniform(-3, 3)
        cv2.line(
            image,
            (int(x - dx), int(y - dy)),
            (int(x + dx), int(y + dy)),
            (250, 250, 250),
            int(rng.integers(2, 4)),
        )
        for die in find_dice(image):
            wrong += die.value is not None and die.value != value
    assert wrong == 0


def test_two_touching_dice_are_reported_unread_not_guessed():
    rng = np.random.default_rng(9)
    left, _ = render_die(3, "blue", 30, rng, tilt=0.0, canvas=110)
    right, _ = render_die(5, "blue", 30, rng, tilt=0.0, canvas=110)
    joined = np.hstack([left[:, 30:80], right[:, 30:80]])
    for die in find_dice(joined):
        assert die.value in (None, 3, 5)


def test_blank_and_seven_dot_faces_are_rejected():
    blank = np.full((CANON, CANON, 3), (40, 40, 200), np.uint8)
    assert count_pips(blank)[0] is None
    seven = blank.copy()
    for x, y in LAYOUTS[6][0] + ((0.5, 0.5),):
        cv2.circle(seven, (int(x * CANON), int(y * CANON)), 6, (240, 240, 240), -1)
    assert count_pips(seven)[0] is None


def test_pips_out_of_layout_are_rejected():
    face = np.full((CANON, CANON, 3), (40, 40, 200), np.uint8)
    for x, y in ((0.25, 0.25), (0.5, 0.25), (0.75, 0.25)):  # three in a row along an edge
        cv2.circle(face, (int(x * CANON), int(y * CANON)), 6, (240, 240, 240), -1)
    assert count_pips(face)[0] is None


def test_no_dice_on_a_plain_card():
    card = np.full((120, 120, 3), 235, np.uint8)
    cv2.rectangle(card, (20, 20), (60, 60), (10, 10, 10), -1)
    assert find_dice(card) == []


def test_side_faces_seen_from_an_angle_do_not_confuse_the_reading():
    rng = np.random.default_rng(31)
    right = wrong = 0
    for i in range(48):
        value = int(rng.integers(1, 7))
        image, _ = render_die(
            value, COLOURS[i % 4], 32, rng, blur=0.5, noise=3, jpeg=85, sides=0.25
        )
        found = find_dice(image)
        assert len(found) == 1
        right += found[0].value == value
        wrong += found[0].value not in (None, value)
    assert wrong == 0 and right >= 40


def test_dice_too_small_to_read_surely_are_unread():
    rng = np.random.default_rng(3)
    image, _ = render_die(5, "green", 13, rng)
    found = find_dice(image, min_face=8)
    assert len(found) == 1 and found[0].value is None and found[0].colour == "green"


# -- dice on a whole frame, and the dice watcher -------------------------------------------------
def _die_on_bordered_card(value: int, colour: str, seed: int) -> np.ndarray:
    """A die on a card with a saturated border (as the Crypt treasure cards have) enclosing it."""
    rng = np.random.default_rng(seed)
    die, _ = render_die(value, colour, 30, rng, tilt=0.05, canvas=100, blur=0.6, noise=2)
    card = np.full((220, 170, 3), 235, np.uint8)
    cv2.rectangle(card, (3, 3), (166, 216), (20, 140, 190), 6)  # gold-ish border ring
    card[100:200, 35:135] = die
    return card


@pytest.mark.parametrize("colour", COLOURS)
def test_a_die_inside_a_coloured_card_border_is_found_on_a_whole_frame(colour):
    image = _die_on_bordered_card(4, colour, COLOURS.index(colour))
    found = find_dice(image, min_face=15, max_face=45, fill_all_holes=False)
    assert [(d.colour, d.value) for d in found] == [(colour, 4)]
    # Filling every hole (a single die's crop) swallows it into the card: the frame mode exists.
    assert all(d.value is None for d in find_dice(image, min_face=15, max_face=45))


class _Layout:
    """Two dice areas, 100 mm wide each, one pixel per mm (homography: identity)."""

    mat_size_mm = (200.0, 100.0)

    def locate(self, x, y):
        if 0 <= y < 100:
            return ("crypt", (0,)) if x < 100 else ("player0", None)
        return None


def _frame(dice) -> np.ndarray:
    """A 200x100 px table with dice of 24 px at (x, y, value, colour)."""
    image = np.full((100, 200, 3), 230, np.uint8)
    for i, (x, y, value, colour) in enumerate(dice):
        die, centre = render_die(value, colour, 24, np.random.default_rng(i), tilt=0.0, canvas=60)
        x0, y0 = int(x - centre[0]), int(y - centre[1])
        image[y0 : y0 + 60, x0 : x0 + 60] = np.where(
            die.sum(axis=2, keepdims=True) < 600, die, image[y0 : y0 + 60, x0 : x0 + 60]
        )
    return image


def _watch(frames):
    from vision.dice_watch import DiceWatcher

    watcher = DiceWatcher(_Layout(), ("crypt", "player"), die_mm=24)
    out = []
    for t, image in enumerate(frames):
        out.append(watcher.update(image, np.eye(3), float(t)))
    return watcher, out


def test_watcher_adds_a_die_after_three_sightings_with_its_face():
    frames = [_frame([(50, 50, 5, "red")])] * 4
    watcher, out = _watch(frames)
    assert [len(e) for e in out] == [0, 0, 1, 0]
    added = out[2][0]
    assert (added.type, added.kind, added.payload, added.value) == (
        "card_added",
        "die",
        "DIERED",
        5,
    )
    assert added.where.region == "crypt" and added.where.slot == (0,)
    assert watcher.alive() == [added.track_id]


def test_watcher_reports_a_turned_die_as_a_move_and_keeps_a_value_through_unread_frames():
    frames = [_frame([(50, 50, 2, "blue")])] * 3
    hidden = _frame([])  # a hand over the die for a frame: nothing seen, nothing changes
    frames += [hidden] + [_frame([(50, 50, 3, "blue")])] * 3
    watcher, out = _watch(frames)
    events = [e for frame in out for e in frame]
    assert [(e.type, e.value) for e in events] == [("card_added", 2), ("card_moved", 3)]
    moved = events[1]
    assert moved.track_id == events[0].track_id and moved.where.slot == moved.previous.slot == (0,)


def test_watcher_removes_a_die_only_after_the_vanish_time_and_tells_dice_apart_by_place():
    frames = [_frame([(50, 50, 1, "red"), (150, 50, 6, "red")])] * 3
    frames += [_frame([(150, 50, 6, "red")])] * 5  # the die on the card is taken away
    watcher, out = _watch(frames)
    events = [e for frame in out for e in frame]
    assert sorted((e.type, e.where.region) for e in events if e.type == "card_added") == [
        ("card_added", "crypt"),
        ("card_added", "player0"),
    ]
    removed = [(t, e) for t, frame in enumerate(out) for e in frame if e.type == "card_removed"]
    assert len(removed) == 1 and removed[0][0] == 6  # last seen at t=2, gone once unseen > 3 s
    assert len(watcher.alive()) == 1


def test_a_still_frame_keeps_the_last_readings_without_recounting(monkeypatch):
    """The watcher says when a frame equals the last one; the dice reader then reuses it."""
    from calibration.layouts import load_layout
    from vision.dice_watch import DiceWatcher

    watcher = DiceWatcher(load_layout("crypt", 2), ("crypt",))
    calls = []
    monkeypatch.setattr(watcher, "read", lambda image, h: calls.append(1) or [])
    watcher.update(None, None, 0.0)
    watcher.update(None, None, 0.25, unchanged=True)
    assert len(calls) == 1
    watcher.update(None, None, 0.5)
    assert len(calls) == 2
