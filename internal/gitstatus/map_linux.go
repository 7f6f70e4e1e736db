//go:build linux

package gitstatus

import "syscall"

const mapPopulate = syscall.MAP_POPULATE
