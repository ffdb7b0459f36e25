import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./accept-encoding.server";

const accepts = (header: string | undefined) => ({
  br: acceptsEncoding(header, "br"),
  gzip: acceptsEncoding(header, "gzip"),
});

describe("acceptsEncoding reads Accept-Encoding's weights (RFC 9110 §12.5.3)", () => {
  it("takes a coding named without a weight or with one above 0, in any case and spacing", () => {
    expect(accepts("gzip, deflate, br, zstd")).toEqual({ br: true, gzip: true });
    expect(accepts("BR;Q=0.5 ,  gzip ; q=1.0")).toEqual({ br: true, gzip: true });
    expect(accepts("gzip")).toEqual({ br: false, gzip: true });
  });
  it("refuses a coding whose weight is 0, or no number", () => {
    expect(accepts("gzip, br;q=0")).toEqual({ br: false, gzip: true });
    expect(accepts("br;q=0.000, gzip;q=0")).toEqual({ br: false, gzip: false });
    expect(accepts("br;q=high, gzip")).toEqual({ br: false, gzip: true });
  });
  it("lets * stand for every coding not named, and a named coding's own weight win over it", () => {
    expect(accepts("*")).toEqual({ br: true, gzip: true });
    expect(accepts("gzip;q=0, *")).toEqual({ br: true, gzip: false });
    expect(accepts("*;q=0, br")).toEqual({ br: true, gzip: false });
  });
  it("compresses nothing without the field, with an empty one, or with identity alone", () => {
    expect(accepts(undefined)).toEqual({ br: false, gzip: false });
    expect(accepts("")).toEqual({ br: false, gzip: false });
    expect(accepts("identity")).toEqual({ br: false, gzip: false });
    expect(accepts("brotli, xgzip")).toEqual({ br: false, gzip: false });
  });
});
