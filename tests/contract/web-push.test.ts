import webpush from "web-push";
import { createWebPushSender } from "~/engine/push/web-push.server";
import { pushSenderContract } from "./push.contract";

// Standard Web Push with VAPID: the one implementation, used by both engines (decision 046).
pushSenderContract("web-push", async ({ subject, ownOrigin, testOrigins }) =>
  createWebPushSender({ keys: webpush.generateVAPIDKeys(), subject, ownOrigin, testOrigins, timeoutMs: 5_000 }),
);
