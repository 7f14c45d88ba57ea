import { createHash } from "node:crypto";
import { faker } from "@faker-js/faker";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { SignJWT } from "jose";
import { escapeHtml, page } from "./html";
import { AccessTokens, newSigningKey, randomId } from "./token-issuer";

export interface GoogleSandboxOptions {
  /** Public base URL of the app: the issuer is `${appUrl}/__sandbox/google`. */
  appUrl: string;
  clientId: string;
  clientSecret: string;
  /** Lifetime of access tokens; Google's is one hour. Shorter values exercise refreshes. */
  accessTokenTtlSeconds?: number;
}

/** Who an access token belongs to and what it may do. */
export interface GoogleIdentity {
  email: string;
  name: string;
  scopes: string[];
}

interface Grant {
  sub: string;
  email: string;
  name: string;
  scopes: string[];
  nonce?: string;
}

interface PendingCode extends Grant {
  redirectUri: string;
  codeChallenge?: string;
  offline: boolean;
  expiresAt: number;
}

interface AccessToken extends Grant {
  refreshToken?: string;
}

type Form = Record<string, string | string[] | undefined>;

/** Scopes every sign-in grants; the others can be declined on the consent page (granular consent). */
const BASIC_SCOPES = new Set(["openid", "email", "profile"]);
const SCOPE_LABELS: Record<string, string> = {
  openid: "Associate you with your personal info on Google",
  email: "See your primary Google Account email address",
  profile: "See your personal info, including any personal info you've made publicly available",
  "https://www.googleapis.com/auth/gmail.send": "Send email on your behalf",
  "https://www.googleapis.com/auth/gmail.readonly": "View your email messages and settings",
};
const CODE_TTL_MS = 10 * 60_000;

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
/** Google subjects are 21-digit strings; derived from the address so they are stable across restarts. */
export const googleSubjectFor = (email: string) =>
  (
    BigInt(`0x${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 24)}`) %
    10n ** 21n
  )
    .toString()
    .padStart(21, "1");

const first = (value: unknown): string => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" ? one.trim() : "";
};
const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = form[key];
    form[key] = existing === undefined ? value : [...all(existing), value];
  }
  return form;
}

/** Accounts of this domain belong to a Workspace whose administrator blocks third-party apps. */
export const ADMIN_BLOCKED_DOMAIN = "blocked.example";

const isAdminBlocked = (email: string) => email.endsWith(`@${ADMIN_BLOCKED_DOMAIN}`);

/**
 * What Google shows when a Workspace administrator does not allow the app: an error page of its
 * own, with no way back to the app (no redirect, no error parameter for the app to read).
 */
function adminBlockedPage(email: string): string {
  return page(
    "Access blocked",
    `<h1>Access blocked: Reachout is not approved by ${escapeHtml(ADMIN_BLOCKED_DOMAIN)}</h1>
<p class="meta">${escapeHtml(email)}</p>
<p>Your administrator hasn't given Reachout access to some of your Google Account data. Contact your administrator to request access.</p>
<p><strong>Error 400: admin_policy_enforced</strong></p>`,
  );
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join("") || "?"
  );
}

/**
 * Google OAuth 2.0 + OpenID Connect stand-in: consent page, token endpoint (authorization_code
 * with PKCE S256, refresh_token), userinfo, JWKS and revocation. The Gmail stand-in asks it who
 * an access token belongs to.
 */
export class GoogleSandbox {
  readonly issuer: string;
  accessTokenTtlSeconds: number;
  private readonly origin: string;
  private readonly keys = newSigningKey();
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  private readonly accessTokens = new AccessTokens<AccessToken>(() => `ya29.${randomId(32)}`);

  constructor(private readonly options: GoogleSandboxOptions) {
    this.issuer = `${options.appUrl.replace(/\/$/, "")}/__sandbox/google`;
    this.origin = new URL(options.appUrl).origin;
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
  }

  /** The owner and granted scopes of a live access token; null when unknown, expired or revoked. */
  resolveAccessToken(token: string): GoogleIdentity | null {
    const entry = this.accessTokens.resolve(token);
    if (!entry) return null;
    return { email: entry.email, name: entry.name, scopes: [...entry.scopes] };
  }

