import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipStream } from "./zip.server";

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}

describe("zipStream", () => {
  it("writes text entries compressed and byte entries stored, readable by an unzip", async () => {
    async function* lines() {
      for (let i = 0; i < 20_000; i++) yield `line ${i}\r\n`;
    }
    const picture = new Uint8Array([82, 73, 70, 70, 0, 1, 2, 3]);
    const zip = await collect(
      zipStream([
        { name: "a.csv", content: lines() },
        { name: "pictures/p.webp", content: [picture], stored: true },
        { name: "empty.json", content: [] },
      ]),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(["a.csv", "pictures/p.webp", "empty.json"]);
    expect(strFromU8(files["a.csv"]).split("\r\n")[19_999]).toBe("line 19999");
    expect(files["pictures/p.webp"]).toEqual(picture);
    expect(files["empty.json"].length).toBe(0);
    // 20,000 similar lines compress well: the text was deflated, not stored.
    expect(zip.length).toBeLessThan(100_000);
  });

  it("hands out chunks while it reads, not only at the end", async () => {
    let produced = 0;
    async function* big() {
      for (let i = 0; i < 2_000; i++) {
        produced++;
        yield `${"x".repeat(60)}${Math.random()}\n`;
      }
    }
    const producedAtFirstChunk: number[] = [];
    for await (const _chunk of zipStream([{ name: "big.txt", content: big() }])) producedAtFirstChunk.push(produced);
    expect(producedAtFirstChunk[0]).toBeLessThan(2_000);
  });
});
