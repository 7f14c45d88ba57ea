import { TIMERS } from "@reachout/contract/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { Toaster } from "sonner";
import { SessionProvider } from "../lib/use-session";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {/* The toast regions come before the pages: React runs a parent's children's effects in
            order, so the regions subscribe before a page's first effect can raise a toast (a
            mailbox connection's outcome, shown on mount). After the pages, such a toast was lost. */}
        <Toaster
          position="top-right"
          duration={TIMERS.toastMs}
          theme="light"
          richColors
          closeButton
          containerAriaLabel="Notifications"
        />
        <Toaster
          id="compact"
          position="top-center"
          duration={TIMERS.compactToastMs}
          visibleToasts={3}
          theme="light"
          richColors
          // Two toast regions: each its own landmark name (axe landmark-unique).
          containerAriaLabel="Short notices"
        />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
}
