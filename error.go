package groupmem

import (
	"errors"
	"fmt"
)

// Error codes. Every error that crosses a package boundary carries one of
// these; the HTTP layer maps each to exactly one status. Each adapter (llm,
// store/qdrant, store/postgres, store/redis) gives a provider's error its
// code once, where it enters: whatever a backing service refuses or fails
// is EUNAVAILABLE, never a code that blames the API's caller.
const (
	EINVALID     = "invalid"      // the input is malformed or out of range
	ENOTFOUND    = "not_found"    // the named thing does not exist (or is not visible)
	ECONFLICT    = "conflict"     // the store changed under the caller; retry from a fresh read
	ESTALE       = "stale_fence"  // the caller's fencing token was superseded; it must not write
	EBUSY        = "busy"         // another worker holds the group
	EUNAVAILABLE = "unavailable"  // a backing service cannot be reached, or refuses the service (its credentials, its configuration)
	EINTERNAL    = "internal"     // a bug or an unexpected failure
	ETOOLARGE    = "too_large"    // the input exceeds a size limit
	EUNAUTH      = "unauthorized" // no or a wrong credential
	EFORBIDDEN   = "forbidden"    // the credential does not allow this
	EREVIEW      = "needs_review" // a guard held the result for a person; nothing applied
)

// Error is the one error vocabulary of groupmem: a machine-readable Code and
// a human-readable Message that is safe to show to a caller. Err, when set,
// holds the underlying cause for logs; it is never shown to callers.
type Error struct {
	Code    string
	Message string
	Err     error
}

// Error implements the error interface.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WrapError returns an *Error with the given code and message whose cause is
// err.
func WrapError(code, message string, err error) *Error {
	return &Error{Code: code, Message: message, Err: err}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the caller-safe message of the first *Error in err's
// chain, or a generic message for any other error.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
