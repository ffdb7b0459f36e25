import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          200: "#bcdaff",
          300: "#8ec2ff",
          400: "#599ffd",
          500: "#337bf9",
          600: "#1d5cee",
          700: "#1546db",
          800: "#183bb1",
          900: "#19368b",
        },
        coin: { 400: "#fbbf24", 500: "#f59e0b", 600: "#d97706" },
      },
      fontFamily: {
        // Inter, self-hosted (app/fonts/, its @font-face in tailwind.css, preloaded by root.tsx; decision
        // 203): one face on every platform, and a web font needs no synchronous call to the browser
        // process to be found or drawn. What it does not cover (Arabic, emoji) falls back to the
        // system's own face. Each family a renderer cannot find costs desktop Linux Chromium a
        // synchronous call per weight during the first layout (decision 195): name none it need not.
        sans: ["Inter", "system-ui", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
