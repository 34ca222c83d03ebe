/*
 * nnue_kernels.c — the network's loops over the hidden layer, portable
 * and with SSE2 and AVX2 intrinsics, and the choice among them at start
 * (see nnue_kernels.h and nnue.h).
 *
 * The SIMD versions are functions compiled for their instruction set
 * (__attribute__((target))), not the whole program: one binary carries
 * them all and runs the best the CPU has (__builtin_cpu_supports), so it
 * never stops on an illegal instruction.  configure defines
 * HAVE_NNUE_SIMD when the compiler can do this (GCC or clang on x86);
 * otherwise, or with --disable-simd, only the portable loops are built.
 */
#include <stdlib.h>
#include <string.h>
#include "board/nnue.h"
#include "board/nnue_kernels.h"

#ifdef HAVE_NNUE_SIMD
#include <immintrin.h>
#endif

/* ---- portable: the reference ---------------------------------------------------- */

/* Each loop runs over whole chunks with a fixed-size inner loop: at -O2
 * GCC vectorises that for the baseline target (a loop of unknown length
 * it leaves scalar there).  One pass per row: a single pass over all
 * rows, a chunk's sum kept in a local array, was no faster when measured
 * (GCC spills the array between the loops over rows). */

static inline void add_row(int16_t *restrict acc, const int16_t *restrict row, int n)
{
    for (int c = 0; c < n; c += NNUE_CHUNK)
        for (int i = c; i < c + NNUE_CHUNK; i++)
            acc[i] = (int16_t)(acc[i] + row[i]);
}

static inline void sub_row(int16_t *restrict acc, const int16_t *restrict row, int n)
{
    for (int c = 0; c < n; c += NNUE_CHUNK)
        for (int i = c; i < c + NNUE_CHUNK; i++)
            acc[i] = (int16_t)(acc[i] - row[i]);
}

static void update_portable(int16_t *out, const int16_t *in, const int16_t *const *add, int nadd,
                            const int16_t *const *sub, int nsub, int n)
{
    if (out != in)
        memcpy(out, in, (size_t)n * sizeof *out);
    for (int i = 0; i < nadd; i++)
        add_row(out, add[i], n);
    for (int i = 0; i < nsub; i++)
        sub_row(out, sub[i], n);
}

/* nnue_net_check made sure no sum of these products leaves int32. */
static int32_t dot_portable(const int16_t *restrict acc, const int16_t *restrict w, int n,
                            int16_t qa)
{
    int32_t part[NNUE_CHUNK] = { 0 };
    for (int c = 0; c < n; c += NNUE_CHUNK)
        for (int i = 0; i < NNUE_CHUNK; i++) {
            int16_t x = acc[c + i] < 0 ? 0 : acc[c + i] > qa ? qa : acc[c + i];
            part[i] += (int32_t)x * w[c + i];
        }
    int32_t sum = 0;
    for (int i = 0; i < NNUE_CHUNK; i++)
        sum += part[i];
    return sum;
}

/* SCReLU: the clipped value squared, shifted down 8 bits (qa <= 255:
 * an int16 of at most 254), times the weight; summed as dot_portable. */
static int32_t dot_squared_portable(const int16_t *restrict acc, const int16_t *restrict w,
                                    int n, int16_t qa)
{
    int32_t part[NNUE_CHUNK] = { 0 };
    for (int c = 0; c < n; c += NNUE_CHUNK)
        for (int i = 0; i < NNUE_CHUNK; i++) {
            int32_t x = acc[c + i] < 0 ? 0 : acc[c + i] > qa ? qa : acc[c + i];
            part[i] += ((x * x) >> 8) * w[c + i];
        }
    int32_t sum = 0;
    for (int i = 0; i < NNUE_CHUNK; i++)
        sum += part[i];
    return sum;
}

static const NnueKernels portable = {
    "portable", update_portable, dot_portable, dot_squared_portable
};

#ifdef HAVE_NNUE_SIMD

/* The intrinsics wrap int16 and int32 sums as the portable casts do.
 * madd adds two products of an activation in [0, qa <= 32767] and an
 * int16 weight: at least 2 x 32767 x -32768, at most 2 x 32767 x 32767,
 * so its int32 never overflows, and the sums after it are the portable
 * code's, in another order. */

/* ---- SSE2 ------------------------------------------------------------------------ */

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(p))
#define STORE128(p, x) _mm_storeu_si128((__m128i *)(p), (x))

__attribute__((target("sse2")))
static inline int32_t sum_lanes_sse2(__m128i s)
{
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(s);
}

/* 16 values (two registers) at a time, every row in turn: the sums stay
 * in registers and the accumulator is read and written once. */
