import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings } from '../../src/db/schema';
import { serializedOf } from '../../src/platform/serialized';
import { createPortfolioEngine, type PortfolioEngine } from '../../src/services/portfolio/engine';
import { portfolioChanged } from '../../src/services/portfolio/ledger';
import { createHarness, type Harness } from '../support/harness';
import { setQuote } from '../support/books';

// A full collection on demand, to see what the engine still holds of the views before.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The engine keeps the view it serves and what the next may reuse, not every view it ever made. */
describe('the engine’s memory', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness('pglite');
    await setQuote(h, 'MEMO', '10.00');
  });
  afterAll(() => h.close());

  const buyLot = async (qty: string) => {
    await h.database.db
      .insert(holdings)
      .values({ symbol: 'MEMO', assetType: 'stock', qty, pricePaid: '9', costBasis: '9.00', purchaseDate: '2025-02-03' });
    await portfolioChanged(h.database.db);
  };

  /** The view now, its holdings JSON written as a reader would ask for it; only a weak reference leaves. */
  const viewWithBody = async (engine: PortfolioEngine): Promise<WeakRef<object>> => {
    const view = await engine.current();
    expect(serializedOf(view.holdings)?.body.length).toBeGreaterThan(2);
    return new WeakRef(view);
  };

  it('lets a view go once the lots have changed since, its holdings JSON written or not', async () => {
    const engine = createPortfolioEngine({ db: h.database.db, now: h.clock.now });
    try {
      await buyLot('1');
      const first = await viewWithBody(engine);
      // Three changes of the lots, each view's JSON written: each new list's JSON must not hold the view before it.
      for (const qty of ['2', '3', '4']) {
        await buyLot(qty);
        await viewWithBody(engine);
      }
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(first.deref()).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});
