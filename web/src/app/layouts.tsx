import { Menu } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "../lib/use-session";
import { Avatar } from "./avatar";
import { Footer } from "./footer";
import { PublicHeader } from "./public-header";
import { SandboxBadge } from "./sandbox-badge";
import { SidebarDrawer, SidebarRail } from "./sidebar";

const NO_FOOTER = ["/login", "/signup"];

function PageFallback() {
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
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
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
  return (
    <div className="min-h-screen">
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
          className="min-h-[calc(100dvh-3.5rem)] flex-1 focus:outline-none"
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
