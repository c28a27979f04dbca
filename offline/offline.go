// Package offline is the evolver that needs no language model: it finds a
// group's recurring habits by clustering its chat and turns clusters into
// memories with the same plans, validation and commit path as the
// model-driven evolver (llmfuse.Fuser). It is what runs when no model is
// configured; every run it makes is recorded with the model "offline" and
// the prompt version "offline-<Version>", and it logs one line per run.
//
// # Algorithm
//
// Each run looks at a window of the group's chat: the messages sent in the
// last WindowDays days the group was active (reading back at most four
// times as many calendar days), read through Config.History,
// together with the run's new messages. Only a cluster with a new message
// can create or change a memory.
//
//  1. Noise is dropped: bot commands ("/roll", "!help", ".r 1d20") and
//     messages from bots, stickers, images and emoji, greetings,
//     acknowledgements and laughter ("早上好", "收到", "haha", "ok", "+1"),
//     and lines with fewer than MinUnits units (a CJK character is one
//     unit, another word two) once those are taken out.
//  2. Each remaining message is embedded: its words without stop words,
//     by default with the local hashed embedder at 4096 dimensions. Words
//     of the two scripts that mean the same are then tied: a Chinese word
//     of the window and the English topic word of the window closest to it
//     in the Lexicon's space (the static embedder's bilingual table), when
//     their cosine reaches ConceptCosine (0.8) and the English word is no
//     more frequent in ordinary text than MaxConceptFreq (2e-5: "badminton",
//     "brunch", not "week"), are one concept; a message holding either
//     word gets the concept as a feature weighing twice its strongest one,
//     and as a word of its own, so that "周五打羽毛球" and "badminton on
//     Friday" share what their characters cannot. The vectors are then
//     focused on what messages share: a feature no other message of the
//     window has weighs 0.35, one more than a fifth of them have weighs
//     less.
//  3. Online centroid clustering: every active memory seeds a cluster with
//     its statement, and the messages it cites as evidence join it
//     directly; every other message, in stream order, joins the cluster
//     whose centroid is most similar if the cosine reaches AssignThreshold
//     (0.25) and starts a new cluster otherwise. Clusters whose centroids
//     reach MergeThreshold (0.3) are then merged, never two memories.
//  4. A cluster without a memory becomes one when the messages sharing its
//     core word (the word most of its messages have) show support: at
//     least MinDays distinct days (3, in Evolve.Location), MinMembers
//     members (2) and MinMessages messages (3), one of them new, the last
//     less than DeleteAfterDays active days ago, and one of them says it as
//     a habit: a recurring activity at a recurring time, said as such —
//     how often ("every Friday", "每周五", "as usual"), or both the weekday
//     and the hour ("tonight, 8pm" sent on a Wednesday, in one sentence)
//     — in clauses that do not speak of the sender alone ("I", "我") and
//     do not ask, within the topic of the line that holds the core word
//     (a line that turns to another topic, "…话说我是宜宾人，过年回去每天吃到
//     撑", says how often of that one). Recurrence alone makes no habit: a
//     reply said on three days, a mishap that fell on the same weekday
//     twice or happened again ("今天电梯又停了", Language.Mishap), small
//     talk however often it recurs. A habit a small group arranges in
//     questions and replies is said across its lines: when they name the
//     weekday it happens on (by its name, or "tomorrow" the day before)
//     in two weeks or more, and one of them, asked or not, says it
//     recurs ("same time thursday for climbing?", "周四老时间攀岩？"), the
//     line that names that weekday words it, its question told and its
//     weekday as the pattern (Language.Weekly: "Climbing on Thursdays at
//     7pm at Mission Cliffs"); a weekday two lines share with nothing
//     said of a recurrence is none. A habit's statement that names no
//     weekday gets the one its lines name week after week ("Board games
//     on Tuesdays as usual"). Its statement is
//     its representative message among those: close to the centroid, of
//     ordinary length, rather a
//     statement than a question, rather one that says how often or on
//     which day and hour; cleaned of stickers, emoji, mentions, media
//     captions, leading or trailing filler and the opening that addresses
//     the room ("通知：", "老规矩，", "Reminder:"), and told in the third
//     person: the sender's "我"/"I" becomes their name, "我们"/"we" the
//     group's members, and a day counted from the message ("明天",
//     "tonight", "下周") the date it meant. A Chinese statement that opens
//     with when or how often ("每周五晚上…") gets the group's members as
//     its subject ("群成员每周五晚上…"); one that is still a line of its
//     cluster as written gets its support ("（3位成员，5天，10月15日起）",
//     " (3 members over 5 days since Oct 15)"), so that no group memory
//     is a copied chat line. Nothing else is reworded; what cannot be
//     reworded is dropped, clause by clause (see Languages below): a
//     clause addressed to a reader ("you", "你"), a question, a greeting,
//     a name called out, a sign-off, a bare reaction ("That's great!",
//     "太好了"), a photo or pointing line ("Here's a pic", "看这张"), a
//     clause with a first-person word or verb the rewrite did not cover
//     ("Melanie appreciate"), filler, and a clause already said. A
//     statement with nothing left is not kept.
//  5. A memory whose cluster has new messages is updated, as the next
//     version of the same lineage, when a fact changed: since its version
//     was written at least MinChangeMessages (2) messages of its cluster
//     name a weekday, a clock time or a name (GitHub, Discord) its
//     statement does not, one of them announces the change ("改到",
//     "搬到", "moved to", "from now on"), more of them than name the old
//     value, and none after them repeats the old value; the best of them
//     becomes the statement. Otherwise it is updated when a newer message
//     about the same thing, agreeing with its facts, represents the
//     cluster better than its statement by ClearerMargin (0.15) and keeps
//     at least 80% of its words: a clearer wording never loses content.
//  6. What a member says about themselves that lasts — their job, home,
//     origin, family and pets, what they own, their school, what they
//     like, plan and did that names a place, a number or a first time, an
//     outing to a named place ("I work as a nurse", "我住在成都", "I've
//     booked a cabin for August", "Post-hike food at Rosie's Diner was
//     great") — becomes that member's memory the night it is said, told
//     from the sentence that says it to its end, cleaned as above, in the
//     third person with absolute dates (the member named once, "their"
//     after; a sentence that left its subject out gets the member's name:
//     "Booked flights to Lisbon" → "Ann booked flights to Lisbon"; "im"
//     and "ive" are "I'm" and "I've"; a clause whose verb after "I" the
//     conjugation table (verbs/en.txt) does not know is dropped, not told
//     as "Ann deem"), tagged
//     TagMember, "member:<sender>" and its kind; a later line about a job
//     or a home updates the member's memory of that kind, adding the new
//     line with its date to what was said. Each fact of a message is read
//     (at most three), and some are said without the words that usually
//     tell of them: a device by the photos it takes ("iPhone13拍夜景还行"),
//     a city by its weather, a child by what the member does with them or
//     what they ask, a show recommended to the group, a team one stays
//     home for, a job by a frame of work ("the joys of being a barista",
//     "护士长这活儿"), an animal of the household by its kind doing
//     something ("The staffie ate a shin pad" → "Gaz's staffie ate a shin
//     pad"), a child by what children do ("Poppy scored her first goal for
//     the under-8s", "豆豆今天会叫奶奶了", "Ethan lost a front tooth"), a
//     home by the commute from it, what goes wrong there, its new address
//     or who one has become there ("以后就是勾庄的人了", "We're Setapak
//     people now"), a trip by what it is for or where one stays, a meal
//     out by where it was ("夜宵在高银街"), a thing by what one switched to
//     ("换成尼康Zf了"). A line no pattern
//     reads is a fact of its sender's when it names a proper name of
//     their own: written with a capital inside its sentence, rare in
//     ordinary text (the Lexicon's frequency) and used by no other member
//     of the window ("Tenancy signed in Petaling Jaya", "今天骑了Kuala
//     Kubu Bharu"), or a model after its maker ("换成松下S5了", "a Sony
//     A7C"); in a script without capitals, a name of a place, a
//     shop or a kind (Language.NameEnds) in words the Lexicon does not
//     know, or two characters of one's own before a kind of place it
//     knows ("武林夜市", "闻堰街道"), used by no other member and said
//     among words the others use too ("钥匙拿到了，以后就是丁桥的人了"), or where a plan dated ahead
//     goes (Language.Plan: "下个月去喀纳斯"); not a time, a mishap, a
//     reply of a few words, a setting of the group's, a name said in a
//     clause that says the group's thing recurs ("Mission Cliffs at 7 as
//     usual") or one a group habit states. What a member says in words other members
//     of the window say too — every word of it, and every two of them
//     together — is small talk, not a fact or an answer of theirs, and a
//     member's memory that the others have since said in the same words
//     is deleted ("孩子最近迷上了做史莱姆" from four parents). A game's result
//     (Language.Result) is told as the team's ("Lost 3-1 to Sporting
//     Chance" → "The team lost 3-1 to Sporting Chance", "us 5" → "the team
//     5"), an outing's "we" as the group's — but in a chat of two (its
//     window's senders and the members its memories are about are two),
//     where a member's "we" is never the two of them: their household where
//     the line speaks of home, family or a trip, "<name> and others"
//     otherwise — and a notice to the group in a
//     language without VerbLead (Language.Notice: "临安山核桃已截单") as its
//     poster's words ("阿梅：…"), not their act. A member's own dated
//     sentence (Language.SelfDated: "I took my kids to the museum
//     yesterday", "Got my first tattoo last weekend", in a chat of two
//     "Last week we had our anniversary") is kept when it names something
//     of their own — a name, a first time, two rare words, a kind of
//     lasting thing — and is no mood of the day (Language.Mood: "I'm
//     alright, this week's been a lot", a night's sleep, the weather) nor
//     a mishap; a notable event of their life told of a recent day
//     (Language.Notable, Language.Recent: a theft, an accident, a surgery,
//     "My bicycle got stolen yesterday", "电动车被偷了") is kept whatever
//     its other words. A fact worded nearly as a memory of the same member
//     (evolve.Similarity, which evolve would take for a near-duplicate
//     and let replace it) extends that memory with its date when it says
//     something new, and is dropped otherwise. A member's answer to a question
//     another put to them by name, within six messages and 30 minutes, is
//     kept in the member's name with kind "answer", as what it says of them
//     ("Carlos's little one's name is Ruby", "小七住龙岗") or with the
//     question beside it ("Asked about any allergies…, Ben said — only
//     buckwheat"), however short the answer ("住龙岗", which clustering
//     leaves out as noise). What the
//     group settles on and may change later (Language.Setting: where
//     carpools leave from, the team's floor, a fee) is kept once, tagged
//     TagSetting, and a later line about the same setting extends it with
//     its date. What the group does each week under another name and
//     posts in the same words ("Lunch at Tacos El Rey today?", "今晚英语角的
//     主题是「相亲角」") is a series (TagSeries): one memory that lists each
//     time with who posted it and its date, extended by each new time
//     (see TagSeries). None of these memories fades or expires for want of
//     repetition (7 and 8 leave them).
//  7. A memory no message has supported on DeleteAfterDays (21) days the
//     group was active (days without any message do not count: a group
//     back from a silence finds its memories as it left them, however long
//     the silence), or since before a window that holds WindowDays active
//     days (a window cut short by the limit of four times WindowDays
//     calendar days counts its own active days only),
//     counted from its last supporting message in the window or from when
//     its version was written if that is later, is deleted: deprecated,
//     restorable.
//  8. Every other memory is kept with its strength recomputed from its
//     cluster: 0.35 + 0.05 per day + 0.05 per member (at most 0.95),
//     halved every HalfLifeDays (14) active days of waiting for support beyond
//     the longest wait its messages have had, in active days (at most 14:
//     a weekly habit does not fade between its weeks); it is
//     written, as a strength transition with a change-log row, only when
//     it moves into another band of width StrengthStep (0.2: [0, 0.2),
//     [0.2, 0.4), ...), so that the change log and the nightly report show
//     a fading or strengthening memory once per band, not every night. A
//     new or updated version gets its strength as computed. A memory whose strength is 1 (set by hand) is
//     pinned: this evolver leaves it as it is. A strength a person set
//     (groupmem.Pass.Moderated) stands until messages support the memory
//     after it, and the wait before deletion counts from it. A memory restored by hand
//     is judged like any other: without new support it is deleted again at
//     the next run unless pinned.
//
// The decisions become actions, applied by the run (evolve.Fuse) in one pass
// that shows every memory and every message, so the near-duplicate,
// conflict and mass-deletion rules of package evolve apply exactly as they
// do to a model's answer (a run that would delete most memories waits for
// review). Each action also carries what only this evolver decides
// (groupmem.Action's Strength, Tags and Cites): the strength the cluster's
// support gives, a member fact's tags and the cluster's evidence, so that
// the plan evolve makes is the one committed, with nothing added after.
//
// # Languages
//
// What depends on a language is data: one Language value per language
// (english.go, chinese.go), and the algorithm is written once against it.
// A value holds how its chat splits into clauses; the words that make a
// clause unfit for a memory (second person, questions, greetings,
// sign-offs, reactions, photo lines, first-person words and verbs left
// uncovered) and the lead words a clause sheds; its word lists (filler,
// stop and media words, change, frequency and one-day cues); what says a
// thing recurs; its weekday and hour words (When); the patterns of what
// members say about themselves (Facts) and the forms it says them in
// plainly (Rewrites); how a question put to a member reads in their
// answer's memory (Asked, Answered); its rewrite to the third person and
// its dates (Voice, Habitual, Date); what tells of a mishap, a chore or
// a sentence taken back, and the names of times that name no thing
// (Mishap, Chores, Irony, TimeNames); how a script without capitals
// ends a name and words a dated plan (NameEnds, Plan); and how a member's name and a
// habit's support join a statement. A clause is read by the first
// language of Config.Languages that owns it — a clause that mixes an
// unspaced script with the letters of a spaced one by every language
// that owns it — and a setting or a fact pattern by every language that
// owns its line; word lists are read from every language. What the algorithm keeps of its own are rules of
// scripts, not of languages: a script written without spaces
// (unspaced) is read two characters at a time, and a space between two
// of its characters ends a sentence.
//
// To add a language, write its value in a file of its own, filling the
// fields it has words for (a nil pattern or an empty list is simply not
// read), and add it to Config.Languages (or to DefaultLanguages).
// language_test.go plugs in a toy third language that way. Two data files
// by its Name are optional: its kind words (kinds/<name>.txt: jobs,
// animals, pastimes… in general vocabulary) and its reader's weights (an
// entry of reader.json, fitted by TestTrainReader on the train split of
// the long-chat set; see reader.go). Without them the language has no
// reader. English weighs, beside a sentence's cues, what it is about: its
// place in the Lexicon's space (a job, a pet, a diagnosis lie apart from
// the day's talk whatever words say them); Chinese weighs its cues alone,
// which read it better held out. English also reads a member's dated
// events and plans by the sentences its SelfDated pattern finds ("I took
// my kids to the museum yesterday"), when they name something of their
// own (a name, a rare word, a kind).
//
// # State
//
// The fuser keeps nothing between runs; everything it knows is in the
// ledger: the messages of the window, which it reads back, embeds and
// clusters afresh at every run, and each memory's statement, evidence (the
// chat app's ids of the messages of its cluster, most recent first, at
// most MaxEvidence, then its parent's), strength and the time its version
// was written. A run gives the same result in whichever process makes it,
// and support survives restarts. The cost is that each run embeds the
// whole window, at most MaxWindowMessages messages: cheap with the local
// embedder, which is why it is the default.
package offline

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/evolve"
)

