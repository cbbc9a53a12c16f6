"""Error correction of a sampled bit matrix with erasures (vision/qr_matrix.py): the layout
is read as ISO 18004 lays it out, unsure codewords are corrected as erasures (twice as many
as unknown errors), and a matrix beyond correction yields nothing rather than a wrong text."""

import numpy as np
import pytest
import segno

from vision import qr_matrix
from vision.sampler import decode_matrix

TEXT = "https://example.org/table/42"


def symbol(version: int, error: str, text: str = TEXT) -> np.ndarray:
    return np.array(
        segno.make_qr(text, version=version, error=error, boost_error=False).matrix, bool
    )


def damage(dark: np.ndarray, version: int, codewords: list[int], unsure: bool, rng):
    """Flip three modules in each of `codewords`; mark them unsure (confidence 0) or not."""
    damaged, confidence = dark.copy(), np.ones(dark.shape)
    order = qr_matrix.data_order(version)
    for codeword in codewords:
        modules = order[codeword * 8 : (codeword + 1) * 8]
        for row, col in modules[rng.choice(8, 3, replace=False)]:
            damaged[row, col] = not damaged[row, col]
        if unsure:
            confidence[modules[:, 0], modules[:, 1]] = 0.0
    return damaged, confidence


@pytest.mark.parametrize(
    "version, error", [(1, "l"), (1, "h"), (3, "q"), (5, "q"), (7, "m"), (10, "h"), (15, "l")]
)
def test_layout_reads_a_clean_symbol_back_unchanged(version, error):
    dark = symbol(version, error, "hello")
    corrected = qr_matrix.correct(dark, np.ones(dark.shape), version)
    assert corrected is not None and (corrected == dark).all()
    data_modules = len(qr_matrix.data_order(version))
    total = sum(
        ec.num_total * ec.num_blocks
        for ec in segno.consts.ECC[version][qr_matrix._LEVELS[qr_matrix.read_format(dark)[0]]]
    )
    assert 0 <= data_modules - 8 * total < 8  # every codeword placed, remainder bits at most 7


def test_unsure_codewords_beyond_error_correction_are_corrected_as_erasures():
    dark = symbol(3, "m")  # one block of 70 codewords, 26 for error correction
    rng = np.random.default_rng(5)
    hit = list(rng.choice(70, 20, replace=False))  # 20 > 13 correctable unknown errors
    damaged, unsure = damage(dark, 3, hit, unsure=True, rng=rng)
    assert decode_matrix(damaged, 3) is None  # errors only: beyond correction
    assert decode_matrix(damaged, 3, np.ones(dark.shape)) is None  # no module marked unsure
    assert decode_matrix(damaged, 3, unsure) == (TEXT, TEXT.encode())
    corrected = qr_matrix.correct(damaged, unsure, 3)
    assert (corrected == dark).all()


def test_errors_and_erasures_together_within_capacity():
    dark = symbol(3, "m")
    rng = np.random.default_rng(9)
    hit = [int(c) for c in rng.choice(70, 19, replace=False)]
    damaged, _ = damage(dark, 3, hit[:5], unsure=False, rng=rng)  # 5 unknown errors
    damaged, unsure = damage(damaged, 3, hit[5:], unsure=True, rng=rng)  # 14 erasures
    assert (qr_matrix.correct(damaged, unsure, 3) == dark).all()  # 2 x 5 + 14 = 24 <= 26 - 2


def test_beyond_capacity_yields_nothing_never_another_text():
    dark = symbol(3, "m")
    rng = np.random.default_rng(11)
    for _ in range(30):
        hit = [int(c) for c in rng.choice(70, 22, replace=False)]
        damaged, _ = damage(dark, 3, hit[:8], unsure=False, rng=rng)  # 2 x 8 + 14 = 30 > 24
        damaged, unsure = damage(damaged, 3, hit[8:], unsure=True, rng=rng)
        corrected = qr_matrix.correct(damaged, unsure, 3)
        assert corrected is None or (corrected == dark).all()
        assert decode_matrix(damaged, 3, unsure) in (None, (TEXT, TEXT.encode()))


def test_format_information_is_read_from_the_better_copy():
    dark = symbol(3, "q")
    level, mask, _ = qr_matrix.read_format(dark)
    first, _ = qr_matrix.format_positions(dark.shape[0])
    torn = dark.copy()
    for position in first[:10:2]:
        torn[position] = not torn[position]  # five bits of one copy torn: beyond its BCH code
    assert qr_matrix.read_format(torn)[:2] == (level, mask)
