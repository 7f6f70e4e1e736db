module github.com/scoutcode/scout

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.1.0
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/gofrs/flock v0.13.2 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
)
