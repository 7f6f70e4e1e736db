//go:build unix && !linux

package mapped

const mapPopulate = 0
