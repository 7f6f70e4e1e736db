package concept

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"sync"
	"sync/atomic"
)

// An index ends with a checksum of each page of what comes before, and
// that length:
//
//	content, CRC-32C (uint32) of each pageSize bytes of it (the last page
//	  may be short), the content's length (uint64)
//
// A search reads few of an index's pages (it is mapped), so a page is
// checked when it is first read, not all when the index is read back:
// damage anywhere is found where it would be used, at the cost of one
// checksum per page read. Without them a flipped byte in a posting list
// read as an empty list, and the search answered without the files it
// held, silently.
const pageSize = 4096

// castagnoli is made on first use: at start-up it cost every command.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// summer passes what is written to w on, and sums each page of it.
type summer struct {
	w    io.Writer
	n    int64  // bytes written
	crc  uint32 // of the page being written
	sums []byte
}

func (s *summer) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	for q := p[:n]; len(q) > 0; {
		k := min(len(q), pageSize-int(s.n%pageSize))
		s.crc = crc32.Update(s.crc, castagnoli(), q[:k])
		s.n += int64(k)
		q = q[k:]
		if s.n%pageSize == 0 {
			s.sums = binary.LittleEndian.AppendUint32(s.sums, s.crc)
			s.crc = 0
		}
	}
	return n, err
}

// finish writes the sums and the length after what was written.
func (s *summer) finish() error {
	if s.n%pageSize != 0 {
		s.sums = binary.LittleEndian.AppendUint32(s.sums, s.crc)
	}
	_, err := s.w.Write(binary.LittleEndian.AppendUint64(s.sums, uint64(s.n)))
	return err
}

// pages checks the pages of an index's content as they are read.
type pages struct {
	content []byte
	sums    []byte
	checked []atomic.Uint64 // a bit per page whose sum is right
	bad     atomic.Int64    // 1 + the first page found damaged; 0: none
}

// splitSums returns an index's content and its pages' sums, or false
// when b does not end as an index does.
func splitSums(b []byte) (*pages, bool) {
	if len(b) < 8 {
		return nil, false
	}
	n := binary.LittleEndian.Uint64(b[len(b)-8:])
	np := (n + pageSize - 1) / pageSize
	if n > uint64(len(b)) || n+4*np+8 != uint64(len(b)) {
		return nil, false
	}
	return &pages{content: b[:n], sums: b[n : n+4*np], checked: make([]atomic.Uint64, (np+63)/64)}, true
}

// ok reports whether the pages holding content[from:to] are as written,
// summing those not checked before. A damaged one is remembered (Damage).
func (p *pages) ok(from, to int) bool {
	if p == nil || from >= to {
		return true
	}
	for i := from / pageSize; i <= (to-1)/pageSize; i++ {
		w, bit := &p.checked[i/64], uint64(1)<<(i%64)
		if w.Load()&bit != 0 {
			continue
		}
		end := min((i+1)*pageSize, len(p.content))
		if crc32.Checksum(p.content[i*pageSize:end], castagnoli()) != binary.LittleEndian.Uint32(p.sums[4*i:]) {
			p.bad.CompareAndSwap(0, int64(i)+1)
			return false
		}
		w.Or(bit)
	}
	return true
}

// damage returns the error for the first damaged page found, or nil.
func (p *pages) damage() error {
	if p == nil {
		return nil
	}
	if i := p.bad.Load(); i > 0 {
		return fmt.Errorf("%w: the checksum of its bytes %d to %d is wrong", ErrCorrupt, (i-1)*pageSize, min(i*pageSize, int64(len(p.content))))
	}
	return nil
}
