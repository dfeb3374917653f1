ALTER TABLE "procedures" ADD COLUMN "processing_days" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
-- Custom (drizzle cannot declare INCLUDE), as in 0007: the deadline sort and the overdue filter answered
-- from the index alone, per department and for the whole municipality (bench/staff; decision 0019).
CREATE INDEX IF NOT EXISTS "documents_due_department" ON "documents" USING btree ("municipality_id","department_id","due_at","id") INCLUDE ("status","applicant_name","applicant_name_kana");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_due" ON "documents" USING btree ("municipality_id","due_at","id") INCLUDE ("department_id","status","applicant_name","applicant_name_kana");