// Version is the version of the algorithm, recorded on every run as the
// prompt version "offline-<Version>".
const Version = "1"

// ModelName is what every run made by the offline evolver records as its
// model.
const ModelName = "offline"

// Defaults of Config.
const (
	DefaultWindowDays        = 28
	DefaultMaxWindowMessages = 5000
	DefaultAssignThreshold   = 0.25
	DefaultMergeThreshold    = 0.3
	DefaultMinDays           = 3
	DefaultMinMembers        = 2
	DefaultMinMessages       = 3
	DefaultDeleteAfterDays   = 21
	DefaultHalfLifeDays      = 14
	DefaultMinChangeMessages = 2
	DefaultClearerMargin     = 0.15
	DefaultMinUnits          = 4
	DefaultMaxStatementRunes = 200
	DefaultMaxEvidence       = 20
	DefaultDim               = 4096
	DefaultStrengthStep      = 0.2
	DefaultConceptCosine     = 0.8
	DefaultMaxConceptFreq    = 2e-5
)

// Fuser is the offline evolver. It is safe for concurrent use and keeps no
// state between runs.
type Fuser struct {
	cfg    Config
	embed  groupmem.Embedder
	ignore map[string]bool
}

var _ groupmem.Fuser = (*Fuser)(nil)

// New returns the offline evolver clustering messages with the vectors of
// embedder. nil means the local embedder (embed.Hashing) at DefaultDim (4096)
// dimensions, the recommended choice: these vectors are only compared
// within a run and never stored, so they need not match the search index,
// and at fewer dimensions the hashed features of unrelated lines collide
// often enough to blur clusters. The static embedder of the search index
// (embed/static) is not the default here: it scores unrelated chat lines
// 0.3 to 0.5, above the clustering thresholds, and with it the bundled
// scenarios collapse into one or two clusters (a six-week backlog gives
// one memory instead of three, four habits one instead of four); its
// table reaches the clusters through Config.Lexicon instead, which ties
// words of the two languages. EINVALID for a bad setting, named.
func New(cfg Config, embedder groupmem.Embedder) (*Fuser, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if embedder == nil {
		if embedder, err = embed.NewHashing(DefaultDim); err != nil {
			return nil, err
		}
	}
	ignore := map[string]bool{}
	for _, s := range cfg.IgnoreSenders {
		ignore[strings.ToLower(strings.TrimSpace(s))] = true
	}
	return &Fuser{cfg: cfg, embed: embedder, ignore: ignore}, nil
}

