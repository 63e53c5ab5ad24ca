-- Issue 24 (docs/seller-account.md): an organization's own Amazon seller account and Amazon's listing restrictions.
-- One connection per organization. The refresh token is stored only encrypted (AES-256-GCM, "<key id>.<iv>.<tag>.<data>"
-- base64url; the key from SP_API_TOKEN_KEY or DATA_DIR/sp-api-token-key) and deleted with the row on disconnect.
create table seller_accounts (
  organization_id uuid primary key references organizations(id) on delete cascade,
  region text not null check (region in ('EU', 'NA')),
  merchant_id text not null,
  refresh_token_encrypted text not null,
  -- [{ marketplaceId, market, countryCode, name, domainName }] from GET /sellers/v1/marketplaceParticipations
  stores jsonb not null default '[]',
  status text not null default 'CONNECTED' check (status in ('CONNECTED', 'NEEDS_RECONNECT')),
  status_message text,
  -- The organization's admin was told once that the authorization was revoked.
  reconnect_notified_at timestamptz,
  connected_by uuid references users(id) on delete set null,
  connected_at timestamptz not null,
  -- Amazon's listings-restrictions rate for this seller (5 requests per second, burst 10) as a token bucket every
  -- process shares: taken with one atomic UPDATE on the database clock; blocked_until is the back-off after a 429.
  bucket_tokens double precision not null default 10,
  bucket_at timestamptz not null default clock_timestamp(),
  blocked_until timestamptz
);

-- Amazon's answer per organization, ASIN and market (reused for a day).
create table listing_restrictions (
  organization_id uuid not null references organizations(id) on delete cascade,
  asin text not null,
  market text not null,
  status text not null check (status in ('CAN_SELL', 'APPROVAL_REQUIRED', 'NOT_ELIGIBLE', 'NOT_CHECKED')),
  reason text,
  approval_url text,
  checked_at timestamptz not null,
  primary key (organization_id, asin, market)
);

-- Deals waiting for their check (the background job drains it; "still being checked" counts it). claimed_until: a
-- worker asking Amazon about the ASIN now; an expired claim (the worker died) is taken again.
create table listing_restriction_queue (
  organization_id uuid not null references organizations(id) on delete cascade,
  asin text not null,
  market text not null,
  queued_at timestamptz not null,
  claimed_until timestamptz,
  primary key (organization_id, asin, market)
);
