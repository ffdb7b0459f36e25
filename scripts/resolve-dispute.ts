/**
 * Resolves a disputed booking (docs/decisions/009-booking-escrow.md) from the command line, through
 * the same function as /admin/disputes (and logged in the same audit log).
 *   npx tsx scripts/resolve-dispute.ts <bookingId> --to mentor|learner|split
 * mentor: the held SP go to the mentor; learner: refunded to the learner; split: half back to the
 * learner (rounded down), the rest to the mentor. Idempotent: running it again changes nothing.
 * Uses the embedded store at $DATA_DIR/skillswap.sqlite.
 */
import { getStore } from "../app/engine/index.server";
import { resolveDispute } from "../app/features/admin/disputes.server";
import { BookingError } from "../app/features/bookings/bookings.server";
import type { Resolution } from "../app/features/bookings/types";

const USAGE = `Usage: npx tsx scripts/resolve-dispute.ts <bookingId> --to mentor|learner|split

Resolves a disputed session and settles its held SP:
  --to mentor   release the full price to the mentor
  --to learner  refund the full price to the learner
  --to split    refund half to the learner (rounded down), the rest to the mentor

The booking must be in the "disputed" state. Running the same resolution again is a no-op.
Reads DATA_DIR (default ./data) like the server does.`;

function parseArgs(argv: string[]): { bookingId: string; to: Resolution } | null {
  if (argv.includes("--help") || argv.includes("-h")) return null;
  const toIndex = argv.indexOf("--to");
  const to = toIndex >= 0 ? argv[toIndex + 1] : undefined;
  const bookingId = argv.find((arg, i) => !arg.startsWith("--") && i !== toIndex + 1);
  if (!bookingId || (to !== "mentor" && to !== "learner" && to !== "split")) return null;
  return { bookingId, to };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return process.argv.includes("--help") || process.argv.includes("-h") ? 0 : 2;
  }
  const store = await getStore();
  try {
    const { applied, booking } = await resolveDispute(store, null, args.bookingId, args.to, "");
    console.log(
      applied
        ? `Resolved booking ${booking.id} in favour of ${args.to}: ${booking.price} SP settled.`
        : `Booking ${booking.id} was already resolved in favour of ${args.to}; nothing changed.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BookingError) {
      console.error(`Cannot resolve ${args.bookingId}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("resolve-dispute failed:", error);
    process.exit(2);
  },
);
