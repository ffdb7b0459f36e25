/** The name is a proper name (translate="no"). `compactBelow400`: on the narrowest phones only the mark shows, so the header keeps its controls on screen. */
export function Logo({ className = "", compactBelow400 = false }: { className?: string; compactBelow400?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#1d5cee" />
        <path
          d="M10 12h9.5a3 3 0 0 1 0 6H13l3-3M22 20h-9.5a3 3 0 0 1 0-6"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span translate="no" className={`text-lg text-slate-900 ${compactBelow400 ? "max-[399px]:sr-only" : ""}`}>
        Skill<span className="text-brand-600">Swap</span>
      </span>
    </span>
  );
}
