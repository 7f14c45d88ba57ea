import {
  AuthProviderQuery,
  AuthProviderResponse,
  CreditsResponse,
  GmailStatusResponse,
  GoogleAuthRequest,
  GoogleCallbackQuery,
  GoogleStartQuery,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MailboxConnectRequest,
  MailboxConnectResponse,
  MailboxModeRequest,
  MailboxStatusResponse,
  MicrosoftCallbackQuery,
  ResendCodeRequest,
  ResendCodeResponse,
  SignupMethodResponse,
  SignupRequest,
  SignupResponse,
  UserProfile,
  VerifyCodeQuery,
  VerifyCodeResponse,
} from "@reachout/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { publicFormLimit } from "../../http/rate-limit";
import { limitByEmail } from "./email-rate-limit";
import {
  completeGoogleAuth,
  STATE_COOKIE,
  signInWithGoogleIdToken,
  startGmailConnect,
  startGoogleSignIn,
} from "./google-oauth";
import { logIn, logOut } from "./login";
import { isGmailConnected } from "./mailbox-connection";
import { loadMailboxStatus, setMailboxMode } from "./mailbox-mode";
import {
  completeMicrosoftConnect,
  MICROSOFT_STATE_COOKIE,
  startMicrosoftConnect,
} from "./microsoft-oauth";
import { getUserCredits, getUserProfile } from "./profile";
import { lookupAuthProvider, signUp } from "./signup";
import { resendVerificationCode, verifyEmailCode } from "./verification";

const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string })?.email;
const queryEmail = (request: FastifyRequest) => (request.query as { email?: string })?.email;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Each provider's flow has its own state cookie, sent only to its own paths. */
const GOOGLE_STATE = { name: STATE_COOKIE, path: "/api/auth/google" };
const MICROSOFT_STATE = { name: MICROSOFT_STATE_COOKIE, path: "/api/auth/microsoft" };

