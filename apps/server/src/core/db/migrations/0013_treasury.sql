CREATE TABLE "expense_decisions" (
	"expense_id" uuid NOT NULL,
	"leader_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_decisions_expense_id_leader_id_pk" PRIMARY KEY("expense_id","leader_id"),
	CONSTRAINT "expense_decisions_decision" CHECK ("expense_decisions"."decision" in ('approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "expense_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expense_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tribe_id" uuid NOT NULL,
	"campaign_id" uuid,
	"proposer_id" uuid,
	"amount" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payee" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"required_approvals" integer NOT NULL,
	"reference" text,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_status" CHECK ("expenses"."status" in ('proposed', 'approved', 'rejected', 'paid')),
	CONSTRAINT "expenses_amount" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_required" CHECK ("expenses"."required_approvals" between 1 and 2),
	CONSTRAINT "expenses_paid" CHECK (("expenses"."status" = 'paid') = ("expenses"."transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "expense_decisions" ADD CONSTRAINT "expense_decisions_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_decisions" ADD CONSTRAINT "expense_decisions_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_receipts_expense_idx" ON "expense_receipts" USING btree ("expense_id","position");--> statement-breakpoint
CREATE INDEX "expenses_tribe_idx" ON "expenses" USING btree ("tribe_id","created_at");--> statement-breakpoint
-- The account payouts leave to (money paid out to payees, outside the ledger's accounts).
INSERT INTO ledger_accounts (kind, owner_id, name) VALUES ('system', NULL, 'external:payouts');
