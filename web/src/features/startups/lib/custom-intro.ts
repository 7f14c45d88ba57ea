import { LOCAL_KEYS } from "@reachout/contract/constants";

/** The one custom intro kept for all startup emails (docs/product.md §3). */
export function readCustomIntro(): string {
  try {
    return localStorage.getItem(LOCAL_KEYS.customIntro) ?? "";
  } catch {
    return "";
  }
}

/** Saved on every change; removed when empty. */
export function writeCustomIntro(value: string): void {
  try {
    if (value.trim()) localStorage.setItem(LOCAL_KEYS.customIntro, value);
    else localStorage.removeItem(LOCAL_KEYS.customIntro);
  } catch {
    // Storage full or disabled: the intro simply is not remembered.
  }
}
