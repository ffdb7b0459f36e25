import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState } from "~/components/page-header";
import { PlainPage } from "~/components/plain-page";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Discussions", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Discuss() {
  return (
    <PlainPage title="Discussions">
      <EmptyState title="No discussion open">Open a discussion from the Community page to read and reply here.</EmptyState>
    </PlainPage>
  );
}
