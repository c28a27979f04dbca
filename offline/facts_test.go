package offline

import (
	"testing"
)

// What counts as a member's fact about themselves, and the ordinary chat
// lines that look like one and are not.
func TestFactAt(t *testing.T) {
	for line, want := range map[string]string{
		"我六月要搬到上海去新公司":             "home",
		"我周五在重庆见了高中同学":             "did",
		"我对花生过敏，沙爹酱都不能吃":           "health",
		"I'm allergic to peanuts":  "health",
		"我开始用软件学西班牙语了":             "did",
		"我每周日在食物银行做志愿者":            "routine",
		"我在群里看到有人说要搬到深圳":           "", // someone else's move
		"我在帮朋友搬到新家":                "",
		"我不吃了，饱了":                  "", // says nothing lasting
		"我今天不吃晚饭了":                 "",
		"I can't eat another bite": "",
		"我明年搬到哪里好呢":                "", // a question
		"我开始觉得这个方案不行":              "",
		"我下周搬家，有人有纸箱吗":             "plans", // a fact, then a question
		"有人知道我下周搬家吗？":              "",
	} {
		k, _, _, ok := factAt(DefaultLanguages(), line)
		if got := map[bool]string{true: k.name}[ok]; got != want {
			t.Errorf("factAt(%q) = %q, want %q", line, got, want)
		}
	}
}

// A statement extend built splits at its dated parts only, not at every
// semicolon; a Chinese date is found only as itself.
func TestExtendedParts(t *testing.T) {
	st := "Ann works as a nurse at St Mary's; nights, mostly; on Mon Oct 26, Ann started day shifts"
	if got := extendedParts(DefaultLanguages(), st); len(got) != 2 || got[0] != "Ann works as a nurse at St Mary's; nights, mostly" {
		t.Errorf("extendedParts = %q", got)
	}
	if got := extendedParts(DefaultLanguages(), "小林住在杭州；离西湖近；10月26日，小林搬到了新房子"); len(got) != 2 {
		t.Errorf("extendedParts (zh) = %q", got)
	}
	if dateIn("小林12月1日搬家", "2月1日") || !dateIn("小林2月1日搬家", "2月1日") {
		t.Error("dateIn takes 12月1日 for 2月1日, or misses 2月1日")
	}
}
