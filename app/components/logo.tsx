/** The name is a proper name (translate="no"). The mark is drawn by `.logo-mark` in tailwind.css: one element where an <svg> was three (decision 166). `compactBelow400`: on the narrowest phones only the mark shows, so the header keeps its controls on screen. */
export function Logo({ className = "", compactBelow400 = false }: { className?: string; compactBelow400?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <span aria-hidden="true" className="logo-mark h-8 w-8" />
      <span translate="no" className={`text-lg text-slate-900 ${compactBelow400 ? "max-[399px]:sr-only" : ""}`}>
        Skill<span className="text-brand-600">Swap</span>
      </span>
    </span>
  );
}
