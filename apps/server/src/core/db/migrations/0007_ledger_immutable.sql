-- Transfers are history: once written they are never changed or removed, by any code path.
CREATE OR REPLACE FUNCTION ledger_transfers_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, owner_id, name) VALUES ('system', NULL, 'external:sandbox'), ('system', NULL, 'external:stripe');
