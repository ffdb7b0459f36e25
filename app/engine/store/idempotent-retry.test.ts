import { describe, expect, test } from "vitest";
import { GRPC_UNKNOWN, IDEMPOTENT_ATTEMPTS, retryIdempotentWrite } from "./idempotent-retry";

const statusError = (code: number) => Object.assign(new Error(`${code} STATUS:`), { code });

function failing(times: number, code = GRPC_UNKNOWN) {
  let calls = 0;
  const write = async () => {
    calls++;
    if (calls <= times) throw statusError(code);
    return "written";
  };
  return { write, calls: () => calls };
}

describe("retryIdempotentWrite", () => {
  const pauses: number[] = [];
  const pause = async (ms: number) => void pauses.push(ms);

  test("sends the write again after an UNKNOWN answer, with growing pauses", async () => {
    pauses.length = 0;
    const op = failing(2);
    await expect(retryIdempotentWrite(op.write, pause)).resolves.toBe("written");
    expect(op.calls()).toBe(3);
    expect(pauses).toEqual([50, 100]);
  });

  test("gives up after its last attempt with the server's error", async () => {
    const op = failing(IDEMPOTENT_ATTEMPTS);
    await expect(retryIdempotentWrite(op.write, pause)).rejects.toMatchObject({ code: GRPC_UNKNOWN });
    expect(op.calls()).toBe(IDEMPOTENT_ATTEMPTS);
  });

  test("never repeats a write refused for another reason", async () => {
    for (const code of [5, 6, 7, 10]) {
      const op = failing(1, code);
      await expect(retryIdempotentWrite(op.write, pause)).rejects.toMatchObject({ code });
      expect(op.calls()).toBe(1);
    }
    const plain = async () => {
      throw new Error("not a status");
    };
    await expect(retryIdempotentWrite(plain, pause)).rejects.toThrow("not a status");
  });
});
