ALTER TABLE "application_answers" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "registry_residents" ADD COLUMN "household_id" text;--> statement-breakpoint
ALTER TABLE "registry_residents" ADD COLUMN "relationship_to_head" text;--> statement-breakpoint
ALTER TABLE "registry_residents" ADD COLUMN "registered_domicile" text;--> statement-breakpoint
ALTER TABLE "registry_residents" ADD COLUMN "registered_domicile_head" text;--> statement-breakpoint
ALTER TABLE "registry_residents" ADD COLUMN "public_funds_account" jsonb;--> statement-breakpoint
CREATE INDEX "registry_residents_household" ON "registry_residents" USING btree ("municipality_id","household_id");