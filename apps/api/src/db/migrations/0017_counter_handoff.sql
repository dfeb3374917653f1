CREATE TABLE "counter_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"municipality_id" integer NOT NULL,
	"application_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"issued_by_staff_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_staff_id" uuid,
	"used_by_applicant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_handoffs_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "counter_handoffs_code" UNIQUE("municipality_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "counter_check" jsonb;--> statement-breakpoint
ALTER TABLE "counter_handoffs" ADD CONSTRAINT "counter_handoffs_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handoffs" ADD CONSTRAINT "counter_handoffs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handoffs" ADD CONSTRAINT "counter_handoffs_issued_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("issued_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handoffs" ADD CONSTRAINT "counter_handoffs_used_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("used_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_handoffs" ADD CONSTRAINT "counter_handoffs_used_by_applicant_id_applicants_id_fk" FOREIGN KEY ("used_by_applicant_id") REFERENCES "public"."applicants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_handoffs_application" ON "counter_handoffs" USING btree ("application_id");