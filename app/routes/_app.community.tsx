import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Community", matches });

export default function Page() {
  return (
    <>
      <PageHeader title="Community" description="Talk with other members about learning and teaching." />
      <EmptyState title="The community is quiet">Discussions will appear here. Be the first to start one when the forum opens.</EmptyState>
    </>
  );
}
