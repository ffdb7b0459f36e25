// The production server, which `npm run dev` runs too (`remix dev` starts it on each build;
// decision 102): Node's http module in front of the Remix build. It does what remix-serve does
// (static files, compression, a log line per request) plus what remix-serve cannot: refuse
// cross-site form posts with a 403 before Remix turns them into a 500, and stay out of the way of
// the hot path. See docs/decisions/011-production-server.md.
import { createReadStream, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import {
  broadcastDevReady,
  createRequestHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";

installGlobals({ nativeFetch: true });

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC_DIR = path.join(ROOT, "public");
const build = await import(pathToFileURL(path.join(ROOT, "build", "index.js")).href);
// Every loader and action answers a busy store with a 503 to retry, not a 500 (app/features/layout/busy-store.server.ts),
// and the loaders and action of one request look at the change log once (app/features/layout/one-log-look.server.ts).
const { answerBusyStore, oneLogLookPerRequest } = build.entry.module;
const handleRequest = createRequestHandler(
  oneLogLookPerRequest(answerBusyStore(build)),
  process.env.NODE_ENV ?? "production",
);
const port = Number(process.env.PORT ?? 3000);
const logRequests = process.env.LOG_REQUESTS !== "0";

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/**
 * The service worker (decision 045) is asked for again whenever the browser checks for a new
 * version: it must never come from an HTTP cache, or a deploy would wait until the copy expired.
 */
const REVALIDATE_ALWAYS = new Set(["/sw.js"]);

/**
 * Public files are known at start: one Map lookup per request instead of a stat of the disk.
 * Fingerprinted build assets are cached for a year, the rest for an hour. A file's Brotli copy
 * (`<file>.br`, written by scripts/compress-build.mjs) is no address of its own: it is sent in the
 * file's place to a browser that accepts it, unless it is older than the file (decision 108).
 */
function indexPublicFiles(dir, prefix = "") {
  const files = new Map();
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const urlPath = `${prefix}/${entry.name}`;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const [key, value] of indexPublicFiles(file, urlPath)) files.set(key, value);
    } else if (entry.isFile() && !entry.name.endsWith(".br")) {
      const immutable = urlPath.startsWith(`${build.publicPath.replace(/\/$/, "")}/`);
      const stat = statSync(file);
      files.set(urlPath, {
        file,
        size: stat.size,
        brotli: brotliCopy(file, stat),
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
        cacheControl: immutable
          ? "public, max-age=31536000, immutable"
          : REVALIDATE_ALWAYS.has(urlPath)
            ? "no-cache"
            : "public, max-age=3600",
      });
    }
  }
  return files;
}

/** The file's Brotli copy, when there is one at least as new as the file. */
function brotliCopy(file, stat) {
  try {
    const copy = statSync(`${file}.br`);
    return copy.mtimeMs >= stat.mtimeMs ? { file: `${file}.br`, size: copy.size } : undefined;
  } catch {
    return undefined;
  }
}

const publicFiles = indexPublicFiles(PUBLIC_DIR);

function staticAsset(url) {
  try {
    return publicFiles.get(decodeURIComponent(url.split("?")[0]));
  } catch {
    return undefined; // a malformed escape is no file of ours; Remix answers it
  }
}

const COMPRESSIBLE = /^(text\/(html|css|javascript|plain|x-script)|application\/(json|javascript)|image\/svg\+xml)/;

/**
 * A body smaller than this costs more to gzip than it saves: each gzip stream sets up its own
 * deflate state (hundreds of KB), which made gzip the largest single cost of sending a chat message
 * (an action's answer is a few dozen bytes; issue 13).
 */
const MIN_GZIP_BYTES = 1024;

// Accept-Encoding read with its weights (`br;q=0` refuses Brotli), handed over by entry.server.tsx.
const { acceptsEncoding } = build.entry.module;

function acceptsGzip(req) {
  return acceptsEncoding(req.headers["accept-encoding"], "gzip");
}

function acceptsBrotli(req) {
  return acceptsEncoding(req.headers["accept-encoding"], "br");
}

