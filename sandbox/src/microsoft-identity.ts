import { createHash, randomUUID } from "node:crypto";
import { faker } from "@faker-js/faker";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml, page } from "./html";
import { hiddenFields, isPlausibleAddress, redirectBack } from "./oauth-consent";
import { type acceptForms, type Form, first, isClientAuthenticated, scopesOf } from "./oauth-form";
import { type CodeProblem, OAuthGrants, type SignInGrant, sandboxBase } from "./oauth-grants";
import { newSigningKey, randomId, signJwt } from "./token-issuer";

export interface MicrosoftSandboxOptions {
  /** Public base URL of the app: the stand-in lives at `${appUrl}/__sandbox/microsoft`. */
  appUrl: string;
  /** Where the stand-ins are served when not on the app (a process of their own). */
  sandboxUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Lifetime of access tokens; Microsoft's is about an hour. */
  accessTokenTtlSeconds?: number;
}

/** A Microsoft grant: the account's object id and what the sign-in granted. */
export interface Grant extends SignInGrant {
  oid: string;
}

/** The consent page's words for each permission, as Microsoft's "Permissions requested". */
const SCOPE_LABELS: Record<string, string> = {
  openid: "Sign you in",
  email: "View your email address",
  profile: "View your basic profile",
  offline_access: "Maintain access to data you have given it access to",
  "https://graph.microsoft.com/Mail.Send": "Send mail as you",
  "https://graph.microsoft.com/Mail.ReadWrite": "Read and write access to your mail",
  "https://graph.microsoft.com/Mail.Read": "Read your mail",
  "https://graph.microsoft.com/User.Read": "Sign you in and read your profile",
};
/** The tenant a personal or work account signs in through: any ("common"). */
export const TENANT_ID = "9188040d-6c67-4c5b-b112-36a304b66dad";
/** The account's object id (Microsoft's `oid`), stable for an address. */
export const objectIdFor = (email: string) => {
  const hex = createHash("sha256").update(`ms:${email.toLowerCase()}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** Microsoft identity platform's error body: AADSTS code, description, trace ids. */
export function identityError(error: string, code: number, description: string) {
  return {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString().replace("T", " ").slice(0, 19)}Z`,
    error_codes: [code],
    timestamp: `${new Date().toISOString().replace("T", " ").slice(0, 19)}Z`,
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
  };
}

/** A missing and a wrong code_verifier get the same answer from Microsoft. */
const VERIFIER_REFUSED: [number, string] = [
  501481,
  "The Code_Verifier does not match the code_challenge supplied in the authorization request.",
];
/** The identity platform's invalid_grant for a refused authorization code: AADSTS code, words. */
const CODE_PROBLEMS: Record<CodeProblem, [number, string]> = {
  unknown_code: [
    70008,
    "The provided authorization code or refresh token has expired due to inactivity.",
  ],
  used_code: [
    54005,
    "OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.",
  ],
  redirect_mismatch: [
    500112,
    "The reply address does not match the reply address provided when requesting Authorization code.",
  ],
  missing_verifier: VERIFIER_REFUSED,
  wrong_verifier: VERIFIER_REFUSED,
};

