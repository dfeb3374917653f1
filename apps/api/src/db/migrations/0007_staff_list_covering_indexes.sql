-- Custom migration (drizzle cannot declare INCLUDE): the staff list's filters answered from the index
-- alone. Status, department and received range are the key; the name columns ride along so the text
-- filter and the count need no table rows (bench/staff: p95 of the filtered list).
CREATE INDEX IF NOT EXISTS "documents_filter_department" ON "documents" USING btree ("municipality_id","department_id","status","received_at") INCLUDE ("id","applicant_name","applicant_name_kana");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_filter_status" ON "documents" USING btree ("municipality_id","status","received_at") INCLUDE ("id","department_id","applicant_name","applicant_name_kana");
