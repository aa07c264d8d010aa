-- The capacity a decision on an expense was taken in (decision 023): a leader's, a moderator's standing in for
-- missing leaders, or the proposer's own approval as the only one left who can give it. Earlier rows were leaders'.
ALTER TABLE "expense_decisions" ADD COLUMN "role" text DEFAULT 'leader' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_decisions" ADD CONSTRAINT "expense_decisions_role" CHECK ("expense_decisions"."role" in ('leader', 'moderator', 'proposer'));