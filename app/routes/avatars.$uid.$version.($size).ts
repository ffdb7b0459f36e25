import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFiles } from "~/engine/index.server";
import { pictureKey } from "~/features/members/avatar.server";
import { DEFAULT_PICTURE_SIZE, isPictureSize } from "~/features/members/picture";

/**
 * A member's picture at one of its sizes (`/avatars/{uid}/{version}/{64|128|256|512}`; without a
 * size, 256). Each upload has its own URL, so it may be cached for good. What is served was
 * re-encoded on upload and carries no metadata (decision 027).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const uid = params.uid ?? "";
  const version = params.version ?? "";
  const size = params.size === undefined ? DEFAULT_PICTURE_SIZE : Number(params.size);
  if (
    !/^[A-Za-z0-9-]{1,128}$/.test(uid) ||
    !/^[0-9a-z]{1,20}$/.test(version) ||
    !/^\d{2,3}$/.test(params.size ?? "256") ||
    !isPictureSize(size)
  )
    return new Response("Not found", { status: 404 });
  const file = await (await getFiles()).get(pictureKey(uid, version, size));
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
