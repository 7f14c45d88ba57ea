import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { SessionProvider } from "../lib/use-session";

/**
 * Renders a page or component as the app does: a fresh query client (no retries, so an error
 * shows at once), the session, and a router at `path`.
 */
export function renderWithApp(ui: ReactElement, options: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[options.path ?? "/"]}>{ui}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
