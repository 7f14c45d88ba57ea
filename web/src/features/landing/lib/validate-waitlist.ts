import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";

export interface WaitlistValues {
  name: string;
  email: string;
  phone: string;
}
export type WaitlistErrors = Partial<Record<keyof WaitlistValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = new RegExp(`^\\d{${LIMITS.phoneMinDigits},${LIMITS.phoneMaxDigits}}$`);

/**
 * The waitlist rules of the spec (§5), checked before anything is sent (the server checks the same
 * rules with the contract's schema): name and email required, phone optional but 10–15 digits.
 */
export function validateWaitlist(values: WaitlistValues): WaitlistErrors {
  const errors: WaitlistErrors = {};
  if (!values.name.trim()) errors.name = "Enter your full name.";
  else if (values.name.trim().length > 200) errors.name = "Name is too long.";
  const email = values.email.trim();
  if (!email || email.length > 254 || !EMAIL.test(email)) {
    errors.email = "Enter a valid email address.";
  }
  const phone = values.phone.trim();
  if (phone && !PHONE.test(phone)) errors.phone = MESSAGES.waitlist.phone;
  return errors;
}
