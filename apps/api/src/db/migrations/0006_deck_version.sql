-- Decks carry a version, bumped by every write; an edit may send it back as expectedVersion and gets a
-- 409 with the current version when the deck moved on. Existing decks start at version 1.
ALTER TABLE "decks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
