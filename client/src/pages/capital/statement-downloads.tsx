import { useId, useState } from 'react';
import { downloadFile, DownloadError } from '../../api/download';
import { useToast } from '../../lib/notify';

/** The quarters from the one capital accounts started in to the one under way, newest first. */
export function quartersSince(startDate: string | null, today: Date = new Date()): string[] {
  const year = today.getUTCFullYear();
  const quarter = Math.floor(today.getUTCMonth() / 3) + 1;
  const [fromYear, fromQuarter] = startDate
    ? [Number(startDate.slice(0, 4)), Math.floor((Number(startDate.slice(5, 7)) - 1) / 3) + 1]
    : [year, quarter];
  const out: string[] = [];
  let [y, q] = [year, quarter];
  while ((y > fromYear || (y === fromYear && q >= fromQuarter)) && out.length < 40) {
    out.push(`${y}-Q${q}`);
    if (q === 1) {
      q = 4;
      y -= 1;
    } else q -= 1;
  }
  return out;
}

/** A quarter to choose and the statement as PDF or CSV; a GP names the LP with userId. */
export function StatementDownloads({ startDate, userId }: { startDate: string | null; userId?: number }) {
  const notify = useToast();
  const selectId = useId();
  const quarters = quartersSince(startDate);
  const [quarter, setQuarter] = useState(quarters[0] ?? '');
  const [busy, setBusy] = useState(false);
  const download = async (extension: 'pdf' | 'csv') => {
    setBusy(true);
    const query = `quarter=${encodeURIComponent(quarter)}${userId ? `&userId=${userId}` : ''}`;
    try {
      await downloadFile(`/api/capital-account/statement.${extension}?${query}`, `capital-statement-${quarter}.${extension}`);
    } catch (error) {
      notify.error(error instanceof DownloadError ? error.message : 'The statement could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="capital-statements">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Quarterly statement
        </label>
        <select id={selectId} className="field__input" value={quarter} onChange={(e) => setQuarter(e.target.value)}>
          {quarters.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button--outline" disabled={busy || !quarter} onClick={() => void download('pdf')}>
        Download PDF
      </button>
      <button type="button" className="button button--outline" disabled={busy || !quarter} onClick={() => void download('csv')}>
        Download CSV
      </button>
    </div>
  );
}
