-- Look-ups shared across processes (docs/market-data.md): on PostgreSQL a caller claims the cache keys it is about to
-- fetch upstream, so another API or worker process asking for the same keys at the same moment waits for the answer
-- in the cache instead of paying for it again. A claim is short-lived and renewed while its fetch runs: one left by a
-- process that died is free again at once when it held a process lease (PostgreSQL released the lease's lock), else
-- within a minute. Rows live only as long as a fetch; the embedded database (one
-- process) never uses the table.
create table market_lookup_claims (
  market text not null,
  key_type text not null check (key_type in ('ean', 'asin')),
  key text not null,
  claimed_by uuid not null,
  -- The claiming process's lease (db/process-lease.ts); null for a process without one.
  lease_id integer,
  claimed_until timestamptz not null,
  primary key (market, key_type, key)
);
