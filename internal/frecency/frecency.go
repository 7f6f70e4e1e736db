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
// the store at once, and none may lose a touch. A writer does not rewrite
// the store: it appends its touches to a journal next to it
// (<store>.journal), one JSON line per touch, under a shared lock on a
// sidecar file (<store>.lock). Shared locks do not wait for each other, so
// writers never queue behind one another; an append of a few hundred bytes
// costs microseconds.
//
//	{"id":"9f2c…"}                                  the journal's header
//	{"t":1764446400,"w":1,"p":["server/handler.go"]}  a touch: time, weight, paths
//
// When the journal grows past compactAt bytes, the writer that noticed
// takes the lock exclusively, if it can at once, and compacts: it folds the
// journal into the store (written to a temporary file, synced, renamed over
// the store) and replaces the journal with an empty one under a new id.
// The store lists the last journals it absorbed and how much of each
// ("absorbed"), so a compaction cut short between its two renames counts
// nothing twice.
//
// A reader takes no lock. It reads the journal first, then the store, and
// replays the journal's touches the store has not absorbed. Whatever
// compactions run between its two reads, the store it reads holds every
// touch of the journal it read up to what it says it absorbed, and the
// reader counts the rest: nothing is missed or counted twice, unless more
// than maxAbsorbed compactions run between two reads of a few microseconds.
//
// Touches add up in any order: a touch of weight w at time t adds
// w·2^(−(T−t)/H) to an entry stamped T ≥ t (see add), so replaying a
// journal gives the same scores whatever order its lines were appended in.
//
// Waiting for the lock is bounded by LockTimeout: a writer whose lock never
// comes reports an error.
//
// A store that does not parse (corrupt, or written by something else) is
// reported with ErrCorrupt; readers then use an empty snapshot, and the
// next compaction moves it aside (to <store>.corrupt) and starts afresh.
package frecency

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/gofrs/flock"

	"github.com/scoutcode/scout/internal/safe"
)

const (
	// HalfLife is how long a use takes to count half as much: ten days,
	// as fff does, so last week's files still rank, last quarter's barely.
	HalfLife = 10 * 24 * time.Hour
	// MaxEntries bounds the store (a few hundred KB at most).
	MaxEntries = 5000
	// MinScore is the decayed score below which an entry is dropped.
	MinScore = 0.01
	// LockTimeout is how long a writer waits for the lock (only a
	// compaction holds it exclusively, for milliseconds).
	LockTimeout = 30 * time.Second
	// maxRecordPaths bounds the paths of one journal line, so that a
	// touch of thousands of files is several short appends.
	maxRecordPaths = 256
	version        = 1
)

// compactAt is the journal size past which a writer folds it into the
// store (a variable for tests).
var compactAt int64 = 64 << 10

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
	// Absorbed lists the last journals folded in, the newest last.
	Absorbed []absorbed `json:"absorbed,omitempty"`
}

// absorbed is how many bytes of a journal a store holds.
type absorbed struct {
	ID   string `json:"id"`
	Size int64  `json:"size"`
}

// maxAbsorbed is how many journals a store remembers having absorbed.
const maxAbsorbed = 16

