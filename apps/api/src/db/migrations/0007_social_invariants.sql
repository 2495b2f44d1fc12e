-- Social invariants held by the database whatever the order of requests: at most one owner per
-- playgroup, and one friendship or friend request per pair of users, whichever way it was asked.
-- Written by hand. Races before this migration may have left duplicates; they are resolved first,
-- deterministically, so that the unique indexes build on a database that holds data.
--
-- Friendships: of the rows of one unordered pair, an accepted one is kept before a pending one (a
-- friendship is never lost to a request), then the earliest (created_at, then requester_id); the
-- others are deleted.
DELETE FROM "friendships" AS f
USING (
  SELECT "requester_id", "addressee_id",
    row_number() OVER (
      PARTITION BY least("requester_id", "addressee_id"), greatest("requester_id", "addressee_id")
      ORDER BY ("status" = 'accepted') DESC, "created_at", "requester_id"
    ) AS "rank"
  FROM "friendships"
) AS d
WHERE f."requester_id" = d."requester_id" AND f."addressee_id" = d."addressee_id" AND d."rank" > 1;--> statement-breakpoint
-- Playgroups: of several owners, the one the group names (playgroups.owner_id, the last transfer to
-- commit) stays owner, else the earliest to join (joined_at, created_at, then user_id); the others
-- become admins, as a transfer leaves its former owner.
UPDATE "playgroup_members" AS m
SET "role" = 'admin'
FROM (
  SELECT pm."playgroup_id", pm."user_id",
    row_number() OVER (
      PARTITION BY pm."playgroup_id"
      ORDER BY (pm."user_id" = g."owner_id") DESC, pm."joined_at" NULLS LAST, pm."created_at", pm."user_id"
    ) AS "rank"
  FROM "playgroup_members" AS pm
  JOIN "playgroups" AS g ON g."id" = pm."playgroup_id"
  WHERE pm."role" = 'owner'
) AS d
WHERE m."playgroup_id" = d."playgroup_id" AND m."user_id" = d."user_id" AND d."rank" > 1;--> statement-breakpoint
-- The group names the owner that remains.
UPDATE "playgroups" AS g
SET "owner_id" = m."user_id"
FROM "playgroup_members" AS m
WHERE m."playgroup_id" = g."id" AND m."role" = 'owner' AND g."owner_id" <> m."user_id";--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair" ON "friendships" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "playgroup_members_one_owner" ON "playgroup_members" USING btree ("playgroup_id") WHERE "playgroup_members"."role" = 'owner';
