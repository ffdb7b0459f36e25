// Writes a Brotli copy (`<file>.br`) of every script, stylesheet and SVG (the icon sprite, decision 184)
// in public/build after `remix build` (decision 108). Browsers ask for `br` (Chromium too, on http://localhost), and at its highest quality
// it sends a page's scripts about 12 % smaller than the gzip the server would make on the fly: that is
// what a phone downloads, and what Lighthouse counts against the 150 KB budget. Quality 11 is too slow
// to run per request, so it runs once per build; server.mjs serves the copy when it is not older than
// its file. Run by `npm run build` and by ensureBuild (scripts/lib/build.mjs).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = path.join(ROOT, "public", "build");
const COMPRESSIBLE = /\.(js|css|svg)$/;

const compress = promisify(brotliCompress);

export async function compressBuild() {
  const entries = await readdir(BUILD_DIR, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name));
  // zlib's asynchronous calls run on libuv's thread pool: the files are compressed on every core.
  const sizes = await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath ?? entry.path, entry.name); // `path` before Node 20.12
      const source = await readFile(file);
      const brotli = await compress(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
        },
      });
      // A copy no smaller than its file is not worth a header that says how to decode it.
      if (brotli.byteLength >= source.byteLength) return { source: source.byteLength, brotli: source.byteLength };
      await writeFile(`${file}.br`, brotli);
      return { source: source.byteLength, brotli: brotli.byteLength };
    }),
  );
  return {
    files: sizes.length,
    source: sizes.reduce((sum, size) => sum + size.source, 0),
    brotli: sizes.reduce((sum, size) => sum + size.brotli, 0),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, source, brotli } = await compressBuild();
  console.log(
    `Brotli: ${files} files in public/build, ${Math.round(source / 1024)} KB → ${Math.round(brotli / 1024)} KB`,
  );
}
