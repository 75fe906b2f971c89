import { DEFAULT_EXCHANGE } from '../contract/asset-rules';
import { addDays } from '../domain/dates';
import { costBasisOf } from '../domain/fifo';
import { centsText } from '../domain/money';
import type { Tx } from '../db/open';
import { accountBalances, holdings, privateAssets } from '../db/schema';
import { recordOpeningLots } from '../services/portfolio/ledger';

/**
 * The demo firm's books: about a dozen stocks and two cryptos bought in several lots, three
 * venture investments, two properties and the balances. Purchase dates count back from the day
 * of seeding, so the history charts always show lots arriving.
 */
interface DemoLot {
  symbol: string;
  assetType: 'stock' | 'crypto';
  exchange?: string;
  /** [days ago, quantity, price paid] */
  lots: [number, string, string][];
}

const DEMO_LOTS: DemoLot[] = [
  {
    symbol: 'AAPL',
    assetType: 'stock',
    lots: [
      [720, '150', '171.20'],
      [410, '80', '189.45'],
      [45, '40', '226.10'],
    ],
  },
  {
    symbol: 'MSFT',
    assetType: 'stock',
    lots: [
      [690, '60', '331.75'],
      [300, '35', '402.30'],
    ],
  },
  {
    symbol: 'NVDA',
    assetType: 'stock',
    lots: [
      [600, '400', '48.90'],
      [150, '150', '118.40'],
    ],
  },
  {
    symbol: 'AMZN',
    assetType: 'stock',
    lots: [
      [540, '120', '146.85'],
      [60, '50', '197.25'],
    ],
  },
  { symbol: 'GOOGL', assetType: 'stock', lots: [[500, '140', '138.60']] },
  {
    symbol: 'META',
    assetType: 'stock',
    lots: [
      [460, '45', '352.10'],
      [75, '15', '571.80'],
    ],
  },
  {
    symbol: 'JPM',
    assetType: 'stock',
    exchange: 'NYSE',
    lots: [
      [650, '110', '151.35'],
      [200, '40', '208.90'],
    ],
  },
  { symbol: 'V', assetType: 'stock', exchange: 'NYSE', lots: [[580, '70', '248.15']] },
  {
    symbol: 'JNJ',
    assetType: 'stock',
    exchange: 'NYSE',
    lots: [
      [700, '90', '160.40'],
      [330, '60', '152.75'],
    ],
  },
  { symbol: 'KO', assetType: 'stock', exchange: 'NYSE', lots: [[760, '300', '58.30']] },
  {
    symbol: 'XOM',
    assetType: 'stock',
    exchange: 'NYSE',
    lots: [
      [620, '150', '104.65'],
      [30, '50', '117.20'],
    ],
  },
  { symbol: 'COST', assetType: 'stock', lots: [[480, '20', '712.50']] },
  {
    symbol: 'BTC',
    assetType: 'crypto',
    lots: [
      [640, '1.5', '41250.00'],
      [260, '0.75', '61820.50'],
      [20, '0.25', '64950.00'],
    ],
  },
  {
    symbol: 'ETH',
    assetType: 'crypto',
    lots: [
      [560, '12', '2280.40'],
      [120, '8', '3105.75'],
    ],
  },
];

const DEMO_VENTURES = [
  {
    name: 'Northwind Robotics (Series A)',
    description: 'Warehouse automation',
    daysAgo: 820,
    qty: '25000',
    paid: '4.00',
    last: '6.75',
    dividend: '0',
    dividendPct: '0',
  },
  {
    name: 'Harborline Health (Seed)',
    description: 'Remote cardiac monitoring',
    daysAgo: 540,
    qty: '100000',
    paid: '1.25',
    last: '1.60',
    dividend: '0',
    dividendPct: '0',
  },
  {
    name: 'Copperleaf Energy (Series B)',
    description: 'Grid-scale storage',
    daysAgo: 380,
    qty: '8000',
    paid: '18.50',
    last: '21.00',
    dividend: '6720.00',
    dividendPct: '4',
  },
];

const DEMO_PROPERTIES = [
  {
    name: 'Maple Street Duplex',
    description: 'Austin, TX',
    daysAgo: 1100,
    qty: '1',
    paid: '615000',
    last: '702000',
    total: '96600.00',
    monthly: '4600.00',
    pct: '7.863248',
  },
  {
    name: 'Riverside Commercial Unit',
    description: 'Denver, CO',
    daysAgo: 700,
    qty: '1',
    paid: '880000',
    last: '915000',
    total: '132000.00',
    monthly: '5500.00',
    pct: '7.213115',
  },
];

export const DEMO_BALANCES = { cashAvailable: '425000.00', marginDebit: '120000.00', accountsReceivable: '35000.00' };

export async function seedDemoPortfolio(tx: Tx, today: string, createdBy: { id: number; email: string } | null): Promise<void> {
  const lots = await tx
    .insert(holdings)
    .values(
      DEMO_LOTS.flatMap((d) =>
        d.lots.map(([daysAgo, qty, pricePaid]) => ({
          symbol: d.symbol,
          assetType: d.assetType,
          exchange: d.assetType === 'crypto' ? null : (d.exchange ?? DEFAULT_EXCHANGE),
          qty,
          pricePaid,
          purchaseDate: addDays(today, -daysAgo),
          costBasis: centsText(costBasisOf(qty, pricePaid)),
          createdBy: createdBy?.id ?? null,
        })),
      ),
    )
    .returning();
  await recordOpeningLots(tx, lots, createdBy ?? { id: null, email: 'system' });
  await tx.insert(privateAssets).values([
    ...DEMO_VENTURES.map((v) => ({
      kind: 'venture' as const,
      name: v.name,
      description: v.description,
      purchaseDate: addDays(today, -v.daysAgo),
      qty: v.qty,
      pricePaid: v.paid,
      lastPriceAtDate: v.last,
      lastPriceDate: addDays(today, -30),
      dividendDollar: v.dividend,
      dividendPct: v.dividendPct,
    })),
    ...DEMO_PROPERTIES.map((p) => ({
      kind: 'real_estate' as const,
      name: p.name,
      description: p.description,
      purchaseDate: addDays(today, -p.daysAgo),
      qty: p.qty,
      pricePaid: p.paid,
      lastPriceAtDate: p.last,
      lastPriceDate: addDays(today, -60),
      totalRentalIncome: p.total,
      monthlyRentalIncome: p.monthly,
      annualRentalIncomePct: p.pct,
    })),
  ]);
  await tx.insert(accountBalances).values({ id: 1, ...DEMO_BALANCES });
}
