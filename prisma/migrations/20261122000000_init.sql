-- Up Migration
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TYPE "Role" AS ENUM ('user', 'admin');
CREATE TYPE "NotificationType" AS ENUM (
  'welcome', 'onboarding_tools', 'onboarding_pdf', 'keyboard_shortcuts', 'password_reset',
  'comment_mention', 'share_mention', 'new_follower', 'comment_on_share', 'digest'
);

CREATE TABLE "User" (
  "id" UUID NOT NULL,
  "username" CITEXT NOT NULL,
  "email" CITEXT NOT NULL,
  "displayName" VARCHAR(50),
  "avatarUrl" TEXT,
  "passwordHash" TEXT NOT NULL,
  "role" "Role" NOT NULL DEFAULT 'user',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt");

CREATE TABLE "Session" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "tokenHash" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastUsedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

CREATE TABLE "InviteCode" (
  "id" UUID NOT NULL,
  "code" TEXT NOT NULL,
  "createdById" UUID,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "usedAt" TIMESTAMPTZ(3),
  "usedById" UUID,
  CONSTRAINT "InviteCode_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "InviteCode_code_key" ON "InviteCode"("code");
CREATE UNIQUE INDEX "InviteCode_usedById_key" ON "InviteCode"("usedById");
CREATE INDEX "InviteCode_createdById_createdAt_idx" ON "InviteCode"("createdById", "createdAt");

CREATE TABLE "PasswordResetToken" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "tokenHash" TEXT NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "usedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

CREATE TABLE "rate_limits" (
  "key" VARCHAR(255) NOT NULL,
  "points" INTEGER NOT NULL DEFAULT 0,
  "expire" BIGINT,
  CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "Feed" (
  "id" UUID NOT NULL,
  "url" TEXT NOT NULL,
  "title" TEXT NOT NULL DEFAULT '',
  "description" TEXT NOT NULL DEFAULT '',
  "siteUrl" TEXT,
  "etag" TEXT,
  "lastModified" TEXT,
  "lastFetchedAt" TIMESTAMPTZ(3),
  "nextFetchAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "fetchError" TEXT,
  "errorCount" INTEGER NOT NULL DEFAULT 0,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Feed_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Feed_url_key" ON "Feed"("url");
CREATE INDEX "Feed_nextFetchAt_idx" ON "Feed"("nextFetchAt");

CREATE TABLE "Folder" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "name" VARCHAR(100) NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Folder_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Folder_userId_name_key" ON "Folder"("userId", "name");

CREATE TABLE "Subscription" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "folderId" UUID,
  "title" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Subscription_userId_feedId_key" ON "Subscription"("userId", "feedId");
CREATE INDEX "Subscription_feedId_idx" ON "Subscription"("feedId");
CREATE INDEX "Subscription_folderId_idx" ON "Subscription"("folderId");

CREATE TABLE "Article" (
  "id" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "guid" TEXT NOT NULL,
  "url" TEXT,
  "title" TEXT NOT NULL DEFAULT '',
  "author" TEXT,
  "excerpt" TEXT NOT NULL DEFAULT '',
  "content" TEXT NOT NULL DEFAULT '',
  "imageUrl" TEXT,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Article_feedId_guid_key" ON "Article"("feedId", "guid");
CREATE INDEX "Article_feedId_publishedAt_id_idx" ON "Article"("feedId", "publishedAt" DESC, "id" DESC);
CREATE INDEX "Article_publishedAt_id_idx" ON "Article"("publishedAt" DESC, "id" DESC);

CREATE TABLE "ArticleState" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "isRead" BOOLEAN NOT NULL DEFAULT false,
  "readAt" TIMESTAMPTZ(3),
  "isLiked" BOOLEAN NOT NULL DEFAULT false,
  "likedAt" TIMESTAMPTZ(3),
  "starred" BOOLEAN NOT NULL DEFAULT false,
  "starredAt" TIMESTAMPTZ(3),
  CONSTRAINT "ArticleState_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "ArticleState_articleId_isLiked_idx" ON "ArticleState"("articleId", "isLiked");
CREATE INDEX "ArticleState_userId_isLiked_likedAt_idx" ON "ArticleState"("userId", "isLiked", "likedAt");

CREATE TABLE "Comment" (
  "id" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "content" VARCHAR(5000) NOT NULL,
  "links" JSONB NOT NULL DEFAULT '[]',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Comment_articleId_createdAt_idx" ON "Comment"("articleId", "createdAt" DESC);
CREATE INDEX "Comment_userId_idx" ON "Comment"("userId");

CREATE TABLE "Share" (
  "id" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "note" VARCHAR(1000),
  "isPublic" BOOLEAN NOT NULL DEFAULT false,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Share_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Share_userId_articleId_key" ON "Share"("userId", "articleId");
CREATE INDEX "Share_userId_createdAt_id_idx" ON "Share"("userId", "createdAt" DESC, "id" DESC);
CREATE INDEX "Share_articleId_idx" ON "Share"("articleId");
CREATE INDEX "Share_isPublic_createdAt_idx" ON "Share"("isPublic", "createdAt" DESC);

CREATE TABLE "Follow" (
  "followerId" UUID NOT NULL,
  "followingId" UUID NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Follow_pkey" PRIMARY KEY ("followerId", "followingId")
);
CREATE INDEX "Follow_followingId_idx" ON "Follow"("followingId");

CREATE TABLE "Notification" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "type" "NotificationType" NOT NULL,
  "content" TEXT NOT NULL,
  "read" BOOLEAN NOT NULL DEFAULT false,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "fromUserId" UUID,
  "shareId" UUID,
  "commentId" UUID,
  CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Notification_userId_createdAt_id_idx" ON "Notification"("userId", "createdAt" DESC, "id" DESC);
CREATE INDEX "Notification_userId_read_idx" ON "Notification"("userId", "read");
CREATE INDEX "Notification_fromUserId_idx" ON "Notification"("fromUserId");
CREATE INDEX "Notification_shareId_idx" ON "Notification"("shareId");
CREATE INDEX "Notification_commentId_idx" ON "Notification"("commentId");

ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "InviteCode" ADD CONSTRAINT "InviteCode_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "InviteCode" ADD CONSTRAINT "InviteCode_usedById_fkey" FOREIGN KEY ("usedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Folder" ADD CONSTRAINT "Folder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Article" ADD CONSTRAINT "Article_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ArticleState" ADD CONSTRAINT "ArticleState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ArticleState" ADD CONSTRAINT "ArticleState_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Share" ADD CONSTRAINT "Share_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Share" ADD CONSTRAINT "Share_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Follow" ADD CONSTRAINT "Follow_followerId_fkey" FOREIGN KEY ("followerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Follow" ADD CONSTRAINT "Follow_followingId_fkey" FOREIGN KEY ("followingId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_fromUserId_fkey" FOREIGN KEY ("fromUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "Share"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Down Migration
DROP TABLE "Notification", "Follow", "Share", "Comment", "ArticleState", "Article", "Subscription", "Folder",
  "Feed", "rate_limits", "PasswordResetToken", "InviteCode", "Session", "User";
DROP TYPE "NotificationType";
DROP TYPE "Role";
