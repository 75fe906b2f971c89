/** The firm's mark: three rising bars in a ring, drawn for this site. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <circle cx="16" cy="16" r="14.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="9" y="17" width="3.2" height="7" rx="0.6" fill="currentColor" />
      <rect x="14.4" y="13" width="3.2" height="11" rx="0.6" fill="currentColor" />
      <rect x="19.8" y="8.5" width="3.2" height="15.5" rx="0.6" fill="currentColor" />
    </svg>
  );
}
