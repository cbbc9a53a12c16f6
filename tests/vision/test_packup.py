"""The pack-up check on rendered frames of the project's own printed cards, read by the real
decoder (vision.decode through vision.packup): a whole Musée kit in overlapping rows on a bare
table, 4 px per QR module (2 mm modules at 2 px/mm), about 1500 x 1200 px."""

import pytest
from packup_frames import kit_frame

from vision.packup import check_frames, codes_in_frame
from vision.scene import Degradation


@pytest.fixture(scope="module")
def two_missing_one_stray():
    return kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")])


def test_two_cards_taken_and_one_stray_added_are_exactly_what_is_reported(two_missing_one_stray):
    check = check_frames("musee", [two_missing_one_stray])
    assert [p.payload for p in check.missing] == ["MU17", "MU42"]
    assert [(s.game, s.payload) for s in check.foreign] == [("mythe", "MYN1A")]
    assert not check.duplicates and not check.unknown and not check.face_down
    assert len(check.present) == 58
    assert "Missing: Musée 17 Seascape and 42 Seascape." in [t.en for t in check.sentences()]


def test_a_second_copy_of_a_card_is_reported_as_a_duplicate():
    frame = kit_frame("musee", set(), [("musee", "MU05")], seed=5)
    assert codes_in_frame(frame)["MU05"] == 2
    check = check_frames("musee", [frame])
    assert [(p.payload, n) for p, n in check.duplicates] == [("MU05", 2)]
    assert not check.missing and not check.foreign


def test_a_box_checked_in_two_frames_counts_each_card_once(two_missing_one_stray):
    # the same layout seen twice (a second frame of one layout) adds no duplicates
    check = check_frames("musee", [two_missing_one_stray, two_missing_one_stray])
    assert not check.duplicates and [p.payload for p in check.missing] == ["MU17", "MU42"]


def test_through_a_webcams_blur_noise_and_jpeg_at_3_px_per_module_nothing_is_falsely_missing():
    webcam = Degradation(blur_sigma=0.8, noise_sigma=4, jpeg_quality=80)
    frame = kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")], 12, 7, 0.2, webcam, 3.0)
    check = check_frames("musee", [frame])
    assert [p.payload for p in check.missing] == ["MU17", "MU42"]
    assert [s.payload for s in check.foreign] == ["MYN1A"]
