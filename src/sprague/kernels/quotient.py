"""Kernels of the misère-quotient engine (:mod:`sprague.analysis.quotient`): a product candidate, marked and reduced.

A product candidate is ``B × C_1 × ... × C_k``: a finite commutative monoid ``B`` (its multiplication table, element
0 the identity) times cyclic monoids ``C_j = <x | x^i_j = x^(i_j + p_j)>``. An element ``(b, e_1, ..., e_k)`` is
coded as the integer ``b * E + sum_j e_j * w_j`` (mixed radix, ``e_1`` most significant, ``E`` the product of the
``|C_j| = i_j + p_j``), so that the order of codes is the order of the tuples. Nothing is kept per element but a few
int32/int8 entries in arrays indexed by code: the candidate is never materialised as a table, products are
computed from ``B`` and the exponents, and only the reduced candidate (its classes under indistinguishability) gets a
table. :func:`reduced_candidate` does in one compiled pass what the engine's Python did in four (enumerate the
product, the least sum reaching each element, the outcome rule on it, Moore's refinement); the engine's docstring
says why each step is what it is. The steps are counted (``steps``; a unit of work is
:data:`sprague.core.budget.KERNEL_STEPS_PER_WORK` of them) and the kernel stops, returning ``STOPPED``, once they
pass ``max_steps``.
"""

from __future__ import annotations

import numpy as np

from sprague.kernels.jit import njit

__all__ = ["reduced_candidate", "OK", "STOPPED", "TOO_BIG"]

OK = 0
STOPPED = 1  #: the step limit was reached
TOO_BIG = 2  #: the reduced candidate has more than ``max_order`` elements (its order is returned, no table)


