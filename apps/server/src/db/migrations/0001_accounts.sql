-- Accounts, organizations, one-time tokens, revoked sessions, help requests, rate-limit buckets.
create table organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  subscription_tier text not null default 'FREE',
  paddle_customer_id text,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  email text not null,
  password_hash text,
  role text not null default 'USER' check (role in ('USER', 'ADMIN')),
  active boolean not null default true,
  email_confirmed_at timestamptz,
  organization_id uuid not null references organizations(id),
  affiliate_id text,
  primary_country text check (primary_country in ('UK', 'DE', 'FR', 'IT', 'ES')),
  min_roi_threshold numeric(7, 4) not null default 0.15,
  vat_registered boolean not null default true,
  -- tokens issued before this instant are refused (password change, reset)
  tokens_valid_after timestamptz not null default to_timestamp(0),
  last_active_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email));
create index users_organization_idx on users (organization_id);

-- Confirmation, reset and invitation tokens: only a SHA-256 hash is stored; single use; expiring.
create table auth_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password', 'invite')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_tokens_user_idx on auth_tokens (user_id, purpose);
create index auth_tokens_expires_idx on auth_tokens (expires_at);

-- Logged-out session tokens (by jti) until they would have expired anyway.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
create index revoked_tokens_expires_idx on revoked_tokens (expires_at);

create table help_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  message text not null,
  created_at timestamptz not null default now()
);
create index help_requests_created_idx on help_requests (created_at desc);

-- Fixed-window counters shared by every process on the database.
create table rate_limit_hits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
create index rate_limit_hits_window_idx on rate_limit_hits (window_start);
