import { PLANS } from "@reachout/contract";
import { sandboxBase } from "./oauth-grants";
import { type FormObject, field, isTrue, stringMap } from "./stripe-form";
import {
  addMonth,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type LineInput,
  missing,
  newId,
  type PaymentIntent,
  type PortalSession,
  type Price,
  type Refund,
  StripeApiError,
  type StripeEvent,
  type Subscription,
  unixNow,
} from "./stripe-objects";
import type { WebhookSender } from "./stripe-webhooks";

export interface StripeStoreOptions {
  /** Public base URL of the app: hosted pages live at `${appUrl}/__sandbox/stripe/...`. */
  appUrl: string;
  /** Where the stand-ins are served when not on the app (a process of their own). */
  sandboxUrl?: string;
  /** The price ids the app sells, per plan (defaults: the contract's PLANS price ids). */
  prices?: { gold: string; black: string };
}

const required = (value: string | undefined, param: string): string => {
  if (!value)
    throw new StripeApiError(400, `Missing required param: ${param}.`, "parameter_missing", param);
  return value;
};

/** The sandbox's Stripe account: every object in memory, changed only through these verbs. */
export class StripeStore {
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly payments: PaymentIntent[] = [];
  readonly refunds: Refund[] = [];
  readonly portals = new Map<string, PortalSession>();
  private readonly sessionLines = new Map<
    string,
    { lines: LineInput[]; subscriptionMetadata: Record<string, string> }
  >();

  constructor(
    private readonly options: StripeStoreOptions,
    private readonly webhooks: WebhookSender,
  ) {
    for (const plan of [PLANS.gold, PLANS.black]) {
      const id = options.prices?.[plan.id as "gold" | "black"] ?? plan.priceId ?? plan.id;
      this.prices.set(id, {
        id,
        object: "price",
        active: true,
        currency: "usd",
        unit_amount: plan.priceCents ?? 0,
        nickname: `Reachout ${plan.name}`,
        product: `prod_reachout_${plan.id}`,
        recurring: { interval: "month", interval_count: 1 },
        type: "recurring",
        livemode: false,
      });
    }
  }

  private pageUrl(path: string): string {
    return `${sandboxBase(this.options)}/stripe/${path}`;
  }

  price(id: string): Price {
    const price = this.prices.get(id);
    if (!price) throw missing("price", id, "price");
    return price;
  }

  customer(id: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw missing("customer", id, "customer");
    return customer;
  }

