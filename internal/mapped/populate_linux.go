//go:build linux

package mapped

import "syscall"

const mapPopulate = syscall.MAP_POPULATE
