import { describe, expect, it } from "vitest";
import { pictureSources } from "./picture";

describe("pictureSources", () => {
  it("names every size of one of our pictures, for the size it is shown at", () => {
    expect(pictureSources("/avatars/u1/abc", 40)).toEqual({
      src: "/avatars/u1/abc",
      srcSet: "/avatars/u1/abc/64 64w, /avatars/u1/abc/128 128w, /avatars/u1/abc/256 256w, /avatars/u1/abc/512 512w",
      sizes: "40px",
    });
  });
  it("leaves any other picture as it is", () => {
    expect(pictureSources("/default-avatar.png", 40)).toEqual({ src: "/default-avatar.png" });
    expect(pictureSources("https://lh3.example/photo.jpg", 96)).toEqual({ src: "https://lh3.example/photo.jpg" });
  });
});
