import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Chat" });

export default function Page() {
  return (
    <>
      <PageHeader title="Chat" description="Your conversations with other members." />
      <EmptyState title="No conversations yet">When you message a member, or one messages you, the conversation shows up here.</EmptyState>
    </>
  );
}
