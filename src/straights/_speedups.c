/* straights._speedups: one hand at a time, compiled.
 *
 * The readable rankings (straights.rankings.high, .low, .badugi, .three_card,
 * .high_family) define every value returned here; this module computes the same integers (and badugi's
 * tuples) without Python objects per card.  setup.py builds it when a C
 * compiler is present (optional=True: without one, the install goes on and the
 * pure-Python functions are used).  tests/test_speedups*.py check every
 * function equal to the Python one on random hands of every size.
 *
 * Card ids: (rank - 2) * 4 + suit for the 52 ranked cards (0..51).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <structmember.h>

#define MAX_CARDS 52

/* ------------------------------------------------------------------ helpers */

/* The pure-Python functions, called with the same arguments for whatever the
 * compiled code does not take (jokers, sizes out of range, repeated or bad ids),
 * so every input gets the Python answer or the Python error. */
enum { F_HIGH, F_SPLIT_HIGH, F_ACE_FIVE, F_DEUCE_SEVEN, F_ACE_SIX, F_BADUGI, F_THREE, F_SHORT, F_WILD, F_COUNT };
static const char *fallback_names[F_COUNT] = {
    "high_key", "split_high_key", "ace_to_five_key", "deuce_to_seven_key", "ace_to_six_key",
    "badugi_key", "three_card_best", "short_key", "wild_key"};
static PyObject *fallbacks[F_COUNT];

static PyObject *fall_back(int which, PyObject *args) {
    PyErr_Clear();
    if (fallbacks[which] == NULL) {
        PyErr_Format(PyExc_RuntimeError, "no Python %s registered", fallback_names[which]);
        return NULL;
    }
    if (PyTuple_Check(args)) return PyObject_Call(fallbacks[which], args, NULL);
    return PyObject_CallOneArg(fallbacks[which], args);
}

static inline int top_bit(uint32_t m) { return 31 - __builtin_clz(m); }

/* Set bits of `m`, inline (without -mpopcnt, __builtin_popcount is a library call). */
static inline int bit_count(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* C(n, k), exactly (every use here is below 2**31). */
static int32_t binomial(int n, int k) {
    int64_t v = 1;
    for (int i = 1; i <= k; i++) v = v * (n - k + i) / i;
    return (int32_t)v;
}

/* Any sequence, with the errors the Python keys raise for the ids they refuse. */
static Py_ssize_t read_ids_slow(PyObject *seq, int *out, Py_ssize_t most, uint64_t *seen_in) {
    PyObject *fast = PySequence_Fast(seq, "card ids must be a sequence of ints");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "at most %zd cards, got %zd", most, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    uint64_t seen = *seen_in;
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(items[i]);
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (c < 0 || c >= 52) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_IndexError, "%ld is no ranked card id (0..51)", c);
            return -1;
        }
        if (seen >> c & 1) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "card id %ld is repeated", c);
            return -1;
        }
        seen |= (uint64_t)1 << c;
        out[i] = (int)c;
    }
    Py_DECREF(fast);
    *seen_in = seen;
    return n;
}

/* The value of an exact int known to be small, or -1 for a negative or large one. */
static inline long small_int(PyObject *obj) {
#if PY_VERSION_HEX < 0x030C0000 && PYLONG_BITS_IN_DIGIT == 30
    /* CPython 3.11's layout: the sign in the size, 30-bit digits */
    Py_ssize_t digits = Py_SIZE(obj);
    if (digits == 0) return 0;
    return digits == 1 ? (long)((PyLongObject *)obj)->ob_digit[0] : -1;
#else
    int overflow;
    long v = PyLong_AsLongAndOverflow(obj, &overflow);
    return overflow || v < 0 ? -1 : v;
#endif
}

/* Card ids of a list or tuple (or any sequence) into `out`; -1 with an error set
 * when an item is not an int, is no ranked card, or repeats.  `*seen` gathers the
 * ids' bits (a card already in it repeats too). */
static Py_ssize_t read_ids_seen(PyObject *seq, int *out, Py_ssize_t most, uint64_t *seen_in) {
    /* the usual case first: a list or tuple of small exact ints, read in place */
    Py_ssize_t n = -1;
    PyObject **items = NULL;
    if (PyList_CheckExact(seq)) {
        n = PyList_GET_SIZE(seq);
        items = ((PyListObject *)seq)->ob_item;
    } else if (PyTuple_CheckExact(seq)) {
        n = PyTuple_GET_SIZE(seq);
        items = &PyTuple_GET_ITEM(seq, 0);
    }
    if (items != NULL && n <= most) {
        uint64_t seen = *seen_in;
        Py_ssize_t i = 0;
        for (; i < n; i++) {
            PyObject *item = items[i];
            if (!PyLong_CheckExact(item)) break;
            long c = small_int(item);
            if (c < 0 || c >= 52 || (seen >> c & 1)) break;
            seen |= (uint64_t)1 << c;
            out[i] = (int)c;
        }
        if (i == n) {
            *seen_in = seen;
            return n;
        }
    }
    return read_ids_slow(seq, out, most, seen_in);
}

static Py_ssize_t read_ids(PyObject *seq, int *out, Py_ssize_t most) {
    uint64_t seen = 0;
    return read_ids_seen(seq, out, most, &seen);
}

/* ---------------------------------------------------------------------- high
 * straights.rankings.high, standard deck and order: category << 20, then five
 * 4-bit tie-break ranks (2..14), the combination first; straights put their
 * strength (0 = the wheel … 9 = ace high) in the first nibble. */

enum { HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH };

/* Strength of the best straight in a 13-bit rank mask (bit r = rank r + 2), or -1. */
static inline int straight_strength(uint32_t m) {
    uint32_t mm = (m << 1) | (m >> 12 & 1); /* bit 0: the ace played low */
    uint32_t s = mm & mm >> 1 & mm >> 2 & mm >> 3 & mm >> 4;
    return s ? top_bit(s) : -1;
}

/* Up to `k` of the highest ranks of mask `m` as nibbles from position `shift` down. */
static inline int32_t top_ranks(uint32_t m, int k, int shift) {
    int32_t v = 0;
    while (k-- > 0 && m) {
        int r = top_bit(m);
        m &= ~(1u << r);
        v |= (int32_t)(r + 2) << shift;
        shift -= 4;
    }
    return v;
}

/* The best value without flushes of cards whose ranks held once, twice, three and
 * four times are `m1` ⊇ `m2` ⊇ `m3` ⊇ `m4` (13-bit masks); `n` cards in all. */
static inline int32_t rank_value(uint32_t m1, uint32_t m2, uint32_t m3, uint32_t m4,
                                 Py_ssize_t n);

static int32_t high_value(const int *ids, Py_ssize_t n) {
    uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    uint32_t suit_mask[4] = {0, 0, 0, 0};
    int suit_count[4] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        int r = ids[i] >> 2, s = ids[i] & 3;
        uint32_t b = 1u << r;
        /* the n-th card of a rank sets the n-th mask */
        m4 |= m3 & b;
        m3 |= m2 & b;
        m2 |= m1 & b;
        m1 |= b;
        suit_mask[s] |= b;
        suit_count[s]++;
    }
    int32_t best = rank_value(m1, m2, m3, m4, n);
    for (int s = 0; s < 4; s++) {
        if (suit_count[s] < 5) continue;
        int st = straight_strength(suit_mask[s]);
        int32_t v = st >= 0 ? STRAIGHT_FLUSH << 20 | st << 16
                            : FLUSH << 20 | top_ranks(suit_mask[s], 5, 16);
        if (v > best) best = v;
    }
    return best;
}

static inline int32_t rank_value(uint32_t m1, uint32_t m2, uint32_t m3, uint32_t m4,
                                 Py_ssize_t n) {
    int32_t best;
    if (m4) {
        int q = top_bit(m4);
        best = QUADS << 20 | (q + 2) << 16 | top_ranks(m1 & ~(1u << q), 1, 12);
    } else if (m3 && (m2 & ~(1u << top_bit(m3)))) {
        int t = top_bit(m3);
        best = FULL_HOUSE << 20 | (t + 2) << 16 | (top_bit(m2 & ~(1u << t)) + 2) << 12;
    } else {
        int st = n >= 5 ? straight_strength(m1) : -1;
        if (st >= 0) {
            best = STRAIGHT << 20 | st << 16;
        } else if (m3) {
            int t = top_bit(m3);
            best = TRIPS << 20 | (t + 2) << 16 | top_ranks(m1 & ~(1u << t), 2, 12);
        } else if (m2) {
            int p = top_bit(m2);
            uint32_t rest = m2 & ~(1u << p);
            if (rest) {
                int q = top_bit(rest);
                best = TWO_PAIR << 20 | (p + 2) << 16 | (q + 2) << 12 |
                       top_ranks(m1 & ~(1u << p | 1u << q), 1, 8);
            } else {
                best = ONE_PAIR << 20 | (p + 2) << 16 | top_ranks(m1 & ~(1u << p), 3, 12);
            }
        } else {
            best = top_ranks(m1, 5, 16);
        }
    }
    return best;
}

