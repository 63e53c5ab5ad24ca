-- The organization as a team (docs/organizations.md).
-- owner_user_id: the one owner of the organization (invites, grants "may invite", removes members, manages the seller
-- account). Null only while no member is left or for organizations written straight to the database (tests); the
-- organization's earliest active member then counts as its owner (modules/organization/organization.repository.ts).
alter table organizations add column owner_user_id uuid references users(id) on delete set null;
update organizations o set owner_user_id = (
  select u.id from users u where u.organization_id = o.id and u.active order by u.created_at, u.id limit 1
);

-- may_invite: the owner lets this member invite, see the team and remove members too.
alter table users add column may_invite boolean not null default false;
-- When the owner removed the member: the account stays (deactivated) so what they made stays with the organization.
alter table users add column removed_from_organization_at timestamptz;

-- Kept supplier lists are the organization's: listed per organization, newest first.
create index scans_org_kept_lists_idx on scans (organization_id, completed_at desc) where list_path is not null;
