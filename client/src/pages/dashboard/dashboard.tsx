import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { ActivityLink } from '../../components/activity-link';
import { DashboardSkeleton } from '../../components/dashboard-skeleton';
import { ErrorBoundary } from '../../components/error-boundary';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AssistantPanel } from './assistant/assistant-panel';
import { AssetSection } from './assets/asset-section';
import { REAL_ESTATE_KIND } from './assets/real-estate-kind';
import { VENTURE_KIND } from './assets/venture-kind';
import { BalancesPanel, balanceTexts } from './balances-panel';
import { PortfolioCharts } from '../../components/charts/portfolio-charts';
import { ChatIcon } from './icons';
import { HoldingsSection } from './holdings/holdings-section';
import { MarketBar } from './market-bar';
import { allocationParts } from './portfolio-figures';
import type { DashboardRole } from './portfolio-types';
import { PriceNote } from './price-note';
import { ReturnsPanel } from './returns/returns-panel';
import { StatCards } from './stat-cards';
import { usePortfolio } from './use-portfolio';
import '../../styles/portal-page.css';
import './dashboard.css';

const ASSISTANT_ID = 'ai-assistant';
/** What the dashboard has shown so far (see the stages below). */
const Stage = { Intro: 0, FirstScreen: 1, Charts: 2, Holdings: 3, Assets: 4, Balances: 5 } as const;

/** docs/product.md §2's GP and LP dashboards: the same page, with the GP's editing and assistant. */
export function Dashboard({ role, intro, introReady = true }: { role: DashboardRole; intro?: ReactNode; introReady?: boolean }) {
  const title = role === 'GP' ? 'GP Dashboard' : 'LP Dashboard';
  useDocumentTitle(title);
  const loaded = usePortfolio({ predictions: role === 'GP' });
  // The figures' first arrival renders in a transition, which React splits into short slices:
  // The page stays responsive (no long task) while it is built. Later refreshes and the answers
  // to a write render at once, as before, so a form shows the saved figure with the rest.
  const firstArrival = useDeferredValue(loaded.portfolio);
  const portfolio = firstArrival === null ? null : loaded.portfolio;
  const failed = loaded.failed;
  // The page is built in stages, each in a transition of its own: the intro (the LP's capital
  // account), the figures, the charts, the holdings, venture and real estate, the balances. No single commit
  // (which React cannot split) builds the whole page: on a slow phone each commit is one long task.
  // Each stage adds below what is there, so nothing on screen moves.
  const [stage, setStage] = useState<number>(intro ? Stage.Intro : Stage.FirstScreen);
  useEffect(() => {
    // The first screen waits for the intro's data: arriving after it, the intro would push it down.
    if (portfolio && (stage > Stage.Intro || introReady) && stage < Stage.Balances) startTransition(() => setStage((shown) => shown + 1));
  }, [portfolio, stage, introReady]);
  const [chatOpen, setChatOpen] = useState(false);
  const editable = role === 'GP';

  return (
    <div className="page dashboard">
      <MarketBar />
      <header className="dashboard__header">
        <h1 className="page__title dashboard__title">{title}</h1>
        <ActivityLink />
        {role === 'GP' && (
          <button
            type="button"
            className={`button ${chatOpen ? 'button--secondary' : 'button--outline'} chat-toggle`}
            aria-expanded={chatOpen}
            aria-controls={ASSISTANT_ID}
            onClick={() => setChatOpen((open) => !open)}
          >
            <ChatIcon />
            {chatOpen ? 'Close Chatbot' : 'Open Chatbot'}
          </button>
        )}
      </header>
      {role === 'GP' && chatOpen && <AssistantPanel id={ASSISTANT_ID} />}
      {/* With the figures, whose batch brings its data too: appearing before them, it would push them down. */}
      {portfolio && intro}
      {!portfolio ? (
        failed ? (
          <p className="dashboard__status dashboard__status--error" role="alert">
            The portfolio could not be loaded. Please reload the page.
          </p>
        ) : (
          <DashboardSkeleton />
        )
      ) : (
        stage >= Stage.FirstScreen && (
          <>
            <PriceNote quotes={Object.values(portfolio.valuation.quotes)} />
            <StatCards totals={portfolio.valuation.totals} />
            {stage >= Stage.Charts ? (
              <ErrorBoundary fallback={<p className="dashboard__status charts-placeholder">The charts could not be shown.</p>}>
                <PortfolioCharts parts={allocationParts(portfolio.valuation.totals)} />
              </ErrorBoundary>
            ) : (
              <div className="charts-placeholder" aria-hidden="true" />
            )}
            {stage >= Stage.Holdings ? (
              <>
                <HoldingsSection role={role} valuation={portfolio.valuation} predictions={portfolio.predictions} />
                {stage >= Stage.Assets && (
                  <>
                    <AssetSection
                      kind={VENTURE_KIND}
                      assets={portfolio.ventures}
                      figures={portfolio.valuation.ventures}
                      totals={portfolio.valuation.totals}
                      editable={editable}
                    />
                    <AssetSection
                      kind={REAL_ESTATE_KIND}
                      assets={portfolio.properties}
                      figures={portfolio.valuation.properties}
                      totals={portfolio.valuation.totals}
                      editable={editable}
                    />
                  </>
                )}
                {stage >= Stage.Balances && (
                  <>
                    <BalancesPanel balances={balanceTexts(portfolio.valuation.totals)} editable={editable} />
                    {/* Last on the page: loading after the rest, it moves nothing below it. */}
                    <ErrorBoundary fallback={<p className="returns__status">The returns could not be shown.</p>}>
                      <ReturnsPanel />
                    </ErrorBoundary>
                  </>
                )}
              </>
            ) : (
              <div className="dashboard__tables-pending" aria-hidden="true" />
            )}
          </>
        )
      )}
    </div>
  );
}
