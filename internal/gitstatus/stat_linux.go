//go:build linux

package gitstatus

import "syscall"

func statOf(st *syscall.Stat_t) *FileStat {
	return &FileStat{
		CtimeSec: st.Ctim.Sec, CtimeNsec: st.Ctim.Nsec, MtimeSec: st.Mtim.Sec, MtimeNsec: st.Mtim.Nsec,
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), UID: uint64(st.Uid), GID: uint64(st.Gid), Size: st.Size,
		Exec: st.Mode&0o111 != 0,
	}
}
