import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import LandingPage from "../features/landing/pages/landing-page";
import { preload } from "../lib/api";
import { NETWORK_FIRST_BATCH } from "../lib/contact-query-keys";
import { AppLayout, LandingLayout, RequireUser } from "./layouts";

/**
 * Route-level code splitting: each page is its own chunk, except the landing page, the front
 * door: it ships in the entry chunk so a first visit paints without waiting for a second
 * round trip (the bundle budget for `/` counts it either way).
 */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * A route loader that starts the page's first request while the page's code is still loading,
 * on the page a visit opens first (later navigations find the data in the query cache).
 */
const preloadOnFirstVisit = (start: () => void) => () => {
  if (!router?.state.initialized) start();
  return null;
};

export const routes: RouteObject[] = [
  {
    element: <LandingLayout />,
    children: [{ path: "/", Component: LandingPage }],
  },
  {
    element: <AppLayout />,
    children: [
      { path: "/signup", ...page(() => import("../features/auth/pages/signup-page")) },
      { path: "/login", ...page(() => import("../features/auth/pages/login-page")) },
      { path: "/verify", ...page(() => import("../features/auth/pages/verify-page")) },
      {
        path: "/auth/callback",
        ...page(() => import("../features/auth/pages/auth-callback-page")),
      },
      { path: "/thank-you", ...page(() => import("../features/legal/pages/thank-you-page")) },
      { path: "/privacy", ...page(() => import("../features/legal/pages/privacy-page")) },
      { path: "/terms", ...page(() => import("../features/legal/pages/terms-page")) },
      { path: "/contact", ...page(() => import("../features/legal/pages/contact-page")) },
      { path: "/pricing", ...page(() => import("../features/billing/pages/pricing-page")) },
      {
        element: <RequireUser />,
        children: [
          { path: "/dashboard", ...page(() => import("../features/network/pages/dashboard-page")) },
          { path: "/profile", ...page(() => import("../features/account/pages/profile-page")) },
          { path: "/account", ...page(() => import("../features/account/pages/account-page")) },
          {
            path: "/my-network",
            loader: preloadOnFirstVisit(() =>
              preload(NETWORK_FIRST_BATCH.path, NETWORK_FIRST_BATCH.query),
            ),
            ...page(() => import("../features/network/pages/my-network-page")),
          },
          { path: "/discover", ...page(() => import("../features/network/pages/discover-page")) },
          { path: "/agent", ...page(() => import("../features/agent/pages/agent-page")) },
          { path: "/connect", ...page(() => import("../features/directory/pages/directory-page")) },
          { path: "/startups", ...page(() => import("../features/startups/pages/startups-page")) },
        ],
      },
      { path: "*", ...page(() => import("../features/legal/pages/not-found-page")) },
    ],
  },
];

export function createRouter() {
  router = createBrowserRouter(routes);
  return router;
}
