-- The members of a group: one row per sender, kept by a trigger on
-- messages, so that messages inserted directly count as those stored
-- through the API do. display_name is the name of the member's latest
-- message (by sent_at); names are the other names they wrote under, a
-- sorted JSON array. A purge removes a group's rows (ledger.PurgeTables).
CREATE TABLE group_members (
    group_id     TEXT    NOT NULL,
    sender_id    TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    names        TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(names)),
    messages     INTEGER NOT NULL,
    first_at     INTEGER NOT NULL,
    last_at      INTEGER NOT NULL,
    PRIMARY KEY (group_id, sender_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER messages_count_members AFTER INSERT ON messages
BEGIN
    INSERT INTO group_members (group_id, sender_id, display_name, names, messages, first_at, last_at)
    VALUES (NEW.group_id, NEW.sender_id, NEW.sender_name, '[]', 1, NEW.sent_at, NEW.sent_at)
    ON CONFLICT (group_id, sender_id) DO UPDATE SET
        messages = messages + 1,
        first_at = min(first_at, excluded.first_at),
        last_at = max(last_at, excluded.last_at),
        display_name = CASE WHEN excluded.last_at >= last_at THEN excluded.display_name ELSE display_name END,
        names = (SELECT json_group_array(x) FROM (
            SELECT DISTINCT x FROM (
                SELECT value AS x FROM json_each(names) UNION ALL SELECT display_name UNION ALL SELECT excluded.display_name)
            WHERE x <> CASE WHEN excluded.last_at >= last_at THEN excluded.display_name ELSE display_name END
            ORDER BY x));
END;

INSERT INTO group_members (group_id, sender_id, display_name, names, messages, first_at, last_at)
SELECT m.group_id, m.sender_id,
    (SELECT l.sender_name FROM messages l WHERE l.group_id = m.group_id AND l.sender_id = m.sender_id ORDER BY l.sent_at DESC, l.seq DESC LIMIT 1),
    '[]', count(*), min(m.sent_at), max(m.sent_at)
FROM messages m GROUP BY m.group_id, m.sender_id;

UPDATE group_members SET names = (SELECT json_group_array(x) FROM (
    SELECT DISTINCT sender_name AS x FROM messages l
    WHERE l.group_id = group_members.group_id AND l.sender_id = group_members.sender_id AND l.sender_name <> group_members.display_name
    ORDER BY x));
