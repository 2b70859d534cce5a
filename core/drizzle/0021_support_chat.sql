CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"user_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"locale" text NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "support_conversations_read_check" CHECK ("support_conversations"."user_read_seq" between 0 and "support_conversations"."last_seq" and "support_conversations"."staff_read_seq" between 0 and "support_conversations"."last_seq")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"text" text,
	"picture_id" uuid,
	"client_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq"),
	CONSTRAINT "support_messages_client_key_unique" UNIQUE("conversation_id","client_key"),
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('user', 'staff')),
	CONSTRAINT "support_messages_content_check" CHECK ("support_messages"."text" is not null or "support_messages"."picture_id" is not null),
	CONSTRAINT "support_messages_staff_check" CHECK (("support_messages"."author" = 'staff') = ("support_messages"."staff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_picture_id_support_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."support_pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_pictures" ADD CONSTRAINT "support_pictures_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_latest_idx" ON "support_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_agent_idx" ON "support_conversations" USING btree ("agent_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_pictures_conversation_idx" ON "support_pictures" USING btree ("conversation_id");