package walk

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/scoutcode/scout/internal/regular"
	"golang.org/x/sys/unix"
)

// readDir lists dir sorted by name, reading the directory with getdents64
// itself: os.Open spends four fcntl calls and an epoll_ctl on each
// directory, a tenth of a tree walk's system calls. With keep, it also
// returns a handle on the open directory; the caller owns one reference
// per file task it hands the handle to, and must call adopt with their
// number.
func readDir(dir string, keep bool) ([]os.DirEntry, *dirHandle, error) {
	fd, err := open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC)
	if err != nil {
		return nil, nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	ents, err := readEntries(fd, dir)
	slices.SortFunc(ents, func(a, b dirent) int { return strings.Compare(a.name, b.name) })
	entries := make([]os.DirEntry, len(ents))
	for i := range ents {
		entries[i] = &ents[i]
	}
	if !keep || err != nil {
		unix.Close(fd)
		return entries, nil, err
	}
	return entries, &dirHandle{fd: fd}, nil
}

func open(path string, flags int) (int, error) {
	return regular.OpenLong(path, flags)
}

// direntBufs holds getdents64 buffers: one made per directory was most of
// a walk's allocation (32 KiB to clear for a listing of a few names).
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// readEntries reads every entry of the open directory fd (dir names it in
// errors). An entry whose type the file system does not give is asked with
// fstatat. The names of each batch the kernel returns share one string.
func readEntries(fd int, dir string) ([]dirent, error) {
	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	buf := *bp
	var out []dirent
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return out, &os.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			return out, nil
		}
		// struct linux_dirent64: ino u64, off s64, reclen u16, type u8, name.
		count, size := 0, 0
		scan(buf[:n], func(name []byte, typ uint8) { count++; size += len(name) })
		names := make([]byte, 0, size)
		scan(buf[:n], func(name []byte, typ uint8) { names = append(names, name...) })
		all := ""
		if size > 0 {
			all = unsafe.String(&names[0], size) // never written again
		}
		out = slices.Grow(out, count)
		off := 0
		scan(buf[:n], func(name []byte, typ uint8) {
			e := dirent{name: all[off : off+len(name)], typ: direntMode(typ), dir: dir}
			off += len(name)
			if typ == unix.DT_UNKNOWN {
				var st unix.Stat_t
				if err := unix.Fstatat(fd, e.name, &st, unix.AT_SYMLINK_NOFOLLOW); err == nil {
					e.typ = statMode(st.Mode)
				}
			}
			out = append(out, e)
		})
	}
}

// scan calls f with the name and type of each entry of a getdents64
// buffer, skipping "." and "..".
func scan(b []byte, f func(name []byte, typ uint8)) {
	for len(b) >= 19 {
		reclen := int(binary.NativeEndian.Uint16(b[16:18]))
		if reclen < 19 || reclen > len(b) {
			return
		}
		typ := b[18]
		name := b[19:reclen]
		if i := indexZero(name); i >= 0 {
			name = name[:i]
		}
		b = b[reclen:]
		if len(name) == 0 || (len(name) == 1 && name[0] == '.') || (len(name) == 2 && name[0] == '.' && name[1] == '.') {
			continue
		}
		f(name, typ)
	}
}

func indexZero(b []byte) int { return bytes.IndexByte(b, 0) }

func direntMode(t uint8) fs.FileMode {
	switch t {
	case unix.DT_DIR:
		return fs.ModeDir
	case unix.DT_LNK:
		return fs.ModeSymlink
	case unix.DT_REG:
		return 0
	case unix.DT_FIFO:
		return fs.ModeNamedPipe
	case unix.DT_SOCK:
		return fs.ModeSocket
	case unix.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.DT_BLK:
		return fs.ModeDevice
	}
	return fs.ModeIrregular
}

// statMode returns the type bits of a stat mode: a directory entry's type
// is the mode's type bits shifted down (IFTODT in dirent.h).
func statMode(m uint32) fs.FileMode { return direntMode(uint8((m & unix.S_IFMT) >> 12)) }

// dirent is an os.DirEntry read by readEntries.
type dirent struct {
	name string
	typ  fs.FileMode
	dir  string
}

func (d *dirent) Name() string               { return d.name }
func (d *dirent) IsDir() bool                { return d.typ.IsDir() }
func (d *dirent) Type() fs.FileMode          { return d.typ }
func (d *dirent) Info() (fs.FileInfo, error) { return os.Lstat(d.dir + "/" + d.name) }
