-- int_activity_kinds: which activity category each kind of trace event counts as, for the step
-- breakdown (int_step_segments).
-- Grain: one row per (kind, cpu_trace) that has a category; kinds not listed count as none.
-- Inputs: none.
-- Categories and their bit in int_step_segments.state:
--   compute (16): compute kernels on any stream; on CPU-only traces, operators on host threads
--                 (collectives and data loading excluded, see step_breakdown)
--   comm    (8):  communication kernels; on CPU traces the gloo:* spans on gloo's threads
--   memory  (4):  memcpy / memset on the device
--   data    (2):  the host inside the DataLoader's __next__
--   host    (1):  other host work: operators, runtime/driver calls, Python, annotated regions
-- Columns: kind (EventKind), cpu_trace (true: only on traces of device type cpu; false: only on
--   the others; NULL: on any), category, bit (its bit in the state bitmask), shift (its
--   counter's place in int_step_segments' packed counters, 12 bits each).
with final as (
    select * from (values
        ('compute_kernel', null, 'compute', 16, 48),
        ('cpu_op', true, 'compute', 16, 48),
        ('comm_kernel', null, 'comm', 8, 36),
        ('comm_cpu', null, 'comm', 8, 36),
        ('memcpy', null, 'memory', 4, 24),
        ('memset', null, 'memory', 4, 24),
        ('data_loader', null, 'data', 2, 12),
        ('cpu_op', false, 'host', 1, 0),
        ('runtime', null, 'host', 1, 0),
        ('driver', null, 'host', 1, 0),
        ('python_function', null, 'host', 1, 0),
        ('overhead', null, 'host', 1, 0),
        ('annotation', null, 'host', 1, 0),
        ('collective_cpu', null, 'host', 1, 0)
    ) t(kind, cpu_trace, category, bit, shift)
)
select * from final
