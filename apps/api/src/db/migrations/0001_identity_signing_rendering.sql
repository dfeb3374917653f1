CREATE TABLE "applicant_service_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"service" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_service_links_service" UNIQUE("applicant_id","service")
);
--> statement-breakpoint
CREATE TABLE "rendered_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"municipality_id" integer NOT NULL,
	"application_id" uuid NOT NULL,
	"procedure_id" integer NOT NULL,
	"job_id" uuid,
	"audience" text DEFAULT 'applicant' NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_ca_revocations" (
	"serial" text PRIMARY KEY NOT NULL,
	"reason" text,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_identity_cards" (
	"subject" text PRIMARY KEY NOT NULL,
	"failed_pin_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_mynaportal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text,
	"status" text DEFAULT 'created' NOT NULL,
	"result" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_oidc_store" (
	"id" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_signing_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"digests" jsonb NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"subject" text,
	"code" text,
	"result" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_signing_transactions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "self_information_sessions" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "sign_transactions" ADD COLUMN "code_verifier" text;--> statement-breakpoint
ALTER TABLE "sign_transactions" ADD COLUMN "return_to" text;--> statement-breakpoint
ALTER TABLE "applicant_service_links" ADD CONSTRAINT "applicant_service_links_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendered_documents" ADD CONSTRAINT "rendered_documents_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendered_documents" ADD CONSTRAINT "rendered_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rendered_documents_application" ON "rendered_documents" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "dev_oidc_store_grant" ON "dev_oidc_store" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "dev_oidc_store_uid" ON "dev_oidc_store" USING btree ("uid");--> statement-breakpoint
ALTER TABLE "self_information_sessions" ADD CONSTRAINT "self_information_sessions_state_unique" UNIQUE("state");