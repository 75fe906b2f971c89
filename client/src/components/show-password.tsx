/** The 'Show Password' checkbox of the login and sign-up forms. */
export function ShowPassword({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Show Password
    </label>
  );
}
