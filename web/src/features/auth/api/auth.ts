import {
  AuthProviderResponse,
  LoginResponse,
  ResendCodeResponse,
  SignupMethodResponse,
  SignupResponse,
  VerifyCodeResponse,
} from "@reachout/contract/auth";
import { ApiError, api } from "../../../lib/api";

/** The sign-up method of a registered email, or null when nobody has it (404). */
export async function lookupAuthProvider(email: string): Promise<"email" | "google" | null> {
  try {
    const { provider } = await api("/api/auth/auth-provider", {
      query: { email },
      schema: AuthProviderResponse,
      anonymous: true,
      keep401: true,
    });
    return provider;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The sign-up method check before a Google log-in; null for an unknown email. */
export async function lookupSignupMethod(email: string): Promise<"email" | "google" | null> {
  try {
    const { signup_method } = await api("/api/auth/signup-method", {
      query: { email },
      schema: SignupMethodResponse,
      anonymous: true,
      keep401: true,
    });
    return signup_method;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const signUp = (body: { email: string; password: string; full_name?: string | null }) =>
  api("/api/auth/signup", { body, schema: SignupResponse, anonymous: true, keep401: true });

/** Parsed loosely: the page itself reports an answer without an access token. */
export const logIn = (body: { email: string; password: string }) =>
  api("/api/auth/login", {
    body,
    schema: LoginResponse.partial(),
    anonymous: true,
    keep401: true,
  });

export const verifyCode = (email: string, code: string) =>
  api("/api/auth/verify-code", {
    method: "POST",
    query: { email, code },
    schema: VerifyCodeResponse,
    anonymous: true,
    keep401: true,
  });

export const resendCode = (email: string) =>
  api("/api/auth/resend-code", {
    body: { email },
    schema: ResendCodeResponse,
    anonymous: true,
    keep401: true,
  });

/** The browser leaves for Google: sign-up or log-in (Connect Gmail starts by POST instead). */
export const googleStartUrl = (t: "public_signup" | "public_login") =>
  `/api/auth/google/start?t=${encodeURIComponent(t)}`;
