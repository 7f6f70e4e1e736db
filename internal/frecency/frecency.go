// Package frecency keeps, per project, a decaying record of the files an
// agent used, so that search can rank them higher.
//
// # Store
//
// One JSON file per project under the state directory:
//
//	$XDG_STATE_HOME/scout/frecency/<first 16 hex of sha256(project root)>.json
//	{"version":1,"project":"/abs/root","entries":{"server/handler.go":{"s":2.5,"t":1764446400}}}
//
// An entry's score decays with a half-life of HalfLife: s·2^(−(now−t)/H)
// at time now. A use adds its weight to the decayed score and stamps the
// time, so one number per file holds the whole history. The store keeps at
// most MaxEntries files (the lowest scores go first) and drops entries that
// decayed below MinScore.
//
// # Concurrency
//
// Many scout processes (CLI calls, a long-running server) read and write
// the store at once. Writers take an exclusive lock on a sidecar file
// (<store>.lock), re-read the store, merge their update, write a temporary
// file in the same directory, sync it and rename it over the store; so no
// update is lost and a reader, which takes no lock, always sees a whole
// file, old or new.
//
// A store that does not parse (corrupt, or written by something else) is
// reported with ErrCorrupt; readers then use an empty snapshot, and the
// next writer moves it aside (to <store>.corrupt) and starts afresh.
package frecency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/gofrs/flock"
)

const (
	// HalfLife is how long a use takes to count half as much: ten days,
	// as fff does, so last week's files still rank, last quarter's barely.
	HalfLife = 10 * 24 * time.Hour
	// MaxEntries bounds the store (a few hundred KB at most).
	MaxEntries = 5000
	// MinScore is the decayed score below which an entry is dropped.
	MinScore = 0.01
	// LockTimeout is how long a writer waits for the lock.
	LockTimeout = 10 * time.Second
	version     = 1
)

// ErrCorrupt is wrapped by errors about a store file that does not parse.
var ErrCorrupt = errors.New("frecency store is corrupt or not scout's")

// Store is one project's record.
type Store struct {
	path    string
	project string
}

// entry is one file's record: its score at time t (unix seconds).
type entry struct {
	S float64 `json:"s"`
	T int64   `json:"t"`
}

type document struct {
	Version int              `json:"version"`
	Project string           `json:"project"`
	Entries map[string]entry `json:"entries"`
}

// DefaultStateDir returns $XDG_STATE_HOME, else ~/.local/state, else "".
func DefaultStateDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return d
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "state")
	}
	return ""
}

// Open returns the store of the project rooted at project (an absolute
// path) under stateDir. Nothing is read or created until used.
func Open(stateDir, project string) *Store {
	sum := sha256.Sum256([]byte(project))
	return &Store{
		path:    filepath.Join(stateDir, "scout", "frecency", hex.EncodeToString(sum[:8])+".json"),
		project: project,
	}
}

// Path returns the store's file.
func (s *Store) Path() string { return s.path }

// Snapshot is the decayed scores of a store at one moment. The zero value
// holds no scores.
type Snapshot struct {
	scores map[string]float64
}

// Score returns the decayed score of a path relative to the project root.
func (sn Snapshot) Score(rel string) float64 { return sn.scores[rel] }

// Len returns the number of files with a score.
func (sn Snapshot) Len() int { return len(sn.scores) }

// NewSnapshot builds a snapshot from scores, for tests and for callers that
// keep their own.
func NewSnapshot(scores map[string]float64) Snapshot { return Snapshot{scores: scores} }

// Load reads the store and returns its scores decayed to now. A missing
// store is an empty snapshot; a corrupt one is an empty snapshot and an
// error wrapping ErrCorrupt.
func (s *Store) Load(now time.Time) (Snapshot, error) {
	doc, err := s.read()
	if err != nil {
		return Snapshot{}, err
	}
	scores := make(map[string]float64, len(doc.Entries))
	for p, e := range doc.Entries {
		if v := decay(e, now); v >= MinScore {
			scores[p] = v
		}
	}
	return Snapshot{scores: scores}, nil
}

func decay(e entry, now time.Time) float64 {
	age := now.Sub(time.Unix(e.T, 0))
	if age < 0 {
		age = 0
	}
	return e.S * math.Exp2(-float64(age)/float64(HalfLife))
}

// read parses the store; a missing file is an empty document.
func (s *Store) read() (*document, error) {
	data, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return &document{Version: version, Project: s.project, Entries: map[string]entry{}}, nil
	}
	if err != nil {
		return nil, err
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, s.path, err)
	}
	if doc.Version != version || doc.Project != s.project || doc.Entries == nil {
		return nil, fmt.Errorf("%w: %s: version %d for project %q", ErrCorrupt, s.path, doc.Version, doc.Project)
	}
	return &doc, nil
}

// Touch records a use of each path (relative to the project root) with the
// given weight at time now. It returns an error wrapping ErrCorrupt, after
// replacing the store, when the old one did not parse: the touch itself is
// then recorded all the same.
func (s *Store) Touch(paths []string, weight float64, now time.Time) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	lock := flock.New(s.path + ".lock")
	ctx, cancel := context.WithTimeout(context.Background(), LockTimeout)
	defer cancel()
	ok, err := lock.TryLockContext(ctx, 5*time.Millisecond)
	if err != nil || !ok {
		return fmt.Errorf("frecency: cannot lock %s: %v", s.path+".lock", err)
	}
	defer lock.Unlock()

	doc, readErr := s.read()
	if errors.Is(readErr, ErrCorrupt) {
		os.Rename(s.path, s.path+".corrupt")
		doc = &document{Version: version, Project: s.project, Entries: map[string]entry{}}
	} else if readErr != nil {
		return readErr
	}
	for _, p := range paths {
		e := doc.Entries[p]
		doc.Entries[p] = entry{S: decay(e, now) + weight, T: now.Unix()}
	}
	prune(doc, now)
	if err := s.write(doc); err != nil {
		return err
	}
	return readErr
}

// prune drops decayed entries and keeps the MaxEntries best.
func prune(doc *document, now time.Time) {
	type scored struct {
		path  string
		score float64
	}
	var all []scored
	for p, e := range doc.Entries {
		v := decay(e, now)
		if v < MinScore {
			delete(doc.Entries, p)
			continue
		}
		all = append(all, scored{p, v})
	}
	if len(all) <= MaxEntries {
		return
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].score != all[j].score {
			return all[i].score > all[j].score
		}
		return all[i].path < all[j].path
	})
	for _, x := range all[MaxEntries:] {
		delete(doc.Entries, x.path)
	}
}

// write replaces the store atomically: a temporary file in the same
// directory, synced, renamed over it.
func (s *Store) write(doc *document) error {
	data, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}

// ProjectRoot returns the root of the project holding dir (an absolute
// path): the nearest directory at or above it holding ".git", else dir.
func ProjectRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}
