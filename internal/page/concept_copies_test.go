package page

import (
	"strings"
	"testing"
)

// A lead's copies are named up to maxCopiesShown, by their first lines,
// the rest counted; its near copies on a line of their own, with their
// lines; and the leads' line counts them all.
func TestLeadCopiesText(t *testing.T) {
	l := Lead{Path: "a/x.js", Start: 10, End: 20, Name: "pop", Kind: "method", Score: 5, Terms: []string{"evict"}}
	for i := range maxCopiesShown + 2 {
		l.Copies = append(l.Copies, LeadCopy{Path: "b" + string(rune('0'+i)) + "/x.js", Start: 10 + i, End: 20 + i})
	}
	l.Copies = append(l.Copies, LeadCopy{Path: "man/x.7", Start: 1, End: 40, Near: true})
	text := string(appendLead(nil, l, false))
	for _, want := range []string{
		"    = also b0/x.js:10, b1/x.js:11, b2/x.js:12, b3/x.js:13, b4/x.js:14 and 2 more\n",
		"    = in another format: man/x.7:1-40\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the lead does not say %q:\n%s", want, text)
		}
	}
	p := PlanConcept(ConceptInput{Description: "evict", Leads: []Lead{l}, Budget: 4000, Cursor: func(int, Key) string { return "" }})
	if !strings.Contains(p.Text, "leads: 1 (8 more are copies, each listed under the lead it repeats)") {
		t.Errorf("the leads' line does not count the copies:\n%s", p.Text)
	}
}
