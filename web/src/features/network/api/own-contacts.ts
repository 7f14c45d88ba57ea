import type { ContactColumnsMapping } from "@reachout/contract/contact-files";
import type { NetworkContact } from "@reachout/contract/contacts";
import type {
  OwnContactInput,
  OwnContactsImportEvent,
  OwnContactsImportResponse,
} from "@reachout/contract/own-contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";
import { BILLING_INFO_KEY } from "../../../lib/billing-info";
import { getToken } from "../../../lib/session";

/** Adds a contact the user knows to My Network (free, private to them). */
export async function addOwnContact(input: OwnContactInput): Promise<NetworkContact> {
  const { NetworkContact } = await import("@reachout/contract/contacts");
  return api("/api/my-network/contacts", { method: "POST", body: input, schema: NetworkContact });
}

/** Reveals the address the directory holds for an imported contact: 1 credit. */
export async function revealContactEmail(contactId: string): Promise<NetworkContact> {
  const { NetworkContact } = await import("@reachout/contract/contacts");
  return api(`/api/my-network/contacts/${encodeURIComponent(contactId)}/reveal-email`, {
    method: "POST",
    schema: NetworkContact,
  });
}

/** Reveal-email spends a credit: the balance is asked for again. */
export function useRevealContactEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealContactEmail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BILLING_INFO_KEY });
    },
  });
}

/**
 * Imports the user's own contacts from an export (`mapping` only for a CSV no format was
 * recognised in). The server streams its progress after each batch of people; `onProgress`
 * hears it. Resolves with the import's report, rejects with an ApiError carrying its detail.
 */
export async function importOwnContacts(
  file: File,
  mapping: ContactColumnsMapping | null,
  onProgress?: (done: number, total: number) => void,
): Promise<OwnContactsImportResponse> {
  const { OwnContactsImportEvent } = await import("@reachout/contract/own-contacts");
  const body = new FormData();
  if (mapping) body.append("mapping", JSON.stringify(mapping));
  body.append("file", file, file.name);
  const token = getToken();
  const response = await fetch("/api/my-network/import", {
    method: "POST",
    body,
    headers: {
      accept: "application/x-ndjson",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok || !response.body) {
    const detail = await response
      .json()
      .then((json: { detail?: string }) => json.detail)
      .catch(() => undefined);
    throw new ApiError(response.status, detail);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      const event: OwnContactsImportEvent = OwnContactsImportEvent.parse(JSON.parse(line));
      if ("progress" in event) onProgress?.(event.progress.done, event.progress.total);
      else if ("result" in event) return event.result;
      else throw new ApiError(event.error.status, event.error.detail);
    }
    if (done) break;
  }
  throw new ApiError(500, "The import's answer ended early. Import the file again to finish it.");
}
