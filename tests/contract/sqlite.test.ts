import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { docStoreContract } from "./docstore.contract";

docStoreContract("sqlite", async () => {
  // A directory per case so that the WAL and shared-memory files go away with it.
  const dir = path.join(os.tmpdir(), `skillswap-docstore-${randomUUID()}`);
  const file = path.join(dir, "nested", "store.sqlite");
  const opened: DocStore[] = [];
  const open = () => {
    const store = openSqliteStore(file);
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    reopen: async () => open(),
    cleanup: async () => {
      for (const store of opened) await store.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
});
