"""Grundy values of Cram regions on bitboards (compiled).

A region (a 4-connected set of empty cells) cropped to its bounding box of ``H`` rows and
``W`` columns is the integer ``mask`` whose bit ``r * W + c`` is the cell ``(r, c)``. Its
*key* is ``mask << 6 | W``: the cropped box has a cell in its first and its last row, so ``H``
is read back from the highest bit, and a key names the region up to translation. The
canonical key of a region is the least key among those of its 8 images under the symmetries
of the square that are at least as wide as high (:func:`region_key`), so the regions that
are one game share one entry of the memo.

The value of a region is the mex of its options; an option (a domino removed) falls apart
into regions, valued depth first on an explicit stack (numba's cache cannot hold a recursive
function: loading one crashed) and nim-summed. Regions of one cell are 0 and of two or
three cells 1 (any domino on a connected 3-cell region leaves one cell), without a look-up.

The memo is an open-addressing hash table in two arrays (``keys``, ``-1`` for a free
slot, and ``values``), kept by the caller between calls. :func:`region_value` values at most
``limit`` new regions, then stops and returns ``-1`` (the values it finished stay in the
table); calling it again goes on where it stopped. The public functions check their
arguments; ``Cram._kernel_value`` (:mod:`sprague.rulesets.cram`) grows the table, calls
:func:`region_value` in chunks and charges the budget per region valued.
"""

from __future__ import annotations

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels.jit import njit

__all__ = [
    "MAX_CELLS",
    "MAX_WIDTH",
    "TABLE_BYTES_PER_SLOT",
    "slots_needed",
    "new_table",
    "region_key",
    "region_value",
    "grow_table",
    "table_count",
    "entries",
    "with_entries",
]

#: the most cells of a region's bounding box (its mask and 6 bits of width fit in a signed 64-bit key)
MAX_CELLS = 57
#: the widest bounding box (6 bits of the key)
MAX_WIDTH = 63
#: the table is grown past this share of its slots
LOAD = 0.6


def new_table(slots: int = 1 << 12) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty memo of ``slots`` slots (a power of 2): ``(keys, values, count)``, ``count`` a 1-array."""
    if slots < 8 or slots & (slots - 1):
        raise InvalidParameter(f"new_table needs a power of 2 of at least 8 slots, got {slots}")
    return np.full(slots, -1, dtype=np.int64), np.zeros(slots, dtype=np.int8), np.zeros(1, dtype=np.int64)


def table_count(table: tuple[np.ndarray, np.ndarray, np.ndarray]) -> int:
    """The regions the memo holds."""
    return int(table[2][0])


def grow_table(
    table: tuple[np.ndarray, np.ndarray, np.ndarray], room: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The memo itself if ``room`` more entries keep it under its load, else a copy with enough slots
    (:func:`slots_needed`; the caller checks the memory of the new arrays, ``TABLE_BYTES_PER_SLOT`` a slot, before)."""
    keys, values, count = table
    slots = slots_needed(table, room)
    if slots == keys.shape[0]:
        return table
    new = new_table(slots)
    _rehash(keys, values, new[0], new[1])
    new[2][0] = count[0]
    return new


