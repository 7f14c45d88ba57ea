import { buildTextPdf } from "../../src/lib/text-pdf";
import { multipartBody } from "../files";
import type { World } from "./world";

export interface Req {
  method: string;
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
}

/**
 * What the matrix proves about one route:
 * - foreign: the actor's request on the owner's object answers `status` and changes nothing;
 *   the owner's same request then works (so the fixture names a real object).
 * - read: the actor's answer never holds the owner's data, even when asked by user_id.
 * - own: the actor's own request, with protected fields smuggled in, changes only what it may.
 * - admin: a non-admin gets 403 and changes nothing; an admin gets past the gate.
 * - stream: the live-event stream carries only the caller's own events.
 */
export type Check =
  | {
      kind: "foreign";
      request: (owner: World) => Req;
      status: number;
      /** Extra proof on the actor's answer (e.g. "queued nothing"). */
      verify?: (body: Record<string, unknown>) => void;
      /**
       * What the owner's same request answers when it is not a success for another reason
       * (e.g. 409: copy mode is off), which still proves the object was found. Default: 2xx.
       */
      ownerStatus?: number;
    }
  | { kind: "read"; url?: string; withContacts: boolean; ownerSees?: boolean }
  | {
      kind: "own";
      request: (actor: World, owner: World) => Req;
      verify?: (body: Record<string, unknown>, actor: World, owner: World) => void;
    }
  | { kind: "admin"; request: () => Req }
  | { kind: "stream" };

const json = (method: string, url: string, payload?: object): Req => ({ method, url, payload });
const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
const draft = { subject: "Quick question", body: "Hello, may I ask you about your work?" };

/** Routes anyone may call: sign-up and log-in, public pages, webhooks, the public directory. */
export const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  // Readiness (issue 39): whether this process can serve, for a load balancer; no data.
  "GET /api/ready",
  "POST /api/waitlist",
  "GET /api/public/contact-info",
  "POST /api/newsletter",
  "GET /api/auth/auth-provider",
  "GET /api/auth/signup-method",
  "POST /api/auth/signup",
  "POST /api/auth/verify-code",
  "POST /api/auth/resend-code",
  "POST /api/auth/login",
  "POST /api/auth/google-auth",
  // Google sign-up and log-in (t = public_signup | public_login); the callbacks carry a state.
  "GET /api/auth/google/start",
  "GET /api/auth/google/callback",
  "GET /api/auth/microsoft/callback",
  "GET /api/plans",
  "POST /api/stripe/webhook",
  "POST /api/gmail/push",
  "POST /api/microsoft/notifications",
  "GET /api/startups",
  // Anyone may ask never to be emailed through Reachout, and confirm with the emailed link.
  "POST /api/opt-out",
  "POST /api/opt-out/confirm",
  // Public only with a valid signature (or the owner's token): it has foreign fixtures below.
  "GET /api/resumes/:id/file",
]);

