ALTER TABLE "documents" ADD COLUMN "duplicate_key" text;--> statement-breakpoint
CREATE INDEX "documents_duplicates" ON "documents" USING btree ("municipality_id","procedure_id","duplicate_key") WHERE "documents"."duplicate_key" is not null and "documents"."status" in ('received', 'in_progress', 'remanded', 'resubmitted');--> statement-breakpoint
-- Custom (INCLUDE), as in 0012: the deadline sort within a status reads its index in either direction
-- without stepping over the settled documents' null deadlines (bench/staff; decision 0019).
CREATE INDEX IF NOT EXISTS "documents_status_due" ON "documents" USING btree ("municipality_id","status","due_at","id") INCLUDE ("department_id","applicant_name","applicant_name_kana");
