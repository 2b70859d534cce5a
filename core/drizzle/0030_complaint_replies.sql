ALTER TABLE "store_complaints" ADD COLUMN "replied_by" uuid;--> statement-breakpoint
ALTER TABLE "store_complaints" ADD CONSTRAINT "store_complaints_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_complaints" ADD CONSTRAINT "store_complaints_status_check" CHECK (case "store_complaints"."status"
        when 'open' then "store_complaints"."reply" is null and "store_complaints"."replied_at" is null
        when 'answered' then "store_complaints"."reply" is not null and "store_complaints"."replied_at" is not null and "store_complaints"."replied_by" is not null
        when 'closed' then "store_complaints"."reply" is not null and "store_complaints"."replied_at" is not null and "store_complaints"."replied_by" is not null
        else false end);