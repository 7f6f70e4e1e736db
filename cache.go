package scout

// CacheOptions says where scout keeps what it works out between searches:
// concept indexes, and the parses behind callers, callees and refs. All
// of them share one directory and one cap.
type CacheOptions struct {
	// CacheDir is the directory; "": scout/concept under the user's cache
	// directory (XDG_CACHE_HOME, else ~/.cache).
	CacheDir string
	// CacheMax is how large that directory may grow before the least
	// recently used files in it go; 0: DefaultConceptCacheMax.
	CacheMax int64
	// NoCache keeps nothing: the search works everything out for itself
	// alone.
	NoCache bool
}
