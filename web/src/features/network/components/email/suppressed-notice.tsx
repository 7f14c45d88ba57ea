import type { DirectoryResponse } from "@reachout/contract/contacts";
import { useQuery } from "@tanstack/react-query";
import { Ban, UserRoundSearch } from "lucide-react";
import { Link } from "react-router";
import { api } from "../../../../lib/api";

/** Why nobody writes to this address through Reachout, as the dialog says it first. */
export function suppressedReason(status: string): string {
  if (status === "bounced") {
    return "Mail to this address bounced permanently: the receiving server says it does not exist. Reachout won't send to it again, for anyone.";
  }
  if (status === "opted_out") {
    return "This person asked not to be contacted through Reachout. Reachout won't send to them again.";
  }
  return "Reachout can't send to this address right now.";
}

const sameCompany = (a: string | null | undefined, b: string) =>
  (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/**
 * People at the same company the student could write to instead: from the directory (people not
 * in the student's network yet), with an address nobody is barred from.
 */
function useOthersAtCompany(company: string | null | undefined, contactId: string) {
  return useQuery({
    queryKey: ["others-at-company", company ?? "", contactId],
    enabled: Boolean(company?.trim()),
    staleTime: 60_000,
    queryFn: async () => {
      const { DirectoryResponse } = await import("@reachout/contract/contacts");
      const query = new URLSearchParams({ q: (company ?? "").trim(), limit: "30", offset: "0" });
      const page: DirectoryResponse = await api(`/api/global-contacts/all?${query}`, {
        schema: DirectoryResponse,
      });
      return page.contacts
        .filter(
          (c) =>
            c.id !== contactId &&
            c.has_email &&
            c.email_status === "ok" &&
            sameCompany(c.company, company ?? ""),
        )
        .slice(0, 3);
    },
  });
}

/**
 * The email dialog's first words for a contact nobody may write to (a permanent bounce, an
 * opt-out): why, that nothing can be sent, and who else at the company the student could reach.
 * The dialog offers no send, schedule or follow-up action for them.
 */
export function SuppressedNotice({
  status,
  contact,
}: {
  status: string;
  contact: { id: string; full_name: string; company?: string | null };
}) {
  const others = useOthersAtCompany(contact.company, contact.id);
  const company = contact.company?.trim();
  return (
    <div
      role="alert"
      data-testid="suppressed-notice"
      className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="flex items-start gap-2 font-semibold">
        <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
        You can't email {contact.full_name} through Reachout.
      </p>
      <p>{suppressedReason(status)}</p>
      {company ? (
        <div className="space-y-2 text-slate-800">
          <p>Reach someone else at {company} instead:</p>
          {others.data && others.data.length > 0 ? (
            <ul className="space-y-1">
              {others.data.map((person) => (
                <li key={person.id}>
                  <span className="font-medium">{person.full_name}</span>
                  {person.title ? `, ${person.title}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          <Link
            to={`/connect?organization=${encodeURIComponent(company)}`}
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            <UserRoundSearch className="size-4" aria-hidden />
            Find someone else at {company}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
