import type { Role } from '@contract/roles';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** The dashboards' data, as the server's procedures answer it. */
export type Holding = Outputs['portfolio']['holdings'][number];
export type Prediction = Outputs['portfolio']['predictions'][number];
export type Balances = Outputs['portfolio']['balances'];
export type MarketTile = Outputs['portfolio']['marketSummary'][number];
export type HistoryDay = Outputs['portfolio']['history']['days'][number];
export type VentureAsset = Outputs['assets']['venture']['list'][number];
export type RealEstateAsset = Outputs['assets']['realEstate']['list'][number];
export type NewHoldingInput = Inputs['portfolio']['addHolding'];
export type SaleInput = Inputs['portfolio']['sell'];

/** The portfolio engine's figures: every money figure is exact decimal text. */
export type PortfolioValuation = Outputs['portfolio']['valuation'];
export type Position = PortfolioValuation['positions'][number];
export type PositionLot = Position['lots'][number];
export type AssetFigures = PortfolioValuation['ventures'][number];
export type PortfolioTotals = PortfolioValuation['totals'];
export type LiveQuote = PortfolioValuation['quotes'][string];

/** What the page may do: GPs edit, LPs read. */
export type DashboardRole = Role;
