import { createHash } from "node:crypto";
import { faker } from "@faker-js/faker";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { answerErrorsAs } from "./error-reply";
import { escapeHtml, page } from "./html";
import { hiddenFields, isPlausibleAddress, redirectBack } from "./oauth-consent";
import { acceptForms, all, type Form, first, isClientAuthenticated, scopesOf } from "./oauth-form";
import { type CodeProblem, OAuthGrants, type SignInGrant, sandboxBase } from "./oauth-grants";
import { newSigningKey, randomId, signJwt } from "./token-issuer";

export interface GoogleSandboxOptions {
  /** Public base URL of the app: the issuer is `${appUrl}/__sandbox/google`. */
  appUrl: string;
  /** Where the stand-ins are served when not on the app (a process of their own). */
  sandboxUrl?: string;
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

/** A Google grant: the account's subject (its stable id) and what the sign-in granted. */
interface Grant extends SignInGrant {
  sub: string;
}

/** Scopes every sign-in grants; the others can be declined on the consent page (granular consent). */
const BASIC_SCOPES = new Set(["openid", "email", "profile"]);
const SCOPE_LABELS: Record<string, string> = {
  openid: "Associate you with your personal info on Google",
  email: "See your primary Google Account email address",
  profile: "See your personal info, including any personal info you've made publicly available",
  "https://www.googleapis.com/auth/gmail.send": "Send email on your behalf",
  "https://www.googleapis.com/auth/gmail.readonly": "View your email messages and settings",
};
/** Google subjects are 21-digit strings; derived from the address so they are stable across restarts. */
export const googleSubjectFor = (email: string) =>
  (
    BigInt(`0x${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 24)}`) %
    10n ** 21n
  )
    .toString()
    .padStart(21, "1");

/** Google's invalid_grant descriptions for a refused authorization code. */
const CODE_PROBLEMS: Record<CodeProblem, string> = {
  unknown_code: "Malformed auth code.",
  used_code: "Bad Request",
  redirect_mismatch: "Bad Request",
  missing_verifier: "Missing code verifier.",
  wrong_verifier: "Invalid code verifier.",
};

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
  /** Codes, refresh and access tokens; `grants.grantOffline` lets the sandbox seed connect Gmail. */
  readonly grants = new OAuthGrants({
    idFor: (address) => ({ sub: googleSubjectFor(address) }),
    newCode: () => `4/${randomId(24)}`,
    newRefreshToken: () => `1//${randomId(32)}`,
    newAccessToken: () => `ya29.${randomId(32)}`,
  });

  constructor(private readonly options: GoogleSandboxOptions) {
    this.issuer = `${sandboxBase(options)}/google`;
    this.origin = new URL(options.appUrl).origin;
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
  }

  /** The owner and granted scopes of a live access token; null when unknown, expired or revoked. */
  resolveAccessToken(token: string): GoogleIdentity | null {
    const entry = this.grants.resolveAccessToken(token);
    if (!entry) return null;
    return { email: entry.email, name: entry.name, scopes: [...entry.scopes] };
  }

