// Small line icons of the application centre (presentation attributes only: strict CSP).
export function ChevronDownIcon() {
  return (
    <svg className="icon-chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg className="icon-search" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M13.2 13.2L17 17" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function ExitIcon() {
  return (
    <svg className="icon-exit" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M12 6l4 4-4 4M16 10H8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The empty-state drawing: an empty tray of app tiles. */
export function EmptyTrayIcon() {
  return (
    <svg className="empty-art" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      <rect x="10" y="44" width="100" height="28" rx="6" fill="currentColor" opacity="0.08" />
      <rect x="24" y="14" width="22" height="22" rx="5" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 3" opacity="0.45" />
      <rect x="49" y="8" width="22" height="22" rx="5" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 3" opacity="0.3" />
      <rect x="74" y="14" width="22" height="22" rx="5" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 3" opacity="0.45" />
      <path d="M10 50h26l6 8h36l6-8h26" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.5" strokeLinejoin="round" />
    </svg>
  );
}
