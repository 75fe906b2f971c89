ALTER TABLE "holdings" ADD COLUMN "print" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each lot's print (docs/decisions/0022): a 64-bit hash of what the engine reads of it, set here
-- whatever the writer sends, so that a symbol's fingerprint is a sum over a narrow column instead
-- of an md5 of every lot's fields as text, computed at each read after a change of the lots.
CREATE OR REPLACE FUNCTION holding_print(h holdings) RETURNS bigint AS $$
  SELECT hashtextextended(concat_ws(' ', h.id, h.symbol, h.asset_type, coalesce(h.exchange, '-'), h.qty, h.price_paid,
    h.cost_basis, to_char(h.purchase_date, 'YYYY-MM-DD')), 0)
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION holdings_print() RETURNS trigger AS $$
BEGIN
  NEW.print := holding_print(NEW);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER holdings_print
  BEFORE INSERT OR UPDATE ON holdings
  FOR EACH ROW EXECUTE FUNCTION holdings_print();
--> statement-breakpoint
UPDATE holdings SET print = holding_print(holdings);
