import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Saved Profiles" });

export default function Page() {
  return (
    <>
      <PageHeader title="Saved Profiles" description="Members you saved to come back to." />
      <EmptyState title="No saved profiles yet">Save members from your matches to find them here quickly.</EmptyState>
    </>
  );
}