function setStateCookie(
  reply: FastifyReply,
  cookie: { name: string; path: string },
  value: string,
  maxAge: number,
  secure: boolean,
) {
  reply.header(
    "set-cookie",
    `${cookie.name}=${value}; Path=${cookie.path}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`,
  );
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const perIp = publicFormLimit(deps.config);
  const byBodyEmail = limitByEmail(app, deps.config.rateLimit.authMax, bodyEmail);
  const byQueryEmail = limitByEmail(app, deps.config.rateLimit.authMax, queryEmail);
  const isSecure = deps.config.publicUrl.startsWith("https://");
  const tags = ["auth"];
  const bearer = [{ bearer: [] }];

  app.get(
    "/auth/auth-provider",
    {
      config: perIp,
      schema: { tags, querystring: AuthProviderQuery, response: { 200: AuthProviderResponse } },
    },
    async (request) => ({ provider: await lookupAuthProvider(deps, request.query.email) }),
  );

  app.get(
    "/auth/signup-method",
    {
      config: perIp,
      schema: { tags, querystring: AuthProviderQuery, response: { 200: SignupMethodResponse } },
    },
    async (request) => ({ signup_method: await lookupAuthProvider(deps, request.query.email) }),
  );

  app.post(
    "/auth/signup",
    {
      config: perIp,
      preHandler: byBodyEmail,
      schema: { tags, body: SignupRequest, response: { 201: SignupResponse } },
    },
    async (request, reply) => reply.code(201).send(await signUp(deps, request.body)),
  );

  app.post(
    "/auth/verify-code",
    {
      config: perIp,
      preHandler: byQueryEmail,
      schema: { tags, querystring: VerifyCodeQuery, response: { 200: VerifyCodeResponse } },
    },
    async (request) => verifyEmailCode(deps, request.query.email, request.query.code),
  );

  app.post(
    "/auth/resend-code",
    {
      config: perIp,
      preHandler: byBodyEmail,
      schema: { tags, body: ResendCodeRequest, response: { 200: ResendCodeResponse } },
    },
    async (request) => resendVerificationCode(deps, request.body.email),
  );

  app.post(
    "/auth/login",
    {
      config: perIp,
      preHandler: byBodyEmail,
      schema: { tags, body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (request) => logIn(deps, request.body),
  );

  app.post(
    "/auth/logout",
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, response: { 200: LogoutResponse } },
    },
    async (request) => logOut(deps, currentUser(request).sessionHash),
  );

  app.post(
    "/auth/google-auth",
    {
      config: perIp,
      schema: { tags, body: GoogleAuthRequest, response: { 200: LoginResponse } },
    },
    async (request) => signInWithGoogleIdToken(deps, request.body.token),
  );

  app.get(
    "/auth/google/start",
    { config: perIp, schema: { tags, querystring: GoogleStartQuery } },
    async (request, reply) => {
      const { location, state } = await startGoogleSignIn(deps, request.query.t);
      setStateCookie(reply, GOOGLE_STATE, state, 600, isSecure);
      return reply.redirect(location, 302);
    },
  );

  // Connecting a mailbox starts here, from the signed-in page (bearer header, JSON body): a
  // link cannot start it in someone else's browser, and the flow's cookie lands only in the
  // browser of the person who asked (issue 32).
  const connectSchema = {
    tags,
    security: bearer,
    body: MailboxConnectRequest,
    response: { 200: MailboxConnectResponse },
  };
  app.post(
    "/auth/google/start",
    { config: perIp, preValidation: app.requireUser, schema: connectSchema },
    async (request, reply) => {
      const { location, state } = await startGmailConnect(
        deps,
        currentUser(request),
        request.body.switch === true,
      );
      setStateCookie(reply, GOOGLE_STATE, state, 600, isSecure);
      return { url: location };
    },
  );

  app.get(
    "/auth/google/callback",
    { schema: { tags, querystring: GoogleCallbackQuery } },
    async (request, reply) => {
      const location = await completeGoogleAuth(
        deps,
        request.query,
        readCookie(request, STATE_COOKIE),
      );
      setStateCookie(reply, GOOGLE_STATE, "", 0, isSecure);
      return reply.redirect(location, 302);
    },
  );

  app.post(
    "/auth/microsoft/start",
    { config: perIp, preValidation: app.requireUser, schema: connectSchema },
    async (request, reply) => {
      const { location, state } = await startMicrosoftConnect(
        deps,
        currentUser(request),
        request.body.switch === true,
      );
      if (state) setStateCookie(reply, MICROSOFT_STATE, state, 600, isSecure);
      return { url: location };
    },
  );

  app.get(
    "/auth/microsoft/callback",
    { schema: { tags, querystring: MicrosoftCallbackQuery } },
    async (request, reply) => {
      const location = await completeMicrosoftConnect(
        deps,
        request.query,
        readCookie(request, MICROSOFT_STATE_COOKIE),
      );
      setStateCookie(reply, MICROSOFT_STATE, "", 0, isSecure);
      return reply.redirect(location, 302);
    },
  );

  app.get(
    "/auth/gmail/status",
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, response: { 200: GmailStatusResponse } },
    },
    async (request) => ({
      connected: await isGmailConnected(deps.database.db, currentUser(request).id),
    }),
  );

  app.get(
    "/auth/mailbox/status",
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, response: { 200: MailboxStatusResponse } },
    },
    async (request) => loadMailboxStatus(deps.database.db, currentUser(request).id),
  );

  app.put(
    "/auth/mailbox/mode",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security: bearer,
        body: MailboxModeRequest,
        response: { 200: MailboxStatusResponse },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setMailboxMode(deps.database.db, userId, request.body.mode);
      return loadMailboxStatus(deps.database.db, userId);
    },
  );

  app.get(
    "/user/profile",
    {
      preHandler: app.requireUser,
      schema: { tags: ["user"], security: bearer, response: { 200: UserProfile } },
    },
    async (request) => getUserProfile(deps, currentUser(request)),
  );

  app.get(
    "/user/credits",
    {
      preHandler: app.requireUser,
      schema: { tags: ["user"], security: bearer, response: { 200: CreditsResponse } },
    },
    async (request) => getUserCredits(deps, currentUser(request).id),
  );
};
