/** http_ece ships no types; the tests use its decrypt only. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
  };
  export default ece;
}
