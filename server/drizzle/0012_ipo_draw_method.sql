ALTER TABLE "ipo_draws" ADD COLUMN "method" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- Draws made before the column were trimmed the old way (method 1).
UPDATE "ipo_draws" SET "method" = 1;
