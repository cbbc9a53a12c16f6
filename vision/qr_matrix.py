"""The QR standard's layout of a symbol, and error correction of a sampled bit matrix with
erasures.

The layout (ISO 18004): a version's size, its fixed patterns (finders, separators, timing,
alignment, the dark module), the format information, the data masks, the order in which
codewords are placed, and the text of the data codewords (`parse_data`). The sampler and
the card grid read symbols with it; of vision's modules it imports only `codes`.

A decoder that only sees bits corrects up to half as many wrong codewords as the symbol
has error-correction codewords. A sampler knows more: which modules it could not tell
apart (washed out by glare, on a fold, between two modules of a drifting grid). Reed-Solomon
decoding corrects twice as many codewords whose position is known (erasures) as unknown
errors (2 x errors + erasures <= error-correction codewords), so the least certain
codewords are offered as erasures, a few more each try.

`correct(dark, confidence, version)` returns the matrix with its codewords corrected (the
same symbol, ready for any QR decoder to read its payload), or None. The tables come from
segno (ISO 18004 Table 9) and the Reed-Solomon decoding from reedsolo; this module only
reads the symbol's layout: format information, data mask, codeword placement, blocks.

Never a wrong text: a block counts as corrected only with error-correction codewords to
spare (`SPARE`), so a matrix too damaged to correct is reported as such rather than
"corrected" into another valid codeword.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

import numpy as np
import reedsolo
from segno import consts

from .codes import payload_text

# Error-correction codewords per block kept unused as a check: with them, a wrong
# correction of a block beyond its capacity is caught instead of returned.
SPARE = 2

_FORMAT_MASK = 0b101010000010010
_LEVELS = {
    0b01: consts.ERROR_LEVEL_L,
    0b00: consts.ERROR_LEVEL_M,
    0b11: consts.ERROR_LEVEL_Q,
    0b10: consts.ERROR_LEVEL_H,
}


# -- the fixed patterns of a QR symbol -------------------------------------------------------


def dimension(version: int) -> int:
    return 17 + 4 * version


def alignment_centres(version: int) -> list[int]:
    """Row/column indices of the alignment pattern centres (ISO 18004 Annex E)."""
    if version == 1:
        return []
    count = version // 7 + 2
    size = dimension(version)
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


@lru_cache(maxsize=None)
def function_patterns(version: int) -> tuple[np.ndarray, np.ndarray]:
    """(mask, dark): which modules are fixed patterns, and their ideal colour (True = dark).
    Finders with separators, timing patterns, alignment patterns and the dark module; the
    format and version information are not included (they carry data)."""
    n = dimension(version)
    mask = np.zeros((n, n), bool)
    dark = np.zeros((n, n), bool)
    finder = np.zeros((7, 7), bool)
    finder[[0, 6], :] = finder[:, [0, 6]] = True
    finder[2:5, 2:5] = True
    for row, col in ((0, 0), (0, n - 7), (n - 7, 0)):
        r0, c0 = max(row - 1, 0), max(col - 1, 0)
        mask[r0 : row + 8, c0 : col + 8] = True  # finder plus its light separator
        dark[row : row + 7, col : col + 7] = finder
    mask[6, 8 : n - 8] = mask[8 : n - 8, 6] = True
    dark[6, 8 : n - 8 : 2] = dark[8 : n - 8 : 2, 6] = True
    centres = alignment_centres(version)
    pattern = np.ones((5, 5), bool)
    pattern[1:4, 1:4] = False
    pattern[2, 2] = True
    for r in centres:
        for c in centres:
            if (r, c) in ((6, 6), (6, n - 7), (n - 7, 6)):
                continue  # where a finder is
            mask[r - 2 : r + 3, c - 2 : c + 3] = True
            dark[r - 2 : r + 3, c - 2 : c + 3] = pattern
    mask[n - 8, 8] = dark[n - 8, 8] = True  # the dark module
    return mask, dark


def _bch_format(data: int) -> int:
    value = data << 10
    for bit in range(14, 9, -1):
        if value >> bit & 1:
            value ^= 0b10100110111 << (bit - 10)
    return ((data << 10) | value) ^ _FORMAT_MASK


FORMAT_CODES = {_bch_format(data): data for data in range(32)}


def format_positions(n: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The two copies of the 15 format bits, most significant first."""
    first = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    second = [(n - 1 - i, 8) for i in range(7)] + [(8, n - 8 + i) for i in range(8)]
    return first, second


