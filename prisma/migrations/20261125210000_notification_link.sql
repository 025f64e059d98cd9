-- Up Migration
-- A notification's action link (a password reset's, when e-mail is off), apart from its text.
ALTER TABLE "Notification" ADD COLUMN "link" TEXT;