static PyObject *py_high_key(PyObject *self, PyObject *arg) {
    int ids[MAX_CARDS];
    Py_ssize_t n = read_ids(arg, ids, MAX_CARDS);
    if (n < 0) return fall_back(F_HIGH, arg);
    return PyLong_FromLong(high_value(ids, n));
}

/* Omaha without flushes: the best value of two hole and three board cards depends
 * on their ranks alone, so it is read from a table of every pair of hole ranks (91
 * multisets) by every three board ranks (455), filled on first use from rank_value.
 * The table holds each value's place among the 6,175 non-flush values (1 = the
 * worst; 0 = five of a rank, never read), two bytes: 83 kB, which stays in the
 * caches.  Flushes, possible only where a suited pair meets a suited triple of its
 * suit, are valued apart. */
#define OMAHA_PAIRS 91
#define OMAHA_TRIPLES 455
static uint16_t *omaha_values; /* [pair * OMAHA_TRIPLES + triple]: a place */
#define OMAHA_PLACES 7462
static int32_t omaha_place_value[OMAHA_PLACES + 1]; /* place -> rank_value */
static uint8_t omaha_pair[13 * 13];            /* ranks r, s (any order) -> pair */
static uint16_t omaha_triple[13 * 13 * 13];    /* ranks (any order) -> triple */
/* Five board cards: the best non-flush value of each hole pair with the board, by the
 * board's ranks (their colex rank as a multiset: 6,188 boards) and the pair's ranks,
 * filled as hands come (0 = not yet; a place, as above): one read a hole pair instead
 * of ten.  1.1 MB, of which random hands touch one 182-byte row each. */
#define OMAHA_BOARDS 6188
static uint16_t *omaha_boards;
static int32_t board_colex[5][13]; /* C(r + i, i + 1) */

static inline int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }

static int compare_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int omaha_fill(void) {
    size_t cells = (size_t)OMAHA_PAIRS * OMAHA_TRIPLES;
    int32_t *values = PyMem_Malloc(sizeof(int32_t) * cells);
    int32_t *sorted = PyMem_Malloc(sizeof(int32_t) * cells);
    uint16_t *places = PyMem_Malloc(sizeof(uint16_t) * cells);
    uint16_t *boards = PyMem_Calloc((size_t)OMAHA_BOARDS * OMAHA_PAIRS, sizeof(uint16_t));
    if (values == NULL || sorted == NULL || places == NULL || boards == NULL) {
        PyMem_Free(values);
        PyMem_Free(sorted);
        PyMem_Free(places);
        PyMem_Free(boards);
        return -1;
    }
    for (int i = 0; i < 5; i++)
        for (int r = 0; r < 13; r++) board_colex[i][r] = binomial(r + i, i + 1);
    int pairs = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++, pairs++)
            omaha_pair[a * 13 + b] = omaha_pair[b * 13 + a] = (uint8_t)pairs;
    int triples = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++, triples++) {
                int r[3] = {a, b, c};
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++)
                        for (int k = 0; k < 3; k++)
                            if (i != j && j != k && i != k)
                                omaha_triple[(r[i] * 13 + r[j]) * 13 + r[k]] = (uint16_t)triples;
            }
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = 0; c < 13; c++)
                for (int d = c; d < 13; d++)
                    for (int e = d; e < 13; e++) {
                        int five[5] = {a, b, c, d, e};
                        uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0, m5 = 0;
                        for (int i = 0; i < 5; i++) {
                            uint32_t bit = 1u << five[i];
                            m5 |= m4 & bit;
                            m4 |= m3 & bit;
                            m3 |= m2 & bit;
                            m2 |= m1 & bit;
                            m1 |= bit;
                        }
                        /* five of a rank is no hand of distinct cards: never read */
                        values[omaha_pair[a * 13 + b] * OMAHA_TRIPLES +
                               omaha_triple[(c * 13 + d) * 13 + e]] =
                            m5 ? -1 : rank_value(m1, m2, m3, m4, 5);
                    }
    /* each value's place among the distinct values, from 1 (-1, five of a rank: 0) */
    memcpy(sorted, values, sizeof(int32_t) * cells);
    qsort(sorted, cells, sizeof(int32_t), compare_int32);
    size_t distinct = 0;
    for (size_t i = 0; i < cells; i++)
        if (sorted[i] >= 0 && (distinct == 0 || sorted[distinct - 1] != sorted[i]))
            sorted[distinct++] = sorted[i];
    for (size_t i = 0; i < distinct; i++) omaha_place_value[i + 1] = sorted[i];
    for (size_t i = 0; i < cells; i++) {
        size_t lo = 0, hi = distinct; /* the index of values[i] in sorted[0..distinct) */
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (sorted[mid] < values[i]) lo = mid + 1;
            else hi = mid;
        }
        places[i] = values[i] < 0 ? 0 : (uint16_t)(lo + 1);
    }
    PyMem_Free(values);
    PyMem_Free(sorted);
    omaha_boards = boards;
    omaha_values = places;
    return 0;
}

/* Each triple of the board's `nb` cards (x < y < z): its column in omaha_values and its
 * suit when all three share one (else -1); `*suited` is set when one does.  Returns
 * how many triples. */
static int board_triples(const int *board, Py_ssize_t nb, int *triple, int *bsuit, int *suited) {
    int nt = 0;
    for (int x = 0; x < nb; x++)
        for (int y = x + 1; y < nb; y++)
            for (int z = y + 1; z < nb; z++) {
                triple[nt] = omaha_triple[((board[x] >> 2) * 13 + (board[y] >> 2)) * 13 +
                                          (board[z] >> 2)];
                int s = board[x] & 3;
                bsuit[nt] = (board[y] & 3) == s && (board[z] & 3) == s ? s : -1;
                *suited |= bsuit[nt] >= 0;
                nt++;
            }
    return nt;
}

/* fastcall: (hole, board, hole_cards=2, board_cards=3): the best high value of exactly
 * two hole and three board cards; anything else goes to the Python twin. */
