import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFiles } from "~/engine/index.server";
import { avatarKey } from "~/features/members/avatar.server";

/** A member's uploaded picture. Each upload has its own URL, so it may be cached for good. */
export async function loader({ params }: LoaderFunctionArgs) {
  const uid = params.uid ?? "";
  const version = params.version ?? "";
  if (!/^[A-Za-z0-9-]{1,128}$/.test(uid) || !/^[0-9a-z]{1,20}$/.test(version))
    return new Response("Not found", { status: 404 });
  const file = await (await getFiles()).get(avatarKey(uid, version));
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
