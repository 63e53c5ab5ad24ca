-- Help (issue 16): admins answer a request from the help table; the user sees the answer under Help and gets it by
-- e-mail. The answering admin is kept as a reference only: deleting that admin keeps the answer.
alter table help_requests add column answer text;
alter table help_requests add column answered_at timestamptz;
alter table help_requests add column answered_by uuid references users(id) on delete set null;
-- A user's own requests, newest first (GET /help/mine).
create index help_requests_user_idx on help_requests (user_id, created_at desc);
