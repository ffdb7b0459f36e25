/** The Firebase engine's FileStore: Cloud Storage for Firebase, one object per key. */
import type { App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import type { FileStore } from "../files/types";

const GCS_NOT_FOUND = 404;

export function createCloudStorageFileStore(app: App, bucketName: string): FileStore {
  const bucket = getStorage(app).bucket(bucketName);
  return {
    async put(key, bytes, contentType) {
      await bucket.file(key).save(Buffer.from(bytes), { contentType, resumable: false });
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
