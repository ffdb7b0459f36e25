import { Link } from "@remix-run/react";
import type { BoardCard } from "~/features/board/read.server";

function priceText(price: BoardCard["price"]): string {
  if (price.kind === "swap") return price.swapSkillLabel ? `Swap for ${price.swapSkillLabel}` : "Swap";
  return price.kind === "per_hour" ? `${price.sp} SP an hour` : `${price.sp} SP`;
}

/** The three open board posts that fit the member best, or a way to the board when none do. */
export function BoardWidget({ posts }: { posts: BoardCard[] }) {
  if (posts.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No open posts for your skills yet.{" "}
        <Link to="/board" className="font-medium text-brand-700 underline">
          Browse the board
        </Link>{" "}
        or post what you can give or are looking for.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100" data-testid="board-widget">
      {posts.map((p) => (
        <li key={p.id} className="py-2 first:pt-0 last:pb-0">
          <Link to={`/board/${p.id}`} className="group block min-w-0">
            <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              {p.type === "need" ? "Need" : "Offer"} · <bdi>{p.skillLabel}</bdi>
            </span>
            <span className="block break-words font-medium text-slate-900 group-hover:underline">{p.title}</span>
            <span className="block text-xs text-slate-600">
              <bdi>{p.poster.fullName}</bdi> · {priceText(p.price)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