static PyObject *py_split_high_key(PyObject *self, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    int hole[MAX_CARDS], board[MAX_CARDS];
    Py_ssize_t nh = -1, nb = -1;
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) || nargs < 2 || nargs > 4)
        goto python;
    if ((nargs > 2 && (!PyLong_CheckExact(args[2]) || PyLong_AsLong(args[2]) != 2)) ||
        (nargs > 3 && (!PyLong_CheckExact(args[3]) || PyLong_AsLong(args[3]) != 3)))
        goto python;
    for (int i = 0; i < 2; i++) /* what the Python twin takes the length of */
        if (!PyList_CheckExact(args[i]) && !PyTuple_CheckExact(args[i])) goto python;
    uint64_t seen = 0; /* a card in both is repeated: the Python twin's answer */
    if ((nh = read_ids_seen(args[0], hole, 6, &seen)) < 0) goto python;
    if ((nb = read_ids_seen(args[1], board, 5, &seen)) < 0) goto python;
    if (nh < 2 || nb < 3) return PyLong_FromLong(0);
    if (omaha_values == NULL && omaha_fill() < 0) return PyErr_NoMemory();
    int triple[10], bsuit[10], nt = 0, suited = 0;
    int32_t best = -1;
    if (nb == 5) { /* the usual board: each hole pair's best is one read, once known */
        uint64_t ranks = 0;
        int suits[4] = {0, 0, 0, 0};
        for (int x = 0; x < 5; x++) {
            ranks += (uint64_t)1 << (3 * (board[x] >> 2));
            suits[board[x] & 3]++;
        }
        int32_t index = 0;
        for (int i = 0; ranks; i++) { /* the board's ranks from the lowest, repeats too */
            int r = __builtin_ctzll(ranks) / 3;
            index += board_colex[i][r];
            ranks -= (uint64_t)1 << (3 * r);
        }
        uint16_t *known = omaha_boards + index * OMAHA_PAIRS;
        int place = 0;
        for (int i = 0; i < nh; i++)
            for (int j = i + 1; j < nh; j++) {
                int pair = omaha_pair[(hole[i] >> 2) * 13 + (hole[j] >> 2)];
                int v = known[pair];
                if (v == 0) { /* not yet: the pair's row, over the board's ten triples */
                    if (nt == 0) nt = board_triples(board, nb, triple, bsuit, &suited);
                    const uint16_t *row = omaha_values + pair * OMAHA_TRIPLES;
                    for (int t = 0; t < 10; t++) v = v > row[triple[t]] ? v : row[triple[t]];
                    known[pair] = (uint16_t)v;
                }
                place = place > v ? place : v;
            }
        best = omaha_place_value[place];
        int fs = suits[0] >= 3 ? 0 : suits[1] >= 3 ? 1 : suits[2] >= 3 ? 2 : suits[3] >= 3 ? 3 : -1;
        if (fs < 0) return PyLong_FromLong(best); /* no three of a suit: no flush */
        /* the one suit with three board cards or more: its hole ranks (without a branch
         * a random hand mispredicts), then, with two or more of them, its board ranks */
        uint32_t held = 0;
        for (int i = 0; i < nh; i++) held |= (uint32_t)((hole[i] & 3) == fs) << (hole[i] >> 2);
        if (bit_count(held) < 2) return PyLong_FromLong(best);
        int br[5], hr[6], nbr = 0, nhr = 0;
        for (int x = 0; x < 5; x++)
            if ((board[x] & 3) == fs) br[nbr++] = board[x] >> 2;
        for (uint32_t m = held; m; m &= m - 1) hr[nhr++] = __builtin_ctz(m);
        for (int i = 0; i < nhr; i++)
            for (int j = i + 1; j < nhr; j++)
                for (int x = 0; x < nbr; x++)
                    for (int y = x + 1; y < nbr; y++)
                        for (int z = y + 1; z < nbr; z++) {
                            uint32_t m = 1u << hr[i] | 1u << hr[j] | 1u << br[x] | 1u << br[y] |
                                         1u << br[z]; /* five ranks, one suit */
                            int st = straight_strength(m);
                            best = max32(best, st >= 0 ? STRAIGHT_FLUSH << 20 | st << 16
                                                       : FLUSH << 20 | top_ranks(m, 5, 16));
                        }
        return PyLong_FromLong(best);
    } else {
        nt = board_triples(board, nb, triple, bsuit, &suited);
        int place = 0;
        for (int i = 0; i < nh; i++)
            for (int j = i + 1; j < nh; j++) {
                int pair = omaha_pair[(hole[i] >> 2) * 13 + (hole[j] >> 2)];
                const uint16_t *row = omaha_values + pair * OMAHA_TRIPLES;
                for (int t = 0; t < nt; t++)
                    place = place > row[triple[t]] ? place : row[triple[t]];
            }
        best = omaha_place_value[place];
    }
    if (suited) /* a suited hole pair with a board triple of its suit: a flush */
        for (int i = 0; i < nh; i++)
            for (int j = i + 1; j < nh; j++) {
                int hsuit = hole[i] & 3;
                if ((hole[j] & 3) != hsuit) continue;
                uint32_t a1 = 1u << (hole[i] >> 2) | 1u << (hole[j] >> 2);
                for (int x = 0, t = 0; x < nb; x++) /* the triples, in board_triples' order */
                    for (int y = x + 1; y < nb; y++)
                        for (int z = y + 1; z < nb; z++, t++) {
                            if (bsuit[t] != hsuit) continue;
                            uint32_t m = a1 | 1u << (board[x] >> 2) | 1u << (board[y] >> 2) |
                                         1u << (board[z] >> 2); /* five ranks, one suit */
                            int st = straight_strength(m);
                            best = max32(best, st >= 0 ? STRAIGHT_FLUSH << 20 | st << 16
                                                       : FLUSH << 20 | top_ranks(m, 5, 16));
                        }
            }
    return PyLong_FromLong(best);
python:
    PyErr_Clear();
    if (fallbacks[F_SPLIT_HIGH] == NULL) {
        PyErr_Format(PyExc_RuntimeError, "no Python %s registered", fallback_names[F_SPLIT_HIGH]);
        return NULL;
    }
    return PyObject_Vectorcall(fallbacks[F_SPLIT_HIGH], args, nargsf, kwnames);
}

/* ---------------------------------------------------------------------- lows
 * straights.rankings.low: the badness of five cards is category << 20, then the
 * ranks by group (larger count first, then higher rank); the best low of more
 * cards is the least badness over every five; the key is (1 << 24) - badness,
 * or 0 when the hand fails the qualifier. */

enum { L_NO_PAIR, L_PAIR, L_TWO_PAIR, L_TRIPS, L_STRAIGHT, L_FLUSH, L_FULL, L_QUADS, L_SFLUSH };

/* Ranks of mask `m` from the highest, appended to `code` as nibbles. */
static inline int32_t push_ranks(int32_t code, uint32_t m, int *groups) {
    while (m) {
        int r = top_bit(m);
        m &= ~(1u << r);
        code = code << 4 | r;
        ++*groups;
    }
    return code;
}

/* The badness of five cards; `flushes` = 0 values five of a suit as if they were not
 * (the badness of their ranks alone). */
static int32_t five_badness(const int *five, int ace_low, int straights, int flushes) {
    uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0, suits = 0;
    for (int i = 0; i < 5; i++) {
        int r = (five[i] >> 2) + 2;
        if (r == 14 && ace_low) r = 1;
        uint32_t b = 1u << r;
        m4 |= m3 & b;
        m3 |= m2 & b;
        m2 |= m1 & b;
        m1 |= b;
        suits |= 1u << (five[i] & 3);
    }
    /* groups by count, then rank, both descending */
    int groups = 0;
    int32_t ranks = push_ranks(0, m4, &groups);
    ranks = push_ranks(ranks, m3 & ~m4, &groups);
    ranks = push_ranks(ranks, m2 & ~m3, &groups);
    ranks = push_ranks(ranks, m1 & ~m2, &groups);
    int cat;
    if (m4) cat = L_QUADS;
    else if (m3) cat = m2 & ~m3 ? L_FULL : L_TRIPS;
    else if (m2) cat = m2 & (m2 - 1) ? L_TWO_PAIR : L_PAIR;
    else {
        cat = L_NO_PAIR;
        if (straights) {
            int suited = flushes && (suits & (suits - 1)) == 0;
            if (top_bit(m1) - __builtin_ctz(m1) == 4) cat = suited ? L_SFLUSH : L_STRAIGHT;
            else if (suited) cat = L_FLUSH;
        }
    }
    return cat << 20 | ranks << 4 * (5 - groups);
}

/* The best badness over every five of `n` cards (`flushes`: see five_badness). */
static int32_t best_badness(const int *ids, Py_ssize_t n, int ace_low, int straights,
                            int flushes) {
    int32_t best = INT32_MAX;
    int five[5];
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        five[0] = ids[a];
                        five[1] = ids[b];
                        five[2] = ids[c];
                        five[3] = ids[d];
                        five[4] = ids[e];
                        int32_t v = five_badness(five, ace_low, straights, flushes);
                        if (v < best) best = v;
                    }
    return best;
}

/* Memo of the best badness by rank multiset (three bits a rank), one per method, for
 * six cards or more: a hand that cannot hold a flush (no five of a suit, or a method
 * where flushes do not count) has the answer of its ranks alone.  Each slot packs
 * the multiset + 1 (39 bits; 0 = empty) above the badness (24 bits); open
 * addressing, filled to 3/4 at most. */
#define MEMO_BITS 17
#define MEMO_SIZE (1 << MEMO_BITS)
static uint64_t memo[3][MEMO_SIZE];
static int memo_count[3];

/* Five to seven cards, the usual sizes, have a table of their own instead: every
 * multiset of n ranks has a place, its colex rank as a combination with repetition
 * (the sorted ranks r0 <= r1 <= … give sum C(r_i + i, i + 1)): 6,188, 18,564 and
 * 50,388 places, where the hashed memo took 1 MB a method and a probe that random
 * hands mostly miss in the caches.  A place holds the *class* of its best badness
 * (two bytes; 0 = not known yet): a method's classes are numbered as they are first
 * met, each with its badness and, once evaluate has needed it, its key (v,), so
 * that evaluate finds the key with the badness. */
#define TABLE_MIN 5
#define TABLE_MAX 7
#define LOW_CLASSES 8192  /* above the 7,462 five-card classes */
#define CLASS_HASH_BITS 14
static uint16_t *low_tables[4][TABLE_MAX + 1]; /* [3]: evaluate's five-card high hands */
static int32_t colex[TABLE_MAX][13]; /* colex[i][r] = C(r + i, i + 1) */
static int32_t class_badness[4][LOW_CLASSES];
static PyObject *class_key[4][LOW_CLASSES];
static int class_count[4];
static uint64_t class_of_badness[4][1 << CLASS_HASH_BITS]; /* badness + 1 << 16 | class */

