import type { UserProfile } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { notFound } from "../../http/errors";
import { getCredits } from "../credits";
import { findUserById } from "./users";

export async function getUserProfile(deps: AppDeps, auth: AuthUser): Promise<UserProfile> {
  const user = await findUserById(deps.database.db, auth.id);
  if (!user) throw notFound("User not found");
  return {
    user_id: user.id,
    email: user.email,
    profile_picture: user.profilePicture,
    name: user.name,
    plan: user.plan,
    credits: user.credits,
    created_at: user.createdAt.toISOString(),
    is_admin: auth.isAdmin,
  };
}

export async function getUserCredits(deps: AppDeps, userId: string): Promise<{ credits: number }> {
  return { credits: await getCredits(deps.database.db, userId) };
}