/** The stand-in's base as this request reached it: its origin and the mount before /v1.0. */
export function baseOf(request: FastifyRequest): string {
  const path = request.url.split("?")[0];
  const mount = path.slice(0, Math.max(0, path.search(/\/(v1\.0|common|[0-9a-f-]{36})\//)));
  return `${request.protocol}://${request.headers.host}${mount}`;
}

/**
 * The Microsoft identity platform (tenant "common"): the consent page, the token endpoint with
 * PKCE and rotating refresh tokens, ID tokens, keys and the OpenID discovery documents.
 */
export class MicrosoftIdentity {
  readonly base: string;
  accessTokenTtlSeconds: number;
  private readonly origin: string;
  private readonly keys = newSigningKey();
  /** Codes, refresh and access tokens (tests grant offline access and revoke it here). */
  readonly grants = new OAuthGrants({
    idFor: (address) => ({ oid: objectIdFor(address) }),
    newCode: () => `M.C5_${randomId(48)}`,
    newRefreshToken: () => `M.C5${randomId(48)}`,
    newAccessToken: () => `EwB${randomId(64)}`,
  });

  constructor(private readonly options: MicrosoftSandboxOptions) {
    this.base = `${sandboxBase(options)}/microsoft`;
    this.origin = new URL(options.appUrl).origin;
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3599;
  }

  private idToken(grant: Grant): Promise<string> {
    return signJwt(
      this.keys,
      {
        ver: "2.0",
        oid: grant.oid,
        tid: TENANT_ID,
        name: grant.name,
        email: grant.email,
        preferred_username: grant.email,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      },
      {
        issuer: `${this.base}/${TENANT_ID}/v2.0`,
        audience: this.options.clientId,
        subject: createHash("sha256").update(grant.oid).digest("base64url").slice(0, 43),
        expiresAt: "1h",
      },
    );
  }

  /** The authorization request's problem, shown on Microsoft's error page (never redirected). */
  private checkClient(form: Form): string | null {
    if (first(form.client_id) !== this.options.clientId) {
      return `AADSTS700016: Application with identifier '${first(form.client_id)}' was not found in the directory.`;
    }
    let origin = "";
    try {
      origin = new URL(first(form.redirect_uri)).origin;
    } catch {
      return "AADSTS900144: The request body must contain the following parameter: 'redirect_uri'.";
    }
    if (origin !== this.origin) {
      return `AADSTS50011: The redirect URI '${first(form.redirect_uri)}' specified in the request does not match the redirect URIs configured for the application.`;
    }
    if (first(form.response_type) !== "code") {
      return "AADSTS700054: response_type 'id_token' is not enabled for the application.";
    }
    const method = first(form.code_challenge_method) || "plain";
    if (first(form.code_challenge) && method !== "S256" && method !== "plain") {
      return "AADSTS501491: Invalid size of Code_Challenge parameter.";
    }
    if (!first(form.scope)) {
      return "AADSTS900144: The request body must contain the following parameter: 'scope'.";
    }
    return null;
  }

  private errorPage(reply: FastifyReply, problem: string) {
    return reply
      .code(400)
      .type("text/html")
      .send(
        page(
          "Sign in to your account",
          `<h1>Sorry, but we're having trouble signing you in.</h1><p>${escapeHtml(problem)}</p>`,
        ),
      );
  }

  private consentPage(form: Form, error?: string): string {
    const scopes = scopesOf(form);
    const hidden = hiddenFields(form, ["response_mode"]);
    const email = first(form.login_hint) || `student-${randomId(4).toLowerCase()}@outlook.example`;
    const name = faker.person.fullName();
    const items = scopes
      .map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</li>`)
      .join("");
    return page(
      "Permissions requested",
      `<h1>Permissions requested</h1>
<p class="meta">Microsoft account · Reachout (unverified) wants to:</p>
${error ? `<p role="alert" style="color:#b91c1c">${escapeHtml(error)}</p>` : ""}
<form method="post" action="authorize">
${hidden}
<label for="email">Email, phone, or Skype</label><input id="email" name="email" type="email" required value="${escapeHtml(email)}">
<label for="name">Name</label><input id="name" name="name" required value="${escapeHtml(name)}">
<ul>${items}</ul>
<p class="meta">Accepting these permissions means that you allow this app to use your data as specified in their terms of service and privacy statement.</p>
<button class="primary" type="submit" name="decision" value="accept">Accept</button><button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
    );
  }

  private decide(form: Form, reply: FastifyReply) {
    const problem = this.checkClient(form);
    if (problem) return this.errorPage(reply, problem);
    const redirectUri = first(form.redirect_uri);
    const state = first(form.state);
    if (first(form.decision) !== "accept") {
      return redirectBack(reply, redirectUri, {
        error: "access_denied",
        error_description: "AADSTS65004: User declined to consent to access the app.",
        state,
      });
    }
    const email = first(form.email).toLowerCase();
    const name = first(form.name).replace(/\s+/g, " ");
    if (!isPlausibleAddress(email) || !name) {
      return reply
        .code(400)
        .type("text/html")
        .send(this.consentPage(form, "Enter a valid email address and a name."));
    }
    const scopes = scopesOf(form);
    const code = this.grants.issueCode(
      { email, name, scopes, nonce: first(form.nonce) || undefined },
      {
        redirectUri,
        offline: scopes.includes("offline_access"),
        codeChallenge: first(form.code_challenge) || undefined,
        codeChallengeMethod: first(form.code_challenge_method) || "plain",
      },
    );
    return redirectBack(reply, redirectUri, { code, state });
  }

  /** The token endpoint's answer; with the offline_access scope, a new refresh token too. */
  private async tokenResponse(grant: Grant, offline: boolean) {
    const refreshToken = offline ? this.grants.issueRefreshToken(grant) : undefined;
    return {
      status: 200,
      body: {
        token_type: "Bearer",
        scope: grant.scopes.join(" "),
        expires_in: this.accessTokenTtlSeconds,
        ext_expires_in: this.accessTokenTtlSeconds,
        access_token: this.grants.issueAccessToken(grant, this.accessTokenTtlSeconds, refreshToken),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        ...(grant.scopes.includes("openid") ? { id_token: await this.idToken(grant) } : {}),
      },
    };
  }

  private async exchange(form: Form, authorization: string | undefined) {
    if (!isClientAuthenticated(authorization, form, this.options)) {
      return {
        status: 401,
        body: identityError(
          "invalid_client",
          7000215,
          "Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.",
        ),
      };
    }
    const grantType = first(form.grant_type);
    if (grantType === "authorization_code") {
      const redeemed = this.grants.redeemCode(form);
      if ("problem" in redeemed) {
        const [code, description] = CODE_PROBLEMS[redeemed.problem];
        return { status: 400, body: identityError("invalid_grant", code, description) };
      }
      return this.tokenResponse(redeemed.grant, redeemed.offline);
    }
    if (grantType === "refresh_token") {
      const grant = this.grants.findRefreshToken(first(form.refresh_token));
      if (!grant) {
        return {
          status: 400,
          body: identityError(
            "invalid_grant",
            50173,
            "The provided grant has expired due to it being revoked, a fresh auth token is needed.",
          ),
        };
      }
      // Microsoft answers a new refresh token on every refresh; the old one stays valid.
      return this.tokenResponse(grant, grant.scopes.includes("offline_access"));
    }
    return {
      status: 400,
      body: identityError(
        "unsupported_grant_type",
        70003,
        "The app requested an unsupported grant type.",
      ),
    };
  }

  /** The identity platform's routes, inside the stand-in's plugin. */
  routes(app: FastifyInstance, formOf: ReturnType<typeof acceptForms>): void {
    app.get("/common/oauth2/v2.0/authorize", async (request, reply) => {
      const form = request.query as Form;
      const problem = this.checkClient(form);
      if (problem) return this.errorPage(reply, problem);
      reply.type("text/html");
      return this.consentPage(form);
    });
    app.post("/common/oauth2/v2.0/authorize", async (request, reply) =>
      this.decide(formOf(request.body), reply),
    );
    app.post("/common/oauth2/v2.0/token", async (request, reply) => {
      const result = await this.exchange(formOf(request.body), request.headers.authorization);
      return reply.code(result.status).header("cache-control", "no-store").send(result.body);
    });
    app.get("/common/discovery/v2.0/keys", async () => ({ keys: [(await this.keys).jwk] }));
    // The OpenID discovery document MSAL reads from an authority, for "common" and the tenant.
    const discovery = async (request: FastifyRequest) => {
      const base = baseOf(request);
      return {
        token_endpoint: `${base}/common/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: [
          "client_secret_post",
          "private_key_jwt",
          "client_secret_basic",
        ],
        jwks_uri: `${base}/common/discovery/v2.0/keys`,
        response_modes_supported: ["query", "fragment", "form_post"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
        scopes_supported: ["openid", "profile", "email", "offline_access"],
        issuer: `${this.base}/{tenantid}/v2.0`,
        request_uri_parameter_supported: false,
        userinfo_endpoint: `${base}/oidc/userinfo`,
        authorization_endpoint: `${base}/common/oauth2/v2.0/authorize`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${base}/common/oauth2/v2.0/logout`,
        claims_supported: [
          "sub",
          "iss",
          "aud",
          "exp",
          "iat",
          "nonce",
          "name",
          "preferred_username",
          "oid",
          "tid",
          "email",
        ],
        tenant_region_scope: null,
        cloud_instance_name: "microsoftonline.com",
      };
    };
    app.get("/common/v2.0/.well-known/openid-configuration", discovery);
    app.get(`/${TENANT_ID}/v2.0/.well-known/openid-configuration`, discovery);
  }
}