static uint16_t *low_table(int method, Py_ssize_t n) {
    uint16_t *table = low_tables[method][n];
    if (table != NULL) return table;
    if (colex[0][1] == 0)
        for (int i = 0; i < TABLE_MAX; i++)
            for (int r = 0; r < 13; r++) colex[i][r] = binomial(r + i, i + 1);
    table = PyMem_Calloc((size_t)binomial(12 + (int)n, (int)n), sizeof(uint16_t));
    low_tables[method][n] = table;
    return table; /* NULL when memory ran out: the badness is then computed each time */
}

/* The class of `badness` for `method`, numbered on first sight (0: no room left). */
static int low_class(int method, int32_t badness) {
    uint64_t want = (uint64_t)badness + 1;
    size_t slot = (size_t)((want * 0x9E3779B97F4A7C15ull) >> (64 - CLASS_HASH_BITS));
    uint64_t *map = class_of_badness[method];
    for (; map[slot] != 0; slot = (slot + 1) & ((1 << CLASS_HASH_BITS) - 1))
        if (map[slot] >> 16 == want) return (int)(map[slot] & 0xFFFF);
    if (class_count[method] + 1 >= LOW_CLASSES) return 0;
    int c = ++class_count[method];
    class_badness[method][c] = badness;
    map[slot] = want << 16 | (uint64_t)c;
    return c;
}

/* The best badness of `n` cards; `*klass` its class when a table gave it, else 0. */
static int32_t memo_badness(int method, const int *ids, Py_ssize_t n, int ace_low, int straights,
                            int *klass) {
    *klass = 0;
    uint64_t ranks = 0;
    int suits[4] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        ranks += (uint64_t)1 << (3 * (ids[i] >> 2));
        suits[ids[i] & 3]++;
    }
    int flush_suit = -1; /* a suit of five cards or more, where flushes count */
    if (straights)
        for (int s = 0; s < 4; s++)
            if (suits[s] >= 5) flush_suit = s;
    if (n <= TABLE_MAX) {
        uint16_t *table = low_table(method, n);
        if (table == NULL) return best_badness(ids, n, ace_low, straights, straights);
        int32_t index = 0;
        int i = 0;
        for (uint64_t left = ranks; left; i++) { /* the ranks from the lowest, repeats too */
            int r = __builtin_ctzll(left) / 3;
            index += colex[i][r];
            left -= (uint64_t)1 << (3 * r);
        }
        /* the best badness of the ranks alone, five of a suit valued as if they were not */
        int c = table[index];
        int32_t best;
        if (c != 0) {
            best = class_badness[method][c];
        } else {
            best = best_badness(ids, n, ace_low, straights, 0);
            table[index] = (uint16_t)(c = low_class(method, best));
        }
        if (flush_suit >= 0) {
            /* Five of a suit: a flush is worse than the same five ranks unsuited, so
             * the answer is `best` when some five cards of its ranks are not all of
             * that suit: when its ranks repeat (two suits), or one of them is held in
             * another suit.  The badness names the five ranks (no pair: five
             * nibbles). */
            int cat = best >> 20;
            if (cat == L_NO_PAIR || cat == L_STRAIGHT) {
                uint32_t used = 0, elsewhere = 0;
                for (int k = 0; k < 5; k++) used |= 1u << (best >> 4 * k & 15);
                for (Py_ssize_t j = 0; j < n; j++) {
                    int r = (ids[j] >> 2) + 2;
                    if ((ids[j] & 3) != flush_suit) elsewhere |= 1u << (r == 14 && ace_low ? 1 : r);
                }
                if (!(used & elsewhere)) return best_badness(ids, n, ace_low, straights, straights);
            }
        }
        *klass = c;
        return best;
    }
    if (flush_suit >= 0) return best_badness(ids, n, ace_low, straights, straights);
    uint64_t key = ranks + 1;
    size_t slot = (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - MEMO_BITS));
    uint64_t *table = memo[method];
    while (table[slot] != 0) {
        if (table[slot] >> 24 == key) return (int32_t)(table[slot] & 0xFFFFFF);
        slot = (slot + 1) & (MEMO_SIZE - 1);
    }
    int32_t best = best_badness(ids, n, ace_low, straights, straights);
    if (memo_count[method] < MEMO_SIZE / 4 * 3) {
        table[slot] = key << 24 | (uint64_t)best;
        memo_count[method]++;
    }
    return best;
}

/* Five cards, one or two of them jokers (ids 55 to 70), the rest distinct ranked
 * cards, into `ids` (the jokers last); the number of jokers, or 0 for anything else. */
static int read_five_with_jokers(PyObject *seq, int *ids) {
    if (!(PyList_CheckExact(seq) || PyTuple_CheckExact(seq)) || PySequence_Fast_GET_SIZE(seq) != 5)
        return 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    uint64_t seen[2] = {0, 0};
    int nn = 0, j = 0, jokers[5];
    for (int i = 0; i < 5; i++) {
        if (!PyLong_CheckExact(items[i])) return 0;
        long c = small_int(items[i]);
        if (c < 0 || c >= 55 + 16 || (c >= 52 && c < 55) || (seen[c >> 6] >> (c & 63) & 1))
            return 0;
        seen[c >> 6] |= (uint64_t)1 << (c & 63);
        if (c >= 55) jokers[j++] = (int)c;
        else ids[nn++] = (int)c;
    }
    for (int i = 0; i < j; i++) ids[nn + i] = jokers[i];
    return j <= 2 ? j : 0;
}

/* The best badness of four or three natural cards (`ids[0..5-j)`) and `j` jokers
 * (1 or 2) under straights.rankings.low's 'lowest-absent' rule: every rank each joker
 * may take tried, no rank five times, the jokers' suits never making a flush. */
static int32_t joker_badness(int *ids, int j, int ace_low, int straights) {
    int nn = 5 - j, count[13] = {0};
    for (int i = 0; i < nn; i++) count[ids[i] >> 2]++;
    int32_t best = INT32_MAX;
    for (int a = 0; a < 13; a++) {
        if (count[a] >= 4) continue;
        ids[nn] = a << 2;
        count[a]++;
        for (int b = j == 2 ? a : 12; b < 13; b++) {
            if (j == 2) {
                if (count[b] >= 4) continue;
                ids[nn + 1] = b << 2;
            }
            int32_t v = five_badness(ids, ace_low, straights, 0);
            if (v < best) best = v;
        }
        count[a]--;
    }
    return best;
}

/* fastcall: (ids, qualifier=None); a keyword, or anything the C does not take, goes to
 * the Python twin with the same arguments (which names a bad one). */
static PyObject *low_key(PyObject *const *args, size_t nargsf, PyObject *kwnames, int which,
                         int ace_low, int straights) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *qual_obj = nargs == 2 ? args[1] : Py_None;
    int ids[MAX_CARDS];
    Py_ssize_t n = -1;
    if ((kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0) && (nargs == 1 || nargs == 2))
        n = read_ids(args[0], ids, 10);
    if (qual_obj != Py_None && !PyLong_CheckExact(qual_obj)) goto python;
    int jokers = 0;
    if (n < 0 && nargs >= 1 && (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0)) {
        jokers = read_five_with_jokers(args[0], ids);
        if (jokers) PyErr_Clear(); /* read_ids's error: the jokers it refused */
        n = jokers ? 5 : -1;
    }
    if (n < 5) goto python;
    int klass;
    int32_t best = jokers ? joker_badness(ids, jokers, ace_low, straights)
                          : memo_badness(which - F_ACE_FIVE, ids, n, ace_low, straights, &klass);
    if (qual_obj != Py_None) {
        long q = PyLong_AsLong(qual_obj);
        if (q == -1 && PyErr_Occurred()) goto python;
        if (best >= (q + 1) << 16) return PyLong_FromLong(0);
    }
    return PyLong_FromLong((1L << 24) - best);
python:
    PyErr_Clear();
    if (fallbacks[which] == NULL) {
        PyErr_Format(PyExc_RuntimeError, "no Python %s registered", fallback_names[which]);
        return NULL;
    }
    return PyObject_Vectorcall(fallbacks[which], args, nargsf, kwnames);
}

