/** The Plus badge (decision 017): shown on a subscriber's public page and on /subscriptions. "Plus" is the plan's name, a proper name: never translated. */
export function PlusBadge() {
  return (
    <span
      className="inline-flex items-center rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white"
      data-testid="plus-badge"
      translate="no"
    >
      Plus
    </span>
  );
}
