package api

import "net/http"

// key answers GET /auth/key: the name, scope and groups of the key that
// made the request, so that a client (the console) can show only what the
// key may do. It never returns the secret or its hash; groups is null when
// the key may see every group. An unknown key gets 401 like everywhere.
func (h *Handler) key(w http.ResponseWriter, _ *http.Request, c *call) error {
	writeJSON(w, http.StatusOK, struct {
		Success bool     `json:"success"`
		Name    string   `json:"name"`
		Scope   Scope    `json:"scope"`
		Groups  []string `json:"groups"`
	}{true, c.key.Name, c.key.Scope, c.key.Groups})
	return nil
}
