import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { api } from "./api";
import {
  clearCredentials,
  getStoredUser,
  getToken,
  type StoredUser,
  storeSession,
  storeUser,
  subjectOf,
} from "./session";

interface SessionValue {
  user: StoredUser | null;
  token: string | null;
  isLoggedIn: boolean;
  signIn: (token: string, user: StoredUser) => void;
  /** Clears all local storage, forgets the user and the server session. */
  signOut: () => Promise<void>;
  refreshProfile: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The user at start: restored when token and user exist; a missing id comes from the token. */
function restore(): { token: string | null; user: StoredUser | null } {
  const token = getToken();
  const user = getStoredUser();
  if (!token || !user) return { token: null, user: null };
  if (user.id) return { token, user };
  const id = subjectOf(token);
  if (!id) {
    clearCredentials();
    return { token: null, user: null };
  }
  const restored = { ...user, id };
  storeUser(restored);
  return { token, user: restored };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(restore);
  const queryClient = useQueryClient();

  const refreshProfile = useCallback(async () => {
    const token = getToken();
    if (!token) return;
    try {
      // Loaded on demand: the schemas (and zod) stay out of the first page's JavaScript.
      const { UserProfile } = await import("@reachout/contract/auth");
      const profile = await api("/api/user/profile", { schema: UserProfile });
      const user: StoredUser = {
        id: profile.user_id,
        email: profile.email,
        profilePicture: profile.profile_picture,
        name: profile.name,
        plan: profile.plan,
        credits: profile.credits,
        isAdmin: profile.is_admin,
      };
      // Signed out (or in as someone else) while the profile was on its way: nothing to keep.
      if (getToken() !== token) return;
      storeUser(user);
      setState((s) => ({ ...s, user }));
    } catch {
      // A failed refresh keeps the stored user (spec: ignored).
    }
  }, []);

  const userId = state.user?.id;
  useEffect(() => {
    if (userId) void refreshProfile();
  }, [userId, refreshProfile]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      isLoggedIn: Boolean(state.token && state.user?.id),
      signIn(token, user) {
        storeSession(token, user);
        setState({ token, user });
      },
      async signOut() {
        await api("/api/auth/logout", { method: "POST", keep401: true }).catch(() => {});
        localStorage.clear();
        queryClient.clear();
        setState({ token: null, user: null });
      },
      refreshProfile,
    }),
    [state, refreshProfile, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/** Admin addresses come from the server (ADMIN_EMAILS); the client only hides buttons. */
export function useIsAdmin(): boolean {
  return Boolean(useSession().user?.isAdmin);
}
