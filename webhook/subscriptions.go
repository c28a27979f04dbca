package webhook

import (
	"context"
	"net"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// RotationOverlap is how long a secret keeps signing beside the one that
// replaced it.
const RotationOverlap = 24 * time.Hour

// maxGroups bounds the groups one webhook names.
const maxGroups = 1000

// Subscriptions are the rules of webhook subscriptions, over the ledger's
// store of them: every interface (API, console) creates, rotates and
// resumes them here.
type Subscriptions struct {
	Store    groupmem.Webhooks
	Guard    Guard
	Resolver *net.Resolver    // default net.DefaultResolver
	Now      func() time.Time // default time.Now
}

// NewWebhook is what a caller asks for.
type NewWebhook struct {
	URL    string
	Events []groupmem.EventType
	Groups []string // nil: every group
	Actor  string
}

// Create checks in and stores a webhook with a new secret, which the
// returned Webhook carries (it is shown once). EINVALID, with nothing
// stored, for a bad URL (see Guard.CheckURL), no event type or an
// unknown one, or a bad group id.
func (s *Subscriptions) Create(ctx context.Context, in NewWebhook) (groupmem.Webhook, error) {
	u, err := s.Guard.CheckURL(ctx, s.Resolver, in.URL)
	if err != nil {
		return groupmem.Webhook{}, err
	}
	events, err := checkEvents(in.Events)
	if err != nil {
		return groupmem.Webhook{}, err
	}
	groups, err := checkGroups(in.Groups)
	if err != nil {
		return groupmem.Webhook{}, err
	}
	w := groupmem.Webhook{ID: groupmem.NewID(), URL: u.String(), Events: events, Groups: groups, Secret: NewSecret(),
		Actor: groupmem.CleanActor(in.Actor), CreatedAt: s.now().UTC().Truncate(time.Microsecond)}
	if err := s.Store.CreateWebhook(ctx, w); err != nil {
		return groupmem.Webhook{}, err
	}
	return w, nil
}

// Rotate gives webhook id a new secret, returned once; the secret before
// keeps signing beside it for RotationOverlap. A second rotation within
// that overlap is ECONFLICT, naming when it may be made, and changes
// nothing: it would drop a secret receivers may still verify with.
func (s *Subscriptions) Rotate(ctx context.Context, id string) (groupmem.Webhook, error) {
	return s.Store.RotateWebhook(ctx, id, NewSecret(), s.now().Add(RotationOverlap).UTC().Truncate(time.Microsecond))
}

func (s *Subscriptions) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// checkEvents returns the event types sorted in EventTypes' order, each
// once; EINVALID for none or an unknown one.
func checkEvents(in []groupmem.EventType) ([]groupmem.EventType, error) {
	if len(in) == 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "events must name at least one event type")
	}
	var out []groupmem.EventType
	for _, t := range in {
		if err := groupmem.CheckEventType(t); err != nil {
			return nil, err
		}
	}
	for _, t := range groupmem.EventTypes {
		if slices.Contains(in, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

// checkGroups returns the group ids, each once; EINVALID for an empty
// list, too many or a bad id. nil stays nil (every group).
func checkGroups(in []string) ([]string, error) {
	if in == nil {
		return nil, nil
	}
	if len(in) == 0 || len(in) > maxGroups {
		return nil, groupmem.Errorf(groupmem.EINVALID, "groups must name 1 to %d groups, or be left out for every group", maxGroups)
	}
	out := make([]string, 0, len(in))
	for _, g := range in {
		if err := groupmem.CheckGroupID(g); err != nil {
			return nil, err
		}
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out, nil
}