  /**
   * Grants offline access without the consent page, as if the person had clicked Allow: the
   * sandbox seed uses it so the demo login starts with Gmail connected. Answers a refresh token.
   */
  grantOffline(email: string, name: string, scopes: string[]): string {
    const address = email.trim().toLowerCase();
    const refreshToken = `1//${randomId(32)}`;
    this.refreshTokens.set(refreshToken, {
      sub: googleSubjectFor(address),
      email: address,
      name,
      scopes: [...scopes],
      revoked: false,
    });
    return refreshToken;
  }

  /** Revokes every grant of an address: its refresh tokens answer invalid_grant from now on. */
  revokeEmail(email: string): void {
    const wanted = email.trim().toLowerCase();
    for (const grant of this.refreshTokens.values()) {
      if (grant.email === wanted) grant.revoked = true;
    }
    this.accessTokens.expire(wanted);
  }

  /** Ends the life of current access tokens (all, or one address's) so the next call must refresh. */
  expireAccessTokens(email?: string): void {
    this.accessTokens.expire(email);
  }

  private async idToken(grant: Grant): Promise<string> {
    const { privateKey, jwk } = await this.keys;
    const [givenName, ...family] = grant.name.split(/\s+/);
    return new SignJWT({
      email: grant.email,
      email_verified: true,
      name: grant.name,
      given_name: givenName,
      family_name: family.join(" ") || undefined,
      picture: this.pictureUrl(grant),
      azp: this.options.clientId,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
      .setIssuer(this.issuer)
      .setAudience(this.options.clientId)
      .setSubject(grant.sub)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
  }

  /**
   * An OIDC token as Google mints for a Pub/Sub push subscription's service account: issuer
   * accounts.google.com, the subscription's audience, the account's email (verified).
   */
  async serviceAccountToken(claims: {
    audience: string;
    email: string;
    /** Seconds from now the token expires (default an hour; negative: already expired). */
    expiresIn?: number;
  }): Promise<string> {
    const { privateKey, jwk } = await this.keys;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: claims.email, email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
      .setIssuer(this.issuer)
      .setAudience(claims.audience)
      .setSubject(googleSubjectFor(claims.email))
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (claims.expiresIn ?? 3600))
      .sign(privateKey);
  }

  private pictureUrl(grant: Grant): string {
    return `${this.issuer}/avatar.svg?initials=${encodeURIComponent(initialsOf(grant.name))}&seed=${grant.sub}`;
  }

  private issueAccessToken(grant: Grant, refreshToken?: string): string {
    return this.accessTokens.issue({ ...grant, refreshToken }, this.accessTokenTtlSeconds);
  }

  /** The authorization request's problem, shown on an error page (Google never redirects those). */
  private checkClient(form: Form): string | null {
    if (first(form.client_id) !== this.options.clientId) return "Error 401: invalid_client";
    const redirectUri = first(form.redirect_uri);
    let origin = "";
    try {
      origin = new URL(redirectUri).origin;
    } catch {
      return "Error 400: invalid_request (redirect_uri is missing)";
    }
    if (origin !== this.origin) return "Error 400: redirect_uri_mismatch";
    if (first(form.response_type) !== "code") return "Error 400: unsupported_response_type";
    const method = first(form.code_challenge_method);
    if (first(form.code_challenge) && method !== "S256") {
      return "Error 400: invalid_request (code_challenge_method must be S256)";
    }
    if (!first(form.scope)) return "Error 400: invalid_request (missing scope)";
    return null;
  }

  private consentPage(form: Form, error?: string): string {
    const scopes = first(form.scope).split(/\s+/).filter(Boolean);
    const hidden = [
      "client_id",
      "redirect_uri",
      "response_type",
      "state",
      "scope",
      "code_challenge",
      "code_challenge_method",
      "access_type",
      "nonce",
    ]
      .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(first(form[key]))}">`)
      .join("");
    const email =
      first(form.login_hint) ||
      first(form.email) ||
      `student-${randomId(4).toLowerCase()}@gmail.example`;
    const name = first(form.name) || faker.person.fullName();
    const scopeItems = scopes
      .map((scope) => {
        const label = escapeHtml(SCOPE_LABELS[scope] ?? scope);
        if (BASIC_SCOPES.has(scope)) return `<li>${label}</li>`;
        return `<li><label style="display:inline;font-weight:400"><input type="checkbox" name="grant_scope" value="${escapeHtml(scope)}" checked style="width:auto;margin-right:8px">${label}</label></li>`;
      })
      .join("");
    return page(
      "Sign in with Google",
      `<h1>Sign in with Google</h1>
<p class="meta">Choose the Google account to continue to Reachout.</p>
${error ? `<p role="alert" style="color:#b91c1c">${escapeHtml(error)}</p>` : ""}
<form method="post" action="authorize">
${hidden}<input type="hidden" name="granular" value="1">
<label for="email">Email</label><input id="email" name="email" type="email" required value="${escapeHtml(email)}">
<label for="name">Name</label><input id="name" name="name" required value="${escapeHtml(name)}">
<p style="margin-top:18px;font-weight:600">Reachout wants to:</p><ul>${scopeItems}</ul>
<button class="primary" type="submit" name="decision" value="allow">Allow</button><button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
    );
  }

  private redirectBack(reply: FastifyReply, redirectUri: string, params: Record<string, string>) {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
    return reply.redirect(url.toString(), 302);
  }

  private decide(form: Form, reply: FastifyReply) {
    const problem = this.checkClient(form);
    if (problem)
      return reply
        .code(400)
        .type("text/html")
        .send(page("Error", `<h1>${escapeHtml(problem)}</h1>`));
    const redirectUri = first(form.redirect_uri);
    const state = first(form.state);
    if (first(form.decision) !== "allow") {
      return this.redirectBack(reply, redirectUri, { error: "access_denied", state });
    }
    const email = first(form.email).toLowerCase();
    const name = first(form.name).replace(/\s+/g, " ");
    if (
      !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ||
      email.length > 254 ||
      !name ||
      name.length > 100
    ) {
      return reply
        .code(400)
        .type("text/html")
        .send(this.consentPage(form, "Enter a valid email address and a name."));
    }
    if (isAdminBlocked(email)) {
      return reply.code(400).type("text/html").send(adminBlockedPage(email));
    }
    const requested = first(form.scope).split(/\s+/).filter(Boolean);
    const chosen = new Set(all(form.grant_scope));
    const scopes = first(form.granular)
      ? requested.filter((s) => BASIC_SCOPES.has(s) || chosen.has(s))
      : requested;
    const code = `4/${randomId(24)}`;
    this.codes.set(code, {
      sub: googleSubjectFor(email),
      email,
      name,
      scopes,
      nonce: first(form.nonce) || undefined,
      redirectUri,
      codeChallenge: first(form.code_challenge) || undefined,
      offline: first(form.access_type) === "offline",
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    return this.redirectBack(reply, redirectUri, { code, state, scope: scopes.join(" ") });
  }

  private clientAuthenticated(authorization: string | undefined, form: Form): boolean {
    let id = first(form.client_id);
    let secret = first(form.client_secret);
    if (authorization?.startsWith("Basic ")) {
      const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    return id === this.options.clientId && secret === this.options.clientSecret;
  }

  private async exchange(form: Form, authorization: string | undefined) {
    if (!this.clientAuthenticated(authorization, form)) {
      return {
        status: 401,
        body: { error: "invalid_client", error_description: "The OAuth client was not found." },
      };
    }
    const grantType = first(form.grant_type);
    if (grantType === "authorization_code") return this.exchangeCode(form);
    if (grantType === "refresh_token") return this.refresh(form);
    return {
      status: 400,
      body: { error: "unsupported_grant_type", error_description: "Invalid grant_type." },
    };
  }

  private async exchangeCode(form: Form) {
    const invalid = (description: string) => ({
      status: 400,
      body: { error: "invalid_grant", error_description: description },
    });
    const code = first(form.code);
    const pending = this.codes.get(code);
    // A code is good for one exchange, whatever its outcome.
    this.codes.delete(code);
    if (!pending || pending.expiresAt <= Date.now()) return invalid("Malformed auth code.");
    if (first(form.redirect_uri) !== pending.redirectUri) return invalid("Bad Request");
    if (pending.codeChallenge) {
      const verifier = first(form.code_verifier);
      if (!verifier) return invalid("Missing code verifier.");
      if (s256(verifier) !== pending.codeChallenge) return invalid("Invalid code verifier.");
    }
    const grant: Grant = {
      sub: pending.sub,
      email: pending.email,
      name: pending.name,
      scopes: pending.scopes,
      nonce: pending.nonce,
    };
    let refreshToken: string | undefined;
    if (pending.offline) {
      refreshToken = `1//${randomId(32)}`;
      this.refreshTokens.set(refreshToken, { ...grant, nonce: undefined, revoked: false });
    }
    return {
      status: 200,
      body: {
        access_token: this.issueAccessToken(grant, refreshToken),
        expires_in: this.accessTokenTtlSeconds,
        token_type: "Bearer",
        scope: grant.scopes.join(" "),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        ...(grant.scopes.includes("openid") ? { id_token: await this.idToken(grant) } : {}),
      },
    };
  }

