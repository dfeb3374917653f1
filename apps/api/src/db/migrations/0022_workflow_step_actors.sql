ALTER TABLE "workflow_details" ADD COLUMN "acted_by" uuid;--> statement-breakpoint
ALTER TABLE "workflow_details" ADD COLUMN "acted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_details" ADD CONSTRAINT "workflow_details_acted_by_staff_accounts_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_details_open_assignee" ON "workflow_details" USING btree ("user_id","document_id","sequence") WHERE "workflow_details"."status" not in ('approved', 'skipped');