-- Keepa tokens (issue 12 items 8-9): what a scan was expected to cost before it started, what it spent (the answers'
-- tokensConsumed), the account's balance and refill rate at the last commit, and a wait for tokens in progress.
alter table scans add column tokens_estimated integer;
alter table scans add column tokens_spent integer not null default 0;
alter table scans add column token_refill_rate numeric;
alter table scans add column tokens_left integer;
alter table scans add column token_wait_until timestamptz;
alter table scans add column token_wait_reason text;
