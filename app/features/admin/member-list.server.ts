/**
 * The rows of the back office's member list, gathered from where each fact lives: profiles
 * (`users`, name, join date, suspension, deletion), balances (`wallets`), presence (`status`) and
 * the accounts (auth port: e-mail, verification, admin role). Decision 029: no store can sort
 * `users` by a field of another document or of the auth engine, so the list reads every member
 * (three collection reads and one batched account read) and filters, sorts and pages in memory.
 */
import type { AuthProvider, AuthUser } from "~/engine/auth/types";
import type { DocStore } from "~/engine/store/types";
import { readStatus, STATUS } from "~/documents/status";
import { readUser, USERS, type UserProfile } from "~/documents/users";
import { readWallet, WALLETS } from "~/documents/wallets";
import { listMembers, type MemberListQuery, type MemberRow, type MemberStatus } from "./member-list";

function statusOf(profile: UserProfile, account: AuthUser | null): MemberStatus {
  if (profile.deleted) return "deleted";
  if (profile.suspension) return "suspended";
  return account?.emailVerified ? "active" : "unverified";
}

export async function memberRows(ports: { store: DocStore; auth: AuthProvider }): Promise<MemberRow[]> {
  const [users, wallets, statuses] = await Promise.all([
    ports.store.query({ collection: USERS }),
    ports.store.query({ collection: WALLETS }),
    ports.store.query({ collection: STATUS }),
  ]);
  const accounts = await ports.auth.getUsers(users.map((u) => u.id));
  const balances = new Map(wallets.map((w) => [w.id, readWallet(w.data).balance]));
  const presence = new Map(statuses.map((s) => [s.id, readStatus(s.data)]));
  return users.map((user, i) => {
    const profile = readUser(user.data);
    const account = accounts[i];
    const balance = balances.get(user.id) ?? 0;
    const seen = presence.get(user.id);
    return {
      uid: user.id,
      fullName: profile.fullName.trim(),
      email: account?.email ?? "",
      status: statusOf(profile, account),
      role: account?.admin ? "admin" : "member",
      balance: Number.isSafeInteger(balance) ? balance : null,
      online: seen?.state === "online",
      lastActiveAt: seen?.last_changed ?? 0,
      createdAt: profile.createdAt,
    };
  });
}

export async function searchMemberList(ports: { store: DocStore; auth: AuthProvider }, query: MemberListQuery) {
  return listMembers(await memberRows(ports), query);
}
