import { useMemo, useState } from 'react';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { formatCalendarDate, formatQuantity } from '../../../lib/format';
import { AddInvestmentDialog } from '../add-investment-dialog';
import type { Balances, DashboardRole, Holding, Prediction } from '../portfolio-types';
import { liquidRows, type LiquidRow } from './liquid-rows';
import { LiquidTable } from './liquid-table';

export const DELETE_LOT_FAILED = 'Failed to delete the purchase lot.';

interface LiquidSectionProps {
  role: DashboardRole;
  holdings: readonly Holding[];
  predictions: readonly Prediction[];
  balances: Balances;
}

/** The Liquid Assets heading, its table and, for GPs, '+ Investment' and the lots' trash buttons. */
export function LiquidSection({ role, holdings, predictions, balances }: LiquidSectionProps) {
  const rows = useMemo(() => liquidRows(holdings, predictions), [holdings, predictions]);
  const [adding, setAdding] = useState(false);
  return (
    <section className="dashboard__section" aria-labelledby="liquid-heading">
      <div className="section-header">
        <h2 id="liquid-heading" className="section-header__title">
          Liquid Assets
        </h2>
        {role === 'GP' && (
          <div className="section-header__actions">
            <button type="button" className="button button--primary button--small" onClick={() => setAdding(true)}>
              + Investment
            </button>
          </div>
        )}
      </div>
      {role === 'GP' ? <EditableLiquidTable rows={rows} balances={balances} /> : <LiquidTable rows={rows} balances={balances} role="LP" />}
      {role === 'GP' && <AddInvestmentDialog open={adding} onClose={() => setAdding(false)} />}
    </section>
  );
}

function EditableLiquidTable({ rows, balances }: { rows: LiquidRow[]; balances: Balances }) {
  const notify = useToast();
  const utils = trpc.useUtils();
  const deleteLot = trpc.portfolio.deleteHolding.useMutation();
  const [pending, setPending] = useState<LiquidRow | null>(null);

  const confirm = () => {
    const lot = pending;
    setPending(null);
    if (lot?.lotId == null) return;
    deleteLot.mutate(
      { id: lot.lotId },
      {
        onSuccess: async (answer) => {
          await Promise.all([utils.portfolio.holdings.invalidate(), utils.portfolio.predictions.invalidate()]);
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
      <LiquidTable rows={rows} balances={balances} role="GP" onDeleteLot={setPending} />
      <ConfirmDialog
        open={pending !== null}
        title="Delete purchase lot"
        question={pending ? `Delete the ${pending.symbol} lot of ${formatQuantity(pending.qty)} bought on ${formatCalendarDate(pending.purchaseDate)}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        busy={deleteLot.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}
