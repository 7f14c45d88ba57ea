import type { FastifyPluginAsync } from "fastify";
import { createGmailSandbox } from "./gmail";
import { GoogleSandbox } from "./google";
import { escapeHtml, page } from "./html";
import { Mailbox } from "./mailbox";
import { MicrosoftSandbox } from "./microsoft";
import { createNewsSandbox } from "./news";
import { createStripeSandbox } from "./stripe";

export { generateContacts, generateStudentContacts } from "./demo-data/contacts";
export { generateStartupDirectory } from "./demo-data/startups";
export { freePort } from "./free-port";
export { type GmailPayloadPart, gmailPayloadFromRaw } from "./gmail-mime";
export { GoogleSandbox } from "./google";
export { Mailbox } from "./mailbox";
export { MicrosoftSandbox } from "./microsoft";
export { SANDBOX_NEWS_KEY, sandboxArticles } from "./news";

export interface SandboxOptions {
  /** Public base URL of the app (for links in pages). */
  appUrl: string;
  /** Where the stand-ins are served (default: `${appUrl}/__sandbox`, mounted on the app). */
  sandboxUrl?: string;
  google: { clientId: string; clientSecret: string };
  microsoft: { clientId: string; clientSecret: string };
  stripe: {
    webhookUrl: string;
    webhookSecret: string;
    prices?: { gold: string; black: string };
    /** The secret key the app holds: the stand-in refuses any other, as Stripe does. */
    secretKey?: string;
  };
  /** Gmail push: the Pub/Sub topic and its push subscription to the app (none: no push). */
  gmailPush?: { topicName: string; endpoint: string; audience: string; serviceAccount: string };
}

export interface Sandbox {
  mailbox: Mailbox;
  google: GoogleSandbox;
  microsoft: MicrosoftSandbox;
  plugin: FastifyPluginAsync;
}

/** The local stand-ins for external services, mounted by the server under /__sandbox. */
export function createSandbox(options: SandboxOptions): Sandbox {
  const mailbox = new Mailbox();
  const at = { appUrl: options.appUrl, sandboxUrl: options.sandboxUrl };
  const google = new GoogleSandbox({ ...at, ...options.google });
  const microsoft = new MicrosoftSandbox({ ...at, ...options.microsoft });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(google.plugin, { prefix: "/google" });
    const push = options.gmailPush
      ? {
          ...options.gmailPush,
          signToken: (claims: { audience: string; email: string }) =>
            google.serviceAccountToken(claims),
        }
      : undefined;
    await app.register(createGmailSandbox({ google, push }).plugin, { prefix: "/gmail" });
    await app.register(microsoft.plugin, { prefix: "/microsoft" });
    await app.register(createStripeSandbox({ ...at, ...options.stripe }).plugin, {
      prefix: "/stripe",
    });
    await app.register(createNewsSandbox().plugin, { prefix: "/news" });
    app.get("/mail.json", async (request) => {
      const { to } = request.query as { to?: string };
      return mailbox.list(to);
    });
    app.get("/mail", async (_request, reply) => {
      const items = mailbox
        .list()
        .map(
          (m) =>
            `<div class="mail"><strong>${escapeHtml(m.subject)}</strong><div class="meta">to ${escapeHtml(m.to)} · ${escapeHtml(m.sent_at)}</div><pre>${escapeHtml(m.text)}</pre></div>`,
        )
        .join("");
      reply.type("text/html");
      return page(
        "Mailbox",
        `<h1>Sandbox mailbox</h1><p class="meta">Every system email Reachout sent, newest first.</p>${items || "<p>No email yet.</p>"}`,
      );
    });
  };
  return { mailbox, google, microsoft, plugin };
}