  session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw missing("checkout.session", id);
    return session;
  }

  subscription(id: string): Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing("subscription", id);
    return subscription;
  }

  invoice(id: string): Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw missing("invoice", id);
    return invoice;
  }

  portal(id: string): PortalSession {
    const portal = this.portals.get(id);
    if (!portal) throw missing("billing_portal.session", id);
    return portal;
  }

  sessionLineItems(id: string): LineInput[] {
    return this.sessionLines.get(id)?.lines ?? [];
  }

  createCustomer(form: FormObject): Customer {
    const customer: Customer = {
      id: newId("cus"),
      object: "customer",
      email: field(form, "email") ?? null,
      name: field(form, "name") ?? null,
      metadata: stringMap(form.metadata),
      created: unixNow(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createCheckoutSession(form: FormObject): CheckoutSession {
    const mode = field(form, "mode");
    if (mode !== "subscription" && mode !== "payment") {
      throw new StripeApiError(
        400,
        "Invalid mode: must be one of payment or subscription",
        "parameter_invalid_string",
        "mode",
      );
    }
    const successUrl = required(field(form, "success_url"), "success_url");
    const customerId = field(form, "customer");
    if (customerId) this.customer(customerId);
    const lines = this.readLines(form, mode);
    const total = lines.reduce((sum, line) => sum + line.amount * line.quantity, 0);
    const now = unixNow();
    const session: CheckoutSession = {
      id: newId("cs"),
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      url: null,
      customer: customerId ?? null,
      customer_email: field(form, "customer_email") ?? null,
      client_reference_id: field(form, "client_reference_id") ?? null,
      metadata: stringMap(form.metadata),
      success_url: successUrl,
      cancel_url: field(form, "cancel_url") ?? null,
      amount_subtotal: total,
      amount_total: total,
      currency: "usd",
      subscription: null,
      payment_intent: null,
      invoice: null,
      created: now,
      expires_at: now + 24 * 3600,
      livemode: false,
    };
    session.url = this.pageUrl(`checkout/${session.id}`);
    this.sessions.set(session.id, session);
    const subscriptionData = form.subscription_data;
    const subscriptionMetadata =
      subscriptionData && typeof subscriptionData === "object" && !Array.isArray(subscriptionData)
        ? stringMap(subscriptionData.metadata)
        : {};
    this.sessionLines.set(session.id, { lines, subscriptionMetadata });
    return session;
  }

  private readLines(form: FormObject, mode: "subscription" | "payment"): LineInput[] {
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    if (items.length === 0)
      throw new StripeApiError(
        400,
        "Missing required param: line_items.",
        "parameter_missing",
        "line_items",
      );
    return items.map((item, index) => {
      const entry = item as FormObject;
      const quantity = Number(field(entry, "quantity") ?? "1");
      const priceId = field(entry, "price");
      if (priceId) {
        const price = this.price(priceId);
        return { price: price.id, amount: price.unit_amount, name: price.nickname, quantity };
      }
      if (mode === "subscription") {
        throw new StripeApiError(
          400,
          "Subscription line items need a recurring price.",
          "parameter_missing",
          `line_items[${index}][price]`,
        );
      }
      const amount = Number(field(entry, "price_data", "unit_amount"));
      if (!Number.isInteger(amount) || amount <= 0) {
        throw new StripeApiError(
          400,
          "Invalid unit_amount: must be a positive integer.",
          "parameter_invalid_integer",
          `line_items[${index}][price_data][unit_amount]`,
        );
      }
      const name = field(entry, "price_data", "product_data", "name") ?? "Payment";
      return { amount, name, quantity };
    });
  }

  /** The hosted page's Pay button: the card "succeeds", objects are created, events sent. */
  paySession(id: string): StripeEvent[] {
    const session = this.session(id);
    if (session.status !== "open")
      throw new StripeApiError(
        400,
        "This Checkout Session is no longer open.",
        "checkout_session_not_open",
      );
    const { lines, subscriptionMetadata } = this.sessionLines.get(id) ?? {
      lines: [],
      subscriptionMetadata: {},
    };
    const customer = session.customer
      ? this.customer(session.customer)
      : this.createCustomer({ email: session.customer_email ?? "" });
    session.customer = customer.id;
    session.status = "complete";
    session.payment_status = "paid";
    const events: StripeEvent[] = [];
    if (session.mode === "subscription") {
      const subscription = this.startSubscription(customer.id, lines, subscriptionMetadata);
      const invoice = this.issueInvoice(subscription, "subscription_create");
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      events.push(this.webhooks.createEvent("customer.subscription.created", subscription));
      events.push(this.webhooks.createEvent("checkout.session.completed", session));
      events.push(this.webhooks.createEvent("invoice.paid", invoice));
    } else {
      const payment = this.recordPayment(
        customer.id,
        session.amount_total,
        lines.map((l) => l.name).join(", "),
        null,
        session.metadata,
      );
      session.payment_intent = payment.id;
      events.push(this.webhooks.createEvent("checkout.session.completed", session));
      events.push(this.webhooks.createEvent("payment_intent.succeeded", payment));
    }
    return events;
  }

  cancelSession(id: string): CheckoutSession {
    const session = this.session(id);
    if (session.status === "open") session.status = "expired";
    return session;
  }

  private startSubscription(
    customer: string,
    lines: LineInput[],
    metadata: Record<string, string>,
  ): Subscription {
    const start = unixNow();
    const end = addMonth(start);
    const id = newId("sub");
    const subscription: Subscription = {
      id,
      object: "subscription",
      status: "active",
      customer,
      currency: "usd",
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: lines.map((line) => ({
          id: newId("si"),
          object: "subscription_item",
          price: this.price(line.price ?? ""),
          quantity: line.quantity,
          subscription: id,
          current_period_start: start,
          current_period_end: end,
        })),
      },
      metadata,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      latest_invoice: null,
      livemode: false,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  private issueInvoice(subscription: Subscription, reason: Invoice["billing_reason"]): Invoice {
    const items = subscription.items.data;
    const total = items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const now = unixNow();
    const invoice: Invoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: "paid",
      billing_reason: reason,
      currency: "usd",
      amount_due: total,
      amount_paid: total,
      amount_remaining: 0,
      subtotal: total,
      total,
      created: now,
      period_start: items[0].current_period_start,
      period_end: items[0].current_period_end,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: {
          subscription: subscription.id,
          metadata: { ...subscription.metadata },
        },
      },
      lines: {
        object: "list",
        has_more: false,
        data: items.map((item) => ({
          id: newId("il"),
          object: "line_item",
          amount: item.price.unit_amount * item.quantity,
          currency: "usd",
          description: `1 × ${item.price.nickname} (at $${(item.price.unit_amount / 100).toFixed(2)} / month)`,
          quantity: item.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            type: "price_details",
            price_details: { price: item.price.id, product: item.price.product },
          },
        })),
      },
      status_transitions: { paid_at: now },
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    this.recordPayment(
      subscription.customer,
      total,
      `Subscription ${reason === "subscription_create" ? "creation" : "renewal"}`,
      invoice.id,
      {},
    );
    return invoice;
  }

  private recordPayment(
    customer: string,
    amount: number,
    description: string,
    invoice: string | null,
    metadata: Record<string, string>,
  ): PaymentIntent {
    const payment: PaymentIntent = {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: amount,
      amount_refunded: 0,
      currency: "usd",
      customer,
      description,
      status: "succeeded",
      invoice,
      metadata,
      created: unixNow(),
      livemode: false,
    };
    this.payments.unshift(payment);
    return payment;
  }

  /**
   * `POST /v1/subscriptions/{id}`: price swap, metadata, cancel_at_period_end. The stand-in
   * does not prorate: a price change takes effect on the next invoice, as with
   * `proration_behavior=none`.
   */
  updateSubscription(id: string, form: FormObject): StripeEvent {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled") {
      throw new StripeApiError(
        400,
        "A canceled subscription can only update its cancellation_details and metadata.",
        "resource_canceled",
      );
    }
    const previous: Record<string, unknown> = {};
    const items = Array.isArray(form.items) ? form.items : [];
    for (const raw of items) {
      const entry = raw as FormObject;
      const itemId = field(entry, "id");
      const priceId = field(entry, "price");
      const item = itemId
        ? subscription.items.data.find((i) => i.id === itemId)
        : subscription.items.data[0];
      if (!item) throw missing("subscription_item", itemId ?? "", "items");
      if (priceId && priceId !== item.price.id) {
        previous.items = structuredClone(subscription.items);
        item.price = this.price(priceId);
      }
    }
    if (form.metadata !== undefined) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = { ...subscription.metadata, ...stringMap(form.metadata) };
    }
    const cancel = field(form, "cancel_at_period_end");
    if (cancel !== undefined) this.setCancelAtPeriodEnd(subscription, isTrue(cancel), previous);
    return this.webhooks.createEvent("customer.subscription.updated", subscription, previous);
  }

  /** The portal's "Cancel plan": the plan runs to the period end, then ends. */
  scheduleCancellation(id: string): StripeEvent {
    const subscription = this.subscription(id);
    const previous: Record<string, unknown> = {};
    this.setCancelAtPeriodEnd(subscription, true, previous);
    return this.webhooks.createEvent("customer.subscription.updated", subscription, previous);
  }

  private setCancelAtPeriodEnd(
    subscription: Subscription,
    cancel: boolean,
    previous: Record<string, unknown>,
  ): void {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    previous.cancel_at = subscription.cancel_at;
    previous.canceled_at = subscription.canceled_at;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? subscription.items.data[0].current_period_end : null;
    subscription.canceled_at = cancel ? unixNow() : null;
  }

  /** `DELETE /v1/subscriptions/{id}`: ends it now. */
  cancelSubscription(id: string): StripeEvent {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled")
      throw new StripeApiError(400, "This subscription is already canceled.", "resource_canceled");
    subscription.status = "canceled";
    subscription.canceled_at = subscription.canceled_at ?? unixNow();
    subscription.ended_at = unixNow();
    return this.webhooks.createEvent("customer.subscription.deleted", subscription);
  }

  /**
   * Test clock: the current period ends now. A subscription set to cancel ends (deleted event);
   * any other renews for a new month and pays its invoice.
   */
  advancePeriod(id: string): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled")
      throw new StripeApiError(400, "This subscription is already canceled.", "resource_canceled");
    if (subscription.cancel_at_period_end) return [this.cancelSubscription(id)];
    const previous = { items: structuredClone(subscription.items) };
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addMonth(item.current_period_end);
    }
    const invoice = this.issueInvoice(subscription, "subscription_cycle");
    return [
      this.webhooks.createEvent("customer.subscription.updated", subscription, previous),
      this.webhooks.createEvent("invoice.paid", invoice),
    ];
  }

  createRefund(form: FormObject): Refund {
    const paymentId = required(field(form, "payment_intent"), "payment_intent");
    const payment = this.payments.find((p) => p.id === paymentId);
    if (!payment) throw missing("payment_intent", paymentId, "payment_intent");
    const amount = Number(field(form, "amount") ?? payment.amount - payment.amount_refunded);
    if (
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > payment.amount - payment.amount_refunded
    ) {
      throw new StripeApiError(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
        "amount_too_large",
        "amount",
      );
    }
    payment.amount_refunded += amount;
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: "usd",
      payment_intent: payment.id,
      status: "succeeded",
      metadata: stringMap(form.metadata),
      created: unixNow(),
    };
    this.refunds.unshift(refund);
    return refund;
  }

  createPortalSession(form: FormObject): PortalSession {
    const customer = this.customer(required(field(form, "customer"), "customer"));
    const portal: PortalSession = {
      id: newId("bps"),
      object: "billing_portal.session",
      customer: customer.id,
      return_url: field(form, "return_url") ?? null,
      url: "",
      created: unixNow(),
      livemode: false,
    };
    portal.url = this.pageUrl(`portal/${portal.id}`);
    this.portals.set(portal.id, portal);
    return portal;
  }

  subscriptionsOf(customer: string): Subscription[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customer);
  }
}
