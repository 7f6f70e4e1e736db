package scout

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/frecency"
	"github.com/scoutcode/scout/internal/walk"
)

// TouchOptions controls Touch. The zero value records one use now in the
// default state directory.
type TouchOptions struct {
	Now      time.Time // when the files were used; zero means now
	Weight   float64   // how much the use counts; zero means 1
	StateDir string    // empty means $XDG_STATE_HOME, else ~/.local/state
}

// TouchError lists the files Touch did not record because they do not
// exist; the others were recorded.
type TouchError struct {
	Missing []string
}

func (e *TouchError) Error() string {
	return "no such file: " + strings.Join(e.Missing, ", ")
}

// Touch records that the files at paths were used, for the frecency
// signal. Each file counts in the store of its project (the git
// repository holding it, else its directory). A path that names lines of a
// file, as LineInPath reads it ("handler.go:120"), records the file.
func Touch(paths []string, opts TouchOptions) error {
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Weight == 0 {
		opts.Weight = 1
	}
	dir := opts.StateDir
	if dir == "" {
		dir = frecency.DefaultStateDir(os.Getenv)
	}
	if dir == "" {
		return errors.New("no state directory: set $XDG_STATE_HOME or $HOME")
	}
	byProject := map[string][]string{}
	var order []string
	var missing []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		info, err := os.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			// "handler.go:120", as a host's hook may pass what it
			// read: the file is what was used.
			if file, _, _, ok := walk.LineInPath(abs); ok {
				abs = file
				info, err = os.Stat(abs)
			}
		}
		if err != nil {
			missing = append(missing, p)
			continue
		}
		base := abs
		if !info.IsDir() {
			base = filepath.Dir(abs)
		}
		project := frecency.ProjectRoot(base)
		rel, err := filepath.Rel(project, abs)
		if err != nil {
			return err
		}
		if _, ok := byProject[project]; !ok {
			order = append(order, project)
		}
		byProject[project] = append(byProject[project], filepath.ToSlash(rel))
	}
	for _, project := range order {
		err := frecency.Open(dir, project).Touch(byProject[project], opts.Weight, opts.Now)
		if err != nil && !errors.Is(err, frecency.ErrCorrupt) {
			return fmt.Errorf("recording use: %w", err)
		}
	}
	if len(missing) > 0 {
		return &TouchError{Missing: missing}
	}
	return nil
}
