-- Issue 14 §5: brand scans and the price refresh run through the one durable-run helper (jobs/durable-run.ts), like
-- supplier and CSV Template scans: a claim with a worker token, a heartbeat, a checkpoint, attempts and the sweep of
-- runs whose owner is gone (docs/platform.md, "One durable-job mechanism").

-- Brand scans keep their columns (run_id is the claim token, processed_* the checkpoint). Their attempts go from 5
-- to 3 (pg-boss no longer retries them; failed attempts count like interruptions): every unfinished scan keeps at
-- least one more attempt.
update brand_scans set attempts = least(attempts, 2) where status in ('PENDING', 'PROCESSING');

-- A refresh run is now claimed like a scan: 'pending' (handed back on shutdown, or its process died; resumed by the
-- next claim) and 'running' (owned by worker_token, alive while heartbeat_at moves or its process lease is held).
alter table price_refresh_runs drop constraint price_refresh_runs_status_check;
alter table price_refresh_runs add constraint price_refresh_runs_status_check check (status in ('pending', 'running', 'succeeded', 'failed'));
alter table price_refresh_runs
  add column worker_token uuid,
  add column heartbeat_at timestamptz,
  add column attempts integer not null default 0,
  add column owner_lease integer,
  -- the pg-boss job running it: failed by the sweep once its process is gone, so the 'exclusive' queue takes new jobs
  add column job_id text,
  -- null: staging; 'applied': the snapshot, drops and history are stored (at compared_at, with the counts below)
  add column checkpoint text check (checkpoint in ('applied')),
  add column compared_at timestamptz,
  add column new_products integer,
  add column price_changes integer;

-- A refresh that was running when this migration ran counts one attempt; its owner has been silent since it started,
-- so the first sweep (or claim) takes it over from the beginning.
update price_refresh_runs set attempts = 1, heartbeat_at = started_at where status = 'running';

-- The lock: at most one unfinished (pending or running) refresh.
drop index price_refresh_runs_one_running;
create unique index price_refresh_runs_one_unfinished on price_refresh_runs ((true)) where status in ('pending', 'running');
