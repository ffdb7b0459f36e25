export function Coin({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#f59e0b" />
      <circle cx="12" cy="12" r="8.5" fill="#fbbf24" stroke="#d97706" strokeWidth="1" />
      <text
        x="12"
        y="15.5"
        textAnchor="middle"
        fontSize="8.5"
        fontWeight="800"
        fill="#92400e"
        fontFamily="system-ui, sans-serif"
      >
        SP
      </text>
    </svg>
  );
}
