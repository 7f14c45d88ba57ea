import type { NetworkContact } from "@reachout/contract/contacts";
import type {
  OwnContactInput,
  OwnContactsImportResponse,
  OwnContactsMapping,
} from "@reachout/contract/own-contacts";
import { api } from "../../../lib/api";

/** Adds a contact the user knows to My Network (free, private to them). */
export async function addOwnContact(input: OwnContactInput): Promise<NetworkContact> {
  const { NetworkContact } = await import("@reachout/contract/contacts");
  return api("/api/my-network/contacts", { method: "POST", body: input, schema: NetworkContact });
}

/** Imports the user's own contacts from a CSV file, its columns mapped to contact fields. */
export async function importOwnContacts(
  file: File,
  mapping: OwnContactsMapping,
): Promise<OwnContactsImportResponse> {
  const { OwnContactsImportResponse } = await import("@reachout/contract/own-contacts");
  const body = new FormData();
  body.append("mapping", JSON.stringify(mapping));
  body.append("file", file, file.name);
  return api("/api/my-network/import", {
    method: "POST",
    body,
    schema: OwnContactsImportResponse,
  });
}
