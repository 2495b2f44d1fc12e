import { randomBytes } from 'node:crypto';
import { isSessionExpiredError, isSignatureError, isUnverifiedError } from '@companion/sdk';
import { contract, ErrorCode } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.js';
import { DEFAULT_MOBILE_ORIGIN } from '../../src/env.js';
import { s256 } from '../../src/services/exchange-codes.js';
import { raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('identity and sessions on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(() => t?.close());

  it('signs up with a Firebase ID token, creating the user once', async () => {
    const account = await t.identity.signUp();
    const first = await t.client().auth.signin({
      identityToken: account.idToken,
      body: { locale: 'fr', firstname: 'Chandra' },
    });
    expect(first.created).toBe(true);
    expect(first.user.firstname).toBe('Chandra');
    expect(first.user.emailVerified).toBe(false);
    expect(first.state.settings.language).toBe('fr');
    expect(first.state.settings.currency).toBe('eur');
    expect(first.user.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const again = await t.client().auth.login({ identityToken: account.idToken, body: { locale: 'en' } });
    expect(again.created).toBe(false);
    expect(again.user.id).toBe(first.user.id);
    expect(again.token).not.toBe(first.token);
  });

  it('refuses a forged identity token', async () => {
    await expect(
      t.client().auth.signin({ identityToken: 'not-a-token', body: { locale: 'en' } }),
    ).rejects.toSatisfy(isSessionExpiredError);
  });

  it('refuses an ID token issued before its refresh tokens were revoked (401, never 500)', async () => {
    const account = await t.identity.signUp();
    await t.client().auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
    // Firebase compares whole seconds: the revocation must come a second after the token.
    await new Promise((r) => setTimeout(r, 1100));
    await t.server.services.identity.revokeTokens(account.uid);
    const calls = [
      () => t.client().auth.signin({ identityToken: account.idToken, body: { locale: 'en' } }),
      () => t.client().auth.login({ identityToken: account.idToken, body: { locale: 'en' } }),
    ];
    for (const call of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(isSessionExpiredError(error)).toBe(true);
      expect(error).toMatchObject({ status: 401, code: ErrorCode.BAD_IDENTITY_TOKEN });
    }
    // Signing in again gives a token that works.
    const again = await t.identity.signIn(account.email, account.password);
    await expect(
      t.client().auth.login({ identityToken: again.idToken, body: { locale: 'en' } }),
    ).resolves.toMatchObject({ created: false });
  });

  it('answers 401 code 53 to an unverified password account, and lets it through once verified', async () => {
    const account = await t.identity.signUp();
    const session = await t.client().auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
    const client = t.client({ token: session.token, userId: session.user.id });
    // GET /user works unverified (the app needs it to show the verify page)
    await expect(client.user.me()).resolves.toMatchObject({ user: { emailVerified: false } });
    const error = await client.user.code().catch((e: unknown) => e);
    expect(isUnverifiedError(error)).toBe(true);
    await t.identity.verifyEmail(account.uid);
    await new Promise((r) => setTimeout(r, 5100)); // verification re-check is throttled to once per 5 s
    await expect(client.user.code()).resolves.toMatchObject({ code: session.user.code });
    await expect(client.user.me()).resolves.toMatchObject({ user: { emailVerified: true } });
  });

  it('a user who just verified is seen as verified by every call, even calls made together', async () => {
    const account = await t.identity.signUp();
    const session = await t.client().auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
    const client = t.client({ token: session.token, userId: session.user.id });
    await t.identity.verifyEmail(account.uid);
    const [me, code] = await Promise.all([client.user.me(), client.user.code()]);
    expect(me.user.emailVerified).toBe(true);
    expect(code.code).toBe(session.user.code);
  });

  it('Google accounts are verified from the start', async () => {
    const google = await t.identity.signInWithGoogle();
    const session = await t.client().auth.signin({ identityToken: google.idToken, body: { locale: 'en' } });
    expect(session.user.provider).toBe('google');
    expect(session.user.firstname).toBe('Gideon');
    const client = t.client({ token: session.token, userId: session.user.id });
    await expect(client.user.code()).resolves.toBeDefined();
  });

  it('stores only a hash of the session token, and logout revokes it', async () => {
    const user = await t.user();
    const { sessions } = await import('../../src/db/schema.js');
    const rows = await t.server.services.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === user.token)).toBe(false);
    await user.client.auth.logout();
    const error = await user.client.user.me().catch((e: unknown) => e);
    expect(isSessionExpiredError(error)).toBe(true);
  });

  it('a bad signature or a stale timestamp gets its own error and keeps the session', async () => {
    const user = await t.user();
    const badSecret = t.client(user.credentials, { secret: 'wrong' });
    const e1 = await badSecret.user.me().catch((e: unknown) => e);
    expect(isSignatureError(e1)).toBe(true);
    expect((e1 as { code: number }).code).toBe(12);
    const stale = t.client(user.credentials, { now: () => Date.now() - 6 * 60 * 1000 });
    const e2 = await stale.user.me().catch((e: unknown) => e);
    expect(isSignatureError(e2)).toBe(true);
    expect((e2 as { code: number }).code).toBe(13);
    expect((e2 as Error).message).toMatch(/clock|time/);
    await expect(user.client.user.me()).resolves.toBeDefined();
  });

  describe('mobile code exchange (PKCE S256)', () => {
    const origin = DEFAULT_MOBILE_ORIGIN;
    const pkce = () => {
      const codeVerifier = randomBytes(48).toString('base64url'); // 64 characters
      return { codeVerifier, codeChallenge: s256(codeVerifier) };
    };
    const issue = (user: TestUser, codeChallenge: string, o = origin) =>
      user.client.auth.createExchangeCode({
        body: { type: 'google', origin: o, codeChallenge, codeChallengeMethod: 'S256' },
      });
    const redeem = (code: string, codeVerifier: string, o = origin) =>
      t.client().auth.exchange({ body: { code, type: 'google', origin: o, codeVerifier } });

    it('exchanges a code for a session exactly once, with the matching verifier', async () => {
      const user = await t.user();
      const { codeVerifier, codeChallenge } = pkce();
      const { code, expiresAt } = await issue(user, codeChallenge);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
      const session = await redeem(code, codeVerifier);
      expect(session.user.id).toBe(user.id);
      await expect(t.client({ token: session.token }).user.me()).resolves.toBeDefined();
      // reused code → refused
      await expect(redeem(code, codeVerifier)).rejects.toMatchObject({ status: 410 });
    });

    it('refuses a wrong verifier, and the code is used up by it', async () => {
      const user = await t.user();
      const { codeVerifier, codeChallenge } = pkce();
      const { code } = await issue(user, codeChallenge);
      await expect(redeem(code, pkce().codeVerifier)).rejects.toMatchObject({ status: 410 });
      await expect(redeem(code, codeVerifier)).rejects.toMatchObject({ status: 410 });
    });

    it('refuses an expired code', async () => {
      const user = await t.user();
      const { codeVerifier, codeChallenge } = pkce();
      const { code } = await issue(user, codeChallenge);
      const { exchangeCodes } = await import('../../src/db/schema.js');
      await t.server.services.db
        .update(exchangeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(exchangeCodes.codeHash, hashToken(code)));
      await expect(redeem(code, codeVerifier)).rejects.toMatchObject({ status: 410 });
    });

    it('issues codes only for an allowed app origin', async () => {
      const user = await t.user();
      const { codeVerifier, codeChallenge } = pkce();
      await expect(issue(user, codeChallenge, 'evil://steal')).rejects.toMatchObject({ status: 400 });
      const { code } = await issue(user, codeChallenge);
      // redeemed for another (unknown) origin → refused, and still good for its own app
      await expect(redeem(code, codeVerifier, 'evil://steal')).rejects.toMatchObject({ status: 400 });
      await expect(redeem(code, codeVerifier)).resolves.toMatchObject({ user: { id: user.id } });
    });

    it('refuses the plain method, a missing challenge and a missing verifier', async () => {
      const user = await t.user();
      const { codeVerifier, codeChallenge } = pkce();
      const plain = await raw(t, user, contract.auth.createExchangeCode, {
        body: { type: 'google', origin, codeChallenge: codeVerifier, codeChallengeMethod: 'plain' },
      });
      expect(plain.status).toBe(400);
      const none = await raw(t, user, contract.auth.createExchangeCode, { body: { type: 'google', origin } });
      expect(none.status).toBe(400);
      const { code } = await issue(user, codeChallenge);
      const anonymous = { ...user, credentials: {} };
      const noVerifier = await raw(t, anonymous, contract.auth.exchange, {
        body: { code, type: 'google', origin },
      });
      expect(noVerifier.status).toBe(400);
      await expect(redeem(code, codeVerifier)).resolves.toMatchObject({ user: { id: user.id } });
    });
  });

  it('a session token replayed after logout answers 401', async () => {
    const user = await t.user();
    const stolen = t.client({ token: user.token }); // the same token, kept by someone else
    await expect(stolen.user.me()).resolves.toBeDefined();
    await user.client.auth.logout();
    await expect(status(stolen.user.me())).resolves.toBe(401);
    await expect(status(user.client.auth.logout())).resolves.toBe(401);
  });

  it('signs out of all devices: every session answers 401 and the old ID tokens are refused', async () => {
    const user = await t.user();
    const other = await t.user();
    const second = await t.client().auth.login({
      identityToken: (await t.identity.signIn(user.email, 'correct-horse-battery')).idToken,
      body: { locale: 'en' },
    });
    const phone = t.client({ token: second.token, userId: user.id });
    await expect(phone.user.me()).resolves.toMatchObject({ user: { id: user.id } });
    await new Promise((r) => setTimeout(r, 1100)); // Firebase compares whole seconds
    const idToken = (await t.identity.signIn(user.email, 'correct-horse-battery')).idToken;
    await new Promise((r) => setTimeout(r, 1100));

    await expect(phone.auth.logoutAll()).resolves.toEqual({ ok: true, revoked: 2 });
    await expect(status(phone.user.me())).resolves.toBe(401);
    await expect(status(user.client.user.me())).resolves.toBe(401);
    // an ID token issued before cannot open a new session
    await expect(
      status(t.client().auth.login({ identityToken: idToken, body: { locale: 'en' } })),
    ).resolves.toBe(401);
    // other users keep theirs
    await expect(other.client.user.me()).resolves.toBeDefined();
  });

  it('rotates the streaming token', async () => {
    const user = await t.user();
    const a = await user.client.auth.streamingToken();
    const b = await user.client.auth.streamingToken();
    expect(a.token).not.toBe(b.token);
    expect(await t.server.services.sessions.resolve(a.token, 'streaming')).toBeNull();
    expect((await t.server.services.sessions.resolve(b.token, 'streaming'))?.user.id).toBe(user.id);
    // a streaming token is not a session token
    const asSession = t.client({ token: b.token });
    await expect(asSession.user.me()).rejects.toSatisfy(isSessionExpiredError);
  });
});
