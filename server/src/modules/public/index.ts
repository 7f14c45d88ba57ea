/**
 * The public module's face for other modules: it owns the `waitlist` and `newsletter` tables
 * (the landing page's forms write them; an admin approves early access here).
 */
export { setWaitlistApproval } from "./service";