static PyObject *py_ace_to_five_key(PyObject *self, PyObject *const *args, size_t nargsf,
                                    PyObject *kwnames) {
    return low_key(args, nargsf, kwnames, F_ACE_FIVE, 1, 0);
}
static PyObject *py_deuce_to_seven_key(PyObject *self, PyObject *const *args, size_t nargsf,
                                       PyObject *kwnames) {
    return low_key(args, nargsf, kwnames, F_DEUCE_SEVEN, 0, 1);
}
static PyObject *py_ace_to_six_key(PyObject *self, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
    return low_key(args, nargsf, kwnames, F_ACE_SIX, 1, 1);
}

/* -------------------------------------------------------------------- badugi
 * straights.rankings.badugi: the largest subset of different ranks and suits,
 * as (size, -r1, -r2, …) with r1 > r2 > … (ace = 1); larger is better. */

/* Four cards, the usual badugi hand: sorted by rank (ace low), high first, whose
 * six pairs clash (same rank or suit) or not; badugi_best4[clashes] lists the
 * subsets of most cards with no clash (bit i = the i-th card), the best of which is
 * the one whose ranks, high first, are least.  No loop over subsets, no branch a
 * random hand makes unpredictable but the few candidates'. */
static const int pair_a[6] = {0, 0, 0, 1, 1, 2}, pair_b[6] = {1, 2, 3, 2, 3, 3};
static uint8_t badugi_best4[64][7]; /* [0]: how many; then the subsets */
static int badugi_ready;

static void badugi_fill(void) {
    for (int clashes = 0; clashes < 64; clashes++) {
        int size = 0, count = 0;
        for (int set = 1; set < 16; set++) {
            int ok = 1;
            for (int p = 0; p < 6; p++)
                if ((clashes >> p & 1) && (set >> pair_a[p] & 1) && (set >> pair_b[p] & 1)) ok = 0;
            if (!ok) continue;
            int n = bit_count((uint32_t)set);
            if (n > size) size = n, count = 0;
            if (n == size) badugi_best4[clashes][++count] = (uint8_t)set;
        }
        badugi_best4[clashes][0] = (uint8_t)count;
    }
    badugi_ready = 1;
}

/* The best badugi subset of four distinct ranked ids: its size, and its ranks high
 * to low as nibbles in `*code` (ace = 1). */
static int badugi_four(const int *ids, int32_t *code) {
    if (!badugi_ready) badugi_fill();
    int key[4]; /* rank (ace = 1) << 2 | suit, sorted high first */
    for (int i = 0; i < 4; i++) {
        int r = (ids[i] >> 2) + 2;
        key[i] = (r == 14 ? 1 : r) << 2 | (ids[i] & 3);
    }
#define SWAP_DOWN(i, j)                                                                        \
    if (key[i] < key[j]) {                                                                     \
        int t = key[i];                                                                        \
        key[i] = key[j];                                                                       \
        key[j] = t;                                                                            \
    }
    SWAP_DOWN(0, 1) SWAP_DOWN(2, 3) SWAP_DOWN(0, 2) SWAP_DOWN(1, 3) SWAP_DOWN(1, 2)
#undef SWAP_DOWN
    int clashes = 0;
    for (int p = 0; p < 6; p++) {
        int a = key[pair_a[p]], b = key[pair_b[p]];
        clashes |= ((a >> 2) == (b >> 2) || (a & 3) == (b & 3)) << p;
    }
    const uint8_t *best = badugi_best4[clashes];
    int32_t least = INT32_MAX;
    for (int c = 1; c <= best[0]; c++) {
        int32_t v = 0;
        for (int i = 0; i < 4; i++)
            if (best[c] >> i & 1) v = v << 4 | key[i] >> 2;
        if (v < least) least = v;
    }
    *code = least;
    return bit_count(best[1]);
}

/* The badugi key of `n` distinct ranked ids (n >= 1), as a new tuple. */
static PyObject *badugi_tuple(const int *ids, Py_ssize_t n) {
    int best_size = 0;
    int32_t best_code = 0; /* the ranks high to low as nibbles: smaller is better */
    if (n == 4) {
        best_size = badugi_four(ids, &best_code);
        goto built;
    }
    uint32_t rank_bit[MAX_CARDS], suit_bit[MAX_CARDS];
    for (Py_ssize_t i = 0; i < n; i++) {
        int r = (ids[i] >> 2) + 2;
        rank_bit[i] = 1u << (r == 14 ? 1 : r); /* the ace is low */
        suit_bit[i] = 1u << (ids[i] & 3);
    }
    unsigned limit = 1u << n;
    for (unsigned set = 1; set < limit; set++) {
        int size = bit_count(set);
        if (size > 4 || size < best_size) continue;
        uint32_t ranks = 0, suits = 0;
        unsigned left = set;
        while (left) {
            int i = __builtin_ctz(left);
            left &= left - 1;
            if ((ranks & rank_bit[i]) || (suits & suit_bit[i])) break;
            ranks |= rank_bit[i];
            suits |= suit_bit[i];
        }
        if (left || bit_count(ranks) != size) continue; /* a clash */
        int32_t code = 0;
        for (uint32_t m = ranks; m; m &= ~(1u << top_bit(m))) code = code << 4 | top_bit(m);
        if (size > best_size || code < best_code) {
            best_size = size;
            best_code = code;
        }
    }
built:;
    /* The keys already built, by their ranks (at most four nonzero nibbles, so the
     * code alone tells the size too): tuples are immutable and at most 1,092 keys
     * exist, so equal keys share one and most hands build none. */
    static PyObject *built_keys[1 << 16];
    PyObject **cached = &built_keys[best_code];
    if (*cached != NULL) {
        Py_INCREF(*cached);
        return *cached;
    }
    /* the ints -13..-6 are not among CPython's shared small ints: keep our own */
    static PyObject *minus[14];
    PyObject *key = PyTuple_New(best_size + 1);
    if (key == NULL) return NULL;
    PyTuple_SET_ITEM(key, 0, PyLong_FromLong(best_size));
    for (int i = best_size; i >= 1; i--) {
        int r = best_code & 15;
        if (minus[r] == NULL && (minus[r] = PyLong_FromLong(-r)) == NULL) {
            Py_DECREF(key);
            return NULL;
        }
        Py_INCREF(minus[r]);
        PyTuple_SET_ITEM(key, i, minus[r]);
        best_code >>= 4;
    }
    Py_INCREF(key);
    *cached = key;
    return key;
}

static PyObject *py_badugi_key(PyObject *self, PyObject *arg) {
    int ids[MAX_CARDS];
    Py_ssize_t n = read_ids(arg, ids, 16);
    if (n <= 0) return fall_back(F_BADUGI, arg);
    return badugi_tuple(ids, n);
}

/* ------------------------------------------------------------------ evaluate
 * straights.rankings.base.evaluate for the rankings people call one hand at a
 * time, when nothing but the cards (and the ranking's name) is given: the key in
 * C and the HandValue built here, its words left for later (HandValue computes
 * them from its cards and options on first use).  base.py hands over the Python
 * evaluate, the HandValue and Card classes and a dict {ranking name: (kind,
 * default options)} that it fills as each built-in ranking is registered (and
 * empties of a name a user re-registers); anything else is the Python
 * evaluate's, answer or error. */

enum { K_HIGH, K_ACE_FIVE, K_DEUCE_SEVEN, K_ACE_SIX, K_BADUGI, K_COUNT };

static PyObject *py_evaluate_fn, *fast_rankings, *default_ranking;
/* The last ranking found in fast_rankings, its kind and options (set_evaluate, which
 * base.py calls again whenever it takes a name out of the dict, forgets them). */
static PyObject *last_ranking, *last_options;
static long last_kind;
static PyTypeObject *hand_value_type, *card_type;
static Py_ssize_t card_id_offset;
enum { S_RANKING, S_OPTIONS, S_KEY, S_SOURCE, S_EXPLAIN, S_EXPLAINED, S_COUNT };
static const char *slot_names[S_COUNT] = {"ranking", "options", "key", "source", "_explain",
                                          "_explained"};
static Py_ssize_t slot_offset[S_COUNT];

#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* The offset of the object slot `name` of `type`, or -1 with an error set. */
static Py_ssize_t slot_of(PyTypeObject *type, const char *name) {
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL) return -1;
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type) &&
        ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX)
        offset = ((PyMemberDescrObject *)descr)->d_member->offset;
    else
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
    Py_DECREF(descr);
    return offset;
}

