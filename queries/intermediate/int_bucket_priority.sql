-- int_bucket_priority: the goodput buckets, and which wins where their intervals overlap.
-- materialize: per_connection
-- Grain: one row per GoodputBucket.
-- Inputs: none.
-- Columns: bucket, priority (1 = highest: a checkpoint save inside a step's interval is that
--   save's time, not the step's; the last, other, is the time no interval covers).
-- The only list of buckets in the SQL.
select * from (values
    ('checkpoint_save', 1), ('checkpoint_load', 2), ('eval', 3), ('startup', 4), ('lost_work', 5),
    ('data_stall', 6), ('productive', 7), ('restart_downtime', 8), ('idle', 9), ('other', 10)
) t(bucket, priority)
