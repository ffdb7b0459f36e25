import { describe, expect, it } from "vitest";
import { checkCollectionPath, parseDocPath, segmentCount } from "./paths.server";

/** The rules as they were written before decision 204, with split and join: the reference. */
function splitReference(p: string, kind: string): string[] {
  if (typeof p !== "string" || p === "") throw new Error(`Invalid ${kind} path: ${JSON.stringify(p)}`);
  const segments = p.split("/");
  if (segments.some((s) => s === "")) throw new Error(`Invalid ${kind} path "${p}": empty segment`);
  return segments;
}

const outcome = (run: () => unknown) => {
  try {
    return { value: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const paths = [
  "users/u1",
  "chats/a_b/messages/m1",
  "chats",
  "chats/a_b/messages",
  "a/b/c/d/e/f",
  "",
  "/",
  "//",
  "/users/u1",
  "users/u1/",
  "users//u1",
  "a/b//c/d",
  "users/u 1/x/ü",
  "a",
  "a/",
  "/a",
];

describe("document and collection paths without split (decision 204)", () => {
  it("counts, parses and refuses every path as the split rules did, with the same messages", () => {
    for (const p of [...paths, 42 as unknown as string, undefined as unknown as string]) {
      expect(
        outcome(() => segmentCount(p, "document")),
        String(p),
      ).toEqual(outcome(() => splitReference(p, "document").length));
      expect(
        outcome(() => parseDocPath(p)),
        String(p),
      ).toEqual(
        outcome(() => {
          const segments = splitReference(p, "document");
          if (segments.length % 2 !== 0)
            throw new Error(`Invalid document path "${p}": it needs an even number of segments (collection/id)`);
          return { path: p, parent: segments.slice(0, -1).join("/"), id: segments[segments.length - 1] };
        }),
      );
      expect(
        outcome(() => checkCollectionPath(p)),
        String(p),
      ).toEqual(
        outcome(() => {
          if (splitReference(p, "collection").length % 2 !== 1)
            throw new Error(`Invalid collection path "${p}": it needs an odd number of segments`);
        }),
      );
    }
  });
});
