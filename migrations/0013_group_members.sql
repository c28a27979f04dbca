-- The members of a group: one row per sender, kept by a statement trigger
-- on messages, so that messages a chat app INSERTs directly count as those
-- stored through the API do. display_name is the name of the member's
-- latest message (by sent_at); names are the other names they wrote
-- under, sorted. A purge removes a group's rows (ledger.PurgeTables).
CREATE TABLE group_members (
    group_id     text        NOT NULL,
    sender_id    text        NOT NULL,
    display_name text        NOT NULL,
    names        text[]      NOT NULL DEFAULT '{}',
    messages     bigint      NOT NULL,
    first_at     timestamptz NOT NULL,
    last_at      timestamptz NOT NULL,
    PRIMARY KEY (group_id, sender_id)
);

CREATE FUNCTION messages_count_members() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO group_members AS g (group_id, sender_id, display_name, names, messages, first_at, last_at)
    SELECT n.group_id, n.sender_id, n.latest,
        ARRAY(SELECT DISTINCT x FROM unnest(n.all_names) AS x WHERE x <> n.latest ORDER BY x),
        n.count, n.first_at, n.last_at
    FROM (SELECT group_id, sender_id,
            (array_agg(sender_name ORDER BY sent_at DESC, seq DESC))[1] AS latest,
            array_agg(DISTINCT sender_name) AS all_names,
            count(*) AS count, min(sent_at) AS first_at, max(sent_at) AS last_at
        FROM new_rows GROUP BY group_id, sender_id) AS n
    ON CONFLICT (group_id, sender_id) DO UPDATE SET
        messages = g.messages + EXCLUDED.messages,
        first_at = least(g.first_at, EXCLUDED.first_at),
        last_at = greatest(g.last_at, EXCLUDED.last_at),
        display_name = CASE WHEN EXCLUDED.last_at >= g.last_at THEN EXCLUDED.display_name ELSE g.display_name END,
        names = ARRAY(SELECT DISTINCT x FROM unnest(g.names || g.display_name || EXCLUDED.names || EXCLUDED.display_name) AS x
            WHERE x <> CASE WHEN EXCLUDED.last_at >= g.last_at THEN EXCLUDED.display_name ELSE g.display_name END
            ORDER BY x);
    RETURN NULL;
END $$;

CREATE TRIGGER messages_count_members AFTER INSERT ON messages
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_members();

INSERT INTO group_members (group_id, sender_id, display_name, names, messages, first_at, last_at)
SELECT n.group_id, n.sender_id, n.latest,
    ARRAY(SELECT DISTINCT x FROM unnest(n.all_names) AS x WHERE x <> n.latest ORDER BY x),
    n.count, n.first_at, n.last_at
FROM (SELECT group_id, sender_id,
        (array_agg(sender_name ORDER BY sent_at DESC, seq DESC))[1] AS latest,
        array_agg(DISTINCT sender_name) AS all_names,
        count(*) AS count, min(sent_at) AS first_at, max(sent_at) AS last_at
    FROM messages GROUP BY group_id, sender_id) AS n;
