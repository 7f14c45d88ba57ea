import { Bot, X } from "lucide-react";
import { Link } from "react-router";

/**
 * Shown while the directory is narrowed to a target role (an application's "Find people
 * here"): what the list holds, a way to drop the role, and the agent's search for more people
 * at the same company and role.
 */
export function RoleFilterNotice({
  role,
  organization,
  onClear,
}: {
  role: string;
  organization: string;
  onClear: () => void;
}) {
  const agentLink = `/agent?${new URLSearchParams({
    role,
    ...(organization ? { company: organization } : {}),
  })}`;
  return (
    <section
      aria-label="Role filter"
      className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        People who hire for or work as <strong>{role}</strong>
        {organization ? (
          <>
            {" "}
            at <strong>{organization}</strong>
          </>
        ) : null}
        .
      </p>
      <div className="flex items-center gap-3">
        <Link
          to={agentLink}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Bot className="size-4" aria-hidden />
          Ask the agent
        </Link>
        <button
          type="button"
          onClick={onClear}
          className="inline-flex items-center gap-1 text-slate-600 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden />
          Any role
        </button>
      </div>
    </section>
  );
}