static PyObject *py_set_evaluate(PyObject *self, PyObject *args) {
    PyObject *fn, *table;
    PyTypeObject *hv, *card;
    if (!PyArg_ParseTuple(args, "OO!O!O!", &fn, &PyType_Type, &hv, &PyType_Type, &card,
                          &PyDict_Type, &table))
        return NULL;
    Py_ssize_t offsets[S_COUNT];
    for (int i = 0; i < S_COUNT; i++)
        if ((offsets[i] = slot_of(hv, slot_names[i])) < 0) return NULL;
    Py_ssize_t id_offset = slot_of(card, "_id");
    if (id_offset < 0) return NULL;
    memcpy(slot_offset, offsets, sizeof offsets);
    card_id_offset = id_offset;
    Py_INCREF(fn);
    Py_XSETREF(py_evaluate_fn, fn);
    Py_INCREF(hv);
    Py_XSETREF(hand_value_type, hv);
    Py_INCREF(card);
    Py_XSETREF(card_type, card);
    Py_INCREF(table);
    Py_XSETREF(fast_rankings, table);
    Py_CLEAR(last_ranking);
    Py_CLEAR(last_options);
    if (default_ranking == NULL && (default_ranking = PyUnicode_InternFromString("high")) == NULL)
        return NULL;
    Py_RETURN_NONE;
}

/* The ids of a tuple or list of Card objects (all ranked, none repeated, at most
 * `most`) into `out`; -1 (no error set) for anything else. */
static Py_ssize_t card_ids(PyObject *cards, int *out, Py_ssize_t most) {
    Py_ssize_t n;
    PyObject **items;
    if (PyTuple_CheckExact(cards)) {
        n = PyTuple_GET_SIZE(cards);
        items = &PyTuple_GET_ITEM(cards, 0);
    } else if (PyList_CheckExact(cards)) {
        n = PyList_GET_SIZE(cards);
        items = ((PyListObject *)cards)->ob_item;
    } else
        return -1;
    if (n > most) return -1;
    uint64_t seen = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = items[i];
        if (!Py_IS_TYPE(card, card_type)) return -1;
        PyObject *id = SLOT(card, card_id_offset);
        if (id == NULL || !PyLong_CheckExact(id)) return -1;
        long c = small_int(id);
        if (c < 0 || c >= 52 || (seen >> c & 1)) return -1;
        seen |= (uint64_t)1 << c;
        out[i] = (int)c;
    }
    return n;
}

/* The key (v,) of the integer kinds, kept in a direct-mapped cache (tuples are
 * immutable, so equal keys may share one): most hands' key is then neither built
 * nor freed.  Each slot holds the value beside its tuple, so a hit reads one slot
 * and touches one object (comparing through the tuple's item cost two more
 * dependent memory reads, most of them cache misses on random hands). */
#define KEY_CACHE_BITS 15
#define KEY_CACHE_SIZE (1 << KEY_CACHE_BITS)
typedef struct {
    long value;
    PyObject *key; /* (value,), or NULL */
} KeySlot;
static KeySlot key_cache[KEY_CACHE_SIZE];

static PyObject *int_key(long v) {
    KeySlot *slot = &key_cache[((uint64_t)v * 0x9E3779B97F4A7C15ull) >> (64 - KEY_CACHE_BITS)];
    if (slot->key != NULL && slot->value == v) {
        Py_INCREF(slot->key);
        return slot->key;
    }
    PyObject *item = PyLong_FromLong(v);
    if (item == NULL) return NULL;
    PyObject *key = PyTuple_New(1);
    if (key == NULL) {
        Py_DECREF(item);
        return NULL;
    }
    PyTuple_SET_ITEM(key, 0, item);
    Py_INCREF(key);
    Py_XSETREF(slot->key, key);
    slot->value = v;
    return key;
}

/* The key (v,) of five cards of a high hand.  Five-card hands spread over all 7,462
 * classes, whose keys then fall out of a shared machine's caches through the key
 * cache; five cards not all of a suit have the value of their ranks alone, so the
 * lows' rank table serves here too (method 3): the class of the ranks gives the key,
 * kept once a class. */
#define HIGH_METHOD 3
static PyObject *high_five_key(const int *ids) {
    uint64_t ranks = 0;
    int suits = 0;
    for (int i = 0; i < 5; i++) {
        ranks += (uint64_t)1 << (3 * (ids[i] >> 2));
        suits |= 1 << (ids[i] & 3);
    }
    uint16_t *table;
    if ((suits & (suits - 1)) == 0 || (table = low_table(HIGH_METHOD, 5)) == NULL)
        return int_key(high_value(ids, 5)); /* a flush, or no memory for the table */
    int32_t index = 0;
    for (int i = 0; ranks; i++) { /* the ranks from the lowest, repeats too */
        int r = __builtin_ctzll(ranks) / 3;
        index += colex[i][r];
        ranks -= (uint64_t)1 << (3 * r);
    }
    int c = table[index];
    if (c == 0) {
        if ((c = low_class(HIGH_METHOD, high_value(ids, 5))) == 0)
            return int_key(high_value(ids, 5)); /* no room (never: 6,175 classes) */
        table[index] = (uint16_t)c;
    }
    PyObject **known = &class_key[HIGH_METHOD][c];
    if (*known == NULL && (*known = int_key(class_badness[HIGH_METHOD][c])) == NULL) return NULL;
    Py_INCREF(*known);
    return *known;
}

static PyObject *py_evaluate(PyObject *self, PyObject *const *args, size_t nargsf,
                             PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (py_evaluate_fn == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "no Python evaluate registered");
        return NULL;
    }
    PyObject *ranking = default_ranking;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nargs == 2 && nkw == 0)
        ranking = args[1];
    else if (nargs == 1 && nkw == 1 &&
             PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "ranking") == 0)
        ranking = args[1];
    else if (nargs != 1 || nkw != 0)
        goto python;
    long kind;
    PyObject *options; /* borrowed */
    if (ranking == last_ranking) { /* the same str object as last time: its entry */
        kind = last_kind;
        options = last_options;
    } else {
        if (!PyUnicode_CheckExact(ranking)) goto python;
        PyObject *entry = PyDict_GetItemWithError(fast_rankings, ranking); /* borrowed */
        if (entry == NULL || !PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 2)
            goto python;
        kind = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        if (kind < 0 || kind >= K_COUNT) goto python;
        options = PyTuple_GET_ITEM(entry, 1);
        Py_INCREF(ranking);
        Py_XSETREF(last_ranking, ranking);
        Py_INCREF(options);
        Py_XSETREF(last_options, options);
        last_kind = kind;
    }
    int ids[MAX_CARDS];
    Py_ssize_t n = card_ids(args[0], ids, kind == K_HIGH ? 9 : kind == K_BADUGI ? 7 : 10);
    if (n < 0) goto python;
    PyObject *key;
    switch (kind) {
    case K_HIGH:
        if (n < 1) goto python;
        key = n == 5 ? high_five_key(ids) : int_key(high_value(ids, n));
        break;
    case K_ACE_FIVE:
    case K_DEUCE_SEVEN:
    case K_ACE_SIX:
        if (n < 5) goto python;
        {
            int method = (int)(kind - K_ACE_FIVE), klass;
            int32_t badness = memo_badness(method, ids, n, kind != K_DEUCE_SEVEN,
                                           kind != K_ACE_FIVE, &klass);
            PyObject **known = klass ? &class_key[method][klass] : NULL;
            if (known != NULL && *known != NULL) { /* the class's key, built before */
                Py_INCREF(*known);
                key = *known;
                break;
            }
            key = int_key((1L << 24) - badness);
            if (known != NULL && key != NULL) {
                Py_INCREF(key);
                *known = key;
            }
        }
        break;
    case K_BADUGI:
        if (n < 1) goto python;
        key = badugi_tuple(ids, n);
        break;
    default:
        goto python;
    }
    if (key == NULL) return NULL;
    PyObject *source;
    if (PyTuple_CheckExact(args[0])) {
        source = args[0];
        Py_INCREF(source);
    } else if ((source = PyList_AsTuple(args[0])) == NULL) {
        Py_DECREF(key);
        return NULL;
    }
    PyObject *value = hand_value_type->tp_alloc(hand_value_type, 0);
    if (value == NULL) {
        Py_DECREF(key);
        Py_DECREF(source);
        return NULL;
    }
    Py_INCREF(ranking);
    SLOT(value, slot_offset[S_RANKING]) = ranking;
    Py_INCREF(options);
    SLOT(value, slot_offset[S_OPTIONS]) = options;
    SLOT(value, slot_offset[S_KEY]) = key;
    SLOT(value, slot_offset[S_SOURCE]) = source;
    Py_INCREF(Py_None);
    SLOT(value, slot_offset[S_EXPLAIN]) = Py_None;
    Py_INCREF(Py_None);
    SLOT(value, slot_offset[S_EXPLAINED]) = Py_None;
    return value;
python:
    if (PyErr_Occurred()) PyErr_Clear();
    return PyObject_Vectorcall(py_evaluate_fn, args, nargsf, kwnames);
}

