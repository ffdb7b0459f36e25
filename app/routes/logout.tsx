import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/features/auth/auth.server";
import { assertSameOrigin } from "~/utils/origin.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return logout(request);
}

// Signing out changes state, so it is a POST; a GET just goes back.
export function loader() {
  return redirect("/dashboard");
}
