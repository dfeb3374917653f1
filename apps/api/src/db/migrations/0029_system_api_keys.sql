CREATE TABLE "system_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" text NOT NULL,
	"procedure_codes" text[] NOT NULL,
	"access" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"allowed_cidrs" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "system_api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_api_keys" ADD CONSTRAINT "system_api_keys_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_api_keys" ADD CONSTRAINT "system_api_keys_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_api_keys_municipality" ON "system_api_keys" USING btree ("municipality_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_changes" ON "documents" USING btree ("municipality_id","change_xid","id");--> statement-breakpoint
CREATE FUNCTION "documents_change_xid_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The writing transaction: the pull API serves only those finished before its read began (decision 0057).
  NEW."change_xid" := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_change_xid" BEFORE INSERT OR UPDATE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "documents_change_xid_set"();
