CREATE TABLE "registry_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "self_information_sessions_application" ON "self_information_sessions" USING btree ("application_id","created_at");--> statement-breakpoint
INSERT INTO "registry_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "registry_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "registry_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "registry_residents_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "registry_residents"
  FOR EACH STATEMENT EXECUTE FUNCTION "registry_version_bump"();
