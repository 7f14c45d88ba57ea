/** The list with `item` added (when `on`) or taken out: a set of checkboxes' picks. */
export function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((other) => other !== item);
}
