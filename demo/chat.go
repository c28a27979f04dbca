package demo

import (
	"bufio"
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

//go:embed data/chat.txt
var sampleChat []byte

// Chat is a group chat to replay: one group's messages, day by day.
type Chat struct {
	GroupID string
	Zone    *time.Location // the zone the chat's times are written in
	Members []Member       // in the order declared
	Days    []Day          // in date order, each with at least one message
}

// Member is one sender of a chat.
type Member struct {
	ID   string
	Name string
}

// Day is one calendar day of a chat.
type Day struct {
	Date     time.Time          // midnight, in the chat's zone
	Messages []groupmem.Message // in the order sent
}

// Sample returns the chat bundled with groupmem: six weeks of a group of
// seven members (one a dice bot), written for this demo. Each call parses
// it afresh, so the caller may change what it gets.
func Sample() *Chat {
	c, err := ParseChat(bytes.NewReader(sampleChat))
	if err != nil {
		panic("demo: the bundled chat does not parse: " + err.Error()) // a build defect, caught by the tests
	}
	return c
}

// ParseChat reads a chat transcript:
//
//	# a comment
//	group <group id>
//	zone <+hh:mm or -hh:mm>
//	member <member id> <display name>
//	day <yyyy-mm-dd>
//	<hh:mm> <member id> <text>
//
// group, zone and the members come first; each "day" line starts a day
// whose messages follow, in time order. Messages get the ids "msg-0001",
// "msg-0002", ... in file order. A malformed line, an unknown member, a day
// out of order or a time going backwards is EINVALID naming the line.
func ParseChat(r io.Reader) (*Chat, error) {
	p := &chatParser{c: &Chat{}, names: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), groupmem.MaxMessageBytes+1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		head, rest, _ := strings.Cut(text, " ")
		if err := p.parse(head, strings.TrimSpace(rest)); err != nil {
			return nil, groupmem.Errorf(groupmem.EINVALID, "chat line %d: %v", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read chat: %w", err)
	}
	c := p.c
	if c.GroupID == "" || len(c.Days) == 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "chat has no group or no day")
	}
	c.Days = dropEmpty(c.Days)
	return c, nil
}

// chatParser is the state of ParseChat: the chat so far, its members'
// names, the day being read and the messages numbered so far.
type chatParser struct {
	c     *Chat
	names map[string]string
	day   *Day
	n     int
}

// parse reads one line, head its first word.
func (p *chatParser) parse(head, rest string) error {
	c := p.c
	switch head {
	case "group":
		if err := groupmem.CheckGroupID(rest); err != nil {
			return errors.New(groupmem.ErrorMessage(err))
		}
		c.GroupID = rest
	case "zone":
		t, err := time.Parse("-07:00", rest)
		if err != nil {
			return fmt.Errorf("zone %q is not ±hh:mm", rest)
		}
		_, off := t.Zone()
		c.Zone = time.FixedZone("UTC"+rest, off)
	case "member":
		id, name, ok := strings.Cut(rest, " ")
		if !ok || id == "" || strings.TrimSpace(name) == "" {
			return errors.New("want: member <id> <name>")
		}
		if _, dup := p.names[id]; dup {
			return fmt.Errorf("member %q declared twice", id)
		}
		p.names[id] = strings.TrimSpace(name)
		c.Members = append(c.Members, Member{ID: id, Name: p.names[id]})
	case "day":
		return p.startDay(rest)
	default:
		return p.message(head, rest)
	}
	return nil
}

// startDay starts the day "yyyy-mm-dd", which must follow the last one.
func (p *chatParser) startDay(date string) error {
	c := p.c
	if c.GroupID == "" || c.Zone == nil {
		return errors.New("group and zone must come before the first day")
	}
	d, err := time.ParseInLocation(time.DateOnly, date, c.Zone)
	if err != nil {
		return fmt.Errorf("day %q is not yyyy-mm-dd", date)
	}
	if p.day != nil && !d.After(p.day.Date) {
		return fmt.Errorf("day %s does not follow %s", date, p.day.Date.Format(time.DateOnly))
	}
	c.Days = append(c.Days, Day{Date: d})
	p.day = &c.Days[len(c.Days)-1]
	return nil
}

// message reads "<hh:mm> <member id> <text>" (clock is the first word)
// into the current day.
func (p *chatParser) message(clock, rest string) error {
	day := p.day
	if day == nil {
		return errors.New("a message before the first day")
	}
	who, msg, ok := strings.Cut(rest, " ")
	t, err := time.Parse("15:04", clock)
	if !ok || err != nil || strings.TrimSpace(msg) == "" {
		return errors.New("want: <hh:mm> <member id> <text>")
	}
	name, known := p.names[who]
	if !known {
		return fmt.Errorf("unknown member %q", who)
	}
	at := day.Date.Add(time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute)
	if k := len(day.Messages); k > 0 && at.Before(day.Messages[k-1].SentAt) {
		return fmt.Errorf("time %s goes backwards", clock)
	}
	p.n++
	day.Messages = append(day.Messages, groupmem.Message{
		GroupID: p.c.GroupID, ID: fmt.Sprintf("msg-%04d", p.n), SenderID: who, SenderName: name,
		Content: strings.TrimSpace(msg), SentAt: at,
	})
	return nil
}

func dropEmpty(days []Day) []Day {
	out := days[:0]
	for _, d := range days {
		if len(d.Messages) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// Messages returns every message of the chat in order.
func (c *Chat) Messages() []groupmem.Message {
	var out []groupmem.Message
	for _, d := range c.Days {
		out = append(out, d.Messages...)
	}
	return out
}

// Shifted returns a copy of the chat moved by weeks whole weeks (so every
// message keeps its weekday).
func (c *Chat) Shifted(weeks int) *Chat {
	out := *c
	out.Days = make([]Day, len(c.Days))
	for i, d := range c.Days {
		nd := Day{Date: d.Date.AddDate(0, 0, 7*weeks), Messages: make([]groupmem.Message, len(d.Messages))}
		for j, m := range d.Messages {
			m.SentAt = m.SentAt.AddDate(0, 0, 7*weeks)
			nd.Messages[j] = m
		}
		out.Days[i] = nd
	}
	return &out
}

// nightAfter returns the time of the run after day d: 03:00 the next day,
// in the chat's zone.
func nightAfter(d time.Time) time.Time {
	return d.AddDate(0, 0, 1).Add(3 * time.Hour)
}
