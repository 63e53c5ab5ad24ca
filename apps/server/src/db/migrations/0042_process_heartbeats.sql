-- The processes that run against this database (docs/operations.md, "Admin → System"): each API and worker process
-- writes its row at start, moves heartbeat_at while it lives and sets stopped_at on a graceful shutdown. lease is its
-- PostgreSQL process lease (db/process-lease.ts), the owner_lease that scans, brand scans and price refreshes name, so
-- a run's owner can be shown; null on the embedded database.
create table process_heartbeats (
  id uuid primary key,
  role text not null check (role in ('api', 'worker', 'api+worker')),
  version text not null,
  host text not null,
  pid integer not null,
  lease integer,
  started_at timestamptz not null,
  heartbeat_at timestamptz not null,
  stopped_at timestamptz
);
create index process_heartbeats_recent on process_heartbeats (heartbeat_at desc);
create index process_heartbeats_lease on process_heartbeats (lease) where lease is not null;
