/**
 * The embedded engine's FileStore: one file per key under `${DATA_DIR}/files/`, its content type
 * in a sidecar `.type` file. Writes go to a temporary file first and are renamed into place, so a
 * reader never sees half a picture and a crash leaves the old one.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStore, StoredFile, StoredFileStream } from "./types";

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function createLocalFileStore(root: string): FileStore {
  function fileOf(key: string): string {
    if (!KEY.test(key) || key.split("/").some((s) => s === "." || s === ".."))
      throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split("/"));
  }

  async function writeAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // The type first: a reader that finds the bytes always finds their type too.
      await writeAtomic(`${file}.type`, contentType);
      await writeAtomic(file, bytes);
    },
    async putStream(key, chunks, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      let size = 0;
      async function* counted() {
        for await (const chunk of chunks) {
          size += chunk.length;
          yield chunk;
        }
      }
      try {
        // pipeline waits for the file's drain between chunks: the source is pulled only as fast as the disk takes it.
        await pipeline(Readable.from(counted()), createWriteStream(temp));
        await writeAtomic(`${file}.type`, contentType);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      return { size };
    },
    async getStream(key): Promise<StoredFileStream | null> {
      const file = fileOf(key);
      try {
        const [stat, contentType] = await Promise.all([fs.stat(file), fs.readFile(`${file}.type`, "utf8")]);
        const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { stream, size: stat.size, contentType: contentType.trim() };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async get(key): Promise<StoredFile | null> {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, "utf8")]);
        return { bytes: new Uint8Array(bytes), contentType: contentType.trim() };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.type`, { force: true })]);
    },
  };
}
