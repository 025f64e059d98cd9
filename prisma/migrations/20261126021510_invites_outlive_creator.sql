-- Up Migration
-- Deleting a user (admin panel) deletes the invite codes they made that nobody used, in the domain; a code someone
-- registered with stays, used, with no creator, instead of vanishing with its creator's account.
ALTER TABLE "InviteCode" DROP CONSTRAINT "InviteCode_createdById_fkey";
ALTER TABLE "InviteCode" ADD CONSTRAINT "InviteCode_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
