import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Subscriptions", matches });

export default function Page() {
  return (
    <>
      <PageHeader title="Subscriptions" description="Plans and recurring SP packs." />
      <EmptyState title="No subscriptions">You have no active subscriptions. Top up SP from the wallet in the header whenever you need more.</EmptyState>
    </>
  );
}
