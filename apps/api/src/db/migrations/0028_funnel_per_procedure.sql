CREATE TABLE "funnel_procedure_counts" (
	"municipality_id" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"configuration_version" integer NOT NULL,
	"step" text NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_procedure_counts_municipality_id_procedure_id_configuration_version_step_pk" PRIMARY KEY("municipality_id","procedure_id","configuration_version","step")
);
--> statement-breakpoint
ALTER TABLE "funnel_procedure_counts" ADD CONSTRAINT "funnel_procedure_counts_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_procedure_counts" ADD CONSTRAINT "funnel_procedure_counts_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;