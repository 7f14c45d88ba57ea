let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (typeof window === "undefined" || typeof window.AudioContext === "undefined") return undefined;
  context ??= new window.AudioContext();
  return context;
}

/**
 * Browsers start audio only after a user gesture: call this from a click (the notifications
 * switch, any button on the page) so later beeps can play.
 */
export function unlockSound(): void {
  const ctx = audioContext();
  if (ctx?.state === "suspended") void ctx.resume().catch(() => {});
}

/** A short two-tone chime made with the Web Audio API (no audio file to download). */
export function playNewContactSound(): void {
  const ctx = audioContext();
  if (ctx?.state !== "running") return;
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.12, 1320],
  ] as const) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}
