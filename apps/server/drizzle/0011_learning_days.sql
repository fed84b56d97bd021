CREATE TABLE "learning_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"guesses" integer DEFAULT 0 NOT NULL,
	"right" integer DEFAULT 0 NOT NULL,
	"new_words" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;