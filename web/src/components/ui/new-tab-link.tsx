import type { AnchorHTMLAttributes, ReactNode } from "react";

/** A link to another site, opened in a new tab that gets no handle on this one. */
export function NewTabLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel">) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}

/** A person's LinkedIn profile, named for screen readers; nothing when there is no profile. */
export function LinkedInLink({
  url,
  name,
  className,
  children,
}: {
  url: string | null | undefined;
  /** The person's full name: the link reads "Ada Lovelace on LinkedIn". */
  name: string;
  className: string;
  children: ReactNode;
}) {
  if (!url) return null;
  return (
    <NewTabLink href={url} className={className} aria-label={`${name} on LinkedIn`}>
      {children}
    </NewTabLink>
  );
}
