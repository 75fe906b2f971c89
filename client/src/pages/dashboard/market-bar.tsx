import { trpc } from '../../api/trpc';
import { isUsMarketOpen, MARKET_CLOSED } from '@domain/market-hours';
import { formatMoney, formatPercent, formatQuoteTime, formatSignedMoney, toneOf } from '../../lib/format';
import type { MarketTile } from './portfolio-types';
import { DASHBOARD_FRESH_MS } from '../../api/prefetch-dashboard';
import { MARKET_REFRESH_MS } from './refresh';
import './market-bar.css';

/** Each index opens its quote page on Yahoo Finance (^GSPC is written %5EGSPC there). */
export function indexQuoteUrl(symbol: string): string {
  return `https://finance.yahoo.com/quote/${encodeURIComponent(symbol)}`;
}

/** The server's three indices (Dow, S&P, Nasdaq): the placeholder keeps their space. */
const MARKET_INDEX_COUNT = [0, 1, 2];

/** The tiles' place while loading: the same grid with invisible tiles, so nothing moves when they arrive. */
function MarketBarPlaceholder() {
  return (
    <div className="market-bar market-bar--pending" aria-hidden="true">
      <ul className="market-bar__list">
        {MARKET_INDEX_COUNT.map((i) => (
          <li key={i}>
            <span className="market-tile">
              <span className="market-tile__name">&nbsp;</span>
              <span className="market-tile__figures">
                <span className="market-tile__price">&nbsp;</span>
              </span>
              {/* The quote's time line too: without it each tile grew by a line when the figures came. */}
              <span className="market-tile__time">&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product.md §2's market bar: one tile per index, hidden while loading (its space kept), refreshed every 120 s. */
export function MarketBar() {
  const summary = trpc.portfolio.market.summary.useQuery(undefined, { staleTime: DASHBOARD_FRESH_MS, refetchInterval: MARKET_REFRESH_MS });
  const tiles = summary.data;
  if (summary.isPending) return <MarketBarPlaceholder />;
  if (!tiles || tiles.length === 0) return null;
  return (
    <nav className="market-bar" aria-label="Market indices">
      <ul className="market-bar__list">
        {tiles.map((tile) => (
          <li key={tile.symbol}>
            <MarketTileLink tile={tile} closed={!isUsMarketOpen(new Date())} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tile says when its price was set and, outside US market hours, that the market is closed. */
function MarketTileLink({ tile, closed }: { tile: MarketTile; closed: boolean }) {
  const tone = toneOf(tile.changePct);
  const arrow = tile.changePct < 0 ? '▼' : '▲';
  return (
    <a className={`market-tile market-tile--${tone}`} href={indexQuoteUrl(tile.symbol)} target="_blank" rel="noopener noreferrer">
      <span className="market-tile__name">{tile.name}</span>
      <span className="market-tile__figures">
        <span className="market-tile__change">
          <span aria-hidden="true">{arrow} </span>
          <span className="visually-hidden">{tile.changePct < 0 ? 'down' : 'up'} </span>
          {formatPercent(tile.changePct, { signed: true })}
        </span>
        <span className="market-tile__price">{formatMoney(tile.price)}</span>
        <span className="market-tile__delta">{formatSignedMoney(tile.change)}</span>
      </span>
      <span className="market-tile__time">
        {formatQuoteTime(tile.quoteAsOf)}
        {closed && <span className="market-tile__closed"> · {MARKET_CLOSED}</span>}
      </span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
