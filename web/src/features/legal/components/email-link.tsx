import { useContactInfo } from "../api/contact-info";

type Address = "support_email" | "business_email" | "sales_email";

/** A mailto link to one of the team's configured addresses; a placeholder while it loads. */
export function EmailLink({ address, className }: { address: Address; className?: string }) {
  const { data, isError } = useContactInfo();
  if (data) {
    return (
      <a
        href={`mailto:${data[address]}`}
        className={
          className ??
          "font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600"
        }
      >
        {data[address]}
      </a>
    );
  }
  if (isError) return <span>our contact address (see the Contact Us page)</span>;
  return (
    <span
      className="inline-block h-4 w-48 animate-pulse rounded bg-slate-200 align-middle"
      role="status"
      aria-label="Loading email address"
    />
  );
}
