import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Calendar" });

export default function Page() {
  return (
    <>
      <PageHeader title="Calendar" description="Your booked sessions and availability." />
      <EmptyState title="No sessions yet">Sessions you book or teach will appear here, with reminders before they start.</EmptyState>
    </>
  );
}
