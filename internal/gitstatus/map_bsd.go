//go:build unix && !linux

package gitstatus

const mapPopulate = 0
