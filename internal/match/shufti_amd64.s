//go:build !purego

#include "textflag.h"

// func setMask64AVX2(p *byte, tab *[4][16]byte) uint64
//
// Bit j of the result (j in [0, 64)) is set when p[j] is in set 0 and
// p[j+1] in set 1 of the nibble tables tab (lo0, hi0, lo1, hi1; see
// byteSets). Reads p[0:65].
TEXT ·setMask64AVX2(SB), NOSPLIT, $0-24
	MOVQ           p+0(FP), SI
	MOVQ           tab+8(FP), DI
	VBROADCASTI128 0(DI), Y0  // lo0
	VBROADCASTI128 16(DI), Y1 // hi0
	VBROADCASTI128 32(DI), Y2 // lo1
	VBROADCASTI128 48(DI), Y3 // hi1
	MOVL           $0x0f, AX
	MOVL           AX, X4
	VPBROADCASTB   X4, Y4     // 0x0f in every byte
	VPXOR          Y15, Y15, Y15

	// The first 32 positions.
	VMOVDQU (SI), Y5
	VMOVDQU 1(SI), Y6
	VPSRLW  $4, Y5, Y7
	VPAND   Y4, Y5, Y5
	VPAND   Y4, Y7, Y7
	VPSHUFB Y5, Y0, Y8
	VPSHUFB Y7, Y1, Y9
	VPAND   Y8, Y9, Y10       // set 0 at j
	VPSRLW  $4, Y6, Y7
	VPAND   Y4, Y6, Y6
	VPAND   Y4, Y7, Y7
	VPSHUFB Y6, Y2, Y8
	VPSHUFB Y7, Y3, Y9
	VPAND   Y8, Y9, Y11       // set 1 at j+1
	VPCMPEQB  Y15, Y10, Y10   // 0xff where not in set 0
	VPCMPEQB  Y15, Y11, Y11   // 0xff where not in set 1
	VPOR      Y10, Y11, Y10   // 0xff where either is not
	VPMOVMSKB Y10, AX
	NOTL      AX

	// The next 32.
	VMOVDQU 32(SI), Y5
	VMOVDQU 33(SI), Y6
	VPSRLW  $4, Y5, Y7
	VPAND   Y4, Y5, Y5
	VPAND   Y4, Y7, Y7
	VPSHUFB Y5, Y0, Y8
	VPSHUFB Y7, Y1, Y9
	VPAND   Y8, Y9, Y10
	VPSRLW  $4, Y6, Y7
	VPAND   Y4, Y6, Y6
	VPAND   Y4, Y7, Y7
	VPSHUFB Y6, Y2, Y8
	VPSHUFB Y7, Y3, Y9
	VPAND   Y8, Y9, Y11
	VPCMPEQB  Y15, Y10, Y10
	VPCMPEQB  Y15, Y11, Y11
	VPOR      Y10, Y11, Y10
	VPMOVMSKB Y10, BX
	NOTL      BX

	SHLQ $32, BX
	ORQ  BX, AX
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET
