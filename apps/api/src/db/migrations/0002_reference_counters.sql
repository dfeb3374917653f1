CREATE TABLE "reference_counters" (
	"municipality_id" integer NOT NULL,
	"year" integer NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reference_counters_municipality_id_year_pk" PRIMARY KEY("municipality_id","year")
);
--> statement-breakpoint
ALTER TABLE "reference_counters" ADD CONSTRAINT "reference_counters_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;