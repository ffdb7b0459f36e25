/**
 * A ZIP written as it is read (fflate, decision 042): each entry's content is pulled part by part,
 * compressed and handed on in chunks, so a consumer that writes to a file or a response with
 * backpressure keeps memory flat however large the archive.
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from "fflate";

export interface ZipEntry {
  /** The path inside the archive, e.g. `wallet-ledger.csv` or `pictures/profile-512.webp`. */
  name: string;
  content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
  /** Already compressed (a WebP picture): stored as it is. */
  stored?: boolean;
  modifiedAt?: number;
}

/** Text is gathered to this size before it is compressed: fewer, larger deflate blocks. */
const BATCH_BYTES = 64 * 1024;

export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  }
  for await (const entry of entries) {
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = entry.modifiedAt ?? Date.now();
    zip.add(file);
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = (final: boolean) => {
      const joined = pending.length === 1 ? pending[0] : concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      file.push(joined, final);
    };
    for await (const part of entry.content) {
      const bytes = typeof part === "string" ? strToU8(part) : part;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= BATCH_BYTES) {
        flush(false);
        yield* drain();
      }
    }
    flush(true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
