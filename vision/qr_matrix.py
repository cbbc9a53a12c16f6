"""Error correction of a sampled QR bit matrix with erasures.

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

import numpy as np
import reedsolo
from segno import consts

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
    best = None
    for positions in format_positions(dark.shape[0]):
        value = int("".join("1" if dark[p] else "0" for p in positions), 2)
        code = min(FORMAT_CODES, key=lambda c: bin(c ^ value).count("1"))
        distance = bin(code ^ value).count("1")
        if best is None or distance < best[2]:
            best = (FORMAT_CODES[code] >> 3, FORMAT_CODES[code] & 7, distance)
    return best if best[2] <= 3 else None


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
    from .sampler import function_patterns  # the fixed patterns live with the sampler

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
        for ec in consts.ECC[version][level]
        for _ in range(ec.num_blocks)
    ]


def _interleaved_positions(blocks: list[tuple[int, int]]) -> list[list[int]]:
    """For each block, the index in the codeword stream of each of its codewords."""
    positions = [[] for _ in blocks]
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
    block: bytes, ec_count: int, doubt, erasure_counts, spare: int, tried: set | None = None
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
