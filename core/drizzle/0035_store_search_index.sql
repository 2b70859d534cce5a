-- Search moved to an in-memory index per server (docs/adr/0038): the trigram indexes have no reader left.
CREATE TABLE "store_search_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "store_search_version_one_row" CHECK ("store_search_version"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "store_products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "store_shops_search_trgm_idx";
--> statement-breakpoint
INSERT INTO "store_search_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- The version moves in the transaction that changes what search matches, so a server that
-- reads the new version and then the catalogue sees the change (docs/adr/0038).
CREATE FUNCTION store_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_search_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER store_products_search_changed AFTER INSERT OR DELETE OR UPDATE OF search_text, delisted_at ON store_products
  FOR EACH STATEMENT EXECUTE FUNCTION store_search_changed();
--> statement-breakpoint
CREATE TRIGGER store_shops_search_changed AFTER INSERT OR DELETE OR UPDATE OF search_text ON store_shops
  FOR EACH STATEMENT EXECUTE FUNCTION store_search_changed();
