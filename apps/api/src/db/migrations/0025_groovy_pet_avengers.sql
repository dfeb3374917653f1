CREATE TABLE "file_disposals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procedures" ADD COLUMN "retention_years" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "legal_hold_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_legal_hold_by_staff_accounts_id_fk" FOREIGN KEY ("legal_hold_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_disposal" ON "documents" USING btree ("finished_at") WHERE "documents"."finished_at" is not null and "documents"."legal_hold_at" is null;--> statement-breakpoint
-- Documents finished before this migration: their last change, at or after the finish, so none is kept shorter.
UPDATE "documents" SET "finished_at" = "updated_at" WHERE "status" IN ('completed', 'rejected', 'withdrawn') AND "finished_at" IS NULL;
