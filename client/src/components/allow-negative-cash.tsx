import { ALLOW_NEGATIVE_CASH_LABEL } from '@contract/balances-rules';

/**
 * The box that lets a movement of cash take Cash Available below zero (margin). Unticked, the
 * server refuses any such movement with Cash Available before and after.
 */
export function AllowNegativeCash({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {ALLOW_NEGATIVE_CASH_LABEL}
    </label>
  );
}
