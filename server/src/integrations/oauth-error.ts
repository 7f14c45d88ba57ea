import {
  ArcticFetchError,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";

/**
 * Why a call to an OAuth provider's token endpoint failed, so callers know whether to retry
 * (temporary), ask the user again (invalid_grant: the grant is gone) or stop (rejected).
 * Each provider has its own subclass (GoogleAuthError, MicrosoftAuthError).
 */
export class OAuthProviderError extends Error {
  constructor(
    readonly kind: "invalid_grant" | "rejected" | "temporary",
    message: string,
  ) {
    super(message);
  }
}

/** An arctic failure as the provider's error; `provider` names it in the message. */
export function classifyOAuthError<E extends OAuthProviderError>(
  error: unknown,
  provider: string,
  ProviderError: new (kind: OAuthProviderError["kind"], message: string) => E,
): E {
  if (error instanceof OAuth2RequestError) {
    return new ProviderError(
      error.code === "invalid_grant" ? "invalid_grant" : "rejected",
      `${provider} refused the request (${error.code})`,
    );
  }
  if (error instanceof ArcticFetchError) {
    return new ProviderError("temporary", `${provider} could not be reached`);
  }
  if (
    error instanceof UnexpectedResponseError ||
    error instanceof UnexpectedErrorResponseBodyError
  ) {
    return new ProviderError("temporary", `${provider} answered unexpectedly`);
  }
  return new ProviderError("temporary", `${provider} request failed`);
}
