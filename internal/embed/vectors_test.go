package embed

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func randomVector(r *rand.Rand, dim int) []float32 {
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// TestVectorsRoundTrip: kept vectors come back as they were written, and
// their quantized dot products are within 1% of the exact cosine.
func TestVectorsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const dim = 96
	b := NewVectors("test:m", dim, 0)
	exact := map[uint64][]float32{}
	for i := 0; i < 500; i++ {
		k := r.Uint64()
		v := randomVector(r, dim)
		if err := b.Add(k, append([]float32(nil), v...)); err != nil {
			t.Fatal(err)
		}
		Normalize(v)
		exact[k] = v
	}
	if err := b.Add(1, make([]float32, dim+1)); !errors.Is(err, ErrDimension) {
		t.Errorf("a vector of another dimension: %v, want ErrDimension", err)
	}
	vs, err := DecodeVectors(b.Vectors().Encode())
	if err != nil {
		t.Fatal(err)
	}
	if vs.ID != "test:m" || vs.Dim != dim || vs.Len() != len(exact) {
		t.Fatalf("decoded %s dim %d len %d", vs.ID, vs.Dim, vs.Len())
	}
	q := randomVector(r, dim)
	Normalize(q)
	eq := NewQuery(q)
	for k, v := range exact {
		i := vs.Find(k)
		if i < 0 {
			t.Fatalf("key %x lost", k)
		}
		var want float64
		for j := range v {
			want += float64(v[j] * q[j])
		}
		if got := float64(vs.Dot(eq, i)); math.Abs(got-want) > 0.01 {
			t.Errorf("cosine %.4f, want %.4f", got, want)
		}
	}
	if vs.Find(0) != -1 && exact[0] == nil {
		t.Error("found a key never added")
	}
	// Kept through a builder: the same.
	b2 := NewVectors("test:m", dim, 0)
	for k := range exact {
		b2.Keep(vs, vs.Find(k))
	}
	if got, want := string(b2.Vectors().Encode()), string(vs.Encode()); got != want {
		t.Error("vectors kept through a builder differ")
	}
}

func TestDecodeVectorsDamaged(t *testing.T) {
	b := NewVectors("m", 4, 0)
	b.Add(7, []float32{1, 2, 3, 4})
	b.Add(3, []float32{1, 0, 0, 0})
	good := b.Vectors().Encode()
	for name, data := range map[string][]byte{
		"empty":       nil,
		"cut":         good[:len(good)-1],
		"longer":      append(append([]byte(nil), good...), 0),
		"not ours":    []byte("scout-concept\x00..."),
		"zero dim":    append(append([]byte(nil), good[:len(vectorsMagic)+4+1]...), 0, 0, 0, 0, 2, 0, 0, 0),
		"id too long": append(append([]byte(nil), vectorsMagic...), 0xff, 0xff, 0xff, 0x7f),
	} {
		if _, err := DecodeVectors(data); !errors.Is(err, ErrVectorsCorrupt) {
			t.Errorf("%s: %v, want ErrVectorsCorrupt", name, err)
		}
	}
}

// FuzzDecodeVectors: any bytes either decode to vectors whose every
// position can be read, or are ErrVectorsCorrupt; never a panic.
func FuzzDecodeVectors(f *testing.F) {
	b := NewVectors("m", 3, 0)
	b.Add(1, []float32{1, 2, 3})
	b.Add(2, []float32{-1, 0, 1})
	f.Add(b.Vectors().Encode())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		vs, err := DecodeVectors(data)
		if err != nil {
			if !errors.Is(err, ErrVectorsCorrupt) {
				t.Fatalf("error %v is not ErrVectorsCorrupt", err)
			}
			return
		}
		q := NewQuery(make([]float32, vs.Dim))
		for i := 0; i < vs.Len(); i++ {
			vs.Dot(q, i)
		}
	})
}

// TestHashing: the same text gives the same vector in every process (no
// random seed), and a text is nearer to one that shares its words' roots
// than to one that does not.
func TestHashing(t *testing.T) {
	h := Hashing{}
	vs, err := h.Embed(context.Background(), []string{
		"func retryAfterTimeout() // retries when the deadline passes",
		"the request is retried after it timed out",
		"parse the configuration file into settings",
	})
	if err != nil {
		t.Fatal(err)
	}
	cos := func(a, b []float32) float64 {
		var s float64
		for i := range a {
			s += float64(a[i] * b[i])
		}
		return s
	}
	if near, far := cos(vs[0], vs[1]), cos(vs[0], vs[2]); near <= far+0.1 {
		t.Errorf("retry/timeout texts: cosine %.3f, to an unrelated text %.3f", near, far)
	}
	// One term and its trigrams, in buckets of their own.
	again, _ := h.Embed(context.Background(), []string{"retry"})
	if h.ID() != "hashing:256" || len(again[0]) != 256 {
		t.Fatalf("ID %s, %d values", h.ID(), len(again[0]))
	}
	nonzero := 0
	for _, x := range again[0] {
		if x != 0 {
			nonzero++
		}
	}
	if nonzero < 3 || nonzero > 6 {
		t.Errorf("\"retry\" fills %d buckets, want its term and its 4 trigrams' (3-6 after collisions)", nonzero)
	}
}

// TestDotInt8: the assembly and the Go dot products agree, at every
// length around the 16-value steps, at the extremes of int8.
func TestDotInt8(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 300; n++ {
		a, b := make([]byte, n), make([]byte, n)
		for i := range a {
			a[i], b[i] = byte(r.IntN(256)), byte(r.IntN(256))
		}
		if n%7 == 0 {
			for i := range a {
				a[i], b[i] = 0x80, 0x80 // -128 × -128
			}
		}
		if got, want := dotInt8(a, b), dotInt8Go(a, b); got != want {
			t.Fatalf("n=%d: dotInt8 %d, dotInt8Go %d", n, got, want)
		}
	}
}

func FuzzDotInt8(f *testing.F) {
	f.Add([]byte("0123456789abcdef0123456789abcdef!"))
	f.Fuzz(func(t *testing.T, a []byte) {
		b := make([]byte, len(a))
		for i := range a {
			b[i] = a[len(a)-1-i] ^ 0x5a
		}
		if got, want := dotInt8(a, b), dotInt8Go(a, b); got != want {
			t.Fatalf("len %d: dotInt8 %d, dotInt8Go %d", len(a), got, want)
		}
	})
}

func BenchmarkDot(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	const dim, n = 256, 4096
	bld := NewVectors("m", dim, n)
	for i := 0; i < n; i++ {
		bld.Add(uint64(i), randomVector(r, dim))
	}
	vs := bld.Vectors()
	q := NewQuery(randomVector(r, dim))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		vs.Dot(q, i%n)
	}
}

// TestHashingDeterministic: the same text gives the same bits every time
// (a map's order must not reach the sums).
func TestHashingDeterministic(t *testing.T) {
	text := "func (c *Client) retryAfterTimeout(req *Request, deadline time.Time) error { return c.backoff.wait(deadline) }"
	first, _ := Hashing{}.Embed(context.Background(), []string{text})
	for range 20 {
		again, _ := Hashing{}.Embed(context.Background(), []string{text})
		for i := range first[0] {
			if math.Float32bits(first[0][i]) != math.Float32bits(again[0][i]) {
				t.Fatalf("value %d: %v, then %v", i, first[0][i], again[0][i])
			}
		}
	}
}