def entries(table: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """The memo's regions as rows ``(key, value)`` of an int64 array (to save it: :mod:`sprague.solve.memos`)."""
    keys, values, _ = table
    held = keys != -1
    return np.stack([keys[held], values[held].astype(np.int64)], axis=1)


def with_entries(
    table: tuple[np.ndarray, np.ndarray, np.ndarray], rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The memo with the rows ``(key, value)`` that :func:`entries` wrote added (grown to hold them); rows that
    cannot be a region's (a key not above 0, a value outside 0..127) are left out."""
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, 2)
    rows = rows[(rows[:, 0] > 0) & (rows[:, 1] >= 0) & (rows[:, 1] <= 127)]
    table = grow_table(table, len(rows))
    _rehash(rows[:, 0].copy(), rows[:, 1].astype(np.int8), table[0], table[1])
    table[2][0] = int(np.count_nonzero(table[0] != -1))
    return table


#: bytes a slot of the memo takes (an int64 key and an int8 value)
TABLE_BYTES_PER_SLOT = 9


def slots_needed(table: tuple[np.ndarray, np.ndarray, np.ndarray], room: int) -> int:
    """The slots the memo needs for ``room`` more entries under its load: its own, or the doubled size it grows to."""
    need = int(table[2][0]) + room
    slots = table[0].shape[0]
    while need > LOAD * slots:
        slots *= 2
    return slots


def region_key(mask: int, height: int, width: int) -> int:
    """The canonical key of the connected region ``mask`` of a ``height`` x ``width`` frame (bit ``r * width + c``).

    >>> region_key(0b011_110, 2, 3) == region_key(0b110_011, 2, 3)  # an S and a Z tetromino
    True
    """
    if not 1 <= width <= MAX_WIDTH or height < 1 or mask <= 0 or mask >> (height * width):
        raise InvalidParameter(f"region_key needs a non-empty mask inside its {height} x {width} frame, got {mask}")
    key = int(_canon(np.int64(mask), np.int64(width), np.empty((2, 64), dtype=np.int64)))
    if key < 0:
        raise InvalidParameter(f"region_key: the region {mask:#x} spans more than {MAX_CELLS} cells of its box")
    return key


def region_value(table: tuple[np.ndarray, np.ndarray, np.ndarray], key: int, limit: int) -> int:
    """The Grundy value of the region ``key`` (a canonical key), or ``-1`` after valuing ``limit`` new regions.

    The table must have room for ``limit`` more entries (:func:`grow_table`); ``table_count`` says how many
    regions it holds after the call.
    """
    keys, values, count = table
    w = key & 63
    if key <= 0 or w < 1 or limit < 0:
        raise InvalidParameter(f"region_value needs a region's key and a non-negative limit, got {key}, {limit}")
    if count[0] + limit > LOAD * keys.shape[0] + 1:
        raise InvalidParameter(f"region_value: a table of {keys.shape[0]} slots has no room for {limit} more regions")
    left = np.array([limit], dtype=np.int64)
    return int(_value(np.int64(key), keys, values, count, left))


@njit(cache=True, nogil=True)
def _slot(keys: np.ndarray, key: int) -> int:
    """The slot of ``key`` in the table, or the free slot where it goes (linear probing)."""
    n = keys.shape[0]
    x = key ^ (key >> 13) ^ (key >> 29) ^ (key >> 43)
    i = (x ^ (x >> 7) ^ (x << 5)) & (n - 1)
    while keys[i] != -1 and keys[i] != key:
        i = (i + 1) & (n - 1)
    return i


@njit(cache=True, nogil=True)
def _rehash(keys: np.ndarray, values: np.ndarray, new_keys: np.ndarray, new_values: np.ndarray) -> None:
    for j in range(keys.shape[0]):
        if keys[j] != -1:
            i = _slot(new_keys, keys[j])
            new_keys[i] = keys[j]
            new_values[i] = values[j]


@njit(cache=True, nogil=True)
def _height(mask: int, w: int) -> int:
    """The rows of a cropped region: its highest bit's row plus one."""
    h = 1
    while mask >> (h * w):
        h += 1
    return h


@njit(cache=True, nogil=True)
def _component(mask: int, w: int, not_first: int, not_last: int) -> int:
    """The 4-connected component of the lowest cell of ``mask`` (flood fill by shifts)."""
    comp = mask & -mask
    while True:
        grow = comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last) | (comp << w) | (comp >> w)
        grow &= mask
        if grow == comp:
            return comp
        comp = grow


@njit(cache=True, nogil=True)
def _canon(mask: int, w: int, cells: np.ndarray) -> int:
    """The least key of the images at least as wide as high of the connected ``mask`` of a frame of width ``w``,
    cropped; -1 if its box has more than MAX_CELLS cells. ``cells`` is scratch space of shape (2, 64)."""
    rows, cols = cells[0], cells[1]
    n = 0
    r0, r1, c0, c1 = 64, -1, 64, -1
    m, base = mask, 0
    while m:
        row = m & ((1 << w) - 1)
        m >>= w
        for c in range(w):
            if (row >> c) & 1:
                rows[n], cols[n] = base, c
                n += 1
                r0, r1, c0, c1 = min(r0, base), max(r1, base), min(c0, c), max(c1, c)
        base += 1
    hh, ww = r1 - r0 + 1, c1 - c0 + 1
    if hh * ww > 57 or max(hh, ww) > 63:
        return -1
    best = -1
    for t in range(8):
        width, height = (ww, hh) if t < 4 else (hh, ww)
        if width < height:  # only the images at least as wide as high: half the work off a square
            continue
        bits = 0
        for k in range(n):
            r, c = rows[k] - r0, cols[k] - c0
            if t & 4:
                r, c = c, r
            if t & 1:
                c = width - 1 - c
            if t & 2:
                r = height - 1 - r
            bits |= 1 << (r * width + c)
        key = (bits << 6) | width
        if best < 0 or key < best:
            best = key
    return best


