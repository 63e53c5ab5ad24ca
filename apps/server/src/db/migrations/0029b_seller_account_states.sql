-- Issue 24, website authorization (docs/seller-account.md): the one-time `state` of a consent-page visit, bound to the
-- signed-in user who asked for it. Only its SHA-256 is stored; it is used once and expires after 15 minutes.
create table seller_account_states (
  state_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  region text not null check (region in ('EU', 'NA')),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index seller_account_states_expires_idx on seller_account_states (expires_at);
