package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// Codes of the HTTP layer only, beside groupmem's own.
const (
	codeMethod    = "method_not_allowed"     // the path exists for other methods
	codeMediaType = "unsupported_media_type" // a body that is not application/json
)

// statusOf maps every error code to its one HTTP status.
var statusOf = map[string]int{
	groupmem.EINVALID:     http.StatusBadRequest,
	groupmem.EUNAUTH:      http.StatusUnauthorized,
	groupmem.EFORBIDDEN:   http.StatusForbidden,
	groupmem.ENOTFOUND:    http.StatusNotFound,
	codeMethod:            http.StatusMethodNotAllowed,
	groupmem.ECONFLICT:    http.StatusConflict,
	groupmem.EBUSY:        http.StatusConflict,
	groupmem.ESTALE:       http.StatusConflict,
	groupmem.EREVIEW:      http.StatusUnprocessableEntity,
	groupmem.ETOOLARGE:    http.StatusRequestEntityTooLarge,
	codeMediaType:         http.StatusUnsupportedMediaType,
	groupmem.EUNAVAILABLE: http.StatusServiceUnavailable,
	groupmem.EINTERNAL:    http.StatusInternalServerError,
}

// StatusOf returns the HTTP status the API answers an error code with, and
// false for a code it does not know (answered as internal, 500).
func StatusOf(code string) (int, bool) {
	s, ok := statusOf[code]
	return s, ok
}

// errorJSON is the body of every error answer.
type errorJSON struct {
	Success bool       `json:"success"`
	Error   errorField `json:"error"`
}

type errorField struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// RunID is the run the error is about: the caller's own run that did
	// not apply, or the run that holds a busy group.
	RunID string `json:"run_id,omitempty"`
}

func errorBody(code, message string) errorJSON {
	return errorJSON{Error: errorField{Code: code, Message: message}}
}

// writeError answers err as {"success":false,"error":{"code","message"}}
// with the status of its code. An error without a code, and EINTERNAL, is
// answered with a generic message and logged with its details; an ended
// context is EUNAVAILABLE. Only groupmem's caller-safe messages are sent.
// The error names its run in error.run_id when it concerns one; a busy
// group's answer carries Retry-After (see retryAfter).
func (h *Handler) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := groupmem.ErrorCode(err)
	msg := groupmem.ErrorMessage(err)
	if code == groupmem.EINTERNAL && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		code, msg = groupmem.EUNAVAILABLE, "the request timed out or was cancelled"
	}
	status, ok := statusOf[code]
	if !ok {
		code, status = groupmem.EINTERNAL, http.StatusInternalServerError
	}
	if status >= 500 {
		if code == groupmem.EINTERNAL {
			msg = "internal error"
			if run, ok := errors.AsType[*failedRun](err); ok {
				msg = fmt.Sprintf("run %s failed (GET /memory/run/%s has its record)", run.id, run.id)
			}
		}
		h.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "route", r.Pattern, "status", status, "err", err)
	}
	if code == groupmem.EUNAUTH {
		w.Header().Set("WWW-Authenticate", `Bearer realm="groupmem"`)
	}
	body := errorBody(code, msg)
	if busy, ok := errors.AsType[*worker.BusyError](err); ok && code == groupmem.EBUSY {
		body.Error.RunID = busy.RunID
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter(busy.RetryAfter)))
	} else if run, ok := errors.AsType[*failedRun](err); ok {
		body.Error.RunID = run.id
	}
	writeJSON(w, status, body)
}

// retryAfter is the Retry-After of a busy group in whole seconds: the
// time its holder's lock lasts unless renewed, rounded up, at least 1.
func retryAfter(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // only values of this package are encoded; they always marshal
		status = http.StatusInternalServerError
		b = []byte(`{"success":false,"error":{"code":"internal","message":"internal error"}}`)
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
