import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { clearGmailConnecting, isGmailConnecting } from "../../../lib/gmail-connect";
import { compactToast } from "../../../lib/toast";
import { fetchGmailStatus } from "../api/user-profile";

/**
 * Back from Google's consent page: when a connection was under way and the server now says
 * Gmail is connected, the flag is cleared and the page reloads (spec, Gmail connect). A refused
 * or failed grant comes back as ?gmail=error&message=… and is shown once.
 */
export function useGmailReturn() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("gmail");
  const message = params.get("message");

  useEffect(() => {
    if (outcome === "error") {
      clearGmailConnecting();
      compactToast.error(message || "Gmail connection failed. Please try again.");
      setParams({}, { replace: true });
      return;
    }
    if (!isGmailConnecting()) return;
    let cancelled = false;
    fetchGmailStatus()
      .then(({ connected }) => {
        if (cancelled || !connected || !isGmailConnecting()) return;
        clearGmailConnecting();
        // A full reload (without the ?gmail= marker) so every cached view sees the new state.
        window.location.replace(window.location.pathname);
      })
      .catch(() => {
        // Spec: failures fetching the Gmail status are swallowed.
      });
    return () => {
      cancelled = true;
    };
  }, [outcome, message, setParams]);
}
