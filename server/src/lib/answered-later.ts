/**
 * An interface a lower module declares and the composition (`modules/wiring.ts`) answers once
 * per process with a higher module's functions (docs/architecture.md, Module order). Asking
 * before it is answered fails loudly: a process that never loaded the composition must not
 * silently skip what the answer does.
 */
export function answeredLater<T>(what: string): { answer(by: T): void; ask(): T } {
  let answering: T | null = null;
  return {
    answer(by) {
      answering = by;
    },
    ask() {
      if (!answering) {
        throw new Error(`No module answers ${what}: import server/src/modules/wiring.ts first.`);
      }
      return answering;
    },
  };
}