  private idToken(grant: Grant): Promise<string> {
    const [givenName, ...family] = grant.name.split(/\s+/);
    return signJwt(
      this.keys,
      {
        email: grant.email,
        email_verified: true,
        name: grant.name,
        given_name: givenName,
        family_name: family.join(" ") || undefined,
        picture: this.pictureUrl(grant),
        azp: this.options.clientId,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      },
      {
        issuer: this.issuer,
        audience: this.options.clientId,
        subject: grant.sub,
        expiresAt: "1h",
      },
    );
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
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      this.keys,
      { email: claims.email, email_verified: true },
      {
        issuer: this.issuer,
        audience: claims.audience,
        subject: googleSubjectFor(claims.email),
        issuedAt: now - 60,
        expiresAt: now + (claims.expiresIn ?? 3600),
      },
    );
  }

  private pictureUrl(grant: Grant): string {
    return `${this.issuer}/avatar.svg?initials=${encodeURIComponent(initialsOf(grant.name))}&seed=${grant.sub}`;
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
    const scopes = scopesOf(form);
    const hidden = hiddenFields(form, ["access_type"]);
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
      return redirectBack(reply, redirectUri, { error: "access_denied", state });
    }
    const email = first(form.email).toLowerCase();
    const name = first(form.name).replace(/\s+/g, " ");
    if (!isPlausibleAddress(email) || !name || name.length > 100) {
      return reply
        .code(400)
        .type("text/html")
        .send(this.consentPage(form, "Enter a valid email address and a name."));
    }
    if (isAdminBlocked(email)) {
      return reply.code(400).type("text/html").send(adminBlockedPage(email));
    }
    const requested = scopesOf(form);
    const chosen = new Set(all(form.grant_scope));
    const scopes = first(form.granular)
      ? requested.filter((s) => BASIC_SCOPES.has(s) || chosen.has(s))
      : requested;
    const code = this.grants.issueCode(
      { email, name, scopes, nonce: first(form.nonce) || undefined },
      {
        redirectUri,
        offline: first(form.access_type) === "offline",
        codeChallenge: first(form.code_challenge) || undefined,
        // checkClient refused any other method.
        codeChallengeMethod: "S256",
      },
    );
    return redirectBack(reply, redirectUri, { code, state, scope: scopes.join(" ") });
  }

  private async exchange(form: Form, authorization: string | undefined) {
    if (!isClientAuthenticated(authorization, form, this.options)) {
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
    const redeemed = this.grants.redeemCode(form);
    if ("problem" in redeemed) return invalid(CODE_PROBLEMS[redeemed.problem]);
    const { grant } = redeemed;
    const refreshToken = redeemed.offline ? this.grants.issueRefreshToken(grant) : undefined;
    return this.tokenResponse(grant, refreshToken, { isNewRefreshToken: true });
  }

  private async refresh(form: Form) {
    const refreshToken = first(form.refresh_token);
    const grant = this.grants.findRefreshToken(refreshToken);
    if (!grant) {
      return {
        status: 400,
        body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
      };
    }
    // Google keeps the refresh token: the answer carries none.
    return this.tokenResponse(grant, refreshToken, { isNewRefreshToken: false });
  }

  /** The token endpoint's answer: an access token (tied to the refresh token) and an ID token. */
  private async tokenResponse(
    grant: Grant,
    refreshToken: string | undefined,
    { isNewRefreshToken }: { isNewRefreshToken: boolean },
  ) {
    return {
      status: 200,
      body: {
        access_token: this.grants.issueAccessToken(grant, this.accessTokenTtlSeconds, refreshToken),
        expires_in: this.accessTokenTtlSeconds,
        token_type: "Bearer",
        scope: grant.scopes.join(" "),
        ...(refreshToken && isNewRefreshToken ? { refresh_token: refreshToken } : {}),
        ...(grant.scopes.includes("openid") ? { id_token: await this.idToken(grant) } : {}),
      },
    };
  }

  /** Mounted under /__sandbox/google. */
  readonly plugin: FastifyPluginAsync = async (app) => {
    const formOf = acceptForms(app);
    // Malformed input answers as Google's OAuth endpoints do (RFC 6749 §5.2), never a 500.
    answerErrorsAs(app, (reply, status, message) =>
      reply.code(status).send({
        error: status >= 500 ? "server_error" : "invalid_request",
        error_description: message,
      }),
    );

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
        ? this.grants.resolveAccessToken(header.slice(7).trim())
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
        this.grants.revokeEmail(email);
        return { revoked: email.toLowerCase() };
      }
      if (token && this.grants.revokeToken(token)) return {};
      return reply
        .code(400)
        .send({ error: "invalid_token", error_description: "Token expired or revoked" });
    });

    app.post("/expire", async (request) => {
      const email = first(formOf(request.body).email) || undefined;
      this.grants.expireAccessTokens(email);
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
