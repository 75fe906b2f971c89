ALTER TABLE "portfolio_state" ADD COLUMN "lots_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The lots' own version (docs/decisions/0022): bumped once per transaction that changed holdings,
-- at its commit, so the engine reads them again only after such a change. A deferred constraint
-- trigger takes the portfolio_state row's lock last, when the transaction has every other lock
-- it will take, so it cannot deadlock with a writer that locked lots first; a transaction-local
-- setting keeps it to one update however many rows changed.
CREATE OR REPLACE FUNCTION holdings_changed() RETURNS trigger AS $$
BEGIN
  IF current_setting('portfolio.lots_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('portfolio.lots_bumped', txid_current()::text, true);
    INSERT INTO portfolio_state (id, version, lots_version) VALUES (1, 0, 1)
      ON CONFLICT (id) DO UPDATE SET lots_version = portfolio_state.lots_version + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holdings_lots_version
  AFTER INSERT OR UPDATE OR DELETE ON holdings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION holdings_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION holdings_truncated() RETURNS trigger AS $$
BEGIN
  INSERT INTO portfolio_state (id, version, lots_version) VALUES (1, 0, 1)
    ON CONFLICT (id) DO UPDATE SET lots_version = portfolio_state.lots_version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER holdings_truncated_lots_version
  AFTER TRUNCATE ON holdings
  FOR EACH STATEMENT EXECUTE FUNCTION holdings_truncated();