  private async refresh(form: Form) {
    const refreshToken = first(form.refresh_token);
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.revoked) {
      return {
        status: 400,
        body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
      };
    }
    return {
      status: 200,
      body: {
        access_token: this.issueAccessToken(grant, refreshToken),
        expires_in: this.accessTokenTtlSeconds,
        token_type: "Bearer",
        scope: grant.scopes.join(" "),
        ...(grant.scopes.includes("openid") ? { id_token: await this.idToken(grant) } : {}),
      },
    };
  }

  private revokeToken(token: string): boolean {
    const grant = this.refreshTokens.get(token);
    if (grant) {
      grant.revoked = true;
      this.accessTokens.deleteWhere((entry) => entry.refreshToken === token);
      return true;
    }
    return this.accessTokens.delete(token);
  }

  /** Mounted under /__sandbox/google. */
  readonly plugin: FastifyPluginAsync = async (app) => {
    // Real OAuth endpoints take form posts; this parser stays inside this plugin.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 65_536 },
      (_request, body, done) => done(null, parseForm(String(body))),
    );
    const formOf = (body: unknown): Form =>
      body && typeof body === "object" ? (body as Form) : {};

    app.get("/authorize", async (request, reply) => {
      const form = request.query as Form;
      const problem = this.checkClient(form);
      reply.type("text/html");
      if (problem) return reply.code(400).send(page("Error", `<h1>${escapeHtml(problem)}</h1>`));
      const hint = first(form.login_hint).toLowerCase();
      if (isAdminBlocked(hint)) return reply.code(400).send(adminBlockedPage(hint));
      return this.consentPage(form);
    });
    app.post("/authorize", async (request, reply) => this.decide(formOf(request.body), reply));

    app.post("/token", async (request, reply) => {
      const result = await this.exchange(formOf(request.body), request.headers.authorization);
      return reply.code(result.status).header("cache-control", "no-store").send(result.body);
    });

    app.get("/userinfo", async (request, reply) => {
      const header = request.headers.authorization ?? "";
      const entry = header.startsWith("Bearer ")
        ? this.accessTokens.resolve(header.slice(7).trim())
        : null;
      if (!entry) {
        return reply
          .code(401)
          .send({ error: "invalid_token", error_description: "Invalid Credentials" });
      }
      const [givenName, ...family] = entry.name.split(/\s+/);
      return {
        sub: entry.sub,
        email: entry.email,
        email_verified: true,
        name: entry.name,
        given_name: givenName,
        family_name: family.join(" ") || undefined,
        picture: this.pictureUrl(entry),
      };
    });

    app.get("/jwks", async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return { keys: [(await this.keys).jwk] };
    });

    // Google's revocation endpoint takes `token`; `{email}` revokes every grant of an address.
    app.post("/revoke", async (request, reply) => {
      const form = formOf(request.body);
      const query = request.query as Form;
      const email = first(form.email);
      const token = first(form.token) || first(query.token);
      if (email) {
        this.revokeEmail(email);
        return { revoked: email.toLowerCase() };
      }
      if (token && this.revokeToken(token)) return {};
      return reply
        .code(400)
        .send({ error: "invalid_token", error_description: "Token expired or revoked" });
    });

    app.post("/expire", async (request) => {
      const email = first(formOf(request.body).email) || undefined;
      this.expireAccessTokens(email);
      return { expired: email ?? "all" };
    });

    app.get("/avatar.svg", async (request, reply) => {
      const { initials, seed } = request.query as { initials?: string; seed?: string };
      const text = escapeHtml((initials ?? "?").slice(0, 2).toUpperCase());
      const hue = Number(
        BigInt(
          `0x${createHash("sha256")
            .update(seed ?? "")
            .digest("hex")
            .slice(0, 8)}`,
        ) % 360n,
      );
      reply.type("image/svg+xml").header("cache-control", "public, max-age=86400");
      return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue},55%,45%)"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="34" font-weight="600" fill="#fff" text-anchor="middle">${text}</text></svg>`;
    });
  };
}
