CREATE TABLE "notification_codes" (
	"municipality_id" integer NOT NULL,
	"applicant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_codes_municipality_id_applicant_id_pk" PRIMARY KEY("municipality_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"municipality_id" integer NOT NULL,
	"applicant_id" uuid NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"events" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_municipality_id_applicant_id_pk" PRIMARY KEY("municipality_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"municipality_id" integer NOT NULL,
	"applicant_id" uuid NOT NULL,
	"application_id" uuid,
	"document_id" uuid,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail_to" text,
	"mail_status" text DEFAULT 'none' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_at" timestamp with time zone,
	"mail_claimed_until" timestamp with time zone,
	"mail_sent_at" timestamp with time zone,
	"mail_error" text,
	CONSTRAINT "notifications_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "notification_codes" ADD CONSTRAINT "notification_codes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_codes" ADD CONSTRAINT "notification_codes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_applicant" ON "notifications" USING btree ("municipality_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_document" ON "notifications" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "notifications_application" ON "notifications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "notifications_outbox" ON "notifications" USING btree ("mail_next_at") WHERE "notifications"."mail_status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "applications_drafts" ON "applications" USING btree ("updated_at") WHERE "applications"."status" = 'draft';