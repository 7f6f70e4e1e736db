//go:build !purego

#include "textflag.h"

// func dotInt8AVX2(a, b *byte, n int) int32
//
// Returns the sum of a[i]*b[i] for i in [0, n), the bytes read as int8:
// 16 at a time, sign-extended to int16, multiplied and added in pairs to
// int32 (VPMADDWD). The caller makes n a multiple of 16. A product is at
// most 128*128, a pair's sum 2^15, so the int32 sums hold 2^16 pairs.
TEXT ·dotInt8AVX2(SB), NOSPLIT, $0-28
	MOVQ  a+0(FP), SI
	MOVQ  b+8(FP), DI
	MOVQ  n+16(FP), CX
	VPXOR Y0, Y0, Y0
	XORQ  DX, DX

loop:
	CMPQ      DX, CX
	JGE       done
	VPMOVSXBW (SI)(DX*1), Y1
	VPMOVSXBW (DI)(DX*1), Y2
	VPMADDWD  Y1, Y2, Y3
	VPADDD    Y3, Y0, Y0
	ADDQ      $16, DX
	JMP       loop

done:
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4E, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xB1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX
	VZEROUPPER
	MOVL         AX, ret+24(FP)
	RET
