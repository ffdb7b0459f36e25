import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFiles, getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { openArchive } from "~/features/export/export.server";
import { archiveFileName } from "~/features/export/rules";

/**
 * GET /settings/data/{archiveId}: the signed-in member's own data archive (issue 32), streamed.
 * Another member's archive, an expired one, a replaced one or a made-up id all answer the same
 * plain 404: the answer says nothing about whether such an archive exists.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const archiveId = params.archiveId ?? "";
  const archive = /^[0-9a-f]{32}$/.test(archiveId)
    ? await openArchive(await getStore(), await getFiles(), user.uid, archiveId)
    : null;
  if (!archive) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(archive.stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(archive.size),
      "Content-Disposition": `attachment; filename="${archiveFileName(archive.readyAt)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
