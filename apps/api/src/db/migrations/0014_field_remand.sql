ALTER TABLE "applications" ADD COLUMN "remand_fields" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "remand_fields" jsonb;