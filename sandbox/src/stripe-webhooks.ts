import { createHmac } from "node:crypto";
import { API_VERSION, newId, type StripeEvent, unixNow } from "./stripe-objects";

/** Stripe's signature scheme: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function signPayload(secret: string, payload: string, timestamp = unixNow()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
}

export interface DeliveryRecord {
  event: StripeEvent;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

export interface WebhookOptions {
  url: string;
  secret: string;
  /** Waits before each retry after a non-2xx answer or a network error. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

/** Like Stripe, a few retries with growing waits (Stripe itself keeps trying for 3 days). */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 25_000, 125_000];

/**
 * Sends events to the app's webhook endpoint, signed, and retries failures with backoff.
 * In "hold" mode events are only recorded, so a test can deliver them in any order it likes.
 */
export class WebhookSender {
  readonly records: DeliveryRecord[] = [];
  mode: "auto" | "hold" = "auto";
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: WebhookOptions) {}

  createEvent(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: unixNow(),
      type,
      data: previous
        ? { object: structuredClone(object), previous_attributes: previous }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    this.records.unshift({ event, attempts: [], delivered: false });
    if (this.records.length > 2000) this.records.pop();
    return event;
  }

  /**
   * Sends each event once, in order, waiting for the app's answers (so a redirect that follows
   * lands on up-to-date data); failures are retried in the background.
   */
  async dispatch(events: StripeEvent[]): Promise<void> {
    if (this.mode === "hold") return;
    for (const event of events) await this.deliver(event.id);
  }

  /** Delivers a recorded event now (a first delivery, a retry or a deliberate replay). */
  async deliver(eventId: string, retryIndex = -1): Promise<DeliveryAttempt | null> {
    const record = this.records.find((r) => r.event.id === eventId);
    if (!record) return null;
    const payload = JSON.stringify(record.event, null, 2);
    const attempt: DeliveryAttempt = { at: new Date().toISOString(), status: null };
    try {
      const response = await fetch(this.options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signPayload(this.options.secret, payload),
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      attempt.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    record.attempts.push(attempt);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok) record.delivered = true;
    else this.scheduleRetry(eventId, retryIndex + 1);
    return attempt;
  }

  private scheduleRetry(eventId: string, index: number): void {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    if (index >= delays.length) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(eventId, index);
    }, delays[index]);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops pending retries (the server is closing). */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
