import { LIMITS } from "@reachout/contract/constants";
import { useEffect, useState } from "react";

const MOBILE_QUERY = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;

/**
 * On screens under the mobile breakpoint, false until the page has been scrolled past
 * `fraction` of the viewport height, then true for good; always true on wider screens.
 */
export function useMobileReveal(fraction: number): boolean {
  const [revealed, setRevealed] = useState(() => !window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    if (revealed) return;
    const media = window.matchMedia(MOBILE_QUERY);
    const update = () => {
      if (!media.matches || window.scrollY > window.innerHeight * fraction) setRevealed(true);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    media.addEventListener("change", update);
    return () => {
      window.removeEventListener("scroll", update);
      media.removeEventListener("change", update);
    };
  }, [fraction, revealed]);
  return revealed;
}
