export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-base font-semibold tracking-tight">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" className="text-brand-600">
        <path d="M4 6h6l4 6-4 6H4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M14 12h6M17 8l3 4-3 4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Switchyard
    </span>
  );
}
