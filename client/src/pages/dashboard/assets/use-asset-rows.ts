import { useRef, useState } from 'react';
import { useToast } from '../../../lib/notify';
import type { AssetKind } from './asset-kind';
import type { CommonValues, FieldKey } from './asset-values';
import { rowProblem } from './row-problems';
import { bookDateProblem } from '@contract/book-dates';
import { isCalendarDay } from '@domain/dates';

/** A row typed in but not saved yet. */
export interface NewRow<Values> {
  key: number;
  values: Values;
}

/** The server calls of one table, wired by its section. */
export interface AssetCalls<Values> {
  saveNew: (rows: Values[]) => Promise<unknown>;
  update: (id: number, values: Values) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** docs/product.md §8's message for a failed save of new rows. */
  saveFailed: (error: unknown) => string;
}

/** The fields of a row the row rule refused, with each one's hint; rows are 'new-<key>' or 'saved-<id>'. */
export type FieldProblems<Values> = Partial<Record<FieldKey<Values>, string>>;

/** A table's rows as they are typed, and what its buttons do. */
export interface AssetRows<Values> {
  newRows: NewRow<Values>[];
  editing: Partial<Record<number, Values>>;
  problems: Partial<Record<string, FieldProblems<Values>>>;
  busy: boolean;
  addRow: () => void;
  changeNew: (key: number, field: FieldKey<Values>, value: string) => void;
  dropNew: (key: number) => void;
  startEdit: (id: number, values: Values) => void;
  changeEdit: (id: number, field: FieldKey<Values>, value: string) => void;
  saveNew: () => Promise<void>;
  saveEdit: (id: number) => Promise<void>;
  remove: (id: number) => Promise<boolean>;
}

export const UPDATE_FAILED = 'Failed to update asset';
export const DELETE_FAILED = 'Failed to delete asset';

export const newRowId = (key: number) => `new-${key}`;
export const savedRowId = (id: number) => `saved-${id}`;

/**
 * docs/product.md §4's asset row states: new rows stay unsaved until 'Save …' posts them all; saved rows are
 * read-only until the pencil opens them, and their save sends an update and closes them again.
 * Deleting an unsaved row only drops it here; deleting a saved row asks the server. Before a save,
 * each row is checked against the contract's row schema; the fields it refuses are marked until
 * they change.
 */
export function useAssetRows<Asset extends { id: number; name: string }, Values extends CommonValues>(
  kind: AssetKind<Asset, Values>,
  calls: AssetCalls<Values>,
): AssetRows<Values> {
  const notify = useToast();
  const nextKey = useRef(1);
  const [newRows, setNewRows] = useState<NewRow<Values>[]>([]);
  const [editing, setEditing] = useState<Partial<Record<number, Values>>>({});
  const [problems, setProblems] = useState<Partial<Record<string, FieldProblems<Values>>>>({});
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

  /** Checks rows; marks the fields refused, and answers the first row's message (null when all pass). */
  const check = async (rows: { id: string; values: Values }[]): Promise<string | null> => {
    const schema = await kind.rowInput();
    const now = new Date();
    const found = rows.map((row) => {
      // The books' date rule (no day after today in New York), on a date the schema reads as one.
      const day = row.values.purchase_date.trim();
      const more = { purchase_date: isCalendarDay(day) ? bookDateProblem(day, now) : null } as Partial<
        Record<FieldKey<Values>, string | null>
      >;
      return { id: row.id, problem: rowProblem(schema, kind.payload(row.values), kind.labels, more) };
    });
    setProblems((all) => ({ ...all, ...Object.fromEntries(found.map(({ id, problem }) => [id, problem?.fields ?? {}])) }));
    return found.find((f) => f.problem !== null)?.problem?.message ?? null;
  };

  const clearProblem = (rowId: string, field: FieldKey<Values>) =>
    setProblems((all) => {
      const row = all[rowId];
      if (!row?.[field]) return all;
      const { [field]: _fixed, ...rest } = row;
      return { ...all, [rowId]: rest as FieldProblems<Values> };
    });

  return {
    newRows,
    editing,
    problems,
    busy,
    addRow: () => setNewRows((rows) => [...rows, { key: nextKey.current++, values: { ...kind.blank } }]),
    changeNew: (key: number, field: FieldKey<Values>, value: string) => {
      clearProblem(newRowId(key), field);
      setNewRows((rows) => rows.map((row) => (row.key === key ? { ...row, values: { ...row.values, [field]: value } } : row)));
    },
    dropNew: (key: number) => setNewRows((rows) => rows.filter((row) => row.key !== key)),
    startEdit: (id: number, values: Values) => setEditing((all) => ({ ...all, [id]: values })),
    changeEdit: (id: number, field: FieldKey<Values>, value: string) => {
      clearProblem(savedRowId(id), field);
      setEditing((all) => {
        const draft = all[id];
        return draft ? { ...all, [id]: { ...draft, [field]: value } } : all;
      });
    },
    async saveNew(): Promise<void> {
      const problem = await check(newRows.map((row) => ({ id: newRowId(row.key), values: row.values })));
      if (problem) return notify.error(problem);
      const ok = await run(() => calls.saveNew(newRows.map((row) => row.values)), calls.saveFailed);
      if (!ok) return;
      setNewRows([]);
      // A success replaces the last refusal's toast, and says which figures were saved as 0.
      notify.success(
        savedMessage(
          newRows.map((row) => row.values),
          kind.labels,
        ),
      );
    },
    async saveEdit(id: number): Promise<void> {
      const values = editing[id];
      if (!values) return;
      const problem = await check([{ id: savedRowId(id), values }]);
      if (problem) return notify.error(problem);
      const ok = await run(
        () => calls.update(id, values),
        () => UPDATE_FAILED,
      );
      if (!ok) return;
      setEditing((all) => {
        const { [id]: _saved, ...rest } = all;
        return rest;
      });
      notify.success(savedMessage([values], kind.labels));
    },
    async remove(id: number): Promise<boolean> {
      return run(
        () => calls.remove(id),
        () => DELETE_FAILED,
      );
    },
  };
}

/** The figures docs/product.md §5 saves as 0 when they are left blank. */
const ZERO_WHEN_BLANK = ['qty', 'price_paid', 'last_price_at_date'] as const;

/** "Saved Harborline Health. Qty and Last Price $ were blank and are saved as 0." */
export function savedMessage<Values extends CommonValues>(rows: Values[], labels: Record<FieldKey<Values>, string>): string {
  const names = rows.map((row) => row.name.trim());
  const blank = ZERO_WHEN_BLANK.filter((field) => rows.some((row) => /^-?$/.test(row[field].replace(/,/g, '').trim())));
  const list = blank.map((field) => labels[field as FieldKey<Values>]);
  const which = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '');
  const zeros = which ? ` ${which} ${list.length > 1 ? 'were' : 'was'} blank and ${list.length > 1 ? 'are' : 'is'} saved as 0.` : '';
  return `Saved ${names.join(', ')}.${zeros}`;
}
