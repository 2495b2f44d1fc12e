/**
 * Pictures: at most 24 megapixels (413 with the catalogue's TOO_LARGE), kept in the database (every
 * instance serves every one), replaced and orphaned ones deleted with the change that drops them,
 * playgroup pictures served to members only, through signed URLs; files of earlier versions moved in.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, LIMITS } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictures } from '../../src/db/schema.js';
import { importPictureFiles } from '../../src/services/pictures.js';
import { befriend } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

const picture = async (width: number, height: number, background: string) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );

describe.each(storages())('pictures on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let groupId: string;
  /** The stored content a picture URL of this server names (undefined: not stored). */
  const stored = async (url: string) => {
    const path = new URL(url).pathname.replace(/^\/uploads\//, '');
    const [row] = await t.server.services.db.select().from(pictures).where(eq(pictures.path, path));
    return row?.content;
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    [owner, member, stranger] = await Promise.all([
      t.user({ firstname: 'Olivia' }),
      t.user({ firstname: 'Mia' }),
      t.user({ firstname: 'Sam' }),
    ]);
    await befriend(owner, member);
    const { playgroup } = await owner.client.playgroups.create({ body: { name: 'Pictured' } });
    groupId = playgroup.id;
    await owner.client.playgroups.invite({ params: { id: groupId }, body: { id: member.id } });
    await member.client.playgroups.accept({ params: { id: groupId } });
  });
  afterAll(() => t?.close());

  it('refuses a picture over 24 megapixels with the catalogue error, and takes one at the limit', async () => {
    expect(LIMITS.picturePixels.max).toBe(24_000_000);
    const big = await picture(5000, 5000, '#884422'); // 25 MP, a few KB as PNG
    expect(big.size).toBeLessThan(LIMITS.pictureBytes.max);
    for (const upload of [
      () => owner.client.user.uploadPicture({ body: { file: big } }),
      () => owner.client.playgroups.uploadPicture({ params: { id: groupId }, body: { file: big } }),
    ]) {
      const error = await upload().then(
        () => undefined,
        (e: { status: number; code: number; serverMessage: string }) => e,
      );
      expect(error).toMatchObject({ status: 413, code: ErrorCode.TOO_LARGE });
      expect(error?.serverMessage).toMatch(/5000×5000 pixels.*24 megapixels/);
    }
    const atLimit = await picture(6000, 4000, '#224488');
    const { user } = await owner.client.user.uploadPicture({ body: { file: atLimit } });
    expect(user.picture).toMatch(/\/uploads\/users\/.+\.webp$/);
  }, 60_000);

  it('deletes a replaced avatar once the new one is saved; avatars stay public and immutable', async () => {
    const first = (
      await member.client.user.uploadPicture({ body: { file: await picture(32, 32, '#ff0000') } })
    ).user.picture as string;
    expect(await stored(first)).toBeDefined();
    const second = (
      await member.client.user.uploadPicture({ body: { file: await picture(32, 32, '#00ff00') } })
    ).user.picture as string;
    expect(second).not.toBe(first);
    expect(await stored(first)).toBeUndefined();
    expect((await fetch(first)).status).toBe(404);
    expect(await stored(second)).toBeDefined();
    // The same picture again keeps it.
    await member.client.user.uploadPicture({ body: { file: await picture(32, 32, '#00ff00') } });
    expect(await stored(second)).toBeDefined();
    // Anyone may load an avatar, and caches may keep it.
    const res = await fetch(second);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // Its name ends with its content's hash: the URL never shows another picture.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await stored(second));
  });

  it('names a list revision’s author with a picture URL that loads, not the stored path', async () => {
    await owner.client.user.uploadPicture({ body: { file: await picture(64, 64, '#226688') } });
    const { list } = await owner.client.lists.create({ body: { name: 'Authored', type: 'custom' } });
    // No catalogue here: the imported card stays unresolved, which still records revisions.
    const imported = await owner.client.lists.import({
      params: { id: list.id },
      body: { content: 'Deck\n1 Not A Real Card', format: 'auto' },
    });
    const entry = (await owner.client.lists.get({ params: { id: list.id } })).entries[0];
    const removed = await owner.client.lists.removeCards({
      params: { id: list.id },
      body: { cards: [{ entryId: entry?.id ?? '' }] },
    });
    const { revisions } = await owner.client.lists.revisions({ params: { id: list.id } });
    for (const url of [
      removed.revision.author.picture,
      ...revisions.map((r) => r.author.picture),
      imported.revision?.author.picture,
    ]) {
      expect(url).toMatch(/^https?:\/\//);
      expect((await fetch(url ?? '')).status).toBe(200);
    }
  });

  it('serves a playgroup picture to members through a signed URL, to nobody without it', async () => {
    const { playgroup } = await owner.client.playgroups.uploadPicture({
      params: { id: groupId },
      body: { file: await picture(40, 40, '#3366ff') },
    });
    const url = new URL(playgroup.picture as string);
    expect(url.pathname).toMatch(/^\/uploads\/playgroups\/.+\.webp$/);
    // What a member's <img> loads: the URL of their own response, no header needed.
    const seen = (await member.client.playgroups.get({ params: { id: groupId } })).playgroup
      .picture as string;
    const ok = await fetch(seen);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/webp');
    expect(ok.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(await stored(seen));
    // The member's list of groups gives a working URL too.
    const listed = (await member.client.user.playgroups()).playgroups.find((g) => g.id === groupId);
    expect((await fetch(listed?.picture as string)).status).toBe(200);

    // A stranger cannot see the group, and the bare path (what the old public folder served) fails.
    await expect(stranger.client.playgroups.get({ params: { id: groupId } })).rejects.toMatchObject({
      status: 404,
    });
    const bare = `${url.origin}${url.pathname}`;
    expect((await fetch(bare)).status).toBe(403);
    // Tampered: another signature, a later expiry with the old signature, another file.
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') as string;
    expect(expires * 1000).toBeGreaterThan(Date.now() + 3600_000 - 1000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 2 * 3600_000);
    const tampered = [
      `${bare}?expires=${expires}&signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${bare}?expires=${expires + 3600}&signature=${signature}`,
      `${url.origin}/uploads/playgroups/${groupId}-000000000000.webp?expires=${expires}&signature=${signature}`,
    ];
    for (const u of tampered) expect((await fetch(u)).status, u).toBe(403);
    // Expired: correctly signed with the server's key, but for a time already past.
    const key = Buffer.from(
      readFileSync(join(t.server.services.env.dataDir, 'picture-url.key'), 'utf8').trim(),
      'hex',
    );
    const sign = (at: number) =>
      createHmac('sha256', key).update(`GET\n${url.pathname}\n${at}`).digest('base64url');
    expect(sign(expires)).toBe(signature); // the test signs as the server does
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await fetch(`${bare}?expires=${past}&signature=${sign(past)}`)).status).toBe(403);
    // Avatars' public folder does not serve playgroup pictures.
    expect(
      (await fetch(`${url.origin}/uploads/users/../playgroups/${url.pathname.split('/').pop()}`)).status,
    ).not.toBe(200);
  });

  it('deletes the replaced playgroup picture, and the picture of a deleted group', async () => {
    const first = (
      await owner.client.playgroups.uploadPicture({
        params: { id: groupId },
        body: { file: await picture(40, 40, '#aa0000') },
      })
    ).playgroup.picture as string;
    const second = (
      await owner.client.playgroups.uploadPicture({
        params: { id: groupId },
        body: { file: await picture(40, 40, '#00aa00') },
      })
    ).playgroup.picture as string;
    expect(await stored(first)).toBeUndefined();
    expect(await stored(second)).toBeDefined();
    expect((await fetch(first)).status).toBe(404);

    const { playgroup } = await owner.client.playgroups.create({ body: { name: 'Short-lived' } });
    const doomed = (
      await owner.client.playgroups.uploadPicture({
        params: { id: playgroup.id },
        body: { file: await picture(40, 40, '#0000aa') },
      })
    ).playgroup.picture as string;
    expect(await stored(doomed)).toBeDefined();
    await owner.client.playgroups.delete({ params: { id: playgroup.id } });
    expect(await stored(doomed)).toBeUndefined();
  });

  it('moves the picture files of earlier versions into the database, once', async () => {
    const dataDir = t.server.services.env.dataDir;
    const content = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const name = `${owner.id}-abcdef012345.webp`;
    mkdirSync(join(dataDir, 'uploads', 'users'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'users', name), content);
    // Not a stored picture's name: left alone.
    writeFileSync(join(dataDir, 'uploads', 'users', 'notes.txt'), 'x');
    expect(await importPictureFiles(t.server.services.db, dataDir)).toBe(1);
    expect(await importPictureFiles(t.server.services.db, dataDir)).toBe(0);
    const url = `${t.server.services.env.apiUrl}/uploads/users/${name}`;
    expect(await stored(url)).toEqual(content);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content);
  });
});
