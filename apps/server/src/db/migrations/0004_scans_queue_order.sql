-- Queue order of scans that does not depend on the clock (scans started in the same instant keep their order).
alter table scans add column queue_seq bigserial;
drop index if exists scans_running_idx;
create index scans_running_idx on scans (status, queue_seq) where status in ('PENDING', 'PROCESSING');
