import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { CONFIRM_PASSWORD_PREFIX, post, registerConfirmAndLogin, tokenFromLink, uniqueAccount } from '../account-helpers.ts';
import { createUser } from '../factories/users.ts';
import {
  CANNOT_REMOVE_YOURSELF,
  NOT_A_MEMBER,
  NOT_ALLOWED_TO_INVITE,
  ONLY_OWNER_CHANGES_RIGHTS,
  OWNER_CANNOT_BE_REMOVED,
} from '../../src/modules/organization/organization.service.ts';
import { REMOVED_FROM_ORGANIZATION } from '../../src/modules/auth/login.service.ts';

type Headers = { authorization: string };

/**
 * The organization as a team (docs/organizations.md): the owner invites by e-mail, the invitee sets a password through
 * the confirm-password link and joins the owner's organization; rights to invite; removal; isolation between organizations.
 */
describe('organization team', () => {
  let ctx: TestContext;
  let owner: Headers;
  let ownerName: string;
  let organization: string;
  /** A match rule of the owner's organization (organization data the member must see). */
  let ruleId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const account = uniqueAccount({ organization: 'Team Traders' });
    owner = (await registerConfirmAndLogin(ctx, account)).headers;
    ownerName = account.username;
    organization = account.organization;
    const rule = await call(owner, 'POST', '/api/match-rules', { ean: '4006381333931', asin: 'B00TEAM001', kind: 'never' });
    expect(rule.statusCode).toBe(201);
    ruleId = rule.json().id;
  });
  afterAll(async () => ctx?.close());

  const call = (who: Headers | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who, payload: payload as object });

  /** A completed supplier scan of `userId` whose list is kept (as the scan pipeline leaves it), written straight to the database. */
  async function supplierList(userId: string, fileName: string): Promise<string> {
    const row = await ctx.deps.db.one<{ id: string }>(
      `insert into scans (kind, user_id, organization_id, file_name, market, ean_column, brand_column, status, created_at, updated_at, completed_at, list_path)
       select 'supplier', u.id, u.organization_id, $2, 'DE', 'ean', 'brand', 'COMPLETED', $3, $3, $3, '/nonexistent/kept.csv' from users u where u.id = $1
       returning id`,
      [userId, fileName, ctx.clock.now()],
    );
    return row.id;
  }
  const supplierListNames = async (who: Headers) =>
    (await call(who, 'GET', '/api/supplier-analyzer/lists')).json().content.map((l: { fileName: string }) => l.fileName) as string[];

  /** Invites, opens the e-mailed link and sets a password; answers the invitation and the member's session. */
  async function inviteAndJoin(by: Headers, username: string) {
    const email = `${username}@example.test`;
    const invited = await call(by, 'POST', '/api/organization/members/invite', { username, email });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = ctx.mailer.lastTo(email)!;
    const token = tokenFromLink(mail, CONFIRM_PASSWORD_PREFIX);
    const looked = await call(undefined, 'GET', `/api/auth/confirm?token=${encodeURIComponent(token)}`);
    expect(looked.json()).toEqual({ email });
    expect((await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'team-password-1' })).statusCode).toBe(200);
    const login = await post(ctx, '/api/auth/login', { username, password: 'team-password-1' });
    expect(login.statusCode).toBe(200);
    return { id: invited.json().member.id as string, mail, headers: { authorization: `Bearer ${login.json().token}` } };
  }

  it('the owner invites; the invitee sets a password through the e-mailed link and joins the owner’s organization', async () => {
    const before = (await call(owner, 'GET', '/api/organization/members')).json();
    expect(before).toMatchObject({ organizationName: organization, you: { isOwner: true, mayInvite: true } });
    expect(before.members).toEqual([expect.objectContaining({ username: ownerName, isOwner: true, mayInvite: true, status: 'ACTIVE' })]);

    const invited = await call(owner, 'POST', '/api/organization/members/invite', { username: 'mia_member', email: 'Mia@Example.test' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      message: 'Invitation sent to mia@example.test.',
      member: { username: 'mia_member', email: 'mia@example.test', status: 'INVITED', isOwner: false, mayInvite: false },
    });
    const mail = ctx.mailer.lastTo('mia@example.test')!;
    expect(mail.subject).toBe(`${ownerName} invited you to Team Traders on DealRadar`);
    const token = tokenFromLink(mail, CONFIRM_PASSWORD_PREFIX);
    // Not a member who can sign in before the password is set.
    expect((await post(ctx, '/api/auth/login', { username: 'mia_member', password: 'anything-at-all' })).statusCode).toBe(401);
    expect((await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'mias-password' })).statusCode).toBe(200);
    const login = await post(ctx, '/api/auth/login', { username: 'mia_member', password: 'mias-password' });
    expect(login.statusCode).toBe(200);
    const mia = { authorization: `Bearer ${login.json().token}` };

    // Mia shares the organization's data: its supplier lists, match rules and name, and is listed as active.
    const ownerId = (await call(owner, 'GET', '/api/organization/members')).json().you.id;
    await supplierList(ownerId, 'owners-supplier.csv');
    expect(await supplierListNames(mia)).toEqual(['owners-supplier.csv']);
    const rules = (await call(mia, 'GET', '/api/match-rules')).json();
    expect(rules.content.map((r: { id: string }) => r.id)).toEqual([ruleId]);
    expect((await call(mia, 'GET', '/api/user/settings/info')).json().organizationName).toBe(organization);
    const team = (await call(owner, 'GET', '/api/organization/members')).json();
    expect(team.members.map((m: { username: string; status: string }) => `${m.username}:${m.status}`)).toEqual([`${ownerName}:ACTIVE`, 'mia_member:ACTIVE']);
    // The owner manages the seller account; a member does not (one place decides the owner).
    expect((await call(owner, 'GET', '/api/seller-account')).json().canManage).toBe(true);
    expect((await call(mia, 'GET', '/api/seller-account')).json().canManage).toBe(false);
  });

  it('a member without the right cannot see the team, invite, change rights or remove (403); the owner grants it', async () => {
    const noah = await inviteAndJoin(owner, 'noah_member');
    const other = await inviteAndJoin(owner, 'olga_member');
    expect((await call(noah.headers, 'GET', '/api/organization/members')).json()).toMatchObject({ you: { isOwner: false, mayInvite: false }, members: [] });
    const refused = await call(noah.headers, 'POST', '/api/organization/members/invite', { username: 'nobody_new', email: 'nobody@example.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(NOT_ALLOWED_TO_INVITE);
    expect(ctx.mailer.lastTo('nobody@example.test')).toBeUndefined();
    const change = await call(noah.headers, 'PUT', `/api/organization/members/${other.id}`, { mayInvite: true });
    expect(change.statusCode).toBe(403);
    expect(change.json().error).toBe(ONLY_OWNER_CHANGES_RIGHTS);
    expect((await call(noah.headers, 'DELETE', `/api/organization/members/${other.id}`)).statusCode).toBe(403);

    const granted = await call(owner, 'PUT', `/api/organization/members/${noah.id}`, { mayInvite: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ message: 'noah_member may now invite members.', member: { mayInvite: true } });
    const pia = await inviteAndJoin(noah.headers, 'pia_member');
    expect(pia.mail.subject).toBe('noah_member invited you to Team Traders on DealRadar');
    expect((await call(pia.headers, 'GET', '/api/match-rules')).json().content.map((r: { id: string }) => r.id)).toContain(ruleId);
    expect((await call(noah.headers, 'GET', '/api/organization/members')).json().members.length).toBeGreaterThanOrEqual(5);
    // Still only the owner changes rights, and nobody removes the owner or themselves.
    expect((await call(noah.headers, 'PUT', `/api/organization/members/${pia.id}`, { mayInvite: true })).statusCode).toBe(403);
    const ownerId = (await call(owner, 'GET', '/api/organization/members')).json().you.id;
    const removeOwner = await call(noah.headers, 'DELETE', `/api/organization/members/${ownerId}`);
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json().error).toBe(OWNER_CANNOT_BE_REMOVED);
    expect((await call(owner, 'DELETE', `/api/organization/members/${ownerId}`)).json().error).toBe(OWNER_CANNOT_BE_REMOVED);
    const self = await call(noah.headers, 'DELETE', `/api/organization/members/${noah.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(CANNOT_REMOVE_YOURSELF);
    expect((await call(owner, 'PUT', `/api/organization/members/${ownerId}`, { mayInvite: false })).statusCode).toBe(400);

    const revoked = await call(owner, 'PUT', `/api/organization/members/${noah.id}`, { mayInvite: false });
    expect(revoked.json().message).toBe('noah_member may no longer invite members.');
    expect((await call(noah.headers, 'POST', '/api/organization/members/invite', { username: 'late_one', email: 'late@example.test' })).statusCode).toBe(403);
  });

  it('removal ends the member’s sessions at once and keeps what they made with the organization', async () => {
    const rita = await inviteAndJoin(owner, 'rita_member');
    const second = await post(ctx, '/api/auth/login', { username: 'rita_member', password: 'team-password-1' });
    const ritaElsewhere = { authorization: `Bearer ${second.json().token}` };
    const made = await call(rita.headers, 'POST', '/api/match-rules', { ean: '4006381333948', asin: 'B00RITA001', kind: 'never' });
    expect(made.statusCode).toBe(201);
    await supplierList(rita.id, 'ritas-supplier.csv');

    const removed = await call(owner, 'DELETE', `/api/organization/members/${rita.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('rita_member has been removed and signed out everywhere. What they made stays with the organization.');
    for (const session of [rita.headers, ritaElsewhere]) {
      const next = await call(session, 'GET', '/api/match-rules');
      expect(next.statusCode).toBe(401);
      expect(next.json().error).toBe(REMOVED_FROM_ORGANIZATION);
    }
    const login = await post(ctx, '/api/auth/login', { username: 'rita_member', password: 'team-password-1' });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe(REMOVED_FROM_ORGANIZATION);
    // A reset link is not sent to a removed member (the answer does not tell).
    await post(ctx, '/api/auth/forgot-password', { email: 'rita_member@example.test' });
    expect(ctx.mailer.lastTo('rita_member@example.test')).toBe(rita.mail);

    const rules = (await call(owner, 'GET', '/api/match-rules')).json().content;
    expect(rules).toContainEqual(expect.objectContaining({ id: made.json().id, createdBy: 'rita_member' }));
    expect(await supplierListNames(owner)).toContain('ritas-supplier.csv');
    const team = (await call(owner, 'GET', '/api/organization/members')).json().members;
    expect(team).toContainEqual(expect.objectContaining({ id: rita.id, status: 'REMOVED', mayInvite: false }));
    const again = await call(owner, 'DELETE', `/api/organization/members/${rita.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('rita_member has already been removed.');
  });

  it('another organization’s owner can neither see, change nor remove the members (404 with a sentence)', async () => {
    const sam = await inviteAndJoin(owner, 'sam_member');
    const stranger = (await registerConfirmAndLogin(ctx, uniqueAccount({ organization: 'Other Shop' }))).headers;
    const theirs = (await call(stranger, 'GET', '/api/organization/members')).json();
    expect(theirs.organizationName).toBe('Other Shop');
    expect(theirs.you.isOwner).toBe(true);
    expect(theirs.members).toHaveLength(1);
    expect((await call(stranger, 'GET', '/api/match-rules')).json().totalElements).toBe(0);
    expect(await supplierListNames(stranger)).toEqual([]);
    await supplierList(theirs.you.id, 'strangers.csv');
    expect(await supplierListNames(sam.headers)).not.toContain('strangers.csv');
    for (const [method, payload] of [
      ['PUT', { mayInvite: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(stranger, method, `/api/organization/members/${sam.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toBe(NOT_A_MEMBER);
    }
    expect((await call(stranger, 'DELETE', '/api/organization/members/not-a-uuid')).json().error).toBe(NOT_A_MEMBER);
    // Sam is untouched.
    expect((await call(sam.headers, 'GET', '/api/match-rules')).statusCode).toBe(200);
    // A product admin's account in another organization is no exception here; the Users screen keeps its own powers.
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    expect((await call(admin.headers, 'DELETE', `/api/organization/members/${sam.id}`)).statusCode).toBe(404);
    const row = (await call(admin.headers, 'GET', '/api/users?search=sam_member')).json().content[0];
    expect(row).toMatchObject({ username: 'sam_member', organizationName: organization });
  });

  it('a product admin reactivating a removed member brings them back into the organization', async () => {
    const tom = await inviteAndJoin(owner, 'tom_member');
    await call(owner, 'DELETE', `/api/organization/members/${tom.id}`);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    expect((await call(admin.headers, 'PUT', `/api/users/${tom.id}`, { active: true })).statusCode).toBe(200);
    const login = await post(ctx, '/api/auth/login', { username: 'tom_member', password: 'team-password-1' });
    expect(login.statusCode).toBe(200);
    const team = (await call(owner, 'GET', '/api/organization/members')).json().members;
    expect(team).toContainEqual(expect.objectContaining({ id: tom.id, status: 'ACTIVE' }));
  });

  it('a product admin deleting an owner hands the organization to its earliest active member, who then manages the team', async () => {
    const founder = await registerConfirmAndLogin(ctx, uniqueAccount({ organization: 'Handover Ltd' }));
    const first = await inviteAndJoin(founder.headers, 'wes_member');
    await inviteAndJoin(founder.headers, 'xia_member');
    expect((await call(first.headers, 'GET', '/api/organization/members')).json().you.isOwner).toBe(false);
    const founderId = (await call(founder.headers, 'GET', '/api/organization/members')).json().you.id;
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    expect((await call(admin.headers, 'DELETE', `/api/users/${founderId}`)).statusCode).toBe(200);
    const team = (await call(first.headers, 'GET', '/api/organization/members')).json();
    expect(team.you).toMatchObject({ isOwner: true, mayInvite: true });
    expect(team.members.map((m: { username: string; isOwner: boolean }) => `${m.username}:${m.isOwner}`)).toEqual(['wes_member:true', 'xia_member:false']);
    expect((await call(first.headers, 'GET', '/api/seller-account')).json().canManage).toBe(true);
  });

  it('duplicate usernames and addresses get sentences; inviting a pending member again sends a fresh link', async () => {
    const name = await call(owner, 'POST', '/api/organization/members/invite', { username: ownerName, email: 'fresh@example.test' });
    expect(name.statusCode).toBe(409);
    expect(name.json().error).toBe('This username is already taken.');
    const address = await call(owner, 'POST', '/api/organization/members/invite', { username: 'fresh_name', email: 'MIA@example.test' });
    expect(address.statusCode).toBe(409);
    expect(address.json().error).toBe('An account with this email already exists.');
    const invalid = await call(owner, 'POST', '/api/organization/members/invite', { username: 'fresh_name', email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Please enter a valid email address.');

    await call(owner, 'POST', '/api/organization/members/invite', { username: 'uma_member', email: 'uma@example.test' });
    const first = tokenFromLink(ctx.mailer.lastTo('uma@example.test'), CONFIRM_PASSWORD_PREFIX);
    expect((await call(owner, 'POST', '/api/organization/members/invite', { username: 'uma_member', email: 'uma@example.test' })).statusCode).toBe(201);
    const second = tokenFromLink(ctx.mailer.lastTo('uma@example.test'), CONFIRM_PASSWORD_PREFIX);
    expect(second).not.toBe(first);
    // Another organization's pending invitee is not theirs to re-invite.
    const stranger = (await registerConfirmAndLogin(ctx)).headers;
    const taken = await call(stranger, 'POST', '/api/organization/members/invite', { username: 'uma_member', email: 'uma@example.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This username is already taken.');
  });

  it('an expired or forged invitation link is refused with a sentence', async () => {
    await call(owner, 'POST', '/api/organization/members/invite', { username: 'vera_member', email: 'vera@example.test' });
    const token = tokenFromLink(ctx.mailer.lastTo('vera@example.test'), CONFIRM_PASSWORD_PREFIX);
    for (const forged of [`${token.slice(0, -2)}xx`, 'not-a-token']) {
      const res = await post(ctx, '/api/auth/confirm-password', { token: forged, newPassword: 'veras-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid or expired token.');
    }
    ctx.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const expired = await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'veras-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('Invalid or expired token.');
    expect((await call(undefined, 'GET', `/api/auth/confirm?token=${encodeURIComponent(token)}`)).statusCode).toBe(400);
    const team = (await call((await registerConfirmAndLogin(ctx)).headers, 'GET', '/api/organization/members')).json();
    expect(team.members.map((m: { username: string }) => m.username)).not.toContain('vera_member');
  });
});
