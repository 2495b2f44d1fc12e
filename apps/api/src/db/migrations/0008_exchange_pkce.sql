-- Mobile sign-in codes are bound to a PKCE challenge (S256): the app that asked for the code proves
-- it with the matching code_verifier when it redeems it. Codes issued before have an empty challenge,
-- which no verifier matches (a challenge is 43 characters): they can no longer be redeemed.
ALTER TABLE "exchange_codes" ADD COLUMN "code_challenge" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_codes" ALTER COLUMN "code_challenge" DROP DEFAULT;
