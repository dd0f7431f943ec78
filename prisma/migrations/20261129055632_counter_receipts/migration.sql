-- Issue 47: the parent may ask to be e-mailed each counter purchase.

ALTER TABLE "User" ADD COLUMN     "counterReceipts" BOOLEAN NOT NULL DEFAULT false;
