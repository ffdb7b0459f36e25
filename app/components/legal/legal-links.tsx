import { Link } from "@remix-run/react";

/** The privacy notice and the terms, linked from the sign-in pages' footer, the legal pages and /settings. */
export function LegalLinks({ className = "" }: { className?: string }) {
  return (
    <nav aria-label="Privacy and terms" className={`flex flex-wrap justify-center gap-x-4 gap-y-1 ${className}`}>
      <Link to="/privacy" className="hover:underline">
        Privacy notice
      </Link>
      <Link to="/terms" className="hover:underline">
        Terms of use
      </Link>
    </nav>
  );
}
