import { trpc } from '../../api/trpc';
import { isUsMarketOpen, MARKET_CLOSED } from '../../../../server/src/domain/market-hours';
import { formatMoney, formatPercent, formatQuoteTime, formatSignedMoney, toneOf } from '../../lib/format';
import type { MarketTile } from './portfolio-types';
import { MARKET_REFRESH_MS } from './refresh';

/** Each index opens its quote page on Yahoo Finance (^GSPC is written %5EGSPC there). */
export function indexQuoteUrl(symbol: string): string {
  return `https://finance.yahoo.com/quote/${encodeURIComponent(symbol)}`;
}

/** SPEC §2's market bar: one tile per index, hidden while loading, refreshed every 120 s. */
export function MarketBar() {
  const summary = trpc.portfolio.marketSummary.useQuery(undefined, { refetchInterval: MARKET_REFRESH_MS });
  const tiles = summary.data;
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
