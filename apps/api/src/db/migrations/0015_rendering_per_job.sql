-- A render job retried after a crash stored its rows again: keep each job's newest row per procedure.
DELETE FROM "rendered_documents" a USING "rendered_documents" b
  WHERE a."job_id" IS NOT NULL AND a."job_id" = b."job_id" AND a."procedure_id" = b."procedure_id"
    AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "rendered_documents_job_procedure" ON "rendered_documents" USING btree ("job_id","procedure_id");