// Model implements groupmem.Fuser: "offline".
func (f *Fuser) Model() string { return ModelName }

// PromptVersion implements groupmem.Fuser: "offline-" + Version.
func (f *Fuser) PromptVersion() string { return ModelName + "-" + Version }

// Evolve returns the rules and budget of the passes this evolver needs:
// Config.Evolve, with evolve.Config.Whole set. The worker that runs it
// must make its passes by them (worker.Config.Evolve).
func (f *Fuser) Evolve() evolve.Config { return f.cfg.Evolve }

// Fuse implements groupmem.Fuser: it clusters the window of p's group,
// turns the clusters into actions, as described in the package
// documentation, and answers them as a final answer (see
// groupmem.Answer.Final). It
// needs the whole run in one pass (evolve.Config.Whole): EINVALID for a
// pass that does not show every memory and message. It makes no model
// call: the answer's costs are zero, and its report counts the actions as
// lines. A History or embedder that fails returns its error.
func (f *Fuser) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	if p.N != 1 || p.Hidden > 0 || p.Later > 0 {
		return groupmem.Answer{}, groupmem.Errorf(groupmem.EINVALID,
			"the offline evolver needs the whole run in one pass (evolve.Config.Whole), got pass %d of %d messages with %d memories hidden and %d messages later",
			p.N, len(p.Messages), p.Hidden, p.Later)
	}
	mems := make([]groupmem.Memory, len(p.Memories))
	alias := make(map[string]string, len(p.Memories))
	for i, s := range p.Memories {
		mems[i], alias[s.Memory.ID] = s.Memory, s.Alias
	}
	// In the ledger's order (the latest update first), not the pass's
	// ranking: clustering settles ties by it.
	slices.SortStableFunc(mems, func(a, b groupmem.Memory) int {
		return cmp.Or(b.UpdatedAt.Compare(a.UpdatedAt), cmp.Compare(a.ID, b.ID))
	})
	msgs, active, err := f.window(ctx, p.GroupID, p.Messages, p.Now)
	if err != nil {
		return groupmem.Answer{}, fmt.Errorf("read the window: %w", err)
	}
	items, spoken, dropped, err := f.items(ctx, msgs, p.Messages)
	if err != nil {
		return groupmem.Answer{}, err
	}
	seeds, err := f.vectors(ctx, statements(f.cfg.Languages, mems))
	if err != nil {
		return groupmem.Answer{}, err
	}
	focus(items, seeds)
	clusters := clusterItems(items, mems, seeds, clusterParams{assign: f.cfg.AssignThreshold, merge: f.cfg.MergeThreshold})
	ds := f.decide(clusters, active, p.Moderated)
	words := newWindowWords(f.cfg.Languages, items)
	words.two = chatOfTwo(words.members, mems)
	answered, used := f.answers(spoken, mems, ds, words)
	ds = append(ds, answered...)
	ds = append(ds, f.memberFacts(items, mems, ds, used, words)...)
	ds = append(ds, f.smallTalkFacts(mems, ds, words)...)
	ds = append(ds, f.settings(items, mems, seeds, ds)...)
	ds = append(ds, f.series(items, mems, words)...)
	actions := ds.actions(alias, f.cfg.StrengthStep)
	log := f.cfg.Logger.With("group_id", p.GroupID)
	if p.Log != nil {
		log = p.Log // carries run_id and group_id
	}
	log.InfoContext(ctx, "offline evolution", "new_messages", len(p.Messages),
		"window_messages", len(msgs), "noise", dropped, "clusters", len(clusters), "actions", len(actions))
	// The answer is final: one whose every action validation drops
	// changes nothing, and is not asked for again.
	n := len(actions)
	return groupmem.Answer{Actions: actions, Report: groupmem.Report{Answers: 1, Lines: n, Entries: n, Parsed: n}, Final: true}, nil
}
