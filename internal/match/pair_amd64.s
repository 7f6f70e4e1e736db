//go:build !purego

#include "textflag.h"

// func pairScanAVX2(p *byte, n int, a, b byte) int
//
// Looks, 32 positions at a time, for the first i in [0, n) with
// p[i]|0x20 == a and p[i+1]|0x20 == b, reading p[0 : n+32]: the caller
// makes n a multiple of 32 and guarantees the bytes. Returns i, or -1.
TEXT ·pairScanAVX2(SB), NOSPLIT, $0-32
	MOVQ         p+0(FP), SI
	MOVQ         n+8(FP), DX
	MOVBLZX      a+16(FP), AX
	MOVBLZX      b+17(FP), BX
	MOVL         AX, X1
	VPBROADCASTB X1, Y1
	MOVL         BX, X2
	VPBROADCASTB X2, Y2
	MOVL         $0x20, CX
	MOVL         CX, X3
	VPBROADCASTB X3, Y3
	XORQ         DI, DI

loop:
	CMPQ      DI, DX
	JGE       notfound
	VMOVDQU   (SI)(DI*1), Y4
	VMOVDQU   1(SI)(DI*1), Y5
	VPOR      Y3, Y4, Y4
	VPOR      Y3, Y5, Y5
	VPCMPEQB  Y1, Y4, Y4
	VPCMPEQB  Y2, Y5, Y5
	VPAND     Y4, Y5, Y4
	VPMOVMSKB Y4, AX
	TESTL     AX, AX
	JNZ       found
	ADDQ      $32, DI
	JMP       loop

found:
	BSFL       AX, AX
	ADDQ       DI, AX
	VZEROUPPER
	MOVQ       AX, ret+24(FP)
	RET

notfound:
	VZEROUPPER
	MOVQ $-1, ret+24(FP)
	RET
