package groupmem

import "runtime/debug"

// BuildVersion is the module version the binary was built from, or its
// VCS revision, or "dev": what an export's header and the MCP server name
// as the producer.
func BuildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return s.Value[:12]
		}
	}
	return "dev"
}
