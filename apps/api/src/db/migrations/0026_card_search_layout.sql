-- The `is:` values a layout answers (`is:dfc`, `is:split`…) read a few hundred printings through this
-- index rather than every English row (`is:dfc` over 110,000 printings: 35 against 11 ms).
CREATE INDEX "card_search_layout" ON "card_search" USING btree ("layout");