function serveStatic(req, res, asset) {
  const headers = {
    "Content-Type": asset.type,
    "Cache-Control": asset.cacheControl,
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept-Encoding",
  };
  const brotli = asset.brotli && acceptsBrotli(req) ? asset.brotli : undefined;
  const gzip = !brotli && asset.size > 1024 && COMPRESSIBLE.test(asset.type) && acceptsGzip(req);
  if (brotli) headers["Content-Encoding"] = "br";
  if (gzip) headers["Content-Encoding"] = "gzip";
  else headers["Content-Length"] = (brotli ?? asset).size;
  res.writeHead(200, headers);
  if (req.method === "HEAD") return res.end();
  const stream = createReadStream((brotli ?? asset).file);
  if (gzip) pipeline(stream, zlib.createGzip(), res, () => {});
  else pipeline(stream, res, () => {});
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// The app's one origin rule (app/utils/origin.server.ts), handed over by entry.server.tsx.
const { originRefusal, mayUpload, storeIsHealthy } = build.entry.module;

/** /healthz without the Remix handler: a probe costs one store ping, no routing or rendering. */
async function answerHealth(req, res) {
  const ok = await storeIsHealthy();
  res.writeHead(ok ? 200 : 503, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : ok ? "ok" : "store unavailable");
}

// Forwarded headers are whatever the client sent unless a proxy we run rewrites them.
const trustProxy = ["1", "true"].includes(process.env.TRUST_PROXY ?? "");

/**
 * `//attacker.example/x` is a path, not a host: collapse leading slashes before it becomes a URL
 * (new URL("//host/x", base) would name another host).
 */
function normalisePath(rawUrl) {
  return rawUrl.startsWith("//") ? `/${rawUrl.replace(/^\/+/, "")}` : rawUrl;
}

/**
 * The largest body a request may send. Forms and JSON are small; Stripe's webhook events stay under
 * 1 MB; a picture is large, and only a signed-in member may send one, only to a route that takes
 * uploads (the app says which: mayUpload). Everything else gets the form limit whatever its
 * Content-Type says, so a signed-out client cannot make a worker read megabytes (issue 25).
 */
const KB = 1024;
const FORM_LIMIT = 64 * KB;
const WEBHOOK_LIMIT = 1024 * KB;
// A phone photo as it comes, up to MAX_PICTURE_BYTES (app/features/members/picture.ts), and the form around it.
const UPLOAD_LIMIT = 12 * 1024 * KB + 64 * KB;

async function bodyLimit(req, url, headers) {
  if (url.pathname === "/api/stripe-webhook") return WEBHOOK_LIMIT;
  if ((req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")) {
    // The session is looked up on the headers alone, before a byte of the body is read.
    if (await mayUpload(new Request(url.href, { method: req.method, headers }))) return UPLOAD_LIMIT;
  }
  return FORM_LIMIT;
}

const TOO_LARGE = "This request is too large. Forms take up to 64 KB and pictures up to 12 MB.";

function answerTooLarge(res) {
  if (res.headersSent) return res.destroy();
  // Close the connection: the rest of the body is never read.
  res.writeHead(413, {
    "Content-Type": "text/plain; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  res.end(TOO_LARGE);
}

/**
 * The request body as a web stream that stops at the route's limit: a declared length over it is
 * refused before a byte is read; a chunked body is counted as it streams and cut off with a 413
 * the moment it passes the limit, so nothing larger than the limit is ever held in memory.
 *
 * A route may answer without reading the body (a redirect to sign-in, a 404): the rest of it is
 * then read and dropped once the answer is sent, still within the limit, because it sits on a
 * connection the client reuses, whose next request would otherwise wait behind it for good.
 */
function limitedBody(req, res, limit) {
  let seen = 0;
  let discarding = false;
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    discarding = true;
    req.resume();
  });
  return new ReadableStream(
    {
      start(controller) {
        req.on("data", (chunk) => {
          seen += chunk.length;
          if (seen > limit) {
            req.pause();
            answerTooLarge(res);
            controller.error(new Error("body over the limit"));
            req.destroy();
            return;
          }
          if (discarding) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on("end", () => {
          try {
            controller.close();
          } catch {
            // already errored
          }
        });
        req.on("error", (error) => {
          try {
            controller.error(error);
          } catch {
            // already closed
          }
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.destroy();
      },
    },
    { highWaterMark: 4, size: () => 1 },
  );
}

function declaredTooLarge(req, limit) {
  const length = Number(req.headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > limit;
}

/** The URL and headers of a request, before its body is touched. */
function requestHead(req) {
  const forwardedProto = trustProxy ? req.headers["x-forwarded-proto"]?.split(",")[0].trim() : undefined;
  const forwardedHost = trustProxy ? req.headers["x-forwarded-host"]?.split(",")[0].trim() : undefined;
  const protocol = forwardedProto === "https" ? "https" : "http";
  let url;
  try {
    url = new URL(normalisePath(req.url), `${protocol}://${forwardedHost || req.headers.host || `localhost:${port}`}`);
  } catch {
    // A Host header that is no host: answer on our own name rather than fail.
    url = new URL(normalisePath(req.url), `${protocol}://localhost:${port}`);
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    // Without TRUST_PROXY a forwarded host is the sender's claim: the app ignores it, and Remix's own
    // origin check, which would read it, must not see it either (it answered 500).
    if (!trustProxy && req.rawHeaders[i].toLowerCase() === "x-forwarded-host") continue;
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  return { url, headers };
}

function toRemixRequest(req, res, { url, headers }, limit) {
  const controller = new AbortController();
  // Only a client that went away aborts (a live stream's end): aborting every answered request
  // cost each one a DOMException and a round of abort listeners for nothing.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = limitedBody(req, res, limit);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

const production = (process.env.NODE_ENV ?? "production") === "production";
const SESSION_COOKIE = /(?:^|;\s*)skillswap_session=/;

/** Headers every answer carries; documents add their CSP with a nonce in entry.server.tsx. */
function securityHeaders(req, headers) {
  headers["x-content-type-options"] = "nosniff";
  headers["x-frame-options"] ??= "DENY";
  headers["referrer-policy"] ??= "same-origin";
  if (production) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  // What a signed-in member sees must not stay in a shared or back-forward cache.
  if (!headers["cache-control"] && SESSION_COOKIE.test(req.headers.cookie ?? ""))
    headers["cache-control"] = "private, no-store";
}

const NEXT_TURN = Symbol("next turn");
const nextTurn = () => new Promise((resolve) => setImmediate(resolve, NEXT_TURN));

/**
 * Reads what the body has ready now. Answers `{ whole }` when it ends within this turn of the event
 * loop smaller than MIN_GZIP_BYTES (an action's answer, a small loader's data); otherwise the chunks
 * read so far and the read still pending, so that a stream that is still being written (a page
 * rendering, deferred data) is never held back waiting for its end.
 */
async function readReady(reader) {
  const chunks = [];
  let size = 0;
  let pending = reader.read();
  while (size < MIN_GZIP_BYTES) {
    const result = await Promise.race([pending, nextTurn()]);
    if (result === NEXT_TURN) break;
    if (result.done) return { whole: Buffer.concat(chunks) };
    chunks.push(result.value);
    size += result.value.byteLength;
    pending = reader.read();
  }
  return { chunks, pending };
}

/**
 * Gzips the rest of a body as it comes. What was ready before the headers (the shell) is flushed at
 * once; after that, the chunks the renderer gives within one turn of the event loop are flushed
 * together at the end of that turn (decision 163). Each flush ends a deflate block and becomes a
 * socket write of its own, and React gives a page in 2 KB chunks, many per turn: flushing each one
 * cost a block and a write per 2 KB. A sync flush, not zlib's default full flush, keeps the
 * compressor's history, so what follows the shell still compresses against it. Nothing waits in
 * the compressor past the turn it came in.
 */
async function gzipRest(ready, reader, res) {
  const gzipStream = zlib.createGzip({ level: 4 });
  gzipStream.pipe(res);
  let flushQueued = false;
  const flushTurn = () => {
    flushQueued = false;
    if (!gzipStream.writableEnded && !gzipStream.destroyed) gzipStream.flush(zlib.constants.Z_SYNC_FLUSH);
  };
  try {
    for (const chunk of ready.chunks) gzipStream.write(chunk);
    gzipStream.flush(zlib.constants.Z_SYNC_FLUSH);
    for (let result = await ready.pending; !result.done; result = await reader.read()) {
      gzipStream.write(result.value);
      if (!flushQueued) {
        flushQueued = true;
        setImmediate(flushTurn);
      }
    }
    gzipStream.end();
  } catch (error) {
    gzipStream.destroy(error);
    throw error;
  }
}

async function sendRemixResponse(req, res, response) {
  if (res.headersSent || res.writableEnded) return; // a 413 already answered
  const headers = {};
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    headers[key] = value;
  }
  securityHeaders(req, headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const type = response.headers.get("content-type") ?? "";
  // Events must reach the browser as they happen: never buffer a stream through gzip.
  const gzip =
    response.body &&
    req.method !== "HEAD" &&
    acceptsGzip(req) &&
    COMPRESSIBLE.test(type) &&
    !response.headers.has("content-encoding");
  if (!gzip) {
    res.writeHead(response.status, response.statusText, headers);
    if (!response.body || req.method === "HEAD") return res.end();
    res.flushHeaders();
    return writeReadableStreamToWritable(response.body, res);
  }
  const reader = response.body.getReader();
  const ready = await readReady(reader);
  if (ready.whole) {
    headers["content-length"] = String(ready.whole.byteLength);
    res.writeHead(response.status, response.statusText, headers);
    return res.end(ready.whole);
  }
  headers["content-encoding"] = "gzip";
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  delete headers["content-length"];
  res.writeHead(response.status, response.statusText, headers);
  await gzipRest(ready, reader, res);
}

function log(req, status, started) {
  if (!logRequests) return;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // Without the query: reset links carry their one-time code there.
  process.stdout.write(`${req.method} ${req.url.split("?")[0]} ${status} ${ms.toFixed(1)} ms\n`);
}

const server = http.createServer(async (req, res) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => log(req, res.statusCode, started));
  try {
    if (req.method === "GET" || req.method === "HEAD") {
      const asset = staticAsset(req.url);
      if (asset) return serveStatic(req, res, asset);
      if (req.url === "/healthz") return await answerHealth(req, res);
    }
    const head = requestHead(req);
    // Single fetch asks for data at `.data` URLs, and no page of ours sends Remix's older
    // `?_data=<route id>`; Remix still answers it, with a 403 for a route the URL does not match and a
    // 500 for a loader that returns plain data, where an unknown address answers 404. So does this.
    if (head.url.searchParams.has("_data")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      return res.end("Not found");
    }
    const refusal = UNSAFE_METHODS.has(req.method)
      ? originRefusal(new Request(head.url.href, { headers: head.headers }))
      : null;
    if (refusal) {
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      return res.end(refusal);
    }
    const limit = req.method === "GET" || req.method === "HEAD" ? 0 : await bodyLimit(req, head.url, head.headers);
    if (limit > 0 && declaredTooLarge(req, limit)) return answerTooLarge(res);
    const request = toRemixRequest(req, res, head, limit);
    // The socket's address reaches the app as load context: rate limits key on it unless a proxy
    // we trust (TRUST_PROXY) reports the client (app/utils/client-key.server.ts).
    await sendRemixResponse(req, res, await handleRequest(request, { clientAddress: req.socket.remoteAddress }));
  } catch (error) {
    if (res.statusCode === 413 || res.writableEnded) return;
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("Something went wrong on our side. Please try again in a moment.");
  }
});

// Cloud Run and load balancers keep connections open: stay longer than their idle timeout.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, process.env.HOST, () => {
  console.log(`SkillSwap server listening on http://localhost:${port}`);
  // `npm run dev`: `remix dev` starts this server on each build and waits until it says it is serving that build.
  if (process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    // Open live streams would hold close() forever; end them, then exit.
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