/* ---------------------------------------------------------------- three-card
 * straights.rankings.three_card: the key of the best three of 3..10 cards under
 * one of its methods, numbered as its METHODS tuple: ace-to-three, deuce-to-five,
 * ace-to-four (lows), three-card high without and with straights and flushes.
 * Value: category << 12, then three 4-bit ranks (the pair first); a low's key is
 * 1 << 16 minus the value (0 when it fails the qualifier). */

#define THREE_METHODS 5
static const struct {
    int low, ace_low, straights, wheel;
} three_methods[THREE_METHODS] = {
    {1, 1, 0, 0}, {1, 0, 1, 0}, {1, 1, 1, 0}, {0, 0, 0, 0}, {0, 0, 1, 1}};
enum { T_HIGH_CARD, T_PAIR, T_FLUSH, T_STRAIGHT, T_TRIPS, T_SFLUSH };

static int32_t three_value(int x, int y, int z, int method) {
    int a = (x >> 2) + 2, b = (y >> 2) + 2, c = (z >> 2) + 2, t;
    if (three_methods[method].ace_low) {
        if (a == 14) a = 1;
        if (b == 14) b = 1;
        if (c == 14) c = 1;
    }
    /* a >= b >= c */
    if (a < b) t = a, a = b, b = t;
    if (b < c) t = b, b = c, c = t;
    if (a < b) t = a, a = b, b = t;
    int cat = T_HIGH_CARD;
    if (a == c) {
        cat = T_TRIPS;
    } else if (a == b || b == c) {
        cat = T_PAIR;
        if (b == c) t = a, a = b, b = c, c = t; /* the pair first */
    } else if (three_methods[method].straights) {
        int straight = a - c == 2;
        if (three_methods[method].wheel && a == 14 && b == 3 && c == 2)
            straight = 1, a = 3, b = 2, c = 14;
        int flush = (x & 3) == (y & 3) && (y & 3) == (z & 3);
        if (straight)
            cat = flush ? T_SFLUSH : T_STRAIGHT;
        else if (flush)
            cat = T_FLUSH;
    }
    return cat << 12 | a << 8 | b << 4 | c;
}

/* fastcall: (ids, method, qualifier=None); anything else goes to the Python twin. */
static PyObject *py_three_card_best(PyObject *self, PyObject *const *args, size_t nargsf,
                                    PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    int ids[MAX_CARDS];
    Py_ssize_t n = -1;
    long method = -1, q = -1;
    if ((kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0) && (nargs == 2 || nargs == 3)) {
        n = read_ids(args[0], ids, 10);
        if (PyLong_CheckExact(args[1])) method = small_int(args[1]);
        if (nargs == 3 && args[2] != Py_None)
            q = PyLong_CheckExact(args[2]) ? small_int(args[2]) : -2;
    }
    if (n < 3 || method < 0 || method >= THREE_METHODS || q < -1 || q > 14) goto python;
    int32_t best = 0;
    int low = three_methods[method].low;
    for (Py_ssize_t i = 0; i < n; i++)
        for (Py_ssize_t j = i + 1; j < n; j++)
            for (Py_ssize_t k = j + 1; k < n; k++) {
                int32_t v = three_value(ids[i], ids[j], ids[k], (int)method);
                if (low) v = q >= 0 && v >= (q + 1) << 8 ? 0 : (1 << 16) - v;
                if (v > best) best = v;
            }
    return PyLong_FromLong(best);
python:
    PyErr_Clear();
    if (fallbacks[F_THREE] == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "no Python three_card_best registered");
        return NULL;
    }
    return PyObject_Vectorcall(fallbacks[F_THREE], args, nargsf, kwnames);
}

/* ---------------------------------------------------------------- short deck
 * straights.rankings.high_family's "short" (36 cards, six to ace): a flush above a
 * full house, A-6-7-8-9 the lowest straight (strength 0 … 5 for ace high), three of
 * a kind below a straight or, with `trips_above`, above it.  The value is the best
 * of every category the cards make, each packed as the standard key (position of
 * the category << 20, then the tie-break ranks). */

/* Strength of the best short-deck straight in a 13-bit rank mask, or -1. */
static inline int short_straight(uint32_t m) {
    uint32_t mm = m | (m >> 12 & 1) << 3; /* the ace also plays as a five */
    uint32_t s = mm & mm >> 1 & mm >> 2 & mm >> 3 & mm >> 4;
    return s >> 3 ? top_bit(s >> 3) : -1;
}

static int32_t short_value(const int *ids, Py_ssize_t n, int trips_above) {
    /* positions in the order: high 0, pair 1, two pair 2, trips and straight 3 and
     * 4 (swapped with trips_above), full house 5, flush 6, quads 7, straight flush 8 */
    const int32_t p_trips = trips_above ? 4 : 3, p_straight = trips_above ? 3 : 4;
    uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    uint32_t suit_mask[4] = {0, 0, 0, 0};
    int suit_count[4] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        int r = ids[i] >> 2, s = ids[i] & 3;
        uint32_t b = 1u << r;
        m4 |= m3 & b;
        m3 |= m2 & b;
        m2 |= m1 & b;
        m1 |= b;
        suit_mask[s] |= b;
        suit_count[s]++;
    }
    int32_t best = top_ranks(m1, 5, 16), v;
    if (m2) {
        int p = top_bit(m2);
        uint32_t rest = m2 & ~(1u << p);
        v = 1 << 20 | (p + 2) << 16 | top_ranks(m1 & ~(1u << p), 3, 12);
        best = v > best ? v : best;
        if (rest) {
            int q = top_bit(rest);
            v = 2 << 20 | (p + 2) << 16 | (q + 2) << 12 | top_ranks(m1 & ~(1u << p | 1u << q), 1, 8);
            best = v > best ? v : best;
        }
    }
    if (m3) {
        int t = top_bit(m3);
        v = p_trips << 20 | (t + 2) << 16 | top_ranks(m1 & ~(1u << t), 2, 12);
        best = v > best ? v : best;
        uint32_t pair = m2 & ~(1u << t);
        if (pair) {
            v = 5 << 20 | (t + 2) << 16 | (top_bit(pair) + 2) << 12;
            best = v > best ? v : best;
        }
    }
    if (m4) {
        int q = top_bit(m4);
        v = 7 << 20 | (q + 2) << 16 | top_ranks(m1 & ~(1u << q), 1, 12);
        best = v > best ? v : best;
    }
    if (n >= 5) {
        int st = short_straight(m1);
        if (st >= 0) {
            v = p_straight << 20 | st << 16;
            best = v > best ? v : best;
        }
        for (int s = 0; s < 4; s++) {
            if (suit_count[s] < 5) continue;
            st = short_straight(suit_mask[s]);
            v = st >= 0 ? 8 << 20 | st << 16 : 6 << 20 | top_ranks(suit_mask[s], 5, 16);
            best = v > best ? v : best;
        }
    }
    return best;
}

/* fastcall: (ids, trips_above=False), the flag by place or name; ranks below six, more than ten cards and
 * anything else the C does not take go to the Python twin. */
static PyObject *py_short_key(PyObject *self, PyObject *const *args, size_t nargsf,
                              PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    int ids[MAX_CARDS];
    Py_ssize_t n = -1;
    int above = 0;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nkw == 1 && nargs == 1 &&
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "trips_above") == 0)
        nargs = 2; /* trips_above= given by name: args[1] all the same */
    else if (nkw != 0)
        nargs = 0;
    if (nargs == 1 || nargs == 2) {
        n = read_ids(args[0], ids, 10);
        if (nargs == 2) {
            if (args[1] == Py_True) above = 1;
            else if (args[1] != Py_False) n = -1;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (ids[i] < 16) n = -1; /* a rank below six: not in the short deck */
    if (n < 1) {
        PyErr_Clear();
        if (fallbacks[F_SHORT] == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "no Python short_key registered");
            return NULL;
        }
        return PyObject_Vectorcall(fallbacks[F_SHORT], args, nargsf, kwnames);
    }
    return PyLong_FromLong(short_value(ids, n, above));
}

/* ---------------------------------------------------------------- wild cards
 * straights.rankings.high_family's "high" with wild cards (jokers, and the cards of
 * `wild_rank` when it is not 0), fully wild or a bug, on exactly five cards: the
 * candidates of straights.rankings.wild.best_wild, each packed as the standard key
 * with five of a kind at the top (position 9). */

#define JOKER_FIRST 55
#define JOKER_END (55 + 16)

