// Package migrations embeds the Postgres schema of groupmem as ordered SQL
// files. Each file is applied once, in name order, and recorded; see
// store/postgres.Migrate.
package migrations

import "embed"

// FS holds the migration files, named NNNN_description.sql.
//
//go:embed *.sql
var FS embed.FS
