-- Uploads (docs/scans.md "How an upload flows"): a supplier file (or a manual entry's rows) stored once under
-- DATA_DIR/uploads and named by its id; the preview, the token estimate and the start of a scan name it. An upload is
-- its user's, counts against nothing until a scan starts from it (the scan then takes its id and its file), and is
-- removed with its file after an hour without use (the uploads-cleanup job).
create table uploads (
  id uuid primary key,
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  source text not null check (source in ('upload', 'manual')),
  file_name text not null,
  file_path text not null,
  bytes bigint not null,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  -- Set when a scan starts from the upload: from then on the file is the scan's (removed when the scan ends, kept as
  -- the supplier's list when a supplier scan completes); the row only remembers that the id was used.
  scan_started_at timestamptz
);
create index uploads_last_used_idx on uploads (last_used_at);
create index uploads_user_idx on uploads (user_id);
