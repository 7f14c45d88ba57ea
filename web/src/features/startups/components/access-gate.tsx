import { type ReactNode, useEffect, useRef } from "react";
import { EarlyAccessOverlay } from "./early-access-overlay";

const prevent = (event: Event) => event.preventDefault();
const BLOCKED = ["copy", "cut", "paste", "selectstart", "contextmenu", "dragstart"] as const;

/**
 * Without early access the list stays on the page but blurred, inert (no focus, clicks or
 * screen-reader access) and closed to copy, cut, paste, selection and the context menu, behind
 * the "Early Access Required" overlay (docs/product.md §2).
 */
export function AccessGate({ locked, children }: { locked: boolean; children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const backdrop = backdropRef.current;
    if (!locked || !list || !backdrop) return;
    // A selection started elsewhere (or select-all) must not carry the list's text either.
    const guardClipboard = (event: ClipboardEvent) => {
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed && selection.containsNode(list, true)) {
        event.preventDefault();
      }
    };
    // Right-clicks land on the backdrop above the list; the waitlist card keeps its own menu.
    const guardMenu = (event: MouseEvent) => {
      if (event.target === backdrop) event.preventDefault();
    };
    for (const type of BLOCKED) list.addEventListener(type, prevent);
    backdrop.addEventListener("contextmenu", guardMenu);
    document.addEventListener("copy", guardClipboard);
    document.addEventListener("cut", guardClipboard);
    return () => {
      for (const type of BLOCKED) list.removeEventListener(type, prevent);
      backdrop.removeEventListener("contextmenu", guardMenu);
      document.removeEventListener("copy", guardClipboard);
      document.removeEventListener("cut", guardClipboard);
    };
  }, [locked]);

  if (!locked) return <>{children}</>;
  return (
    <div className="relative min-h-[36rem]">
      <div
        ref={listRef}
        inert
        aria-hidden
        data-testid="startup-list-locked"
        className="pointer-events-none select-none blur-sm"
      >
        {children}
      </div>
      <div
        ref={backdropRef}
        data-testid="early-access-backdrop"
        className="absolute inset-0 z-10 flex justify-center bg-slate-50/40 px-4 pt-8"
      >
        <div className="sticky top-20 h-fit w-full max-w-md">
          <EarlyAccessOverlay />
        </div>
      </div>
    </div>
  );
}
