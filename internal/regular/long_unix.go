//go:build unix

package regular

import (
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// OpenLong opens path with flags, like open(2), and also when the path is
// longer than the system allows in one call (PATH_MAX, 4096 bytes on
// Linux): then it goes down the path a few thousand bytes at a time, each
// directory opened relative to the one before (openat).
func OpenLong(path string, flags int) (int, error) {
	fd, err := openat(unix.AT_FDCWD, path, flags)
	if err != unix.ENAMETOOLONG {
		return fd, err
	}
	const most = 2048 // bytes of path per call, far under PATH_MAX
	dir, rest := unix.AT_FDCWD, path
	if strings.HasPrefix(rest, "/") {
		if dir, err = openat(unix.AT_FDCWD, "/", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC); err != nil {
			return -1, err
		}
		rest = strings.TrimLeft(rest, "/")
	}
	defer func() {
		if dir != unix.AT_FDCWD {
			unix.Close(dir)
		}
	}()
	for len(rest) > most {
		cut := strings.LastIndexByte(rest[:most], '/')
		if cut <= 0 {
			return -1, unix.ENAMETOOLONG // one name longer than a file system allows
		}
		next, err := openat(dir, rest[:cut], unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC)
		if err != nil {
			return -1, err
		}
		if dir != unix.AT_FDCWD {
			unix.Close(dir)
		}
		dir, rest = next, rest[cut+1:]
	}
	return openat(dir, rest, flags)
}

func openat(dir int, path string, flags int) (int, error) {
	for {
		fd, err := unix.Openat(dir, path, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// openFile is os.OpenFile for reading, for paths of any length (see
// OpenLong).
func openFile(path string, flags int) (*os.File, error) {
	fd, err := OpenLong(path, flags|unix.O_CLOEXEC)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
