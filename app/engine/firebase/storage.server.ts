/** The Firebase engine's FileStore: Cloud Storage for Firebase, one object per key. */
import type { App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStore } from "../files/types";

const GCS_NOT_FOUND = 404;

export function createCloudStorageFileStore(app: App, bucketName: string): FileStore {
  const bucket = getStorage(app).bucket(bucketName);
  return {
    async put(key, bytes, contentType) {
      await bucket.file(key).save(Buffer.from(bytes), { contentType, resumable: false });
    },
    async putStream(key, chunks, contentType) {
      let size = 0;
      async function* counted() {
        for await (const chunk of chunks) {
          size += chunk.length;
          yield chunk;
        }
      }
      // A resumable upload becomes the object only when it completes: readers never see a part.
      await pipeline(Readable.from(counted()), bucket.file(key).createWriteStream({ contentType, resumable: true }));
      return { size };
    },
    async getStream(key) {
      const file = bucket.file(key);
      try {
        const [metadata] = await file.getMetadata();
        return {
          stream: Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>,
          size: Number(metadata.size ?? 0),
          contentType: metadata.contentType ?? "application/octet-stream",
        };
      } catch (error) {
        if ((error as { code?: unknown }).code === GCS_NOT_FOUND) return null;
        throw error;
      }
    },
    async get(key) {
      const file = bucket.file(key);
      try {
        const [[bytes], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
        return { bytes: new Uint8Array(bytes), contentType: metadata.contentType ?? "application/octet-stream" };
      } catch (error) {
        if ((error as { code?: unknown }).code === GCS_NOT_FOUND) return null;
        throw error;
      }
    },
    async delete(key) {
      await bucket.file(key).delete({ ignoreNotFound: true });
    },
  };
}
