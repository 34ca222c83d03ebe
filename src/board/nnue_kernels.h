/*
 * nnue_kernels.h — the network's loops over the hidden layer (used by
 * nnue.c only): a portable version in plain C, which is the reference,
 * and, where the build has them (configure's --disable-simd leaves them
 * out), SSE2 and AVX2 versions with intrinsics.  The best one the CPU
 * runs is chosen once, when the program starts (nnue_impl_use and the
 * environment variable MENAGERIE_NNUE choose another: see nnue.h).
 *
 * Every version gives the same bits: int16 sums wrap as the portable
 * code's casts do, and the output sum is the same int32 sum of int32
 * products, only added up in another order.
 */
#ifndef NNUE_KERNELS_H
#define NNUE_KERNELS_H

#include <stdint.h>

typedef struct {
    const char *name;        /* "portable", "sse2", "avx2" */
    /* out = in + the rows of add - the rows of sub, n values (a multiple
       of 16); out may be in, no row may be out */
    void (*update)(int16_t *out, const int16_t *in, const int16_t *const *add, int nadd,
                   const int16_t *const *sub, int nsub, int n);
    /* the int32 sum of clamp(acc[i], 0, qa) x w[i] over n values */
    int32_t (*dot_clipped)(const int16_t *acc, const int16_t *w, int n, int16_t qa);
    /* the int32 sum of (clamp(acc[i], 0, qa)^2 >> 8) x w[i] over n values
       (SCReLU; qa <= 255) */
    int32_t (*dot_squared)(const int16_t *acc, const int16_t *w, int n, int16_t qa);
} NnueKernels;

/* The version in use. */
extern const NnueKernels *nnue_kernels;

#endif
