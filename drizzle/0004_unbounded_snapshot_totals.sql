ALTER TABLE "portfolio_snapshots" ALTER COLUMN "net_account_value" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "liquid_value" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "venture_value" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "real_estate_value" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "cash_available" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "margin_debit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ALTER COLUMN "accounts_receivable" SET DATA TYPE numeric;