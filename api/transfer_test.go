package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// TestImportBodyLimit holds that an import body read past its limit
// fails with ETOOLARGE (413), and one within it reads whole.
func TestImportBodyLimit(t *testing.T) {
	for _, tc := range []struct {
		body string
		code string
	}{
		{strings.Repeat("x", 10), ""},
		{strings.Repeat("x", 11), groupmem.ETOOLARGE},
	} {
		req := httptest.NewRequest("POST", "/memory/import/g", strings.NewReader(tc.body))
		b := &importBody{r: http.MaxBytesReader(httptest.NewRecorder(), req.Body, 10), limit: 10}
		got, err := io.ReadAll(b)
		if groupmem.ErrorCode(err) != tc.code {
			t.Fatalf("read %d bytes: %q, %v; want code %q", len(tc.body), got, err, tc.code)
		}
		if tc.code != "" && !strings.Contains(groupmem.ErrorMessage(err), "larger than 10 bytes") {
			t.Fatalf("error = %v", err)
		}
	}
}
