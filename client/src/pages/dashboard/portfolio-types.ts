import type { Role } from '@contract/roles';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** The dashboards' data, as the server's procedures answer it. */
export type Holding = Outputs['portfolio']['holdings']['list'][number];
export type Prediction = Outputs['portfolio']['market']['predictions'][number];
export type Balances = Outputs['portfolio']['balances']['get'];
export type MarketTile = Outputs['portfolio']['market']['summary'][number];
export type VentureAsset = Outputs['assets']['venture']['list'][number];
export type RealEstateAsset = Outputs['assets']['realEstate']['list'][number];
export type NewHoldingInput = Inputs['portfolio']['holdings']['add'];
export type SaleInput = Inputs['portfolio']['holdings']['sell'];

/**
 * The portfolio engine's figures as the dashboards load them (portfolio.positions): every money
 * figure is exact decimal text; each position says how many lots it has, and a symbol's lots are
 * loaded when it is opened (portfolio.lots, docs/decisions/0025 "Later: lots sent on open").
 */
export type PortfolioValuation = Outputs['portfolio']['positions'];
export type Position = PortfolioValuation['positions'][number];
export type PositionLot = Outputs['portfolio']['lots'][number];
/** Every figure with every lot, as API consumers read it (portfolio.valuation). */
export type FullValuation = Outputs['portfolio']['valuation'];
export type AssetFigures = PortfolioValuation['ventures'][number];
export type PortfolioTotals = PortfolioValuation['totals'];
export type LiveQuote = PortfolioValuation['quotes'][string];

/** What the page may do: GPs edit, LPs read. */
export type DashboardRole = Role;

/** The Returns panel: per period, and a period's daily rows when asked. */
export type ReturnsOutput = Outputs['portfolio']['returns'];
export type ReturnPeriod = ReturnsOutput['periods'][number];
