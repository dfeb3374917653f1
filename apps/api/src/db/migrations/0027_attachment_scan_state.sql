ALTER TABLE "attachments" ADD COLUMN "scan_state" text DEFAULT 'clean' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "scan_claimed_at" timestamp with time zone;