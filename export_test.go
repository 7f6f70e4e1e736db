package scout

import "context"

// SearchedFiles returns the path of every file a grep with opts was given
// by the walk (searched, or skipped as binary, too large or unreadable).
func SearchedFiles(ctx context.Context, opts Options) ([]string, error) {
	opts.visited = true
	res, err := Search(ctx, opts)
	if err != nil {
		return nil, err
	}
	return res.visited, nil
}
