import type { NetworkListContact } from "@reachout/contract/contacts";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { fetchNetworkContact } from "../api/network";

export type DeepLink =
  | { state: "none" }
  | { state: "looking" }
  | { state: "not-found" }
  | { state: "found"; contact: NetworkListContact };

/**
 * A navigation state `{contactId}` opens that contact's email dialog: looked up among the loaded
 * contacts, else asked from the server. The state is then cleared, so a reload does not reopen
 * it; closing a dialog opened this way goes to /agent.
 */
export function useDeepLink(loaded: NetworkListContact[], ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as { contactId?: unknown } | null)?.contactId;
  const [target] = useState(() => (typeof requested === "string" ? requested : null));
  const [link, setLink] = useState<DeepLink>(target ? { state: "looking" } : { state: "none" });
  const started = useRef(false);

  useEffect(() => {
    if (!target || !ready || started.current) return;
    started.current = true;
    navigate(".", { replace: true, state: null });
    const known = loaded.find((c) => c.id === target);
    if (known) {
      setLink({ state: "found", contact: known });
      return;
    }
    fetchNetworkContact(target)
      .then((contact) => setLink(contact ? { state: "found", contact } : { state: "not-found" }))
      .catch(() => setLink({ state: "not-found" }));
  }, [target, ready, loaded, navigate]);

  const close = () => {
    setLink({ state: "none" });
    navigate("/agent");
  };
  return { link, close };
}
