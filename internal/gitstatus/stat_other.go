//go:build !unix

package gitstatus

import "os"

// StatOf returns nil: without the stat data, callers use git status.
func StatOf(fi os.FileInfo) *FileStat { return nil }
