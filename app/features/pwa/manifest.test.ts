import { readFileSync } from "node:fs";
import sharp from "sharp";
import colors from "tailwindcss/colors";
import { describe, expect, it } from "vitest";
import tailwindConfig from "../../../tailwind.config";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(readFileSync("public/manifest.webmanifest", "utf8")) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons?: ManifestIcon[] }[];
};

describe("the web app manifest (public/manifest.webmanifest)", () => {
  it("opens the dashboard as a standalone app over the whole site", () => {
    expect(manifest.name).toBe("SkillSwap");
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe("/dashboard");
    expect(manifest.scope).toBe("/");
    expect(manifest.display).toBe("standalone");
  });

  it("takes its colours from the app's: brand 600 for the bar, the page's slate 50 behind the splash", () => {
    const brand = (tailwindConfig.theme?.extend?.colors as Record<string, Record<string, string>>).brand;
    expect(manifest.theme_color).toBe(brand["600"]);
    expect(manifest.background_color).toBe(colors.slate["50"]);
  });

  it("has icons for any shape and maskable ones, at 192 and 512", () => {
    for (const purpose of ["any", "maskable"]) {
      const sizes = manifest.icons.filter((icon) => (icon.purpose ?? "any") === purpose).map((icon) => icon.sizes);
      expect(sizes, purpose).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    }
  });

  it("names every icon at its real size and type", async () => {
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons ?? [])];
    for (const icon of icons) {
      const { width, height, format } = await sharp(`public${icon.src}`).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(`image/${format}`, icon.src).toBe(icon.type);
    }
  });

  it("has shortcuts to Chat and Calendar", () => {
    expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: "Chat", url: "/inbox" },
      { name: "Calendar", url: "/calendar" },
    ]);
  });
});
