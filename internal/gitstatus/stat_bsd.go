//go:build unix && !linux

package gitstatus

import "syscall"

func statOf(st *syscall.Stat_t) *FileStat {
	return &FileStat{
		CtimeSec: int64(st.Ctimespec.Sec), CtimeNsec: int64(st.Ctimespec.Nsec), MtimeSec: int64(st.Mtimespec.Sec), MtimeNsec: int64(st.Mtimespec.Nsec),
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), UID: uint64(st.Uid), GID: uint64(st.Gid), Size: st.Size,
		Exec: st.Mode&0o111 != 0,
	}
}
