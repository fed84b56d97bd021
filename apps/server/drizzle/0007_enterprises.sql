CREATE TABLE "enterprise_members" (
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "enterprise_members_enterprise_id_user_id_pk" PRIMARY KEY("enterprise_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "enterprise_topics" (
	"id" uuid PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"words" jsonb NOT NULL,
	"difficulty" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_members" ADD CONSTRAINT "enterprise_members_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_members" ADD CONSTRAINT "enterprise_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_topics" ADD CONSTRAINT "enterprise_topics_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_members_user_idx" ON "enterprise_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_topics_name_idx" ON "enterprise_topics" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_name_lower_idx" ON "enterprises" USING btree (lower("name"));