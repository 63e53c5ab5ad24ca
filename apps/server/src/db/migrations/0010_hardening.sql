-- Issue 13 (hardening).

-- Sessions end exactly: a password reset or "log out everywhere" raises the user's session version, and only tokens
-- carrying the current version are accepted (the whole-second timestamp users.tokens_valid_after let a session issued
-- in the same second as a reset live on). Whoever ever reset a password logs in once more after this upgrade, so no
-- session from before a reset comes back to life.
alter table users add column session_version integer not null default 0;
update users set session_version = 1 where tokens_valid_after > to_timestamp(0);