@njit(cache=True, nogil=True)
def _mul(
    a: int, b: int, table: np.ndarray, big: int, weights: np.ndarray, index: np.ndarray, period: np.ndarray
) -> int:
    """The product of the codes ``a`` and ``b``."""
    ba = a // big
    bb = b // big
    ra = a - ba * big
    rb = b - bb * big
    out = np.int64(table[ba, bb]) * big
    for j in range(weights.shape[0]):
        w = weights[j]
        size = index[j] + period[j]
        e = (ra // w) % size + (rb // w) % size
        if e >= size:
            e = index[j] + (e - index[j]) % period[j]
        out += e * w
    return out  # type: ignore[return-value]


@njit(cache=True, nogil=True)
def _refine(
    labels: np.ndarray,
    values: np.ndarray,
    count: int,
    bound: int,
    stamp: np.ndarray,
    val: np.ndarray,
    start: np.ndarray,
    order: np.ndarray,
    out: np.ndarray,
) -> int:
    """Split each class of ``labels`` (0..count-1) by ``values`` (0..bound-1): new labels in ``out``, their number
    returned. ``stamp``, ``val`` (size >= bound), ``start`` (size >= count + 1) and ``order`` are scratch."""
    n = labels.shape[0]
    start[: count + 1] = 0
    for x in range(n):
        start[labels[x] + 1] += 1
    for c in range(count):
        start[c + 1] += start[c]
    for x in range(n):
        c = labels[x]
        order[start[c]] = x
        start[c] += 1
    stamp[:bound] = -1
    made = 0
    for i in range(n):
        x = order[i]
        c = labels[x]
        d = values[x]
        if stamp[d] != c:
            stamp[d] = c
            val[d] = made
            made += 1
        out[x] = val[d]
    return made


@njit(cache=True, nogil=True)
def _increments(index: np.ndarray, period: np.ndarray, weights: np.ndarray, big: int) -> np.ndarray:
    """``inc[j, e]``: the exponent part ``e`` times the j-th cyclic generator."""
    k = index.shape[0]
    inc = np.empty((k, big), dtype=np.int32)
    for j in range(k):
        w = weights[j]
        size = index[j] + period[j]
        for e in range(big):
            d = (e // w) % size
            inc[j, e] = e + w if d + 1 < size else e - (d - index[j]) * w
    return inc


@njit(cache=True, nogil=True)
def reduced_candidate(
    table: np.ndarray,
    index: np.ndarray,
    period: np.ndarray,
    images: np.ndarray,
    opt_start: np.ndarray,
    part_start: np.ndarray,
    parts: np.ndarray,
    word_start: np.ndarray,
    rest_heap: np.ndarray,
    rest_base: np.ndarray,
    counts: np.ndarray,
    freed_heap: np.ndarray,
    size: int,
    max_steps: int,
    max_order: int,
) -> tuple:
    """The product candidate ``table × C_1 × ... × C_k`` reduced by indistinguishability.

    One function: a compiled kernel whose phases share the candidate table, its classes and the step counter; numba
    keeps them in locals, and split into functions each phase would take them all as arguments (or allocate them again)
    on every call.

    ``images[h]``: the code of heap h (0..n); its options are ``parts[part_start[o]:part_start[o + 1]]`` for ``o``
    in ``opt_start[h]:opt_start[h + 1]`` (zeros dropped). The images of the heaps that are not freed generate a
    submonoid R of the base; for each b in R: ``counts[b]`` the heap counts of the least sum reaching it (multiset
    order: counts compared from the largest heap down), and for each distinct heap ``h`` of that sum
    (``word_start[b]:word_start[b + 1]``), ``rest_heap`` = h and ``rest_base`` = the base element of the sum less
    one h. ``freed_heap[j]``: the heap that generates C_j. ``size``: the order of the product ``R × C_1 × ... ×
    C_k``, the submonoid the heaps generate. ``max_order``: the largest reduced candidate whose table is made
    (-1: any).

    Returns ``(status, steps, order, reduced_table, reduced_p, reduced_phi)``: the reduced candidate's table
    (int32), P-portion (int8) and the class of each heap.
    """
    k = index.shape[0]
    weights = np.ones(k, dtype=np.int64)
    for j in range(k - 2, -1, -1):
        weights[j] = weights[j + 1] * (index[j + 1] + period[j + 1])
    big = np.int64(1)
    for j in range(k):
        big *= index[j] + period[j]
    m = table.shape[0]
    codes = m * big
    n = images.shape[0] - 1
    steps = np.int64(0)
    empty_t = np.zeros((1, 1), dtype=np.int32)
    empty_p = np.zeros(1, dtype=np.int8)
    empty_phi = np.zeros(1, dtype=np.int32)

    # the generators: the distinct images other than the identity, in the order of their codes (which is also the
    # order of their numbers in the engine's breadth-first enumeration: they are its first elements after 1)
    gens = np.unique(images)
    gens = gens[gens != 0]
    ng = gens.shape[0]
    inc = _increments(index, period, weights, big)
    gen_base = np.full(ng, -1, dtype=np.int64)  # the base element of a base generator
    gen_cyc = np.full(ng, -1, dtype=np.int64)  # the factor of a cyclic generator
    for g in range(ng):
        if gens[g] % big == 0:
            gen_base[g] = gens[g] // big
        else:
            for j in range(k):
                if weights[j] == gens[g]:
                    gen_cyc[g] = j
    steps += k * big
    # the product breadth first from the identity over the generators (the reduction's order), with the successor
    # of each element by each generator (as positions in that order)
    pos = np.full(codes, -1, dtype=np.int32)
    reach = np.empty(size, dtype=np.int64)
    succ = np.empty((ng, size), dtype=np.int32)
    reach[0] = 0
    pos[0] = 0
    got = 1
    head = 0
    while head < got:
        a = reach[head]
        ba = a // big
        ea = a - ba * big
        for g in range(ng):
            if gen_base[g] >= 0:
                b = np.int64(table[ba, gen_base[g]]) * big + ea
            else:
                b = ba * big + inc[gen_cyc[g], ea]
            if pos[b] < 0:
                if got >= size:
                    return STOPPED, steps, -1, empty_t, empty_p, empty_phi  # not the order announced: a bug
                pos[b] = got
                reach[got] = b
                got += 1
            succ[g, head] = pos[b]
        head += 1
        steps += 2 * ng + 4
        if steps > max_steps:
            return STOPPED, steps, 0, empty_t, empty_p, empty_phi
    if got != size:
        return STOPPED, steps, -1, empty_t, empty_p, empty_phi

    # T_h: the codes of the options of each heap
    t_start = np.zeros(n + 2, dtype=np.int64)
    t_all = np.empty(max(1, opt_start[n + 1]), dtype=np.int64)
    used = 0
    for h in range(n + 1):
        t_start[h] = used
        first = used
        for o in range(opt_start[h], opt_start[h + 1]):
            x = np.int64(0)
            for q in range(part_start[o], part_start[o + 1]):
                x = _mul(x, images[parts[q]], table, big, weights, index, period)
            new = True
            for i in range(first, used):
                if t_all[i] == x:
                    new = False
                    break
            if new:
                t_all[used] = x
                used += 1
        steps += (opt_start[h + 1] - opt_start[h]) * (k + 4)
    t_start[n + 1] = used
    # x·t for each option element t: its base element and a table of its exponent part added to every exponent
    t_base = np.empty(used, dtype=np.int64)
    t_add = np.empty((used, big), dtype=np.int32)
    for t in range(used):
        tb = t_all[t] // big
        t_base[t] = tb
        te = t_all[t] - tb * big
        for e in range(big):
            t_add[t, e] = _mul(e, te, table, big, weights, index, period)  # base part 0: the identity
    steps += used * big * (k + 2)

    # the least sum reaching each element: the base part's least sum and the freed heaps' exponents; the outcome
    # rule is applied in the order of these sums (an option is a smaller sum, so its element is marked before)
    heaps_n = counts.shape[1]
    keys = np.zeros((size, heaps_n), dtype=np.int32)
    for i in range(size):
        x = reach[i]
        b = x // big
        r = x - b * big
        for h in range(heaps_n):
            keys[i, h] = counts[b, h]
        for j in range(k):
            keys[i, freed_heap[j]] = (r // weights[j]) % (index[j] + period[j])
    steps += size * (heaps_n + 2 * k)
    # sort by the key vectors, compared from the largest heap down (a stable radix sort, least significant first)
    order = np.arange(size)
    tmp = np.empty(size, dtype=np.int64)
    for h in range(heaps_n):
        col_max = 0
        for i in range(size):
            if keys[i, h] > col_max:
                col_max = keys[i, h]
        steps += size
        if col_max == 0:
            continue
        cnt = np.zeros(col_max + 2, dtype=np.int64)
        for i in range(size):
            cnt[keys[order[i], h] + 1] += 1
        for c in range(col_max + 1):
            cnt[c + 1] += cnt[c]
        for i in range(size):
            v = keys[order[i], h]
            tmp[cnt[v]] = order[i]
            cnt[v] += 1
        order, tmp = tmp, order
        steps += 6 * size
    p = np.zeros(codes, dtype=np.int8)
    for oi in range(size):
        x = reach[order[oi]]
        if x == 0:
            continue  # the empty sum: not a P-position
        b = x // big
        r = x - b * big
        has_p = False
        for j in range(k):
            e = (r // weights[j]) % (index[j] + period[j])
            if e == 0:
                continue
            rest = r - weights[j]  # the exponents of the sum less one heap freed_heap[j] (base part b)
            h = freed_heap[j]
            for t in range(t_start[h], t_start[h + 1]):
                steps += 3
                if p[np.int64(table[b, t_base[t]]) * big + t_add[t, rest]]:
                    has_p = True
                    break
            if has_p:
                break
        if not has_p:
            for w in range(word_start[b], word_start[b + 1]):
                h = rest_heap[w]
                rb = rest_base[w]
                for t in range(t_start[h], t_start[h + 1]):
                    steps += 3
                    if p[np.int64(table[rb, t_base[t]]) * big + t_add[t, r]]:
                        has_p = True
                        break
                if has_p:
                    break
        p[x] = 0 if has_p else 1
        steps += 2 * k + 4
        if steps > max_steps:
            return STOPPED, steps, 0, empty_t, empty_p, empty_phi

    # Moore's refinement over the generators from P / not P; the classes are then numbered as the reduction
    # numbers them: by first appearance in the breadth-first order
    labels = np.empty(size, dtype=np.int32)
    count = 1
    has_p_elem = False
    has_n_elem = False
    for i in range(size):
        labels[i] = p[reach[i]]
        if labels[i]:
            has_p_elem = True
        else:
            has_n_elem = True
    if has_p_elem and has_n_elem:
        count = 2
    elif has_p_elem:
        labels[:] = 0
    stamp = np.empty(size + 1, dtype=np.int32)
    val = np.empty(size + 1, dtype=np.int32)
    start = np.empty(size + 2, dtype=np.int64)
    scratch = np.empty(size, dtype=np.int64)
    cur = labels
    nxt = np.empty(size, dtype=np.int32)
    vals = np.empty(size, dtype=np.int32)
    while True:
        made = count
        work = cur.copy()
        for g in range(ng):
            for i in range(size):
                vals[i] = cur[succ[g, i]]
            made = _refine(work, vals, made, count, stamp, val, start, scratch, nxt)
            work, nxt = nxt, work
            steps += 8 * size
        if steps > max_steps:
            return STOPPED, steps, 0, empty_t, empty_p, empty_phi
        cur = work
        if made == count:
            break
        count = made
    ids = np.full(count, -1, dtype=np.int32)
    rep = np.empty(count, dtype=np.int64)
    r = 0
    for i in range(size):
        c = cur[i]
        if ids[c] < 0:
            ids[c] = r
            rep[r] = reach[i]
            r += 1
    if max_order >= 0 and r > max_order:
        return TOO_BIG, steps, r, empty_t, empty_p, empty_phi
    if steps + r * r * (16 + 4 * k) > max_steps:
        return STOPPED, steps, 0, empty_t, empty_p, empty_phi  # the table would pass the limit
    out_table = np.empty((r, r), dtype=np.int32)
    for a in range(r):
        for b in range(r):
            out_table[a, b] = ids[cur[pos[_mul(rep[a], rep[b], table, big, weights, index, period)]]]
    steps += r * r * (16 + 4 * k)
    out_p = np.empty(r, dtype=np.int8)
    for a in range(r):
        out_p[a] = p[rep[a]]
    out_phi = np.empty(n + 1, dtype=np.int32)
    for h in range(n + 1):
        out_phi[h] = ids[cur[pos[images[h]]]]
    return OK, steps, r, out_table, out_p, out_phi
