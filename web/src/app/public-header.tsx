import { ChevronDown, Menu } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useSession } from "../lib/use-session";
import { Avatar } from "./avatar";
import { SandboxBadge } from "./sandbox-badge";

const FEATURES = [
  { to: "/agent", label: "Search Agent" },
  { to: "/agent", label: "Intelligent Email" },
  { to: "/startups", label: "Startups" },
  { to: "/connect", label: "Connect" },
  { to: "/my-network", label: "My Network" },
];

/**
 * A disclosure of links (the WAI pattern for site navigation) rather than an ARIA menu: simpler
 * for screen readers, and it keeps the radix menu code out of the landing page's first load.
 * Closes on Escape, an outside click, focus leaving it, or a route change.
 */
const NAV_LINK =
  "rounded-md px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 max-sm:hidden";

function FeaturesMenu({ compactLinks }: { compactLinks: Array<{ to: string; label: string }> }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeIfOutside);
    document.addEventListener("focusin", closeIfOutside);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", closeIfOutside);
      document.removeEventListener("focusin", closeIfOutside);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative max-sm:order-last">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="max-sm:hidden">Features</span>
        <span className="sr-only sm:hidden">Menu</span>
        <Menu className="size-5 sm:hidden" aria-hidden />
        <ChevronDown
          className={`size-4 transition-transform max-sm:hidden ${open ? "rotate-180" : ""}`}
          aria-hidden
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full z-50 mt-2 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg max-sm:right-0 sm:left-0"
      >
        {FEATURES.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {item.label}
            </Link>
          </li>
        ))}
        {/* Small screens fold the other header links in here, so the bar fits 390 px. */}
        {compactLinks.map((item, index) => (
          <li
            key={item.label}
            className={`sm:hidden ${index === 0 ? "mt-1 border-t border-slate-100 pt-1" : ""}`}
          >
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PublicHeader() {
  const { isLoggedIn } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-3">
          <Link to="/" className="text-xl font-extrabold tracking-tight text-slate-900">
            Reach<span className="text-brand-600">out</span>
          </Link>
          <SandboxBadge />
        </div>
        <nav
          className="flex items-center gap-1 text-sm font-medium text-slate-700 sm:gap-4"
          aria-label="Site"
        >
          <FeaturesMenu
            compactLinks={[
              { to: "/pricing", label: "Pricing" },
              isLoggedIn
                ? { to: "/account", label: "Account" }
                : { to: "/login", label: "Sign in" },
            ]}
          />
          <Link to="/pricing" className={NAV_LINK}>
            Pricing
          </Link>
          {isLoggedIn ? (
            <>
              <Link to="/account" className={NAV_LINK}>
                Account
              </Link>
              <Avatar />
            </>
          ) : (
            <>
              <Link to="/login" className={NAV_LINK}>
                Sign in
              </Link>
              <Link
                to="/signup"
                className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Get Started
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
