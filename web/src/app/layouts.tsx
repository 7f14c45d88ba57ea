import { Menu } from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from "react-router";
import { cn } from "../lib/cn";
import { useSession } from "../lib/use-session";
import { Avatar } from "./avatar";
import { Footer } from "./footer";
import { PublicHeader } from "./public-header";
import { SandboxBadge } from "./sandbox-badge";
import { SidebarDrawer, SidebarRail } from "./sidebar";

const NO_FOOTER = ["/login", "/signup"];

export function PageFallback() {
  return (
    <div
      className="flex min-h-[40vh] items-center justify-center"
      role="status"
      aria-label="Loading"
    >
      <div className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
    </div>
  );
}

const PRODUCT = "Reachout";

/** The tab title of the current route: "My Network · Reachout" (the landing page leads with the name). */
export function titleOf(matches: ReturnType<typeof useMatches>): string {
  const handle = [...matches].reverse().find((match) => {
    const h = match.handle as { title?: unknown } | undefined;
    return typeof h?.title === "string";
  })?.handle as { title: string } | undefined;
  if (!handle) return PRODUCT;
  return matches.at(-1)?.pathname === "/"
    ? `${PRODUCT} · ${handle.title}`
    : `${handle.title} · ${PRODUCT}`;
}

function useRouteTitle() {
  const matches = useMatches();
  const title = titleOf(matches);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * While the next page (its code, or a redirect) is on its way, the current one stays but is
 * inert and a bar says so: nothing typed lands in a form that is about to go away.
 */
function usePendingNavigation(): boolean {
  return useNavigation().state !== "idle";
}

function PendingBar({ pending }: { pending: boolean }) {
  if (!pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-[pending_1s_ease-in-out_infinite] bg-brand-600" />
    </div>
  );
}

/** The first stop for keyboard users: jumps over the navigation to the page's content. */
function SkipLink() {
  return (
    <a
      href="#main"
      className="fixed left-4 top-2 z-[60] -translate-y-16 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-lg ring-2 ring-brand-600 focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}

/** The landing page: public header and footer, no sidebar. */
export function LandingLayout() {
  useRouteTitle();
  const pending = usePendingNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <PendingBar pending={pending} />
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} inert={pending} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Every other page: the sidebar (rail or drawer), a top bar with the avatar, the footer. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const { pathname } = useLocation();
  useRouteTitle();
  const pending = usePendingNavigation();
  return (
    <div className="min-h-screen">
      <PendingBar pending={pending} />
      <SkipLink />
      <SidebarRail />
      <SidebarDrawer open={drawerOpen} onClose={closeDrawer} />
      <div className="flex min-h-screen flex-col md:pl-16">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
              aria-label="Open menu"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu className="size-5" />
            </button>
            <span className="font-bold text-slate-900 md:hidden">Reachout</span>
            <SandboxBadge />
          </div>
          <Avatar />
        </header>
        {/* At least a screen tall: the footer starts below the fold, so a page that first shows a
            short loading state does not push it down (a layout shift) when its content arrives. */}
        <main
          id="main"
          tabIndex={-1}
          inert={pending}
          aria-busy={pending}
          className={cn(
            "min-h-[calc(100dvh-3.5rem)] flex-1 focus:outline-none",
            pending && "opacity-60 transition-opacity delay-150",
          )}
        >
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        {NO_FOOTER.includes(pathname) ? null : <Footer />}
      </div>
    </div>
  );
}

/** Protected routes: logged-out visitors go to /login. */
export function RequireUser() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
