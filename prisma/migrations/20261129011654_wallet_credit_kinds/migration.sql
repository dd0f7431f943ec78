-- Issue 47, the family wallet: money paid in (topup), a sale at the canteen counter (counter),
-- and credit held for a payout the parent asked for (withdrawal). Labels are only ever added, so
-- the IMMUTABLE text cast of CreditKind stays true.

ALTER TYPE "CreditKind" ADD VALUE 'topup';
ALTER TYPE "CreditKind" ADD VALUE 'counter';
ALTER TYPE "CreditKind" ADD VALUE 'withdrawal';
