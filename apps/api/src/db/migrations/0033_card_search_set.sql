-- card_search by set (see cardSearch in db/catalogue.ts): `set:`, `e:`, `s:` read a set's printings
-- through it, where they read every row of card_search.
CREATE INDEX "card_search_set" ON "card_search" USING btree ("set");