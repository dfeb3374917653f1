CREATE TABLE "configuration_reflections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "configuration_reflections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"municipality_id" integer NOT NULL,
	"procedure_group_id" integer NOT NULL,
	"version" integer NOT NULL,
	"reflected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reflected_by" text
);
--> statement-breakpoint
ALTER TABLE "configuration_reflections" ADD CONSTRAINT "configuration_reflections_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration_reflections" ADD CONSTRAINT "configuration_reflections_procedure_group_id_procedure_groups_id_fk" FOREIGN KEY ("procedure_group_id") REFERENCES "public"."procedure_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configuration_reflections_group" ON "configuration_reflections" USING btree ("procedure_group_id","id");