-- English of configuration texts (decision 0009): one nullable jsonb per row that has resident-facing texts.
ALTER TABLE "concierge_categories" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "concierge_options" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "concierge_options" ADD COLUMN "destination_en" jsonb;--> statement-breakpoint
ALTER TABLE "concierge_sub_categories" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "concierges" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "procedure_attaches" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "procedure_fragments" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "procedure_groups" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "procedures" ADD COLUMN "en" jsonb;--> statement-breakpoint
ALTER TABLE "standard_items" ADD COLUMN "en" jsonb;