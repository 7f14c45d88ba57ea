import { LOCAL_KEYS } from "@reachout/contract/constants";

export interface StoredUser {
  id: string;
  email: string;
  profilePicture?: string | null;
  name?: string | null;
  plan?: string;
  credits?: number;
  isAdmin?: boolean;
}

export const getToken = () => localStorage.getItem(LOCAL_KEYS.token);

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.user);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: StoredUser): void {
  localStorage.setItem(LOCAL_KEYS.token, token);
  localStorage.setItem(LOCAL_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(LOCAL_KEYS.user, JSON.stringify(user));
}

/** Removes the credentials only (a 401); logout clears everything. */
export function clearCredentials(): void {
  localStorage.removeItem(LOCAL_KEYS.token);
  localStorage.removeItem(LOCAL_KEYS.user);
}

/** The subject claim of a JWT, read without verifying (the server verifies). */
export function subjectOf(token: string): string | null {
  try {
    const payload = token.split(".")[1];
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === "string" && sub ? sub : null;
  } catch {
    return null;
  }
}
