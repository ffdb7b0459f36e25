import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./support/test";

/**
 * The production server gzips what is worth it (server.mjs): pages, and any answer that is still
 * streaming, but not a small answer that is whole at once (an action's result, a short error),
 * which costs more to compress than it saves (issue 13: gzip was the largest cost of a chat send).
 * The build's scripts and stylesheet go as the Brotli copies the build wrote, to a browser that
 * accepts them (decision 108).
 */

/** GET with Accept-Encoding (gzip unless told), the body as the bytes on the wire (fetch would decode it). */
function getGzipped(baseURL: string, path: string, acceptEncoding = "gzip") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(path, baseURL), { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
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

test("the build's scripts go Brotli-compressed to a browser that accepts it, gzipped to one that does not", async ({
  baseURL,
}) => {
  const page = gunzipSync((await getGzipped(baseURL!, "/auth")).body).toString("utf8");
  const entry = page.match(/"(\/build\/entry\.client-[\w-]+\.js)"/)?.[1];
  expect(entry, "the page names its entry script").toBeDefined();
  const plain = await getGzipped(baseURL!, entry!, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();

  // What Chromium asks for, on http://localhost too.
  const brotli = await getGzipped(baseURL!, entry!, "gzip, deflate, br, zstd");
  expect(brotli.status).toBe(200);
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers.vary).toContain("Accept-Encoding");
  expect(Number(brotli.headers["content-length"])).toBe(brotli.body.byteLength);
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

  const gzip = await getGzipped(baseURL!, entry!, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  // A weight of 0 refuses a coding (RFC 9110): gzip then, or the file as it is.
  expect((await getGzipped(baseURL!, entry!, "gzip, br;q=0")).headers["content-encoding"]).toBe("gzip");
  expect((await getGzipped(baseURL!, entry!, "*;q=0, identity")).headers["content-encoding"]).toBeUndefined();
  // The point of the copy: fewer bytes for the phone to fetch than gzip on the fly.
  expect(brotli.body.byteLength).toBeLessThan(gzip.body.byteLength);
});
