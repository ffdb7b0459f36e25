import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Progress" });

export default function Page() {
  return (
    <>
      <PageHeader title="Progress" description="Your level, xp and the skills you have practised." />
      <EmptyState title="Nothing tracked yet">Complete sessions to earn xp, level up and collect badges.</EmptyState>
    </>
  );
}
