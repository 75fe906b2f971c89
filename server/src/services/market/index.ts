/** Chooses the market-data provider named by MARKET_DATA_PROVIDER. */
import type { MarketDataProvider } from './provider';
import { createSimulatedProvider } from './simulated';
import { createYahooProvider } from './yahoo';

export type MarketDataProviderName = 'simulated' | 'yahoo';

export function createMarketDataProvider(name: MarketDataProviderName): MarketDataProvider {
  switch (name) {
    case 'simulated':
      return createSimulatedProvider();
    case 'yahoo':
      return createYahooProvider();
  }
}
