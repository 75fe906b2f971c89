import { useState } from 'react';
import { DownloadError, downloadFile } from '../api/download';
import './csv-export-button.css';

interface CsvExportButtonProps {
  /** The REST path of the file, such as /api/export/holdings.csv. */
  path: string;
  fileName: string;
  /** What the file holds, for the button's accessible name ("Download Liquid Assets as CSV"). */
  label: string;
}

/** A table's "Download CSV" button: fetches the export with the session's token and saves it. */
export function CsvExportButton({ path, fileName, label }: CsvExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      await downloadFile(path, fileName);
    } catch (err) {
      console.error(`Downloading ${fileName} failed:`, err);
      setError(`Failed to download ${fileName}.${err instanceof DownloadError ? ` ${err.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--outline button--small"
        // The visible words start the accessible name (WCAG 2.5.3), which adds what is downloaded.
        aria-label={busy ? undefined : `Download CSV of ${label}`}
        onClick={() => void download()}
        disabled={busy}
      >
        {busy ? 'Downloading...' : 'Download CSV'}
      </button>
      {error && (
        <p className="csv-export__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