/** Every route that needs a session or takes an id, and what the matrix checks on it. */
export const FIXTURES: Record<string, Check[]> = {
  "POST /api/auth/logout": [{ kind: "own", request: () => json("POST", "/api/auth/logout") }],
  "GET /api/auth/gmail/status": [{ kind: "read", withContacts: true }],
  "GET /api/auth/mailbox/status": [{ kind: "read", withContacts: true }],
  "PUT /api/auth/mailbox/mode": [
    { kind: "own", request: () => json("PUT", "/api/auth/mailbox/mode", { mode: "none" }) },
  ],
  "GET /api/user/profile": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/user/credits": [{ kind: "read", withContacts: true }],
  "GET /api/user/profile_status": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/user/onboarding": [{ kind: "read", withContacts: true }],
  "GET /api/deliverability/status": [{ kind: "read", withContacts: true }],
  "POST /api/deliverability/resume": [
    { kind: "own", request: () => json("POST", "/api/deliverability/resume") },
  ],
  "PATCH /api/profile": [
    { kind: "own", request: () => json("PATCH", "/api/profile", { university: "Actor College" }) },
  ],
  "POST /api/resumes/upload": [
    {
      kind: "own",
      request: (_actor, owner) => {
        const body = multipartBody("resume", "actor.pdf", buildTextPdf(["Actor", "Resume"]));
        // A smuggled form field naming the owner must not move the file to their account.
        const payload = Buffer.concat([
          Buffer.from(
            `--${body.headers["content-type"].split("boundary=")[1]}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${owner.id}\r\n`,
          ),
          body.payload,
        ]);
        return { method: "POST", url: "/api/resumes/upload", payload, headers: body.headers };
      },
    },
  ],
  "GET /api/resumes/latest": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/resumes/:id/file": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/resumes/${o.resumeId}/file`),
    },
  ],
  // The resume facts are the caller's own: a read never shows another student's, and a
  // correction (with smuggled owner fields) changes only the caller's.
  "GET /api/resumes/facts": [{ kind: "read", withContacts: false }],
  "PUT /api/resumes/facts": [
    {
      kind: "own",
      request: () =>
        json("PUT", "/api/resumes/facts", {
          name: "Actor Person",
          contact_line: null,
          location: null,
          education: [],
          experiences: [],
          projects: [],
          leadership: [],
          skills: ["SQL"],
          interests: [],
        }),
    },
  ],
  "DELETE /api/resumes/facts/corrections": [
    { kind: "own", request: () => json("DELETE", "/api/resumes/facts/corrections") },
  ],
  "GET /api/events": [{ kind: "stream" }],
  "POST /api/events/ticket": [{ kind: "own", request: () => json("POST", "/api/events/ticket") }],
  // Connecting a mailbox: a POST of the signed-in page (issue 32); the actor starts their own.
  "POST /api/auth/google/start": [
    {
      kind: "own",
      request: () => json("POST", "/api/auth/google/start", { switch: true }),
    },
  ],
  "POST /api/auth/microsoft/start": [
    {
      kind: "own",
      request: () => json("POST", "/api/auth/microsoft/start", { switch: true }),
    },
  ],
  "GET /api/target_positions": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/target_positions/stats": [{ kind: "read", withContacts: true }],
  "POST /api/target_positions": [
    {
      kind: "own",
      request: () =>
        json("POST", "/api/target_positions", { job_title: "data analyst", location: "Chicago" }),
    },
  ],
  "PUT /api/target_positions/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/target_positions/${o.positionId}`, {
          job_title: "renamed role",
          location: "Denver",
        }),
    },
  ],
  "DELETE /api/target_positions/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("DELETE", `/api/target_positions/${o.positionToDeleteId}`),
    },
  ],
  "GET /api/target_positions/:id/contacts": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/target_positions/${o.positionId}/contacts`),
    },
  ],
  "POST /api/target_positions/:id/toggle": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/target_positions/${o.positionId}/toggle`),
    },
  ],
  "POST /api/target_positions/:id/search-now": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("POST", `/api/target_positions/${o.positionId}/search-now`, { num_results: 1 }),
    },
  ],
  "POST /api/create-checkout-session": [
    {
      kind: "foreign",
      status: 403,
      request: (o) =>
        json("POST", "/api/create-checkout-session", {
          user_id: o.id,
          plan: "gold",
          credits: 225,
          price_id: null,
        }),
    },
    {
      kind: "own",
      // The client's credits and price_id are spec fields; they must not buy anything.
      request: (a) =>
        json("POST", "/api/create-checkout-session", {
          user_id: a.id,
          plan: "gold",
          credits: 1_000_000,
          price_id: "price_free_forever",
        }),
    },
  ],
  "GET /api/billinginfo": [{ kind: "read", withContacts: true }],
  "GET /api/credits/history": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/startups/access": [{ kind: "read", withContacts: true }],
  "GET /api/startups/outreach": [{ kind: "read", withContacts: true }],
  "POST /api/startups/lookup_email": [
    {
      kind: "foreign",
      status: 403,
      request: (o) =>
        json("POST", "/api/startups/lookup_email", {
          linkedin_url: o.founder.linkedin,
          user_id: o.id,
        }),
    },
  ],
  "POST /api/startups/generate_email": [
    {
      kind: "foreign",
      status: 403,
      request: (o) =>
        json("POST", "/api/startups/generate_email", {
          org_name: o.founder.orgName,
          founder_name: "Mia",
          user_id: o.id,
        }),
    },
  ],
  "POST /api/startups/send_email": [
    {
      kind: "foreign",
      status: 403,
      request: (o) =>
        json("POST", "/api/startups/send_email", {
          org_name: o.founder.orgName,
          founder_email: o.founder.email,
          user_id: o.id,
          ...draft,
        }),
    },
  ],
  "POST /api/startups/schedule_send": [
    {
      kind: "foreign",
      status: 403,
      request: (o) =>
        json("POST", "/api/startups/schedule_send", {
          org_name: o.founder.orgName,
          recipient_email: o.founder.email,
          user_id: o.id,
          scheduled_at: inThreeDays(),
          ...draft,
        }),
    },
  ],
  "POST /api/admin/startups/import": [
    {
      kind: "admin",
      request: () => ({
        method: "POST",
        url: "/api/admin/startups/import",
        payload: "Organization Name,Location\nGatecrash Inc,Nowhere\n",
        headers: { "content-type": "text/csv" },
      }),
    },
  ],
  "POST /api/admin/startups/access": [
    {
      kind: "admin",
      request: () =>
        json("POST", "/api/admin/startups/access", {
          email: "gatecrasher@uni.example",
          has_access: true,
        }),
    },
  ],
  "GET /api/global-contacts/stats": [{ kind: "read", withContacts: false }],
  "GET /api/global-contacts/all": [{ kind: "read", withContacts: false }],
  "POST /api/global-contacts/save": [
    {
      kind: "own",
      request: (a) =>
        json("POST", "/api/global-contacts/save", { contact_id: a.directoryContactId }),
    },
  ],
  "GET /api/my-network/search": [
    {
      kind: "read",
      url: "/api/my-network/search?job_title=zoologist&location=Antarctica&num_results=1",
      withContacts: false,
    },
  ],
  "GET /api/my-network/mine": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/global-contacts/count": [{ kind: "read", withContacts: false }],
  "POST /api/my-network/contacts": [
    {
      kind: "own",
      request: () =>
        json("POST", "/api/my-network/contacts", {
          full_name: "Actor Friend",
          email: `actor.friend.${Date.now().toString(36)}@friends.example`,
        }),
    },
  ],
  "POST /api/my-network/import": [
    {
      kind: "own",
      request: (_actor, owner) => {
        const csv = `Name,Email\nActor Import,actor.import.${Date.now().toString(36)}@friends.example\n`;
        const body = multipartBody("file", "contacts.csv", Buffer.from(csv), "text/csv");
        const boundary = body.headers["content-type"].split("boundary=")[1];
        // The mapping, and a smuggled field naming the owner: the rows must land with the actor.
        const fields = [
          ["mapping", JSON.stringify({ full_name: "Name", email: "Email" })],
          ["user_id", owner.id],
        ]
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join("");
        const payload = Buffer.concat([Buffer.from(fields), body.payload]);
        return { method: "POST", url: "/api/my-network/import", payload, headers: body.headers };
      },
      verify: (body) => {
        if (body.imported !== 1) throw new Error(`imported ${JSON.stringify(body)}`);
      },
    },
  ],
  "GET /api/my-network/mine/load-more": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/my-network/mine/all": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/contacts/mine": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/my-network/contacts/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/my-network/contacts/${o.contactIds[0]}`),
    },
  ],
  "DELETE /api/my-network/remove/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("DELETE", `/api/my-network/remove/${o.userContactIds[3]}`),
    },
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("DELETE", `/api/my-network/remove/${o.contactIds[1]}`),
    },
  ],
  "POST /api/admin/contacts/import": [
    {
      kind: "admin",
      request: () => {
        const body = multipartBody(
          "file",
          "people.csv",
          Buffer.from("full_name,email\nGate Crasher,gate.crasher@evil.example\n"),
          "text/csv",
        );
        return {
          method: "POST",
          url: "/api/admin/contacts/import",
          payload: body.payload,
          headers: body.headers,
        };
      },
    },
  ],
  "POST /api/scrape-linkedin-students": [
    { kind: "admin", request: () => json("POST", "/api/scrape-linkedin-students") },
  ],
  "POST /api/emails/generate": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("POST", "/api/emails/generate", {
          contact_id: o.contactIds[0],
          email_format: "original",
          user_id: o.id,
        }),
    },
  ],
  "POST /api/emails/generate/stream": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("POST", "/api/emails/generate/stream", {
          contact_id: o.contactIds[0],
          email_format: "original",
          user_id: o.id,
        }),
    },
  ],
  "GET /api/emails/thread/:contactId": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/emails/thread/${o.contactIds[2]}`),
    },
  ],
  "POST /api/emails/send/:contactId": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/emails/send/${o.contactIds[0]}`, draft),
    },
  ],
  // Copy mode's records: the owner (Gmail connected, not in copy mode) gets past the contact
  // to the 409 of copy mode being off; the actor never gets past the contact.
  "POST /api/emails/copy/:contactId/sent": [
    {
      kind: "foreign",
      status: 404,
      ownerStatus: 409,
      request: (o) =>
        json("POST", `/api/emails/copy/${o.contactIds[0]}/sent`, {
          ...draft,
          key: "6f1c1f0e-6a4b-4c53-9d1e-2a0b3c4d5e6f",
        }),
    },
  ],
  "POST /api/emails/copy/:contactId/replied": [
    {
      kind: "foreign",
      status: 404,
      ownerStatus: 409,
      request: (o) =>
        json("POST", `/api/emails/copy/${o.contactIds[0]}/replied`, {
          text: "Thanks, happy to talk.",
          key: "0b9d4e1a-2f3c-4d5e-8f6a-7b8c9d0e1f2a",
        }),
    },
  ],
  "POST /api/emails/schedule/:contactId": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("POST", `/api/emails/schedule/${o.contactIds[0]}`, {
          ...draft,
          scheduled_at: inThreeDays(),
        }),
    },
    {
      kind: "own",
      // The spec's body (§7) also names contact_id: the path decides, never the body.
      request: (a, o) =>
        json("POST", `/api/emails/schedule/${a.contactIds[0]}`, {
          ...draft,
          scheduled_at: inThreeDays(),
          contact_id: o.contactIds[0],
        }),
      verify: (body, a) => {
        if (body.contact_id !== a.contactIds[0]) {
          throw new Error(`scheduled to ${String(body.contact_id)}, not the path's contact`);
        }
      },
    },
  ],
  "GET /api/emails/scheduled": [{ kind: "read", withContacts: true, ownerSees: true }],
  "PUT /api/emails/scheduled/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/emails/scheduled/${o.scheduledEmailId}`, { subject: "Taken over" }),
    },
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/emails/scheduled/${o.scheduledEmailId}`, { status: "cancelled" }),
    },
  ],
  "POST /api/my-network/mine/bulk-email": [
    {
      kind: "foreign",
      // Bulk sends skip ids outside the caller's network (documented), so: 200, nothing queued.
      status: 200,
      request: (o) =>
        json("POST", "/api/my-network/mine/bulk-email", {
          contact_ids: o.contactIds,
          subject: draft.subject,
          email_template: "Hi {{first_name}}",
        }),
      verify: (body) => {
        if (body.emails_sent !== 0) throw new Error(`queued ${String(body.emails_sent)} emails`);
      },
    },
  ],
  "POST /api/emails/bulk": [
    {
      kind: "foreign",
      // One contact outside the caller's network refuses the whole request: nothing queued.
      status: 404,
      request: (o) =>
        json("POST", "/api/emails/bulk", {
          emails: [{ contact_id: o.contactIds[0], ...draft, email_format: "original" }],
        }),
    },
  ],
  "POST /api/my-network/contacts/:id/reveal-email": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/my-network/contacts/${o.ownContactId}/reveal-email`),
      // The owner's own contact has no directory match: found, nothing to reveal.
      ownerStatus: 409,
    },
  ],
  "GET /api/profile/goal": [{ kind: "read", withContacts: false }],
  "PUT /api/profile/goal": [
    {
      kind: "own",
      request: () =>
        json("PUT", "/api/profile/goal", {
          seeking: "internship",
          season: "Summer",
          year: 2027,
          roles: ["Data analyst"],
          industries: [],
          locations: [],
          stage: "student",
        }),
    },
  ],
  "GET /api/applications": [{ kind: "read", withContacts: true, ownerSees: true }],
  "POST /api/applications": [
    {
      kind: "own",
      request: () => json("POST", "/api/applications", { company: "Mine", role: "Analyst" }),
    },
  ],
  "GET /api/applications/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/applications/${o.applicationId}`),
    },
  ],
  "PATCH /api/applications/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("PATCH", `/api/applications/${o.applicationId}`, { stage: "offer" }),
    },
  ],
  "DELETE /api/applications/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("DELETE", `/api/applications/${o.spareApplicationId}`),
    },
  ],
  "PUT /api/applications/:id/contacts": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/applications/${o.applicationId}/contacts`, {
          contact_ids: [o.contactIds[0]],
        }),
    },
  ],
  "PUT /api/applications/:id/emails": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/applications/${o.applicationId}/emails`, { email_id: o.sentEmailId }),
    },
  ],
  "GET /api/applications/:id/suggestions": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/applications/${o.applicationId}/suggestions`),
    },
  ],
  "GET /api/insights": [{ kind: "read", withContacts: true }],
  "GET /api/insights/benchmarks": [{ kind: "read", withContacts: true }],
  "GET /api/insights/recommended-format": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/insights/recommended-format?contact_id=${o.contactIds[0]}`),
    },
  ],
  "GET /api/sequences": [{ kind: "read", withContacts: true, ownerSees: true }],
  "POST /api/sequences": [
    {
      kind: "own",
      request: () => json("POST", "/api/sequences", { name: "Mine", steps: [{ wait_minutes: 5 }] }),
    },
  ],
  "GET /api/sequences/:id": [
    { kind: "foreign", status: 404, request: (o) => json("GET", `/api/sequences/${o.sequenceId}`) },
  ],
  "PUT /api/sequences/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/sequences/${o.sequenceId}`, {
          name: "Taken over",
          steps: [{ wait_minutes: 1 }],
        }),
    },
  ],
  "DELETE /api/sequences/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("DELETE", `/api/sequences/${o.spareSequenceId}`),
    },
  ],
  "POST /api/sequences/:id/enroll": [
    {
      kind: "foreign",
      status: 404,
      // The owner's contact is already enrolled: the owner's own request answers 200, refused.
      request: (o) =>
        json("POST", `/api/sequences/${o.sequenceId}/enroll`, {
          contact_ids: [o.contactIds[0]],
          ...draft,
        }),
    },
  ],
  "GET /api/sequences/reminders": [{ kind: "read", withContacts: true }],
  "GET /api/sequences/:id/enrollments": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/sequences/${o.sequenceId}/enrollments`),
    },
  ],
  "GET /api/enrollments": [{ kind: "read", withContacts: true, ownerSees: true }],
  "GET /api/enrollments/:id": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("GET", `/api/enrollments/${o.enrollmentId}`),
    },
  ],
  "PUT /api/enrollments/:id/steps/:position": [
    {
      kind: "foreign",
      status: 404,
      request: (o) =>
        json("PUT", `/api/enrollments/${o.enrollmentId}/steps/2`, { body: "Taken over" }),
    },
  ],
  "POST /api/enrollments/:id/pause": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/enrollments/${o.enrollmentId}/pause`),
    },
  ],
  "POST /api/enrollments/:id/resume": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/enrollments/${o.enrollmentId}/resume`),
    },
  ],
  "POST /api/enrollments/:id/steps/:position/sent": [
    {
      kind: "foreign",
      status: 404,
      // The owner's enrolment sends from Gmail: it has no reminder to mark (409).
      ownerStatus: 409,
      request: (o) => json("POST", `/api/enrollments/${o.enrollmentId}/steps/1/sent`),
    },
  ],
  "POST /api/enrollments/:id/stop": [
    {
      kind: "foreign",
      status: 404,
      request: (o) => json("POST", `/api/enrollments/${o.enrollmentId}/stop`),
    },
  ],
  "POST /api/sales_campaign_students": [
    { kind: "admin", request: () => json("POST", "/api/sales_campaign_students") },
  ],
};

/** Fields no client may set: sent along with every own request whose schema lacks them. */
export function protectedFields(owner: World): Record<string, unknown> {
  return {
    user_id: owner.id,
    userId: owner.id,
    owner_id: owner.id,
    credits: 1_000_000,
    user_credits: 1_000_000,
    plan: "black",
    is_admin: true,
    isAdmin: true,
    role: "admin",
    email_verified_at: new Date().toISOString(),
    message_count: 99,
    replied: true,
    contacts_found_count: 999,
    status: "sent",
  };
}
