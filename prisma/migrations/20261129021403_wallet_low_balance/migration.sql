-- Issue 47, the wallet: the balance below which a spend sends the parent one message a day, and
-- the school day the last one went.

ALTER TABLE "User" ADD COLUMN "lowBalanceNotifiedOn" DATE,
ADD COLUMN "lowBalanceThreshold" DECIMAL(10,2);
