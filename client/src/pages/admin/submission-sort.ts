import type { Submission } from '@contract/contact';
import { compareSortValues } from '../../components/table-sort';

export type { Submission } from '@contract/contact';

/** docs/product.md §2's sort choices, Most Recent first as the default. */
export const SUBMISSION_SORTS = [
  { id: 'recent', label: 'Most Recent' },
  { id: 'oldest', label: 'Oldest' },
  { id: 'name-asc', label: 'Name A-Z' },
  { id: 'name-desc', label: 'Name Z-A' },
  { id: 'email-asc', label: 'Email A-Z' },
  { id: 'email-desc', label: 'Email Z-A' },
] as const;

export type SubmissionSort = (typeof SUBMISSION_SORTS)[number]['id'];

const byText = (a: string, b: string) => compareSortValues('text', a, b);
const byTime = (a: Submission, b: Submission) => compareSortValues('date', a.created_at, b.created_at) || a.id - b.id;

export function sortSubmissions(list: readonly Submission[], sort: SubmissionSort): Submission[] {
  const copy = [...list];
  switch (sort) {
    case 'recent':
      return copy.sort((a, b) => byTime(b, a));
    case 'oldest':
      return copy.sort(byTime);
    case 'name-asc':
      return copy.sort((a, b) => byText(a.name, b.name));
    case 'name-desc':
      return copy.sort((a, b) => byText(b.name, a.name));
    case 'email-asc':
      return copy.sort((a, b) => byText(a.email, b.email));
    case 'email-desc':
      return copy.sort((a, b) => byText(b.email, a.email));
  }
}

export function isSubmissionSort(value: string): value is SubmissionSort {
  return SUBMISSION_SORTS.some((s) => s.id === value);
}
