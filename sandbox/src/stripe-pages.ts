import { escapeHtml, page } from "./html";
import type { CheckoutSession, LineInput, Subscription } from "./stripe-objects";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** A one-button form; actions are relative so the page works under any mount prefix. */
const button = (action: string, label: string, kind: "primary" | "secondary") =>
  `<form method="post" action="${escapeHtml(action)}" style="display:inline"><button class="${kind}" type="submit">${escapeHtml(label)}</button></form>`;

export function checkoutPage(
  session: CheckoutSession,
  lines: LineInput[],
  email: string | null,
): string {
  if (session.status !== "open") {
    const next = session.status === "complete" ? session.success_url : session.cancel_url;
    return page(
      "Checkout",
      `<h1>This checkout is ${session.status === "complete" ? "already paid" : "no longer open"}</h1>${
        next ? `<p><a href="${escapeHtml(next)}">Return to Reachout</a></p>` : ""
      }`,
    );
  }
  const recurring = session.mode === "subscription";
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}</td><td style="text-align:right">${money(line.amount * line.quantity)}${recurring ? " / month" : ""}</td></tr>`,
    )
    .join("");
  return page(
    "Checkout",
    `<h1>Pay Reachout</h1>
<p class="meta">Test mode: no real card is charged.</p>
<table style="width:100%;border-collapse:collapse;margin:18px 0;font-size:15px">${rows}
<tr><td style="border-top:1px solid #e2e8f0;padding-top:10px"><strong>Total due today</strong></td><td style="border-top:1px solid #e2e8f0;padding-top:10px;text-align:right"><strong data-testid="amount-due">${money(session.amount_total)}</strong></td></tr></table>
${email ? `<p class="meta">Billed to ${escapeHtml(email)}</p>` : ""}
<label for="card">Card</label><input id="card" value="4242 4242 4242 4242 · 12/34 · 123" readonly>
<div>${button(`${session.id}/pay`, "Pay", "primary")}${button(`${session.id}/cancel`, "Cancel", "secondary")}</div>`,
  );
}

export function portalPage(
  portalId: string,
  email: string | null,
  subscriptions: Subscription[],
  returnUrl: string | null,
): string {
  const active = subscriptions.filter((s) => s.status === "active");
  const rows = active
    .map((subscription) => {
      const item = subscription.items.data[0];
      const end = day(item.current_period_end);
      const state = subscription.cancel_at_period_end
        ? `<p><strong>Cancels on ${end}.</strong> You keep the plan until then.</p>`
        : `<p>Renews on ${end} for ${money(item.price.unit_amount)}.</p>${button(`${portalId}/cancel?subscription=${encodeURIComponent(subscription.id)}`, "Cancel plan", "secondary")}`;
      return `<div class="mail"><h2 style="font-size:18px;margin:0">${escapeHtml(item.price.nickname)}</h2>${state}</div>`;
    })
    .join("");
  return page(
    "Billing portal",
    `<h1>Manage your subscription</h1>${email ? `<p class="meta">${escapeHtml(email)}</p>` : ""}
${rows || "<p>No active subscription.</p>"}
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to Reachout</a></p>` : ""}`,
  );
}

export function errorPage(message: string): string {
  return page("Stripe sandbox", `<h1>Something is not right</h1><p>${escapeHtml(message)}</p>`);
}
