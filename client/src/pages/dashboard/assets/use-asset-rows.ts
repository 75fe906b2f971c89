import { useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { assetRowProblem, type AssetValues } from './asset-values';

/** A row typed in but not saved yet. */
export interface NewRow {
  key: number;
  values: AssetValues;
}

/** The server calls of one table, wired by its section. */
export interface AssetCalls {
  saveNew: (rows: AssetValues[]) => Promise<unknown>;
  update: (id: number, values: AssetValues) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** SPEC §8's message for a failed save of new rows. */
  saveFailed: (error: unknown) => string;
}

export const UPDATE_FAILED = 'Failed to update asset';
export const DELETE_FAILED = 'Failed to delete asset';

/**
 * SPEC §4's asset row states: new rows stay unsaved until 'Save …' posts them all; saved rows are
 * read-only until the pencil opens them, and their save sends an update and closes them again.
 * Deleting an unsaved row only drops it here; deleting a saved row asks the server.
 */
export function useAssetRows(blank: AssetValues, calls: AssetCalls) {
  const notify = useToast();
  const nextKey = useRef(1);
  const [newRows, setNewRows] = useState<NewRow[]>([]);
  const [editing, setEditing] = useState<Record<number, AssetValues>>({});
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, failure: (error: unknown) => string): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (error) {
      console.error(error);
      notify.error(failure(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    newRows,
    editing,
    busy,
    addRow: () => setNewRows((rows) => [...rows, { key: nextKey.current++, values: { ...blank } }]),
    changeNew: (key: number, field: string, value: string) =>
      setNewRows((rows) => rows.map((row) => (row.key === key ? { ...row, values: { ...row.values, [field]: value } } : row))),
    dropNew: (key: number) => setNewRows((rows) => rows.filter((row) => row.key !== key)),
    startEdit: (id: number, values: AssetValues) => setEditing((all) => ({ ...all, [id]: values })),
    changeEdit: (id: number, field: string, value: string) =>
      setEditing((all) => (all[id] ? { ...all, [id]: { ...all[id], [field]: value } } : all)),
    async saveNew(): Promise<void> {
      const problem = newRows.map((row) => assetRowProblem(row.values)).find((p) => p !== null);
      if (problem) return notify.error(problem);
      const ok = await run(() => calls.saveNew(newRows.map((row) => row.values)), calls.saveFailed);
      if (ok) setNewRows([]);
    },
    async saveEdit(id: number): Promise<void> {
      const values = editing[id];
      if (!values) return;
      const problem = assetRowProblem(values);
      if (problem) return notify.error(problem);
      const ok = await run(() => calls.update(id, values), () => UPDATE_FAILED);
      if (ok)
        setEditing((all) => {
          const { [id]: _saved, ...rest } = all;
          return rest;
        });
    },
    async remove(id: number): Promise<boolean> {
      return run(() => calls.remove(id), () => DELETE_FAILED);
    },
  };
}

export type AssetRows = ReturnType<typeof useAssetRows>;
