import { useMemo, useState } from 'react';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CsvExportButton } from '../../../components/csv-export-button';
import { useToast } from '../../../lib/notify';
import { formatCalendarDate, formatQuantity } from '../../../lib/format';
import { AddInvestmentDialog } from './add-investment-dialog';
import { CorporateActionsDialog } from '../corporate-actions/corporate-actions-dialog';
import type { DashboardRole, PortfolioTotals, PortfolioValuation, Prediction } from '../portfolio-types';
import { useRefreshPortfolio } from '../use-portfolio';
import { holdingsRows, type HoldingRow } from './holdings-rows';
import { HoldingsTable } from './holdings-table';
import { SellDialog, type SellTarget } from './sell-dialog';
import '../../../styles/portal-page.css';

export const DELETE_LOT_FAILED = 'Failed to delete the purchase lot.';

interface HoldingsSectionProps {
  role: DashboardRole;
  valuation: PortfolioValuation;
  predictions: readonly Prediction[];
}

/** The Liquid Assets heading, its table and, for GPs, '+ Investment', the symbols' Sell and the lots' trash buttons. */
export function HoldingsSection({ role, valuation, predictions }: HoldingsSectionProps) {
  const rows = useMemo(() => holdingsRows(valuation, predictions), [valuation, predictions]);
  const [adding, setAdding] = useState(false);
  const [actions, setActions] = useState(false);
  return (
    <section className="dashboard__section" aria-labelledby="liquid-heading">
      <div className="section-header">
        <h2 id="liquid-heading" className="section-header__title">
          Liquid Assets
        </h2>
        <div className="section-header__actions">
          <CsvExportButton path="/api/export/holdings.csv" fileName="holdings.csv" label="Liquid Assets" />
          {role === 'GP' && (
            <>
              <button type="button" className="button button--secondary button--small" onClick={() => setActions(true)}>
                Corporate Actions
              </button>
              <button type="button" className="button button--primary button--small" onClick={() => setAdding(true)}>
                + Investment
              </button>
            </>
          )}
        </div>
      </div>
      {role === 'GP' ? (
        <EditableLiquidTable rows={rows} totals={valuation.totals} />
      ) : (
        <HoldingsTable rows={rows} totals={valuation.totals} role="LP" />
      )}
      {role === 'GP' && <AddInvestmentDialog open={adding} onClose={() => setAdding(false)} />}
      {role === 'GP' && <CorporateActionsDialog open={actions} onClose={() => setActions(false)} />}
    </section>
  );
}

function EditableLiquidTable({ rows, totals }: { rows: HoldingRow[]; totals: PortfolioTotals }) {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const deleteLot = trpc.portfolio.holdings.remove.useMutation();
  const [pending, setPending] = useState<HoldingRow | null>(null);
  const [selling, setSelling] = useState<SellTarget | null>(null);

  const confirm = () => {
    const lot = pending;
    setPending(null);
    if (lot?.lotId == null) return;
    deleteLot.mutate(
      { id: lot.lotId },
      {
        onSuccess: async (answer) => {
          await refresh();
          notify.success(answer.message);
        },
        onError: (error) => {
          console.error(error);
          notify.error(messageOf(error, DELETE_LOT_FAILED));
        },
      },
    );
  };

  return (
    <>
      <HoldingsTable
        rows={rows}
        totals={totals}
        role="GP"
        onDeleteLot={setPending}
        onSell={(row) => row.position && setSelling({ position: row.position, lastPrice: row.lastPrice })}
      />
      <ConfirmDialog
        open={pending !== null}
        title="Delete purchase lot"
        question={
          pending
            ? `Delete the ${pending.symbol} lot of ${formatQuantity(pending.qty)} bought on ${formatCalendarDate(pending.purchaseDate)}? This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        busy={deleteLot.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
      <SellDialog target={selling} cashAvailable={totals.cashAvailable} onClose={() => setSelling(null)} />
    </>
  );
}
