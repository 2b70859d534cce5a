CREATE TABLE "database_instance" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "database_instance_singleton" CHECK ("database_instance"."singleton")
);
