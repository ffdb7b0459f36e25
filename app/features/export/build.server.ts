/**
 * Builds the member's data archive (issue 32, decision 042) into the FileStore as a stream:
 * README.html, each area as JSON and CSV, and the member's pictures. Every area is read page by
 * page and written row by row, so memory stays flat however large the history.
 */
import type { FileStore } from "~/engine/files/types";
import { getUser } from "~/documents/users";
import { csvLine } from "~/utils/csv";
import { PICTURE_ROUTE, PICTURE_SIZES } from "~/features/members/picture";
import { pictureKey } from "~/features/members/avatar.server";
import { AREAS, NameBook, walletSummary, type Area, type ExportContext } from "./areas.server";
import { readmeHtml, type ReadmeFile } from "./readme";
import { zipStream, type ZipEntry } from "./zip.server";

async function* jsonArray(area: Area, ctx: ExportContext, names: NameBook, counted?: (n: number) => void) {
  let n = 0;
  yield "[";
  for await (const row of area.rows(ctx, names)) {
    yield `${n === 0 ? "\n" : ",\n"}${JSON.stringify(row)}`;
    n++;
  }
  yield n === 0 ? "]\n" : "\n]\n";
  counted?.(n);
}

async function* csvFile(area: Area, ctx: ExportContext, names: NameBook) {
  // A byte-order mark, so spreadsheets read the file as UTF-8 (names with accents, emoji).
  yield "\uFEFF" + csvLine(area.columns);
  for await (const row of area.rows(ctx, names)) yield csvLine(area.columns.map((c) => row[c] ?? null));
}

/** The picture files of the member's current picture: `pictures/profile-{size}.webp`. */
async function pictureEntries(
  files: FileStore,
  uid: string,
  picture: string,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const match = PICTURE_ROUTE.exec(picture);
  if (!match || match[1] !== uid) return [];
  const found = await Promise.all(
    PICTURE_SIZES.map(async (size) => {
      const file = await files.get(pictureKey(uid, match[2], size));
      return file ? { name: `pictures/profile-${size}.webp`, bytes: file.bytes } : null;
    }),
  );
  return found.filter((f) => f !== null);
}

export async function buildArchive(
  ctx: ExportContext,
  files: FileStore,
  key: string,
  now = Date.now(),
): Promise<{ size: number }> {
  const names = new NameBook(ctx.store);
  const profile = await getUser(ctx.store, ctx.uid);
  const pictures = profile ? await pictureEntries(files, ctx.uid, profile.profilePicture) : [];
  const readme: ReadmeFile[] = AREAS.map((a) => ({ name: a.file, title: a.title, description: a.description }));
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const [i, area] of AREAS.entries()) {
      yield {
        name: `${area.file}.json`,
        content: jsonArray(area, ctx, names, (n) => (readme[i].rows = n)),
        modifiedAt: now,
      };
      yield { name: `${area.file}.csv`, content: csvFile(area, ctx, names), modifiedAt: now };
    }
    for (const picture of pictures)
      yield { name: picture.name, content: [picture.bytes], stored: true, modifiedAt: now };
    // Last, when every file's rows are counted.
    yield {
      name: "README.html",
      content: [
        readmeHtml({
          memberName: profile?.fullName ?? "",
          email: ctx.email,
          createdAt: now,
          balance: await walletSummary(ctx),
          files: readme,
          pictures: pictures.map((p) => p.name),
        }),
      ],
      modifiedAt: now,
    };
  }
  return files.putStream(key, zipStream(entries()), "application/zip");
}