__attribute__((target("sse2")))
static void update_sse2(int16_t *out, const int16_t *in, const int16_t *const *add, int nadd,
                        const int16_t *const *sub, int nsub, int n)
{
    for (int c = 0; c < n; c += 16) {
        __m128i x0 = LOAD128(in + c), x1 = LOAD128(in + c + 8);
        for (int i = 0; i < nadd; i++) {
            x0 = _mm_add_epi16(x0, LOAD128(add[i] + c));
            x1 = _mm_add_epi16(x1, LOAD128(add[i] + c + 8));
        }
        for (int i = 0; i < nsub; i++) {
            x0 = _mm_sub_epi16(x0, LOAD128(sub[i] + c));
            x1 = _mm_sub_epi16(x1, LOAD128(sub[i] + c + 8));
        }
        STORE128(out + c, x0);
        STORE128(out + c + 8, x1);
    }
}

__attribute__((target("sse2")))
static int32_t dot_sse2(const int16_t *acc, const int16_t *w, int n, int16_t qa)
{
    __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16(qa);
    __m128i s0 = _mm_setzero_si128(), s1 = _mm_setzero_si128();
    for (int c = 0; c < n; c += 16) {
        __m128i x0 = _mm_min_epi16(_mm_max_epi16(LOAD128(acc + c), zero), top);
        __m128i x1 = _mm_min_epi16(_mm_max_epi16(LOAD128(acc + c + 8), zero), top);
        s0 = _mm_add_epi32(s0, _mm_madd_epi16(x0, LOAD128(w + c)));
        s1 = _mm_add_epi32(s1, _mm_madd_epi16(x1, LOAD128(w + c + 8)));
    }
    return sum_lanes_sse2(_mm_add_epi32(s0, s1));
}

/* x^2 >> 8 for x in [0, 255]: the low 16 bits of the product hold x^2
 * whole (at most 65025), shifted as unsigned. */
__attribute__((target("sse2")))
static int32_t dot_squared_sse2(const int16_t *acc, const int16_t *w, int n, int16_t qa)
{
    __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16(qa);
    __m128i s0 = _mm_setzero_si128(), s1 = _mm_setzero_si128();
    for (int c = 0; c < n; c += 16) {
        __m128i x0 = _mm_min_epi16(_mm_max_epi16(LOAD128(acc + c), zero), top);
        __m128i x1 = _mm_min_epi16(_mm_max_epi16(LOAD128(acc + c + 8), zero), top);
        x0 = _mm_srli_epi16(_mm_mullo_epi16(x0, x0), 8);
        x1 = _mm_srli_epi16(_mm_mullo_epi16(x1, x1), 8);
        s0 = _mm_add_epi32(s0, _mm_madd_epi16(x0, LOAD128(w + c)));
        s1 = _mm_add_epi32(s1, _mm_madd_epi16(x1, LOAD128(w + c + 8)));
    }
    return sum_lanes_sse2(_mm_add_epi32(s0, s1));
}

static const NnueKernels sse2 = { "sse2", update_sse2, dot_sse2, dot_squared_sse2 };

/* ---- AVX2 ------------------------------------------------------------------------ */

#define LOAD256(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE256(p, x) _mm256_storeu_si256((__m256i *)(p), (x))

/* 64 values (four registers) at a time while there are, then 16. */
__attribute__((target("avx2")))
static void update_avx2(int16_t *out, const int16_t *in, const int16_t *const *add, int nadd,
                        const int16_t *const *sub, int nsub, int n)
{
    int c = 0;
    for (; c + 64 <= n; c += 64) {
        __m256i x0 = LOAD256(in + c), x1 = LOAD256(in + c + 16);
        __m256i x2 = LOAD256(in + c + 32), x3 = LOAD256(in + c + 48);
        for (int i = 0; i < nadd; i++) {
            const int16_t *r = add[i] + c;
            x0 = _mm256_add_epi16(x0, LOAD256(r));
            x1 = _mm256_add_epi16(x1, LOAD256(r + 16));
            x2 = _mm256_add_epi16(x2, LOAD256(r + 32));
            x3 = _mm256_add_epi16(x3, LOAD256(r + 48));
        }
        for (int i = 0; i < nsub; i++) {
            const int16_t *r = sub[i] + c;
            x0 = _mm256_sub_epi16(x0, LOAD256(r));
            x1 = _mm256_sub_epi16(x1, LOAD256(r + 16));
            x2 = _mm256_sub_epi16(x2, LOAD256(r + 32));
            x3 = _mm256_sub_epi16(x3, LOAD256(r + 48));
        }
        STORE256(out + c, x0);
        STORE256(out + c + 16, x1);
        STORE256(out + c + 32, x2);
        STORE256(out + c + 48, x3);
    }
    for (; c < n; c += 16) {
        __m256i x = LOAD256(in + c);
        for (int i = 0; i < nadd; i++)
            x = _mm256_add_epi16(x, LOAD256(add[i] + c));
        for (int i = 0; i < nsub; i++)
            x = _mm256_sub_epi16(x, LOAD256(sub[i] + c));
        STORE256(out + c, x);
    }
}