# the fields of a frame of the explicit stack of :func:`_value`
_KEY, _MASK, _W, _NF, _NL, _LO, _HI, _ACROSS, _DOWN, _REST, _TOTAL, _STEP = range(12)


@njit(cache=True, nogil=True)
def _push(frames: np.ndarray, d: int, key: int) -> None:
    """Open the frame ``d`` for the region ``key``: its cells, its column masks and its dominoes."""
    w = key & 63
    mask = key >> 6
    h = _height(mask, w)
    first = 0
    for r in range(h):
        first |= 1 << (r * w)
    last = first << (w - 1)
    frames[d, _KEY], frames[d, _MASK], frames[d, _W] = key, mask, w
    frames[d, _NF], frames[d, _NL] = ~first, ~last
    frames[d, _LO], frames[d, _HI] = 0, 0
    frames[d, _ACROSS] = mask & (mask >> 1) & ~last
    frames[d, _DOWN] = mask & (mask >> w)
    frames[d, _REST], frames[d, _TOTAL], frames[d, _STEP] = 0, 0, 0


@njit(cache=True, nogil=True)
def _next_option(frames: np.ndarray, d: int) -> bool:
    """Record the option just summed (if any) as seen and start the next one; False when none is left."""
    if frames[d, _STEP]:
        g = frames[d, _TOTAL]
        if g < 63:
            frames[d, _LO] |= 1 << g
        else:
            frames[d, _HI] |= 1 << (g - 63)
    mask = frames[d, _MASK]
    if frames[d, _ACROSS]:
        low = frames[d, _ACROSS] & -frames[d, _ACROSS]
        frames[d, _ACROSS] ^= low
        frames[d, _REST] = mask & ~(low | (low << 1))
    elif frames[d, _DOWN]:
        low = frames[d, _DOWN] & -frames[d, _DOWN]
        frames[d, _DOWN] ^= low
        frames[d, _REST] = mask & ~(low | (low << frames[d, _W]))
    else:
        return False
    frames[d, _TOTAL], frames[d, _STEP] = 0, 1
    return True


@njit(cache=True, nogil=True)
def _mex(lo: int, hi: int) -> int:
    g = 0
    while g < 63 and (lo >> g) & 1:
        g += 1
    if g == 63:
        while (hi >> (g - 63)) & 1:
            g += 1
    return g


@njit(cache=True, nogil=True)
def _value(key: int, keys: np.ndarray, values: np.ndarray, count: np.ndarray, left: np.ndarray) -> int:
    """The value of the region ``key`` (canonical), from the table or by the mex of its options, depth first on an
    explicit stack (a compiled recursive function cannot be cached); -1 once ``left[0]`` new regions were valued."""
    i = _slot(keys, key)
    if keys[i] == key:
        return int(values[i])
    frames = np.zeros((MAX_CELLS // 2 + 2, 12), dtype=np.int64)
    cells = np.empty((2, 64), dtype=np.int64)
    _push(frames, 0, key)
    depth = 1
    while depth:
        d = depth - 1
        w, rest, total = frames[d, _W], frames[d, _REST], frames[d, _TOTAL]
        child = -1
        while child < 0:
            while rest and child < 0:
                comp = _component(rest, w, frames[d, _NF], frames[d, _NL])
                rest &= ~comp
                two = comp & (comp - 1)  # comp less its lowest cell
                three = two & (two - 1)
                if two and not three & (three - 1):  # 2 or 3 cells
                    total ^= 1
                elif two and three:
                    ck = _canon(comp, w, cells)
                    i = _slot(keys, ck)
                    if keys[i] == ck:
                        total ^= values[i]
                    else:
                        child = ck
                        rest |= comp  # summed again once the child is known
            frames[d, _REST], frames[d, _TOTAL] = rest, total
            if child >= 0 or not _next_option(frames, d):
                break
            rest, total = frames[d, _REST], frames[d, _TOTAL]
        if child >= 0:
            if left[0] <= 0:
                return -1
            _push(frames, depth, child)
            depth += 1
            continue
        g = _mex(frames[d, _LO], frames[d, _HI])
        i = _slot(keys, frames[d, _KEY])
        keys[i], values[i] = frames[d, _KEY], g
        count[0] += 1
        left[0] -= 1
        depth -= 1
    return int(values[_slot(keys, key)])
