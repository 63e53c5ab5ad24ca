-- Issue 13 item 11: the process (its lease, db/process-lease.ts) running a scan, so a restarted process can tell at
-- once that the owner of a PROCESSING scan is gone (PostgreSQL releases a dead process's lease with its connection).
alter table scans add column owner_lease integer;
alter table brand_scans add column owner_lease integer;