__attribute__((target("avx2")))
static int32_t dot_avx2(const int16_t *acc, const int16_t *w, int n, int16_t qa)
{
    __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(qa);
    __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
    int c = 0;
    for (; c + 32 <= n; c += 32) {
        __m256i x0 = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c), zero), top);
        __m256i x1 = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c + 16), zero), top);
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x0, LOAD256(w + c)));
        s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(x1, LOAD256(w + c + 16)));
    }
    if (c < n) {
        __m256i x = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c), zero), top);
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x, LOAD256(w + c)));
    }
    __m256i s = _mm256_add_epi32(s0, s1);
    return sum_lanes_sse2(_mm_add_epi32(_mm256_castsi256_si128(s),
                                        _mm256_extracti128_si256(s, 1)));
}

/* As dot_squared_sse2, 32 values at a time, then 16. */
__attribute__((target("avx2")))
static int32_t dot_squared_avx2(const int16_t *acc, const int16_t *w, int n, int16_t qa)
{
    __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(qa);
    __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
    int c = 0;
    for (; c + 32 <= n; c += 32) {
        __m256i x0 = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c), zero), top);
        __m256i x1 = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c + 16), zero), top);
        x0 = _mm256_srli_epi16(_mm256_mullo_epi16(x0, x0), 8);
        x1 = _mm256_srli_epi16(_mm256_mullo_epi16(x1, x1), 8);
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x0, LOAD256(w + c)));
        s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(x1, LOAD256(w + c + 16)));
    }
    if (c < n) {
        __m256i x = _mm256_min_epi16(_mm256_max_epi16(LOAD256(acc + c), zero), top);
        x = _mm256_srli_epi16(_mm256_mullo_epi16(x, x), 8);
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x, LOAD256(w + c)));
    }
    __m256i s = _mm256_add_epi32(s0, s1);
    return sum_lanes_sse2(_mm_add_epi32(_mm256_castsi256_si128(s),
                                        _mm256_extracti128_si256(s, 1)));
}

static const NnueKernels avx2 = { "avx2", update_avx2, dot_avx2, dot_squared_avx2 };

#endif  /* HAVE_NNUE_SIMD */

/* ---- the choice --------------------------------------------------------------------- */

/* Every version built, the slowest first. */
static const NnueKernels *const built[] = {
    &portable,
#ifdef HAVE_NNUE_SIMD
    &sse2,
    &avx2,
#endif
};
#define NBUILT ((int)(sizeof built / sizeof built[0]))

const NnueKernels *nnue_kernels = &portable;

/* Does this CPU (and its operating system, which must save the AVX
 * registers) run k? */
static bool cpu_runs(const NnueKernels *k)
{
#ifdef HAVE_NNUE_SIMD
    if (k == &sse2)
        return __builtin_cpu_supports("sse2");
    if (k == &avx2)
        return __builtin_cpu_supports("avx2");
#endif
    return k == &portable;
}

const char *nnue_impl_available(int i)
{
    for (int b = 0; b < NBUILT; b++)
        if (cpu_runs(built[b]) && i-- == 0)
            return built[b]->name;
    return NULL;
}

bool nnue_impl_use(const char *name)
{
    for (int b = 0; b < NBUILT; b++)
        if (strcmp(built[b]->name, name) == 0 && cpu_runs(built[b])) {
            nnue_kernels = built[b];
            return true;
        }
    return false;
}

const char *nnue_impl_name(void)
{
    return nnue_kernels->name;
}

#ifdef HAVE_NNUE_SIMD
/* Before main, so before any thread: the best version the CPU runs, or
 * the one MENAGERIE_NNUE names when the CPU runs that. */
__attribute__((constructor))
static void choose_at_start(void)
{
    __builtin_cpu_init();    /* constructors may run before the compiler's own */
    const char *forced = getenv("MENAGERIE_NNUE");
    if (forced && nnue_impl_use(forced))
        return;
    for (int b = NBUILT - 1; b >= 0; b--)
        if (cpu_runs(built[b])) {
            nnue_kernels = built[b];
            return;
        }
}
#endif
