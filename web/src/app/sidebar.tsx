import {
  BarChart3,
  Briefcase,
  Building2,
  CreditCard,
  Globe,
  LogIn,
  LogOut,
  Repeat,
  Rocket,
  Sparkles,
  User,
  UserPlus,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "../lib/cn";
import { useSession } from "../lib/use-session";

export const SIDEBAR_LINKS = [
  { to: "/pricing", label: "Pricing", icon: CreditCard },
  { to: "/agent", label: "Agent", icon: Sparkles },
  { to: "/connect", label: "Connect", icon: Globe },
  { to: "/my-network", label: "My Network", icon: Users },
  { to: "/sequences", label: "Sequences", icon: Repeat },
  { to: "/startups", label: "Startups", icon: Rocket },
  { to: "/applications", label: "Applications", icon: Briefcase },
  { to: "/insights", label: "Insights", icon: BarChart3 },
  { to: "/account", label: "Account", icon: User },
] as const;

function NavItem({
  to,
  label,
  icon: Icon,
  active,
  onClick,
}: {
  to: string;
  label: string;
  icon: typeof User;
  active?: boolean;
  onClick?: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white",
        active ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white",
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className="truncate whitespace-nowrap md:opacity-0 md:transition-opacity md:group-hover:opacity-100 md:group-focus-within:opacity-100 max-md:opacity-100">
        {label}
      </span>
    </Link>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, signOut } = useSession();
  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <Link to="/" className="mb-4 flex h-11 items-center gap-3 px-2" onClick={onNavigate}>
        <Building2 className="size-6 shrink-0 text-brand-500" aria-hidden />
        <span className="whitespace-nowrap text-lg font-bold text-white md:opacity-0 md:transition-opacity md:group-hover:opacity-100 md:group-focus-within:opacity-100 max-md:opacity-100">
          Reachout
        </span>
      </Link>
      <nav className="flex flex-1 flex-col gap-1" aria-label="Main">
        {SIDEBAR_LINKS.map((link) => (
          <NavItem
            key={link.to}
            {...link}
            // Logged-out visitors are sent to /login from every link.
            to={isLoggedIn ? link.to : "/login"}
            active={pathname.startsWith(link.to)}
            onClick={onNavigate}
          />
        ))}
      </nav>
      <div className="flex flex-col gap-1 border-t border-slate-800 pt-3">
        {isLoggedIn ? (
          <button
            type="button"
            onClick={async () => {
              onNavigate?.();
              // Leave the guarded page first: signing out on it would let the guard win with /login.
              await navigate("/");
              await signOut();
            }}
            className="flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
          >
            <LogOut className="size-5 shrink-0" aria-hidden />
            <span className="whitespace-nowrap md:opacity-0 md:transition-opacity md:group-hover:opacity-100 md:group-focus-within:opacity-100 max-md:opacity-100">
              Logout
            </span>
          </button>
        ) : (
          <>
            <NavItem to="/login" label="Log In" icon={LogIn} onClick={onNavigate} />
            <NavItem to="/signup" label="Sign Up" icon={UserPlus} onClick={onNavigate} />
          </>
        )}
      </div>
    </div>
  );
}

/** Wide screens: a rail of 16 units that expands to 64 on hover, and while a link has keyboard focus. */
export function SidebarRail() {
  return (
    <aside
      data-testid="sidebar-rail"
      className="group fixed inset-y-0 left-0 z-40 hidden w-16 overflow-hidden bg-slate-900 transition-[width] duration-200 hover:w-64 focus-within:w-64 md:block"
    >
      <SidebarContent />
    </aside>
  );
}

/** At 768px or less: a slide-in drawer with an overlay, closed by an outside click or a route change. */
export function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes.
  useEffect(() => {
    onClose();
  }, [pathname]);
  return (
    <div className={cn("md:hidden", open ? "" : "pointer-events-none")}>
      <div
        data-testid="drawer-overlay"
        aria-hidden
        onClick={onClose}
        className={cn(
          "fixed inset-0 z-40 bg-slate-900/50 transition-opacity",
          open ? "opacity-100" : "opacity-0",
        )}
      />
      <aside
        data-testid="sidebar-drawer"
        // Closed, the drawer is off screen: inert keeps its links out of the tab order and
        // the accessibility tree (aria-hidden alone would leave them focusable).
        inert={!open}
        className={cn(
          "fixed inset-y-0 left-0 z-50 w-64 bg-slate-900 transition-transform duration-200",
          open ? "translate-x-0" : "-translate-x-full",
        )}
      >
        <SidebarContent onNavigate={onClose} />
      </aside>
    </div>
  );
}