// record is a journal line: a touch of paths with weight w at time t, or
// (Paths empty) the header with the journal's id.
type record struct {
	ID    string   `json:"id,omitempty"`
	T     int64    `json:"t,omitempty"`
	W     float64  `json:"w,omitempty"`
	Paths []string `json:"p,omitempty"`
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

func (s *Store) journal() string { return s.path + ".journal" }

// Snapshot is the decayed scores of a store at one moment. The zero value
// holds no scores.
type Snapshot struct {
	scores map[string]float64
}

// Score returns the decayed score of a path relative to the project root.
func (sn Snapshot) Score(rel string) float64 { return sn.scores[rel] }

// Len returns the number of files with a score.
func (sn Snapshot) Len() int { return len(sn.scores) }

// Load reads the store and its journal and returns their scores decayed to
// now. A missing store is an empty snapshot; a corrupt one is an empty
// snapshot and an error wrapping ErrCorrupt.
func (s *Store) Load(now time.Time) (Snapshot, error) {
	if _, err := os.Stat(filepath.Dir(s.path)); errors.Is(err, fs.ErrNotExist) {
		return Snapshot{}, nil // nothing was ever recorded: no lock file to make
	}
	doc, err := s.load()
	if errors.Is(err, ErrCorrupt) {
		// Set it aside now, if no one holds the lock, so that the next
		// search has its frecency back.
		if unlock, lerr := lock(s.path+".lock", true, 0); lerr == nil {
			s.compact(now)
			unlock()
		}
	}
	if err != nil {
		return Snapshot{}, err
	}
	prune(doc, now)
	scores := make(map[string]float64, len(doc.Entries))
	for p, e := range doc.Entries {
		scores[p] = decay(e, now)
	}
	return Snapshot{scores: scores}, nil
}

// load reads the journal, then the store, and replays the journal's
// touches the store has not absorbed (see the package comment for why in
// that order).
func (s *Store) load() (*document, error) {
	data, err := os.ReadFile(s.journal())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	doc, err := s.read()
	if err != nil {
		return nil, err
	}
	replay(doc, data)
	return doc, nil
}

func decay(e entry, now time.Time) float64 {
	age := now.Sub(time.Unix(e.T, 0))
	if age < 0 {
		age = 0
	}
	return e.S * math.Exp2(-float64(age)/float64(HalfLife))
}

// add returns e with a use of weight w at time t (unix seconds) added. The
// entry keeps the later of the two times, the earlier part decayed to it,
// so uses add up the same in any order.
func add(e entry, w float64, t int64) entry {
	switch {
	case e.S == 0:
		return entry{S: w, T: t}
	case t >= e.T:
		return entry{S: e.S*math.Exp2(-float64(t-e.T)/float64(HalfLife.Seconds())) + w, T: t}
	}
	return entry{S: e.S + w*math.Exp2(-float64(e.T-t)/float64(HalfLife.Seconds())), T: e.T}
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

// replay adds to doc the touches of a journal's content that doc has not
// absorbed, and returns the journal's id. A line that does not parse (the
// end of an append cut short by a crash) is skipped.
func replay(doc *document, data []byte) (id string) {
	skip := int64(0)
	for off := int64(0); off < int64(len(data)); {
		line := data[off:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		at := off
		off += int64(len(line)) + 1
		var r record
		if json.Unmarshal(line, &r) != nil {
			continue
		}
		if at == 0 && r.ID != "" {
			id = r.ID
			for _, a := range doc.Absorbed {
				if a.ID == id {
					skip = a.Size
				}
			}
			continue
		}
		if at < skip {
			continue
		}
		for _, p := range r.Paths {
			doc.Entries[p] = add(doc.Entries[p], r.W, r.T)
		}
	}
	return id
}

// Touch records a use of each path (relative to the project root) with the
// given weight at time now. It returns an error wrapping ErrCorrupt, after
// setting the old store aside, when a compaction found that it did not
// parse: the touch itself is recorded all the same.
func (s *Store) Touch(paths []string, weight float64, now time.Time) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	var lines []byte
	for i := 0; i < len(paths); i += maxRecordPaths {
		b, err := json.Marshal(record{T: now.Unix(), W: weight, Paths: paths[i:min(i+maxRecordPaths, len(paths))]})
		if err != nil {
			return err
		}
		lines = append(append(lines, b...), '\n')
	}
	size, err := s.appendJournal(lines)
	if err != nil {
		return err
	}
	if size < compactAt {
		return nil
	}
	// Compact if no one else is: at once when the journal is a little
	// over, waiting for the lock when it is far over (readers and writers
	// kept it shared all the while).
	wait := time.Duration(0)
	if size > 8*compactAt {
		wait = LockTimeout
	}
	unlock, err := lock(s.path+".lock", true, wait)
	if err != nil {
		return nil // another process holds it; it will compact, or the next one will
	}
	defer unlock()
	return s.compact(now)
}

// appendJournal appends lines to the journal under the shared lock and
// returns the journal's size after them.
func (s *Store) appendJournal(lines []byte) (int64, error) {
	unlock, err := lock(s.path+".lock", false, LockTimeout)
	if err != nil {
		return 0, err
	}
	defer unlock()
	f, err := os.OpenFile(s.journal(), os.O_WRONLY|os.O_APPEND, 0)
	if errors.Is(err, fs.ErrNotExist) {
		if err := s.newJournal(false); err != nil && !errors.Is(err, fs.ErrExist) {
			return 0, err
		}
		f, err = os.OpenFile(s.journal(), os.O_WRONLY|os.O_APPEND, 0)
	}
	if err != nil {
		return 0, err
	}
	// One write: appends of other processes land before or after it,
	// never inside it.
	if _, err := f.Write(lines); err != nil {
		f.Close()
		return 0, err
	}
	info, err := f.Stat()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

// newJournal puts an empty journal with a new id in place: over the old
// one (replace, under the exclusive lock), or only where there is none
// (fs.ErrExist otherwise), so that no append is ever made to a journal
// that is then thrown away.
func (s *Store) newJournal(replace bool) error {
	var id [12]byte
	rand.Read(id[:])
	header, _ := json.Marshal(record{ID: hex.EncodeToString(id[:])})
	tmp, err := s.writeTemp(append(header, '\n'))
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if replace {
		return os.Rename(tmp, s.journal())
	}
	return os.Link(tmp, s.journal())
}

// compact folds the journal into the store; the caller holds the lock
// exclusively.
func (s *Store) compact(now time.Time) error {
	doc, readErr := s.read()
	if errors.Is(readErr, ErrCorrupt) {
		os.Rename(s.path, s.path+".corrupt")
		doc = &document{Version: version, Project: s.project, Entries: map[string]entry{}}
	} else if readErr != nil {
		return readErr
	}
	data, err := os.ReadFile(s.journal())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if id := replay(doc, data); id != "" {
		doc.Absorbed = slices.DeleteFunc(doc.Absorbed, func(a absorbed) bool { return a.ID == id })
		doc.Absorbed = append(doc.Absorbed, absorbed{id, int64(len(data))})
		doc.Absorbed = doc.Absorbed[max(0, len(doc.Absorbed)-maxAbsorbed):]
	}
	prune(doc, now)
	out, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	tmp, err := s.writeTemp(out)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Rename(tmp, s.path); err != nil {
		return err
	}
	// Had this stopped here, the store says how much of the journal it
	// holds, and readers would skip that much.
	if err := s.newJournal(true); err != nil {
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

// writeTemp writes data to a new temporary file next to the store, synced,
// and returns its name.
func (s *Store) writeTemp(data []byte) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// lock takes the lock file at path, exclusively or shared, waiting up to
// wait for it (0: only if it is free now), and returns how to release it.
//
// The wait blocks in the kernel, which hands the lock to waiters as it is
// freed, instead of polling (a poller can miss every release under
// contention). A wait that times out leaves its blocked attempt behind;
// when that attempt gets the lock it lets go at once.
func lock(path string, exclusive bool, wait time.Duration) (unlock func(), err error) {
	l := flock.New(path)
	try, block := l.TryRLock, l.RLock
	if exclusive {
		try, block = l.TryLock, l.Lock
	}
	ok, err := try()
	if err != nil {
		return nil, fmt.Errorf("frecency: cannot lock %s: %w", path, err)
	}
	if ok {
		return func() { l.Close() }, nil
	}
	if wait <= 0 {
		return nil, errBusy
	}
	var mu sync.Mutex
	abandoned := false
	got := make(chan error, 1)
	go func() {
		var err error
		if p := safe.Catch(func() { err = block() }); p != nil { // on this goroutine, a panic would end the process
			err = fmt.Errorf("taking the lock failed (a bug in scout: %v)", p.Value)
		}
		mu.Lock()
		defer mu.Unlock()
		if abandoned {
			l.Close()
			return
		}
		got <- err
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case err := <-got:
		if err != nil {
			l.Close()
			return nil, fmt.Errorf("frecency: cannot lock %s: %w", path, err)
		}
		return func() { l.Close() }, nil
	case <-timer.C:
	}
	mu.Lock()
	defer mu.Unlock()
	select {
	case err := <-got: // it came just now
		if err == nil {
			return func() { l.Close() }, nil
		}
		l.Close()
	default:
		abandoned = true
	}
	return nil, fmt.Errorf("frecency: cannot lock %s: no turn within %s", path, wait)
}

var errBusy = errors.New("frecency: the lock is taken")

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
