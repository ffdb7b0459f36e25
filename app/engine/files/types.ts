/** The FileStore port: bytes by key (e.g. avatars). Only app/engine knows where they live. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStore {
  /** Keys are slash-separated names such as `avatars/u1/3`; writing a key again replaces it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Silent when the key is absent. */
  delete(key: string): Promise<void>;
}