def read_format(dark: np.ndarray) -> tuple[int, int, int] | None:
    """(error level bits, mask, distance) from the nearest valid format code to either copy,
    or None when both copies are more than 3 bits from every valid code."""
    best: tuple[int, int, int] | None = None
    for positions in format_positions(dark.shape[0]):
        value = int("".join("1" if dark[p] else "0" for p in positions), 2)
        code = min(FORMAT_CODES, key=lambda c: bin(c ^ value).count("1"))
        distance = bin(code ^ value).count("1")
        if best is None or distance < best[2]:
            best = (FORMAT_CODES[code] >> 3, FORMAT_CODES[code] & 7, distance)
    return best if best is not None and best[2] <= 3 else None


def write_format(dark: np.ndarray, level_bits: int, mask: int) -> None:
    code = _bch_format(level_bits << 3 | mask)
    for positions in format_positions(dark.shape[0]):
        for i, p in enumerate(positions):
            dark[p] = bool(code >> (14 - i) & 1)


def mask_pattern(mask: int, n: int) -> np.ndarray:
    i, j = np.mgrid[0:n, 0:n]
    return [
        (i + j) % 2 == 0,
        i % 2 == 0,
        j % 3 == 0,
        (i + j) % 3 == 0,
        (i // 2 + j // 3) % 2 == 0,
        (i * j) % 2 + (i * j) % 3 == 0,
        ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        ((i + j) % 2 + (i * j) % 3) % 2 == 0,
    ][mask]


@lru_cache(maxsize=None)
def data_order(version: int) -> np.ndarray:
    """(row, col) of every data module in placement order (ISO 18004 7.7.3): two-column
    strips from the right, up and down in turn, skipping the timing column."""
    n = 17 + 4 * version
    reserved = function_patterns(version)[0].copy()
    for positions in format_positions(n):
        for p in positions:
            reserved[p] = True
    if version >= 7:  # version information, two 6x3 blocks
        reserved[0:6, n - 11 : n - 8] = True
        reserved[n - 11 : n - 8, 0:6] = True
    order = []
    upward = True
    col = n - 1
    while col > 0:
        if col == 6:
            col -= 1
        rows = range(n - 1, -1, -1) if upward else range(n)
        for row in rows:
            for c in (col, col - 1):
                if not reserved[row, c]:
                    order.append((row, c))
        upward = not upward
        col -= 2
    return np.array(order)


def _blocks(version: int, level: int) -> list[tuple[int, int]]:
    """(total, data) codewords of each block, in order."""
    return [
        (ec.num_total, ec.num_data)
        for ec in cast(dict, consts.ECC)[version][level]  # segno types its table as an object
        for _ in range(ec.num_blocks)
    ]


def _interleaved_positions(blocks: list[tuple[int, int]]) -> list[list[int]]:
    """For each block, the index in the codeword stream of each of its codewords."""
    positions: list[list[int]] = [[] for _ in blocks]
    index = 0
    for i in range(max(data for _, data in blocks)):
        for b, (_, data) in enumerate(blocks):
            if i < data:
                positions[b].append(index)
                index += 1
    for _ in range(blocks[0][0] - blocks[0][1]):
        for b in range(len(blocks)):
            positions[b].append(index)
            index += 1
    return positions


@lru_cache(maxsize=64)
def _codec(ec_codewords: int) -> reedsolo.RSCodec:
    return reedsolo.RSCodec(ec_codewords, nsize=255, fcr=0, prim=0x11D, generator=2, c_exp=8)


def correct(
    dark: np.ndarray, confidence: np.ndarray, version: int, max_tries: int = 6
) -> np.ndarray | None:
    """The matrix (True = dark, upright) with every block's codewords corrected, the least
    confident codewords (lowest `confidence` of their modules) offered as erasures; None
    when a block cannot be corrected with SPARE codewords to spare."""
    n = dark.shape[0]
    form = read_format(dark)
    if form is None:
        return None
    level_bits, mask, _ = form
    order = data_order(version)
    unmasked = dark ^ mask_pattern(mask, n)
    bits = unmasked[order[:, 0], order[:, 1]]
    sure = confidence[order[:, 0], order[:, 1]]
    blocks = _blocks(version, _LEVELS[level_bits])
    positions = _interleaved_positions(blocks)
    count = sum(total for total, _ in blocks)
    stream = np.packbits(bits[: count * 8]).astype(np.uint8)
    per_codeword = sure[: count * 8].reshape(count, 8)
    # least sure first: by its least sure module, then by how unsure its modules are overall
    doubt_order = np.lexsort((per_codeword.mean(axis=1), per_codeword.min(axis=1)))
    doubt_rank = np.empty(count, int)
    doubt_rank[doubt_order] = np.arange(count)
    corrected = stream.copy()
    for (total, data), where in zip(blocks, positions):
        ec_count = total - data
        block = bytearray(stream[where])
        doubt = np.argsort(doubt_rank[where], kind="stable")
        counts = _erasure_counts(ec_count, max_tries)
        fixed = next(corrections(block, ec_count, doubt, counts, SPARE), None)
        if fixed is None:
            return None
        corrected[where] = np.frombuffer(bytes(fixed), np.uint8)
    out = dark.copy()
    new_bits = np.unpackbits(corrected)
    rows, cols = order[: count * 8, 0], order[: count * 8, 1]
    out[rows, cols] = new_bits.astype(bool) ^ mask_pattern(mask, n)[rows, cols]
    write_format(out, level_bits, mask)
    return out


def corrections(
    block: bytes | bytearray,
    ec_count: int,
    doubt,
    erasure_counts,
    spare: int,
    tried: set | None = None,
):
    """Each Reed-Solomon correction of `block` (its last `ec_count` codewords the checks)
    found with, in turn, the first k codeword indices of `doubt` (least sure first) offered
    as erasures, for k in `erasure_counts`. A correction counts only when it leaves `spare`
    check codewords unused (2 x errors + erasures <= ec_count - spare): a block damaged
    beyond the code then fails instead of turning into another valid block. `tried`, a set,
    skips (block, erasures) pairs already decoded by an earlier call."""
    codec = _codec(ec_count)
    for count in erasure_counts:
        erase = tuple(sorted(int(i) for i in doubt[:count]))
        if tried is not None:
            key = (bytes(block), erase, ec_count)
            if key in tried:
                continue
            tried.add(key)
        try:
            _, full, errata = codec.decode(bytearray(block), erase_pos=list(erase) or None)
        except reedsolo.ReedSolomonError:
            continue
        errors = len(set(errata) - set(erase))
        if 2 * errors + len(erase) <= ec_count - spare:
            yield full


def _erasure_counts(ec_count: int, max_tries: int) -> list[int]:
    """0, then more and more erasures, up to what leaves SPARE codewords."""
    most = ec_count - SPARE
    counts = sorted({0, *np.linspace(0, most, max_tries).round().astype(int)})
    return [c for c in counts if c <= most]


# -- the data codewords' text -----------------------------------------------------------------

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


class _Bits:
    """The data codewords as a bit string, read from the front."""

    def __init__(self, data: bytes):
        self.bits = "".join(f"{b:08b}" for b in data)
        self.at = 0

    def left(self) -> int:
        return len(self.bits) - self.at

    def take(self, count: int) -> int | None:
        if self.at + count > len(self.bits):
            return None
        value = int(self.bits[self.at : self.at + count], 2)
        self.at += count
        return value


def parse_data(data: bytes) -> str | None:
    """The text of data codewords of a version 1 to 9 symbol (numeric, alphanumeric and byte
    segments), or None unless the terminator and the standard padding (0xEC, 0x11, ...)
    follow exactly."""
    bits, text = _Bits(data), []
    while bits.left() >= 4:
        mode = bits.take(4)
        if mode is None or mode == 0:  # (never None: four bits are left)
            break
        segment = _SEGMENTS.get(mode)
        if segment is None:
            return None  # ECI, Kanji, structured append: not on the project's cards
        part = segment(bits)
        if part is None:
            return None
        text.append(part)
    # Zero bits to the byte boundary, then the pad codewords alternating 0xEC, 0x11.
    byte_end = -(-bits.at // 8) * 8
    if "1" in bits.bits[bits.at : byte_end]:
        return None
    pads = data[byte_end // 8 :]
    if any(b != (0xEC, 0x11)[k % 2] for k, b in enumerate(pads)):
        return None
    return "".join(text)


def _numeric(bits: _Bits) -> str | None:
    count = bits.take(10)
    if count is None:
        return None
    groups = (
        [(10, 3)] * (count // 3)
        + ([(4, 1)] if count % 3 == 1 else [])
        + ([(7, 2)] if count % 3 == 2 else [])
    )
    digits = []
    for size, places in groups:
        value = bits.take(size)
        if value is None or value >= 10**places:
            return None
        digits.append(f"{value:0{places}d}")
    return "".join(digits)


def _alphanumeric(bits: _Bits) -> str | None:
    count = bits.take(9)
    if count is None:
        return None
    text = []
    for _ in range(count // 2):
        value = bits.take(11)
        if value is None or value >= 45 * 45:
            return None
        text.append(ALPHANUMERIC[value // 45] + ALPHANUMERIC[value % 45])
    if count % 2:
        value = bits.take(6)
        if value is None or value >= 45:
            return None
        text.append(ALPHANUMERIC[value])
    return "".join(text)


def _bytes(bits: _Bits) -> str | None:
    count = bits.take(8)
    if count is None:
        return None
    raw = []
    for _ in range(count):
        value = bits.take(8)
        if value is None:
            return None
        raw.append(value)
    return payload_text(bytes(raw))


_SEGMENTS = {0b0001: _numeric, 0b0010: _alphanumeric, 0b0100: _bytes}
