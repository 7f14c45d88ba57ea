/** The credits module's public face: the only file other modules import. */
export { type CreditReason, debitCredits, getCredits, grantCredits } from "./service";
