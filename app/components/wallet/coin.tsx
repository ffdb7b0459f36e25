/** The SP coin: its drawing is `.coin` in tailwind.css, one element where an <svg> was four (decision 166). */
export function Coin({ className = "h-5 w-5" }: { className?: string }) {
  return <span aria-hidden="true" className={`coin ${className}`} />;
}
