package postgres

// InterpretError lets tests check how errors of a real server are mapped.
var InterpretError = interpretError

// The statements on the job tables, by the method that runs them.
var JobQueries = map[string]string{
	"DueGroups":   dueGroupsSQL,
	"EnqueueJobs": enqueueJobsSQL,
	"ClaimJobs":   claimJobsSQL,
	"FinishJob":   finishJobSQL,
	"PruneJobs":   pruneJobsSQL,
	"Jobs":        slotJobsSQL,
	"CountJobs":   countJobsSQL,
}
