CREATE TABLE "funnel_counts" (
	"municipality_id" integer NOT NULL,
	"procedure_group_id" integer NOT NULL,
	"configuration_version" integer NOT NULL,
	"step" text NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_counts_municipality_id_procedure_group_id_configuration_version_step_pk" PRIMARY KEY("municipality_id","procedure_group_id","configuration_version","step")
);
--> statement-breakpoint
CREATE TABLE "funnel_marks" (
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	CONSTRAINT "funnel_marks_application_id_step_pk" PRIMARY KEY("application_id","step")
);
--> statement-breakpoint
ALTER TABLE "funnel_counts" ADD CONSTRAINT "funnel_counts_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_counts" ADD CONSTRAINT "funnel_counts_procedure_group_id_procedure_groups_id_fk" FOREIGN KEY ("procedure_group_id") REFERENCES "public"."procedure_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_marks" ADD CONSTRAINT "funnel_marks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;