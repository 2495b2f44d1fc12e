import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromoCli } from '../../src/cli/promo.js';
import { promoCodes } from '../../src/db/schema.js';
import { createEvent } from '../../src/services/promo.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => ({ status: 200, message: '' }),
    (e: { status?: number; serverMessage?: string; message?: string }) => ({
      status: e.status ?? 0,
      message: e.serverMessage ?? e.message ?? '',
    }),
  );

describe.each(storages())('promo events on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob] = await Promise.all([t.user(), t.user()]);
  });
  afterAll(() => t?.close());

  const event = (input: Partial<Parameters<typeof createEvent>[1]> = {}) =>
    createEvent(t.server.services.db, {
      name: 'Grand Prix',
      badge: 'GP 2026',
      codes: 1,
      maxUses: 1,
      ...input,
    });

  it('redeems once, grants the badge, then 409', async () => {
    const { event: ev, codes } = await event({ maxUses: 5, badgeDescription: 'Was there' });
    const code = codes[0]!;
    const redeemed = await alice.client.promo.redeem({
      body: { locale: 'en', code: code.toLowerCase(), eventId: ev.id },
    });
    expect(redeemed.event).toMatchObject({ id: ev.id, name: 'Grand Prix' });
    expect(redeemed.badge).toMatchObject({ eventId: ev.id, name: 'GP 2026', description: 'Was there' });
    const me = await alice.client.user.me();
    expect(me.user.badges.map((b) => b.name)).toEqual(['GP 2026']);
    await alice.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    const profile = await bob.client.user.profile({ params: { id: alice.id } });
    expect(profile.badges.map((b) => b.eventId)).toEqual([ev.id]);
    const again = await failure(alice.client.promo.redeem({ body: { locale: 'en', code, eventId: ev.id } }));
    expect(again).toEqual({ status: 409, message: 'You already redeemed this event.' });
    const [row] = await t.server.services.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.uses).toBe(1);
  });

  it('unknown code or a code of another event: 404 "This code is not valid."', async () => {
    const { event: ev } = await event();
    const { codes: otherCodes } = await event();
    const unknown = await failure(
      alice.client.promo.redeem({ body: { locale: 'en', code: 'NOPE1234', eventId: ev.id } }),
    );
    expect(unknown).toEqual({ status: 404, message: 'This code is not valid.' });
    const wrong = await failure(
      alice.client.promo.redeem({ body: { locale: 'en', code: otherCodes[0]!, eventId: ev.id } }),
    );
    expect(wrong).toEqual({ status: 404, message: 'This code is not valid.' });
    const fr = await failure(
      alice.client.promo.redeem({ body: { locale: 'fr', code: 'NOPE1234', eventId: ev.id } }),
    );
    expect(fr).toEqual({ status: 404, message: 'Ce code n’est pas valide.' });
  });

  it('expired or used-up codes: 410 with a clear message', async () => {
    const { event: ev, codes } = await event({ expiresAt: new Date(Date.now() - 60_000) });
    const expired = await failure(
      alice.client.promo.redeem({ body: { locale: 'en', code: codes[0]!, eventId: ev.id } }),
    );
    expect(expired).toEqual({ status: 410, message: 'This code has expired.' });
    const single = await event({ maxUses: 1 });
    await bob.client.promo.redeem({
      body: { locale: 'en', code: single.codes[0]!, eventId: single.event.id },
    });
    const usedUp = await failure(
      alice.client.promo.redeem({ body: { locale: 'en', code: single.codes[0]!, eventId: single.event.id } }),
    );
    expect(usedUp.status).toBe(410);
    expect(usedUp.message).toMatch(/used as many times/);
  });

  it('the last use goes to exactly one of two users racing for it', async () => {
    const { event: ev, codes } = await event({ maxUses: 1 });
    const [c1, c2] = await Promise.all([t.user(), t.user()]);
    const results = await Promise.all(
      [c1, c2].map((u) =>
        failure(u.client.promo.redeem({ body: { locale: 'en', code: codes[0]!, eventId: ev.id } })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it('the CLI creates an event with codes (on the given database) and explains its usage', async () => {
    const lines: string[] = [];
    const database = t.server.services.database;
    await runPromoCli(
      [
        'create',
        '--name',
        'Store night',
        '--badge',
        'Regular',
        '--codes',
        '3',
        '--max-uses',
        '2',
        '--expires',
        '2030-01-01T00:00:00Z',
      ],
      { open: async () => ({ ...database, close: async () => undefined }), print: (l) => lines.push(l) },
    );
    expect(lines[0]).toMatch(/^event [0-9a-f-]{36}$/);
    const codes = lines.slice(2);
    expect(codes).toHaveLength(3);
    expect(codes.every((c) => /^[2-9A-HJKMNP-Z]{10}$/.test(c))).toBe(true);
    const eventId = lines[0]!.slice('event '.length);
    const redeemed = await alice.client.promo.redeem({ body: { locale: 'en', code: codes[0]!, eventId } });
    expect(redeemed.badge.name).toBe('Regular');
    await expect(runPromoCli(['create', '--badge', 'X'], { print: () => undefined })).rejects.toThrow(
      '--name is required',
    );
    await expect(
      runPromoCli(['create', '--name', 'N', '--badge', 'X', '--expires', 'soon'], { print: () => undefined }),
    ).rejects.toThrow(/--expires/);
  });
});
