-- How many times a job continued in its slot because its run fused a full
-- batch and more messages waited (the pool bounds it).
ALTER TABLE evolution_jobs ADD COLUMN follow_ups integer NOT NULL DEFAULT 0;
