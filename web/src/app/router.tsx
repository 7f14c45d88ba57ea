import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import LandingPage from "../features/landing/pages/landing-page";
import { preload } from "../lib/api";
import { NETWORK_FIRST_BATCH } from "../lib/contact-query-keys";
import { getToken } from "../lib/session";
import { AppLayout, LandingLayout, PageFallback, RequireUser } from "./layouts";

/**
 * Route-level code splitting: each page is its own chunk, except the landing page, the front
 * door: it ships in the entry chunk so a first visit paints without waiting for a second
 * round trip (the bundle budget for `/` counts it either way).
 */
const page = (
  title: string,
  load: () => Promise<{ default: ComponentType }>,
): Pick<RouteObject, "lazy" | "handle"> => ({
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: (await load()).default }),
});

/** What a route tells the layout: the page's name, for the tab title ("My Network · Reachout"). */
export interface RouteHandle {
  title: string;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * A route loader that starts the page's first request while the page's code is still loading,
 * on the page a visit opens first (later navigations find the data in the query cache).
 */
const preloadOnFirstVisit = (start: () => void) => () => {
  if (!router?.state.initialized) start();
  return null;
};

/**
 * Signed-out visitors of a protected page go to /login before anything renders or loads, so
 * the previous page never stays on screen under the protected address.
 */
const requireSession = () => (getToken() ? null : redirect("/login"));

export const routes: RouteObject[] = [
  {
    element: <LandingLayout />,
    // Shown while the first page's code loads (React Router warns without one).
    HydrateFallback: PageFallback,
    children: [
      {
        path: "/",
        handle: { title: "Land Your Dream Internship & Job" } satisfies RouteHandle,
        Component: LandingPage,
      },
    ],
  },
  {
    element: <AppLayout />,
    HydrateFallback: PageFallback,
    children: [
      { path: "/signup", ...page("Sign Up", () => import("../features/auth/pages/signup-page")) },
      { path: "/login", ...page("Log In", () => import("../features/auth/pages/login-page")) },
      {
        path: "/verify",
        ...page("Verify Email", () => import("../features/auth/pages/verify-page")),
      },
      {
        path: "/auth/callback",
        ...page("Signing In", () => import("../features/auth/pages/auth-callback-page")),
      },
      {
        path: "/thank-you",
        ...page("Thank You", () => import("../features/legal/pages/thank-you-page")),
      },
      {
        path: "/privacy",
        ...page("Privacy Policy", () => import("../features/legal/pages/privacy-page")),
      },
      {
        path: "/terms",
        ...page("Terms of Service", () => import("../features/legal/pages/terms-page")),
      },
      {
        path: "/contact",
        ...page("Contact", () => import("../features/legal/pages/contact-page")),
      },
      {
        path: "/opt-out",
        ...page("Opt Out", () => import("../features/opt-out/pages/opt-out-page")),
      },
      {
        path: "/opt-out/confirm",
        ...page("Confirm Opt Out", () => import("../features/opt-out/pages/opt-out-confirm-page")),
      },
      {
        element: <RequireUser />,
        loader: requireSession,
        children: [
          // The spec sends logged-out visitors to /login from every sidebar link, Pricing included.
          {
            path: "/pricing",
            ...page("Pricing", () => import("../features/billing/pages/pricing-page")),
          },
          {
            path: "/dashboard",
            ...page("Dashboard", () => import("../features/network/pages/dashboard-page")),
          },
          {
            path: "/profile",
            ...page("Profile", () => import("../features/account/pages/profile-page")),
          },
          {
            path: "/account",
            ...page("Account", () => import("../features/account/pages/account-page")),
          },
          {
            path: "/my-network",
            loader: preloadOnFirstVisit(() =>
              preload(NETWORK_FIRST_BATCH.path, NETWORK_FIRST_BATCH.query),
            ),
            ...page("My Network", () => import("../features/network/pages/my-network-page")),
          },
          {
            path: "/discover",
            ...page("Discover Contacts", () => import("../features/network/pages/discover-page")),
          },
          { path: "/agent", ...page("Agent", () => import("../features/agent/pages/agent-page")) },
          {
            path: "/connect",
            ...page("Global Contacts", () => import("../features/directory/pages/directory-page")),
          },
          {
            path: "/startups",
            ...page("Startups", () => import("../features/startups/pages/startups-page")),
          },
          {
            path: "/applications",
            ...page(
              "Applications",
              () => import("../features/applications/pages/applications-page"),
            ),
          },
          {
            path: "/insights",
            ...page("Insights", () => import("../features/insights/pages/insights-page")),
          },
          {
            path: "/sequences",
            ...page("Sequences", () => import("../features/sequences/pages/sequences-page")),
          },
        ],
      },
      {
        path: "*",
        ...page("Page Not Found", () => import("../features/legal/pages/not-found-page")),
      },
    ],
  },
];

export function createRouter() {
  router = createBrowserRouter(routes);
  return router;
}
