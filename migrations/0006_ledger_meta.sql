-- Facts about the ledger as a whole, by key: "embedder" names the embedder
-- whose vectors the memory versions hold, so that a process embedding with
-- another one refuses to mix vector spaces.
CREATE TABLE ledger_meta (
    key        text        PRIMARY KEY,
    value      text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
