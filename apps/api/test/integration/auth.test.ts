import { isSessionExpiredError, isSignatureError, isUnverifiedError } from '@companion/sdk';
import { ErrorCode } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer } from '../support/index.js';

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

  it('exchanges a one-time code for a session exactly once', async () => {
    const user = await t.user();
    const { code } = await user.client.auth.createExchangeCode({
      body: { type: 'google', origin: 'companion://auth' },
    });
    const session = await t
      .client()
      .auth.exchange({ body: { code, type: 'google', origin: 'companion://auth' } });
    expect(session.user.id).toBe(user.id);
    await expect(
      t.client().auth.exchange({ body: { code, type: 'google', origin: 'companion://auth' } }),
    ).rejects.toMatchObject({ status: 410 });
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
