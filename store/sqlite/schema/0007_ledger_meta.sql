-- Facts about the ledger as a whole, by key: "embedder" names the embedder
-- whose vectors the memory versions hold, so that a process embedding with
-- another one refuses to mix vector spaces.
CREATE TABLE ledger_meta (
    key        TEXT    NOT NULL PRIMARY KEY,
    value      TEXT    NOT NULL,
    updated_at INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;
