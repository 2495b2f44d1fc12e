/**
 * Tags: each user's own labels on games and sets, created by name when new (unique per user,
 * case-insensitive), renamed and deleted on their own.
 */
import type { AnnotationTargetValue } from '@companion/sdk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { taggings, tags } from '../db/schema.js';
import { Conflict, NotFound } from './errors.js';
import { isUuid } from './visibility.js';

export interface TagDto {
  id: string;
  name: string;
  color: string | null;
  uses?: number;
}

type TagRow = typeof tags.$inferSelect;

export const tagDto = (t: Pick<TagRow, 'id' | 'name' | 'color'>): TagDto => ({
  id: t.id,
  name: t.name,
  color: t.color,
});

/** The viewer's tags on many targets at once, by target id (sorted by name). */
export async function tagsFor(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  ids: string[],
): Promise<Map<string, TagDto[]>> {
  const out = new Map<string, TagDto[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ targetId: taggings.targetId, id: tags.id, name: tags.name, color: tags.color })
    .from(taggings)
    .innerJoin(tags, eq(tags.id, taggings.tagId))
    .where(and(eq(tags.userId, userId), eq(taggings.targetType, type), inArray(taggings.targetId, ids)))
    .orderBy(sql`lower(${tags.name})`);
  for (const r of rows) {
    const list = out.get(r.targetId) ?? [];
    list.push(tagDto(r));
    out.set(r.targetId, list);
  }
  return out;
}

/** Finds the user's tags by name, creating the missing ones (case-insensitive, first spelling wins). */
export async function ensureTags(db: Db, userId: string, names: string[]): Promise<TagRow[]> {
  const unique = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed && !unique.has(trimmed.toLowerCase())) unique.set(trimmed.toLowerCase(), trimmed);
  }
  if (unique.size === 0) return [];
  const lowered = [...unique.keys()];
  await db
    .insert(tags)
    .values([...unique.values()].map((name) => ({ userId, name })))
    .onConflictDoNothing();
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(sql`lower(${tags.name})`, lowered)));
}

/** Puts the user's tags (by name) on a target; returns the user's tags on it. */
export async function addTags(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
  names: string[],
): Promise<TagDto[]> {
  await db.transaction(async (tx) => {
    const rows = await ensureTags(tx, userId, names);
    if (rows.length) {
      await tx
        .insert(taggings)
        .values(rows.map((t) => ({ tagId: t.id, targetType: type, targetId })))
        .onConflictDoNothing();
    }
  });
  return (await tagsFor(db, userId, type, [targetId])).get(targetId) ?? [];
}

/** Makes the user's tags on a target exactly `names`. */
export async function setTags(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
  names: string[],
): Promise<void> {
  const rows = await ensureTags(db, userId, names);
  const mine = db.select({ id: tags.id }).from(tags).where(eq(tags.userId, userId));
  await db
    .delete(taggings)
    .where(
      and(eq(taggings.targetType, type), eq(taggings.targetId, targetId), inArray(taggings.tagId, mine)),
    );
  if (rows.length) {
    await db
      .insert(taggings)
      .values(rows.map((t) => ({ tagId: t.id, targetType: type, targetId })))
      .onConflictDoNothing();
  }
}

export async function removeTag(
  db: Db,
  userId: string,
  type: AnnotationTargetValue,
  targetId: string,
  tagId: string,
): Promise<TagDto[]> {
  const tag = await ownTag(db, userId, tagId);
  await db
    .delete(taggings)
    .where(and(eq(taggings.tagId, tag.id), eq(taggings.targetType, type), eq(taggings.targetId, targetId)));
  return (await tagsFor(db, userId, type, [targetId])).get(targetId) ?? [];
}

/** Removes every user's tags on targets that are being deleted. */
export async function forgetTags(db: Db, type: AnnotationTargetValue, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(taggings).where(and(eq(taggings.targetType, type), inArray(taggings.targetId, ids)));
}

async function ownTag(db: Db, userId: string, tagId: string): Promise<TagRow> {
  const [tag] = isUuid(tagId)
    ? await db
        .select()
        .from(tags)
        .where(and(eq(tags.id, tagId), eq(tags.userId, userId)))
        .limit(1)
    : [];
  if (!tag) throw new NotFound('That tag');
  return tag;
}

/** The user's tags with how many games and sets carry each, by name. */
export async function listTags(db: Db, userId: string): Promise<TagDto[]> {
  const rows = await db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      uses: sql<number>`count(${taggings.tagId})::int`,
    })
    .from(tags)
    .leftJoin(taggings, eq(taggings.tagId, tags.id))
    .where(eq(tags.userId, userId))
    .groupBy(tags.id)
    .orderBy(sql`lower(${tags.name})`, asc(tags.createdAt));
  return rows.map((r) => ({ ...tagDto(r), uses: Number(r.uses) }));
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

export async function updateTag(
  db: Db,
  userId: string,
  tagId: string,
  changes: { name?: string | undefined; color?: string | null | undefined },
): Promise<TagDto> {
  const tag = await ownTag(db, userId, tagId);
  const duplicate = () =>
    new Conflict('You already have a tag with that name.', {
      issues: [{ path: 'body.name', message: 'Already used by another of your tags' }],
    });
  if (changes.name !== undefined) {
    const [other] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.userId, userId), sql`lower(${tags.name}) = lower(${changes.name})`))
      .limit(1);
    if (other && other.id !== tag.id) throw duplicate();
  }
  const set: Partial<TagRow> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.color !== undefined) set.color = changes.color;
  if (Object.keys(set).length === 0) return { ...tagDto(tag), uses: await uses(db, tag.id) };
  try {
    const [updated] = await db.update(tags).set(set).where(eq(tags.id, tag.id)).returning();
    return { ...tagDto(updated ?? tag), uses: await uses(db, tag.id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

async function uses(db: Db, tagId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taggings)
    .where(eq(taggings.tagId, tagId));
  return Number(row?.n ?? 0);
}

export async function deleteTag(db: Db, userId: string, tagId: string): Promise<void> {
  const tag = await ownTag(db, userId, tagId);
  // taggings go with it (ON DELETE CASCADE)
  await db.delete(tags).where(eq(tags.id, tag.id));
}
