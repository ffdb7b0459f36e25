import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Matches" });

export default function Page() {
  return (
    <>
      <PageHeader title="Matches" description="Members who teach what you want to learn, and want to learn what you teach." />
      <EmptyState title="No matches yet">Matching arrives with skills on profiles. Soon you will find members to swap skills with here.</EmptyState>
    </>
  );
}
