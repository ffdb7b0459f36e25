/**
 * Grants or revokes the admin role (the first admin has to come from here).
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 * Embedded engine: the role on the account in $DATA_DIR. Firebase (BACKEND=firebase with its
 * settings): the `admin` custom claim through firebase-admin; a grant shows from the member's next
 * sign-in. Every change is written to the audit log as done by "command-line".
 */
import { getAuth, getStore } from "../app/engine/index.server";
import { setAdminRole } from "../app/features/admin/members.server";

const USAGE = `Usage: npm run admin -- grant|revoke <email>

  grant <email>    give the account the admin role (it can open /admin)
  revoke <email>   take the role away (its sessions end on Firebase)

Reads the same settings as the server (BACKEND, DATA_DIR, Firebase variables).`;

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.log(USAGE);
    return command === "--help" || command === "-h" ? 0 : 2;
  }
  const [auth, store] = [await getAuth(), await getStore()];
  try {
    const user = await auth.findUserByEmail(email);
    if (!user) {
      console.error(`No account uses ${email}. The person signs up first; then run this again.`);
      return 1;
    }
    const grant = command === "grant";
    if (grant === (user.admin === true)) {
      console.log(`${email} ${grant ? "is already an admin" : "is not an admin"}; nothing changed.`);
      return 0;
    }
    await setAdminRole({ store, auth }, null, user.uid, grant, `${command} from the command line`);
    console.log(grant ? `${email} is now an admin: /admin is open to them.` : `${email} is no longer an admin.`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("admin failed:", error);
    process.exit(2);
  },
);
