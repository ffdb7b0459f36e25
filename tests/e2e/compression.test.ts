import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./support/test";

/**
 * The production server gzips what is worth it (server.mjs): pages, and any answer that is still
 * streaming, but not a small answer that is whole at once (an action's result, a short error),
 * which costs more to compress than it saves (issue 13: gzip was the largest cost of a chat send).
 */

/** GET with Accept-Encoding: gzip, the body as the bytes on the wire (fetch would decode it). */
function getGzipped(baseURL: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(path, baseURL), { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

test("a page is sent gzipped", async ({ baseURL }) => {
  const response = await getGzipped(baseURL!, "/");
  expect(response.status).toBe(200);
  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(response.headers.vary).toContain("Accept-Encoding");
  expect(gunzipSync(response.body).toString("utf8")).toContain("SkillSwap");
});

test("a small answer is sent as it is, with its length", async ({ baseURL }) => {
  const response = await getGzipped(baseURL!, "/api/live?feeds=wallet");
  expect(response.status).toBe(401);
  expect(response.headers["content-encoding"]).toBeUndefined();
  expect(Number(response.headers["content-length"])).toBe(response.body.byteLength);
  expect(JSON.parse(response.body.toString("utf8"))).toEqual({ error: "Not authenticated" });
});
