-- memory_versions_lineage indexed (lineage_id, version), which the unique
-- constraint on (lineage_id, version) already indexes: every insert of a
-- version, and every change of a version's status or strength (status is
-- indexed, so no such update is HOT), wrote both. Lineage reads use the
-- constraint's index.
DROP INDEX IF EXISTS memory_versions_lineage;
