import { LOCAL_KEYS } from "@reachout/contract/constants";
import { useCallback, useState } from "react";

/** New-contact notifications are on unless the user switched them off (kept in localStorage). */
export function readNotificationsEnabled(): boolean {
  try {
    return localStorage.getItem(LOCAL_KEYS.notifications) !== "off";
  } catch {
    return true;
  }
}

export function useNotificationsPreference(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(readNotificationsEnabled);
  const update = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      localStorage.setItem(LOCAL_KEYS.notifications, next ? "on" : "off");
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
  }, []);
  return [enabled, update];
}
