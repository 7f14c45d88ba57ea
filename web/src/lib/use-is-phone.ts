import { LIMITS } from "@reachout/contract/constants";
import { useEffect, useState } from "react";

const PHONE_QUERY = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;

/** True while the viewport is under the mobile breakpoint; follows rotation and resizing. */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return phone;
}