static inline int32_t pack_ties(int32_t cat, const int *ties, int k) {
    int32_t v = cat;
    for (int i = 0; i < k; i++) v = v << 4 | ties[i];
    return v << 4 * (5 - k);
}

static int32_t wild_value(const int *rank, const int *suit, int nn, int w, int bug) {
    int32_t best = -1, v;
    uint32_t present = 0; /* bit r - 2 per natural rank r */
    int distinct = 1, one_suit = 1, count[15] = {0};
    for (int i = 0; i < nn; i++) {
        uint32_t b = 1u << (rank[i] - 2);
        if (present & b) distinct = 0;
        present |= b;
        if (suit[i] != suit[0]) one_suit = 0;
        count[rank[i]]++;
    }
    if (distinct) { /* straights, straight flushes and flushes: wild cards fill the gaps */
        for (int s = 9; s >= 0; s--) {
            uint32_t window = s == 0 ? 0x100Fu : 0x1Fu << (s - 1);
            if ((present & ~window) == 0) {
                if (one_suit) best = max32(best, 8 << 20 | s << 16);
                best = max32(best, 4 << 20 | s << 16);
                break;
            }
        }
        if (one_suit) {
            uint32_t m = present;
            for (int r = 12, k = w; r >= 0 && k; r--)
                if (!(m >> r & 1)) m |= 1u << r, k--;
            best = max32(best, 5 << 20 | top_ranks(m, 5, 16));
        }
    }
    if (bug) { /* the bug otherwise plays as an ace */
        if (count[14] + w == 5) return max32(best, 9 << 20 | 14 << 16);
        uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0;
        for (int i = 0; i < 5; i++) {
            uint32_t b = 1u << ((i < nn ? rank[i] : 14) - 2);
            m4 |= m3 & b;
            m3 |= m2 & b;
            m2 |= m1 & b;
            m1 |= b;
        }
        return max32(best, rank_value(m1, m2, m3, m4, 5));
    }
    int r1 = 14, c1 = 0, r2 = 0, c2 = 0, kinds = 0; /* the two highest by (count, rank) */
    for (int r = 14; r >= 2; r--) {
        if (!count[r]) continue;
        kinds++;
        if (count[r] > c1) r2 = r1, c2 = c1, r1 = r, c1 = count[r];
        else if (count[r] > c2) r2 = r, c2 = count[r];
    }
    if (kinds <= 1) return max32(best, 9 << 20 | r1 << 16); /* five of a kind */
    int ties[5], k = 0;
    ties[k++] = r1;
    for (int r = 14; r >= 2; r--)
        if (r != r1)
            for (int c = 0; c < count[r]; c++) ties[k++] = r;
    int size = c1 + w;
    if (size >= 4) {
        v = pack_ties(7, ties, k);
    } else if (size == 3) {
        if (w == 1 && c1 == 2 && c2 == 2) best = max32(best, 6 << 20 | r1 << 16 | r2 << 12);
        v = pack_ties(3, ties, k);
    } else {
        v = pack_ties(1, ties, k);
    }
    return max32(best, v);
}

/* fastcall: (ids, wild_rank=None, bug=False), by place; five cards, jokers among them. */
static PyObject *py_wild_key(PyObject *self, PyObject *const *args, size_t nargsf,
                             PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    long wild_rank = 0;
    int bug = 0, ids[5], rank[5], suit[5], nn = 0, w = 0;
    uint64_t seen[2] = {0, 0};
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) goto python;
    if (nargs < 1 || nargs > 3) goto python;
    if (nargs >= 2 && args[1] != Py_None) {
        if (!PyLong_CheckExact(args[1])) goto python;
        wild_rank = small_int(args[1]);
        if (wild_rank < 2 || wild_rank > 14) goto python;
    }
    if (nargs == 3) {
        if (args[2] == Py_True) bug = 1;
        else if (args[2] != Py_False) goto python;
    }
    PyObject *seq = args[0];
    if (!(PyList_CheckExact(seq) || PyTuple_CheckExact(seq)) || PySequence_Fast_GET_SIZE(seq) != 5)
        goto python;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < 5; i++) {
        if (!PyLong_CheckExact(items[i])) goto python;
        long c = small_int(items[i]);
        if (c < 0 || c >= JOKER_END || (c >= 52 && c < JOKER_FIRST)) goto python;
        if (seen[c >> 6] >> (c & 63) & 1) goto python;
        seen[c >> 6] |= (uint64_t)1 << (c & 63);
        ids[i] = (int)c;
        if (c >= JOKER_FIRST || (c >> 2) + 2 == wild_rank) {
            w++;
        } else {
            rank[nn] = (int)(c >> 2) + 2;
            suit[nn++] = (int)(c & 3);
        }
    }
    if (w == 0) return PyLong_FromLong(high_value(ids, 5));
    return PyLong_FromLong(wild_value(rank, suit, nn, w, bug));
python:
    PyErr_Clear();
    if (fallbacks[F_WILD] == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "no Python wild_key registered");
        return NULL;
    }
    return PyObject_Vectorcall(fallbacks[F_WILD], args, nargsf, kwnames);
}

/* -------------------------------------------------------------------- module */

static PyObject *py_fall_back_to(PyObject *self, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0 || kwargs == NULL) {
        PyErr_SetString(PyExc_TypeError, "fall_back_to takes keyword arguments only");
        return NULL;
    }
    PyObject *name, *fn;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &name, &fn)) {
        int found = 0;
        for (int i = 0; i < F_COUNT; i++)
            if (PyUnicode_CompareWithASCIIString(name, fallback_names[i]) == 0) {
                Py_INCREF(fn);
                Py_XSETREF(fallbacks[i], fn);
                found = 1;
            }
        if (!found) {
            PyErr_Format(PyExc_TypeError, "no compiled function %U", name);
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"fall_back_to", (PyCFunction)(void (*)(void))py_fall_back_to, METH_VARARGS | METH_KEYWORDS,
     "fall_back_to(**functions): the Python function each compiled one calls for input it "
     "does not take."},
    {"high_key", py_high_key, METH_O,
     "high_key(ids) -> int: straights.rankings.high.high_key, compiled."},
    {"split_high_key", (PyCFunction)(void (*)(void))py_split_high_key, METH_FASTCALL | METH_KEYWORDS,
     "split_high_key(hole, board, hole_cards=2, board_cards=3) -> int: the best Omaha high key."},
    {"ace_to_five_key", (PyCFunction)(void (*)(void))py_ace_to_five_key, METH_FASTCALL | METH_KEYWORDS,
     "ace_to_five_key(ids, qualifier=None) -> int: straights.rankings.low's, compiled."},
    {"deuce_to_seven_key", (PyCFunction)(void (*)(void))py_deuce_to_seven_key, METH_FASTCALL | METH_KEYWORDS,
     "deuce_to_seven_key(ids, qualifier=None) -> int: straights.rankings.low's, compiled."},
    {"ace_to_six_key", (PyCFunction)(void (*)(void))py_ace_to_six_key, METH_FASTCALL | METH_KEYWORDS,
     "ace_to_six_key(ids, qualifier=None) -> int: straights.rankings.low's, compiled."},
    {"set_evaluate", py_set_evaluate, METH_VARARGS,
     "set_evaluate(python_evaluate, HandValue, Card, fast): what evaluate builds and falls back to."},
    {"evaluate", (PyCFunction)(void (*)(void))py_evaluate, METH_FASTCALL | METH_KEYWORDS,
     "evaluate($module, cards, ranking='high', **options)\n--\n\n"
     "Evaluate cards under a ranking: straights.rankings.base.python_evaluate, compiled for "
     "tuples and lists of Card under high, the lows and badugi with no options."},
    {"three_card_best", (PyCFunction)(void (*)(void))py_three_card_best, METH_FASTCALL | METH_KEYWORDS,
     "three_card_best(ids, method, qualifier=None) -> int: straights.rankings.three_card's, "
     "compiled."},
    {"short_key", (PyCFunction)(void (*)(void))py_short_key, METH_FASTCALL | METH_KEYWORDS,
     "short_key(ids, trips_above=False) -> int: straights.rankings.high_family's, compiled."},
    {"wild_key", (PyCFunction)(void (*)(void))py_wild_key, METH_FASTCALL | METH_KEYWORDS,
     "wild_key(ids, wild_rank=None, bug=False) -> int: straights.rankings.high_family's, "
     "compiled for five cards."},
    {"badugi_key", py_badugi_key, METH_O,
     "badugi_key(ids) -> tuple: straights.rankings.badugi.badugi_key, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "straights._speedups",
    "Compiled twins of the one-hand key functions (see straights.rankings.speed).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__speedups(void) { return PyModule_Create(&module); }
