import { Link, useSearchParams } from "@remix-run/react";

/** Previous / Page n of m / Next for a list paged by the `page` query parameter, keeping the other filters. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="btn-secondary">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className="btn-secondary">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
