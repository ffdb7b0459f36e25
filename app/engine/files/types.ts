/** The FileStore port: bytes by key (e.g. avatars). Only app/engine knows where they live. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/** A stored file read as it streams (a data archive), never held whole in memory. */
export interface StoredFileStream {
  stream: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface FileStore {
  /** Keys are slash-separated names such as `avatars/u1/3`; writing a key again replaces it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Writes the chunks as they come, waiting while the destination is busy, so memory stays flat
   * however large the file. Readers see the old file or the whole new one, never a part; a source
   * that throws leaves nothing behind.
   */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>, contentType: string): Promise<{ size: number }>;
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream with its size; null when the key is absent. */
  getStream(key: string): Promise<StoredFileStream | null>;
  /** Silent when the key is absent. */
  delete(key: string): Promise<void>;
}
